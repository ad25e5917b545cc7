/**
 * The mock's world: plain data only (Maps, arrays, strings, numbers), so that
 * `structuredClone` gives snapshots and every rule is a plain function over it.
 * Timestamps are ISO 8601 strings, dates `YYYY-MM-DD`, as GitLab stores them.
 * @module
 */

/** Role numbers: 10 Guest, 15 Planner, 20 Reporter, 30 Developer, 40 Maintainer, 50 Owner. */
export type Role = 10 | 15 | 20 | 30 | 40 | 50;
/** @internal The role numbers by name, for the mock's rules (the entry point exports the world's types only). */
export const Roles = { Guest: 10, Planner: 15, Reporter: 20, Developer: 30, Maintainer: 40, Owner: 50 } as const;
/** @internal Every role number, lowest first. */
export const ROLE_VALUES: readonly Role[] = [10, 15, 20, 30, 40, 50];
/** @internal Each role's name as GitLab words it (`Gitlab::Access.options_with_owner`): messages, member hooks, the inspector. */
export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  10: 'Guest',
  15: 'Planner',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
};
/** A protected branch's access level: `0` no one, `30` Developers, `40` Maintainers, `60` instance admins (GitLab's `ProtectedRefAccess.allowed_access_levels`). */
export type BranchAccessLevel = 0 | 30 | 40 | 60;
/** Every {@link BranchAccessLevel}: what GitLab takes for pushing and merging (unprotecting leaves out `0`). */
export const BRANCH_ACCESS_LEVELS: readonly BranchAccessLevel[] = [0, 30, 40, 60];

/** Who can see a group or project: its members, any signed-in user, or anyone. */
export type Visibility = 'private' | 'internal' | 'public';
/** GitLab's tiers: the licence of a self-managed instance, or a top-level group's plan on the hosted offering. */
export type Plan = 'free' | 'premium' | 'ultimate';
/** The hosted offering (GitLab.com: plans per top-level group, SCIM) or a self-managed instance. */
export type Offering = 'hosted' | 'self-managed';

/** The seven approval settings, in "allow" polarity, as GitLab's settings document names them. */
export interface ApprovalSettingValues {
  /** Authors may approve their own merge requests. */
  allow_author_approval?: boolean;
  /** Users who committed to a merge request may approve it. */
  allow_committer_approval?: boolean;
  /** Approval rules may be edited in merge requests. */
  allow_overrides_to_approver_list_per_merge_request?: boolean;
  /** Approvals stay when new commits are pushed. */
  retain_approvals_on_push?: boolean;
  /** Only code owners' approvals are removed when their files change. */
  selective_code_owner_removals?: boolean;
  /** Deprecated name of `require_reauthentication_to_approve`. */
  require_password_to_approve?: boolean;
  /** Approvers must give their password. */
  require_reauthentication_to_approve?: boolean;
}

/** The instance: its offering, plan and instance-wide settings. */
export interface Instance {
  /** `hosted` or `self-managed`. */
  offering: Offering;
  /** Licence plan of a self-managed instance (the hosted offering uses each top-level group's plan). */
  plan: Plan;
  /** Access tokens must expire (a year ahead by default). */
  require_token_expiry: boolean;
  /** Enabled feature flags, such as `approval_group_rules`. */
  feature_flags: string[];
  /** Instance-wide approval settings; what they forbid is locked for every group and project. */
  approval_settings: ApprovalSettingValues;
  /** GitLab's user and IP rate limits on the API; a throttle that is absent is off (the default). */
  rate_limits: RateLimits;
  /** The password grant may be used without client credentials (GitLab's `ropc_without_client_credentials`). */
  ropc_without_client_credentials: boolean;
  /**
   * Admin mode (GitLab's `admin_mode` setting): administrators have their powers only through a
   * token with the `admin_mode` scope. Absent: off, GitLab's default.
   */
  admin_mode?: boolean;
  /**
   * Webhooks may call local and private-network addresses (GitLab's
   * `allow_local_requests_from_web_hooks_and_services`). Absent: on, unlike GitLab (whose default is
   * off), so a receiver on loopback works out of the box; `false` gives GitLab's refusal.
   */
  allow_local_requests_from_web_hooks_and_services?: boolean;
  /**
   * The container registry's `host:port` (GitLab's `registry.host_port`): the registry is on. Absent: off,
   * GitLab's default (`Settings.registry['enabled'] ||= false`, `config/initializers/1_settings.rb`).
   */
  registry_host_port?: string;
}

/** One of GitLab's request throttles: at most `requests_per_period` requests per window of `period_in_seconds`. */
export interface RateLimit {
  /** Requests a caller may make in one period. */
  requests_per_period: number;
  /** Length of the period, in seconds; windows start at multiples of it (epoch time), as in GitLab. */
  period_in_seconds: number;
}

/**
 * GitLab's API throttles (Admin > Settings > Network > User and IP rate limits).
 * Authenticated requests count per user; unauthenticated ones (no token, or one
 * that does not authenticate) share one count, as if from one IP address.
 */
export interface RateLimits {
  /** `throttle_authenticated_api`: per user. */
  authenticated_api?: RateLimit;
  /** `throttle_unauthenticated_api`: per IP address (one for the whole mock). */
  unauthenticated_api?: RateLimit;
}

/** Requests one caller made in the current window of one throttle. */
export interface RateLimitCounter {
  /** Start of the window, in seconds since the epoch. */
  window_start: number;
  /** Requests counted in that window, refused ones included. */
  count: number;
}

/** A user: a person, an administrator, or the bot user of an access token. */
export interface User {
  /** The user's id. */
  id: number;
  /** The username. */
  username: string;
  /** The display name. */
  name: string;
  /** The email address. */
  email: string;
  /** An external user: sees only what they are a member of. Absent: `false`. */
  external?: boolean;
  /** The administrators' note on the user. Absent: `null`. */
  note?: string | null;
  /** Hides the profile and activity from others. Absent: `false`. */
  private_profile?: boolean;
  /** The navigation theme (`Gitlab::Themes`). Absent: GitLab's default, 3. */
  theme_id?: number;
  /** The syntax highlighting theme (`Gitlab::ColorSchemes`). Absent: the instance's default, 1. */
  color_scheme_id?: number;
  /** Profile fields set through the API (`bio`, `location`...); absent ones are `''` (or `null` where GitLab has it). */
  profile?: UserProfile;
  /** Identities at external providers (`extern_uid` + `provider` of `POST /users`). Absent: none. */
  identities?: UserIdentity[];
  /** The administrator who created the user through the API. Absent: `null`. */
  created_by_id?: number | null;
  /** When the email was confirmed; `null`: not confirmed. Absent: `created_at` (seeded users are confirmed). */
  confirmed_at?: string | null;
  /** When the record last changed. Absent: `created_at`. */
  updated_at?: string;
  /**
   * GitLab's user states (`User`'s state machine): only `active` users may use the API; the others
   * get 403 with {@link UserState}'s reason (`Gitlab::Auth::UserAccessDeniedReason`).
   */
  state: UserState;
  /** An instance administrator. */
  admin: boolean;
  /** Bot users belong to a project (or group) access token. */
  bot: boolean;
  /**
   * The ghost user (GitLab's internal `ghost`, `Users::Internal.ghost`), made when a user is deleted
   * without `hard_delete` to hold their issues and merge requests. Absent: an ordinary user.
   */
  ghost?: boolean;
  /** The password re-authentication checks when approving. */
  password: string;
  /** When the user was created. */
  created_at: string;
  /** May create top-level groups (GitLab's `can_create_group`); absent: `true`, GitLab's default. */
  can_create_group?: boolean;
  /** How many projects the user may create in their personal namespace (GitLab's `projects_limit`); absent: 100000, GitLab's default. */
  projects_limit?: number;
}

/**
 * GitLab's user states. `blocked`, `ldap_blocked`, `banned` and `blocked_pending_approval` are all
 * "blocked" to GitLab (`User#blocked?`); `ldap_blocked` is set by LDAP, SAML or SCIM only (a seed here).
 */
export type UserState = 'active' | 'blocked' | 'deactivated' | 'banned' | 'blocked_pending_approval' | 'ldap_blocked';

/** Profile fields of a user that the users API sets (GitLab's `optional_attributes`). */
export interface UserProfile {
  /** The biography. */
  bio?: string;
  /** The location. */
  location?: string;
  /** The email shown on the profile. */
  public_email?: string;
  /** The email of web commits. */
  commit_email?: string;
  /** The LinkedIn name. */
  linkedin?: string;
  /** The X (Twitter) name. */
  twitter?: string;
  /** The Discord user id. */
  discord?: string;
  /** The GitHub username. */
  github?: string;
  /** The website. */
  website_url?: string;
  /** The organization. */
  organization?: string;
  /** The job title. */
  job_title?: string;
  /** The pronouns. */
  pronouns?: string;
}

/** A user's identity at an external provider (GitLab's `Identity`). */
export interface UserIdentity {
  /** The provider, such as `ldapmain` or `github`. */
  provider: string;
  /** The user's id there. */
  extern_uid: string;
}

/** A user's SSH public key (GitLab's `Key`). */
export interface SshKey {
  /** The key's id. */
  id: number;
  /** Whose key it is. */
  user_id: number;
  /** The title. */
  title: string;
  /** The key as stored: `<type> <base64>` and the comment the user gave, if any. */
  key: string;
  /** SHA256 fingerprint of the key's blob, base64 without padding (unique over the instance). */
  fingerprint_sha256: string;
  /** MD5 fingerprint, `aa:bb:...`. */
  fingerprint: string;
  /** `auth`, `signing` or `auth_and_signing`. */
  usage_type: 'auth' | 'signing' | 'auth_and_signing';
  /** When it was added. */
  created_at: string;
  /** ISO 8601; the key no longer works from then. `null`: never. */
  expires_at: string | null;
  /** When it last authenticated; the mock has no SSH, so `null`. */
  last_used_at: string | null;
}

/** A token that authenticates API calls: a personal token, or a project or group access token (a personal token of a bot user). */
export interface AccessToken {
  /** The token's id. */
  id: number;
  /** The user it authenticates as (the bot user, for a project access token). */
  user_id: number;
  /** The name. */
  name: string;
  /** The description, or `null`. */
  description: string | null;
  /** Scopes such as `api` or `read_api`. */
  scopes: string[];
  /** The secret value sent in PRIVATE-TOKEN. */
  value: string;
  /** Revoked tokens no longer authenticate. */
  revoked: boolean;
  /** When it was created. */
  created_at: string;
  /** When it last authenticated a request, or `null`. */
  last_used_at: string | null;
  /** `YYYY-MM-DD`; it stops authenticating after that day. `null`: never. */
  expires_at: string | null;
  /** Set for project access tokens: the project whose bot owns it. */
  project_id: number | null;
  /** Set for group access tokens: the group whose bot owns it. Absent in worlds older than group tokens: `null`. */
  group_id?: number | null;
  /** The token this one was rotated from (its family, for reuse detection). */
  previous_id: number | null;
  /** An impersonation token, made by an administrator to act as the user (`/users/:id/impersonation_tokens`). Absent: `false`. */
  impersonation?: boolean;
  /** When the expiring worker noted a project or group token (its `expiring` webhook, if any hook wanted it), 7 days before expiry (GitLab's column); absent: not yet. */
  seven_days_notification_sent_at?: string | null;
  /** The same for the 8-to-30-day window (`thirty_days_notification_sent_at`); absent: not yet. */
  thirty_days_notification_sent_at?: string | null;
  /** The same for the 31-to-60-day window (`sixty_days_notification_sent_at`); absent: not yet. */
  sixty_days_notification_sent_at?: string | null;
}

/** The windows of GitLab's expiring-token worker (`PersonalAccessToken::NOTIFICATION_INTERVALS`), its `interval`. */
export type ExpiryNotificationInterval = 'seven_days' | 'thirty_days' | 'sixty_days';

/** A group or subgroup. */
export interface Group {
  /** The group's id. */
  id: number;
  /** The name. */
  name: string;
  /** The last segment of its path. */
  path: string;
  /** The full path, such as `acme/platform`. */
  full_path: string;
  /** The description. */
  description: string;
  /** The parent group's id; `null` for a top-level group. */
  parent_id: number | null;
  /** Who can see it. */
  visibility: Visibility;
  /** The plan (on the hosted offering, a top-level group's plan applies to everything below it). */
  plan: Plan;
  /** SAML single sign-on and SCIM are enabled (needed by the SCIM API). */
  saml_scim: boolean;
  /** When it was created. */
  created_at: string;
  /** userId → role, direct memberships only. */
  members: Map<number, Role>;
  /** Details of direct memberships (members API), by user id; a member without an entry has the defaults of {@link Membership}. */
  memberships?: Map<number, Membership>;
  /** The group's own approval settings. */
  approval_settings: ApprovalSettingValues;
  /** SAML single sign-on is enforced: approving with a password always fails (re-authentication needs SAML). */
  enforced_sso: boolean;
  /** Counter for the iids of group milestones. */
  next_iid: {
    /** The next group milestone's iid. */
    milestone: number;
  };
  /** Who may create projects in it (GitLab's `project_creation_level`); absent: `developer`, GitLab's default. */
  project_creation_level?: ProjectCreationLevel;
  /** Who may create subgroups in it (GitLab's `subgroup_creation_level`); absent: `maintainer`, the column's default. */
  subgroup_creation_level?: SubgroupCreationLevel;
  /** Its projects may not be shared with other groups (GitLab's `share_with_group_lock`); absent: `false`. */
  share_with_group_lock?: boolean;
  /** Users may request access (GitLab's `request_access_enabled`); absent: `true`. */
  request_access_enabled?: boolean;
  /** The settings GitLab keeps that the mock only stores and shows; an absent one has GitLab's default. */
  settings?: Partial<GroupStoredSettings>;
  /** `YYYY-MM-DD`: the day it was marked for deletion (GitLab's `marked_for_deletion_on`); absent or `null`: not marked. */
  marked_for_deletion_on?: string | null;
  /** Who marked it for deletion (the deletion worker acts as them); absent or `null`: nobody left. */
  marked_for_deletion_by?: number | null;
}

/** @internal GitLab's `default_branch_protection_defaults` hash, with the keys that were sent. */
export interface BranchProtectionDefaults {
  allowed_to_push?: { access_level: 0 | 30 | 40 | 60 }[];
  allow_force_push?: boolean;
  allowed_to_merge?: { access_level: 0 | 30 | 40 | 60 }[];
  code_owner_approval_required?: boolean;
  developer_can_initial_push?: boolean;
}

/**
 * @internal A group's settings that GitLab keeps and the mock only stores and shows (`PUT /groups/:id`,
 * `POST /groups`; `Groups::UpdateService`, `namespace_settings`).
 */
export interface GroupStoredSettings {
  /** Emails are off for the group (`emails_enabled` is its negation); default `false`. */
  emails_disabled: boolean;
  /** Diff previews in merge request emails; default `true`. */
  show_diff_preview_in_email: boolean;
  /** The default branch name of new projects (`namespace_settings.default_branch_name`); default `null`. */
  default_branch: string | null;
  /** `Gitlab::Access` branch protection of new projects' default branch, 0 to 4; default 2. */
  default_branch_protection: number;
  /** New projects' default branch protection as sent (GitLab keeps the hash as given); default Maintainers push and merge. */
  default_branch_protection_defaults: BranchProtectionDefaults;
  /** `ssh`, `http` or `all` (a top-level group's Git protocols); default `all`. */
  enabled_git_access_protocol: 'ssh' | 'http' | 'all';
  /** The maximum artifacts size in MB (administrators set it); default `null`. */
  max_artifacts_size: number | null;
  /** `enabled` (default), `disabled_and_overridable` or `disabled_and_unoverridable`. */
  shared_runners_setting: 'enabled' | 'disabled_and_overridable' | 'disabled_and_unoverridable';
}

/** Who may create projects in a group (`Gitlab::Access.project_creation_string_options`). */
export type ProjectCreationLevel = 'noone' | 'owner' | 'maintainer' | 'developer' | 'administrator';
/** Who may create subgroups in a group (`Gitlab::Access.subgroup_creation_string_options`). */
export type SubgroupCreationLevel = 'owner' | 'maintainer';

/**
 * A group shared with another group (GitLab's `GroupGroupLink`): the direct members of the invited
 * group get at most `group_access` in the shared group, its subgroups and their projects.
 */
export interface GroupShare {
  /** The link's id. */
  id: number;
  /** The group that is shared. */
  shared_group_id: number;
  /** The group invited into it. */
  shared_with_group_id: number;
  /** The highest role the invited group's members get. */
  group_access: Role;
  /** `YYYY-MM-DD`: from that day on the link no longer counts; `null`: never. */
  expires_at: string | null;
  /** When it was created. */
  created_at: string;
}

/**
 * A project shared with a group (GitLab's `ProjectGroupLink`): the members of the group (and of its
 * ancestors, and of groups shared with it) get at most `group_access` in the project.
 */
export interface ProjectShare {
  /** The link's id. */
  id: number;
  /** The project that is shared. */
  project_id: number;
  /** The group invited into it. */
  group_id: number;
  /** The highest role the group's members get. */
  group_access: Role;
  /** `YYYY-MM-DD`: from that day on the link no longer counts; `null`: never. */
  expires_at: string | null;
  /** When it was created. */
  created_at: string;
}

/**
 * What the members API shows of a direct membership besides its role. A member
 * without one was created with its group or project, by nobody, never expiring.
 */
export interface Membership {
  /** When the membership was created. */
  created_at: string;
  /** Who added the member, or `null`. */
  created_by_id: number | null;
  /** `YYYY-MM-DD`: from that day on the membership no longer counts; `null`: never. */
  expires_at: string | null;
}

/** Where a project lives: a group, or a user's personal namespace. */
export type Namespace =
  | {
      /** A group's project. */
      kind: 'group';
      /** The group's id. */
      id: number;
    }
  | {
      /** A project in a user's personal namespace. */
      kind: 'user';
      /** The user's id. */
      id: number;
    };

/** A project. */
export interface Project {
  /** The project's id. */
  id: number;
  /** The name. */
  name: string;
  /** The last segment of its path. */
  path: string;
  /** The full path, such as `acme/platform/api`. */
  path_with_namespace: string;
  /** The description. */
  description: string;
  /** Its group, or the user who owns it. */
  namespace: Namespace;
  /** Who can see it. */
  visibility: Visibility;
  /** When it was created. */
  created_at: string;
  /** userId → role, direct memberships only (bot users of the project's tokens included). */
  members: Map<number, Role>;
  /** Details of direct memberships (members API), by user id; a member without an entry has the defaults of {@link Membership}. */
  memberships?: Map<number, Membership>;
  /**
   * The project's own approval settings (allow polarity, every key set; the group and
   * the instance may lock them). The project's approval configuration is another view
   * of these same values.
   */
  approval_settings: ApprovalSettingValues;
  /** Deprecated approval count of the approval configuration; kept and reported, approval rules decide. */
  approvals_before_merge: number;
  /** Per-project counters for iids. */
  next_iid: {
    /** The next milestone's iid. */
    milestone: number;
    /** The next issue's iid. */
    issue: number;
    /** The next merge request's iid. */
    merge_request: number;
  };
  /** The repository's default branch (GitLab's default: `main`); one of `branches`, unless the repository is empty (no branches: a project created without a README). */
  default_branch: string;
  /** The repository's branches: name → head commit sha (commits themselves are not modelled). */
  branches: Map<string, string>;
  /** An archived project is read-only; lists filter on it with `archived`. */
  archived: boolean;
  /**
   * The project's merge request settings and feature access levels, by GitLab's API names; a
   * setting that is absent has GitLab's default (the `Project` and `ProjectFeature` column defaults).
   */
  settings?: Partial<ProjectSettings>;
  /** Who created it (GitLab's `creator_id`); absent: unknown (seeded), shown as the namespace's owner or `null`; `null`: the creator was removed (ON DELETE SET NULL). */
  creator_id?: number | null;
  /** `YYYY-MM-DD`: the day it was marked for deletion (GitLab's `marked_for_deletion_at`, a date); absent or `null`: not marked. */
  marked_for_deletion_at?: string | null;
  /** Who marked it for deletion (GitLab's `marked_for_deletion_by_user_id`); absent or `null`: nobody left. */
  marked_for_deletion_by?: number | null;
  /** Its topics' names (GitLab's `topic_list`), as given; absent: none. */
  topics?: string[];
  /** The README's path in the default branch (`README.md` for a project created with `initialize_with_readme`); absent: none. */
  readme_path?: string;
  /** The repository's object format; absent: `sha1`. */
  repository_object_format?: 'sha1' | 'sha256';
}

/** `disabled`, `private` (project members only) or `enabled` (everyone who can read the project): GitLab's ProjectFeature levels. */
export type FeatureAccessLevel = 'disabled' | 'private' | 'enabled' | 'public';

/** The project features whose access level the API sets and shows (GitLab's `ProjectFeature::FEATURES` the API names). */
export const PROJECT_FEATURES = [
  'issues',
  'repository',
  'merge_requests',
  'forking',
  'wiki',
  'builds',
  'snippets',
  'pages',
  'analytics',
  'container_registry',
  'security_and_compliance',
  'releases',
  'environments',
  'feature_flags',
  'infrastructure',
  'monitor',
  'model_experiments',
  'model_registry',
  'package_registry',
  'requirements',
] as const;
/** One of {@link PROJECT_FEATURES}. */
export type ProjectFeature = (typeof PROJECT_FEATURES)[number];

/** A project's merge request settings and feature access levels, by GitLab's API names. */
export type ProjectSettings = {
  /** `merge`, `rebase_merge` or `ff`. */
  merge_method: 'merge' | 'rebase_merge' | 'ff';
  /** `never`, `always`, `default_on` or `default_off`. */
  squash_option: 'never' | 'always' | 'default_on' | 'default_off';
  /** Merge only when the pipeline succeeded. */
  only_allow_merge_if_pipeline_succeeds: boolean;
  /** Merge only when every thread is resolved. */
  only_allow_merge_if_all_discussions_are_resolved: boolean;
  /** A skipped pipeline counts as a succeeded one. */
  allow_merge_on_skipped_pipeline: boolean;
  /** The source branch is removed by default when merged. */
  remove_source_branch_after_merge: boolean;
  /** Git LFS is enabled. */
  lfs_enabled: boolean;
  /** Users may ask to join. */
  request_access_enabled: boolean;
  /** Deprecated switch of the package registry, still shown (GitLab's `packages_enabled`). */
  packages_enabled: boolean;
  /** Instance runners run the project's jobs. */
  shared_runners_enabled: boolean;
  /** The CI configuration file's path, or `null`: `.gitlab-ci.yml`. */
  ci_config_path: string | null;
  /** Diff threads on lines a push changes are resolved (GitLab's `resolve_outdated_diff_discussions`). */
  resolve_outdated_diff_discussions: boolean;
  /** Issues a merge request closes are closed when it is merged (GitLab's `autoclose_referenced_issues`). */
  autoclose_referenced_issues: boolean;
} & { [F in ProjectFeature as `${F}_access_level`]: FeatureAccessLevel };

/** @internal GitLab's defaults for a new project's settings (`Project` column defaults, `ProjectFeature` defaults). */
export const PROJECT_SETTING_DEFAULTS: ProjectSettings = {
  merge_method: 'merge',
  squash_option: 'default_off',
  only_allow_merge_if_pipeline_succeeds: false,
  only_allow_merge_if_all_discussions_are_resolved: false,
  allow_merge_on_skipped_pipeline: false,
  remove_source_branch_after_merge: true,
  lfs_enabled: true,
  request_access_enabled: true,
  packages_enabled: true,
  shared_runners_enabled: true,
  ci_config_path: null,
  resolve_outdated_diff_discussions: false,
  autoclose_referenced_issues: true,
  ...(Object.fromEntries(PROJECT_FEATURES.map((f) => [`${f}_access_level`, 'enabled'])) as {
    [F in ProjectFeature as `${F}_access_level`]: FeatureAccessLevel;
  }),
};

/** A milestone of a project (`project_id`) or of a group (`group_id`). */
export interface Milestone {
  /** The milestone's id. */
  id: number;
  /** Its number within the project or group. */
  iid: number;
  /** The project's id, for a project milestone. */
  project_id: number | null;
  /** The group's id, for a group milestone. */
  group_id: number | null;
  /** The title. */
  title: string;
  /** The description, or `null`. */
  description: string | null;
  /** `active` or `closed`. */
  state: 'active' | 'closed';
  /** `YYYY-MM-DD`, or `null`. */
  due_date: string | null;
  /** `YYYY-MM-DD`, or `null`. */
  start_date: string | null;
  /** When it was created. */
  created_at: string;
  /** When it last changed. */
  updated_at: string;
}

/** A change of an issue's state, for burndown charts. */
export interface IssueEvent {
  /** What happened. */
  action: 'closed' | 'reopened';
  /** When. */
  at: string;
}

/** An issue of a project. */
export interface Issue {
  /** The issue's id. */
  id: number;
  /** Its number within the project. */
  iid: number;
  /** The project's id. */
  project_id: number;
  /** The title. */
  title: string;
  /** The description, or `null`. */
  description: string | null;
  /** `opened` or `closed`: the state of its last event. */
  state: 'opened' | 'closed';
  /** Who opened it. */
  author_id: number;
  /** Who it is assigned to. */
  assignee_ids: number[];
  /** Its milestone, or `null`. */
  milestone_id: number | null;
  /** Its weight, or `null`. */
  weight: number | null;
  /** Hidden from Guests and non-members. */
  confidential: boolean;
  /** Label names. */
  labels: string[];
  /** When it was opened. */
  created_at: string;
  /** When it last changed. */
  updated_at: string;
  /** When it was closed, or `null`. */
  closed_at: string | null;
  /** Who closed it, or `null`. */
  closed_by_id: number | null;
  /** State changes after creation, in time order (the burndown chart reads them). */
  events: IssueEvent[];
}

/** A merge request of a project. */
export interface MergeRequest {
  /** The merge request's id. */
  id: number;
  /** Its number within the project. */
  iid: number;
  /** The project's id. */
  project_id: number;
  /** The title. */
  title: string;
  /** The description, or `null`. */
  description: string | null;
  /** `opened`, `closed`, `merged` or `locked`. */
  state: 'opened' | 'closed' | 'merged' | 'locked';
  /** Who opened it. */
  author_id: number;
  /** Who committed to it (they may not approve unless committers may). */
  committer_ids: number[];
  /** The head commit: what `approve` compares `sha` with. */
  sha: string;
  /** The branch it merges from. */
  source_branch: string;
  /** The branch it merges into: decides which approval rules apply. */
  target_branch: string;
  /** Its milestone, or `null`. */
  milestone_id: number | null;
  /** When it was opened. */
  created_at: string;
  /** When it last changed. */
  updated_at: string;
  /** The pushes to its source branch since it was opened, oldest first. */
  pushes: Push[];
  /** Who it is assigned to. */
  assignee_ids: number[];
  /** Who is asked to review it. */
  reviewer_ids: number[];
  /**
   * The reviewers' review states (GitLab's `merge_request_reviewers.state`), by user id; a reviewer without
   * one is `unreviewed`. `approved` once they approve, `unapproved` once their approval is withdrawn or
   * reset; a reviewer removed loses theirs.
   */
  reviewer_states: Record<number, ReviewerState>;
  /** Label names. */
  labels: string[];
  /** Its source branch conflicts with the target: it cannot be merged. */
  has_conflicts: boolean;
  /** When it was merged, or `null`. */
  merged_at: string | null;
  /** Who merged it, or `null`. */
  merged_by_id: number | null;
  /** When it was last closed, or `null`. */
  closed_at: string | null;
  /** Who closed it, or `null`. */
  closed_by_id: number | null;
  /** The commit its merge made, or `null`. */
  merge_commit_sha: string | null;
  /**
   * The target branch's head when its latest diff was made (at creation and at each push to its source):
   * GitLab's `merge_request_diffs.start_commit_sha` (`MergeRequestDiff#ensure_commit_shas`). Absent on
   * records made before it was kept: the target's head is read then.
   */
  diff_start_sha?: string;
  /** The squashed commit a squashing merge made, or absent. */
  squash_commit_sha?: string;
  /** When it may be merged at the earliest (`merge_after`, GitLab's merge schedule), or absent. */
  merge_after?: string;
  /** The merge's `should_remove_source_branch` (GitLab keeps it in `merge_params`), or absent when not given. */
  should_remove_source_branch?: boolean;
  /** Only project members may comment, or `null` when never set. */
  discussion_locked: boolean | null;
  /** The source branch is removed when it is merged. */
  force_remove_source_branch: boolean;
  /** Its commits are squashed into one when it is merged. */
  squash: boolean;
}

/** A reviewer's review states (GitLab's `MergeRequestReviewerState`); the mock's rules move them between the first three. */
export const REVIEWER_STATES = [
  'unreviewed',
  'approved',
  'unapproved',
  'reviewed',
  'requested_changes',
  'review_started',
] as const;
/** A reviewer's review state. */
export type ReviewerState = (typeof REVIEWER_STATES)[number];

/** A push to a merge request's source branch (`mock.mergeRequests.push`). */
export interface Push {
  /** The new head commit. */
  sha: string;
  /** The id of the user who pushed: a committer from then on. */
  author_id: number;
  /** When (ISO 8601). */
  at: string;
}

/** An instance OAuth application. */
export interface Application {
  /** The record's id, used in paths. */
  id: number;
  /** The OAuth client id. */
  application_id: string;
  /** The name. */
  name: string;
  /** The redirect URIs, one per line. */
  redirect_uri: string;
  /** The scopes. */
  scopes: string[];
  /** A confidential (server-side) client. */
  confidential: boolean;
  /** The current OAuth client secret. */
  secret: string;
  /** A trusted application skips the consent page (set by an administrator in GitLab's Admin area). */
  trusted: boolean;
}

/** A browser's signed-in session on the mock's sign-in page (the `_gitlab_session` cookie). */
export interface OAuthSession {
  /** The session's id. */
  id: number;
  /** Who signed in. */
  user_id: number;
  /** The cookie's value: 64 lowercase hex characters. */
  value: string;
  /** When the user signed in (an ID token's `auth_time`). */
  created_at: string;
}

/** An authorization code (Doorkeeper's access grant): single use, 600 seconds on the world clock. */
export interface OAuthGrant {
  /** The grant's id. */
  id: number;
  /** The application's record id. */
  application_id: number;
  /** Who authorized it. */
  user_id: number;
  /** The code: 64 lowercase hex characters. */
  code: string;
  /** The redirect URI of the authorization request; the token request must send the same. */
  redirect_uri: string;
  /** The scopes granted. */
  scopes: string[];
  /** The PKCE challenge, or `null`. */
  code_challenge: string | null;
  /** `plain` or `S256`, or `null` without PKCE. */
  code_challenge_method: 'plain' | 'S256' | null;
  /** The OpenID Connect nonce, echoed in the ID token, or `null`. */
  nonce: string | null;
  /** When the user signed in (the ID token's `auth_time`). */
  auth_time: string;
  /** When it was issued. */
  created_at: string;
  /** Lifetime in seconds (600). */
  expires_in: number;
  /** When it was exchanged (a code is single use), or `null`. */
  revoked_at: string | null;
}

/** An OAuth access token and its refresh token (one Doorkeeper row: revoking either kills both). */
export interface OAuthToken {
  /** The token's id. */
  id: number;
  /** The application's record id; `null` for a password grant without client credentials. */
  application_id: number | null;
  /** Whom it acts as; `null` for a client credentials token. */
  user_id: number | null;
  /** The access token: 64 lowercase hex characters. */
  token: string;
  /** The refresh token, or `null` (client credentials). */
  refresh_token: string | null;
  /** The scopes. */
  scopes: string[];
  /** When the user signed in (ID tokens' `auth_time`), or `null` without a user. */
  auth_time: string | null;
  /** When it was issued. */
  created_at: string;
  /** Lifetime in seconds (7200). */
  expires_in: number;
  /** When it was revoked (refreshed, revoked, or its code reused), or `null`. */
  revoked_at: string | null;
}

/**
 * @internal The caller of a request: a personal or project access token, or an OAuth access token
 * acting as its user; or, on a route GitLab serves without a token, an anonymous request
 * ({@link ANONYMOUS}, `token: null`).
 */
export interface Caller {
  /** Whom the token authenticates as (seen with `admin: false` when it does not act with administrator powers); {@link ANONYMOUS} without a token. */
  user: User;
  /** The token the request carries; `null` for an anonymous request. */
  token: AccessToken | OAuthToken | null;
  /**
   * The administrator whose token acts as `user` by sudo (GitLab's `sudo?`: the user differs from the
   * token's); absent otherwise. The route's scopes are then not asked, the `sudo` scope having been.
   */
  sudoer?: User;
}

/**
 * @internal Who a request without a token acts as, on the routes GitLab serves to anonymous callers
 * (GitLab's `current_user` is `nil`): id 0, which no record names, so it is a member of nothing, the
 * author of nothing, never an administrator, and sees only public groups, projects and users.
 */
export const ANONYMOUS: User = Object.freeze({
  id: 0,
  username: '(anonymous)',
  name: 'Anonymous',
  email: '',
  state: 'active',
  admin: false,
  bot: false,
  password: '',
  created_at: '1970-01-01T00:00:00Z',
});

/** @internal Whether a caller's user is the anonymous one (a request without a token). */
export const isAnonymous = (user: User): boolean => user.id === ANONYMOUS.id;

/** The link between a member of a group and the group's identity provider. */
export interface ScimIdentity {
  /** The identity's id. */
  id: number;
  /** The group's id. */
  group_id: number;
  /** The user's id. */
  user_id: number;
  /** The user's id at the identity provider: the `uid` in the API's paths. */
  extern_uid: string;
  /** Provisioned at the identity provider. */
  active: boolean;
}

/**
 * A protected branch (name or wildcard such as `release/*`) of a project, or a
 * group-level one that applies to every project of the group. Made from the
 * seed's `protected_branches` names; approval rules refer to them by id.
 */
export interface ProtectedBranch {
  /** The protected branch's id. */
  id: number;
  /** The project's id, for a project's protected branch. */
  project_id: number | null;
  /** The group's id, for a group-level protected branch. */
  group_id: number | null;
  /** The branch name, or a wildcard such as `release/*`. */
  name: string;
  /** Code owners must approve changes to their files. */
  code_owner_approval_required: boolean;
  /** Force pushes are allowed. */
  allow_force_push: boolean;
  /** Who may push (the access-level record's id and its role; Maintainers by default). */
  push_access_level: {
    /** The access level record's id. */
    id: number;
    /** The lowest role that may push; `0`: no one. */
    access_level: BranchAccessLevel;
  };
  /** Who may merge. */
  merge_access_level: {
    /** The access level record's id. */
    id: number;
    /** The lowest role that may merge; `0`: no one. */
    access_level: BranchAccessLevel;
  };
  /** Who may unprotect it (Premium); `null`: Maintainers, GitLab's default. */
  unprotect_access_level: {
    /** The access level record's id. */
    id: number;
    /** The lowest role that may unprotect (`60`: instance admins only); never `0` (GitLab refuses it since 15.10). */
    access_level: Exclude<BranchAccessLevel, 0>;
  } | null;
}

/** Kinds of approval rule; `code_owner` and `report_approver` rules are made by the system. */
export type ApprovalRuleType = 'any_approver' | 'regular' | 'report_approver' | 'code_owner';
/** Reports a `report_approver` rule is about. */
export type ApprovalReportType = 'license_scanning' | 'code_coverage';

/** What approval rules have at every level. */
export interface ApprovalRuleFields {
  /** The rule's id. */
  id: number;
  /** The name. */
  name: string;
  /** Its kind. */
  rule_type: ApprovalRuleType;
  /** Only for `report_approver` rules. */
  report_type: ApprovalReportType | null;
  /** Approvals it needs. */
  approvals_required: number;
  /** Users who may approve. */
  user_ids: number[];
  /** Groups whose direct members may approve. */
  group_ids: number[];
}

/** An approval rule of a project. No protected branches and not `applies_to_all_protected_branches`: every branch. */
export interface ProjectApprovalRule extends ApprovalRuleFields {
  /** The project's id. */
  project_id: number;
  /** Applies to every protected branch. */
  applies_to_all_protected_branches: boolean;
  /** The protected branches it applies to. */
  protected_branch_ids: number[];
}

/** An approval rule of a group: it applies to the protected branches of every project of the group. */
export interface GroupApprovalRule extends ApprovalRuleFields {
  /** The group's id. */
  group_id: number;
  /** Applies to every protected branch. */
  applies_to_all_protected_branches: boolean;
  /** The protected branches it applies to. */
  protected_branch_ids: number[];
}

/** An approval rule of one merge request, possibly copied from a project rule. */
export interface MergeRequestApprovalRule extends ApprovalRuleFields {
  /** The merge request's id. */
  merge_request_id: number;
  /** The project rule it was copied from. */
  source_rule_id: number | null;
  /**
   * A copied rule that an update left different from its project rule (GitLab's column, set before each
   * update: `compare_with_project_rule`); `false` until then.
   */
  modified_from_project_rule: boolean;
  /** When it was made. */
  created_at: string;
  /** When it last changed. */
  updated_at: string;
}

/** One user's approval of a merge request. */
export interface Approval {
  /** The approval's id. */
  id: number;
  /** The merge request's id. */
  merge_request_id: number;
  /** Who approved. */
  user_id: number;
  /** When. */
  created_at: string;
}

/** A label of a project (`project_id`) or of a group (`group_id`): issues and merge requests carry its title. */
export interface Label {
  /** The label's id. */
  id: number;
  /** The project's id, for a project label. */
  project_id: number | null;
  /** The group's id, for a group label. */
  group_id: number | null;
  /** The title (GitLab's `name` in the API): unique among the labels a project or group can use. */
  title: string;
  /** `#RRGGBB`. */
  color: string;
  /** The description, or `null`. */
  description: string | null;
  /**
   * Its priority (lower first) in each project that gave it one, by project id: GitLab's
   * `label_priorities` rows. A project label has at most its own project's; a group label may have
   * one in each project below the group.
   */
  priorities: Map<number, number>;
  /**
   * When it was last changed (created, renamed, recoloured...): what a conditional delete compares
   * `If-Unmodified-Since` with.
   */
  updated_at: string;
}

/** What a subscription is to (GitLab's `subscribable_type`; project and group labels are both `Label`). */
export type SubscribableType = 'Label' | 'Issue' | 'MergeRequest';

/**
 * A user's explicit choice about a label's, issue's or merge request's notifications (GitLab's
 * `subscriptions` table, `app/models/subscription.rb`): subscribed, or unsubscribed (a participant who
 * opted out). Without one, an issue or merge request counts its participants as subscribed
 * (`Issuable#subscribed_without_subscriptions?`); a label no one.
 */
export interface Subscription {
  /** The subscription's id. */
  id: number;
  /** Who. */
  user_id: number;
  /** What kind of record. */
  subscribable_type: SubscribableType;
  /** The label's, issue's or merge request's id. */
  subscribable_id: number;
  /** The project it was made in (an issue's or merge request's own; a label's, through a project), or `null` (a group label's). */
  project_id: number | null;
  /** `false`: unsubscribed. */
  subscribed: boolean;
}

/** What an event records (GitLab's `Event.actions` keys that the world produces). */
export type EventAction = 'created' | 'closed' | 'reopened' | 'destroyed' | 'merged' | 'approved' | 'joined' | 'left';

/** An activity event: who did what to which record, when (GitLab's `events` table). */
export interface Event {
  /** The event's id. */
  id: number;
  /** The project it happened in, or `null` (a group milestone's events). */
  project_id: number | null;
  /** The group it happened in, for group milestones; otherwise `null`. */
  group_id: number | null;
  /** Who did it. */
  author_id: number;
  /** What was done. */
  action: EventAction;
  /** `Milestone`, `Issue`, `MergeRequest`, or `null` (joined, left). */
  target_type: 'Milestone' | 'Issue' | 'MergeRequest' | null;
  /** The target's id, or `null`. */
  target_id: number | null;
  /** The target's iid, or `null`. */
  target_iid: number | null;
  /** The target's title when the event was recorded, or `null`. */
  target_title: string | null;
  /** When. */
  created_at: string;
}

/** The events a project hook can subscribe to, in the order of GitLab's ProjectHook entity. */
export const PROJECT_HOOK_EVENTS = [
  'push_events',
  'tag_push_events',
  'merge_requests_events',
  'issues_events',
  'confidential_issues_events',
  'note_events',
  'confidential_note_events',
  'pipeline_events',
  'wiki_page_events',
  'deployment_events',
  'feature_flag_events',
  'job_events',
  'releases_events',
  'milestone_events',
  'emoji_events',
  'resource_access_token_events',
  'vulnerability_events',
] as const;
// GitLab 18.10 adds `resource_deploy_token_events` (migration AddResourceDeployTokenEventsToWebHooks): not in 18.6.
/** One of {@link PROJECT_HOOK_EVENTS}. */
export type ProjectHookEvent = (typeof PROJECT_HOOK_EVENTS)[number];

/** The events a system hook can subscribe to besides GitLab's system events, in the order of its Hook entity. */
export const SYSTEM_HOOK_EVENTS = [
  'push_events',
  'tag_push_events',
  'merge_requests_events',
  'repository_update_events',
] as const;
/** One of {@link SYSTEM_HOOK_EVENTS}. */
export type SystemHookEvent = (typeof SYSTEM_HOOK_EVENTS)[number];

/** What every webhook has (GitLab's `WebHook`): hooks of every kind share one id sequence, as one table in GitLab. */
export interface WebHook<E extends string = string> {
  /** The hook's id. */
  id: number;
  /** Where events are sent. */
  url: string;
  /** A name, or `null`. */
  name: string | null;
  /** A description, or `null`. */
  description: string | null;
  /** The secret sent as `X-Gitlab-Token` (never shown by the API), or `null`. */
  token: string | null;
  /** Which events the hook receives. */
  events: Record<E, boolean>;
  /** Whether TLS certificates are verified on delivery. */
  enable_ssl_verification: boolean;
  /** Push events only for these branches (a wildcard or a regex, as `branch_filter_strategy` says), or `null`. */
  push_events_branch_filter: string | null;
  /** `wildcard`, `regex` or `all_branches`. */
  branch_filter_strategy: string;
  /** A custom payload template, or `null`. */
  custom_webhook_template: string | null;
  /** ISO 8601 creation time. */
  created_at: string;
  /**
   * Failed deliveries in a row (GitLab's `recent_failures`, `WebHooks::AutoDisabling`): more than 3
   * disables the hook for a while, more than 39 for good. Absent: 0 (worlds from before delivery).
   */
  recent_failures?: number;
  /** Until when a temporarily disabled hook is not called (ISO 8601); absent or `null`: not disabled for a while. */
  disabled_until?: string | null;
  /** Secret values put in the URL's `{name}` placeholders on delivery (never shown by the API); absent: none. */
  url_variables?: Record<string, string>;
  /** Secret headers added to every delivery (never shown by the API; GitLab's own headers win); absent: none. */
  custom_headers?: Record<string, string>;
}

/** A project webhook (GitLab's `ProjectHook`). */
export interface ProjectHook extends WebHook<ProjectHookEvent> {
  /** The project's id. */
  project_id: number;
}

/** The events a group hook can subscribe to, in the order of GitLab's GroupHook entity (`ee/lib/ee/api/entities/group_hook.rb`). */
export const GROUP_HOOK_EVENTS = [
  'push_events',
  'tag_push_events',
  'merge_requests_events',
  'issues_events',
  'confidential_issues_events',
  'note_events',
  'confidential_note_events',
  'pipeline_events',
  'wiki_page_events',
  'job_events',
  'deployment_events',
  'feature_flag_events',
  'releases_events',
  'milestone_events',
  'subgroup_events',
  'emoji_events',
  'resource_access_token_events',
  'member_events',
  'vulnerability_events',
  'project_events',
] as const;
/** One of {@link GROUP_HOOK_EVENTS}. */
export type GroupHookEvent = (typeof GROUP_HOOK_EVENTS)[number];

/** A group webhook (GitLab's `GroupHook`, Premium): it receives the events of the group, its subgroups and their projects. */
export interface GroupHook extends WebHook<GroupHookEvent> {
  /** The group's id. */
  group_id: number;
}

/** An instance-wide system hook (GitLab's `SystemHook`). */
export interface SystemHook extends WebHook<SystemHookEvent> {}

/** The whole state of a mock: every table, the clock and the random source. */
export interface World {
  /** Origin and path GitLab is served from, without a trailing slash (e.g. `http://gitlab.test`). */
  baseUrl: string;
  /** The world clock, in milliseconds since the epoch. */
  now: number;
  /** State of the seedable random source every secret comes from. */
  randomState: number;
  /** Last id given out, per table: ids count up like database sequences. */
  lastId: Record<string, number>;
  /** The instance. */
  instance: Instance;
  /** Users by id. */
  users: Map<number, User>;
  /** Personal and project access tokens by id. */
  tokens: Map<number, AccessToken>;
  /** Token value → token id, so authentication is one lookup. Kept by `addToken`. */
  tokenIds: Map<string, number>;
  /** Groups by id. */
  groups: Map<number, Group>;
  /** Projects by id. */
  projects: Map<number, Project>;
  /** Project and group milestones by id. */
  milestones: Map<number, Milestone>;
  /** Issues by id. */
  issues: Map<number, Issue>;
  /** Merge requests by id. */
  mergeRequests: Map<number, MergeRequest>;
  /** OAuth applications by id. */
  applications: Map<number, Application>;
  /** SCIM identities by id. */
  scimIdentities: Map<number, ScimIdentity>;
  /** Protected branches by id. */
  protectedBranches: Map<number, ProtectedBranch>;
  /** Project approval rules by id. */
  projectApprovalRules: Map<number, ProjectApprovalRule>;
  /** Group approval rules by id. */
  groupApprovalRules: Map<number, GroupApprovalRule>;
  /** Merge request approval rules by id. */
  mergeRequestApprovalRules: Map<number, MergeRequestApprovalRule>;
  /** Approvals by id. */
  approvals: Map<number, Approval>;
  /** Project and group labels by id. */
  labels: Map<number, Label>;
  /** Subscriptions to labels, issues and merge requests by id. */
  subscriptions: Map<number, Subscription>;
  /** Project webhooks by id. */
  projectHooks: Map<number, ProjectHook>;
  /** System hooks by id. */
  systemHooks: Map<number, SystemHook>;
  /** Group webhooks by id. */
  groupHooks: Map<number, GroupHook>;
  /** Activity events by id. */
  events: Map<number, Event>;
  /** Groups shared with groups, by link id. */
  groupShares: Map<number, GroupShare>;
  /** Projects shared with groups, by link id. */
  projectShares: Map<number, ProjectShare>;
  /** Users' SSH keys by id. */
  sshKeys: Map<number, SshKey>;
  /** Rate limit counters by throttle and caller (`throttle_authenticated_api:user:7`). */
  rateLimitCounters: Map<string, RateLimitCounter>;
  /** When the clock follows real time: milliseconds added to the real time (`advance` adds to it); `null`: the clock stands. */
  clockOffset: number | null;
  /** Signed-in browser sessions by id. */
  oauthSessions: Map<number, OAuthSession>;
  /** Authorization codes by id. */
  oauthGrants: Map<number, OAuthGrant>;
  /** OAuth access tokens by id. */
  oauthTokens: Map<number, OAuthToken>;
  /** The RSA key ID tokens are signed with, as a private JWK; made on first use. */
  signingKey: JsonWebKey | null;
}

/** @internal A namespace: a group, or a user's personal namespace. */
export type NamespaceRecord = { kind: 'group'; group: Group } | { kind: 'user'; user: User };

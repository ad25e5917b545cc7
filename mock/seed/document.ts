import * as z from 'zod';
import { FaultSpec } from '../http/faults.js';
import { firstIssue, invalid } from '../http/invalid.js';
import {
  GROUP_HOOK_EVENTS,
  PROJECT_HOOK_EVENTS,
  type RateLimits,
  REVIEWER_STATES,
  SYSTEM_HOOK_EVENTS,
} from '../world/types.js';
import { SeedApprovalRule, SeedMergeRequestApprovalRule } from './approval-document.js';

/**
 * The seed document (SPEC 4): one JSON document that describes a whole world,
 * taken by `createMockGitLab({ seed })` and by the CLI's `--seed FILE`. It is a
 * public contract: keys are only ever added, and optional. Everything but
 * `users` is optional; references are by username and full path.
 * @module
 */

/** The seed document version `mock.exportState()` writes (its `version` key). */
export const SEED_DOCUMENT_VERSION = 1;

const role = z.union([z.literal(10), z.literal(15), z.literal(20), z.literal(30), z.literal(40), z.literal(50)]);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
const dateTime = z.iso.datetime({ offset: true });
const visibility = z.enum(['private', 'internal', 'public']);
const plan = z.enum(['free', 'premium', 'ultimate']);
/** A membership with its details: what the members API shows besides the role. */
const membership = z.strictObject({
  /** The role number. */
  access_level: role,
  /** `YYYY-MM-DD`: from that day on the membership no longer counts; default never. */
  expires_at: date.nullable().optional(),
  /** Default: when its group or project was created. */
  created_at: dateTime.optional(),
  /** Username of who added the member; default nobody. */
  created_by: z.string().nullable().optional(),
});
/** `{ "username": role }`, or `{ "username": { "access_level": role, "expires_at": ... } }`. */
const members = z.record(z.string(), z.union([role, membership]));
/** The record's id (an export keeps every id; absent: the next one). */
const id = z.int().positive();
/** A record of an exported world keeps its id, timestamps and counters: what makes a loaded export answer exactly as the original. */
const exactTime = dateTime.optional();

const accessLevel = z.strictObject({
  /** The access level record's id. */
  id,
  /**
   * The lowest role allowed: `30` Developers, `40` Maintainers, `60` instance admins only, `0` no one (the
   * levels GitLab's `ProtectedRefAccess.allowed_access_levels` takes; app/models/concerns/protected_ref_access.rb).
   */
  access_level: z.union([z.literal(0), z.literal(30), z.literal(40), z.literal(60)]),
});

/** Who may unprotect: as above without `0` (`ProtectedBranch::UnprotectAccessLevel.allowed_access_levels`, EE). */
const unprotectAccessLevel = z.strictObject({
  /** The access level record's id. */
  id,
  /** The lowest role allowed: `30` Developers, `40` Maintainers, `60` instance admins only. */
  access_level: z.union([z.literal(30), z.literal(40), z.literal(60)]),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedProtectedBranch = z.union([
  z.string(),
  z.strictObject({
    /** The branch name or a wildcard such as `release/*`. */
    name: z.string(),
    /** The protected branch's id. */
    id: id.optional(),
    /** Code owners must approve changes to their files. */
    code_owner_approval_required: z.boolean().optional(),
    /** Force pushes are allowed. */
    allow_force_push: z.boolean().optional(),
    /** Who may push; default Maintainers. */
    push_access_level: accessLevel.optional(),
    /** Who may merge; default Maintainers. */
    merge_access_level: accessLevel.optional(),
    /** Who may unprotect it (Premium); default Maintainers. */
    unprotect_access_level: unprotectAccessLevel.optional(),
  }),
]);

const approvalSettings = z.strictObject({
  /** Authors may approve their own merge requests. */
  allow_author_approval: z.boolean().optional(),
  /** Users who committed to a merge request may approve it. */
  allow_committer_approval: z.boolean().optional(),
  /** Approval rules may be edited in merge requests. */
  allow_overrides_to_approver_list_per_merge_request: z.boolean().optional(),
  /** Approvals stay when new commits are pushed. */
  retain_approvals_on_push: z.boolean().optional(),
  /** Only code owners' approvals are removed (needs `retain_approvals_on_push`). */
  selective_code_owner_removals: z.boolean().optional(),
  /** Deprecated name of `require_reauthentication_to_approve`. */
  require_password_to_approve: z.boolean().optional(),
  /** Approvers must give their password. */
  require_reauthentication_to_approve: z.boolean().optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedUser = z.strictObject({
  /** Required, unique. */
  username: z.string().min(1),
  /** Display name; default the username. */
  name: z.string().optional(),
  /** Email address. */
  email: z.string().optional(),
  /** An instance administrator. */
  admin: z.boolean().optional(),
  /** A bot user. */
  bot: z.boolean().optional(),
  /** The ghost user, who holds the issues and merge requests of deleted users (an export's; made on first need). */
  ghost: z.boolean().optional(),
  /**
   * `active` (default), `blocked`, `deactivated`, `banned`, `blocked_pending_approval` or
   * `ldap_blocked`: only active users may use the API.
   */
  state: z.enum(['active', 'blocked', 'deactivated', 'banned', 'blocked_pending_approval', 'ldap_blocked']).optional(),
  /** An external user; default false. */
  external: z.boolean().optional(),
  /** The administrators' note. */
  note: z.string().nullable().optional(),
  /** A private profile; default false. */
  private_profile: z.boolean().optional(),
  /** The navigation theme: 1 to 11 (`Gitlab::Themes`, deprecated ids included); default 3. */
  theme_id: z.int().min(1).max(11).optional(),
  /** The syntax highlighting theme: 1 to 6 (`Gitlab::ColorSchemes`); default 1. */
  color_scheme_id: z.int().min(1).max(6).optional(),
  /** May create top-level groups; default true. */
  can_create_group: z.boolean().optional(),
  /** Projects the user may create in their namespace; default 100000. */
  projects_limit: z.int().nonnegative().optional(),
  /** Profile fields (`bio`, `location`, `website_url`...); default empty. */
  profile: z
    .strictObject({
      /** The biography. */
      bio: z.string().optional(),
      /** The location. */
      location: z.string().optional(),
      /** The email shown on the profile. */
      public_email: z.string().optional(),
      /** The email of web commits. */
      commit_email: z.string().optional(),
      /** The LinkedIn name. */
      linkedin: z.string().optional(),
      /** The X (Twitter) name. */
      twitter: z.string().optional(),
      /** The Discord user id. */
      discord: z.string().optional(),
      /** The GitHub username. */
      github: z.string().optional(),
      /** The website. */
      website_url: z.string().optional(),
      /** The organization. */
      organization: z.string().optional(),
      /** The job title. */
      job_title: z.string().optional(),
      /** The pronouns. */
      pronouns: z.string().optional(),
    })
    .optional(),
  /** Identities at external providers. */
  identities: z
    .array(
      z.strictObject({
        /** The provider, such as `ldapmain`. */
        provider: z.string().min(1),
        /** The user's id there. */
        extern_uid: z.string().min(1),
      }),
    )
    .optional(),
  /** Username of the administrator who created the user (an earlier user of the document). */
  created_by: z.string().optional(),
  /** When the email was confirmed, or `null` (not confirmed); default `created_at`. */
  confirmed_at: dateTime.nullable().optional(),
  /** When the user last changed; default `created_at`. */
  updated_at: dateTime.optional(),
  /** SSH public keys. */
  ssh_keys: z
    .array(
      z.strictObject({
        /** The key's id. */
        id: id.optional(),
        /** Required. */
        title: z.string().min(1),
        /** Required: an OpenSSH public key (`ssh-ed25519 AAAA... comment`). */
        key: z.string().min(1),
        /** `auth`, `signing` or `auth_and_signing` (default). */
        usage_type: z.enum(['auth', 'signing', 'auth_and_signing']).optional(),
        /** Default: the world clock. */
        created_at: dateTime.optional(),
        /** ISO 8601, or `null` (never; default). */
        expires_at: dateTime.nullable().optional(),
      }),
    )
    .optional(),
  /** More personal access tokens (and impersonation tokens) besides `token` / `personal_token`. */
  personal_access_tokens: z
    .array(
      z.strictObject({
        /** The token's id. */
        id: id.optional(),
        /** Required. */
        name: z.string().min(1),
        /** The description. */
        description: z.string().nullable().optional(),
        /** Required, at least one. */
        scopes: z.array(z.string()).min(1),
        /** The exact PRIVATE-TOKEN value; made up when absent. */
        token: z.string().min(1).optional(),
        /** `YYYY-MM-DD`, or `null` (never; default). */
        expires_at: date.nullable().optional(),
        /** Revoked. */
        revoked: z.boolean().optional(),
        /** An impersonation token. */
        impersonation: z.boolean().optional(),
        /** Default: the world clock. */
        created_at: dateTime.optional(),
        /** When it last authenticated a request; default never. */
        last_used_at: dateTime.nullable().optional(),
        /** Id of the token of this user it was rotated from. */
        rotated_from: id.optional(),
      }),
    )
    .optional(),
  /** Default `password`. */
  password: z.string().optional(),
  /** The exact PRIVATE-TOKEN value of the user's personal token; made up when absent. */
  token: z.string().min(1).optional(),
  /** Scopes of that personal token; default `["api"]`. */
  scopes: z.array(z.string()).optional(),
  /** The user's id. */
  id: id.optional(),
  /** Default: the world clock. */
  created_at: exactTime,
  /**
   * The rest of the personal token's record (its value is `token`, its scopes `scopes`); `null`: the
   * user has no personal token (the bot user of a project access token).
   */
  personal_token: z
    .strictObject({
      /** The token's id. */
      id: id.optional(),
      /** Default `default`. */
      name: z.string().optional(),
      /** Default: the world clock. */
      created_at: exactTime,
      /** When it last authenticated a request; default never. */
      last_used_at: dateTime.nullable().optional(),
      /** `YYYY-MM-DD`; default never. */
      expires_at: date.nullable().optional(),
      /** Revoked. */
      revoked: z.boolean().optional(),
    })
    .nullable()
    .optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedMilestone = z.strictObject({
  /** Required; unique in the project and its groups. */
  title: z.string().min(1),
  /** The description. */
  description: z.string().optional(),
  /** `active` (default) or `closed`. */
  state: z.enum(['active', 'closed']).optional(),
  /** `YYYY-MM-DD`. */
  start_date: date.optional(),
  /** `YYYY-MM-DD`, after `start_date`. */
  due_date: date.optional(),
  /** Default: the world clock. */
  created_at: dateTime.optional(),
  /** Default: `created_at`. */
  updated_at: dateTime.optional(),
  /** The milestone's id. */
  id: id.optional(),
  /** Its number in the project or group; default the next one. */
  iid: z.int().positive().optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedAccessToken = z.strictObject({
  /** Required. */
  name: z.string().min(1),
  /** The description. */
  description: z.string().optional(),
  /** Required, at least one: `api`, `read_api`... */
  scopes: z.array(z.string()).min(1),
  /** The bot user's role in the project or group; default 40. */
  access_level: role.optional(),
  /** `YYYY-MM-DD` or `null` (never); default a year after `now` when the instance requires expiry. */
  expires_at: date.nullable().optional(),
  /** The exact PRIVATE-TOKEN value; made up when absent. */
  token: z.string().min(1).optional(),
  /** Already revoked. */
  revoked: z.boolean().optional(),
  /** Default: the world clock. */
  created_at: dateTime.optional(),
  /** The token's id. */
  id: id.optional(),
  /** Username of its bot user, listed in `users` (a rotated token keeps its bot); default a new bot user. */
  user: z.string().optional(),
  /** When it last authenticated a request; default never. */
  last_used_at: dateTime.nullable().optional(),
  /** Id of the token it was rotated from, an earlier token of the same project or group: its family, for reuse detection. */
  rotated_from: id.optional(),
  /** When the expiring worker noted it (and sent its `expiring` webhook, if any), 7 days before expiry (an export writes it back); default not yet. */
  seven_days_notification_sent_at: dateTime.optional(),
  /** When the expiring worker noted it 8 to 30 days before expiry (an export writes it back); default not yet. */
  thirty_days_notification_sent_at: dateTime.optional(),
  /** When the expiring worker noted it 31 to 60 days before expiry (an export writes it back); default not yet. */
  sixty_days_notification_sent_at: dateTime.optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedLabel = z.strictObject({
  /** Required: the title issues and merge requests carry; unique among the labels a project can use. */
  name: z.string().min(1),
  /** `#RRGGBB`, `#RGB` or a CSS colour name; default GitLab's `#6699cc`. */
  color: z.string().optional(),
  /** The description. */
  description: z.string().optional(),
  /** A project label's priority (0 or more, lower first); group labels take none. */
  priority: z.int().nonnegative().optional(),
  /** The label's id. */
  id: id.optional(),
  /** When it last changed (an export's: what `If-Unmodified-Since` is compared with); default the world clock. */
  updated_at: dateTime.optional(),
});

/** A project feature's access level in a seed: GitLab's `ProjectFeature` levels. */
const featureLevel = z.enum(['disabled', 'private', 'enabled', 'public']).optional();

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedProjectHook = z.strictObject({
  /** Required: an `http` or `https` URL; local addresses are refused when the instance's `allow_local_requests_from_web_hooks_and_services` is `false`. */
  url: z.string().min(1),
  /** The hook's id. */
  id: id.optional(),
  /** A name. */
  name: z.string().optional(),
  /** A description. */
  description: z.string().optional(),
  /** The secret sent as `X-Gitlab-Token`. */
  token: z.string().optional(),
  /** The events it receives, by GitLab's names (`merge_requests_events: true`...); default push events only. */
  events: z.partialRecord(z.enum(PROJECT_HOOK_EVENTS), z.boolean()).optional(),
  /** Verify TLS certificates; default `true`. */
  enable_ssl_verification: z.boolean().optional(),
  /** Push events only for matching branches. */
  push_events_branch_filter: z.string().optional(),
  /** `wildcard` (default), `regex` or `all_branches`. */
  branch_filter_strategy: z.enum(['wildcard', 'regex', 'all_branches']).optional(),
  /** A custom payload template. */
  custom_webhook_template: z.string().optional(),
  /** Default: the world clock. */
  created_at: exactTime,
  /** Failed deliveries in a row (0 to 40; default 0): past 3 the hook is disabled for a while, past 39 for good. */
  recent_failures: z.number().int().min(0).max(40).optional(),
  /** Until when a temporarily disabled hook is not called (ISO 8601); default none. */
  disabled_until: exactTime,
  /** Values for the URL's `{name}` placeholders, by name (at most 20; names like `token`, values of 1 to 100 characters); default none. */
  url_variables: z
    .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().min(1).max(100))
    .refine((m) => Object.keys(m).length <= 20, 'at most 20 URL variables')
    .optional(),
  /** Headers added to every delivery, by name (at most 20; names like `X-Name`, values of 1 to 2048 characters); default none. */
  custom_headers: z
    .record(z.string().regex(/^[A-Za-z]+[0-9]*(?:[._-][A-Za-z0-9]+)*$/), z.string().min(1).max(2048))
    .refine((m) => Object.keys(m).length <= 20, 'at most 20 custom headers')
    .optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedGroupHook = z.strictObject({
  ...SeedProjectHook.omit({ events: true }).shape,
  /** The events it receives, by GitLab's names (`member_events: true`...); default push events only. */
  events: z.partialRecord(z.enum(GROUP_HOOK_EVENTS), z.boolean()).optional(),
});

/** Who a default branch protection lets push or merge: GitLab's `{ "access_level": ... }`, as above without an id. */
const branchProtectionAccess = accessLevel.omit({ id: true });

/** A share with a group: the invited group's members get at most `group_access` (`GroupGroupLink`, `ProjectGroupLink`). */
const SeedShare = z.strictObject({
  /** The invited group's full path. */
  group: z.string().min(1),
  /** The highest role its members get. */
  group_access: role,
  /** `YYYY-MM-DD`: from that day on the share no longer counts; default never. */
  expires_at: date.nullable().optional(),
  /** The share's id. */
  id: id.optional(),
  /** Default: the world clock. */
  created_at: exactTime,
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedGroup = z.strictObject({
  /** Full path; a subgroup's parent is its path minus the last segment, and must come earlier. */
  path: z.string().regex(/^[\w.-]+(\/[\w.-]+)*$/, 'expected a path like acme or acme/platform'),
  /** Default: the last segment of the path. */
  name: z.string().optional(),
  /** The description. */
  description: z.string().optional(),
  /** `private` (default), `internal` or `public`; never more visible than the parent. */
  visibility: visibility.optional(),
  /** Plan of a top-level group (the hosted offering's licence). */
  plan: plan.optional(),
  /** SAML single sign-on and SCIM enabled. */
  saml_scim: z.boolean().optional(),
  /** `{ "username": role }`: direct members and their role numbers (or `{ access_level, expires_at, created_at, created_by }`). */
  members: members.optional(),
  /** The group's approval settings. */
  approval_settings: approvalSettings.optional(),
  /** Group milestones. */
  milestones: z.array(SeedMilestone).optional(),
  /** Group labels, usable by every project below the group. */
  labels: z.array(SeedLabel).optional(),
  /** Group approval rules (they apply to the protected branches of the group's projects). */
  approval_rules: z.array(SeedApprovalRule).optional(),
  /** Group-level protected branches (names or wildcards), covering every project of the group. */
  protected_branches: z.array(SeedProtectedBranch).optional(),
  /** The group's access tokens (their bot users become members of the group); default none. */
  access_tokens: z.array(SeedAccessToken).optional(),
  /** SAML single sign-on enforced: approving with a password always fails. */
  enforced_sso: z.boolean().optional(),
  /** The group's id. */
  id: id.optional(),
  /** Default: the world clock. */
  created_at: exactTime,
  /** The next group milestone's iid; default one more than the last. */
  next_iid: z
    .strictObject({
      /** The next group milestone's iid. */
      milestone: z.int().positive(),
    })
    .optional(),
  /** The group's webhooks (Premium). */
  hooks: z.array(SeedGroupHook).optional(),
  /** Who may create projects in it: `noone`, `owner`, `maintainer`, `developer` (default) or `administrator`. */
  project_creation_level: z.enum(['noone', 'owner', 'maintainer', 'developer', 'administrator']).optional(),
  /** Who may create subgroups in it: `owner` or `maintainer` (default). */
  subgroup_creation_level: z.enum(['owner', 'maintainer']).optional(),
  /** Its projects may not be shared with other groups; default `false`. */
  share_with_group_lock: z.boolean().optional(),
  /** Users may request access; default `true`. */
  request_access_enabled: z.boolean().optional(),
  /** Settings the mock stores and shows, by GitLab's API names; each absent one has GitLab's default. */
  settings: z
    .strictObject({
      /** Emails off; default `false`. */
      emails_disabled: z.boolean().optional(),
      /** Diff previews in emails; default `true`. */
      show_diff_preview_in_email: z.boolean().optional(),
      /** New projects' default branch name, or `null` (default). */
      default_branch: z.string().nullable().optional(),
      /** New projects' default branch protection, 0 to 4; default 2. */
      default_branch_protection: z.int().min(0).max(4).optional(),
      /** New projects' default branch protection as GitLab's hash (`allowed_to_push`, `allowed_to_merge`...). */
      default_branch_protection_defaults: z
        .strictObject({
          /** `[{ "access_level": 0 | 30 | 40 | 60 }]`. */
          allowed_to_push: z.array(branchProtectionAccess).optional(),
          /** Force push for those who may push. */
          allow_force_push: z.boolean().optional(),
          /** `[{ "access_level": 0 | 30 | 40 | 60 }]`. */
          allowed_to_merge: z.array(branchProtectionAccess).optional(),
          /** Code owners must approve. */
          code_owner_approval_required: z.boolean().optional(),
          /** Developers may push the first commit. */
          developer_can_initial_push: z.boolean().optional(),
        })
        .optional(),
      /** `ssh`, `http` or `all` (default). */
      enabled_git_access_protocol: z.enum(['ssh', 'http', 'all']).optional(),
      /** Maximum artifacts size in MB, or `null` (default). */
      max_artifacts_size: z.int().nonnegative().nullable().optional(),
      /** `enabled` (default), `disabled_and_overridable` or `disabled_and_unoverridable`. */
      shared_runners_setting: z.enum(['enabled', 'disabled_and_overridable', 'disabled_and_unoverridable']).optional(),
    })
    .optional(),
  /** The groups it is shared with (any group of the document, earlier or later). */
  shared_with_groups: z.array(SeedShare).optional(),
  /**
   * `YYYY-MM-DD`: marked for deletion that day (`DELETE /groups/:id`; the path is then usually
   * `<path>-deletion_scheduled-<id>`): removed once the deletion delay (7 days) has passed on the
   * world clock, on behalf of `marked_for_deletion_by`. Default: not marked.
   */
  marked_for_deletion_on: date.optional(),
  /** Username of who marked it; without one (or when they may no longer remove it) the deletion worker restores it, as GitLab's. */
  marked_for_deletion_by: z.string().optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedIssue = z.strictObject({
  /** Required. */
  title: z.string().min(1),
  /** The description. */
  description: z.string().optional(),
  /** Default: the first project member with the highest role, or the first user. */
  author: z.string().optional(),
  /** Usernames. */
  assignees: z.array(z.string()).optional(),
  /** Title of a milestone of the project. */
  milestone: z.string().optional(),
  /** A weight, 0 or more. */
  weight: z.number().int().min(0).optional(),
  /** Hidden from Guests and non-members. */
  confidential: z.boolean().optional(),
  /** Label names. */
  labels: z.array(z.string()).optional(),
  /** Default: the world clock. */
  created_at: dateTime.optional(),
  /** State changes after creation; the issue's state is that of the last one. */
  events: z
    .array(
      z.strictObject({
        /** `closed` or `reopened`. */
        action: z.enum(['closed', 'reopened']),
        /** When, after the issue's `created_at`. */
        at: dateTime,
      }),
    )
    .optional(),
  /** The issue's id. */
  id: id.optional(),
  /** Its number in the project; default the next one. */
  iid: z.int().positive().optional(),
  /** Default: the last event's time, else `created_at`. */
  updated_at: exactTime,
  /** Default: the last `closed` event's time, while closed. */
  closed_at: dateTime.nullable().optional(),
  /** Username; default the author, while closed. */
  closed_by: z.string().nullable().optional(),
});

const sha = z.string().regex(/^[0-9a-f]{40}$/, 'expected 40 lowercase hex characters');

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedPush = z.strictObject({
  /** The new head commit (40 lowercase hex characters); made up when absent. */
  sha: sha.optional(),
  /** Username of who pushed, required: a committer from then on. */
  author: z.string(),
  /** When; default the world clock. */
  at: dateTime.optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedMergeRequest = z.strictObject({
  /** Default: the next one. */
  iid: z.number().int().positive().optional(),
  /** Required. */
  title: z.string().min(1),
  /** The description. */
  description: z.string().optional(),
  /** Username, required. */
  author: z.string(),
  /** Usernames of the users who committed to it. */
  committers: z.array(z.string()).optional(),
  /** Head commit sha (40 hex characters) when it was opened; made up when absent. */
  sha: sha.optional(),
  /** `opened` (default), `closed`, `merged` or `locked`. */
  state: z.enum(['opened', 'closed', 'merged', 'locked']).optional(),
  /** The branch it merges from. */
  source_branch: z.string().optional(),
  /** The branch it merges into; default `main`. */
  target_branch: z.string().optional(),
  /** Title of a milestone of the project or its groups. */
  milestone: z.string().optional(),
  /** Default: the world clock. */
  created_at: dateTime.optional(),
  /** The merge request's own approval rules (they replace the project's while overriding is allowed). */
  approval_rules: z.array(SeedMergeRequestApprovalRule).optional(),
  /**
   * Pushes to its source branch, applied in order after it is opened and before its `approvals`
   * (which are the approvals it has after the last push): each moves the head, makes the pusher a
   * committer and resets approvals as the project's settings say.
   */
  pushes: z.array(SeedPush).optional(),
  /** Usernames of the users who approved it, in order (or approval records, as an export writes them). */
  approvals: z
    .array(
      z.union([
        z.string(),
        z.strictObject({
          /** The username. */
          user: z.string(),
          /** The approval's id. */
          id: id.optional(),
          /** Default: the world clock. */
          created_at: exactTime,
        }),
      ]),
    )
    .optional(),
  /** The merge request's id. */
  id: id.optional(),
  /** Default: `created_at`. */
  updated_at: exactTime,
  /** A draft: GitLab keeps this in the title, so `true` prefixes it with `Draft: ` (and `false` removes a prefix). */
  draft: z.boolean().optional(),
  /** Its source branch conflicts with the target (default `false`). */
  has_conflicts: z.boolean().optional(),
  /** Usernames of the users it is assigned to. */
  assignees: z.array(z.string()).optional(),
  /**
   * Usernames of the users asked to review it, or `{ user, state }` for a review state other than the
   * default: `approved` for a reviewer among its `approvals`, `unreviewed` otherwise.
   */
  reviewers: z
    .array(
      z.union([
        z.string(),
        z.strictObject({
          /** The reviewer's username. */
          user: z.string(),
          /** Their review: `unreviewed`, `approved`, `unapproved`, `reviewed`, `requested_changes`, `review_started`. */
          state: z.enum(REVIEWER_STATES),
        }),
      ]),
    )
    .optional(),
  /** Label names. */
  labels: z.array(z.string()).optional(),
  /** Username of who merged it (a merged one). */
  merged_by: z.string().nullable().optional(),
  /** When it was merged. */
  merged_at: dateTime.nullable().optional(),
  /** Username of who closed it. */
  closed_by: z.string().nullable().optional(),
  /** When it was closed. */
  closed_at: dateTime.nullable().optional(),
  /** The commit its merge made. */
  merge_commit_sha: sha.nullable().optional(),
  /** The squashed commit a squashing merge made. */
  squash_commit_sha: sha.optional(),
  /** When it may be merged at the earliest (GitLab's `merge_after`). */
  merge_after: dateTime.optional(),
  /** The `should_remove_source_branch` its merge was asked with (GitLab's `merge_params`). */
  should_remove_source_branch: z.boolean().optional(),
  /** The target branch's head when its latest diff was made (its `diff_refs.start_sha`); default the target's head. */
  diff_start_sha: sha.optional(),
  /** Only project members may comment. */
  discussion_locked: z.boolean().nullable().optional(),
  /** The source branch is removed on merge (default `false`). */
  remove_source_branch: z.boolean().optional(),
  /** Its commits are squashed on merge (default `false`). */
  squash: z.boolean().optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedSystemHook = z.strictObject({
  ...SeedProjectHook.omit({ events: true, custom_webhook_template: true }).shape,
  /** The events it receives (`push_events`, `tag_push_events`, `merge_requests_events`, `repository_update_events`); default push events only. */
  events: z.partialRecord(z.enum(SYSTEM_HOOK_EVENTS), z.boolean()).optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedProject = z.strictObject({
  /** Full path: `group/…/project`, or `username/project` for a personal project. */
  path: z.string().regex(/^[\w.-]+(\/[\w.-]+)+$/, 'expected a full path like acme/api'),
  /** Default: the last segment of the path. */
  name: z.string().optional(),
  /** The description. */
  description: z.string().optional(),
  /** `private` (default), `internal` or `public`; never more visible than its group. */
  visibility: visibility.optional(),
  /** `{ "username": role }`: direct members and their role numbers (or `{ access_level, expires_at, created_at, created_by }`). */
  members: members.optional(),
  /** Branch names (or wildcards such as `release/*`). */
  protected_branches: z.array(SeedProtectedBranch).optional(),
  /** The project's milestones. */
  milestones: z.array(SeedMilestone).optional(),
  /** The project's own labels. */
  labels: z.array(SeedLabel).optional(),
  /**
   * `{ "title": priority }`: the priorities (0 or more, lower first) this project gives its groups'
   * labels, by their title (GitLab keeps priorities per project; its own labels take theirs in `labels`).
   */
  group_label_priorities: z.record(z.string(), z.int().nonnegative()).optional(),
  /** The project's issues. */
  issues: z.array(SeedIssue).optional(),
  /** The project's merge requests. */
  merge_requests: z.array(SeedMergeRequest).optional(),
  /** The project's access tokens. */
  access_tokens: z.array(SeedAccessToken).optional(),
  /** The groups it is shared with. */
  shared_with_groups: z.array(SeedShare).optional(),
  /** The project's own approval settings (locked ones are overridden by its groups and the instance). */
  approval_settings: approvalSettings.optional(),
  /** The approval configuration's deprecated `approvals_before_merge` (default 0). */
  approvals_before_merge: z.number().int().min(0).optional(),
  /**
   * Approval rules; without an `any_approver` one, the project gets `All Members` with 0 approvals
   * required (not in a document with a `version`: an export lists every rule).
   */
  approval_rules: z.array(SeedApprovalRule).optional(),
  /** The repository's default branch; default `main`. It is created when `branches` does not list it. */
  default_branch: z.string().min(1).optional(),
  /**
   * The repository's branches: names, or `{ name, sha }` with the head commit (40 hex digits).
   * The default branch, the branches of the merge requests and the protected branch names
   * (not wildcards) are created too, unless the document has a `version` (an export lists every branch).
   */
  branches: z
    .array(
      z.union([
        z.string().min(1),
        z.strictObject({
          /** The branch name. */
          name: z.string().min(1),
          /** Its head commit. */
          sha: z.string().regex(/^[0-9a-f]{40}$/, 'expected 40 lowercase hex digits'),
        }),
      ]),
    )
    .optional(),
  /** Archived: read-only, and left out of project lists unless asked for; default false. */
  archived: z.boolean().optional(),
  /**
   * Merge request settings and feature access levels, by GitLab's API names (`merge_method`,
   * `squash_option`, `only_allow_merge_if_pipeline_succeeds`, `issues_access_level`...); each
   * absent one has GitLab's default (`merge`, `default_off`, `false`..., `enabled`).
   */
  settings: z
    .strictObject({
      /** `merge` (default), `rebase_merge` or `ff`. */
      merge_method: z.enum(['merge', 'rebase_merge', 'ff']).optional(),
      /** `never`, `always`, `default_on` or `default_off` (default). */
      squash_option: z.enum(['never', 'always', 'default_on', 'default_off']).optional(),
      /** Merge only when the pipeline succeeded; default false. */
      only_allow_merge_if_pipeline_succeeds: z.boolean().optional(),
      /** Merge only when every thread is resolved; default false. */
      only_allow_merge_if_all_discussions_are_resolved: z.boolean().optional(),
      /** A skipped pipeline counts as a succeeded one; default false. */
      allow_merge_on_skipped_pipeline: z.boolean().optional(),
      /** The source branch is removed by default when merged; default true. */
      remove_source_branch_after_merge: z.boolean().optional(),
      /** Git LFS; default true. */
      lfs_enabled: z.boolean().optional(),
      /** Users may ask to join; default true. */
      request_access_enabled: z.boolean().optional(),
      /** The deprecated switch of the package registry; default true. */
      packages_enabled: z.boolean().optional(),
      /** Instance runners run the project's jobs; default true. */
      shared_runners_enabled: z.boolean().optional(),
      /** The CI configuration file's path, or `null` (default: `.gitlab-ci.yml`). */
      ci_config_path: z.string().nullable().optional(),
      /** Diff threads on lines a push changes are resolved; default false. */
      resolve_outdated_diff_discussions: z.boolean().optional(),
      /** Issues a merged merge request references are closed; default true. */
      autoclose_referenced_issues: z.boolean().optional(),
      /** Issues: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      issues_access_level: featureLevel,
      /** The repository: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      repository_access_level: featureLevel,
      /** Merge requests: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      merge_requests_access_level: featureLevel,
      /** Forking: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      forking_access_level: featureLevel,
      /** The wiki: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      wiki_access_level: featureLevel,
      /** CI/CD (builds): `disabled`, `private` (members only), `enabled` (default) or `public`. */
      builds_access_level: featureLevel,
      /** Snippets: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      snippets_access_level: featureLevel,
      /** Pages: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      pages_access_level: featureLevel,
      /** Analytics: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      analytics_access_level: featureLevel,
      /** The container registry: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      container_registry_access_level: featureLevel,
      /** Security and compliance: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      security_and_compliance_access_level: featureLevel,
      /** Releases: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      releases_access_level: featureLevel,
      /** Environments: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      environments_access_level: featureLevel,
      /** Feature flags: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      feature_flags_access_level: featureLevel,
      /** Infrastructure: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      infrastructure_access_level: featureLevel,
      /** Monitor: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      monitor_access_level: featureLevel,
      /** Model experiments: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      model_experiments_access_level: featureLevel,
      /** The model registry: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      model_registry_access_level: featureLevel,
      /** The package registry: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      package_registry_access_level: featureLevel,
      /** Requirements: `disabled`, `private` (members only), `enabled` (default) or `public`. */
      requirements_access_level: featureLevel,
    })
    .optional(),
  /** Username of who created it (GitLab's `creator_id`), or `null` once that user was removed; default none. */
  creator: z.string().nullable().optional(),
  /** The project's id. */
  id: id.optional(),
  /** Default: the world clock. */
  created_at: exactTime,
  /** The next iids of its milestones, issues and merge requests; default one more than the last. */
  next_iid: z
    .strictObject({
      /** The next milestone's iid. */
      milestone: z.int().positive(),
      /** The next issue's iid. */
      issue: z.int().positive(),
      /** The next merge request's iid. */
      merge_request: z.int().positive(),
    })
    .optional(),
  /** The project's webhooks. */
  hooks: z.array(SeedProjectHook).optional(),
  /**
   * `YYYY-MM-DD`: marked for deletion that day (`DELETE /projects/:id`, which also archives it and
   * renames it `<path>-deletion_scheduled-<id>`): removed once the deletion delay (7 days) has
   * passed on the world clock, on behalf of `marked_for_deletion_by`. Default: not marked.
   */
  marked_for_deletion_at: date.optional(),
  /** Username of who marked it; without one (or when they may no longer remove it) the deletion worker restores it, as GitLab's. */
  marked_for_deletion_by: z.string().optional(),
  /** Topic names; default none. */
  topics: z.array(z.string().min(1)).optional(),
  /** The README's path in the default branch (`README.md`); default none. */
  readme_path: z.string().min(1).optional(),
  /** `sha1` (default) or `sha256`. */
  repository_object_format: z.enum(['sha1', 'sha256']).optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedApplication = z.strictObject({
  /** Required. */
  name: z.string().min(1),
  /** Required; several may be given, one per line. */
  redirect_uri: z.string().min(1),
  /** Space-separated, as the API takes them. */
  scopes: z.string(),
  /** Default `true`. */
  confidential: z.boolean().optional(),
  /** The OAuth client id; made up when absent. */
  application_id: z.string().optional(),
  /** The client secret; made up when absent. */
  secret: z.string().optional(),
  /** A trusted application skips the consent page; default `false`. */
  trusted: z.boolean().optional(),
  /** The record's id. */
  id: id.optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedScimIdentity = z.strictObject({
  /** The group's full path. */
  group: z.string(),
  /** The username. */
  user: z.string(),
  /** The user's id at the identity provider, unique in the group. */
  extern_uid: z.string().min(1),
  /** Default `true`. */
  active: z.boolean().optional(),
  /** The identity's id. */
  id: id.optional(),
});

const rateLimit = z.strictObject({
  /** Requests a caller may make in one period (0 refuses every request). */
  requests_per_period: z.int().min(0),
  /** The period, in seconds. */
  period_in_seconds: z.int().min(1),
});

const rateLimits = z.strictObject({
  /** Per user: `throttle_authenticated_api`. */
  authenticated_api: rateLimit.optional(),
  /** Unauthenticated requests, all counted together: `throttle_unauthenticated_api`. */
  unauthenticated_api: rateLimit.optional(),
});

/** Checks rate limits given at run time (`mock.rateLimits.set`); throws a `TypeError` naming the bad field. */
export function parseRateLimits(input: unknown): RateLimits {
  const result = rateLimits.safeParse(input);
  if (result.success) return result.data;
  throw invalid('rate limits', result.error);
}

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedInstance = z.strictObject({
  /** `hosted` or `self-managed` (default). */
  offering: z.enum(['hosted', 'self-managed']).optional(),
  /** The licence of a self-managed instance: `free`, `premium`, `ultimate` (default). */
  plan: plan.optional(),
  /** Access tokens must expire; default `true`. */
  require_token_expiry: z.boolean().optional(),
  /** Enabled feature flags, such as `approval_group_rules`. */
  feature_flags: z.array(z.string()).optional(),
  /** Instance-wide approval settings; what they forbid is locked everywhere. */
  approval_settings: approvalSettings.optional(),
  /** GitLab's API rate limits, e.g. `{ "authenticated_api": { "requests_per_period": 10, "period_in_seconds": 60 } }`; default none. */
  rate_limits: rateLimits.optional(),
  /** The OAuth password grant works without client credentials; default `false` (client credentials required). */
  ropc_without_client_credentials: z.boolean().optional(),
  /** Admin mode: administrators need a token with the `admin_mode` scope for their powers; default `false`. */
  admin_mode: z.boolean().optional(),
  /** Webhooks may name local and private-network addresses; default `true` (unlike GitLab) so loopback receivers work; `false` refuses them as GitLab. */
  allow_local_requests_from_web_hooks_and_services: z.boolean().optional(),
  /** The container registry's `host:port`, such as `registry.example.org:5000`: the registry is on; default off, as GitLab's. */
  registry_host_port: z.string().min(1).optional(),
});

const nullableTime = dateTime.nullable();
const hex = z.string().min(1);

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedOAuth = z.strictObject({
  /** The RSA key ID tokens are signed with, as a private JWK (an export's, so its tokens still verify); default: made on first use. */
  signing_key: z
    .looseObject({
      /** `RSA`. */
      kty: z.literal('RSA'),
      /** The modulus. */
      n: z.string(),
      /** The public exponent. */
      e: z.string(),
      /** The private exponent (the CRT parameters `p`, `q`, `dp`, `dq`, `qi` come along). */
      d: z.string(),
    })
    .optional(),
  /** Signed-in browser sessions (the `_gitlab_session` cookie). */
  sessions: z
    .array(
      z.strictObject({
        /** The session's id. */
        id,
        /** The username. */
        user: z.string(),
        /** The cookie's value. */
        session: hex,
        /** When the user signed in. */
        created_at: dateTime,
      }),
    )
    .optional(),
  /** Authorization codes, used or not. */
  grants: z
    .array(
      z.strictObject({
        /** The grant's id. */
        id,
        /** The application's record id (`applications[].id`). */
        application: id,
        /** The username. */
        user: z.string(),
        /** The code. */
        code: hex,
        /** The redirect URI of the authorization request. */
        redirect_uri: z.string(),
        /** The scopes. */
        scopes: z.array(z.string()),
        /** The PKCE challenge. */
        code_challenge: z.string().nullable(),
        /** `plain` or `S256`. */
        code_challenge_method: z.enum(['plain', 'S256']).nullable(),
        /** The OpenID Connect nonce. */
        nonce: z.string().nullable(),
        /** When the user signed in. */
        auth_time: dateTime,
        /** When it was issued. */
        created_at: dateTime,
        /** Lifetime in seconds. */
        expires_in: z.int().positive(),
        /** When it was used. */
        revoked_at: nullableTime,
      }),
    )
    .optional(),
  /** OAuth access tokens with their refresh tokens. */
  tokens: z
    .array(
      z.strictObject({
        /** The token's id. */
        id,
        /** The application's record id; `null` for a password grant without client credentials. */
        application: id.nullable(),
        /** The username; `null` for a client credentials token. */
        user: z.string().nullable(),
        /** The access token; unique: no other row holds it as its access or refresh token. */
        token: hex,
        /** The refresh token; unique like `token`. */
        refresh_token: hex.nullable(),
        /** The scopes. */
        scopes: z.array(z.string()),
        /** When the user signed in. */
        auth_time: nullableTime,
        /** When it was issued. */
        created_at: dateTime,
        /** Lifetime in seconds. */
        expires_in: z.int().positive(),
        /** When it was revoked. */
        revoked_at: nullableTime,
      }),
    )
    .optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedEvent = z.strictObject({
  /** The event's id. */
  id: id.optional(),
  /** Full path of the project it happened in. */
  project: z.string().optional(),
  /** Full path of the group it happened in (a group milestone's events). */
  group: z.string().optional(),
  /** Required: the username of who did it. */
  author: z.string(),
  /** Required: `created`, `closed`, `reopened`, `destroyed`, `merged`, `approved`, `joined` or `left`. */
  action: z.enum(['created', 'closed', 'reopened', 'destroyed', 'merged', 'approved', 'joined', 'left']),
  /** `Milestone`, `Issue` or `MergeRequest`; absent for joined and left. */
  target_type: z.enum(['Milestone', 'Issue', 'MergeRequest']).optional(),
  /** The target's id. */
  target_id: z.int().optional(),
  /** The target's iid. */
  target_iid: z.int().optional(),
  /** The target's title. */
  target_title: z.string().optional(),
  /** Default: the world clock. */
  created_at: dateTime.optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedSubscription = z.strictObject({
  /** The subscription's id. */
  id: id.optional(),
  /** Required: the username of who subscribed (or unsubscribed). */
  user: z.string(),
  /** Required: `Label`, `Issue` or `MergeRequest`. */
  subscribable_type: z.enum(['Label', 'Issue', 'MergeRequest']),
  /** Required: the label's, issue's or merge request's id. */
  subscribable_id: z.int(),
  /** Full path of the project it was made in (an issue's or merge request's own, a label's through a project); absent for a group label's. */
  project: z.string().optional(),
  /** Default `true`; `false`: unsubscribed (a participant who opted out). */
  subscribed: z.boolean().optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedDocument = z.strictObject({
  /** The document's format: `1`, written by `mock.exportState()`; a version this mock does not know is refused. */
  version: z
    .literal(SEED_DOCUMENT_VERSION, { error: `unknown version (this mock reads version ${SEED_DOCUMENT_VERSION})` })
    .optional(),
  /** The world clock's start; `"real"`: the real time, and the clock runs (SPEC 7). */
  now: z.union([dateTime, z.literal('real')]).optional(),
  /** With `"now": "real"`: milliseconds the clock was advanced past the real time (an export's). */
  clock_offset_ms: z.int().optional(),
  /** The instance; see {@link SeedInstance}. */
  instance: SeedInstance.optional(),
  /** Required: the users, with their tokens. */
  users: z.array(SeedUser),
  /** Groups, parents before their subgroups. */
  groups: z.array(SeedGroup).optional(),
  /** Projects. */
  projects: z.array(SeedProject).optional(),
  /** Instance OAuth applications. */
  applications: z.array(SeedApplication).optional(),
  /** SCIM identities. */
  scim_identities: z.array(SeedScimIdentity).optional(),
  /** Activity events (an export's; the API records new ones). */
  events: z.array(SeedEvent).optional(),
  /** Subscriptions to labels, issues and merge requests' notifications (and explicit unsubscriptions). */
  subscriptions: z.array(SeedSubscription).optional(),
  /** The OAuth provider's state: signing key, sessions, authorization codes and tokens (an export's). */
  oauth: SeedOAuth.optional(),
  /** Faults injected in front of the API from the start (see `mock.faults`), e.g. `[{ "path": "/projects/**", "status": 502, "times": 1 }]`. */
  faults: z.array(FaultSpec).optional(),
  /** State of the seeded random source new tokens and secrets come from (an export's; default: from `randomSeed`). */
  random_state: z.int().min(0).max(0xffffffff).optional(),
  /** The last id given out per table (`{ "users": 12 }`), so new ids continue an export's sequences. */
  last_ids: z.record(z.string(), z.int().min(0)).optional(),
  /** The rate limits' counts in their current window, by throttle and caller (`throttle_authenticated_api:user:7`). */
  rate_limit_counters: z
    .record(
      z.string(),
      z.strictObject({
        /** Start of the window, in seconds since the epoch. */
        window_start: z.int(),
        /** Requests counted in it. */
        count: z.int().min(0),
      }),
    )
    .optional(),
  /** System hooks (instance-wide webhooks). */
  system_hooks: z.array(SeedSystemHook).optional(),
});

/**
 * A whole world as one JSON document: what `createMockGitLab({ seed })` and the
 * command line's `--seed FILE.json` take. Only `users` is required.
 * @interface
 */
export type SeedDocument = z.input<typeof SeedDocument>;
/**
 * A protected branch: its name (or wildcard), or its whole record as an export writes it.
 */
export type SeedProtectedBranch = z.input<typeof SeedProtectedBranch>;
/**
 * A user: an item of the seed document's `users`.
 * @interface
 */
export type SeedUser = z.input<typeof SeedUser>;
/**
 * A group: an item of `groups`. Parents come before their subgroups.
 * @interface
 */
export type SeedGroup = z.input<typeof SeedGroup>;
/**
 * A project: an item of `projects`.
 * @interface
 */
export type SeedProject = z.input<typeof SeedProject>;
/**
 * A milestone: an item of a project's or a group's `milestones`.
 * @interface
 */
export type SeedMilestone = z.input<typeof SeedMilestone>;
/**
 * A label: an item of a project's or a group's `labels`.
 * @interface
 */
export type SeedLabel = z.input<typeof SeedLabel>;
/**
 * An activity event: an item of `events`.
 * @interface
 */
export type SeedEvent = z.input<typeof SeedEvent>;
/**
 * A subscription: an item of the seed document's `subscriptions`.
 * @interface
 */
export type SeedSubscription = z.input<typeof SeedSubscription>;
/**
 * A group webhook: an item of a group's `hooks`.
 * @interface
 */
export type SeedGroupHook = z.input<typeof SeedGroupHook>;
/**
 * A system hook: an item of the document's `system_hooks`.
 * @interface
 */
export type SeedSystemHook = z.input<typeof SeedSystemHook>;
/**
 * A project webhook: an item of a project's `hooks`.
 * @interface
 */
export type SeedProjectHook = z.input<typeof SeedProjectHook>;
/**
 * An issue: an item of a project's `issues`.
 * @interface
 */
export type SeedIssue = z.input<typeof SeedIssue>;
/**
 * A merge request: an item of a project's `merge_requests`.
 * @interface
 */
export type SeedMergeRequest = z.input<typeof SeedMergeRequest>;
/**
 * A push to a merge request's source branch: an item of a merge request's `pushes`, and what
 * `mock.mergeRequests.push` takes.
 * @interface
 */
export type SeedPush = z.input<typeof SeedPush>;
/**
 * A project access token: an item of a project's `access_tokens`; it gets its own bot user.
 * @interface
 */
export type SeedAccessToken = z.input<typeof SeedAccessToken>;
/**
 * An instance OAuth application: an item of `applications`.
 * @interface
 */
export type SeedApplication = z.input<typeof SeedApplication>;
/**
 * A SCIM identity: an item of `scim_identities`.
 * @interface
 */
export type SeedScimIdentity = z.input<typeof SeedScimIdentity>;
/**
 * The OAuth provider's state, as `mock.exportState()` writes it: signing key, sessions, codes and tokens.
 * @interface
 */
export type SeedOAuth = z.input<typeof SeedOAuth>;
/**
 * The instance: its offering, plan, token policy, feature flags and approval settings.
 * @interface
 */
export type SeedInstance = z.input<typeof SeedInstance>;

/** A seed that cannot be loaded; the message names the bad path (`projects[0].members.dev: unknown user`). */
export class SeedError extends Error {
  constructor(
    /** Where in the document: `projects[0].members.dev`, or `''` for the document itself. */
    readonly path: string,
    /** What is wrong there: `unknown user`, `unknown key`... */
    readonly reason: string,
  ) {
    super(path ? `${path}: ${reason}` : reason);
    this.name = 'SeedError';
  }
}

/** Checks a value against a part of the seed document's schema; throws a {@link SeedError} naming the first bad path. */
export function parseSeed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { path, reason } = firstIssue(result.error);
  throw new SeedError(path, reason);
}

/** Checks the shape of a seed document; throws a {@link SeedError} naming the first bad path. */
export const parseSeedDocument = (input: unknown) => parseSeed(SeedDocument, input);

/** Runs `build` for item `index` of list `key`, prefixing the path of any {@link SeedError} it throws. */
export function within<T>(key: string, index: number, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof SeedError) {
      throw new SeedError(`${key}[${index}]${error.path ? `.${error.path}` : ''}`, error.reason);
    }
    throw error;
  }
}

/** Runs `build` on every item of list `key`, naming the item in any {@link SeedError}. */
export function eachWithin<T>(key: string, items: readonly T[] | undefined, build: (item: T) => unknown): void {
  for (const [index, item] of (items ?? []).entries()) within(key, index, () => build(item));
}

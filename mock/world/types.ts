/**
 * The mock's world: plain data only (Maps, arrays, strings, numbers), so that
 * `structuredClone` gives snapshots and every rule is a plain function over it.
 * Timestamps are ISO 8601 strings, dates `YYYY-MM-DD`, as GitLab stores them.
 * @module
 */

/** Role numbers: 10 Guest, 15 Planner, 20 Reporter, 30 Developer, 40 Maintainer, 50 Owner. */
export type Role = 10 | 15 | 20 | 30 | 40 | 50;
export const Roles = { Guest: 10, Planner: 15, Reporter: 20, Developer: 30, Maintainer: 40, Owner: 50 } as const;
export const ROLE_VALUES: readonly Role[] = [10, 15, 20, 30, 40, 50];

export type Visibility = 'private' | 'internal' | 'public';
export type Plan = 'free' | 'premium' | 'ultimate';
export type Offering = 'hosted' | 'self-managed';

/** The seven approval settings, in "allow" polarity, as GitLab's settings document names them. */
export interface ApprovalSettingValues {
  allow_author_approval?: boolean;
  allow_committer_approval?: boolean;
  allow_overrides_to_approver_list_per_merge_request?: boolean;
  retain_approvals_on_push?: boolean;
  selective_code_owner_removals?: boolean;
  require_password_to_approve?: boolean;
  require_reauthentication_to_approve?: boolean;
}

export interface Instance {
  offering: Offering;
  /** Licence plan of a self-managed instance (the hosted offering uses each top-level group's plan). */
  plan: Plan;
  require_token_expiry: boolean;
  feature_flags: string[];
  approval_settings: ApprovalSettingValues;
}

export interface User {
  id: number;
  username: string;
  name: string;
  email: string;
  state: 'active' | 'blocked';
  admin: boolean;
  /** Bot users belong to a project (or group) access token. */
  bot: boolean;
  password: string;
  created_at: string;
}

/** A token that authenticates API calls: a personal token, or a project access token (a personal token of a bot user). */
export interface AccessToken {
  id: number;
  user_id: number;
  name: string;
  description: string | null;
  scopes: string[];
  /** The secret value sent in PRIVATE-TOKEN. */
  value: string;
  revoked: boolean;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  /** Set for project access tokens: the project whose bot owns it. */
  project_id: number | null;
  /** The token this one was rotated from (its family, for reuse detection). */
  previous_id: number | null;
}

export interface Group {
  id: number;
  name: string;
  path: string;
  full_path: string;
  description: string;
  parent_id: number | null;
  visibility: Visibility;
  plan: Plan;
  saml_scim: boolean;
  created_at: string;
  /** userId → role, direct memberships only. */
  members: Map<number, Role>;
  approval_settings: ApprovalSettingValues;
  /** SAML single sign-on is enforced: approving with a password always fails (re-authentication needs SAML). */
  enforced_sso: boolean;
  /** Counter for the iids of group milestones. */
  next_iid: { milestone: number };
}

export type Namespace = { kind: 'group'; id: number } | { kind: 'user'; id: number };

export interface Project {
  id: number;
  name: string;
  path: string;
  path_with_namespace: string;
  description: string;
  namespace: Namespace;
  visibility: Visibility;
  created_at: string;
  /** userId → role, direct memberships only (bot users of the project's tokens included). */
  members: Map<number, Role>;
  /**
   * The project's own approval settings (allow polarity, every key set; the group and
   * the instance may lock them). The project's approval configuration is another view
   * of these same values.
   */
  approval_settings: ApprovalSettingValues;
  /** Deprecated approval count of the approval configuration; kept and reported, approval rules decide. */
  approvals_before_merge: number;
  /** Per-project counters for iids. */
  next_iid: { milestone: number; issue: number; merge_request: number };
}

/** A milestone of a project (`project_id`) or of a group (`group_id`). */
export interface Milestone {
  id: number;
  iid: number;
  project_id: number | null;
  group_id: number | null;
  title: string;
  description: string | null;
  state: 'active' | 'closed';
  due_date: string | null;
  start_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface IssueEvent {
  action: 'closed' | 'reopened';
  at: string;
}

export interface Issue {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  author_id: number;
  assignee_ids: number[];
  milestone_id: number | null;
  weight: number | null;
  confidential: boolean;
  labels: string[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  closed_by_id: number | null;
  /** State changes after creation, in time order (the burndown chart reads them). */
  events: IssueEvent[];
}

export interface MergeRequest {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed' | 'merged' | 'locked';
  author_id: number;
  committer_ids: number[];
  sha: string;
  source_branch: string;
  target_branch: string;
  milestone_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface Application {
  id: number;
  application_id: string;
  name: string;
  redirect_uri: string;
  scopes: string[];
  confidential: boolean;
  secret: string;
}

export interface ScimIdentity {
  id: number;
  group_id: number;
  user_id: number;
  extern_uid: string;
  active: boolean;
}

/**
 * A protected branch (name or wildcard such as `release/*`) of a project, or a
 * group-level one that applies to every project of the group. Made from the
 * seed's `protected_branches` names; approval rules refer to them by id.
 */
export interface ProtectedBranch {
  id: number;
  project_id: number | null;
  group_id: number | null;
  name: string;
  code_owner_approval_required: boolean;
  allow_force_push: boolean;
  /** Who may push (the access-level record's id and its role; Maintainers by default). */
  push_access_level: { id: number; access_level: Role };
  /** Who may merge. */
  merge_access_level: { id: number; access_level: Role };
}

/** Kinds of approval rule; `code_owner` and `report_approver` rules are made by the system. */
export type ApprovalRuleType = 'any_approver' | 'regular' | 'report_approver' | 'code_owner';
/** Reports a `report_approver` rule is about. */
export type ApprovalReportType = 'license_scanning' | 'code_coverage';

/** What approval rules have at every level. */
export interface ApprovalRuleFields {
  id: number;
  name: string;
  rule_type: ApprovalRuleType;
  /** Only for `report_approver` rules. */
  report_type: ApprovalReportType | null;
  approvals_required: number;
  user_ids: number[];
  group_ids: number[];
}

/** An approval rule of a project. No protected branches and not `applies_to_all_protected_branches`: every branch. */
export interface ProjectApprovalRule extends ApprovalRuleFields {
  project_id: number;
  applies_to_all_protected_branches: boolean;
  protected_branch_ids: number[];
}

/** An approval rule of a group: it applies to the protected branches of every project of the group. */
export interface GroupApprovalRule extends ApprovalRuleFields {
  group_id: number;
  applies_to_all_protected_branches: boolean;
  protected_branch_ids: number[];
}

/** An approval rule of one merge request, possibly copied from a project rule. */
export interface MergeRequestApprovalRule extends ApprovalRuleFields {
  merge_request_id: number;
  /** The project rule it was copied from. */
  source_rule_id: number | null;
}

/** One user's approval of a merge request. */
export interface Approval {
  id: number;
  merge_request_id: number;
  user_id: number;
  created_at: string;
}

export interface World {
  /** Origin and path GitLab is served from, without a trailing slash (e.g. `http://gitlab.test`). */
  baseUrl: string;
  /** The world clock, in milliseconds since the epoch. */
  now: number;
  /** State of the seedable random source every secret comes from. */
  randomState: number;
  /** Last id given out, per table: ids count up like database sequences. */
  lastId: Record<string, number>;
  instance: Instance;
  users: Map<number, User>;
  tokens: Map<number, AccessToken>;
  /** Token value → token id, so authentication is one lookup. Kept by `addToken`. */
  tokenIds: Map<string, number>;
  groups: Map<number, Group>;
  projects: Map<number, Project>;
  milestones: Map<number, Milestone>;
  issues: Map<number, Issue>;
  mergeRequests: Map<number, MergeRequest>;
  applications: Map<number, Application>;
  scimIdentities: Map<number, ScimIdentity>;
  protectedBranches: Map<number, ProtectedBranch>;
  projectApprovalRules: Map<number, ProjectApprovalRule>;
  groupApprovalRules: Map<number, GroupApprovalRule>;
  mergeRequestApprovalRules: Map<number, MergeRequestApprovalRule>;
  approvals: Map<number, Approval>;
}

import * as z from 'zod';
import { DateTimeString, type PaginationQuery, UserBasic } from './common.js';

/**
 * Merge request approvals: approval rules at group, project and merge-request
 * level, a project's approval configuration, and the approval status and state
 * of one merge request.
 * @module
 */

/** A group as GitLab nests it in approval rules (the Group entity). */
export const GroupSummary = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  description: z.string().nullable(),
  visibility: z.string(),
  lfs_enabled: z.boolean().optional(),
  avatar_url: z.string().nullable(),
  web_url: z.string(),
  request_access_enabled: z.boolean().optional(),
  full_name: z.string(),
  full_path: z.string(),
  parent_id: z.number().int().nullable(),
  ldap_cn: z.string().nullable().optional(),
  ldap_access: z.number().int().nullable().optional(),
});
/** A group as GitLab nests it in approval rules (the Group entity). */
export type GroupSummary = z.infer<typeof GroupSummary>;

/** Rule types GitLab sends: `any_approver`, `regular`, `report_approver` (made by the system from policies), `code_owner`. */
export type ApprovalRuleType = 'any_approver' | 'regular' | 'report_approver' | 'code_owner';

/** One access level of a protected branch, as project approval rules nest it. */
export const BranchAccessLevel = z.looseObject({
  access_level: z.number().int(),
  access_level_description: z.string(),
});
/** One access level of a protected branch, as project approval rules nest it. */
export type BranchAccessLevel = z.infer<typeof BranchAccessLevel>;

/**
 * A protected branch as a project approval rule nests it. Note GitLab's quirk:
 * `code_owner_approval_required` is the string `'true'` or `'false'` here, a real
 * boolean in group rules ({@link GroupRuleProtectedBranch}).
 */
export const ProjectRuleProtectedBranch = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  push_access_levels: z.array(BranchAccessLevel),
  merge_access_levels: z.array(BranchAccessLevel),
  unprotect_access_levels: z.array(BranchAccessLevel),
  /** `'true'` or `'false'`: a boolean sent as a string. */
  code_owner_approval_required: z.string(),
});
/** A protected branch as a project approval rule nests it (`code_owner_approval_required` is a string). */
export type ProjectRuleProtectedBranch = z.infer<typeof ProjectRuleProtectedBranch>;

/** A protected branch as a group approval rule nests it: richer access levels, and real booleans. */
export const GroupRuleProtectedBranch = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  push_access_levels: z.array(
    BranchAccessLevel.extend({
      id: z.number().int(),
      deploy_key_id: z.number().int().nullable(),
      user_id: z.number().int().nullable(),
      group_id: z.number().int().nullable(),
    }),
  ),
  merge_access_levels: z.array(
    BranchAccessLevel.extend({
      id: z.number().int(),
      user_id: z.number().int().nullable(),
      group_id: z.number().int().nullable(),
    }),
  ),
  unprotect_access_levels: z.array(BranchAccessLevel),
  allow_force_push: z.boolean(),
  code_owner_approval_required: z.boolean(),
  inherited: z.boolean(),
});
/** A protected branch as a group approval rule nests it. */
export type GroupRuleProtectedBranch = z.infer<typeof GroupRuleProtectedBranch>;

/** What every approval rule has, at any level. */
export const ApprovalRule = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  /** See {@link ApprovalRuleType}; kept a string so rule types of newer GitLab versions still parse. */
  rule_type: z.string(),
  /** `license_scanning` (deprecated) or `code_coverage` for `report_approver` rules; null otherwise. */
  report_type: z.string().nullable().optional(),
  /** Everyone who may approve for this rule: its users and the members of its groups. */
  eligible_approvers: z.array(UserBasic),
  approvals_required: z.number().int(),
  users: z.array(UserBasic),
  /** The rule's groups the caller may see. */
  groups: z.array(GroupSummary),
  /** True when the rule also has private groups the caller cannot see. */
  contains_hidden_groups: z.boolean(),
});
/** What every approval rule has, at any level. */
export type ApprovalRule = z.infer<typeof ApprovalRule>;

/** A project approval rule. */
export const ProjectApprovalRule = ApprovalRule.extend({
  applies_to_all_protected_branches: z.boolean(),
  protected_branches: z.array(ProjectRuleProtectedBranch).optional(),
});
/** A project approval rule. */
export type ProjectApprovalRule = z.infer<typeof ProjectApprovalRule>;

/** A group approval rule (experimental in GitLab: behind the `approval_group_rules` flag). */
export const GroupApprovalRule = ApprovalRule.extend({
  applies_to_all_protected_branches: z.boolean(),
  protected_branches: z.array(GroupRuleProtectedBranch).optional(),
});
/** A group approval rule. */
export type GroupApprovalRule = z.infer<typeof GroupApprovalRule>;

/** A merge-request approval rule. */
export const MergeRequestApprovalRule = ApprovalRule.extend({
  section: z.string().nullable().optional(),
  /** The project rule it was copied from (GitLab sends its `approvals_required`), or null. */
  source_rule: z.looseObject({ approvals_required: z.number().int() }).nullable(),
  /** True when the rule differs from its source rule (name, approvals, users or groups). */
  overridden: z.boolean(),
});
/** A merge-request approval rule. */
export type MergeRequestApprovalRule = z.infer<typeof MergeRequestApprovalRule>;

/** A rule of a merge request's approval state: the rule and who approved it. */
export const MergeRequestApprovalStateRule = MergeRequestApprovalRule.extend({
  code_owner: z.boolean().optional(),
  approved_by: z.array(UserBasic),
  approved: z.boolean(),
});
/** A rule of a merge request's approval state. */
export type MergeRequestApprovalStateRule = z.infer<typeof MergeRequestApprovalStateRule>;

/** `GET /projects/:id/merge_requests/:merge_request_iid/approval_state`. */
export const MergeRequestApprovalState = z.looseObject({
  /** True when the merge request has its own rules in place of the project's. */
  approval_rules_overwritten: z.boolean(),
  rules: z.array(MergeRequestApprovalStateRule),
});
/** The approval state of a merge request: every rule that applies, approved or not. */
export type MergeRequestApprovalState = z.infer<typeof MergeRequestApprovalState>;

/** A rule in short (`approval_rules_left`, `invalid_approvers_rules`). */
export const ApprovalRuleShort = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  rule_type: z.string(),
});
/** A rule in short. */
export type ApprovalRuleShort = z.infer<typeof ApprovalRuleShort>;

/** A user who approved, in a merge request's approval status (`state` is not guaranteed there). */
export const Approver = z.looseObject({
  user: UserBasic.extend({ state: z.string().optional() }),
  approved_at: DateTimeString.optional(),
});
/** A user who approved, and when. */
export type Approver = z.infer<typeof Approver>;

/** The approval status of a merge request: `GET .../approvals`, and the answer to approve and unapprove. */
export const MergeRequestApprovalStatus = z.looseObject({
  id: z.number().int(),
  iid: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  state: z.string(),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  /** `can_be_merged`, `cannot_be_merged`, ... */
  merge_status: z.string(),
  approved: z.boolean().optional(),
  approvals_required: z.number().int(),
  approvals_left: z.number().int(),
  require_password_to_approve: z.boolean().optional(),
  approved_by: z.array(Approver),
  suggested_approvers: z.array(UserBasic).optional(),
  user_has_approved: z.boolean().optional(),
  user_can_approve: z.boolean().optional(),
  approval_rules_left: z.array(ApprovalRuleShort).optional(),
  has_approval_rules: z.boolean().optional(),
  invalid_approvers_rules: z.array(ApprovalRuleShort).optional(),
});
/** The approval status of a merge request. */
export type MergeRequestApprovalStatus = z.infer<typeof MergeRequestApprovalStatus>;

/** A project's approval configuration: `GET /projects/:id/approvals`. */
export const ProjectApprovalConfiguration = z.looseObject({
  /** Deprecated; always empty. */
  approvers: z.array(z.unknown()),
  /** Deprecated; always empty. */
  approver_groups: z.array(z.unknown()),
  /** Deprecated: use approval rules. */
  approvals_before_merge: z.number().int(),
  reset_approvals_on_push: z.boolean(),
  selective_code_owner_removals: z.boolean().optional(),
  disable_overriding_approvers_per_merge_request: z.boolean(),
  /** True means authors can approve their own merge requests. */
  merge_requests_author_approval: z.boolean(),
  merge_requests_disable_committers_approval: z.boolean(),
  /** Deprecated: mirrors `require_reauthentication_to_approve`. */
  require_password_to_approve: z.boolean(),
  require_reauthentication_to_approve: z.boolean().optional(),
});
/** A project's approval configuration. */
export type ProjectApprovalConfiguration = z.infer<typeof ProjectApprovalConfiguration>;

/** Body of `POST /projects/:id/approvals`: at least one field. */
export interface ProjectApprovalConfigurationUpdate {
  /** @deprecated Use approval rules. */
  approvals_before_merge?: number;
  /** Remove approvals when new commits are pushed. */
  reset_approvals_on_push?: boolean;
  /** Remove only code owners' approvals when their files change (needs `reset_approvals_on_push` false). */
  selective_code_owner_removals?: boolean;
  /** Forbid editing approval rules in merge requests. */
  disable_overriding_approvers_per_merge_request?: boolean;
  /** True lets authors approve their own merge requests. */
  merge_requests_author_approval?: boolean;
  /** True forbids users who committed to a merge request from approving it. */
  merge_requests_disable_committers_approval?: boolean;
  /** @deprecated Use `require_reauthentication_to_approve`. */
  require_password_to_approve?: boolean;
  /** Approvers must give their password (`approval_password`) to approve. */
  require_reauthentication_to_approve?: boolean;
}

/** Body of `POST /projects/:id/approval_rules`. */
export interface ProjectApprovalRuleCreate {
  name: string;
  /** 0 to 100. */
  approvals_required: number;
  /** `regular` (default), `any_approver` (one per project) or `report_approver` (with `report_type`). */
  rule_type?: 'any_approver' | 'regular' | 'report_approver';
  /** With `rule_type: 'report_approver'`: `code_coverage`, or the deprecated `license_scanning`. */
  report_type?: 'license_scanning' | 'code_coverage';
  /** Approvers by id; only members of the project are kept. */
  user_ids?: number[];
  /** Approvers by username; added to `user_ids`. */
  usernames?: string[];
  /** Approver groups; only groups the caller can see are kept. */
  group_ids?: number[];
  /** Protected branches the rule applies to (ignored when `applies_to_all_protected_branches`). */
  protected_branch_ids?: number[];
  /** Apply to every protected branch of the project. Default false. */
  applies_to_all_protected_branches?: boolean;
}

/**
 * Body of `PUT /projects/:id/approval_rules/:approval_rule_id`. GitLab's API
 * documentation requires `name` and `approvals_required` here; the users and groups
 * given replace the rule's (hidden groups stay unless `remove_hidden_groups`).
 */
export interface ProjectApprovalRuleUpdate {
  name: string;
  /** 0 to 100. */
  approvals_required: number;
  user_ids?: number[];
  usernames?: string[];
  group_ids?: number[];
  protected_branch_ids?: number[];
  applies_to_all_protected_branches?: boolean;
  /** Also remove the private groups the caller cannot see. */
  remove_hidden_groups?: boolean;
}

/** Body of `POST /projects/:id/merge_requests/:merge_request_iid/approval_rules`. */
export interface MergeRequestApprovalRuleCreate {
  name: string;
  /** 0 to 100. */
  approvals_required: number;
  /** Copy the name, users and groups of this project rule (the `approvals_required` given here is used). */
  approval_project_rule_id?: number;
  user_ids?: number[];
  usernames?: string[];
  group_ids?: number[];
}

/** Body of `PUT /projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id`. */
export interface MergeRequestApprovalRuleUpdate {
  name?: string;
  approvals_required?: number;
  user_ids?: number[];
  usernames?: string[];
  group_ids?: number[];
  /** Also remove the private groups the caller cannot see. */
  remove_hidden_groups?: boolean;
}

/** Body of `POST /groups/:id/approval_rules`. */
export interface GroupApprovalRuleCreate {
  name: string;
  /** 0 to 100. */
  approvals_required: number;
  /** `regular` by default; GitLab asks not to build `report_approver` rules through the API. */
  rule_type?: 'any_approver' | 'regular' | 'report_approver';
  /** Approvers by id; only members of the group are kept. */
  user_ids?: number[];
  /** Approver groups; only groups the caller can see are kept. */
  group_ids?: number[];
}

/** Body of `PUT /groups/:id/approval_rules/:approval_rule_id`: the same fields as create, all optional. */
export type GroupApprovalRuleUpdate = Partial<GroupApprovalRuleCreate>;

/** Body of `POST /projects/:id/merge_requests/:merge_request_iid/approve`. */
export interface MergeRequestApprove {
  /** The head commit the caller reviewed; a different head is a 409. */
  sha?: string;
  /** The caller's password, when the project requires re-authentication to approve. */
  approval_password?: string;
}

/** Pagination of the approval rule lists. */
export type ApprovalRuleListQuery = PaginationQuery;

import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { DateTimeString, type PaginationQuery, UserBasic } from './common.js';

/**
 * Merge request approvals: approval rules at group, project and merge-request
 * level, a project's approval configuration, and the approval status and state
 * of one merge request.
 * @module
 */

/** A group as GitLab nests it in approval rules (the Group entity). */
export const GroupSummary = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The group's id. */
    id: z.int(),
    /** The name. */
    name: z.string(),
    /** The last segment of its path. */
    path: z.string(),
    /** The description, or `null`. */
    description: z.nullable(z.string()),
    /** `private`, `internal` or `public`. */
    visibility: z.string(),
    /** Git LFS is enabled for its projects. */
    lfs_enabled: z.optional(z.boolean()),
    /** The avatar's URL, or `null`. */
    avatar_url: z.nullable(z.string()),
    /** The group's page. */
    web_url: z.string(),
    /** Users may ask to join. */
    request_access_enabled: z.optional(z.boolean()),
    /** The names of the group and its parents: `Acme / Platform`. */
    full_name: z.string(),
    /** The full path: `acme/platform`. */
    full_path: z.string(),
    /** The parent group's id; `null` for a top-level group. */
    parent_id: z.nullable(z.int()),
    /** The LDAP group it syncs with (self-managed), or `null`. */
    ldap_cn: z.optional(z.nullable(z.string())),
    /** The role LDAP members get, or `null`. */
    ldap_access: z.optional(z.nullable(z.int())),
  }),
);
/**
 * A group as GitLab nests it in approval rules (the Group entity).
 * @interface
 */
export type GroupSummary = z.infer<typeof GroupSummary>;

/** Rule types GitLab sends: `any_approver`, `regular`, `report_approver` (made by the system from policies), `code_owner`. */
export type ApprovalRuleType = 'any_approver' | 'regular' | 'report_approver' | 'code_owner';

/**
 * One access level of a protected branch (GitLab's ProtectedRefAccess entity): a role,
 * or (Premium) a user, a group or a deploy key. Older GitLab versions send only the
 * role and its description.
 */
export const BranchAccessLevel = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The access level's id (newer GitLab versions only). */
    id: z.optional(z.int()),
    /** A role number (30 Developer, 40 Maintainer, 60 instance admins), 0 for no one; `null` when the level names a user or a group. */
    access_level: z.nullable(z.int()),
    /** What GitLab shows for it: `Maintainers`, `Developers + Maintainers`, `No one`, or the user's or group's name. */
    access_level_description: z.string(),
    /** The deploy key it allows, or `null` (push levels only: the entity sends it where the table has the column). */
    deploy_key_id: z.optional(z.nullable(z.int())),
    /** The user it allows, or `null` (newer GitLab versions only). */
    user_id: z.optional(z.nullable(z.int())),
    /** The group it allows, or `null` (newer GitLab versions only). */
    group_id: z.optional(z.nullable(z.int())),
  }),
);
/**
 * One access level of a protected branch (GitLab's ProtectedRefAccess entity).
 * @interface
 */
export type BranchAccessLevel = z.infer<typeof BranchAccessLevel>;

/**
 * A protected branch as a project approval rule nests it: GitLab's ProtectedBranch
 * entity, the same as in group rules, with the fields older GitLab versions lack
 * optional. `code_owner_approval_required` is a boolean: the string `"false"` in the
 * project-rule example of GitLab's API documentation is a typo there.
 */
export const ProjectRuleProtectedBranch = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The protected branch's id: what `protected_branch_ids` takes. */
    id: z.int(),
    /** The branch name, or a wildcard such as `release/*`. */
    name: z.string(),
    /** Who may push. */
    push_access_levels: z.array(BranchAccessLevel),
    /** Who may merge. */
    merge_access_levels: z.array(BranchAccessLevel),
    /** Force pushes are allowed (newer GitLab versions only). */
    allow_force_push: z.optional(z.boolean()),
    /** Who may unprotect the branch. */
    unprotect_access_levels: z.array(BranchAccessLevel),
    /** Code owners must approve changes to their files. */
    code_owner_approval_required: z.boolean(),
    /** A group's protected branch rather than the project's own (newer GitLab versions only). */
    inherited: z.optional(z.boolean()),
  }),
);
/**
 * A protected branch as a project approval rule nests it (GitLab's ProtectedBranch entity).
 * @interface
 */
export type ProjectRuleProtectedBranch = z.infer<typeof ProjectRuleProtectedBranch>;

/** An access level in a group rule: every GitLab version with group rules sends its id, user and group. */
const GroupRuleBranchAccessLevel = /* @__PURE__ */ lazySchema(() =>
  z.extend(BranchAccessLevel, {
    /** The access level's id. */
    id: z.int(),
    /** The user it allows, or `null`. */
    user_id: z.nullable(z.int()),
    /** The group it allows, or `null`. */
    group_id: z.nullable(z.int()),
  }),
);

/**
 * A protected branch as a group approval rule nests it: the same ProtectedBranch entity,
 * from GitLab versions recent enough to send all of its fields.
 */
export const GroupRuleProtectedBranch = /* @__PURE__ */ lazySchema(() =>
  z.extend(ProjectRuleProtectedBranch, {
    /** Who may push. */
    push_access_levels: z.array(GroupRuleBranchAccessLevel),
    /** Who may merge. */
    merge_access_levels: z.array(GroupRuleBranchAccessLevel),
    /** Force pushes are allowed. */
    allow_force_push: z.boolean(),
    /** A group's protected branch (true for the branches of a group rule). */
    inherited: z.boolean(),
  }),
);
/**
 * A protected branch as a group approval rule nests it.
 * @interface
 */
export type GroupRuleProtectedBranch = z.infer<typeof GroupRuleProtectedBranch>;

/** What every approval rule has, at any level. */
export const ApprovalRule = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The rule's id: the `ruleId` of the SDK's methods. */
    id: z.int(),
    /** The name, unique among the rules of its kind. */
    name: z.string(),
    /** See {@link ApprovalRuleType}; kept a string so rule types of newer GitLab versions still parse. */
    rule_type: z.string(),
    /** `license_scanning` (deprecated) or `code_coverage` for `report_approver` rules; null otherwise. */
    report_type: z.optional(z.nullable(z.string())),
    /** Everyone who may approve for this rule: its users and the members of its groups. */
    eligible_approvers: z.array(UserBasic),
    /** Approvals the rule needs, 0 to 100. */
    approvals_required: z.int(),
    /** Users named as approvers. */
    users: z.array(UserBasic),
    /** The rule's groups the caller may see. */
    groups: z.array(GroupSummary),
    /** True when the rule also has private groups the caller cannot see. */
    contains_hidden_groups: z.boolean(),
  }),
);
/**
 * What every approval rule has, at any level.
 * @interface
 */
export type ApprovalRule = z.infer<typeof ApprovalRule>;

/** A project approval rule. */
export const ProjectApprovalRule = /* @__PURE__ */ lazySchema(() =>
  z.extend(ApprovalRule, {
    /** Applies to every protected branch (`protected_branches` is then ignored). */
    applies_to_all_protected_branches: z.boolean(),
    /** The protected branches it applies to; none means every branch. */
    protected_branches: z.optional(z.array(ProjectRuleProtectedBranch)),
  }),
);
/**
 * A project approval rule.
 * @interface
 */
export type ProjectApprovalRule = z.infer<typeof ProjectApprovalRule>;

/** A group approval rule (experimental in GitLab: behind the `approval_group_rules` flag). */
export const GroupApprovalRule = /* @__PURE__ */ lazySchema(() =>
  z.extend(ApprovalRule, {
    /** Applies to every protected branch of the group's projects. */
    applies_to_all_protected_branches: z.boolean(),
    /** The protected branches it applies to. */
    protected_branches: z.optional(z.array(GroupRuleProtectedBranch)),
  }),
);
/**
 * A group approval rule.
 * @interface
 */
export type GroupApprovalRule = z.infer<typeof GroupApprovalRule>;

/** A merge-request approval rule. */
export const MergeRequestApprovalRule = /* @__PURE__ */ lazySchema(() =>
  z.extend(ApprovalRule, {
    /** The CODEOWNERS section of a `code_owner` rule, or `null`. */
    section: z.optional(z.nullable(z.string())),
    /** The project rule it was copied from (GitLab sends its `approvals_required`), or null. */
    source_rule: z.nullable(
      z.looseObject({
        /** The project rule's own `approvals_required`. */
        approvals_required: z.int(),
      }),
    ),
    /** True when the rule differs from its source rule (name, approvals, users or groups). */
    overridden: z.boolean(),
  }),
);
/**
 * A merge-request approval rule.
 * @interface
 */
export type MergeRequestApprovalRule = z.infer<typeof MergeRequestApprovalRule>;

/** A rule of a merge request's approval state: the rule and who approved it. */
export const MergeRequestApprovalStateRule = /* @__PURE__ */ lazySchema(() =>
  z.extend(MergeRequestApprovalRule, {
    /** A code owner rule. */
    code_owner: z.optional(z.boolean()),
    /** Eligible approvers who approved. */
    approved_by: z.array(UserBasic),
    /** The rule has all the approvals it needs. */
    approved: z.boolean(),
  }),
);
/**
 * A rule of a merge request's approval state.
 * @interface
 */
export type MergeRequestApprovalStateRule = z.infer<typeof MergeRequestApprovalStateRule>;

/** `GET /projects/:id/merge_requests/:merge_request_iid/approval_state`. */
export const MergeRequestApprovalState = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** True when the merge request has its own rules in place of the project's. */
    approval_rules_overwritten: z.boolean(),
    /** Every rule that applies to the merge request. */
    rules: z.array(MergeRequestApprovalStateRule),
  }),
);
/**
 * The approval state of a merge request: every rule that applies, approved or not.
 * @interface
 */
export type MergeRequestApprovalState = z.infer<typeof MergeRequestApprovalState>;

/** A rule in short (`approval_rules_left`, `invalid_approvers_rules`). */
export const ApprovalRuleShort = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The rule's id. */
    id: z.int(),
    /** The rule's name. */
    name: z.string(),
    /** The rule's type (see {@link ApprovalRuleType}). */
    rule_type: z.string(),
  }),
);
/**
 * A rule in short.
 * @interface
 */
export type ApprovalRuleShort = z.infer<typeof ApprovalRuleShort>;

/** A user who approved, in a merge request's approval status (`state` is not guaranteed there). */
export const Approver = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Who approved. */
    user: z.extend(UserBasic, {
      /** `active`, `blocked`...; GitLab does not always send it here. */
      state: z.optional(z.string()),
    }),
    /** When (newer GitLab versions only). */
    approved_at: z.optional(DateTimeString),
  }),
);
/**
 * A user who approved, and when.
 * @interface
 */
export type Approver = z.infer<typeof Approver>;

/** The approval status of a merge request: `GET .../approvals`, and the answer to approve and unapprove. */
export const MergeRequestApprovalStatus = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The merge request's id, unique in the instance. */
    id: z.int(),
    /** Its number within the project (`!12`). */
    iid: z.int(),
    /** The project's id. */
    project_id: z.int(),
    /** The title. */
    title: z.string(),
    /** The description, or `null`. */
    description: z.nullable(z.string()),
    /** `opened`, `closed`, `locked` or `merged`. */
    state: z.string(),
    /** When it was opened. */
    created_at: DateTimeString,
    /** When it last changed. */
    updated_at: DateTimeString,
    /** `can_be_merged`, `cannot_be_merged`, ... */
    merge_status: z.string(),
    /** Every applying rule is approved. */
    approved: z.optional(z.boolean()),
    /** Approvals it needs in all. */
    approvals_required: z.int(),
    /** Approvals it still needs (0 when approved). */
    approvals_left: z.int(),
    /** Approvers must give their password (`approval_password`). */
    require_password_to_approve: z.optional(z.boolean()),
    /** Who approved, and when. */
    approved_by: z.array(Approver),
    /** Users who may approve and have not. */
    suggested_approvers: z.optional(z.array(UserBasic)),
    /** The caller has approved. */
    user_has_approved: z.optional(z.boolean()),
    /** The caller may approve. */
    user_can_approve: z.optional(z.boolean()),
    /** The rules still waiting for approvals. */
    approval_rules_left: z.optional(z.array(ApprovalRuleShort)),
    /** Any rule applies to the merge request. */
    has_approval_rules: z.optional(z.boolean()),
    /** Rules that need more approvals than they have eligible approvers. */
    invalid_approvers_rules: z.optional(z.array(ApprovalRuleShort)),
  }),
);
/**
 * The approval status of a merge request.
 * @interface
 */
export type MergeRequestApprovalStatus = z.infer<typeof MergeRequestApprovalStatus>;

/** A project's approval configuration: `GET /projects/:id/approvals`. */
export const ProjectApprovalConfiguration = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Deprecated; always empty. */
    approvers: z.array(z.unknown()),
    /** Deprecated; always empty. */
    approver_groups: z.array(z.unknown()),
    /** Deprecated: use approval rules. */
    approvals_before_merge: z.int(),
    /** Approvals are removed when new commits are pushed. */
    reset_approvals_on_push: z.boolean(),
    /** Only code owners' approvals are removed when their files change. */
    selective_code_owner_removals: z.optional(z.boolean()),
    /** Approval rules cannot be edited in merge requests. */
    disable_overriding_approvers_per_merge_request: z.boolean(),
    /** True means authors can approve their own merge requests. */
    merge_requests_author_approval: z.boolean(),
    /** True forbids users who committed to a merge request from approving it. */
    merge_requests_disable_committers_approval: z.boolean(),
    /** Deprecated: mirrors `require_reauthentication_to_approve`. */
    require_password_to_approve: z.boolean(),
    /** Approvers must give their password to approve. */
    require_reauthentication_to_approve: z.optional(z.boolean()),
  }),
);
/**
 * A project's approval configuration.
 * @interface
 */
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
  /** The name, unique among the project's rules of its type. */
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
  /** The name (required here, as GitLab's API documentation says). */
  name: string;
  /** 0 to 100. */
  approvals_required: number;
  /** Approvers by id; replaces the rule's users (with `usernames`). */
  user_ids?: number[];
  /** Approvers by username; added to `user_ids`. */
  usernames?: string[];
  /** Approver groups; replaces the rule's groups the caller can see. */
  group_ids?: number[];
  /** The protected branches the rule applies to. */
  protected_branch_ids?: number[];
  /** Apply to every protected branch of the project. */
  applies_to_all_protected_branches?: boolean;
  /** Also remove the private groups the caller cannot see. */
  remove_hidden_groups?: boolean;
}

/** Body of `POST /projects/:id/merge_requests/:merge_request_iid/approval_rules`. */
export interface MergeRequestApprovalRuleCreate {
  /** The name (the project rule's, when `approval_project_rule_id` is given). */
  name: string;
  /** 0 to 100. */
  approvals_required: number;
  /** Copy the name, users and groups of this project rule (the `approvals_required` given here is used). */
  approval_project_rule_id?: number;
  /** Approvers by id. */
  user_ids?: number[];
  /** Approvers by username; added to `user_ids`. */
  usernames?: string[];
  /** Approver groups. */
  group_ids?: number[];
}

/** Body of `PUT /projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id`. */
export interface MergeRequestApprovalRuleUpdate {
  /** A new name. */
  name?: string;
  /** Approvals the rule needs, 0 to 100. */
  approvals_required?: number;
  /** Approvers by id; replaces the rule's users (with `usernames`). */
  user_ids?: number[];
  /** Approvers by username; added to `user_ids`. */
  usernames?: string[];
  /** Approver groups; replaces the rule's groups the caller can see. */
  group_ids?: number[];
  /** Also remove the private groups the caller cannot see. */
  remove_hidden_groups?: boolean;
}

/** Body of `POST /groups/:id/approval_rules`. */
export interface GroupApprovalRuleCreate {
  /** The name, unique among the group's rules. */
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

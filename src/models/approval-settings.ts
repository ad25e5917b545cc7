import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';

/**
 * Merge request approval settings of a group or a project, with what they
 * inherit from the instance and the group.
 * @module
 */

/** One approval setting: its value, and whether a higher level fixes it. */
export const ApprovalSetting = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The value that applies: the level's own, or the one a higher level fixes. */
    value: z.boolean(),
    /** True when the instance or a group fixes the value, so this level cannot change it. */
    locked: z.boolean(),
    /** `instance` or `group` when locked by that level; null otherwise. */
    inherited_from: z.nullable(z.string()),
  }),
);
/**
 * One approval setting: its value, and whether a higher level fixes it.
 * @interface
 */
export type ApprovalSetting = z.infer<typeof ApprovalSetting>;

/** The approval settings document of a group or a project: `GET .../merge_request_approval_setting`. */
export const ApprovalSettings = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Authors may approve their own merge requests. */
    allow_author_approval: ApprovalSetting,
    /** Users who committed to a merge request may approve it. */
    allow_committer_approval: ApprovalSetting,
    /** Approval rules may be edited in merge requests. */
    allow_overrides_to_approver_list_per_merge_request: ApprovalSetting,
    /** Approvals stay when new commits are pushed. */
    retain_approvals_on_push: ApprovalSetting,
    /** Only code owners' approvals are removed when their files change. */
    selective_code_owner_removals: z.optional(ApprovalSetting),
    /** Deprecated: mirrors `require_reauthentication_to_approve`. */
    require_password_to_approve: ApprovalSetting,
    /** Approvers must give their password to approve. */
    require_reauthentication_to_approve: z.optional(ApprovalSetting),
  }),
);
/**
 * The approval settings document of a group or a project.
 * @interface
 */
export type ApprovalSettings = z.infer<typeof ApprovalSettings>;

/**
 * Body of `PUT .../merge_request_approval_setting`: at least one field. Settings
 * locked by a higher level are left as they are.
 */
export interface ApprovalSettingsUpdate {
  /** Let authors approve their own merge requests. */
  allow_author_approval?: boolean;
  /** Let users who committed to a merge request approve it. */
  allow_committer_approval?: boolean;
  /** Let approval rules be edited in merge requests. */
  allow_overrides_to_approver_list_per_merge_request?: boolean;
  /** Keep approvals when new commits are pushed. */
  retain_approvals_on_push?: boolean;
  /** Needs `retain_approvals_on_push` (on a project). */
  selective_code_owner_removals?: boolean;
  /** Make approvers give their password to approve. */
  require_reauthentication_to_approve?: boolean;
}

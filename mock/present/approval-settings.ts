import type { ApprovalSettings } from '../../src/models/approval-settings.js';
import type { ProjectApprovalConfiguration } from '../../src/models/approvals.js';
import { type ResolvedSettings, settingValues } from '../rules/approvals/approval-settings.js';
import type { Project } from '../world/types.js';

/**
 * The two views of one set of approval values (SPEC 2): the settings document
 * and a project's approval configuration.
 * @module
 */

/** The settings document (R2.9); `require_password_to_approve` mirrors re-authentication (SPEC 1). */
export function presentApprovalSettings(resolved: ResolvedSettings): ApprovalSettings {
  return {
    allow_author_approval: resolved.allow_author_approval,
    allow_committer_approval: resolved.allow_committer_approval,
    allow_overrides_to_approver_list_per_merge_request: resolved.allow_overrides_to_approver_list_per_merge_request,
    retain_approvals_on_push: resolved.retain_approvals_on_push,
    selective_code_owner_removals: resolved.selective_code_owner_removals,
    require_password_to_approve: resolved.require_reauthentication_to_approve,
    require_reauthentication_to_approve: resolved.require_reauthentication_to_approve,
  };
}

/** A project's approval configuration (R2.6): the values that apply, under the configuration's names. */
export function presentApprovalConfiguration(
  project: Project,
  resolved: ResolvedSettings,
): ProjectApprovalConfiguration {
  const values = settingValues(resolved);
  return {
    approvers: [],
    approver_groups: [],
    approvals_before_merge: project.approvals_before_merge,
    reset_approvals_on_push: !values.retain_approvals_on_push,
    selective_code_owner_removals: values.selective_code_owner_removals,
    disable_overriding_approvers_per_merge_request: !values.allow_overrides_to_approver_list_per_merge_request,
    merge_requests_author_approval: values.allow_author_approval,
    merge_requests_disable_committers_approval: !values.allow_committer_approval,
    require_password_to_approve: values.require_reauthentication_to_approve,
    require_reauthentication_to_approve: values.require_reauthentication_to_approve,
  };
}

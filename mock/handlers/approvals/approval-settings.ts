import { p, parseParams } from '../../http/params.js';
import { json } from '../../http/respond.js';
import { route } from '../../http/router.js';
import { presentApprovalConfiguration, presentApprovalSettings } from '../../present/approval-settings.js';
import { findGroup, findProject } from '../../rules/access.js';
import {
  groupSettings,
  projectSettings,
  SETTING_NAMES,
  type SettingValues,
  updateConfiguration,
  updateGroupSettings,
  updateProjectSettings,
} from '../../rules/approvals/approval-settings.js';
import { requireApprovalsPlan, requireGroupApprovalsPlan } from '../../rules/approvals/approvals.js';
import { authorize } from '../../rules/policy.js';

/**
 * A project's approval configuration (/projects/:id/approvals) and the approval
 * settings of projects and groups (/…/merge_request_approval_setting):
 * GITLAB-BEHAVIOR 3 and 4, SPEC 2. Premium or Ultimate (403 otherwise).
 * @module
 */

const settingParams = {
  allow_author_approval: p.boolean().notBlank(),
  allow_committer_approval: p.boolean().notBlank(),
  allow_overrides_to_approver_list_per_merge_request: p.boolean().notBlank(),
  retain_approvals_on_push: p.boolean().notBlank(),
  selective_code_owner_removals: p.boolean().notBlank(),
  // SPEC 1: accepted, and ignored: it always mirrors require_reauthentication_to_approve.
  require_password_to_approve: p.boolean().notBlank(),
  require_reauthentication_to_approve: p.boolean().notBlank(),
};
const settingConstraints = {
  atLeastOneOf: [Object.keys(settingParams) as (keyof typeof settingParams)[]],
};

/** The settings a PUT sets. */
function settingChanges(params: Partial<Record<string, unknown>>): Partial<SettingValues> {
  const changes: Partial<SettingValues> = {};
  for (const name of SETTING_NAMES) if (typeof params[name] === 'boolean') changes[name] = params[name];
  return changes;
}

const configurationParams = {
  approvals_before_merge: p.integer(),
  reset_approvals_on_push: p.boolean(),
  selective_code_owner_removals: p.boolean(),
  disable_overriding_approvers_per_merge_request: p.boolean(),
  merge_requests_author_approval: p.boolean(),
  merge_requests_disable_committers_approval: p.boolean(),
  require_password_to_approve: p.boolean(),
  require_reauthentication_to_approve: p.boolean(),
};

const projectId = { id: p.string().required() };

export const approvalSettingRoutes = [
  // Anyone who can read the project may read its configuration (SPEC 2).
  route('GET', '/projects/:id/approvals', (ctx) => {
    const q = parseParams(ctx.params, projectId);
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireApprovalsPlan(ctx.world, project);
    return json(presentApprovalConfiguration(project, projectSettings(ctx.world, project)));
  }),

  route('POST', '/projects/:id/approvals', (ctx) => {
    const q = parseParams(
      ctx.params,
      { ...projectId, ...configurationParams },
      { atLeastOneOf: [Object.keys(configurationParams) as (keyof typeof configurationParams)[]] },
    );
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireApprovalsPlan(ctx.world, project);
    authorize(ctx.world, ctx.caller, 'update_approvers', project);
    updateConfiguration(ctx.world, project, q);
    return json(presentApprovalConfiguration(project, projectSettings(ctx.world, project)), 201);
  }),

  route('GET', '/projects/:id/merge_request_approval_setting', (ctx) => {
    const q = parseParams(ctx.params, projectId);
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireApprovalsPlan(ctx.world, project);
    authorize(ctx.world, ctx.caller, 'admin_merge_request_approval_settings', project);
    return json(presentApprovalSettings(projectSettings(ctx.world, project)));
  }),

  route('PUT', '/projects/:id/merge_request_approval_setting', (ctx) => {
    const q = parseParams(ctx.params, { ...projectId, ...settingParams }, settingConstraints);
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireApprovalsPlan(ctx.world, project);
    authorize(ctx.world, ctx.caller, 'admin_merge_request_approval_settings', project);
    const resolved = updateProjectSettings(ctx.world, project, settingChanges(q), 'approval_setting');
    return json(presentApprovalSettings(resolved));
  }),

  route('GET', '/groups/:id/merge_request_approval_setting', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required() });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    requireGroupApprovalsPlan(ctx.world, group);
    authorize(ctx.world, ctx.caller, 'admin_merge_request_approval_settings', group);
    return json(presentApprovalSettings(groupSettings(ctx.world, group)));
  }),

  route('PUT', '/groups/:id/merge_request_approval_setting', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), ...settingParams }, settingConstraints);
    const group = findGroup(ctx.world, ctx.caller, q.id);
    requireGroupApprovalsPlan(ctx.world, group);
    authorize(ctx.world, ctx.caller, 'admin_merge_request_approval_settings', group);
    return json(presentApprovalSettings(updateGroupSettings(ctx.world, group, settingChanges(q))));
  }),
];

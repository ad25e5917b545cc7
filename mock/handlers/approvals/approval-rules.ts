import { paginated } from '../../http/pagination.js';
import { p, paginationParams, parseParams } from '../../http/params.js';
import { json, noContent } from '../../http/respond.js';
import { type RouteContext, route } from '../../http/router.js';
import { presentGroupRule, presentMergeRequestRule, presentProjectRule } from '../../present/approvals.js';
import { findGroup, findProject } from '../../rules/access.js';
import {
  createGroupRule,
  createMergeRequestRule,
  createProjectRule,
  deleteMergeRequestRule,
  deleteProjectRule,
  findGroupRule,
  findMergeRequestRule,
  findProjectRule,
  groupRules,
  mergeRequestRules,
  projectRules,
  updateGroupRule,
  updateMergeRequestRule,
  updateProjectRule,
} from '../../rules/approvals/approval-rules.js';
import {
  requireApprovalsPlan,
  requireGroupApprovalRules,
  requireGroupApprovalsPlan,
  requireMergeRequestRuleRights,
} from '../../rules/approvals/approvals.js';
import { findMergeRequest } from '../../rules/merge-requests.js';
import { authorize, can } from '../../rules/policy.js';
import type { ApprovalReportType, ApprovalRuleType } from '../../world/types.js';

/**
 * Approval rules of projects (/projects/:id/approval_rules), merge requests
 * (…/merge_requests/:merge_request_iid/approval_rules) and groups
 * (/groups/:id/approval_rules): R4.3, R4.5, R4.6, GITLAB-BEHAVIOR 3, SPEC 2.
 * @module
 */

const RULE_TYPES = ['any_approver', 'regular', 'report_approver'] as const;
const REPORT_TYPES = ['license_scanning', 'code_coverage'] as const;

const approvers = {
  user_ids: p.integers(),
  usernames: p.strings({ comma: true }),
  group_ids: p.integers(),
};
const branches = {
  protected_branch_ids: p.integers(),
  applies_to_all_protected_branches: p.boolean(),
};
const projectPath = { id: p.string().required() };
const projectRulePath = { ...projectPath, approval_rule_id: p.id().required() };
const mergeRequestPath = { ...projectPath, merge_request_iid: p.id().required() };
const mergeRequestRulePath = { ...mergeRequestPath, approval_rule_id: p.id().required() };
const groupPath = { id: p.string().required() };

// Declared with their allowed values above, so the casts only narrow what parseParams checked.
const ruleType = (value: string | undefined) => value as ApprovalRuleType | undefined;
const reportType = (value: string | undefined) => value as ApprovalReportType | undefined;

/**
 * Project rules: reading asks `create_merge_request_in` (Developer), changing them
 * `modify_approvers_rules` (Maintainer) (`ee/lib/api/helpers/project_approval_rules_helpers.rb`, GITLAB-BEHAVIOR 3).
 */
function projectFor(ctx: RouteContext, id: string, ability: 'create_merge_request_in' | 'modify_approvers_rules') {
  const project = findProject(ctx.world, ctx.caller, id);
  requireApprovalsPlan(ctx.world, project);
  // `authorize_read_project_approval_rule!`: whoever manages the project's settings reads them first
  // (an archived project's Maintainers included), then `create_merge_request_in`.
  if (ability === 'create_merge_request_in' && can(ctx.world, ctx.caller.user, 'admin_project', project))
    return project;
  authorize(ctx.world, ctx.caller, ability, project);
  return project;
}

/** Group rules: Premium, then the `approval_group_rules` flag (404 without it), then Owner (GITLAB-BEHAVIOR 3, SPEC 2). */
function groupFor(ctx: RouteContext, id: string) {
  const group = findGroup(ctx.world, ctx.caller, id);
  requireGroupApprovalsPlan(ctx.world, group);
  requireGroupApprovalRules(ctx.world);
  authorize(ctx.world, ctx.caller, 'admin_merge_request_approval_settings', group);
  return group;
}

/** A merge request of a Premium project, and who may read it (Reporter in a private project). */
function mergeRequestFor(ctx: RouteContext, id: string, iid: number) {
  const project = findProject(ctx.world, ctx.caller, id);
  requireApprovalsPlan(ctx.world, project);
  const mergeRequest = findMergeRequest(ctx.world, project, iid);
  return { project, mergeRequest };
}

export const approvalRuleRoutes = [
  route('GET', '/projects/:id/approval_rules', (ctx) => {
    const q = parseParams(ctx.params, { ...projectPath, ...paginationParams });
    const project = projectFor(ctx, q.id, 'create_merge_request_in');
    return paginated(ctx, projectRules(ctx.world, project), q, (r) => presentProjectRule(ctx.world, ctx.caller, r));
  }),

  route('GET', '/projects/:id/approval_rules/:approval_rule_id', (ctx) => {
    const q = parseParams(ctx.params, projectRulePath);
    const project = projectFor(ctx, q.id, 'create_merge_request_in');
    return json(presentProjectRule(ctx.world, ctx.caller, findProjectRule(ctx.world, project, q.approval_rule_id)));
  }),

  route('POST', '/projects/:id/approval_rules', (ctx) => {
    const q = parseParams(ctx.params, {
      ...projectPath,
      name: p.string().required(),
      approvals_required: p.integer().required(),
      rule_type: p.string().values(RULE_TYPES),
      report_type: p.string().values(REPORT_TYPES),
      ...approvers,
      ...branches,
    });
    const project = projectFor(ctx, q.id, 'modify_approvers_rules');
    const input = { ...q, rule_type: ruleType(q.rule_type), report_type: reportType(q.report_type) };
    return json(
      presentProjectRule(ctx.world, ctx.caller, createProjectRule(ctx.world, ctx.caller, project, input)),
      201,
    );
  }),

  // The reference requires name and approvals_required on update too (R4.5).
  route('PUT', '/projects/:id/approval_rules/:approval_rule_id', (ctx) => {
    const q = parseParams(ctx.params, {
      ...projectRulePath,
      name: p.string().required(),
      approvals_required: p.integer().required(),
      ...approvers,
      ...branches,
      remove_hidden_groups: p.boolean(),
    });
    const project = projectFor(ctx, q.id, 'modify_approvers_rules');
    const rule = findProjectRule(ctx.world, project, q.approval_rule_id);
    const updated = updateProjectRule(ctx.world, ctx.caller, project, rule, q);
    return json(presentProjectRule(ctx.world, ctx.caller, updated));
  }),

  route('DELETE', '/projects/:id/approval_rules/:approval_rule_id', (ctx) => {
    const q = parseParams(ctx.params, projectRulePath);
    const project = projectFor(ctx, q.id, 'modify_approvers_rules');
    deleteProjectRule(ctx.world, findProjectRule(ctx.world, project, q.approval_rule_id));
    return noContent();
  }),

  route('GET', '/projects/:id/merge_requests/:merge_request_iid/approval_rules', (ctx) => {
    const q = parseParams(ctx.params, { ...mergeRequestPath, ...paginationParams });
    const { project, mergeRequest } = mergeRequestFor(ctx, q.id, q.merge_request_iid);
    authorize(ctx.world, ctx.caller, 'read_merge_request', project);
    const rules = mergeRequestRules(ctx.world, mergeRequest);
    return paginated(ctx, rules, q, (r) => presentMergeRequestRule(ctx.world, ctx.caller, r));
  }),

  route('GET', '/projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id', (ctx) => {
    const q = parseParams(ctx.params, mergeRequestRulePath);
    const { project, mergeRequest } = mergeRequestFor(ctx, q.id, q.merge_request_iid);
    authorize(ctx.world, ctx.caller, 'read_merge_request', project);
    const rule = findMergeRequestRule(ctx.world, mergeRequest, q.approval_rule_id);
    return json(presentMergeRequestRule(ctx.world, ctx.caller, rule));
  }),

  route('POST', '/projects/:id/merge_requests/:merge_request_iid/approval_rules', (ctx) => {
    const q = parseParams(ctx.params, {
      ...mergeRequestPath,
      name: p.string().required(),
      approvals_required: p.integer().required(),
      approval_project_rule_id: p.id(),
      ...approvers,
    });
    const { project, mergeRequest } = mergeRequestFor(ctx, q.id, q.merge_request_iid);
    requireMergeRequestRuleRights(ctx.world, ctx.caller, project);
    const rule = createMergeRequestRule(ctx.world, ctx.caller, project, mergeRequest, q);
    return json(presentMergeRequestRule(ctx.world, ctx.caller, rule), 201);
  }),

  route('PUT', '/projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id', (ctx) => {
    const q = parseParams(ctx.params, {
      ...mergeRequestRulePath,
      name: p.string(),
      approvals_required: p.integer(),
      ...approvers,
      remove_hidden_groups: p.boolean(),
    });
    const { project, mergeRequest } = mergeRequestFor(ctx, q.id, q.merge_request_iid);
    requireMergeRequestRuleRights(ctx.world, ctx.caller, project);
    const rule = findMergeRequestRule(ctx.world, mergeRequest, q.approval_rule_id);
    const updated = updateMergeRequestRule(ctx.world, ctx.caller, project, mergeRequest, rule, q);
    return json(presentMergeRequestRule(ctx.world, ctx.caller, updated));
  }),

  route('DELETE', '/projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id', (ctx) => {
    const q = parseParams(ctx.params, mergeRequestRulePath);
    const { project, mergeRequest } = mergeRequestFor(ctx, q.id, q.merge_request_iid);
    requireMergeRequestRuleRights(ctx.world, ctx.caller, project);
    deleteMergeRequestRule(ctx.world, findMergeRequestRule(ctx.world, mergeRequest, q.approval_rule_id));
    return noContent();
  }),

  route('GET', '/groups/:id/approval_rules', (ctx) => {
    const q = parseParams(ctx.params, { ...groupPath, ...paginationParams });
    const group = groupFor(ctx, q.id);
    return paginated(ctx, groupRules(ctx.world, group), q, (r) => presentGroupRule(ctx.world, ctx.caller, r));
  }),

  route('POST', '/groups/:id/approval_rules', (ctx) => {
    const q = parseParams(ctx.params, {
      ...groupPath,
      name: p.string().required(),
      approvals_required: p.integer().required(),
      rule_type: p.string().values(RULE_TYPES),
      user_ids: p.integers(),
      group_ids: p.integers(),
    });
    const group = groupFor(ctx, q.id);
    const rule = createGroupRule(ctx.world, ctx.caller, group, { ...q, rule_type: ruleType(q.rule_type) });
    return json(presentGroupRule(ctx.world, ctx.caller, rule), 201);
  }),

  // SPEC 1: the same parameter types as create.
  route('PUT', '/groups/:id/approval_rules/:approval_rule_id', (ctx) => {
    const q = parseParams(ctx.params, {
      ...groupPath,
      approval_rule_id: p.id().required(),
      name: p.string(),
      approvals_required: p.integer(),
      rule_type: p.string().values(RULE_TYPES),
      user_ids: p.integers(),
      group_ids: p.integers(),
    });
    const group = groupFor(ctx, q.id);
    const rule = findGroupRule(ctx.world, group, q.approval_rule_id);
    const updated = updateGroupRule(ctx.world, ctx.caller, group, rule, { ...q, rule_type: ruleType(q.rule_type) });
    return json(presentGroupRule(ctx.world, ctx.caller, updated));
  }),
];

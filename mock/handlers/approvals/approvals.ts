import { p, parseParams } from '../../http/params.js';
import { json } from '../../http/respond.js';
import { type RouteContext, route } from '../../http/router.js';
import { presentApprovalStatus, presentStateRule } from '../../present/approvals.js';
import { findProject } from '../../rules/access.js';
import {
  approvalStatus,
  approve,
  requireApprovalsPlan,
  resetApprovals,
  unapprove,
} from '../../rules/approvals/approvals.js';
import { findMergeRequest } from '../../rules/merge-requests.js';
import { authorize } from '../../rules/policy.js';
import type { MergeRequest, Project } from '../../world/types.js';

/**
 * Approving one merge request: …/merge_requests/:merge_request_iid/approvals,
 * approval_state, approve, unapprove, reset_approvals (R3, R4.6, GITLAB-BEHAVIOR 3, SPEC 2).
 * @module
 */

const mergeRequestPath = { id: p.string().required(), merge_request_iid: p.id().required() };

/** The project (404) on a Premium plan (403), then the merge request (404 Not found). */
function locate(ctx: RouteContext, id: string, iid: number) {
  const project = findProject(ctx.world, ctx.caller, id);
  requireApprovalsPlan(ctx.world, project);
  return { project, mergeRequest: findMergeRequest(ctx.world, project, iid) };
}

/** The approval status as the caller sees it. */
function statusOf(ctx: RouteContext, project: Project, mergeRequest: MergeRequest) {
  const status = approvalStatus(ctx.world, project, mergeRequest);
  return presentApprovalStatus(ctx.world, ctx.caller, project, mergeRequest, status);
}

export const approvalRoutes = [
  route('GET', '/projects/:id/merge_requests/:merge_request_iid/approvals', (ctx) => {
    const q = parseParams(ctx.params, mergeRequestPath);
    const { project, mergeRequest } = locate(ctx, q.id, q.merge_request_iid);
    authorize(ctx.world, ctx.caller, 'read_merge_request', project);
    return json(statusOf(ctx, project, mergeRequest));
  }),

  route('GET', '/projects/:id/merge_requests/:merge_request_iid/approval_state', (ctx) => {
    const q = parseParams(ctx.params, mergeRequestPath);
    const { project, mergeRequest } = locate(ctx, q.id, q.merge_request_iid);
    authorize(ctx.world, ctx.caller, 'read_merge_request', project);
    const status = approvalStatus(ctx.world, project, mergeRequest);
    return json({
      approval_rules_overwritten: status.overwritten,
      rules: status.rules.map((rule) => presentStateRule(ctx.world, ctx.caller, rule)),
    });
  }),

  route('POST', '/projects/:id/merge_requests/:merge_request_iid/approve', (ctx) => {
    const q = parseParams(ctx.params, { ...mergeRequestPath, sha: p.string(), approval_password: p.string() });
    const { project, mergeRequest } = locate(ctx, q.id, q.merge_request_iid);
    approve(ctx.world, ctx.caller, project, mergeRequest, q);
    return json(statusOf(ctx, project, mergeRequest), 201);
  }),

  route('POST', '/projects/:id/merge_requests/:merge_request_iid/unapprove', (ctx) => {
    const q = parseParams(ctx.params, mergeRequestPath);
    const { project, mergeRequest } = locate(ctx, q.id, q.merge_request_iid);
    unapprove(ctx.world, ctx.caller, project, mergeRequest);
    return json(statusOf(ctx, project, mergeRequest), 201);
  }),

  // SPEC 2: 202 whose body is the JSON number 202, the value of Grape's `status :accepted`.
  route('PUT', '/projects/:id/merge_requests/:merge_request_iid/reset_approvals', (ctx) => {
    const q = parseParams(ctx.params, mergeRequestPath);
    const { project, mergeRequest } = locate(ctx, q.id, q.merge_request_iid);
    resetApprovals(ctx.world, ctx.caller, project, mergeRequest);
    return json(202, 202);
  }),
];

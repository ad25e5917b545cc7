import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { route } from '../http/router.js';
import { presentIssue } from '../present/issues.js';
import { presentMergeRequest } from '../present/merge-requests.js';
import { presentMilestone } from '../present/milestones.js';
import { findGroup, requireGroupRole } from '../rules/access.js';
import {
  burndownEvents,
  createMilestone,
  deleteMilestone,
  findMilestone,
  listGroupMilestones,
  milestoneIssues,
  milestoneMergeRequests,
  updateMilestone,
} from '../rules/milestones.js';
import { Roles } from '../world/types.js';
import {
  milestoneCreateParams,
  milestoneFiltersOf,
  milestoneListConstraints,
  milestoneListParams,
  milestonePath,
  milestoneUpdateConstraints,
  milestoneUpdateParams,
} from './milestones.js';

/**
 * Group milestones: /groups/:id/milestones (`lib/api/group_milestones.rb`, the
 * same `MilestoneResponses` as project milestones). Reading needs read access to
 * the group; writing needs Planner (15) or higher in it (`admin_milestone`).
 * @module
 */

export const groupMilestoneRoutes = [
  route('GET', '/groups/:id/milestones', (ctx) => {
    const q = parseParams(
      ctx.params,
      { ...milestoneListParams, include_descendants: p.boolean() },
      milestoneListConstraints,
    );
    const group = findGroup(ctx.world, ctx.caller, q.id);
    const milestones = listGroupMilestones(ctx.world, ctx.caller.user, group, {
      ...milestoneFiltersOf(q),
      includeDescendants: q.include_descendants ?? false,
    });
    return paginated(ctx, milestones, q, (m) => presentMilestone(ctx.world, m));
  }),

  route('GET', '/groups/:id/milestones/:milestone_id', (ctx) => {
    const q = parseParams(ctx.params, milestonePath);
    const group = findGroup(ctx.world, ctx.caller, q.id);
    return json(presentMilestone(ctx.world, findMilestone(ctx.world, group, q.milestone_id)));
  }),

  route('POST', '/groups/:id/milestones', (ctx) => {
    const q = parseParams(ctx.params, milestoneCreateParams);
    const group = findGroup(ctx.world, ctx.caller, q.id);
    requireGroupRole(ctx.world, ctx.caller, group, Roles.Planner);
    return json(presentMilestone(ctx.world, createMilestone(ctx.world, group, q, ctx.caller.user)), 201);
  }),

  route('PUT', '/groups/:id/milestones/:milestone_id', (ctx) => {
    const q = parseParams(ctx.params, milestoneUpdateParams, milestoneUpdateConstraints);
    const group = findGroup(ctx.world, ctx.caller, q.id);
    requireGroupRole(ctx.world, ctx.caller, group, Roles.Planner);
    const milestone = findMilestone(ctx.world, group, q.milestone_id);
    const changes = { ...q, state_event: q.state_event as 'close' | 'activate' | undefined };
    return json(presentMilestone(ctx.world, updateMilestone(ctx.world, group, milestone, changes, ctx.caller.user)));
  }),

  route('DELETE', '/groups/:id/milestones/:milestone_id', (ctx) => {
    const q = parseParams(ctx.params, milestonePath);
    const group = findGroup(ctx.world, ctx.caller, q.id);
    requireGroupRole(ctx.world, ctx.caller, group, Roles.Planner);
    deleteMilestone(ctx.world, findMilestone(ctx.world, group, q.milestone_id), ctx.caller.user);
    return noContent();
  }),

  route('GET', '/groups/:id/milestones/:milestone_id/issues', (ctx) => {
    const q = parseParams(ctx.params, { ...milestonePath, ...paginationParams });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    const milestone = findMilestone(ctx.world, group, q.milestone_id);
    const issues = milestoneIssues(ctx.world, ctx.caller, group, milestone);
    return paginated(ctx, issues, q, (issue) => presentIssue(ctx.world, issue));
  }),

  route('GET', '/groups/:id/milestones/:milestone_id/merge_requests', (ctx) => {
    const q = parseParams(ctx.params, { ...milestonePath, ...paginationParams });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    const milestone = findMilestone(ctx.world, group, q.milestone_id);
    const mergeRequests = milestoneMergeRequests(ctx.world, ctx.caller, group, milestone);
    return paginated(ctx, mergeRequests, q, (mr) => presentMergeRequest(ctx.world, mr));
  }),

  route('GET', '/groups/:id/milestones/:milestone_id/burndown_events', (ctx) => {
    const q = parseParams(ctx.params, milestonePath);
    const group = findGroup(ctx.world, ctx.caller, q.id);
    const milestone = findMilestone(ctx.world, group, q.milestone_id);
    return json(burndownEvents(ctx.world, ctx.caller, group, milestone));
  }),
];

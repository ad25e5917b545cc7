import { p } from '../http/params.js';
import { findGroup } from '../rules/access.js';
import { listGroupMilestones } from '../rules/milestones.js';
import { milestoneFiltersOf, milestoneListParams, milestoneResponses } from './milestones.js';

/**
 * Group milestones: /groups/:id/milestones (`lib/api/group_milestones.rb`, the
 * same `MilestoneResponses` as project milestones). Reading needs read access to
 * the group; writing needs Planner (15) or higher in it (`admin_milestone`).
 * @module
 */

export const groupMilestoneRoutes = milestoneResponses({
  base: '/groups/:id',
  find: findGroup,
  listParams: { ...milestoneListParams, include_descendants: p.boolean() },
  list: (ctx, group, q) =>
    listGroupMilestones(ctx.world, ctx.caller.user, group, {
      ...milestoneFiltersOf(q),
      includeDescendants: q.include_descendants ?? false,
    }),
});

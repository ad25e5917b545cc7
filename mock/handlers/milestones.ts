import { paginated } from '../http/pagination.js';
import { type Constraints, type Parsed, p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentIssue } from '../present/issues.js';
import { presentMergeRequest } from '../present/merge-requests.js';
import { presentMilestone } from '../present/milestones.js';
import { findProject } from '../rules/access.js';
import {
  burndownEvents,
  createMilestone,
  deleteMilestone,
  findMilestone,
  listMilestones,
  type MilestoneFilters,
  type MilestoneOwner,
  milestoneIssues,
  milestoneMergeRequests,
  promoteMilestone,
  updateMilestone,
} from '../rules/milestones.js';
import { authorize } from '../rules/policy.js';
import type { Caller, Milestone, World } from '../world/types.js';

/**
 * Project milestones: /projects/:id/milestones, and the routes project and group
 * milestones share (GitLab's `MilestoneResponses`). Reading needs read access to the
 * project; writing needs Planner (15) or higher.
 * @module
 */

/** A milestone's path: its project or group, and its global id. */
export const milestonePath = { id: p.string().required(), milestone_id: p.id().required() };

/** The filters of a milestone list (`MilestoneResponses#list_params`), for projects and groups. */
export const milestoneListParams = {
  id: p.string().required(),
  state: p.string().values(['active', 'closed', 'all']).default('all'),
  iids: p.integers(),
  title: p.string(),
  search: p.string(),
  include_ancestors: p.boolean(),
  include_parent_milestones: p.boolean(),
  updated_before: p.dateTime(),
  updated_after: p.dateTime(),
  ...paginationParams,
};

/** `include_ancestors` and its deprecated name exclude each other. */
export const milestoneListConstraints: Constraints<typeof milestoneListParams> = {
  mutuallyExclusive: [['include_ancestors', 'include_parent_milestones']],
};

/** The body of a milestone creation (`title` and `optional_params`). */
export const milestoneCreateParams = {
  id: p.string().required(),
  title: p.string().required(),
  description: p.string(),
  due_date: p.date(),
  start_date: p.date(),
};

/** The body of a milestone update (`update_params`): at least one field. */
export const milestoneUpdateParams = {
  ...milestonePath,
  title: p.string(),
  description: p.string(),
  due_date: p.date().nullable(),
  start_date: p.date().nullable(),
  state_event: p.string().values(['close', 'activate']),
};

/** `update_params`' `at_least_one_of`. */
export const milestoneUpdateConstraints: Constraints<typeof milestoneUpdateParams> = {
  atLeastOneOf: [['title', 'description', 'start_date', 'due_date', 'state_event']],
};

/** The filters of a list as the rules take them. */
export function milestoneFiltersOf(q: Parsed<typeof milestoneListParams>): MilestoneFilters {
  return {
    state: q.state as MilestoneFilters['state'],
    iids: q.iids,
    title: q.title,
    search: q.search,
    includeAncestors: Boolean(q.include_ancestors ?? q.include_parent_milestones),
    updatedBefore: q.updated_before,
    updatedAfter: q.updated_after,
  };
}

/** What differs between a project's and a group's milestone routes (GitLab's `MilestoneResponses` serves both). */
interface MilestoneParent<P extends MilestoneOwner, L extends typeof milestoneListParams> {
  /** `/projects/:id` or `/groups/:id`. */
  base: string;
  find: (world: World, caller: Caller, ref: string) => P;
  /** The list's parameters: the shared ones and the parent's own. */
  listParams: L;
  list: (ctx: RouteContext, parent: P, q: Parsed<L>) => readonly Milestone[];
}

/**
 * The milestone routes of a project or a group: list, get, create, update, delete, issues,
 * merge requests and burndown events. Reading needs read access to the parent; writing needs
 * Planner (15) or higher in it (`admin_milestone`).
 */
export function milestoneResponses<P extends MilestoneOwner, L extends typeof milestoneListParams>(
  parent: MilestoneParent<P, L>,
) {
  const { base, find } = parent;
  /** The parent and the milestone a `:milestone_id` route names. */
  const located = (ctx: RouteContext, q: Parsed<typeof milestonePath>) => {
    const owner = find(ctx.world, ctx.caller, q.id);
    return { owner, milestone: findMilestone(ctx.world, owner, q.milestone_id) };
  };
  return [
    route('GET', `${base}/milestones`, (ctx) => {
      const q = parseParams(ctx.params, parent.listParams, milestoneListConstraints as Constraints<L>);
      // The parent's own parameters aside, what every list takes.
      const shared = q as Parsed<typeof milestoneListParams>;
      const owner = find(ctx.world, ctx.caller, shared.id);
      // presentMilestone builds a new entity on every call: the page reuses the text of unchanged ones.
      return paginated(ctx, parent.list(ctx, owner, q), shared, (m) => presentMilestone(ctx.world, m), {
        reuseJson: true,
      });
    }),

    route('GET', `${base}/milestones/:milestone_id`, (ctx) => {
      const { milestone } = located(ctx, parseParams(ctx.params, milestonePath));
      return json(presentMilestone(ctx.world, milestone));
    }),

    route('POST', `${base}/milestones`, (ctx) => {
      const q = parseParams(ctx.params, milestoneCreateParams);
      const owner = find(ctx.world, ctx.caller, q.id);
      authorize(ctx.world, ctx.caller, 'admin_milestone', owner);
      return json(presentMilestone(ctx.world, createMilestone(ctx.world, owner, q, ctx.caller.user)), 201);
    }),

    route('PUT', `${base}/milestones/:milestone_id`, (ctx) => {
      const q = parseParams(ctx.params, milestoneUpdateParams, milestoneUpdateConstraints);
      const owner = find(ctx.world, ctx.caller, q.id);
      authorize(ctx.world, ctx.caller, 'admin_milestone', owner);
      const milestone = findMilestone(ctx.world, owner, q.milestone_id);
      const changes = { ...q, state_event: q.state_event as 'close' | 'activate' | undefined };
      return json(presentMilestone(ctx.world, updateMilestone(ctx.world, owner, milestone, changes, ctx.caller.user)));
    }),

    route('DELETE', `${base}/milestones/:milestone_id`, (ctx) => {
      const q = parseParams(ctx.params, milestonePath);
      const owner = find(ctx.world, ctx.caller, q.id);
      authorize(ctx.world, ctx.caller, 'admin_milestone', owner);
      deleteMilestone(ctx.world, findMilestone(ctx.world, owner, q.milestone_id), ctx.caller.user);
      return noContent();
    }),

    route('GET', `${base}/milestones/:milestone_id/issues`, (ctx) => {
      const q = parseParams(ctx.params, { ...milestonePath, ...paginationParams });
      const { owner, milestone } = located(ctx, q);
      const issues = milestoneIssues(ctx.world, ctx.caller, owner, milestone);
      return paginated(ctx, issues, q, (issue) => presentIssue(ctx.world, issue));
    }),

    route('GET', `${base}/milestones/:milestone_id/merge_requests`, (ctx) => {
      const q = parseParams(ctx.params, { ...milestonePath, ...paginationParams });
      const { owner, milestone } = located(ctx, q);
      const mergeRequests = milestoneMergeRequests(ctx.world, ctx.caller, owner, milestone);
      return paginated(ctx, mergeRequests, q, (mr) => presentMergeRequest(ctx.world, mr));
    }),

    route('GET', `${base}/milestones/:milestone_id/burndown_events`, (ctx) => {
      const { owner, milestone } = located(ctx, parseParams(ctx.params, milestonePath));
      return json(burndownEvents(ctx.world, ctx.caller, owner, milestone));
    }),
  ];
}

export const milestoneRoutes = [
  ...milestoneResponses({
    base: '/projects/:id',
    find: findProject,
    listParams: milestoneListParams,
    list: (ctx, project, q) => listMilestones(ctx.world, project, milestoneFiltersOf(q)),
  }),

  route('POST', '/projects/:id/milestones/:milestone_id/promote', (ctx) => {
    const q = parseParams(ctx.params, milestonePath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'admin_milestone', project);
    promoteMilestone(ctx.world, ctx.caller, project, findMilestone(ctx.world, project, q.milestone_id));
    // SPEC 2: 200 whose body is the JSON number 200 (`status(200)` is the endpoint's last value).
    return json(200, 200);
  }),
];

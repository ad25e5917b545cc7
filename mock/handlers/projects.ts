import { keysetPaginated, paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json } from '../http/respond.js';
import { route } from '../http/router.js';
import {
  openIssueCounter,
  presentBasicProject,
  presentProject,
  presentProjectWithAccess,
} from '../present/projects.js';
import { findGroup, findProject } from '../rules/access.js';
import {
  listGroupProjects,
  listProjects,
  PROJECT_ORDERS,
  type ProjectOrder,
  requireKeysetOrder,
  requireOffsetWithinLimit,
  rolesOf,
} from '../rules/projects.js';
import type { Visibility } from '../world/types.js';

/**
 * Projects: `GET /projects`, `GET /projects/:id` and `GET /groups/:id/projects`
 * (GitLab's `lib/api/projects.rb`, `lib/api/groups.rb`). Lists show what the caller can
 * read; `simple=true` answers the shorter BasicProjectDetails entity.
 * @module
 */

/** The filters both lists declare, with GitLab's defaults (newest first). */
const filterParams = {
  owned: p.boolean(),
  search: p.string(),
  visibility: p.string().values(['private', 'internal', 'public']),
  archived: p.boolean(),
  min_access_level: p.integer().values([10, 15, 20, 30, 40, 50]),
  order_by: p.string().values(PROJECT_ORDERS).default('created_at'),
  sort: p.string().values(['asc', 'desc']).default('desc'),
  simple: p.boolean(),
  ...paginationParams,
};

/** The parsed filters as the rules take them. */
const filtersOf = (q: {
  owned?: boolean | undefined;
  search?: string | undefined;
  visibility?: string | undefined;
  archived?: boolean | undefined;
  min_access_level?: number | undefined;
  order_by: string;
  sort: string;
}) => ({
  ...q,
  visibility: q.visibility as Visibility | undefined,
  order_by: q.order_by as ProjectOrder,
  sort: q.sort as 'asc' | 'desc',
});

export const projectRoutes = [
  route('GET', '/projects', (ctx) => {
    const q = parseParams(ctx.params, {
      ...filterParams,
      membership: p.boolean(),
      search_namespaces: p.boolean(),
      starred: p.boolean(),
      pagination: p.string().values(['offset', 'keyset']),
      id_after: p.integer(),
      id_before: p.integer(),
    });
    const keyset = q.pagination === 'keyset';
    if (keyset) requireKeysetOrder(q.order_by as ProjectOrder);
    const { user } = ctx.caller;
    const projects = listProjects(ctx.world, user, filtersOf(q));
    const roles = rolesOf(ctx.world, user);
    const openIssues = openIssueCounter(ctx.world);
    const present = q.simple
      ? (project: (typeof projects)[number]) => presentBasicProject(ctx.world, user, project)
      : (project: (typeof projects)[number]) => presentProject(ctx.world, user, project, roles, openIssues);
    if (keyset) {
      const request = {
        per_page: q.per_page,
        sort: q.sort as 'asc' | 'desc',
        id_after: q.id_after,
        id_before: q.id_before,
      };
      return keysetPaginated(ctx, projects, request, present);
    }
    requireOffsetWithinLimit(q.page, q.per_page);
    return paginated(ctx, projects, q, present);
  }),

  route('GET', '/projects/:id', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), statistics: p.boolean(), license: p.boolean() });
    const project = findProject(ctx.world, ctx.caller, q.id);
    return json(presentProjectWithAccess(ctx.world, ctx.caller.user, project));
  }),

  route('GET', '/groups/:id/projects', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), include_subgroups: p.boolean(), ...filterParams });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    const { user } = ctx.caller;
    const projects = listGroupProjects(ctx.world, user, group, filtersOf(q));
    requireOffsetWithinLimit(q.page, q.per_page);
    const openIssues = openIssueCounter(ctx.world);
    return paginated(ctx, projects, q, (project) =>
      q.simple
        ? presentBasicProject(ctx.world, user, project)
        : presentProject(ctx.world, user, project, undefined, openIssues),
    );
  }),
];

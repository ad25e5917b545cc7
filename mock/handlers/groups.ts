import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentGroup, presentGroupDetail } from '../present/groups.js';
import { findGroup } from '../rules/access.js';
import { type GroupFilters, type GroupScope, listGroups } from '../rules/groups.js';
import { ROLE_VALUES } from '../world/types.js';

/**
 * Groups: /groups, /groups/:id, /groups/:id/subgroups and
 * /groups/:id/descendant_groups (`lib/api/groups.rb`). Every signed-in caller
 * may list; each list holds only groups the caller may see, and a group the
 * caller may not see is `404 Group Not Found`.
 * @module
 */

/** A group's path. */
const groupPath = { id: p.string().required() };

/** GitLab's `group_list_params`. */
const groupListParams = {
  statistics: p.boolean().default(false),
  skip_groups: p.integers(),
  all_available: p.boolean(),
  visibility: p.string().values(['private', 'internal', 'public']),
  search: p.string(),
  owned: p.boolean().default(false),
  order_by: p.string().values(['name', 'path', 'id', 'similarity']).default('name'),
  sort: p.string().values(['asc', 'desc']).default('asc'),
  min_access_level: p.integer().values(ROLE_VALUES),
  top_level_only: p.boolean(),
  ...paginationParams,
};

/** Parses a group list's parameters, finds the group it is below (404 when unseen), lists and presents a page. */
function groupList(ctx: RouteContext, scope: 'all' | 'children' | 'descendants') {
  const q = parseParams(ctx.params, groupListParams);
  // The group a list is below comes from the path (always there); `/groups` takes no `id`.
  const where: GroupScope =
    scope === 'all'
      ? { kind: 'all' }
      : { kind: scope, of: findGroup(ctx.world, ctx.caller, parseParams(ctx.params, groupPath).id) };
  const filters: GroupFilters = {
    allAvailable: q.all_available,
    owned: q.owned,
    minAccessLevel: q.min_access_level,
    // Grape keeps an empty search, and GitLab's finders skip a blank one.
    search: q.search?.trim() ? q.search : undefined,
    topLevelOnly: q.top_level_only,
    visibility: q.visibility as GroupFilters['visibility'],
    skipGroups: q.skip_groups,
    orderBy: q.order_by as GroupFilters['orderBy'],
    sort: q.sort as GroupFilters['sort'],
  };
  const groups = listGroups(ctx.world, ctx.caller.user, where, filters);
  // Statistics are for administrators only; anyone else's `statistics=true` is ignored, as in GitLab.
  const statistics = q.statistics && ctx.caller.user.admin;
  return paginated(ctx, groups, q, (g) => presentGroup(ctx.world, g, { statistics }));
}

export const groupRoutes = [
  route('GET', '/groups', (ctx) => groupList(ctx, 'all')),

  route('GET', '/groups/:id', (ctx) => {
    const q = parseParams(ctx.params, { ...groupPath, with_projects: p.boolean().default(true) });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    return json(presentGroupDetail(ctx.world, ctx.caller, group, { withProjects: q.with_projects }));
  }),

  route('GET', '/groups/:id/subgroups', (ctx) => groupList(ctx, 'children')),

  route('GET', '/groups/:id/descendant_groups', (ctx) => groupList(ctx, 'descendants')),
];

import { paginated } from '../http/pagination.js';
import { blankAsNil, p, paginationParams, parseParams } from '../http/params.js';
import { json } from '../http/respond.js';
import { route } from '../http/router.js';
import { presentNamespace } from '../present/namespaces.js';
import { findNamespace, listNamespaces, namespaceExists } from '../rules/namespaces.js';

/**
 * Namespaces: /namespaces, /namespaces/:id and /namespaces/:id/exists
 * (`lib/api/namespaces.rb`). Every signed-in caller may list and check paths.
 * @module
 */

export const namespaceRoutes = [
  route('GET', '/namespaces', (ctx) => {
    // Blank booleans are nil in Grape (`full_path_search=`: no full-path search), not a 400.
    const q = parseParams(blankAsNil(ctx.params, 'owned_only', 'top_level_only', 'full_path_search'), {
      search: p.string(),
      owned_only: p.boolean().default(false),
      top_level_only: p.boolean().default(false),
      full_path_search: p.boolean().default(false),
      ...paginationParams,
    });
    const namespaces = listNamespaces(ctx.world, ctx.caller.user, {
      // `params[:search].present?`: a blank search is no search.
      search: q.search?.trim() ? q.search : undefined,
      fullPathSearch: q.full_path_search,
      ownedOnly: q.owned_only,
      topLevelOnly: q.top_level_only,
    });
    return paginated(ctx, namespaces, q, (ns) => presentNamespace(ctx.world, ctx.caller.user, ns));
  }),

  route('GET', '/namespaces/:id', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required() });
    return json(presentNamespace(ctx.world, ctx.caller.user, findNamespace(ctx.world, ctx.caller, q.id)));
  }),

  route('GET', '/namespaces/:id/exists', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), parent_id: p.integer() });
    return json(namespaceExists(ctx.world, q.id, q.parent_id));
  }),
];

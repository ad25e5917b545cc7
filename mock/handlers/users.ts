import { routeNotFound } from '../http/errors.js';
import { cursorPaginated, paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentPersonalAccessToken } from '../present/access-tokens.js';
import { presentMetadata } from '../present/instance.js';
import {
  presentUser,
  presentUserDetailsWithAdmin,
  presentUserProfile,
  presentUserPublic,
  presentUserWithAdmin,
} from '../present/users.js';
import { requireReadUserScope, requireUsersApiScope } from '../rules/access.js';
import { listUsers, readsAllUsers, readUser, selfToken, USER_ORDERS, type UserOrder } from '../rules/users.js';

/**
 * Who am I, the instance and its users: /user, /users, /users/:id, /version,
 * /metadata (GitLab takes `read_user` besides `api` and `read_api` for these, and `ai_features` for the last two),
 * and /personal_access_tokens/self (any scope; personal and project access tokens only).
 * @module
 */

const metadata = (ctx: RouteContext) => {
  // lib/api/metadata.rb takes `ai_features` too: the editor extensions of GitLab Duo read the version with it.
  requireReadUserScope(ctx.caller, 'GET', ['ai_features']);
  return json(presentMetadata(ctx.world));
};

export const userRoutes = [
  route(
    'GET',
    '/user',
    (ctx) => {
      requireUsersApiScope(ctx.caller, ctx.request.method, true);
      const { user } = ctx.caller;
      return json(user.admin ? presentUserWithAdmin(ctx.world, user) : presentUserPublic(ctx.world, user));
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/users',
    (ctx) => {
      requireUsersApiScope(ctx.caller, ctx.request.method);
      const q = parseParams(
        ctx.params,
        {
          username: p.string(),
          extern_uid: p.string(),
          public_email: p.string(),
          provider: p.string(),
          search: p.string(),
          active: p.boolean(),
          blocked: p.boolean(),
          humans: p.boolean(),
          exclude_active: p.boolean(),
          exclude_humans: p.boolean(),
          external: p.boolean(),
          exclude_external: p.boolean(),
          exclude_internal: p.boolean(),
          without_project_bots: p.boolean(),
          admins: p.boolean(),
          without_projects: p.boolean(),
          two_factor: p.string(),
          created_after: p.dateTime(),
          created_before: p.dateTime(),
          // `sort_params_no_defaults`: whether the request gave them decides the order (`reorder_users`).
          order_by: p.string().values(USER_ORDERS),
          sort: p.string().values(['asc', 'desc']),
          // `paginate_with_strategies`: `pagination=keyset` pages users by cursor (`CursorPager`); every
          // order of GET /users is one `User.supported_keyset_orderings` has, so none is refused with 405.
          pagination: p.string(),
          cursor: p.string(),
          ...paginationParams,
        },
        { allOrNoneOf: [['extern_uid', 'provider']] },
      );
      const users = listUsers(ctx.world, ctx.caller, {
        username: q.username,
        search: q.search,
        publicEmail: q.public_email,
        active: q.active,
        excludeActive: q.exclude_active,
        blocked: q.blocked,
        humans: q.humans,
        excludeHumans: q.exclude_humans,
        withoutProjectBots: q.without_project_bots,
        external: q.external,
        excludeExternal: q.exclude_external,
        excludeInternal: q.exclude_internal,
        admins: q.admins,
        withoutProjects: q.without_projects,
        twoFactor: q.two_factor,
        createdAfter: q.created_after,
        createdBefore: q.created_before,
        externUid: q.extern_uid,
        provider: q.provider,
        orderBy: q.order_by as UserOrder,
        sort: q.sort as 'asc' | 'desc',
      });
      const present = readsAllUsers(ctx.caller.user) ? presentUserWithAdmin : presentUser;
      if (q.pagination === 'keyset') return cursorPaginated(ctx, users, q, (user) => present(ctx.world, user));
      return paginated(ctx, users, q, (user) => present(ctx.world, user));
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/users/:id',
    (ctx) => {
      requireUsersApiScope(ctx.caller, ctx.request.method);
      // GitLab's route takes digits only (`requirements: { id: /[0-9]*/ }`): anything else is no route.
      if (!/^\d+$/.test(String(ctx.params.id))) {
        throw routeNotFound().because('GET /api/v4/users/:id takes digits only, as in GitLab: no route matches');
      }
      const q = parseParams(ctx.params, { id: p.integer().required() });
      const user = readUser(ctx.world, ctx.caller, q.id);
      return json(
        readsAllUsers(ctx.caller.user)
          ? presentUserDetailsWithAdmin(ctx.world, user)
          : presentUserProfile(ctx.world, user, ctx.caller.user),
      );
    },
    { checksScopes: true },
  ),

  route('GET', '/version', metadata, { checksScopes: true }),
  route('GET', '/metadata', metadata, { checksScopes: true }),

  route(
    'GET',
    '/personal_access_tokens/self',
    // Any scope may read its own token (`allow_access_with_scope(Gitlab::Auth.all_available_scopes)`).
    (ctx) => json(presentPersonalAccessToken(ctx.world, selfToken(ctx.caller))),
    { checksScopes: true },
  ),
];

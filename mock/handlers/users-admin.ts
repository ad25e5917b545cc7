import { checkUnmodifiedSince } from '../http/conditional.js';
import { routeNotFound } from '../http/errors.js';
import { paginated } from '../http/pagination.js';
import { type Param, p, paginationParams, parseParams, type RawParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentMembership, presentUserWithAdmin } from '../present/users.js';
import { requireUsersApiScope } from '../rules/access.js';
import {
  activateUser,
  approveUser,
  associationsCount,
  banUser,
  blockUser,
  createUser,
  deactivateUser,
  findIdentity,
  membershipsOfUser,
  PROFILE_FIELDS,
  rejectUser,
  removeIdentity,
  type UserFields,
  unbanUser,
  unblockUser,
  updateUser,
} from '../rules/users-admin.js';
import type { Caller, World } from '../world/types.js';

/**
 * Administrators manage users (`lib/api/users.rb`): `POST /users`, `PUT /users/:id`, the state
 * changes `POST /users/:id/block|unblock|deactivate|activate|ban|unban|approve|reject`, and
 * `DELETE /users/:id/identities/:provider`, `GET /users/:user_id/memberships` and
 * `GET /users/:id/associations_count` (the user themself, or an administrator).
 * @module
 */

/** GitLab's `optional_attributes` of `POST /users` and `PUT /users/:id` (the avatar and preferences left out). */
const optionalAttributes = {
  // A `null` clears a profile field ("Empty string or nil clears the field.").
  ...(Object.fromEntries(PROFILE_FIELDS.map((field) => [field, p.string().nullable()])) as Record<
    (typeof PROFILE_FIELDS)[number],
    Param<string | null>
  >),
  projects_limit: p.integer(),
  extern_uid: p.string(),
  provider: p.string(),
  admin: p.boolean(),
  can_create_group: p.boolean(),
  external: p.boolean(),
  theme_id: p.integer(),
  color_scheme_id: p.integer(),
  private_profile: p.boolean(),
  note: p.string(),
  view_diffs_file_by_file: p.boolean(),
};

/** The `/users` resource takes digits only as `:id` (its `requirements` on `id`): anything else is no route. */
function digitsOnly(ctx: RouteContext, name: string): void {
  if (!/^\d+$/.test(String(ctx.params[name]))) {
    throw routeNotFound().because(
      `${ctx.request.method} ${ctx.url.pathname} takes digits only as :${name}, as in GitLab`,
    );
  }
}

type Attributes = { [K in keyof typeof optionalAttributes]?: unknown };

/** The parsed attributes as the rules take them. */
function fieldsOf(q: Attributes & { email?: string; username?: string; name?: string; password?: string }): UserFields {
  const profile: Record<string, string | null> = {};
  for (const field of PROFILE_FIELDS) {
    if (typeof q[field] === 'string' || q[field] === null) profile[field] = q[field] as string | null;
  }
  return {
    email: q.email,
    username: q.username,
    name: q.name,
    password: q.password,
    admin: q.admin as boolean | undefined,
    external: q.external as boolean | undefined,
    can_create_group: q.can_create_group as boolean | undefined,
    projects_limit: q.projects_limit as number | undefined,
    note: q.note as string | undefined,
    private_profile: q.private_profile as boolean | undefined,
    theme_id: q.theme_id as number | undefined,
    color_scheme_id: q.color_scheme_id as number | undefined,
    profile,
    identity:
      typeof q.extern_uid === 'string' && typeof q.provider === 'string'
        ? { extern_uid: q.extern_uid, provider: q.provider }
        : undefined,
  };
}

/** A state route: `POST /users/:id/<action>`, its answer the rule's value as JSON (`true`, `null`, `false`), 201. */
function stateRoute(action: string, rule: (world: World, caller: Caller, id: number) => unknown) {
  return route('POST', `/users/:id/${action}`, (ctx) => {
    digitsOnly(ctx, 'id');
    const q = parseParams(ctx.params, { id: p.id().required() });
    return json(rule(ctx.world, ctx.caller, q.id) ?? null, 201);
  });
}

export const userAdminRoutes = [
  route('POST', '/users', (ctx) => {
    const q = parseParams(
      ctx.params,
      {
        email: p.string().required(),
        password: p.string(),
        reset_password: p.boolean(),
        skip_confirmation: p.boolean(),
        name: p.string().required(),
        username: p.string().required(),
        force_random_password: p.boolean(),
        ...optionalAttributes,
      },
      {
        atLeastOneOf: [['password', 'reset_password', 'force_random_password']],
        allOrNoneOf: [['extern_uid', 'provider']],
      },
    );
    const user = createUser(ctx.world, ctx.caller, {
      ...fieldsOf(q as RawParams),
      email: q.email,
      username: q.username,
      name: q.name,
      reset_password: q.reset_password,
      force_random_password: q.force_random_password,
      skip_confirmation: q.skip_confirmation,
    });
    return json(presentUserWithAdmin(ctx.world, user), 201);
  }),

  route('PUT', '/users/:id', (ctx) => {
    digitsOnly(ctx, 'id');
    const q = parseParams(
      ctx.params,
      {
        id: p.id().required(),
        email: p.string(),
        password: p.string(),
        skip_reconfirmation: p.boolean(),
        name: p.string(),
        username: p.string(),
        ...optionalAttributes,
      },
      { allOrNoneOf: [['extern_uid', 'provider']] },
    );
    const user = updateUser(ctx.world, ctx.caller, q.id, fieldsOf(q as RawParams), q.skip_reconfirmation === true);
    return json(presentUserWithAdmin(ctx.world, user));
  }),

  // lib/api/users.rb takes `read_user` besides `api` and `read_api` for its reads (`allow_access_with_scope`).
  route(
    'GET',
    '/users/:id/associations_count',
    (ctx) => {
      requireUsersApiScope(ctx.caller, ctx.request.method);
      digitsOnly(ctx, 'id');
      const q = parseParams(ctx.params, { id: p.id().required() });
      return json(associationsCount(ctx.world, ctx.caller, q.id));
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/users/:user_id/memberships',
    (ctx) => {
      requireUsersApiScope(ctx.caller, ctx.request.method);
      const q = parseParams(ctx.params, {
        user_id: p.id().required(),
        type: p.string().values(['Project', 'Namespace']),
        ...paginationParams,
      });
      const memberships = membershipsOfUser(
        ctx.world,
        ctx.caller,
        q.user_id,
        q.type as 'Project' | 'Namespace' | undefined,
      );
      return paginated(ctx, memberships, q, presentMembership);
    },
    { checksScopes: true },
  ),

  route('DELETE', '/users/:id/identities/:provider', (ctx) => {
    digitsOnly(ctx, 'id');
    const q = parseParams(ctx.params, { id: p.id().required(), provider: p.string().required() });
    const { user, identity } = findIdentity(ctx.world, ctx.caller, q.id, q.provider);
    // `destroy_conditionally!(identity)`: the mock keeps no time per identity; they change only with the user.
    checkUnmodifiedSince(ctx.request, user.updated_at ?? user.created_at);
    removeIdentity(user, identity);
    return noContent();
  }),

  stateRoute('block', blockUser),
  stateRoute('unblock', unblockUser),
  stateRoute('deactivate', deactivateUser),
  stateRoute('activate', activateUser),
  stateRoute('ban', banUser),
  stateRoute('unban', unbanUser),

  // The endpoint tests `result[:success]`, a key the service's result never has, so even success
  // goes through `render_api_error!(result[:message], result[:http_status])`: 201 `{"message":"Success"}`.
  route('POST', '/users/:id/approve', (ctx) => {
    digitsOnly(ctx, 'id');
    const q = parseParams(ctx.params, { id: p.id().required() });
    approveUser(ctx.world, ctx.caller, q.id);
    return json({ message: 'Success' }, 201);
  }),
  // Likewise: 200 `{"message":"Success"}`.
  route('POST', '/users/:id/reject', (ctx) => {
    digitsOnly(ctx, 'id');
    const q = parseParams(ctx.params, { id: p.id().required() });
    rejectUser(ctx.world, ctx.caller, q.id);
    return json({ message: 'Success' }, 200);
  }),
];

import { checkUnmodifiedSince } from '../http/conditional.js';
import { routeNotFound } from '../http/errors.js';
import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentSshKey } from '../present/ssh-keys.js';
import { requireUsersApiScope } from '../rules/access.js';
import { sshKeyHook } from '../rules/events.js';
import { authorize } from '../rules/policy.js';
import { addSshKey, findKeyOf, KEY_USAGE_TYPES, keysOf, removeSshKey } from '../rules/ssh-keys.js';
import { findUser } from '../rules/users.js';
import type { User } from '../world/types.js';
import { userNamed } from '../world/world.js';

/**
 * SSH keys (`lib/api/users.rb`): any signed-in user reads anyone's keys (`/users/:user_id/keys`, by id
 * or username); administrators add and remove them; every user manages their own (`/user/keys`).
 * GitLab takes `read_user` for the reads, as for the rest of `/users` and `/user`.
 * @module
 */

const keyParams = {
  key: p.string().required(),
  title: p.string().required(),
  expires_at: p.dateTime(),
  usage_type: p.string().values(KEY_USAGE_TYPES).default('auth_and_signing'),
};

/** `find_user`: an id, or a username (`API::USER_REQUIREMENTS`); `404 User Not Found` otherwise. */
function userByIdOrName(ctx: RouteContext, ref: string): User {
  if (/^\d+$/.test(ref)) return findUser(ctx.world, Number(ref));
  const user = userNamed(ctx.world, ref);
  if (!user) return findUser(ctx.world, 0);
  return user;
}

function addKey(ctx: RouteContext, user: User) {
  const q = parseParams(ctx.params, keyParams);
  const key = addSshKey(ctx.world, user, {
    title: q.title,
    key: q.key,
    expiresAt: q.expires_at,
    usageType: q.usage_type as (typeof KEY_USAGE_TYPES)[number],
  });
  sshKeyHook(ctx.world, key, user, 'create');
  return json(presentSshKey(ctx.world, user, key), 201);
}

function deleteKey(ctx: RouteContext, user: User, keyId: number) {
  const key = findKeyOf(ctx.world, user, keyId);
  // `destroy_conditionally!(key)`: a key is never edited, so its `updated_at` is its `created_at`.
  checkUnmodifiedSince(ctx.request, key.created_at);
  removeSshKey(ctx.world, key);
  sshKeyHook(ctx.world, key, user, 'destroy');
  return noContent();
}

export const sshKeyRoutes = [
  route(
    'GET',
    '/users/:user_id/keys',
    (ctx) => {
      requireUsersApiScope(ctx.caller, ctx.request.method);
      const q = parseParams(ctx.params, { user_id: p.string().required(), ...paginationParams });
      const user = userByIdOrName(ctx, q.user_id);
      return paginated(ctx, keysOf(ctx.world, user), q, (key) => presentSshKey(ctx.world, user, key));
    },
    { checksScopes: true },
  ),
  route(
    'GET',
    '/users/:id/keys/:key_id',
    (ctx) => {
      requireUsersApiScope(ctx.caller, ctx.request.method);
      const q = parseParams(ctx.params, { id: p.string().required(), key_id: p.id().required() });
      const user = userByIdOrName(ctx, q.id);
      return json(presentSshKey(ctx.world, user, findKeyOf(ctx.world, user, q.key_id)));
    },
    { checksScopes: true },
  ),
  route('POST', '/users/:user_id/keys', (ctx) => {
    // Digits only (`requirements` of the `/users` resource); `user_id` is an Integer.
    if (!/^\d+$/.test(String(ctx.params.user_id)))
      throw routeNotFound().because('POST /users/:user_id/keys takes digits only');
    const q = parseParams(ctx.params, { user_id: p.id().required(), ...keyParams });
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    return addKey(ctx, findUser(ctx.world, q.user_id));
  }),
  route('DELETE', '/users/:id/keys/:key_id', (ctx) => {
    if (!/^\d+$/.test(String(ctx.params.id)))
      throw routeNotFound().because('DELETE /users/:id/keys/:key_id takes digits only');
    const q = parseParams(ctx.params, { id: p.id().required(), key_id: p.id().required() });
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    return deleteKey(ctx, findUser(ctx.world, q.id), q.key_id);
  }),

  route(
    'GET',
    '/user/keys',
    (ctx) => {
      requireUsersApiScope(ctx.caller, ctx.request.method);
      const q = parseParams(ctx.params, paginationParams);
      const user = ctx.caller.user;
      return paginated(ctx, keysOf(ctx.world, user), q, (key) => presentSshKey(ctx.world, user, key));
    },
    { checksScopes: true },
  ),
  route(
    'GET',
    '/user/keys/:key_id',
    (ctx) => {
      requireUsersApiScope(ctx.caller, ctx.request.method);
      const q = parseParams(ctx.params, { key_id: p.id().required() });
      const user = ctx.caller.user;
      return json(presentSshKey(ctx.world, user, findKeyOf(ctx.world, user, q.key_id)));
    },
    { checksScopes: true },
  ),
  route('POST', '/user/keys', (ctx) => addKey(ctx, ctx.caller.user)),
  route('DELETE', '/user/keys/:key_id', (ctx) => {
    const q = parseParams(ctx.params, { key_id: p.id().required() });
    return deleteKey(ctx, ctx.caller.user, q.key_id);
  }),
];

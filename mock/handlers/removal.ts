import { checkUnmodifiedSince } from '../http/conditional.js';
import { routeNotFound } from '../http/errors.js';
import { p, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentGroupDetail } from '../present/groups.js';
import { presentProject } from '../present/projects.js';
import { findGroup, findProject } from '../rules/access.js';
import { authorize } from '../rules/policy.js';
import {
  type DeletionRequest,
  deleteGroup,
  deleteProject,
  deleteUser,
  refuseSoleOwnerRemoval,
  restoreGroup,
  restoreProject,
  toBoolean,
} from '../rules/removal.js';
import { findUser } from '../rules/users.js';

/**
 * Removal: `DELETE /users/:id`, `DELETE /groups/:id` and `POST /groups/:id/restore`,
 * `DELETE /projects/:id` and `POST /projects/:id/restore` (`lib/api/users.rb`,
 * `lib/api/groups.rb`, `lib/api/projects.rb`); the cascades are `mock/rules/removal.ts`.
 * @module
 */

/** `accepted!`: 202 `{"message":"202 Accepted"}`. */
const accepted = () => json({ message: '202 Accepted' }, 202);

/** `permanently_remove` and `full_path`, undeclared in GitLab's routes: read, never refused. */
function deletionRequest(ctx: RouteContext): DeletionRequest {
  const fullPath = ctx.params.full_path;
  return {
    permanentlyRemove: toBoolean(ctx.params.permanently_remove) === true,
    fullPath: typeof fullPath === 'string' ? fullPath : undefined,
  };
}

export const userRemovalRoutes = [
  route('DELETE', '/users/:id', (ctx) => {
    // GitLab's users resource takes digits only (`requirements: { id: /[0-9]*/ }`): anything else is no route.
    if (!/^\d+$/.test(String(ctx.params.id))) {
      throw routeNotFound().because('DELETE /api/v4/users/:id takes digits only, as in GitLab: no route matches');
    }
    const q = parseParams(ctx.params, { id: p.integer().required(), hard_delete: p.boolean() });
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const user = findUser(ctx.world, q.id);
    // The sole-owner conflict, then `destroy_conditionally!(user)`: 412 when the user changed after `If-Unmodified-Since`.
    refuseSoleOwnerRemoval(ctx.world, user, q.hard_delete === true);
    checkUnmodifiedSince(ctx.request, user.updated_at ?? user.created_at);
    deleteUser(ctx.world, user, q.hard_delete === true);
    return noContent();
  }),
];

export const groupRemovalRoutes = [
  route('DELETE', '/groups/:id', (ctx) => {
    const group = findGroup(ctx.world, ctx.caller, parseParams(ctx.params, { id: p.string().required() }).id);
    authorize(ctx.world, ctx.caller, 'remove_group', group);
    deleteGroup(ctx.world, ctx.caller.user, group, deletionRequest(ctx));
    return accepted();
  }),

  route('POST', '/groups/:id/restore', (ctx) => {
    const group = findGroup(ctx.world, ctx.caller, parseParams(ctx.params, { id: p.string().required() }).id);
    authorize(ctx.world, ctx.caller, 'remove_group', group);
    restoreGroup(ctx.world, group);
    return json(presentGroupDetail(ctx.world, ctx.caller, group, { withProjects: true }), 201);
  }),
];

export const projectRemovalRoutes = [
  route('DELETE', '/projects/:id', (ctx) => {
    const project = findProject(ctx.world, ctx.caller, parseParams(ctx.params, { id: p.string().required() }).id);
    authorize(ctx.world, ctx.caller, 'remove_project', project);
    deleteProject(ctx.world, project, ctx.caller.user, deletionRequest(ctx));
    return accepted();
  }),

  route('POST', '/projects/:id/restore', (ctx) => {
    const project = findProject(ctx.world, ctx.caller, parseParams(ctx.params, { id: p.string().required() }).id);
    authorize(ctx.world, ctx.caller, 'remove_project', project);
    restoreProject(ctx.world, project);
    return json(presentProject(ctx.world, ctx.caller.user, project), 201);
  }),
];

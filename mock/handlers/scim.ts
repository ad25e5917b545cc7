import { p, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { type Method, type RouteHandler, route } from '../http/router.js';
import { presentScimIdentity } from '../present/scim.js';
import {
  deleteScimIdentity,
  findScimGroup,
  findScimIdentity,
  groupScimIdentities,
  scimAvailable,
  updateScimIdentity,
} from '../rules/scim.js';

/**
 * SCIM identities of a group: /groups/:id/scim (GITLAB-BEHAVIOR 5, SPEC 2). The
 * routes exist on the hosted offering only; elsewhere they are unknown routes.
 * @module
 */

const hostedRoute = (method: Method, path: string, handler: RouteHandler) =>
  route(method, path, handler, { available: scimAvailable });

const identityPath = { id: p.string().required(), uid: p.string().required() };

export const scimRoutes = [
  hostedRoute('GET', '/groups/:id/scim/identities', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required() });
    const group = findScimGroup(ctx.world, ctx.caller, q.id);
    // Not paginated.
    return json(groupScimIdentities(ctx.world, group).map(presentScimIdentity));
  }),

  hostedRoute('GET', '/groups/:id/scim/:uid', (ctx) => {
    const q = parseParams(ctx.params, identityPath);
    const group = findScimGroup(ctx.world, ctx.caller, q.id);
    return json(presentScimIdentity(findScimIdentity(ctx.world, group, q.uid)));
  }),

  hostedRoute('PATCH', '/groups/:id/scim/:uid', (ctx) => {
    const q = parseParams(ctx.params, { ...identityPath, extern_uid: p.string().required() });
    const identity = findScimIdentity(ctx.world, findScimGroup(ctx.world, ctx.caller, q.id), q.uid);
    return json(presentScimIdentity(updateScimIdentity(ctx.world, identity, q.extern_uid)));
  }),

  hostedRoute('DELETE', '/groups/:id/scim/:uid', (ctx) => {
    const q = parseParams(ctx.params, identityPath);
    deleteScimIdentity(ctx.world, findScimIdentity(ctx.world, findScimGroup(ctx.world, ctx.caller, q.id), q.uid));
    return noContent();
  }),
];

import { p, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { route } from '../http/router.js';
import { presentScimIdentity } from '../present/scim.js';
import { findGroup } from '../rules/access.js';
import {
  deleteScimIdentity,
  findScimIdentity,
  groupScimIdentities,
  requireScimOwner,
  scimAvailable,
  updateScimIdentity,
} from '../rules/scim.js';

/**
 * SCIM identities of a group: /groups/:id/scim (GITLAB-BEHAVIOR 5, SPEC 2). The
 * routes exist on the hosted offering only; elsewhere they are unknown routes.
 * @module
 */

const hostedOnly = { available: scimAvailable };
const identityPath = { id: p.string().required(), uid: p.string().required() };

export const scimRoutes = [
  route(
    'GET',
    '/groups/:id/scim/identities',
    (ctx) => {
      const q = parseParams(ctx.params, { id: p.string().required() });
      const group = findGroup(ctx.world, ctx.caller, q.id);
      requireScimOwner(ctx.world, ctx.caller, group);
      // Not paginated.
      return json(groupScimIdentities(ctx.world, group).map(presentScimIdentity));
    },
    hostedOnly,
  ),

  route(
    'GET',
    '/groups/:id/scim/:uid',
    (ctx) => {
      const q = parseParams(ctx.params, identityPath);
      const group = findGroup(ctx.world, ctx.caller, q.id);
      requireScimOwner(ctx.world, ctx.caller, group);
      return json(presentScimIdentity(findScimIdentity(ctx.world, group, q.uid)));
    },
    hostedOnly,
  ),

  route(
    'PATCH',
    '/groups/:id/scim/:uid',
    (ctx) => {
      const q = parseParams(ctx.params, { ...identityPath, extern_uid: p.string().required() });
      const group = findGroup(ctx.world, ctx.caller, q.id);
      requireScimOwner(ctx.world, ctx.caller, group);
      const identity = findScimIdentity(ctx.world, group, q.uid);
      return json(presentScimIdentity(updateScimIdentity(ctx.world, identity, q.extern_uid)));
    },
    hostedOnly,
  ),

  route(
    'DELETE',
    '/groups/:id/scim/:uid',
    (ctx) => {
      const q = parseParams(ctx.params, identityPath);
      const group = findGroup(ctx.world, ctx.caller, q.id);
      requireScimOwner(ctx.world, ctx.caller, group);
      deleteScimIdentity(ctx.world, findScimIdentity(ctx.world, group, q.uid));
      return noContent();
    },
    hostedOnly,
  ),
];

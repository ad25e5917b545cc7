import { forbidden, notFound, validationError } from '../http/errors.js';
import type { Caller, Group, ScimIdentity, World } from '../world/types.js';
import { findGroup, groupPlan, isPaidPlan } from './access.js';
import { authorize } from './policy.js';

/**
 * SCIM identities of a group (GITLAB-BEHAVIOR 5, SPEC 2): group Owners only, on a
 * Premium or Ultimate group with SAML single sign-on and SCIM enabled. The routes
 * exist on the hosted offering only (see the handlers).
 * @module
 */

/** SCIM exists only on the hosted offering (SPEC 2). */
export const scimAvailable = (world: World) => world.instance.offering === 'hosted';

/**
 * The group of a SCIM route, once the caller may manage its identities: `404 Group
 * Not Found` when it cannot see it; 403 unless it owns the group and the group is
 * Premium or Ultimate with SAML SSO and SCIM enabled (G5, SPEC 2).
 */
export function findScimGroup(world: World, caller: Caller, ref: string): Group {
  const group = findGroup(world, caller, ref);
  authorize(world, caller, 'admin_group', group);
  const plan = groupPlan(world, group);
  if (!isPaidPlan(plan))
    throw forbidden().because(`group ${group.full_path} is on the ${plan} plan; SCIM needs Premium`);
  if (!group.saml_scim) throw forbidden().because(`group ${group.full_path} does not have SAML SSO and SCIM enabled`);
  return group;
}

/** Every SCIM identity of a group, oldest first. */
export function groupScimIdentities(world: World, group: Group): ScimIdentity[] {
  return [...world.scimIdentities.values()].filter((s) => s.group_id === group.id).sort((a, b) => a.id - b.id);
}

/** A group's identity by its exact external uid: `404 Identity Not Found` otherwise. */
export function findScimIdentity(world: World, group: Group, uid: string): ScimIdentity {
  const identity = groupScimIdentities(world, group).find((s) => s.extern_uid === uid);
  if (!identity) throw notFound('Identity');
  return identity;
}

/** Changes an identity's external uid; blank or taken in the group is 400 with the model's message. */
export function updateScimIdentity(world: World, identity: ScimIdentity, externUid: string): ScimIdentity {
  if (externUid.trim() === '') throw validationError("Extern uid can't be blank");
  const taken = [...world.scimIdentities.values()].some(
    (s) => s !== identity && s.group_id === identity.group_id && s.extern_uid === externUid,
  );
  if (taken) throw validationError('Extern uid has already been taken');
  identity.extern_uid = externUid;
  return identity;
}

/** Deletes an identity; the user stays. */
export function deleteScimIdentity(world: World, identity: ScimIdentity): void {
  world.scimIdentities.delete(identity.id);
}

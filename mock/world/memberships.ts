import type { Group, Membership, Project, Role, World } from './types.js';
import { today } from './world.js';

/**
 * The group tree and direct memberships of groups and projects: the role in
 * `members` (what the policy reads) and the details in `memberships` (what the
 * members API shows), changed together only through {@link storeMembership} and
 * {@link dropMembership}.
 * @module
 */

/** A group and its ancestors, nearest first. */
export function groupChain(world: World, group: Group): Group[] {
  const chain: Group[] = [];
  for (let g: Group | undefined = group; g; g = g.parent_id === null ? undefined : world.groups.get(g.parent_id)) {
    chain.push(g);
  }
  return chain;
}

/** The group a project lives in, or null for a personal project. */
export function projectGroup(world: World, project: Project): Group | null {
  return project.namespace.kind === 'group' ? (world.groups.get(project.namespace.id) ?? null) : null;
}

/** A group or a project: whatever has direct members. */
export type MemberSource = Group | Project;

/** Whether a member source (or a token's resource) is a group. */
export const isGroup = (source: MemberSource): source is Group => 'full_path' in source;

/** `project acme/api` or `group acme`: a reason's words. */
export const sourceName = (source: MemberSource): string =>
  isGroup(source) ? `group ${source.full_path}` : `project ${source.path_with_namespace}`;

/**
 * Whether a membership still counts: until the day before its `expires_at`. GitLab's
 * `not_expired` scope is `expires_at > today`, and a daily job deletes the rest; the
 * mock keeps the record but treats it as gone from that day on.
 */
export function membershipCounts(world: World, source: MemberSource, userId: number): boolean {
  if (!source.members.has(userId)) return false;
  const expiresAt = source.memberships?.get(userId)?.expires_at ?? null;
  return expiresAt === null || expiresAt > today(world);
}

/** A user's direct role in a group or project (0: none, or expired). */
export function directRole(world: World, source: MemberSource, userId: number): Role | 0 {
  return membershipCounts(world, source, userId) ? (source.members.get(userId) ?? 0) : 0;
}

/** The details of a direct membership, with the defaults for a member that has none. */
export function membershipOf(source: MemberSource, userId: number): Membership {
  return source.memberships?.get(userId) ?? { created_at: source.created_at, created_by_id: null, expires_at: null };
}

/** Adds or changes a direct membership: its role and its details. */
export function storeMembership(source: MemberSource, userId: number, role: Role, details: Membership): void {
  source.members.set(userId, role);
  source.memberships ??= new Map();
  source.memberships.set(userId, details);
}

/** Removes a direct membership. */
export function dropMembership(source: MemberSource, userId: number): void {
  source.members.delete(userId);
  source.memberships?.delete(userId);
  // No details left: as a world loaded from its export has them (none), so the two compare equal.
  if (source.memberships?.size === 0) delete source.memberships;
}

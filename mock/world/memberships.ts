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

/** The ids of a group and of every group below it, in one pass over the groups (memoized up the tree). */
export function groupTreeIds(world: World, group: Group): Set<number> {
  const memo = new Map<number, boolean>([[group.id, true]]);
  const within = (g: Group): boolean => {
    const known = memo.get(g.id);
    if (known !== undefined) return known;
    const parent = g.parent_id === null ? undefined : world.groups.get(g.parent_id);
    const result = parent ? within(parent) : false;
    memo.set(g.id, result);
    return result;
  };
  const ids = new Set<number>([group.id]);
  for (const g of world.groups.values()) if (within(g)) ids.add(g.id);
  return ids;
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

/**
 * Counts the direct memberships added or changed in any world of this process ({@link storeMembership},
 * {@link membershipsChanged}): the index of {@link directProjectsOf} is good while it stands still. A
 * membership removed may stay in the index until its next rebuild: its readers check the role.
 */
let membershipEpoch = 0;

/** Says that a direct membership changed without {@link storeMembership} (a bot's, which has no details). */
export function membershipsChanged(): void {
  membershipEpoch++;
}

interface DirectProjectsIndex {
  version: string;
  byUser: Map<number, Project[]>;
}
const directProjectIndexes = new WeakMap<Map<number, Project>, DirectProjectsIndex>();

/**
 * The projects a user is a direct member of, and maybe some the user left or whose membership expired
 * (the caller decides by the role), from an index of `world.projects` rebuilt when a membership is added
 * or a project added or removed (the table's identity, size and last id say so). Without it, listing a
 * member's projects would read every project of the world on every request.
 */
export function directProjectsOf(world: World, userId: number): readonly Project[] {
  const version = `${membershipEpoch}:${world.projects.size}:${world.lastId.projects ?? 0}`;
  let index = directProjectIndexes.get(world.projects);
  if (index?.version !== version) {
    index = { version, byUser: new Map() };
    for (const project of world.projects.values()) {
      for (const id of project.members.keys()) {
        const list = index.byUser.get(id);
        if (list) list.push(project);
        else index.byUser.set(id, [project]);
      }
    }
    directProjectIndexes.set(world.projects, index);
  }
  return index.byUser.get(userId) ?? [];
}

/** Adds or changes a direct membership: its role and its details. */
export function storeMembership(source: MemberSource, userId: number, role: Role, details: Membership): void {
  membershipEpoch++;
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

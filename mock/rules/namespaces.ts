import { notFound } from '../http/errors.js';
import { directRole, groupChain, membershipCounts, projectGroup } from '../world/memberships.js';
import type { Caller, Group, NamespaceRecord, User, World } from '../world/types.js';
import { userNamed } from '../world/world.js';
import { fuzzy } from './groups.js';
import { canReadNamespace } from './policy.js';

/**
 * Namespaces (`lib/api/namespaces.rb`): every group, and one personal namespace per
 * user. The world stores no namespace table: a group is its own namespace (same id),
 * and a user's personal namespace is derived from the user. GitLab numbers both from
 * one sequence; the mock keeps group ids as they are and gives a personal namespace
 * the id {@link personalNamespaceId}, so the two never collide and need no storage.
 * @module
 */

/** Where personal namespace ids start: a user's namespace is this plus the user's id. */
export const PERSONAL_NAMESPACE_BASE = 1_000_000;

/** The id of a user's personal namespace (its own id, as in GitLab, not the user's). */
export const personalNamespaceId = (user: User): number => PERSONAL_NAMESPACE_BASE + user.id;

/** A namespace's id, path and full path, whichever kind it is. */
export function namespaceFacts(ns: NamespaceRecord): { id: number; path: string; fullPath: string; name: string } {
  return ns.kind === 'group'
    ? { id: ns.group.id, path: ns.group.path, fullPath: ns.group.full_path, name: ns.group.name }
    : { id: personalNamespaceId(ns.user), path: ns.user.username, fullPath: ns.user.username, name: ns.user.name };
}

/** Every namespace of the world, by id (groups first, then personal namespaces, whose ids are higher). */
function allNamespaces(world: World): NamespaceRecord[] {
  return [
    ...[...world.groups.values()].map((group) => ({ kind: 'group', group }) as const),
    ...[...world.users.values()].map((user) => ({ kind: 'user', user }) as const),
  ].sort((a, b) => namespaceFacts(a).id - namespaceFacts(b).id);
}

/** A namespace by id or full path (any case), whoever asks. */
export function namespaceByRef(world: World, ref: string): NamespaceRecord | undefined {
  if (/^\d+$/.test(ref)) {
    const id = Number(ref);
    if (id < PERSONAL_NAMESPACE_BASE) {
      const group = world.groups.get(id);
      return group && { kind: 'group', group };
    }
    const user = world.users.get(id - PERSONAL_NAMESPACE_BASE);
    return user && { kind: 'user', user };
  }
  // A group's full path first (groups have the lower ids), then a username (through the index).
  const wanted = ref.toLowerCase();
  for (const group of world.groups.values())
    if (group.full_path.toLowerCase() === wanted) return { kind: 'group', group };
  const user = userNamed(world, ref);
  return user && { kind: 'user', user };
}

/** `GET /namespaces/:id`: missing or unreadable is `404 Namespace Not Found`. */
export function findNamespace(world: World, caller: Caller, ref: string): NamespaceRecord {
  const ns = namespaceByRef(world, ref);
  if (!ns) throw notFound('Namespace').because(`no namespace ${ref}`);
  if (!canReadNamespace(world, caller.user, ns)) {
    throw notFound('Namespace').because(
      `${caller.user.username} has no access to namespace ${namespaceFacts(ns).fullPath}`,
    );
  }
  return ns;
}

/** The filters of `GET /namespaces`. */
export interface NamespaceFilters {
  /** Name or path (or the full path, with `fullPathSearch`) matches GitLab's fuzzy search. */
  search?: string;
  /** Match `search` against the full path. */
  fullPathSearch: boolean;
  /** Only groups the caller owns directly (and the personal namespace). */
  ownedOnly: boolean;
  /** Only namespaces without a parent. */
  topLevelOnly: boolean;
}

/**
 * `GET /namespaces`: an administrator gets every namespace; anyone else their personal
 * namespace and the groups they are a direct member of (`User#namespaces`: direct
 * memberships only, not the subgroups below them), or with `owned_only` the groups
 * they own directly. Ordered by id, as GitLab's paginator orders an unordered relation.
 */
export function listNamespaces(world: World, user: User, filters: NamespaceFilters): NamespaceRecord[] {
  const mine = (ns: NamespaceRecord) => {
    if (user.admin) return true;
    if (ns.kind === 'user') return ns.user.id === user.id;
    return filters.ownedOnly ? directRole(world, ns.group, user.id) === 50 : membershipCounts(world, ns.group, user.id);
  };
  const match = filters.search === undefined ? undefined : fuzzy(filters.search);
  const searched = (ns: NamespaceRecord) => {
    if (!match) return true;
    const facts = namespaceFacts(ns);
    return filters.fullPathSearch ? match(facts.fullPath) : match(facts.name) || match(facts.path);
  };
  const topLevel = (ns: NamespaceRecord) => ns.kind === 'user' || ns.group.parent_id === null;
  return allNamespaces(world).filter((ns) => mine(ns) && (!filters.topLevelOnly || topLevel(ns)) && searched(ns));
}

/**
 * `members_count_with_descendants`: the users with a membership in the group or a
 * group below it, each counted once (GitLab's `users_with_descendants`).
 */
export function membersCountWithDescendants(world: World, group: Group): number {
  const users = new Set<number>();
  for (const g of world.groups.values()) {
    if (!groupChain(world, g).includes(group)) continue;
    for (const id of g.members.keys()) if (membershipCounts(world, g, id)) users.add(id);
  }
  return users.size;
}

/** The projects in a group and its subgroups, whoever can see them (GitLab's `Namespace#all_projects`). */
export function allProjectsCount(world: World, group: Group): number {
  let count = 0;
  for (const project of world.projects.values()) {
    const home = projectGroup(world, project);
    if (home && groupChain(world, home).includes(group)) count += 1;
  }
  return count;
}

/**
 * `GET /namespaces/:id/exists`: whether a namespace with that path (any case) exists
 * directly below `parentId` (top level without it), whoever can see it, as GitLab
 * answers; when taken, GitLab's `Namespace.clean_path` suggests the path with the
 * first free number appended (`acme1`, `acme2`...).
 */
export function namespaceExists(
  world: World,
  path: string,
  parentId: number | undefined,
): { exists: boolean; suggests: string[] } {
  const siblings = allNamespaces(world).filter((ns) =>
    ns.kind === 'user' ? parentId === undefined : ns.group.parent_id === (parentId ?? null),
  );
  // `find_by_path_or_name`: a suggestion must be free as a path and as a name.
  const taken = (candidate: string) =>
    siblings.some((ns) => {
      const facts = namespaceFacts(ns);
      return facts.path.toLowerCase() === candidate.toLowerCase() || facts.name === candidate;
    });
  const exists = siblings.some((ns) => namespaceFacts(ns).path.toLowerCase() === path.toLowerCase());
  if (!exists) return { exists, suggests: [] };
  let n = 1;
  while (taken(`${path}${n}`)) n++;
  return { exists, suggests: [`${path}${n}`] };
}

import { keysetOrderUnavailable } from '../http/pagination.js';
import { directRole, groupChain, projectGroup } from '../world/memberships.js';
import { shareCounts } from '../world/shares.js';
import { type Group, isAnonymous, type Project, type User, type Visibility, type World } from '../world/types.js';
import { canReadProject, groupsAround, openTo } from './policy.js';

/**
 * Groups as `GET /groups`, `/groups/:id/subgroups` and `/groups/:id/descendant_groups`
 * list them: which groups a caller gets (GitLab's `GroupsFinder`), the filters and
 * the orders of `lib/api/groups.rb`.
 * @module
 */

/** The filters of a group list, as the API declares them. */
export interface GroupFilters {
  /** Also every group open to the caller; default true for administrators only. */
  allAvailable?: boolean;
  /** Only groups the caller is a direct Owner of. */
  owned: boolean;
  /** Only groups where the caller is a direct member with at least this role, and their subgroups. */
  minAccessLevel?: number;
  search?: string;
  topLevelOnly?: boolean;
  visibility?: Visibility;
  skipGroups?: number[];
  /** `YYYY-MM-DD`: only groups whose own deletion is scheduled that day. */
  markedForDeletionOn?: string;
  orderBy: 'name' | 'path' | 'id' | 'similarity';
  sort: 'asc' | 'desc';
}

/** Which part of the tree a list is about: everything, a group's children, or all its descendants. */
export type GroupScope = { kind: 'all' } | { kind: 'children'; of: Group } | { kind: 'descendants'; of: Group };

/** `Acme / Platform`: the names from the top-level group down, as GitLab's `full_name`. */
export function fullName(world: World, group: Group): string {
  return groupChain(world, group)
    .reverse()
    .map((g) => g.name)
    .join(' / ');
}

/** Whether `group` is strictly below `ancestor`. */
const isBelow = (world: World, group: Group, ancestor: Group) =>
  group.id !== ancestor.id && groupChain(world, group).includes(ancestor);

/**
 * The groups a caller gets before the filters (GitLab's `GroupsFinder#all_groups`):
 * `owned` wins, then `min_access_level` (direct memberships and their subgroups),
 * then everything for an administrator listing all available groups; otherwise the
 * groups around the caller's memberships, plus, with `all_available`, every group
 * open to them. `all_available` defaults to true for administrators only
 * (`lib/api/groups.rb#find_groups`).
 */
function candidates(world: World, user: User, filters: GroupFilters): (group: Group) => boolean {
  if (filters.owned) return (g) => directRole(world, g, user.id) === 50;
  const min = filters.minAccessLevel;
  if (min !== undefined) {
    return (g) => groupChain(world, g).some((a) => directRole(world, a, user.id) >= min);
  }
  const allAvailable = filters.allAvailable ?? user.admin;
  if (user.admin && allAvailable) return () => true;
  // GroupsFinder#include_public_groups?: `current_user.nil? || all_available?`.
  const withPublic = allAvailable || isAnonymous(user);
  const around = groupsAround(world, user);
  return (g) => around.has(g.id) || (withPublic && openTo(g.visibility, user));
}

/** GitLab's fuzzy match: each word of 3+ characters appears in the value (any case); a shorter query must equal it. */
export function fuzzy(query: string): (value: string) => boolean {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length >= 3);
  const exact = query.toLowerCase();
  return words.length > 0
    ? (value) => words.every((w) => value.toLowerCase().includes(w))
    : (value) => value.toLowerCase() === exact;
}

/** The trigrams of a text as PostgreSQL's pg_trgm makes them: each word padded, lower case. */
function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** pg_trgm's `similarity(a, b)`: shared trigrams over all trigrams. */
function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  const all = x.size + y.size - shared;
  return all === 0 ? 0 : shared / all;
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en');

/**
 * The order of `lib/api/groups.rb#order_groups`: the field in the requested
 * direction, then id ascending; `similarity` with a search ranks by how alike
 * the path and the name are to it (pg_trgm, weights 1 and 0.7, GitLab's
 * `sorted_by_similarity_and_parent_id_desc`; ours approximates the database's
 * scores), then by parent id descending with top-level groups last, then newest
 * first. Without a search `similarity` orders by name.
 */
function order(filters: GroupFilters): (a: Group, b: Group) => number {
  if (filters.orderBy === 'similarity' && filters.search) {
    const search = filters.search;
    const score = (g: Group) => similarity(g.path, search) + 0.7 * similarity(g.name, search);
    return (a, b) => score(b) - score(a) || (b.parent_id ?? -1) - (a.parent_id ?? -1) || b.id - a.id;
  }
  const direction = filters.sort === 'desc' ? -1 : 1;
  if (filters.orderBy === 'id') return (a, b) => direction * (a.id - b.id);
  const field = filters.orderBy === 'path' ? 'path' : 'name';
  return (a, b) => direction * byText(a[field], b[field]) || a.id - b.id;
}

/**
 * A group list (GITLAB `GroupsFinder` and `find_groups`): the caller's groups,
 * narrowed to the scope, `top_level_only`, `visibility`, `search` (the full path
 * or full name on `/groups`, the path or name below a group) and `skip_groups`,
 * in the requested order. Only groups the caller may read ever appear.
 */
export function listGroups(world: World, user: User, scope: GroupScope, filters: GroupFilters): Group[] {
  const keep = candidates(world, user, filters);
  const match = filters.search === undefined ? undefined : fuzzy(filters.search);
  const skipped = new Set(filters.skipGroups ?? []);
  const inScope = (g: Group) =>
    scope.kind === 'all' || (scope.kind === 'children' ? g.parent_id === scope.of.id : isBelow(world, g, scope.of));
  const searched = (g: Group) =>
    !match || (scope.kind === 'all' ? match(g.full_path) || match(fullName(world, g)) : match(g.path) || match(g.name));
  return [...world.groups.values()]
    .filter(
      (g) =>
        inScope(g) &&
        (!filters.topLevelOnly || g.parent_id === null) &&
        (!filters.visibility || g.visibility === filters.visibility) &&
        // GroupsFinder#marked_for_deletion_on: the group's own deletion schedule (app/finders/groups_finder.rb).
        (!filters.markedForDeletionOn || g.marked_for_deletion_on === filters.markedForDeletionOn) &&
        !skipped.has(g.id) &&
        searched(g) &&
        keep(g),
    )
    .sort(order(filters));
}

/** How many projects a group's details embed at most (GitLab's `GroupProjectsFinder::DEFAULT_PROJECTS_LIMIT`). */
export const GROUP_DETAIL_PROJECTS_LIMIT = 100;

/** The projects a group's details embed: its own (not its subgroups'), those the caller may read, newest first. */
export function groupDetailProjects(world: World, user: User, group: Group): Project[] {
  return [...world.projects.values()]
    .filter((p) => projectGroup(world, p)?.id === group.id && canReadProject(world, user, p))
    .sort((a, b) => b.id - a.id)
    .slice(0, GROUP_DETAIL_PROJECTS_LIMIT);
}

/**
 * The projects shared with a group that a group's details embed (`GroupProjectsFinder` with
 * `only_shared`): those the caller may read, newest first, at most 100.
 */
export function groupSharedProjects(world: World, user: User, group: Group): Project[] {
  const out: Project[] = [];
  for (const link of world.projectShares.values()) {
    if (link.group_id !== group.id || !shareCounts(world, link)) continue;
    const project = world.projects.get(link.project_id);
    if (project && canReadProject(world, user, project)) out.push(project);
  }
  return out.sort((a, b) => b.id - a.id).slice(0, GROUP_DETAIL_PROJECTS_LIMIT);
}

/**
 * Keyset pagination of groups orders by name ascending only (`Group.supported_keyset_orderings`
 * is `{ name: [:asc] }`, `Gitlab::Pagination::CursorBasedKeyset.order_satisfied?`); others are 405.
 */
export function requireGroupKeysetOrder(orderBy: GroupFilters['orderBy'], sort: GroupFilters['sort']): void {
  if (orderBy !== 'name' || sort !== 'asc') {
    throw keysetOrderUnavailable(
      `keyset pagination of groups needs order_by=name and sort=asc, not ${orderBy} ${sort}`,
    );
  }
}

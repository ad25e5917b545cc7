import { ApiError } from '../http/errors.js';
import { keysetOrderUnavailable } from '../http/pagination.js';
import { directProjectsOf, directRole, groupChain, groupTreeIds } from '../world/memberships.js';
import { shareCounts, sharesOfProject } from '../world/shares.js';
import {
  type Group,
  isAnonymous,
  type NamespaceRecord,
  type Project,
  type Role,
  type User,
  type Visibility,
  type World,
} from '../world/types.js';
import { can, featureAllows, groupShareRole, visibleWithRole } from './policy.js';

/**
 * Which projects a caller sees in `GET /projects` and `GET /groups/:id/projects`, as
 * GitLab's `ProjectsFinder` decides (GitLab's `app/finders/projects_finder.rb`).
 *
 * Listing is built for worlds of 10,000 projects: a caller's roles are derived once per
 * request, group by group (each group's role is its own membership or its parent's,
 * memoized), so a list costs one pass over the groups and one over the projects, never a
 * role computation per project per ancestor. The answers are those of `projectRole` and
 * `canReadProject` in `access.ts`.
 * @module
 */

/** A user's roles for one request: per group (inherited down the tree) and per project (0 = none). */
export interface RoleMap {
  /** The user's role in a group, its own or inherited, admin or not (0 = none). */
  group(group: Group): Role | 0;
  /** The user's membership role in a project: direct, inherited, or Owner of a personal namespace (0 = none). */
  project(project: Project): Role | 0;
}

/**
 * Derives a user's membership roles; ignores admin rights (membership filters do not count them, as in GitLab).
 * An expired membership counts for nothing, as in `projectRole` (`directRole`).
 */
export function rolesOf(world: World, user: User): RoleMap {
  const memo = new Map<number, Role | 0>();
  const groupShared = world.groupShares.size > 0;
  const group = (g: Group): Role | 0 => {
    const known = memo.get(g.id);
    if (known !== undefined) return known;
    const parent = g.parent_id === null ? undefined : world.groups.get(g.parent_id);
    let role = Math.max(directRole(world, g, user.id), parent ? group(parent) : 0) as Role | 0;
    if (groupShared) role = Math.max(role, groupShareRole(world, user, g)) as Role | 0;
    memo.set(g.id, role);
    return role;
  };
  // A project's shares with groups (`projectShareRole`), from the memo of the invited groups' roles.
  const projectShared = world.projectShares.size > 0;
  const viaShares = (p: Project): Role | 0 => {
    let role: Role | 0 = 0;
    for (const link of sharesOfProject(world, p.id)) {
      const invited = world.groups.get(link.group_id);
      if (invited && shareCounts(world, link))
        role = Math.max(role, Math.min(link.group_access, group(invited))) as Role | 0;
    }
    return role;
  };
  const project = (p: Project): Role | 0 => {
    const direct = directRole(world, p, user.id);
    const shared = projectShared ? viaShares(p) : 0;
    const own = direct > shared ? direct : shared;
    if (p.namespace.kind === 'user') return p.namespace.id === user.id ? 50 : own;
    // The memo first: most projects share their group with many others.
    let inherited = memo.get(p.namespace.id);
    if (inherited === undefined) {
      const g = world.groups.get(p.namespace.id);
      inherited = g ? group(g) : 0;
    }
    return own > inherited ? own : inherited;
  };
  return { group, project };
}

/** The filters both project lists take. */
export interface ProjectFilters {
  membership?: boolean | undefined;
  owned?: boolean | undefined;
  search?: string | undefined;
  search_namespaces?: boolean | undefined;
  visibility?: Visibility | undefined;
  archived?: boolean | undefined;
  min_access_level?: number | undefined;
  /** Only projects with a greater id (GitLab's `ProjectsFinder#by_ids`). */
  id_after?: number | undefined;
  /** Only projects with a smaller id. */
  id_before?: number | undefined;
  /** Only projects the caller starred: stars are not modelled, so none. */
  starred?: boolean | undefined;
  /**
   * `true`: neither archived nor marked for deletion; `false`: either (ProjectsFinder's `by_active`:
   * `self_and_ancestors_active` / `self_or_ancestors_inactive`; groups are never archived nor marked in the mock).
   */
  active?: boolean | undefined;
  /** Only projects whose issues the caller may use (`with_issues_available_for_user`, ProjectsFinder). */
  with_issues_enabled?: boolean | undefined;
  /** Only projects whose merge requests the caller may use (`with_merge_requests_available_for_user`). */
  with_merge_requests_enabled?: boolean | undefined;
  /**
   * Last updated before / after (ProjectsFinder's `by_updated_at`); the mock does not track updates, so a
   * project was last updated when it was created (as `order_by=updated_at` reads it).
   */
  updated_before?: Date | undefined;
  updated_after?: Date | undefined;
  /** `YYYY-MM-DD`: marked for deletion that day (ProjectsFinder's `by_marked_for_deletion_on`). */
  marked_for_deletion_on?: string | undefined;
  /** Only projects with every one of these topic names (ProjectsFinder's `by_topics`: `contains_all_topic_names`). */
  topic?: string[] | undefined;
  /**
   * A topic's id (ProjectsFinder's `by_topic_id`: `items.none` for an unknown topic). The mock's topics are
   * names on their projects, with no id a client could learn, so no id names one: the list is empty.
   */
  topic_id?: number | undefined;
  order_by: ProjectOrder;
  sort: 'asc' | 'desc';
}

/**
 * The orders GitLab's `sort_params` take (`lib/api/projects.rb`); `updated_at` and `last_activity_at` are
 * the creation time (activity is not modelled), and stars and the repository statistics are not
 * modelled: every project has none, so those orders come down to the id.
 */
export type ProjectOrder =
  | 'id'
  | 'name'
  | 'path'
  | 'created_at'
  | 'updated_at'
  | 'last_activity_at'
  | 'similarity'
  | 'star_count'
  | (typeof STATISTICS_ORDERS)[number];
/** `Helpers::ProjectsHelpers::STATISTICS_SORT_PARAMS`: administrators' orders only (`use_project_statistics_filters`). */
export const STATISTICS_ORDERS = ['storage_size', 'repository_size', 'wiki_size', 'packages_size'] as const;

/**
 * `verify_statistics_order_by_projects!` (`lib/api/projects.rb`): the statistics orders are
 * administrators' (GlobalPolicy `rule { admin }.enable :use_project_statistics_filters`); anyone
 * else gets the default order, unrefused.
 */
export function projectOrderFor(world: World, user: User, orderBy: ProjectOrder): ProjectOrder {
  const statistics = (STATISTICS_ORDERS as readonly string[]).includes(orderBy);
  return statistics && !can(world, user, 'use_project_statistics_filters', 'instance') ? 'created_at' : orderBy;
}
export const PROJECT_ORDERS: readonly ProjectOrder[] = [
  'id',
  'name',
  'path',
  'created_at',
  'updated_at',
  'last_activity_at',
  'similarity',
  'star_count',
  ...STATISTICS_ORDERS,
];

/** Whether a project passes the filters, given the caller's membership role in it. */
function passes(
  world: World,
  user: User,
  project: Project,
  role: number,
  filters: ProjectFilters,
  search: string | undefined,
): boolean {
  if ((filters.membership || filters.min_access_level !== undefined) && role === 0) return false;
  if (filters.min_access_level !== undefined && role < filters.min_access_level) return false;
  if (filters.owned && role < 50) return false;
  if (filters.visibility && project.visibility !== filters.visibility) return false;
  if (filters.archived !== undefined && project.archived !== filters.archived) return false;
  if (filters.id_after !== undefined && project.id <= filters.id_after) return false;
  if (filters.id_before !== undefined && project.id >= filters.id_before) return false;
  if (filters.starred) return false;
  if (filters.active !== undefined) {
    const inactive = project.archived || Boolean(project.marked_for_deletion_at);
    if (inactive === filters.active) return false;
  }
  if (filters.marked_for_deletion_on !== undefined && project.marked_for_deletion_at !== filters.marked_for_deletion_on)
    return false;
  if (filters.updated_before !== undefined && !(Date.parse(project.created_at) < filters.updated_before.getTime()))
    return false;
  if (filters.updated_after !== undefined && !(Date.parse(project.created_at) > filters.updated_after.getTime()))
    return false;
  if (filters.topic_id !== undefined) return false;
  if (filters.topic) {
    const topics = project.topics ?? [];
    if (!filters.topic.every((name) => topics.includes(name))) return false;
  }
  if (filters.with_issues_enabled && !featureAllows(world, user, project, 'issues')) return false;
  if (filters.with_merge_requests_enabled && !featureAllows(world, user, project, 'merge_requests')) return false;
  if (search !== undefined) {
    const fields = [project.name, project.path, project.description];
    if (filters.search_namespaces) fields.push(project.path_with_namespace);
    if (!fields.some((field) => field.toLowerCase().includes(search))) return false;
  }
  return true;
}

/** How close a name is to the search, for `order_by=similarity`: exact, then prefix, then anywhere. */
function similarity(project: Project, search: string): number {
  const name = project.name.toLowerCase();
  const path = project.path.toLowerCase();
  if (name === search || path === search) return 3;
  if (name.startsWith(search) || path.startsWith(search)) return 2;
  return name.includes(search) || path.includes(search) ? 1 : 0;
}

/**
 * Orders projects as GitLab does: by the column, ties by id in the same direction.
 * `unsearched` orders `similarity` without a search (each route has its own fallback).
 */
function order(
  projects: Project[],
  filters: ProjectFilters,
  search: string | undefined,
  unsearched: (a: Project, b: Project) => number,
): Project[] {
  const direction = filters.sort === 'asc' ? 1 : -1;
  const byId = (a: Project, b: Project) => (a.id - b.id) * direction;
  const created = (a: Project, b: Project) =>
    (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0) * direction;
  const none = () => 0;
  const compare: Record<ProjectOrder, (a: Project, b: Project) => number> = {
    id: none,
    name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) * direction,
    path: (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) * direction,
    // `order_options_with_tie_breaker` orders `created_at` (the default) by `id` (`lib/api/helpers.rb`).
    created_at: none,
    updated_at: created,
    last_activity_at: created,
    star_count: none,
    storage_size: none,
    repository_size: none,
    wiki_size: none,
    packages_size: none,
    // GitLab orders by similarity only with a search, most similar first whatever `sort` says.
    similarity: (a, b) => (search === undefined ? unsearched(a, b) : similarity(b, search) - similarity(a, search)),
  };
  const by = compare[filters.order_by];
  return projects.sort((a, b) => by(a, b) || byId(a, b));
}

/**
 * The projects of each group and of each personal namespace, derived from `world.projects` and
 * rebuilt whenever a project is added or removed (the table's identity, its size and its last id
 * say so); a project created through the API is added to it in place ({@link projectAdded}), a
 * transfer forgets it ({@link projectsMoved}). Restoring a snapshot replaces the table, so the index
 * follows it.
 */
interface NamespaceIndex {
  version: string;
  groups: Map<number, Project[]>;
  users: Map<number, Project[]>;
}
const byNamespace = new WeakMap<Map<number, Project>, NamespaceIndex>();
const versionOf = (world: World) => `${world.projects.size}:${world.lastId.projects ?? 0}`;

/** Forgets the index after a project moves to another namespace (a transfer). */
export function projectsMoved(world: World): void {
  byNamespace.delete(world.projects);
}

/**
 * Adds a project just put in `world.projects` (with the id `nextId` gave it) to a current index, so
 * that creating projects one after another does not rebuild it each time; a stale index is left to
 * be rebuilt.
 */
export function projectAdded(world: World, project: Project): void {
  const known = byNamespace.get(world.projects);
  if (!known) return;
  if (known.version !== `${world.projects.size - 1}:${project.id - 1}`) {
    byNamespace.delete(world.projects);
    return;
  }
  const into = project.namespace.kind === 'group' ? known.groups : known.users;
  const list = into.get(project.namespace.id);
  if (list) list.push(project);
  else into.set(project.namespace.id, [project]);
  known.version = versionOf(world);
}

function namespaceIndex(world: World): NamespaceIndex {
  const version = versionOf(world);
  const known = byNamespace.get(world.projects);
  if (known?.version === version) return known;
  const index: NamespaceIndex = { version, groups: new Map(), users: new Map() };
  for (const p of world.projects.values()) {
    const into = p.namespace.kind === 'group' ? index.groups : index.users;
    const list = into.get(p.namespace.id);
    if (list) list.push(p);
    else into.set(p.namespace.id, [p]);
  }
  byNamespace.set(world.projects, index);
  return index;
}

const projectsOfGroups = (world: World): Map<number, Project[]> => namespaceIndex(world).groups;

/** The projects directly in a namespace (a group's own, not its subgroups'; a user's personal ones). */
export function projectsInNamespace(world: World, ns: NamespaceRecord): readonly Project[] {
  const index = namespaceIndex(world);
  return (ns.kind === 'group' ? index.groups.get(ns.group.id) : index.users.get(ns.user.id)) ?? [];
}

/**
 * `GET /projects`: every project the caller can read (or, with `membership`/`owned`/`min_access_level`, is a member of).
 * Ordered by similarity to a search, only the caller's memberships, as with `membership` (GitLab's
 * `support_order_by_similarity!` sets `non_public` "because it could cause long running queries");
 * without a search, `similarity` is GitLab's default order, the id's.
 */
export function listProjects(world: World, user: User, filters: ProjectFilters): Project[] {
  // `order_by_similarity?(allow_unauthorized: false)` (`lib/api/helpers.rb`): an anonymous caller's
  // similarity order falls back to the default one, over the public projects.
  if (filters.order_by === 'similarity' && filters.search) {
    filters = isAnonymous(user) ? { ...filters, order_by: 'created_at' } : { ...filters, membership: true };
  }
  if (!filters.membership && !filters.owned && filters.min_access_level === undefined) {
    return select(world, user, world.projects.values(), filters, byNothing);
  }
  // Members only: the projects of the groups the user has a role in, and those it is a direct member of.
  const roles = rolesOf(world, user);
  const candidates = new Set<Project>();
  const ofGroups = projectsOfGroups(world);
  for (const g of world.groups.values()) {
    if (roles.group(g) > 0) for (const p of ofGroups.get(g.id) ?? []) candidates.add(p);
  }
  for (const p of directProjectsOf(world, user.id)) candidates.add(p);
  for (const p of namespaceIndex(world).users.get(user.id) ?? []) candidates.add(p);
  // Projects shared with a group the user has a role in.
  for (const link of world.projectShares.values()) {
    const invited = world.groups.get(link.group_id);
    const p = world.projects.get(link.project_id);
    if (invited && p && roles.group(invited) > 0) candidates.add(p);
  }
  return select(world, user, candidates, filters, byNothing, roles);
}

/**
 * `GET /users/:user_id/projects`: the projects in `owner`'s personal namespace that the caller may see, as
 * GitLab's `PersonalProjectsFinder` (`app/finders/personal_projects_finder.rb`) finds them, then the
 * finder's filters: none at all unless the caller may read the owner's profile (`read_user_profile`);
 * every one to an administrator, `min_access_level` then left out ("min_access_level does not make any
 * difference when admins search for a user's projects"); with `min_access_level`, those where the caller
 * has at least that role. `owned` and `membership` choose ProjectsFinder's own collection, which this route
 * replaces, so they filter nothing here.
 */
export function listUserProjects(world: World, user: User, owner: User, filters: ProjectFilters): Project[] {
  if (!can(world, user, 'read_user_profile', owner)) return [];
  const own: ProjectFilters = {
    ...filters,
    owned: undefined,
    membership: undefined,
    ...(user.admin && { min_access_level: undefined }),
  };
  return select(world, user, projectsInNamespace(world, { kind: 'user', user: owner }), own, byNothing);
}

/**
 * `GET /groups/:id/projects`: the group's projects (and its subgroups' with `include_subgroups`, its
 * ancestors' own with `include_ancestor_groups`: `GroupProjectsFinder#owned_projects`) the caller can read.
 * `similarity` without a search orders by name ascending whatever `sort` says, ties by id in its
 * direction (GitLab's `handle_similarity_order` in `lib/api/groups.rb`).
 */
export function listGroupProjects(
  world: World,
  user: User,
  group: Group,
  filters: ProjectFilters & { include_subgroups?: boolean | undefined; include_ancestor_groups?: boolean | undefined },
): Project[] {
  const inside = new Set<number>([group.id]);
  // `Project.for_group_and_its_ancestor_groups`: the projects right in each ancestor, not their other subgroups'.
  if (filters.include_ancestor_groups) for (const g of groupChain(world, group)) inside.add(g.id);
  if (filters.include_subgroups) for (const id of groupTreeIds(world, group)) inside.add(id);
  const ofGroups = projectsOfGroups(world);
  const candidates = [...inside].flatMap((id) => ofGroups.get(id) ?? []);
  return select(world, user, candidates, filters, byNameAscending);
}

/** No order of its own: the id decides. */
const byNothing = (): number => 0;

/** By name ascending, whatever the direction. */
const byNameAscending = (a: Project, b: Project): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function select(
  world: World,
  user: User,
  projects: Iterable<Project>,
  filters: ProjectFilters,
  unsearched: (a: Project, b: Project) => number,
  roles = rolesOf(world, user),
): Project[] {
  const search = filters.search?.toLowerCase() || undefined;
  const out: Project[] = [];
  for (const project of projects) {
    const role = roles.project(project);
    if (visibleWithRole(project.visibility, user, role) && passes(world, user, project, role, filters, search))
      out.push(project);
  }
  return order(out, filters, search, unsearched);
}

/**
 * `validate_updated_at_order_and_filter!` (`lib/api/projects.rb`, `GET /projects`): the `updated_before` /
 * `updated_after` filters only with `order_by=updated_at` (`declared_params[:order_by]` holds the default
 * `created_at` when none is sent, so that is refused too).
 */
export function requireUpdatedAtPairing(
  filters: { updated_before?: Date | undefined; updated_after?: Date | undefined },
  orderBy: string,
): void {
  const filtered = filters.updated_before !== undefined || filters.updated_after !== undefined;
  if (filtered && orderBy !== 'updated_at') {
    throw new ApiError(400, {
      message: '400 Bad request - `updated_at` filter and `updated_at` sorting must be paired',
    }).because(`updated_before/updated_after with order_by=${orderBy}`);
  }
}

/** Keyset pagination of projects: GitLab offers it ordered by id only; other orders are 405. */
export function requireKeysetOrder(orderBy: ProjectOrder): void {
  if (orderBy !== 'id') {
    throw keysetOrderUnavailable(`keyset pagination of projects needs order_by=id, not ${orderBy}`);
  }
}

/** What `GET /projects/:id/groups` takes (GitLab's `Projects::GroupsFinder` params and the route's `search`). */
export interface ProjectGroupFilters {
  search?: string | undefined;
  skip_groups?: number[] | undefined;
  with_shared?: boolean | undefined;
  shared_visible_only?: boolean | undefined;
  shared_min_access_level?: number | undefined;
}

/**
 * `GET /projects/:id/groups`: the project's group and its ancestors, whatever their visibility, and with
 * `with_shared` the groups it is shared with (`shared_min_access_level`: a share's role at least that;
 * `shared_visible_only`: public ones, internal ones to a signed-in user, and those the caller directly
 * belongs to), less `skip_groups`, newest id first; then the route's `groups.search` (name or path,
 * any case). GitLab's `app/finders/projects/groups_finder.rb` (the caller has `read_project`: the route
 * found the project first) and `lib/api/projects.rb`.
 */
export function projectGroups(world: World, user: User, project: Project, filters: ProjectGroupFilters): Group[] {
  const found = new Map<number, Group>();
  const own = project.namespace.kind === 'group' ? world.groups.get(project.namespace.id) : undefined;
  for (let g = own; g; g = g.parent_id === null ? undefined : world.groups.get(g.parent_id)) found.set(g.id, g);
  if (filters.with_shared) {
    for (const link of sharesOfProject(world, project.id)) {
      const invited = world.groups.get(link.group_id);
      if (!invited || !shareCounts(world, link)) continue;
      if (filters.shared_min_access_level !== undefined && link.group_access < filters.shared_min_access_level)
        continue;
      // `public_to_user(current_user)` or `for_authorized_group_members(current_user&.id)`.
      const visible =
        invited.visibility === 'public' ||
        (invited.visibility === 'internal' && !isAnonymous(user) && !user.external) ||
        directRole(world, invited, user.id) > 0;
      if (filters.shared_visible_only && !visible) continue;
      found.set(invited.id, invited);
    }
  }
  const skipped = new Set(filters.skip_groups ?? []);
  const search = filters.search?.toLowerCase();
  return [...found.values()]
    .filter((g) => !skipped.has(g.id))
    .filter((g) => !search || g.name.toLowerCase().includes(search) || g.path.toLowerCase().includes(search))
    .sort((a, b) => b.id - a.id);
}

/**
 * `GET /projects/:id/share_locations`: the groups the caller may share the project with, GitLab's
 * `Groups::AcceptingProjectSharesFinder` (`app/finders/groups/accepting_project_shares_finder.rb`): none
 * unless the caller may administer the project (`admin_project`) and its group does not lock sharing
 * (`allowed_to_share_with_group?`: `share_with_group_lock`); every group to an administrator, else the groups
 * the caller belongs to as Guest or above (`GroupsFinder` with `min_access_level`) and their descendants;
 * less the project's group, its ancestors and the groups it is already shared with (`related_group_ids`);
 * by `search` (the name or full path, any case: `search(..., include_parents: true)` reads the route);
 * by path, then id (`Groups::Base#sort`). A top-level group's `prevent_sharing_groups_outside_hierarchy`
 * is not modelled (off, GitLab's default).
 */
export function shareLocations(world: World, user: User, project: Project, search: string | undefined): Group[] {
  const own = project.namespace.kind === 'group' ? world.groups.get(project.namespace.id) : undefined;
  if (!can(world, user, 'admin_project', project) || own?.share_with_group_lock) return [];
  const chainOf = (g: Group): Group[] => groupChain(world, g);
  const related = new Set<number>([
    ...(own ? chainOf(own).map((g) => g.id) : []),
    ...sharesOfProject(world, project.id).map((link) => link.group_id),
  ]);
  const wanted = search?.toLowerCase() || undefined;
  const matches = (g: Group) => {
    if (!wanted) return true;
    const names = chainOf(g)
      .reverse()
      .map((at) => at.name)
      .join(' / ');
    return g.full_path.toLowerCase().includes(wanted) || names.toLowerCase().includes(wanted);
  };
  const member = (g: Group) => chainOf(g).some((at) => directRole(world, at, user.id) >= 10);
  return [...world.groups.values()]
    .filter((g) => (user.admin || member(g)) && !related.has(g.id) && matches(g))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.id - b.id));
}

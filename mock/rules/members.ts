import {
  ApiError,
  conflict,
  forbidden,
  type ModelErrors,
  notFound,
  recordNotFound,
  validationError,
} from '../http/errors.js';
import {
  directRole,
  dropMembership,
  groupChain,
  isGroup,
  type MemberSource,
  membershipCounts,
  membershipOf,
  projectGroup,
  sourceName,
  storeMembership,
} from '../world/memberships.js';
import { shareCounts, sharesOfGroup, sharesOfProject } from '../world/shares.js';
import type { Group, Membership, Project, Role, User, World } from '../world/types.js';
import { type Caller, ROLE_VALUES, Roles } from '../world/types.js';
import { nowIso, today, userNamed } from '../world/world.js';
import { findGroup, findProject } from './access.js';
import { groupMemberHook, membershipEvent, projectMemberHook } from './events.js';
import { authorize, can, canReadGroup, roleIn, roleInSource, roleName } from './policy.js';

/**
 * Members of groups and projects (GitLab's `lib/api/members.rb`,
 * `app/models/member.rb`, `app/policies/{group,project}_member_policy.rb`,
 * `app/services/members/*`): one rule set for both kinds of source. Reading
 * follows visibility; managing needs Maintainer in a project and Owner in a
 * group; only Owners grant or change the Owner role.
 * @module
 */

/** A membership as the members API shows it: whose, at which role, in which group or project. */
export interface MemberEntry {
  /** The member. */
  user: User;
  /** The role of this membership. */
  role: Role;
  /** Where the membership is: the group or project asked about, or an ancestor group. */
  source: MemberSource;
  /** Its details. */
  membership: Membership;
  /**
   * Its source is a private group the source was shared with that the caller may not see:
   * `created_by` is left out (GitLab's `is_source_accessible_to_current_user`).
   */
  sourceHidden?: boolean;
}

/** Filters of the member lists. */
export interface MemberFilters {
  /** Part of a name or username, or a whole email address, in any case. */
  query?: string;
  /** Only these users. */
  userIds?: number[];
  /** Not these users (direct list only, as in GitLab). */
  skipUsers?: number[];
}

/** A group or project by id or full path: 404 when it does not exist or the caller cannot see it. */
export function findMemberSource(world: World, caller: Caller, kind: 'groups' | 'projects', ref: string): MemberSource {
  return kind === 'projects' ? findProject(world, caller, ref) : findGroup(world, caller, ref);
}

/** The groups whose members a source inherits, nearest first. */
function ancestorsOf(world: World, source: MemberSource): Group[] {
  if (isGroup(source)) return groupChain(world, source).slice(1);
  const group = projectGroup(world, source);
  return group ? groupChain(world, group) : [];
}

/** The user whose personal namespace holds a project: an Owner member of it in GitLab, whatever `members` says. */
function namespaceHolder(world: World, source: MemberSource): User | undefined {
  return !isGroup(source) && source.namespace.kind === 'user' ? world.users.get(source.namespace.id) : undefined;
}

/** Direct members that count (not expired), in the order they were added; a personal project's holder first. */
export function directMembers(world: World, source: MemberSource): MemberEntry[] {
  const entries: MemberEntry[] = [];
  const holder = namespaceHolder(world, source);
  if (holder) entries.push({ user: holder, role: Roles.Owner, source, membership: membershipOf(source, holder.id) });
  for (const [userId, role] of source.members) {
    const user = world.users.get(userId);
    if (!user || user === holder || !membershipCounts(world, source, userId)) continue;
    entries.push({ user, role, source, membership: membershipOf(source, userId) });
  }
  return entries;
}

/** Of two memberships of one user, the one GitLab shows: highest role, then latest expiry (never first), then oldest. */
function outranks(a: MemberEntry, b: MemberEntry): boolean {
  if (a.role !== b.role) return a.role > b.role;
  const [ae, be] = [a.membership.expires_at, b.membership.expires_at];
  if (ae !== be) return ae === null || (be !== null && ae > be);
  return a.membership.created_at < b.membership.created_at;
}

/**
 * The members a source gets through its shares with groups, at the share's `group_access` when
 * lower (`MembersWithParents#members_from_self_and_ancestor_group_shares`, `LEAST(...)`): for a
 * group (or a project's group chain), the direct members of each invited group; for a project's
 * own shares, every member of the invited group with their role there (its ancestors' members too).
 */
function sharedMembers(world: World, source: MemberSource, viewer?: User): MemberEntry[] {
  const entries: MemberEntry[] = [];
  // `MembersFinder#project_invited_groups` and `GroupMembersFinder` (`shared_from_groups`): a caller who is
  // not a member of the source sees only the members of invited groups it may read (`public_or_visible_to_user`).
  const outsider = viewer !== undefined && roleInSource(world, viewer, source) === 0;
  const shown = (invited: Group) => !outsider || canReadGroup(world, viewer, invited);
  const capped = (entry: MemberEntry, access: Role): MemberEntry => ({
    ...entry,
    role: Math.min(entry.role, access) as Role,
  });
  for (const g of isGroup(source) ? [source, ...ancestorsOf(world, source)] : ancestorsOf(world, source)) {
    for (const link of sharesOfGroup(world, g.id)) {
      const invited = world.groups.get(link.shared_with_group_id);
      if (!invited || !shareCounts(world, link) || !shown(invited)) continue;
      for (const entry of directMembers(world, invited)) entries.push(capped(entry, link.group_access));
    }
  }
  if (!isGroup(source)) {
    for (const link of sharesOfProject(world, source.id)) {
      const invited = world.groups.get(link.group_id);
      if (!invited || !shareCounts(world, link) || !shown(invited)) continue;
      for (const entry of allMembers(world, invited)) entries.push(capped(entry, link.group_access));
    }
  }
  return entries;
}

/**
 * Direct and inherited members, each user once at their highest level (GitLab's
 * `members/all`), ordered by user id, with the members of the groups the source (or an ancestor)
 * is shared with, at most at the share's level.
 */
export function allMembers(world: World, source: MemberSource, viewer?: User): MemberEntry[] {
  const best = new Map<number, MemberEntry>();
  const consider = (entry: MemberEntry) => {
    const known = best.get(entry.user.id);
    if (!known || outranks(entry, known)) best.set(entry.user.id, entry);
  };
  for (const s of [source, ...ancestorsOf(world, source)]) for (const entry of directMembers(world, s)) consider(entry);
  if (world.groupShares.size > 0 || world.projectShares.size > 0)
    for (const entry of sharedMembers(world, source, viewer)) consider(entry);
  return [...best.values()].sort((a, b) => a.user.id - b.user.id);
}

/**
 * `members/all` as `viewer` sees it: {@link allMembers}, with `sourceHidden` on the members that come
 * from a non-public group the source was shared with (not the source or an ancestor) when the viewer
 * can neither manage the source's group links nor read that group
 * (`app/models/members/members/invited_private_group_accessibility_assigner.rb`).
 */
export function allMembersSeenBy(world: World, source: MemberSource, viewer: User): MemberEntry[] {
  const entries = allMembers(world, source, viewer);
  if (can(world, viewer, 'create_group_link', source)) return entries;
  const own = new Set<MemberSource>([source, ...ancestorsOf(world, source)]);
  return entries.map((entry) =>
    isGroup(entry.source) &&
    entry.source.visibility !== 'public' &&
    !own.has(entry.source) &&
    !canReadGroup(world, viewer, entry.source)
      ? { ...entry, sourceHidden: true }
      : entry,
  );
}

/** The `query`, `user_ids` and `skip_users` filters (GitLab's `User.search`: name or username in part, email whole). */
export function filterMembers(entries: MemberEntry[], filters: MemberFilters): MemberEntry[] {
  const query = filters.query?.trim().toLowerCase();
  return entries.filter(
    ({ user }) =>
      (!query ||
        user.username.toLowerCase().includes(query) ||
        user.name.toLowerCase().includes(query) ||
        user.email.toLowerCase() === query) &&
      (!filters.userIds || filters.userIds.length === 0 || filters.userIds.includes(user.id)) &&
      !filters.skipUsers?.includes(user.id),
  );
}

/** A direct member by user id; anything else is GitLab's `find_by!`: 404 `Not found`. */
export function findDirectMember(world: World, source: MemberSource, userId: number): MemberEntry {
  const entry = directMembers(world, source).find((e) => e.user.id === userId);
  if (!entry) throw recordNotFound().because(`user ${userId} is not a direct member of ${sourceName(source)}`);
  return entry;
}

/** A direct or inherited member by user id, at their highest level; else 404 `Not found`. */
export function findAnyMember(world: World, source: MemberSource, userId: number, viewer?: User): MemberEntry {
  const entry = (viewer ? allMembersSeenBy(world, source, viewer) : allMembers(world, source)).find(
    (e) => e.user.id === userId,
  );
  if (!entry)
    throw recordNotFound().because(
      `user ${userId} is neither a direct nor an inherited member of ${sourceName(source)}`,
    );
  return entry;
}

/** GitLab's `admin_project_member` (Maintainer) and `admin_group_member` (Owner): 403 without it. */
function requireManageMembers(world: World, caller: Caller, source: MemberSource): void {
  if (isGroup(source)) authorize(world, caller, 'admin_group_member', source);
  else authorize(world, caller, 'admin_project_member', source);
}

/** Only Owners give, take or change the Owner role (`manage_owners`): 403 otherwise. */
function requireManageOwners(world: World, caller: Caller, source: MemberSource, why: string): void {
  if (!can(world, caller.user, 'manage_owners', source)) {
    const role = roleInSource(world, caller.user, source);
    throw forbidden().because(`${roleIn(caller.user, role, sourceName(source))}; ${why} needs Owner`);
  }
}

/** The last Owner of a group (counting its ancestors' Owners, bots aside) can be neither demoted nor removed. */
function isLastOwner(world: World, group: Group, userId: number): boolean {
  if (directRole(world, group, userId) !== Roles.Owner) return false;
  const owners = new Set<number>();
  for (const g of groupChain(world, group)) {
    for (const id of g.members.keys()) {
      if (directRole(world, g, id) === Roles.Owner && !world.users.get(id)?.bot) owners.add(id);
    }
  }
  return owners.size === 1;
}

/** Model validation of a membership (`Member`, `GroupMember`, `ProjectMember`): errors by attribute, GitLab's words. */
function membershipErrors(
  world: World,
  source: MemberSource,
  user: User,
  accessLevel: number,
  expiresAt: string | null,
  isNew: boolean,
): ModelErrors {
  const errors: ModelErrors = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  // FutureDateValidator: today is allowed.
  if (expiresAt !== null && expiresAt < today(world)) add('expires_at', 'cannot be a date in the past');
  // `higher_access_level_than_group`: the highest direct membership in an ancestor group.
  let highest: { group: Group; role: Role } | undefined;
  for (const group of ancestorsOf(world, source)) {
    const role = directRole(world, group, user.id);
    if (role > 0 && (!highest || role > highest.role)) highest = { group, role: role as Role };
  }
  if (highest && highest.role > accessLevel) {
    add(
      'access_level',
      `should be greater than or equal to ${roleName(highest.role)} inherited membership from group ${highest.group.name}`,
    );
  }
  // Member's validations in their order: `expires_at`, `higher_access_level_than_group`, the project bot's
  // `user_id` uniqueness, then `access_level_inclusion` (`app/models/member.rb`).
  if (isNew && user.bot && memberAnywhere(world, user.id)) {
    add('user_id', 'project bots cannot be added to other groups / projects');
  }
  if (!ROLE_VALUES.includes(accessLevel as Role)) add('access_level', 'is not included in the list');
  return errors;
}

function memberAnywhere(world: World, userId: number): boolean {
  for (const g of world.groups.values()) if (g.members.has(userId)) return true;
  for (const p of world.projects.values()) if (p.members.has(userId)) return true;
  return false;
}

function throwIfInvalid(errors: ModelErrors, why: string): void {
  if (Object.keys(errors).length > 0) throw validationError(errors).because(why);
}

/** What `POST .../members` takes: the user by id or username, the role, the last day. */
export interface MemberAdd {
  /** The user's id (a string that is not a number finds no user). */
  userId?: string;
  /** Or the username. */
  username?: string;
  /** The role number. */
  accessLevel: number;
  /** `YYYY-MM-DD`, or null. */
  expiresAt: string | null;
}

/**
 * Adds a direct member, in GitLab's order (`add_single_member`): the user (404
 * `User Not Found`), an existing member (409), the caller's right (403), Owner
 * only by Owners (403), the model's validation (400); then the membership.
 */
export function addMember(world: World, caller: Caller, source: MemberSource, input: MemberAdd): MemberEntry {
  const user =
    input.username !== undefined
      ? userNamed(world, input.username)
      : /^\d+$/.test(input.userId ?? '')
        ? world.users.get(Number(input.userId))
        : undefined;
  if (!user) throw notFound('User').because(`no user ${input.username ?? input.userId}`);
  if (directMembers(world, source).some((e) => e.user.id === user.id)) {
    throw conflict('Member already exists').because(
      `${user.username} is already a direct member of ${sourceName(source)}`,
    );
  }
  requireManageMembers(world, caller, source);
  if (input.accessLevel === Roles.Owner) requireManageOwners(world, caller, source, 'adding an Owner');
  throwIfInvalid(
    membershipErrors(world, source, user, input.accessLevel, input.expiresAt, true),
    `the membership of ${user.username} in ${sourceName(source)} is not valid`,
  );
  const membership: Membership = {
    created_at: nowIso(world),
    created_by_id: caller.user.id,
    expires_at: input.expiresAt,
  };
  storeMembership(source, user.id, input.accessLevel as Role, membership);
  // GitLab records joining a project (ProjectMember's post-create hook), not a group; both send their
  // member event (`Member#post_create_member_hook`: `user_add_to_team` or `user_add_to_group`).
  if (!isGroup(source)) {
    membershipEvent(world, user, source, 'joined');
    projectMemberHook(world, source, user, input.accessLevel as Role, membership, 'create');
  } else groupMemberHook(world, source, user, input.accessLevel as Role, membership, 'create');
  return { user, role: input.accessLevel as Role, source, membership };
}

/** What `POST .../members` takes with several users: comma-separated ids or usernames, the role, the last day. */
export interface MembersAdd {
  /** The `user_id` parameter as sent (`"4,7"`), or the `username` one. */
  list: string;
  /** Whether the list holds usernames. */
  byUsername: boolean;
  /** The role number. */
  accessLevel: number;
  /** `YYYY-MM-DD`, or null. */
  expiresAt: string | null;
}

/**
 * What GitLab's `Members::CreateService#execute` returns, and `POST .../members` answers with 201 as it
 * is: `{"status":"success"}`, or the members that failed as one sentence (`http_status` when one was
 * not authorized, `reason` when the request named no user or too many).
 */
export type MembersAddResult =
  | { status: 'success' }
  | { reason: string; message: string; status: 'error' }
  | { message: string; status: 'error'; http_status?: 'unauthorized' };

/** `Members::CreateService::DEFAULT_INVITE_LIMIT`. */
const INVITE_LIMIT = 100;

/** Ruby's `String#split(',')`: the pieces, without the empty ones at the end. */
function rubySplit(list: string): string[] {
  const parts = list.split(',');
  while (parts.length > 0 && parts.at(-1) === '') parts.pop();
  return parts;
}

/** Rails' `Array#to_sentence`: `a`, `a and b`, `a, b, and c`. */
function toSentence(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}

/** Rails' `full_messages` of model errors: the attribute humanized (`expires_at` → `Expires at`, `user_id` → `User`), then the message. */
function fullMessages(errors: ModelErrors): string[] {
  return Object.entries(errors).flatMap(([key, messages]) => {
    const words = key.replace(/_id$/, '').replaceAll('_', ' ');
    return (messages as string[]).map((m) => `${words.charAt(0).toUpperCase()}${words.slice(1)} ${m}`);
  });
}

/** Whether the caller may change an existing member (`update_group_member` / `update_project_member`). */
function mayUpdate(world: World, caller: Caller, source: MemberSource, entry: MemberEntry, level: number): boolean {
  try {
    requireChangeable(world, source, entry, 'change');
    if (entry.user.bot) return false;
    requireManageMembers(world, caller, source);
    if (level === Roles.Owner || entry.role === Roles.Owner) requireManageOwners(world, caller, source, 'an Owner');
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/**
 * Adds several members at once, as `POST .../members` does when `user_id` or `username` holds a comma
 * (`add_multiple_members?` in `lib/api/helpers/members_helpers.rb`, then `Members::CreateService` and
 * `Members::CreatorService`, `app/services/members/`): 403 for Owner in a project without `manage_owners`;
 * `No users specified.` when no user is named (usernames that match none), at most 100. Ids that are no user are
 * skipped, as is anything that is not digits (an email address would be an invitation, which the mock
 * does not model). Each user is then created, or updated when already a direct member (no 409 here), if
 * the caller may (`not authorized to create member` / `... update member`), and if the membership is
 * valid; the ones that pass are stored even when others fail.
 */
export function addMembers(world: World, caller: Caller, source: MemberSource, input: MembersAdd): MembersAddResult {
  // `adding_at_least_one_owner && cannot_assign_owner_responsibilities_to_member_in_project?`: AccessDeniedError.
  if (input.accessLevel === Roles.Owner && !isGroup(source)) {
    requireManageOwners(world, caller, source, 'adding Owners');
  }
  const items = [...new Set(rubySplit(input.list))];
  // `invites_from_params`: usernames become the ids of the users they name; ids stay as sent.
  const invites = input.byUsername
    ? [...new Set(items.map((name) => userNamed(world, name)?.id).filter((id) => id !== undefined))]
    : items;
  // `error(e.message, pass_back: { reason: })`: `reverse_merge` puts the reason first.
  if (invites.length === 0) return { reason: 'blank_invites_error', message: 'No users specified.', status: 'error' };
  if (invites.length > INVITE_LIMIT) {
    return {
      reason: 'too_many_invites_error',
      message: `Too many users specified (limit is ${INVITE_LIMIT})`,
      status: 'error',
    };
  }
  // (`Members::CreatorService.add_members` skips a source when `managing_owners?`, but it looks the level up in
  // `sym_options_with_owner`, keyed by name: the API's number never matches, so nobody is skipped.)
  // `parse_users_list`: digits only, `User.id_in` drops ids of no user.
  const ids = invites.map(String).filter((item) => /^\d+$/.test(item));
  const users = [...new Set(ids.map(Number))]
    .sort((a, b) => a - b)
    .map((id) => world.users.get(id))
    .filter((user): user is User => user !== undefined);
  const failures: string[] = [];
  let unauthorized = false;
  const level = input.accessLevel as Role;
  for (const user of users) {
    const existing = directMembers(world, source).find((e) => e.user.id === user.id);
    const allowed = existing
      ? mayUpdate(world, caller, source, existing, level)
      : // `can_create_new_member?`; a project's also lets the holder of its personal namespace in.
        isGroup(source)
        ? can(world, caller.user, 'admin_group_member', source)
        : can(world, caller.user, 'admin_project_member', source) || namespaceHolder(world, source) === user;
    if (!allowed) {
      unauthorized = true;
      // `add_commit_error`, then `process_result`'s `member.invalid?`: a new member was built without its
      // attributes (`commit_member` stopped first), so its `access_level` is nil and `access_level_inclusion` fails.
      failures.push(
        existing
          ? `${user.username}: not authorized to update member`
          : `${user.username}: not authorized to create member and Access level is not included in the list`,
      );
      continue;
    }
    const errors = membershipErrors(world, source, user, level, input.expiresAt, !existing);
    if (Object.keys(errors).length > 0) {
      failures.push(`${user.username}: ${toSentence(fullMessages(errors))}`);
      continue;
    }
    if (existing) {
      // `member.changed?`: an unchanged membership is not saved again.
      if (existing.role === level && existing.membership.expires_at === input.expiresAt) continue;
      const membership: Membership = { ...existing.membership, expires_at: input.expiresAt };
      storeMembership(source, user.id, level, membership);
      if (isGroup(source)) groupMemberHook(world, source, user, level, membership, 'update');
      else projectMemberHook(world, source, user, level, membership, 'update');
      continue;
    }
    const membership: Membership = {
      created_at: nowIso(world),
      created_by_id: caller.user.id,
      expires_at: input.expiresAt,
    };
    storeMembership(source, user.id, level, membership);
    if (!isGroup(source)) {
      membershipEvent(world, user, source, 'joined');
      projectMemberHook(world, source, user, level, membership, 'create');
    } else groupMemberHook(world, source, user, level, membership, 'create');
  }
  if (failures.length === 0) return { status: 'success' };
  return {
    message: toSentence(failures),
    status: 'error',
    ...(unauthorized && { http_status: 'unauthorized' as const }),
  };
}

/**
 * GitLab's `update_*_member` and `destroy_*_member` policies, less the right to
 * manage: a personal project's holder and a token's bot user cannot be changed
 * or removed, nor a group's last Owner.
 */
function requireChangeable(world: World, source: MemberSource, entry: MemberEntry, action: string): void {
  const who = `${entry.user.username} in ${sourceName(source)}`;
  if (namespaceHolder(world, source) === entry.user) {
    throw forbidden().because(`cannot ${action} ${who}: the project is in their personal namespace`);
  }
  if (isGroup(source) && isLastOwner(world, source, entry.user.id)) {
    throw forbidden().because(`cannot ${action} ${who}: the group's last Owner`);
  }
}

/** What `PUT .../members/:user_id` takes. */
export interface MemberUpdate {
  /** The new role number. */
  accessLevel: number;
  /** The new last day; `null` clears it; absent keeps it. */
  expiresAt?: string | null;
}

/** Changes a direct member's role or expiry: 403 for what the caller may not change, 400 for an invalid membership. */
export function updateMember(
  world: World,
  caller: Caller,
  source: MemberSource,
  entry: MemberEntry,
  input: MemberUpdate,
): MemberEntry {
  requireChangeable(world, source, entry, 'change');
  // GroupMemberPolicy and ProjectMemberPolicy: `update_*_member` only for `~project_bot` (a group token's bot too).
  if (entry.user.bot) {
    throw forbidden().because(`${entry.user.username} is the bot user of an access token; its role follows the token`);
  }
  requireManageMembers(world, caller, source);
  if (input.accessLevel === Roles.Owner) requireManageOwners(world, caller, source, 'making an Owner');
  if (entry.role === Roles.Owner) requireManageOwners(world, caller, source, 'changing an Owner');
  const expiresAt = input.expiresAt === undefined ? entry.membership.expires_at : input.expiresAt;
  throwIfInvalid(
    membershipErrors(world, source, entry.user, input.accessLevel, expiresAt, false),
    `the membership of ${entry.user.username} in ${sourceName(source)} is not valid`,
  );
  const membership: Membership = { ...entry.membership, expires_at: expiresAt };
  storeMembership(source, entry.user.id, input.accessLevel as Role, membership);
  // `Member#post_update_hook`: `user_update_for_group` or `user_update_for_team` to system hooks.
  if (isGroup(source)) groupMemberHook(world, source, entry.user, input.accessLevel as Role, membership, 'update');
  else projectMemberHook(world, source, entry.user, input.accessLevel as Role, membership, 'update');
  return { ...entry, role: input.accessLevel as Role, membership };
}

/** How `DELETE .../members/:user_id` removes. */
export interface MemberRemoval {
  /** Keep the user's direct memberships in the group's subgroups and projects (default: remove them too). */
  skipSubresources: boolean;
  /** Also unassign the user from the issues of the group's or project's projects. */
  unassignIssuables: boolean;
}

/** The groups and projects at or below a group, or just the project. */
function sourcesWithin(world: World, source: MemberSource): { groups: Group[]; projects: Project[] } {
  if (!isGroup(source)) return { groups: [], projects: [source] };
  const inside = (g: Group | null) => g !== null && groupChain(world, g).includes(source);
  return {
    groups: [...world.groups.values()].filter(inside),
    projects: [...world.projects.values()].filter((p) => inside(projectGroup(world, p))),
  };
}

/**
 * Removes a direct member: members may leave, managers remove others (an Owner only
 * by Owners), never a personal project's holder, a token's bot or a group's last
 * Owner (403). Removing from a group removes the user's direct memberships below it
 * too, unless `skipSubresources` (GitLab's `Members::DestroyService`).
 */
export function removeMember(
  world: World,
  caller: Caller,
  source: MemberSource,
  entry: MemberEntry,
  options: MemberRemoval,
): void {
  requireChangeable(world, source, entry, 'remove');
  const leaving = entry.user.id === caller.user.id;
  if (!leaving) {
    // ProjectMemberPolicy and GroupMemberPolicy: `rule { ~project_bot & can?(:admin_*_member) }` enables
    // destroying; a token's bot (of a project or a group) only goes with its token.
    if (entry.user.bot) {
      throw forbidden().because(`${entry.user.username} is the bot user of an access token; revoke the token instead`);
    }
    requireManageMembers(world, caller, source);
    if (entry.role === Roles.Owner) requireManageOwners(world, caller, source, 'removing an Owner');
  }
  const within = sourcesWithin(world, source);
  dropMembership(source, entry.user.id);
  // `ProjectMember#post_destroy_member_hook`: the `left` event, then `user_remove_from_team`.
  if (!isGroup(source)) {
    membershipEvent(world, entry.user, source, 'left');
    projectMemberHook(world, source, entry.user, entry.role, entry.membership, 'destroy');
  } else groupMemberHook(world, source, entry.user, entry.role, entry.membership, 'destroy');
  if (isGroup(source) && !options.skipSubresources) {
    // `delete_subresources`: the user's project memberships below, then their subgroup memberships,
    // each through the same service (`destroy_*_members`), so each sends its own hook.
    for (const s of [...within.projects, ...within.groups]) {
      if (s === source || !s.members.has(entry.user.id)) continue;
      const role = s.members.get(entry.user.id) as Role;
      const details = membershipOf(s, entry.user.id);
      dropMembership(s, entry.user.id);
      if (isGroup(s)) groupMemberHook(world, s, entry.user, role, details, 'destroy');
      else {
        membershipEvent(world, entry.user, s, 'left');
        projectMemberHook(world, s, entry.user, role, details, 'destroy');
      }
    }
  }
  if (options.unassignIssuables) {
    const projectIds = new Set(within.projects.map((p) => p.id));
    for (const issue of world.issues.values()) {
      if (projectIds.has(issue.project_id) && issue.assignee_ids.includes(entry.user.id)) {
        issue.assignee_ids = issue.assignee_ids.filter((id) => id !== entry.user.id);
      }
    }
  }
}

import { ApiError, badRequest, forbidden, notFound } from '../http/errors.js';
import { directRole, groupChain, membershipCounts, projectGroup } from '../world/memberships.js';
import { type AccessToken, type Caller, isAnonymous, type Role, type User, type World } from '../world/types.js';
import { isPaidPlan, signedIn } from './access.js';

/**
 * Who am I, the instance, and its users: `GET /user`, `/users`, `/users/:id`,
 * `/version`, `/metadata` and `/personal_access_tokens/self` (GitLab's
 * `lib/api/users.rb`, `lib/api/metadata.rb`,
 * `lib/api/personal_access_tokens/self_information.rb`).
 * @module
 */

/**
 * Whether the instance runs with a licence: a self-managed instance on Premium or
 * Ultimate, or the hosted offering (GitLab.com runs the Enterprise Edition with
 * every licensed feature; its plans are per top-level group). GitLab's own
 * `enterprise` says whether the build is the Enterprise Edition; the mock ties it
 * to the licence so that a Free self-managed world answers as the Community Edition.
 */
export function isEnterprise(world: World): boolean {
  return world.instance.offering === 'hosted' || isPaidPlan(world.instance.plan);
}

/** GitLab's `can_read_all_resources?`: administrators acting as such (`actsAsAdmin`, decided when the caller is identified); the mock has no auditors. */
export const readsAllUsers = (user: User) => user.admin;

/** `GET /users/:id`: any signed-in user may read any user (GitLab's `read_user`); an unknown id is `404 User Not Found`. */
export function findUser(world: World, id: number): User {
  const user = world.users.get(id);
  if (!user) throw notFound('User').because(`no user ${id}`);
  return user;
}

/** `GET /users/:id`: lib/api/users.rb's `forbidden!('Not authorized!') unless current_user` comes before the lookup. */
export function readUser(world: World, caller: Caller, id: number): User {
  if (isAnonymous(caller.user)) {
    throw new ApiError(403, { message: '403 Forbidden - Not authorized!' }).because(
      'an anonymous caller may not read a user by id',
    );
  }
  return findUser(world, id);
}

/** `GET /personal_access_tokens/self`: the token of the request, which must be a personal (or project) access token. */
export function selfToken(caller: Caller): AccessToken {
  const token = signedIn(caller);
  if (!('value' in token)) {
    throw badRequest('This endpoint requires token type to be a personal access token').because(
      `OAuth token ${token.id} is not a personal access token`,
    );
  }
  return token;
}

/** GitLab's `highest_role`: the highest of a user's direct group and project memberships (0: none). */
export function highestRole(world: World, user: User): Role | 0 {
  let role: Role | 0 = 0;
  for (const g of world.groups.values()) role = Math.max(role, directRole(world, g, user.id)) as Role | 0;
  for (const p of world.projects.values()) role = Math.max(role, directRole(world, p, user.id)) as Role | 0;
  return role;
}

/**
 * Whether a user has a project, as GitLab's `User.without_projects` counts them (a row in
 * `project_authorizations`): a membership of the project or of a group it is in (or of that group's
 * ancestors), or a project in the user's personal namespace. Being an administrator gives none.
 */
function hasProjects(world: World, user: User): boolean {
  for (const p of world.projects.values()) {
    if (membershipCounts(world, p, user.id) || (p.namespace.kind === 'user' && p.namespace.id === user.id)) return true;
    const group = projectGroup(world, p);
    if (group && groupChain(world, group).some((g) => membershipCounts(world, g, user.id))) return true;
  }
  return false;
}

/** The orders of `GET /users` (`order_by`); `updated_at` orders by creation, the mock keeps no update time. */
export const USER_ORDERS = ['id', 'name', 'username', 'created_at', 'updated_at'] as const;
export type UserOrder = (typeof USER_ORDERS)[number];

/** The filters of `GET /users`, as parsed. */
export interface UserFilters {
  username?: string;
  search?: string;
  publicEmail?: string;
  active?: boolean;
  excludeActive?: boolean;
  blocked?: boolean;
  humans?: boolean;
  excludeHumans?: boolean;
  withoutProjectBots?: boolean;
  external?: boolean;
  excludeExternal?: boolean;
  excludeInternal?: boolean;
  admins?: boolean;
  withoutProjects?: boolean;
  twoFactor?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  externUid?: string;
  provider?: string;
  orderBy?: UserOrder;
  sort?: 'asc' | 'desc';
}

/**
 * `User.search` on names and usernames: case-insensitive, anywhere in the value
 * (the API passes no `use_minimum_char_limit`, so short terms match partially too).
 */
const matches = (value: string, term: string) => value.toLowerCase().includes(term.toLowerCase());

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `GET /users` (`lib/api/users.rb`, `UsersFinder`). Searching by `extern_uid` and
 * `provider` is for administrators (403 otherwise); the other administrator-only
 * filters and the order are silently dropped for everyone else, as GitLab drops
 * them. Only administrators see blocked, banned and LDAP-blocked users: GitLab lists
 * users `without_forbidden_states` to everyone else.
 */
export function listUsers(world: World, caller: Caller, filters: UserFilters): User[] {
  const admin = readsAllUsers(caller.user);
  // `authenticated_as_admin! if ... extern_uid ... provider`: 401 first for an anonymous caller.
  if (filters.externUid !== undefined && filters.provider !== undefined) signedIn(caller);
  // lib/api/users.rb `GET /users`: `authorized &&= index_params[:username].present? if current_user.blank?`,
  // then `forbidden!("Not authorized to access /api/v4/users") unless authorized` (`read_users_list`, which
  // GlobalPolicy gives anonymous callers while no visibility level is restricted, the default).
  if (isAnonymous(caller.user) && !filters.username) {
    throw new ApiError(403, { message: '403 Forbidden - Not authorized to access /api/v4/users' }).because(
      'an anonymous caller lists users only by username',
    );
  }
  if (filters.externUid !== undefined && filters.provider !== undefined && !admin) {
    throw forbidden().because(`${caller.user.username} is not an instance administrator; extern_uid needs one`);
  }
  const f: UserFilters = admin
    ? filters
    : {
        ...filters,
        createdAfter: undefined,
        createdBefore: undefined,
        twoFactor: undefined,
        withoutProjects: undefined,
        // UsersFinder applies this one for administrators only.
        admins: undefined,
      };
  const username = f.username?.toLowerCase();
  // A blank search is no search (`params[:search].present?`).
  const search = f.search?.trim() ? f.search : undefined;
  const users = [...world.users.values()].filter((user) => {
    // `without_forbidden_states`: `User::FORBIDDEN_SEARCH_STATES`.
    if (!admin && (user.state === 'blocked' || user.state === 'banned' || user.state === 'ldap_blocked')) return false;
    if (username !== undefined && user.username.toLowerCase() !== username) return false;
    if (search !== undefined) {
      // Administrators also find users by their (whole, private) email; others by public email, which nobody sets here.
      const byEmail = admin && user.email.toLowerCase() === search.toLowerCase();
      if (!matches(user.name, search) && !matches(user.username, search) && !byEmail) return false;
    }
    // UsersFinder `by_public_email`: `User.with_public_email`, `where(public_email: ...)` (exact; GitLab 18.3).
    if (f.publicEmail !== undefined && (user.profile?.public_email ?? '') !== f.publicEmail) return false;
    // `User.active`: `with_state(:active).non_internal` (app/models/user.rb): the ghost is internal.
    if (f.active && (user.state !== 'active' || user.ghost)) return false;
    // `exclude_active` (`without_active`): `User.without_active`, `without_state(:active)`.
    if (f.excludeActive && user.state === 'active') return false;
    // `User.blocked`: `with_states(:blocked, :ldap_blocked)`.
    if (f.blocked && user.state !== 'blocked' && user.state !== 'ldap_blocked') return false;
    // `users.human` (`user_type: human`: neither a bot nor the ghost), `without_project_bot`, and
    // `non_internal` (`exclude_internal`: the ghost is GitLab's internal user the mock has).
    if ((f.humans || f.withoutProjectBots) && user.bot) return false;
    if ((f.humans || f.excludeInternal) && user.ghost) return false;
    // `exclude_humans` (`without_humans`, app/models/concerns/has_user_type.rb): every user type but
    // `human`: the mock's bots (project bots) and the ghost.
    if (f.excludeHumans && !user.bot && !user.ghost) return false;
    if (f.external && !user.external) return false;
    if (f.excludeExternal && user.external) return false;
    // Nobody has two-factor authentication in the mock.
    if (f.twoFactor === 'enabled') return false;
    if (
      f.externUid !== undefined &&
      f.provider !== undefined &&
      !(user.identities ?? []).some((i) => i.extern_uid === f.externUid && i.provider === f.provider)
    ) {
      return false;
    }
    if (f.admins && !user.admin) return false;
    if (f.withoutProjects && hasProjects(world, user)) return false;
    if (f.createdAfter && Date.parse(user.created_at) < f.createdAfter.getTime()) return false;
    if (f.createdBefore && Date.parse(user.created_at) > f.createdBefore.getTime()) return false;
    return true;
  });
  // lib/api/users.rb `reorder_users` reads the request's own `order_by` and `sort` (its `except!` drops
  // them only from UsersFinder's copy), so they order anyone's list; a search keeps its relevance unless
  // one of them is given (`custom_order_by_or_sort?`).
  if (search === undefined || f.orderBy !== undefined || f.sort !== undefined) {
    // GitLab's defaults: order_by id, sort desc; `created_at` is the id (`order_options_with_tie_breaker`); ties by id.
    const key = (u: User): string | number => {
      switch (f.orderBy ?? 'id') {
        case 'name':
          return u.name.toLowerCase();
        case 'username':
          return u.username.toLowerCase();
        case 'updated_at':
          return u.created_at;
        default:
          return u.id;
      }
    };
    const sign = (f.sort ?? 'desc') === 'asc' ? 1 : -1;
    return users.sort((a, b) => sign * (compare(key(a), key(b)) || compare(a.id, b.id)));
  }
  // User.search: an exact name first, then an exact username, then by name.
  const term = search.toLowerCase();
  const rank = (u: User) => (u.name.toLowerCase() === term ? 0 : u.username.toLowerCase() === term ? 1 : 2);
  return users.sort((a, b) => rank(a) - rank(b) || compare(a.name, b.name) || compare(b.id, a.id));
}

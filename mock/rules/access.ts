import { forbidden, insufficientScope, invalidApiToken, notFound, unauthorized } from '../http/errors.js';
import type { MockRequest } from '../http/request.js';
import { directRole, membershipCounts } from '../world/memberships.js';
import type { AccessToken, Group, OAuthToken, Plan, Project, Role, User, Visibility, World } from '../world/types.js';
import { ROLE_NAMES } from '../world/types.js';
import { today, touchToken } from '../world/world.js';
import { findOAuthToken, oauthTokenIsExpired } from './oauth-tokens.js';

/**
 * Who is calling and what they may see and do: authentication by token, roles
 * inherited down the group tree, visibility, plans (SPEC 3, SPEC 5).
 * @module
 */

/** The authenticated caller of a request: a personal or project access token, or an OAuth access token acting as its user. */
export interface Caller {
  user: User;
  token: AccessToken | OAuthToken;
}

/** A token as a request carries it: `oauth` when it came where GitLab also reads OAuth tokens (not `PRIVATE-TOKEN`). */
export interface Credential {
  value: string;
  oauth: boolean;
}

/** A token is expired from the day after its `expires_at` (world clock); a token due today still works. */
export function tokenIsExpired(world: World, token: AccessToken): boolean {
  return token.expires_at !== null && token.expires_at < today(world);
}

/** A token authenticates while it is neither revoked nor past its `expires_at` (SPEC 2). */
export function tokenIsActive(world: World, token: AccessToken): boolean {
  return !token.revoked && !tokenIsExpired(world, token);
}

/** The bearer token of `Authorization: Bearer`, or null. */
export function bearerOf(request: MockRequest): string | null {
  return (
    request
      .header('authorization')
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim() || null
  );
}

/**
 * An OAuth token where Doorkeeper looks for one, in GitLab's order (G-O 0):
 * `?access_token=`, `Authorization: Bearer`, `?bearer_token=`.
 */
export function oauthTokenOf(request: MockRequest): string | null {
  const { searchParams } = request.url;
  return searchParams.get('access_token') || bearerOf(request) || searchParams.get('bearer_token') || null;
}

/** A parameter or header as Rails' `presence` reads it: `null` when absent or blank, else the value as sent (never stripped). */
function presence(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value;
}

/**
 * The token a request carries: `?private_token=`, else `PRIVATE-TOKEN` (personal and project access
 * tokens only), else where OAuth tokens are read (which take personal tokens too, as in GitLab).
 * GitLab's order and reading (`find_personal_access_token` of `lib/gitlab/auth/auth_finders.rb`):
 * the parameter before the header, a blank one skipped, a value looked up as sent.
 */
export function tokenOf(request: MockRequest): Credential | null {
  const personal = presence(request.url.searchParams.get('private_token')) ?? presence(request.header('private-token'));
  if (personal) return { value: personal, oauth: false };
  const oauth = oauthTokenOf(request);
  return oauth ? { value: oauth, oauth: true } : null;
}

/**
 * SPEC 5 step 1: no token, or an unknown, revoked or expired one, is 401 before anything else;
 * an expired or revoked OAuth token gets GitLab's own 401 body (G-O 4).
 */
export function authenticate(world: World, credential: Credential | null): Caller {
  const caller = identify(world, credential);
  if (!caller) throw refusal(world, credential);
  if (!('last_used_at' in caller.token)) return caller;
  const { token } = caller;
  // GitLab records use at most every 10 minutes.
  if (token.last_used_at === null || world.now - Date.parse(token.last_used_at) >= 10 * 60_000) {
    touchToken(world, token);
  }
  return caller;
}

/** Who a token authenticates as: an active token of an active user, or `undefined`. Changes nothing. */
export function identify(world: World, credential: Credential | null): Caller | undefined {
  if (!credential) return undefined;
  const id = world.tokenIds.get(credential.value);
  const token = id === undefined ? undefined : world.tokens.get(id);
  if (token) {
    const user = world.users.get(token.user_id);
    return user && user.state === 'active' && tokenIsActive(world, token) ? asCaller(world, user, token) : undefined;
  }
  if (!credential.oauth) return undefined;
  const oauth = findOAuthToken(world, credential.value);
  // A client credentials token has no user: GitLab's API answers it 401 (G-O 2).
  const user = oauth?.user_id == null ? undefined : world.users.get(oauth.user_id);
  if (!oauth || !user || user.state !== 'active' || oauth.revoked_at !== null || oauthTokenIsExpired(world, oauth)) {
    return undefined;
  }
  return asCaller(world, user, oauth);
}

/**
 * Whether a request acts with administrator powers (GitLab's `admin` policy condition): the user
 * is an administrator and, when the instance has admin mode on, the token carries the `admin_mode`
 * scope. GitLab's API enables admin mode for a request whose access token has that scope
 * (`bypass_session_for_admin_mode?` in `lib/api/api_guard.rb`); its other way, a web session in
 * admin mode, does not exist here: the mock's API never authenticates by session cookie.
 * Personal access tokens and OAuth tokens may carry the scope; project and group access tokens
 * cannot (their scopes exclude it) and their bot users are never administrators anyway.
 */
export function actsAsAdmin(world: World, user: User, token: AccessToken | OAuthToken): boolean {
  if (!user.admin) return false;
  return world.instance.admin_mode !== true || token.scopes.includes('admin_mode');
}

/**
 * The caller a token authenticates as. Every administrator power in the mock (roles of 50,
 * seeing every group and project, `/applications`, admin-only fields and filters...) reads
 * `caller.user.admin`, so {@link actsAsAdmin} is decided here once: an administrator without
 * admin mode calls as the same user record seen with `admin: false` (reads and writes still
 * go to the record), exactly GitLab's regular user.
 */
function asCaller(world: World, user: User, token: AccessToken | OAuthToken): Caller {
  if (!user.admin || actsAsAdmin(world, user, token)) return { user, token };
  const withoutPowers = new Proxy(user, {
    get: (record, key, receiver) => (key === 'admin' ? false : Reflect.get(record, key, receiver)),
  });
  return { user: withoutPowers, token };
}

/** Why a credential does not authenticate: GitLab's bodies for a revoked or expired OAuth token, else 401 Unauthorized. */
function refusal(world: World, credential: Credential | null) {
  const oauth = credential?.oauth ? findOAuthToken(world, credential.value) : undefined;
  if (oauth) {
    const name = `OAuth token ${oauth.id}`;
    if (oauth.revoked_at !== null) {
      return invalidApiToken('Token was revoked. You have to re-authorize from the user.').because(
        `${name} is revoked`,
      );
    }
    if (oauthTokenIsExpired(world, oauth)) {
      return invalidApiToken('Token is expired. You can either do re-authorization or token refresh.').because(
        `${name} expired`,
      );
    }
    if (oauth.user_id === null) return unauthorized().because(`${name} is a client credentials token, with no user`);
    const user = world.users.get(oauth.user_id);
    return unauthorized().because(
      `${name} of ${user?.username ?? 'a deleted user'} belongs to a ${user?.state ?? 'missing'} user`,
    );
  }
  return unauthorized().because(whyUnauthenticated(world, credential?.value ?? null));
}

/** Why a token value does not authenticate, in plain words (never the value itself). */
function whyUnauthenticated(world: World, value: string | null): string {
  if (!value) return 'the request has no token';
  const id = world.tokenIds.get(value);
  const token = id === undefined ? undefined : world.tokens.get(id);
  if (!token) return 'the token is not known to this GitLab';
  const user = world.users.get(token.user_id);
  const name = `token ${token.id} (${token.name}) of ${user?.username ?? 'a deleted user'}`;
  if (token.revoked) return `${name} is revoked`;
  if (tokenIsExpired(world, token)) return `${name} expired on ${token.expires_at}`;
  return `${name} belongs to a ${user?.state ?? 'missing'} user`;
}

/** `dev is Developer in project acme/api`, or `dev is not a member of project acme/api`: a reason's words. */
export function roleIn(user: User, role: number, where: string): string {
  return role === 0
    ? `${user.username} is not a member of ${where}`
    : `${user.username} is ${roleName(role)} in ${where}`;
}

/** The name of a role number (`Developer`), or `no role`. */
export function roleName(role: number): string {
  return (ROLE_NAMES as Record<number, string>)[role] ?? 'no role';
}

/** The scopes that let a token call the API with `method`: `api`, or `read_api` for reading. */
export function apiScopes(method: string): readonly string[] {
  return method === 'GET' || method === 'HEAD' ? ['api', 'read_api'] : ['api'];
}

/** 403 `insufficient_scope` unless the token has one of the scopes `method` needs (GitLab's API scope check). */
export function requireApiScope(token: AccessToken | OAuthToken, method: string): void {
  requireOneScopeOf(token, apiScopes(method), method);
}

/**
 * {@link requireApiScope} where GitLab also takes `read_user` for reading
 * (`allow_access_with_scope :read_user` of `lib/api/users.rb` and `lib/api/metadata.rb`).
 */
export function requireReadUserScope(token: AccessToken | OAuthToken, method: string): void {
  const reading = method === 'GET' || method === 'HEAD';
  requireOneScopeOf(token, reading ? [...apiScopes(method), 'read_user'] : apiScopes(method), method);
}

function requireOneScopeOf(token: AccessToken | OAuthToken, scopes: readonly string[], method: string): void {
  if (!scopes.some((scope) => token.scopes.includes(scope))) {
    const name = 'name' in token ? `token ${token.id} (${token.name})` : `OAuth token ${token.id}`;
    throw insufficientScope(scopes).because(
      `${name} has scopes ${token.scopes.join(', ')}; ${method} needs ${scopes.join(' or ')}`,
    );
  }
}

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

/** A user's role in a group: the highest of its own and its ancestors' memberships (0 = none); expired ones do not count. */
export function groupRole(world: World, user: User, group: Group): Role | 0 {
  if (user.admin) return 50;
  let role: Role | 0 = 0;
  for (const g of groupChain(world, group)) role = Math.max(role, directRole(world, g, user.id)) as Role | 0;
  return role;
}

/** A user's role in a project: direct, inherited from its groups, or Owner of a personal namespace (0 = none). */
export function projectRole(world: World, user: User, project: Project): Role | 0 {
  if (user.admin) return 50;
  if (project.namespace.kind === 'user' && project.namespace.id === user.id) return 50;
  const direct = directRole(world, project, user.id);
  const group = projectGroup(world, project);
  return Math.max(direct, group ? groupRole(world, user, group) : 0) as Role | 0;
}

function visibleTo(visibility: Visibility, user: User, role: number): boolean {
  if (user.admin || role > 0 || visibility === 'public') return true;
  // Internal: any signed-in user except bots, which see only their own project.
  return visibility === 'internal' && !user.bot;
}

export const canReadProject = (world: World, user: User, project: Project) =>
  visibleTo(project.visibility, user, projectRole(world, user, project));

/** Whether a group or project of this visibility is open to a user without any membership: public, or internal for humans. */
export function openTo(visibility: Visibility, user: User): boolean {
  return visibleTo(visibility, user, 0);
}

/**
 * The ids of the groups a user belongs around: those they are a member of, or
 * whose ancestor, subgroup or project they are a member of. These are GitLab's
 * authorized groups of the user and their ancestors, what `GET /groups` lists by
 * default (an admin's status counts for nothing here).
 */
export function groupsAround(world: World, user: User): Set<number> {
  const around = new Set<number>();
  const withAncestors = (group: Group | null) => {
    if (group) for (const g of groupChain(world, group)) around.add(g.id);
  };
  for (const g of world.groups.values()) {
    if (groupChain(world, g).some((a) => membershipCounts(world, a, user.id))) around.add(g.id);
    if (membershipCounts(world, g, user.id)) withAncestors(g);
  }
  for (const p of world.projects.values()) {
    if (membershipCounts(world, p, user.id)) withAncestors(projectGroup(world, p));
  }
  return around;
}

/** Whether a user belongs around a group ({@link groupsAround}). */
export const isMemberAround = (world: World, user: User, group: Group): boolean =>
  groupsAround(world, user).has(group.id);

/**
 * Whether a user may see a group: by its visibility, by membership in it or an
 * ancestor, or, as in GitLab, by membership in one of its subgroups or projects
 * (a member of `acme/platform` can see the private `acme`).
 */
export function canReadGroup(world: World, user: User, group: Group): boolean {
  // Membership in the group or an ancestor first: it needs no look at the rest of the world.
  return visibleTo(group.visibility, user, groupRole(world, user, group)) || isMemberAround(world, user, group);
}

/**
 * Whether a user may read a group's members: by its visibility or a membership in it or an
 * ancestor. Seeing the group only through a subgroup or project is not enough (GitLab answers 403).
 */
export const canReadGroupMembers = (world: World, user: User, group: Group): boolean =>
  visibleTo(group.visibility, user, groupRole(world, user, group));

/** The record whose full path is `path`, in any case (GitLab's `find_by_full_path`). */
function byPath<T>(records: Iterable<T>, path: string, fullPath: (record: T) => string): T | undefined {
  const wanted = path.toLowerCase();
  for (const record of records) if (fullPath(record).toLowerCase() === wanted) return record;
  return undefined;
}

/** A project by id or full path (any case), whoever asks. */
export function projectByRef(world: World, ref: string): Project | undefined {
  return /^\d+$/.test(ref)
    ? world.projects.get(Number(ref))
    : byPath(world.projects.values(), ref, (p) => p.path_with_namespace);
}

/** A group by id or full path (any case), whoever asks. */
export function groupByRef(world: World, ref: string): Group | undefined {
  return /^\d+$/.test(ref) ? world.groups.get(Number(ref)) : byPath(world.groups.values(), ref, (g) => g.full_path);
}

/** SPEC 5 step 3: a project by id or full path; missing or invisible is `404 Project Not Found`. */
export function findProject(world: World, caller: Caller, ref: string): Project {
  const project = projectByRef(world, ref);
  if (!project) throw notFound('Project').because(`no project ${ref}`);
  if (!canReadProject(world, caller.user, project)) {
    throw notFound('Project').because(
      `project ${project.path_with_namespace} is ${project.visibility} and ${caller.user.username} is not a member`,
    );
  }
  return project;
}

/** A group by id or full path; missing or invisible is `404 Group Not Found`. */
export function findGroup(world: World, caller: Caller, ref: string): Group {
  const group = groupByRef(world, ref);
  if (!group) throw notFound('Group').because(`no group ${ref}`);
  if (!canReadGroup(world, caller.user, group)) {
    throw notFound('Group').because(
      `group ${group.full_path} is ${group.visibility} and ${caller.user.username} is not a member`,
    );
  }
  return group;
}

/** SPEC 5 step 4: 403 unless the caller has at least `min` in the project. */
export function requireProjectRole(world: World, caller: Caller, project: Project, min: Role): void {
  const role = projectRole(world, caller.user, project);
  if (role < min) {
    throw forbidden().because(
      `${roleIn(caller.user, role, `project ${project.path_with_namespace}`)}; this needs ${roleName(min)}`,
    );
  }
}

/**
 * GitLab's `authenticated_as_admin!`: 403 unless the caller acts as an instance administrator
 * ({@link actsAsAdmin}: with admin mode on, an administrator's token needs the `admin_mode` scope).
 */
export function requireAdmin(caller: Caller): void {
  if (!caller.user.admin) {
    throw forbidden().because(
      `${caller.user.username} does not act as an instance administrator (not one, or admin mode without the admin_mode scope)`,
    );
  }
}

/** 403 unless the caller has at least `min` in the group. */
export function requireGroupRole(world: World, caller: Caller, group: Group, min: Role): void {
  const role = groupRole(world, caller.user, group);
  if (role < min) {
    throw forbidden().because(`${roleIn(caller.user, role, `group ${group.full_path}`)}; this needs ${roleName(min)}`);
  }
}

/** The plan that applies to a project: its top-level group's on the hosted offering, the licence on self-managed (SPEC 2). */
export function projectPlan(world: World, project: Project): Plan {
  if (world.instance.offering === 'self-managed') return world.instance.plan;
  const group = projectGroup(world, project);
  return group ? groupPlan(world, group) : 'free';
}

/** The plan that applies to a group: its top-level group's on the hosted offering, the licence on self-managed. */
export function groupPlan(world: World, group: Group): Plan {
  if (world.instance.offering === 'self-managed') return world.instance.plan;
  const chain = groupChain(world, group);
  return chain[chain.length - 1]?.plan ?? 'free';
}

/** Premium and Ultimate features (approvals, burndown charts...). */
export const isPaidPlan = (plan: Plan) => plan === 'premium' || plan === 'ultimate';

/**
 * GitLab's `read_code` (the repository: branches, commits): anyone who sees a public or
 * internal project; in a private project, Reporter and up (Guests get 403).
 */
export function canReadCode(world: World, user: User, project: Project): boolean {
  if (!canReadProject(world, user, project)) return false;
  return project.visibility !== 'private' || projectRole(world, user, project) >= 20;
}

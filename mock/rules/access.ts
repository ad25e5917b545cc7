import type { Credential } from '../http/credentials.js';
import { ApiError, insufficientScope, invalidApiToken, notFound, unauthorized } from '../http/errors.js';
import { groupChain, projectGroup } from '../world/memberships.js';
import {
  type AccessToken,
  type Caller,
  type Group,
  isAnonymous,
  type OAuthToken,
  type Plan,
  type Project,
  type User,
  type UserState,
  type World,
} from '../world/types.js';
import { today, touchToken } from '../world/world.js';
import { findOAuthToken, oauthTokenIsExpired } from './oauth/oauth-tokens.js';
import { authorize, featureAllows } from './policy.js';

/**
 * Who is calling (authentication by token, API scopes: SPEC 3, SPEC 5), how a
 * route finds the project or group it names, and which plan applies. What the
 * caller may see and do is decided in `policy.ts`.
 * @module
 */

/** A token is expired from the day after its `expires_at` (world clock); a token due today still works. */
export function tokenIsExpired(world: World, token: AccessToken): boolean {
  return token.expires_at !== null && token.expires_at < today(world);
}

/** A token authenticates while it is neither revoked nor past its `expires_at` (SPEC 2). */
export function tokenIsActive(world: World, token: AccessToken): boolean {
  return !token.revoked && !tokenIsExpired(world, token);
}

/**
 * SPEC 5 step 1: no token, or an unknown, revoked or expired one, is 401 before anything else;
 * an expired or revoked OAuth token gets GitLab's own 401 body (G-O 4).
 */
export function authenticate(world: World, credential: Credential | null): Caller {
  const caller = identify(world, credential);
  if (!caller) throw refusal(world, credential);
  if (!caller.token || !('last_used_at' in caller.token)) return caller;
  const { token } = caller;
  // GitLab records use at most every 10 minutes.
  if (token.last_used_at === null || world.now - Date.parse(token.last_used_at) >= 10 * 60_000) {
    touchToken(world, token);
  }
  return caller;
}

/**
 * GitLab's `authenticate!` inside an endpoint that the router lets anonymous callers reach
 * (`lib/api/helpers.rb`: `unauthorized! unless current_user`): the caller's token, or 401.
 */
export function signedIn(caller: Caller): AccessToken | OAuthToken {
  if (!caller.token || isAnonymous(caller.user)) throw unauthorized().because('the request has no token');
  return caller.token;
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
function asCaller(
  world: World,
  user: User,
  token: AccessToken | OAuthToken,
  powers = actsAsAdmin(world, user, token),
): Caller {
  if (!user.admin || powers) return { user, token };
  const withoutPowers = new Proxy(user, {
    get: (record, key, receiver) => (key === 'admin' ? false : Reflect.get(record, key, receiver)),
  });
  return { user: withoutPowers, token };
}

/**
 * GitLab's sudo (`lib/api/helpers.rb#sudo!`): an administrator's token acts as the user the request
 * names by id or username (the `sudo` parameter or `Sudo` header, read by the wire). In GitLab's order:
 * no token is 401 (`unauthorized! unless initial_current_user`); a caller who is not an administrator
 * acting as one (`can_admin_all_resources?`: with the instance's admin mode on, only a token with the
 * `admin_mode` scope, {@link actsAsAdmin}) is 403 `Must be admin to use sudo`; a token without the
 * `sudo` scope is 403 `insufficient_scope` (`validate_and_save_access_token!(scopes: [:sudo])`); a
 * user neither id nor username names is 404 `User with ID or username '<x>' Not Found`. The sudo'd
 * user is taken in any state: `sudo!` does not check it (`api_access_allowed?` in
 * `lib/api/api_guard.rb#find_current_user!` asked only about the token's own user). GitLab's third
 * refusal, `Must be authenticated using an OAuth or personal access token to use sudo`, is for a web
 * session, which the mock's API never authenticates by.
 */
export function sudo(world: World, caller: Caller, identifier: string): Caller {
  const { token } = caller;
  if (!token || isAnonymous(caller.user)) throw unauthorized().because('sudo needs a token, and the request has none');
  if (!caller.user.admin) {
    throw new ApiError(403, { message: '403 Forbidden - Must be admin to use sudo' }).because(
      `${caller.user.username} is not an administrator${adminModeNote(world, caller.user, token)}, so may not act as ${identifier}`,
    );
  }
  if (!token.scopes.includes('sudo')) {
    throw insufficientScope(['sudo']).because(
      `${tokenName(token)} has scopes ${token.scopes.join(', ')}; sudo needs the sudo scope`,
    );
  }
  const user = userByIdOrUsername(world, identifier);
  if (!user) {
    throw notFound(`User with ID or username '${identifier}'`).because(`sudo names no user: ${identifier}`);
  }
  // Admin mode is the token's user's (`bypass_session!(user.id)` in `find_current_user!`): a sudo'd
  // administrator acts as one only where the instance has admin mode off, or as themself.
  if (user.id === caller.user.id) return caller;
  return { ...asCaller(world, user, token, world.instance.admin_mode !== true), sudoer: caller.user };
}

/** `UserFinder#find_by_id_or_username`: digits are an id, anything else a username in any case (`User.find_by_username`). */
function userByIdOrUsername(world: World, identifier: string): User | undefined {
  if (/^\d+$/.test(identifier)) return world.users.get(Number(identifier));
  const wanted = identifier.toLowerCase();
  for (const user of world.users.values()) if (user.username.toLowerCase() === wanted) return user;
  return undefined;
}

function tokenName(token: AccessToken | OAuthToken): string {
  return 'name' in token ? `token ${token.id} (${token.name})` : `OAuth token ${token.id}`;
}

/** Why an administrator's request is a regular user's: admin mode on and no `admin_mode` scope. */
function adminModeNote(world: World, user: User, token: AccessToken | OAuthToken): string {
  const record = world.users.get(user.id);
  return record?.admin && !actsAsAdmin(world, record, token)
    ? ' acting as one (admin mode on, no admin_mode scope)'
    : '';
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
    if (user) return accessDenied(world, user, name);
    return unauthorized().because(`${name} belongs to a deleted user`);
  }
  const id = credential ? world.tokenIds.get(credential.value) : undefined;
  const token = id === undefined ? undefined : world.tokens.get(id);
  const user = token && tokenIsActive(world, token) ? world.users.get(token.user_id) : undefined;
  if (token && user) return accessDenied(world, user, `token ${token.id} (${token.name})`);
  return unauthorized().because(whyUnauthenticated(world, credential?.value ?? null));
}

/**
 * A valid token of a user who is not active: GitLab finds the user, then `api_access_allowed?`
 * (`lib/api/api_guard.rb#find_current_user!`, GlobalPolicy's `access_api`, which blocked,
 * deactivated, banned and pending users lack) answers `forbidden!` with
 * `Gitlab::Auth::UserAccessDeniedReason#rejection_message`.
 */
function accessDenied(world: World, user: User, name: string) {
  return new ApiError(403, { message: `403 Forbidden - ${accessDeniedReason(world, user.state)}` }).because(
    `${name} of ${user.username} belongs to a ${user.state} user`,
  );
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
  return `${name} belongs to a user who no longer exists`;
}

/** `User#blocked?`: every blocked state (`state :blocked, :ldap_blocked, :blocked_pending_approval, :banned`). */
export const isBlocked = (user: User) =>
  user.state === 'blocked' ||
  user.state === 'ldap_blocked' ||
  user.state === 'banned' ||
  user.state === 'blocked_pending_approval';

/**
 * `Gitlab::Auth::UserAccessDeniedReason#rejection_message`: why a user who is not active may not
 * use the API (GitLab's `api_access_allowed?` in `lib/api/api_guard.rb` answers it as `403 Forbidden - <reason>`).
 */
export function accessDeniedReason(world: World, state: UserState): string {
  if (state === 'blocked_pending_approval') {
    return 'Your account is pending approval from your administrator and hence blocked.';
  }
  if (state === 'deactivated') {
    return `Your account has been deactivated by your administrator. Please log back in from a web browser to reactivate your account at ${world.baseUrl}`;
  }
  return 'Your account has been blocked.';
}

/** The scopes that let a token call the API with `method`: `api`, or `read_api` for reading. */
export function apiScopes(method: string): readonly string[] {
  return method === 'GET' || method === 'HEAD' ? ['api', 'read_api'] : ['api'];
}

/** 403 `insufficient_scope` unless the token has one of the scopes `method` needs (GitLab's API scope check). */
export function requireApiScope(token: AccessToken | OAuthToken | null, method: string): void {
  // An anonymous request has no token whose scopes could limit it (GitLab's scope check is the token's).
  if (token) requireOneScopeOf(token, apiScopes(method), method);
}

/**
 * GitLab's scope check of a route whose API class allows scopes of its own besides the API scopes
 * (`allow_access_with_scope`): `extra` are those it allows for this request. None is checked for a request
 * acting by sudo (`lib/api/helpers.rb#current_user` checks the route's scopes only `unless sudo?`). Every
 * helper below is this check with one API class's list.
 */
export function requireRouteScopes(caller: Caller, method: string, extra: readonly string[] = []): void {
  const { token } = caller;
  if (!token || caller.sudoer) return;
  requireOneScopeOf(token, [...apiScopes(method), ...extra], method);
}

/**
 * {@link requireRouteScopes} where GitLab also takes `read_user` for reading
 * (`allow_access_with_scope :read_user` of `lib/api/users.rb` and `lib/api/metadata.rb`), and
 * the `alsoReading` scopes a route adds (`lib/api/metadata.rb`:
 * `allow_access_with_scope [:read_user, :ai_features], if: ->(request) { request.get? || request.head? }`).
 */
export function requireReadUserScope(caller: Caller, method: string, alsoReading: readonly string[] = []): void {
  const reading = method === 'GET' || method === 'HEAD';
  requireRouteScopes(caller, method, reading ? ['read_user', ...alsoReading] : []);
}

/**
 * {@link requireReadUserScope} for the routes of `lib/api/users.rb`, which also take `ai_workflows` for a HEAD
 * request and for `GET /user`: `allow_access_with_scope :ai_workflows, if: ->(request) { request.head? ||
 * request_current_user?(request) }`, `request_current_user?` being `request.get? && request.path.match?(%r{/api/v\d+/user$})`.
 * The line is in the 18.9-pre snapshot; the CHANGELOG of 17.0 to 18.8 does not name the release that added it,
 * so the mock follows the snapshot. `method` is the request's own (HEAD is not GET here); `currentUser`: the
 * route is `GET /user`.
 */
export function requireUsersApiScope(caller: Caller, method: string, currentUser = false): void {
  const reading = method === 'GET' || method === 'HEAD';
  const aiWorkflows = method === 'HEAD' || (method === 'GET' && currentUser);
  requireRouteScopes(caller, method, [...(reading ? ['read_user'] : []), ...(aiWorkflows ? ['ai_workflows'] : [])]);
}

/** The methods a file's `allow_access_with_scope :ai_workflows, if: ->(request) { request.get? || request.head? }` serves. */
export const AI_WORKFLOWS_READS: readonly string[] = ['GET', 'HEAD'];

/**
 * {@link requireApiScope} where GitLab also takes `ai_workflows` for the `served` methods: GET, HEAD, POST and
 * PUT by default (`allow_ai_workflows_access` of `lib/api/issues.rb`, lib/api/concerns/ai_workflows_access.rb; and
 * `allow_access_with_scope :ai_workflows, if: request.get? || request.head? || mr_update?(request) ||
 * mr_create?(request)` of lib/api/merge_requests.rb, whose routes call it for their reads and for a merge
 * request's create and update only); GET, HEAD and POST for `lib/api/branches.rb` (18.6.0's "Add ai_workflows
 * scope to Branch API"); {@link AI_WORKFLOWS_READS} for `lib/api/labels.rb` and `lib/api/groups.rb`.
 */
export function requireAiWorkflowsScope(
  caller: Caller,
  method: string,
  served: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT'],
): void {
  requireRouteScopes(caller, method, served.includes(method) ? ['ai_workflows'] : []);
}

function requireOneScopeOf(token: AccessToken | OAuthToken, scopes: readonly string[], method: string): void {
  if (!scopes.some((scope) => token.scopes.includes(scope))) {
    throw insufficientScope(scopes).because(
      `${tokenName(token)} has scopes ${token.scopes.join(', ')}; ${method} needs ${scopes.join(' or ')}`,
    );
  }
}

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
  authorize(world, caller, 'read_project', project);
  return project;
}

/**
 * `require_repository_enabled!` (`lib/api/helpers.rb`, before every route of `lib/api/branches.rb`):
 * the repository feature closed to the caller is `404 Repository Not Found`.
 */
export function requireRepositoryEnabled(world: World, caller: Caller, project: Project): void {
  if (!featureAllows(world, caller.user, project, 'repository')) {
    throw notFound('Repository').because(
      `the repository of project ${project.path_with_namespace} is ${project.settings?.repository_access_level} and closed to ${caller.user.username}`,
    );
  }
}

/** A group by id or full path; missing or invisible is `404 Group Not Found`. */
export function findGroup(world: World, caller: Caller, ref: string): Group {
  const group = groupByRef(world, ref);
  if (!group) throw notFound('Group').because(`no group ${ref}`);
  authorize(world, caller, 'read_group', group);
  return group;
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

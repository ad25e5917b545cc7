import {
  ApiError,
  badRequest,
  type ModelErrors,
  notFound,
  recordNotFound,
  unauthorized,
  validationError,
} from '../http/errors.js';
import type { AccessToken, Caller, Group, Project, User, World } from '../world/types.js';
import {
  addDays,
  addToken,
  newTokenValue,
  nextId,
  nowIso,
  revokeToken,
  today,
  tokenResourceKey,
} from '../world/world.js';
import { listGroups } from './groups.js';
import { authorize, can } from './policy.js';
import { listProjects } from './projects.js';
import { filterTokens, latestTokenExpiry, ROTATED_TOKEN_LIFETIME_DAYS, type TokenFilters } from './tokens.js';

/**
 * Users' personal access tokens and impersonation tokens: `/personal_access_tokens` (list, read,
 * revoke, rotate, and the caller's own `self`), an administrator's `POST /users/:id/personal_access_tokens`,
 * the caller's `POST /user/personal_access_tokens`, and `/users/:id/impersonation_tokens`
 * (`lib/api/personal_access_tokens.rb`, `lib/api/personal_access_tokens/self_*.rb`, `lib/api/users.rb`,
 * `app/services/personal_access_tokens/*`, `app/models/personal_access_token.rb`). Project and group
 * access tokens are personal tokens of their bot users to GitLab: administrators see them here too.
 * @module
 */

/** `Gitlab::Auth.all_available_scopes`: what `POST /users/:id/personal_access_tokens` accepts. */
export const PERSONAL_TOKEN_SCOPES: readonly string[] = [
  'api',
  'read_api',
  'read_user',
  'create_runner',
  'manage_runner',
  'k8s_proxy',
  'self_rotate',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'read_virtual_registry',
  'write_virtual_registry',
  'read_observability',
  'write_observability',
  'ai_features',
  'sudo',
  'admin_mode',
  'read_service_ping',
];

/** The only scopes `POST /user/personal_access_tokens` takes (`K8S_PROXY_SCOPE`, `SELF_ROTATE_SCOPE`). */
export const SELF_TOKEN_SCOPES: readonly string[] = ['k8s_proxy', 'self_rotate'];

/** A user's personal tokens (impersonation ones included), oldest first: what belongs to no project or group. */
export const personalTokensOf = (world: World, user: User): AccessToken[] =>
  [...world.tokens.values()].filter((t) => t.user_id === user.id && tokenResourceKey(t) === null);

/** What creating a personal or impersonation token takes. */
export interface PersonalTokenInput {
  name: string;
  description?: string;
  scopes: string[];
  /** `YYYY-MM-DD`. */
  expiresAt?: string;
}

/** `PersonalAccessToken`'s validations on create: name and scopes present, `expires_at` within the instance's limit. */
function tokenModelErrors(world: World, name: string, scopes: string[], expiresAt: string | null): ModelErrors {
  const errors: ModelErrors = {};
  if (name.trim() === '') errors.name = ["can't be blank"];
  if (scopes.length === 0) errors.scopes = ["can't be blank"];
  // `expires_at_before_instance_max_expiry_date`, only while expiry is required (GITLAB-NOTES 7).
  const latest = latestTokenExpiry(world);
  if (world.instance.require_token_expiry && expiresAt !== null && expiresAt > latest) {
    errors.expires_at = [`must be before ${latest}`];
  }
  return errors;
}

/** Full messages as `errors.full_messages.to_sentence` words them (`Expiration date` is the locale's name of `expires_at`). */
function fullMessages(errors: ModelErrors): string {
  const names: Record<string, string> = { name: 'Name', scopes: 'Scopes', expires_at: 'Expiration date' };
  const messages = Object.entries(errors).flatMap(([field, list]) => list.map((m) => `${names[field] ?? field} ${m}`));
  return messages.length <= 2 ? messages.join(' and ') : `${messages.slice(0, -1).join(', ')}, and ${messages.at(-1)}`;
}

function newPersonalToken(
  world: World,
  user: User,
  input: PersonalTokenInput,
  expiresAt: string | null,
  impersonation: boolean,
): AccessToken {
  return addToken(world, {
    id: nextId(world, 'tokens'),
    user_id: user.id,
    name: input.name,
    description: input.description ?? null,
    scopes: [...input.scopes],
    value: newTokenValue(world),
    revoked: false,
    created_at: nowIso(world),
    last_used_at: null,
    expires_at: expiresAt,
    project_id: null,
    group_id: null,
    previous_id: null,
    ...(impersonation ? { impersonation: true } : {}),
  });
}

/**
 * `PersonalAccessTokens::CreateService` for `POST /users/:id/personal_access_tokens` (administrators)
 * and `POST /user/personal_access_tokens` (the caller): without `expires_at`, a year ahead when the
 * instance requires expiry (`pat_expiration`); an invalid token is 422 with the full messages.
 */
export function createPersonalToken(world: World, caller: Caller, user: User, input: PersonalTokenInput): AccessToken {
  if (!can(world, caller.user, 'manage_user_personal_access_token', user)) {
    throw new ApiError(422, { message: 'Not permitted to create' }).because(
      `${caller.user.username} may not create tokens for ${user.username}`,
    );
  }
  const expiresAt = input.expiresAt ?? (world.instance.require_token_expiry ? latestTokenExpiry(world) : null);
  const errors = tokenModelErrors(world, input.name, input.scopes, expiresAt);
  if (Object.keys(errors).length > 0) {
    throw new ApiError(422, { message: fullMessages(errors) }).because(`the token does not validate`);
  }
  return newPersonalToken(world, user, input, expiresAt, false);
}

/**
 * `POST /users/:user_id/impersonation_tokens`: the finder builds a token with `impersonation: true`
 * and saves it; an invalid one is 400 with the model errors (`render_validation_error!`). GitLab's
 * model gives no default expiry here; it requires one while the instance requires expiry.
 */
export function createImpersonationToken(
  world: World,
  user: User,
  input: Partial<PersonalTokenInput> & { name: string },
): AccessToken {
  const scopes = input.scopes ?? [];
  const expiresAt = input.expiresAt ?? null;
  const errors = tokenModelErrors(world, input.name, scopes, expiresAt);
  // `validates :expires_at, presence: true, on: :create, unless: :allow_expires_at_to_be_empty?`
  if (expiresAt === null && world.instance.require_token_expiry) errors.expires_at = ["can't be blank"];
  if (Object.keys(errors).length > 0) {
    throw validationError(errors).because('the impersonation token does not validate');
  }
  return newPersonalToken(world, user, { ...input, scopes }, expiresAt, true);
}

/** A user's impersonation token: `404 Impersonation Token Not Found` otherwise. */
export function findImpersonationToken(world: World, user: User, id: number): AccessToken {
  const token = world.tokens.get(id);
  if (!token || token.user_id !== user.id || !token.impersonation) {
    throw notFound('Impersonation Token').because(`${user.username} has no impersonation token ${id}`);
  }
  return token;
}

/** `GET /users/:user_id/impersonation_tokens` with `state` `all` (default), `active` or `inactive`. */
export function listImpersonationTokens(world: World, user: User, state: 'all' | 'active' | 'inactive'): AccessToken[] {
  const tokens = personalTokensOf(world, user).filter((t) => t.impersonation);
  return state === 'all' ? tokens : filterTokens(world, tokens, { state });
}

/**
 * `GET /personal_access_tokens` (`PersonalAccessTokensFinder` with the API's `finder_params`):
 * administrators see every token, or one user's with `user_id` (404 for an unknown user); anyone
 * else their own, impersonation tokens left out, and 401 for another user's `user_id`.
 */
export function listPersonalTokens(
  world: World,
  caller: Caller,
  userId: number | undefined,
  filters: TokenFilters,
): AccessToken[] {
  const admin = can(world, caller.user, 'admin_all_resources', 'instance');
  let tokens: AccessToken[];
  if (admin) {
    if (userId !== undefined && !world.users.has(userId)) throw notFound().because(`no user ${userId}`);
    tokens = [...world.tokens.values()].filter((t) => userId === undefined || t.user_id === userId);
  } else {
    // `restrict_non_admins!`
    const subject = userId === undefined ? undefined : world.users.get(userId);
    if (userId !== undefined && (!subject || !can(world, caller.user, 'read_user_personal_access_tokens', subject))) {
      throw unauthorized().because(`${caller.user.username} may not list the tokens of user ${userId}`);
    }
    tokens = [...world.tokens.values()].filter((t) => t.user_id === caller.user.id && !t.impersonation);
  }
  return filterTokens(
    world,
    tokens.sort((a, b) => a.id - b.id),
    filters,
  );
}

/**
 * A token that an ability on its user allows: `GET /personal_access_tokens/:id` and its rotation.
 * Only administrators learn that a token does not exist (404); anyone else gets 401.
 */
export function tokenForUserAbility(
  world: World,
  caller: Caller,
  id: number,
  ability: 'read_user_personal_access_tokens' | 'manage_user_personal_access_token',
): AccessToken {
  const token = world.tokens.get(id);
  const user = token ? world.users.get(token.user_id) : undefined;
  if (token && user && can(world, caller.user, ability, user)) return token;
  const why = token ? `${caller.user.username} may not see token ${id}` : `no token ${id}`;
  throw (can(world, caller.user, 'admin_all_resources', 'instance') ? notFound() : unauthorized()).because(why);
}

/**
 * `DELETE /personal_access_tokens/:id` (`find_token`: an unknown id is ActiveRecord's `404 Not found`)
 * and `DELETE /personal_access_tokens/self`: `PersonalAccessTokens::RevokeService` (owner, not an
 * impersonation token, or an administrator: `revoke_token`), else 400 `Not permitted to revoke`.
 */
export function revokePersonalToken(world: World, caller: Caller, token: AccessToken | undefined): void {
  if (!token) throw recordNotFound().because('no such token');
  authorize(world, caller, 'revoke_token', token);
  revokeToken(world, token);
}

/** The token of `DELETE /personal_access_tokens/:id`. */
export const tokenById = (world: World, id: number): AccessToken | undefined => world.tokens.get(id);

/**
 * `PersonalAccessTokens::RotateService`: a revoked token is 400 `Token already revoked`; otherwise
 * the token is revoked and a new one issued to the same user with the same name, description,
 * scopes and impersonation, expiring `expires_at` or a week from today; an invalid expiry is 400
 * with the full message (`bad_request!`).
 */
export function rotatePersonalToken(world: World, token: AccessToken, expiresAt?: string): AccessToken {
  if (token.revoked) throw badRequest('Token already revoked').because(`token ${token.id} is revoked`);
  const newExpiry = expiresAt ?? addDays(today(world), ROTATED_TOKEN_LIFETIME_DAYS);
  const errors = tokenModelErrors(world, token.name, token.scopes, newExpiry);
  if (Object.keys(errors).length > 0) throw badRequest(fullMessages(errors)).because('the new token does not validate');
  revokeToken(world, token);
  return addToken(world, {
    ...token,
    id: nextId(world, 'tokens'),
    scopes: [...token.scopes],
    value: newTokenValue(world),
    revoked: false,
    created_at: nowIso(world),
    last_used_at: null,
    expires_at: newExpiry,
    previous_id: token.id,
    seven_days_notification_sent_at: undefined,
  });
}

/**
 * `GET /personal_access_tokens/self/associations` (`lib/api/personal_access_tokens/self_information.rb`,
 * GitLab 17.4 on): `load_groups` is `GroupsFinder.new(current_user, min_access_level:)`, whose
 * `all_available` defaults to true (the groups around the user's memberships and every group open to
 * them, or all groups for an administrator), and `load_projects` is `ProjectsFinder.new(current_user:,
 * params: { min_access_level: })` (`Project.public_or_visible_to_user`, or `authorized_projects(level)`);
 * neither passes a sort, so both lists come in the finders' default order, id descending
 * (`Namespaces::GroupsFilter#sort`, `ProjectsFinder#sort`).
 */
export function tokenAssociations(
  world: World,
  user: User,
  minAccessLevel: number | undefined,
): { groups: Group[]; projects: Project[] } {
  const groups = listGroups(
    world,
    user,
    { kind: 'all' },
    { allAvailable: true, owned: false, minAccessLevel, orderBy: 'id', sort: 'desc' },
  );
  const projects = listProjects(world, user, { min_access_level: minAccessLevel, order_by: 'id', sort: 'desc' });
  return { groups, projects };
}

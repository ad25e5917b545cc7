import { badRequest, notFound, unauthorized } from '../http/errors.js';
import { isGroup, membershipsChanged, sourceName } from '../world/memberships.js';
import type { AccessToken, Caller, Group, Project, Role, User, World } from '../world/types.js';
import {
  addDays,
  addToken,
  addUser,
  filteredTokensOf,
  newTokenValue,
  nextId,
  nowIso,
  randomString,
  revokeToken,
  today,
  tokenResourceKey,
} from '../world/world.js';
import { requireApiScope, signedIn, tokenIsActive } from './access.js';
import { adminRole, can, roleIn, roleInSource, roleName } from './policy.js';

/**
 * Tokens and the bot users behind project and group access tokens: creation, lifetime,
 * listing, rotation with reuse detection, revocation (GITLAB-BEHAVIOR 2, SPEC 1-2).
 * GitLab has one access-token model for both resources (`lib/api/resource_access_tokens.rb`
 * serves `projects` and `groups` with the same code), so every rule here takes a
 * {@link TokenResource}; what differs is in {@link resourceKind} and the policy's `adminRole`.
 * @module
 */

/** What an access token (its bot user) belongs to: a project or a group. */
export type TokenResource = Project | Group;

/** `project` or `group`: GitLab's `source_type`, in its messages and in `resource_type`. */
export const resourceKind = (resource: TokenResource): 'project' | 'group' => (isGroup(resource) ? 'group' : 'project');

/** The world's fields that tie a token to its resource. */
const resourceFields = (resource: TokenResource) =>
  isGroup(resource) ? { project_id: null, group_id: resource.id } : { project_id: resource.id, group_id: null };

/** A personal token for a user (what a seeded user calls the API with). */
export function issuePersonalToken(
  world: World,
  user: User,
  options: { value?: string; scopes?: string[]; name?: string } = {},
): AccessToken {
  return addToken(world, {
    id: nextId(world, 'tokens'),
    user_id: user.id,
    name: options.name ?? 'default',
    description: null,
    scopes: options.scopes ?? ['api'],
    value: options.value ?? newTokenValue(world),
    revoked: false,
    created_at: nowIso(world),
    last_used_at: null,
    expires_at: null,
    project_id: null,
    group_id: null,
    previous_id: null,
  });
}

/** A project or group access token: a new bot user, member of the resource at `accessLevel`, owning the token. */
export function issueResourceAccessToken(
  world: World,
  resource: TokenResource,
  input: {
    name: string;
    description?: string | null;
    scopes: string[];
    accessLevel: Role;
    expiresAt: string | null;
    value?: string;
    createdAt?: string;
    /** The bot user, when it exists already (a rotated token's, in a loaded export); default a new one. */
    bot?: User;
  },
): AccessToken {
  const bot = input.bot ?? newBotUser(world, resource, input.name);
  resource.members.set(bot.id, input.accessLevel);
  membershipsChanged();
  return addToken(world, {
    id: nextId(world, 'tokens'),
    user_id: bot.id,
    name: input.name,
    description: input.description ?? null,
    scopes: input.scopes,
    value: input.value ?? newTokenValue(world),
    revoked: false,
    created_at: input.createdAt ?? nowIso(world),
    last_used_at: null,
    expires_at: input.expiresAt,
    ...resourceFields(resource),
    previous_id: null,
  });
}

/** GitLab's bot user: `project_<id>_bot_<hex>` or `group_<id>_bot_<hex>` (`ResourceAccessTokens::CreateService`). */
function newBotUser(world: World, resource: TokenResource, name: string): User {
  const suffix = randomString(world, '0123456789abcdef', 8);
  const username = `${resourceKind(resource)}_${resource.id}_bot_${suffix}`;
  const bot: User = {
    id: nextId(world, 'users'),
    username,
    name,
    email: `${username}@noreply.${new URL(world.baseUrl).hostname}`,
    state: 'active',
    admin: false,
    bot: true,
    password: randomString(world, '0123456789abcdef', 32),
    created_at: nowIso(world),
  };
  addUser(world, bot);
  return bot;
}

/** The scopes a project or group access token may have (SPEC 2; GitLab's `resource_bot_scopes`). */
export const PROJECT_TOKEN_SCOPES: readonly string[] = [
  'api',
  'read_api',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'create_runner',
  'manage_runner',
  'ai_features',
  'k8s_proxy',
  'self_rotate',
];

/** Longest token lifetime: `expires_at` may be at most this many days after today (SPEC 1). */
export const MAX_TOKEN_LIFETIME_DAYS = 365;
/** A rotated token expires this many days after the rotation unless told otherwise (R3, R8). */
export const ROTATED_TOKEN_LIFETIME_DAYS = 7;

/** The latest `expires_at` a new or rotated token may have: today + 365 days (SPEC 1). */
export const latestTokenExpiry = (world: World) => addDays(today(world), MAX_TOKEN_LIFETIME_DAYS);

/** `expires_at` of a new project or group access token given none: a year ahead when the instance requires expiry, else never (SPEC 1). */
export const defaultTokenExpiry = (world: World) =>
  world.instance.require_token_expiry ? latestTokenExpiry(world) : null;

/** The project or group a resource access token belongs to, or undefined for a personal token. */
export function tokenResource(world: World, token: AccessToken): TokenResource | undefined {
  if (token.project_id !== null) return world.projects.get(token.project_id);
  return token.group_id == null ? undefined : world.groups.get(token.group_id);
}

/** The access level of a project or group access token: its bot user's role in the resource. */
export const tokenAccessLevel = (world: World, token: AccessToken): Role | 0 =>
  tokenResource(world, token)?.members.get(token.user_id) ?? 0;

/** The key of a resource's tokens in the world's index. */
const keyOf = (resource: TokenResource) => tokenResourceKey(resourceFields(resource)) as string;

function tokenOfResource(world: World, resource: TokenResource, id: number): AccessToken | undefined {
  const token = world.tokens.get(id);
  return token && tokenResourceKey(token) === keyOf(resource) ? token : undefined;
}

/**
 * One of a resource's access tokens: `404 project Access Token Not Found` or `404 group Access
 * Token Not Found` otherwise (GitLab keeps the lowercase `source_type`).
 */
export function findResourceAccessToken(world: World, resource: TokenResource, id: number): AccessToken {
  const token = tokenOfResource(world, resource, id);
  if (!token) throw notFound(`${resourceKind(resource)} Access Token`);
  return token;
}

/** An order of a token list: field and direction. */
export type TokenSort = `${'created' | 'expires' | 'last_used' | 'name'}_${'asc' | 'desc'}`;
export const TOKEN_SORTS: readonly TokenSort[] = [
  'created_asc',
  'created_desc',
  'expires_asc',
  'expires_desc',
  'last_used_asc',
  'last_used_desc',
  'name_asc',
  'name_desc',
];

export interface TokenFilters {
  state?: 'active' | 'inactive';
  revoked?: boolean;
  createdBefore?: Date;
  createdAfter?: Date;
  lastUsedBefore?: Date;
  lastUsedAfter?: Date;
  /** `YYYY-MM-DD`: expires strictly before. */
  expiresBefore?: string;
  /** `YYYY-MM-DD`: expires on or after. */
  expiresAfter?: string;
  search?: string;
  sort?: TokenSort;
}

const SORT_KEYS: Record<string, (token: AccessToken) => string | null> = {
  created: (t) => t.created_at,
  expires: (t) => t.expires_at,
  last_used: (t) => t.last_used_at,
  name: (t) => t.name.toLowerCase(),
};

/**
 * The sorts GitLab breaks ties of by id, newest first, in either direction (`PersonalAccessToken`'s
 * `order_expires_at_asc_id_desc` and the three like it). `created_*` and `name_*` (`Sortable`) name
 * no tie-break: the mock keeps those ties oldest first.
 */
const NEWEST_FIRST_ON_TIES = new Set(['expires', 'last_used']);

/** Orders by one field as PostgreSQL does (nulls last ascending, first descending), then by id as GitLab does. */
function compareBy(sort: TokenSort): (a: AccessToken, b: AccessToken) => number {
  const [, field = 'created', direction] = sort.match(/^(.*)_(asc|desc)$/) ?? [];
  const key = SORT_KEYS[field] ?? SORT_KEYS.created!;
  const sign = direction === 'desc' ? -1 : 1;
  const newestFirst = NEWEST_FIRST_ON_TIES.has(field);
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return newestFirst ? b.id - a.id : a.id - b.id;
    if (x === null) return sign;
    if (y === null) return -sign;
    return x < y ? -sign : sign;
  };
}

/** A resource's tokens filtered and ordered as `GET /projects/:id/access_tokens` (or groups) lists them (G2). */
export function listResourceAccessTokens(
  world: World,
  resource: TokenResource,
  filters: TokenFilters,
): readonly AccessToken[] {
  // State depends on today's date: it is part of the key.
  const key = JSON.stringify([filters, today(world)]);
  return filteredTokensOf(world, keyOf(resource), key, (all) => filterTokens(world, all, filters));
}

/** Filters and orders tokens as GitLab's token finders do (`PersonalAccessTokensFinder`, the resource tokens' list). */
export function filterTokens(world: World, all: readonly AccessToken[], filters: TokenFilters): AccessToken[] {
  const search = filters.search?.toLowerCase();
  // The world writes every timestamp in one ISO 8601 form, so they compare as strings.
  const [createdBefore, createdAfter, usedBefore, usedAfter] = [
    filters.createdBefore,
    filters.createdAfter,
    filters.lastUsedBefore,
    filters.lastUsedAfter,
  ].map((date) => date?.toISOString());
  const tokens = all.filter((t) => {
    const used = t.last_used_at;
    if (filters.state && tokenIsActive(world, t) !== (filters.state === 'active')) return false;
    if (filters.revoked !== undefined && t.revoked !== filters.revoked) return false;
    if (createdBefore && t.created_at > createdBefore) return false;
    if (createdAfter && t.created_at < createdAfter) return false;
    if (usedBefore && (used === null || used > usedBefore)) return false;
    if (usedAfter && (used === null || used < usedAfter)) return false;
    if (filters.expiresBefore && (t.expires_at === null || t.expires_at >= filters.expiresBefore)) return false;
    if (filters.expiresAfter && (t.expires_at === null || t.expires_at < filters.expiresAfter)) return false;
    return search === undefined || t.name.toLowerCase().includes(search);
  });
  return filters.sort ? tokens.sort(compareBy(filters.sort)) : tokens;
}

/** Ruby's `Array#to_sentence`: `a`, `a and b`, `a, b, and c`. */
function toSentence(items: string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}

/** The model errors of a new token, as GitLab's full messages; empty when valid. */
function tokenErrors(world: World, fields: { name: string; scopes: string[]; expiresAt: string | null }): string[] {
  const errors: string[] = [];
  if (fields.name.trim() === '') errors.push("Name can't be blank");
  if (fields.scopes.length === 0) errors.push("Scopes can't be blank");
  // `PersonalAccessToken#expires_at_before_instance_max_expiry_date` (app/models/personal_access_token.rb): only
  // while the instance requires expiry (`require_personal_access_token_expiry`), and `Expiration date` is the
  // locale's name of `expires_at` (config/locales/en.yml).
  const latest = latestTokenExpiry(world);
  if (world.instance.require_token_expiry && fields.expiresAt !== null && fields.expiresAt > latest) {
    errors.push(`Expiration date must be before ${latest}`);
  }
  return errors;
}

/** What creating a project or group access token takes. */
export interface ResourceAccessTokenInput {
  name: string;
  description?: string;
  scopes: string[];
  accessLevel: Role;
  /** `YYYY-MM-DD`; absent: {@link defaultTokenExpiry}. */
  expiresAt?: string;
}

/**
 * Creates a project or group access token and its bot user (G2, R4.2 rule 1): `admin_project` or `admin_group` (the policy)
 * and up only, never above the caller's own role; otherwise, or for an invalid token,
 * 400 `400 Bad request - <reason>` and nothing changes.
 */
export function createResourceAccessToken(
  world: World,
  caller: Caller,
  resource: TokenResource,
  input: ResourceAccessTokenInput,
): AccessToken {
  const role = roleInSource(world, caller.user, resource);
  if (caller.user.bot || !can(world, caller.user, 'create_resource_access_tokens', resource)) {
    throw badRequest(`User does not have permission to create ${resourceKind(resource)} access token`);
  }
  if (input.accessLevel > role) {
    throw badRequest('Access level of the token contains permissions not held by the creating user');
  }
  const expiresAt = input.expiresAt ?? defaultTokenExpiry(world);
  const errors = tokenErrors(world, { name: input.name, scopes: input.scopes, expiresAt });
  if (errors.length > 0) throw badRequest(toSentence(errors));
  return issueResourceAccessToken(world, resource, { ...input, expiresAt });
}

/** The first token of a token's family: the one every rotation started from. */
function familyRoot(world: World, token: AccessToken): AccessToken {
  let root = token;
  for (let previous = root.previous_id; previous !== null; previous = root.previous_id) {
    const next = world.tokens.get(previous);
    if (!next) break;
    root = next;
  }
  return root;
}

/** Reuse detection (SPEC 2): revokes every token rotated from the same original as `token`. */
export function revokeTokenFamily(world: World, token: AccessToken): void {
  const root = familyRoot(world, token);
  for (const member of world.tokens.values()) if (familyRoot(world, member) === root) revokeToken(world, member);
}

/** The token a rotation is about: the caller's own (`self`, SPEC 2) or one of the resource's (G2, R4.2 rule 2). */
function tokenToRotate(world: World, caller: Caller, resource: TokenResource, tokenId: number | 'self'): AccessToken {
  const kind = resourceKind(resource);
  if (tokenId === 'self') {
    const own = signedIn(caller);
    // An OAuth token is nobody's resource token.
    if (!('project_id' in own) || tokenResourceKey(own) !== keyOf(resource)) {
      throw badRequest(`Only an access token of this ${kind} can rotate itself`);
    }
    if (!own.scopes.includes('api') && !own.scopes.includes('self_rotate')) {
      throw badRequest('A token needs the api or self_rotate scope to rotate itself');
    }
    return own;
  }
  // Rotating another token is an ordinary API write: `self_rotate` does not cover it.
  requireApiScope(caller.token, 'POST');
  const manages = can(world, caller.user, 'manage_resource_access_tokens', resource);
  const token = manages ? tokenOfResource(world, resource, tokenId) : undefined;
  // Only administrators learn that a token does not exist.
  if (!token) {
    const reason = !manages
      ? `${roleIn(caller.user, roleInSource(world, caller.user, resource), sourceName(resource))}; rotating needs ${roleName(adminRole(resource))}`
      : `${sourceName(resource)} has no access token ${tokenId}`;
    throw (caller.user.admin ? notFound() : unauthorized()).because(reason);
  }
  if (!caller.user.admin && tokenAccessLevel(world, token) > roleInSource(world, caller.user, resource)) {
    throw badRequest('Not eligible to rotate tokens with permissions not held by the user');
  }
  return token;
}

/**
 * Rotates a project or group access token (SPEC 2, R3): revokes it and issues a new token of
 * the same bot user with the same name, description and scopes, expiring a week
 * after today unless `expiresAt` (at most a year ahead) is given. Rotating a revoked
 * token revokes its whole family and is refused.
 */
export function rotateResourceAccessToken(
  world: World,
  caller: Caller,
  resource: TokenResource,
  tokenId: number | 'self',
  expiresAt?: string,
): AccessToken {
  const old = tokenToRotate(world, caller, resource, tokenId);
  if (old.revoked) {
    revokeTokenFamily(world, old);
    throw badRequest('Token already revoked').because(
      `token ${old.id} (${old.name}) was already revoked: reuse, so its whole family is revoked`,
    );
  }
  const newExpiry = expiresAt ?? addDays(today(world), ROTATED_TOKEN_LIFETIME_DAYS);
  const errors = tokenErrors(world, { name: old.name, scopes: old.scopes, expiresAt: newExpiry });
  if (errors.length > 0) throw badRequest(toSentence(errors));
  revokeToken(world, old);
  return addToken(world, {
    id: nextId(world, 'tokens'),
    user_id: old.user_id,
    name: old.name,
    description: old.description,
    scopes: [...old.scopes],
    value: newTokenValue(world),
    revoked: false,
    created_at: nowIso(world),
    last_used_at: null,
    expires_at: newExpiry,
    project_id: old.project_id,
    group_id: old.group_id ?? null,
    previous_id: old.id,
  });
}

/**
 * Revokes a project or group access token (G2): 404 for a token not of this resource; below
 * `admin_project` or `admin_group` (the policy), 400 `<caller> cannot delete <bot>`. The token stays listed as revoked
 * (SPEC 2) and stops authenticating at once.
 */
export function revokeResourceAccessToken(
  world: World,
  caller: Caller,
  resource: TokenResource,
  tokenId: number,
): void {
  const token = findResourceAccessToken(world, resource, tokenId);
  if (!can(world, caller.user, 'destroy_resource_access_tokens', resource)) {
    const bot = world.users.get(token.user_id);
    throw badRequest(`${caller.user.name} cannot delete ${bot?.name ?? token.name}`);
  }
  revokeToken(world, token);
}

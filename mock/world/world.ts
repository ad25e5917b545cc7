import type { AccessToken, Instance, User, World } from './types.js';

/** The GitLab version the mock answers as, in `GET /version` and `GET /metadata` (and its webhooks' `User-Agent`). */
export const GITLAB_VERSION = '18.6.0-ee';
/** The revision (short commit sha) that goes with {@link GITLAB_VERSION}. */
export const GITLAB_REVISION = 'a7c1e9f3b02';

/** The instance a world starts with when the seed says nothing. */
export function defaultInstance(): Instance {
  return {
    offering: 'self-managed',
    plan: 'ultimate',
    require_token_expiry: true,
    feature_flags: [],
    approval_settings: {},
    rate_limits: {},
    ropc_without_client_credentials: false,
  };
}

export function createWorld(baseUrl: string, now: number, randomSeed: number): World {
  return {
    baseUrl,
    now,
    randomState: randomSeed >>> 0,
    lastId: {},
    instance: defaultInstance(),
    users: new Map(),
    tokens: new Map(),
    tokenIds: new Map(),
    groups: new Map(),
    projects: new Map(),
    milestones: new Map(),
    issues: new Map(),
    mergeRequests: new Map(),
    applications: new Map(),
    scimIdentities: new Map(),
    protectedBranches: new Map(),
    projectApprovalRules: new Map(),
    groupApprovalRules: new Map(),
    mergeRequestApprovalRules: new Map(),
    approvals: new Map(),
    rateLimitCounters: new Map(),
    clockOffset: null,
    oauthSessions: new Map(),
    oauthGrants: new Map(),
    oauthTokens: new Map(),
    labels: new Map(),
    subscriptions: new Map(),
    projectHooks: new Map(),
    systemHooks: new Map(),
    groupHooks: new Map(),
    events: new Map(),
    groupShares: new Map(),
    projectShares: new Map(),
    sshKeys: new Map(),
    signingKey: null,
  };
}

/** Next id of a table, counting up from 1 like a database sequence. */
export function nextId(world: World, table: string): number {
  const id = (world.lastId[table] ?? 0) + 1;
  world.lastId[table] = id;
  return id;
}

/** Moves a clock that follows real time to the real time plus its offset; a standing clock stays. */
export function syncClock(world: World): void {
  if (world.clockOffset !== null) world.now = Date.now() + world.clockOffset;
}

let isoOf = { now: Number.NaN, iso: '' };

/** The world clock as an ISO 8601 timestamp (what GitLab writes to created_at...). */
/** A time as GitLab writes it with Ruby's `xmlschema`: ISO 8601 to the second (`2026-06-01T09:00:00Z`). */
export const toSeconds = (iso: string): string => iso.replace(/\.\d{3}Z$/, 'Z');

export function nowIso(world: World): string {
  // Every journaled request asks; the clock moves far less often.
  if (isoOf.now !== world.now) isoOf = { now: world.now, iso: new Date(world.now).toISOString() };
  return isoOf.iso;
}

let todayOf = { now: Number.NaN, date: '' };

/** The world's today, `YYYY-MM-DD` in UTC (remembered for the last clock reading: lists ask it once a record). */
export function today(world: World): string {
  if (todayOf.now !== world.now) todayOf = { now: world.now, date: nowIso(world).slice(0, 10) };
  return todayOf.date;
}

/** A date `days` after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Next 32 random bits from the world's seedable source (mulberry32), so a seeded world repeats itself. */
export function randomUint32(world: World): number {
  world.randomState = (world.randomState + 0x6d2b79f5) >>> 0;
  let t = world.randomState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** `length` random characters from `alphabet`, drawn from the world's random source. */
export function randomString(world: World, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomUint32(world) % alphabet.length];
  return out;
}

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789abcdef';

/** A new personal or project access token value: `glpat-` + 20 URL-safe characters (SPEC 2). */
export function newTokenValue(world: World): string {
  return `glpat-${randomString(world, URL_SAFE, 20)}`;
}

/** 64 lowercase hex characters, for OAuth application ids and secrets (SPEC 2). */
export function newHex64(world: World): string {
  return randomString(world, HEX, 64);
}

/**
 * Users by lower-case username, derived from `world.users` (kept beside the world, so snapshots
 * copy only data) and kept by {@link addUser}, {@link renameUser} and {@link dropUser}, the only ways
 * users come, change name and go.
 */
const usernameIndexes = new WeakMap<Map<number, User>, Map<string, User>>();

function usernameIndex(world: World): Map<string, User> {
  let index = usernameIndexes.get(world.users);
  if (!index) {
    index = new Map([...world.users.values()].map((user) => [user.username.toLowerCase(), user]));
    usernameIndexes.set(world.users, index);
  }
  return index;
}

/** Stores a user and indexes its username. */
export function addUser(world: World, user: User): User {
  usernameIndex(world).set(user.username.toLowerCase(), user);
  world.users.set(user.id, user);
  return user;
}

/** Changes a user's username and keeps the username index right (the old name stops finding the user). */
export function renameUser(world: World, user: User, username: string): void {
  const index = usernameIndex(world);
  index.delete(user.username.toLowerCase());
  user.username = username;
  index.set(username.toLowerCase(), user);
}

/** Deletes a user record (`mock/rules/removal.ts` first removes everything that points at it). */
export function dropUser(world: World, user: User): void {
  const index = usernameIndex(world);
  if (index.get(user.username.toLowerCase()) === user) index.delete(user.username.toLowerCase());
  world.users.delete(user.id);
}

/** The user with this username (any case), or `undefined`. */
export function userNamed(world: World, username: string): User | undefined {
  return usernameIndex(world).get(username.toLowerCase());
}

/**
 * The key of the project or group whose access tokens a token belongs to (`p1`, `g2`), or
 * null for a personal token. `group_id` is optional: worlds from before group tokens lack it.
 */
export function tokenResourceKey(token: Pick<AccessToken, 'project_id' | 'group_id'>): string | null {
  if (token.project_id !== null) return `p${token.project_id}`;
  return token.group_id == null ? null : `g${token.group_id}`;
}

/** Stores a token and indexes its value for authentication. */
export function addToken(world: World, token: AccessToken): AccessToken {
  const byResource = resourceTokenIndex(world);
  world.tokens.set(token.id, token);
  world.tokenIds.set(token.value, token.id);
  const key = tokenResourceKey(token);
  if (key !== null) {
    const entry = byResource.get(key);
    if (entry) {
      entry.tokens.push(token);
      entry.lists.clear();
    } else byResource.set(key, { tokens: [token], lists: new Map() });
  }
  return token;
}

/** Revokes a token (it stops authenticating at once). */
export function revokeToken(world: World, token: AccessToken): void {
  token.revoked = true;
  tokenChanged(world, token);
}

/** Deletes a token: it no longer authenticates, and its project's or group's lists lose it. */
export function dropToken(world: World, token: AccessToken): void {
  const byResource = resourceTokenIndex(world);
  world.tokens.delete(token.id);
  if (world.tokenIds.get(token.value) === token.id) world.tokenIds.delete(token.value);
  const key = tokenResourceKey(token);
  const entry = key === null ? undefined : byResource.get(key);
  if (entry) {
    entry.tokens = entry.tokens.filter((t) => t !== token);
    entry.lists.clear();
  }
}

/** Records that a token was just used to authenticate. */
export function touchToken(world: World, token: AccessToken): void {
  token.last_used_at = nowIso(world);
  tokenChanged(world, token);
}

function tokenChanged(world: World, token: AccessToken): void {
  const key = tokenResourceKey(token);
  if (key !== null) resourceTokenIndex(world).get(key)?.lists.clear();
}

/**
 * Project and group access tokens by resource ({@link tokenResourceKey}), in id order, and the filtered lists already
 * computed from them: derived from `world.tokens` (kept beside the world, so
 * snapshots copy only data) and kept by `addToken`, `revokeToken`,
 * `touchToken` and `dropToken`, the only ways tokens are added, changed or deleted
 * (the API only revokes them; deleting their user or resource deletes them).
 */
interface ResourceTokens {
  tokens: AccessToken[];
  lists: Map<string, AccessToken[]>;
}

const tokenIndexes = new WeakMap<Map<number, AccessToken>, Map<string, ResourceTokens>>();

function resourceTokenIndex(world: World): Map<string, ResourceTokens> {
  let index = tokenIndexes.get(world.tokens);
  if (!index) {
    index = new Map();
    tokenIndexes.set(world.tokens, index);
    for (const token of world.tokens.values()) {
      const key = tokenResourceKey(token);
      if (key === null) continue;
      const entry = index.get(key);
      if (entry) entry.tokens.push(token);
      else index.set(key, { tokens: [token], lists: new Map() });
    }
    for (const entry of index.values()) entry.tokens.sort((a, b) => a.id - b.id);
  }
  return index;
}

/** The access tokens of a project, revoked ones included, in id order. Do not modify the array. */
export function tokensOfProject(world: World, projectId: number): readonly AccessToken[] {
  return tokensOfResource(world, `p${projectId}`);
}

/** The access tokens of a project or group by {@link tokenResourceKey}, revoked ones included, in id order. */
export function tokensOfResource(world: World, key: string): readonly AccessToken[] {
  return resourceTokenIndex(world).get(key)?.tokens ?? [];
}

/**
 * A project's or group's tokens ({@link tokenResourceKey}) passing a filter, computed once per
 * `filterKey` and reused until one of its tokens is added or changes (the key must name
 * anything else the filter reads, such as today's date).
 */
export function filteredTokensOf(
  world: World,
  resourceKey: string,
  filterKey: string,
  compute: (tokens: readonly AccessToken[]) => AccessToken[],
): readonly AccessToken[] {
  const entry = resourceTokenIndex(world).get(resourceKey);
  if (!entry) return [];
  let list = entry.lists.get(filterKey);
  if (!list) {
    list = compute(entry.tokens);
    // A few listings at a time are walked page by page; forget the oldest beyond that.
    if (entry.lists.size >= 16) entry.lists.delete(entry.lists.keys().next().value as string);
    entry.lists.set(filterKey, list);
  }
  return list;
}

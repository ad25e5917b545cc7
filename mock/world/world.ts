import type { AccessToken, Instance, World } from './types.js';

/** The instance a world starts with when the seed says nothing. */
export function defaultInstance(): Instance {
  return {
    offering: 'self-managed',
    plan: 'ultimate',
    require_token_expiry: true,
    feature_flags: [],
    approval_settings: {},
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
  };
}

/** Next id of a table, counting up from 1 like a database sequence. */
export function nextId(world: World, table: string): number {
  const id = (world.lastId[table] ?? 0) + 1;
  world.lastId[table] = id;
  return id;
}

/** The world clock as an ISO 8601 timestamp (what GitLab writes to created_at...). */
export function nowIso(world: World): string {
  return new Date(world.now).toISOString();
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

/** Stores a token and indexes its value for authentication. */
export function addToken(world: World, token: AccessToken): AccessToken {
  const byProject = projectTokenIndex(world);
  world.tokens.set(token.id, token);
  world.tokenIds.set(token.value, token.id);
  if (token.project_id !== null) {
    const list = byProject.get(token.project_id);
    if (list) list.push(token);
    else byProject.set(token.project_id, [token]);
  }
  return token;
}

/**
 * Project access tokens by project, in id order: derived from `world.tokens`
 * (kept beside the world, so snapshots copy only data) and kept by `addToken`,
 * the only way tokens are added; tokens are never deleted, only revoked.
 */
const tokenIndexes = new WeakMap<Map<number, AccessToken>, Map<number, AccessToken[]>>();

function projectTokenIndex(world: World): Map<number, AccessToken[]> {
  let index = tokenIndexes.get(world.tokens);
  if (!index) {
    index = new Map();
    tokenIndexes.set(world.tokens, index);
    for (const token of world.tokens.values()) {
      if (token.project_id === null) continue;
      const list = index.get(token.project_id);
      if (list) list.push(token);
      else index.set(token.project_id, [token]);
    }
    for (const list of index.values()) list.sort((a, b) => a.id - b.id);
  }
  return index;
}

/** The access tokens of a project, revoked ones included, in id order. Do not modify the array. */
export function tokensOfProject(world: World, projectId: number): readonly AccessToken[] {
  return projectTokenIndex(world).get(projectId) ?? [];
}

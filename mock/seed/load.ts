import type { World } from '../world/types.js';
import { syncClock } from '../world/world.js';
import { eachWithin, parseSeedDocument } from './document.js';
import { loadOAuthState } from './oauth.js';
import { type SeededUser, Seeder } from './seeder.js';

/**
 * Loads a seed document into an empty world. The caller builds a fresh world
 * for it, so a document that fails half-way is never half-loaded.
 * Returns the users by username, with the tokens that authenticate as them.
 */
export function loadSeedDocument(world: World, input: unknown): Record<string, SeededUser> {
  const doc = parseSeedDocument(input);
  if (doc.now === 'real') {
    world.clockOffset = doc.clock_offset_ms ?? 0;
    syncClock(world);
  } else if (doc.now) {
    world.clockOffset = null;
    world.now = Date.parse(doc.now);
  }
  // An export (it has a version) lists everything: the seeder adds no default records. The document is parsed already.
  const seed = new Seeder(world, doc.version !== undefined, true);
  if (doc.instance) seed.instance(doc.instance);
  const users: Record<string, SeededUser> = {};
  eachWithin('users', doc.users, (user) => {
    const seeded = seed.user(user);
    if (user.personal_token !== null) users[user.username] = seeded;
  });
  eachWithin('groups', doc.groups, (group) => seed.group(group));
  // Shares after every group: a group may be shared with one the document lists later.
  eachWithin('groups', doc.groups, (group) => seed.groupShares(group));
  eachWithin('projects', doc.projects, (project) => seed.project(project));
  eachWithin('applications', doc.applications, (app) => seed.application(app));
  eachWithin('scim_identities', doc.scim_identities, (identity) => seed.scimIdentity(identity));
  eachWithin('events', doc.events, (event) => seed.event(event));
  eachWithin('subscriptions', doc.subscriptions, (subscription) => seed.subscription(subscription));
  eachWithin('system_hooks', doc.system_hooks, (hook) => seed.systemHook(hook));
  if (doc.oauth) loadOAuthState(world, doc.oauth);
  // An export's sequences, random source and rate limit counts: new ids and secrets continue where it stopped.
  for (const [table, last] of Object.entries(doc.last_ids ?? {})) {
    world.lastId[table] = Math.max(world.lastId[table] ?? 0, last);
  }
  if (doc.random_state !== undefined) world.randomState = doc.random_state;
  for (const [key, counter] of Object.entries(doc.rate_limit_counters ?? {})) {
    world.rateLimitCounters.set(key, { ...counter });
  }
  sortTablesById(world);
  return users;
}

/** Puts every table in id order, the order records are created in, whatever order the document listed them. */
function sortTablesById(world: World): void {
  for (const value of Object.values(world)) {
    if (!(value instanceof Map) || value === world.tokenIds || value === world.rateLimitCounters) continue;
    const table = value as Map<number, unknown>;
    const sorted = [...table.entries()].sort(([a], [b]) => a - b);
    table.clear();
    for (const [id, record] of sorted) table.set(id, record);
  }
}

import type { World } from '../world/types.js';
import { eachWithin, parseSeedDocument } from './document.js';
import { type SeededUser, Seeder } from './seeder.js';

/**
 * Loads a seed document into an empty world. The caller builds a fresh world
 * for it, so a document that fails half-way is never half-loaded.
 * Returns the users by username, with the tokens that authenticate as them.
 */
export function loadSeedDocument(world: World, input: unknown): Record<string, SeededUser> {
  const doc = parseSeedDocument(input);
  if (doc.now) world.now = Date.parse(doc.now);
  const seed = new Seeder(world);
  if (doc.instance) seed.instance(doc.instance);
  const users: Record<string, SeededUser> = {};
  eachWithin('users', doc.users, (user) => {
    users[user.username] = seed.user(user);
  });
  eachWithin('groups', doc.groups, (group) => seed.group(group));
  eachWithin('projects', doc.projects, (project) => seed.project(project));
  eachWithin('applications', doc.applications, (app) => seed.application(app));
  eachWithin('scim_identities', doc.scim_identities, (identity) => seed.scimIdentity(identity));
  return users;
}

import type { AccessToken, Project, Role, User, World } from '../world/types.js';
import { addToken, newTokenValue, nextId, nowIso, randomString } from '../world/world.js';

/**
 * Tokens and the bot users behind project access tokens.
 * @module
 */

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
    previous_id: null,
  });
}

/** A project access token: a new bot user, member of the project at `accessLevel`, owning the token. */
export function issueProjectAccessToken(
  world: World,
  project: Project,
  input: {
    name: string;
    description?: string | null;
    scopes: string[];
    accessLevel: Role;
    expiresAt: string | null;
    value?: string;
    createdAt?: string;
  },
): AccessToken {
  const suffix = randomString(world, '0123456789abcdef', 8);
  const bot: User = {
    id: nextId(world, 'users'),
    username: `project_${project.id}_bot_${suffix}`,
    name: input.name,
    email: `project_${project.id}_bot_${suffix}@noreply.${new URL(world.baseUrl).hostname}`,
    state: 'active',
    admin: false,
    bot: true,
    password: randomString(world, '0123456789abcdef', 32),
    created_at: nowIso(world),
  };
  world.users.set(bot.id, bot);
  project.members.set(bot.id, input.accessLevel);
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
    project_id: project.id,
    previous_id: null,
  });
}

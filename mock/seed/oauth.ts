import type * as z from 'zod';
import { addOAuthToken, findOAuthToken } from '../rules/oauth/oauth-tokens.js';
import type { User, World } from '../world/types.js';
import { eachWithin, SeedError, type SeedOAuth } from './document.js';

/**
 * The OAuth provider's state in a seed document (its `oauth` key), both ways:
 * the signing key, sessions, authorization codes and tokens, so an exported
 * world's codes, tokens and ID tokens work after a reload.
 * @module
 */

type OAuthState = z.output<typeof SeedOAuth>;

const iso = (time: string) => new Date(time).toISOString();
const isoOrNull = (time: string | null) => (time === null ? null : iso(time));

function userNamed(world: World, username: string, key: string): User {
  for (const user of world.users.values()) if (user.username === username) return user;
  throw new SeedError(key, 'unknown user');
}

function checkApplication(world: World, id: number, key: string): void {
  if (!world.applications.has(id)) throw new SeedError(key, 'unknown application');
}

/** Takes the id as given and keeps the table's sequence past it. */
function claimId(world: World, table: string, taken: Map<number, unknown>, id: number): number {
  if (taken.has(id)) throw new SeedError('id', 'already taken');
  world.lastId[table] = Math.max(world.lastId[table] ?? 0, id);
  return id;
}

/** Loads the `oauth` key of a seed document (after users and applications). */
export function loadOAuthState(world: World, state: OAuthState): void {
  if (state.signing_key) world.signingKey = { ...state.signing_key } as JsonWebKey;
  const within = (key: string, items: unknown[] | undefined, build: (item: never) => void) =>
    eachWithin(`oauth.${key}`, items, build as (item: unknown) => void);
  within('sessions', state.sessions, (s: NonNullable<OAuthState['sessions']>[number]) => {
    const user = userNamed(world, s.user, 'user');
    const id = claimId(world, 'oauth_sessions', world.oauthSessions, s.id);
    world.oauthSessions.set(id, { id, user_id: user.id, value: s.session, created_at: iso(s.created_at) });
  });
  within('grants', state.grants, (g: NonNullable<OAuthState['grants']>[number]) => {
    const user = userNamed(world, g.user, 'user');
    checkApplication(world, g.application, 'application');
    const id = claimId(world, 'oauth_grants', world.oauthGrants, g.id);
    world.oauthGrants.set(id, {
      id,
      application_id: g.application,
      user_id: user.id,
      code: g.code,
      redirect_uri: g.redirect_uri,
      scopes: [...g.scopes],
      code_challenge: g.code_challenge,
      code_challenge_method: g.code_challenge_method,
      nonce: g.nonce,
      auth_time: iso(g.auth_time),
      created_at: iso(g.created_at),
      expires_in: g.expires_in,
      revoked_at: isoOrNull(g.revoked_at),
    });
  });
  within('tokens', state.tokens, (t: NonNullable<OAuthState['tokens']>[number]) => {
    const user = t.user === null ? null : userNamed(world, t.user, 'user');
    if (t.application !== null) checkApplication(world, t.application, 'application');
    const id = claimId(world, 'oauth_tokens', world.oauthTokens, t.id);
    // Doorkeeper's columns are unique (GitLab's index_oauth_access_tokens_on_token and _on_refresh_token),
    // and the mock looks both up in one index: a value another row holds, in either column, is refused.
    for (const [key, value] of [
      ['token', t.token],
      ['refresh_token', t.refresh_token],
    ] as const) {
      if (value !== null && (findOAuthToken(world, value) ?? findOAuthToken(world, value, 'refresh'))) {
        throw new SeedError(key, 'already taken');
      }
    }
    addOAuthToken(world, {
      id,
      application_id: t.application,
      user_id: user?.id ?? null,
      token: t.token,
      refresh_token: t.refresh_token,
      scopes: [...t.scopes],
      auth_time: isoOrNull(t.auth_time),
      created_at: iso(t.created_at),
      expires_in: t.expires_in,
      revoked_at: isoOrNull(t.revoked_at),
    });
  });
}

/** The OAuth provider's state as the `oauth` key of an export. */
export function exportOAuthState(world: World): z.input<typeof SeedOAuth> {
  const username = (id: number) => world.users.get(id)?.username ?? `#${id}`;
  return {
    ...(world.signingKey
      ? { signing_key: { ...world.signingKey } as { kty: 'RSA'; n: string; e: string; d: string } }
      : {}),
    sessions: [...world.oauthSessions.values()].map((s) => ({
      id: s.id,
      user: username(s.user_id),
      session: s.value,
      created_at: s.created_at,
    })),
    grants: [...world.oauthGrants.values()].map((g) => ({
      id: g.id,
      application: g.application_id,
      user: username(g.user_id),
      code: g.code,
      redirect_uri: g.redirect_uri,
      scopes: [...g.scopes],
      code_challenge: g.code_challenge,
      code_challenge_method: g.code_challenge_method,
      nonce: g.nonce,
      auth_time: g.auth_time,
      created_at: g.created_at,
      expires_in: g.expires_in,
      revoked_at: g.revoked_at,
    })),
    tokens: [...world.oauthTokens.values()].map((t) => ({
      id: t.id,
      application: t.application_id,
      user: t.user_id === null ? null : username(t.user_id),
      token: t.token,
      refresh_token: t.refresh_token,
      scopes: [...t.scopes],
      auth_time: t.auth_time,
      created_at: t.created_at,
      expires_in: t.expires_in,
      revoked_at: t.revoked_at,
    })),
  };
}

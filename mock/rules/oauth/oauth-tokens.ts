import type { OAuthToken, World } from '../../world/types.js';
import { newHex64, nextId, nowIso } from '../../world/world.js';

/**
 * OAuth access tokens as Doorkeeper keeps them (G-O 0, 2): one row holds the
 * access token and its refresh token, 64 lowercase hex characters each, 7200
 * seconds on the world clock; revoking the row kills both.
 * @module
 */

/** GitLab's `access_token_expires_in`. */
export const ACCESS_TOKEN_LIFETIME = 7200;

/** Token and refresh-token values → row id, derived from `world.oauthTokens` and kept by {@link addOAuthToken}. */
const indexes = new WeakMap<Map<number, OAuthToken>, Map<string, number>>();

function indexOf(world: World): Map<string, number> {
  let index = indexes.get(world.oauthTokens);
  if (!index) {
    index = new Map();
    indexes.set(world.oauthTokens, index);
    for (const token of world.oauthTokens.values()) indexToken(index, token);
  }
  return index;
}

function indexToken(index: Map<string, number>, token: OAuthToken): void {
  index.set(token.token, token.id);
  if (token.refresh_token !== null) index.set(token.refresh_token, token.id);
}

/** The row whose access token (or, with `kind: 'refresh'`, refresh token) is `value`; deleted rows are gone. */
export function findOAuthToken(
  world: World,
  value: string,
  kind: 'access' | 'refresh' = 'access',
): OAuthToken | undefined {
  const id = indexOf(world).get(value);
  const token = id === undefined ? undefined : world.oauthTokens.get(id);
  if (!token) return undefined;
  return (kind === 'access' ? token.token : token.refresh_token) === value ? token : undefined;
}

/** Stores a token row and indexes its values. */
export function addOAuthToken(world: World, token: OAuthToken): OAuthToken {
  world.oauthTokens.set(token.id, token);
  indexToken(indexOf(world), token);
  return token;
}

/** Seconds a token has left on the world clock (0 once expired). */
export function oauthTokenSecondsLeft(world: World, token: OAuthToken): number {
  const ends = Date.parse(token.created_at) + token.expires_in * 1000;
  return Math.max(0, Math.floor((ends - world.now) / 1000));
}

/** Expired once its lifetime has passed on the world clock. */
export function oauthTokenIsExpired(world: World, token: OAuthToken): boolean {
  return Date.parse(token.created_at) + token.expires_in * 1000 <= world.now;
}

/** Neither revoked nor expired: it authenticates. */
export const oauthTokenIsActive = (world: World, token: OAuthToken) =>
  token.revoked_at === null && !oauthTokenIsExpired(world, token);

/** What a new token row is made of. */
export interface NewOAuthToken {
  application_id: number | null;
  user_id: number | null;
  scopes: readonly string[];
  auth_time: string | null;
  /** Client credentials tokens have none. */
  refreshable: boolean;
  /** Default 7200; a refreshed token keeps its original's (Doorkeeper's `create_access_token`). */
  expires_in?: number;
}

/** Issues a new access token (and refresh token) from the world's random source. */
export function issueOAuthToken(world: World, input: NewOAuthToken): OAuthToken {
  return addOAuthToken(world, {
    id: nextId(world, 'oauth_tokens'),
    application_id: input.application_id,
    user_id: input.user_id,
    token: newHex64(world),
    refresh_token: input.refreshable ? newHex64(world) : null,
    scopes: [...input.scopes],
    auth_time: input.auth_time,
    created_at: nowIso(world),
    expires_in: input.expires_in ?? ACCESS_TOKEN_LIFETIME,
    revoked_at: null,
  });
}

/** Revokes a row: its access token and its refresh token stop working at once. */
export function revokeOAuthToken(world: World, token: OAuthToken): void {
  token.revoked_at ??= nowIso(world);
}

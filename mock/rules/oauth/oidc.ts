import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { ApiError, bearerChallenge } from '../../http/errors.js';
import { directRole, groupChain, membershipCounts } from '../../world/memberships.js';
import type { Group, OAuthToken, User, World } from '../../world/types.js';
import { APPLICATION_SCOPES } from './applications.js';
import { findOAuthToken, oauthTokenIsActive } from './oauth-tokens.js';

/**
 * GitLab as an OpenID Connect provider (SPEC 7, G-O 3): the world's RS256
 * signing key, ID tokens, the discovery document, the key set and the userinfo
 * claims. Signing and key handling are `jose`'s, not ours.
 * @module
 */

/** ID tokens live 120 seconds (GitLab's `openid_id_token_expire_in_seconds`). */
export const ID_TOKEN_LIFETIME = 120;

const pendingKeys = new WeakMap<World, Promise<JsonWebKey>>();

/** The world's signing key as a private JWK, made on first use (RSA key generation is asynchronous in Web Crypto). */
export async function signingKeyOf(world: World): Promise<JsonWebKey> {
  if (world.signingKey) return world.signingKey;
  let pending = pendingKeys.get(world);
  if (!pending) {
    pending = generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
      .then(({ privateKey }) => exportJWK(privateKey))
      .then((jwk) => {
        pendingKeys.delete(world);
        world.signingKey ??= jwk as JsonWebKey;
        return world.signingKey;
      });
    pendingKeys.set(world, pending);
  }
  return pending;
}

/** The signing key imported and its public JWK, per private JWK (a restored world has a copy: worked out again). */
const signers = new WeakMap<JsonWebKey, Promise<{ key: CryptoKey | Uint8Array; jwk: JWK }>>();

function signerOf(jwk: JsonWebKey) {
  let signer = signers.get(jwk);
  if (!signer) {
    const { kty, n, e } = jwk as JWK;
    signer = Promise.all([importJWK(jwk as JWK, 'RS256'), calculateJwkThumbprint({ kty, n, e } as JWK)]).then(
      ([key, kid]) => ({ key, jwk: { kty, kid, e, n, use: 'sig', alg: 'RS256' } }),
    );
    signers.set(jwk, signer);
  }
  return signer;
}

/** The public half of the world's key, as `/oauth/discovery/keys` lists it, with its RFC 7638 thumbprint as `kid`. */
export async function publicJwk(world: World): Promise<JWK> {
  return { ...(await signerOf(await signingKeyOf(world))).jwk };
}

/** The groups a user is in: every group they are a member of, with its subgroups (GitLab's `membership_groups`). */
function membershipGroups(world: World, user: User) {
  return [...world.groups.values()].filter((group) =>
    groupChain(world, group).some((g) => membershipCounts(world, g, user.id)),
  );
}

/** The profile claims both the ID token and userinfo carry (G-O 3). */
function profileClaims(world: World, user: User, scopes: readonly string[]): Record<string, unknown> {
  return {
    sub: String(user.id),
    name: user.name,
    nickname: user.username,
    preferred_username: user.username,
    // The primary email only with the `email` scope (the mock knows no public email).
    ...(scopes.includes('email') ? { email: user.email, email_verified: true } : {}),
    profile: `${world.baseUrl}/${user.username}`,
  };
}

/**
 * `/oauth/userinfo` for the token `value` (Doorkeeper's `doorkeeper_authorize! :openid`): the
 * claims of its user; a missing, unknown, revoked or expired token is 401 and a token without
 * `openid` 403, each with an empty body and the reason in `WWW-Authenticate`.
 */
export function userinfo(world: World, value: string | null): Record<string, unknown> {
  const token = value ? findOAuthToken(world, value) : undefined;
  const user = token?.user_id == null ? undefined : world.users.get(token.user_id);
  if (!token || !user || !oauthTokenIsActive(world, token)) {
    const why = !token ? 'is invalid' : token.revoked_at !== null ? 'was revoked' : 'expired';
    throw new ApiError(401, undefined)
      .withHeaders({ 'www-authenticate': bearerChallenge('Doorkeeper', 'invalid_token', `The access token ${why}`) })
      .because(`the access token ${why}`);
  }
  if (!token.scopes.includes('openid')) {
    const description = 'The request requires higher privileges than provided by the access token.';
    throw new ApiError(403, undefined)
      .withHeaders({ 'www-authenticate': bearerChallenge('Doorkeeper', 'insufficient_scope', description) })
      .because('the access token has no openid scope');
  }
  return userinfoClaims(world, user, token.scopes);
}

/** `GET /oauth/userinfo` claims (G-O 3): the profile, `groups`, and the groups by role (omitted when empty). */
function userinfoClaims(world: World, user: User, scopes: readonly string[]): Record<string, unknown> {
  const groups = membershipGroups(world, user);
  // Memberships only: an administrator's implicit Owner rights are not a membership.
  const memberRole = (group: Group) =>
    Math.max(0, ...groupChain(world, group).map((g) => directRole(world, g, user.id)));
  const withRole = (role: number) => groups.filter((g) => memberRole(g) === role).map((g) => g.full_path);
  const byRole: Record<string, string[]> = {
    'https://gitlab.org/claims/groups/owner': withRole(50),
    'https://gitlab.org/claims/groups/maintainer': withRole(40),
    'https://gitlab.org/claims/groups/developer': withRole(30),
  };
  return {
    ...profileClaims(world, user, scopes),
    groups: groups.map((g) => g.full_path),
    ...Object.fromEntries(Object.entries(byRole).filter(([, paths]) => paths.length > 0)),
  };
}

/**
 * An ID token for a token with the `openid` scope (SPEC 7): RS256, `iss` the
 * world's base URL, `aud` the client id (none without a client), `sub` the user id,
 * 120 s on the world clock.
 */
export async function idToken(world: World, token: OAuthToken, nonce: string | null): Promise<string | undefined> {
  const user = token.user_id === null ? undefined : world.users.get(token.user_id);
  const app = token.application_id === null ? undefined : world.applications.get(token.application_id);
  if (!token.scopes.includes('openid') || !user) return undefined;
  const signer = await signerOf(await signingKeyOf(world));
  const iat = Math.floor(world.now / 1000);
  const directGroups = [...world.groups.values()]
    .filter((g) => membershipCounts(world, g, user.id))
    .map((g) => g.full_path);
  const jwt = new SignJWT({
    ...profileClaims(world, user, token.scopes),
    ...(nonce === null ? {} : { nonce }),
    ...(token.auth_time === null ? {} : { auth_time: Math.floor(Date.parse(token.auth_time) / 1000) }),
    groups_direct: directGroups,
  })
    .setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: signer.jwk.kid as string })
    .setIssuer(world.baseUrl)
    .setSubject(String(user.id));
  // No `aud` without a client (a password grant without client credentials): Doorkeeper drops a nil claim.
  if (app) jwt.setAudience(app.application_id);
  return jwt
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_LIFETIME)
    .sign(signer.key);
}

const CLAIMS = [
  'iss',
  'sub',
  'aud',
  'exp',
  'iat',
  'name',
  'nickname',
  'preferred_username',
  'email',
  'email_verified',
  'profile',
  'groups',
  'groups_direct',
  'https://gitlab.org/claims/groups/owner',
  'https://gitlab.org/claims/groups/maintainer',
  'https://gitlab.org/claims/groups/developer',
];

/** `GET /.well-known/openid-configuration` (G-O 3), keys in GitLab's order. */
export function discoveryDocument(world: World): Record<string, unknown> {
  const base = world.baseUrl;
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    revocation_endpoint: `${base}/oauth/revoke`,
    introspection_endpoint: `${base}/oauth/introspect`,
    userinfo_endpoint: `${base}/oauth/userinfo`,
    jwks_uri: `${base}/oauth/discovery/keys`,
    scopes_supported: [...APPLICATION_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query', 'fragment', 'form_post'],
    grant_types_supported: ['authorization_code', 'password', 'client_credentials', 'device_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claim_types_supported: ['normal'],
    claims_supported: CLAIMS,
    code_challenge_methods_supported: ['plain', 'S256'],
  };
}

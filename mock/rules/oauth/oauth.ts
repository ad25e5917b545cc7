import { ApiError, bearerChallenge } from '../../http/errors.js';
import type { Application, OAuthGrant, OAuthSession, OAuthToken, User, World } from '../../world/types.js';
import { newHex64, nextId, nowIso } from '../../world/world.js';
import { APPLICATION_SCOPES, splitScopes } from './applications.js';
import {
  findOAuthToken,
  issueOAuthToken,
  oauthTokenIsActive,
  oauthTokenIsExpired,
  oauthTokenSecondsLeft,
  revokeOAuthToken,
} from './oauth-tokens.js';

/**
 * GitLab as an OAuth 2.0 provider (SPEC 7, G-O 1-3): the authorization request's
 * checks, authorization codes, client authentication, the four grants of
 * `POST /oauth/token`, token info and revocation. Plain functions over the world:
 * each checks everything before it changes anything, so a refusal changes nothing.
 * @module
 */

/** Doorkeeper's descriptions of its errors (G-O 2), by error code. */
const DESCRIPTIONS: Record<string, string> = {
  invalid_client:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  invalid_grant:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  unsupported_grant_type: 'The authorization grant type is not supported by the authorization server.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
  unauthorized_client: 'The client is not authorized to perform this request using this method.',
  unsupported_response_type: 'The authorization server does not support this response type.',
  invalid_redirect_uri: 'The redirect URI included is not valid.',
  invalid_code_challenge_method: 'The code challenge method must be plain or S256.',
  access_denied: 'The resource owner or authorization server denied the request.',
  invalid_request:
    'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.',
};

/** Authorization codes live 600 seconds (Doorkeeper's default, G-O 0). */
export const CODE_LIFETIME = 600;

/**
 * An OAuth error: `{ error, error_description }`, 401 with Doorkeeper's
 * `WWW-Authenticate` for `invalid_client` and `unauthorized_client`, else 400 (G-O 2).
 */
export function oauthError(error: string, description = DESCRIPTIONS[error] ?? error): ApiError {
  const status = error === 'invalid_client' || error === 'unauthorized_client' ? 401 : 400;
  return new ApiError(status, { error, error_description: description })
    .withHeaders({ 'www-authenticate': bearerChallenge('Doorkeeper', error, description) })
    .because(`${error}: ${description}`);
}

/** Doorkeeper's `invalid_request` for a missing parameter. */
export const missingParameter = (name: string) => oauthError('invalid_request', `Missing required parameter: ${name}.`);

/** A parameter as a non-empty string, or undefined (arrays and objects are not parameters here). */
export function stringParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

// --- Applications, redirect URIs, scopes ---------------------------------------------------------

/** The application whose client id is `clientId`. */
export function applicationByClientId(world: World, clientId: string): Application | undefined {
  for (const app of world.applications.values()) if (app.application_id === clientId) return app;
  return undefined;
}

/** Ruby's `IPAddr#loopback?`, which Doorkeeper's URI checker asks of a host: 127.0.0.0/8 or `::1`. */
const isLoopback = (hostname: string) => hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * Doorkeeper's redirect URI check (G-O 5): equal to one registered URI; for a
 * loopback IP literal only the port may differ (RFC 8252); a fragment never matches.
 */
export function redirectUriRegistered(app: Application, uri: string): boolean {
  if (uri.includes('#')) return false;
  return app.redirect_uri
    .trim()
    .split(/\s+/)
    .some((registered) => {
      if (registered === uri) return true;
      try {
        const [a, b] = [new URL(registered), new URL(uri)];
        if (!isLoopback(a.hostname) || a.hostname !== b.hostname) return false;
        // Every part but the port: a user name or password the registered URI lacks does not match.
        if (a.username !== b.username || a.password !== b.password) return false;
        return a.protocol === b.protocol && a.pathname === b.pathname && a.search === b.search;
      } catch {
        return false;
      }
    });
}

/** A `scope` parameter, or `undefined` when it is blank: Doorkeeper reads a blank scope as none (`present?`). */
const scopeParam = (asked: string | undefined) => (asked?.trim() ? asked : undefined);

/** Scopes asked for, or the server's default (`api`) when none are; refused unless the application holds them all. */
function requestedScopes(asked: string | undefined, allowed: readonly string[]): string[] {
  if (asked !== undefined && /[\n\r\t]/.test(asked)) throw oauthError('invalid_scope');
  const scopes = asked === undefined ? ['api'] : splitScopes(asked);
  if (scopes.some((scope) => !allowed.includes(scope))) throw oauthError('invalid_scope');
  return scopes;
}

// --- The authorization request ---------------------------------------------------------------------

/** The parameters of `GET/POST/DELETE /oauth/authorize` (and of the headless shortcut). */
export interface AuthorizationRequest {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  nonce?: string;
}

/** An authorization request that passed every check. */
export interface PreAuthorization {
  app: Application;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | null;
  codeChallengeMethod: 'plain' | 'S256' | null;
  nonce: string | null;
}

/**
 * Doorkeeper's pre-authorization, in its order (G-O 1): client, redirect URI,
 * response type, scopes, PKCE. `redirectable` says whether the refusal may go
 * back to the client (not for an unknown client or a redirect URI that is not registered).
 */
export class AuthorizationRefused extends Error {
  constructor(
    readonly error: ApiError,
    readonly code: string,
    readonly description: string,
    readonly redirectable: boolean,
  ) {
    super(description);
    this.name = 'AuthorizationRefused';
  }
}

function refuse(code: string, redirectable: boolean, description = DESCRIPTIONS[code] ?? code): never {
  throw new AuthorizationRefused(oauthError(code, description), code, description, redirectable);
}

/** Checks an authorization request; throws {@link AuthorizationRefused}. Changes nothing. */
export function preAuthorize(world: World, request: AuthorizationRequest): PreAuthorization {
  if (!request.client_id) refuse('invalid_request', false, 'Missing required parameter: client_id.');
  const app = applicationByClientId(world, request.client_id);
  if (!app) refuse('invalid_client', false);
  if (!request.redirect_uri || !redirectUriRegistered(app, request.redirect_uri)) {
    refuse('invalid_redirect_uri', false);
  }
  if (!request.response_type) refuse('invalid_request', true, 'Missing required parameter: response_type.');
  if (request.response_type !== 'code') refuse('unsupported_response_type', true);
  let scopes: string[];
  try {
    scopes = requestedScopes(scopeParam(request.scope), app.scopes);
  } catch {
    refuse('invalid_scope', true);
  }
  let method: 'plain' | 'S256' | null = null;
  if (request.code_challenge) {
    const asked = request.code_challenge_method;
    if (asked !== 'plain' && asked !== 'S256') refuse('invalid_code_challenge_method', true);
    method = asked;
  }
  return {
    app,
    redirectUri: request.redirect_uri,
    scopes,
    state: request.state,
    codeChallenge: request.code_challenge || null,
    codeChallengeMethod: method,
    nonce: request.nonce || null,
  };
}

/** Whether consent is skipped (G-O 1): a trusted application, or a confidential one whose user holds a live token of it with the same scopes. */
export function consentSkipped(world: World, user: User, pre: PreAuthorization): boolean {
  if (pre.app.trusted) return true;
  if (!pre.app.confidential) return false;
  const wanted = [...pre.scopes].sort().join(' ');
  for (const token of world.oauthTokens.values()) {
    if (token.application_id !== pre.app.id || token.user_id !== user.id || !oauthTokenIsActive(world, token)) continue;
    if ([...token.scopes].sort().join(' ') === wanted) return true;
  }
  return false;
}

/** Issues an authorization code for an approved request. */
export function issueGrant(world: World, user: User, pre: PreAuthorization, authTime: string): OAuthGrant {
  const grant: OAuthGrant = {
    id: nextId(world, 'oauth_grants'),
    application_id: pre.app.id,
    user_id: user.id,
    code: newHex64(world),
    redirect_uri: pre.redirectUri,
    scopes: [...pre.scopes],
    code_challenge: pre.codeChallenge,
    code_challenge_method: pre.codeChallengeMethod,
    nonce: pre.nonce,
    auth_time: authTime,
    created_at: nowIso(world),
    expires_in: CODE_LIFETIME,
    revoked_at: null,
  };
  world.oauthGrants.set(grant.id, grant);
  return grant;
}

/** `uri` with query parameters added to any it already has (Doorkeeper's `uri_with_query`); undefined values are left out. */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  return `${uri}${uri.includes('?') ? '&' : '?'}${query}`;
}

// --- Client authentication -------------------------------------------------------------------------

/** The client credentials of a request, as Doorkeeper reads them (G-O 2). */
export interface ClientCredentials {
  clientId: string;
  secret: string;
}

/**
 * HTTP Basic first, taken as sent (base64 of `id:secret`, not form-decoded, as
 * Doorkeeper does), then `client_id` and `client_secret` among the parameters.
 */
export function clientCredentialsOf(
  authorization: string | null,
  params: Record<string, unknown>,
): ClientCredentials | null {
  const basic = authorization?.match(/^Basic\s+(.+)$/i)?.[1];
  if (basic) {
    const decoded = atob(basic.trim().replace(/\s/g, '') || '');
    const colon = decoded.indexOf(':');
    if (colon > 0) return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  const clientId = stringParam(params, 'client_id');
  return clientId ? { clientId, secret: stringParam(params, 'client_secret') ?? '' } : null;
}

/**
 * The application the credentials authenticate, or undefined (Doorkeeper's
 * `by_uid_and_secret`): a confidential application needs its current secret; a
 * public one is known by its client id alone, but a secret given must match.
 */
export function authenticateClient(world: World, credentials: ClientCredentials | null): Application | undefined {
  if (!credentials) return undefined;
  const app = applicationByClientId(world, credentials.clientId);
  if (!app) return undefined;
  if (!app.confidential && credentials.secret === '') return app;
  return credentials.secret === app.secret ? app : undefined;
}

/** Safe `atob` for a Basic header: bad base64 authenticates nobody. */
function atob(text: string): string {
  try {
    return globalThis.atob(text);
  } catch {
    return '';
  }
}

// --- POST /oauth/token ---------------------------------------------------------------------------

/** What a grant gives: the token row, and the nonce an ID token carries (authorization code and password grants). */
export interface IssuedToken {
  token: OAuthToken;
  nonce: string | null;
}

/** The PKCE check: S256 `BASE64URL(SHA-256(verifier)) == challenge`, or plain equality. */
async function verifierMatches(grant: OAuthGrant, verifier: string): Promise<boolean> {
  if (grant.code_challenge_method === 'plain') return verifier === grant.code_challenge;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  const encoded = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return encoded === grant.code_challenge;
}

function grantIsLive(world: World, grant: OAuthGrant): boolean {
  return grant.revoked_at === null && Date.parse(grant.created_at) + grant.expires_in * 1000 > world.now;
}

/** `grant_type=authorization_code` (G-O 2): the code once, within 600 s, with its redirect URI and PKCE verifier. */
export async function exchangeCode(
  world: World,
  credentials: ClientCredentials | null,
  params: Record<string, unknown>,
): Promise<IssuedToken> {
  const code = stringParam(params, 'code');
  if (!code) throw missingParameter('code');
  let grant: OAuthGrant | undefined;
  for (const g of world.oauthGrants.values()) if (g.code === code) grant = g;
  // Doorkeeper's order: the parameters (a PKCE code's verifier, used or not, then the redirect URI),
  // the client, the grant, its redirect URI, the verifier's match.
  const verifier = stringParam(params, 'code_verifier');
  if (grant && grant.code_challenge !== null && !verifier) throw missingParameter('code_verifier');
  const redirectUri = stringParam(params, 'redirect_uri');
  if (!redirectUri) throw missingParameter('redirect_uri');
  const app = authenticateClient(world, credentials);
  if (!app) throw oauthError('invalid_client');
  if (!grant || !grantIsLive(world, grant) || grant.application_id !== app.id) {
    throw oauthError('invalid_grant').because(
      !grant
        ? 'unknown code'
        : grant.revoked_at
          ? 'the code was already used'
          : 'the code expired or is another client’s',
    );
  }
  if (grant.redirect_uri !== redirectUri)
    throw oauthError('invalid_grant').because('redirect_uri differs from the authorize one');
  if (verifier !== undefined && (grant.code_challenge === null || !(await verifierMatches(grant, verifier)))) {
    throw oauthError('invalid_grant').because('the code_verifier does not match the code_challenge');
  }
  // Checked again after the await: the same code may be racing in another request.
  if (grant.revoked_at !== null) throw oauthError('invalid_grant').because('the code was already used');
  grant.revoked_at = nowIso(world);
  const token = issueOAuthToken(world, {
    application_id: app.id,
    user_id: grant.user_id,
    scopes: grant.scopes,
    auth_time: grant.auth_time,
    refreshable: true,
  });
  return { token, nonce: grant.nonce };
}

/** `grant_type=refresh_token` (G-O 2): rotation, the old row revoked at once; a reused refresh token is `invalid_grant`. */
export function refreshToken(
  world: World,
  credentials: ClientCredentials | null,
  params: Record<string, unknown>,
): IssuedToken {
  const value = stringParam(params, 'refresh_token');
  if (!value) throw missingParameter('refresh_token');
  const app = authenticateClient(world, credentials);
  if (credentials && !app) throw oauthError('invalid_client');
  const old = findOAuthToken(world, value, 'refresh');
  if (!old || old.revoked_at !== null) {
    throw oauthError('invalid_grant').because(
      old ? 'the refresh token was already used or revoked' : 'unknown refresh token',
    );
  }
  if (old.application_id !== null && old.application_id !== app?.id) {
    throw oauthError('invalid_grant').because('the refresh token belongs to another client');
  }
  const asked = scopeParam(stringParam(params, 'scope') ?? stringParam(params, 'scopes'));
  const scopes = asked === undefined ? old.scopes : requestedScopes(asked, old.scopes);
  revokeOAuthToken(world, old);
  const token = issueOAuthToken(world, {
    application_id: old.application_id,
    user_id: old.user_id,
    scopes,
    auth_time: old.auth_time,
    refreshable: true,
    expires_in: old.expires_in,
  });
  return { token, nonce: null };
}

/** A user by username or email, as GitLab's `User.find_by_login`. */
export function userByLogin(world: World, login: string): User | undefined {
  const wanted = login.toLowerCase();
  for (const user of world.users.values()) {
    if (user.username.toLowerCase() === wanted || user.email.toLowerCase() === wanted) return user;
  }
  return undefined;
}

/** Whether a user may sign in with a password: active, not a bot, the right password. */
export function passwordSignsIn(user: User | undefined, password: string | undefined): user is User {
  return (
    user !== undefined && user.state === 'active' && !user.bot && password !== undefined && user.password === password
  );
}

/**
 * `grant_type=password` (G-O 2; deprecated in GitLab 18): client credentials are
 * required unless the instance's `ropc_without_client_credentials` is on.
 */
export function passwordGrant(
  world: World,
  credentials: ClientCredentials | null,
  params: Record<string, unknown>,
): IssuedToken {
  const app = authenticateClient(world, credentials);
  if (credentials ? !app : !world.instance.ropc_without_client_credentials) throw oauthError('invalid_client');
  const user = userByLogin(world, stringParam(params, 'username') ?? '');
  if (!passwordSignsIn(user, stringParam(params, 'password'))) {
    throw oauthError('invalid_grant').because('wrong username or password, or a blocked user');
  }
  const scopes = requestedScopes(scopeParam(stringParam(params, 'scope')), app?.scopes ?? APPLICATION_SCOPES);
  const token = issueOAuthToken(world, {
    application_id: app?.id ?? null,
    user_id: user.id,
    scopes,
    auth_time: nowIso(world),
    refreshable: true,
  });
  // doorkeeper-openid_connect's PasswordAccessTokenRequest reads `nonce` from the token request.
  return { token, nonce: stringParam(params, 'nonce') ?? null };
}

/** `grant_type=client_credentials` (G-O 2): a confidential client's own token, no user, no refresh token. */
export function clientCredentialsGrant(
  world: World,
  credentials: ClientCredentials | null,
  params: Record<string, unknown>,
): IssuedToken {
  const app = authenticateClient(world, credentials);
  if (!app || credentials?.secret === '') throw oauthError('invalid_client');
  const asked = scopeParam(stringParam(params, 'scope'));
  const scopes = asked === undefined ? app.scopes : requestedScopes(asked, app.scopes);
  const token = issueOAuthToken(world, {
    application_id: app.id,
    user_id: null,
    scopes,
    auth_time: null,
    refreshable: false,
  });
  return { token, nonce: null };
}

/** `POST /oauth/token`: the grant named by `grant_type`. */
export async function tokenRequest(
  world: World,
  credentials: ClientCredentials | null,
  params: Record<string, unknown>,
): Promise<IssuedToken> {
  const grantType = stringParam(params, 'grant_type');
  if (!grantType) throw missingParameter('grant_type');
  switch (grantType) {
    case 'authorization_code':
      return exchangeCode(world, credentials, params);
    case 'refresh_token':
      return refreshToken(world, credentials, params);
    case 'password':
      return passwordGrant(world, credentials, params);
    case 'client_credentials':
      return clientCredentialsGrant(world, credentials, params);
    default:
      throw oauthError('unsupported_grant_type');
  }
}

/** The token response (G-O 2): blank fields dropped, `expires_in` the seconds left, `created_at` epoch seconds. */
export function presentToken(world: World, token: OAuthToken): Record<string, unknown> {
  return {
    access_token: token.token,
    token_type: 'Bearer',
    expires_in: oauthTokenSecondsLeft(world, token),
    ...(token.refresh_token === null ? {} : { refresh_token: token.refresh_token }),
    scope: token.scopes.join(' '),
    created_at: Math.floor(Date.parse(token.created_at) / 1000),
  };
}

// --- Token info and revocation ---------------------------------------------------------------------

/** `GET /oauth/token/info` (G-O 3): a live token's owner, scopes and remaining lifetime; else 401 `invalid_token`. */
export function tokenInfo(world: World, value: string | null): Record<string, unknown> {
  const token = value ? findOAuthToken(world, value) : undefined;
  if (!token || !oauthTokenIsActive(world, token)) {
    const description = 'The access token is invalid';
    throw new ApiError(401, { error: 'invalid_token', error_description: description })
      .withHeaders({ 'www-authenticate': bearerChallenge('Doorkeeper', 'invalid_token', description) })
      .because('unknown, expired or revoked token');
  }
  const app = token.application_id === null ? undefined : world.applications.get(token.application_id);
  const left = oauthTokenSecondsLeft(world, token);
  return {
    resource_owner_id: token.user_id,
    scope: [...token.scopes],
    expires_in: left,
    application: { uid: app?.application_id ?? null },
    created_at: Math.floor(Date.parse(token.created_at) / 1000),
    scopes: [...token.scopes],
    expires_in_seconds: left,
  };
}

/**
 * `POST /oauth/introspect` (RFC 7662, Doorkeeper): the caller is a client that authenticates, or
 * holds another live token (`bearer`, read only when no client credentials came); anyone else is
 * `invalid_client`. An unknown, revoked or expired token is `{"active": false}`.
 */
export function introspect(
  world: World,
  credentials: ClientCredentials | null,
  bearer: string | null,
  params: Record<string, unknown>,
): Record<string, unknown> {
  const caller = !credentials && bearer ? findOAuthToken(world, bearer) : undefined;
  const value = stringParam(params, 'token');
  if (
    !authenticateClient(world, credentials) &&
    !(caller && oauthTokenIsActive(world, caller) && caller.token !== value)
  ) {
    throw oauthError('invalid_client');
  }
  const token = value ? findOAuthToken(world, value) : undefined;
  if (!token || !oauthTokenIsActive(world, token)) return { active: false };
  const app = token.application_id === null ? undefined : world.applications.get(token.application_id);
  const iat = Math.floor(Date.parse(token.created_at) / 1000);
  return {
    active: true,
    scope: token.scopes.join(' '),
    client_id: app?.application_id ?? null,
    token_type: 'Bearer',
    exp: iat + token.expires_in,
    iat,
  };
}

/**
 * `POST /oauth/revoke` (RFC 7009, G-O 3): an unknown token is 200 `{}`; a
 * confidential application's token needs that application's authentication (an
 * old secret fails: 403 `unauthorized_client`); an expired access token is found
 * but not revocable, so nothing happens.
 */
export function revoke(world: World, credentials: ClientCredentials | null, params: Record<string, unknown>): void {
  const value = stringParam(params, 'token');
  if (!value) return;
  const refreshFirst = stringParam(params, 'token_type_hint') === 'refresh_token';
  const byAccess = () => findOAuthToken(world, value, 'access');
  const byRefresh = () => findOAuthToken(world, value, 'refresh');
  const token = refreshFirst ? (byRefresh() ?? byAccess()) : (byAccess() ?? byRefresh());
  if (!token) return;
  const app = token.application_id === null ? undefined : world.applications.get(token.application_id);
  if (app?.confidential && authenticateClient(world, credentials)?.id !== app.id) {
    const description = 'You are not authorized to revoke this token';
    throw new ApiError(403, { error: 'unauthorized_client', error_description: description }).because(
      'the caller is not authenticated as the token’s application',
    );
  }
  // Doorkeeper's `revocable?`: an access token given by its value must still be accessible.
  const givenAsAccess = token.token === value;
  if (givenAsAccess && oauthTokenIsExpired(world, token)) return;
  revokeOAuthToken(world, token);
}

// --- Sign-in sessions and the headless shortcut ----------------------------------------------------

/** Signs a user in with a password (the mock's stand-in for GitLab's sign-in page): a new session, or undefined. */
export function signIn(world: World, login: string, password: string): OAuthSession | undefined {
  const user = userByLogin(world, login);
  if (!passwordSignsIn(user, password)) return undefined;
  return openSession(world, user);
}

/**
 * A session for `username` without a password: the sign-in page's "Sign in as" list (issue 23), for
 * local development only, and only when the mock was started with it. Active people only, as with a
 * password: no bot, no blocked user.
 */
export function signInAs(world: World, username: string): OAuthSession | undefined {
  const user = userByLogin(world, username);
  if (user === undefined || user.state !== 'active' || user.bot || user.username !== username) return undefined;
  return openSession(world, user);
}

/** A new sign-in session of `user`, signed in now: what the `_gitlab_session` cookie names. */
function openSession(world: World, user: User): OAuthSession {
  const session: OAuthSession = {
    id: nextId(world, 'oauth_sessions'),
    user_id: user.id,
    value: newHex64(world),
    created_at: nowIso(world),
  };
  world.oauthSessions.set(session.id, session);
  return session;
}

/** The users the "Sign in as" list offers: those who may sign in (active, not bots), by id. */
export function signInCandidates(world: World): User[] {
  return [...world.users.values()].filter((user) => user.state === 'active' && !user.bot);
}

/** The session a cookie value names, while its user is active. */
export function sessionOf(world: World, value: string | undefined): { session: OAuthSession; user: User } | undefined {
  if (!value) return undefined;
  for (const session of world.oauthSessions.values()) {
    if (session.value !== value) continue;
    const user = world.users.get(session.user_id);
    return user && user.state === 'active' ? { session, user } : undefined;
  }
  return undefined;
}

/** What `mock.oauth.authorize` and `POST /__mock/oauth/authorize` take. */
export interface HeadlessAuthorization {
  /** The username of who approves. */
  user: string;
  /** The application's client id. */
  clientId: string;
  /** One of the application's redirect URIs. */
  redirectUri: string;
  /** The scopes: an array or one space-separated string; default `api`. */
  scopes?: readonly string[] | string;
  /** Echoed back in `redirect_to`. */
  state?: string;
  /** The PKCE challenge. */
  codeChallenge?: string;
  /** `plain` or `S256`. */
  codeChallengeMethod?: string;
  /** The OpenID Connect nonce, carried into the ID token. */
  nonce?: string;
}

/** The code of an approved authorization, and where the browser would have been sent. */
export interface HeadlessAuthorized {
  /** The authorization code. */
  code: string;
  /** The redirect URI with `code` and `state`. */
  redirect_to: string;
}

/**
 * The consent page approved without a browser (SPEC 7): the same checks as
 * `GET /oauth/authorize`, the user signed in at once. A refusal is 400 with the OAuth error.
 */
export function authorizeHeadless(world: World, input: HeadlessAuthorization): HeadlessAuthorized {
  const asBadRequest = (error: string, description: string) =>
    new ApiError(400, { error, error_description: description }).because(`${error}: ${description}`);
  const user = userByLogin(world, input.user);
  if (!user || user.bot) throw asBadRequest('invalid_request', `Unknown user: ${input.user}`);
  if (user.state !== 'active') throw asBadRequest('access_denied', `${user.username} is blocked`);
  const scopes = Array.isArray(input.scopes) ? input.scopes.join(' ') : (input.scopes as string | undefined);
  let pre: PreAuthorization;
  try {
    pre = preAuthorize(world, {
      client_id: input.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: scopes,
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: input.codeChallengeMethod,
      nonce: input.nonce,
    });
  } catch (error) {
    if (error instanceof AuthorizationRefused) throw asBadRequest(error.code, error.description);
    throw error;
  }
  const grant = issueGrant(world, user, pre, nowIso(world));
  return { code: grant.code, redirect_to: withQuery(pre.redirectUri, { code: grant.code, state: pre.state }) };
}

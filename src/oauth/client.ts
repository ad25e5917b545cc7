import { redactor } from '../core/credentials.js';
import {
  createApiError,
  GitLabConnectionError,
  GitLabResponseValidationError,
  GitLabTimeoutError,
  sanitizeCause,
} from '../core/errors.js';
import { type Schema, safeParse } from '../core/schemas.js';
import { OAuthErrorBody, OAuthTokenInfo, OAuthTokens, OAuthUserInfo } from '../models/oauth.js';
import { OAuthError } from './errors.js';
import { createPkce, randomToken } from './pkce.js';

/**
 * An app's side of GitLab's OAuth 2.0 provider: the authorization URL, the code exchange, refresh,
 * revocation, token info and userinfo, over plain `fetch`.
 * @module
 */

/** Options of {@link GitLabOAuth}: the GitLab instance and the application (Admin area or `/applications`). */
export interface GitLabOAuthOptions {
  /** GitLab's address, such as `https://gitlab.example.com` (a trailing `/` or `/api/v4` is accepted). */
  baseUrl: string;
  /** The application's ID (`application_id`). */
  clientId: string;
  /**
   * The application's secret (`gloas-...`), for a confidential application; leave it out for a
   * public one (a browser or mobile app, which uses PKCE instead). Sent in the request body
   * (`client_secret_post`): GitLab does not form-decode HTTP Basic credentials.
   */
  clientSecret?: string;
  /** The redirect URI, exactly as registered with the application. */
  redirectUri: string;
  /** The `fetch` to use, for example a mock's. Default: the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** Milliseconds to wait for each response. Default 30,000. */
  timeout?: number;
}

/** Options every request of {@link GitLabOAuth} takes last. */
export interface OAuthRequestOptions {
  /** Aborts the request; it then rejects with the signal's `reason`. */
  signal?: AbortSignal;
}

/** What {@link GitLabOAuth.authorizationUrl} puts in the URL. */
export interface AuthorizationParams {
  /** Scopes to ask for, such as `['read_api', 'openid']`; each must be one of the application's. */
  scopes: readonly string[];
  /** An unguessable value the redirect brings back, to check it answers this request. */
  state?: string;
  /** The PKCE challenge ({@link createPkce}). */
  codeChallenge?: string;
  /** `S256` (the default when a challenge is given) or `plain`. */
  codeChallengeMethod?: 'S256' | 'plain';
  /** OpenID Connect: a value GitLab copies into the ID token. */
  nonce?: string;
}

/** An authorization request under way: send the user to `url`, keep `state` and `codeVerifier` (in the session) for the redirect back. */
export interface PendingAuthorization {
  /** GitLab's authorization page for this request. */
  url: string;
  /** The request's random `state`, which the redirect must carry back. */
  state: string;
  /** The PKCE verifier, sent at the code exchange. */
  codeVerifier: string;
}

/**
 * GitLab's OAuth 2.0 provider, for one application: what a "Sign in with GitLab" app or a bot acting
 * for a user needs. Every answer is validated; every refusal is an {@link OAuthError}. The client
 * secret stays in a private field: inspecting or logging the object never shows it.
 *
 * @example
 * ```ts
 * import { GitLab } from 'gitlab-admin-sdk';
 * import { GitLabOAuth } from 'gitlab-admin-sdk/oauth';
 *
 * const oauth = new GitLabOAuth({
 *   baseUrl: 'https://gitlab.example.com',
 *   clientId: 'app-id',
 *   clientSecret: process.env.GITLAB_APP_SECRET,
 *   redirectUri: 'https://app.example.com/callback',
 * });
 * const pending = await oauth.startAuthorization({ scopes: ['read_api'] });
 * // ... redirect the user to pending.url; GitLab sends them back to the callback:
 * const tokens = await oauth.completeAuthorization('https://app.example.com/callback?code=...&state=...', pending);
 * const gitlab = new GitLab({ baseUrl: 'https://gitlab.example.com', oauthToken: tokens.access_token });
 * ```
 */
export class GitLabOAuth {
  readonly #base: string;
  readonly #clientId: string;
  readonly #clientSecret: string | undefined;
  readonly #redirectUri: string;
  readonly #fetch: typeof fetch | undefined;
  readonly #timeout: number;

  /** Creates the client; nothing is sent until a method is called. Throws a `TypeError` without `baseUrl`, `clientId` or `redirectUri`. */
  constructor(options: GitLabOAuthOptions) {
    for (const key of ['baseUrl', 'clientId', 'redirectUri'] as const) {
      if (typeof options[key] !== 'string' || options[key].trim() === '') throw new TypeError(`${key} is required`);
    }
    this.#base = options.baseUrl
      .trim()
      .replace(/\/+$/, '')
      .replace(/\/api\/v4$/i, '');
    this.#clientId = options.clientId;
    this.#clientSecret = options.clientSecret || undefined;
    this.#redirectUri = options.redirectUri;
    this.#fetch = options.fetch;
    this.#timeout = options.timeout ?? 30_000;
  }

  /**
   * The URL of GitLab's authorization page (`GET /oauth/authorize`) for this application.
   *
   * @example
   * ```ts
   * import { createPkce, GitLabOAuth } from 'gitlab-admin-sdk/oauth';
   *
   * const oauth = new GitLabOAuth({ baseUrl: 'https://gitlab.example.com', clientId: 'app-id', redirectUri: 'https://app.example.com/callback' });
   * const pkce = await createPkce();
   * const url = oauth.authorizationUrl({ scopes: ['read_api'], state: 'xyz', codeChallenge: pkce.challenge });
   * ```
   */
  authorizationUrl(params: AuthorizationParams): string {
    const query = new URLSearchParams({
      client_id: this.#clientId,
      redirect_uri: this.#redirectUri,
      response_type: 'code',
      scope: params.scopes.join(' '),
    });
    if (params.state !== undefined) query.set('state', params.state);
    if (params.codeChallenge !== undefined) {
      query.set('code_challenge', params.codeChallenge);
      query.set('code_challenge_method', params.codeChallengeMethod ?? 'S256');
    }
    if (params.nonce !== undefined) query.set('nonce', params.nonce);
    return `${this.#base}/oauth/authorize?${query}`;
  }

  /**
   * Starts an authorization request with a random `state` and a PKCE pair: send the user to
   * `url`, and keep the rest for {@link completeAuthorization}.
   *
   * @example
   * ```ts
   * import { GitLabOAuth } from 'gitlab-admin-sdk/oauth';
   *
   * const oauth = new GitLabOAuth({ baseUrl: 'https://gitlab.example.com', clientId: 'app-id', redirectUri: 'https://app.example.com/callback' });
   * const { url, state, codeVerifier } = await oauth.startAuthorization({ scopes: ['read_api', 'openid'] });
   * ```
   */
  async startAuthorization(
    params: Omit<AuthorizationParams, 'state' | 'codeChallenge' | 'codeChallengeMethod'>,
  ): Promise<PendingAuthorization> {
    const state = randomToken();
    const pkce = await createPkce();
    const url = this.authorizationUrl({ ...params, state, codeChallenge: pkce.challenge, codeChallengeMethod: 'S256' });
    return { url, state, codeVerifier: pkce.verifier };
  }

  /**
   * Finishes an authorization request from the URL GitLab redirected the user to: checks its
   * `state`, turns an `error` (the user denied access: `access_denied`) into an {@link OAuthError},
   * and exchanges the code. `callback` may be the full URL, a path with its query, or the query.
   *
   * @example
   * ```ts
   * import { GitLabOAuth, type PendingAuthorization } from 'gitlab-admin-sdk/oauth';
   *
   * declare const oauth: GitLabOAuth;
   * declare const pending: PendingAuthorization; // kept from startAuthorization
   * const tokens = await oauth.completeAuthorization('/callback?code=...&state=...', pending);
   * ```
   */
  async completeAuthorization(
    callback: string | URL,
    pending: Pick<PendingAuthorization, 'state' | 'codeVerifier'>,
    options?: OAuthRequestOptions,
  ): Promise<OAuthTokens> {
    const params = new URL(callback, 'http://callback.invalid').searchParams;
    if (params.get('state') !== pending.state) {
      throw new OAuthError({
        error: 'state_mismatch',
        error_description: 'The redirect does not carry the state of this authorization request.',
      });
    }
    const error = params.get('error');
    if (error) throw new OAuthError({ error, error_description: params.get('error_description') ?? undefined });
    const code = params.get('code');
    if (!code) {
      throw new OAuthError({ error: 'invalid_request', error_description: 'The redirect carries no code.' });
    }
    return this.exchangeCode({ code, codeVerifier: pending.codeVerifier }, options);
  }

  /**
   * Exchanges an authorization code for tokens (`POST /oauth/token`, `grant_type=authorization_code`).
   * A code works once, for 10 minutes.
   *
   * @example
   * ```ts
   * import { GitLabOAuth } from 'gitlab-admin-sdk/oauth';
   *
   * declare const oauth: GitLabOAuth;
   * const tokens = await oauth.exchangeCode({ code: 'from-the-redirect', codeVerifier: 'kept-from-createPkce' });
   * ```
   */
  exchangeCode(params: { code: string; codeVerifier?: string }, options?: OAuthRequestOptions): Promise<OAuthTokens> {
    return this.#token(
      {
        grant_type: 'authorization_code',
        code: params.code,
        redirect_uri: this.#redirectUri,
        code_verifier: params.codeVerifier,
      },
      options,
    );
  }

  /**
   * A new token pair for a refresh token (`grant_type=refresh_token`). GitLab rotates: the old
   * access and refresh tokens stop working at once, so store the new pair before anything else.
   *
   * @example
   * ```ts
   * import { GitLabOAuth, type OAuthTokens } from 'gitlab-admin-sdk/oauth';
   *
   * declare const oauth: GitLabOAuth;
   * declare const tokens: OAuthTokens;
   * const next = await oauth.refresh(tokens.refresh_token ?? '');
   * ```
   */
  refresh(
    refreshToken: string,
    params: { scopes?: readonly string[] } = {},
    options?: OAuthRequestOptions,
  ): Promise<OAuthTokens> {
    return this.#token(
      { grant_type: 'refresh_token', refresh_token: refreshToken, scope: params.scopes?.join(' ') },
      options,
    );
  }

  /**
   * Revokes a token (`POST /oauth/revoke`): an access token or a refresh token, either of which
   * ends the pair. An unknown token is not an error. Revoke the refresh token to end a session
   * whose access token may have expired (GitLab leaves an expired access token's pair alive).
   *
   * @example
   * ```ts
   * import { GitLabOAuth, type OAuthTokens } from 'gitlab-admin-sdk/oauth';
   *
   * declare const oauth: GitLabOAuth;
   * declare const tokens: OAuthTokens;
   * await oauth.revoke(tokens.refresh_token ?? tokens.access_token, { tokenTypeHint: 'refresh_token' });
   * ```
   */
  async revoke(
    token: string,
    params: { tokenTypeHint?: 'access_token' | 'refresh_token' } = {},
    options?: OAuthRequestOptions,
  ): Promise<void> {
    await this.#send('POST', '/oauth/revoke', null, options, {
      form: { token, token_type_hint: params.tokenTypeHint, ...this.#client() },
      secrets: [token],
    });
  }

  /**
   * What an access token is (`GET /oauth/token/info`): its user, scopes, application and time left.
   * An unknown, expired or revoked token is an {@link OAuthError} `invalid_token`.
   *
   * @example
   * ```ts
   * import { GitLabOAuth } from 'gitlab-admin-sdk/oauth';
   *
   * declare const oauth: GitLabOAuth;
   * const info = await oauth.tokenInfo('an-access-token');
   * console.log(info.resource_owner_id, info.scope, info.expires_in);
   * ```
   */
  tokenInfo(accessToken: string, options?: OAuthRequestOptions): Promise<OAuthTokenInfo> {
    return this.#send('GET', '/oauth/token/info', OAuthTokenInfo, options, { bearer: accessToken });
  }

  /**
   * OpenID Connect claims about the token's user (`GET /oauth/userinfo`; the token needs the
   * `openid` scope, else an {@link OAuthError} `insufficient_scope`).
   *
   * @example
   * ```ts
   * import { GitLabOAuth } from 'gitlab-admin-sdk/oauth';
   *
   * declare const oauth: GitLabOAuth;
   * const { sub, preferred_username } = await oauth.userInfo('an-access-token');
   * ```
   */
  userInfo(accessToken: string, options?: OAuthRequestOptions): Promise<OAuthUserInfo> {
    return this.#send('GET', '/oauth/userinfo', OAuthUserInfo, options, { bearer: accessToken });
  }

  /** The client's credentials for the body (`client_secret_post`), or its id alone for a public application. */
  #client(): Record<string, string | undefined> {
    return { client_id: this.#clientId, client_secret: this.#clientSecret };
  }

  #token(form: Record<string, string | undefined>, options: OAuthRequestOptions | undefined): Promise<OAuthTokens> {
    const secrets = [form.code, form.code_verifier, form.refresh_token];
    return this.#send('POST', '/oauth/token', OAuthTokens, options, { form: { ...form, ...this.#client() }, secrets });
  }

  /** Sends one request and maps every failure to the SDK's errors, with every secret it carried redacted. */
  #send<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: Schema<T>,
    options: OAuthRequestOptions | undefined,
    input: { form?: Record<string, string | undefined>; bearer?: string; secrets?: Array<string | undefined> },
  ): Promise<T>;
  #send(
    method: 'GET' | 'POST',
    path: string,
    schema: null,
    options: OAuthRequestOptions | undefined,
    input: { form?: Record<string, string | undefined>; secrets?: Array<string | undefined> },
  ): Promise<void>;
  async #send<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: Schema<T> | null,
    options: OAuthRequestOptions = {},
    input: { form?: Record<string, string | undefined>; bearer?: string; secrets?: Array<string | undefined> },
  ): Promise<T | undefined> {
    options.signal?.throwIfAborted();
    const url = `${this.#base}${path}`;
    const redact = redactor(this.#clientSecret, input.bearer, ...(input.secrets ?? []));
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: string | undefined;
    if (input.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const defined = Object.entries(input.form).filter((entry): entry is [string, string] => entry[1] !== undefined);
      body = new URLSearchParams(defined).toString();
    }
    if (input.bearer) headers.authorization = `Bearer ${input.bearer}`;
    const timeout = AbortSignal.timeout(this.#timeout);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await (this.#fetch ?? globalThis.fetch)(url, { method, headers, body, signal });
      text = await response.text();
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (timeout.aborted) throw new GitLabTimeoutError({ method, url, timeout: this.#timeout });
      throw new GitLabConnectionError({ method, url, cause: sanitizeCause(error, redact) });
    }
    const data = parseJson(redact(text));
    if (!response.ok) throw errorOf(response, data, method, url, redact);
    if (schema === null) return undefined;
    const result = safeParse(schema, data);
    if (result.success) return result.data;
    throw new GitLabResponseValidationError({ issues: result.error.issues, method, url });
  }
}

/** An {@link OAuthError} from an OAuth error body or a `WWW-Authenticate` challenge (userinfo's), else the SDK's HTTP error. */
function errorOf(response: Response, data: unknown, method: string, url: string, redact: (text: string) => string) {
  const status = response.status;
  const body = safeParse(OAuthErrorBody, data);
  if (body.success) return new OAuthError({ ...body.data, status, method, url });
  const challenge = redact(response.headers.get('www-authenticate') ?? '');
  const error = challenge.match(/\berror="([^"]*)"/)?.[1];
  if (error) {
    const description = challenge.match(/\berror_description="([^"]*)"/)?.[1];
    return new OAuthError({ error, error_description: description, status, method, url });
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) headers[name] = redact(value);
  return createApiError({ status, statusText: response.statusText, body: data, method, url, headers });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

import type { OAuthTokens } from '../models/oauth.js';
import type { GitLabOAuth, OAuthRequestOptions } from './client.js';

/**
 * A signed-in user's tokens that stay fresh: refreshed shortly before they expire.
 * @module
 */

/** Options of {@link OAuthSession}. */
export interface OAuthSessionOptions {
  /** Milliseconds before the access token expires at which to refresh it. Default 60,000. */
  refreshMargin?: number;
  /**
   * The clock, in milliseconds since the epoch. Default `Date.now`. Expiry is `created_at +
   * expires_in` on GitLab's clock, so against a mock whose world clock stands still, pass the mock's
   * (`() => mock.clock.now().getTime()`).
   */
  now?: () => number;
  /**
   * Called with the new tokens after each refresh, before they are used: store them, since
   * the old refresh token no longer works. A rejection fails the call that needed the refresh; the
   * session keeps the new tokens.
   */
  onRefresh?: (tokens: OAuthTokens) => void | Promise<void>;
}

/**
 * A user's OAuth tokens for one application, refreshed before they expire. Plug
 * {@link OAuthSession.accessToken} into the client: it is called before each request.
 * Concurrent requests share one refresh (GitLab rotates refresh tokens: a second refresh with the
 * same token would fail). The tokens stay in private fields: inspecting or logging the session never
 * shows them.
 *
 * @example
 * ```ts
 * import { GitLab } from 'gitlab-admin-sdk';
 * import { GitLabOAuth, OAuthSession, type OAuthTokens } from 'gitlab-admin-sdk/oauth';
 *
 * declare const oauth: GitLabOAuth;
 * declare const tokens: OAuthTokens; // from oauth.completeAuthorization(...)
 * const session = new OAuthSession(oauth, tokens, { onRefresh: (next) => storeSecret('gitlab-oauth', JSON.stringify(next)) });
 * const gitlab = new GitLab({ baseUrl: 'https://gitlab.example.com', oauthToken: session.accessToken });
 * ```
 */
export class OAuthSession {
  readonly #oauth: GitLabOAuth;
  #tokens: OAuthTokens;
  #refreshing: Promise<OAuthTokens> | undefined;
  readonly #margin: number;
  readonly #now: () => number;
  readonly #onRefresh: ((tokens: OAuthTokens) => void | Promise<void>) | undefined;

  /** Starts a session from tokens GitLab gave (a code exchange, a refresh, or tokens stored earlier). */
  constructor(oauth: GitLabOAuth, tokens: OAuthTokens, options: OAuthSessionOptions = {}) {
    this.#oauth = oauth;
    this.#tokens = tokens;
    this.#margin = options.refreshMargin ?? 60_000;
    this.#now = options.now ?? Date.now;
    this.#onRefresh = options.onRefresh;
  }

  /**
   * The current access token, refreshed first when it expires within the margin: give this
   * function (not its result) to `new GitLab({ oauthToken })`. Without a refresh token it returns
   * the token as it is. A failed refresh rejects with its {@link OAuthError}.
   */
  readonly accessToken = async (): Promise<string> => {
    if (this.#refreshing) return (await this.#refreshing).access_token;
    const expiresAt = this.expiresAt;
    const due = expiresAt !== undefined && this.#now() >= expiresAt.getTime() - this.#margin;
    if (due && this.#tokens.refresh_token) return (await this.refresh()).access_token;
    return this.#tokens.access_token;
  };

  /** When the access token expires (`created_at + expires_in`), or `undefined` if it never does. */
  get expiresAt(): Date | undefined {
    const { created_at, expires_in } = this.#tokens;
    return expires_in === undefined ? undefined : new Date((created_at + expires_in) * 1000);
  }

  /** The scopes the tokens were granted. */
  get scopes(): string[] {
    return this.#tokens.scope.split(' ').filter(Boolean);
  }

  /**
   * Refreshes now, whatever the expiry; calls made meanwhile wait for it and share its result.
   * Throws an {@link OAuthError} `invalid_grant` when the refresh token is no longer valid (revoked,
   * already used, or its application deleted): the user must sign in again.
   */
  refresh(options?: OAuthRequestOptions): Promise<OAuthTokens> {
    this.#refreshing ??= this.#refresh(options).finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  /** Signs out: revokes the refresh token (or the access token when there is none), which ends both. */
  async revoke(options?: OAuthRequestOptions): Promise<void> {
    const { refresh_token, access_token } = this.#tokens;
    const hint = refresh_token ? 'refresh_token' : 'access_token';
    await this.#oauth.revoke(refresh_token ?? access_token, { tokenTypeHint: hint }, options);
  }

  async #refresh(options: OAuthRequestOptions | undefined): Promise<OAuthTokens> {
    const refreshToken = this.#tokens.refresh_token;
    if (!refreshToken) throw new TypeError('These tokens have no refresh token (a client credentials grant)');
    const tokens = await this.#oauth.refresh(refreshToken, {}, options);
    this.#tokens = tokens;
    await this.#onRefresh?.(tokens);
    return tokens;
  }
}

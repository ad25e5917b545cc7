/**
 * GitLab as an OAuth 2.0 / OpenID Connect provider, for apps that sign users in with GitLab or act
 * for them: PKCE, the authorization URL, the code exchange, refresh, revocation, token info and
 * userinfo, and a session that refreshes before expiry. For Node and browsers (Web Crypto).
 * `import { GitLabOAuth } from 'gitlab-admin-sdk/oauth'`.
 *
 * ```ts
 * import { GitLab } from 'gitlab-admin-sdk';
 * import { GitLabOAuth, OAuthSession } from 'gitlab-admin-sdk/oauth';
 *
 * const oauth = new GitLabOAuth({ baseUrl: 'https://gitlab.example.com', clientId: 'app-id', redirectUri: 'https://app.example.com/callback' });
 * const pending = await oauth.startAuthorization({ scopes: ['api'] });
 * // the user signs in at pending.url; GitLab redirects back with ?code=...&state=...
 * const tokens = await oauth.completeAuthorization('/callback?code=...&state=...', pending);
 * const session = new OAuthSession(oauth, tokens);
 * const gitlab = new GitLab({ baseUrl: 'https://gitlab.example.com', oauthToken: session.accessToken });
 * ```
 * @module gitlab-admin-sdk/oauth
 */

export * from './models/oauth.js';
export {
  type AuthorizationParams,
  GitLabOAuth,
  type GitLabOAuthOptions,
  type OAuthRequestOptions,
  type PendingAuthorization,
} from './oauth/client.js';
export { OAuthError, type OAuthErrorCode, type OAuthErrorInit } from './oauth/errors.js';
export { createPkce, type Pkce, randomToken } from './oauth/pkce.js';
export { OAuthSession, type OAuthSessionOptions } from './oauth/session.js';

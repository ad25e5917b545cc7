import { GitLab } from 'gitlab-admin-sdk';
import { GitLabOAuth, OAuthSession, type PendingAuthorization } from 'gitlab-admin-sdk/oauth';

/** The GitLab instance and the OAuth application the app signs in with. */
export interface SignInOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** For tests: the mock's fetch. */
  fetch?: typeof fetch;
}

/**
 * "Sign in with GitLab" for a web app, whatever its framework: `login` gives the URL to
 * redirect a visitor to, `callback` takes the URL GitLab sends them back to, `gitlab` is
 * an API client acting as them. `visitor` is the app's own session id (a cookie).
 */
export function signInWithGitLab(options: SignInOptions) {
  const oauth = new GitLabOAuth(options);
  const pending = new Map<string, PendingAuthorization>();
  const sessions = new Map<string, OAuthSession>();

  return {
    /** GET /login: a new authorization request (random state, PKCE); redirect the visitor to the URL. */
    async login(visitor: string): Promise<string> {
      const request = await oauth.startAuthorization({ scopes: ['read_api', 'openid'] });
      pending.set(visitor, request);
      return request.url;
    },

    /** GET /callback?code=...&state=...: checks the state, exchanges the code, and says who signed in. */
    async callback(visitor: string, url: string): Promise<string> {
      const request = pending.get(visitor);
      if (!request) throw new Error('No sign-in in progress for this visitor');
      pending.delete(visitor);
      const tokens = await oauth.completeAuthorization(url, request);
      sessions.set(visitor, new OAuthSession(oauth, tokens));
      const user = await oauth.userInfo(tokens.access_token);
      return user.preferred_username ?? user.sub;
    },

    /** The API as the visitor; the session refreshes the token before it expires. */
    gitlab(visitor: string): GitLab {
      const session = sessions.get(visitor);
      if (!session) throw new Error('Not signed in');
      return new GitLab({ baseUrl: options.baseUrl, oauthToken: session.accessToken, fetch: options.fetch });
    },

    /** GET /logout: revokes the visitor's tokens at GitLab. */
    async logout(visitor: string): Promise<void> {
      await sessions.get(visitor)?.revoke();
      sessions.delete(visitor);
    },
  };
}

import { afterAll, beforeAll, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { GitLab } from '../../src/index.js';
import { GitLabOAuth, OAuthError } from '../../src/oauth.js';
import { APP } from './sign-in-app.js';

// "Sign in with GitLab" in Chromium against the mock's HTTP server: the SDK's helpers in the page
// (PKCE with Web Crypto, fetch across origins), the mock's real sign-in and consent pages in a tab,
// and an API call that answers as the user who signed in.

declare module 'vitest/browser' {
  interface BrowserCommands {
    startOAuthServer(): Promise<string>;
    stopOAuthServer(): Promise<void>;
    decideAtGitLab(url: string, decision: 'Authorize' | 'Deny'): Promise<string>;
  }
}

let baseUrl: string;
let oauth: GitLabOAuth;
beforeAll(async () => {
  baseUrl = await commands.startOAuthServer();
  oauth = new GitLabOAuth({ baseUrl, ...APP });
});
afterAll(() => commands.stopOAuthServer());

it('signs in through the mock’s pages, exchanges the code in the page, and calls the API as that user', async () => {
  const pending = await oauth.startAuthorization({ scopes: ['api', 'openid'] });
  const back = await commands.decideAtGitLab(pending.url, 'Authorize');
  expect(back.startsWith(`${APP.redirectUri}?code=`)).toBe(true);

  const tokens = await oauth.completeAuthorization(back, pending);
  expect(tokens.scope).toBe('api openid');
  const gitlab = new GitLab({ baseUrl, oauthToken: tokens.access_token });
  const status = await gitlab.projects.mergeRequests.approvals.approve('acme/api', 1);
  expect(status.approved_by.map((approval) => approval.user.username)).toEqual(['olivia']);
  expect(await oauth.userInfo(tokens.access_token)).toMatchObject({ preferred_username: 'olivia' });

  const next = await oauth.refresh(tokens.refresh_token ?? '');
  await oauth.revoke(next.access_token);
  await expect(oauth.tokenInfo(next.access_token)).rejects.toMatchObject({ error: 'invalid_token', status: 401 });
});

it('brings a denial back as OAuthError access_denied', async () => {
  const pending = await oauth.startAuthorization({ scopes: ['api'] });
  const back = await commands.decideAtGitLab(pending.url, 'Deny');
  const error = await oauth.completeAuthorization(back, pending).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OAuthError);
  expect(error).toMatchObject({ error: 'access_denied', status: undefined });
});

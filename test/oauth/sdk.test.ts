import { inspect } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { ForbiddenError, GitLab, GitLabError, type GitLabOptions, UnauthorizedError } from '../../src/index.js';
import {
  createPkce,
  GitLabOAuth,
  type GitLabOAuthOptions,
  OAuthError,
  OAuthSession,
  type OAuthTokens,
} from '../../src/oauth.js';
import { Browser, CALLBACK, formOf, oauthSeed, SECRET } from './helpers.js';

// gitlab-admin-sdk/oauth and the client's oauthToken / jobToken against the mock's OAuth
// provider (SPEC 7), through the public API: the code flow with PKCE, refresh rotation,
// revocation, token info, userinfo, every refusal as an OAuthError, and the session.

const seed: SeedDocument = {
  ...oauthSeed,
  projects: [{ path: 'acme/api', merge_requests: [{ iid: 1, title: 'Add login', author: 'root' }] }],
};

let mock: MockGitLab;
/** Every request the SDK sent to the mock, with its headers as they arrived. */
let sent: Request[];
let fetch: typeof globalThis.fetch;
beforeEach(() => {
  mock = createMockGitLab({ seed });
  sent = [];
  fetch = (input, init) => {
    const request = new Request(input, init);
    sent.push(request.clone());
    return mock.fetch(request);
  };
});

const webApp = (options: Partial<GitLabOAuthOptions> = {}) =>
  new GitLabOAuth({
    baseUrl: mock.baseUrl,
    clientId: 'web-app',
    clientSecret: SECRET,
    redirectUri: CALLBACK,
    fetch,
    ...options,
  });

const client = (credential: Partial<GitLabOptions>) =>
  new GitLab({ baseUrl: mock.baseUrl, fetch, retry: 0, ...credential });

/** Who the API takes the caller for: the user an approval of merge request !1 is recorded under. */
async function approver(credential: Partial<GitLabOptions>): Promise<string | undefined> {
  const status = await client(credential).projects.mergeRequests.approvals.approve('acme/api', 1);
  return status.approved_by[0]?.user.username;
}

/** The code flow as the SDK runs it, approved headlessly by `user`. */
async function signIn(oauth = webApp(), user = 'olivia', scopes = ['api', 'openid']) {
  const pending = await oauth.startAuthorization({ scopes });
  const query = new URL(pending.url).searchParams;
  const { redirect_to } = mock.oauth.authorize({
    user,
    clientId: query.get('client_id') as string,
    redirectUri: query.get('redirect_uri') as string,
    scopes: query.get('scope') as string,
    state: query.get('state') as string,
    codeChallenge: query.get('code_challenge') as string,
    codeChallengeMethod: query.get('code_challenge_method') as 'S256',
  });
  return { pending, redirect_to, tokens: await oauth.completeAuthorization(redirect_to, pending) };
}

/** The error a promise rejects with. */
const failure = (promise: PromiseLike<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e,
  );

/** Neither the message, the stack, `inspect` nor JSON of `value` holds any of `secrets`. */
function expectNone(value: unknown, secrets: readonly string[]): void {
  const shown = [inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }), JSON.stringify(value) ?? ''];
  if (value instanceof Error) shown.push(value.message, String(value.stack));
  for (const secret of secrets) for (const text of shown) expect(text).not.toContain(secret);
}

describe('the authorization code flow with PKCE', () => {
  it('builds GitLab’s authorization URL with a random state and an S256 challenge', async () => {
    const pending = await webApp().startAuthorization({ scopes: ['api', 'openid'], nonce: 'n-1' });
    const url = new URL(pending.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${mock.baseUrl}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'web-app',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'api openid',
      state: pending.state,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      nonce: 'n-1',
    });
    expect(pending.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pending.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await webApp().startAuthorization({ scopes: ['api'] });
    expect(again.state).not.toBe(pending.state);
    expect(again.codeVerifier).not.toBe(pending.codeVerifier);
  });

  it('makes PKCE pairs the mock accepts as S256, and whose wrong verifier it refuses', async () => {
    const pkce = await createPkce();
    expect(pkce.method).toBe('S256');
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pkce.verifier));
    expect(Buffer.from(digest).toString('base64url')).toBe(pkce.challenge);
    const authorize = () =>
      mock.oauth.authorize({
        user: 'olivia',
        clientId: 'web-app',
        redirectUri: CALLBACK,
        scopes: 'api',
        codeChallenge: pkce.challenge,
        codeChallengeMethod: 'S256',
      }).code;
    const other = await createPkce();
    const refused = await failure(webApp().exchangeCode({ code: authorize(), codeVerifier: other.verifier }));
    expect(refused).toMatchObject({ error: 'invalid_grant', status: 400 });
    const tokens = await webApp().exchangeCode({ code: authorize(), codeVerifier: pkce.verifier });
    expect(tokens.scope).toBe('api');
  });

  it('exchanges the code; the token acts as the user who signed in, in the API, token info and userinfo', async () => {
    const { tokens } = await signIn();
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      token_type: 'Bearer',
      expires_in: 7200,
      refresh_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      scope: 'api openid',
      created_at: mock.clock.now().getTime() / 1000,
      id_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expect(await approver({ oauthToken: tokens.access_token })).toBe('olivia');
    const bearer = sent.at(-1)?.headers.get('authorization');
    expect(bearer).toBe(`Bearer ${tokens.access_token}`);

    const info = await webApp().tokenInfo(tokens.access_token);
    expect(info).toMatchObject({
      resource_owner_id: mock.users.olivia?.id,
      scope: ['api', 'openid'],
      expires_in: 7200,
      application: { uid: 'web-app' },
    });
    const claims = await webApp().userInfo(tokens.access_token);
    expect(claims).toMatchObject({
      sub: String(mock.users.olivia?.id),
      preferred_username: 'olivia',
      name: 'Olivia Ops',
    });
  });

  it('runs through the mock’s sign-in and consent pages from the URL the SDK built', async () => {
    const oauth = webApp();
    const pending = await oauth.startAuthorization({ scopes: ['read_api'] });
    const browser = new Browser(mock.fetch);
    const start = await browser.request(pending.url);
    const signInPage = await browser.request(start.headers.get('location') as string);
    const signedIn = await browser.request(formOf(signInPage.body).action, {
      form: { 'user[login]': 'olivia', 'user[password]': 'olivia-password' },
    });
    const consent = await browser.request(signedIn.headers.get('location') as string);
    const { action, fields } = formOf(consent.body);
    const back = await browser.request(action, { form: fields });
    expect(back.status).toBe(302);
    const tokens = await oauth.completeAuthorization(back.headers.get('location') as string, pending);
    expect(tokens.scope).toBe('read_api');
    const list = await client({ oauthToken: tokens.access_token }).projects.milestones.list('acme/api');
    expect(list.items).toEqual([]);
    // read_api reads but does not write: GitLab's 403 insufficient_scope.
    const refused = await failure(approver({ oauthToken: tokens.access_token }));
    expect(refused).toBeInstanceOf(ForbiddenError);
    expect((refused as ForbiddenError).body).toMatchObject({ error: 'insufficient_scope' });
  });

  it('turns a denied consent into OAuthError access_denied, from the redirect', async () => {
    const oauth = webApp();
    const pending = await oauth.startAuthorization({ scopes: ['api'] });
    const browser = new Browser(mock.fetch);
    await browser.request(`${mock.baseUrl}/users/sign_in`, {
      form: { 'user[login]': 'olivia', 'user[password]': 'olivia-password' },
    });
    const consent = await browser.request(pending.url);
    const { action, fields } = formOf(consent.body);
    const back = await browser.request(action, { form: { ...fields, _method: 'delete' } });
    const before = sent.length;
    const error = await failure(oauth.completeAuthorization(back.headers.get('location') as string, pending));
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toBeInstanceOf(GitLabError);
    expect(error).toMatchObject({
      name: 'OAuthError',
      error: 'access_denied',
      error_description: 'The resource owner or authorization server denied the request.',
      status: undefined,
    });
    expect((error as OAuthError).message).toBe(
      'access_denied: The resource owner or authorization server denied the request. (in the redirect back from GitLab)',
    );
    expect(sent.length).toBe(before);
  });

  it('refuses a redirect whose state is not the request’s, before exchanging anything', async () => {
    const oauth = webApp();
    const pending = await oauth.startAuthorization({ scopes: ['api'] });
    const { redirect_to } = mock.oauth.authorize({
      user: 'olivia',
      clientId: 'web-app',
      redirectUri: CALLBACK,
      scopes: 'api',
      state: 'forged',
    });
    const before = sent.length;
    const error = await failure(oauth.completeAuthorization(redirect_to, pending));
    expect(error).toMatchObject({ error: 'state_mismatch' });
    expect(sent.length).toBe(before);
    // The code was not spent: the request it belongs to can still use it.
    const code = new URL(redirect_to).searchParams.get('code') as string;
    expect((await oauth.exchangeCode({ code })).scope).toBe('api');
  });

  it('takes a public application by its client id alone, with PKCE', async () => {
    const mobile = new GitLabOAuth({
      baseUrl: mock.baseUrl,
      clientId: 'mobile-app',
      redirectUri: 'com.example.app:/oauth',
      fetch,
    });
    const { tokens } = await signIn(mobile, 'olivia', ['read_api']);
    expect(tokens.scope).toBe('read_api');
    const body = await sent.at(-1)?.text();
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
      grant_type: 'authorization_code',
      code: expect.any(String),
      redirect_uri: 'com.example.app:/oauth',
      code_verifier: expect.any(String),
      client_id: 'mobile-app',
    });
  });
});

describe('refresh, revoke and token info', () => {
  it('rotates on refresh: the new pair works, the old access token is revoked and the old refresh token refused', async () => {
    const oauth = webApp();
    const { tokens } = await signIn(oauth);
    const next = await oauth.refresh(tokens.refresh_token as string);
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.scope).toBe('api openid');
    expect(await approver({ oauthToken: next.access_token })).toBe('olivia');
    const old = await failure(approver({ oauthToken: tokens.access_token }));
    expect(old).toBeInstanceOf(UnauthorizedError);
    expect((old as UnauthorizedError).message).toContain('Token was revoked. You have to re-authorize from the user.');
    const reused = await failure(oauth.refresh(tokens.refresh_token as string));
    expect(reused).toMatchObject({ error: 'invalid_grant', status: 400 });
    expectNone(reused, [SECRET, tokens.refresh_token as string, next.access_token]);
  });

  it('narrows the scopes on refresh when asked', async () => {
    const oauth = webApp();
    const { tokens } = await signIn(oauth);
    expect((await oauth.refresh(tokens.refresh_token as string, { scopes: ['api'] })).scope).toBe('api');
  });

  it('revokes the pair by its refresh token: the API, token info and refresh all refuse it after', async () => {
    const oauth = webApp();
    const { tokens } = await signIn(oauth);
    await oauth.revoke(tokens.refresh_token as string, { tokenTypeHint: 'refresh_token' });
    await expect(approver({ oauthToken: tokens.access_token })).rejects.toBeInstanceOf(UnauthorizedError);
    const info = await failure(oauth.tokenInfo(tokens.access_token));
    expect(info).toMatchObject({
      error: 'invalid_token',
      error_description: 'The access token is invalid',
      status: 401,
      method: 'GET',
      url: `${mock.baseUrl}/oauth/token/info`,
    });
    expectNone(info, [tokens.access_token]);
    await expect(oauth.refresh(tokens.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
    // An unknown token is not an error (RFC 7009).
    await expect(oauth.revoke('0'.repeat(64))).resolves.toBeUndefined();
  });

  it('sends the token in the Authorization header, never in a URL', async () => {
    const { tokens } = await signIn();
    await webApp().tokenInfo(tokens.access_token);
    await webApp().revoke(tokens.access_token);
    for (const request of sent) expect(request.url).not.toContain(tokens.access_token);
  });
});

describe('refusals as OAuthError, with no secret in them', () => {
  it('reused code: invalid_grant', async () => {
    const oauth = webApp();
    const { code } = mock.oauth.authorize({
      user: 'olivia',
      clientId: 'web-app',
      redirectUri: CALLBACK,
      scopes: 'api',
    });
    await oauth.exchangeCode({ code });
    const error = await failure(oauth.exchangeCode({ code }));
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({
      error: 'invalid_grant',
      status: 400,
      method: 'POST',
      url: `${mock.baseUrl}/oauth/token`,
    });
    expect((error as OAuthError).message).toBe(
      'invalid_grant: The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client. ' +
        `(POST ${mock.baseUrl}/oauth/token)`,
    );
    expectNone(error, [SECRET, code]);
  });

  it('expired code (600 s on the world clock): invalid_grant', async () => {
    const { code } = mock.oauth.authorize({
      user: 'olivia',
      clientId: 'web-app',
      redirectUri: CALLBACK,
      scopes: 'api',
    });
    mock.clock.advance({ seconds: 601 });
    await expect(webApp().exchangeCode({ code })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('wrong redirect URI: invalid_grant', async () => {
    const { code } = mock.oauth.authorize({
      user: 'olivia',
      clientId: 'web-app',
      redirectUri: CALLBACK,
      scopes: 'api',
    });
    const elsewhere = webApp({ redirectUri: 'http://127.0.0.1:8080/cb' });
    await expect(elsewhere.exchangeCode({ code })).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('wrong secret, and a renewed one: invalid_client, 401', async () => {
    const { code } = mock.oauth.authorize({
      user: 'olivia',
      clientId: 'web-app',
      redirectUri: CALLBACK,
      scopes: 'api',
    });
    const wrong = `gloas-${'f'.repeat(64)}`;
    const error = await failure(webApp({ clientSecret: wrong }).exchangeCode({ code }));
    expect(error).toMatchObject({ error: 'invalid_client', status: 401 });
    expectNone(error, [wrong, code]);

    const root = client({ token: 'glpat-root' });
    const renewed = await root.applications.renewSecret(1);
    const old = await failure(webApp().exchangeCode({ code }));
    expect(old).toMatchObject({ error: 'invalid_client', status: 401 });
    expect((await webApp({ clientSecret: renewed.secret }).exchangeCode({ code })).scope).toBe('api');
  });

  it('deleted application: its tokens are gone (invalid_token) and its refresh token refused', async () => {
    const oauth = webApp();
    const { tokens } = await signIn(oauth);
    await client({ token: 'glpat-root' }).applications.delete(1);
    await expect(oauth.tokenInfo(tokens.access_token)).rejects.toMatchObject({ error: 'invalid_token', status: 401 });
    await expect(oauth.refresh(tokens.refresh_token as string)).rejects.toBeInstanceOf(OAuthError);
  });

  it('revoking another application’s token: unauthorized_client, 403', async () => {
    const { tokens } = await signIn();
    const trusted = webApp({
      clientId: 'trusted-app',
      clientSecret: 'gloas-0000000000000000000000000000000000000000000000000000000000000002',
    });
    const error = await failure(trusted.revoke(tokens.access_token));
    expect(error).toMatchObject({
      error: 'unauthorized_client',
      error_description: 'You are not authorized to revoke this token',
      status: 403,
    });
    expectNone(error, [tokens.access_token, SECRET]);
  });

  it('userinfo without the openid scope: insufficient_scope, 403, read from WWW-Authenticate', async () => {
    const { tokens } = await signIn(webApp(), 'olivia', ['api']);
    const error = await failure(webApp().userInfo(tokens.access_token));
    expect(error).toMatchObject({ error: 'insufficient_scope', status: 403 });
    expectNone(error, [tokens.access_token]);
  });

  it('an expired access token: the API answers GitLab’s 401, token info invalid_token', async () => {
    const { tokens } = await signIn();
    mock.clock.advance({ seconds: 7201 });
    const error = await failure(approver({ oauthToken: tokens.access_token }));
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).message).toContain('Token is expired.');
    expectNone(error, [tokens.access_token]);
    await expect(webApp().tokenInfo(tokens.access_token)).rejects.toMatchObject({ error: 'invalid_token' });
  });

  it('keeps the client secret out of inspect and JSON of the client', () => {
    const oauth = webApp();
    expectNone(oauth, [SECRET]);
  });
});

describe('OAuthSession', () => {
  /** A session on the world clock, counting refreshes. */
  async function session(margin?: number) {
    const oauth = webApp();
    const { tokens } = await signIn(oauth);
    const refreshed: OAuthTokens[] = [];
    const s = new OAuthSession(oauth, tokens, {
      now: () => mock.clock.now().getTime(),
      refreshMargin: margin,
      onRefresh: (next) => {
        refreshed.push(next);
      },
    });
    return { oauth, tokens, session: s, refreshed, gitlab: client({ oauthToken: s.accessToken }) };
  }

  it('uses the token as it is until the margin before expiry, then refreshes once, before the request', async () => {
    const { tokens, session: s, refreshed, gitlab } = await session();
    expect(s.expiresAt).toEqual(new Date((tokens.created_at + 7200) * 1000));
    expect(s.scopes).toEqual(['api', 'openid']);
    await gitlab.projects.milestones.list('acme/api');
    mock.clock.advance({ seconds: 7200 - 61 });
    await gitlab.projects.milestones.list('acme/api');
    expect(refreshed).toHaveLength(0);
    expect(sent.at(-1)?.headers.get('authorization')).toBe(`Bearer ${tokens.access_token}`);

    mock.clock.advance({ seconds: 2 });
    const status = await gitlab.projects.mergeRequests.approvals.approve('acme/api', 1);
    expect(status.approved_by[0]?.user.username).toBe('olivia');
    expect(refreshed).toHaveLength(1);
    expect(sent.at(-1)?.headers.get('authorization')).toBe(`Bearer ${refreshed[0]?.access_token}`);
    expect(s.expiresAt).toEqual(new Date(((refreshed[0]?.created_at ?? 0) + 7200) * 1000));
  });

  it('shares one refresh between concurrent requests (a second would meet a rotated refresh token)', async () => {
    const { session: s, refreshed, gitlab } = await session();
    mock.clock.advance({ seconds: 7200 });
    const pages = await Promise.all([1, 2, 3, 4, 5].map(() => gitlab.projects.milestones.list('acme/api')));
    expect(pages).toHaveLength(5);
    expect(refreshed).toHaveLength(1);
    expect(sent.filter((request) => request.url.endsWith('/oauth/token'))).toHaveLength(2);
    expect(await s.accessToken()).toBe(refreshed[0]?.access_token);
  });

  it('fails the request with the refresh’s OAuthError once the grant is gone, sending no API request', async () => {
    const { oauth, tokens, gitlab } = await session();
    await oauth.revoke(tokens.refresh_token as string, { tokenTypeHint: 'refresh_token' });
    mock.clock.advance({ seconds: 7200 });
    const before = sent.length;
    const error = await failure(gitlab.projects.milestones.list('acme/api'));
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ error: 'invalid_grant' });
    expect(sent.slice(before).map((request) => new URL(request.url).pathname)).toEqual(['/oauth/token']);
  });

  it('signs out: revoke ends the pair', async () => {
    const { session: s, gitlab } = await session();
    await gitlab.projects.milestones.list('acme/api');
    await s.revoke();
    await expect(gitlab.projects.milestones.list('acme/api')).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('never shows its tokens or the client secret', async () => {
    const { tokens, session: s } = await session();
    expectNone(s, [tokens.access_token, tokens.refresh_token as string, SECRET]);
  });
});

describe('the client’s credentials at the mock', () => {
  it('oauthToken as a function: called before each request, each time sent as Bearer', async () => {
    const { tokens } = await signIn();
    let calls = 0;
    const gitlab = client({
      oauthToken: () => {
        calls++;
        return tokens.access_token;
      },
    });
    await gitlab.projects.milestones.list('acme/api');
    await gitlab.projects.mergeRequests.approvals.approve('acme/api', 1);
    expect(calls).toBe(2);
    const api = sent.filter((request) => request.url.includes('/api/v4/'));
    expect(api.map((request) => request.headers.get('authorization'))).toEqual([
      `Bearer ${tokens.access_token}`,
      `Bearer ${tokens.access_token}`,
    ]);
  });

  it('sends jobToken as JOB-TOKEN; the mock has no CI jobs, so it answers 401 as GitLab does an unknown job token', async () => {
    const error = await failure(client({ jobToken: 'a-ci-job-token' }).projects.milestones.list('acme/api'));
    expect(sent.at(-1)?.headers.get('job-token')).toBe('a-ci-job-token');
    expect(sent.at(-1)?.headers.get('private-token')).toBeNull();
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).gitlabMessage).toBe('401 Unauthorized');
    expectNone(error, ['a-ci-job-token']);
  });

  it('takes a personal access token as PRIVATE-TOKEN, and an OAuth token only as Bearer', async () => {
    const { tokens } = await signIn();
    expect(await approver({ token: 'glpat-olivia' })).toBe('olivia');
    await expect(approver({ token: tokens.access_token })).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockGitLab } from '../../mock/index.js';
import { type RunningMockServer, startMockServer } from '../../mock/node/index.js';
import { Browser, bearer, CALLBACK, createOAuthMock, formOf, get, oauthSeed, post, SECRET } from './helpers.js';

// The sign-in and consent pages and /oauth/authorize (SPEC 7, G-O 1), as a browser
// drives them: in-process through mock.fetch, and over real HTTP through the CLI server.

const authorizeQuery = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    client_id: 'web-app',
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'api openid',
    state: 'st-1',
    ...extra,
  }).toString();

/** The whole flow: sign-in redirect, the form, back to authorize, consent, the code. */
async function signInAndConsent(base: string, browser: Browser, approve = true) {
  const start = await browser.request(`${base}/oauth/authorize?${authorizeQuery()}`);
  expect(start.status).toBe(302);
  expect(start.headers.get('location')).toBe(`${base}/users/sign_in`);
  const form = await browser.request(`${base}/users/sign_in`);
  expect(form.status).toBe(200);
  expect(form.body).toContain('<label for="user_login">');
  expect(form.body).toContain('<label for="user_password">');
  const signIn = formOf(form.body as string);
  const signedIn = await browser.request(signIn.action, {
    form: { 'user[login]': 'olivia', 'user[password]': 'olivia-password' },
  });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get('location')).toBe(`${base}/oauth/authorize?${authorizeQuery()}`);
  const consent = await browser.request(signedIn.headers.get('location') as string);
  expect(consent.status).toBe(200);
  expect(consent.body).toContain('Authorize Sign in with GitLab to use your account?');
  const { action, fields } = formOf(consent.body as string);
  expect(fields).toMatchObject({ client_id: 'web-app', redirect_uri: CALLBACK, state: 'st-1', scope: 'api openid' });
  const decided = await browser.request(action, { form: approve ? fields : { ...fields, _method: 'delete' } });
  expect(decided.status).toBe(302);
  return new URL(decided.headers.get('location') as string);
}

describe('in-process (mock.fetch)', () => {
  let mock: MockGitLab;
  let browser: Browser;
  beforeEach(() => {
    mock = createOAuthMock();
    browser = new Browser(mock.fetch);
  });

  it('signs in, shows the consent page, and comes back to the client with a code and the state', async () => {
    const back = await signInAndConsent(mock.baseUrl, browser);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code') as string;
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    const session = browser.setCookies.find((c) => c.startsWith('_gitlab_session='));
    expect(session).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(session).not.toMatch(/Expires|Max-Age/i);
    const token = await post(mock, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: 'web-app',
      client_secret: SECRET,
    });
    const user = await get(mock, '/oauth/userinfo', bearer(token.body.access_token));
    expect(user.body.preferred_username).toBe('olivia');
  });

  it('denies: back to the client with access_denied and the state', async () => {
    const back = await signInAndConsent(mock.baseUrl, browser, false);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The resource owner or authorization server denied the request.',
      state: 'st-1',
    });
    expect(mock.world.oauthGrants.size).toBe(0);
  });

  it('refuses a wrong password or a blocked user with the form again, an error, and no cookie', async () => {
    for (const [login, password] of [
      ['olivia', 'wrong'],
      ['blocked', 'blocked-password'],
    ]) {
      const answer = await browser.request(`${mock.baseUrl}/users/sign_in`, {
        form: { 'user[login]': login as string, 'user[password]': password as string },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<p role="alert">Invalid login or password.</p>');
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(mock.world.oauthSessions.size).toBe(0);
  });

  it('shows an error page, never a redirect to the client, for an invalid request', async () => {
    await browser.request(`${mock.baseUrl}/users/sign_in`, {
      form: { 'user[login]': 'olivia@example.com', 'user[password]': 'olivia-password' },
    });
    const cases: [Record<string, string>, string][] = [
      [{ client_id: 'unknown' }, 'failed due to unknown client'],
      [{ redirect_uri: 'https://evil.example/cb' }, 'The redirect URI included is not valid.'],
      [{ response_type: 'token' }, 'does not support this response type'],
      [{ scope: 'api sudo' }, 'The requested scope is invalid'],
    ];
    for (const [extra, text] of cases) {
      const answer = await browser.request(`${mock.baseUrl}/oauth/authorize?${authorizeQuery(extra)}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.body).toContain(text);
    }
    expect(mock.world.oauthGrants.size).toBe(0);
  });

  it('POST with a redirectable error goes back to the client; an unknown client is 401 JSON', async () => {
    await browser.request(`${mock.baseUrl}/users/sign_in`, {
      form: { 'user[login]': 'olivia', 'user[password]': 'olivia-password' },
    });
    const fields = Object.fromEntries(new URLSearchParams(authorizeQuery({ scope: 'sudo' })));
    const scope = await browser.request(`${mock.baseUrl}/oauth/authorize`, { form: fields });
    expect(scope.status).toBe(302);
    expect(new URL(scope.headers.get('location') as string).searchParams.get('error')).toBe('invalid_scope');
    const unknown = await browser.request(`${mock.baseUrl}/oauth/authorize`, {
      form: { ...fields, client_id: 'nope' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('invalid_client');
  });

  it('skips consent for a trusted application, and for a confidential one the user already granted', async () => {
    await browser.request(`${mock.baseUrl}/users/sign_in`, {
      form: { 'user[login]': 'olivia', 'user[password]': 'olivia-password' },
    });
    const trusted = await browser.request(
      `${mock.baseUrl}/oauth/authorize?${authorizeQuery({ client_id: 'trusted-app' })}`,
    );
    expect(trusted.status).toBe(302);
    expect(trusted.headers.get('location')).toMatch(
      /^http:\/\/localhost:3000\/callback\?code=[0-9a-f]{64}&state=st-1$/,
    );
    const first = await browser.request(`${mock.baseUrl}/oauth/authorize?${authorizeQuery()}`);
    expect(first.status).toBe(200);
    const { code } = mock.oauth.authorize({
      user: 'olivia',
      clientId: 'web-app',
      redirectUri: CALLBACK,
      scopes: 'openid api',
    });
    await post(mock, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: 'web-app',
      client_secret: SECRET,
    });
    const again = await browser.request(`${mock.baseUrl}/oauth/authorize?${authorizeQuery()}`);
    expect(again.status).toBe(302);
    const narrower = await browser.request(`${mock.baseUrl}/oauth/authorize?${authorizeQuery({ scope: 'api' })}`);
    expect(narrower.status).toBe(200);
  });
});

describe('an application created through the API', () => {
  it('is not trusted: a signed-in user is asked for consent', async () => {
    const mock = createOAuthMock();
    const browser = new Browser(mock.fetch);
    const created = await mock.fetch(`${mock.baseUrl}/api/v4/applications`, {
      method: 'POST',
      headers: { 'private-token': 'glpat-root', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'New dashboard', redirect_uri: CALLBACK, scopes: 'api openid' }),
    });
    expect(created.status).toBe(200);
    const { application_id } = (await created.json()) as { application_id: string };
    await browser.request(`${mock.baseUrl}/users/sign_in`, {
      form: { 'user[login]': 'olivia', 'user[password]': 'olivia-password' },
    });
    const page = await browser.request(
      `${mock.baseUrl}/oauth/authorize?${authorizeQuery({ client_id: application_id })}`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toContain('Authorize New dashboard to use your account?');
    expect(mock.world.oauthGrants.size).toBe(0);
  });
});

describe('over HTTP (the CLI server)', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed: oauthSeed });
  });
  afterAll(() => server.close());

  it('runs the browser flow against the real server', async () => {
    const back = await signInAndConsent(server.url, new Browser(fetch));
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('serves each named world its own provider: issuer, sign-in and a cookie on the world’s path', async () => {
    const base = `${server.url}/worlds/w1`;
    const discovery = (await (await fetch(`${base}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(discovery.issuer).toBe(base);
    expect(discovery.token_endpoint).toBe(`${base}/oauth/token`);
    const browser = new Browser(fetch);
    const back = await signInAndConsent(base, browser);
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{64}$/);
    expect(browser.setCookies.find((c) => c.startsWith('_gitlab_session='))).toContain('; Path=/worlds/w1;');
  });

  it('POST /__mock/oauth/authorize: 201 with the code, 400 with the OAuth error', async () => {
    const authorize = (body: unknown) =>
      fetch(`${server.url}/__mock/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const request = { user: 'olivia', clientId: 'web-app', redirectUri: CALLBACK, scopes: ['api'], state: 's' };
    const ok = await authorize(request);
    expect(ok.status).toBe(201);
    const { code, redirect_to } = (await ok.json()) as { code: string; redirect_to: string };
    expect(redirect_to).toBe(`${CALLBACK}?code=${code}&state=s`);
    const token = await post({ fetch, baseUrl: server.url }, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: 'web-app',
      client_secret: SECRET,
    });
    expect(token.status).toBe(200);
    const api = await fetch(`${server.url}/api/v4/applications`, { headers: bearer(token.body.access_token) });
    expect(api.status).toBe(403);
    const refused = await authorize({ ...request, scopes: 'api sudo' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'invalid_scope',
      error_description: 'The requested scope is invalid, unknown, or malformed.',
    });
    expect((await authorize({ user: 'olivia' })).status).toBe(400);
  });
});

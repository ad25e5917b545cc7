import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockGitLab, type MockGitLab } from '../mock/index.js';
import { CALLBACK, createOAuthMock, exchange, oauthSeed, post } from './oauth/helpers.js';

// In-process tests of mock/http/oauth-router.ts, each killing a mutant its first mutation run left
// alive: which requests are the router's (origin and base path), HEAD, the world clock, an
// unexpected error's 500, and the sign-in list off by default.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const DISCOVERY = '/.well-known/openid-configuration';

/** Status, headers and raw text of a request through `mock.fetch`. */
async function send(mock: MockGitLab, method: string, url: string) {
  const response = await mock.fetch(new Request(url, { method, redirect: 'manual' }));
  return { status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() };
}

describe('a request the OAuth router does not own', () => {
  const mock = createMockGitLab({ seed: oauthSeed, baseUrl: 'http://gitlab.test/worlds/a' });

  it('answers under its own origin and base path', async () => {
    const answer = await send(mock, 'GET', `${mock.baseUrl}${DISCOVERY}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ issuer: mock.baseUrl });
  });

  it('falls through on another origin, even with the same path', async () => {
    const request = new Request(`http://elsewhere.test/worlds/a${DISCOVERY}`);
    expect(await mock.handle(request)).toBeUndefined();
    await expect(mock.fetch(`http://elsewhere.test/worlds/a${DISCOVERY}`)).rejects.toThrow(
      `GET http://elsewhere.test/worlds/a${DISCOVERY} is not served by the mock`,
    );
  });

  it("falls through outside the base path: another world's path of the same length", async () => {
    // `/worlds/b` is as long as `/worlds/a`: cut at the base path's length, it would be a route.
    expect(await mock.handle(new Request(`http://gitlab.test/worlds/b${DISCOVERY}`))).toBeUndefined();
    expect(await mock.handle(new Request(`http://gitlab.test/worlds/b/oauth/token`, { method: 'POST' }))).toBe(
      undefined,
    );
  });
});

describe('HEAD on an OAuth route', () => {
  it('answers as GET, with the same status and headers, without a body', async () => {
    const mock = createOAuthMock();
    for (const path of [DISCOVERY, '/users/sign_in']) {
      const got = await send(mock, 'GET', `${mock.baseUrl}${path}`);
      const head = await send(mock, 'HEAD', `${mock.baseUrl}${path}`);
      expect(got.status).toBe(200);
      expect(got.text).not.toBe('');
      expect(head).toEqual({ ...got, text: '' });
    }
  });

  it("answers Rails' 404 on a route with no GET", async () => {
    const mock = createOAuthMock();
    expect((await send(mock, 'HEAD', `${mock.baseUrl}/oauth/token`)).status).toBe(404);
  });
});

describe('the world clock of an OAuth request', () => {
  it('follows real time: a token is created at the moment its request came', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const mock = createMockGitLab({ seed: oauthSeed, now: 'real' });
    const { code } = mock.oauth.authorize({
      user: 'olivia',
      clientId: 'web-app',
      redirectUri: CALLBACK,
      scopes: 'api',
    });
    // No other call reads the clock between the code and the token request.
    vi.setSystemTime(new Date('2030-01-01T00:01:00Z'));
    const answer = await exchange(mock, code);
    expect(answer.status).toBe(200);
    expect(answer.body.created_at).toBe(Date.parse('2030-01-01T00:01:00Z') / 1000);
  });
});

describe('an error in an OAuth handler', () => {
  it("answers a refusal's own status and body", async () => {
    const mock = createOAuthMock();
    const answer = await post(mock, '/oauth/token', {
      grant_type: 'authorization_code',
      code: 'nope',
      redirect_uri: CALLBACK,
      client_id: 'web-app',
      client_secret: 'wrong',
    });
    expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
  });

  it("answers GitLab's 500 for an unexpected one and logs it, and the mock keeps answering", async () => {
    const mock = createMockGitLab({ seed: oauthSeed, signInList: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = new Error('boom');
    // A bug in the mock, as the sign-in list reading the users would meet it: no route throws
    // anything but an ApiError, so only a planted one reaches this branch.
    mock.world.users.values = () => {
      throw boom;
    };
    const answer = await send(mock, 'GET', `${mock.baseUrl}/users/sign_in`);
    expect([answer.status, answer.headers['content-type'], answer.text]).toEqual([
      500,
      'application/json',
      '{"message":"500 Internal Server Error"}',
    ]);
    expect(logged).toHaveBeenCalledWith('[gitlab-admin-sdk mock] unhandled error', boom);
    expect((await send(mock, 'GET', `${mock.baseUrl}${DISCOVERY}`)).status).toBe(200);
  });
});

describe('the sign-in list', () => {
  it('is off when the mock is created without signInList', async () => {
    const mock = createOAuthMock();
    const page = await send(mock, 'GET', `${mock.baseUrl}/users/sign_in`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="user[login]"');
    expect(page.text).not.toContain('Sign in as');
    expect(page.text).not.toContain('name="sign_in_as"');
    // And sign_in_as is not read: no one is signed in without a password.
    const before = mock.exportState();
    const signIn = await post(mock, '/users/sign_in', { sign_in_as: 'olivia' });
    expect([signIn.status, signIn.headers.get('set-cookie')]).toEqual([200, null]);
    expect(signIn.body).toContain('Invalid login or password.');
    expect(mock.exportState()).toEqual(before);
  });

  it('is on with signInList: true (the same page lists the users)', async () => {
    const mock = createMockGitLab({ seed: oauthSeed, signInList: true });
    const page = await send(mock, 'GET', `${mock.baseUrl}/users/sign_in`);
    expect(page.text).toContain('name="sign_in_as" value="olivia"');
  });
});

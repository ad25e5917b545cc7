import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, MockOAuthError, type SeedDocument } from '../../mock/index.js';
import {
  Browser,
  bearer,
  CALLBACK,
  exchange,
  get,
  INVALID_CLIENT,
  INVALID_GRANT,
  oauthSeed,
  pkcePair,
  post,
  TRUSTED_SECRET,
  tokenFor,
  webClient,
} from './helpers.js';

// The rules of the token endpoint's grants, of sign-in sessions and of the headless authorization
// (mock/rules/oauth/oauth.ts), each refusal with GitLab's status and answer, the world unchanged after it.
// The provider's routes are not in the request journal (docs/oauth.md), so two refusals with the
// same answer (the invalid_grant ones) are told apart by setting up each so only its rule refuses.

/** The OAuth seed with a bot user (who may never sign in) and a session already signed in. */
const seed: SeedDocument = {
  ...oauthSeed,
  users: [...(oauthSeed.users ?? []), { username: 'helper-bot', bot: true, password: 'bot-password' }],
  oauth: { sessions: [{ id: 1, user: 'root', session: 'root-session', created_at: '2026-06-01T08:00:00Z' }] },
};

let mock: MockGitLab;
beforeEach(() => {
  mock = createMockGitLab({ seed });
});

const missing = (name: string) => ({
  error: 'invalid_request',
  error_description: `Missing required parameter: ${name}.`,
});

/** Runs a refused request and checks that the world is exactly as before. */
async function unchanged<T>(request: () => Promise<T>): Promise<T> {
  const before = mock.exportState();
  const result = await request();
  expect(mock.exportState()).toEqual(before);
  return result;
}

const authorize = (extra: Partial<Parameters<MockGitLab['oauth']['authorize']>[0]> = {}) =>
  mock.oauth.authorize({ user: 'olivia', clientId: 'web-app', redirectUri: CALLBACK, scopes: 'api', ...extra });

/** `GET /oauth/token/info` of an access token. */
const info = async (token: string) => (await get(mock, '/oauth/token/info', bearer(token))).body;

const userId = (username: string) => mock.exportState().users?.find((user) => user.username === username)?.id;

describe('authorization code exchange: each refusal by its rule', () => {
  it('names the missing code and the missing redirect_uri', async () => {
    const { code } = authorize();
    const noCode = await unchanged(() =>
      post(mock, '/oauth/token', { grant_type: 'authorization_code', redirect_uri: CALLBACK, ...webClient }),
    );
    expect([noCode.status, noCode.body]).toEqual([400, missing('code')]);
    const noRedirect = await unchanged(() =>
      post(mock, '/oauth/token', { grant_type: 'authorization_code', code, ...webClient }),
    );
    expect([noRedirect.status, noRedirect.body]).toEqual([400, missing('redirect_uri')]);
  });

  it('refuses an unknown, a used, an expired code and another redirect URI', async () => {
    const unknown = await unchanged(() => exchange(mock, 'f'.repeat(64)));
    expect([unknown.status, unknown.body]).toEqual([400, INVALID_GRANT]);

    const { code } = authorize();
    const other = await unchanged(() => exchange(mock, code, { redirect_uri: 'http://127.0.0.1:8080/cb' }));
    expect([other.status, other.body]).toEqual([400, INVALID_GRANT]);
    expect((await exchange(mock, code)).status).toBe(200);
    const used = await unchanged(() => exchange(mock, code));
    expect([used.status, used.body]).toEqual([400, INVALID_GRANT]);

    const late = authorize();
    mock.clock.advance({ seconds: 601 });
    const expired = await unchanged(() => exchange(mock, late.code));
    expect([expired.status, expired.body]).toEqual([400, INVALID_GRANT]);
  });

  it('exchanges the code given, not another live one', async () => {
    const first = authorize({ scopes: 'api' });
    authorize({ user: 'root', scopes: 'read_api' });
    const answer = await exchange(mock, first.code);
    expect(answer.status).toBe(200);
    expect(await info(answer.body.access_token)).toMatchObject({ resource_owner_id: userId('olivia'), scope: ['api'] });
  });

  it('PKCE: names the missing code_verifier, refuses a wrong one', async () => {
    const { verifier, challenge } = await pkcePair();
    const { code } = authorize({ codeChallenge: challenge, codeChallengeMethod: 'S256' });
    const none = await unchanged(() => exchange(mock, code));
    expect([none.status, none.body]).toEqual([400, missing('code_verifier')]);
    const wrong = await unchanged(() => exchange(mock, code, { code_verifier: `${verifier}x` }));
    expect([wrong.status, wrong.body]).toEqual([400, INVALID_GRANT]);
    expect((await exchange(mock, code, { code_verifier: verifier })).status).toBe(200);
  });

  it('PKCE: a missing code_verifier comes first, as Doorkeeper checks the parameters before the client and the code', async () => {
    const { verifier, challenge } = await pkcePair();
    const { code } = authorize({ codeChallenge: challenge, codeChallengeMethod: 'S256' });
    const cases: Record<string, string>[] = [
      { redirect_uri: '' },
      { client_secret: 'wrong-secret' },
      { redirect_uri: 'https://elsewhere.example.com/cb' },
    ];
    for (const extra of cases) {
      const answer = await unchanged(() => exchange(mock, code, extra));
      expect([extra, answer.status, answer.body]).toEqual([extra, 400, missing('code_verifier')]);
    }
    expect((await exchange(mock, code, { code_verifier: verifier })).status).toBe(200);
    // Used, the code still asks for its verifier first; with it, the used code is refused.
    const usedWithout = await unchanged(() => exchange(mock, code));
    expect([usedWithout.status, usedWithout.body]).toEqual([400, missing('code_verifier')]);
    const usedWith = await unchanged(() => exchange(mock, code, { code_verifier: verifier }));
    expect([usedWith.status, usedWith.body]).toEqual([400, INVALID_GRANT]);
  });

  it('PKCE: two exchanges of one code racing give one token; the other is refused as a used code', async () => {
    const { verifier, challenge } = await pkcePair();
    const { code } = authorize({ codeChallenge: challenge, codeChallengeMethod: 'S256' });
    const answers = await Promise.all([
      exchange(mock, code, { code_verifier: verifier }),
      exchange(mock, code, { code_verifier: verifier }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body).toEqual(INVALID_GRANT);
    expect(mock.exportState().oauth?.tokens).toHaveLength(1);
  });
});

describe('refresh token grant: rotation and its refusals', () => {
  const refresh = (token: string, extra: Record<string, string> = {}) =>
    post(mock, '/oauth/token', { grant_type: 'refresh_token', refresh_token: token, ...webClient, ...extra });

  it('refuses an unknown and a used refresh token', async () => {
    const unknown = await unchanged(() => refresh('nope'));
    expect([unknown.status, unknown.body]).toEqual([400, INVALID_GRANT]);
    const issued = await tokenFor(mock);
    expect((await refresh(issued.refresh_token)).status).toBe(200);
    const used = await unchanged(() => refresh(issued.refresh_token));
    expect([used.status, used.body]).toEqual([400, INVALID_GRANT]);
  });

  it('refuses another client’s refresh token', async () => {
    const issued = await tokenFor(mock);
    const answer = await unchanged(() =>
      refresh(issued.refresh_token, { client_id: 'trusted-app', client_secret: TRUSTED_SECRET }),
    );
    expect([answer.status, answer.body]).toEqual([400, INVALID_GRANT]);
  });

  it('gives a new refresh token that refreshes in turn, and narrows to `scopes` as to `scope`', async () => {
    const issued = await tokenFor(mock, 'olivia', 'api openid');
    const first = await refresh(issued.refresh_token, { scopes: 'api' });
    expect(first.status).toBe(200);
    expect(first.body.scope).toBe('api');
    expect(first.body.refresh_token).toMatch(/^[0-9a-f]{64}$/);
    const second = await refresh(first.body.refresh_token);
    expect([second.status, second.body.scope]).toEqual([200, 'api']);
  });

  it('refreshes a token of no client without client credentials', async () => {
    mock = createMockGitLab({ seed: { ...seed, instance: { ropc_without_client_credentials: true } } });
    const issued = await post(mock, '/oauth/token', {
      grant_type: 'password',
      username: 'olivia',
      password: 'olivia-password',
    });
    expect(issued.status).toBe(200);
    const answer = await post(mock, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: issued.body.refresh_token,
    });
    expect(answer.status).toBe(200);
    expect(await info(answer.body.access_token)).toMatchObject({
      resource_owner_id: userId('olivia'),
      application: { uid: null },
    });
  });
});

describe('password grant: the user, the scopes, the client and the nonce', () => {
  const password = (form: Record<string, string>) =>
    post(mock, '/oauth/token', { grant_type: 'password', ...webClient, ...form });

  it('refuses a wrong password and a missing username', async () => {
    const forms: Record<string, string>[] = [
      { username: 'olivia', password: 'wrong' },
      { password: 'olivia-password' },
    ];
    for (const form of forms) {
      const answer = await unchanged(() => password(form));
      expect([answer.status, answer.body]).toEqual([400, INVALID_GRANT]);
    }
  });

  it('gives the scopes asked for, and a token of the authenticated client', async () => {
    const answer = await password({ username: 'olivia', password: 'olivia-password', scope: 'read_api' });
    expect([answer.status, answer.body.scope]).toEqual([200, 'read_api']);
    expect(await info(answer.body.access_token)).toMatchObject({
      resource_owner_id: userId('olivia'),
      scope: ['read_api'],
      application: { uid: 'web-app' },
    });
  });

  it('puts the request’s nonce in the ID token, as doorkeeper-openid_connect does; none without one', async () => {
    const form = { username: 'olivia', password: 'olivia-password', scope: 'openid' };
    const withNonce = await password({ ...form, nonce: 'n-0S6' });
    expect(withNonce.status).toBe(200);
    expect(decodeJwt(withNonce.body.id_token)).toMatchObject({ nonce: 'n-0S6', aud: 'web-app' });
    const without = await password(form);
    expect(decodeJwt(without.body.id_token)).not.toHaveProperty('nonce');
    // An empty nonce is none: Doorkeeper's IdToken drops a claim whose value is empty.
    const empty = await password({ ...form, nonce: '' });
    expect(empty.status).toBe(200);
    expect(decodeJwt(empty.body.id_token)).not.toHaveProperty('nonce');
  });
});

describe('a blank scope at the token endpoint is none, as Doorkeeper reads it (`present?`)', () => {
  const blanks = [' ', '\t', ' \n '];

  it('password grant: the default scope, api', async () => {
    for (const scope of blanks) {
      const answer = await post(mock, '/oauth/token', {
        grant_type: 'password',
        username: 'olivia',
        password: 'olivia-password',
        scope,
        ...webClient,
      });
      expect([JSON.stringify(scope), answer.status, answer.body.scope]).toEqual([JSON.stringify(scope), 200, 'api']);
    }
  });

  it('refresh token grant: the refreshed token’s scopes', async () => {
    let { refresh_token } = await tokenFor(mock, 'olivia', 'api openid');
    for (const scope of blanks) {
      const answer = await post(mock, '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token,
        scope,
        ...webClient,
      });
      expect([JSON.stringify(scope), answer.status, answer.body.scope]).toEqual([
        JSON.stringify(scope),
        200,
        'api openid',
      ]);
      refresh_token = answer.body.refresh_token;
    }
  });

  it('client credentials grant: the application’s scopes', async () => {
    const none = await post(mock, '/oauth/token', { grant_type: 'client_credentials', ...webClient });
    expect(none.status).toBe(200);
    for (const scope of blanks) {
      const answer = await post(mock, '/oauth/token', { grant_type: 'client_credentials', scope, ...webClient });
      expect([JSON.stringify(scope), answer.status, answer.body.scope]).toEqual([
        JSON.stringify(scope),
        200,
        none.body.scope,
      ]);
    }
  });
});

describe('client credentials grant: a confidential client only', () => {
  it('refuses a public client known by its client id alone', async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ client_id: 'mobile-app' }, {}],
      [{}, { authorization: `Basic ${btoa('mobile-app:')}` }],
    ];
    for (const [form, headers] of cases) {
      const answer = await unchanged(() =>
        post(mock, '/oauth/token', { grant_type: 'client_credentials', ...form }, headers),
      );
      expect([answer.status, answer.body]).toEqual([401, INVALID_CLIENT]);
    }
  });
});

describe('sign-in sessions: a new session never takes an existing one’s id', () => {
  it('signs in with a password beside a loaded session, both kept', async () => {
    const browser = new Browser(mock.fetch);
    const answer = await browser.request(`${mock.baseUrl}/users/sign_in`, {
      form: { 'user[login]': 'olivia', 'user[password]': 'olivia-password' },
    });
    expect(answer.status).toBe(302);
    const sessions = mock.exportState().oauth?.sessions?.map((s) => [s.id, s.user, s.session]);
    expect(sessions).toEqual([
      [1, 'root', 'root-session'],
      [2, 'olivia', browser.cookies.get('_gitlab_session')],
    ]);
  });
});

describe('the "Sign in as" list: active people only, signed in by exact username', () => {
  beforeEach(() => {
    mock = createMockGitLab({ seed, signInList: true });
  });

  it('lists the active people, neither the blocked user nor the bot', async () => {
    const page = (await get(mock, '/users/sign_in')).body as string;
    const listed = [...page.matchAll(/name="sign_in_as" value="([^"]+)"/g)].map((match) => match[1]);
    expect(listed).toEqual(['root', 'olivia']);
  });

  it('signs in as a listed user: a new session, kept, that authorizes as that user', async () => {
    const browser = new Browser(mock.fetch);
    const signedIn = await browser.request(`${mock.baseUrl}/users/sign_in`, { form: { sign_in_as: 'olivia' } });
    expect(signedIn.status).toBe(302);
    const value = browser.cookies.get('_gitlab_session');
    expect(mock.exportState().oauth?.sessions?.map((s) => [s.id, s.user, s.session])).toEqual([
      [1, 'root', 'root-session'],
      [2, 'olivia', value],
    ]);
    // The trusted application skips consent: the code is olivia's.
    const query = new URLSearchParams({ client_id: 'trusted-app', redirect_uri: CALLBACK, response_type: 'code' });
    const approved = await browser.request(`${mock.baseUrl}/oauth/authorize?${query}`);
    expect(approved.status).toBe(302);
    const code = new URL(approved.headers.get('location') as string).searchParams.get('code') as string;
    const token = await exchange(mock, code, { client_id: 'trusted-app', client_secret: TRUSTED_SECRET });
    expect(await info(token.body.access_token)).toMatchObject({ resource_owner_id: userId('olivia') });
  });

  it('refuses an unknown, a blocked and a bot user, and a login that is not the exact username', async () => {
    for (const as of ['nobody', 'blocked', 'helper-bot', 'root@acme.test', 'Olivia']) {
      const answer = await unchanged(() =>
        post(mock, '/users/sign_in', { sign_in_as: as }).then((a) => ({ ...a, as })),
      );
      expect([answer.as, answer.status, answer.headers.get('set-cookie')]).toEqual([as, 200, null]);
      expect(answer.body).toContain('Invalid login or password.');
    }
  });
});

describe('headless authorization refusals: who may approve', () => {
  const refusal = (user: string) => {
    const before = mock.exportState();
    try {
      authorize({ user });
    } catch (error) {
      expect(mock.exportState()).toEqual(before);
      expect(error).toBeInstanceOf(MockOAuthError);
      return { error: (error as MockOAuthError).error, error_description: (error as MockOAuthError).error_description };
    }
    throw new Error(`${user} approved`);
  };

  it('refuses an unknown user and a bot as unknown, a blocked user as blocked', () => {
    expect(refusal('nobody')).toEqual({ error: 'invalid_request', error_description: 'Unknown user: nobody' });
    expect(refusal('helper-bot')).toEqual({ error: 'invalid_request', error_description: 'Unknown user: helper-bot' });
    expect(refusal('blocked')).toEqual({ error: 'access_denied', error_description: 'blocked is blocked' });
  });
});

import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, MockOAuthError } from '../../mock/index.js';
import {
  bearer,
  CALLBACK,
  createOAuthMock,
  exchange,
  get,
  INVALID_CLIENT,
  INVALID_GRANT,
  oauthSeed,
  pkcePair,
  post,
  SECRET,
  TRUSTED_SECRET,
  tokenFor,
  webClient,
} from './helpers.js';

// GitLab as an OAuth 2.0 / OpenID Connect provider (SPEC 7): every rule of the
// token endpoint and of OAuth tokens on /api/v4, each refusal exactly as GitLab
// answers it, and a refused request changes nothing (the world's export is the same).

let mock: MockGitLab;
beforeEach(() => {
  mock = createOAuthMock();
});

const REVOKED = {
  error: 'invalid_token',
  error_description: 'Token was revoked. You have to re-authorize from the user.',
};
const EXPIRED = {
  error: 'invalid_token',
  error_description: 'Token is expired. You can either do re-authorization or token refresh.',
};

/** Runs a refused request and checks that the world is exactly as before. */
async function unchanged<T>(request: () => Promise<T>): Promise<T> {
  const before = mock.exportState();
  const result = await request();
  expect(mock.exportState()).toEqual(before);
  return result;
}

const authorize = (extra: Partial<Parameters<MockGitLab['oauth']['authorize']>[0]> = {}) =>
  mock.oauth.authorize({ user: 'olivia', clientId: 'web-app', redirectUri: CALLBACK, scopes: 'api', ...extra });

/** Who a bearer token acts as, by what it may do: root may list applications, olivia may not. */
const applications = (token: string) => get(mock, '/api/v4/applications', bearer(token));

describe('POST /oauth/token: authorization_code', () => {
  it('exchanges a code for GitLab’s token body: 64-hex tokens, Bearer, 7200 s, the scopes, created_at', async () => {
    const { code, redirect_to } = authorize({ state: 'xyz' });
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    expect(redirect_to).toBe(`${CALLBACK}?code=${code}&state=xyz`);
    const answer = await exchange(mock, code);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      access_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      token_type: 'Bearer',
      expires_in: 7200,
      refresh_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      scope: 'api',
      created_at: Date.parse('2026-06-01T09:00:00Z') / 1000,
    });
  });

  it('takes the parameters as JSON or in the query too, and HTTP Basic as sent', async () => {
    const json = await mock.fetch(`${mock.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code: authorize().code,
        redirect_uri: CALLBACK,
        ...webClient,
      }),
    });
    expect(json.status).toBe(200);
    const query = new URLSearchParams({
      grant_type: 'authorization_code',
      code: authorize().code,
      redirect_uri: CALLBACK,
    });
    const basic = await mock.fetch(`${mock.baseUrl}/oauth/token?${query}`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`web-app:${SECRET}`)}` },
    });
    expect(basic.status).toBe(200);
  });

  it('refuses Basic credentials form-encoded (a `-` sent as %2D), as Doorkeeper does', async () => {
    const { code } = authorize();
    const encoded = SECRET.replace(/-/g, '%2D');
    const answer = await unchanged(() =>
      post(
        mock,
        '/oauth/token',
        { grant_type: 'authorization_code', code, redirect_uri: CALLBACK },
        { authorization: `Basic ${btoa(`web-app:${encoded}`)}` },
      ),
    );
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_CLIENT);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="Doorkeeper", error="invalid_client"/);
  });

  it('refuses a reused code (invalid_grant) and keeps the first exchange’s token working', async () => {
    const { code } = authorize();
    const first = await exchange(mock, code);
    const again = await unchanged(() => exchange(mock, code));
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_GRANT);
    expect((await applications(first.body.access_token)).status).toBe(403);
  });

  it('expires a code after 600 s on the world clock', async () => {
    const early = authorize();
    const late = authorize();
    mock.clock.advance({ seconds: 599 });
    expect((await exchange(mock, early.code)).status).toBe(200);
    mock.clock.advance({ seconds: 1 });
    const answer = await unchanged(() => exchange(mock, late.code));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(INVALID_GRANT);
  });

  it('refuses a redirect_uri other than the authorize one, and the code stays usable', async () => {
    const { code } = authorize();
    const answer = await unchanged(() => exchange(mock, code, { redirect_uri: 'http://127.0.0.1:8080/cb' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(INVALID_GRANT);
    expect((await exchange(mock, code)).status).toBe(200);
  });

  it('refuses a code of another client', async () => {
    const { code } = mock.oauth.authorize({ user: 'olivia', clientId: 'trusted-app', redirectUri: CALLBACK });
    const answer = await unchanged(() => exchange(mock, code));
    expect(answer.body).toEqual(INVALID_GRANT);
  });

  it('checks PKCE S256: a wrong verifier is invalid_grant and changes nothing; the right one works', async () => {
    const { verifier, challenge } = await pkcePair();
    const { code } = authorize({ codeChallenge: challenge, codeChallengeMethod: 'S256' });
    const wrong = await unchanged(() => exchange(mock, code, { code_verifier: 'b'.repeat(43) }));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(INVALID_GRANT);
    const missing = await unchanged(() => exchange(mock, code));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    expect((await exchange(mock, code, { code_verifier: verifier })).status).toBe(200);
  });

  it('checks PKCE plain, and refuses a verifier for a code issued without a challenge', async () => {
    const plain = authorize({ codeChallenge: 'plain-verifier-'.padEnd(43, 'x'), codeChallengeMethod: 'plain' });
    expect((await exchange(mock, plain.code, { code_verifier: 'plain-verifier-'.padEnd(43, 'y') })).status).toBe(400);
    expect((await exchange(mock, plain.code, { code_verifier: 'plain-verifier-'.padEnd(43, 'x') })).status).toBe(200);
    const none = authorize();
    expect((await exchange(mock, none.code, { code_verifier: 'a'.repeat(43) })).body).toEqual(INVALID_GRANT);
  });

  it('lets a public client in by client_id alone, but a secret it sends must match', async () => {
    const redirect = 'com.example.app:/oauth';
    const issue = () =>
      mock.oauth.authorize({ user: 'olivia', clientId: 'mobile-app', redirectUri: redirect, scopes: 'read_api' }).code;
    const code = issue();
    const token = { grant_type: 'authorization_code', redirect_uri: redirect, client_id: 'mobile-app' };
    expect((await post(mock, '/oauth/token', { ...token, code, client_secret: 'wrong' })).status).toBe(401);
    expect((await post(mock, '/oauth/token', { ...token, code })).status).toBe(200);
  });

  it('requires client authentication from a confidential client', async () => {
    const { code } = authorize();
    const answer = await unchanged(() =>
      post(mock, '/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        client_id: 'web-app',
      }),
    );
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_CLIENT);
  });

  it('answers invalid_request without grant_type and unsupported_grant_type for an unknown one', async () => {
    expect((await post(mock, '/oauth/token', webClient)).body.error).toBe('invalid_request');
    const implicit = await post(mock, '/oauth/token', { ...webClient, grant_type: 'implicit' });
    expect(implicit.status).toBe(400);
    expect(implicit.body.error).toBe('unsupported_grant_type');
  });

  it('answers a body it cannot read (a JSON array, a malformed multipart body) with Doorkeeper’s invalid_request', async () => {
    const malformed = {
      error: 'invalid_request',
      error_description:
        'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.',
    };
    for (const [type, body] of [
      ['application/json', '[1]'],
      ['multipart/form-data; boundary=x', 'garbage'],
    ] as const) {
      const answer = await unchanged(() =>
        mock.fetch(`${mock.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': type }, body }),
      );
      expect(answer.status).toBe(400);
      expect(answer.headers.get('www-authenticate')).toContain('error="invalid_request"');
      expect(await answer.json()).toEqual(malformed);
    }
  });
});

describe('POST /oauth/token: refresh_token', () => {
  it('rotates: a new pair, the old access and refresh tokens dead at once, the old refresh token refused', async () => {
    const first = await tokenFor(mock, 'root', 'api');
    mock.clock.advance({ hours: 3 });
    const refreshed = await post(mock, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      ...webClient,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ expires_in: 7200, scope: 'api', token_type: 'Bearer' });
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    const reused = await unchanged(() =>
      post(mock, '/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...webClient }),
    );
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(INVALID_GRANT);
    const old = await applications(first.access_token);
    expect(old.status).toBe(401);
    expect(old.body).toEqual(REVOKED);
    expect((await applications(refreshed.body.access_token)).status).toBe(200);
  });

  it('may narrow the scopes but not widen them', async () => {
    const first = await tokenFor(mock, 'olivia', 'api openid');
    const wider = await unchanged(() =>
      post(mock, '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        scope: 'api email',
        ...webClient,
      }),
    );
    expect(wider.body.error).toBe('invalid_scope');
    const narrower = await post(mock, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      scope: 'openid',
      ...webClient,
    });
    expect(narrower.body.scope).toBe('openid');
  });

  it('refuses a refresh token without its client (invalid_grant)', async () => {
    const first = await tokenFor(mock);
    const answer = await unchanged(() =>
      post(mock, '/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    );
    expect(answer.body).toEqual(INVALID_GRANT);
  });
});

describe('POST /oauth/token: password and client_credentials', () => {
  const password = { grant_type: 'password', username: 'olivia', password: 'olivia-password' };

  it('needs client credentials unless the instance allows the password grant without them', async () => {
    const without = await unchanged(() => post(mock, '/oauth/token', password));
    expect(without.status).toBe(401);
    expect(without.body).toEqual(INVALID_CLIENT);
    const withClient = await post(mock, '/oauth/token', { ...password, ...webClient });
    expect(withClient.body).toMatchObject({ scope: 'api', refresh_token: expect.any(String) });
    const open = createMockGitLab({ seed: { ...oauthSeed, instance: { ropc_without_client_credentials: true } } });
    const answer = await post(open, '/oauth/token', { ...password, username: 'olivia@example.com' });
    expect(answer.status).toBe(200);
  });

  it('refuses a wrong password or a blocked user with invalid_grant', async () => {
    const wrong = await unchanged(() => post(mock, '/oauth/token', { ...password, password: 'nope', ...webClient }));
    expect(wrong.body).toEqual(INVALID_GRANT);
    const blocked = { ...password, username: 'blocked', password: 'blocked-password', ...webClient };
    expect((await post(mock, '/oauth/token', blocked)).body).toEqual(INVALID_GRANT);
  });

  it('gives a client its own token: no refresh token, no user, 401 on /api/v4', async () => {
    const answer = await post(mock, '/oauth/token', { grant_type: 'client_credentials', ...webClient });
    expect(answer.status).toBe(200);
    expect(answer.body.refresh_token).toBeUndefined();
    expect(answer.body.scope).toBe('api read_api openid profile email');
    const api = await applications(answer.body.access_token);
    expect(api.status).toBe(401);
    expect(api.body).toEqual({ message: '401 Unauthorized' });
    const tooWide = await post(mock, '/oauth/token', { grant_type: 'client_credentials', scope: 'sudo', ...webClient });
    expect(tooWide.body.error).toBe('invalid_scope');
  });
});

describe('OAuth tokens on /api/v4', () => {
  it('act as their user by Bearer, ?access_token= and ?bearer_token=, but not PRIVATE-TOKEN', async () => {
    const { access_token } = await tokenFor(mock, 'root', 'api');
    expect((await applications(access_token)).status).toBe(200);
    expect((await get(mock, `/api/v4/applications?access_token=${access_token}`)).status).toBe(200);
    expect((await get(mock, `/api/v4/applications?bearer_token=${access_token}`)).status).toBe(200);
    const privateToken = await get(mock, '/api/v4/applications', { 'private-token': access_token });
    expect(privateToken.status).toBe(401);
    const olivia = await tokenFor(mock, 'olivia', 'api');
    expect((await applications(olivia.access_token)).status).toBe(403);
    expect(mock.requests.list().at(-1)?.user).toBe('olivia');
  });

  it('are limited by scope: read_api reads only; openid alone is insufficient_scope', async () => {
    const reader = await tokenFor(mock, 'root', 'read_api');
    expect((await applications(reader.access_token)).status).toBe(200);
    const write = await mock.fetch(`${mock.baseUrl}/api/v4/applications`, {
      method: 'POST',
      headers: { ...bearer(reader.access_token), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', redirect_uri: CALLBACK, scopes: 'api' }),
    });
    expect(write.status).toBe(403);
    expect((await write.json()).error).toBe('insufficient_scope');
    const oidcOnly = await tokenFor(mock, 'root', 'openid profile email');
    const answer = await applications(oidcOnly.access_token);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: 'api read_api',
    });
    expect(answer.headers.get('www-authenticate')).toBeNull();
  });

  it('expire after 7200 s on the world clock with GitLab’s body, and can still be refreshed', async () => {
    const first = await tokenFor(mock, 'root', 'api');
    mock.clock.advance({ seconds: 7199 });
    expect((await applications(first.access_token)).status).toBe(200);
    mock.clock.advance({ seconds: 1 });
    const expired = await unchanged(() => applications(first.access_token));
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(EXPIRED);
    expect(expired.headers.get('www-authenticate')).toBe(
      `Bearer realm="Protected by OAuth 2.0", error="invalid_token", error_description="${EXPIRED.error_description}"`,
    );
    const refreshed = await post(mock, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      ...webClient,
    });
    expect(refreshed.status).toBe(200);
  });
});

describe('applications', () => {
  it('renew-secret: the old secret fails at once at /oauth/token and /oauth/revoke; issued tokens keep working', async () => {
    const issued = await tokenFor(mock, 'root', 'api');
    const renewed = await mock.fetch(`${mock.baseUrl}/api/v4/applications/1/renew-secret`, {
      method: 'POST',
      headers: { 'private-token': 'glpat-root' },
    });
    const { secret } = (await renewed.json()) as { secret: string };
    const { code } = authorize();
    const old = await unchanged(() => exchange(mock, code));
    expect(old.status).toBe(401);
    expect(old.body).toEqual(INVALID_CLIENT);
    const revokeWithOld = await unchanged(() =>
      post(mock, '/oauth/revoke', { token: issued.access_token, ...webClient }),
    );
    expect(revokeWithOld.status).toBe(403);
    expect(revokeWithOld.body).toEqual({
      error: 'unauthorized_client',
      error_description: 'You are not authorized to revoke this token',
    });
    expect((await applications(issued.access_token)).status).toBe(200);
    expect((await exchange(mock, code, { client_secret: secret })).status).toBe(200);
  });

  it('delete: its grants and tokens are gone (401 Unauthorized, token info 401, refresh refused)', async () => {
    const issued = await tokenFor(mock, 'root', 'api');
    const { code } = authorize();
    await mock.fetch(`${mock.baseUrl}/api/v4/applications/1`, {
      method: 'DELETE',
      headers: { 'private-token': 'glpat-root' },
    });
    expect(mock.world.oauthTokens.size).toBe(0);
    expect(mock.world.oauthGrants.size).toBe(0);
    const api = await applications(issued.access_token);
    expect(api.status).toBe(401);
    expect(api.body).toEqual({ message: '401 Unauthorized' });
    expect((await get(mock, '/oauth/token/info', bearer(issued.access_token))).status).toBe(401);
    const refresh = await post(mock, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
      ...webClient,
    });
    expect(refresh.status).toBe(401);
    expect((await exchange(mock, code)).status).toBe(401);
  });
});

describe('deleting one application', () => {
  it("leaves another application's grants and tokens working", async () => {
    await tokenFor(mock, 'root', 'api');
    const other = (code: string) =>
      post(mock, '/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        client_id: 'trusted-app',
        client_secret: TRUSTED_SECRET,
      });
    const trustedAuthorize = () => authorize({ user: 'root', clientId: 'trusted-app', scopes: 'api' });
    const kept = await other(trustedAuthorize().code);
    const pending = trustedAuthorize().code;
    const deleted = await mock.fetch(`${mock.baseUrl}/api/v4/applications/1`, {
      method: 'DELETE',
      headers: { 'private-token': 'glpat-root' },
    });
    expect(deleted.status).toBe(204);
    expect((await applications(kept.body.access_token)).status).toBe(200);
    const info = await get(mock, '/oauth/token/info', bearer(kept.body.access_token));
    expect(info.body).toMatchObject({ resource_owner_id: 1, application: { uid: 'trusted-app' } });
    const refreshed = await post(mock, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: kept.body.refresh_token,
      client_id: 'trusted-app',
      client_secret: TRUSTED_SECRET,
    });
    expect(refreshed.status).toBe(200);
    const exchanged = await other(pending);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.scope).toBe('api');
  });
});

describe('a seeded application without scopes', () => {
  it('gives its client a token with no scopes (an empty list, not one empty scope)', async () => {
    const [web, ...rest] = oauthSeed.applications ?? [];
    const seeded = createOAuthMock({ ...oauthSeed, applications: [{ ...web, scopes: '' } as never, ...rest] });
    const answer = await post(seeded, '/oauth/token', { grant_type: 'client_credentials', ...webClient });
    expect(answer.status).toBe(200);
    expect(answer.body.scope).toBe('');
    const info = await get(seeded, '/oauth/token/info', bearer(answer.body.access_token));
    expect(info.body).toMatchObject({ scope: [], scopes: [] });
  });
});

describe('token info, revoke, introspect', () => {
  it('token info shows a live token; an unknown or revoked one is 401 invalid_token', async () => {
    const issued = await tokenFor(mock, 'olivia', 'api openid');
    mock.clock.advance({ seconds: 100 });
    const info = await get(mock, '/oauth/token/info', bearer(issued.access_token));
    expect(info.body).toEqual({
      resource_owner_id: 2,
      scope: ['api', 'openid'],
      expires_in: 7100,
      application: { uid: 'web-app' },
      created_at: issued.created_at,
      scopes: ['api', 'openid'],
      expires_in_seconds: 7100,
    });
    const unknown = await get(mock, '/oauth/token/info?access_token=nope');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'invalid_token', error_description: 'The access token is invalid' });
  });

  it('revoke: unknown tokens are 200 {}; revoking the refresh token kills the access token too', async () => {
    expect((await post(mock, '/oauth/revoke', { token: 'nope', ...webClient })).body).toEqual({});
    const issued = await tokenFor(mock, 'root', 'api');
    const answer = await post(mock, '/oauth/revoke', { token: issued.refresh_token, ...webClient });
    expect(answer).toMatchObject({ status: 200, body: {} });
    expect((await applications(issued.access_token)).body).toEqual(REVOKED);
  });

  it('revoke: an expired access token is found but not revocable, so its refresh token stays usable', async () => {
    const issued = await tokenFor(mock, 'root', 'api');
    mock.clock.advance({ hours: 3 });
    await unchanged(() => post(mock, '/oauth/revoke', { token: issued.access_token, ...webClient }));
    const refresh = await post(mock, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
      ...webClient,
    });
    expect(refresh.status).toBe(200);
  });

  it('introspect: active with scope and client id for an authenticated client; inactive otherwise', async () => {
    const issued = await tokenFor(mock, 'olivia', 'api');
    const active = await post(mock, '/oauth/introspect', { token: issued.access_token, ...webClient });
    expect(active.body).toMatchObject({ active: true, scope: 'api', client_id: 'web-app', token_type: 'Bearer' });
    expect((await post(mock, '/oauth/introspect', { token: 'nope', ...webClient })).body).toEqual({ active: false });
    expect((await post(mock, '/oauth/introspect', { token: issued.access_token })).status).toBe(401);
  });
});

describe('OpenID Connect', () => {
  it('signs ID tokens RS256 with the key of /oauth/discovery/keys: iss, aud, sub, nonce, 120 s', async () => {
    const issued = await tokenFor(mock, 'olivia', 'api openid email', 'n-0S6');
    const keys = await get(mock, '/oauth/discovery/keys');
    expect(keys.headers.get('cache-control')).toBe('max-age=86400, public, must-revalidate, no-transform');
    const header = decodeProtectedHeader(issued.id_token as string);
    expect(header).toEqual({ typ: 'JWT', alg: 'RS256', kid: keys.body.keys[0].kid });
    const { payload } = await jwtVerify(issued.id_token as string, createLocalJWKSet(keys.body), {
      issuer: mock.baseUrl,
      audience: 'web-app',
      currentDate: mock.clock.now(),
    });
    expect(payload).toMatchObject({
      sub: '2',
      nonce: 'n-0S6',
      preferred_username: 'olivia',
      name: 'Olivia Ops',
      email: 'olivia@example.com',
      email_verified: true,
      groups_direct: ['acme'],
    });
    expect((payload.exp as number) - (payload.iat as number)).toBe(120);
    expect(payload.iat).toBe(Math.floor(mock.clock.now().getTime() / 1000));
  });

  it('gives no ID token without openid, and one on refresh with openid', async () => {
    expect((await tokenFor(mock, 'olivia', 'api')).id_token).toBeUndefined();
    const issued = await tokenFor(mock, 'olivia', 'openid');
    const refreshed = await post(mock, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
      ...webClient,
    });
    expect(refreshed.body.id_token).toEqual(expect.any(String));
  });

  it('keeps the signing key in the state export: tokens verify in a world loaded from it', async () => {
    const issued = await tokenFor(mock, 'olivia', 'api openid');
    const copy = createMockGitLab();
    copy.loadState(mock.exportState());
    const keys = await get(copy, '/oauth/discovery/keys');
    await jwtVerify(issued.id_token as string, createLocalJWKSet(keys.body), { currentDate: copy.clock.now() });
    expect((await get(copy, '/oauth/token/info', bearer(issued.access_token))).status).toBe(200);
    const refreshed = await post(copy, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
      ...webClient,
    });
    expect(refreshed.status).toBe(200);
  });

  it('userinfo: the claims with openid; 403 without it; 401 with an empty body for a bad token', async () => {
    const issued = await tokenFor(mock, 'root', 'openid email');
    const answer = await get(mock, '/oauth/userinfo', bearer(issued.access_token));
    expect(answer.body).toEqual({
      sub: '1',
      name: 'root',
      nickname: 'root',
      preferred_username: 'root',
      email: 'root@acme.test',
      email_verified: true,
      profile: `${mock.baseUrl}/root`,
      groups: ['acme/platform'],
      'https://gitlab.org/claims/groups/developer': ['acme/platform'],
    });
    const api = await tokenFor(mock, 'root', 'api');
    const forbidden = await get(mock, '/oauth/userinfo', bearer(api.access_token));
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    const bad = await get(mock, '/oauth/userinfo', bearer('nope'));
    expect(bad).toMatchObject({ status: 401, body: undefined });
    expect(bad.headers.get('www-authenticate')).toBe(
      'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token is invalid"',
    );
  });

  it('publishes a discovery document in GitLab’s key order, at the world’s base URL', async () => {
    const answer = await get(mock, '/.well-known/openid-configuration');
    expect(Object.keys(answer.body).slice(0, 7)).toEqual([
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
      'revocation_endpoint',
      'introspection_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
    ]);
    expect(answer.body).toMatchObject({
      issuer: mock.baseUrl,
      token_endpoint: `${mock.baseUrl}/oauth/token`,
      code_challenge_methods_supported: ['plain', 'S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  });
});

describe('/oauth/userinfo refusals: the reason in WWW-Authenticate, an empty body, nothing changed', () => {
  const challenge = (error: string, description: string) =>
    `Bearer realm="Doorkeeper", error="${error}", error_description="${description}"`;

  it('a revoked token: 401 "The access token was revoked"', async () => {
    const issued = await tokenFor(mock, 'olivia', 'openid');
    await post(mock, '/oauth/revoke', { token: issued.access_token, ...webClient });
    const answer = await unchanged(() => get(mock, '/oauth/userinfo', bearer(issued.access_token)));
    expect(answer).toMatchObject({ status: 401, body: undefined });
    expect(answer.headers.get('www-authenticate')).toBe(challenge('invalid_token', 'The access token was revoked'));
  });

  it('an expired token: 401 "The access token expired"', async () => {
    const issued = await tokenFor(mock, 'olivia', 'openid');
    mock.clock.advance({ hours: 3 });
    const answer = await unchanged(() => get(mock, '/oauth/userinfo', bearer(issued.access_token)));
    expect(answer).toMatchObject({ status: 401, body: undefined });
    expect(answer.headers.get('www-authenticate')).toBe(challenge('invalid_token', 'The access token expired'));
  });

  it('a live token without openid: 403 insufficient_scope with Doorkeeper’s description', async () => {
    const issued = await tokenFor(mock, 'olivia', 'api');
    const answer = await unchanged(() => get(mock, '/oauth/userinfo', bearer(issued.access_token)));
    expect(answer).toMatchObject({ status: 403, body: undefined });
    expect(answer.headers.get('www-authenticate')).toBe(
      challenge('insufficient_scope', 'The request requires higher privileges than provided by the access token.'),
    );
  });
});

describe('ID token claims: nonce, auth_time and aud only when known', () => {
  const claimsOf = async (world: MockGitLab, idToken: string | undefined) => {
    const keys = await get(world, '/oauth/discovery/keys');
    const { payload } = await jwtVerify(idToken as string, createLocalJWKSet(keys.body), {
      currentDate: world.clock.now(),
    });
    return payload;
  };

  it('has no nonce claim when the authorization request sent none', async () => {
    const payload = await claimsOf(mock, (await tokenFor(mock, 'olivia', 'openid')).id_token);
    expect(payload).not.toHaveProperty('nonce');
    expect(payload.aud).toBe('web-app');
  });

  it('gives auth_time as the sign-in time in seconds, not the token’s issue time', async () => {
    const signedIn = Math.floor(mock.clock.now().getTime() / 1000);
    const { code } = authorize({ scopes: 'openid' });
    mock.clock.advance({ seconds: 90 });
    const payload = await claimsOf(mock, (await exchange(mock, code)).body.id_token);
    expect(payload.auth_time).toBe(signedIn);
    expect(payload.iat).toBe(signedIn + 90);
  });

  it('leaves auth_time out for a token whose sign-in time is unknown (a loaded one without it)', async () => {
    const issued = await tokenFor(mock, 'olivia', 'openid');
    const state = mock.exportState();
    const tokens = state.oauth?.tokens ?? [];
    expect(tokens).toHaveLength(1);
    for (const token of tokens) token.auth_time = null;
    mock.loadState(state);
    const refreshed = await post(mock, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
      ...webClient,
    });
    const payload = await claimsOf(mock, refreshed.body.id_token);
    expect(payload.sub).toBe('2');
    expect(payload).not.toHaveProperty('auth_time');
  });

  it('has no aud for a password grant without a client, as Doorkeeper drops a nil audience', async () => {
    const open = createMockGitLab({ seed: { ...oauthSeed, instance: { ropc_without_client_credentials: true } } });
    const answer = await post(open, '/oauth/token', {
      grant_type: 'password',
      username: 'olivia',
      password: 'olivia-password',
      scope: 'openid',
    });
    expect(answer.status).toBe(200);
    const payload = await claimsOf(open, answer.body.id_token);
    expect(payload).toMatchObject({ iss: open.baseUrl, sub: '2', preferred_username: 'olivia' });
    expect(payload).not.toHaveProperty('aud');
  });
});

describe('the signing key after reset()', () => {
  it('is the reset world’s own, kept by its export: an ID token issued after reset verifies in a world loaded from it', async () => {
    await tokenFor(mock, 'olivia', 'openid');
    mock.reset();
    const issued = await tokenFor(mock, 'olivia', 'openid');
    const state = mock.exportState();
    expect(state.oauth).toHaveProperty('signing_key');
    const copy = createMockGitLab();
    copy.loadState(state);
    const keys = await get(copy, '/oauth/discovery/keys');
    await jwtVerify(issued.id_token as string, createLocalJWKSet(keys.body), { currentDate: copy.clock.now() });
  });
});

describe('mock.oauth.authorize', () => {
  it('makes the consent page’s checks: unknown client, unregistered redirect URI, scope outside the app’s', () => {
    const refused = (extra: Parameters<typeof authorize>[0]) => {
      const before = mock.exportState();
      try {
        authorize(extra);
      } catch (error) {
        expect(mock.exportState()).toEqual(before);
        return error instanceof MockOAuthError ? error.error : error;
      }
      return 'authorized';
    };
    expect(refused({ clientId: 'nope' })).toBe('invalid_client');
    expect(refused({ redirectUri: 'http://localhost:3000/other' })).toBe('invalid_redirect_uri');
    expect(refused({ scopes: ['api', 'sudo'] })).toBe('invalid_scope');
    expect(refused({ codeChallenge: 'abc' })).toBe('invalid_code_challenge_method');
    expect(refused({ user: 'blocked' })).toBe('access_denied');
    // Loopback IP literals match on any port (RFC 8252).
    expect(refused({ redirectUri: 'http://127.0.0.1:9999/cb' })).toBe('authorized');
  });
});

describe('redirects', () => {
  it('add the code and state to a query the redirect URI already has', () => {
    mock.seed.application({
      name: 'Q',
      redirect_uri: 'https://q.example/cb?tenant=1',
      scopes: 'api',
      application_id: 'q',
    });
    const { code, redirect_to } = mock.oauth.authorize({
      user: 'olivia',
      clientId: 'q',
      redirectUri: 'https://q.example/cb?tenant=1',
      state: 'a b',
    });
    expect(redirect_to).toBe(`https://q.example/cb?tenant=1&code=${code}&state=a+b`);
  });
});

describe('the world clock following real time', () => {
  it('starts at the real time and runs; advance adds an offset, kept by the export', () => {
    const real = createMockGitLab({ now: 'real' });
    expect(Math.abs(real.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    real.clock.advance({ hours: 1 });
    expect(real.clock.now().getTime() - Date.now()).toBeGreaterThan(3_599_000);
    const exported = real.exportState();
    expect(exported).toMatchObject({ now: 'real', clock_offset_ms: expect.any(Number) });
    const copy = createMockGitLab({ seed: exported });
    expect(copy.clock.now().getTime() - Date.now()).toBeGreaterThan(3_599_000);
    const seeded = createMockGitLab({ seed: { now: 'real', users: [] } });
    expect(Math.abs(seeded.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    expect(createMockGitLab({ seed: { now: '2026-01-01T00:00:00Z', users: [] } }).exportState().now).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});

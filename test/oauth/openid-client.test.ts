import * as client from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningMockServer, startMockServer } from '../../mock/node/index.js';
import { Browser, CALLBACK, formOf, oauthSeed, SECRET } from './helpers.js';

// A relying party we did not write, openid-client, against the CLI server: it
// discovers the mock, runs the code flow with PKCE (the browser steps by a cookie
// jar), validates the ID token's signature and claims against its own clock (hence
// `now: 'real'`), refreshes, and reads /oauth/userinfo. client_secret_post, as the
// guide says for GitLab: openid-client's client_secret_basic form-encodes the `-`
// of a `gloas-` secret, which GitLab's Doorkeeper does not decode.

let server: RunningMockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: oauthSeed, now: 'real' });
});
afterAll(() => server.close());

it('discovers the mock, runs the code flow with PKCE, validates the ID token, refreshes and reads userinfo', async () => {
  const config = await client.discovery(new URL(server.url), 'web-app', undefined, client.ClientSecretPost(SECRET), {
    execute: [client.allowInsecureRequests],
  });
  expect(config.serverMetadata().issuer).toBe(server.url);

  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid profile email api',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
  });

  // The browser: sign in, approve, and come back with the code.
  const browser = new Browser(fetch);
  await browser.request(url.href);
  const signIn = formOf((await browser.request(`${server.url}/users/sign_in`)).body);
  const back = await browser.request(signIn.action, {
    form: { 'user[login]': 'olivia', 'user[password]': 'olivia-password' },
  });
  const consent = formOf((await browser.request(back.headers.get('location') as string)).body);
  const approved = await browser.request(consent.action, { form: consent.fields });
  const callback = new URL(approved.headers.get('location') as string);

  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    expectedState: state,
    idTokenExpected: true,
  });
  expect(tokens.token_type).toBe('bearer');
  const claims = tokens.claims();
  expect(claims).toMatchObject({ iss: server.url, aud: 'web-app', sub: '2', nonce, preferred_username: 'olivia' });

  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token as string);
  expect(refreshed.access_token).not.toBe(tokens.access_token);
  expect(refreshed.claims()?.sub).toBe('2');

  const userinfo = await client.fetchUserInfo(config, refreshed.access_token, '2');
  expect(userinfo).toMatchObject({ sub: '2', email: 'olivia@example.com', groups: ['acme', 'acme/platform'] });

  // The old pair died with the refresh.
  await expect(client.fetchUserInfo(config, tokens.access_token, '2')).rejects.toThrow();
});

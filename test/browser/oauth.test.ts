import { createLocalJWKSet, jwtVerify } from 'jose';
import { expect, it } from 'vitest';
import { GITLAB_URL, useMockGitLab } from './setup.js';

// The mock's OAuth provider behind MSW's Service Worker: the routes an app calls with fetch
// (token, userinfo, discovery, keys) answer on another origin, ID tokens signed with the
// browser's Web Crypto verify against the key set. The sign-in and consent pages are page
// navigations, which the worker does not answer (docs/oauth.md): the headless shortcut stands in.
const mock = useMockGitLab();

it('exchanges a code, verifies the ID token and reads userinfo through the worker', async () => {
  const app = [...mock.world.applications.values()].find((a) => a.name === 'Grafana');
  if (!app) throw new Error('the demo world has Grafana');
  const redirectUri = app.redirect_uri;
  const { code } = mock.oauth.authorize({
    user: 'maria',
    clientId: app.application_id,
    redirectUri,
    scopes: 'openid email',
    nonce: 'n',
  });
  const token = await fetch(`${GITLAB_URL}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: app.application_id,
      client_secret: app.secret,
    }),
  });
  expect(token.status).toBe(200);
  const { access_token, id_token } = (await token.json()) as { access_token: string; id_token: string };

  const discovery = (await (await fetch(`${GITLAB_URL}/.well-known/openid-configuration`)).json()) as {
    issuer: string;
    jwks_uri: string;
  };
  expect(discovery.issuer).toBe(GITLAB_URL);
  const keys = await (await fetch(discovery.jwks_uri)).json();
  const { payload } = await jwtVerify(id_token, createLocalJWKSet(keys), {
    issuer: GITLAB_URL,
    audience: app.application_id,
    currentDate: mock.clock.now(),
  });
  expect(payload).toMatchObject({ preferred_username: 'maria', nonce: 'n' });

  const userinfo = await fetch(`${GITLAB_URL}/oauth/userinfo`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(await userinfo.json()).toMatchObject({ preferred_username: 'maria', email: expect.any(String) });
});

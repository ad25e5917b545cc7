import { beforeEach, describe, expect, it } from 'vitest';
import { type MockGitLab, MockOAuthError } from '../../mock/index.js';
import { Browser, CALLBACK, createOAuthMock, exchange, formOf, oauthSeed, post, SECRET, webClient } from './helpers.js';

// The rules of the authorization request (Doorkeeper's pre-authorization, G-O 1 and 5), of
// consent and of the redirect back to the client, each checked where only that rule can answer:
// which redirect URIs match, which scopes are malformed, which refusals go back to the client,
// when consent is skipped. Found by oauth.ts's mutation survivors.

let mock: MockGitLab;
let browser: Browser;
beforeEach(() => {
  mock = createOAuthMock();
  browser = new Browser(mock.fetch);
});

const INVALID_SCOPE = {
  error: 'invalid_scope',
  error_description: 'The requested scope is invalid, unknown, or malformed.',
};

type Headless = Parameters<MockGitLab['oauth']['authorize']>[0];

/** `mock.oauth.authorize` for olivia and the web app: the OAuth error code it refuses with (the world unchanged), or `authorized`. */
function outcome(extra: Partial<Headless>): string {
  const before = mock.exportState();
  try {
    mock.oauth.authorize({ user: 'olivia', clientId: 'web-app', redirectUri: CALLBACK, scopes: 'api', ...extra });
  } catch (error) {
    expect(mock.exportState()).toEqual(before);
    if (error instanceof MockOAuthError) return error.error;
    throw error;
  }
  return 'authorized';
}

async function signIn(login = 'olivia', password = 'olivia-password') {
  const answer = await browser.request(`${mock.baseUrl}/users/sign_in`, {
    form: { 'user[login]': login, 'user[password]': password },
  });
  expect(answer.status).toBe(302);
}

const authorizeParams = (extra: Record<string, string> = {}) => ({
  client_id: 'web-app',
  redirect_uri: CALLBACK,
  response_type: 'code',
  scope: 'api',
  state: 'st-1',
  ...extra,
});

/** `GET /oauth/authorize` as the signed-in browser: 200 is the consent page, 302 consent skipped. */
const askConsent = (extra: Record<string, string> = {}) =>
  browser.request(`${mock.baseUrl}/oauth/authorize?${new URLSearchParams(authorizeParams(extra))}`);

describe('redirect URIs: one registered exactly; only a loopback IP literal’s port may differ; never a fragment', () => {
  // The web app registers http://localhost:3000/callback and http://127.0.0.1:8080/cb.
  it('accepts a registered loopback URI on another port (RFC 8252)', () => {
    expect(outcome({ redirectUri: 'http://127.0.0.1:9999/cb' })).toBe('authorized');
  });

  it('takes every address of 127.0.0.0/8 as loopback, as Ruby’s IPAddr#loopback? does', () => {
    mock = createOAuthMock({
      ...oauthSeed,
      applications: [
        {
          name: 'Local tool',
          redirect_uri:
            'http://127.18.19.10:8080/cb\nhttp://128.0.0.1:8080/cb\nhttp://127.0.0.1.example.com:8080/cb\nhttp://[::1]:8080/cb',
          scopes: 'api',
          application_id: 'local-tool',
        },
      ],
    });
    const tool = (redirectUri: string) => outcome({ clientId: 'local-tool', redirectUri });
    expect(tool('http://127.18.19.10:9999/cb')).toBe('authorized');
    expect(tool('http://[::1]:9999/cb')).toBe('authorized');
    expect(tool('http://127.0.0.1.example.com:9999/cb')).toBe('invalid_redirect_uri');
    expect(tool('http://128.0.0.1:8080/cb')).toBe('authorized');
    expect(tool('http://128.0.0.1:9999/cb')).toBe('invalid_redirect_uri');
    expect(tool('http://127.0.0.1:8080/cb')).toBe('invalid_redirect_uri');
  });

  it('refuses a registered URI with a fragment, even a loopback one whose port may vary', () => {
    expect(outcome({ redirectUri: 'http://127.0.0.1:8080/cb#top' })).toBe('invalid_redirect_uri');
    expect(outcome({ redirectUri: `${CALLBACK}#top` })).toBe('invalid_redirect_uri');
  });

  it('refuses another port for a host name: localhost is not a loopback IP literal', () => {
    expect(outcome({ redirectUri: 'http://localhost:4000/callback' })).toBe('invalid_redirect_uri');
  });

  it('refuses another host on the registered loopback URI’s port and path', () => {
    expect(outcome({ redirectUri: 'http://localhost:8080/cb' })).toBe('invalid_redirect_uri');
    expect(outcome({ redirectUri: 'http://[::1]:8080/cb' })).toBe('invalid_redirect_uri');
  });

  it('refuses a loopback URI with a user name or password the registered one lacks: only the port may differ', () => {
    expect(outcome({ redirectUri: 'http://attacker@127.0.0.1:9999/cb' })).toBe('invalid_redirect_uri');
    expect(outcome({ redirectUri: 'http://attacker:pw@127.0.0.1:8080/cb' })).toBe('invalid_redirect_uri');
    expect(outcome({ redirectUri: 'http://:pw@127.0.0.1:8080/cb' })).toBe('invalid_redirect_uri');
  });

  it('refuses a redirect URI that is no absolute URI', () => {
    expect(outcome({ redirectUri: 'callback' })).toBe('invalid_redirect_uri');
    expect(outcome({ redirectUri: '//127.0.0.1:8080/cb' })).toBe('invalid_redirect_uri');
  });

  it('refuses a loopback URI that differs in scheme, path or query, whatever the port', () => {
    expect(outcome({ redirectUri: 'https://127.0.0.1:9999/cb' })).toBe('invalid_redirect_uri');
    expect(outcome({ redirectUri: 'http://127.0.0.1:9999/other' })).toBe('invalid_redirect_uri');
    expect(outcome({ redirectUri: 'http://127.0.0.1:9999/cb?x=1' })).toBe('invalid_redirect_uri');
  });
});

describe('scopes with a tab or a line break', () => {
  it('are invalid_scope at the token endpoint, though each scope is the application’s', async () => {
    const before = mock.exportState();
    for (const scope of ['api\topenid', 'api\nopenid', 'api\r\nopenid']) {
      const answer = await post(mock, '/oauth/token', {
        grant_type: 'client_credentials',
        client_id: 'web-app',
        client_secret: SECRET,
        scope,
      });
      expect(answer.status, JSON.stringify(scope)).toBe(400);
      expect(answer.body).toEqual(INVALID_SCOPE);
    }
    expect(mock.exportState()).toEqual(before);
    // Separated by spaces, the same scopes are given.
    const spaced = await post(mock, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: 'web-app',
      client_secret: SECRET,
      scope: 'api openid',
    });
    expect(spaced.status).toBe(200);
    expect(spaced.body.scope).toBe('api openid');
  });

  it('are invalid_scope at authorization too', () => {
    expect(outcome({ scopes: 'api\topenid' })).toBe('invalid_scope');
  });
});

describe('a blank parameter is no parameter', () => {
  it('client_credentials with scope= empty gets the scopes it gets without a scope', async () => {
    const ask = (extra: Record<string, string>) =>
      post(mock, '/oauth/token', {
        grant_type: 'client_credentials',
        client_id: 'web-app',
        client_secret: SECRET,
        ...extra,
      });
    const blank = await ask({ scope: '' });
    const none = await ask({});
    expect(blank.status).toBe(200);
    expect(none.status).toBe(200);
    expect(blank.body.scope).toBe(none.body.scope);
  });
});

describe('a parameter sent as an array or an object is no parameter (the mock’s rule; never a 500)', () => {
  it('answers a password grant whose username is an array or an object as one without a username', async () => {
    const grant = (username?: unknown) =>
      mock
        .fetch(`${mock.baseUrl}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'password', ...webClient, username, password: 'olivia-password' }),
        })
        .then(async (response) => ({ status: response.status, body: await response.json() }));
    const before = mock.exportState();
    const without = await grant();
    expect(without.status).toBe(400);
    expect(without.body.error).toBe('invalid_grant');
    expect(await grant(['olivia'])).toEqual(without);
    expect(await grant({ login: 'olivia' })).toEqual(without);
    expect(mock.exportState()).toEqual(before);
  });
});

describe('a blank scope at authorization is none: the default, api', () => {
  it('shows the consent page for api, and gives a code for api, for scope= empty or white space', async () => {
    await signIn();
    for (const scope of ['', ' ', '\t']) {
      const answer = await askConsent({ scope });
      expect(answer.status, JSON.stringify(scope)).toBe(200);
      expect(formOf(answer.body as string).fields.scope).toBe('api');
    }
    for (const scope of ['', ' ', '\t']) {
      const { code } = mock.oauth.authorize({
        user: 'olivia',
        clientId: 'web-app',
        redirectUri: CALLBACK,
        scopes: scope,
      });
      const token = await exchange(mock, code);
      expect(token.status, JSON.stringify(scope)).toBe(200);
      expect(token.body.scope).toBe('api');
    }
  });

  it('is still invalid_scope for an application without api', () => {
    expect(outcome({ clientId: 'mobile-app', redirectUri: 'com.example.app:/oauth', scopes: '' })).toBe(
      'invalid_scope',
    );
  });
});

describe('POST /oauth/authorize refusals: back to the client only once the client and redirect URI are known', () => {
  beforeEach(() => signIn());

  /** The signed-in browser's POST, checked to change nothing. */
  async function decide(form: Record<string, string>) {
    const before = mock.exportState();
    const answer = await browser.request(`${mock.baseUrl}/oauth/authorize`, { form });
    expect(mock.exportState()).toEqual(before);
    return answer;
  }

  it('a missing client_id: 400 JSON, Doorkeeper’s missing-parameter description (not an unknown client)', async () => {
    const { client_id: _, ...form } = authorizeParams();
    const answer = await decide(form);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.body).toEqual({
      error: 'invalid_request',
      error_description: 'Missing required parameter: client_id.',
    });
  });

  it('a redirect URI not registered: 400 JSON, never a redirect to it', async () => {
    const answer = await decide(authorizeParams({ redirect_uri: 'https://evil.example/cb' }));
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.body).toEqual({
      error: 'invalid_redirect_uri',
      error_description: 'The redirect URI included is not valid.',
    });
  });

  it('a missing response_type: back to the client with invalid_request, its description and the state', async () => {
    const { response_type: _, ...form } = authorizeParams();
    const answer = await decide(form);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(
      `${CALLBACK}?error=invalid_request&error_description=Missing+required+parameter%3A+response_type.&state=st-1`,
    );
  });

  it('an unsupported response_type: back to the client with unsupported_response_type', async () => {
    const answer = await decide(authorizeParams({ response_type: 'token' }));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(
      `${CALLBACK}?error=unsupported_response_type&error_description=The+authorization+server+does+not+support+this+response+type.&state=st-1`,
    );
  });

  it('a code challenge method other than plain or S256: back to the client with invalid_code_challenge_method', async () => {
    const answer = await decide(authorizeParams({ code_challenge: 'abc', code_challenge_method: 'S512' }));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(
      `${CALLBACK}?error=invalid_code_challenge_method&error_description=The+code+challenge+method+must+be+plain+or+S256.&state=st-1`,
    );
  });
});

describe('consent is skipped only for a live token of the same confidential application, user and scopes', () => {
  /** A token for `user` of the web app with `scopes`, through the code grant. */
  async function grantedToken(user: string, scopes: string) {
    const { code } = mock.oauth.authorize({ user, clientId: 'web-app', redirectUri: CALLBACK, scopes });
    expect((await exchange(mock, code)).status).toBe(200);
  }

  beforeEach(() => signIn());

  it('skips it for the same scopes asked in another order', async () => {
    await grantedToken('olivia', 'api openid');
    const answer = await askConsent({ scope: 'openid api' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/callback\?code=[0-9a-f]{64}&state=st-1$/);
  });

  it('asks a public application’s user again, though they hold a live token of it with the same scopes', async () => {
    const { code } = mock.oauth.authorize({
      user: 'olivia',
      clientId: 'mobile-app',
      redirectUri: 'com.example.app:/oauth',
      scopes: 'read_api',
    });
    const token = await post(mock, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'com.example.app:/oauth',
      client_id: 'mobile-app',
    });
    expect(token.status).toBe(200);
    const answer = await askConsent({
      client_id: 'mobile-app',
      redirect_uri: 'com.example.app:/oauth',
      scope: 'read_api',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Authorize Mobile app to use your account?');
    expect(mock.world.oauthGrants.size).toBe(1);
  });

  it('asks again when the user’s token with those scopes is another application’s', async () => {
    mock.seed.application({
      name: 'Other app',
      redirect_uri: CALLBACK,
      scopes: 'api',
      application_id: 'other-app',
      secret: 'gloas-other',
    });
    const { code } = mock.oauth.authorize({ user: 'olivia', clientId: 'other-app', redirectUri: CALLBACK });
    const token = await post(mock, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: 'other-app',
      client_secret: 'gloas-other',
    });
    expect(token.status).toBe(200);
    const answer = await askConsent({ scope: 'api' });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Authorize Sign in with GitLab to use your account?');
  });

  it('asks again when the application’s token with those scopes is another user’s', async () => {
    await grantedToken('root', 'api');
    const answer = await askConsent({ scope: 'api' });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Authorize Sign in with GitLab to use your account?');
  });
});

describe('the redirect back to the client', () => {
  it('leaves out a state the request did not send', () => {
    const { code, redirect_to } = mock.oauth.authorize({ user: 'olivia', clientId: 'web-app', redirectUri: CALLBACK });
    expect(redirect_to).toBe(`${CALLBACK}?code=${code}`);
  });
});

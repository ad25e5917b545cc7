import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  GitLabConnectionError,
  GitLabResponseValidationError,
  GitLabTimeoutError,
  ServerError,
} from '../../src/index.js';
import { GitLabOAuth, OAuthError } from '../../src/oauth.js';
import { BASE, fakeFetch, type Handler, json, never } from './helpers.js';

// gitlab-admin-sdk/oauth against a fake fetch: what GitLab's provider never does on purpose (echo a
// secret, answer HTML, time out), so the mock cannot show it.

const SECRET = 'gloas-SECRET-do-not-leak';
const CODE = 'code-do-not-leak';
const VERIFIER = 'verifier-do-not-leak';

function oauthOn(handler: Handler, timeout?: number) {
  const { fetch, requests } = fakeFetch(handler);
  const oauth = new GitLabOAuth({
    baseUrl: `${BASE}/api/v4/`,
    clientId: 'app',
    clientSecret: SECRET,
    redirectUri: 'https://app.test/cb',
    fetch,
    timeout,
  });
  return { oauth, requests };
}

const exchange = (oauth: GitLabOAuth) =>
  oauth.exchangeCode({ code: CODE, codeVerifier: VERIFIER }).catch((e: unknown) => e);

function expectNoSecret(value: unknown): void {
  const shown = [inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }), JSON.stringify(value)];
  if (value instanceof Error) shown.push(value.message, String(value.stack));
  for (const text of shown) for (const secret of [SECRET, CODE, VERIFIER]) expect(text).not.toContain(secret);
}

describe('GitLabOAuth requests', () => {
  it('posts the code exchange as a form with client_secret_post, at the instance root', async () => {
    const { oauth, requests } = oauthOn(() =>
      json({
        access_token: 'a',
        token_type: 'Bearer',
        expires_in: 7200,
        refresh_token: 'r',
        scope: 'api',
        created_at: 1,
      }),
    );
    await oauth.exchangeCode({ code: CODE, codeVerifier: VERIFIER });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.rawUrl).toBe(`${BASE}/oauth/token`);
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(request?.body).toBe(
      `grant_type=authorization_code&code=${CODE}&redirect_uri=https%3A%2F%2Fapp.test%2Fcb&code_verifier=${VERIFIER}&client_id=app&client_secret=${SECRET}`,
    );
  });

  it('redacts every secret of the request that an error body or header echoes', async () => {
    const { oauth } = oauthOn(() =>
      json(
        { error: 'invalid_grant', error_description: `no ${CODE} for ${SECRET} with ${VERIFIER}` },
        { status: 400, headers: { 'www-authenticate': `Bearer error="invalid_grant" ${SECRET}` } },
      ),
    );
    const error = await exchange(oauth);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({
      error: 'invalid_grant',
      error_description: 'no [REDACTED] for [REDACTED] with [REDACTED]',
      status: 400,
    });
    expectNoSecret(error);
  });

  it('maps a non-OAuth failure to the SDK’s HTTP errors, with no secret', async () => {
    const { oauth } = oauthOn(() => new Response(`<h1>502 ${SECRET}</h1>`, { status: 502 }));
    const error = await exchange(oauth);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).url).toBe(`${BASE}/oauth/token`);
    expectNoSecret(error);
  });

  it('checks a 2xx answer against the model', async () => {
    const { oauth } = oauthOn(() => json({ access_token: 'a', token_type: 'Bearer', scope: 'api' }));
    const error = await exchange(oauth);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    expect((error as GitLabResponseValidationError).path).toBe('created_at');
  });

  it('gives up after its timeout, and reports a connection failure without the request that carried the secret', async () => {
    const slow = oauthOn(never, 20);
    expect(await exchange(slow.oauth)).toBeInstanceOf(GitLabTimeoutError);
    const broken = oauthOn((seen) => {
      throw Object.assign(new TypeError(`fetch failed: ${seen.body}`), { request: seen });
    });
    const error = await exchange(broken.oauth);
    expect(error).toBeInstanceOf(GitLabConnectionError);
    expectNoSecret(error);
  });

  it('reads the answer to an empty token as it came: an empty secret redacts nothing', async () => {
    // An app whose token went missing (an unset variable) asks about ''; GitLab says invalid_token.
    const { oauth, requests } = oauthOn(() =>
      json({ error: 'invalid_token', error_description: 'The access token is invalid' }, { status: 401 }),
    );
    const error = await oauth.tokenInfo('').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({
      error: 'invalid_token',
      error_description: 'The access token is invalid',
      status: 401,
    });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('rejects with the caller’s abort reason, unchanged', async () => {
    const { oauth } = oauthOn(never);
    const controller = new AbortController();
    const pending = oauth.tokenInfo('t', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new Error('navigated away'));
    expect(await pending).toEqual(new Error('navigated away'));
  });

  it('refuses a client without its required options', () => {
    expect(() => new GitLabOAuth({ baseUrl: BASE, clientId: '', redirectUri: 'https://app.test/cb' })).toThrow(
      new TypeError('clientId is required'),
    );
  });
});

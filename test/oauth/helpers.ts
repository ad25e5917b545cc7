import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { answerOf } from '../fixtures.js';

/**
 * A world with OAuth applications, and small clients for the provider's routes
 * over `mock.fetch` (or any fetch, for the CLI server): a token request, a
 * resource request with a bearer token, and a browser with a cookie jar that
 * does not follow redirects, so each step of the flow can be checked.
 */

export const CALLBACK = 'http://localhost:3000/callback';
export const SECRET = 'gloas-0000000000000000000000000000000000000000000000000000000000000001';
export const TRUSTED_SECRET = 'gloas-0000000000000000000000000000000000000000000000000000000000000002';

export const oauthSeed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'root', admin: true, token: 'glpat-root', password: 'root-password', email: 'root@acme.test' },
    { username: 'olivia', token: 'glpat-olivia', password: 'olivia-password', name: 'Olivia Ops' },
    { username: 'blocked', state: 'blocked', password: 'blocked-password' },
  ],
  groups: [
    { path: 'acme', members: { olivia: 50 } },
    { path: 'acme/platform', members: { root: 30 } },
  ],
  applications: [
    {
      id: 1,
      name: 'Sign in with GitLab',
      redirect_uri: `${CALLBACK}\nhttp://127.0.0.1:8080/cb`,
      scopes: 'api read_api openid profile email',
      application_id: 'web-app',
      secret: SECRET,
    },
    {
      id: 2,
      name: 'Mobile app',
      redirect_uri: 'com.example.app:/oauth',
      scopes: 'read_api openid',
      confidential: false,
      application_id: 'mobile-app',
    },
    {
      id: 3,
      name: 'Internal dashboard',
      redirect_uri: CALLBACK,
      scopes: 'api openid',
      application_id: 'trusted-app',
      secret: TRUSTED_SECRET,
      trusted: true,
    },
  ],
};

export const createOAuthMock = (seed: SeedDocument = oauthSeed) => createMockGitLab({ seed });

/** A JSON or text answer, with its status and headers. */
export type Answer = Awaited<ReturnType<typeof answerOf>>;

/** A form POST to a provider route (`/oauth/token`, `/oauth/revoke`...). */
export async function post(
  mock: Pick<MockGitLab, 'fetch' | 'baseUrl'>,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return answerOf(
    await mock.fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    }),
  );
}

/** A GET with optional headers (a bearer token...). */
export async function get(
  mock: Pick<MockGitLab, 'fetch' | 'baseUrl'>,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return answerOf(await mock.fetch(`${mock.baseUrl}${path}`, { headers, redirect: 'manual' }));
}

/** `Authorization: Bearer` for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The web app's client credentials in the body. */
export const webClient = { client_id: 'web-app', client_secret: SECRET };

/** Exchanges a code of the web app. */
export const exchange = (mock: MockGitLab, code: string, extra: Record<string, string> = {}) =>
  post(mock, '/oauth/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    ...webClient,
    ...extra,
  });

/** A code and its token for the web app, through the headless shortcut. */
export async function tokenFor(mock: MockGitLab, user = 'olivia', scopes = 'api openid', nonce?: string) {
  const { code } = mock.oauth.authorize({ user, clientId: 'web-app', redirectUri: CALLBACK, scopes, nonce });
  const answer = await exchange(mock, code);
  if (answer.status !== 200) throw new Error(`token request failed: ${JSON.stringify(answer.body)}`);
  return answer.body as {
    access_token: string;
    refresh_token: string;
    id_token?: string;
    expires_in: number;
    scope: string;
    created_at: number;
    token_type: string;
  };
}

/** A browser: keeps cookies, sends forms, never follows a redirect by itself. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly setCookies: string[] = [];

  constructor(private readonly fetcher: typeof fetch) {}

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await this.fetcher(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      this.setCookies.push(setCookie);
      const [pair = ''] = setCookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return answerOf(response);
  }
}

/** The hidden fields and buttons of a page's one form. */
export function formOf(page: string): { action: string; fields: Record<string, string> } {
  const forms = page.match(/<form\b/g) ?? [];
  if (forms.length !== 1) throw new Error(`expected one form, found ${forms.length}`);
  const action = page.match(/<form [^>]*action="([^"]+)"/)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[name as string] = (value as string).replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  }
  return { action: action.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))), fields };
}

/** PKCE: a verifier and its S256 challenge. */
export async function pkcePair(verifier = 'a'.repeat(43)): Promise<{ verifier: string; challenge: string }> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const challenge = Buffer.from(digest).toString('base64url');
  return { verifier, challenge };
}

/** Doorkeeper's `invalid_grant` answer. */
export const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
};

/** Doorkeeper's `invalid_client` answer. */
export const INVALID_CLIENT = {
  error: 'invalid_client',
  error_description:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
};

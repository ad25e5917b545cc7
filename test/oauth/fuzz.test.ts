import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_PATHS } from '../../mock/handlers/oauth.js';
import type { MockGitLab } from '../../mock/index.js';
import { CALLBACK, createOAuthMock, SECRET, tokenFor } from './helpers.js';

// The OAuth provider's routes (outside /api/v4, so not in the API fuzz suite's route
// list) under generated hostile requests (fast-check): hostile and plausible values for
// every parameter they read (real client ids, secrets, codes, refresh tokens among them),
// in the query, a form, JSON or a broken body, with hostile Authorization headers and
// cookies. Property: never a 5xx, never silence; a 4xx says what is wrong (an OAuth
// `error`, or the empty body and WWW-Authenticate of userinfo); a refused request leaves
// the world exactly as it was. Replay a failure with the `seed` and `path` fast-check prints.

const SEED = 20_261_507;
const RUNS_PER_ROUTE = 40;
const MOCK = createOAuthMock();

const HOSTILE: unknown[] = [
  '',
  ' ',
  'null',
  '%00',
  '\u0000',
  '€𝄞\u202e',
  'x'.repeat(5000),
  "'; DROP TABLE oauth_access_tokens; --",
  'javascript:alert(1)',
  'http://localhost:3000/callback#frag',
  'http://localhost:3000/callback/',
  'HTTP://LOCALHOST:3000/callback',
  'api\nsudo',
  0,
  -1,
  1e308,
  true,
  null,
  [],
  ['a', 'b'],
  {},
  { nested: ['x'] },
];

/** Values the routes may accept, so requests get past the parameters; `<code>` and friends are filled per run. */
const PLAUSIBLE: Record<string, unknown[]> = {
  grant_type: ['authorization_code', 'refresh_token', 'password', 'client_credentials', 'implicit', 'device_code'],
  code: ['<code>', '<code>', 'a'.repeat(64)],
  redirect_uri: [CALLBACK, 'http://127.0.0.1:9/cb', 'com.example.app:/oauth'],
  client_id: ['web-app', 'mobile-app', 'trusted-app', 'nope'],
  client_secret: [SECRET, `${SECRET}x`, ''],
  code_verifier: ['a'.repeat(43), 'short'],
  refresh_token: ['<refresh>', '<access>'],
  token: ['<access>', '<refresh>', 'nope'],
  token_type_hint: ['refresh_token', 'access_token', 'bogus'],
  access_token: ['<access>', 'nope'],
  scope: ['api', 'openid', 'api sudo', 'read_api openid'],
  scopes: ['api'],
  username: ['olivia', 'olivia@example.com', 'blocked', 'root'],
  password: ['olivia-password', 'wrong'],
  response_type: ['code', 'token'],
  state: ['s', ''],
  nonce: ['n'],
  code_challenge: ['c'.repeat(43)],
  code_challenge_method: ['S256', 'plain', 'S512'],
  _method: ['delete', 'put'],
  'user[login]': ['olivia', 'root@example.com', 'nobody'],
  'user[password]': ['olivia-password', 'nope'],
};
const NAMES = Object.keys(PLAUSIBLE);

const AUTHORIZATION = [
  null,
  null,
  `Basic ${btoa(`web-app:${SECRET}`)}`,
  `Basic ${btoa(`web-app:${SECRET.replace('-', '%2D')}`)}`,
  'Basic !!!not-base64',
  'Basic ',
  `Basic ${btoa('no-colon')}`,
  'Bearer <access>',
  'Bearer nope',
  'Bearer',
  'Digest x',
];
const COOKIES = [null, '_gitlab_session=nope', '_gitlab_session=<session>', 'user_return_to=%2F%2Fevil.example', '=;;'];
const BROKEN_BODIES = [
  { type: 'application/json', body: '{"grant_type":' },
  { type: 'application/json', body: '[1,2]' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nbroken' },
  { type: 'application/x-www-form-urlencoded', body: '%%%=%' },
];

interface Case {
  method: string;
  params: [string, unknown][];
  transport: 'query' | 'form' | 'json' | number;
  authorization: string | null;
  cookie: string | null;
}

const valueArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);
const paramArb: fc.Arbitrary<[string, unknown]> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(...NAMES)
      .chain((name) => fc.tuple(fc.constant(name), fc.constantFrom(...(PLAUSIBLE[name] as unknown[])))),
  },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...NAMES), valueArb) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ unit: 'binary', maxLength: 8 }), valueArb) },
);

const caseArb = (methods: string[]): fc.Arbitrary<Case> =>
  fc.record({
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...methods) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD') },
    ),
    params: fc.array(paramArb, { maxLength: 8 }),
    transport: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('query' as const, 'form' as const, 'json' as const) },
      { weight: 1, arbitrary: fc.nat({ max: BROKEN_BODIES.length - 1 }) },
    ),
    authorization: fc.constantFrom(...AUTHORIZATION),
    cookie: fc.constantFrom(...COOKIES),
  });

/** The values of this run's code, tokens and session, put where a case names them. */
type Live = Record<'code' | 'access' | 'refresh' | 'session', string>;
const fill = (text: string, live: Live) =>
  text.replace(/<(code|access|refresh|session)>/g, (_, k: keyof Live) => live[k]);
const asField = (value: unknown) =>
  typeof value === 'string' ? value : value === null ? '' : (JSON.stringify(value) ?? '');

function build(mock: MockGitLab, path: string, c: Case, live: Live): Request {
  const url = new URL(`${mock.baseUrl}${path}`);
  const headers = new Headers();
  if (c.authorization) headers.set('authorization', fill(c.authorization, live));
  if (c.cookie) headers.set('cookie', fill(c.cookie, live));
  const params = c.params.map(
    ([name, value]) => [name, typeof value === 'string' ? fill(value, live) : value] as const,
  );
  const hasBody = c.method !== 'GET' && c.method !== 'HEAD';
  let body: string | undefined;
  if (typeof c.transport === 'number') {
    const broken = BROKEN_BODIES[c.transport] as (typeof BROKEN_BODIES)[number];
    headers.set('content-type', broken.type);
    if (hasBody) body = broken.body;
  } else if (c.transport === 'query' || !hasBody) {
    for (const [name, value] of params) url.searchParams.append(name, asField(value));
  } else if (c.transport === 'json') {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(Object.fromEntries(params));
  } else {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(params.map(([name, value]) => [name, asField(value)])).toString();
  }
  return new Request(url, { method: c.method, headers, body, redirect: 'manual' });
}

const state = (mock: MockGitLab) =>
  JSON.stringify(mock.snapshot().state, (_key, value) => (value instanceof Map ? [...value.entries()] : value));

const statuses = new Map<number, number>();

async function check(mock: MockGitLab, path: string, c: Case, live: Live): Promise<void> {
  const before = state(mock);
  const request = build(mock, path, c, live);
  const what = `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(c).slice(0, 400)}`;
  const response = await mock.fetch(request);
  const text = await response.text();
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const answer = `${response.status} ${text.slice(0, 200)}`;
  if (response.status >= 500 || response.status < 200) throw new Error(`${what}\n→ ${answer}: not 2xx-4xx`);
  if (response.status < 400 || request.method === 'HEAD') return;
  const challenge = response.headers.get('www-authenticate');
  const said = text === '' ? challenge !== null : /"(error|message)"/.test(text);
  if (!said) throw new Error(`${what}\n→ ${answer}: a 4xx that does not say what is wrong`);
  if (state(mock) !== before) throw new Error(`${what}\n→ ${answer}: refused, yet the world changed`);
}

/** The routes with the methods each has (an unknown method falls through to the server's 404). */
const ROUTES: [string, string[]][] = OAUTH_PATHS.map((path) => [
  path,
  path === '/oauth/authorize'
    ? ['GET', 'POST', 'DELETE']
    : path === '/users/sign_in' || path === '/oauth/userinfo'
      ? ['GET', 'POST']
      : ['/oauth/token', '/oauth/revoke', '/oauth/introspect'].includes(path)
        ? ['POST']
        : ['GET'],
]);

describe('hostile requests on the OAuth routes (fast-check)', () => {
  beforeAll(async () => {
    // Make the signing key once and keep it in the seed `reset` goes back to: RSA key generation is slow.
    await MOCK.fetch(`${MOCK.baseUrl}/oauth/discovery/keys`);
    MOCK.loadState(MOCK.exportState());
  });

  ROUTES.forEach(([path, methods], index) => {
    it(`${methods.join('/')} ${path}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(caseArb(methods), { minLength: 1, maxLength: 3 }), async (cases) => {
          MOCK.reset();
          const token = await tokenFor(MOCK, 'olivia', 'api openid');
          const { code } = MOCK.oauth.authorize({ user: 'olivia', clientId: 'web-app', redirectUri: CALLBACK });
          const signIn = await MOCK.fetch(`${MOCK.baseUrl}/users/sign_in`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'user%5Blogin%5D=olivia&user%5Bpassword%5D=olivia-password',
            redirect: 'manual',
          });
          const session = /_gitlab_session=([0-9a-f]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
          const live = { code, access: token.access_token, refresh: token.refresh_token, session };
          for (const c of cases) await check(MOCK, path, c, live);
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: false },
      );
    });
  });

  afterAll(() => {
    console.log(`oauth fuzz: ${ROUTES.length} routes`, Object.fromEntries(statuses));
    // Not vacuous: some requests succeeded, some were sent back to a client or sign-in, some were refused.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(302) ?? 0).toBeGreaterThan(5);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(20);
    expect(statuses.get(401) ?? 0).toBeGreaterThan(20);
  });
});

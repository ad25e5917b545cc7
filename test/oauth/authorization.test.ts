import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../mock/handlers/index.js';
import { createMockGitLab, type MockGitLab, type WorldSnapshot } from '../../mock/index.js';
import { authorizationSeed, CALLERS, type Caller, fill, prepare, rows, type Targets } from '../authorization-table.js';
import { call } from '../fixtures.js';

// OAuth access tokens across the authorization table (test/authorization-table.ts),
// whose rows are every /api/v4 route: a token with `api` answers every route as its
// user's personal token does; `read_api` the same for GET and 403 insufficient_scope
// for writes; `openid` alone 403 everywhere; once expired, 401 with GitLab's OAuth body.
// The provider's own routes are outside /api/v4 and its callers (clients, browser
// sessions) are not the table's, so they have their suites: provider, pages, fuzz.

const CALLBACK = 'https://app.example.com/callback';
const USERS: [Caller, string][] = [
  ['nonMember', 'outsider'],
  ['guest', 'guest'],
  ['developer', 'developer'],
  ['owner', 'owner'],
  ['admin', 'root'],
];
const SCOPES = ['api', 'read_api', 'openid'] as const;

let mock: MockGitLab;
let initial: WorldSnapshot;
let targets: Targets;
/** Access tokens by caller and scope. */
const tokens = new Map<string, string>();

beforeAll(async () => {
  mock = createMockGitLab({
    seed: {
      ...authorizationSeed,
      applications: [
        ...(authorizationSeed.applications ?? []),
        {
          name: 'App',
          redirect_uri: CALLBACK,
          scopes: 'api read_api openid',
          application_id: 'app',
          secret: 'gloas-app',
        },
      ],
    },
  });
  targets = prepare(mock);
  for (const [caller, username] of USERS) {
    for (const scope of SCOPES) {
      const { code } = mock.oauth.authorize({ user: username, clientId: 'app', redirectUri: CALLBACK, scopes: scope });
      const response = await mock.fetch(`${mock.baseUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: CALLBACK,
          client_id: 'app',
          client_secret: 'gloas-app',
        }),
      });
      tokens.set(`${caller} ${scope}`, ((await response.json()) as { access_token: string }).access_token);
    }
  }
  initial = mock.snapshot();
});

/** Routes whose rule checks the token's scopes itself (a token rotating itself, `read_user` routes). */
const checksScopes = new Set(routes.filter((r) => r.checksScopes).map((r) => `${r.method} ${r.path}`));
/**
 * Routes for personal (and project) access tokens only: any OAuth token gets this status, whatever its
 * scopes (400 "requires token type to be a personal access token"; rotating itself, `not_allowed!`).
 */
const personalTokensOnly = new Map([
  ['GET /personal_access_tokens/self', 400],
  ['DELETE /personal_access_tokens/self', 400],
  ['GET /personal_access_tokens/self/associations', 400],
  ['POST /personal_access_tokens/self/rotate', 405],
]);
/** Of those, the route whose scopes are checked first (`api` or `self_rotate`): other scopes get 403. */
const scopedFirst = new Set(['POST /personal_access_tokens/self/rotate']);

describe('OAuth access tokens on every /api/v4 route', () => {
  it.each(rows)('$route', async (row) => {
    const method = row.route.split(' ')[0] as string;
    const actual: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const [caller] of USERS) {
      const asPersonal = row.expect[CALLERS.indexOf(caller)] as number;
      for (const scope of SCOPES) {
        mock.restore(initial);
        const token = tokens.get(`${caller} ${scope}`) as string;
        const response = await call(mock, method, fill(row.url, targets), {
          headers: { authorization: `Bearer ${token}` },
          json: row.body,
        });
        const key = `${caller} ${scope}`;
        actual[key] = response.status;
        const allowed = scope === 'api' || (scope === 'read_api' && method === 'GET');
        const tokenTypeStatus = personalTokensOnly.get(row.route);
        if (tokenTypeStatus !== undefined) {
          expected[key] = scopedFirst.has(row.route) && !allowed ? 403 : tokenTypeStatus;
        } else if (checksScopes.has(row.route) && scope !== 'api' && !allowed) {
          // Not the router's check: the rule refuses, never lets it through.
          expected[key] = response.status >= 400 ? response.status : -1;
        } else if (allowed) expected[key] = asPersonal;
        else {
          expected[key] = 403;
          expect(response.body, key).toMatchObject({ error: 'insufficient_scope' });
        }
      }
    }
    expect(actual).toEqual(expected);
  });

  it('answers an expired token 401 with GitLab’s OAuth body on every route', async () => {
    mock.restore(initial);
    mock.clock.advance({ hours: 2 });
    const token = tokens.get('owner api') as string;
    for (const row of rows) {
      const response = await call(mock, row.route.split(' ')[0] as string, fill(row.url, targets), {
        headers: { authorization: `Bearer ${token}` },
        json: row.body,
      });
      expect(response.status, row.route).toBe(401);
      expect(response.body, row.route).toEqual({
        error: 'invalid_token',
        error_description: 'Token is expired. You can either do re-authorization or token refresh.',
      });
    }
  });
});

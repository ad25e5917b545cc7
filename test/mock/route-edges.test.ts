import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../mock/handlers/index.js';
import { createMockGitLab, type MockGitLab, type WorldSnapshot } from '../../mock/index.js';
import { authorizationSeed, callerTokens, fill, prepare, rows, type Targets } from '../authorization-table.js';
import { call } from '../fixtures.js';

/**
 * GitLab's router (Grape) reads a path with its slashes squeezed and its trailing
 * slashes dropped, and every API route takes an optional `.json` suffix: each
 * route of the mock (every row of the authorization table) answers those
 * spellings exactly as it answers the plain one, from the same world. Routes whose last
 * segment may hold a dot (a branch named `ends-with.json`: GitLab's `BRANCH_ENDPOINT_REQUIREMENTS`)
 * keep the suffix as part of the name, so `.json` is not one of their spellings.
 */

/** The routes that keep a `.json` ending in their last segment (`keepsFormatSuffix`). */
const keepSuffix = new Set(
  Object.values(routes)
    .flat()
    .filter((r) => r.keepsFormatSuffix)
    .map((r) => `${r.method} ${r.path}`),
);

/** The spellings of a path GitLab's router reads as the path itself. */
function spellings(url: string, keepsSuffix: boolean): Record<string, string> {
  const [path = '', query] = url.split('?');
  const withQuery = (p: string) => (query === undefined ? p : `${p}?${query}`);
  return {
    'one trailing slash': withQuery(`${path}/`),
    'two trailing slashes': withQuery(`${path}//`),
    'doubled slashes': withQuery(path.replaceAll('/', '//')),
    ...(keepsSuffix ? {} : { 'the .json suffix': withQuery(`${path}.json`) }),
  };
}

describe('route edges, on every route', () => {
  let mock: MockGitLab;
  let initial: WorldSnapshot;
  let targets: Targets;

  beforeAll(() => {
    mock = createMockGitLab({ seed: authorizationSeed });
    targets = prepare(mock);
    initial = mock.snapshot();
  });

  const send = async (method: string, url: string, body: unknown, token: string | undefined) => {
    mock.restore(initial);
    const answer = await call(mock, method, url, { token, json: body });
    return { status: answer.status, body: method === 'GET' ? answer.body : undefined };
  };

  it.each(rows)('$route', async (row) => {
    const method = row.route.split(' ')[0] as string;
    const url = fill(row.url, targets);
    // An owner (answers a 2xx almost everywhere) and an outsider (the refusals).
    for (const token of [callerTokens.owner, callerTokens.nonMember]) {
      const plain = await send(method, url, row.body, token);
      for (const [spelling, variant] of Object.entries(spellings(url, keepSuffix.has(row.route)))) {
        expect(await send(method, variant, row.body, token), `${spelling}: ${method} ${variant}`).toEqual(plain);
      }
    }
  });
});

describe('route edges, one by one', () => {
  const mock = createMockGitLab({ seed: authorizationSeed });
  const owner = callerTokens.owner;
  const reasonOf = () => mock.requests.list().at(-1)?.reason;

  it("reads `/milestones/?state=active` as the collection, not as a milestone with an empty id (GitLab's 200)", async () => {
    const plain = await call(mock, 'GET', '/projects/acme%2Fapi/milestones?state=active', { token: owner });
    const slashed = await call(mock, 'GET', '/projects/acme%2Fapi/milestones/?state=active', { token: owner });
    expect(slashed.status).toBe(200);
    expect(slashed.body).toEqual(plain.body);
    expect(Array.isArray(slashed.body)).toBe(true);
  });

  it('keeps an encoded slash inside its segment: only real slashes are squeezed', async () => {
    const answer = await call(mock, 'GET', '/projects/acme%2F%2Fapi/milestones', { token: owner });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: '404 Project Not Found' });
  });

  it('cuts `.json` only as a suffix of the last segment, and a bare `.json` segment is not a suffix', async () => {
    expect((await call(mock, 'GET', '/projects.json/acme%2Fapi', { token: owner })).status).toBe(404);
    expect(reasonOf()).toMatch(/^not modelled by this mock: GET \/api\/v4\/projects\.json\//);
    const bare = await call(mock, 'GET', '/projects/acme%2Fapi/milestones/.json', { token: owner });
    expect(bare.status).toBe(400);
  });

  it("answers GitLab's catch-all 404 for a known path with another method, however it is spelled", async () => {
    for (const path of ['/projects/acme%2Fapi/milestones/', '/projects/acme%2Fapi/milestones.json']) {
      const res = await call(mock, 'PATCH', path, { token: owner });
      expect([res.status, res.body], path).toEqual([404, { error: '404 Not Found' }]);
      expect(reasonOf(), path).toMatch(
        /^not modelled by this mock: PATCH \/api\/v4\/projects\/:id\/milestones \(the path has GET, POST;/,
      );
    }
  });

  it("journals an unmodelled route by its template, without the slashes or the suffix GitLab's router ignores", async () => {
    for (const path of ['/projects/1/pipelines/', '/projects//1//pipelines', '/projects/1/pipelines.json']) {
      expect((await call(mock, 'GET', path, { token: owner })).status).toBe(404);
      expect(reasonOf(), path).toBe('not modelled by this mock: GET /api/v4/projects/:id/pipelines');
    }
    await call(mock, 'GET', '/projects/1/milestone/', { token: owner });
    expect(reasonOf()).toBe(
      'not modelled by this mock: GET /api/v4/projects/:id/milestone (the nearest modelled route is GET /api/v4/projects/:id/milestones)',
    );
  });

  it('squeezes slashes before the API prefix too', async () => {
    const response = await mock.fetch(`${mock.baseUrl}//api//v4/projects/acme%2Fapi/milestones`, {
      headers: { 'PRIVATE-TOKEN': owner as string },
    });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });

  it('journals the path as it was sent', async () => {
    await call(mock, 'GET', '/projects/acme%2Fapi/milestones/', { token: owner });
    expect(mock.requests.list().at(-1)?.path).toBe('/api/v4/projects/acme%2Fapi/milestones/');
  });
});

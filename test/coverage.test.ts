import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODELLED_ROUTES, routes } from '../mock/handlers/index.js';
import { createMockGitLab, demoSeed } from '../mock/index.js';
import { startMockServer } from '../mock/node/index.js';
import { COVERAGE_PAGE, coveragePage } from '../tools/coverage-page.js';
import { createTestMock, testSeed } from './fixtures.js';

/** SPEC 8: a route the mock does not model answers GitLab's 404 but is never journalled as if GitLab had said so. */

const ROOT = 'glpat-root';

async function get(mock: ReturnType<typeof createTestMock>, path: string, method = 'GET') {
  const response = await mock.fetch(`${mock.baseUrl}/api/v4${path}`, { method, headers: { 'PRIVATE-TOKEN': ROOT } });
  const entry = mock.requests.list().at(-1);
  return { status: response.status, body: await response.json(), reason: entry?.reason };
}

describe('unmodelled routes', () => {
  it("answer GitLab's own 404 body, and the journal says the route is not modelled, with its path template", async () => {
    const mock = createTestMock();
    const answer = await get(mock, '/projects/acme%2Fplatform%2Fapi/pipelines/17/jobs');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: '404 Not Found' });
    expect(answer.reason).toBe('not modelled by this mock: GET /api/v4/projects/:id/pipelines/:pipeline_id/jobs');
    expect((await get(mock, '/projects/1/merge_requests/3/notes', 'POST')).reason).toBe(
      'not modelled by this mock: POST /api/v4/projects/:id/merge_requests/:merge_request_iid/notes',
    );
    expect((await get(mock, '/application/settings')).reason).toBe(
      'not modelled by this mock: GET /api/v4/application/settings',
    );
  });

  it('name the nearest modelled route when one is close (a typo, a missing s), and none when nothing is', async () => {
    const mock = createTestMock();
    expect((await get(mock, '/projects/1/milestone')).reason).toBe(
      'not modelled by this mock: GET /api/v4/projects/:id/milestone (the nearest modelled route is GET /api/v4/projects/:id/milestones)',
    );
    expect((await get(mock, '/projects/1/acess_tokens')).reason).toBe(
      'not modelled by this mock: GET /api/v4/projects/:id/acess_tokens (the nearest modelled route is GET /api/v4/projects/:id/access_tokens)',
    );
    expect((await get(mock, '/projects/1/pipelines')).reason).toBe(
      'not modelled by this mock: GET /api/v4/projects/:id/pipelines',
    );
  });

  it('are told to onUnmodelled, each request', async () => {
    const onUnmodelled = vi.fn();
    const mock = createMockGitLab({ seed: testSeed, onUnmodelled });
    await get(mock as ReturnType<typeof createTestMock>, '/projects/1/pipelines');
    await get(mock as ReturnType<typeof createTestMock>, '/projects/2/pipelines');
    await get(mock as ReturnType<typeof createTestMock>, '/projects/1/milestones');
    expect(onUnmodelled.mock.calls).toEqual([
      ['GET /api/v4/projects/:id/pipelines'],
      ['GET /api/v4/projects/:id/pipelines'],
    ]);
  });

  it('a modelled route that does not exist in this world (SCIM off the hosted offering) says so, not "not modelled"', async () => {
    const mock = createTestMock({ ...testSeed, instance: { offering: 'self-managed', plan: 'premium' } });
    const answer = await get(mock, '/groups/acme/scim/identities');
    expect(answer.status).toBe(404);
    expect(answer.reason).toBe(
      'GET /api/v4/groups/:id/scim/identities does not exist in this world (its offering or plan)',
    );
  });
});

describe('the list of modelled routes', () => {
  it('has every API route once, each with an area, and the OAuth provider routes', () => {
    const api = MODELLED_ROUTES.filter((route) => route.path.startsWith('/api/v4/'));
    expect(api).toHaveLength(routes.length);
    expect(new Set(MODELLED_ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(MODELLED_ROUTES.length);
    for (const route of MODELLED_ROUTES) expect(route.area, `${route.method} ${route.path}`).toMatch(/\w/);
    expect(MODELLED_ROUTES).toContainEqual({ method: 'POST', path: '/oauth/token', area: 'OAuth provider' });
  });

  it('is what docs/coverage.md shows (run `npm run docs:coverage` after adding a route)', () => {
    expect(readFileSync(COVERAGE_PAGE, 'utf8')).toBe(coveragePage(MODELLED_ROUTES));
  });
});

describe('the mock server', () => {
  afterEach(() => vi.restoreAllMocks());

  it('serves the list at GET /__mock/routes and logs each unmodelled route once, whichever world met it', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const server = await startMockServer({ port: 0, seed: demoSeed });
    try {
      const listed = await fetch(`${server.url}/__mock/routes`);
      expect(await listed.json()).toEqual(MODELLED_ROUTES);
      for (const base of [server.url, server.url, `${server.url}/worlds/w1`]) {
        expect((await fetch(`${base}/api/v4/projects/1/pipelines`)).status).toBe(404);
      }
      await fetch(`${server.url}/api/v4/projects/1/jobs`);
      const lines = write.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('not modelled'));
      expect(lines).toEqual([
        '[gitlab-admin-sdk mock server] not modelled by this mock: GET /api/v4/projects/:id/pipelines (answered 404)\n',
        '[gitlab-admin-sdk mock server] not modelled by this mock: GET /api/v4/projects/:id/jobs (answered 404)\n',
      ]);
    } finally {
      await server.close();
    }
  });
});

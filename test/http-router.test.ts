import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockGitLab, type MockGitLab } from '../mock/index.js';
import { createTestMock, testSeed } from './fixtures.js';

// In-process tests of mock/http/router.ts, each killing a mutant its first mutation run left alive:
// how an unavailable or unmodelled route answers, the 500 of a mock bug, a refusal's reason in the
// journal, HEAD, the API prefix under a base URL's own path, the world clock, and the journal entry.

const TOKEN = 'glpat-maintainer';
const PROJECT = 'acme%2Fplatform%2Fapi';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Status, headers and raw text of a request through `mock.fetch`, to `path` below the base URL. */
async function send(mock: MockGitLab, method: string, path: string, init: RequestInit = {}) {
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}${path}`, { method, headers: { 'PRIVATE-TOKEN': TOKEN }, ...init }),
  );
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The journal's last entry. */
const lastEntry = (mock: MockGitLab) => {
  const entry = mock.requests.list().at(-1);
  if (!entry) throw new Error('the journal is empty');
  return entry;
};

describe('a route that does not exist in this world', () => {
  const selfManaged = { ...testSeed, instance: { offering: 'self-managed' as const } };

  it("answers GitLab's 404 and names the route and why, without calling it unmodelled", async () => {
    const unmodelled: string[] = [];
    const mock = createMockGitLab({ seed: selfManaged, onUnmodelled: (route) => unmodelled.push(route) });
    const answer = await send(mock, 'GET', '/api/v4/groups/acme/scim/identities', {
      headers: { 'PRIVATE-TOKEN': 'glpat-owner' },
    });
    expect([answer.status, answer.text]).toEqual([404, '{"error":"404 Not Found"}']);
    // `/groups/:id/scim/:uid` matches too: the first route declared for the path is the one named.
    expect(lastEntry(mock).reason).toBe(
      'GET /api/v4/groups/:id/scim/identities does not exist in this world (its offering or plan)',
    );
    expect(unmodelled).toEqual([]);
  });
});

describe('onUnmodelled', () => {
  it('is told the method and the route template of a request the mock does not model', async () => {
    const unmodelled: string[] = [];
    const mock = createMockGitLab({ seed: testSeed, onUnmodelled: (route) => unmodelled.push(route) });
    const answer = await send(mock, 'GET', `/api/v4/projects/${PROJECT}/pipelines`);
    expect([answer.status, answer.text]).toEqual([404, '{"error":"404 Not Found"}']);
    expect(unmodelled).toEqual(['GET /api/v4/projects/:id/pipelines']);
  });
});

describe('the API prefix itself', () => {
  it("is the mock's: `/api/v4` without a trailing slash answers GitLab's 404 for an unknown route", async () => {
    const mock = createTestMock();
    const answer = await send(mock, 'GET', '/api/v4');
    expect([answer.status, answer.text]).toEqual([404, '{"error":"404 Not Found"}']);
    expect(lastEntry(mock)).toMatchObject({ method: 'GET', path: '/api/v4', status: 404 });
  });
});

describe('an unhandled error in a handler', () => {
  it("answers GitLab's 500 and logs the error, and the mock keeps answering", async () => {
    const mock = createTestMock();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = new Error('boom');
    // A bug in the mock, as a rule reading the labels would meet it.
    mock.world.labels.values = () => {
      throw boom;
    };
    const answer = await send(mock, 'GET', `/api/v4/projects/${PROJECT}/labels`);
    expect([answer.status, answer.text]).toEqual([500, '{"message":"500 Internal Server Error"}']);
    expect(logged).toHaveBeenCalledWith('[gitlab-admin-sdk mock] unhandled error', boom);
    const entry = lastEntry(mock);
    expect([entry.status, entry.user, 'reason' in entry]).toEqual([500, 'maintainer', false]);
    expect((await send(mock, 'GET', `/api/v4/projects/${PROJECT}`)).status).toBe(200);
  });
});

describe("a refusal's reason when its rule names none", () => {
  it("is GitLab's message itself: 400 for a missing parameter (the `error` key)", async () => {
    const mock = createTestMock();
    await send(mock, 'GET', '/api/v4/user'); // the token's first use stamps its `last_used_at`
    const before = mock.exportState();
    const answer = await send(mock, 'POST', `/api/v4/projects/${PROJECT}/milestones`);
    expect([answer.status, answer.text]).toEqual([400, '{"error":"title is missing"}']);
    expect(lastEntry(mock).reason).toBe('title is missing');
    expect(mock.exportState()).toEqual(before);
  });
});

describe('a known path with a method it does not have', () => {
  it("answers GitLab's catch-all 404 (not 405), names the path's methods in the journal, and reports it unmodelled", async () => {
    const unmodelled: string[] = [];
    const mock = createMockGitLab({ seed: testSeed, onUnmodelled: (route) => unmodelled.push(route) });
    const before = mock.exportState();
    const answer = await send(mock, 'DELETE', `/api/v4/projects/${PROJECT}/milestones/`);
    expect([answer.status, answer.text]).toEqual([404, '{"error":"404 Not Found"}']);
    expect(lastEntry(mock).reason).toBe(
      "not modelled by this mock: DELETE /api/v4/projects/:id/milestones (the path has GET, POST; GitLab's catch-all route answers any other method 404)",
    );
    expect(unmodelled).toEqual(['DELETE /api/v4/projects/:id/milestones']);
    expect(mock.exportState()).toEqual(before);
  });
});

describe('HEAD', () => {
  it('answers as GET without a body, and the journal keeps no body', async () => {
    const mock = createTestMock();
    const get = await send(mock, 'GET', `/api/v4/projects/${PROJECT}`);
    const head = await send(mock, 'HEAD', `/api/v4/projects/${PROJECT}`);
    expect([head.status, head.text]).toEqual([200, '']);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    const entry = lastEntry(mock);
    expect(entry).toMatchObject({ method: 'HEAD', status: 200, user: 'maintainer' });
    expect(mock.requests.get(entry.seq)?.response.body).toBeNull();
  });
});

describe('JSON limits under a base URL with its own path', () => {
  it('apply to a body without a content type sent to `/gitlab/api/v4/...`, as to one under `/api/v4`', async () => {
    const mock = createMockGitLab({ seed: testSeed, baseUrl: 'http://gitlab.test/gitlab' });
    const before = mock.exportState();
    // 33 nested arrays, as bytes: `fetch` sets no content type for them.
    const body = new TextEncoder().encode(`${'['.repeat(33)}${']'.repeat(33)}`);
    const answer = await send(mock, 'POST', `/api/v4/projects/${PROJECT}/labels`, { body });
    expect([answer.status, answer.text]).toEqual([400, '{"error":"Parameters nested too deeply"}']);
    expect(lastEntry(mock)).toMatchObject({
      path: `/api/v4/projects/${PROJECT}/labels`,
      reason: 'over the JSON limit max_depth',
    });
    // Refused in front of GitLab's authentication: the token is not marked used (the body parser
    // would refuse the same body later, once the caller is authenticated).
    expect(mock.exportState()).toEqual(before);
  });
});

describe('the world clock of a request', () => {
  it("follows real time: the journal's `at` is the moment the request came", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const mock = createMockGitLab({ seed: testSeed, now: 'real' });
    vi.setSystemTime(new Date('2030-01-01T01:00:00Z'));
    await send(mock, 'GET', `/api/v4/projects/${PROJECT}`);
    expect(lastEntry(mock).at).toBe('2030-01-01T01:00:00.000Z');
  });
});

describe('the journal entry', () => {
  it('keeps the path as sent, runs of slashes included', async () => {
    const mock = createTestMock();
    const answer = await send(mock, 'GET', `/api/v4/projects//${PROJECT}`);
    expect(answer.status).toBe(200);
    expect(lastEntry(mock).path).toBe(`/api/v4/projects//${PROJECT}`);
  });

  it('gives the time taken in milliseconds, to the microsecond at most, within the time the call took', async () => {
    const mock = createTestMock();
    // A delay, so the time taken is not zero.
    mock.faults.add({ path: '/projects/:id', delayMs: 5 });
    const start = performance.now();
    const answer = await send(mock, 'GET', `/api/v4/projects/${PROJECT}`);
    const wall = performance.now() - start;
    expect(answer.status).toBe(200);
    const { ms } = lastEntry(mock);
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(wall);
    expect(Math.round(ms * 1000) / 1000).toBe(ms);
  });

  it('has no reason for a 5xx, even an injected one', async () => {
    const mock = createTestMock();
    const fault = mock.faults.add({ path: '/projects/:id', status: 500 });
    const answer = await send(mock, 'GET', `/api/v4/projects/${PROJECT}`);
    expect(answer.status).toBe(500);
    const entry = lastEntry(mock);
    expect(entry.status).toBe(500);
    expect('reason' in entry).toBe(false);
    // The same fault with a 4xx is named as the reason.
    mock.faults.clear();
    const refused = mock.faults.add({ path: '/projects/:id', status: 404 });
    await send(mock, 'GET', `/api/v4/projects/${PROJECT}`);
    expect(lastEntry(mock).reason).toBe(`injected fault #${refused.id}`);
    expect(refused.id).not.toBe(fault.id);
  });
});

describe('the `.json` format suffix', () => {
  it("is cut only after a name: a last segment that is just `.json` is the name, as Grape's `[^/]+` reads it", async () => {
    const mock = createTestMock();
    const project = await send(mock, 'GET', '/api/v4/projects/.json');
    expect([project.status, project.text]).toEqual([404, '{"message":"404 Project Not Found"}']);
    expect(lastEntry(mock).reason).toBe('no project .json');
    const unknown = await send(mock, 'GET', '/api/v4/projects/1/.json');
    expect(unknown.status).toBe(404);
    expect(lastEntry(mock).reason).toBe('not modelled by this mock: GET /api/v4/projects/:id/.json');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockRequest } from '../mock/http/mock-request.js';
import type { MockGitLab } from '../mock/index.js';
import { plainRouterOf } from '../mock/mock.js';
import { createTestMock } from './fixtures.js';

// In-process tests of mock/http/coverage.ts (the journal's reason for an unmodelled route, and the
// nearest modelled route it names) and mock/http/faults.ts (what a fault answers, which requests it
// matches, and its delay's signal), each killing a mutant the first mutation run left alive.
// test/coverage.test.ts drives an HTTP server as well, so Stryker leaves it out: these run the mock here.

const TOKEN = 'glpat-maintainer';
let mock: MockGitLab;

beforeEach(() => {
  mock = createTestMock();
  return () => {
    vi.useRealTimers();
  };
});

/** Status, headers and raw text of a request through `mock.fetch`. */
async function send(method: string, path: string, init: RequestInit = {}) {
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}/api/v4${path}`, { method, headers: { 'PRIVATE-TOKEN': TOKEN }, ...init }),
  );
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The journal's reason for the last request. */
const reasonOf = () => mock.requests.list().at(-1)?.reason;

/** The journal's reason for an unmodelled request, after checking it got GitLab's 404. */
async function unmodelled(method: string, path: string) {
  const answer = await send(method, path);
  expect([answer.status, answer.text], path).toEqual([404, '{"error":"404 Not Found"}']);
  return reasonOf();
}

const NOT_MODELLED = 'not modelled by this mock:';

describe('the template of an unmodelled route', () => {
  it('keeps a number as the first segment as it is (nothing before it to name it after)', async () => {
    expect(await unmodelled('GET', '/123')).toBe(`${NOT_MODELLED} GET /api/v4/123`);
  });

  it('names the value after a collection ending in -ies with its singular in -y', async () => {
    expect(await unmodelled('GET', '/projects/1/dependencies/5')).toBe(
      `${NOT_MODELLED} GET /api/v4/projects/:id/dependencies/:dependency_id`,
    );
  });
});

describe('the nearest modelled route of an unmodelled one', () => {
  it('is never a parameter for a literal segment, however alike their names', async () => {
    // A literal against a parameter is wholly unlike, though `milestone_id` is one edit from `:milestone_id`
    // (else `milestone` a tenth away from `milestones` would make GET /projects/:id/milestones/:milestone_id near).
    expect(await unmodelled('GET', '/projects/1/milestone/milestone_id')).toBe(
      `${NOT_MODELLED} GET /api/v4/projects/:id/milestone/milestone_id`,
    );
    // Nor is a literal that looks like a parameter one edit from a literal.
    expect(await unmodelled('GET', '/projects/1/:milestones')).toBe(
      `${NOT_MODELLED} GET /api/v4/projects/:id/:milestones`,
    );
    // A value where the route has a literal: `active` is no milestone id.
    expect(await unmodelled('GET', '/projects/1/milestone/active')).toBe(
      `${NOT_MODELLED} GET /api/v4/projects/:id/milestone/active`,
    );
  });

  it('is found at a distance under 0.35 and not at 0.35', async () => {
    // `projec` is two edits from `projects` (2/8 = 0.25): close.
    expect(await unmodelled('GET', '/projec/1/milestones')).toBe(
      `${NOT_MODELLED} GET /api/v4/projec/:id/milestones (the nearest modelled route is GET /api/v4/projects/:id/milestones)`,
    );
    // And `milestone` one more from `milestones` (0.25 + 1/10 = 0.35): not close.
    expect(await unmodelled('GET', '/projec/1/milestone')).toBe(`${NOT_MODELLED} GET /api/v4/projec/:id/milestone`);
  });

  it('has the same method first, then any method', async () => {
    // GET /projects/:id/milestones comes first in the routes, as near by its path.
    expect(await unmodelled('POST', '/projects/1/milestone')).toBe(
      `${NOT_MODELLED} POST /api/v4/projects/:id/milestone (the nearest modelled route is POST /api/v4/projects/:id/milestones)`,
    );
    expect(await unmodelled('GET', '/projects/1/milestone')).toBe(
      `${NOT_MODELLED} GET /api/v4/projects/:id/milestone (the nearest modelled route is GET /api/v4/projects/:id/milestones)`,
    );
    expect(await unmodelled('PATCH', '/projects/1/milestone')).toBe(
      `${NOT_MODELLED} PATCH /api/v4/projects/:id/milestone (the nearest modelled route is GET /api/v4/projects/:id/milestones)`,
    );
  });
});

describe("a status fault's default body and headers", () => {
  it("answers 429 with GitLab's Retry later text as text/plain, and a given 429 body as JSON", async () => {
    mock.faults.add({ status: 429, times: 1 });
    const busy = await send('GET', '/projects/1/milestones');
    expect([busy.status, busy.headers.get('content-type'), busy.text]).toEqual([429, 'text/plain', 'Retry later\n']);
    mock.faults.add({ status: 429, body: { message: 'slow down' }, times: 1 });
    const given = await send('GET', '/projects/1/milestones');
    expect([given.status, given.headers.get('content-type'), given.text]).toEqual([
      429,
      'application/json',
      '{"message":"slow down"}',
    ]);
  });

  it('answers 204 and 304 with no body and no Content-Type', async () => {
    for (const status of [204, 304]) {
      mock.faults.add({ status, times: 1 });
      const answer = await send('GET', '/projects/1/milestones');
      expect([answer.status, answer.headers.get('content-type'), answer.text], String(status)).toEqual([
        status,
        null,
        '',
      ]);
    }
  });

  it('answers {} to another success, and "<status> <reason>" from 400 on ("Error" for a status without a phrase)', async () => {
    const bodies: [number, string][] = [];
    for (const status of [200, 399, 400, 599]) {
      mock.faults.add({ status, times: 1 });
      const answer = await send('GET', '/projects/1/milestones');
      expect([answer.status, answer.headers.get('content-type')]).toEqual([status, 'application/json']);
      bodies.push([status, answer.text]);
    }
    expect(bodies).toEqual([
      [200, '{}'],
      [399, '{}'],
      [400, '{"message":"400 Bad Request"}'],
      [599, '{"message":"599 Error"}'],
    ]);
  });

  it('sends no Retry-After without retryAfter', async () => {
    mock.faults.add({ status: 503, times: 1 });
    const answer = await send('GET', '/projects/1/milestones');
    expect([answer.status, answer.headers.get('retry-after')]).toEqual([503, null]);
  });
});

describe('which requests a fault matches', () => {
  it('never matches a path shorter than its pattern, even one ending in **', async () => {
    const longer = mock.faults.add({ path: '/projects/:id/milestones', status: 503 });
    const rest = mock.faults.add({ path: '/projects/*/**', status: 502 });
    expect((await send('GET', '/projects')).status).toBe(200);
    expect([longer.hits, rest.hits]).toEqual([0, 0]);
    expect((await send('GET', '/projects/1')).status).toBe(502);
    expect([longer.hits, rest.hits]).toEqual([0, 1]);
  });

  it('matches HEAD only for a GET fault, not for another method', async () => {
    const post = mock.faults.add({ method: 'POST', status: 503 });
    expect((await send('HEAD', '/projects/1/milestones')).status).toBe(200);
    expect(post.hits).toBe(0);
  });

  it('keeps remaining null for a fault without times, however often it strikes', async () => {
    const fault = mock.faults.add({ status: 503 });
    await send('GET', '/projects/1/milestones');
    await send('GET', '/projects/1/milestones');
    expect(mock.faults.list()).toEqual([{ id: fault.id, status: 503, hits: 2, remaining: null }]);
  });

  it('removes a fault by its id', async () => {
    const a = mock.faults.add({ status: 503 });
    const b = mock.faults.add({ status: 502 });
    expect(mock.faults.remove(a.id)).toBe(true);
    expect(mock.faults.list().map((f) => f.id)).toEqual([b.id]);
    expect((await send('GET', '/projects/1/milestones')).status).toBe(502);
  });

  it('refuses a body or headers without a status', () => {
    expect(() => mock.faults.add({ delayMs: 10, body: 'late' })).toThrow(/need a status/);
    expect(() => mock.faults.add({ delayMs: 10, headers: { 'x-late': '1' } })).toThrow(/need a status/);
    expect(mock.faults.list()).toEqual([]);
  });
});

describe("a fault's delay and the client's signal", () => {
  const milestone = (signal: AbortSignal) =>
    mock.fetch(
      new Request(`${mock.baseUrl}/api/v4/projects/1/milestones`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'late' }),
        signal,
      }),
    );

  it('drops a request whose client gave up before the delay began, and it never lands', async () => {
    const fault = mock.faults.add({ method: 'POST', delayMs: 10 });
    const before = JSON.stringify(mock.exportState());
    await expect(milestone(AbortSignal.abort())).rejects.toThrow('fetch failed');
    expect(fault.hits).toBe(1);
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });

  it('answers a status fault without a delay at once, whatever the signal', async () => {
    mock.faults.add({ method: 'POST', status: 503 });
    const before = JSON.stringify(mock.exportState());
    const answer = await milestone(AbortSignal.abort());
    expect(answer.status).toBe(503);
    expect(reasonOf()).toBe(undefined);
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });

  it('waits the delay and lets the request through for a caller with no signal (the HTTP server without delays)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const router = plainRouterOf(mock);
    if (!router) throw new Error('no plain router');
    const fault = mock.faults.add({ method: 'GET', delayMs: 10 });
    const request: MockRequest = {
      method: 'GET',
      url: new URL(`${mock.baseUrl}/api/v4/projects/1/milestones`),
      header: (name) => (name === 'private-token' ? TOKEN : null),
      text: () => Promise.resolve(''),
    };
    let settled: unknown;
    const pending = router(request).then(
      (response) => {
        settled = response && typeof response === 'object' ? response.status : response;
      },
      (error: unknown) => {
        settled = error;
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect([fault.hits, settled]).toEqual([1, undefined]);
    await vi.advanceTimersByTimeAsync(10);
    // The rest of the answer runs on promises: a few turns of the real event loop see it through.
    for (let i = 0; i < 5 && settled === undefined; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(200);
    await pending;
  });
});

import { inspect } from 'node:util';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockGitLab, type MockGitLab, SeedError } from '../mock/index.js';
import {
  GitLab,
  GitLabConnectionError,
  GitLabResponseValidationError,
  GitLabTimeoutError,
  RateLimitError,
  ServerError,
} from '../src/index.js';
import { call, createTestMock, testSeed } from './fixtures.js';

// The mock as a fault injector (mock.faults), and the SDK's retries, timeouts and connection
// errors proven against it: the faults a proxy or a struggling GitLab gives, offline.

const API = 'acme/platform/api';
const TOKEN = 'glpat-maintainer';
let mock: MockGitLab;

beforeEach(() => {
  mock = createTestMock();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A client with retries on and no backoff wait, unless `options` says otherwise. */
const sdk = (options: Partial<ConstructorParameters<typeof GitLab>[0]> = {}) =>
  new GitLab({ baseUrl: mock.baseUrl, token: TOKEN, fetch: mock.fetch, retry: { backoffLimit: 0 }, ...options });

const milestoneCount = () => mock.world.milestones.size;

/** Waits, on the real event loop (not the fake timers, which `vi.waitFor` would advance), until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('mock.faults', () => {
  it('answers the fault instead of GitLab, for the matching method and path only', async () => {
    mock.faults.add({ method: 'GET', path: '/projects/:id/milestones', status: 503 });
    expect((await call(mock, 'GET', `/projects/acme%2Fplatform%2Fapi/milestones`, { token: TOKEN })).status).toBe(503);
    expect((await call(mock, 'HEAD', `/projects/1/milestones`, { token: TOKEN })).status).toBe(503);
    // Another method, a longer path, another route: GitLab answers.
    const created = await call(mock, 'POST', '/projects/1/milestones', { token: TOKEN, json: { title: 'x' } });
    expect(created.status).toBe(201);
    expect((await call(mock, 'GET', '/projects/1/milestones/1', { token: TOKEN })).status).toBe(200);
    expect((await call(mock, 'GET', '/projects/1/access_tokens', { token: TOKEN })).status).toBe(200);
  });

  it("answers GitLab's body for the status, or the one given, with Retry-After and headers", async () => {
    mock.faults.add({ path: '/projects/1/milestones', status: 502, times: 1 });
    const gateway = await call(mock, 'GET', '/projects/1/milestones', { token: TOKEN });
    expect(gateway).toMatchObject({ status: 502, body: { message: '502 Bad Gateway' } });

    mock.faults.add({ path: '/projects/1/milestones', status: 503, retryAfter: 7, body: { message: 'maintenance' } });
    const busy = await call(mock, 'GET', '/projects/1/milestones', { token: TOKEN });
    expect(busy).toMatchObject({ status: 503, body: { message: 'maintenance' } });
    expect(busy.headers.get('retry-after')).toBe('7');

    mock.faults.clear();
    mock.faults.add({ status: 500, body: '<html>oops</html>', headers: { 'Content-Type': 'text/html' } });
    const page = await mock.fetch(`${mock.baseUrl}/api/v4/version`);
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(await page.text()).toBe('<html>oops</html>');
  });

  it('matches an encoded project path as the one segment it is', async () => {
    const fault = mock.faults.add({ path: '/projects/acme%2Fplatform%2Fapi/milestones', status: 503 });
    expect((await call(mock, 'GET', '/projects/acme%2Fplatform%2Fapi/milestones', { token: TOKEN })).status).toBe(503);
    expect((await call(mock, 'GET', '/projects/1/milestones', { token: TOKEN })).status).toBe(200);
    expect(fault.hits).toBe(1);
  });

  it('matches * and :name as one segment and ** as any rest', async () => {
    const one = mock.faults.add({ path: '/projects/*/milestones/:milestone_id', status: 500 });
    const rest = mock.faults.add({ path: '/projects/**', status: 502 });
    expect((await call(mock, 'GET', '/projects/acme%2Fplatform%2Fapi/milestones/9', { token: TOKEN })).status).toBe(
      500,
    );
    expect((await call(mock, 'GET', '/projects/1/access_tokens/3', { token: TOKEN })).status).toBe(502);
    expect((await call(mock, 'GET', '/groups/acme/scim/identities', { token: TOKEN })).status).not.toBe(502);
    expect([one.hits, rest.hits]).toEqual([1, 1]);
  });

  it('expires after `times` matches, the first fault added winning', async () => {
    const first = mock.faults.add({ status: 503, times: 2 });
    const second = mock.faults.add({ status: 500, times: 1 });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(mock, 'GET', '/projects/1/milestones', { token: TOKEN })).status);
    expect(statuses).toEqual([503, 503, 500, 200]);
    expect([first.hits, first.remaining, second.hits, second.remaining]).toEqual([2, 0, 1, 0]);
    expect(mock.faults.list()).toEqual([]);
  });

  it('lists, removes and clears faults', () => {
    const a = mock.faults.add({ status: 502 });
    const b = mock.faults.add({ method: 'post', drop: true });
    expect(mock.faults.list()).toEqual([
      { id: a.id, status: 502, hits: 0, remaining: null },
      { id: b.id, method: 'POST', drop: true, hits: 0, remaining: null },
    ]);
    expect(mock.faults.remove(a)).toBe(true);
    expect(mock.faults.remove(a.id)).toBe(false);
    mock.faults.clear();
    expect(mock.faults.list()).toEqual([]);
  });

  it('refuses an invalid fault with a TypeError naming the field', () => {
    const bad: [unknown, RegExp][] = [
      [{}, /needs status, drop or delayMs/],
      [{ status: 99 }, /status: .*>=200/],
      [{ status: 502, drop: true }, /drop and status exclude each other/],
      [{ delayMs: 60_001 }, /delayMs/],
      [{ drop: true, retryAfter: 3 }, /need a status/],
      [{ method: 'FETCH', status: 500 }, /method/],
      [{ path: 'projects', status: 500 }, /path: expected a path under \/api\/v4/],
      [{ path: '/projects/1/milestones?state=active', status: 500 }, /without a query/],
      [{ path: '/projects/%E0%A4%A/milestones', status: 500 }, /path: expected URL-encoded segments/],
      [{ status: 500, times: 0 }, /times/],
      [{ status: 500, colour: 'red' }, /Invalid fault/],
    ];
    for (const [fault, message] of bad) {
      expect(() => mock.faults.add(fault as never), JSON.stringify(fault)).toThrow(message);
    }
    expect(mock.faults.list()).toEqual([]);
  });

  it('never reaches the world: a faulted write changes nothing', async () => {
    mock.faults.add({ method: 'POST', status: 500, times: 1 });
    mock.faults.add({ method: 'POST', drop: true, times: 1 });
    const before = mock.snapshot();
    expect((await call(mock, 'POST', '/projects/1/milestones', { token: TOKEN, json: { title: 'x' } })).status).toBe(
      500,
    );
    await expect(call(mock, 'POST', '/projects/1/milestones', { token: TOKEN, json: { title: 'x' } })).rejects.toThrow(
      'fetch failed',
    );
    expect(mock.world).toEqual(before.state);
  });

  it('lets a request through after a delay alone, on the global timers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fault = mock.faults.add({ method: 'POST', delayMs: 5000 });
    let done = false;
    const pending = sdk({ timeout: 60_000 })
      .projects.milestones.create(API, { title: 'late' })
      .then((m) => {
        done = true;
        return m;
      });
    // The SDK loads ky on its first request, in real time: start the fake clock once the request is in.
    await until(() => fault.hits === 1);
    await vi.advanceTimersByTimeAsync(4999);
    expect([done, milestoneCount()]).toEqual([false, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ title: 'late' });
    expect(milestoneCount()).toBe(1);
  });

  it('comes from the seed document, and reset() puts the seed faults back', async () => {
    const seeded = createMockGitLab({
      seed: { ...testSeed, faults: [{ path: '/projects/**', status: 503, times: 1 }] },
    });
    expect(seeded.faults.list()).toMatchObject([{ path: '/projects/**', status: 503, remaining: 1 }]);
    expect((await call(seeded, 'GET', '/projects/1/milestones', { token: TOKEN })).status).toBe(503);
    seeded.faults.add({ status: 500 });
    seeded.reset();
    expect(seeded.faults.list()).toMatchObject([{ status: 503, remaining: 1, hits: 0 }]);
  });

  it('refuses a bad fault in the seed document with a SeedError naming it', () => {
    const load = () =>
      createMockGitLab({ seed: { ...testSeed, faults: [{ status: 502 }, { drop: true, status: 1 }] } });
    expect(load).toThrow(SeedError);
    expect(load).toThrow(/^faults\[1\]\.status: /);
  });

  it('drops the connection under MSW too: a network error, not a response', async () => {
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      mock.faults.add({ drop: true, times: 1 });
      const gitlab = new GitLab({ baseUrl: mock.baseUrl, token: TOKEN, retry: 0 });
      await expect(gitlab.projects.milestones.list(API)).rejects.toBeInstanceOf(GitLabConnectionError);
      await expect(gitlab.projects.milestones.list(API)).resolves.toMatchObject({ items: [] });
    } finally {
      server.close();
    }
  });
});

describe('the SDK against a misbehaving GitLab', () => {
  it('retries a 429 after its Retry-After and succeeds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fault = mock.faults.add({ path: '/projects/:id/milestones', status: 429, retryAfter: 30, times: 1 });
    let page: unknown;
    const pending = sdk()
      .projects.milestones.list(API)
      .then((p) => {
        page = p;
      });
    await until(() => fault.hits === 1);
    await vi.advanceTimersByTimeAsync(29_900);
    expect([fault.hits, page]).toEqual([1, undefined]);
    await vi.advanceTimersByTimeAsync(100);
    await pending;
    expect(page).toMatchObject({ items: [], total: 0 });
  });

  it("gives up after its retry limit with a RateLimitError carrying GitLab's hint", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 1, period_in_seconds: 60 } });
    const gitlab = sdk({ retry: { limit: 1 } });
    await gitlab.projects.milestones.list(API);
    const pending = gitlab.projects.milestones.list(API).catch((e: unknown) => e);
    // The SDK waits the 60 s GitLab asks for; the world clock (the mock's window) does not move with it.
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await pending;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 60, body: 'Retry later\n' });
    expect((error as RateLimitError).resetAt?.toISOString()).toBe('2026-06-01T09:01:00.000Z');
    expect(mock.world.rateLimitCounters.get('throttle_authenticated_api:user:3')?.count).toBe(3);
  });

  it('does not wait for a Retry-After beyond maxRetryAfter', async () => {
    const fault = mock.faults.add({ status: 429, retryAfter: 120 });
    const error = await sdk({ retry: { maxRetryAfter: 1000 } })
      .projects.milestones.get(API, 1)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RateLimitError', retryAfter: 120 });
    expect(fault.hits).toBe(1);
  });

  for (const status of [502, 503]) {
    it(`retries a GET on ${status} and succeeds`, async () => {
      const fault = mock.faults.add({ method: 'GET', status, times: 2 });
      await expect(sdk().projects.milestones.list(API)).resolves.toMatchObject({ items: [] });
      expect(fault.hits).toBe(2);
    });

    it(`never retries a POST on ${status}, and nothing is created`, async () => {
      const fault = mock.faults.add({ method: 'POST', status, times: 2 });
      const error = await sdk()
        .projects.milestones.create(API, { title: 'once' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect([fault.hits, milestoneCount()]).toEqual([1, 0]);
    });
  }

  it('retries idempotent writes (PUT, DELETE) on 5xx', async () => {
    const gitlab = sdk();
    const milestone = await gitlab.projects.milestones.create(API, { title: 'v1' });
    const fault = mock.faults.add({ method: 'DELETE', status: 502, times: 1 });
    await gitlab.projects.milestones.delete(API, milestone.id);
    expect([fault.hits, milestoneCount()]).toEqual([1, 0]);
  });

  it('gives up after the retry limit with the last error; retry: 0 turns retrying off', async () => {
    const fault = mock.faults.add({ status: 503 });
    await expect(sdk({ retry: { limit: 1, backoffLimit: 0 } }).projects.milestones.list(API)).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(fault.hits).toBe(2);
    await expect(sdk({ retry: 0 }).projects.milestones.list(API)).rejects.toBeInstanceOf(ServerError);
    expect(fault.hits).toBe(3);
  });

  it('does not retry a 4xx other than 408 and 429', async () => {
    const fault = mock.faults.add({ status: 404 });
    await expect(sdk().projects.milestones.list(API)).rejects.toMatchObject({ name: 'NotFoundError' });
    expect(fault.hits).toBe(1);
  });

  it('turns a dropped connection into GitLabConnectionError, retrying GETs only', async () => {
    const get = mock.faults.add({ method: 'GET', drop: true });
    const error = await sdk()
      .projects.milestones.list(API)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabConnectionError);
    expect(error).toMatchObject({ method: 'GET' });
    expect(get.hits).toBe(3);

    const post = mock.faults.add({ method: 'POST', drop: true, times: 1 });
    await expect(sdk().projects.milestones.create(API, { title: 'x' })).rejects.toBeInstanceOf(GitLabConnectionError);
    expect([post.hits, milestoneCount()]).toEqual([1, 0]);
  });

  it('recovers from a connection dropped once', async () => {
    const fault = mock.faults.add({ drop: true, times: 1 });
    await expect(sdk().projects.milestones.list(API)).resolves.toMatchObject({ items: [] });
    expect(fault.hits).toBe(1);
  });

  it('turns a delay past the timeout into GitLabTimeoutError, and the request never lands', async () => {
    mock.faults.add({ method: 'POST', delayMs: 10_000 });
    const error = await sdk({ timeout: 30 })
      .projects.milestones.create(API, { title: 'slow' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabTimeoutError);
    expect(error).toMatchObject({ method: 'POST', timeout: 30 });
    // The client gave up during the delay, before GitLab's logic: nothing was created.
    expect(milestoneCount()).toBe(0);
  });

  it('takes a per-call timeout over the client one', async () => {
    mock.faults.add({ delayMs: 10_000 });
    const error = await sdk({ timeout: 60_000, retry: 0 })
      .projects.milestones.list(API, {}, { timeout: 15 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'GitLabTimeoutError', timeout: 15 });
  });

  it("rejects with the caller's AbortError when the signal aborts during a delay", async () => {
    mock.faults.add({ delayMs: 10_000 });
    const controller = new AbortController();
    const pending = sdk().projects.milestones.list(API, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops waiting between retries when aborted', async () => {
    const fault = mock.faults.add({ status: 503, retryAfter: 5 });
    const controller = new AbortController();
    const pending = sdk().projects.milestones.list(API, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fault.hits).toBe(1);
  });

  it('turns a malformed or truncated body into GitLabResponseValidationError', async () => {
    mock.faults.add({ status: 200, body: '{"id": 1, "title": "v1', times: 1 });
    mock.faults.add({ status: 200, body: { id: 'one' }, times: 1 });
    const gitlab = sdk();
    await expect(gitlab.projects.milestones.get(API, 1)).rejects.toThrow(/expected a JSON body/);
    const error = await gitlab.projects.milestones.get(API, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    expect(String(error)).toMatch(/id/);
  });

  it('never shows the token: in no message, JSON, inspection or log line, whatever the fault', async () => {
    const token = 'glpat-maintainer';
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((a) => inspect(a, { depth: 8 })).join(' '));
      }),
    );
    try {
      const faults = [
        { status: 429, retryAfter: 0, body: { message: `slow down ${token}` } },
        { status: 502 },
        { drop: true },
        { delayMs: 5000 },
        { status: 200, body: `{"echo": "${token}"` },
        { status: 401 },
      ];
      for (const fault of faults) {
        mock.faults.clear();
        mock.faults.add(fault);
        const error = await sdk({ timeout: 20, retry: 0 })
          .projects.milestones.get(API, 1)
          .catch((e: unknown) => e);
        expect(error, JSON.stringify(fault)).toBeInstanceOf(Error);
        for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 8, showHidden: true })]) {
          expect(text, JSON.stringify(fault)).not.toContain(token);
        }
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(logged.join('\n')).not.toContain(token);
  });
});

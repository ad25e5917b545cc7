import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SeedDocument } from '../mock/index.js';
import { GitLab, GitLabConnectionError, GitLabTimeoutError, RateLimitError, ServerError } from '../src/index.js';
import { adminCall, startCliWithSeed, stopAllClis } from './cli-process.js';

// Faults and rate limits over real HTTP: from the seed document, and from the server's admin
// routes under /__mock (outside /api/v4), as a test in another language would use them.
const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { rate_limits: { unauthenticated_api: { requests_per_period: 2, period_in_seconds: 60 } } },
  users: [{ username: 'maria', token: 'glpat-maria' }],
  groups: [{ path: 'acme', members: { maria: 50 } }],
  projects: [{ path: 'acme/api', milestones: [{ title: 'v1' }] }],
  faults: [{ method: 'GET', path: '/projects/:id/milestones', status: 503, retryAfter: 0, times: 1 }],
};

let url: string;
const maria = (options: Partial<ConstructorParameters<typeof GitLab>[0]> = {}) =>
  new GitLab({ baseUrl: url, token: 'glpat-maria', retry: 0, ...options });

const admin = (method: string, path: string, body?: unknown) => adminCall(url, method, path, body);

beforeAll(async () => {
  ({ url } = await startCliWithSeed(seed));
});

afterAll(stopAllClis);

describe('the seed document', () => {
  it('injects its faults from the start; they expire like any other', async () => {
    expect((await admin('GET', 'faults')).body).toMatchObject([{ id: 1, status: 503, hits: 0, remaining: 1 }]);
    await expect(maria().projects.milestones.list('acme/api')).rejects.toBeInstanceOf(ServerError);
    await expect(maria().projects.milestones.list('acme/api')).resolves.toMatchObject({ total: 1 });
    expect((await admin('GET', 'faults')).body).toEqual([]);
  });
});

describe('faults over HTTP', () => {
  beforeEach(async () => {
    await admin('DELETE', 'faults');
  });

  it('adds, lists and removes faults through /__mock/faults', async () => {
    const added = await admin('POST', 'faults', { method: 'post', path: '/projects/**', status: 502, times: 3 });
    expect(added).toMatchObject({ status: 201, body: { method: 'POST', status: 502, hits: 0, remaining: 3 } });
    const second = await admin('POST', 'faults', { drop: true });
    expect((await admin('GET', 'faults')).body).toHaveLength(2);
    expect((await admin('DELETE', `faults/${second.body.id}`)).status).toBe(204);
    expect((await admin('DELETE', `faults/${second.body.id}`)).status).toBe(404);
    expect((await admin('GET', 'faults')).body).toMatchObject([{ id: added.body.id }]);
    expect((await admin('DELETE', 'faults')).status).toBe(204);
    expect((await admin('GET', 'faults')).body).toEqual([]);
  });

  it('refuses a bad fault or bad JSON with 400 naming the problem, and unknown admin paths with 404', async () => {
    expect(await admin('POST', 'faults', { status: 502, drop: true })).toEqual({
      status: 400,
      body: { message: 'Invalid fault: drop and status exclude each other' },
    });
    expect(await admin('POST', 'faults', '{"status":')).toEqual({
      status: 400,
      body: { message: 'the body is not valid JSON' },
    });
    expect((await admin('GET', 'nothing')).status).toBe(404);
    expect((await admin('PATCH', 'faults')).status).toBe(405);
    expect((await admin('GET', 'faults')).body).toEqual([]);
  });

  it('answers a status fault with its Retry-After; the SDK retries a GET past it', async () => {
    await admin('POST', 'faults', { method: 'GET', status: 429, retryAfter: 0, times: 1 });
    const raw = await fetch(`${url}/api/v4/projects/acme%2Fapi/milestones`, {
      headers: { 'PRIVATE-TOKEN': 'glpat-maria' },
    });
    expect([raw.status, raw.headers.get('retry-after'), await raw.text()]).toEqual([429, '0', 'Retry later\n']);
    await admin('POST', 'faults', { method: 'GET', status: 502, times: 1 });
    const page = await maria({ retry: { limit: 2, backoffLimit: 0 } }).projects.milestones.list('acme/api');
    expect(page.total).toBe(1);
  });

  it('drops the connection: the SDK throws GitLabConnectionError, and the server keeps serving', async () => {
    await admin('POST', 'faults', { method: 'POST', drop: true, times: 1 });
    const error = await maria()
      .projects.milestones.create('acme/api', { title: 'lost' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabConnectionError);
    const titles = (await maria().projects.milestones.list('acme/api')).items.map((m) => m.title);
    expect(titles).toEqual(['v1']);
  });

  it('delays in real time: past the timeout the SDK throws GitLabTimeoutError and nothing lands', async () => {
    await admin('POST', 'faults', { method: 'POST', delayMs: 2000, times: 1 });
    const error = await maria({ timeout: 100 })
      .projects.milestones.create('acme/api', { title: 'slow' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabTimeoutError);
    // The server saw the client leave during the delay and dropped the request.
    const titles = (await maria().projects.milestones.list('acme/api')).items.map((m) => m.title);
    expect(titles).toEqual(['v1']);
  });
});

describe('rate limits over HTTP', () => {
  it("counts unauthenticated requests from the seed's limits and answers 429 with GitLab's headers", async () => {
    const anonymous = () => fetch(`${url}/api/v4/projects/acme%2Fapi/milestones`);
    const answers = [await anonymous(), await anonymous(), await anonymous()];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 429]);
    const last = answers[2] as Response;
    expect(last.headers.get('ratelimit-name')).toBe('throttle_unauthenticated_api');
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    expect(last.headers.get('retry-after')).toBe('60');
    expect(last.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
  });

  it('reads and replaces the limits through /__mock/rate_limits', async () => {
    expect((await admin('GET', 'rate_limits')).body).toEqual(seed.instance?.rate_limits);
    const limits = { authenticated_api: { requests_per_period: 1, period_in_seconds: 60 } };
    expect(await admin('PUT', 'rate_limits', limits)).toEqual({ status: 200, body: limits });
    await maria().projects.milestones.list('acme/api');
    const error = await maria()
      .projects.milestones.list('acme/api')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 60 });
    expect((await admin('PUT', 'rate_limits', { authenticated_api: { period_in_seconds: 60 } })).status).toBe(400);
    expect((await admin('PUT', 'rate_limits', {})).body).toEqual({});
    await expect(maria().projects.milestones.list('acme/api')).resolves.toMatchObject({ total: 1 });
  });

  it('reopens when /__mock/clock moves the world clock past the window, with no real waiting', async () => {
    await admin('PUT', 'rate_limits', { authenticated_api: { requests_per_period: 1, period_in_seconds: 3600 } });
    await maria().projects.milestones.list('acme/api');
    const error = await maria()
      .projects.milestones.list('acme/api')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RateLimitError', retryAfter: 3600 });
    expect(await admin('POST', 'clock/advance', { hours: 1 })).toEqual({
      status: 200,
      body: { now: '2026-06-01T10:00:00.000Z' },
    });
    await expect(maria().projects.milestones.list('acme/api')).resolves.toMatchObject({ total: 1 });
    await admin('PUT', 'rate_limits', {});
  });
});

describe('the world clock over HTTP', () => {
  it('is read, set and advanced through /__mock/clock; bad values are a 400 naming them', async () => {
    expect(await admin('PUT', 'clock', { now: '2026-07-01T12:00:00Z' })).toEqual({
      status: 200,
      body: { now: '2026-07-01T12:00:00.000Z' },
    });
    expect((await admin('POST', 'clock/advance', { days: 1, minutes: 30 })).body).toEqual({
      now: '2026-07-02T12:30:00.000Z',
    });
    expect((await admin('GET', 'clock')).body).toEqual({ now: '2026-07-02T12:30:00.000Z' });
    // What the API sees: a milestone due on the 1st has expired by the 2nd.
    const due = await maria().projects.milestones.create('acme/api', { title: 'July', due_date: '2026-07-01' });
    expect(due.expired).toBe(true);

    expect(await admin('POST', 'clock/advance', { seconds: -5 })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^Invalid clock advance: seconds: /) },
    });
    expect(await admin('POST', 'clock/advance', {})).toMatchObject({ status: 400 });
    expect(await admin('PUT', 'clock', { now: 'tomorrow' })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^Invalid clock: now: /) },
    });
    expect((await admin('GET', 'clock/advance')).status).toBe(405);
    expect((await admin('GET', 'clock')).body).toEqual({ now: '2026-07-02T12:30:00.000Z' });
  });
});

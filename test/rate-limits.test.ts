import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, SeedError } from '../mock/index.js';
import { RateLimitError } from '../src/index.js';
import { call, client, createTestMock, failure, testSeed } from './fixtures.js';

// GitLab's user and IP rate limits (Rack::Attack's throttle_authenticated_api and
// throttle_unauthenticated_api), counted on the world clock.

const MILESTONES = '/projects/acme%2Fplatform%2Fapi/milestones';
let mock: MockGitLab;

beforeEach(() => {
  mock = createTestMock();
});

const get = (token?: string, path = MILESTONES) => call(mock, 'GET', path, token ? { token } : {});
const rateHeaders = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => name.startsWith('ratelimit-') || name === 'retry-after'));

describe('rate limits', () => {
  it('are off by default: no RateLimit headers, no limit', async () => {
    for (let i = 0; i < 50; i++) expect((await get('glpat-dev')).status).toBe(200);
    expect(rateHeaders((await get('glpat-dev')).headers)).toEqual({});
  });

  it("put GitLab's headers on every answer, and answer 429 past the limit", async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 3, period_in_seconds: 60 } });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get('glpat-dev'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    // The world clock is 2026-06-01T09:00:00Z: the window ends at 09:01.
    expect(rateHeaders(answers[0]!.headers)).toEqual({
      'ratelimit-name': 'throttle_authenticated_api',
      'ratelimit-limit': '3',
      'ratelimit-observed': '1',
      'ratelimit-remaining': '2',
      'ratelimit-reset': String(Date.parse('2026-06-01T09:01:00Z') / 1000),
      'ratelimit-resettime': 'Mon, 01 Jun 2026 09:01:00 GMT',
    });
    expect(rateHeaders(answers[3]!.headers)).toMatchObject({
      'ratelimit-observed': '4',
      'ratelimit-remaining': '0',
      'retry-after': '60',
    });
  });

  it("answers 429 with GitLab's text body, and the SDK's RateLimitError carries the hint", async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 1, period_in_seconds: 60 } });
    mock.clock.advance({ seconds: 45 });
    await get('glpat-dev');
    const raw = await mock.fetch(`${mock.baseUrl}/api/v4${MILESTONES}`, { headers: { 'PRIVATE-TOKEN': 'glpat-dev' } });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('content-type')).toBe('text/plain');
    expect(await raw.text()).toBe('Retry later\n');
    const error = await failure(client(mock, 'glpat-dev').projects.milestones.list('acme/platform/api'));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 15, gitlabMessage: undefined });
    expect(error.message).toContain('429 Too Many Requests: Retry later');
    expect((error as RateLimitError).resetAt?.toISOString()).toBe('2026-06-01T09:01:00.000Z');
  });

  it('count every request, refused ones and unknown routes included', async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 2, period_in_seconds: 60 } });
    expect((await get('glpat-dev', '/no/such/route')).status).toBe(404);
    expect((await get('glpat-dev', '/projects/999/milestones')).status).toBe(404);
    const throttled = [await get('glpat-dev'), await get('glpat-dev')];
    expect(throttled.map((a) => [a.status, a.headers.get('ratelimit-observed')])).toEqual([
      [429, '3'],
      [429, '4'],
    ]);
  });

  it('count per user; unauthenticated callers (no token, or a bad one) share one count', async () => {
    mock.rateLimits.set({
      authenticated_api: { requests_per_period: 1, period_in_seconds: 60 },
      unauthenticated_api: { requests_per_period: 2, period_in_seconds: 60 },
    });
    expect((await get('glpat-dev')).status).toBe(200);
    expect((await get('glpat-dev')).status).toBe(429);
    expect((await get('glpat-maintainer')).status).toBe(200);

    const anonymous = await get();
    expect([anonymous.status, anonymous.headers.get('ratelimit-name')]).toEqual([401, 'throttle_unauthenticated_api']);
    expect((await get('glpat-wrong')).status).toBe(401);
    const third = await get('glpat-blocked');
    expect([third.status, third.headers.get('ratelimit-observed')]).toEqual([429, '3']);
  });

  it('start afresh in the next window of the world clock, aligned on the epoch', async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 1, period_in_seconds: 600 } });
    mock.clock.set('2026-06-01T09:09:59Z');
    expect((await get('glpat-dev')).status).toBe(200);
    const refused = await get('glpat-dev');
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '1']);
    mock.clock.advance({ seconds: 1 });
    const next = await get('glpat-dev');
    expect([next.status, next.headers.get('ratelimit-resettime')]).toEqual([200, 'Mon, 01 Jun 2026 09:20:00 GMT']);
  });

  it('state the limit per minute whatever the period, as GitLab does', async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 7200, period_in_seconds: 3600 } });
    const answer = await get('glpat-dev');
    expect(rateHeaders(answer.headers)).toMatchObject({ 'ratelimit-limit': '120', 'ratelimit-remaining': '7199' });
  });

  it('refuse a throttled write without changing the world', async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 0, period_in_seconds: 60 } });
    const before = structuredClone(mock.world.milestones);
    const created = await call(mock, 'POST', MILESTONES, { token: 'glpat-maintainer', json: { title: 'x' } });
    expect(created.status).toBe(429);
    expect(mock.world.milestones).toEqual(before);
  });

  it('are set at run time (counts restart) and read back', async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 1, period_in_seconds: 60 } });
    await get('glpat-dev');
    expect((await get('glpat-dev')).status).toBe(429);
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 1, period_in_seconds: 60 } });
    expect((await get('glpat-dev')).status).toBe(200);
    expect(mock.rateLimits.get()).toEqual({ authenticated_api: { requests_per_period: 1, period_in_seconds: 60 } });
    mock.rateLimits.set({});
    expect((await get('glpat-dev')).status).toBe(200);
  });

  it('refuse invalid limits with a TypeError naming the field, keeping the old ones', () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 5, period_in_seconds: 60 } });
    expect(() => mock.rateLimits.set({ authenticated_api: { requests_per_period: 5, period_in_seconds: 0 } })).toThrow(
      /^Invalid rate limits: authenticated_api\.period_in_seconds: /,
    );
    expect(() => mock.rateLimits.set({ web: {} } as never)).toThrow('Invalid rate limits: web: unknown key');
    expect(mock.rateLimits.get()).toEqual({ authenticated_api: { requests_per_period: 5, period_in_seconds: 60 } });
  });

  it("come from the seed document's instance.rate_limits, and a bad one is a SeedError naming it", async () => {
    const seeded = createMockGitLab({
      seed: {
        ...testSeed,
        instance: {
          ...testSeed.instance,
          rate_limits: { unauthenticated_api: { requests_per_period: 1, period_in_seconds: 60 } },
        },
      },
    });
    expect((await call(seeded, 'GET', MILESTONES)).status).toBe(401);
    expect((await call(seeded, 'GET', MILESTONES)).status).toBe(429);
    seeded.reset();
    expect((await call(seeded, 'GET', MILESTONES)).status).toBe(401);

    const bad = () =>
      createMockGitLab({
        seed: { ...testSeed, instance: { rate_limits: { authenticated_api: { requests_per_period: -1 } } } } as never,
      });
    expect(bad).toThrow(SeedError);
    expect(bad).toThrow(/^instance\.rate_limits\.authenticated_api\.requests_per_period: /);
  });

  it('are part of snapshots: restore() puts the counts back', async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 1, period_in_seconds: 60 } });
    const fresh = mock.snapshot();
    await get('glpat-dev');
    expect((await get('glpat-dev')).status).toBe(429);
    mock.restore(fresh);
    expect((await get('glpat-dev')).status).toBe(200);
  });
});

describe('one throttle on, the other off', () => {
  it('counts only the callers of the throttle that is on: the others get no RateLimit headers and no limit', async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 1, period_in_seconds: 60 } });
    for (let i = 0; i < 3; i++) {
      const anonymous = await get();
      expect([anonymous.status, rateHeaders(anonymous.headers)]).toEqual([401, {}]);
    }
    mock.rateLimits.set({ unauthenticated_api: { requests_per_period: 1, period_in_seconds: 60 } });
    for (let i = 0; i < 3; i++) {
      const dev = await get('glpat-dev');
      expect([dev.status, rateHeaders(dev.headers)]).toEqual([200, {}]);
    }
    expect(mock.exportState().rate_limit_counters).toEqual({});
  });
});

describe('counts in a state document', () => {
  it("are exported under GitLab's throttle name and the user, or `ip`, and continue when loaded", async () => {
    mock.rateLimits.set({
      authenticated_api: { requests_per_period: 2, period_in_seconds: 60 },
      unauthenticated_api: { requests_per_period: 2, period_in_seconds: 60 },
    });
    await get('glpat-dev');
    await get();
    const window_start = Date.parse('2026-06-01T09:00:00Z') / 1000;
    expect(mock.exportState().rate_limit_counters).toEqual({
      [`throttle_authenticated_api:user:${mock.users.dev!.id}`]: { window_start, count: 1 },
      'throttle_unauthenticated_api:ip': { window_start, count: 1 },
    });

    // A document written by hand (or by another version of the mock) names its counts the same way.
    const document = mock.exportState();
    document.rate_limit_counters = { 'throttle_unauthenticated_api:ip': { window_start, count: 2 } };
    mock.loadState(document);
    const third = await get();
    expect([third.status, third.headers.get('ratelimit-observed')]).toEqual([429, '3']);
  });
});

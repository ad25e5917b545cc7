import { GitLab, RateLimitError, ServerError } from 'gitlab-admin-sdk';
import { createMockGitLab } from 'gitlab-admin-sdk/mock';
import { beforeEach, expect, it } from 'vitest';
import { rotateExpiringTokens } from './rotation-bot.js';

// Each user may make 3 API requests a minute; four of the five tokens expire in June.
const mock = createMockGitLab({
  seed: {
    now: '2026-06-01T09:00:00Z',
    instance: { rate_limits: { authenticated_api: { requests_per_period: 3, period_in_seconds: 60 } } },
    users: [{ username: 'maria', token: 'glpat-maria' }],
    groups: [{ path: 'acme', members: { maria: 40 } }],
    projects: [
      {
        path: 'acme/api',
        access_tokens: ['06-05', '06-10', '06-20', '06-30', '12-31'].map((day, i) => ({
          name: `deploy-${i + 1}`,
          scopes: ['api'],
          expires_at: `2026-${day}`,
        })),
      },
    ],
  },
});
// retry: 0, so the SDK does not sit out a Retry-After in real time: the bot waits, on the mock's clock.
const gitlab = new GitLab({ baseUrl: mock.baseUrl, token: 'glpat-maria', fetch: mock.fetch, retry: 0 });
const waits: number[] = [];
const options = {
  expiringBy: '2026-06-30',
  expiresAt: '2026-09-30',
  sleep: async (ms: number) => {
    waits.push(ms);
    mock.clock.advance(ms);
  },
};

beforeEach(() => {
  mock.reset();
  waits.length = 0;
});

it('rotates every expiring token, sitting out the rate limit', async () => {
  const rotated = await rotateExpiringTokens(gitlab, 'acme/api', options);
  expect(rotated).toHaveLength(4);
  // 1 list + 2 rotations fill the first minute; the 3rd rotation gets 429 and waits for the next one.
  expect(waits).toEqual([60_000]);
  const active = await gitlab.projects.accessTokens.list('acme/api', { state: 'active' }).toArray();
  expect(active.map((token) => token.expires_at).sort()).toEqual([...Array(4).fill('2026-09-30'), '2026-12-31']);
});

it('stops at a server error, leaving the tokens it did not reach as they were', async () => {
  mock.faults.add({ method: 'POST', path: '/projects/:id/access_tokens/:token_id/rotate', status: 502, times: 1 });
  await expect(rotateExpiringTokens(gitlab, 'acme/api', options)).rejects.toBeInstanceOf(ServerError);
  mock.clock.advance({ minutes: 1 });
  const active = await gitlab.projects.accessTokens.list('acme/api', { state: 'active' }).toArray();
  expect(active).toHaveLength(5);
  expect(active.every((token) => token.expires_at !== '2026-09-30')).toBe(true);
});

it('gives up after five refusals when GitLab keeps rate-limiting it', async () => {
  mock.rateLimits.set({ authenticated_api: { requests_per_period: 0, period_in_seconds: 60 } });
  await expect(rotateExpiringTokens(gitlab, 'acme/api', options)).rejects.toBeInstanceOf(RateLimitError);
  expect(waits).toEqual([60_000, 60_000, 60_000, 60_000]);
});

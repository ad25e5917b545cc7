import { describe, expect, it } from 'vitest';
import { GitLabConnectionError, RateLimitError, ServerError } from '../../src/index.js';
import { API, as, GITLAB_URL, TOKENS, useMockGitLab } from './setup.js';

// The mock misbehaving behind a Service Worker: what a browser app sees of GitLab's rate limits,
// a proxy's error and a dropped connection.
const mock = useMockGitLab();

describe('faults and rate limits in the browser', () => {
  it("sends GitLab's rate limit headers, then 429, and the SDK's RateLimitError", async () => {
    mock.rateLimits.set({ authenticated_api: { requests_per_period: 1, period_in_seconds: 60 } });
    const url = `${GITLAB_URL}/api/v4/projects/${encodeURIComponent(API)}/milestones`;
    const first = await fetch(url, { headers: { 'PRIVATE-TOKEN': TOKENS.maria } });
    expect([first.status, first.headers.get('ratelimit-remaining')]).toEqual([200, '0']);
    const error = await as(TOKENS.maria)
      .projects.milestones.list(API)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 60, body: 'Retry later\n' });
  });

  it('answers an injected status, and retries a GET past it', async () => {
    const fault = mock.faults.add({ method: 'GET', status: 502, times: 1 });
    await expect(as(TOKENS.maria).projects.milestones.list(API)).rejects.toBeInstanceOf(ServerError);
    mock.faults.add({ method: 'GET', status: 503, times: 1 });
    const retrying = as(TOKENS.maria, { retry: { limit: 1, backoffLimit: 0 } });
    await expect(retrying.projects.milestones.list(API)).resolves.toMatchObject({ total: 4 });
    expect(fault.hits).toBe(1);
  });

  it('drops the connection: a network error, GitLabConnectionError', async () => {
    mock.faults.add({ drop: true, times: 1 });
    await expect(as(TOKENS.maria).projects.milestones.list(API)).rejects.toBeInstanceOf(GitLabConnectionError);
  });
});

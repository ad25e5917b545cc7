import { describe, expect, it, vi } from 'vitest';
import { GitLab, GitLabConnectionError } from '../../src/index.js';
import { BASE, fakeFetch, json, milestone, TOKEN } from './helpers.js';

// ky is imported on the first request: when that import fails (a bundle that left the chunk out, a
// blocked script), the call rejects with a GitLabConnectionError carrying the import's failure, not
// with a TypeError of the error mapping that expected ky. A file of its own: the mock replaces ky for
// every test of the file.

vi.mock('ky', () => {
  throw new Error('ky is not in this bundle');
});

describe('without ky', () => {
  it('rejects with GitLabConnectionError whose cause is the failed import, fetching nothing', async () => {
    const { fetch, requests } = fakeFetch(() => json(milestone(1)));
    const gitlab = new GitLab({ baseUrl: BASE, token: TOKEN, fetch });
    const error = await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabConnectionError);
    const connection = error as GitLabConnectionError;
    expect(connection.method).toBe('GET');
    expect(connection.url).toBe(`${BASE}/api/v4/projects/1/milestones/2`);
    expect(connection.message).toMatch(
      new RegExp(`^Could not reach GitLab for GET ${BASE}/api/v4/projects/1/milestones/2: `),
    );
    // The import's error (vitest's, here) with the factory's as its cause, copied as every cause is.
    const imported = connection.cause as Error;
    expect(imported).toBeInstanceOf(Error);
    expect((imported.cause as Error).message).toBe('ky is not in this bundle');
    expect(requests).toHaveLength(0);
  });
});

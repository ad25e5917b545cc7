import { describe, expect, it, vi } from 'vitest';
import { NotFoundError, UnauthorizedError } from '../../src/index.js';
import { API, as, GITLAB_URL, TOKENS, useMockGitLab } from './setup.js';

// How the SDK and the mock meet in a browser: the page's own fetch, a Service Worker answering for
// another origin, and GitLab's headers and errors coming through.
const mock = useMockGitLab();

describe('the mock behind a Service Worker', () => {
  it('answers requests to another origin through the worker, with fetch left alone', async () => {
    expect(new URL(GITLAB_URL).origin).not.toBe(location.origin);
    expect(navigator.serviceWorker.controller?.scriptURL).toBe(`${location.origin}/mockServiceWorker.js`);
    // MSW patches fetch only where Service Workers are missing; here the page's fetch is the browser's.
    expect(Function.prototype.toString.call(fetch)).toContain('[native code]');

    const response = await fetch(`${GITLAB_URL}/api/v4/projects/${encodeURIComponent(API)}/milestones?per_page=2`, {
      headers: { 'PRIVATE-TOKEN': TOKENS.maria },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total')).toBe('4');
    expect(response.headers.get('x-next-page')).toBe('2');
    expect(response.headers.get('link')).toContain('rel="next"');
    expect(((await response.json()) as unknown[]).length).toBe(2);
  });

  it('reads pagination headers and pages lazily through the SDK', async () => {
    const maria = as(TOKENS.maria);
    const page = await maria.projects.milestones.list(API, { per_page: 3 });
    expect(page).toMatchObject({ page: 1, perPage: 3, total: 4, totalPages: 2, nextPage: 2 });
    const titles: string[] = [];
    for await (const milestone of maria.projects.milestones.list(API, { per_page: 3 })) titles.push(milestone.title);
    expect(titles.sort()).toEqual(['Backlog', 'v0.9', 'v1.0', 'v1.1']);
  });

  it('answers GitLab-shaped errors', async () => {
    const unknown = await as('glpat-nobody')
      .projects.milestones.list(API)
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(UnauthorizedError);
    expect(unknown).toMatchObject({ status: 401, gitlabMessage: '401 Unauthorized' });
    const missing = await as(TOKENS.maria)
      .projects.milestones.get(API, 999)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, gitlabMessage: '404 Not found' });
  });

  it('keeps state across requests, and reset() puts the world back', async () => {
    const maria = as(TOKENS.maria);
    await maria.projects.milestones.create(API, { title: 'v2.0' });
    expect((await maria.projects.milestones.list(API)).total).toBe(5);
    mock.reset();
    expect((await maria.projects.milestones.list(API)).total).toBe(4);
  });

  it('fails a request the mock does not answer, and says so', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(fetch(`${GITLAB_URL}/explore/projects`)).rejects.toThrow(TypeError);
      expect(String(logged.mock.calls[0]?.[0])).toContain('without a matching request handler');
    } finally {
      logged.mockRestore();
    }
  });
});

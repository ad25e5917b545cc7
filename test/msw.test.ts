import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockGitLab } from '../mock/index.js';
import { GitLab, NotFoundError } from '../src/index.js';
import { testSeed } from './fixtures.js';

// The mock as most users will run it: MSW's setupServer intercepting the global fetch.
const mock = createMockGitLab({ baseUrl: 'https://gitlab.example.com', seed: testSeed });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

const gitlab = new GitLab({ baseUrl: 'https://gitlab.example.com', token: 'glpat-dev' });

describe('through setupServer', () => {
  it('creates, lists and pages milestones with the global fetch', async () => {
    for (const title of ['a', 'b', 'c']) await gitlab.projects.milestones.create('acme/platform/api', { title });
    const page = await gitlab.projects.milestones.list('acme/platform/api', { per_page: 2 });
    expect(page).toMatchObject({ page: 1, perPage: 2, total: 3, totalPages: 2, nextPage: 2 });
    const all = await gitlab.projects.milestones.list('acme/platform/api', { per_page: 2 }).toArray();
    expect(all.map((m) => m.title).sort()).toEqual(['a', 'b', 'c']);
  });

  it('starts each test from the seeded world after reset()', async () => {
    expect((await gitlab.projects.milestones.list('acme/platform/api')).items).toEqual([]);
  });

  it('answers GitLab-shaped errors', async () => {
    const error = await gitlab.projects.milestones.get('acme/platform/api', 42).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, gitlabMessage: '404 Not found' });
  });

  it('leaves other hosts to the next handler', async () => {
    const other = new GitLab({ baseUrl: 'https://elsewhere.example.com', token: 'x', retry: 0 });
    await expect(other.projects.milestones.list(1)).rejects.toThrow();
  });
});

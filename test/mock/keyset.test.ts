import { describe, expect, it } from 'vitest';
import { createMockGitLab } from '../../mock/index.js';
import { call } from '../fixtures.js';

// Keyset pages (mock/http/pagination.ts, GET /projects?pagination=keyset) after a cursor, in both
// directions: the edges StrykerJS found untested (issue 27).

const mock = createMockGitLab({
  seed: {
    users: [{ username: 'root', admin: true, token: 'glpat-root' }],
    groups: [{ path: 'acme' }],
    projects: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ path: `acme/${name}` })),
  },
});

const BASE = `${mock.baseUrl}/api/v4/projects`;
const page = async (query: string) => {
  const response = await call(mock, 'GET', `/projects?pagination=keyset&order_by=id&${query}`, { token: 'glpat-root' });
  expect(response.status).toBe(200);
  return { ids: (response.body as { id: number }[]).map((p) => p.id), link: response.headers.get('link') };
};

describe('keyset pages after a cursor', () => {
  it('starts after id_after going up, and names the next cursor with the query kept but the token', async () => {
    expect(await page('sort=asc&per_page=3&id_after=1&private_token=glpat-root&simple=true')).toEqual({
      ids: [2, 3, 4],
      link: `<${BASE}?pagination=keyset&order_by=id&sort=asc&simple=true&id_after=4&per_page=3>; rel="next"`,
    });
  });

  it('drops a cursor of the other direction from the Link', async () => {
    expect(await page('id_before=5&sort=asc&per_page=2')).toEqual({
      ids: [1, 2],
      link: `<${BASE}?pagination=keyset&order_by=id&sort=asc&id_after=2&per_page=2>; rel="next"`,
    });
  });

  it('starts before id_before going down', async () => {
    expect(await page('sort=desc&per_page=3&id_before=5')).toEqual({
      ids: [4, 3, 2],
      link: `<${BASE}?pagination=keyset&order_by=id&sort=desc&id_before=2&per_page=3>; rel="next"`,
    });
  });

  it('has no Link on a last page, even a full one', async () => {
    expect(await page('sort=asc&per_page=2&id_after=3')).toEqual({ ids: [4, 5], link: null });
    expect(await page('sort=desc&per_page=2&id_before=3')).toEqual({ ids: [2, 1], link: null });
  });

  it('is empty after the last id', async () => {
    expect(await page('sort=asc&per_page=20&id_after=5')).toEqual({ ids: [], link: null });
    expect(await page('sort=desc&per_page=20&id_before=1')).toEqual({ ids: [], link: null });
  });
});

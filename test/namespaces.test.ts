import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import type { GitLab, Namespace } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Namespaces end to end: groups and personal namespaces, who lists and reads which, and path availability.

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', name: 'Olive Owner', token: 'glpat-owner' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [
    { path: 'acme', name: 'Acme', members: { owner: 50, guest: 10 } },
    { path: 'acme/platform', name: 'Platform', members: { dev: 30 } },
    { path: 'acme/platform/core', name: 'Core', members: { owner: 30 } },
    { path: 'open', name: 'Open', visibility: 'public' },
    { path: 'acme1', name: 'Acme one' },
  ],
  projects: [{ path: 'owner/sandbox' }, { path: 'open/site', visibility: 'public', members: { outsider: 30 } }],
};

let mock: MockGitLab;
const as = (token: string): GitLab => client(mock, `glpat-${token}`);
const paths = (namespaces: Namespace[]) => namespaces.map((n) => `${n.kind}:${n.full_path}`);
const userId = (username: string) => [...mock.world.users.values()].find((u) => u.username === username)?.id;

beforeEach(() => {
  mock = createMockGitLab({ seed });
});

describe('GET /namespaces', () => {
  it('lists the personal namespace and the groups of direct memberships, not the subgroups below them nor groups seen otherwise', async () => {
    expect(paths(await as('guest').namespaces.list().toArray())).toEqual(['group:acme', 'user:guest']);
    expect(paths(await as('owner').namespaces.list().toArray())).toEqual([
      'group:acme',
      'group:acme/platform/core',
      'user:owner',
    ]);
    // A member of a project in a public group does not get the group as a namespace.
    expect(paths(await as('outsider').namespaces.list().toArray())).toEqual(['user:outsider']);
  });

  it('gives an administrator every namespace, groups and users, by id', async () => {
    const all = await as('root').namespaces.list().toArray();
    expect(all).toHaveLength(mock.world.groups.size + mock.world.users.size);
    expect(all.map((n) => n.id)).toEqual([...all.map((n) => n.id)].sort((a, b) => a - b));
  });

  it('owned_only keeps the groups the caller owns directly', async () => {
    expect(paths(await as('owner').namespaces.list({ owned_only: true }).toArray())).toEqual([
      'group:acme',
      'user:owner',
    ]);
  });

  it('top_level_only drops subgroups', async () => {
    expect(paths(await as('owner').namespaces.list({ top_level_only: true }).toArray())).toEqual([
      'group:acme',
      'user:owner',
    ]);
  });

  it('search matches the name or the path; full_path_search the full path', async () => {
    const root = as('root');
    expect(paths((await root.namespaces.list({ search: 'core' })).items)).toEqual(['group:acme/platform/core']);
    expect(paths((await root.namespaces.list({ search: 'olive' })).items)).toEqual(['user:owner']);
    expect(paths((await root.namespaces.list({ search: 'platform/core' })).items)).toEqual([]);
    expect(paths((await root.namespaces.list({ search: 'platform/core', full_path_search: true })).items)).toEqual([
      'group:acme/platform/core',
    ]);
  });

  it('pages with GitLab headers', async () => {
    const response = await call(mock, 'GET', '/namespaces?per_page=2&page=2', { token: 'glpat-root' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total')).toBe(String(mock.world.groups.size + mock.world.users.size));
    expect(response.headers.get('x-page')).toBe('2');
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(mock, 'GET', '/namespaces')).status).toBe(401);
  });
});

describe('GET /namespaces/:id', () => {
  it('reads a group by path or id, with its members count for its Owner only', async () => {
    const group = await as('owner').namespaces.get('acme');
    expect(group).toMatchObject({
      kind: 'group',
      full_path: 'acme',
      parent_id: null,
      web_url: `${mock.baseUrl}/groups/acme`,
    });
    // owner, guest, dev (in acme/platform); owner counted once.
    expect(group.members_count_with_descendants).toBe(3);
    const seenByGuest = await as('guest').namespaces.get(group.id);
    expect(seenByGuest.full_path).toBe('acme');
    expect(seenByGuest).not.toHaveProperty('members_count_with_descendants');
  });

  it('reads a subgroup by its URL-encoded path to a member of its ancestor', async () => {
    const response = await call(mock, 'GET', '/namespaces/acme%2Fplatform', { token: 'glpat-guest' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ full_path: 'acme/platform', parent_id: mock.world.groups.get(1)?.id });
  });

  it('gives a personal namespace its own id, the one projects and users show, not the user id', async () => {
    const mine = await as('owner').namespaces.get('owner');
    expect(mine).toMatchObject({ kind: 'user', path: 'owner', name: 'Olive Owner', web_url: `${mock.baseUrl}/owner` });
    expect(mine.id).not.toBe(userId('owner'));
    const project = await as('owner').projects.get('owner/sandbox');
    expect(project.namespace.id).toBe(mine.id);
    const viaAdmin = await as('root').users.list({ username: 'owner' });
    expect(viaAdmin.items[0]?.namespace_id).toBe(mine.id);
    expect((await as('owner').namespaces.get(mine.id)).full_path).toBe('owner');
  });

  it('is 404 Namespace Not Found for a public group without access, another user namespace, or nothing', async () => {
    for (const ref of ['open', 'owner', 'nothing', '999999']) {
      const error = await failure(as('outsider').namespaces.get(ref));
      expect([error.status, error.gitlabMessage]).toEqual([404, '404 Namespace Not Found']);
    }
    // An administrator reads them all.
    expect((await as('root').namespaces.get('owner')).kind).toBe('user');
    expect((await as('root').namespaces.get('open')).members_count_with_descendants).toBe(0);
  });
});

describe('GET /namespaces/:id/exists', () => {
  it('says whether a top-level path is taken, whoever can see it, with the first free number as suggestion', async () => {
    // acme1 is taken too: the suggestion is acme2.
    expect(await as('outsider').namespaces.exists('acme')).toEqual({ exists: true, suggests: ['acme2'] });
    expect(await as('outsider').namespaces.exists('ACME1')).toEqual({ exists: true, suggests: ['ACME11'] });
    expect(await as('outsider').namespaces.exists('guest')).toEqual({ exists: true, suggests: ['guest1'] });
    expect(await as('outsider').namespaces.exists('fresh')).toEqual({ exists: false, suggests: [] });
  });

  it('checks below a parent with parent_id', async () => {
    const acme = [...mock.world.groups.values()].find((g) => g.full_path === 'acme');
    expect(await as('guest').namespaces.exists('platform', { parent_id: acme?.id })).toEqual({
      exists: true,
      suggests: ['platform1'],
    });
    expect((await as('guest').namespaces.exists('platform')).exists).toBe(false);
    expect((await as('guest').namespaces.exists('guest', { parent_id: acme?.id })).exists).toBe(false);
  });

  it('refuses a parent_id that is not a number with 400', async () => {
    const response = await call(mock, 'GET', '/namespaces/acme/exists?parent_id=x', { token: 'glpat-guest' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'parent_id is invalid' });
  });
});

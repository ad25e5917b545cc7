import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { projectHookAttrs } from '../mock/webhooks/payloads.js';
import { type GitLab, ProjectLinks, Projects } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Projects and group projects end to end: what each caller sees, the filters, the orders, keyset pages.

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [
    { path: 'acme', members: { owner: 50 } },
    { path: 'acme/platform', members: { dev: 30, guest: 10 } },
    { path: 'open', visibility: 'public' },
  ],
  projects: [
    {
      path: 'acme/platform/api',
      description: 'The API',
      members: { maintainer: 40 },
      created_at: '2026-01-01T00:00:00Z',
    },
    { path: 'acme/legacy', archived: true, created_at: '2026-02-01T00:00:00Z' },
    { path: 'open/site', name: 'Site', visibility: 'public', created_at: '2026-03-01T00:00:00Z' },
    { path: 'open/intranet', name: 'Intranet', visibility: 'internal', created_at: '2026-04-01T00:00:00Z' },
    {
      path: 'owner/sandbox',
      created_at: '2026-05-01T00:00:00Z',
      access_tokens: [{ name: 'bot', scopes: ['api'], access_level: 30, token: 'glpat-sandbox-bot' }],
    },
  ],
};

let mock: MockGitLab;
const as = (token: string): GitLab => client(mock, token);
const paths = (items: { path_with_namespace: string }[]) => items.map((p) => p.path_with_namespace);
const listed = async (token: string, query: Parameters<Projects['list']>[0] = {}) =>
  paths(
    await as(token)
      .projects.list({ per_page: 100, ...query })
      .toArray(),
  );

beforeEach(() => {
  mock = createMockGitLab({ seed });
});

describe('GET /projects: what each caller sees', () => {
  it('shows an outsider the public and internal projects, newest first', async () => {
    expect(await listed('glpat-outsider')).toEqual(['open/intranet', 'open/site']);
  });

  it('adds the projects a guest or developer is a member of through a group', async () => {
    expect(await listed('glpat-guest')).toEqual(['open/intranet', 'open/site', 'acme/platform/api']);
    expect(await listed('glpat-dev')).toEqual(['open/intranet', 'open/site', 'acme/platform/api']);
  });

  it('shows an owner the whole group and its own personal namespace, and an admin everything', async () => {
    expect(await listed('glpat-owner')).toEqual([
      'owner/sandbox',
      'open/intranet',
      'open/site',
      'acme/legacy',
      'acme/platform/api',
    ]);
    expect((await listed('glpat-root')).length).toBe(5);
  });

  it('hides internal projects from bots: a token bot sees its own project and public ones', async () => {
    expect(await listed('glpat-sandbox-bot')).toEqual(['owner/sandbox', 'open/site']);
  });
});

describe('GET /projects: an expired membership counts for nothing', () => {
  // A membership counts until the day before its `expires_at` (GitLab's `not_expired`); from that
  // day the lists, as GET /projects/:id already did, treat the user as no member.
  beforeEach(() => {
    mock = createMockGitLab({
      seed: {
        ...seed,
        users: [...(seed.users ?? []), { username: 'former', token: 'glpat-former' }],
        groups: [
          { path: 'acme', members: { owner: 50 } },
          { path: 'acme/platform', members: { former: { access_level: 30, expires_at: '2026-06-01' } } },
          { path: 'open', visibility: 'public' },
        ],
        projects: [
          { path: 'acme/platform/api' },
          { path: 'acme/legacy', members: { former: { access_level: 40, expires_at: '2026-06-01' } } },
          { path: 'open/secret', members: { former: { access_level: 30, expires_at: '2026-06-01' } } },
          {
            path: 'open/site',
            visibility: 'public',
            members: { former: { access_level: 30, expires_at: '2026-06-01' } },
          },
        ],
      },
    });
  });

  it('lists no private project of an expired group or project membership, as GET /projects/:id finds none', async () => {
    expect(await listed('glpat-former')).toEqual(['open/site']);
    expect(await listed('glpat-former', { simple: true })).toEqual(['open/site']);
    expect(await listed('glpat-former', { membership: true })).toEqual([]);
    expect((await failure(as('glpat-former').projects.get('acme/legacy'))).status).toBe(404);
    expect(paths((await as('glpat-former').groups.projects('open')).items)).toEqual(['open/site']);
    expect((await failure(as('glpat-former').projects.get('open/secret'))).status).toBe(404);
  });

  it('shows no access of an expired membership in permissions', async () => {
    const site = await call(mock, 'GET', '/projects/open%2Fsite', { token: 'glpat-former' });
    expect(site.body.permissions).toEqual({ project_access: null, group_access: null });
  });
});

describe('GET /projects: filters', () => {
  it('membership: only projects the caller is a member of; an admin is a member of nothing', async () => {
    expect(await listed('glpat-dev', { membership: true })).toEqual(['acme/platform/api']);
    expect(await listed('glpat-outsider', { membership: true })).toEqual([]);
    expect(await listed('glpat-root', { membership: true })).toEqual([]);
    expect(await listed('glpat-maintainer', { membership: true })).toEqual(['acme/platform/api']);
  });

  it('membership: follows members added and removed after a listing, and a new access token’s bot', async () => {
    // The lists read an index of direct memberships: each change after it was built must show.
    expect(await listed('glpat-outsider', { membership: true })).toEqual([]);
    const members = '/projects/owner%2Fsandbox/members';
    const outsider = (await call(mock, 'GET', '/user', { token: 'glpat-outsider' })).body.id;
    await call(mock, 'POST', members, { token: 'glpat-owner', json: { user_id: outsider, access_level: 30 } });
    expect(await listed('glpat-outsider', { membership: true })).toEqual(['owner/sandbox']);
    await call(mock, 'DELETE', `${members}/${outsider}`, { token: 'glpat-owner' });
    expect(await listed('glpat-outsider', { membership: true })).toEqual([]);
    const created = await call(mock, 'POST', '/projects/open%2Fsite/access_tokens', {
      token: 'glpat-root',
      json: { name: 'ci', scopes: ['read_api'], access_level: 30, expires_at: '2026-12-01' },
    });
    expect(created.status).toBe(201);
    expect(await listed(created.body.token, { membership: true })).toEqual(['open/site']);
  });

  it('membership: a group the caller belongs to that holds no project adds nothing', async () => {
    mock.seed.group({ path: 'empty', members: { outsider: 30 } });
    expect(await listed('glpat-outsider', { membership: true })).toEqual([]);
    expect(await listed('glpat-outsider', { min_access_level: 10 })).toEqual([]);
  });

  it('owned: projects the caller owns, through a group or its namespace', async () => {
    expect(await listed('glpat-owner', { owned: true })).toEqual(['owner/sandbox', 'acme/legacy', 'acme/platform/api']);
    expect(await listed('glpat-maintainer', { owned: true })).toEqual([]);
  });

  it('min_access_level: at least that role, direct or inherited', async () => {
    expect(await listed('glpat-dev', { min_access_level: 30 })).toEqual(['acme/platform/api']);
    expect(await listed('glpat-guest', { min_access_level: 20 })).toEqual([]);
    expect(await listed('glpat-guest', { min_access_level: 10 })).toEqual(['acme/platform/api']);
  });

  it('search: name, path or description, any case; search_namespaces adds the full path', async () => {
    expect(await listed('glpat-root', { search: 'INTRA' })).toEqual(['open/intranet']);
    expect(await listed('glpat-root', { search: 'the api' })).toEqual(['acme/platform/api']);
    expect(await listed('glpat-root', { search: 'platform' })).toEqual([]);
    expect(await listed('glpat-root', { search: 'platform', search_namespaces: true })).toEqual(['acme/platform/api']);
  });

  it('id_after and id_before bound the ids, on offset pages too; starred is empty (nobody stars here)', async () => {
    expect(await listed('glpat-root', { id_after: 2, id_before: 5, order_by: 'id', sort: 'asc' })).toEqual([
      'open/site',
      'open/intranet',
    ]);
    expect(await listed('glpat-root', { starred: true })).toEqual([]);
  });

  it('visibility and archived', async () => {
    expect(await listed('glpat-root', { visibility: 'internal' })).toEqual(['open/intranet']);
    expect(await listed('glpat-root', { archived: true })).toEqual(['acme/legacy']);
    expect(await listed('glpat-root', { archived: false })).not.toContain('acme/legacy');
  });

  it('orders by name, path or id in either direction, and by similarity to the search among memberships', async () => {
    expect(await listed('glpat-outsider', { order_by: 'name', sort: 'asc' })).toEqual(['open/intranet', 'open/site']);
    expect(await listed('glpat-root', { order_by: 'path', sort: 'asc' })).toEqual([
      'acme/platform/api',
      'open/intranet',
      'acme/legacy',
      'owner/sandbox',
      'open/site',
    ]);
    expect(await listed('glpat-root', { order_by: 'id', sort: 'asc' })).toEqual([
      'acme/platform/api',
      'acme/legacy',
      'open/site',
      'open/intranet',
      'owner/sandbox',
    ]);
    mock.seed.project({ path: 'acme/platform/site-archive' });
    mock.seed.project({ path: 'acme/platform/site' });
    // open/site is public, but not one of dev's projects.
    expect(await listed('glpat-dev', { search: 'site', order_by: 'similarity' })).toEqual([
      'acme/platform/site',
      'acme/platform/site-archive',
    ]);
  });

  it("refuses an unknown order with Grape's message", async () => {
    const error = await failure(as('glpat-dev').projects.list({ order_by: 'stars' as never }));
    expect(error.status).toBe(400);
    expect(error.gitlabMessage).toBe('order_by does not have a valid value');
  });

  it('simple=true answers the basic entity: no permissions, no visibility', async () => {
    const [project] = (await as('glpat-dev').projects.list({ membership: true, simple: true })).items;
    expect(project).toMatchObject({ path_with_namespace: 'acme/platform/api', default_branch: 'main' });
    expect(project).not.toHaveProperty('permissions');
    expect(project).not.toHaveProperty('visibility');
  });

  it('works as a resource on its own, without the whole client', async () => {
    const projects = new Projects({ baseUrl: mock.baseUrl, token: 'glpat-dev', fetch: mock.fetch });
    expect(paths((await projects.list({ membership: true })).items)).toEqual(['acme/platform/api']);
  });
});

describe('GET /projects: orders by name, path and similarity', () => {
  // Public projects whose names and paths tie in pairs, so that the tie-break by id shows.
  const ordered = (projects: SeedDocument['projects']) =>
    createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [
          { username: 'root', admin: true, token: 'glpat-root' },
          { username: 'dev', token: 'glpat-dev' },
        ],
        groups: [
          { path: 'a', visibility: 'public', members: { dev: 30 } },
          { path: 'b', visibility: 'public', members: { dev: 30 } },
          { path: 'c', visibility: 'public' },
        ],
        projects: projects?.map((project) => ({ visibility: 'public' as const, ...project })),
      },
    });
  const list = async (m: MockGitLab, query: Parameters<Projects['list']>[0], token = 'glpat-root') =>
    paths(
      await client(m, token)
        .projects.list({ per_page: 100, ...query })
        .toArray(),
    );

  it('orders by name then id, and by path then id, in either direction', async () => {
    const m = ordered([
      { path: 'b/beta', name: 'Gamma' },
      { path: 'a/alpha', name: 'Alpha' },
      { path: 'b/alpha', name: 'Beta' },
      { path: 'a/gamma', name: 'Alpha' },
      { path: 'a/beta', name: 'Gamma' },
      { path: 'b/gamma', name: 'Beta' },
    ]);
    const byName = ['a/alpha', 'a/gamma', 'b/alpha', 'b/gamma', 'b/beta', 'a/beta'];
    expect(await list(m, { order_by: 'name', sort: 'asc' })).toEqual(byName);
    expect(await list(m, { order_by: 'name', sort: 'desc' })).toEqual([...byName].reverse());
    const byPath = ['a/alpha', 'b/alpha', 'b/beta', 'a/beta', 'a/gamma', 'b/gamma'];
    expect(await list(m, { order_by: 'path', sort: 'asc' })).toEqual(byPath);
    expect(await list(m, { order_by: 'path', sort: 'desc' })).toEqual([...byPath].reverse());
  });

  it('similarity: exact name or path, then prefix, then anywhere, then only the description; ties by id', async () => {
    // Created least similar first, so that a project ranked one step too low falls behind its ties.
    const m = ordered([
      { path: 'c/site', name: 'Site' },
      { path: 'a/blog', name: 'Blog', description: 'All about the site' },
      { path: 'a/mine', name: 'My site' },
      { path: 'a/my-site', name: 'Other' },
      { path: 'a/builder', name: 'Site builder' },
      { path: 'a/site-tools', name: 'Tools' },
      { path: 'a/home', name: 'Site' },
      { path: 'b/site', name: 'Homepage' },
    ]);
    const expected = ['a/home', 'b/site', 'a/builder', 'a/site-tools', 'a/mine', 'a/my-site', 'a/blog'];
    expect(await list(m, { search: 'SITE', order_by: 'similarity', sort: 'asc' }, 'glpat-dev')).toEqual(expected);
    // Most similar first whatever the direction; only the ties follow it.
    expect(await list(m, { search: 'site', order_by: 'similarity', sort: 'desc' }, 'glpat-dev')).toEqual([
      'b/site',
      'a/home',
      'a/site-tools',
      'a/builder',
      'a/my-site',
      'a/mine',
      'a/blog',
    ]);
  });

  it("similarity to a search lists only the caller's memberships, as membership=true; an administrator has none", async () => {
    const m = ordered([{ path: 'a/site' }, { path: 'c/site' }, { path: 'c/website' }]);
    expect(await list(m, { search: 'site' }, 'glpat-dev')).toEqual(['c/website', 'c/site', 'a/site']);
    expect(await list(m, { search: 'site', order_by: 'similarity' }, 'glpat-dev')).toEqual(['a/site']);
    expect(await list(m, { search: 'site', order_by: 'similarity' })).toEqual([]);
  });

  it('similarity without a search is the id order of every readable project, whatever the names (even "undefined")', async () => {
    const m = ordered([{ path: 'a/zed' }, { path: 'c/undefined', name: 'undefined' }, { path: 'a/alpha' }]);
    const ids = ['a/zed', 'c/undefined', 'a/alpha'];
    expect(await list(m, { order_by: 'similarity', sort: 'asc' }, 'glpat-dev')).toEqual(ids);
    expect(await list(m, { order_by: 'similarity', sort: 'desc' }, 'glpat-dev')).toEqual([...ids].reverse());
    expect(await list(m, { order_by: 'similarity', sort: 'asc', membership: true }, 'glpat-dev')).toEqual([
      'a/zed',
      'a/alpha',
    ]);
  });
});

describe('GET /projects: keyset pagination', () => {
  it('pages by id with only a Link to the next page, and the SDK follows it', async () => {
    const response = await call(mock, 'GET', '/projects?pagination=keyset&order_by=id&sort=asc&per_page=2', {
      token: 'glpat-root',
    });
    expect(response.status).toBe(200);
    expect((response.body as { id: number }[]).map((p) => p.id)).toEqual([1, 2]);
    expect(response.headers.get('link')).toBe(
      `<${mock.baseUrl}/api/v4/projects?pagination=keyset&order_by=id&sort=asc&id_after=2&per_page=2>; rel="next"`,
    );
    expect(response.headers.get('x-total')).toBeNull();
    expect(response.headers.get('x-next-page')).toBeNull();

    const all = as('glpat-root').projects.list({ pagination: 'keyset', order_by: 'id', sort: 'desc', per_page: 2 });
    expect((await all.toArray()).map((p) => p.id)).toEqual([5, 4, 3, 2, 1]);
    const pages = [];
    for await (const page of all.pages()) pages.push(page.items.length);
    expect(pages).toEqual([2, 2, 1]);
  });

  it('refuses an offset page past 50,000 projects with 405, pointing to keyset pagination', async () => {
    const response = await call(mock, 'GET', '/projects?page=501&per_page=100', { token: 'glpat-root' });
    expect(response.status).toBe(405);
    expect(response.body).toEqual({
      error:
        'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.',
    });
    expect((await call(mock, 'GET', '/projects?page=500&per_page=100', { token: 'glpat-root' })).status).toBe(200);
    expect(
      (await call(mock, 'GET', '/groups/open/projects?page=501&per_page=100', { token: 'glpat-root' })).status,
    ).toBe(405);
  });

  it('names the rule behind each 405 in the journal', async () => {
    await call(mock, 'GET', '/projects?page=501&per_page=100', { token: 'glpat-root' });
    expect(mock.requests.list().at(-1)?.reason).toBe('page 501 of 100 is past the offset limit of 50000 projects');
    await call(mock, 'GET', '/projects?pagination=keyset&order_by=name', { token: 'glpat-root' });
    expect(mock.requests.list().at(-1)?.reason).toBe('keyset pagination of projects needs order_by=id, not name');
  });

  it('refuses keyset pagination in any other order with 405', async () => {
    const response = await call(mock, 'GET', '/projects?pagination=keyset', { token: 'glpat-root' });
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ error: 'Keyset pagination is not yet available for this type of request' });
  });
});

describe('GET /projects/:id', () => {
  it("answers the project with the caller's direct and group memberships", async () => {
    const asMaintainer = await as('glpat-maintainer').projects.get('acme/platform/api');
    expect(asMaintainer.permissions).toEqual({
      project_access: { access_level: 40, notification_level: 3 },
      group_access: null,
    });
    const asDev = await as('glpat-dev').projects.get('acme/platform/api');
    expect(asDev.permissions).toEqual({
      project_access: null,
      group_access: { access_level: 30, notification_level: 3 },
    });
    const asOwner = await as('glpat-owner').projects.get(1);
    expect(asOwner.permissions?.group_access?.access_level).toBe(50);
    expect(asDev).toMatchObject({
      id: 1,
      name: 'api',
      name_with_namespace: 'acme / platform / api',
      path_with_namespace: 'acme/platform/api',
      default_branch: 'main',
      visibility: 'private',
      archived: false,
      web_url: `${mock.baseUrl}/acme/platform/api`,
      http_url_to_repo: `${mock.baseUrl}/acme/platform/api.git`,
      namespace: { id: 2, kind: 'group', full_path: 'acme/platform', parent_id: 1 },
    });
  });

  it('counts opened issues only, per project', async () => {
    const project = mock.world.projects.get(1)!;
    const author = 'dev';
    mock.seed.issue(project, { title: 'open', author });
    mock.seed.issue(project, { title: 'done', author, events: [{ action: 'closed', at: '2026-06-01T09:00:00Z' }] });
    const listed = (await as('glpat-root').projects.list({ order_by: 'id', sort: 'asc' })).items;
    expect(listed.map((p) => p.open_issues_count)).toEqual([1, 0, 0, 0, 0]);
    expect((await as('glpat-root').projects.get(1)).open_issues_count).toBe(1);
  });

  it('shows a personal project with its owner and namespace', async () => {
    const project = await as('glpat-owner').projects.get('owner/sandbox');
    expect(project.namespace).toMatchObject({ kind: 'user', path: 'owner', full_path: 'owner', parent_id: null });
    expect(project.owner?.username).toBe('owner');
    expect(project.permissions?.group_access).toBeNull();
  });

  it('hides the default branch from a guest of a private project, who may not read its code', async () => {
    const project = await as('glpat-guest').projects.get('acme/platform/api');
    expect(project).not.toHaveProperty('default_branch');
    expect((await as('glpat-outsider').projects.get('open/site')).default_branch).toBe('main');
  });

  it('answers statistics=true with statistics from Reporter up (read_statistics), not to a guest', async () => {
    const statistics = async (token: string) =>
      (await call(mock, 'GET', '/projects/acme%2Fplatform%2Fapi?statistics=true', { token })).body.statistics;
    expect(await statistics('glpat-guest')).toBeUndefined();
    expect(await statistics('glpat-dev')).toMatchObject({ commit_count: 0, storage_size: 0, repository_size: 0 });
    expect(await statistics('glpat-root')).toBeDefined();
    // Without the parameter, nobody gets them.
    expect(
      (await call(mock, 'GET', '/projects/acme%2Fplatform%2Fapi', { token: 'glpat-dev' })).body,
    ).not.toHaveProperty('statistics');
  });

  it('is 404 Project Not Found to a caller who cannot see it', async () => {
    const error = await failure(as('glpat-outsider').projects.get('acme/platform/api'));
    expect(error.status).toBe(404);
    expect(error.gitlabMessage).toBe('404 Project Not Found');
  });
});

describe("GET /projects: the default order and the administrators' orders (issue 38 point 7)", () => {
  // Created in the other order than their ids: GitLab orders created_at (the default) by id.
  const reversed: SeedDocument = {
    ...seed,
    projects: [
      { path: 'open/late', visibility: 'public', created_at: '2026-05-01T00:00:00Z' },
      { path: 'open/early', visibility: 'public', created_at: '2026-01-01T00:00:00Z' },
    ],
  };

  it('lists by id, newest id first, without order_by or with order_by=created_at', async () => {
    mock = createMockGitLab({ seed: reversed });
    expect(await listed('glpat-outsider')).toEqual(['open/early', 'open/late']);
    expect(await listed('glpat-outsider', { order_by: 'created_at', sort: 'asc' })).toEqual([
      'open/late',
      'open/early',
    ]);
    expect(await listed('glpat-outsider', { order_by: 'last_activity_at' })).toEqual(['open/late', 'open/early']);
  });

  it('takes star_count from anyone and the statistics orders from administrators, and gives others the default order unrefused', async () => {
    mock = createMockGitLab({ seed: reversed });
    for (const order of ['star_count', 'storage_size', 'repository_size', 'wiki_size', 'packages_size']) {
      for (const token of ['glpat-outsider', 'glpat-root']) {
        const response = await call(mock, 'GET', `/projects?order_by=${order}&sort=asc`, { token });
        const got = (response.body as { path_with_namespace: string }[]).map((p) => p.path_with_namespace);
        // Nothing is starred or measured: ties by id in the asked direction (a non-admin's statistics
        // order becomes the default created_at, which is the id too, and keeps the sort).
        expect([response.status, got], `${order} ${token}`).toEqual([200, ['open/late', 'open/early']]);
      }
    }
    const groupRoute = await call(mock, 'GET', '/groups/open/projects?order_by=storage_size', { token: 'glpat-root' });
    expect([groupRoute.status, groupRoute.body]).toEqual([400, { error: 'order_by does not have a valid value' }]);
  });
});

describe("GitLab's API security headers (issue 38 point 7, lib/api/api.rb's before block)", () => {
  it('are on every answer of the API: a list, an error, an unknown path, a HEAD', async () => {
    const answers = [
      await call(mock, 'GET', '/projects', { token: 'glpat-dev' }),
      await call(mock, 'GET', '/projects/999', { token: 'glpat-dev' }),
      await call(mock, 'GET', '/projects', { token: 'glpat-wrong' }),
      await call(mock, 'GET', '/no/such/route', { token: 'glpat-dev' }),
      await call(mock, 'HEAD', '/projects', { token: 'glpat-dev' }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options'), String(answer.status)).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'");
    }
  });
});

describe("GitLab 18.6's Project entity fields (issue 38 point 6)", () => {
  const API = 'acme/platform/api';

  it('shows repository_storage to administrators only, in lists and on one project', async () => {
    expect((await as('glpat-root').projects.get(API)).repository_storage).toBe('default');
    const simple = await as('glpat-root').projects.list({ simple: true, search: 'api' }).toArray();
    expect(simple[0]?.repository_storage).toBe('default');
    expect(Object.keys(await as('glpat-maintainer').projects.get(API))).not.toContain('repository_storage');
  });

  it('shows the import fields by role: import_status to all, import_url and import_type from Maintainer, import_error on one project', async () => {
    const maintainer = await as('glpat-maintainer').projects.get(API);
    expect([maintainer.import_status, maintainer.import_url, maintainer.import_type, maintainer.import_error]).toEqual([
      'none',
      null,
      null,
      null,
    ]);
    // GitLab's lists present without user_can_admin_project.
    const [listedOne] = await as('glpat-maintainer').projects.list({ search: 'api' }).toArray();
    expect(Object.keys(listedOne ?? {})).toContain('import_url');
    expect(Object.keys(listedOne ?? {})).not.toContain('import_error');
    const dev = await as('glpat-dev').projects.get(API);
    expect(dev.import_status).toBe('none');
    expect(Object.keys(dev).filter((key) => key.startsWith('import_'))).toEqual(['import_status']);
  });

  it('has Service Desk off, with its address shown from Planner and Reporter up (admin_issue)', async () => {
    const dev = await as('glpat-dev').projects.get(API);
    expect([dev.service_desk_enabled, dev.service_desk_address]).toEqual([false, null]);
    const guest = await as('glpat-guest').projects.get(API);
    expect(guest.service_desk_enabled).toBe(false);
    expect(Object.keys(guest)).not.toContain('service_desk_address');
  });

  it("links the project's API resources, checked by the ProjectLinks model", async () => {
    const project = await as('glpat-dev').projects.get(API);
    const api = `${mock.baseUrl}/api/v4/projects/${project.id}`;
    expect(project._links).toEqual({
      self: api,
      issues: `${api}/issues`,
      merge_requests: `${api}/merge_requests`,
      repo_branches: `${api}/repository/branches`,
      labels: `${api}/labels`,
      events: `${api}/events`,
      members: `${api}/members`,
      cluster_agents: `${api}/cluster_agents`,
    });
    // GitLab always sends `self`; the feature links come and go with the caller's access.
    const links = project._links as ProjectLinks;
    expect(ProjectLinks.safeParse({ ...links, self: undefined }).success).toBe(false);
    const featureless = { ...links, issues: undefined, merge_requests: undefined, cluster_agents: undefined };
    expect(ProjectLinks.safeParse(featureless).success).toBe(true);
  });

  it('gives the SSH clone URL as git@host:path.git, never with the HTTP port', async () => {
    const onPort = createMockGitLab({ seed, baseUrl: 'http://localhost:4010' });
    const project = await client(onPort, 'glpat-dev').projects.get(API);
    expect(project.ssh_url_to_repo).toBe('git@localhost:acme/platform/api.git');
    expect(project.http_url_to_repo).toBe('http://localhost:4010/acme/platform/api.git');
    // The webhooks' project (`Project#hook_attrs`) alike.
    const record = [...onPort.world.projects.values()].find((p) => p.path_with_namespace === API);
    const attrs = projectHookAttrs(onPort.world, record as NonNullable<typeof record>);
    expect([attrs.git_ssh_url, attrs.ssh_url]).toEqual(Array(2).fill('git@localhost:acme/platform/api.git'));
  });
});

describe("The Project entity's settings at GitLab's defaults (issue 38, projects_spec's GET /projects/:id)", () => {
  const API = 'acme/platform/api';
  const CI_KEYS = [
    'ci_default_git_depth',
    'ci_forward_deployment_enabled',
    'ci_forward_deployment_rollback_allowed',
    'ci_separated_caches',
    'ci_allow_fork_pipelines_to_run_in_parent_project',
    'keep_latest_artifact',
    'restrict_user_defined_variables',
    'ci_pipeline_variables_minimum_override_role',
    'group_runners_enabled',
    'resource_group_default_process_mode',
  ];

  it("shows the CI/CD settings from Maintainer up (admin_project), at a new project's values", async () => {
    const maintainer = await as('glpat-maintainer').projects.get(API);
    expect(Object.fromEntries(CI_KEYS.map((key) => [key, (maintainer as Record<string, unknown>)[key]]))).toEqual({
      ci_default_git_depth: 20,
      ci_forward_deployment_enabled: true,
      ci_forward_deployment_rollback_allowed: true,
      ci_separated_caches: true,
      ci_allow_fork_pipelines_to_run_in_parent_project: true,
      keep_latest_artifact: true,
      restrict_user_defined_variables: false,
      ci_pipeline_variables_minimum_override_role: 'developer',
      group_runners_enabled: true,
      resource_group_default_process_mode: 'unordered',
    });
    const dev = await as('glpat-dev').projects.get(API);
    expect(Object.keys(dev).filter((key) => CI_KEYS.includes(key))).toEqual([]);
  });

  it('shows every caller the settings without a condition', async () => {
    const site = await as('glpat-outsider').projects.get('open/site');
    expect(site).toMatchObject({
      resolve_outdated_diff_discussions: false,
      emails_disabled: false,
      emails_enabled: true,
      show_diff_preview_in_email: true,
      public_jobs: true,
      warn_about_potentially_unwanted_characters: true,
      updated_at: '2026-03-01T00:00:00.000Z',
    });
  });

  it('says whether the caller may open merge requests into the project (create_merge_request_in)', async () => {
    expect((await as('glpat-dev').projects.get(API)).can_create_merge_request_in).toBe(true);
    expect((await as('glpat-guest').projects.get(API)).can_create_merge_request_in).toBe(false);
    expect((await as('glpat-outsider').projects.get('open/site')).can_create_merge_request_in).toBe(false);
    // An archived project takes none (ArchivedAbilities).
    expect((await as('glpat-owner').projects.get('acme/legacy')).can_create_merge_request_in).toBe(false);
  });

  it('renders the description as paragraphs, a blank one as itself', async () => {
    expect((await as('glpat-dev').projects.get(API)).description_html).toBe(
      '<p data-sourcepos="1:1-1:7" dir="auto">The API</p>',
    );
    const edited = await as('glpat-maintainer').projects.update(API, { description: 'a <b>\n\nsecond' });
    expect(edited.description_html).toBe(
      '<p data-sourcepos="1:1-1:5" dir="auto">a &lt;b&gt;</p>\n<p data-sourcepos="3:1-3:6" dir="auto">second</p>',
    );
    expect((await as('glpat-owner').projects.get('owner/sandbox')).description_html).toBe('');
  });

  it('links the README of a repository that has one, on its default branch; an empty repository has none', async () => {
    expect((await as('glpat-dev').projects.get(API)).readme_url).toBe(`${mock.baseUrl}/${API}/-/blob/main/README.md`);
    const owner = as('glpat-owner');
    expect((await owner.projects.create({ path: 'empty' })).readme_url).toBeNull();
    const trunk = await owner.projects.create({ path: 'trunk', initialize_with_readme: true, default_branch: 'trunk' });
    expect(trunk.readme_url).toBe(`${mock.baseUrl}/owner/trunk/-/blob/trunk/README.md`);
  });

  it('gives the container registry image prefix only where the instance runs a registry, the path in lower case', async () => {
    expect(Object.keys(await as('glpat-dev').projects.get(API))).not.toContain('container_registry_image_prefix');
    const registry = createMockGitLab({
      seed: {
        ...seed,
        instance: { registry_host_port: 'registry.example.org:5000' },
        projects: [{ path: 'owner/MixedCase' }],
      },
    });
    const project = await client(registry, 'glpat-owner').projects.get('owner/MixedCase');
    expect(project.container_registry_image_prefix).toBe('registry.example.org:5000/owner/mixedcase');
  });
});

describe('GET /groups/:id/projects', () => {
  it("lists the group's own projects, and its subgroups' with include_subgroups", async () => {
    const owner = as('glpat-owner');
    expect(paths((await owner.groups.projects('acme')).items)).toEqual(['acme/legacy']);
    expect(paths((await owner.groups.projects('acme', { include_subgroups: true })).items)).toEqual([
      'acme/legacy',
      'acme/platform/api',
    ]);
  });

  it('shows only what the caller can read, with every filter', async () => {
    const dev = as('glpat-dev');
    expect(paths((await dev.groups.projects('acme', { include_subgroups: true })).items)).toEqual([
      'acme/platform/api',
    ]);
    const outsider = as('glpat-outsider');
    expect(paths((await outsider.groups.projects('open', { order_by: 'name', sort: 'asc' })).items)).toEqual([
      'open/intranet',
      'open/site',
    ]);
    expect(paths((await outsider.groups.projects('open', { visibility: 'public' })).items)).toEqual(['open/site']);
    expect(paths((await outsider.groups.projects('open', { search: 'intra' })).items)).toEqual(['open/intranet']);
    expect(
      paths((await as('glpat-owner').groups.projects('acme', { archived: false, include_subgroups: true })).items),
    ).toEqual(['acme/platform/api']);
    expect(paths((await as('glpat-owner').groups.projects('acme', { owned: true })).items)).toEqual(['acme/legacy']);
    expect(paths((await dev.groups.projects('acme', { include_subgroups: true, min_access_level: 40 })).items)).toEqual(
      [],
    );
  });

  it('min_access_level: a readable project the caller has no role in is not listed', async () => {
    // open/site is public, open/intranet internal: the outsider reads both, and is a member of neither.
    const outsider = as('glpat-outsider');
    expect(paths((await outsider.groups.projects('open')).items)).toHaveLength(2);
    expect(paths((await outsider.groups.projects('open', { min_access_level: 10 })).items)).toEqual([]);
  });

  it('orders by name or path then id, though it gathers the projects group by group; similarity without a search by name ascending', async () => {
    // The subgroup's projects are older than the group's but come after them, so the sort
    // compares a project with an older one listed before it.
    mock.seed.group({ path: 'x', visibility: 'public' });
    mock.seed.group({ path: 'x/sub', visibility: 'public' });
    for (const [path, name] of [
      ['x/sub/zed', 'Same'],
      ['x/sub/same', 'Zed'],
      ['x/alpha', 'Same'],
      ['x/same', 'Alpha'],
    ] as const) {
      mock.seed.project({ path, name, visibility: 'public' });
    }
    const listOf = async (order_by: 'name' | 'path' | 'similarity', sort: 'asc' | 'desc') =>
      paths((await as('glpat-outsider').groups.projects('x', { include_subgroups: true, order_by, sort })).items);
    const byName = ['x/same', 'x/sub/zed', 'x/alpha', 'x/sub/same'];
    expect(await listOf('name', 'asc')).toEqual(byName);
    expect(await listOf('name', 'desc')).toEqual([...byName].reverse());
    const byPath = ['x/alpha', 'x/sub/same', 'x/same', 'x/sub/zed'];
    expect(await listOf('path', 'asc')).toEqual(byPath);
    expect(await listOf('path', 'desc')).toEqual([...byPath].reverse());
    // GitLab's handle_similarity_order: name ascending whatever sort says, ties by id in its direction.
    expect(await listOf('similarity', 'asc')).toEqual(byName);
    expect(await listOf('similarity', 'desc')).toEqual(['x/same', 'x/alpha', 'x/sub/zed', 'x/sub/same']);
  });

  it('answers the Project entity without permissions, or the basic one with simple', async () => {
    const [full] = (await as('glpat-dev').groups.projects('acme/platform')).items;
    expect(full).toMatchObject({ visibility: 'private', archived: false });
    expect(full).not.toHaveProperty('permissions');
    const [basic] = (await as('glpat-dev').groups.projects('acme/platform', { simple: true })).items;
    expect(basic).not.toHaveProperty('visibility');
  });

  it('follows projects added after a list, and a restored snapshot', async () => {
    const owner = as('glpat-owner');
    const snapshot = mock.snapshot();
    expect(paths((await owner.groups.projects('acme', { include_subgroups: true })).items)).toHaveLength(2);
    mock.seed.project({ path: 'acme/platform/web' });
    expect(paths((await owner.groups.projects('acme', { include_subgroups: true })).items)).toContain(
      'acme/platform/web',
    );
    expect(await listed('glpat-dev', { membership: true })).toEqual(['acme/platform/web', 'acme/platform/api']);
    mock.restore(snapshot);
    expect(paths((await owner.groups.projects('acme', { include_subgroups: true })).items)).not.toContain(
      'acme/platform/web',
    );
  });

  it('is 404 Group Not Found for a private group the caller cannot see', async () => {
    const error = await failure(as('glpat-outsider').groups.projects('acme'));
    expect(error.status).toBe(404);
    expect(error.gitlabMessage).toBe('404 Group Not Found');
  });
});

describe('the seed document', () => {
  it('keeps default_branch, branches and archived through an export', async () => {
    const source = createMockGitLab({
      seed: {
        ...seed,
        projects: [
          { path: 'open/site', visibility: 'public', default_branch: 'trunk', branches: ['dev'], archived: true },
        ],
      },
    });
    const exported = source.exportState();
    const again = createMockGitLab({ seed: exported });
    expect(again.exportState()).toEqual(exported);
    const [project] = exported.projects ?? [];
    expect(project).toMatchObject({ default_branch: 'trunk', archived: true });
    expect(project?.branches?.map((b) => (typeof b === 'string' ? b : b.name)).sort()).toEqual(['dev', 'trunk']);
    for (const m of [source, again]) {
      const answer = await call(m, 'GET', '/projects/open%2Fsite', { token: 'glpat-root' });
      expect(answer.body).toMatchObject({ default_branch: 'trunk', archived: true });
    }
  });

  it('draws nothing from the random source for branches: a seed without them loads its secrets as before', () => {
    const plain = createMockGitLab({ seed });
    const withBranches = createMockGitLab({
      seed: { ...seed, projects: seed.projects?.map((p) => ({ ...p, branches: ['x', 'y'] })) },
    });
    expect(withBranches.world.randomState).toBe(plain.world.randomState);
    const values = (m: MockGitLab) => [...m.world.tokens.values()].map((t) => t.value);
    expect(values(withBranches)).toEqual(values(plain));
  });
});

describe('gitlab.users.projects (GET /users/:user_id/projects)', () => {
  const world = () =>
    createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [
          { username: 'root', admin: true, token: 'glpat-root' },
          { username: 'hidden', private_profile: true, token: 'glpat-hidden' },
          { username: 'viewer', token: 'glpat-viewer' },
        ],
        projects: [
          { path: 'hidden/public-one', visibility: 'public' },
          { path: 'hidden/private-one', members: { viewer: 30 } },
        ],
      },
    });
  const paths = (projects: { path_with_namespace: string }[]) => projects.map((p) => p.path_with_namespace).sort();

  it("lists none of a private profile's projects to others, public ones included (UserPolicy's read_user_profile)", async () => {
    const mock = world();
    expect(await client(mock, 'glpat-viewer').users.projects('hidden').toArray()).toEqual([]);
    const anonymous = await call(mock, 'GET', '/users/hidden/projects');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual([]);
  });

  it('lists them to the user and to an administrator', async () => {
    const mock = world();
    expect(paths(await client(mock, 'glpat-hidden').users.projects('hidden').toArray())).toEqual([
      'hidden/private-one',
      'hidden/public-one',
    ]);
    expect(paths(await client(mock, 'glpat-root').users.projects('hidden', { simple: true }).toArray())).toEqual([
      'hidden/private-one',
      'hidden/public-one',
    ]);
  });

  it('answers an anonymous caller the BasicProjectDetails entity, as GET /projects does', async () => {
    const listed = await call(world(), 'GET', '/projects');
    expect(listed.status).toBe(200);
    expect(listed.body.map((p: { path: string }) => p.path)).toEqual(['public-one']);
    expect(listed.body[0]).not.toHaveProperty('visibility');
    expect(listed.body[0]).not.toHaveProperty('permissions');
  });
});

describe('gitlab.projects.shareLocations (GET /projects/:id/share_locations)', () => {
  const world = () =>
    createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [
          { username: 'maint', token: 'glpat-maint' },
          { username: 'dev', token: 'glpat-dev' },
        ],
        groups: [
          { path: 'acme', members: { maint: 30, dev: 30 } },
          { path: 'acme/api-team' },
          { path: 'design', members: { maint: 10, dev: 10 } },
        ],
        projects: [
          { path: 'acme/api', members: { maint: 40 }, shared_with_groups: [{ group: 'design', group_access: 20 }] },
        ],
      },
    });

  it("lists a Maintainer's groups and their subgroups, less the project's own, its ancestors and its shares", async () => {
    const groups = await client(world(), 'glpat-maint').projects.shareLocations('acme/api').toArray();
    expect(groups.map((g) => g.full_path)).toEqual(['acme/api-team']);
  });

  it('lists none below Maintainer (admin_project), though the project is readable', async () => {
    expect(await client(world(), 'glpat-dev').projects.shareLocations('acme/api').toArray()).toEqual([]);
  });
});

describe('statistics in GET /projects', () => {
  it('shows them to Reporters and up only (read_statistics), and only when asked', async () => {
    const mock = createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [
          { username: 'rep', token: 'glpat-rep' },
          { username: 'gst', token: 'glpat-gst' },
        ],
        projects: [{ path: 'rep/api', members: { gst: 10 } }],
      },
    });
    const statisticsOf = async (token: string, statistics: boolean) =>
      (await client(mock, token).projects.list({ statistics }).toArray())[0]?.statistics;
    expect(await statisticsOf('glpat-rep', true)).toMatchObject({ storage_size: 0, commit_count: 0 });
    expect(await statisticsOf('glpat-rep', false)).toBeUndefined();
    expect(await statisticsOf('glpat-gst', true)).toBeUndefined();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { type GitLab, type Group, Groups, NotFoundError, type PagePromise } from '../src/index.js';
import { call, client, failure } from './fixtures.js';
import { json, setup } from './sdk/helpers.js';

// Groups end to end: lists, one group, subgroups and descendants, as GitLab's GroupsFinder decides what a caller sees.

/**
 * A tree of private, internal and public groups; `guest` is in `acme`, `dev` and `sub` in
 * `acme/platform` only, `member` in the project `secret/app` only.
 */
const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'sub', token: 'glpat-sub' },
    { username: 'member', token: 'glpat-member' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [
    { path: 'acme', name: 'Acme', description: 'The company', members: { owner: 50, guest: 10 } },
    { path: 'acme/platform', name: 'Platform', members: { dev: 30, sub: 20 } },
    { path: 'acme/platform/core', name: 'Core' },
    { path: 'acme/web', name: 'Web' },
    { path: 'open', name: 'Open', visibility: 'public', members: { dev: 50 } },
    { path: 'open/docs', name: 'Docs', visibility: 'public' },
    { path: 'intra', name: 'Intra', visibility: 'internal' },
    { path: 'secret', name: 'Secret' },
  ],
  projects: [
    { path: 'acme/api', name: 'API' },
    { path: 'acme/site', visibility: 'private', members: { outsider: 10 } },
    { path: 'acme/platform/engine' },
    { path: 'secret/app', members: { member: 30 } },
  ],
};

let mock: MockGitLab;
const as = (token: string): GitLab => client(mock, `glpat-${token}`);
const paths = (groups: Group[]) => groups.map((g) => g.full_path);
/** The full paths of a list's first page. */
const listed = async (page: PagePromise<Group>) => paths((await page).items);
const all = (page: PagePromise<Group>) => page.toArray().then(paths);

beforeEach(() => {
  mock = createMockGitLab({ seed });
});

describe('GET /groups: who sees what', () => {
  it('a non-member of groups sees only those around their memberships (acme, through a project); all_available adds every open group', async () => {
    const outsider = as('outsider');
    expect(await listed(outsider.groups.list())).toEqual(['acme']);
    expect(await listed(outsider.groups.list({ all_available: true }))).toEqual(['acme', 'open/docs', 'intra', 'open']);
  });

  it('a member of a group sees it, its ancestors and all its subgroups, not its private siblings', async () => {
    expect(await listed(as('guest').groups.list())).toEqual([
      'acme',
      'acme/platform/core',
      'acme/platform',
      'acme/web',
    ]);
    expect(await listed(as('sub').groups.list())).toEqual(['acme', 'acme/platform/core', 'acme/platform']);
  });

  it('a member of a project only sees its group and the group’s ancestors', async () => {
    expect(await listed(as('member').groups.list())).toEqual(['secret']);
  });

  it('an administrator sees every group, unless all_available is false', async () => {
    const root = as('root');
    expect(await all(root.groups.list())).toHaveLength(8);
    expect(await listed(root.groups.list({ all_available: false }))).toEqual([]);
  });

  it('owned lists the groups the caller is a direct Owner of', async () => {
    expect(await listed(as('owner').groups.list({ owned: true }))).toEqual(['acme']);
    expect(await listed(as('guest').groups.list({ owned: true }))).toEqual([]);
    expect(await listed(as('root').groups.list({ owned: true }))).toEqual([]);
  });

  it('min_access_level lists direct memberships at that role or above, with their subgroups', async () => {
    expect(await listed(as('dev').groups.list({ min_access_level: 30 }))).toEqual([
      'acme/platform/core',
      'open/docs',
      'open',
      'acme/platform',
    ]);
    expect(await listed(as('dev').groups.list({ min_access_level: 40 }))).toEqual(['open/docs', 'open']);
    expect(await listed(as('guest').groups.list({ min_access_level: 20 }))).toEqual([]);
  });

  it('refuses a min_access_level that is not a role', async () => {
    const response = await call(mock, 'GET', '/groups?min_access_level=25', { token: 'glpat-dev' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'min_access_level does not have a valid value' });
  });
});

describe('GET /groups: filters and order', () => {
  const root = () => as('root');

  it('search matches the full path or the full name, any case', async () => {
    expect(await listed(root().groups.list({ search: 'PLATFORM' }))).toEqual(['acme/platform/core', 'acme/platform']);
    expect(await listed(root().groups.list({ search: 'acme / web' }))).toEqual(['acme/web']);
  });

  it('a search shorter than three characters must match a whole path or name', async () => {
    expect(await listed(root().groups.list({ search: 'we' }))).toEqual([]);
    mock.seed.group({ path: 'we' });
    expect(await listed(root().groups.list({ search: 'WE' }))).toEqual(['we']);
  });

  it('top_level_only, visibility and skip_groups narrow the list', async () => {
    expect(await listed(root().groups.list({ top_level_only: true }))).toEqual(['acme', 'intra', 'open', 'secret']);
    expect(await listed(root().groups.list({ visibility: 'public' }))).toEqual(['open/docs', 'open']);
    const acme = await root().groups.get('acme');
    const response = await call(mock, 'GET', `/groups?top_level_only=true&skip_groups=${acme.id},999`, {
      token: 'glpat-root',
    });
    expect(response.body.map((g: Group) => g.full_path)).toEqual(['intra', 'open', 'secret']);
  });

  it('orders by name, path or id, ascending or descending; ties by id ascending', async () => {
    const byName = await listed(root().groups.list({ per_page: 100 }));
    expect(byName).toEqual([
      'acme',
      'acme/platform/core',
      'open/docs',
      'intra',
      'open',
      'acme/platform',
      'secret',
      'acme/web',
    ]);
    expect(await listed(root().groups.list({ sort: 'desc' }))).toEqual([...byName].reverse());
    expect(await listed(root().groups.list({ order_by: 'path', top_level_only: true, sort: 'desc' }))).toEqual([
      'secret',
      'open',
      'intra',
      'acme',
    ]);
    const ids = (await root().groups.list({ order_by: 'id', sort: 'desc' })).items.map((g) => g.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('orders by similarity to the search, the closest first; without a search by name', async () => {
    mock.seed.group({ path: 'platformer' });
    expect(await listed(root().groups.list({ search: 'platform', order_by: 'similarity' }))).toEqual([
      'acme/platform',
      'platformer',
      'acme/platform/core',
    ]);
    expect(await listed(root().groups.list({ order_by: 'similarity', top_level_only: true }))).toEqual([
      'acme',
      'intra',
      'open',
      'platformer',
      'secret',
    ]);
  });

  it('adds storage statistics for administrators only', async () => {
    const [group] = (await root().groups.list({ statistics: true, per_page: 1 })).items;
    expect(group?.statistics).toMatchObject({ storage_size: 0, repository_size: 0 });
    const [own] = (await as('owner').groups.list({ statistics: true })).items;
    expect(own).not.toHaveProperty('statistics');
  });

  it('paginates as GitLab does', async () => {
    const response = await call(mock, 'GET', '/groups?per_page=3&page=2', { token: 'glpat-root' });
    expect(response.headers.get('x-total')).toBe('8');
    expect(response.headers.get('x-total-pages')).toBe('3');
    expect(response.body).toHaveLength(3);
    expect(await all(root().groups.list({ per_page: 3 }))).toHaveLength(8);
  });

  it('answers the Group entity in GitLab’s key order', async () => {
    const [acme] = (await call(mock, 'GET', '/groups?owned=true', { token: 'glpat-owner' })).body as Record<
      string,
      unknown
    >[];
    expect(Object.keys(acme ?? {})).toEqual([
      'id',
      'web_url',
      'name',
      'path',
      'description',
      'visibility',
      'share_with_group_lock',
      'require_two_factor_authentication',
      'two_factor_grace_period',
      'project_creation_level',
      'auto_devops_enabled',
      'subgroup_creation_level',
      'emails_disabled',
      'emails_enabled',
      'show_diff_preview_in_email',
      'mentions_disabled',
      'lfs_enabled',
      'archived',
      'math_rendering_limits_enabled',
      'lock_math_rendering_limits_enabled',
      'default_branch',
      'default_branch_protection',
      'default_branch_protection_defaults',
      'avatar_url',
      'request_access_enabled',
      'full_name',
      'full_path',
      'created_at',
      'parent_id',
      'organization_id',
      'shared_runners_setting',
      'max_artifacts_size',
      'marked_for_deletion_on',
    ]);
    expect(acme).toMatchObject({
      web_url: `${mock.baseUrl}/groups/acme`,
      name: 'Acme',
      path: 'acme',
      description: 'The company',
      visibility: 'private',
      full_name: 'Acme',
      parent_id: null,
    });
  });
});

describe('GET /groups: order_by=similarity scores as pg_trgm', () => {
  type Seeded = NonNullable<SeedDocument['groups']>;
  /** The full paths root gets for `search` ordered by similarity, in a world of these groups alone. */
  const ranked = (groups: Seeded, search: string) => {
    const world = createMockGitLab({
      seed: { users: [{ username: 'root', admin: true, token: 'glpat-root' }], groups },
    });
    return listed(client(world, 'glpat-root').groups.list({ search, order_by: 'similarity', per_page: 100 }));
  };

  it('ignores punctuation around words: equal scores fall to the parent id, highest first', async () => {
    // "(Docs)" has the trigrams of "Docs": the tie goes to the later parent.
    const groups: Seeded = [
      { path: 'team-a' },
      { path: 'team-b' },
      { path: 'team-b/docs', name: '(Docs)' },
      { path: 'team-a/docs', name: 'Docs' },
    ];
    expect(await ranked(groups, 'docs')).toEqual(['team-b/docs', 'team-a/docs']);
  });

  it('lower-cases as PostgreSQL does: ß stays ß, so "Straße" is not "STRASSE"', async () => {
    const groups: Seeded = [
      { path: 'strasse', name: 'Straße' },
      { path: 'strasse2', name: 'Strasse' },
    ];
    // strasse: 1 + 0.7 × similarity(straße, strasse) = 1 + 0.7 × 4/11; strasse2: 7/10 + 0.7.
    expect(await ranked(groups, 'STRASSE')).toEqual(['strasse2', 'strasse']);
  });

  it('pads each word with two spaces before and one after: a whole word beats a longer one', async () => {
    // platform's 9 trigrams: my-platform has all 9 among 12, platforms 8 (not `rm `) among 11, platform-api 9 among 13.
    const groups: Seeded = [{ path: 'platforms' }, { path: 'my-platform' }, { path: 'platform-api' }];
    expect(await ranked(groups, 'platform')).toEqual(['my-platform', 'platforms', 'platform-api']);
  });

  it('scores shared trigrams over all distinct ones, the path weighing 1 and the name 0.7', async () => {
    // platform: 1 + 0 = 1; old-platform-team: 9 of 18 trigrams in both, 0.5 + 0.7 × 0.5 = 0.85.
    const platform: Seeded = [
      { path: 'platform', name: 'Infrastructure' },
      { path: 'old-platform-team', name: 'Old platform team' },
    ];
    expect(await ranked(platform, 'platform')).toEqual(['platform', 'old-platform-team']);
    // web-ui has the name "Web": 4/7 + 0.7 beats web-app's 0.5 + 0.7 × 0.5.
    const web: Seeded = [
      { path: 'web', name: 'Web' },
      { path: 'web-ui', name: 'Web' },
      { path: 'web-app', name: 'Web app' },
    ];
    expect(await ranked(web, 'web')).toEqual(['web', 'web-ui', 'web-app']);
  });

  it('ranks equal scores by parent id, highest first, top-level groups last, then the newest first', async () => {
    // The three docs score alike (1.7), and so do user-docs and docs-user (the same trigrams, 0.85).
    const groups: Seeded = [
      { path: 'a' },
      { path: 'a/docs' },
      { path: 'docs' },
      { path: 'b' },
      { path: 'b/docs' },
      { path: 'user-docs' },
      { path: 'docs-user' },
    ];
    expect(await ranked(groups, 'docs')).toEqual(['b/docs', 'a/docs', 'docs', 'docs-user', 'user-docs']);
  });
});

describe('GET /groups: order by id or name when groups were not created in id order', () => {
  /** zeta (id 30) is created first, then mid (20) and alpha (10) through `mock.seed` with lower ids. */
  const root = () => {
    const world = createMockGitLab({
      seed: {
        users: [{ username: 'root', admin: true, token: 'glpat-root' }],
        groups: [{ path: 'zeta', name: 'Tools', id: 30 }],
      },
    });
    world.seed.group({ path: 'mid', name: 'Tools', id: 20 });
    world.seed.group({ path: 'alpha', name: 'Alpha', id: 10 });
    return client(world, 'glpat-root');
  };

  it('order_by=id sorts by id, not by creation', async () => {
    const gitlab = root();
    expect(await listed(gitlab.groups.list({ order_by: 'id' }))).toEqual(['alpha', 'mid', 'zeta']);
    expect(await listed(gitlab.groups.list({ order_by: 'id', sort: 'desc' }))).toEqual(['zeta', 'mid', 'alpha']);
  });

  it('names that tie go by id ascending in either direction', async () => {
    const gitlab = root();
    expect(await listed(gitlab.groups.list({ order_by: 'name' }))).toEqual(['alpha', 'mid', 'zeta']);
    expect(await listed(gitlab.groups.list({ order_by: 'name', sort: 'desc' }))).toEqual(['mid', 'zeta', 'alpha']);
  });
});

describe('GET /groups/:id', () => {
  it('answers GroupDetail by id or full path, with the projects the caller may read', async () => {
    const platform = await as('sub').groups.get('acme/platform');
    expect(platform).toMatchObject({ full_path: 'acme/platform', full_name: 'Acme / Platform', shared_projects: [] });
    expect(platform.parent_id).toBe((await as('sub').groups.get('acme')).id);
    expect(platform.projects?.map((p) => p.path_with_namespace)).toEqual(['acme/platform/engine']);
    expect(await as('sub').groups.get(platform.id)).toEqual(platform);
    // Its own projects only, newest first; the outsider's project is there for them, not the private API.
    expect((await as('guest').groups.get('acme')).projects?.map((p) => p.path)).toEqual(['site', 'api']);
    expect((await as('outsider').groups.get('acme')).projects?.map((p) => p.path)).toEqual(['site']);
  });

  it('leaves the projects out with with_projects=false', async () => {
    const acme = await as('guest').groups.get('acme', { with_projects: false });
    expect(acme).not.toHaveProperty('projects');
    expect(acme).not.toHaveProperty('shared_projects');
  });

  it('shows the runners token to those who administer the group only', async () => {
    expect(await as('owner').groups.get('acme')).toHaveProperty('runners_token');
    expect(await as('root').groups.get('acme')).toHaveProperty('runners_token');
    expect(await as('guest').groups.get('acme')).not.toHaveProperty('runners_token');
  });

  it('ends GroupDetail with GitLab’s keys, the top-level ones on a top-level group only', async () => {
    const tail = (detail: object) =>
      Object.keys(detail).slice(Object.keys(detail).indexOf('marked_for_deletion_on') + 1);
    expect(tail(await as('owner').groups.get('acme'))).toEqual([
      'shared_with_groups',
      'runners_token',
      'enabled_git_access_protocol',
      'prevent_sharing_groups_outside_hierarchy',
      'projects',
      'shared_projects',
    ]);
    expect(tail(await as('owner').groups.get('acme/platform'))).toEqual([
      'shared_with_groups',
      'runners_token',
      'projects',
      'shared_projects',
    ]);
  });

  it('lets a member of a subgroup see its private parent, and hides a private group from others', async () => {
    expect((await as('sub').groups.get('acme')).full_path).toBe('acme');
    const error = await failure(as('dev').groups.get('acme/web'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.gitlabMessage).toBe('404 Group Not Found');
    expect((await failure(as('outsider').groups.get('secret'))).status).toBe(404);
    expect((await failure(as('root').groups.get('nowhere'))).status).toBe(404);
  });

  it('shows internal groups to every signed-in user and public ones to anyone signed in', async () => {
    expect((await as('outsider').groups.get('intra')).visibility).toBe('internal');
    expect((await as('outsider').groups.get('open/docs')).full_name).toBe('Open / Docs');
  });

  it('works as a resource on its own, without the whole client', async () => {
    const groups = new Groups({ baseUrl: mock.baseUrl, token: 'glpat-guest', fetch: mock.fetch });
    expect((await groups.get('acme')).name).toBe('Acme');
    expect((await groups.milestones.list('acme')).items).toEqual([]);
  });
});

describe('GET /groups/:id/subgroups and /descendant_groups', () => {
  it('lists the direct subgroups the caller sees', async () => {
    expect(await listed(as('guest').groups.subgroups('acme'))).toEqual(['acme/platform', 'acme/web']);
    expect(await listed(as('sub').groups.subgroups('acme'))).toEqual(['acme/platform']);
  });

  it('lists open subgroups of an open group only with all_available, as GitLab does', async () => {
    expect(await listed(as('outsider').groups.subgroups('open'))).toEqual([]);
    expect(await listed(as('outsider').groups.subgroups('open', { all_available: true }))).toEqual(['open/docs']);
  });

  it('lists descendants at any depth, with the same filters', async () => {
    expect(await listed(as('guest').groups.descendants('acme'))).toEqual([
      'acme/platform/core',
      'acme/platform',
      'acme/web',
    ]);
    expect(await listed(as('sub').groups.descendants('acme'))).toEqual(['acme/platform/core', 'acme/platform']);
    expect(await listed(as('guest').groups.descendants('acme', { search: 'cor' }))).toEqual(['acme/platform/core']);
    expect(await listed(as('guest').groups.descendants('acme', { order_by: 'path', sort: 'desc' }))).toEqual([
      'acme/web',
      'acme/platform',
      'acme/platform/core',
    ]);
  });

  it('answers 404 Group Not Found for a group the caller cannot see', async () => {
    for (const route of ['subgroups', 'descendant_groups']) {
      const response = await call(mock, 'GET', `/groups/secret/${route}`, { token: 'glpat-outsider' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: '404 Group Not Found' });
    }
  });
});

describe('the models across GitLab versions', () => {
  it('read an older GitLab’s group, without created_at, archived or the newer settings', async () => {
    const older = {
      id: 3,
      web_url: 'https://gitlab.test/groups/acme',
      name: 'Acme',
      path: 'acme',
      description: '',
      visibility: 'private',
      lfs_enabled: true,
      avatar_url: null,
      request_access_enabled: false,
      full_name: 'Acme',
      full_path: 'acme',
      parent_id: null,
      projects: [
        {
          id: 9,
          description: null,
          name: 'API',
          name_with_namespace: 'Acme / API',
          path: 'api',
          path_with_namespace: 'acme/api',
          created_at: '2020-01-01T00:00:00.000Z',
          default_branch: 'master',
          web_url: 'https://gitlab.test/acme/api',
        },
      ],
      shared_projects: [],
    };
    const { gitlab } = setup(() => json(older));
    expect(await gitlab.groups.get('acme')).toEqual(older);
  });
});

import { describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { api, hasPaginationHeaders, NON_EXISTING_ID, notPorted, notPortedGroup, refusedUnchanged } from './api.js';

/**
 * GitLab's `spec/requests/api/groups_spec.rb`, ported as HTTP requests to the
 * mock: each GitLab example is one test, named as GitLab names it (its contexts
 * below the `describe` joined with `: `). docs/gitlab-specs.md lists them (a
 * test keeps it in step).
 */

const NOW = '2026-06-01T09:00:00Z';
const TODAY = NOW.slice(0, 10);

const USER1 = 'glpat-spec-user1';
const USER2 = 'glpat-spec-user2';
const USER3 = 'glpat-spec-user3';
const ADMIN = 'glpat-spec-admin';

type SeedGroup = NonNullable<SeedDocument['groups']>[number];
type SeedProject = NonNullable<SeedDocument['projects']>[number];

/**
 * The spec's `let_it_be` world: `group1` (public, path `some_path`, owned by user1, who may not
 * create groups) with project1, project3 (`test`), an archived project and one marked for
 * deletion; `group2` (private, owned by user2) with project2 (`testing`). GitLab's factories make
 * groups public and projects private. `more` adds an example's own groups and projects, after them.
 */
function world(
  more: {
    groups?: SeedGroup[];
    projects?: SeedProject[];
    users?: SeedDocument['users'];
    /** Members added to group1 (`some_path`) and group2. */
    group1?: Record<string, number>;
    group2?: Record<string, number>;
  } = {},
) {
  return createMockGitLab({
    seed: {
      now: NOW,
      users: [
        { username: 'user1', token: USER1, can_create_group: false },
        { username: 'user2', token: USER2 },
        { username: 'user3', token: USER3 },
        { username: 'admin', token: ADMIN, admin: true },
        ...(more.users ?? []),
      ],
      groups: [
        { path: 'some_path', name: 'group1', visibility: 'public', members: { user1: 50, ...more.group1 } },
        { path: 'group2', name: 'group2', visibility: 'private', members: { user2: 50, ...more.group2 } },
        ...(more.groups ?? []),
      ],
      projects: [
        { path: 'some_path/project1' },
        { path: 'group2/testing', name: 'testing' },
        { path: 'some_path/test' },
        { path: 'some_path/archived', archived: true },
        { path: 'some_path/marked', marked_for_deletion_at: TODAY },
        ...(more.projects ?? []),
      ],
    },
  });
}

function groupId(mock: MockGitLab, path: string): number {
  const found = [...mock.world.groups.values()].find((g) => g.full_path === path);
  if (!found) throw new Error(`no group ${path}`);
  return found.id;
}
function projectId(mock: MockGitLab, path: string): number {
  const found = [...mock.world.projects.values()].find((p) => p.path_with_namespace === path);
  if (!found) throw new Error(`no project ${path}`);
  return found.id;
}
const ids = (body: { id: number }[]) => body.map((entry) => entry.id);
const names = (body: { name: string }[]) => body.map((entry) => entry.name);

/** Expects a 200 list with GitLab's pagination headers; answers the body. */
async function listed(answer: Promise<{ status: number; headers: Headers; body: any }>) {
  const { status, headers, body } = await answer;
  expect(status).toBe(200);
  expect(hasPaginationHeaders(headers)).toBe(true);
  expect(Array.isArray(body)).toBe(true);
  return body;
}

describe('GET /groups (groups_spec)', () => {
  // skip: not modelled: GitLab's `groups_api` application rate limit (the mock has the general API throttles only)
  notPorted(
    'rate limited endpoint: when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // skip: not modelled: GitLab's `groups_api` application rate limit (the mock has the general API throttles only)
  notPorted(
    'rate limited endpoint: when rate limiter is disabled: does not log request and does not block the request',
  );
  // skip: not modelled: GitLab's `groups_api` application rate limit (the mock has the general API throttles only)
  notPorted(
    'rate limited endpoint: when rate limiter enabled: does not log request and accepts it when endpoint called more than the threshold',
  );
  // skip: not modelled: fine-grained (granular) personal access token permissions (added after 18.6)
  notPorted('authorizing granular token permissions');

  it('when unauthenticated: returns public groups', async () => {
    const mock = world();
    const body = await listed(api(mock, 'GET', '/groups'));
    expect(body).toHaveLength(1);
    expect(body[0].created_at).toBeTruthy();
    expect(body.filter((g: { name: string }) => g.name === 'group1')).toHaveLength(1);
  });

  // skip: asserts only on database queries (N+1), which no response shows
  notPorted('when unauthenticated: groups list N+1: avoids N+1 queries');

  it('when unauthenticated: when statistics are requested: does not include statistics', async () => {
    const body = await listed(api(world(), 'GET', '/groups', undefined, { statistics: true }));
    expect(body[0]).not.toHaveProperty('statistics');
  });

  // skip: asserts only on database queries (N+1), which no response shows
  notPorted('when authenticated as user: groups list N+1: avoids N+1 queries');

  it('when authenticated as user: normal user: returns an array of groups of user1', async () => {
    const body = await listed(api(world(), 'GET', '/groups', USER1));
    expect(names(body)).toEqual(['group1']);
  });

  it('when authenticated as user: does not include runners_token information', async () => {
    const body = await listed(api(world(), 'GET', '/groups', USER1));
    expect(body).toHaveLength(1);
    expect(body[0]).not.toHaveProperty('runners_token');
  });

  it('when authenticated as user: does not include statistics', async () => {
    const body = await listed(api(world(), 'GET', '/groups', USER1, { statistics: true }));
    expect(body[0]).not.toHaveProperty('statistics');
  });

  it('when authenticated as user: includes a created_at timestamp', async () => {
    const body = await listed(api(world(), 'GET', '/groups', USER1));
    expect(body[0].created_at).toBeTruthy();
  });

  const visibilityWorld = () =>
    world({
      groups: [
        { path: 'group_1', visibility: 'private', members: { user1: 50 } },
        { path: 'group_2', visibility: 'internal', members: { user1: 50 } },
        { path: 'group_3', visibility: 'public', members: { user1: 50 } },
        { path: 'group_4', visibility: 'private', members: { user1: 50 } },
        { path: 'group_5', visibility: 'public', members: { user1: 50 } },
      ],
    });
  const filtered = async (params: Record<string, unknown>, paths: string[]) => {
    const mock = visibilityWorld();
    const body = await listed(api(mock, 'GET', '/groups', USER1, params));
    expect(ids(body).sort()).toEqual(paths.map((path) => groupId(mock, path)).sort());
  };

  it('when using the visibility filter: filters based on private visibility param', async () => {
    await filtered({ visibility: 'private' }, ['group_1', 'group_4']);
  });

  it('when using the visibility filter: filters based on internal visibility param', async () => {
    await filtered({ visibility: 'internal' }, ['group_2']);
  });

  it('when using the visibility filter: filters based on public visibility param', async () => {
    await filtered({ visibility: 'public' }, ['some_path', 'group_3', 'group_5']);
  });

  it('when using the visibility filter: filters based on no visibility param passed', async () => {
    await filtered({}, ['some_path', 'group_1', 'group_2', 'group_3', 'group_4', 'group_5']);
  });

  it('when using the visibility filter: filters based on unknown visibility param', async () => {
    const answer = await api(visibilityWorld(), 'GET', '/groups', USER1, { visibility: 'something' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('visibility does not have a valid value');
  });

  const paginationWorld = () =>
    world({
      groups: [
        { path: '1_group', visibility: 'public' },
        { path: '2_group', visibility: 'public' },
      ],
    });

  it('pagination strategies: when the user is anonymous: offset pagination: on making requests beyond the allowed offset pagination threshold: returns error and suggests to use keyset pagination', async () => {
    const answer = await api(paginationWorld(), 'GET', '/groups', undefined, { page: 3000, per_page: 25 });
    expect(answer.status).toBe(405);
    expect(answer.body.error).toBe(
      'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Group. Remaining records can be retrieved using keyset pagination.',
    );
  });

  it('pagination strategies: when the user is anonymous: offset pagination: on making requests below the allowed offset pagination threshold: paginates the records', async () => {
    const mock = paginationWorld();
    const first = await api(mock, 'GET', '/groups', undefined, { page: 1, per_page: 1 });
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual([groupId(mock, '1_group')]);
    const second = await api(mock, 'GET', '/groups', undefined, { page: 2, per_page: 1 });
    expect(second.status).toBe(200);
    expect(ids(second.body)).toEqual([groupId(mock, '2_group')]);
  });

  const keysetNext = (headers: Headers) => {
    const link = headers.get('link') ?? '';
    const next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
    return next ? new URL(next) : undefined;
  };

  it('pagination strategies: when the user is anonymous: an endpoint with keyset pagination: on making requests with supported ordering structure: includes keyset url params in the url response', async () => {
    const answer = await api(paginationWorld(), 'GET', '/groups', undefined, { pagination: 'keyset', per_page: 1 });
    expect(answer.status).toBe(200);
    const next = keysetNext(answer.headers);
    expect(next?.searchParams.get('pagination')).toBe('keyset');
    expect(next?.searchParams.get('cursor')).toBeTruthy();
  });

  it('pagination strategies: when the user is anonymous: an endpoint with keyset pagination: on making requests with supported ordering structure: does not include pagination headers', async () => {
    const answer = await api(paginationWorld(), 'GET', '/groups', undefined, { pagination: 'keyset', per_page: 1 });
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(false);
  });

  it('pagination strategies: when the user is anonymous: an endpoint with keyset pagination: on making requests with supported ordering structure: paginates the records correctly', async () => {
    const mock = paginationWorld();
    const answer = await api(mock, 'GET', '/groups', undefined, { pagination: 'keyset', per_page: 1 });
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).toEqual([groupId(mock, '1_group')]);
    const next = keysetNext(answer.headers);
    const second = await api(mock, 'GET', `/groups${next?.search ?? ''}`);
    expect(second.status).toBe(200);
    expect(ids(second.body)).toEqual([groupId(mock, '2_group')]);
  });

  it('pagination strategies: when the user is anonymous: an endpoint with keyset pagination: on making requests with unsupported ordering structure: returns error', async () => {
    const answer = await api(paginationWorld(), 'GET', '/groups', undefined, {
      pagination: 'keyset',
      per_page: 1,
      order_by: 'path',
      sort: 'asc',
    });
    expect(answer.status).toBe(405);
    expect(answer.body.error).toBe('Keyset pagination is not yet available for this type of request');
  });

  it('when authenticated as admin: admin: returns an array of all groups', async () => {
    expect(await listed(api(world(), 'GET', '/groups', ADMIN))).toHaveLength(2);
  });

  it('when authenticated as admin: does not include runners_token information', async () => {
    const body = await listed(api(world(), 'GET', '/groups', ADMIN));
    expect(body).toHaveLength(2);
    expect(body[0]).not.toHaveProperty('runners_token');
  });

  it('when authenticated as admin: does not include statistics by default', async () => {
    const body = await listed(api(world(), 'GET', '/groups', ADMIN));
    expect(body[0]).not.toHaveProperty('statistics');
  });

  it('when authenticated as admin: includes a created_at timestamp', async () => {
    const body = await listed(api(world(), 'GET', '/groups', ADMIN));
    expect(body[0].created_at).toBeTruthy();
  });

  it('when authenticated as admin: includes statistics if requested', async () => {
    const body = await listed(api(world(), 'GET', '/groups', ADMIN, { statistics: true }));
    expect(Object.keys(body[0].statistics).sort()).toEqual(
      [
        'storage_size',
        'repository_size',
        'wiki_size',
        'lfs_objects_size',
        'job_artifacts_size',
        'pipeline_artifacts_size',
        'packages_size',
        'snippets_size',
        'uploads_size',
      ].sort(),
    );
  });

  it('when authenticated as admin: includes statistics when all_available is false: returns the statistics', async () => {
    const mock = world({ groups: [{ path: 'some_path/child' }], group1: { admin: 30 } });
    const answer = await api(mock, 'GET', '/groups', ADMIN, { all_available: false, statistics: true });
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toHaveProperty('statistics');
  });

  it('when using skip_groups in request: returns all groups excluding skipped groups', async () => {
    const mock = world();
    const body = await listed(api(mock, 'GET', '/groups', ADMIN, { skip_groups: [groupId(mock, 'group2')] }));
    expect(body).toHaveLength(1);
  });

  it('when using all_available in request: returns all groups you have access to', async () => {
    const mock = world({ groups: [{ path: 'public_group', visibility: 'public' }] });
    const body = await listed(api(mock, 'GET', '/groups', USER1, { all_available: true }));
    expect(names(body).sort()).toEqual(['group1', 'public_group']);
  });

  it("when using top_level_only: doesn't return subgroups", async () => {
    const mock = world({
      groups: [
        { path: 'top-level-group', members: { user1: 50 } },
        { path: 'nested', visibility: 'private' },
        { path: 'nested/subgroup', members: { user1: 50 } },
      ],
    });
    const body = await listed(api(mock, 'GET', '/groups', USER1, { top_level_only: true }));
    expect(names(body)).toContain('top-level-group');
    expect(names(body)).not.toContain('subgroup');
  });

  /** The sorting examples' groups: group3 (`agroup1`, path `zsome_path`), group4 and group5 (both `same-name`), all owned by user1. */
  const sortingWorld = (extra: SeedGroup[] = []) =>
    world({
      groups: [
        { path: 'zsome_path', name: 'agroup1', members: { user1: 50 } },
        { path: 'ysome_path', name: 'same-name', members: { user1: 50 } },
        { path: 'same-name', name: 'same-name', members: { user1: 50 } },
        ...extra,
      ],
    });
  /** user1's groups (`authorized_groups`) ordered as `compare` orders them. */
  const visibleToUser1 = (mock: MockGitLab, compare: (a: any, b: any) => number) =>
    [...mock.world.groups.values()]
      .filter((g) => g.full_path !== 'group2')
      .sort(compare)
      .map((g) => g.name);
  const byKey =
    (key: 'name' | 'path' | 'id', direction = 1) =>
    (a: any, b: any) =>
      direction * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) || a.id - b.id;

  it('when using sorting: sorts by name ascending by default', async () => {
    const mock = sortingWorld();
    const body = await listed(api(mock, 'GET', '/groups', USER1));
    expect(names(body)).toEqual(visibleToUser1(mock, byKey('name')));
  });

  it('when using sorting: sorts in descending order when passed', async () => {
    const mock = sortingWorld();
    const body = await listed(api(mock, 'GET', '/groups', USER1, { sort: 'desc' }));
    expect(names(body)).toEqual(visibleToUser1(mock, byKey('name', -1)));
  });

  it('when using sorting: sorts by path in order_by param', async () => {
    const mock = sortingWorld();
    const body = await listed(api(mock, 'GET', '/groups', USER1, { order_by: 'path' }));
    expect(names(body)).toEqual(visibleToUser1(mock, byKey('path')));
  });

  it('when using sorting: sorts by id in the order_by param', async () => {
    const mock = sortingWorld();
    const body = await listed(api(mock, 'GET', '/groups', USER1, { order_by: 'id' }));
    expect(names(body)).toEqual(['group1', 'agroup1', 'same-name', 'same-name']);
    expect(ids(body)).toEqual([...ids(body)].sort((a, b) => a - b));
  });

  it('when using sorting: sorts also by descending id with pagination fix', async () => {
    const mock = sortingWorld();
    const body = await listed(api(mock, 'GET', '/groups', USER1, { order_by: 'id', sort: 'desc' }));
    expect(ids(body)).toEqual(
      ['same-name', 'ysome_path', 'zsome_path', 'some_path'].map((path) => groupId(mock, path)),
    );
  });

  it('when using sorting: sorts identical keys by id for good pagination', async () => {
    const mock = sortingWorld();
    const body = await listed(api(mock, 'GET', '/groups', USER1, { search: 'same-name', order_by: 'name' }));
    expect(ids(body)).toEqual([groupId(mock, 'ysome_path'), groupId(mock, 'same-name')]);
  });

  it('when using sorting: sorts descending identical keys by id for good pagination', async () => {
    const mock = sortingWorld();
    const body = await listed(
      api(mock, 'GET', '/groups', USER1, { search: 'same-name', order_by: 'name', sort: 'desc' }),
    );
    expect(ids(body)).toEqual([groupId(mock, 'ysome_path'), groupId(mock, 'same-name')]);
  });

  const similarityWorld = () =>
    sortingWorld([
      { path: 'ysome_path/same-name_subgroup', name: 'same-name subgroup', members: { user1: 50 } },
      { path: 'same-name_parent', name: 'same-name parent', members: { user1: 50 } },
    ]);

  it('when using sorting: when searching with similarity ordering: sorts top level groups before subgroups with exact matches first', async () => {
    const body = await listed(
      api(similarityWorld(), 'GET', '/groups', USER1, { order_by: 'similarity', search: 'same-name' }),
    );
    expect(names(body)).toEqual(['same-name', 'same-name parent', 'same-name subgroup', 'same-name']);
  });

  it('when using sorting: when searching with similarity ordering: when `search` parameter is not given: sorts items ordered by name', async () => {
    const mock = similarityWorld();
    const body = await listed(api(mock, 'GET', '/groups', USER1, { order_by: 'similarity' }));
    expect(body).toHaveLength(6);
    expect(names(body)).toEqual(visibleToUser1(mock, byKey('name')));
  });

  it('when using owned in the request: returns an array of groups the user owns', async () => {
    const body = await listed(api(world({ group1: { user2: 40 } }), 'GET', '/groups', USER2, { owned: true }));
    expect(names(body)).toEqual(['group2']);
  });

  it('when using min_access_level in the request: with min_access_level parameter: returns an array of groups the user has at least master access', async () => {
    const mock = world({
      group1: { user2: 30 },
      groups: [{ path: 'group3', visibility: 'private', members: { user2: 40 } }],
    });
    const body = await listed(api(mock, 'GET', '/groups', USER2, { min_access_level: 40 }));
    expect(ids(body).sort()).toEqual([groupId(mock, 'group2'), groupId(mock, 'group3')].sort());
  });

  // skip: asserts only on the SQL of the count query, which no response shows
  notPorted(
    'when using min_access_level in the request: with min_access_level parameter: distinct count: counts with *',
  );

  it('when searching: finds also groups with full path matching search param', async () => {
    const mock = world({ groups: [{ path: 'some_path/some_path', name: 'subgroup1' }] });
    const answer = await api(mock, 'GET', '/groups', USER1, { search: 'some_path' });
    expect(answer.status).toBe(200);
    expect(ids(answer.body).sort()).toEqual([groupId(mock, 'some_path'), groupId(mock, 'some_path/some_path')].sort());
  });

  // skip: stubs GroupsFinder to check the arguments it receives; the `active` filter (archived and pending-deletion groups) is not modelled for groups
  notPorted('API that accepts active parameter for GroupFinder: passes nil active parameter to the GroupsFinder');
  // skip: stubs GroupsFinder to check the arguments it receives; the `active` filter (archived and pending-deletion groups) is not modelled for groups
  notPorted('API that accepts active parameter for GroupFinder: passes true active parameter to the GroupsFinder');
  // skip: stubs GroupsFinder to check the arguments it receives; the `active` filter (archived and pending-deletion groups) is not modelled for groups
  notPorted('API that accepts active parameter for GroupFinder: passes false active parameter to the GroupsFinder');
});

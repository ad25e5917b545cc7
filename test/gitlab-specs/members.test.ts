import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { call } from '../fixtures.js';
import { api, hasPaginationHeaders, NON_EXISTING_ID, notPorted, refusedUnchanged } from './api.js';

/**
 * GitLab's `spec/requests/api/members_spec.rb` and the shared examples it runs
 * (`spec/support/shared_examples/requests/api/members_shared_examples.rb`),
 * ported as HTTP requests to the mock. GitLab runs its shared examples for a
 * project and a group (and, for the lists, with and without `/all`); each run is
 * one test here, its name saying which, as GitLab's context does.
 * docs/gitlab-specs.md lists them (a test keeps it in step).
 */

const T = {
  maintainer: 'glpat-spec-maintainer',
  maintainer2: 'glpat-spec-maintainer2',
  developer: 'glpat-spec-developer',
  access_requester: 'glpat-spec-requester',
  stranger: 'glpat-spec-stranger',
  nested_user: 'glpat-spec-nested',
  project_user: 'glpat-spec-project-user',
  linked_group_user: 'glpat-spec-linked',
  invited_group_developer: 'glpat-spec-invited',
  newcomer: 'glpat-spec-newcomer',
} as const;
type Who = keyof typeof T;

/** GitLab's `let_it_be` world; `privateInvited`: the linked and invited groups made private. */
function seedOf(options: { privateSources?: boolean; privateInvited?: boolean } = {}): SeedDocument {
  const source = options.privateSources ? 'private' : 'public';
  const invited = options.privateInvited ? 'private' : 'public';
  const addedByMaintainer = (access_level: 30) => ({ access_level, created_by: 'maintainer_user' });
  return {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'maintainer_user', token: T.maintainer },
      { username: 'user-with-maintainer-role', token: T.maintainer2 },
      { username: 'developer', token: T.developer },
      { username: 'access_requester', token: T.access_requester },
      { username: 'stranger', token: T.stranger },
      { username: 'nested_user', token: T.nested_user },
      { username: 'project_user', token: T.project_user },
      { username: 'linked_group_user', token: T.linked_group_user },
      { username: 'invited_group_developer', token: T.invited_group_developer },
      { username: 'newcomer', token: T.newcomer },
    ],
    groups: [
      { path: 'project-group', visibility: source === 'private' ? 'public' : 'public' },
      {
        path: 'group',
        visibility: source,
        members: { maintainer_user: 50, developer: addedByMaintainer(30) },
      },
      {
        path: 'invited-group',
        visibility: invited,
        members: { maintainer_user: 50, invited_group_developer: addedByMaintainer(30) },
      },
      {
        path: 'parent-group',
        visibility: 'public',
        members: { maintainer_user: 50, developer: addedByMaintainer(30) },
      },
      {
        path: 'parent-group/nested-group',
        visibility: 'public',
        members: { nested_user: addedByMaintainer(30) },
        shared_with_groups: [{ group: 'invited-group', group_access: 10 }],
      },
      {
        path: 'linked-group',
        visibility: invited,
        members: { maintainer_user: 50, linked_group_user: addedByMaintainer(30) },
      },
    ],
    projects: [
      {
        path: 'project-group/project',
        visibility: source,
        members: { maintainer_user: 40, developer: addedByMaintainer(30) },
      },
      {
        path: 'parent-group/nested-group/nested-project',
        visibility: 'public',
        members: { project_user: addedByMaintainer(30) },
        shared_with_groups: [{ group: 'linked-group', group_access: 30 }],
      },
    ],
  };
}

const userId = (mock: MockGitLab, username: string) =>
  [...mock.world.users.values()].find((u) => u.username === username)?.id as number;
const ids = (body: { id: number }[]) => body.map((m) => m.id).sort((a, b) => a - b);
const idsOf = (mock: MockGitLab, ...usernames: string[]) =>
  usernames.map((name) => userId(mock, name)).sort((a, b) => a - b);

const SOURCES = { project: '/projects/project-group%2Fproject', group: '/groups/group' } as const;
type Source = keyof typeof SOURCES;
const NESTED_PROJECT = '/projects/parent-group%2Fnested-group%2Fnested-project';
const NESTED_GROUP = '/groups/parent-group%2Fnested-group';

describe('GET /:source_type/:id/members(/all)', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: seedOf() });
  });
  const url = (source: Source, all: boolean) => `${SOURCES[source]}/members${all ? '/all' : ''}`;

  // GitLab's shared examples 'GET /:source_type/:id/members/(all)', for a source and `all`.
  const list = {
    async privateSource(source: Source, all: boolean) {
      const hidden = createMockGitLab({ seed: seedOf({ privateSources: true }) });
      expect((await api(hidden, 'GET', url(source, all), T.stranger)).status).toBe(404);
    },
    async returns200(source: Source, all: boolean, who: Who) {
      const answer = await api(mock, 'GET', url(source, all), T[who]);
      expect(answer.status).toBe(200);
      expect(hasPaginationHeaders(answer.headers)).toBe(true);
      expect(answer.body).toHaveLength(2);
      expect(ids(answer.body)).toEqual(idsOf(mock, 'maintainer_user', 'developer'));
      const maintainer = userId(mock, 'maintainer_user');
      const developer = answer.body.find((m: { id: number }) => m.id !== maintainer);
      const owner = answer.body.find((m: { id: number }) => m.id === maintainer);
      expect(developer.created_by).toMatchObject({ id: maintainer });
      expect(owner).not.toHaveProperty('created_by');
    },
    async query(source: Source, all: boolean) {
      const answer = await api(mock, 'GET', url(source, all), T.developer, { query: 'maintainer_user' });
      expect(answer.status).toBe(200);
      expect(hasPaginationHeaders(answer.headers)).toBe(true);
      expect(answer.body).toHaveLength(1);
      expect(answer.body[0].username).toBe('maintainer_user');
    },
    async userIds(source: Source, all: boolean) {
      const wanted = idsOf(mock, 'maintainer_user', 'developer', 'stranger');
      const answer = await api(mock, 'GET', url(source, all), T.developer, { user_ids: wanted });
      expect(answer.status).toBe(200);
      expect(hasPaginationHeaders(answer.headers)).toBe(true);
      expect(ids(answer.body)).toEqual(idsOf(mock, 'maintainer_user', 'developer'));
    },
    async emptyQuery(source: Source, all: boolean) {
      const answer = await api(mock, 'GET', url(source, all), T.developer, { query: '' });
      expect(answer.status).toBe(200);
      expect(hasPaginationHeaders(answer.headers)).toBe(true);
      expect(ids(answer.body)).toEqual(idsOf(mock, 'maintainer_user', 'developer'));
    },
    async legacyToken(source: Source, all: boolean) {
      expect((await api(mock, 'GET', url(source, all), T.maintainer)).status).toBe(200);
    },
  };

  it('with :source_type == projects and all == false, a 404 response when source is private: returns 404', () =>
    list.privateSource('project', false));
  it('with :source_type == projects and all == false, when authenticated as a maintainer: returns 200', () =>
    list.returns200('project', false, 'maintainer'));
  it('with :source_type == projects and all == false, when authenticated as a developer: returns 200', () =>
    list.returns200('project', false, 'developer'));
  it('with :source_type == projects and all == false, when authenticated as a access_requester: returns 200', () =>
    list.returns200('project', false, 'access_requester'));
  it('with :source_type == projects and all == false, when authenticated as a stranger: returns 200', () =>
    list.returns200('project', false, 'stranger'));
  // skip: counts database queries (`exceed_query_limit`); no response shows them
  notPorted('with :source_type == projects and all == false: avoids N+1 queries');
  // skip: the mock does not model email invitations (a member without a user), so it has no invitee to leave out
  notPorted('with :source_type == projects and all == false: does not return invitees');
  it('with :source_type == projects and all == false, with cross db check disabled: finds members with query string', () =>
    list.query('project', false));
  it('with :source_type == projects and all == false: finds members with the given user_ids', () =>
    list.userIds('project', false));
  it('with :source_type == projects and all == false: finds all members with no query specified', () =>
    list.emptyQuery('project', false));
  it('projects and all == false: authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    list.legacyToken('project', false));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'projects and all == false: authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'projects and all == false: authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'projects and all == false: authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == projects and all == true, a 404 response when source is private: returns 404', () =>
    list.privateSource('project', true));
  it('with :source_type == projects and all == true, when authenticated as a maintainer: returns 200', () =>
    list.returns200('project', true, 'maintainer'));
  it('with :source_type == projects and all == true, when authenticated as a developer: returns 200', () =>
    list.returns200('project', true, 'developer'));
  it('with :source_type == projects and all == true, when authenticated as a access_requester: returns 200', () =>
    list.returns200('project', true, 'access_requester'));
  it('with :source_type == projects and all == true, when authenticated as a stranger: returns 200', () =>
    list.returns200('project', true, 'stranger'));
  // skip: counts database queries (`exceed_query_limit`); no response shows them
  notPorted('with :source_type == projects and all == true: avoids N+1 queries');
  // skip: the mock does not model email invitations (a member without a user), so it has no invitee to leave out
  notPorted('with :source_type == projects and all == true: does not return invitees');
  it('with :source_type == projects and all == true, with cross db check disabled: finds members with query string', () =>
    list.query('project', true));
  it('with :source_type == projects and all == true: finds members with the given user_ids', () =>
    list.userIds('project', true));
  it('with :source_type == projects and all == true: finds all members with no query specified', () =>
    list.emptyQuery('project', true));
  it('projects and all == true: authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    list.legacyToken('project', true));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'projects and all == true: authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'projects and all == true: authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'projects and all == true: authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == groups and all == false, a 404 response when source is private: returns 404', () =>
    list.privateSource('group', false));
  it('with :source_type == groups and all == false, when authenticated as a maintainer: returns 200', () =>
    list.returns200('group', false, 'maintainer'));
  it('with :source_type == groups and all == false, when authenticated as a developer: returns 200', () =>
    list.returns200('group', false, 'developer'));
  it('with :source_type == groups and all == false, when authenticated as a access_requester: returns 200', () =>
    list.returns200('group', false, 'access_requester'));
  it('with :source_type == groups and all == false, when authenticated as a stranger: returns 200', () =>
    list.returns200('group', false, 'stranger'));
  // skip: counts database queries (`exceed_query_limit`); no response shows them
  notPorted('with :source_type == groups and all == false: avoids N+1 queries');
  // skip: the mock does not model email invitations (a member without a user), so it has no invitee to leave out
  notPorted('with :source_type == groups and all == false: does not return invitees');
  it('with :source_type == groups and all == false, with cross db check disabled: finds members with query string', () =>
    list.query('group', false));
  it('with :source_type == groups and all == false: finds members with the given user_ids', () =>
    list.userIds('group', false));
  it('with :source_type == groups and all == false: finds all members with no query specified', () =>
    list.emptyQuery('group', false));
  it('groups and all == false: authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    list.legacyToken('group', false));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'groups and all == false: authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'groups and all == false: authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'groups and all == false: authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == groups and all == true, a 404 response when source is private: returns 404', () =>
    list.privateSource('group', true));
  it('with :source_type == groups and all == true, when authenticated as a maintainer: returns 200', () =>
    list.returns200('group', true, 'maintainer'));
  it('with :source_type == groups and all == true, when authenticated as a developer: returns 200', () =>
    list.returns200('group', true, 'developer'));
  it('with :source_type == groups and all == true, when authenticated as a access_requester: returns 200', () =>
    list.returns200('group', true, 'access_requester'));
  it('with :source_type == groups and all == true, when authenticated as a stranger: returns 200', () =>
    list.returns200('group', true, 'stranger'));
  // skip: counts database queries (`exceed_query_limit`); no response shows them
  notPorted('with :source_type == groups and all == true: avoids N+1 queries');
  // skip: the mock does not model email invitations (a member without a user), so it has no invitee to leave out
  notPorted('with :source_type == groups and all == true: does not return invitees');
  it('with :source_type == groups and all == true, with cross db check disabled: finds members with query string', () =>
    list.query('group', true));
  it('with :source_type == groups and all == true: finds members with the given user_ids', () =>
    list.userIds('group', true));
  it('with :source_type == groups and all == true: finds all members with no query specified', () =>
    list.emptyQuery('group', true));
  it('groups and all == true: authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    list.legacyToken('group', true));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'groups and all == true: authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'groups and all == true: authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'groups and all == true: authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );

  // skip: stubs `Gitlab::ApplicationRateLimiter.threshold` (`project_members_api`) to 1; the mock's rate limits are its own (SPEC's), not this per-endpoint one
  notPorted(
    'rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // skip: stubs `Gitlab::ApplicationRateLimiter` (`project_members_api`); the mock does not model this per-endpoint limit
  notPorted(
    'rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request',
  );

  it('when invited groups have public visibility: finds all project members including inherited members and members shared into ancestor groups', async () => {
    const answer = await api(mock, 'GET', `${NESTED_PROJECT}/members/all`, T.developer);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(answer.body)).toEqual(
      idsOf(
        mock,
        'maintainer_user',
        'developer',
        'nested_user',
        'project_user',
        'linked_group_user',
        'invited_group_developer',
      ),
    );
  });

  it('when invited groups have public visibility: finds all group members including inherited members and members shared into ancestor groups', async () => {
    const answer = await api(mock, 'GET', `${NESTED_GROUP}/members/all`, T.developer);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(answer.body)).toEqual(
      idsOf(mock, 'maintainer_user', 'developer', 'nested_user', 'invited_group_developer'),
    );
  });

  /** GitLab's shared examples 'invited groups with private visibility', for the nested project or group. */
  const invitedPrivate = {
    path: { project: `${NESTED_PROJECT}/members/all`, group: `${NESTED_GROUP}/members/all` },
    expected: {
      project: [
        'maintainer_user',
        'developer',
        'nested_user',
        'project_user',
        'linked_group_user',
        'invited_group_developer',
      ],
      group: ['maintainer_user', 'developer', 'nested_user', 'invited_group_developer'],
    },
    forNonMembers: {
      project: ['maintainer_user', 'developer', 'nested_user', 'project_user'],
      group: ['maintainer_user', 'developer', 'nested_user'],
    },
    async hidesCreatedBy(kind: 'project' | 'group') {
      const hidden = createMockGitLab({ seed: seedOf({ privateInvited: true }) });
      const answer = await api(hidden, 'GET', invitedPrivate.path[kind], T.developer);
      expect(ids(answer.body)).toEqual(idsOf(hidden, ...invitedPrivate.expected[kind]));
      const hiddenIds = idsOf(hidden, 'maintainer_user', 'linked_group_user', 'invited_group_developer');
      for (const member of answer.body as { id: number; created_by?: unknown }[]) {
        if (hiddenIds.includes(member.id)) expect(member.created_by ?? null, String(member.id)).toBeNull();
        else expect(member.created_by, String(member.id)).toBeTruthy();
      }
    },
    async revealsCreatedBy(kind: 'project' | 'group') {
      const hidden = createMockGitLab({ seed: seedOf({ privateInvited: true }) });
      const answer = await api(hidden, 'GET', invitedPrivate.path[kind], T.maintainer);
      expect(ids(answer.body)).toEqual(idsOf(hidden, ...invitedPrivate.expected[kind]));
      const maintainer = userId(hidden, 'maintainer_user');
      for (const member of answer.body as { id: number; created_by?: unknown }[]) {
        if (member.id !== maintainer) expect(member.created_by, String(member.id)).toBeTruthy();
      }
    },
    async nonMember(kind: 'project' | 'group') {
      const hidden = createMockGitLab({ seed: seedOf({ privateInvited: true }) });
      const answer = await api(hidden, 'GET', invitedPrivate.path[kind], T.newcomer);
      expect(ids(answer.body)).toEqual(idsOf(hidden, ...invitedPrivate.forNonMembers[kind]));
    },
  };

  it('when invited groups have private visibility, invited groups with private visibility (the project), when current user is a member of the shared source: hides the created_by attribute of the invited members of the current source', () =>
    invitedPrivate.hidesCreatedBy('project'));
  it('when invited groups have private visibility, invited groups with private visibility (the project), when current user is an admin of the shared source: reveals the created_by attribute of all the invited group members of the current source', () =>
    invitedPrivate.revealsCreatedBy('project'));
  it('when invited groups have private visibility, invited groups with private visibility (the project), when current user is a non-member of the shared source: does not return the members of the invited private group of the current source', () =>
    invitedPrivate.nonMember('project'));
  it('when invited groups have private visibility, invited groups with private visibility (the group), when current user is a member of the shared source: hides the created_by attribute of the invited members of the current source', () =>
    invitedPrivate.hidesCreatedBy('group'));
  it('when invited groups have private visibility, invited groups with private visibility (the group), when current user is an admin of the shared source: reveals the created_by attribute of all the invited group members of the current source', () =>
    invitedPrivate.revealsCreatedBy('group'));
  it('when invited groups have private visibility, invited groups with private visibility (the group), when current user is a non-member of the shared source: does not return the members of the invited private group of the current source', () =>
    invitedPrivate.nonMember('group'));

  it('returns only one member for each user without returning duplicated members with correct access levels', async () => {
    const seed = seedOf();
    const linked = seed.groups?.find((g) => g.path === 'linked-group');
    if (linked?.members) linked.members.developer = 30;
    const world = createMockGitLab({ seed });
    const answer = await api(world, 'GET', `${NESTED_PROJECT}/members/all`, T.developer);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    const levels = (answer.body as { id: number; access_level: number }[])
      .map((m) => [m.id, m.access_level])
      .sort((a, b) => (a[0] as number) - (b[0] as number));
    const expected = [
      ['developer', 30],
      ['maintainer_user', 50],
      ['nested_user', 30],
      ['project_user', 30],
      ['linked_group_user', 30],
      ['invited_group_developer', 10],
    ]
      .map(([name, level]) => [userId(world, name as string), level])
      .sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(levels).toEqual(expected);
  });

  it('finds all group members including inherited members', async () => {
    const answer = await api(mock, 'GET', `${NESTED_GROUP}/members/all`, T.developer);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(answer.body)).toEqual(
      idsOf(mock, 'maintainer_user', 'developer', 'nested_user', 'invited_group_developer'),
    );
  });

  it('with a subgroup: subgroup member cannot get parent group members list', async () => {
    const world = createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [{ username: 'maintainer_user' }, { username: 'developer', token: T.developer }],
        groups: [
          { path: 'private-group', visibility: 'private', members: { maintainer_user: 50 } },
          { path: 'private-group/subgroup', visibility: 'private', members: { developer: 30 } },
        ],
        projects: [{ path: 'private-group/subgroup/project' }],
      },
    });
    expect((await api(world, 'GET', '/groups/private-group/members/all', T.developer)).status).toBe(403);
  });
});

describe('GET /:source_type/:id/members(/all)/:user_id', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: seedOf() });
  });

  /**
   * GitLab's shared examples 'GET /:source_type/:id/members/(all/):user_id': with `all`, the source is a
   * new public project in `group` or a new subgroup of it, where the developer is an inherited member.
   */
  function world(options: { privateSources?: boolean; developerMaintainer?: boolean } = {}) {
    const seed = seedOf(options);
    seed.groups?.push({ path: 'group/subgroup', visibility: options.privateSources ? 'private' : 'public' });
    seed.projects?.push({ path: 'group/inner', visibility: options.privateSources ? 'private' : 'public' });
    return seed;
  }
  const sourcePath = (source: Source, all: boolean) =>
    all ? (source === 'project' ? '/projects/group%2Finner' : '/groups/group%2Fsubgroup') : SOURCES[source];
  const memberUrl = (m: MockGitLab, source: Source, all: boolean) =>
    `${sourcePath(source, all)}/members/${all ? 'all/' : ''}${userId(m, 'developer')}`;

  const one = {
    async privateSource(source: Source, all: boolean) {
      const hidden = createMockGitLab({ seed: world({ privateSources: true }) });
      expect((await api(hidden, 'GET', memberUrl(hidden, source, all), T.stranger)).status).toBe(404);
    },
    async nonMember(source: Source, all: boolean, who: Who) {
      const m = createMockGitLab({ seed: world() });
      const answer = await api(m, 'GET', memberUrl(m, source, all), T[who]);
      expect(answer.status).toBe(200);
      const developer = [...m.world.users.values()].find((u) => u.username === 'developer');
      expect(answer.body).toMatchObject({
        id: developer?.id,
        name: developer?.name,
        username: 'developer',
        state: 'active',
        web_url: `${m.baseUrl}/developer`,
        access_level: 30,
      });
      expect(answer.body).toHaveProperty('avatar_url');
      expect(Number.isNaN(Date.parse(answer.body.created_at))).toBe(false);
    },
    async ancestral(source: Source, all: boolean) {
      const seed = world();
      // `source.add_maintainer(developer)`.
      const path = decodeURIComponent(sourcePath(source, all).replace(/^\/(projects|groups)\//, ''));
      const record = [...(seed.projects ?? []), ...(seed.groups ?? [])].find((r) => r.path === path);
      if (record) record.members = { ...record.members, developer: 40 };
      const m = createMockGitLab({ seed });
      const answer = await api(m, 'GET', memberUrl(m, source, all), T.developer);
      expect(answer.status).toBe(200);
      expect(answer.body.access_level).toBe(40);
    },
    async legacyToken(source: Source, all: boolean) {
      const m = createMockGitLab({ seed: world() });
      expect((await api(m, 'GET', memberUrl(m, source, all), T.maintainer)).status).toBe(200);
    },
  };

  it('with :source_type == projects and all == false, a 404 response when source is private: returns 404', () =>
    one.privateSource('project', false));
  it('with :source_type == projects and all == false, when authenticated as a non-member, as a access_requester: returns 200', () =>
    one.nonMember('project', false, 'access_requester'));
  it('with :source_type == projects and all == false, when authenticated as a non-member, as a stranger: returns 200', () =>
    one.nonMember('project', false, 'stranger'));
  it('with :source_type == projects and all == false, with ancestral membership, response with correct access levels: is expected to eq 40', () =>
    one.ancestral('project', false));
  // GitLab gives the group membership an invite email as well; no request can, and the answer is the same.
  it('with :source_type == projects and all == false, with ancestral membership, having email invite, response with correct access levels: is expected to eq 40', () =>
    one.ancestral('project', false));
  it('with :source_type == projects and all == false, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    one.legacyToken('project', false));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects and all == false, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects and all == false, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects and all == false, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == projects and all == true, a 404 response when source is private: returns 404', () =>
    one.privateSource('project', true));
  it('with :source_type == projects and all == true, when authenticated as a non-member, as a access_requester: returns 200', () =>
    one.nonMember('project', true, 'access_requester'));
  it('with :source_type == projects and all == true, when authenticated as a non-member, as a stranger: returns 200', () =>
    one.nonMember('project', true, 'stranger'));
  it('with :source_type == projects and all == true, with ancestral membership, response with correct access levels: is expected to eq 40', () =>
    one.ancestral('project', true));
  // GitLab gives the group membership an invite email as well; no request can, and the answer is the same.
  it('with :source_type == projects and all == true, with ancestral membership, having email invite, response with correct access levels: is expected to eq 40', () =>
    one.ancestral('project', true));
  it('with :source_type == projects and all == true, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    one.legacyToken('project', true));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects and all == true, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects and all == true, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects and all == true, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == groups and all == false, a 404 response when source is private: returns 404', () =>
    one.privateSource('group', false));
  it('with :source_type == groups and all == false, when authenticated as a non-member, as a access_requester: returns 200', () =>
    one.nonMember('group', false, 'access_requester'));
  it('with :source_type == groups and all == false, when authenticated as a non-member, as a stranger: returns 200', () =>
    one.nonMember('group', false, 'stranger'));
  it('with :source_type == groups and all == false, with ancestral membership, response with correct access levels: is expected to eq 40', () =>
    one.ancestral('group', false));
  // GitLab gives the group membership an invite email as well; no request can, and the answer is the same.
  it('with :source_type == groups and all == false, with ancestral membership, having email invite, response with correct access levels: is expected to eq 40', () =>
    one.ancestral('group', false));
  it('with :source_type == groups and all == false, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    one.legacyToken('group', false));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups and all == false, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups and all == false, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups and all == false, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == groups and all == true, a 404 response when source is private: returns 404', () =>
    one.privateSource('group', true));
  it('with :source_type == groups and all == true, when authenticated as a non-member, as a access_requester: returns 200', () =>
    one.nonMember('group', true, 'access_requester'));
  it('with :source_type == groups and all == true, when authenticated as a non-member, as a stranger: returns 200', () =>
    one.nonMember('group', true, 'stranger'));
  it('with :source_type == groups and all == true, with ancestral membership, response with correct access levels: is expected to eq 40', () =>
    one.ancestral('group', true));
  // GitLab gives the group membership an invite email as well; no request can, and the answer is the same.
  it('with :source_type == groups and all == true, with ancestral membership, having email invite, response with correct access levels: is expected to eq 40', () =>
    one.ancestral('group', true));
  it('with :source_type == groups and all == true, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    one.legacyToken('group', true));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups and all == true, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups and all == true, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups and all == true, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );

  it('when invited groups have public visibility: finds all project members including inherited members and members shared into ancestor groups', async () => {
    const answer = await api(
      mock,
      'GET',
      `${NESTED_PROJECT}/members/all/${userId(mock, 'linked_group_user')}`,
      T.developer,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(userId(mock, 'linked_group_user'));
    expect(answer.body.created_by).toBeTruthy();
  });

  it('when invited groups have public visibility: finds all group members including inherited members and members shared into ancestor groups', async () => {
    const answer = await api(
      mock,
      'GET',
      `${NESTED_GROUP}/members/all/${userId(mock, 'invited_group_developer')}`,
      T.developer,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(userId(mock, 'invited_group_developer'));
    expect(answer.body.created_by).toBeTruthy();
  });

  /** GitLab's shared examples 'invited group with private visibility', for the nested project or group. */
  const invitedPrivate = {
    url(m: MockGitLab, kind: 'project' | 'group') {
      return kind === 'project'
        ? `${NESTED_PROJECT}/members/all/${userId(m, 'linked_group_user')}`
        : `${NESTED_GROUP}/members/all/${userId(m, 'invited_group_developer')}`;
    },
    expected: { project: 'linked_group_user', group: 'invited_group_developer' },
    async memberOfSource(kind: 'project' | 'group') {
      const m = createMockGitLab({ seed: seedOf({ privateInvited: true }) });
      const answer = await api(m, 'GET', invitedPrivate.url(m, kind), T.developer);
      expect(answer.body.id).toBe(userId(m, invitedPrivate.expected[kind]));
      expect(answer.body.created_by ?? null).toBeNull();
    },
    async adminOfSource(kind: 'project' | 'group') {
      const m = createMockGitLab({ seed: seedOf({ privateInvited: true }) });
      const answer = await api(m, 'GET', invitedPrivate.url(m, kind), T.maintainer);
      expect(answer.body.id).toBe(userId(m, invitedPrivate.expected[kind]));
      expect(answer.body.created_by).toBeTruthy();
    },
    async nonMember(kind: 'project' | 'group') {
      const m = createMockGitLab({ seed: seedOf({ privateInvited: true }) });
      expect((await api(m, 'GET', invitedPrivate.url(m, kind), T.newcomer)).status).toBe(404);
    },
  };

  it('when invited groups have private visibility, invited group with private visibility (the project), when current user is a member of the shared source: hides the created_by attribute of the invited members of the current source', () =>
    invitedPrivate.memberOfSource('project'));
  it('when invited groups have private visibility, invited group with private visibility (the project), when current user is an admin of the shared source: reveals the created_by attribute of all the invited members of the current project', () =>
    invitedPrivate.adminOfSource('project'));
  it('when invited groups have private visibility, invited group with private visibility (the project), when current user is a non-member of the shared source: does not return the member of the invited private group of the current source', () =>
    invitedPrivate.nonMember('project'));
  it('when invited groups have private visibility, invited group with private visibility (the group), when current user is a member of the shared source: hides the created_by attribute of the invited members of the current source', () =>
    invitedPrivate.memberOfSource('group'));
  it('when invited groups have private visibility, invited group with private visibility (the group), when current user is an admin of the shared source: reveals the created_by attribute of all the invited members of the current project', () =>
    invitedPrivate.adminOfSource('group'));
  it('when invited groups have private visibility, invited group with private visibility (the group), when current user is a non-member of the shared source: does not return the member of the invited private group of the current source', () =>
    invitedPrivate.nonMember('group'));

  it('finds the inherited group member', async () => {
    const answer = await api(
      mock,
      'GET',
      `${NESTED_GROUP}/members/all/${userId(mock, 'maintainer_user')}`,
      T.developer,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(userId(mock, 'maintainer_user'));
  });

  it('with a subgroup: subgroup member cannot get parent group members list', async () => {
    const m = createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [{ username: 'maintainer_user' }, { username: 'developer', token: T.developer }],
        groups: [
          { path: 'private-group', visibility: 'private', members: { maintainer_user: 50 } },
          { path: 'private-group/subgroup', visibility: 'private', members: { developer: 30 } },
        ],
        projects: [{ path: 'private-group/subgroup/project' }],
      },
    });
    const url = `/groups/private-group/members/all/${userId(m, 'maintainer_user')}`;
    expect((await api(m, 'GET', url, T.developer)).status).toBe(403);
  });
});

describe('DELETE /:source_type/:id/members/:user_id', () => {
  const memberCount = (m: MockGitLab, source: Source) => {
    const path = decodeURIComponent(SOURCES[source].replace(/^\/(projects|groups)\//, ''));
    const record =
      source === 'project'
        ? [...m.world.projects.values()].find((p) => p.path_with_namespace === path)
        : [...m.world.groups.values()].find((g) => g.full_path === path);
    return record?.members.size;
  };
  const url = (m: MockGitLab, source: Source, who: string) => `${SOURCES[source]}/members/${userId(m, who)}`;

  // GitLab's shared examples 'DELETE /:source_type/:id/members/:user_id', for a project or a group.
  const remove = {
    async privateSource(source: Source) {
      const m = createMockGitLab({ seed: seedOf({ privateSources: true }) });
      const { answer, unchanged } = await refusedUnchanged(m, T.stranger, () =>
        api(m, 'DELETE', url(m, source, 'developer'), T.stranger),
      );
      expect(answer.status).toBe(404);
      expect(unchanged).toBe(true);
    },
    async refused(source: Source, who: Who) {
      const m = createMockGitLab({ seed: seedOf() });
      const { answer, unchanged } = await refusedUnchanged(m, T[who], () =>
        api(m, 'DELETE', url(m, source, 'developer'), T[who]),
      );
      expect(answer.status).toBe(403);
      expect(unchanged).toBe(true);
    },
    async deletes(source: Source, who: Who) {
      const m = createMockGitLab({ seed: seedOf() });
      const before = memberCount(m, source) as number;
      expect((await api(m, 'DELETE', url(m, source, 'developer'), T[who])).status).toBe(204);
      expect(memberCount(m, source)).toBe(before - 1);
    },
    async requester(source: Source) {
      // The mock does not model access requests: the requester is no member, and the answer GitLab's 404.
      const m = createMockGitLab({ seed: seedOf() });
      const { answer, unchanged } = await refusedUnchanged(m, T.maintainer, () =>
        api(m, 'DELETE', url(m, source, 'access_requester'), T.maintainer),
      );
      expect(answer.status).toBe(404);
      expect(unchanged).toBe(true);
    },
    async higherLevel(source: Source) {
      const seed = seedOf();
      const path = decodeURIComponent(SOURCES[source].replace(/^\/(projects|groups)\//, ''));
      const record = [...(seed.projects ?? []), ...(seed.groups ?? [])].find((r) => r.path === path);
      seed.users?.push({ username: 'owner' });
      if (record) record.members = { ...record.members, owner: 50, 'user-with-maintainer-role': 40 };
      const m = createMockGitLab({ seed });
      const { answer, unchanged } = await refusedUnchanged(m, T.maintainer2, () =>
        api(m, 'DELETE', url(m, source, 'owner'), T.maintainer2),
      );
      expect(answer.status).toBe(403);
      expect(unchanged).toBe(true);
    },
    async modified(source: Source) {
      const m = createMockGitLab({ seed: seedOf() });
      const { answer, unchanged } = await refusedUnchanged(m, T.maintainer, () =>
        call(m, 'DELETE', url(m, source, 'developer'), {
          token: T.maintainer,
          headers: { 'if-unmodified-since': '1990-01-12T00:00:48-0600' },
        }),
      );
      expect(answer.status).toBe(412);
      expect(answer.body).toEqual({ message: '412 Precondition Failed' });
      expect(unchanged).toBe(true);
    },
    async unmodified(source: Source) {
      const m = createMockGitLab({ seed: seedOf() });
      const answer = await call(m, 'DELETE', url(m, source, 'developer'), {
        token: T.maintainer,
        headers: { 'if-unmodified-since': new Date().toUTCString() },
      });
      expect(answer.status).toBe(204);
      expect(answer.body).toBeUndefined();
    },
    async missing(source: Source) {
      const m = createMockGitLab({ seed: seedOf() });
      expect((await api(m, 'DELETE', `${SOURCES[source]}/members/${NON_EXISTING_ID}`, T.maintainer)).status).toBe(404);
    },
  };

  it('with :source_type == projects, a 404 response when source is private: returns 404', () =>
    remove.privateSource('project'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient rights, as a access_requester, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    remove.refused('project', 'access_requester'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient rights, as a stranger, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    remove.refused('project', 'stranger'));
  it('with :source_type == projects, when authenticated as a member and deleting themself: deletes the member', () =>
    remove.deletes('project', 'developer'));
  it('with :source_type == projects, when authenticated as a maintainer/owner, and member is a requester: returns 404', () =>
    remove.requester('project'));
  it('with :source_type == projects, when authenticated as a maintainer/owner, when attempting to delete a member with higher access level, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    remove.higherLevel('project'));
  it('with :source_type == projects, when authenticated as a maintainer/owner: deletes the member', () =>
    remove.deletes('project', 'maintainer'));
  // skip: stubs `Gitlab::ApplicationRateLimiter.threshold` (`members_delete`) to 1; the mock does not model this per-endpoint limit
  notPorted(
    'with :source_type == projects, when authenticated as a maintainer/owner, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // skip: stubs `Gitlab::ApplicationRateLimiter` (`members_delete`); the mock does not model this per-endpoint limit
  notPorted(
    'with :source_type == projects, when authenticated as a maintainer/owner, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request',
  );
  it('with :source_type == projects, when authenticated as a maintainer/owner, 412 response, for a modified resource: returns 412 with a JSON error', () =>
    remove.modified('project'));
  it('with :source_type == projects, when authenticated as a maintainer/owner, 412 response, for an unmodified resource: returns 204 with an empty body', () =>
    remove.unmodified('project'));
  it('with :source_type == projects, when authenticated as a maintainer/owner, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    remove.deletes('project', 'maintainer'));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects, when authenticated as a maintainer/owner, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects, when authenticated as a maintainer/owner, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects, when authenticated as a maintainer/owner, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == projects: returns 404 if member does not exist', () => remove.missing('project'));
  it('with :source_type == groups, a 404 response when source is private: returns 404', () =>
    remove.privateSource('group'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient rights, as a access_requester, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    remove.refused('group', 'access_requester'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient rights, as a stranger, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    remove.refused('group', 'stranger'));
  it('with :source_type == groups, when authenticated as a member and deleting themself: deletes the member', () =>
    remove.deletes('group', 'developer'));
  it('with :source_type == groups, when authenticated as a maintainer/owner, and member is a requester: returns 404', () =>
    remove.requester('group'));
  it('with :source_type == groups, when authenticated as a maintainer/owner, when attempting to delete a member with higher access level, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    remove.higherLevel('group'));
  it('with :source_type == groups, when authenticated as a maintainer/owner: deletes the member', () =>
    remove.deletes('group', 'maintainer'));
  // skip: stubs `Gitlab::ApplicationRateLimiter.threshold` (`members_delete`) to 1; the mock does not model this per-endpoint limit
  notPorted(
    'with :source_type == groups, when authenticated as a maintainer/owner, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // skip: stubs `Gitlab::ApplicationRateLimiter` (`members_delete`); the mock does not model this per-endpoint limit
  notPorted(
    'with :source_type == groups, when authenticated as a maintainer/owner, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request',
  );
  it('with :source_type == groups, when authenticated as a maintainer/owner, 412 response, for a modified resource: returns 412 with a JSON error', () =>
    remove.modified('group'));
  it('with :source_type == groups, when authenticated as a maintainer/owner, 412 response, for an unmodified resource: returns 204 with an empty body', () =>
    remove.unmodified('group'));
  it('with :source_type == groups, when authenticated as a maintainer/owner, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    remove.deletes('group', 'maintainer'));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups, when authenticated as a maintainer/owner, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups, when authenticated as a maintainer/owner, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups, when authenticated as a maintainer/owner, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == groups: returns 404 if member does not exist', () => remove.missing('group'));
});

describe('DELETE /groups/:id/members/:user_id', () => {
  /** The developer of parent-group, also a direct developer of its nested group. */
  function world() {
    const seed = seedOf();
    const nested = seed.groups?.find((g) => g.path === 'parent-group/nested-group');
    if (nested) nested.members = { ...nested.members, developer: 30 };
    return createMockGitLab({ seed });
  }
  const count = (m: MockGitLab, path: string) =>
    [...m.world.groups.values()].find((g) => g.full_path === path)?.members.size;

  it('deletes only the member with skip_subresources=true', async () => {
    const m = world();
    const [parent, nested] = [count(m, 'parent-group') as number, count(m, 'parent-group/nested-group') as number];
    const answer = await api(m, 'DELETE', `/groups/parent-group/members/${userId(m, 'developer')}`, T.maintainer, {
      skip_subresources: true,
    });
    expect(answer.status).toBe(204);
    expect(count(m, 'parent-group')).toBe(parent - 1);
    expect(count(m, 'parent-group/nested-group')).toBe(nested);
  });

  it('deletes member and its sub memberships with skip_subresources=false', async () => {
    const m = world();
    const [parent, nested] = [count(m, 'parent-group') as number, count(m, 'parent-group/nested-group') as number];
    const answer = await api(m, 'DELETE', `/groups/parent-group/members/${userId(m, 'developer')}`, T.maintainer, {
      skip_subresources: false,
    });
    expect(answer.status).toBe(204);
    expect(count(m, 'parent-group')).toBe(parent - 1);
    expect(count(m, 'parent-group/nested-group')).toBe(nested - 1);
  });
});

describe('POST /:source_type/:id/members', () => {
  const count = (m: MockGitLab, source: Source) => {
    const path = decodeURIComponent(SOURCES[source].replace(/^\/(projects|groups)\//, ''));
    const record =
      source === 'project'
        ? [...m.world.projects.values()].find((p) => p.path_with_namespace === path)
        : [...m.world.groups.values()].find((g) => g.full_path === path);
    return record?.members.size as number;
  };
  const url = (source: Source) => `${SOURCES[source]}/members`;
  /** The world with `more` members added to the source (`source.add_maintainer(...)`). */
  function world(source: Source, more: Record<string, 10 | 30 | 40 | 50> = {}, seed = seedOf()) {
    const path = decodeURIComponent(SOURCES[source].replace(/^\/(projects|groups)\//, ''));
    const record = [...(seed.projects ?? []), ...(seed.groups ?? [])].find((r) => r.path === path);
    if (record) record.members = { ...record.members, ...more };
    return createMockGitLab({ seed });
  }
  async function refused(m: MockGitLab, source: Source, token: string, params: Record<string, unknown>, status = 403) {
    const { answer, unchanged } = await refusedUnchanged(m, token, () => api(m, 'POST', url(source), token, params));
    expect(answer.status).toBe(status);
    expect(unchanged).toBe(true);
    return answer;
  }

  // GitLab's shared examples 'POST /:source_type/:id/members', for a project or a group.
  const add = {
    async privateSource(source: Source) {
      const m = createMockGitLab({ seed: seedOf({ privateSources: true }) });
      await refused(m, source, T.stranger, { user_id: userId(m, 'access_requester'), access_level: 40 }, 404);
    },
    async creates(source: Source, who = 'stranger', level = 30) {
      const m = world(source);
      const before = count(m, source);
      const answer = await api(m, 'POST', url(source), T.maintainer, { user_id: userId(m, who), access_level: level });
      expect(answer.status).toBe(201);
      expect(count(m, source)).toBe(before + 1);
      expect(answer.body.id).toBe(userId(m, who));
      expect(answer.body.access_level).toBe(level);
    },
    /** `Members::CreateService` for comma-separated ids or usernames: 201 `{"status":"success"}`, both members added. */
    async createsSeveral(source: Source, by: 'user_id' | 'username') {
      const m = world(source);
      const before = count(m, source);
      const who = ['stranger', 'access_requester'];
      const list = by === 'user_id' ? who.map((name) => userId(m, name)).join(',') : who.join(',');
      const answer = await api(m, 'POST', url(source), T.maintainer, { [by]: list, access_level: 30 });
      expect(answer.status).toBe(201);
      expect(count(m, source)).toBe(before + 2);
      expect(answer.body).toEqual({ status: 'success' });
    },
    async noRights(source: Source, who: Who) {
      const m = world(source);
      await refused(m, source, T[who], { user_id: userId(m, 'access_requester'), access_level: 40 });
    },
    async ownerByMaintainer(source: Source, who: string) {
      const m = world(source, { 'user-with-maintainer-role': 40 });
      await refused(m, source, T.maintainer2, { user_id: userId(m, who), access_level: 50 });
    },
    /** `group` moved under a new parent where the stranger is a Developer; the project in `group`. */
    inherited(source: Source) {
      const seed = seedOf();
      seed.groups = [
        { path: 'parent', visibility: 'public', members: { stranger: 30 } },
        ...(seed.groups ?? []).map((g) => (g.path === 'group' ? { ...g, path: 'parent/group' } : g)),
      ];
      seed.projects = (seed.projects ?? []).map((p) =>
        p.path === 'project-group/project' ? { ...p, path: 'parent/group/project' } : p,
      );
      const m = createMockGitLab({ seed });
      const at = source === 'project' ? '/projects/parent%2Fgroup%2Fproject/members' : '/groups/parent%2Fgroup/members';
      return { m, at };
    },
    async lowerThanInherited(source: Source) {
      const { m, at } = add.inherited(source);
      const { answer, unchanged } = await refusedUnchanged(m, T.maintainer, () =>
        api(m, 'POST', at, T.maintainer, { user_id: userId(m, 'stranger'), access_level: 20 }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message.access_level).toEqual([
        'should be greater than or equal to Developer inherited membership from group parent',
      ]);
      expect(unchanged).toBe(true);
    },
    async higherThanInherited(source: Source) {
      const { m, at } = add.inherited(source);
      const answer = await api(m, 'POST', at, T.maintainer, { user_id: userId(m, 'stranger'), access_level: 40 });
      expect(answer.status).toBe(201);
      expect(answer.body.id).toBe(userId(m, 'stranger'));
      expect(answer.body.access_level).toBe(40);
    },
    async pastExpiry(source: Source) {
      const m = world(source);
      const answer = await refused(
        m,
        source,
        T.maintainer,
        { user_id: userId(m, 'stranger'), access_level: 30, expires_at: '2026-05-30' },
        400,
      );
      expect(answer.body.message).toEqual({ expires_at: ['cannot be a date in the past'] });
    },
    async futureExpiry(source: Source) {
      const m = world(source);
      const before = count(m, source);
      const answer = await api(m, 'POST', url(source), T.maintainer, {
        user_id: userId(m, 'stranger'),
        access_level: 30,
        expires_at: '2026-06-03',
      });
      expect(answer.status).toBe(201);
      expect(count(m, source)).toBe(before + 1);
      expect(answer.body.id).toBe(userId(m, 'stranger'));
      expect(answer.body.expires_at).toBe('2026-06-03');
    },
    async exists(source: Source) {
      const m = world(source, { stranger: 10 });
      await refused(m, source, T.maintainer, { user_id: userId(m, 'maintainer_user'), access_level: 40 }, 409);
    },
    async unknownUser(source: Source) {
      const m = world(source);
      const answer = await refused(m, source, T.maintainer, { user_id: NON_EXISTING_ID, access_level: 40 }, 404);
      expect(answer.body.message).toBe('404 User Not Found');
    },
    async badRequest(source: Source, params: (m: MockGitLab) => Record<string, unknown>) {
      const m = world(source);
      await refused(m, source, T.maintainer, params(m), 400);
    },
    async projectBot(source: Source) {
      const seed = seedOf();
      seed.projects?.push({
        path: 'stranger/unrelated',
        access_tokens: [{ name: 'bot', scopes: ['api'], access_level: 40 }],
      });
      const m = createMockGitLab({ seed });
      const bot = [...m.world.users.values()].find((u) => u.bot)?.id;
      const answer = await refused(m, source, T.maintainer, { user_id: bot, access_level: 30 }, 400);
      expect(answer.body.message.user_id).toContain('project bots cannot be added to other groups / projects');
    },
  };

  it('with :source_type == projects, a 404 response when source is private: returns 404', () =>
    add.privateSource('project'));
  it('with :source_type == projects, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    add.creates('project'));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient membership management rights, when the user does not have rights to manage members, as a access_requester, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.noRights('project', 'access_requester'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient membership management rights, when the user does not have rights to manage members, as a stranger, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.noRights('project', 'stranger'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient membership management rights, when the user does not have rights to manage members, as a developer, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.noRights('project', 'developer'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient membership management rights, when the user has the rights to manage members but tries to manage members with a higher access level, when an access requester is added as OWNER, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.ownerByMaintainer('project', 'access_requester'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient membership management rights, when the user has the rights to manage members but tries to manage members with a higher access level, when a totally new user is added as OWNER, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.ownerByMaintainer('project', 'stranger'));
  // The mock does not model access requests: the requester is a user like any other, who becomes a member.
  it('with :source_type == projects, when authenticated as a member with membership management rights, and new member is already a requester, when the requester is of equal or lower access level: transforms the requester into a proper member', () =>
    add.creates('project', 'access_requester', 40));
  it('with :source_type == projects, when authenticated as a member with membership management rights: creates a new member', () =>
    add.creates('project'));
  // skip: stubs `Members::CreateService#execute` to fail; no request makes the service fail so
  notPorted(
    'with :source_type == projects, when authenticated as a member with membership management rights: returns the error message if there was an error adding the member to the group',
  );
  // skip: asserts a Snowplow tracking event; no response shows it
  notPorted(
    'with :source_type == projects, when authenticated as a member with membership management rights, with invite_source considerations: tracks the invite source as api',
  );
  // skip: asserts a Snowplow tracking event; no response shows it
  notPorted(
    'with :source_type == projects, when authenticated as a member with membership management rights, with invite_source considerations: tracks the invite source from params',
  );
  it('with :source_type == projects, when authenticated as a member with membership management rights, when executing the Members::CreateService for multiple user_ids: returns success when it successfully create all members', () =>
    add.createsSeveral('project', 'user_id'));
  // skip: stubs `Members::CreateService#execute` to fail; no request makes the service fail so
  notPorted(
    'with :source_type == projects, when authenticated as a member with membership management rights, when executing the Members::CreateService for multiple user_ids: returns the error message if there was an error adding members to group',
  );
  it('with :source_type == projects, when authenticated as a member with membership management rights, when executing the Members::CreateService for multiple usernames: returns success when it successfully create all members', () =>
    add.createsSeveral('project', 'username'));
  // skip: stubs `Members::CreateService#execute` to fail; no request makes the service fail so
  notPorted(
    'with :source_type == projects, when authenticated as a member with membership management rights, when executing the Members::CreateService for multiple usernames: returns the error message if there was an error adding members to group',
  );
  it('with :source_type == projects, access levels: does not create the member if group level is higher', () =>
    add.lowerThanInherited('project'));
  it('with :source_type == projects, access levels: creates the member if group level is lower', () =>
    add.higherThanInherited('project'));
  it('with :source_type == projects, access expiry date, when set to a date in the past: does not create a member', () =>
    add.pastExpiry('project'));
  it('with :source_type == projects, access expiry date, when set to a date in the future: creates a member', () =>
    add.futureExpiry('project'));
  it('with :source_type == projects: returns 409 if member already exists', () => add.exists('project'));
  it('with :source_type == projects: returns 404 when the user_id is not valid', () => add.unknownUser('project'));
  it('with :source_type == projects: returns 400 when user_id is not given', () =>
    add.badRequest('project', () => ({ access_level: 40 })));
  it('with :source_type == projects: returns 400 when access_level is not given', () =>
    add.badRequest('project', (m) => ({ user_id: userId(m, 'stranger') })));
  it('with :source_type == projects: returns 400 when access_level is not valid', () =>
    add.badRequest('project', (m) => ({ user_id: userId(m, 'stranger'), access_level: 1234 })));
  it('adding project bot (project): returns 400', () => add.projectBot('project'));
  it('with :source_type == groups, a 404 response when source is private: returns 404', () =>
    add.privateSource('group'));
  it('with :source_type == groups, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    add.creates('group'));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient membership management rights, when the user does not have rights to manage members, as a access_requester, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.noRights('group', 'access_requester'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient membership management rights, when the user does not have rights to manage members, as a stranger, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.noRights('group', 'stranger'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient membership management rights, when the user does not have rights to manage members, as a developer, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.noRights('group', 'developer'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient membership management rights, when the user has the rights to manage members but tries to manage members with a higher access level, when an access requester is added as OWNER, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.ownerByMaintainer('group', 'access_requester'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient membership management rights, when the user has the rights to manage members but tries to manage members with a higher access level, when a totally new user is added as OWNER, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    add.ownerByMaintainer('group', 'stranger'));
  // The mock does not model access requests: the requester is a user like any other, who becomes a member.
  it('with :source_type == groups, when authenticated as a member with membership management rights, and new member is already a requester, when the requester is of equal or lower access level: transforms the requester into a proper member', () =>
    add.creates('group', 'access_requester', 40));
  it('with :source_type == groups, when authenticated as a member with membership management rights: creates a new member', () =>
    add.creates('group'));
  // skip: stubs `Members::CreateService#execute` to fail; no request makes the service fail so
  notPorted(
    'with :source_type == groups, when authenticated as a member with membership management rights: returns the error message if there was an error adding the member to the group',
  );
  // skip: asserts a Snowplow tracking event; no response shows it
  notPorted(
    'with :source_type == groups, when authenticated as a member with membership management rights, with invite_source considerations: tracks the invite source as api',
  );
  // skip: asserts a Snowplow tracking event; no response shows it
  notPorted(
    'with :source_type == groups, when authenticated as a member with membership management rights, with invite_source considerations: tracks the invite source from params',
  );
  it('with :source_type == groups, when authenticated as a member with membership management rights, when executing the Members::CreateService for multiple user_ids: returns success when it successfully create all members', () =>
    add.createsSeveral('group', 'user_id'));
  // skip: stubs `Members::CreateService#execute` to fail; no request makes the service fail so
  notPorted(
    'with :source_type == groups, when authenticated as a member with membership management rights, when executing the Members::CreateService for multiple user_ids: returns the error message if there was an error adding members to group',
  );
  it('with :source_type == groups, when authenticated as a member with membership management rights, when executing the Members::CreateService for multiple usernames: returns success when it successfully create all members', () =>
    add.createsSeveral('group', 'username'));
  // skip: stubs `Members::CreateService#execute` to fail; no request makes the service fail so
  notPorted(
    'with :source_type == groups, when authenticated as a member with membership management rights, when executing the Members::CreateService for multiple usernames: returns the error message if there was an error adding members to group',
  );
  it('with :source_type == groups, access levels: does not create the member if group level is higher', () =>
    add.lowerThanInherited('group'));
  it('with :source_type == groups, access levels: creates the member if group level is lower', () =>
    add.higherThanInherited('group'));
  it('with :source_type == groups, access expiry date, when set to a date in the past: does not create a member', () =>
    add.pastExpiry('group'));
  it('with :source_type == groups, access expiry date, when set to a date in the future: creates a member', () =>
    add.futureExpiry('group'));
  it('with :source_type == groups: returns 409 if member already exists', () => add.exists('group'));
  it('with :source_type == groups: returns 404 when the user_id is not valid', () => add.unknownUser('group'));
  it('with :source_type == groups: returns 400 when user_id is not given', () =>
    add.badRequest('group', () => ({ access_level: 40 })));
  it('with :source_type == groups: returns 400 when access_level is not given', () =>
    add.badRequest('group', (m) => ({ user_id: userId(m, 'stranger') })));
  it('with :source_type == groups: returns 400 when access_level is not valid', () =>
    add.badRequest('group', (m) => ({ user_id: userId(m, 'stranger'), access_level: 1234 })));
  it('adding project bot (group): returns 400', () => add.projectBot('group'));
});

describe('POST /projects/:id/members', () => {
  const URL = `${SOURCES.project}/members`;
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: seedOf() });
  });

  it('adding owner to project, a 403 response when user does not have rights to manage members of a specific access level: returns 403', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, T.maintainer, () =>
      api(mock, 'POST', URL, T.maintainer, { user_id: userId(mock, 'access_requester'), access_level: 50 }),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('add member to project: allows adding by username', async () => {
    const answer = await api(mock, 'POST', URL, T.maintainer, { username: 'access_requester', access_level: 30 });
    expect(answer.status).toBe(201);
    expect(answer.body.username).toBe('access_requester');
  });

  it('add member to project: returns a 400 if user_id is also provided', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, T.maintainer, () =>
      api(mock, 'POST', URL, T.maintainer, {
        username: 'access_requester',
        user_id: userId(mock, 'access_requester'),
        access_level: 30,
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('user_id, username are mutually exclusive');
    expect(unchanged).toBe(true);
  });

  it('add member to project: returns a 400 if user_id and username is missing', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, T.maintainer, () =>
      api(mock, 'POST', URL, T.maintainer, { access_level: 30 }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch('at least one parameter must be provided');
    expect(unchanged).toBe(true);
  });

  it('remove bot from project: returns a 403 forbidden', async () => {
    const seed = seedOf();
    const project = seed.projects?.find((p) => p.path === 'project-group/project');
    if (project) project.access_tokens = [{ name: 'bot', scopes: ['api'], access_level: 30 }];
    const m = createMockGitLab({ seed });
    const bot = [...m.world.users.values()].find((u) => u.bot)?.id;
    const { answer, unchanged } = await refusedUnchanged(m, T.maintainer, () =>
      api(m, 'DELETE', `${URL}/${bot}`, T.maintainer),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });
});

describe('PUT /:source_type/:id/members/:user_id', () => {
  /** The world with `more` members added to the source. */
  function world(source: Source, more: Record<string, 10 | 30 | 40 | 50> = {}) {
    const seed = seedOf();
    const path = decodeURIComponent(SOURCES[source].replace(/^\/(projects|groups)\//, ''));
    const record = [...(seed.projects ?? []), ...(seed.groups ?? [])].find((r) => r.path === path);
    seed.users?.push({ username: 'owner' });
    if (record) record.members = { ...record.members, ...more };
    return createMockGitLab({ seed });
  }
  const url = (m: MockGitLab, source: Source, who: string | number) =>
    `${SOURCES[source]}/members/${typeof who === 'number' ? who : userId(m, who)}`;
  async function refused(
    m: MockGitLab,
    source: Source,
    token: string,
    who: string | number,
    params: Record<string, unknown>,
    status = 403,
  ) {
    const { answer, unchanged } = await refusedUnchanged(m, token, () =>
      api(m, 'PUT', url(m, source, who), token, params),
    );
    expect(answer.status).toBe(status);
    expect(unchanged).toBe(true);
    return answer;
  }

  // GitLab's shared examples 'PUT /:source_type/:id/members/:user_id', for a project or a group.
  const update = {
    async privateSource(source: Source) {
      const m = createMockGitLab({ seed: seedOf({ privateSources: true }) });
      await refused(m, source, T.stranger, 'developer', { access_level: 40 }, 404);
    },
    async noRights(source: Source, who: Who) {
      const m = world(source);
      await refused(m, source, T[who], 'developer', { access_level: 40 });
    },
    async toOwnerByMaintainer(source: Source) {
      const m = world(source, { 'user-with-maintainer-role': 40 });
      await refused(m, source, T.maintainer2, 'developer', { access_level: 50 });
    },
    async updates(source: Source) {
      const m = world(source);
      const answer = await api(m, 'PUT', url(m, source, 'developer'), T.maintainer, { access_level: 40 });
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(userId(m, 'developer'));
      expect(answer.body.access_level).toBe(40);
    },
    async higherMember(source: Source) {
      const m = world(source, { owner: 50, 'user-with-maintainer-role': 40 });
      await refused(m, source, T.maintainer2, 'owner', { access_level: 50 });
    },
    async pastExpiry(source: Source) {
      const m = world(source);
      const answer = await refused(
        m,
        source,
        T.maintainer,
        'developer',
        { expires_at: '2026-05-30', access_level: 40 },
        400,
      );
      expect(answer.body.message).toEqual({ expires_at: ['cannot be a date in the past'] });
    },
    async futureExpiry(source: Source) {
      const m = world(source);
      const answer = await api(m, 'PUT', url(m, source, 'developer'), T.maintainer, {
        expires_at: '2026-06-03',
        access_level: 40,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.expires_at).toBe('2026-06-03');
    },
    async missing(source: Source) {
      const m = world(source);
      await refused(m, source, T.maintainer, NON_EXISTING_ID, { access_level: 40 }, 404);
    },
    async badRequest(source: Source, params: Record<string, unknown>) {
      const m = world(source);
      await refused(m, source, T.maintainer, 'developer', params, 400);
    },
  };

  it('with :source_type == projects, a 404 response when source is private: returns 404', () =>
    update.privateSource('project'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient rights, as a access_requester, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.noRights('project', 'access_requester'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient rights, as a stranger, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.noRights('project', 'stranger'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient rights, as a developer, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.noRights('project', 'developer'));
  it('with :source_type == projects, when authenticated as a non-member or member with insufficient rights, as a maintainer updating a member to one with higher access level than themselves, updating a member to OWNER, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.toOwnerByMaintainer('project'));
  it('with :source_type == projects, when authenticated as a maintainer/owner, when updating a member with the same or lower access level: updates the member', () =>
    update.updates('project'));
  it('with :source_type == projects, when authenticated as a maintainer/owner, when updating a member with higher access level, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.higherMember('project'));
  it('with :source_type == projects, access expiry date, when set to a date in the past: does not update the member', () =>
    update.pastExpiry('project'));
  it('with :source_type == projects, access expiry date, when set to a date in the future: updates the member', () =>
    update.futureExpiry('project'));
  it('with :source_type == projects: returns 409 if member does not exist', () => update.missing('project'));
  it('with :source_type == projects: returns 400 when access_level is not given', () =>
    update.badRequest('project', {}));
  it('with :source_type == projects: returns 400 when access level is not valid', () =>
    update.badRequest('project', { access_level: 13 }));
  it('with :source_type == projects, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    update.updates('project'));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == projects, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('with :source_type == groups, a 404 response when source is private: returns 404', () =>
    update.privateSource('group'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient rights, as a access_requester, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.noRights('group', 'access_requester'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient rights, as a stranger, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.noRights('group', 'stranger'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient rights, as a developer, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.noRights('group', 'developer'));
  it('with :source_type == groups, when authenticated as a non-member or member with insufficient rights, as a maintainer updating a member to one with higher access level than themselves, updating a member to OWNER, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.toOwnerByMaintainer('group'));
  it('with :source_type == groups, when authenticated as a maintainer/owner, when updating a member with the same or lower access level: updates the member', () =>
    update.updates('group'));
  it('with :source_type == groups, when authenticated as a maintainer/owner, when updating a member with higher access level, a 403 response when user does not have rights to manage members of a specific access level: returns 403', () =>
    update.higherMember('group'));
  it('with :source_type == groups, access expiry date, when set to a date in the past: does not update the member', () =>
    update.pastExpiry('group'));
  it('with :source_type == groups, access expiry date, when set to a date in the future: updates the member', () =>
    update.futureExpiry('group'));
  it('with :source_type == groups: returns 409 if member does not exist', () => update.missing('group'));
  it('with :source_type == groups: returns 400 when access_level is not given', () => update.badRequest('group', {}));
  it('with :source_type == groups: returns 400 when access level is not valid', () =>
    update.badRequest('group', { access_level: 13 }));
  it('with :source_type == groups, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', () =>
    update.updates('group'));
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'with :source_type == groups, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
});

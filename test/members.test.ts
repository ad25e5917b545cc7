import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { type GitLab, GroupMembers, type Member } from '../src/index.js';
import { call, client, createTestMock, failure, testSeed } from './fixtures.js';

// Members of groups and projects end to end: the SDK against the in-process mock
// (GitLab's lib/api/members.rb and the member models, policies and services).

const API = 'acme/platform/api';
let mock: MockGitLab;
let owner: GitLab;
let maintainer: GitLab;
let dev: GitLab;
let outsider: GitLab;
let root: GitLab;

const id = (username: string) => {
  const user = mock.users[username];
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
};
const levels = (members: Member[]) => Object.fromEntries(members.map((m) => [m.username, m.access_level]));

function use(seed: SeedDocument = testSeed) {
  mock = createMockGitLab({ seed });
  owner = client(mock, 'glpat-owner');
  maintainer = client(mock, 'glpat-maintainer');
  dev = client(mock, 'glpat-dev');
  outsider = client(mock, 'glpat-outsider');
  root = client(mock, 'glpat-root');
}

beforeEach(() => use());

/** The world as a document, without `last_used_at`, which every authenticated call may move. */
const worldState = () =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));

/** Runs a refused call: its status and GitLab's body, and the world unchanged. */
async function refused(promise: () => PromiseLike<unknown>) {
  const before = worldState();
  const error = await failure(promise());
  expect(worldState()).toEqual(before);
  return { status: error.status, body: error.body };
}

describe('listing', () => {
  it('lists direct members with GitLab key order; email only to administrators', async () => {
    const members = await dev.groups.members.list('acme/platform').toArray();
    expect(members.map((m) => m.username)).toEqual(['maintainer', 'dev', 'reporter', 'planner', 'guest']);
    const first = members[0] as Member;
    // The order on the wire, not the SDK's parse.
    const wire = await call(mock, 'GET', '/groups/acme%2Fplatform/members', { token: 'glpat-dev' });
    expect(Object.keys(wire.body[0])).toEqual([
      'id',
      'username',
      'name',
      'state',
      'locked',
      'avatar_url',
      'web_url',
      'access_level',
      'created_at',
      'expires_at',
      'membership_state',
    ]);
    expect(first).toMatchObject({
      id: id('maintainer'),
      access_level: 40,
      expires_at: null,
      membership_state: 'active',
    });
    const [asAdmin] = await root.groups.members.list('acme/platform', { user_ids: [id('dev')] }).toArray();
    expect(asAdmin?.email).toBe(mock.world.users.get(id('dev'))?.email);
    const adminWire = await call(mock, 'GET', `/groups/acme%2Fplatform/members/${id('dev')}`, { token: 'glpat-root' });
    const adminKeys = Object.keys(adminWire.body);
    expect(adminKeys.slice(adminKeys.indexOf('expires_at'))).toEqual(['expires_at', 'email', 'membership_state']);
  });

  it('filters by query, user_ids and skip_users, and paginates', async () => {
    expect(
      (await dev.groups.members.list('acme/platform', { query: 'PLAN' }).toArray()).map((m) => m.username),
    ).toEqual(['planner']);
    const byEmail = await dev.groups.members.list('acme/platform', { query: 'DEV@example.com' }).toArray();
    expect(byEmail.map((m) => m.username)).toEqual(['dev']);
    expect(await dev.groups.members.list('acme/platform', { query: 'dev@example' }).toArray()).toEqual([]);
    const ids = [id('dev'), id('guest')];
    expect(
      (await dev.groups.members.list('acme/platform', { user_ids: ids }).toArray()).map((m) => m.username),
    ).toEqual(['dev', 'guest']);
    const skipped = await dev.groups.members.list('acme/platform', { skip_users: ids }).toArray();
    expect(skipped.map((m) => m.username)).toEqual(['maintainer', 'reporter', 'planner']);
    const page = await call(mock, 'GET', '/groups/acme%2Fplatform/members?per_page=2&page=2', { token: 'glpat-dev' });
    expect(page.body.map((m: Member) => m.username)).toEqual(['reporter', 'planner']);
    expect(page.headers.get('x-total')).toBe('5');
    expect(page.headers.get('x-total-pages')).toBe('3');
  });

  it('lists a project with no direct members as empty, and everyone inherited in members/all', async () => {
    expect(await dev.projects.members.list(API).toArray()).toEqual([]);
    const all = await dev.projects.members.listAll(API).toArray();
    expect(levels(all)).toEqual({ owner: 50, maintainer: 40, dev: 30, reporter: 20, planner: 15, guest: 10 });
    // Ordered by user id.
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => a - b));
  });

  it('shows each user once in members/all, at the highest level over the ancestry', async () => {
    use({
      ...testSeed,
      groups: [
        { path: 'acme', members: { owner: 50, dev: 40, guest: 10 } },
        { path: 'acme/platform', members: { dev: 30, guest: 20 } },
      ],
      projects: [{ path: API, members: { guest: 30 } }],
    });
    const all = await dev.projects.members.listAll(API).toArray();
    expect(levels(all)).toEqual({ owner: 50, dev: 40, guest: 30 });
    expect((await dev.projects.members.getAll(API, id('dev'))).access_level).toBe(40);
    expect((await dev.groups.members.getAll('acme/platform', id('guest'))).access_level).toBe(20);
    expect(levels(await dev.groups.members.listAll('acme').toArray())).toEqual({ owner: 50, dev: 40, guest: 10 });
  });

  it('reads one direct member, and 404 Not found for an inherited one', async () => {
    expect((await dev.groups.members.get('acme/platform', id('dev'))).access_level).toBe(30);
    expect(await refused(() => dev.projects.members.get(API, id('dev')))).toEqual({
      status: 404,
      body: { message: '404 Not found' },
    });
    expect(await refused(() => dev.projects.members.getAll(API, id('outsider')))).toEqual({
      status: 404,
      body: { message: '404 Not found' },
    });
  });

  it('shows the holder of a personal project as its Owner', async () => {
    const [holder] = await owner.projects.members.list('owner/sandbox').toArray();
    expect(holder).toMatchObject({ username: 'owner', access_level: 50 });
  });

  it('works as a resource on its own, without the whole client', async () => {
    const members = new GroupMembers({ baseUrl: mock.baseUrl, token: 'glpat-dev', fetch: mock.fetch });
    expect((await members.get('acme/platform', id('dev'))).username).toBe('dev');
  });
});

describe("members/all: which of a user's memberships it shows at one level", () => {
  // Each user is a member of acme/platform and of its parent acme at the same role: GitLab shows
  // the membership with the latest expiry (never expiring first), then the oldest one.
  const at = (created_at: string, expires_at: string | null, created_by = 'owner') => ({
    access_level: 30 as const,
    created_at,
    expires_at,
    created_by,
  });
  const JAN = '2026-01-01T00:00:00Z';
  const FEB = '2026-02-01T00:00:00Z';

  beforeEach(() =>
    use({
      ...testSeed,
      groups: [
        {
          path: 'acme',
          members: {
            owner: 50,
            dev: at(FEB, null),
            reporter: at(JAN, '2026-07-01'),
            guest: at(FEB, '2026-08-01'),
            planner: at(JAN, '2026-07-01'),
            maintainer: at(JAN, null),
            outsider: at(FEB, null),
            blocked: at(JAN, null, 'root'),
          },
        },
        {
          path: 'acme/platform',
          members: {
            dev: at(JAN, '2026-07-01'),
            reporter: at(FEB, null),
            guest: at(JAN, '2026-07-01'),
            planner: at(FEB, '2026-08-01'),
            maintainer: at(FEB, null),
            outsider: at(JAN, null),
            blocked: at(JAN, null, 'owner'),
          },
        },
        { path: 'free-corp', plan: 'free', members: { owner: 50 } },
      ],
    }),
  );

  const shown = async () =>
    Object.fromEntries(
      (await owner.groups.members.listAll('acme/platform').toArray()).map((m) => [
        m.username,
        `${m.expires_at} ${m.created_at} ${m.created_by?.username}`,
      ]),
    );

  it('prefers a membership that never expires, whichever is older', async () => {
    const all = await shown();
    expect(all.dev).toBe('null 2026-02-01T00:00:00.000Z owner');
    expect(all.reporter).toBe('null 2026-02-01T00:00:00.000Z owner');
  });

  it('prefers the later expiry, whichever is older', async () => {
    const all = await shown();
    expect(all.guest).toBe('2026-08-01 2026-02-01T00:00:00.000Z owner');
    expect(all.planner).toBe('2026-08-01 2026-02-01T00:00:00.000Z owner');
  });

  it('takes the older of two that expire alike, and the nearer of two added at the same time', async () => {
    const all = await shown();
    expect(all.maintainer).toBe('null 2026-01-01T00:00:00.000Z owner');
    expect(all.outsider).toBe('null 2026-01-01T00:00:00.000Z owner');
    // Same role, expiry and time: the group's own membership, not its parent's (added by root).
    expect(all.blocked).toBe('null 2026-01-01T00:00:00.000Z owner');
  });
});

describe('visibility', () => {
  it('answers 404 to an outsider for a private project or group', async () => {
    expect(await refused(() => outsider.projects.members.list(API))).toEqual({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
    expect(await refused(() => outsider.groups.members.listAll('acme').toArray())).toEqual({
      status: 404,
      body: { message: '404 Group Not Found' },
    });
  });

  it('answers 403 to a subgroup member for the members of a parent it sees only through the subgroup', async () => {
    expect(await refused(() => dev.groups.members.list('acme').toArray())).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect((await owner.groups.members.list('acme').toArray()).map((m) => m.username)).toEqual(['owner']);
  });

  it('lets an administrator read any members', async () => {
    expect((await root.groups.members.list('acme').toArray()).map((m) => m.username)).toEqual(['owner']);
  });
});

describe('adding', () => {
  it('adds a member by id or username, with who added it, when, and the last day', async () => {
    const added = await maintainer.projects.members.add(API, {
      user_id: id('outsider'),
      access_level: 30,
      expires_at: '2026-12-31',
    });
    expect(added).toMatchObject({ username: 'outsider', access_level: 30, expires_at: '2026-12-31' });
    expect(added.created_at).toBe('2026-06-01T09:00:00.000Z');
    expect(added.created_by).toMatchObject({ id: id('maintainer'), username: 'maintainer' });
    const wire = await call(mock, 'GET', `/projects/acme%2Fplatform%2Fapi/members/${id('outsider')}`, {
      token: 'glpat-maintainer',
    });
    expect(Object.keys(wire.body).slice(7, 11)).toEqual(['access_level', 'created_at', 'created_by', 'expires_at']);
    expect(await maintainer.projects.members.get(API, id('outsider'))).toEqual(added);
    // The new member can now see the private project.
    expect((await outsider.projects.members.list(API).toArray()).map((m) => m.username)).toEqual(['outsider']);
    const byName = await owner.groups.members.add('free-corp', { username: 'dev', access_level: 20 });
    expect(byName.id).toBe(id('dev'));
  });

  it('answers 201 over the wire and reads form-encoded bodies as python-gitlab sends them', async () => {
    const answer = await call(mock, 'POST', '/projects/acme%2Fplatform%2Fapi/members', {
      token: 'glpat-maintainer',
      form: { user_id: String(id('outsider')), access_level: '20' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.access_level).toBe(20);
  });

  it('refuses an existing member: 409 Member already exists', async () => {
    await maintainer.projects.members.add(API, { username: 'outsider', access_level: 30 });
    expect(
      await refused(() => maintainer.projects.members.add(API, { username: 'outsider', access_level: 40 })),
    ).toEqual({ status: 409, body: { message: 'Member already exists' } });
  });

  it('looks for the user and an existing membership before the rights, as GitLab does', async () => {
    expect(
      await refused(() => dev.groups.members.add('acme/platform', { username: 'guest', access_level: 10 })),
    ).toEqual({
      status: 409,
      body: { message: 'Member already exists' },
    });
    expect(
      await refused(() => dev.groups.members.add('acme/platform', { username: 'nobody', access_level: 10 })),
    ).toEqual({
      status: 404,
      body: { message: '404 User Not Found' },
    });
  });

  it('refuses an unknown user: 404 User Not Found', async () => {
    expect(await refused(() => maintainer.projects.members.add(API, { user_id: 9999, access_level: 30 }))).toEqual({
      status: 404,
      body: { message: '404 User Not Found' },
    });
    expect(await refused(() => maintainer.projects.members.add(API, { username: 'nobody', access_level: 30 }))).toEqual(
      {
        status: 404,
        body: { message: '404 User Not Found' },
      },
    );
  });

  it('needs Maintainer in a project: a Developer gets 403', async () => {
    expect(await refused(() => dev.projects.members.add(API, { username: 'outsider', access_level: 10 }))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
  });

  it('needs Owner in a group: a Maintainer gets 403, an inherited Owner may', async () => {
    expect(
      await refused(() => maintainer.groups.members.add('acme/platform', { username: 'outsider', access_level: 10 })),
    ).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    const added = await owner.groups.members.add('acme/platform', { username: 'outsider', access_level: 10 });
    expect(added.access_level).toBe(10);
  });

  it('lets only Owners give the Owner role', async () => {
    expect(
      await refused(() => maintainer.projects.members.add(API, { username: 'outsider', access_level: 50 })),
    ).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    expect((await owner.projects.members.add(API, { username: 'outsider', access_level: 50 })).access_level).toBe(50);
  });

  it('refuses a level below the inherited one, in GitLab words', async () => {
    expect(await refused(() => maintainer.projects.members.add(API, { username: 'dev', access_level: 20 }))).toEqual({
      status: 400,
      body: {
        message: {
          access_level: ['should be greater than or equal to Developer inherited membership from group platform'],
        },
      },
    });
    // The same level, or a higher one, is fine.
    expect((await maintainer.projects.members.add(API, { username: 'dev', access_level: 30 })).access_level).toBe(30);
  });

  it('refuses a level that is not a role, and an expiry in the past, all at once', async () => {
    const answer = await refused(() =>
      maintainer.projects.members.add(API, {
        username: 'outsider',
        access_level: 25 as 20,
        expires_at: '2026-05-31',
      }),
    );
    expect(answer).toEqual({
      status: 400,
      body: {
        message: { expires_at: ['cannot be a date in the past'], access_level: ['is not included in the list'] },
      },
    });
    // Today is not in the past.
    const today = await maintainer.projects.members.add(API, {
      username: 'outsider',
      access_level: 20,
      expires_at: '2026-06-01',
    });
    expect(today.expires_at).toBe('2026-06-01');
  });

  it('refuses the bot user of another project: project bots cannot be added to other groups / projects', async () => {
    const token = await owner.projects.accessTokens.create('owner/sandbox', {
      name: 'ci',
      scopes: ['api'],
      expires_at: '2026-12-01',
    });
    const answer = await refused(() =>
      maintainer.projects.members.add(API, { user_id: token.user_id, access_level: 30 }),
    );
    expect(answer).toEqual({
      status: 400,
      body: { message: { user_id: ['project bots cannot be added to other groups / projects'] } },
    });
  });

  it('adds a blocked user, as GitLab does (a blocked user cannot sign in, so the membership gives nothing yet)', async () => {
    expect((await maintainer.projects.members.add(API, { username: 'blocked', access_level: 30 })).state).toBe(
      'blocked',
    );
  });

  it('adds several users in one request (a comma in user_id): 201 {"status":"success"} (test/members-several.test.ts)', async () => {
    const answer = await call(mock, 'POST', '/projects/acme%2Fplatform%2Fapi/members', {
      token: 'glpat-maintainer',
      json: { user_id: `${id('outsider')},${id('root')}`, access_level: 30 },
    });
    expect(answer).toMatchObject({ status: 201, body: { status: 'success' } });
  });

  it('checks parameters first: user_id and username are exclusive, one is needed, access_level is required', async () => {
    const both = await call(mock, 'POST', '/projects/acme%2Fplatform%2Fapi/members', {
      token: 'glpat-maintainer',
      json: { user_id: id('outsider'), username: 'outsider', access_level: 30 },
    });
    expect(both).toMatchObject({ status: 400, body: { error: 'user_id, username are mutually exclusive' } });
    const neither = await call(mock, 'POST', '/projects/acme%2Fplatform%2Fapi/members', {
      token: 'glpat-outsider',
      json: {},
    });
    expect(neither).toMatchObject({
      status: 400,
      body: {
        error: 'access_level is missing, user_id, username are missing, at least one parameter must be provided',
      },
    });
  });
});

describe('updating', () => {
  it('changes the level and the last day; null clears the day', async () => {
    const changed = await owner.groups.members.update('acme/platform', id('dev'), {
      access_level: 40,
      expires_at: '2026-07-01',
    });
    expect(changed).toMatchObject({ access_level: 40, expires_at: '2026-07-01' });
    const cleared = await owner.groups.members.update('acme/platform', id('dev'), {
      access_level: 40,
      expires_at: null,
    });
    expect(cleared.expires_at).toBeNull();
    // Leaving expires_at out keeps it.
    await owner.groups.members.update('acme/platform', id('dev'), { access_level: 40, expires_at: '2026-08-01' });
    expect((await owner.groups.members.update('acme/platform', id('dev'), { access_level: 30 })).expires_at).toBe(
      '2026-08-01',
    );
  });

  it('answers 404 Not found for a user who is not a direct member', async () => {
    expect(await refused(() => maintainer.projects.members.update(API, id('dev'), { access_level: 40 }))).toEqual({
      status: 404,
      body: { message: '404 Not found' },
    });
  });

  it('lets only Owners make or change an Owner in a project', async () => {
    await owner.projects.members.add(API, { username: 'outsider', access_level: 50 });
    expect(await refused(() => maintainer.projects.members.update(API, id('outsider'), { access_level: 40 }))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    await owner.projects.members.update(API, id('outsider'), { access_level: 30 });
    expect(await refused(() => maintainer.projects.members.update(API, id('outsider'), { access_level: 50 }))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
  });

  it('refuses to demote the last Owner of a group', async () => {
    expect(await refused(() => owner.groups.members.update('acme', id('owner'), { access_level: 40 }))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect(await refused(() => root.groups.members.update('free-corp', id('owner'), { access_level: 40 }))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    // With a second Owner, the first may step down.
    await owner.groups.members.add('acme', { username: 'maintainer', access_level: 50 });
    expect((await owner.groups.members.update('acme', id('owner'), { access_level: 40 })).access_level).toBe(40);
  });

  it('refuses a level below the inherited one, and a past expiry', async () => {
    await maintainer.projects.members.add(API, { username: 'dev', access_level: 40 });
    expect(
      await refused(() =>
        maintainer.projects.members.update(API, id('dev'), { access_level: 30, expires_at: '2026-01-01' }),
      ),
    ).toEqual({ status: 400, body: { message: { expires_at: ['cannot be a date in the past'] } } });
    expect(await refused(() => maintainer.projects.members.update(API, id('dev'), { access_level: 10 }))).toEqual({
      status: 400,
      body: {
        message: {
          access_level: ['should be greater than or equal to Developer inherited membership from group platform'],
        },
      },
    });
  });

  it('refuses to change the holder of a personal project or a token bot', async () => {
    expect(
      await refused(() => root.projects.members.update('owner/sandbox', id('owner'), { access_level: 40 })),
    ).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    const token = await owner.projects.accessTokens.create('owner/sandbox', {
      name: 'ci',
      scopes: ['api'],
      expires_at: '2026-12-01',
    });
    expect(
      await refused(() => owner.projects.members.update('owner/sandbox', token.user_id, { access_level: 30 })),
    ).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
  });
});

describe('removing', () => {
  it('removes a member (204), who then loses access', async () => {
    await maintainer.projects.members.add(API, { username: 'outsider', access_level: 30 });
    const answer = await call(mock, 'DELETE', `/projects/acme%2Fplatform%2Fapi/members/${id('outsider')}`, {
      token: 'glpat-maintainer',
    });
    expect(answer).toMatchObject({ status: 204, body: undefined });
    expect((await failure(outsider.projects.members.list(API))).status).toBe(404);
  });

  it('lets a member leave, but not remove others without the right', async () => {
    await maintainer.projects.members.add(API, { username: 'outsider', access_level: 30 });
    await maintainer.projects.members.add(API, { username: 'dev', access_level: 30 });
    expect(await refused(() => dev.projects.members.remove(API, id('outsider')))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    await outsider.projects.members.remove(API, id('outsider'));
    expect((await maintainer.projects.members.list(API).toArray()).map((m) => m.username)).toEqual(['dev']);
  });

  it('refuses to remove an Owner unless the caller is an Owner', async () => {
    await owner.projects.members.add(API, { username: 'outsider', access_level: 50 });
    expect(await refused(() => maintainer.projects.members.remove(API, id('outsider')))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    await owner.projects.members.remove(API, id('outsider'));
  });

  it("refuses to remove a group's last Owner, even when they leave", async () => {
    expect(await refused(() => owner.groups.members.remove('free-corp', id('owner')))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
  });

  it('refuses to remove the holder of a personal project or a token bot', async () => {
    expect(await refused(() => root.projects.members.remove('owner/sandbox', id('owner')))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    const token = await owner.projects.accessTokens.create('owner/sandbox', {
      name: 'ci',
      scopes: ['api'],
      expires_at: '2026-12-01',
    });
    expect(await refused(() => owner.projects.members.remove('owner/sandbox', token.user_id))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
  });

  it('removes the memberships below a group too, unless skip_subresources', async () => {
    use({
      ...testSeed,
      groups: [
        { path: 'acme', members: { owner: 50, dev: 30, guest: 10 } },
        { path: 'acme/platform', members: { dev: 40, guest: 20 } },
      ],
      projects: [{ path: API, members: { dev: 40, guest: 30 } }],
    });
    await owner.groups.members.remove('acme', id('dev'));
    expect(levels(await owner.groups.members.list('acme/platform').toArray())).toEqual({ guest: 20 });
    expect(levels(await owner.projects.members.list(API).toArray())).toEqual({ guest: 30 });
    await owner.groups.members.remove('acme', id('guest'), { skip_subresources: true });
    expect(levels(await owner.groups.members.list('acme/platform').toArray())).toEqual({ guest: 20 });
    expect(levels(await owner.projects.members.list(API).toArray())).toEqual({ guest: 30 });
  });

  it('unassigns the member from the issues of the project with unassign_issuables', async () => {
    use({
      ...testSeed,
      projects: [
        {
          path: API,
          members: { outsider: 30 },
          issues: [
            { title: 'One', assignees: ['outsider', 'dev'] },
            { title: 'Two', assignees: ['outsider'] },
          ],
        },
      ],
    });
    await maintainer.projects.members.remove(API, id('outsider'), { unassign_issuables: true });
    const assignees = [...mock.world.issues.values()].map((issue) => issue.assignee_ids);
    expect(assignees).toEqual([[id('dev')], []]);
  });
});

describe('the journal names the rule that refused', () => {
  const reason = () => mock.requests.list().at(-1)?.reason;
  const P = `project ${API}`;

  it('adding: the unknown user, the existing member, Owner only by Owners, the invalid membership', async () => {
    await refused(() => maintainer.projects.members.add(API, { username: 'nobody', access_level: 30 }));
    expect(reason()).toBe('no user nobody');
    await refused(() => maintainer.projects.members.add(API, { user_id: 9999, access_level: 30 }));
    expect(reason()).toBe('no user 9999');
    await refused(() => maintainer.projects.members.add(API, { username: 'outsider', access_level: 50 }));
    expect(reason()).toBe(`maintainer is Maintainer in ${P}; adding an Owner needs Owner`);
    await refused(() => maintainer.projects.members.add(API, { username: 'outsider', access_level: 25 as 20 }));
    expect(reason()).toBe(`the membership of outsider in ${P} is not valid`);
    await maintainer.projects.members.add(API, { username: 'outsider', access_level: 30 });
    await refused(() => maintainer.projects.members.add(API, { username: 'outsider', access_level: 30 }));
    expect(reason()).toBe(`outsider is already a direct member of ${P}`);
  });

  it('changing: Owner only by Owners, the invalid membership', async () => {
    await maintainer.projects.members.add(API, { username: 'outsider', access_level: 30 });
    await refused(() => maintainer.projects.members.update(API, id('outsider'), { access_level: 50 }));
    expect(reason()).toBe(`maintainer is Maintainer in ${P}; making an Owner needs Owner`);
    await refused(() => maintainer.projects.members.update(API, id('outsider'), { access_level: 25 as 20 }));
    expect(reason()).toBe(`the membership of outsider in ${P} is not valid`);
    await owner.projects.members.update(API, id('outsider'), { access_level: 50 });
    await refused(() => maintainer.projects.members.update(API, id('outsider'), { access_level: 40 }));
    expect(reason()).toBe(`maintainer is Maintainer in ${P}; changing an Owner needs Owner`);
  });

  it('removing: an Owner only by Owners', async () => {
    await owner.projects.members.add(API, { username: 'outsider', access_level: 50 });
    await refused(() => maintainer.projects.members.remove(API, id('outsider')));
    expect(reason()).toBe(`maintainer is Maintainer in ${P}; removing an Owner needs Owner`);
  });

  it("a personal project's holder and a group's last Owner can be neither changed nor removed", async () => {
    await refused(() => root.projects.members.update('owner/sandbox', id('owner'), { access_level: 40 }));
    expect(reason()).toBe('cannot change owner in project owner/sandbox: the project is in their personal namespace');
    await refused(() => root.projects.members.remove('owner/sandbox', id('owner')));
    expect(reason()).toBe('cannot remove owner in project owner/sandbox: the project is in their personal namespace');
    await refused(() => root.groups.members.update('acme', id('owner'), { access_level: 40 }));
    expect(reason()).toBe("cannot change owner in group acme: the group's last Owner");
    await refused(() => root.groups.members.remove('acme', id('owner')));
    expect(reason()).toBe("cannot remove owner in group acme: the group's last Owner");
  });

  it("a project token's bot user follows its token", async () => {
    const token = await owner.projects.accessTokens.create('owner/sandbox', {
      name: 'ci',
      scopes: ['api'],
      expires_at: '2026-12-01',
    });
    const bot = mock.world.users.get(token.user_id)?.username;
    await refused(() => owner.projects.members.update('owner/sandbox', token.user_id, { access_level: 30 }));
    expect(reason()).toBe(`${bot} is the bot user of an access token; its role follows the token`);
    await refused(() => owner.projects.members.remove('owner/sandbox', token.user_id));
    expect(reason()).toBe(`${bot} is the bot user of an access token; revoke the token instead`);
  });

  it("a group token's bot user follows its token too (GroupMemberPolicy: `~project_bot`)", async () => {
    const token = await root.groups.accessTokens.create('acme', {
      name: 'ci',
      scopes: ['api'],
      expires_at: '2026-12-01',
    });
    const bot = mock.world.users.get(token.user_id)?.username;
    await refused(() => root.groups.members.update('acme', token.user_id, { access_level: 30 }));
    expect(reason()).toBe(`${bot} is the bot user of an access token; its role follows the token`);
    await refused(() => root.groups.members.remove('acme', token.user_id));
    expect(reason()).toBe(`${bot} is the bot user of an access token; revoke the token instead`);
  });
});

describe('query: a part of the username or of the name, each on its own', () => {
  it('finds a user by the username alone, or by the name alone', async () => {
    use({
      ...testSeed,
      users: [...(testSeed.users ?? []), { username: 'kim', name: 'Lee Park' }],
      groups: [...(testSeed.groups ?? []), { path: 'crew', members: { owner: 50, kim: 30 } }],
    });
    const found = async (query: string) =>
      (await owner.groups.members.list('crew', { query }).toArray()).map((m) => m.username);
    expect(await found('KI')).toEqual(['kim']);
    expect(await found('park')).toEqual(['kim']);
  });
});

describe("a group's last Owner: its and its ancestors' human Owners only", () => {
  const reason = () => mock.requests.list().at(-1)?.reason;

  it('counts neither other roles nor a group token whose bot is Owner', async () => {
    use({
      ...testSeed,
      groups: [
        { path: 'acme', plan: 'premium', members: { owner: 50, dev: 30 } },
        ...(testSeed.groups ?? []).filter((g) => g.path !== 'acme'),
      ],
    });
    await refused(() => owner.groups.members.update('acme', id('owner'), { access_level: 40 }));
    expect(reason()).toBe("cannot change owner in group acme: the group's last Owner");
    await owner.groups.accessTokens.create('acme', {
      name: 'release',
      scopes: ['api'],
      access_level: 50,
      expires_at: '2026-12-01',
    });
    expect(await refused(() => owner.groups.members.remove('acme', id('owner')))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect(reason()).toBe("cannot remove owner in group acme: the group's last Owner");
  });
});

describe('the inherited level: the highest direct role over the ancestor groups', () => {
  beforeEach(() =>
    use({
      ...testSeed,
      groups: [
        { path: 'acme', plan: 'premium', members: { owner: 50, dev: 30, guest: 30 } },
        { path: 'acme/platform', members: { dev: 40, guest: 30 } },
        { path: 'free-corp', plan: 'free', members: { owner: 50 } },
      ],
    }),
  );
  const inherited = (role: string, group: string) => ({
    status: 400,
    body: {
      message: {
        access_level: [`should be greater than or equal to ${role} inherited membership from group ${group}`],
      },
    },
  });

  it('takes the higher of two ancestors, the nearer of two alike', async () => {
    expect(await refused(() => owner.projects.members.add(API, { username: 'dev', access_level: 30 }))).toEqual(
      inherited('Maintainer', 'platform'),
    );
    // On a tie GitLab's `highest_group_member` (`order(:access_level).last`) leaves the group to the
    // database; the mock names the nearest, always the same.
    expect(await refused(() => owner.projects.members.add(API, { username: 'guest', access_level: 20 }))).toEqual(
      inherited('Developer', 'platform'),
    );
  });

  it('inherits nothing from ancestors the user is not a member of, whatever the level asked', async () => {
    expect(
      await refused(() => owner.projects.members.add(API, { username: 'outsider', access_level: -1 as 10 })),
    ).toEqual({ status: 400, body: { message: { access_level: ['is not included in the list'] } } });
  });
});

describe('bot users as members', () => {
  it('adds a bot user that is a member of nothing yet', async () => {
    use({ ...testSeed, users: [...(testSeed.users ?? []), { username: 'robot', bot: true }] });
    expect((await maintainer.projects.members.add(API, { username: 'robot', access_level: 30 })).username).toBe(
      'robot',
    );
  });

  it("refuses a group token's bot in a project elsewhere, and in its own group its role follows the token", async () => {
    const token = await owner.groups.accessTokens.create('acme', {
      name: 'release',
      scopes: ['api'],
      access_level: 30,
      expires_at: '2026-12-01',
    });
    expect(
      await refused(() => owner.projects.members.add('free-corp/tool', { user_id: token.user_id, access_level: 30 })),
    ).toEqual({
      status: 400,
      body: { message: { user_id: ['project bots cannot be added to other groups / projects'] } },
    });
    // GroupMemberPolicy: `update_group_member` only `~project_bot` (a group token's bot is a `project_bot`).
    await refused(() => owner.groups.members.update('acme', token.user_id, { access_level: 40 }));
    expect(mock.requests.list().at(-1)?.reason).toMatch(
      /is the bot user of an access token; its role follows the token$/,
    );
  });
});

describe('user_id: digits only', () => {
  it('finds no user for an id in hexadecimal: 404 User Not Found, as Rails reads `0x…` as 0', async () => {
    const userId = `0x${id('outsider').toString(16)}`;
    const before = worldState();
    const answer = await call(mock, 'POST', '/projects/acme%2Fplatform%2Fapi/members', {
      token: 'glpat-maintainer',
      json: { user_id: userId, access_level: 30 },
    });
    expect(answer).toMatchObject({ status: 404, body: { message: '404 User Not Found' } });
    expect(mock.requests.list().at(-1)?.reason).toBe(`no user ${userId}`);
    expect(worldState()).toEqual(before);
  });
});

describe('member hooks: groups only', () => {
  it("announces a group member's change to a system hook as a group event; a project member's change is none", async () => {
    await root.hooks.create({ url: 'https://audit.example.com/' });
    await owner.groups.members.update('acme/platform', id('dev'), { access_level: 40 });
    await maintainer.projects.members.add(API, { username: 'outsider', access_level: 30 });
    await maintainer.projects.members.update(API, id('outsider'), { access_level: 20 });
    await mock.webhooks.settled();
    // GitLab tells system hooks of a project's members as `..._team` events, which the mock does not send.
    const groupEvents = mock.webhooks.deliveries
      .filter((d) => d.trigger === 'member_hooks')
      .map((d) => d.request_data as { event_name: string; group_path: string })
      .filter((data) => data.event_name.endsWith('_group'));
    expect(groupEvents.map((data) => `${data.event_name} ${data.group_path}`)).toEqual([
      'user_update_for_group platform',
    ]);
  });
});

describe('removing from a group: only what is at or below it', () => {
  beforeEach(() =>
    use({
      ...testSeed,
      groups: [
        { path: 'acme', plan: 'premium', members: { owner: 50, outsider: 30 } },
        { path: 'acme/platform', members: { outsider: 30 } },
        { path: 'free-corp', plan: 'free', members: { owner: 50, outsider: 30 } },
      ],
      projects: [
        { path: API, members: { outsider: 30 }, issues: [{ title: 'Here', assignees: ['outsider'] }] },
        { path: 'free-corp/tool', members: { outsider: 30 }, issues: [{ title: 'There', assignees: ['outsider'] }] },
        { path: 'owner/sandbox', members: { outsider: 30 } },
      ],
    }),
  );
  const memberships = () =>
    [...mock.world.groups.values(), ...mock.world.projects.values()]
      .filter((s) => s.members.has(id('outsider')))
      .map((s) => ('full_path' in s ? s.full_path : s.path_with_namespace));
  const assigned = () =>
    [...mock.world.issues.values()].filter((i) => i.assignee_ids.includes(id('outsider'))).map((i) => i.title);

  it('keeps the memberships in other groups, their projects and personal projects', async () => {
    await owner.groups.members.remove('acme', id('outsider'));
    expect(memberships()).toEqual(['free-corp', 'free-corp/tool', 'owner/sandbox']);
    // Without unassign_issuables, the assignments stay.
    expect(assigned()).toEqual(['Here', 'There']);
  });

  it('unassigns from the issues of its own projects only', async () => {
    await owner.groups.members.remove('acme', id('outsider'), { unassign_issuables: true });
    expect(assigned()).toEqual(['There']);
  });
});

describe('expiry', () => {
  it('counts a membership until the day before expires_at; from that day on it is gone', async () => {
    await maintainer.projects.members.add(API, { username: 'outsider', access_level: 30, expires_at: '2026-06-02' });
    expect((await outsider.projects.members.list(API).toArray()).length).toBe(1);
    mock.clock.set('2026-06-02T00:00:00Z');
    expect((await failure(outsider.projects.members.list(API))).status).toBe(404);
    expect(await maintainer.projects.members.list(API).toArray()).toEqual([]);
    // Gone, so it can be added again.
    expect((await maintainer.projects.members.add(API, { username: 'outsider', access_level: 20 })).access_level).toBe(
      20,
    );
  });
});

describe('expiry in a seed', () => {
  it('gives no access through a seeded membership whose last day has come', async () => {
    use({
      ...testSeed,
      groups: [
        { path: 'acme', members: { owner: 50 } },
        { path: 'acme/platform', members: { dev: { access_level: 30, expires_at: '2026-06-01' } } },
      ],
      projects: [{ path: API }],
    });
    expect(await refused(() => dev.projects.members.listAll(API).toArray())).toEqual({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
    expect(levels(await owner.groups.members.listAll('acme/platform').toArray())).toEqual({ owner: 50 });
  });
});

describe('seed and export', () => {
  it('loads the richer member form, and an exported world answers the same', async () => {
    use({
      ...testSeed,
      projects: [
        {
          path: API,
          members: {
            outsider: {
              access_level: 30,
              expires_at: '2026-09-30',
              created_at: '2026-01-02T03:04:05Z',
              created_by: 'owner',
            },
            reporter: 20,
          },
        },
      ],
    });
    await maintainer.projects.members.add(API, { username: 'guest', access_level: 10, expires_at: '2026-12-31' });
    const before = await maintainer.projects.members.listAll(API).toArray();
    expect(before.find((m) => m.username === 'outsider')).toMatchObject({
      expires_at: '2026-09-30',
      created_at: '2026-01-02T03:04:05.000Z',
      created_by: { username: 'owner' },
    });
    const exported = mock.exportState();
    const project = exported.projects?.find((p) => p.path === API);
    expect(project?.members?.reporter).toBe(20);
    use(exported);
    expect(await maintainer.projects.members.listAll(API).toArray()).toEqual(before);
  });

  it('loads a seed without the richer form exactly as before', async () => {
    const exported = createTestMock().exportState();
    expect(exported.groups?.find((g) => g.path === 'acme/platform')?.members).toEqual(
      testSeed.groups?.find((g) => g.path === 'acme/platform')?.members,
    );
  });

  it('refuses a richer member naming an unknown creator', () => {
    expect(() =>
      createMockGitLab({
        seed: { ...testSeed, projects: [{ path: API, members: { dev: { access_level: 30, created_by: 'ghost' } } }] },
      }),
    ).toThrow(/members\.dev\.created_by/);
  });
});

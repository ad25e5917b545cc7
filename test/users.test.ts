import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createMockGitLab,
  GITLAB_REVISION,
  GITLAB_VERSION,
  type MockGitLab,
  type SeedDocument,
} from '../mock/index.js';
import { GitLab, Instance, NotFoundError, PersonalAccessTokens, Users } from '../src/index.js';
import { call, client, createTestMock, failure, PERSONAL_ACCESS_TOKEN_KEYS, testSeed } from './fixtures.js';

// Who am I, the instance, users, and the token's own view: the SDK against the mock
// (GitLab's lib/api/users.rb, lib/api/metadata.rb, lib/api/personal_access_tokens/self_information.rb).

const OAUTH_TOKEN = 'a'.repeat(64);

/** {@link testSeed} plus tokens of other scopes, a project access token, and an OAuth token of `dev`. */
const seed: SeedDocument = {
  ...testSeed,
  users: [
    ...(testSeed.users ?? []),
    { username: 'reader', name: 'Read Only', token: 'glpat-read-user', scopes: ['read_user'] },
    { username: 'cloner', token: 'glpat-read-repository', scopes: ['read_repository'] },
  ],
  projects: [
    { path: 'acme/platform/api', access_tokens: [{ name: 'deploy', scopes: ['api'], token: 'glpat-bot' }] },
    ...(testSeed.projects ?? []).slice(1),
  ],
  oauth: {
    tokens: [
      {
        id: 1,
        application: null,
        user: 'dev',
        token: OAUTH_TOKEN,
        refresh_token: null,
        scopes: ['read_user'],
        auth_time: null,
        created_at: '2026-06-01T09:00:00Z',
        expires_in: 7200,
        revoked_at: null,
      },
    ],
  },
};

let mock: MockGitLab;
let dev: GitLab;
let root: GitLab;

const usernames = (page: { items: { username: string }[] }) => page.items.map((u) => u.username);
const idOf = (username: string) => [...mock.world.users.values()].find((u) => u.username === username)?.id ?? 0;

/** The fields of GitLab's entities, in their order. */
const BASIC = ['id', 'username', 'name', 'state', 'locked', 'avatar_url', 'web_url'];
const PROFILE = [
  ...BASIC,
  'created_at',
  'bio',
  'location',
  'public_email',
  'skype',
  'linkedin',
  'twitter',
  'discord',
  'website_url',
  'github',
  'organization',
  'job_title',
  'pronouns',
  'bot',
  'work_information',
  'followers',
  'following',
  'is_followed',
  'local_time',
];
const PUBLIC = [
  ...PROFILE,
  'last_sign_in_at',
  'confirmed_at',
  'last_activity_on',
  'email',
  'theme_id',
  'color_scheme_id',
  'projects_limit',
  'current_sign_in_at',
  'identities',
  'can_create_group',
  'can_create_project',
  'two_factor_enabled',
  'external',
  'private_profile',
  'commit_email',
  // GitLab 18.3 (lib/api/entities/user_public.rb).
  'preferred_language',
];
const WITH_ADMIN = [...PUBLIC, 'is_admin', 'note', 'namespace_id', 'created_by', 'email_reset_offered_at'];
const LICENSED = ['using_license_seat', 'is_auditor', 'provisioned_by_group_id'];

beforeEach(() => {
  mock = createTestMock(seed);
  dev = client(mock, 'glpat-dev');
  root = client(mock, 'glpat-root');
});

describe('GET /user', () => {
  it("answers the caller with GitLab's UserPublic fields, in order, and no administrator fields", async () => {
    const me = await dev.users.current();
    expect(Object.keys(me)).toEqual(PUBLIC);
    expect(me).toMatchObject({ id: idOf('dev'), username: 'dev', email: 'dev@example.com', bot: false });
    expect(me.web_url).toBe(`${mock.baseUrl}/dev`);
  });

  it('answers an administrator with UserWithAdmin: is_admin and, on a licensed instance, the EE fields', async () => {
    const me = await root.users.current();
    expect(Object.keys(me)).toEqual([...WITH_ADMIN, ...LICENSED]);
    expect(me.is_admin).toBe(true);
    const free = createTestMock({ ...seed, instance: { offering: 'self-managed', plan: 'free' } });
    expect(Object.keys(await client(free, 'glpat-root').users.current())).toEqual(WITH_ADMIN);
  });

  it('answers the bot user of a project access token with bot: true', async () => {
    const me = await client(mock, 'glpat-bot').users.current();
    expect(me.bot).toBe(true);
    expect(me.username).toMatch(/^project_\d+_bot_/);
  });

  it('takes read_user, read_api, api or ai_workflows, and refuses a read_repository token with insufficient_scope', async () => {
    expect((await client(mock, 'glpat-read-user').users.current()).username).toBe('reader');
    const refused = await call(mock, 'GET', '/user', { token: 'glpat-read-repository' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: 'api read_api read_user ai_workflows',
    });
  });

  it('keeps read_user to these routes: the rest of the API still needs api or read_api', async () => {
    const refused = await call(mock, 'GET', '/projects/acme%2Fplatform%2Fapi/milestones', { token: 'glpat-read-user' });
    expect(refused.status).toBe(403);
    expect(refused.body.scope).toBe('api read_api');
  });

  it("refuses a blocked user's token with GitLab's 403 and its reason", async () => {
    const refused = await call(mock, 'GET', '/user', { token: 'glpat-blocked' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: '403 Forbidden - Your account has been blocked.' });
  });

  it('answers an OAuth token of the read_user scope as its user', async () => {
    const gitlab = new GitLab({ baseUrl: mock.baseUrl, oauthToken: OAUTH_TOKEN, fetch: mock.fetch, retry: 0 });
    expect((await gitlab.users.current()).username).toBe('dev');
  });

  it('works as a resource on its own', async () => {
    const users = new Users({ baseUrl: mock.baseUrl, token: 'glpat-dev', fetch: mock.fetch });
    expect((await users.current()).username).toBe('dev');
  });
});

describe('GET /users', () => {
  it('lists the basic fields only, newest first, without blocked users, for a non-administrator', async () => {
    const page = await dev.users.list({ per_page: 100 });
    for (const user of page.items) expect(Object.keys(user)).toEqual(BASIC);
    const expected = [...mock.world.users.values()]
      .filter((u) => u.state === 'active')
      .sort((a, b) => b.id - a.id)
      .map((u) => u.username);
    expect(usernames(page)).toEqual(expected);
    expect(usernames(page)).not.toContain('blocked');
  });

  it('lists blocked users, with state blocked, and every field to an administrator', async () => {
    const page = await root.users.list({ per_page: 100 });
    expect(page.items).toHaveLength(mock.world.users.size);
    expect(Object.keys(page.items[0] ?? {})).toEqual([...WITH_ADMIN, ...LICENSED]);
    expect(page.items.find((u) => u.username === 'blocked')?.state).toBe('blocked');
    expect(usernames(await root.users.list({ blocked: true }))).toEqual(['blocked']);
    expect((await dev.users.list({ blocked: true })).items).toEqual([]);
  });

  it('finds one username exactly, in any case', async () => {
    expect(usernames(await dev.users.list({ username: 'DEV' }))).toEqual(['dev']);
    expect((await dev.users.list({ username: 'de' })).items).toEqual([]);
  });

  it('searches names and usernames anywhere; only administrators find a whole email', async () => {
    expect(usernames(await dev.users.list({ search: 'only' }))).toEqual(['reader']);
    expect(usernames(await dev.users.list({ search: 'EAD' }))).toEqual(['reader']);
    expect((await dev.users.list({ search: 'reader@example.com' })).items).toEqual([]);
    expect(usernames(await root.users.list({ search: 'reader@example.com' }))).toEqual(['reader']);
  });

  it('puts an exact username before partial matches for a non-administrator', async () => {
    mock.seed.user({ username: 'devops', name: 'a devops' });
    expect(usernames(await dev.users.list({ search: 'dev' }))).toEqual(['dev', 'devops']);
  });

  it("orders a non-administrator's search as User.search does: an exact name, an exact username, then by name", async () => {
    // Created so that neither id order gives the expected one.
    mock.seed.user({ username: 'quill', name: 'Zed Writer' });
    mock.seed.user({ username: 'c-quill', name: 'Alpha quill' });
    mock.seed.user({ username: 'd-quill', name: 'Beta quill' });
    mock.seed.user({ username: 'a-writer', name: 'quill' });
    const found = usernames(await dev.users.list({ search: 'Quill' }));
    expect(found).toEqual(['a-writer', 'quill', 'c-quill', 'd-quill']);
  });

  it('filters active users and humans (no bots)', async () => {
    const all = usernames(await root.users.list({ per_page: 100 }));
    const active = usernames(await root.users.list({ active: true, per_page: 100 }));
    expect(active).toEqual(all.filter((u) => u !== 'blocked'));
    const humans = usernames(await root.users.list({ humans: true, per_page: 100 }));
    expect(all.some((u) => u.startsWith('project_'))).toBe(true);
    expect(humans).toEqual(all.filter((u) => !u.startsWith('project_')));
    expect(usernames(await root.users.list({ without_project_bots: true, per_page: 100 }))).toEqual(humans);
  });

  it("applies the administrators' filters for administrators and ignores them for others; the order is anyone's", async () => {
    expect(usernames(await root.users.list({ admins: true }))).toEqual(['root']);
    expect((await dev.users.list({ admins: true, per_page: 100 })).items.length).toBeGreaterThan(1);
    const byName = usernames(await root.users.list({ order_by: 'username', sort: 'asc', per_page: 100 }));
    expect(byName).toEqual([...byName].sort());
    // `reorder_users` reads the request's order_by and sort, which `except!` drops only from UsersFinder's copy.
    const devOrder = usernames(await dev.users.list({ order_by: 'username', sort: 'asc', per_page: 100 }));
    expect(devOrder).toEqual([...devOrder].sort());
    expect(devOrder).not.toEqual(usernames(await dev.users.list({ per_page: 100 })));
    const withoutProjects = usernames(await root.users.list({ without_projects: true, per_page: 100 }));
    expect(withoutProjects).toContain('outsider');
    expect(withoutProjects).not.toContain('owner'); // owner/sandbox is theirs
    expect(usernames(await dev.users.list({ without_projects: true, per_page: 100 }))).toContain('owner');
  });

  it('refuses extern_uid and provider to a non-administrator with 403 (one without the other with 400), and finds no one for an administrator', async () => {
    await dev.users.list();
    const before = mock.exportState();
    const forbidden = await call(mock, 'GET', '/users?extern_uid=x&provider=saml', { token: 'glpat-dev' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: '403 Forbidden' });
    expect(mock.requests.list().at(-1)?.reason).toBe('dev is not an instance administrator; extern_uid needs one');
    expect(mock.exportState()).toEqual(before);
    // Nobody has an instance identity in the mock: an administrator's search finds no one.
    const none = await call(mock, 'GET', '/users?extern_uid=x&provider=saml', { token: 'glpat-root' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const half = await call(mock, 'GET', '/users?extern_uid=x', { token: 'glpat-root' });
    expect(half.status).toBe(400);
    expect(half.body).toEqual({ error: 'extern_uid, provider provide all or none of parameters' });
  });

  it('checks order_by and sort for everyone, and changes nothing when it refuses', async () => {
    await dev.users.list();
    const before = mock.exportState();
    const refused = await call(mock, 'GET', '/users?order_by=email&sort=up', { token: 'glpat-dev' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'order_by does not have a valid value, sort does not have a valid value' });
    expect(mock.exportState()).toEqual(before);
  });

  it('paginates as GitLab does, and iterates every user', async () => {
    const answer = await call(mock, 'GET', '/users?per_page=2', { token: 'glpat-dev' });
    const active = [...mock.world.users.values()].filter((u) => u.state === 'active').length;
    expect(answer.headers.get('x-total')).toBe(String(active));
    expect(answer.body).toHaveLength(2);
    const all: string[] = [];
    for await (const user of dev.users.list({ per_page: 2 })) all.push(user.username);
    expect(all).toHaveLength(active);
  });
});

describe("GET /users: the administrators' filters and orders", () => {
  it('finds no external user and no one with two-factor authentication: the mock has neither', async () => {
    const all = usernames(await root.users.list({ per_page: 100 }));
    expect((await root.users.list({ external: true })).items).toEqual([]);
    expect((await root.users.list({ two_factor: 'enabled' })).items).toEqual([]);
    expect(usernames(await root.users.list({ two_factor: 'disabled', per_page: 100 }))).toEqual(all);
  });

  it("finds users without projects as GitLab's project_authorizations count them: direct, through a group, or personal", async () => {
    // Ids chosen so that the group holding a project has a project-less user's id (bob's 3).
    const world = createTestMock({
      now: testSeed.now,
      users: [
        { username: 'root', id: 1, admin: true, token: 'glpat-root' },
        { username: 'alice', id: 2 },
        { username: 'bob', id: 3 },
        { username: 'carol', id: 4 },
        { username: 'dave', id: 5 },
        { username: 'erin', id: 6 },
      ],
      groups: [
        { path: 'team', id: 6, members: { carol: 30 } },
        { path: 'team/sub', id: 3 },
        { path: 'lonely', id: 7, members: { dave: 30 } },
      ],
      projects: [{ path: 'team/sub/app', members: { erin: 30 } }, { path: 'alice/scratch' }],
    });
    const found = await client(world, 'glpat-root').users.list({ without_projects: true });
    // alice owns a personal project, carol is in its parent group, erin in the project; dave's group has none.
    expect(usernames(found)).toEqual(['dave', 'bob', 'root']);
  });

  it('filters by creation time with both ends included, for administrators only', async () => {
    mock.seed.user({ username: 'middle', created_at: '2026-03-01T12:00:00Z' });
    mock.seed.user({ username: 'early', created_at: '2026-01-01T00:00:00Z' });
    const all = usernames(await root.users.list({ per_page: 100 }));
    const after = usernames(await root.users.list({ created_after: '2026-03-01T12:00:00Z', per_page: 100 }));
    expect(after).toEqual(all.filter((u) => u !== 'early'));
    const before = usernames(await root.users.list({ created_before: '2026-03-01T12:00:00Z', per_page: 100 }));
    expect(before).toEqual(['early', 'middle']);
    const ignored = usernames(await dev.users.list({ created_before: '2026-03-01T12:00:00Z', per_page: 100 }));
    expect(ignored).toEqual(usernames(await dev.users.list({ per_page: 100 })));
  });

  it('orders created_at by id (order_options_with_tie_breaker), and updated_at by the creation time (the mock keeps no update time), ties by id', async () => {
    // Made in the other order than their creation times: id order differs from created_at order.
    mock.seed.user({ username: 'middle', created_at: '2026-03-01T12:00:00Z' });
    mock.seed.user({ username: 'early', created_at: '2026-01-01T00:00:00Z' });
    const byId = usernames(await root.users.list({ sort: 'asc', per_page: 100 }));
    const expected = ['early', 'middle', ...byId.filter((u) => u !== 'early' && u !== 'middle')];
    expect(usernames(await root.users.list({ order_by: 'updated_at', sort: 'asc', per_page: 100 }))).toEqual(expected);
    expect(usernames(await root.users.list({ order_by: 'updated_at', per_page: 100 }))).toEqual(
      [...expected].reverse(),
    );
    expect(usernames(await root.users.list({ order_by: 'created_at', sort: 'asc', per_page: 100 }))).toEqual(byId);
    expect(usernames(await root.users.list({ order_by: 'created_at', per_page: 100 }))).toEqual([...byId].reverse());
  });

  it('orders names and usernames case-insensitively, `_` before letters', async () => {
    mock.seed.user({ username: 'ab_c', name: 'Carl' });
    mock.seed.user({ username: 'Abd', name: 'b_ob' });
    mock.seed.user({ username: 'abe', name: 'Bob' });
    const ours = new Set(['ab_c', 'Abd', 'abe']);
    const ordered = async (order_by: 'name' | 'username', sort: 'asc' | 'desc') =>
      usernames(await root.users.list({ order_by, sort, per_page: 100 })).filter((u) => ours.has(u));
    expect(await ordered('name', 'asc')).toEqual(['Abd', 'abe', 'ab_c']);
    expect(await ordered('name', 'desc')).toEqual(['ab_c', 'abe', 'Abd']);
    expect(await ordered('username', 'asc')).toEqual(['ab_c', 'Abd', 'abe']);
    expect(await ordered('username', 'desc')).toEqual(['abe', 'Abd', 'ab_c']);
  });
});

describe('GET /users?pagination=keyset', () => {
  it('pages by cursor in the list order: next and previous cursors, the last page without a Link, a bad cursor 400', async () => {
    const world = createMockGitLab({
      seed: {
        users: ['u1', 'u2', 'u3', 'u4', 'u5'].map((username) => ({ username, token: `glpat-keyset-${username}` })),
      },
    });
    const page = async (query: string) => {
      const answer = await call(
        world,
        'GET',
        `/users?pagination=keyset&per_page=2&order_by=username&sort=asc${query}`,
        {
          token: 'glpat-keyset-u1',
        },
      );
      return {
        status: answer.status,
        names: Array.isArray(answer.body) ? answer.body.map((u: { username: string }) => u.username) : answer.body,
        next: answer.headers.get('x-next-cursor'),
        prev: answer.headers.get('x-prev-cursor'),
        link: answer.headers.get('link'),
        total: answer.headers.get('x-total'),
      };
    };
    const first = await page('');
    expect(first).toMatchObject({ status: 200, names: ['u1', 'u2'], prev: null, total: null });
    expect(first.link).toContain(`cursor=${encodeURIComponent(first.next ?? '')}`);
    expect(first.link).toContain('order_by=username');
    const second = await page(`&cursor=${encodeURIComponent(first.next ?? '')}`);
    expect(second.names).toEqual(['u3', 'u4']);
    const back = await page(`&cursor=${encodeURIComponent(second.prev ?? '')}`);
    expect(back.names).toEqual(['u1', 'u2']);
    const last = await page(`&cursor=${encodeURIComponent(second.next ?? '')}`);
    expect(last).toMatchObject({ names: ['u5'], next: null, link: null });
    expect(await page('&cursor=not-a-cursor')).toMatchObject({ status: 400, names: { error: 'cursor is invalid' } });
  });
});

describe('GET /users/:id', () => {
  it("answers GitLab's User entity to a non-administrator: the profile, no email", async () => {
    const user = await dev.users.get(idOf('owner'));
    expect(Object.keys(user)).toEqual(PROFILE);
    expect(user.username).toBe('owner');
  });

  it('answers a blocked user too, with state blocked', async () => {
    expect((await dev.users.get(idOf('blocked'))).state).toBe('blocked');
  });

  it("hides a blocked, unconfirmed or private user's created_at and followers from others (read_user_profile)", async () => {
    const world = createMockGitLab({
      seed: {
        users: [
          { username: 'root', admin: true, token: 'glpat-profile-root' },
          { username: 'viewer', token: 'glpat-profile-viewer' },
          { username: 'banned', state: 'banned' },
          { username: 'pending', state: 'blocked_pending_approval' },
          { username: 'unconfirmed', confirmed_at: null },
          { username: 'private', private_profile: true, token: 'glpat-profile-private' },
          { username: 'public' },
        ],
      },
    });
    const id = (name: string) => [...world.world.users.values()].find((u) => u.username === name)?.id;
    const shown = async (name: string, token: string) => {
      const body = (await call(world, 'GET', `/users/${id(name)}`, { token })).body;
      return ['created_at', 'followers', 'following', 'is_followed'].filter((key) => key in body);
    };
    for (const hidden of ['banned', 'pending', 'unconfirmed', 'private']) {
      expect(await shown(hidden, 'glpat-profile-viewer'), hidden).toEqual([]);
    }
    expect(await shown('public', 'glpat-profile-viewer')).toEqual([
      'created_at',
      'followers',
      'following',
      'is_followed',
    ]);
    // Themself and administrators see it (`~(user_is_self | admin)`).
    expect(await shown('private', 'glpat-profile-private')).toContain('created_at');
    expect(await shown('private', 'glpat-profile-root')).toContain('created_at');
  });

  it('answers UserDetailsWithAdmin to an administrator, with the highest role', async () => {
    const user = await root.users.get(idOf('dev'));
    expect(Object.keys(user)).toEqual([
      ...WITH_ADMIN,
      ...LICENSED,
      'highest_role',
      'current_sign_in_ip',
      'last_sign_in_ip',
      'sign_in_count',
      'plan',
      'trial',
    ]);
    expect(user.highest_role).toBe(30);
    expect(user.email).toBe('dev@example.com');
    expect((await root.users.get(idOf('outsider'))).highest_role).toBe(0);
  });

  it('answers 404 User Not Found for an unknown id, and no route for one that is not a number', async () => {
    const error = await failure(dev.users.get(9999));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.gitlabMessage).toBe('404 User Not Found');
    const notANumber = await call(mock, 'GET', '/users/dev', { token: 'glpat-dev' });
    expect(notANumber.status).toBe(404);
    expect(notANumber.body).toEqual({ error: '404 Not Found' });
  });

  it('takes read_user', async () => {
    expect((await client(mock, 'glpat-read-user').users.get(idOf('dev'))).username).toBe('dev');
  });
});

describe('GET /version and GET /metadata', () => {
  it('answers the version the mock emulates, with KAS disabled', async () => {
    const metadata = await dev.metadata();
    expect(metadata).toEqual({
      version: GITLAB_VERSION,
      revision: GITLAB_REVISION,
      kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
      enterprise: true,
    });
    expect(await dev.version()).toEqual(metadata);
  });

  it('says enterprise on a Premium or Ultimate self-managed instance and on the hosted offering, not on Free', async () => {
    const on = async (instance: SeedDocument['instance']) =>
      (await client(createTestMock({ ...testSeed, instance }), 'glpat-dev').metadata()).enterprise;
    expect(await on({ offering: 'self-managed', plan: 'free' })).toBe(false);
    expect(await on({ offering: 'self-managed', plan: 'premium' })).toBe(true);
    expect(await on({ offering: 'self-managed', plan: 'ultimate' })).toBe(true);
    expect(await on({ offering: 'hosted' })).toBe(true);
  });

  it('takes read_user, and refuses read_repository', async () => {
    expect((await client(mock, 'glpat-read-user').version()).version).toBe(GITLAB_VERSION);
    const refused = await call(mock, 'GET', '/metadata', { token: 'glpat-read-repository' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('insufficient_scope');
  });

  it('works on its own, through Instance', async () => {
    const instance = new Instance({ baseUrl: mock.baseUrl, token: 'glpat-dev', fetch: mock.fetch });
    expect((await instance.metadata()).version).toBe(GITLAB_VERSION);
  });
});

describe('GET /personal_access_tokens/self', () => {
  it("answers the request's own personal token, without its value", async () => {
    const token = await dev.personalAccessTokens.self();
    const record = [...mock.world.tokens.values()].find((t) => t.value === 'glpat-dev');
    expect(token).toMatchObject({
      id: record?.id,
      user_id: idOf('dev'),
      scopes: ['api'],
      active: true,
      revoked: false,
    });
    const { body } = await call(mock, 'GET', '/personal_access_tokens/self', { token: 'glpat-dev' });
    expect(Object.keys(body)).toEqual(PERSONAL_ACCESS_TOKEN_KEYS);
    expect(JSON.stringify(token)).not.toContain('glpat-dev');
  });

  it("answers a project access token as a personal one of its bot user, without the project's fields", async () => {
    const token = await client(mock, 'glpat-bot').personalAccessTokens.self();
    const me = await client(mock, 'glpat-bot').users.current();
    expect(token).toMatchObject({ name: 'deploy', user_id: me.id });
    expect(token).not.toHaveProperty('access_level');
  });

  it("names a seeded user's token 'default' unless the seed names it (`personal_token.name`)", async () => {
    expect((await dev.personalAccessTokens.self()).name).toBe('default');
    const named = createTestMock({
      ...testSeed,
      users: [{ username: 'ci', token: 'glpat-ci', personal_token: { name: 'CI runner' } }],
      groups: [],
      projects: [],
    });
    expect((await client(named, 'glpat-ci').personalAccessTokens.self()).name).toBe('CI runner');
  });

  it('takes any scope', async () => {
    const token = await client(mock, 'glpat-read-repository').personalAccessTokens.self();
    expect(token.scopes).toEqual(['read_repository']);
  });

  it('refuses an OAuth token with 400', async () => {
    const refused = await call(mock, 'GET', '/personal_access_tokens/self', {
      headers: { authorization: `Bearer ${OAUTH_TOKEN}` },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: '400 Bad request - This endpoint requires token type to be a personal access token',
    });
    expect(mock.requests.list().at(-1)?.reason).toBe('OAuth token 1 is not a personal access token');
  });

  it('works on its own', async () => {
    const tokens = new PersonalAccessTokens({ baseUrl: mock.baseUrl, token: 'glpat-dev', fetch: mock.fetch });
    expect((await tokens.self()).user_id).toBe(idOf('dev'));
  });
});

describe("avatar_url: GitLab's gravatar for a user without an uploaded avatar (issue 38 point 6)", () => {
  const gravatar = (host: string, email: string) =>
    `https://${host}/avatar/${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}?s=80&d=identicon`;

  it('is the SHA-256 of the lower-cased email at size 80, from secure.gravatar.com on an https instance', async () => {
    const user = await dev.users.get(idOf('dev'));
    expect(user.avatar_url).toBe(gravatar('www.gravatar.com', 'dev@example.com'));
    const secure = createMockGitLab({ seed: testSeed, baseUrl: 'https://gitlab.example.com' });
    const nested = (await client(secure, 'glpat-dev').users.get(idOf('dev'))).avatar_url;
    expect(nested).toBe(gravatar('secure.gravatar.com', 'dev@example.com'));
  });
});

describe('GET /users?search=: the order a search keeps (issue 38 point 7, reorder_users)', () => {
  it('keeps search relevance without order_by or sort, and follows either when given, for anyone', async () => {
    const seeded = createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [
          { username: 'root', admin: true, token: 'glpat-root' },
          { username: 'zed', name: 'Ann Zed', token: 'glpat-zed' },
          { username: 'ann', name: 'Ann' },
          { username: 'bob', name: 'Ann Bob' },
        ],
      },
    });
    for (const token of ['glpat-root', 'glpat-zed']) {
      const gitlab = client(seeded, token);
      const found = async (query: Parameters<Users['list']>[0]) =>
        (await gitlab.users.list({ search: 'ann', ...query })).items.map((u) => u.username);
      // User.search: the exact name first, then by name.
      expect(await found({})).toEqual(['ann', 'bob', 'zed']);
      expect(await found({ order_by: 'username', sort: 'desc' })).toEqual(['zed', 'bob', 'ann']);
      // sort alone: order_by id; order_by alone: sort desc.
      expect(await found({ sort: 'asc' })).toEqual(['zed', 'ann', 'bob']);
      expect(await found({ order_by: 'name' })).toEqual(['zed', 'bob', 'ann']);
    }
  });
});

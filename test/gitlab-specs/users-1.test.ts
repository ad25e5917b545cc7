import { describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { api, hasPaginationHeaders, NON_EXISTING_ID, notPorted, notPortedGroup, refusedUnchanged } from './api.js';

/**
 * GitLab's `spec/requests/api/users_spec.rb`, its first half (its top-level setup and shared
 * examples, and every describe block from `GET /users` to `PUT /users/:id`), ported as HTTP
 * requests to the mock: each GitLab example is one test, named as GitLab names it (context and
 * example). docs/gitlab-specs.md lists them (a test keeps it in step). The second half is
 * `users-2.test.ts`.
 *
 * GitLab's specs run with admin mode on: `api(path, admin, admin_mode: true)` is an administrator
 * acting as one (here: the `admin` token of a world without admin mode), `api(path, admin)` one
 * who is not (the `admin` token's user is then a regular user: where that matters, a world with
 * admin mode on).
 */

const NOW = '2026-06-01T09:00:00Z';
const ADMIN = 'glpat-spec-admin';
const USER = 'glpat-spec-user';
/** The spec's `user`: `create(:user, username: 'user.withdot')`. */
const USERNAME = 'user.withdot';

type SeedUser = SeedDocument['users'][number];

/** The spec's `let_it_be`: `admin`, then `user` (in that order: the admin's id is the lower). */
const baseUsers = (admin: Partial<SeedUser> = {}, user: Partial<SeedUser> = {}): SeedUser[] => [
  { username: 'admin', admin: true, token: ADMIN, email: 'admin@example.com', ...admin },
  { username: USERNAME, token: USER, email: 'user.withdot@example.com', ...user },
];

/** A world of the spec's two users and `extra` (created after them, in order). */
function world(extra: SeedUser[] = [], more: Omit<SeedDocument, 'users'> = {}): MockGitLab {
  return createMockGitLab({ seed: { now: NOW, ...more, users: [...baseUsers(), ...extra] } });
}

const userNamed = (mock: MockGitLab, username: string) => {
  const found = [...mock.world.users.values()].find((u) => u.username === username);
  if (!found) throw new Error(`no user ${username}`);
  return found;
};
const idOf = (mock: MockGitLab, username: string) => userNamed(mock, username).id;
const ids = (body: { id: number }[]) => body.map((u) => u.id);

/** `attributes_for(:user)`: an email, a name, a username and a strong password. */
const userAttributes = (n = 1) => ({
  email: `user${n}@example.org`,
  name: `Sidney Jones${n}`,
  username: `user${n}`,
  password: 'Str0ng-pass-phrase',
});

/**
 * GitLab's shared examples "<method> request permissions for admin mode", in a world with admin
 * mode on: an administrator whose token has the `admin_mode` scope succeeds; the same
 * administrator without it, and a user with or without it, get 403. Each request gets a world
 * of its own.
 */
async function permissionsForAdminMode(
  send: (mock: MockGitLab, token: string) => Promise<{ status: number }>,
  success: number,
  extra: SeedUser[] = [],
) {
  const seed: SeedDocument = {
    now: NOW,
    instance: { admin_mode: true },
    users: [
      ...baseUsers({ scopes: ['api'] }, { note: '2018-11-05 | 2FA removed | user requested | www.gitlab.com' }),
      { username: 'admin-in-mode', admin: true, token: 'glpat-spec-admin-mode', scopes: ['api', 'admin_mode'] },
      { username: 'user-in-mode', token: 'glpat-spec-user-mode', scopes: ['api', 'admin_mode'] },
      ...extra,
    ],
  };
  const statuses: Record<string, number> = {};
  for (const [who, token] of Object.entries({
    'admin, admin mode': 'glpat-spec-admin-mode',
    'admin, no admin mode': ADMIN,
    'user, admin mode': 'glpat-spec-user-mode',
    'user, no admin mode': USER,
  })) {
    statuses[who] = (await send(createMockGitLab({ seed }), token)).status;
  }
  expect(statuses).toEqual({
    'admin, admin mode': success,
    'admin, no admin mode': 403,
    'user, admin mode': 403,
    'user, no admin mode': 403,
  });
}

// ---- admin notes ---------------------------------------------------------------------------

const ADMIN_NOTE = '2019-10-06 | 2FA added | user requested | www.gitlab.com';
const USER_NOTE = '2018-11-05 | 2FA removed | user requested | www.gitlab.com';

/** The `admin notes` context's world: both users carry a note. */
const notesWorld = (extra: SeedUser[] = []) =>
  createMockGitLab({
    seed: { now: NOW, users: [...baseUsers({ note: ADMIN_NOTE }, { note: USER_NOTE }), ...extra] },
  });

describe('admin notes', () => {
  describe('admin notes, POST /users', () => {
    it('POST request permissions for admin mode', async () => {
      await permissionsForAdminMode(
        (mock, token) => api(mock, 'POST', '/users', token, { ...userAttributes(), note: 'Awesome Note' }),
        201,
      );
    });

    it('when unauthenticated: return authentication error', async () => {
      const mock = notesWorld();
      const { answer, unchanged } = await refusedUnchanged(mock, undefined, () => api(mock, 'POST', '/users'));
      expect(answer.status).toBe(401);
      expect(unchanged).toBe(true);
    });

    it('when authenticated, as an admin: contains the note of the user', async () => {
      const answer = await api(notesWorld(), 'POST', '/users', ADMIN, { ...userAttributes(), note: 'Awesome Note' });
      expect(answer.status).toBe(201);
      expect(answer.body.note).toBe('Awesome Note');
    });

    it('when authenticated, as a regular user: does not allow creating new user', async () => {
      const mock = notesWorld();
      const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
        api(mock, 'POST', '/users', USER, userAttributes()),
      );
      expect(answer.status).toBe(403);
      expect(unchanged).toBe(true);
    });
  });

  describe('admin notes, PUT /users/:id', () => {
    it('PUT request permissions for admin mode', async () => {
      await permissionsForAdminMode(
        (mock, token) => api(mock, 'PUT', `/users/${idOf(mock, USERNAME)}`, token, { note: 'new note' }),
        200,
      );
    });

    it('when user is an admin: updates note of the user', async () => {
      const mock = notesWorld();
      const user = userNamed(mock, USERNAME);
      expect(user.note).toBe(USER_NOTE);
      const newNote = '2019-07-07 | Email changed | user requested | www.gitlab.com';
      const answer = await api(mock, 'PUT', `/users/${user.id}`, ADMIN, { note: newNote });
      expect(answer.status).toBe(200);
      expect(answer.body.note).toBe(newNote);
      expect(userNamed(mock, USERNAME).note).toBe(newNote);
    });

    it('when user is not an admin: cannot update their own note', async () => {
      const mock = notesWorld();
      const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
        api(mock, 'PUT', `/users/${idOf(mock, USERNAME)}`, USER, { note: 'new note' }),
      );
      expect(answer.status).toBe(403);
      expect(unchanged).toBe(true);
      expect(userNamed(mock, USERNAME).note).toBe(USER_NOTE);
    });
  });

  notPortedGroup('admin notes, PATCH /users/:id/disable_two_factor', () => {
    // skip: not modelled: two-factor authentication (the mock's users have none, and PATCH /users/:id/disable_two_factor is no route)
    notPorted('when current user is an admin: returns a 204 when 2FA is disabled for the target user');
    // skip: not modelled: two-factor authentication; the example also stubs TwoFactor::DestroyService, which no request can observe
    notPorted('when current user is an admin: uses TwoFactor Destroy Service');
    // skip: not modelled: two-factor authentication (PATCH /users/:id/disable_two_factor)
    notPorted('when current user is an admin: returns a 400 if 2FA is not enabled for the target user');
    // skip: not modelled: two-factor authentication (PATCH /users/:id/disable_two_factor)
    notPorted('when current user is an admin: returns a 403 if the target user is an admin');
    // skip: not modelled: two-factor authentication (PATCH /users/:id/disable_two_factor)
    notPorted('when current user is an admin: returns a 404 if the target user cannot be found');
    // skip: not modelled: two-factor authentication (PATCH /users/:id/disable_two_factor)
    notPorted('when current user is not an admin: returns a 403');
    // skip: not modelled: two-factor authentication (PATCH /users/:id/disable_two_factor)
    notPorted('when unauthenticated: returns a 401');
  });

  describe('admin notes, GET /users/', () => {
    const byUsername = { username: USERNAME };

    it('when unauthenticated: does not contain certain fields', async () => {
      const answer = await api(notesWorld(), 'GET', '/users', undefined, byUsername);
      expect(answer.status).toBe(200);
      expect(answer.body[0]).not.toHaveProperty('note');
      expect(answer.body[0]).not.toHaveProperty('namespace_id');
      expect(answer.body[0]).not.toHaveProperty('created_by');
    });

    it('when authenticated, as a regular user: does not contain certain fields', async () => {
      const answer = await api(notesWorld(), 'GET', '/users', USER, byUsername);
      expect(answer.status).toBe(200);
      expect(answer.body[0]).not.toHaveProperty('note');
      expect(answer.body[0]).not.toHaveProperty('namespace_id');
      expect(answer.body[0]).not.toHaveProperty('created_by');
    });

    it('when authenticated, as an admin: contains the note of users', async () => {
      const answer = await api(notesWorld(), 'GET', '/users', ADMIN, byUsername);
      expect(answer.status).toBe(200);
      expect(answer.body[0].note).toBe(USER_NOTE);
    });

    it('when authenticated, as an admin, with `created_by` details: has created_by as nil with a self-registered account', async () => {
      const answer = await api(notesWorld(), 'GET', '/users', ADMIN, byUsername);
      expect(answer.status).toBe(200);
      expect(answer.body[0]).toHaveProperty('created_by');
      expect(answer.body[0].created_by).toBeNull();
    });

    it('when authenticated, as an admin, with `created_by` details: is created_by a user and has those details', async () => {
      const mock = notesWorld([{ username: 'created', created_by: USERNAME }]);
      const answer = await api(mock, 'GET', '/users', ADMIN, { username: 'created' });
      expect(answer.status).toBe(200);
      // API::Entities::UserBasic of `user`.
      const user = userNamed(mock, USERNAME);
      expect(answer.body[0].created_by).toEqual({
        id: user.id,
        username: USERNAME,
        name: user.name,
        state: 'active',
        locked: false,
        avatar_url: expect.stringMatching(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?s=80&d=identicon$/),
        web_url: `${mock.baseUrl}/${USERNAME}`,
      });
    });

    const searchWorld = () => notesWorld([{ username: 'a-user' }, { username: 'a-user2' }]);

    it('when authenticated, with search parameter: prioritizes username match', async () => {
      const answer = await api(searchWorld(), 'GET', '/users', USER, { search: 'a-user' });
      expect(answer.status).toBe(200);
      expect(answer.body.map((u: { username: string }) => u.username).slice(0, 2)).toEqual(['a-user', 'a-user2']);
    });

    it('when authenticated, with search parameter: preserves requested ordering with order_by and sort', async () => {
      const answer = await api(searchWorld(), 'GET', '/users', USER, {
        search: 'a-user',
        order_by: 'name',
        sort: 'desc',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.map((u: { username: string }) => u.username).slice(0, 2)).toEqual(['a-user2', 'a-user']);
    });

    it('when authenticated, with search parameter: preserves requested ordering with sort', async () => {
      const answer = await api(searchWorld(), 'GET', '/users', USER, { search: 'a-user', sort: 'desc' });
      expect(answer.status).toBe(200);
      expect(answer.body.map((u: { username: string }) => u.username).slice(0, 2)).toEqual(['a-user2', 'a-user']);
    });

    // skip: asserts only on database queries (ActiveRecord::QueryRecorder), which no response shows
    notPorted('when authenticated, N+1 queries: avoids N+1 queries when requested by admin');
    // skip: asserts only on database queries (ActiveRecord::QueryRecorder), which no response shows
    notPorted('when authenticated, N+1 queries: avoids N+1 queries when requested by a regular user');

    /** GitLab's `an endpoint with keyset pagination`: `pagination: 'keyset', per_page: 1` as `user`. */
    const keysetPage = (mock: MockGitLab) => api(mock, 'GET', '/users', USER, { pagination: 'keyset', per_page: 1 });
    /** `pagination_params_from_next_url`: the query of the Link header's next URL. */
    const nextParams = (headers: Headers) => {
      const next = /<([^>]*)>; rel="next"/.exec(headers.get('link') ?? '')?.[1];
      return next === undefined ? undefined : new URL(next).searchParams;
    };

    it('when authenticated, an endpoint with keyset pagination, on making requests with supported ordering structure: includes keyset url params in the url response', async () => {
      const answer = await keysetPage(notesWorld());
      expect(answer.status).toBe(200);
      expect(nextParams(answer.headers)?.has('cursor')).toBe(true);
    });

    it('when authenticated, an endpoint with keyset pagination, on making requests with supported ordering structure: does not include pagination headers', async () => {
      const answer = await keysetPage(notesWorld());
      expect(answer.status).toBe(200);
      expect(
        ['x-total', 'x-total-pages', 'x-per-page', 'x-page', 'x-next-page', 'x-prev-page'].filter((h) =>
          answer.headers.has(h),
        ),
      ).toEqual([]);
    });

    it('when authenticated, an endpoint with keyset pagination, on making requests with supported ordering structure: paginates the records correctly', async () => {
      const mock = notesWorld();
      const first = await keysetPage(mock);
      expect(first.status).toBe(200);
      // `first_record` is `user`, `second_record` `admin`: by id, descending.
      expect(ids(first.body)).toEqual([idOf(mock, USERNAME)]);
      const params = Object.fromEntries(nextParams(first.headers) ?? []);
      const second = await api(mock, 'GET', '/users', USER, params);
      expect(second.status).toBe(200);
      expect(ids(second.body)).toEqual([idOf(mock, 'admin')]);
    });

    it('when authenticated: still supports offset pagination when keyset pagination params are not provided', async () => {
      const answer = await api(notesWorld(), 'GET', '/users', USER);
      expect(answer.status).toBe(200);
      expect(hasPaginationHeaders(answer.headers)).toBe(true);
    });
  });

  describe('admin notes, GET /user', () => {
    it('when authenticated, as an admin, accesses their own profile: contains the note of the user', async () => {
      const answer = await api(notesWorld(), 'GET', '/user', ADMIN);
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveProperty('note');
      expect(answer.body).toHaveProperty('preferred_language');
      expect(answer.body.note).toBe(ADMIN_NOTE);
    });

    // `create(:personal_access_token, :admin_mode, user: admin, scopes: %w[api sudo])`: an administrator
    // acting as one (a world without admin mode, as above) whose token has `sudo`.
    const SUDO_TOKEN = 'glpat-spec-admin-sudo';
    const sudoWorld = (extra: SeedUser[] = []) =>
      notesWorld([{ username: 'admin-sudo', admin: true, token: SUDO_TOKEN, scopes: ['api', 'sudo'] }, ...extra]);

    it('when authenticated, as an admin, sudo, accesses the profile of another regular user: does not contain the note of the user', async () => {
      const mock = sudoWorld();
      const answer = await api(mock, 'GET', `/user?private_token=${SUDO_TOKEN}&sudo=${idOf(mock, USERNAME)}`);
      expect(answer.body.id).toBe(idOf(mock, USERNAME));
      expect(answer.body).not.toHaveProperty('note');
    });

    it('when authenticated, as an admin, sudo, accesses the profile of another admin: contains the note of the user', async () => {
      const note = '2010-10-10 | 2FA added | admin requested | www.gitlab.com';
      const mock = sudoWorld([{ username: 'admin-2', admin: true, note }]);
      const answer = await api(mock, 'GET', `/user?private_token=${SUDO_TOKEN}&sudo=${idOf(mock, 'admin-2')}`);
      expect(answer.body.id).toBe(idOf(mock, 'admin-2'));
      expect(answer.body).toHaveProperty('note');
      expect(answer.body.note).toBe(note);
    });

    it('when authenticated, as a regular user: does not contain the note of the user', async () => {
      const answer = await api(notesWorld(), 'GET', '/user', USER);
      expect(answer.status).toBe(200);
      expect(answer.body).not.toHaveProperty('note');
      expect(answer.body).not.toHaveProperty('namespace_id');
    });
  });
});

// ---- GET /users ----------------------------------------------------------------------------

/** The keys of GitLab's `public_api/v4/user/basic` schema (UserBasic). */
const BASIC_KEYS = ['id', 'username', 'name', 'state', 'locked', 'avatar_url', 'web_url'];
/** An answer matches `public_api/v4/user/basics`: a list of users with UserBasic's keys. */
function basics(answer: { status: number; body: unknown }) {
  expect(answer.status).toBe(200);
  expect(Array.isArray(answer.body)).toBe(true);
  for (const user of answer.body as Record<string, unknown>[])
    expect(Object.keys(user)).toEqual(expect.arrayContaining(BASIC_KEYS));
  return answer.body as Record<string, unknown>[] & { id: number }[];
}
/** `public_api/v4/user/admins`: UserWithAdmin's keys besides. */
function admins(answer: { status: number; body: unknown }) {
  const users = basics(answer);
  for (const user of users)
    expect(Object.keys(user)).toEqual(expect.arrayContaining(['is_admin', 'email', 'namespace_id', 'note']));
  return users;
}

/** `create(:omniauth_user)`: a user with an LDAP identity. */
const omniauthUser: SeedUser = {
  username: 'omniauth',
  identities: [{ provider: 'ldapmain', extern_uid: 'my-ldap-id' }],
};

describe('GET /users', () => {
  it('when unauthenticated: returns authorization error when the `username` parameter is not passed', async () => {
    expect((await api(world(), 'GET', '/users')).status).toBe(403);
  });

  it('when unauthenticated: returns the user when a valid `username` parameter is passed', async () => {
    const mock = world();
    const users = basics(await api(mock, 'GET', '/users', undefined, { username: USERNAME }));
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: idOf(mock, USERNAME), username: USERNAME });
  });

  it('when unauthenticated: returns the user when a valid `username` parameter is passed (case insensitive)', async () => {
    const mock = world();
    const users = basics(await api(mock, 'GET', '/users', undefined, { username: USERNAME.toUpperCase() }));
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: idOf(mock, USERNAME), username: USERNAME });
  });

  it('when unauthenticated: returns an empty response when an invalid `username` parameter is passed', async () => {
    const answer = await api(world(), 'GET', '/users', undefined, { username: 'invalid' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it('when unauthenticated: does not return the highest role', async () => {
    const users = basics(await api(world(), 'GET', '/users', undefined, { username: USERNAME }));
    expect(Object.keys(users[0] ?? {})).not.toContain('highest_role');
  });

  it('when unauthenticated: does not return the current or last sign-in ip addresses', async () => {
    const users = basics(await api(world(), 'GET', '/users', undefined, { username: USERNAME }));
    expect(Object.keys(users[0] ?? {})).not.toContain('current_sign_in_ip');
    expect(Object.keys(users[0] ?? {})).not.toContain('last_sign_in_ip');
  });

  // skip: not modelled: the instance's `restricted_visibility_levels` setting (the mock never restricts the public level)
  notPorted(
    'when unauthenticated, when public level is restricted: returns authorization error when the `username` parameter refers to an inaccessible user',
  );
  // skip: not modelled: the instance's `restricted_visibility_levels` setting (the mock never restricts the public level)
  notPorted(
    'when unauthenticated, when public level is restricted: returns authorization error when the `username` parameter is not passed',
  );

  // The mock has no restricted visibility levels; GlobalPolicy gives signed-in callers `read_users_list` whatever they are.
  it('when authenticated, when public level is restricted, when authenticate as a regular user: renders 200', async () => {
    basics(await api(world(), 'GET', '/users', USER));
  });

  it('when authenticated, when public level is restricted, when authenticate as an admin: renders 200', async () => {
    basics(await api(world(), 'GET', '/users', ADMIN));
  });

  it('when authenticated: returns an array of users', async () => {
    const answer = await api(world(), 'GET', '/users', USER);
    const users = basics(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(users.find((u) => u.username === USERNAME)?.username).toBe(USERNAME);
  });

  it('when authenticated: returns an array of blocked users', async () => {
    const mock = world([
      { ...omniauthUser, username: 'ldap-blocked', state: 'ldap_blocked' },
      { username: 'blocked', state: 'blocked' },
    ]);
    const answer = await api(mock, 'GET', '/users?blocked=true', USER);
    const users = basics(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    for (const user of users) expect(user.state).toMatch(/(blocked|ldap_blocked)/);
  });

  it('when authenticated: returns an array of external users', async () => {
    const mock = world([{ username: 'someone' }, { username: 'external', external: true }]);
    const answer = await api(mock, 'GET', '/users?external=true', USER);
    const users = basics(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(users)).toEqual([idOf(mock, 'external')]);
  });

  /** `internal_user`: `create(:user, :bot)`, an internal user (an alert bot); the mock's internal user is the ghost. */
  const internalUser: SeedUser = { username: 'internal', ghost: true };

  it('when authenticated: returns an array of human users', async () => {
    const mock = world([internalUser]);
    const answer = await api(mock, 'GET', '/users?humans=true', USER);
    const users = basics(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(users).sort()).toEqual([idOf(mock, USERNAME), idOf(mock, 'admin')].sort());
  });

  it('when authenticated: returns an array of non human users', async () => {
    const mock = world([internalUser]);
    const answer = await api(mock, 'GET', '/users?exclude_humans=true', USER);
    const users = basics(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(users)).toEqual([idOf(mock, 'internal')]);
  });

  it('when authenticated: returns active users', async () => {
    const mock = world([
      { username: 'blocked', state: 'blocked' },
      { username: 'banned', state: 'banned' },
      // `User.active` is `non_internal` too (app/models/user.rb).
      internalUser,
    ]);
    const answer = await api(mock, 'GET', '/users?active=true', USER);
    const users = basics(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(users).sort()).toEqual([idOf(mock, USERNAME), idOf(mock, 'admin')].sort());
  });

  it('when authenticated: returns an array of non-active users', async () => {
    const mock = world([{ username: 'deactivated', state: 'deactivated' }]);
    const answer = await api(mock, 'GET', '/users?exclude_active=true', USER);
    const users = basics(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(users)).toEqual([idOf(mock, 'deactivated')]);
  });

  it('when authenticated: returns one user', async () => {
    const answer = await api(world([omniauthUser]), 'GET', '/users?username=omniauth', USER);
    const users = basics(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(users[0]?.username).toBe('omniauth');
  });

  it('when authenticated: returns one user (case insensitive)', async () => {
    const answer = await api(world([omniauthUser]), 'GET', '/users?username=OMNIAUTH', USER);
    const users = basics(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(users[0]?.username).toBe('omniauth');
  });

  it('when authenticated: returns a 403 when non-admin user searches by external UID', async () => {
    const answer = await api(world([omniauthUser]), 'GET', '/users?extern_uid=my-ldap-id&provider=ldapmain', USER);
    expect(answer.status).toBe(403);
  });

  it('when authenticated: does not reveal the `is_admin` flag of the user', async () => {
    const users = basics(await api(world(), 'GET', '/users', USER));
    expect(Object.keys(users[0] ?? {})).not.toContain('is_admin');
  });

  // `Users::Internal.alert_bot`: the mock's internal user is the ghost.
  it('when admin, exclude_internal param: returns all users when it is not set', async () => {
    const mock = world([internalUser]);
    const answer = await api(mock, 'GET', '/users?exclude_internal=false', ADMIN);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(basics(answer))).toContain(idOf(mock, 'internal'));
  });

  it('when admin, exclude_internal param: returns all non internal users when it is set', async () => {
    const mock = world([internalUser]);
    const answer = await api(mock, 'GET', '/users?exclude_internal=true', USER);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(basics(answer))).not.toContain(idOf(mock, 'internal'));
  });

  /** `create(:user, :project_bot)`: the mock's bot users are project bots. */
  const projectBot: SeedUser = { username: 'project-bot', bot: true };

  it('when admin, without_project_bots param: returns all users when it is not set', async () => {
    const mock = world([projectBot]);
    const answer = await api(mock, 'GET', '/users?without_project_bots=false', USER);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(basics(answer))).toContain(idOf(mock, 'project-bot'));
  });

  it('when admin, without_project_bots param: returns all non project_bot users when it is set', async () => {
    const mock = world([projectBot]);
    const answer = await api(mock, 'GET', '/users?without_project_bots=true', USER);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(basics(answer))).not.toContain(idOf(mock, 'project-bot'));
  });

  it('when admin, admins param: returns all users', async () => {
    const mock = world();
    const users = basics(await api(mock, 'GET', '/users?admins=true', USER));
    expect(users).toHaveLength(2);
    expect(ids(users)).toEqual(expect.arrayContaining([idOf(mock, USERNAME), idOf(mock, 'admin')]));
  });

  it('when admin, when sudo is defined: does not return 500', async () => {
    // `create(:personal_access_token, :admin_mode, user: admin, scopes: [:sudo])`: only `sudo`, which
    // stands in for the route's scopes (`unless sudo?` in `lib/api/helpers.rb#current_user`).
    const mock = world([{ username: 'admin-sudo', admin: true, token: 'glpat-spec-admin-sudo', scopes: ['sudo'] }]);
    const answer = await api(mock, 'GET', `/users?sudo=${idOf(mock, USERNAME)}`, 'glpat-spec-admin-sudo');
    expect(answer.status).toBe(200);
  });

  it('when admin: returns an array of users', async () => {
    const answer = await api(world(), 'GET', '/users', ADMIN);
    admins(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
  });

  it('when admin: users contain the `namespace_id` field', async () => {
    const mock = world();
    const users = admins(await api(mock, 'GET', '/users', ADMIN));
    expect(users).toHaveLength(2);
    const namespaceId = async (path: string) => (await api(mock, 'GET', `/namespaces/${path}`, ADMIN)).body.id;
    expect(users.map((u) => u.namespace_id)).toEqual(
      expect.arrayContaining([await namespaceId(USERNAME), await namespaceId('admin')]),
    );
  });

  it('when admin: returns an array of external users', async () => {
    const answer = await api(world([{ username: 'external', external: true }]), 'GET', '/users?external=true', ADMIN);
    const users = admins(answer);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) expect(user.external).toBe(true);
  });

  it('when admin: returns one user by external UID', async () => {
    const answer = await api(world([omniauthUser]), 'GET', '/users?extern_uid=my-ldap-id&provider=ldapmain', ADMIN);
    const users = admins(answer);
    expect(users).toHaveLength(1);
    expect(users[0]?.username).toBe('omniauth');
  });

  it('when admin: returns 400 error if provider with no extern_uid', async () => {
    expect((await api(world([omniauthUser]), 'GET', '/users?extern_uid=my-ldap-id', ADMIN)).status).toBe(400);
  });

  it('when admin: returns 400 error if provider with no extern_uid', async () => {
    expect((await api(world([omniauthUser]), 'GET', '/users?provider=ldapmain', ADMIN)).status).toBe(400);
  });

  it('when admin: returns a user created before a specific date', async () => {
    const mock = world([{ username: 'old', created_at: '2000-01-01T00:00:00Z' }]);
    const users = admins(await api(mock, 'GET', '/users?created_before=2000-01-02T00:00:00.060Z', ADMIN));
    expect(users).toHaveLength(1);
    expect(users[0]?.username).toBe('old');
  });

  it('when admin: returns no users created before a specific date', async () => {
    const mock = world([{ username: 'old', created_at: '2001-01-01T00:00:00Z' }]);
    const users = admins(await api(mock, 'GET', '/users?created_before=2000-01-02T00:00:00.060Z', ADMIN));
    expect(users).toHaveLength(0);
  });

  it('when admin: returns users created before and after a specific date', async () => {
    const mock = world([{ username: 'old', created_at: '2001-01-01T00:00:00Z' }]);
    const users = admins(
      await api(
        mock,
        'GET',
        '/users?created_before=2001-01-02T00:00:00.060Z&created_after=1999-01-02T00:00:00.060',
        ADMIN,
      ),
    );
    expect(users).toHaveLength(1);
    expect(users[0]?.username).toBe('old');
  });

  it('when admin: returns the correct order when sorted by id', async () => {
    const mock = world();
    const users = admins(await api(mock, 'GET', '/users', ADMIN, { order_by: 'id', sort: 'asc' }));
    expect(users).toHaveLength(2);
    expect(users[0]?.id).toBe(idOf(mock, 'admin'));
    expect(users.at(-1)?.id).toBe(idOf(mock, USERNAME));
  });

  // skip: not modelled: two-factor authentication (no user of the mock has it, so `two_factor=enabled` lists nobody)
  notPorted('when admin: returns users with 2fa enabled');

  it('when admin: returns users without projects', async () => {
    const mock = world([{ username: 'without-projects' }], {
      projects: [{ path: `${USERNAME}/project` }, { path: 'admin/project' }],
    });
    const users = admins(await api(mock, 'GET', '/users', ADMIN, { without_projects: true }));
    expect(ids(users)).toEqual([idOf(mock, 'without-projects')]);
  });

  it('when admin: returns 400 when provided incorrect sort params', async () => {
    expect((await api(world(), 'GET', '/users', ADMIN, { order_by: 'magic', sort: 'asc' })).status).toBe(400);
  });

  it('admins param: returns only admins', async () => {
    const mock = world();
    const users = basics(await api(mock, 'GET', '/users?admins=true', ADMIN));
    expect(ids(users)).toEqual([idOf(mock, 'admin')]);
  });

  /** Two users whose public email is one of their (confirmed) emails. */
  const publicEmails = (): SeedUser[] => [
    {
      username: 'public-one',
      email: 'public1a2b3c4d@example.com',
      profile: { public_email: 'public1a2b3c4d@example.com' },
    },
    {
      username: 'public-two',
      email: 'public5e6f7a8b@example.com',
      profile: { public_email: 'public5e6f7a8b@example.com' },
    },
  ];

  it('public email: returns one user by public_email', async () => {
    const mock = world(publicEmails());
    const answer = await api(mock, 'GET', '/users', USER, { public_email: 'public1a2b3c4d@example.com' });
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).toEqual([idOf(mock, 'public-one')]);
  });

  it('public email: returns no users if public_email does not match', async () => {
    const answer = await api(world(publicEmails()), 'GET', '/users', USER, { public_email: 'nonexistent@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });
});

// ---- GET /users/:id ------------------------------------------------------------------------

describe('GET /users/:id', () => {
  /** The spec's `user2` and `private_user`, after `admin` and `user`. */
  const byIdWorld = (user: Partial<SeedUser> = {}) =>
    createMockGitLab({
      seed: {
        now: NOW,
        users: [...baseUsers({}, user), { username: 'another_user' }, { username: 'private', private_profile: true }],
      },
    });
  const get = async (who: string, token: string | undefined, user: Partial<SeedUser> = {}) => {
    const mock = byIdWorld(user);
    return { mock, answer: await api(mock, 'GET', `/users/${idOf(mock, who)}`, token) };
  };
  /** `public_api/v4/user/basic`: one user with UserBasic's keys. */
  const basic = (answer: { status: number; body: Record<string, unknown> }) => {
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(expect.arrayContaining(BASIC_KEYS));
    return answer.body;
  };
  /** `public_api/v4/user/admin`: UserDetailsWithAdmin's keys besides. */
  const admin = (answer: { status: number; body: Record<string, unknown> }) => {
    const user = basic(answer);
    expect(Object.keys(user)).toEqual(
      expect.arrayContaining(['is_admin', 'email', 'highest_role', 'current_sign_in_ip', 'last_sign_in_ip']),
    );
    return user;
  };

  it('returns a user by id', async () => {
    const { answer } = await get(USERNAME, USER);
    expect(basic(answer).username).toBe(USERNAME);
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');

  it("does not return the user's `is_admin` flag", async () => {
    const { answer } = await get(USERNAME, USER);
    expect(Object.keys(basic(answer))).not.toContain('is_admin');
  });

  it("does not return the user's `highest_role`", async () => {
    const { answer } = await get(USERNAME, USER);
    expect(Object.keys(basic(answer))).not.toContain('highest_role');
  });

  it("does not return the user's sign in IPs", async () => {
    const { answer } = await get(USERNAME, USER);
    expect(Object.keys(basic(answer))).not.toContain('current_sign_in_ip');
    expect(Object.keys(basic(answer))).not.toContain('last_sign_in_ip');
  });

  it('does not contain plan or trial data', async () => {
    const { answer } = await get(USERNAME, USER);
    expect(Object.keys(basic(answer))).not.toContain('plan');
    expect(Object.keys(basic(answer))).not.toContain('trial');
  });

  // skip: stubs GitLab's internals (`Ability.allowed?(user, :read_user, user2)` forced false); every signed-in caller has `read_user` (UserPolicy `~anonymous`), so no request can reproduce it
  notPorted('returns a 404 if the target user is present but inaccessible');

  it('returns the `created_at` field for public users', async () => {
    const { answer } = await get('another_user', USER);
    expect(Object.keys(basic(answer))).toContain('created_at');
  });

  it('does not return the `created_at` field for private users', async () => {
    const { answer } = await get('private', USER);
    expect(Object.keys(basic(answer))).not.toContain('created_at');
  });

  it('returns the `followers` field for public users', async () => {
    const { answer } = await get('another_user', USER);
    expect(Object.keys(basic(answer))).toContain('followers');
  });

  it('does not return the `followers` field for private users', async () => {
    const { answer } = await get('private', USER);
    expect(Object.keys(basic(answer))).not.toContain('followers');
  });

  it('returns the `following` field for public users', async () => {
    const { answer } = await get('another_user', USER);
    expect(Object.keys(basic(answer))).toContain('following');
  });

  it('does not return the `following` field for private users', async () => {
    const { answer } = await get('private', USER);
    expect(Object.keys(basic(answer))).not.toContain('following');
  });

  it('does not contain the note of the user', async () => {
    const { answer } = await get(USERNAME, USER);
    expect(answer.body).not.toHaveProperty('note');
    expect(answer.body).not.toHaveProperty('sign_in_count');
  });

  // The limiter is stubbed not to throttle; what a client sees is the 200.
  it('when the rate limit is not exceeded: returns a success status', async () => {
    const { answer } = await get(USERNAME, USER);
    expect(answer.status).toBe(200);
  });

  // skip: not modelled: the `users_get_by_id` rate limit (`users_get_by_id_limit`, 300 requests in 10 minutes by default); the example stubs the limiter to throttle
  notPorted('when the rate limit is exceeded, when feature flag is enabled: returns "too many requests" status');

  // Administrators are never throttled by `users_get_by_id`; what a client sees is the 200.
  it('when the rate limit is exceeded, when feature flag is enabled: still allows admin users', async () => {
    const { answer } = await get(USERNAME, ADMIN);
    expect(answer.status).toBe(200);
  });

  // skip: not modelled: the `users_get_by_id` rate limit and its allowlist setting (`users_get_by_id_limit_allowlist`)
  notPorted(
    'when the rate limit is exceeded, when feature flag is enabled: allows users whose username is in the allowlist',
  );

  it('when job title is present: returns job title of a user', async () => {
    const { answer } = await get(USERNAME, USER, { profile: { job_title: 'Fullstack Engineer' } });
    expect(basic(answer).job_title).toBe('Fullstack Engineer');
  });

  it('when authenticated as admin: contains the note of the user', async () => {
    const { answer } = await get(USERNAME, ADMIN, { note: USER_NOTE });
    expect(answer.body).toHaveProperty('note');
    expect(answer.body.note).toBe(USER_NOTE);
    expect(answer.body).toHaveProperty('sign_in_count');
  });

  it('when authenticated as admin: includes the `is_admin` field', async () => {
    const { answer } = await get(USERNAME, ADMIN);
    expect(admin(answer).is_admin).toBe(false);
  });

  it('when authenticated as admin: includes the `created_at` field for private users', async () => {
    const { answer } = await get('private', ADMIN);
    expect(Object.keys(admin(answer))).toContain('created_at');
  });

  it('when authenticated as admin: includes the `highest_role` field', async () => {
    const { answer } = await get(USERNAME, ADMIN);
    expect(admin(answer).highest_role).toBe(0);
  });

  it('when authenticated as admin: includes the `namespace_id` field', async () => {
    const { mock, answer } = await get(USERNAME, ADMIN);
    const namespace = await api(mock, 'GET', `/namespaces/${USERNAME}`, ADMIN);
    expect(admin(answer).namespace_id).toBe(namespace.body.id);
  });

  it('when authenticated as admin: does not include values for plan or trial', async () => {
    const { answer } = await get(USERNAME, ADMIN);
    basic(answer);
  });

  // skip: GitLab runs it only on the Community Edition (`unless Gitlab.ee?`); the mock is GitLab 18.6's Enterprise Edition, which runs the example above instead
  notPorted('when authenticated as admin: does not include plan or trial data');

  it('when authenticated as admin, when user has not logged in: does not include the sign in IPs', async () => {
    const { answer } = await get(USERNAME, ADMIN);
    expect(admin(answer)).toMatchObject({ current_sign_in_ip: null, last_sign_in_ip: null });
  });

  // skip: not modelled: signing in through the web (`current_sign_in_ip`, `last_sign_in_ip`); the mock's users sign in by token only
  notPorted('when authenticated as admin, when user has logged in: includes the sign in IPs');

  it('for an anonymous user: returns 403', async () => {
    const { answer } = await get(USERNAME, undefined);
    expect(answer.status).toBe(403);
  });

  it('returns a 404 error if user id not found', async () => {
    const answer = await api(world(), 'GET', `/users/${NON_EXISTING_ID}`, USER);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('returns a 404 for invalid ID', async () => {
    expect((await api(world(), 'GET', '/users/1ASDF', USER)).status).toBe(404);
  });
});

// ---- user status, following --------------------------------------------------------------

notPortedGroup('GET /users/:id_or_username/status', () => {
  // skip: not modelled: user status (GET /users/:id_or_username/status is no route of the mock)
  notPorted('when finding the user by id: rendering user status: returns the status if there was one');
  // skip: not modelled: user status (GET /users/:id_or_username/status is no route of the mock)
  notPorted('when finding the user by id: rendering user status: returns an empty response if there was no status');
  // skip: not modelled: fine-grained (granular) personal access token permissions, and user status
  notPorted('when finding the user by id: authorizing granular token permissions');
  // skip: not modelled: user status (GET /users/:id_or_username/status is no route of the mock)
  notPorted('when finding the user by username: rendering user status: returns the status if there was one');
  // skip: not modelled: user status (GET /users/:id_or_username/status is no route of the mock)
  notPorted(
    'when finding the user by username: rendering user status: returns an empty response if there was no status',
  );
  // skip: not modelled: user status (GET /users/:id_or_username/status is no route of the mock)
  notPorted(
    'when finding the user by username (case insensitive): rendering user status: returns the status if there was one',
  );
  // skip: not modelled: user status (GET /users/:id_or_username/status is no route of the mock)
  notPorted(
    'when finding the user by username (case insensitive): rendering user status: returns an empty response if there was no status',
  );
  // skip: not modelled: user status, and its `user_status` rate limit
  notPorted('when rate limited, when user is authenticated: rate limited endpoint');
  // skip: not modelled: user status, and its `user_status` rate limit
  notPorted('when rate limited, when user is unauthenticated: rate limited endpoint');
});

notPortedGroup('POST /users/:id/follow', () => {
  // skip: not modelled: following users (POST /users/:id/follow is no route of the mock)
  notPorted('on an unfollowed user: follows the user');
  // skip: not modelled: fine-grained (granular) personal access token permissions, and following users
  notPorted('on an unfollowed user: authorizing granular token permissions');
  // skip: not modelled: following users, and the followee limit
  notPorted('on an unfollowed user: alerts and not follow when over followee limit');
  // skip: not modelled: following users (POST /users/:id/follow is no route of the mock)
  notPorted('on a followed user: does not change following');
  // skip: not modelled: following users, and a user's `enabled_following` preference
  notPorted('on a user with disabled following: does not change following');
});

notPortedGroup('POST /users/:id/unfollow', () => {
  // skip: not modelled: following users (POST /users/:id/unfollow is no route of the mock)
  notPorted('on a followed user: unfollow the user');
  // skip: not modelled: fine-grained (granular) personal access token permissions, and following users
  notPorted('on a followed user: authorizing granular token permissions');
  // skip: not modelled: following users (POST /users/:id/unfollow is no route of the mock)
  notPorted('on an unfollowed user: does not change following');
});

notPortedGroup('GET /users/:id/followers', () => {
  // skip: not modelled: following users (GET /users/:id/followers is no route of the mock)
  notPorted('for an anonymous user: returns 403');
  // skip: not modelled: following users (GET /users/:id/followers is no route of the mock)
  notPorted('user has followers: lists followers');
  // skip: not modelled: fine-grained (granular) personal access token permissions, and following users
  notPorted('user has followers: authorizing granular token permissions');
  // skip: not modelled: following users (GET /users/:id/followers is no route of the mock)
  notPorted('user has followers: do not lists followers if profile is private');
  // skip: not modelled: following users (GET /users/:id/followers is no route of the mock)
  notPorted('user does not have any follower: does list nothing');
  // skip: not modelled: following users, and its `user_followers` rate limit
  notPorted('when rate limited, when user is authenticated: rate limited endpoint');
  // skip: not modelled: following users (GET /users/:id/followers is no route of the mock)
  notPorted('when rate limited, when user is unauthenticated: returns 403');
});

notPortedGroup('GET /users/:id/following', () => {
  // skip: not modelled: following users (GET /users/:id/following is no route of the mock)
  notPorted('for an anonymous user: returns 403');
  // skip: not modelled: following users (GET /users/:id/following is no route of the mock)
  notPorted('user has followers: lists following user');
  // skip: not modelled: fine-grained (granular) personal access token permissions, and following users
  notPorted('user has followers: authorizing granular token permissions');
  // skip: not modelled: following users (GET /users/:id/following is no route of the mock)
  notPorted('user has followers: do not lists following user if profile is private');
  // skip: not modelled: following users (GET /users/:id/following is no route of the mock)
  notPorted('user does not have any follower: does list nothing');
  // skip: not modelled: following users, and its `user_following` rate limit
  notPorted('when rate limited, when user is authenticated: rate limited endpoint');
  // skip: not modelled: following users (GET /users/:id/following is no route of the mock)
  notPorted('when rate limited, when user is unauthenticated: returns 403');
});

// ---- POST /users ---------------------------------------------------------------------------

describe('POST /users', () => {
  /** Creates as the administrator; the new user as administrators see it (`GET /users/:id`), when created. */
  async function create(params: Record<string, unknown>, mock = world()) {
    const before = mock.world.users.size;
    const answer = await api(mock, 'POST', '/users', ADMIN, params);
    const created =
      answer.status === 201 ? (await api(mock, 'GET', `/users/${answer.body.id}`, ADMIN)).body : undefined;
    return { mock, answer, created, added: mock.world.users.size - before };
  }
  /** A creation GitLab refuses: nothing changes. */
  async function refused(params: Record<string, unknown>, mock = world()) {
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () => api(mock, 'POST', '/users', ADMIN, params));
    expect(unchanged).toBe(true);
    return answer;
  }
  const without = (key: keyof ReturnType<typeof userAttributes>) => {
    const { [key]: _, ...rest } = userAttributes();
    return rest;
  };

  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode(
      (mock, token) => api(mock, 'POST', '/users', token, { ...userAttributes(), projects_limit: 3 }),
      201,
    );
  });

  it('creates user', async () => {
    const { added } = await create({ ...userAttributes(), projects_limit: 3 });
    expect(added).toBe(1);
  });

  // The new user's namespace's organization: the mock has no organizations, the rest is GitLab's.
  it('creates user with correct attributes', async () => {
    const { answer, created } = await create({ ...userAttributes(), admin: true, can_create_group: true });
    expect(answer.status).toBe(201);
    expect(created).toMatchObject({ is_admin: true, can_create_group: true });
  });

  it('creates user with optional attributes', async () => {
    const { answer } = await create({ ...userAttributes(), confirm: true, theme_id: 2, color_scheme_id: 4 });
    expect(answer.status).toBe(201);
  });

  it('creates non-admin user', async () => {
    const { answer, created } = await create({ ...userAttributes(), admin: false, can_create_group: false });
    expect(answer.status).toBe(201);
    expect(created).toMatchObject({ is_admin: false, can_create_group: false });
  });

  it('creates non-admin users by default', async () => {
    const { answer, created } = await create(userAttributes());
    expect(answer.status).toBe(201);
    expect(created.is_admin).toBe(false);
  });

  it('returns 201 Created on success', async () => {
    const { answer } = await create({ ...userAttributes(), projects_limit: 3 });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body)).toEqual(expect.arrayContaining([...BASIC_KEYS, 'is_admin', 'email', 'note']));
  });

  it('creates non-external users by default', async () => {
    const { answer, created } = await create(userAttributes());
    expect(answer.status).toBe(201);
    expect(created.external).toBeFalsy();
  });

  it('allows an external user to be created', async () => {
    const { answer, created } = await create({ ...userAttributes(), external: true });
    expect(answer.status).toBe(201);
    expect(created.external).toBeTruthy();
  });

  // GitLab checks the reset mail was sent (`recently_sent_password_reset?`); the mock sends no mail, the 201 is GitLab's.
  it('creates user with reset password', async () => {
    const { answer } = await create({ ...without('password'), reset_password: true });
    expect(answer.status).toBe(201);
  });

  // GitLab checks the stored password (`encrypted_password`), which no response shows; the 201 is GitLab's.
  it('creates user with random password', async () => {
    const { answer } = await create({ ...without('password'), force_random_password: true });
    expect(answer.status).toBe(201);
  });

  it('creates user with private profile', async () => {
    const { answer, created } = await create({ ...userAttributes(), private_profile: true });
    expect(answer.status).toBe(201);
    expect(created.private_profile).toBe(true);
  });

  // GitLab checks the stored preference, which no user entity shows; the 201 is GitLab's.
  it('creates user with view_diffs_file_by_file', async () => {
    const { answer } = await create({ ...userAttributes(), view_diffs_file_by_file: true });
    expect(answer.status).toBe(201);
  });

  // skip: not modelled: avatars (uploads; the mock's users have their gravatar only)
  notPorted('creates user with avatar');

  it('does not create user with invalid email', async () => {
    expect((await refused({ email: 'invalid email', password: 'Str0ng-pass-phrase', name: 'test' })).status).toBe(400);
  });

  it('returns 400 error if name not given', async () => {
    expect((await refused(without('name'))).status).toBe(400);
  });

  it('returns 400 error if password not given', async () => {
    expect((await refused(without('password'))).status).toBe(400);
  });

  it('returns 400 error if email not given', async () => {
    expect((await refused(without('email'))).status).toBe(400);
  });

  it('returns 400 error if username not given', async () => {
    expect((await refused(without('username'))).status).toBe(400);
  });

  it("doesn't create user with invalid optional attributes", async () => {
    expect((await refused({ ...userAttributes(), theme_id: 50, color_scheme_id: 50 })).status).toBe(400);
  });

  it('returns 400 error if user does not validate', async () => {
    const answer = await refused({
      password: 'pass',
      email: 'test@example.com',
      username: 'test!',
      name: 'test',
      bio: 'g'.repeat(256),
      projects_limit: -1,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message.password).toEqual(['is too short (minimum is 8 characters)']);
    expect(answer.body.message.bio).toEqual(['is too long (maximum is 255 characters)']);
    expect(answer.body.message.projects_limit).toEqual(['must be greater than or equal to 0']);
    expect([...answer.body.message.username].sort()).toEqual(
      [
        "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.",
        "can only include non-accented letters, digits, '_', '-' and '.'. It must not start with '-', '_', or '.', nor end with '-', '_', '.', '.git', or '.atom'.",
      ].sort(),
    );
  });

  // GitLab also checks a Snowplow event, which no response shows; the refusal is GitLab's.
  it('tracks weak password errors', async () => {
    const answer = await refused({ ...userAttributes(), password: 'password' });
    expect(answer.body.message.password).toEqual(['must not contain commonly used combinations of words and letters']);
  });

  it('is not available for non admin users', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'POST', '/users', USER, userAttributes()),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  /** The `with existing user` context: `test` / `test@example.com` created through the API first. */
  async function withExisting() {
    const mock = world();
    const first = await api(mock, 'POST', '/users', ADMIN, {
      email: 'test@example.com',
      password: 'Str0ng-pass-phrase',
      username: 'test',
      name: 'foo',
    });
    expect(first.status).toBe(201);
    return mock;
  }

  it('with existing user: returns 409 conflict error if user with same email exists', async () => {
    const answer = await refused(
      { name: 'foo', email: 'test@example.com', password: 'Str0ng-pass-phrase', username: 'foo' },
      await withExisting(),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Email has already been taken');
  });

  it('with existing user: returns 409 conflict error if same username exists', async () => {
    const answer = await refused(
      { name: 'foo', email: 'foo@example.com', password: 'Str0ng-pass-phrase', username: 'test' },
      await withExisting(),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Username has already been taken');
  });

  it('with existing user: returns 409 conflict error if same username exists (case insensitive)', async () => {
    const answer = await refused(
      { name: 'foo', email: 'foo@example.com', password: 'Str0ng-pass-phrase', username: 'TEST' },
      await withExisting(),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Username has already been taken');
  });

  it('with existing user: creates user with new identity', async () => {
    const { answer } = await create(
      { ...userAttributes(), provider: 'github', extern_uid: '67890' },
      await withExisting(),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.identities[0]).toMatchObject({ extern_uid: '67890', provider: 'github' });
  });

  // skip: not modelled: GitLab Pages (a project's unique Pages domain, which takes the username)
  notPorted(
    'with existing pages unique domain: returns 400 bad request error if same username is already used by pages unique domain',
  );

  it('when user with a primary email exists, when the primary email is confirmed: returns 409 conflict error', async () => {
    const answer = await refused(
      { name: 'foo', email: 'foo@example.com', password: 'password', username: 'TEST' },
      world([{ username: 'confirmed', email: 'foo@example.com' }]),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Email has already been taken');
  });

  it('when user with a primary email exists, when the primary email is unconfirmed: returns 409 conflict error', async () => {
    const answer = await refused(
      { name: 'foo', email: 'foo@example.com', password: 'password', username: 'TEST' },
      world([{ username: 'unconfirmed', email: 'foo@example.com', confirmed_at: null }]),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Email has already been taken');
  });

  // skip: not modelled: secondary emails (the emails API); a user has one email in the mock
  notPorted(
    'when user with a secondary email exists, when the secondary email is confirmed: returns 409 conflict error',
  );
  // skip: not modelled: secondary emails (the emails API); a user has one email in the mock
  notPorted('when user with a secondary email exists, when the secondary email is unconfirmed: does not create user');

  it('scopes: does not allow the "read_user" scope: when the requesting token has the "read_user" scope: returns a "403" response', async () => {
    const token = 'glpat-spec-admin-read-user';
    const scoped = createMockGitLab({
      seed: {
        now: NOW,
        users: [...baseUsers({ personal_access_tokens: [{ name: 'read', scopes: ['read_user'], token }] })],
      },
    });
    const { answer, unchanged } = await refusedUnchanged(scoped, token, () =>
      api(scoped, 'POST', '/users', token, { ...userAttributes(), projects_limit: 3 }),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  // skip: not modelled: the instance's `user_defaults_to_private_profile` setting (new users' profiles are public unless `private_profile` says otherwise)
  notPorted(
    '`private_profile` attribute, based on the application setting, when the attribute is not overridden in params: creates the user with the value of `private_profile` based on the application setting',
  );

  it('`private_profile` attribute, based on the application setting, when the attribute is overridden in params: creates the user with the value of `private_profile` same as the value of the overridden param', async () => {
    const { answer, created } = await create({ ...userAttributes(), private_profile: false });
    expect(answer.status).toBe(201);
    expect(created.private_profile).toBe(false);
  });

  // skip: not modelled: the instance's `user_defaults_to_private_profile` setting (new users' profiles are public unless `private_profile` says otherwise)
  notPorted(
    '`private_profile` attribute, based on the application setting, when the attribute is overridden in params, overridden as `nil`: creates the user with the value of `private_profile` based on the application setting',
  );
});

// ---- PUT /users/:id ------------------------------------------------------------------------

describe('PUT /users/:id', () => {
  /** The spec's world: `admin` and `user` (the path's), and `extra`. */
  const put = async (params: Record<string, unknown> | undefined, extra: SeedUser[] = [], who = USERNAME) => {
    const mock = world(extra);
    const answer = await api(mock, 'PUT', `/users/${idOf(mock, who)}`, ADMIN, params);
    return { mock, answer, user: userNamed(mock, who) };
  };
  /** An update GitLab refuses: nothing changes. */
  async function refused(params: Record<string, unknown>, extra: SeedUser[] = [], who = USERNAME, mock = world(extra)) {
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      api(mock, 'PUT', `/users/${idOf(mock, who)}`, ADMIN, params),
    );
    expect(unchanged).toBe(true);
    return { answer, user: userNamed(mock, who) };
  }
  /** The user as administrators read it. */
  const read = async (mock: MockGitLab, who = USERNAME) =>
    (await api(mock, 'GET', `/users/${idOf(mock, who)}`, ADMIN)).body;

  it('PUT request permissions for admin mode', async () => {
    await permissionsForAdminMode(
      (mock, token) => api(mock, 'PUT', `/users/${idOf(mock, USERNAME)}`, token, { bio: 'new test bio' }),
      200,
    );
  });

  it('returns 200 OK on success', async () => {
    const { answer } = await put({ bio: 'new test bio' });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(expect.arrayContaining([...BASIC_KEYS, 'is_admin', 'email', 'note']));
  });

  // GitLab checks `password_expired?`, which no response shows; the 200 is GitLab's.
  it('updating password, admin updates their own password: does not force reset on next login', async () => {
    const { answer } = await put({ password: 'Str0ng-new-phrase' }, [], 'admin');
    expect(answer.status).toBe(200);
  });
  // skip: not modelled: mails (DeviseMailer's `password_change_by_admin`)
  notPorted(
    'updating password, admin updates their own password: does not enqueue the `admin changed your password` email',
  );
  // skip: not modelled: mails (DeviseMailer's `password_change`)
  notPorted('updating password, admin updates their own password: enqueues the `password changed` email');

  // GitLab checks `password_expired?`, which no response shows; the 200 is GitLab's.
  it('updating password, admin updates the password of another user: forces reset on next login', async () => {
    const { answer } = await put({ password: 'Str0ng-new-phrase' });
    expect(answer.status).toBe(200);
  });
  // skip: not modelled: mails (DeviseMailer's `password_change_by_admin`)
  notPorted(
    'updating password, admin updates the password of another user: enqueues the `admin changed your password` email',
  );
  // skip: not modelled: mails (DeviseMailer's `password_change`)
  notPorted(
    'updating password, admin updates the password of another user: does not enqueue the `password changed` email',
  );

  // GitLab also checks a Snowplow event, which no response shows; the refusal is GitLab's.
  it('updating password, with a weak password: tracks weak password errors', async () => {
    const { answer } = await refused({ password: 'password' });
    expect(answer.body.message.password).toEqual(['must not contain commonly used combinations of words and letters']);
  });

  it('updates user with new bio', async () => {
    const { mock, answer } = await put({ bio: 'new test bio' });
    expect(answer.status).toBe(200);
    expect(answer.body.bio).toBe('new test bio');
    expect((await read(mock)).bio).toBe('new test bio');
  });

  it('updates user with empty bio', async () => {
    const mock = createMockGitLab({ seed: { now: NOW, users: baseUsers({}, { profile: { bio: 'previous bio' } }) } });
    const answer = await api(mock, 'PUT', `/users/${idOf(mock, USERNAME)}`, ADMIN, { bio: '' });
    expect(answer.status).toBe(200);
    expect(answer.body.bio).toBe('');
    expect((await read(mock)).bio).toBe('');
  });

  it('updates user with nil bio', async () => {
    const { mock, answer } = await put({ bio: null });
    expect(answer.status).toBe(200);
    expect(answer.body.bio).toBe('');
    expect((await read(mock)).bio).toBe('');
  });

  // skip: not modelled: avatars (uploads; the mock's users have their gravatar only)
  notPorted('updates user with avatar');

  it('updates user with a new email', async () => {
    const { mock, answer } = await put({ email: 'new@email.com' });
    expect(answer.status).toBe(200);
    // The user stays confirmed, with the old email, until the new one is confirmed (no notification email in the mock).
    const user = await read(mock);
    expect(user.email).toBe('user.withdot@example.com');
    expect(user.confirmed_at).not.toBeNull();
  });

  it('skips reconfirmation when requested', async () => {
    const { mock, answer } = await put({ email: 'new@email.com', skip_reconfirmation: true });
    expect(answer.status).toBe(200);
    const user = await read(mock);
    expect(user.email).toBe('new@email.com');
    expect(user.confirmed_at).not.toBeNull();
  });

  it('updates user with their own username', async () => {
    const { mock, answer } = await put({ username: USERNAME });
    expect(answer.status).toBe(200);
    expect(answer.body.username).toBe(USERNAME);
    expect((await read(mock)).username).toBe(USERNAME);
  });

  // skip: not modelled: GitLab Pages (a project's unique Pages domain, which takes the username)
  notPorted(
    'with existing pages unique domain: returns 400 bad request error if same username is already used by pages unique domain',
  );

  it("updates user's existing identity", async () => {
    const ldapUser: SeedUser = { username: 'ldap', identities: [{ provider: 'ldapmain', extern_uid: '123456' }] };
    const { mock, answer } = await put({ provider: 'ldapmain', extern_uid: '654321' }, [ldapUser], 'ldap');
    expect(answer.status).toBe(200);
    expect((await read(mock, 'ldap')).identities[0].extern_uid).toBe('654321');
  });

  it('updates user with new identity', async () => {
    const { mock, answer } = await put({ provider: 'github', extern_uid: 'john' });
    expect(answer.status).toBe(200);
    expect((await read(mock)).identities[0]).toMatchObject({ extern_uid: 'john', provider: 'github' });
  });

  it('updates admin status', async () => {
    const { mock, answer } = await put({ admin: true });
    expect(answer.status).toBe(200);
    expect((await read(mock)).is_admin).toBe(true);
  });

  it('updates external status', async () => {
    const { mock, answer } = await put({ external: true });
    expect(answer.status).toBe(200);
    expect(answer.body.external).toBe(true);
    expect((await read(mock)).external).toBe(true);
  });

  it('does have default values for theme and color-scheme ID', async () => {
    const { mock } = await put({});
    // `Gitlab::Themes.default` (3) and `Gitlab::ColorSchemes.default` (1).
    expect(await read(mock)).toMatchObject({ theme_id: 3, color_scheme_id: 1 });
  });

  // GitLab checks the stored preference, which no user entity shows; the 200 is GitLab's.
  it('updates viewing diffs file by file', async () => {
    const { answer } = await put({ view_diffs_file_by_file: true });
    expect(answer.status).toBe(200);
  });

  it('updating `private_profile`: updates private profile', async () => {
    const { mock, answer } = await put({ private_profile: true });
    expect(answer.status).toBe(200);
    expect((await read(mock)).private_profile).toBe(true);
  });

  // skip: not modelled: the instance's `user_defaults_to_private_profile` setting (a `nil` private_profile takes its value)
  notPorted(
    'updating `private_profile`, when `private_profile` is set to `nil`: updates private_profile to value of the application setting',
  );

  it('updating `private_profile`: does not modify private profile when field is not provided', async () => {
    const mock = createMockGitLab({ seed: { now: NOW, users: baseUsers({}, { private_profile: true }) } });
    const answer = await api(mock, 'PUT', `/users/${idOf(mock, USERNAME)}`, ADMIN, {});
    expect(answer.status).toBe(200);
    expect((await read(mock)).private_profile).toBe(true);
  });

  it('does not modify theme or color-scheme ID when field is not provided', async () => {
    const mock = createMockGitLab({ seed: { now: NOW, users: baseUsers({}, { theme_id: 1, color_scheme_id: 2 }) } });
    const answer = await api(mock, 'PUT', `/users/${idOf(mock, USERNAME)}`, ADMIN, {});
    expect(answer.status).toBe(200);
    expect(await read(mock)).toMatchObject({ theme_id: 1, color_scheme_id: 2 });
  });

  it('does not update admin status', async () => {
    const { mock, answer } = await put(
      { can_create_group: false },
      [{ username: 'other-admin', admin: true }],
      'other-admin',
    );
    expect(answer.status).toBe(200);
    expect(await read(mock, 'other-admin')).toMatchObject({ is_admin: true, can_create_group: false });
  });

  it('does not allow invalid update', async () => {
    const { answer, user } = await refused({ email: 'invalid email' });
    expect(answer.status).toBe(400);
    expect(user.email).not.toBe('invalid email');
  });

  it('updates theme id', async () => {
    const { mock, answer } = await put({ theme_id: 5 });
    expect(answer.status).toBe(200);
    expect((await read(mock)).theme_id).toBe(5);
  });

  it('does not update invalid theme id', async () => {
    const { answer, user } = await refused({ theme_id: 50 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual({ theme_id: ['50 is not a valid theme'] });
    expect(user.theme_id).not.toBe(50);
  });

  it('updates color scheme id', async () => {
    const { mock, answer } = await put({ color_scheme_id: 5 });
    expect(answer.status).toBe(200);
    expect((await read(mock)).color_scheme_id).toBe(5);
  });

  it('does not update invalid color scheme id', async () => {
    const { answer, user } = await refused({ color_scheme_id: 50 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual({ color_scheme_id: ['50 is not a valid color scheme'] });
    expect(user.color_scheme_id).not.toBe(50);
  });

  it('when the current user is not an admin: is not available', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'PUT', `/users/${idOf(mock, USERNAME)}`, USER, userAttributes()),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('returns 404 for non-existing user', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      api(mock, 'PUT', `/users/${NON_EXISTING_ID}`, ADMIN, { bio: 'update should fail' }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
    expect(unchanged).toBe(true);
  });

  it('returns a 404 if invalid ID', async () => {
    expect((await api(world(), 'PUT', '/users/ASDF', ADMIN)).status).toBe(404);
  });

  it('returns 400 error if user does not validate', async () => {
    const { answer } = await refused({
      password: 'pass',
      email: 'test@example.com',
      username: 'test!',
      name: 'test',
      bio: 'g'.repeat(256),
      projects_limit: -1,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message.password).toEqual(['is too short (minimum is 8 characters)']);
    expect(answer.body.message.bio).toEqual(['is too long (maximum is 255 characters)']);
    expect(answer.body.message.projects_limit).toEqual(['must be greater than or equal to 0']);
    expect([...answer.body.message.username].sort()).toEqual(
      [
        "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.",
        "can only include non-accented letters, digits, '_', '-' and '.'. It must not start with '-', '_', or '.', nor end with '-', '_', '.', '.git', or '.atom'.",
      ].sort(),
    );
  });

  it('returns 400 if provider is missing for identity update', async () => {
    const { answer } = await refused({ extern_uid: '654321' }, [omniauthUser], 'omniauth');
    expect(answer.status).toBe(400);
  });

  it('returns 400 if external UID is missing for identity update', async () => {
    const { answer } = await refused({ provider: 'ldap' }, [omniauthUser], 'omniauth');
    expect(answer.status).toBe(400);
  });

  /** `with existing user`: `test` and then `john` created through the API; `@user` is `john`. */
  async function withExisting() {
    const mock = world();
    for (const [username, email] of [
      ['test', 'test@example.com'],
      ['john', 'foo@bar.com'],
    ] as const) {
      const created = await api(mock, 'POST', '/users', ADMIN, {
        email,
        password: 'Str0ng-pass-phrase',
        username,
        name: username,
      });
      expect(created.status).toBe(201);
    }
    return mock;
  }

  it('with existing user: returns 409 conflict error if email address exists', async () => {
    const { answer, user } = await refused({ email: 'test@example.com' }, [], 'john', await withExisting());
    expect(answer.status).toBe(409);
    expect(user.email).toBe('foo@bar.com');
  });

  it('with existing user: returns 409 conflict error if username taken', async () => {
    const { answer, user } = await refused({ username: 'test' }, [], 'john', await withExisting());
    expect(answer.status).toBe(409);
    expect(user.username).toBe('john');
  });

  it('with existing user: returns 409 conflict error if username taken (case insensitive)', async () => {
    const { answer, user } = await refused({ username: 'TEST' }, [], 'john', await withExisting());
    expect(answer.status).toBe(409);
    expect(user.username).toBe('john');
  });

  it('when user with a primary email exists, when the primary email is confirmed: returns 409 conflict error', async () => {
    const { answer, user } = await refused({ email: 'foo@example.com' }, [
      { username: 'confirmed', email: 'foo@example.com' },
    ]);
    expect(answer.status).toBe(409);
    expect(user.email).not.toBe('foo@example.com');
  });

  it('when user with a primary email exists, when the primary email is unconfirmed: returns 409 conflict error', async () => {
    const { answer, user } = await refused({ email: 'foo@example.com' }, [
      { username: 'unconfirmed', email: 'foo@example.com', confirmed_at: null },
    ]);
    expect(answer.status).toBe(409);
    expect(user.email).not.toBe('foo@example.com');
  });

  // skip: not modelled: secondary emails (the emails API); a user has one email in the mock
  notPorted(
    'when user with a secondary email exists, when the secondary email is confirmed: returns 409 conflict error',
  );
  // skip: not modelled: secondary emails (the emails API); a user has one email in the mock
  notPorted('when user with a secondary email exists, when the secondary email is unconfirmed: does not update email');

  describe('PUT /users/:id, when updating organization', () => {
    const withOrganization = () =>
      createMockGitLab({
        seed: { now: NOW, users: baseUsers({}, { profile: { organization: 'Previous org' } }) },
      });
    const ok = (param: string | null, expected: string) => async () => {
      const mock = withOrganization();
      const answer = await api(mock, 'PUT', `/users/${idOf(mock, USERNAME)}`, ADMIN, { organization: param });
      expect(answer.status).toBe(200);
      expect(answer.body.organization).toBe(expected);
      expect((await read(mock)).organization).toBe(expected);
    };

    it('param_organization GitLab: 200 response: responds :ok and sets organization correctly', ok('GitLab', 'GitLab'));
    it('param_organization empty: 200 response: responds :ok and sets organization correctly', ok('', ''));
    it('param_organization nil: 200 response: responds :ok and sets organization correctly', ok(null, ''));

    it('param_organization 501 characters: 400 response because organization too long: responds :bad_request and sets organization correctly', async () => {
      const mock = withOrganization();
      const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
        api(mock, 'PUT', `/users/${idOf(mock, USERNAME)}`, ADMIN, { organization: 'a'.repeat(501) }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual({ 'user_detail.organization': ['is too long (maximum is 500 characters)'] });
      expect(unchanged).toBe(true);
      expect((await read(mock)).organization).toBe('Previous org');
    });

    it(
      'param_organization <script>alert("xss")</script>Company Name: 200 response: responds :ok and sets organization correctly',
      ok('<script>alert("xss")</script>Company Name', 'Company Name'),
    );
    it(
      'param_organization Marks & Spencer: 200 response: responds :ok and sets organization correctly',
      ok('Marks & Spencer', 'Marks & Spencer'),
    );
  });

  describe('PUT /users/:id, when updating user_details with sanitizable fields', () => {
    const updated = (params: Record<string, string>, expected: Record<string, string>) => async () => {
      const { answer } = await put(params, [{ username: 'details' }], 'details');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject(expected);
    };
    const rejected = (params: Record<string, string>, error: RegExp) => async () => {
      const { answer } = await refused(params, [{ username: 'details' }], 'details');
      expect(answer.status).toBe(400);
      expect(Object.values(answer.body.message).flat()).toContainEqual(expect.stringMatching(error));
    };
    const linkedin = { linkedin: 'https://linkedin.com/in/username' };
    const website = { website_url: 'https://example.com?a=1&b=2' };
    const twitter = { twitter: '<script>alert("xss")</script>@user' };
    const escapedLinkedin = { linkedin: '&lt;script&gt;alert(1)&lt;/script&gt;' };
    const traversal = { github: 'main../../../../../../etc/passwd' };

    // GitLab 18.6 has no `validate_sanitizable_user_details` flag (18.8): its sanitization is the one the flag's off
    // state keeps, and these three give the same answer under both.
    it(
      'with valid input: successful user_details update: params {linkedin: https://linkedin.com/in/username}: responds :ok and sets the field correctly',
      updated(linkedin, linkedin),
    );
    it(
      'with valid input: successful user_details update: params {website_url: https://example.com?a=1&b=2}: responds :ok and sets the field correctly',
      updated(website, website),
    );
    it(
      'with valid input: successful user_details update: params {twitter: <script>alert("xss")</script>@user}: responds :ok and sets the field correctly',
      updated(twitter, { twitter: '@user' }),
    );

    // skip: tests behaviour added after 18.6: GitLab 18.8's Sanitizable user details (flag `validate_sanitizable_user_details`) refuse escaped HTML entities; 18.6 keeps them
    notPorted(
      'with invalid input: rejected user_details update: params {linkedin: &lt;script&gt;alert(1)&lt;/script&gt;}: responds :bad_request with validation error',
    );
    // skip: tests behaviour added after 18.6: GitLab 18.8's Sanitizable user details (flag `validate_sanitizable_user_details`) refuse double-encoded components; 18.6 keeps them
    notPorted(
      'with invalid input: rejected user_details update: params {website_url: %2526lt%253Bscript%2526gt%253B}: responds :bad_request with validation error',
    );
    // skip: tests behaviour added after 18.6: GitLab 18.8's Sanitizable user details (flag `validate_sanitizable_user_details`) refuse path traversal; 18.6 keeps it
    notPorted(
      'with invalid input: rejected user_details update: params {github: main../../../../../../etc/passwd}: responds :bad_request with validation error',
    );

    it(
      'when feature flag :validate_sanitizable_user_details is disabled, with valid input: successful user_details update: params {linkedin: https://linkedin.com/in/username}: responds :ok and sets the field correctly',
      updated(linkedin, linkedin),
    );
    it(
      'when feature flag :validate_sanitizable_user_details is disabled, with valid input: successful user_details update: params {website_url: https://example.com?a=1&b=2}: responds :ok and sets the field correctly',
      updated(website, website),
    );
    it(
      'when feature flag :validate_sanitizable_user_details is disabled, with valid input: successful user_details update: params {twitter: <script>alert("xss")</script>@user}: responds :ok and sets the field correctly',
      updated(twitter, { twitter: '@user' }),
    );
    it(
      'when feature flag :validate_sanitizable_user_details is disabled, with valid input: successful user_details update: params {linkedin: &lt;script&gt;alert(1)&lt;/script&gt;}: responds :ok and sets the field correctly',
      updated(escapedLinkedin, escapedLinkedin),
    );
    // skip: mock differs: GitLab 18.8's spec accepts the website `%2526lt%253Bscript%2526gt%253B` with its flag off, yet refuses `not-a-valid-url` in the same context (below, passing); UserDetail's `validates :website_url, url: true, if: :website_url_changed?` (GitLab 18.6 as 18.8) runs the gem validate_url 1.0.15, which refuses every value without an http(s) scheme and a host, these two alike, and nothing read in users.rb, `Users::UpdateService`, `User` or `UserDetail` (`sanitize_attrs` leaves both as they are) tells them apart: the mock refuses both, as the validator does
    notPorted(
      'when feature flag :validate_sanitizable_user_details is disabled, with valid input: successful user_details update: params {website_url: %2526lt%253Bscript%2526gt%253B}: responds :ok and sets the field correctly',
    );
    it(
      'when feature flag :validate_sanitizable_user_details is disabled, with valid input: successful user_details update: params {github: main../../../../../../etc/passwd}: responds :ok and sets the field correctly',
      updated(traversal, traversal),
    );

    it(
      'when feature flag :validate_sanitizable_user_details is disabled, with input that was already invalid before this MR: rejected user_details update: params {linkedin: a * 501}: responds :bad_request with validation error',
      rejected({ linkedin: 'a'.repeat(501) }, /is too long/),
    );
    it(
      'when feature flag :validate_sanitizable_user_details is disabled, with input that was already invalid before this MR: rejected user_details update: params {website_url: not-a-valid-url}: responds :bad_request with validation error',
      rejected({ website_url: 'not-a-valid-url' }, /is not a valid URL/),
    );
  });
});

import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { call, client, failure, testSeed } from './fixtures.js';

// Issue 37 (users): administrators create, edit, block and ban users, manage SSH keys and tokens,
// through the SDK against the mock; each refusal with GitLab's status and message, the world unchanged.

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIF7RfAoLMxdqJFMpptGqpXWYyXP39wb9cOAiYJtr3bv me@example.com';
const ECDSA =
  'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBOMHAyHoRaSBNZ0J8BvOZmmydsQwTLoYHT669DABiysQsHLFbAmpJg+1gNZaWFs9dW5hqQeKyTW798pCauI7FUM= root@vm';
const OTHER = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICSngOT6Mz91r3+bz8I6BcqxMfoe7zErV8UfCdVOHP7o other';
/** The fingerprint as `ssh-keygen -l` prints it, computed here on its own. */
const sha256Of = (key: string) =>
  createHash('sha256')
    .update(Buffer.from(key.split(' ')[1] as string, 'base64'))
    .digest('base64')
    .replace(/=+$/, '');

const seed: SeedDocument = {
  ...testSeed,
  users: [
    ...(testSeed.users ?? []),
    { username: 'sleeper', token: 'glpat-sleeper', personal_token: { last_used_at: '2026-01-02T10:00:00Z' } },
    { username: 'pending', token: 'glpat-pending', state: 'blocked_pending_approval' },
    { username: 'ldap', token: 'glpat-ldap', state: 'ldap_blocked' },
  ],
};

let mock: MockGitLab;
let root: GitLab;
let dev: GitLab;
const id = (username: string) => [...mock.world.users.values()].find((u) => u.username === username)?.id as number;
const reason = () => mock.requests.list().at(-1)?.reason;

beforeEach(() => {
  mock = createMockGitLab({ seed });
  root = client(mock, 'glpat-root');
  dev = client(mock, 'glpat-dev');
});

/** The world as its export shows it, without the times tokens were last used (every request may touch its own). */
const worldState = () =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));

/** Runs a refused call: its status and body, and that the world is as before. */
async function refused(promise: PromiseLike<unknown>) {
  const before = worldState();
  const error = await failure(promise);
  expect(worldState()).toEqual(before);
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies of many shapes
  return { status: error.status, body: error.body as any };
}

describe('POST /users', () => {
  const maya = { email: 'maya@example.com', username: 'maya', name: 'Maya', password: 'Correct-Horse-42' };

  it('creates a user with the fields given, who then has a personal namespace', async () => {
    const user = await root.users.create({
      ...maya,
      can_create_group: false,
      projects_limit: 3,
      bio: 'Hi',
      external: true,
    });
    expect(user).toMatchObject({
      username: 'maya',
      email: 'maya@example.com',
      state: 'active',
      is_admin: false,
      can_create_group: false,
      projects_limit: 3,
      external: true,
      bio: 'Hi',
      confirmed_at: null,
      created_by: { username: 'root' },
    });
    expect((await root.namespaces.get('maya')).kind).toBe('user');
    expect((await root.users.list({ username: 'maya' })).items.map((u) => u.id)).toEqual([user.id]);
  });

  it('keeps an identity given as extern_uid and provider; `skip_confirmation` confirms now', async () => {
    const user = await root.users.create({ ...maya, extern_uid: '67890', provider: 'github', skip_confirmation: true });
    expect(user.identities).toEqual([{ provider: 'github', extern_uid: '67890' }]);
    expect(user.confirmed_at).toBe('2026-06-01T09:00:00.000Z');
    const { items } = await root.users.list({ extern_uid: '67890', provider: 'github' });
    expect(items.map((u) => u.username)).toEqual(['maya']);
  });

  it('refuses a caller who is not an administrator: 403', async () => {
    expect(await refused(dev.users.create(maya))).toEqual({ status: 403, body: { message: '403 Forbidden' } });
  });

  it('needs one of password, reset_password and force_random_password', async () => {
    const { password: _, ...rest } = maya;
    expect(await refused(root.users.create(rest))).toEqual({
      status: 400,
      body: {
        error: 'password, reset_password, force_random_password are missing, at least one parameter must be provided',
      },
    });
    expect((await root.users.create({ ...rest, reset_password: true })).username).toBe('maya');
  });

  it('answers 409 for an email or username taken in any case', async () => {
    await root.users.create(maya);
    expect(await refused(root.users.create({ ...maya, username: 'maya2', email: 'MAYA@example.com' }))).toEqual({
      status: 409,
      body: { message: 'Email has already been taken' },
    });
    expect(await refused(root.users.create({ ...maya, username: 'MAYA', email: 'other@example.com' }))).toEqual({
      status: 409,
      body: { message: 'Username has already been taken' },
    });
  });

  it('answers 400 with every field that does not validate', async () => {
    const answer = await refused(
      root.users.create({
        email: 'test@example.com',
        username: 'test!',
        name: 'test',
        password: 'pass',
        bio: 'g'.repeat(256),
        projects_limit: -1,
      }),
    );
    expect(answer).toEqual({
      status: 400,
      body: {
        message: {
          password: ['is too short (minimum is 8 characters)'],
          username: [
            "can only include non-accented letters, digits, '_', '-' and '.'. It must not start with '-', '_', or '.', nor end with '-', '_', '.', '.git', or '.atom'.",
            "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.",
          ],
          projects_limit: ['must be greater than or equal to 0'],
          bio: ['is too long (maximum is 255 characters)'],
        },
      },
    });
  });

  it('refuses reserved names, AI prefixes, a top-level group path, a bad email and a weak password', async () => {
    const body = async (fields: Partial<typeof maya>) =>
      (await refused(root.users.create({ ...maya, ...fields }))).body;
    expect(await body({ username: 'admin' })).toEqual({ message: { username: ['admin is a reserved name'] } });
    expect((await body({ username: 'duo-bot' })).message.username[0]).toMatch(/^starting with 'duo-'/);
    expect(await body({ username: 'acme' })).toEqual({
      message: { base: ['A user, alias, or group already exists with that username.'] },
    });
    expect(await body({ email: 'not an email' })).toEqual({ message: { email: ['is invalid'] } });
    expect(await body({ password: 'maya-is-great' })).toEqual({
      message: { password: ['must not contain commonly used combinations of words and letters'] },
    });
  });

  it('sends user_create to system hooks', async () => {
    await root.hooks.create({ url: 'https://audit.example.com/' });
    const user = await root.users.create(maya);
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries.at(-1)?.request_data).toEqual({
      created_at: '2026-06-01T09:00:00Z',
      updated_at: '2026-06-01T09:00:00Z',
      event_name: 'user_create',
      name: 'Maya',
      email: 'maya@example.com',
      user_id: user.id,
      username: 'maya',
    });
  });
});

describe('PUT /users/:id', () => {
  it('renames a user: the personal namespace and its projects follow, the old name no longer finds them', async () => {
    await root.hooks.create({ url: 'https://audit.example.com/' });
    const user = await root.users.update(id('owner'), { username: 'olivia', name: 'Olivia' });
    expect(user).toMatchObject({ username: 'olivia', name: 'Olivia' });
    expect((await root.projects.get('olivia/sandbox')).path_with_namespace).toBe('olivia/sandbox');
    expect((await failure(root.projects.get('owner/sandbox'))).status).toBe(404);
    expect((await root.users.list({ username: 'owner' })).items).toEqual([]);
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries.at(-1)?.request_data).toMatchObject({
      event_name: 'user_rename',
      username: 'olivia',
      old_username: 'owner',
    });
    // The export carries the new name, and loads back.
    const again = createMockGitLab({ seed: mock.exportState() });
    expect((await client(again, 'glpat-root').projects.get('olivia/sandbox')).id).toBeGreaterThan(0);
  });

  it('keeps theme_id and color_scheme_id (GitLab defaults 3 and 1), through the state export too', async () => {
    expect((await root.users.get(id('dev'))).theme_id).toBe(3);
    expect((await root.users.get(id('dev'))).color_scheme_id).toBe(1);
    const answer = await call(mock, 'PUT', `/users/${id('dev')}`, {
      token: 'glpat-root',
      json: { theme_id: 5, color_scheme_id: 4 },
    });
    expect(answer.body).toMatchObject({ theme_id: 5, color_scheme_id: 4 });
    const again = createMockGitLab({ seed: mock.exportState() });
    expect(await client(again, 'glpat-root').users.get(id('dev'))).toMatchObject({ theme_id: 5, color_scheme_id: 4 });
  });

  it("keeps a user's own username and email without a conflict, and refuses another user's: 409", async () => {
    await root.users.update(id('dev'), { username: 'dev', email: 'dev@example.com' });
    expect(await refused(root.users.update(id('dev'), { username: 'Owner' }))).toEqual({
      status: 409,
      body: { message: 'Username has already been taken' },
    });
    expect(await refused(root.users.update(id('dev'), { email: 'owner@example.com' }))).toEqual({
      status: 409,
      body: { message: 'Email has already been taken' },
    });
  });

  it('refuses non-administrators (403), unknown users (404), invalid fields (400)', async () => {
    expect(await refused(dev.users.update(id('dev'), { name: 'x' }))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect(await refused(root.users.update(999, { name: 'x' }))).toEqual({
      status: 404,
      body: { message: '404 User Not Found' },
    });
    expect(await refused(root.users.update(id('dev'), { name: '' }))).toEqual({
      status: 400,
      body: { message: { name: ["can't be blank"] } },
    });
  });

  it('takes an http(s) website with a host, and refuses anything else as the gem validate_url does: 400', async () => {
    for (const website of ['https://example.com?a=1&b=2', 'HTTP://Example.com/a?b=1#c', 'https://me:pw@x.org:8080/p']) {
      expect((await root.users.update(id('dev'), { website_url: website })).website_url).toBe(website);
    }
    for (const website of [
      'not-a-valid-url',
      'example.com',
      'http:/x',
      'https://',
      'ftp://example.com',
      'https://exa mple.com',
      'https://exämple.com',
      'https://example.com/%zz',
      'https://example.com/a#b#c',
    ]) {
      expect(await refused(root.users.update(id('dev'), { website_url: website })), website).toEqual({
        status: 400,
        body: { message: { 'user_detail.website_url': ['is not a valid URL'] } },
      });
    }
    // After its length, for the same field; on creation too. Blank clears it.
    expect(await refused(root.users.update(id('dev'), { website_url: `x${'a'.repeat(500)}` }))).toEqual({
      status: 400,
      body: {
        message: { 'user_detail.website_url': ['is too long (maximum is 500 characters)', 'is not a valid URL'] },
      },
    });
    const maya = { email: 'maya@example.com', username: 'maya', name: 'Maya', password: 'Correct-Horse-42' };
    expect(await refused(root.users.create({ ...maya, website_url: 'maya.example.com' }))).toMatchObject({
      status: 400,
      body: { message: { 'user_detail.website_url': ['is not a valid URL'] } },
    });
    expect((await root.users.update(id('dev'), { website_url: '' })).website_url).toBe('');
  });
});

describe('user states', () => {
  it("blocks an active user, whose token then gets 403 with GitLab's reason; unblocking restores it", async () => {
    expect(await root.users.block(id('dev'))).toBe(true);
    const error = await failure(dev.users.current());
    expect([error.status, error.body]).toEqual([403, { message: '403 Forbidden - Your account has been blocked.' }]);
    expect(await root.users.block(id('dev'))).toBeNull();
    expect(await root.users.unblock(id('dev'))).toBe(true);
    expect((await dev.users.current()).username).toBe('dev');
    expect(await root.users.unblock(id('dev'))).toBe(false);
  });

  it('refuses to block an LDAP-blocked user or the caller themself', async () => {
    expect(await refused(root.users.block(id('ldap')))).toEqual({
      status: 403,
      body: { message: '403 Forbidden - LDAP blocked users cannot be modified by the API' },
    });
    expect(await refused(root.users.block(id('root')))).toEqual({
      status: 403,
      body: { message: '403 Forbidden - The API initiating user cannot be blocked by the API' },
    });
    expect(await refused(root.users.unblock(id('ldap')))).toEqual({
      status: 403,
      body: { message: '403 Forbidden - LDAP blocked users cannot be unblocked by the API' },
    });
  });

  it('deactivates only a user inactive for 90 days; a deactivated user gets its own 403 and cannot be unblocked', async () => {
    // dev's use of its token today is activity (`last_activity_on`).
    await dev.users.current();
    expect(await refused(root.users.deactivate(id('dev')))).toEqual({
      status: 403,
      body: {
        message: 'The user you are trying to deactivate has been active in the past 90 days and cannot be deactivated',
      },
    });
    // sleeper last used its token on 2026-01-02: more than 90 days before 2026-06-01.
    expect(await root.users.deactivate(id('sleeper'))).toBe(true);
    const error = await failure(client(mock, 'glpat-sleeper').users.current());
    expect(error.status).toBe(403);
    expect(error.message).toContain('Your account has been deactivated by your administrator.');
    expect(await refused(root.users.unblock(id('sleeper')))).toEqual({
      status: 403,
      body: { message: '403 Forbidden - Deactivated users cannot be unblocked by the API' },
    });
    expect(await root.users.deactivate(id('sleeper'))).toBeNull();
    expect(await root.users.activate(id('sleeper'))).toBe(true);
    expect((await client(mock, 'glpat-sleeper').users.current()).state).toBe('active');
  });

  it('refuses to activate or deactivate a blocked user', async () => {
    expect(await refused(root.users.activate(id('blocked')))).toEqual({
      status: 403,
      body: { message: 'Error occurred. A blocked user must be unblocked to be activated' },
    });
    expect(await refused(root.users.deactivate(id('blocked')))).toEqual({
      status: 403,
      body: { message: 'Error occurred. A blocked user cannot be deactivated' },
    });
    // Two rules answer this route 403: the journal names the one that refused.
    expect(reason()).toBe('blocked is blocked');
  });

  it('bans only active users and unbans only banned ones; a banned user is hidden from non-administrators', async () => {
    expect(await root.users.ban(id('guest'))).toBe(true);
    expect((await dev.users.list({ username: 'guest' })).items).toEqual([]);
    expect(await refused(root.users.ban(id('guest')))).toEqual({
      status: 403,
      body: { message: 'You cannot ban banned users.' },
    });
    expect(await refused(root.users.unban(id('dev')))).toEqual({
      status: 403,
      body: { message: 'You cannot unban active users.' },
    });
    expect(await root.users.unban(id('guest'))).toBe(true);
  });

  it('approves or rejects only a user pending approval, whose token meanwhile gets its own 403', async () => {
    const error = await failure(client(mock, 'glpat-pending').users.current());
    expect(error.body).toEqual({
      message: '403 Forbidden - Your account is pending approval from your administrator and hence blocked.',
    });
    expect(await refused(root.users.approve(id('dev')))).toEqual({
      status: 409,
      body: { message: 'The user you are trying to approve is not pending approval' },
    });
    expect(await refused(dev.users.approve(id('pending')))).toEqual({
      status: 403,
      body: { message: 'You are not allowed to approve a user' },
    });
    expect(await refused(root.users.reject(id('dev')))).toEqual({
      status: 409,
      body: { message: 'User does not have a pending request' },
    });
    const answer = await call(mock, 'POST', `/users/${id('pending')}/approve`, { token: 'glpat-root' });
    expect([answer.status, answer.body]).toEqual([201, { message: 'Success' }]);
    expect((await client(mock, 'glpat-pending').users.current()).state).toBe('active');
  });

  it('rejecting deletes the pending user', async () => {
    const pending = id('pending');
    const answer = await call(mock, 'POST', `/users/${pending}/reject`, { token: 'glpat-root' });
    expect([answer.status, answer.body]).toEqual([200, { message: 'Success' }]);
    expect((await failure(root.users.get(pending))).status).toBe(404);
  });

  it('refuses non-administrators every state change: 403, the world unchanged', async () => {
    for (const change of ['block', 'unblock', 'deactivate', 'activate', 'ban', 'unban'] as const) {
      expect(await refused(dev.users[change](id('guest')))).toEqual({
        status: 403,
        body: { message: '403 Forbidden' },
      });
    }
  });
});

describe('SSH keys', () => {
  it('adds a key to a user: GitLab shows it with the name and host instead of its comment', async () => {
    const key = await root.users.keys.create(id('dev'), { title: 'laptop', key: ED25519, usage_type: 'auth' });
    const shown = `${ED25519.split(' ').slice(0, 2).join(' ')} dev (${new URL(mock.baseUrl).hostname})`;
    expect(key).toMatchObject({
      title: 'laptop',
      key: shown,
      usage_type: 'auth',
      expires_at: null,
      last_used_at: null,
    });
    expect((await dev.users.keys.list('dev')).items.map((k) => k.id)).toEqual([key.id]);
    expect((await dev.users.keys.listOwn()).items.map((k) => k.key)).toEqual([shown]);
    expect(mock.world.sshKeys.get(key.id)?.fingerprint_sha256).toBe(sha256Of(ED25519));
  });

  it('refuses a key any user already has, a blob of another type, and an unknown algorithm', async () => {
    await dev.users.keys.createOwn({ title: 'one', key: ED25519 });
    expect(await refused(root.users.keys.create(id('guest'), { title: 'two', key: ED25519 }))).toEqual({
      status: 400,
      body: { message: { fingerprint_sha256: ['has already been taken'] } },
    });
    const lying = `ssh-rsa ${ED25519.split(' ')[1]}`;
    expect(await refused(dev.users.keys.createOwn({ title: 'rsa?', key: lying }))).toEqual({
      status: 400,
      body: {
        message: {
          key: ['type is forbidden. Must be RSA, ECDSA, ED25519, ECDSA_SK, or ED25519_SK'],
          fingerprint_sha256: ['cannot be generated'],
        },
      },
    });
    // An Ed25519-shaped blob (one 32-byte field) that names another algorithm inside: GitLab's parser refuses it.
    const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
    const mislabelled = Buffer.concat([field(Buffer.from('ssh-dss')), field(Buffer.alloc(32, 7))]).toString('base64');
    expect((await refused(dev.users.keys.createOwn({ title: 'x', key: `ssh-ed25519 ${mislabelled}` }))).status).toBe(
      400,
    );
    expect((await refused(dev.users.keys.createOwn({ title: 'x', key: 'foo-bar' }))).body.message.key).toEqual([
      'type is forbidden. Must be RSA, ECDSA, ED25519, ECDSA_SK, or ED25519_SK',
      'is invalid',
    ]);
  });

  it('refuses an expiry in the past; keeps one in the future', async () => {
    expect(
      await refused(dev.users.keys.createOwn({ title: 'old', key: ECDSA, expires_at: '2026-05-01T00:00:00Z' })),
    ).toEqual({ status: 400, body: { message: { key: ['has expired'] } } });
    const key = await dev.users.keys.createOwn({ title: 'new', key: ECDSA, expires_at: '2026-07-01T00:00:00Z' });
    expect(key.expires_at).toBe('2026-07-01T00:00:00.000Z');
  });

  it("lets only administrators add or remove another user's keys; the owner's own keys only by the owner", async () => {
    expect(await refused(dev.users.keys.create(id('guest'), { title: 'x', key: OTHER }))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    const key = await client(mock, 'glpat-guest').users.keys.createOwn({ title: 'g', key: OTHER });
    expect(await refused(dev.users.keys.deleteOwn(key.id))).toEqual({
      status: 404,
      body: { message: '404 Key Not Found' },
    });
    expect(await refused(dev.users.keys.delete(id('guest'), key.id))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    await root.hooks.create({ url: 'https://audit.example.com/' });
    await root.users.keys.delete(id('guest'), key.id);
    expect((await root.users.keys.list(id('guest'))).items).toEqual([]);
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries.at(-1)?.request_data).toMatchObject({
      event_name: 'key_destroy',
      username: 'guest',
    });
  });

  it('round-trips through the state export', async () => {
    await dev.users.keys.createOwn({ title: 'one', key: ED25519 });
    const again = createMockGitLab({ seed: mock.exportState() });
    expect(again.exportState()).toEqual(mock.exportState());
    expect((await client(again, 'glpat-dev').users.keys.listOwn()).items.map((k) => k.title)).toEqual(['one']);
  });
});

describe('personal access tokens', () => {
  it('an administrator creates one for a user; it authenticates as the user', async () => {
    const token = await root.users.personalAccessTokens.create(id('guest'), {
      name: 'automation',
      scopes: ['read_api'],
    });
    expect(token).toMatchObject({
      name: 'automation',
      scopes: ['read_api'],
      user_id: id('guest'),
      expires_at: '2027-06-01',
    });
    expect((await client(mock, token.token).users.current()).username).toBe('guest');
    expect(await refused(dev.users.personalAccessTokens.create(id('guest'), { name: 'x', scopes: ['api'] }))).toEqual({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    const tooLate = await refused(
      root.users.personalAccessTokens.create(id('guest'), { name: 'x', scopes: ['api'], expires_at: '2027-06-02' }),
    );
    expect(tooLate).toEqual({ status: 422, body: { message: 'Expiration date must be before 2027-06-01' } });
  });

  it("lists an administrator every token or one user's; anyone else only their own", async () => {
    const mine = (await dev.personalAccessTokens.list()).items;
    expect(mine.map((t) => t.user_id)).toEqual([id('dev')]);
    expect((await root.personalAccessTokens.list({ user_id: id('dev') })).items.map((t) => t.id)).toEqual(
      mine.map((t) => t.id),
    );
    expect(await refused(dev.personalAccessTokens.list({ user_id: id('guest') }))).toEqual({
      status: 401,
      body: { message: '401 Unauthorized' },
    });
    expect((await failure(root.personalAccessTokens.list({ user_id: 999 }))).status).toBe(404);
  });

  it("reads, rotates and revokes the caller's own token; another's is 401 (read, rotate) or 400 (revoke)", async () => {
    const guestToken = (await client(mock, 'glpat-guest').personalAccessTokens.self()).id;
    expect(await refused(dev.personalAccessTokens.get(guestToken))).toEqual({
      status: 401,
      body: { message: '401 Unauthorized' },
    });
    expect(await refused(dev.personalAccessTokens.rotate(guestToken))).toEqual({
      status: 401,
      body: { message: '401 Unauthorized' },
    });
    expect(await refused(dev.personalAccessTokens.revoke(guestToken))).toEqual({
      status: 400,
      body: { message: '400 Bad request - Not permitted to revoke' },
    });
    expect(await refused(root.personalAccessTokens.get(99_999))).toEqual({
      status: 404,
      body: { message: '404 Not Found' },
    });
    const own = (await dev.personalAccessTokens.self()).id;
    const rotated = await dev.personalAccessTokens.rotate(own);
    expect(rotated).toMatchObject({ expires_at: '2026-06-08', active: true });
    expect((await failure(dev.users.current())).status).toBe(401);
    const fresh = client(mock, rotated.token);
    expect(await refused(fresh.personalAccessTokens.rotate(own))).toEqual({
      status: 400,
      body: { message: '400 Bad request - Token already revoked' },
    });
    const again = await fresh.personalAccessTokens.rotateSelf({ expires_at: '2026-07-01' });
    await client(mock, again.token).personalAccessTokens.revokeSelf();
    expect((await failure(client(mock, again.token).users.current())).status).toBe(401);
  });

  it('lets a user create a token for themself only with k8s_proxy or self_rotate', async () => {
    const token = await dev.personalAccessTokens.createForCurrentUser({ name: 'agent', scopes: ['k8s_proxy'] });
    expect(token.scopes).toEqual(['k8s_proxy']);
    expect(await refused(dev.personalAccessTokens.createForCurrentUser({ name: 'agent', scopes: ['api'] }))).toEqual({
      status: 400,
      body: { error: 'scopes does not have a valid value' },
    });
  });
});

describe('impersonation tokens', () => {
  it('authenticate as their user, are listed apart from personal tokens, and are revoked by an administrator', async () => {
    const token = await root.users.impersonationTokens.create(id('guest'), {
      name: 'support',
      scopes: ['api'],
      expires_at: '2026-12-31',
    });
    expect(token).toMatchObject({ impersonation: true, active: true });
    expect((await client(mock, token.token as string).users.current()).username).toBe('guest');
    expect((await root.users.impersonationTokens.list(id('guest'))).items.map((t) => t.id)).toEqual([token.id]);
    // The user does not see it among their tokens, and may not revoke it.
    const guest = client(mock, 'glpat-guest');
    expect((await guest.personalAccessTokens.list()).items.map((t) => t.id)).not.toContain(token.id);
    expect(await refused(guest.personalAccessTokens.revoke(token.id))).toEqual({
      status: 400,
      body: { message: '400 Bad request - Not permitted to revoke' },
    });
    await root.users.impersonationTokens.revoke(id('guest'), token.id);
    expect((await root.users.impersonationTokens.list(id('guest'), { state: 'active' })).items).toEqual([]);
    expect(await refused(root.users.impersonationTokens.get(id('guest'), 99_999))).toEqual({
      status: 404,
      body: { message: '404 Impersonation Token Not Found' },
    });
  });

  it('are refused to non-administrators before their parameters are read: 403', async () => {
    const answer = await call(mock, 'POST', `/users/${id('guest')}/impersonation_tokens`, {
      token: 'glpat-dev',
      json: {},
    });
    expect([answer.status, answer.body]).toEqual([403, { message: '403 Forbidden' }]);
  });

  it('round-trip through the state export', async () => {
    await root.users.impersonationTokens.create(id('guest'), {
      name: 'support',
      scopes: ['api'],
      expires_at: '2026-12-31',
    });
    await root.users.personalAccessTokens.create(id('guest'), { name: 'second', scopes: ['api'] });
    const again = createMockGitLab({ seed: mock.exportState() });
    expect(again.exportState()).toEqual(mock.exportState());
  });
});

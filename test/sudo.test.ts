import { describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { call, client, failure, testSeed } from './fixtures.js';

// GitLab's sudo (`lib/api/helpers.rb#sudo!`, `spec/requests/api/helpers_spec.rb` "sudo"): an
// administrator's token with the `sudo` scope acts as the user the `sudo` parameter or `Sudo`
// header names, by id or username; the SDK sends its `sudo` option as the header.

/** An administrator whose token has `api` and `sudo`. */
const SUDOER = 'glpat-sudoer';
/** An administrator whose token has only `sudo`. */
const SUDO_ONLY = 'glpat-sudo-only';
/** An administrator whose token has `api`, `sudo` and `admin_mode`. */
const SUDOER_IN_MODE = 'glpat-sudoer-mode';
/** A regular user whose token has `api` and `sudo`. */
const NOT_ADMIN = 'glpat-not-admin';
/** `root` of the test seed: an administrator whose token has only `api`. */
const ROOT = 'glpat-root';

const seed = (instance: SeedDocument['instance'] = {}): SeedDocument => ({
  ...testSeed,
  instance: { ...testSeed.instance, ...instance },
  users: [
    ...testSeed.users,
    { username: 'sudoer', admin: true, token: SUDOER, scopes: ['api', 'sudo'] },
    { username: 'sudo-only', admin: true, token: SUDO_ONLY, scopes: ['sudo'] },
    { username: 'sudoer-mode', admin: true, token: SUDOER_IN_MODE, scopes: ['api', 'sudo', 'admin_mode'] },
    { username: 'not-admin', token: NOT_ADMIN, scopes: ['api', 'sudo'] },
  ],
  applications: [{ name: 'Grafana', redirect_uri: 'https://grafana.example.com/callback', scopes: 'api' }],
});

const idOf = (mock: MockGitLab, username: string) => {
  const user = [...mock.world.users.values()].find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
};

/** The world as exported, without `last_used_at` (which every authenticated call moves). */
const worldState = (mock: MockGitLab) =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));

const lastEntry = (mock: MockGitLab) => mock.requests.list().at(-1);

const milestone = { title: 'by sudo' };

describe('sudo through the SDK', () => {
  it('the client option acts as the user it names, by username, and the journal names that user', async () => {
    const mock = createMockGitLab({ seed: seed() });
    const asDev = client(mock, SUDOER, { sudo: 'dev' });
    expect((await asDev.users.current()).username).toBe('dev');
    expect(lastEntry(mock)?.user).toBe('dev');
    // Without it, the token's own user.
    expect((await client(mock, SUDOER).users.current()).username).toBe('sudoer');
  });

  it('names a user by id, or by username in any case', async () => {
    const mock = createMockGitLab({ seed: seed() });
    expect((await client(mock, SUDOER, { sudo: idOf(mock, 'dev') }).users.current()).username).toBe('dev');
    expect((await client(mock, SUDOER, { sudo: String(idOf(mock, 'reporter')) }).users.current()).username).toBe(
      'reporter',
    );
    expect((await client(mock, SUDOER, { sudo: 'DeV' }).users.current()).username).toBe('dev');
  });

  it("a call's own sudo option replaces the client's", async () => {
    const mock = createMockGitLab({ seed: seed() });
    const asDev = client(mock, SUDOER, { sudo: 'dev' });
    expect((await asDev.users.current({ sudo: 'reporter' })).username).toBe('reporter');
    expect((await client(mock, SUDOER).users.current({ sudo: 'guest' })).username).toBe('guest');
    expect((await asDev.users.current()).username).toBe('dev');
  });

  it("the sudo'd user's own abilities decide: an outsider does not see the private project, a Developer writes in it", async () => {
    const mock = createMockGitLab({ seed: seed() });
    const error = await failure(client(mock, SUDOER, { sudo: 'outsider' }).projects.get('acme/platform/api'));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 Project Not Found']);
    const created = await client(mock, SUDOER, { sudo: 'dev' }).projects.milestones.create(
      'acme/platform/api',
      milestone,
    );
    expect(created.title).toBe('by sudo');
    expect(lastEntry(mock)?.user).toBe('dev');
  });

  it('a user who is not an administrator: 403 Must be admin to use sudo, and nothing changes', async () => {
    const mock = createMockGitLab({ seed: seed() });
    await client(mock, NOT_ADMIN).users.current();
    const before = worldState(mock);
    const error = await failure(
      client(mock, NOT_ADMIN, { sudo: 'owner' }).projects.milestones.create('acme/platform/api', milestone),
    );
    expect([error.status, error.body]).toEqual([403, { message: '403 Forbidden - Must be admin to use sudo' }]);
    expect(worldState(mock)).toEqual(before);
    expect(lastEntry(mock)).toMatchObject({
      user: 'not-admin',
      reason: expect.stringContaining('not an administrator'),
    });
  });

  it('an administrator without admin mode (the instance has it on, the token lacks admin_mode): 403 Must be admin', async () => {
    const mock = createMockGitLab({ seed: seed({ admin_mode: true }) });
    const error = await failure(client(mock, SUDOER, { sudo: 'dev' }).users.current());
    expect([error.status, error.body]).toEqual([403, { message: '403 Forbidden - Must be admin to use sudo' }]);
    expect(lastEntry(mock)?.reason).toContain('admin mode on');
    expect((await client(mock, SUDOER_IN_MODE, { sudo: 'dev' }).users.current()).username).toBe('dev');
  });

  it("an administrator's token without the sudo scope: 403 insufficient_scope naming sudo, and nothing changes", async () => {
    const mock = createMockGitLab({ seed: seed() });
    await client(mock, ROOT).users.current();
    const before = worldState(mock);
    const error = await failure(
      client(mock, ROOT, { sudo: 'owner' }).projects.milestones.create('acme/platform/api', milestone),
    );
    expect([error.status, error.body]).toEqual([
      403,
      {
        error: 'insufficient_scope',
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: 'sudo',
      },
    ]);
    expect(worldState(mock)).toEqual(before);
    expect(lastEntry(mock)?.user).toBe('root');
  });

  it('a user neither id nor username names: 404 User with ID or username ... Not Found, and nothing changes', async () => {
    const mock = createMockGitLab({ seed: seed() });
    await client(mock, SUDOER).users.current();
    const before = worldState(mock);
    for (const nobody of ['nobody', 999_999]) {
      const error = await failure(
        client(mock, SUDOER, { sudo: nobody }).projects.milestones.create('acme/platform/api', milestone),
      );
      expect([error.status, error.body]).toEqual([
        404,
        { message: `404 User with ID or username '${nobody}' Not Found` },
      ]);
    }
    expect(worldState(mock)).toEqual(before);
  });

  it("GitLab's order: the administrator check, then the scope, then the user", async () => {
    const mock = createMockGitLab({ seed: seed() });
    const notAdmin = await failure(client(mock, 'glpat-dev', { sudo: 'nobody' }).users.current());
    expect(notAdmin.body).toEqual({ message: '403 Forbidden - Must be admin to use sudo' });
    const noScope = await failure(client(mock, ROOT, { sudo: 'nobody' }).users.current());
    expect(noScope.body).toMatchObject({ error: 'insufficient_scope', scope: 'sudo' });
  });

  it("sudo stands in for the route's scope: a token with only sudo reads and writes as another user, not as itself", async () => {
    const mock = createMockGitLab({ seed: seed() });
    const asDev = client(mock, SUDO_ONLY, { sudo: 'dev' });
    expect((await asDev.users.list().toArray()).length).toBeGreaterThan(0);
    expect((await asDev.version()).version).toMatch(/^18\.6/);
    expect((await asDev.projects.issues.list('acme/platform/api')).items).toEqual([]);
    expect((await asDev.projects.milestones.create('acme/platform/api', milestone)).title).toBe('by sudo');
    // Without sudo, or naming itself (GitLab's `sudo?` is false then), the route's scopes apply.
    for (const sudo of [undefined, 'sudo-only']) {
      const error = await failure(client(mock, SUDO_ONLY, sudo === undefined ? {} : { sudo }).users.current());
      expect([error.status, error.body]).toEqual([
        403,
        expect.objectContaining({ error: 'insufficient_scope', scope: 'api read_api read_user ai_workflows' }),
      ]);
    }
  });

  it("a sudo'd administrator acts as one only where the instance has admin mode off", async () => {
    const off = createMockGitLab({ seed: seed() });
    expect(await client(off, SUDOER, { sudo: 'root' }).applications.list()).toHaveLength(1);
    const on = createMockGitLab({ seed: seed({ admin_mode: true }) });
    // Admin mode is the token's user's (`bypass_session!(user.id)`): another administrator is a regular user.
    const error = await failure(client(on, SUDOER_IN_MODE, { sudo: 'root' }).applications.list());
    expect([error.status, error.gitlabMessage]).toEqual([403, '403 Forbidden']);
    expect(await client(on, SUDOER_IN_MODE, { sudo: 'sudoer-mode' }).applications.list()).toHaveLength(1);
  });

  it('a blocked user is acted as (sudo checks no state), without what UserPolicy denies a blocked user', async () => {
    const mock = createMockGitLab({ seed: seed() });
    const asBlocked = client(mock, SUDOER, { sudo: 'blocked' });
    expect(await asBlocked.users.current()).toMatchObject({ username: 'blocked', state: 'blocked' });
    // `get_user_associations_count`: `(user_is_self | admin) & ~blocked`.
    const count = await failure(asBlocked.users.associationsCount(idOf(mock, 'blocked')));
    expect([count.status, count.gitlabMessage]).toEqual([403, '403 Forbidden']);
    expect((await client(mock, SUDOER, { sudo: 'dev' }).users.associationsCount(idOf(mock, 'dev'))).groups_count).toBe(
      1,
    );
    await client(mock, SUDOER).users.current();
    const before = worldState(mock);
    // `revoke_token`: `(is_owner | admin) & ~blocked`; the blocked user's own token.
    const tokenId = [...mock.world.tokens.values()].find((t) => t.user_id === idOf(mock, 'blocked'))?.id ?? 0;
    const revoke = await failure(asBlocked.personalAccessTokens.revoke(tokenId));
    expect([revoke.status, revoke.gitlabMessage]).toEqual([400, '400 Bad request - Not permitted to revoke']);
    // `manage_user_personal_access_token` (`create_user_personal_access_token` too): `(user_is_self | admin) & ~blocked`.
    const create = await failure(
      asBlocked.personalAccessTokens.createForCurrentUser({ name: 'k8s', scopes: ['k8s_proxy'] }),
    );
    expect([create.status, create.gitlabMessage]).toEqual([422, 'Not permitted to create']);
    expect(worldState(mock)).toEqual(before);
  });
});

describe('sudo on the wire', () => {
  it('the sudo parameter, in the query or the body, and the Sudo header; the parameter wins', async () => {
    const mock = createMockGitLab({ seed: seed() });
    const query = await call(mock, 'GET', '/user?sudo=dev', { token: SUDOER });
    expect(query.body.username).toBe('dev');
    const header = await call(mock, 'GET', '/user', { token: SUDOER, headers: { Sudo: 'reporter' } });
    expect(header.body.username).toBe('reporter');
    const both = await call(mock, 'GET', '/user?sudo=dev', { token: SUDOER, headers: { Sudo: 'reporter' } });
    expect(both.body.username).toBe('dev');
    const body = await call(mock, 'POST', '/projects/acme%2Fplatform%2Fapi/milestones', {
      token: SUDOER,
      json: { title: 'in the body', sudo: 'dev' },
    });
    expect(body.status).toBe(201);
    expect(lastEntry(mock)?.user).toBe('dev');
    const refused = await call(mock, 'POST', '/projects/acme%2Fplatform%2Fapi/milestones', {
      token: SUDOER,
      json: { title: 'as an outsider', sudo: 'outsider' },
    });
    expect([refused.status, refused.body]).toEqual([404, { message: '404 Project Not Found' }]);
  });

  it('an empty sudo parameter still asks, and names nobody', async () => {
    const mock = createMockGitLab({ seed: seed() });
    const answer = await call(mock, 'GET', '/user?sudo=', { token: SUDOER });
    expect([answer.status, answer.body]).toEqual([404, { message: "404 User with ID or username '' Not Found" }]);
  });

  it('without a token, even where GitLab serves anonymous callers: 401', async () => {
    const mock = createMockGitLab({ seed: seed() });
    expect((await call(mock, 'GET', '/projects')).status).toBe(200);
    const answer = await call(mock, 'GET', '/projects?sudo=dev');
    expect([answer.status, answer.body]).toEqual([401, { message: '401 Unauthorized' }]);
  });

  it('the SDK sends its sudo option as the Sudo header, never in the URL', async () => {
    const mock = createMockGitLab({ seed: seed() });
    const sent: Request[] = [];
    const gitlab = client(mock, SUDOER, {
      sudo: 'dev',
      fetch: (input, init) => {
        const request = new Request(input, init);
        sent.push(request.clone());
        return mock.fetch(request);
      },
    });
    const reporter = idOf(mock, 'reporter');
    expect((await gitlab.users.current()).username).toBe('dev');
    expect((await gitlab.users.current({ sudo: reporter })).username).toBe('reporter');
    expect(sent.map((r) => [r.headers.get('sudo'), new URL(r.url).search])).toEqual([
      ['dev', ''],
      [String(reporter), ''],
    ]);
  });
});

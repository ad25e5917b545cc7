import { describe, expect, it } from 'vitest';
import { createMockGitLab, type SeedDocument, SeedError } from '../../mock/index.js';
import { call, createTestMock, testSeed } from '../fixtures.js';

// The world: seed document, builders, roles and visibility, clock, snapshots, determinism (SPEC 3, SPEC 4).

const refused = (seed: unknown) => {
  try {
    createMockGitLab({ seed: seed as SeedDocument });
  } catch (error) {
    expect(error).toBeInstanceOf(SeedError);
    return (error as Error).message;
  }
  throw new Error('seed was accepted');
};

describe('seed document', () => {
  it('refuses invalid documents with a message naming the bad path', () => {
    const users = [{ username: 'maria' }];
    expect(refused({ users, projects: [{ path: 'maria/x', members: { dev: 30 } }] })).toBe(
      'projects[0].members.dev: unknown user',
    );
    expect(refused({ users: [{ username: 'a', admin: 'yes' }] })).toMatch(/^users\[0\]\.admin: /);
    expect(refused({ users, colour: 'blue' })).toBe('colour: unknown key');
    expect(refused({})).toMatch(/^users: /);
    expect(refused({ users, groups: [{ path: 'a/b' }] })).toBe('groups[0].path: parent group a does not exist');
    expect(refused({ users, groups: [{ path: 'g', members: { maria: 35 } }] })).toMatch(
      /^groups\[0\]\.members\.maria: /,
    );
    expect(refused({ users, projects: [{ path: 'nobody/x' }] })).toBe(
      'projects[0].path: no group or user named nobody',
    );
    expect(refused({ users, projects: [{ path: 'maria/x', issues: [{ title: 'i', milestone: 'v9' }] }] })).toBe(
      'projects[0].issues[0].milestone: unknown milestone',
    );
    expect(refused({ users, scim_identities: [{ group: 'nope', user: 'maria', extern_uid: 'x' }] })).toBe(
      'scim_identities[0].group: unknown group',
    );
  });

  it('refuses a project or subgroup more visible than its parent', () => {
    const users = [{ username: 'maria' }];
    expect(refused({ users, groups: [{ path: 'g' }], projects: [{ path: 'g/p', visibility: 'public' }] })).toBe(
      'projects[0].visibility: a project cannot be more visible than its group (private)',
    );
    expect(
      refused({
        users,
        groups: [
          { path: 'g', visibility: 'internal' },
          { path: 'g/s', visibility: 'public' },
        ],
      }),
    ).toMatch(/^groups\[1\]\.visibility: /);
  });

  it('uses the exact seeded token values and makes up the others deterministically', () => {
    const seed = { users: [{ username: 'a', token: 'glpat-given' }, { username: 'b' }] };
    const one = createMockGitLab({ seed });
    const two = createMockGitLab({ seed });
    expect(one.users.a?.token).toBe('glpat-given');
    expect(one.users.b?.token).toMatch(/^glpat-[\w-]{20}$/);
    expect(two.users.b?.token).toBe(one.users.b?.token);
    expect(createMockGitLab({ seed, randomSeed: 7 }).users.b?.token).not.toBe(one.users.b?.token);
  });
});

type TestMock = ReturnType<typeof createTestMock>;

/** The SeedError a builder throws on a fresh test world, once the world is seen unchanged by it. */
function refusalOf(build: (mock: TestMock) => unknown): SeedError {
  const mock = createTestMock();
  const before = mock.exportState();
  let error: unknown;
  try {
    build(mock);
  } catch (caught) {
    error = caught;
  }
  expect(mock.exportState()).toEqual(before);
  expect(error).toBeInstanceOf(SeedError);
  return error as SeedError;
}

describe('mock.seed from JavaScript, without the types', () => {
  // Each builder is given what plain JavaScript can pass: the types would have refused it.
  const project = (mock: TestMock) => mock.world.projects.get(1)!;
  const cases: [string, (mock: TestMock) => unknown, string][] = [
    ['a user named by a number', (mock) => mock.seed.user({ username: 42 } as never), 'username'],
    [
      'a milestone due "tomorrow"',
      (mock) => mock.seed.milestone(project(mock), { title: 'v9', due_date: 'tomorrow' }),
      'due_date: expected a YYYY-MM-DD date',
    ],
    [
      'an approval rule without approvals_required',
      (mock) => mock.seed.approvalRule(project(mock), { name: 'QA' } as never),
      'approvals_required',
    ],
    [
      'an access token with its scopes as a string',
      (mock) => mock.seed.accessToken(project(mock), { name: 'ci', scopes: 'api' } as never),
      'scopes',
    ],
    [
      'an application with a key the document does not have',
      (mock) =>
        mock.seed.application({
          name: 'app',
          redirect_uri: 'https://app.test/cb',
          scopes: 'api',
          secret_key: 1,
        } as never),
      'secret_key: unknown key',
    ],
  ];

  it.each(cases)('refuses %s with a SeedError naming the field, and changes nothing', (_, build, expected) => {
    expect(refusalOf(build).message).toMatch(new RegExp(`^${expected}`));
  });
});

describe('mock.seed builders that write more than one record', () => {
  const cases: [string, (mock: TestMock) => unknown, string][] = [
    [
      "a project whose second milestone takes the first one's title",
      (mock) => mock.seed.project({ path: 'acme/web', milestones: [{ title: 'v1' }, { title: 'v1' }] }),
      'milestones[1].title',
    ],
    [
      'a merge request approved by a user who does not exist',
      (mock) =>
        mock.seed.mergeRequest(mock.world.projects.get(1)!, { title: 'fix', author: 'dev', approvals: ['nobody'] }),
      'approvals[0]',
    ],
    [
      'a group whose approval rule names a branch it does not protect',
      (mock) =>
        mock.seed.group({
          path: 'acme/qa',
          approval_rules: [{ name: 'QA', approvals_required: 1, protected_branches: ['release'] }],
        }),
      'approval_rules[0].protected_branches[0]',
    ],
    [
      'a user whose personal token takes an id already taken',
      (mock) => mock.seed.user({ username: 'late', personal_token: { id: 1 } }),
      'personal_token.id',
    ],
  ];

  it.each(cases)('refuse %s as a whole: nothing of it is left in the world', (_, build, path) => {
    expect(refusalOf(build).path).toBe(path);
  });
});

describe('roles, inheritance and visibility', () => {
  it('lets members of a parent group see a private project, and hides it from everyone else as 404', async () => {
    const mock = createTestMock();
    for (const token of ['glpat-owner', 'glpat-guest', 'glpat-root']) {
      expect((await call(mock, 'GET', '/projects/1/milestones', { token })).status).toBe(200);
    }
    const res = await call(mock, 'GET', '/projects/1/milestones', { token: 'glpat-outsider' });
    expect(res).toMatchObject({ status: 404, body: { message: '404 Project Not Found' } });
  });

  it('lets members of a subgroup or of a project see the private parent group (403, not 404)', async () => {
    const mock = createTestMock();
    const path = '/groups/acme/merge_request_approval_setting';
    const member = await call(mock, 'GET', path, { token: 'glpat-dev' }); // a member of acme/platform only
    expect(member).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    const projectOnly = mock.seed.user({ username: 'contractor' });
    mock.world.projects.get(1)?.members.set(projectOnly.id, 30);
    expect((await call(mock, 'GET', path, { token: projectOnly.token })).status).toBe(403);
    const outsider = await call(mock, 'GET', path, { token: 'glpat-outsider' });
    expect(outsider).toMatchObject({ status: 404, body: { message: '404 Group Not Found' } });
  });

  it('shows internal projects to every signed-in user and public ones to all', async () => {
    const mock = createMockGitLab({
      seed: {
        users: [
          { username: 'a', token: 'ta' },
          { username: 'b', token: 'tb' },
        ],
        groups: [{ path: 'g', visibility: 'public' }],
        projects: [
          { path: 'g/internal', visibility: 'internal' },
          { path: 'g/public', visibility: 'public' },
        ],
      },
    });
    expect((await call(mock, 'GET', '/projects/g%2Finternal/milestones', { token: 'tb' })).status).toBe(200);
    expect((await call(mock, 'GET', '/projects/g%2Fpublic/milestones', { token: 'tb' })).status).toBe(200);
    // Anonymous requests are refused even on public projects.
    expect((await call(mock, 'GET', '/projects/g%2Fpublic/milestones')).status).toBe(401);
  });

  it('makes the owner of a personal namespace the Owner of its projects', async () => {
    const mock = createTestMock();
    const res = await call(mock, 'POST', '/projects/owner%2Fsandbox/milestones', {
      token: 'glpat-owner',
      json: { title: 'x' },
    });
    expect(res.status).toBe(201);
    expect((await call(mock, 'GET', '/projects/owner%2Fsandbox/milestones', { token: 'glpat-dev' })).status).toBe(404);
  });
});

describe('clock, snapshots and reset', () => {
  it('decides "today" from the world clock', async () => {
    const mock = createTestMock();
    mock.seed.milestone(mock.world.projects.get(1)!, { title: 'due', due_date: '2026-06-02' });
    const expired = async () =>
      (await call(mock, 'GET', '/projects/1/milestones', { token: 'glpat-dev' })).body[0].expired;
    expect(await expired()).toBe(false);
    mock.clock.advance({ days: 1 });
    expect(await expired()).toBe(false); // due today is not expired
    mock.clock.set('2026-06-03T00:00:00Z');
    expect(await expired()).toBe(true);
    expect(mock.clock.now().toISOString()).toBe('2026-06-03T00:00:00.000Z');
  });

  it('writes timestamps from the world clock', async () => {
    const mock = createTestMock();
    mock.clock.set('2030-01-02T03:04:05Z');
    const res = await call(mock, 'POST', '/projects/1/milestones', { token: 'glpat-dev', json: { title: 'x' } });
    expect(res.body.created_at).toBe('2030-01-02T03:04:05.000Z');
  });

  it('restores snapshots and resets to the seeded world', async () => {
    const mock = createTestMock();
    const create = (title: string) =>
      call(mock, 'POST', '/projects/1/milestones', { token: 'glpat-dev', json: { title } });
    await create('a');
    const snapshot = mock.snapshot();
    await create('b');
    mock.restore(snapshot);
    expect([...mock.world.milestones.values()].map((m) => m.title)).toEqual(['a']);
    // Restoring twice works, and ids continue from the snapshot.
    await create('c');
    mock.restore(snapshot);
    expect((await create('d')).body.id).toBe(2);
    mock.reset();
    expect(mock.world.milestones.size).toBe(0);
    expect(mock.world.users.size).toBe(testSeed.users.length);
  });

  it("lists a project's tokens right after creating one and after restoring a snapshot", async () => {
    const mock = createTestMock();
    const list = async () =>
      (await call(mock, 'GET', '/projects/1/access_tokens', { token: 'glpat-maintainer' })).body.map(
        (t: { name: string }) => t.name,
      );
    mock.seed.accessToken(mock.world.projects.get(1)!, { name: 'first', scopes: ['api'] });
    expect(await list()).toEqual(['first']);
    const before = mock.snapshot();
    const json = { name: 'second', scopes: ['read_api'], access_level: 30 };
    expect((await call(mock, 'POST', '/projects/1/access_tokens', { token: 'glpat-maintainer', json })).status).toBe(
      201,
    );
    expect(await list()).toEqual(['first', 'second']);
    mock.restore(before);
    expect(await list()).toEqual(['first']);
  });

  it('keeps token listings right after revocation, rotation, use and the passing of time', async () => {
    const mock = createTestMock();
    const project = mock.world.projects.get(1)!;
    const a = mock.seed.accessToken(project, { name: 'a', scopes: ['api'], expires_at: '2026-06-10' });
    mock.seed.accessToken(project, { name: 'b', scopes: ['api'], expires_at: '2026-12-31' });
    const names = async (query: string) =>
      (await call(mock, 'GET', `/projects/1/access_tokens?${query}`, { token: 'glpat-maintainer' })).body.map(
        (t: { name: string }) => t.name,
      );
    expect(await names('state=active')).toEqual(['a', 'b']);
    // Time passes: a expires.
    mock.clock.set('2026-06-11T00:00:00Z');
    expect(await names('state=active')).toEqual(['b']);
    // b is used, then a last_used filter sees it.
    const after = 'last_used_after=2026-06-11T00:00:00Z';
    expect(await names(after)).toEqual([]);
    const b = [...mock.world.tokens.values()].find((t) => t.name === 'b')!;
    await call(mock, 'GET', '/projects/1/milestones', { token: b.value });
    expect(await names(after)).toEqual(['b']);
    // b is rotated: the new one is listed, the old one is not active.
    const rotated = await call(mock, 'POST', `/projects/1/access_tokens/${b.id}/rotate`, { token: 'glpat-maintainer' });
    expect(rotated.status).toBe(200);
    expect(await names('state=active')).toEqual(['b']);
    expect(await names('revoked=true')).toEqual(['b']);
    // The new b is revoked: nothing is active.
    await call(mock, 'DELETE', `/projects/1/access_tokens/${rotated.body.id}`, { token: 'glpat-maintainer' });
    expect(await names('state=active')).toEqual([]);
    expect(a.name).toBe('a');
  });

  it('keeps separate mocks apart', async () => {
    const one = createTestMock();
    const two = createTestMock();
    await call(one, 'POST', '/projects/1/milestones', { token: 'glpat-dev', json: { title: 'only in one' } });
    expect(two.world.milestones.size).toBe(0);
  });
});

describe('createMockGitLab options', () => {
  it('refuses a bad seed `now` as a SeedError naming it, and a null seed', () => {
    expect(refused({ now: 'yesterday', users: [] })).toMatch(/^now: /);
    expect(refused(null)).toMatch(/invalid|expected/i);
  });

  it("lets an explicit `now` win over the seed's", () => {
    const mock = createMockGitLab({ now: '2030-01-01T00:00:00Z', seed: { now: '2026-06-01T09:00:00Z', users: [] } });
    expect(mock.clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });
});

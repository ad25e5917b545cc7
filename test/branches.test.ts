import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { type GitLab, ProjectBranches } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Repository branches and protected branches end to end: seeding, reading, the rights, and every refusal.

const RELEASE_SHA = 'a'.repeat(40);
const LOGIN_SHA = 'b'.repeat(40);

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'self-managed', plan: 'premium' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'reporter', token: 'glpat-reporter' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [
    { path: 'acme', members: { maintainer: 40, dev: 30, reporter: 20, guest: 10 }, protected_branches: ['stable'] },
    { path: 'open', visibility: 'public' },
  ],
  projects: [
    {
      path: 'acme/api',
      branches: ['develop', { name: 'release/1.0', sha: RELEASE_SHA }],
      protected_branches: [
        'main',
        {
          name: 'release/*',
          push_access_level: { id: 90, access_level: 30 },
          merge_access_level: { id: 91, access_level: 30 },
        },
        'hotfix',
      ],
      approval_rules: [
        { name: 'Release', approvals_required: 1, users: ['maintainer'], protected_branches: ['release/*'] },
      ],
      merge_requests: [
        {
          iid: 1,
          title: 'Login',
          author: 'dev',
          source_branch: 'feature/login',
          target_branch: 'develop',
          sha: LOGIN_SHA,
        },
        { iid: 2, title: 'Done', author: 'dev', source_branch: 'feature/done', state: 'merged' },
      ],
    },
    { path: 'acme/old', archived: true },
    { path: 'open/site', visibility: 'public', default_branch: 'trunk' },
  ],
};

let mock: MockGitLab;
const as = (token: string): GitLab => client(mock, token);
const names = (items: { name: string }[]) => items.map((b) => b.name);
const API = 'acme/api';

/** A fresh world whose tokens have each been used once, so a refused call's "last used" stamp changes nothing. */
async function fresh(document: SeedDocument) {
  mock = createMockGitLab({ seed: document });
  for (const user of document.users) if (user.token) await call(mock, 'GET', '/projects', { token: user.token });
}

beforeEach(() => fresh(seed));

/** Runs a refused call and checks its status and GitLab's message, and that the world did not change. */
async function refused(promise: () => PromiseLike<unknown>, status: number, message: string) {
  const before = mock.exportState();
  const error = await failure(promise());
  expect(error.status).toBe(status);
  expect(error.gitlabMessage).toBe(message);
  expect(mock.exportState()).toEqual(before);
}

describe('the seeded repository', () => {
  it("has the default branch, the listed ones, the merge requests' and the protected names, by name", async () => {
    const page = await as('glpat-dev').projects.branches.list(API);
    expect(names(page.items)).toEqual(['develop', 'feature/done', 'feature/login', 'hotfix', 'main', 'release/1.0']);
    expect(page.total).toBe(6);
    expect(names((await as('glpat-outsider').projects.branches.list('open/site')).items)).toEqual(['trunk']);
  });

  it("gives a merge request's source branch its head commit, and a push moves it", async () => {
    const branch = await as('glpat-dev').projects.branches.get(API, 'feature/login');
    expect(branch.commit).toMatchObject({ id: LOGIN_SHA, short_id: LOGIN_SHA.slice(0, 8) });
    const pushed = mock.mergeRequests.push(API, 1, { author: 'dev' });
    expect((await as('glpat-dev').projects.branches.get(API, 'feature/login')).commit.id).toBe(pushed.sha);
  });
});

describe('the seeded repository: derived commit shas', () => {
  it('gives a branch seeded without a sha the same 40-hex sha in every version, one of its own per project and name', async () => {
    const sha = async (project: string, branch: string) =>
      (await as('glpat-root').projects.branches.get(project, branch)).commit.id;
    // Pinned: exported worlds and fixtures written by earlier versions name these shas.
    expect(await sha(API, 'develop')).toBe('442e29e9561790546c8cc7eb626d19fe44da1c4d');
    expect(await sha(API, 'hotfix')).toBe('4223199ee784d95d0a691ec4af907be3a54d0512');
    expect(await sha('open/site', 'trunk')).toMatch(/^[0-9a-f]{40}$/);
    expect(await sha('open/site', 'trunk')).not.toBe(await sha(API, 'main'));
  });
});

describe('GET /projects/:id/repository/branches', () => {
  it('searches names: anywhere, ^ at the start, $ at the end', async () => {
    const dev = as('glpat-dev');
    expect(names((await dev.projects.branches.list(API, { search: 'FEATURE' })).items)).toEqual([
      'feature/done',
      'feature/login',
    ]);
    expect(names((await dev.projects.branches.list(API, { search: '^release' })).items)).toEqual(['release/1.0']);
    expect(names((await dev.projects.branches.list(API, { search: 'in$' })).items)).toEqual(['feature/login', 'main']);
    expect(names((await dev.projects.branches.list(API, { search: '^lease' })).items)).toEqual([]);
    expect(names((await dev.projects.branches.list(API, { search: '^Feature/Done$' })).items)).toEqual([
      'feature/done',
    ]);
    expect(names((await dev.projects.branches.list(API, { search: '^feature/do$' })).items)).toEqual([]);
  });

  it('computes protection and what the caller may do from the protected branches and its role', async () => {
    const main = await as('glpat-dev').projects.branches.get(API, 'main');
    expect(main).toMatchObject({
      name: 'main',
      default: true,
      protected: true,
      developers_can_push: false,
      developers_can_merge: false,
      can_push: false,
      merged: false,
      web_url: `${mock.baseUrl}/acme/api/-/tree/main`,
    });
    expect((await as('glpat-maintainer').projects.branches.get(API, 'main')).can_push).toBe(true);
    const release = await as('glpat-dev').projects.branches.get(API, 'release/1.0');
    expect(release).toMatchObject({ protected: true, developers_can_push: true, can_push: true, default: false });
    expect(release.commit.id).toBe(RELEASE_SHA);
    const develop = await as('glpat-dev').projects.branches.get(API, 'develop');
    expect(develop).toMatchObject({ protected: false, can_push: true });
    expect((await as('glpat-reporter').projects.branches.get(API, 'develop')).can_push).toBe(false);
    // A group-level protected branch covers the group's projects too.
    await refused(
      () => as('glpat-dev').projects.branches.create(API, { branch: 'stable', ref: 'develop' }),
      400,
      'You are not allowed to create protected branches on this project.',
    );
    expect(
      (await as('glpat-maintainer').projects.branches.create(API, { branch: 'stable', ref: 'develop' })).protected,
    ).toBe(true);
  });

  it('marks a branch merged when a merged merge request came from it', async () => {
    expect((await as('glpat-dev').projects.branches.get(API, 'feature/done')).merged).toBe(true);
    expect((await as('glpat-dev').projects.branches.get(API, 'feature/login')).merged).toBe(false);
  });

  it('counts only a merge into the default branch as merged (Repository#merged_branch_names)', async () => {
    await fresh({
      ...seed,
      projects: seed.projects?.map((p) =>
        p.path === API
          ? {
              ...p,
              merge_requests: [
                ...(p.merge_requests ?? []),
                {
                  iid: 3,
                  title: 'Into develop',
                  author: 'dev',
                  source_branch: 'topic',
                  target_branch: 'develop',
                  state: 'merged',
                },
              ],
            }
          : p,
      ),
    });
    expect((await as('glpat-dev').projects.branches.get(API, 'topic')).merged).toBe(false);
    expect((await as('glpat-dev').projects.branches.get(API, 'feature/done')).merged).toBe(true);
  });

  it('is 404 Branch Not Found for an unknown name', async () => {
    await refused(() => as('glpat-dev').projects.branches.get(API, 'nope'), 404, '404 Branch Not Found');
  });

  it('needs Reporter in a private project (guest 403, outsider 404), anyone in a public one', async () => {
    await refused(() => as('glpat-guest').projects.branches.list(API), 403, '403 Forbidden');
    await refused(() => as('glpat-outsider').projects.branches.list(API), 404, '404 Project Not Found');
    expect((await as('glpat-reporter').projects.branches.list(API)).items.length).toBe(6);
    expect((await as('glpat-outsider').projects.branches.get('open/site', 'trunk')).default).toBe(true);
  });

  it('works as a resource on its own, without the whole client', async () => {
    const branches = new ProjectBranches({ baseUrl: mock.baseUrl, token: 'glpat-dev', fetch: mock.fetch });
    expect((await branches.get(API, 'develop')).name).toBe('develop');
  });
});

describe('POST /projects/:id/repository/branches', () => {
  it("creates a branch at another branch's head, at a full sha, or at an abbreviated one", async () => {
    const dev = as('glpat-dev');
    const fromBranch = await dev.projects.branches.create(API, { branch: 'feature/a', ref: 'release/1.0' });
    expect(fromBranch).toMatchObject({ name: 'feature/a', protected: false, can_push: true });
    expect(fromBranch.commit.id).toBe(RELEASE_SHA);
    expect((await dev.projects.branches.create(API, { branch: 'b', ref: LOGIN_SHA })).commit.id).toBe(LOGIN_SHA);
    expect((await dev.projects.branches.create(API, { branch: 'c', ref: 'aaaaaaa' })).commit.id).toBe(RELEASE_SHA);
    expect(names((await dev.projects.branches.list(API, { search: '^feature/a' })).items)).toEqual(['feature/a']);
  });

  it("refuses with GitLab's messages and changes nothing", async () => {
    const dev = as('glpat-dev');
    await refused(
      () => dev.projects.branches.create(API, { branch: 'develop', ref: 'main' }),
      400,
      'Branch already exists',
    );
    await refused(
      () => dev.projects.branches.create(API, { branch: 'a..b', ref: 'main' }),
      400,
      'Branch name is invalid',
    );
    await refused(
      () => dev.projects.branches.create(API, { branch: 'x y', ref: 'main' }),
      400,
      'Branch name is invalid',
    );
    await refused(
      () => dev.projects.branches.create(API, { branch: 'x', ref: 'nope' }),
      400,
      "Failed to create branch 'x': invalid reference name 'nope'",
    );
    await refused(
      () => dev.projects.branches.create(API, { branch: 'c'.repeat(40), ref: 'main' }),
      400,
      'You cannot create a branch with a 40-character hexadecimal branch name.',
    );
  });

  it('refuses a protected name to a Developer who may neither push nor merge to it', async () => {
    await fresh({ ...seed, projects: [{ path: 'acme/api', protected_branches: ['prod*'] }] });
    await refused(
      () => as('glpat-dev').projects.branches.create(API, { branch: 'production', ref: 'main' }),
      400,
      'You are not allowed to create protected branches on this project.',
    );
    expect(
      (await as('glpat-maintainer').projects.branches.create(API, { branch: 'production', ref: 'main' })).protected,
    ).toBe(true);
  });

  it("refuses missing parameters with Grape's message", async () => {
    const response = await call(mock, 'POST', '/projects/acme%2Fapi/repository/branches', {
      token: 'glpat-dev',
      json: { branch: 'x' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'ref is missing' });
  });

  it('needs Developer (Reporter 403), and a project that is not archived', async () => {
    await refused(
      () => as('glpat-reporter').projects.branches.create(API, { branch: 'x', ref: 'main' }),
      403,
      '403 Forbidden',
    );
    await refused(
      () => as('glpat-maintainer').projects.branches.create('acme/old', { branch: 'x', ref: 'main' }),
      403,
      '403 Forbidden',
    );
  });
});

describe("POST /projects/:id/repository/branches: git's ref name rules", () => {
  it('refuses every name git check-ref-format refuses, and changes nothing', async () => {
    const dev = as('glpat-dev');
    const invalid = [
      'HEAD',
      '-x',
      'refs/heads/x',
      'a:b',
      '@',
      'a@{b',
      '/a',
      'a/',
      'a.',
      'a//b',
      '.a',
      'a/.b',
      'a.lock',
    ];
    for (const branch of invalid) {
      await refused(() => dev.projects.branches.create(API, { branch, ref: 'main' }), 400, 'Branch name is invalid');
    }
  });

  it('refuses an empty name', async () => {
    const response = await call(mock, 'POST', '/projects/acme%2Fapi/repository/branches', {
      token: 'glpat-dev',
      json: { branch: '', ref: 'main' },
    });
    expect(response.status).toBe(400);
    expect(mock.requests.list().at(-1)?.reason).toBe('Branch name is invalid');
  });

  it('accepts names that only look like refused ones', async () => {
    const dev = as('glpat-dev');
    const valid = ['a-', 'x/refs/y', 'v1.0', 'a.b/c', 'a.lockx', 'my.lock.d/e', 'ab@c'];
    for (const branch of valid) {
      expect((await dev.projects.branches.create(API, { branch, ref: 'main' })).name).toBe(branch);
    }
  });
});

describe('POST /projects/:id/repository/branches: the commits a ref may name', () => {
  it("names a branch head by its full sha, and refuses a sha the project doesn't know", async () => {
    const dev = as('glpat-dev');
    expect((await dev.projects.branches.create(API, { branch: 'at-release', ref: RELEASE_SHA })).commit.id).toBe(
      RELEASE_SHA,
    );
    const unknown = 'f'.repeat(40);
    mock.mergeRequests.push(API, 1, { author: 'dev' });
    await refused(
      () => dev.projects.branches.create(API, { branch: 'x', ref: unknown }),
      400,
      `Failed to create branch 'x': invalid reference name '${unknown}'`,
    );
  });

  it("names a merge request's head and its earlier pushes, by full or abbreviated sha, once no branch points there", async () => {
    const dev = as('glpat-dev');
    await dev.projects.branches.delete(API, 'feature/login');
    expect((await dev.projects.branches.create(API, { branch: 'l', ref: LOGIN_SHA })).commit.id).toBe(LOGIN_SHA);
    const first = mock.mergeRequests.push(API, 1, { author: 'dev' });
    const second = mock.mergeRequests.push(API, 1, { author: 'dev' });
    expect((await dev.projects.branches.create(API, { branch: 'p1', ref: first.sha })).commit.id).toBe(first.sha);
    expect((await dev.projects.branches.create(API, { branch: 'p1s', ref: first.sha.slice(0, 12) })).commit.id).toBe(
      first.sha,
    );
    await dev.projects.branches.delete(API, 'feature/login');
    expect((await dev.projects.branches.create(API, { branch: 'p2', ref: second.sha })).commit.id).toBe(second.sha);
    await dev.projects.branches.delete(API, 'p2');
    expect((await dev.projects.branches.create(API, { branch: 'p2s', ref: second.sha.slice(0, 12) })).commit.id).toBe(
      second.sha,
    );
  });

  it("refuses a commit that only another project's merge request knows, and an ambiguous abbreviation", async () => {
    const other = 'd'.repeat(40);
    await fresh({
      ...seed,
      projects: [
        {
          path: 'acme/api',
          branches: [
            { name: 'one', sha: `abc1234${'e'.repeat(33)}` },
            { name: 'two', sha: `abc1234${'f'.repeat(33)}` },
          ],
        },
        {
          path: 'acme/web',
          merge_requests: [{ iid: 1, title: 'Web', author: 'dev', source_branch: 'web', sha: other }],
        },
      ],
    });
    const dev = as('glpat-dev');
    for (const ref of [other, other.slice(0, 7), 'abc1234']) {
      await refused(
        () => dev.projects.branches.create(API, { branch: 'x', ref }),
        400,
        `Failed to create branch 'x': invalid reference name '${ref}'`,
      );
    }
    expect((await dev.projects.branches.create(API, { branch: 'x', ref: 'abc1234e' })).commit.id).toBe(
      `abc1234${'e'.repeat(33)}`,
    );
  });

  it('refuses only a name that starts with 40 hexadecimal characters', async () => {
    const name = `x${'c'.repeat(40)}`;
    expect((await as('glpat-dev').projects.branches.create(API, { branch: name, ref: 'main' })).name).toBe(name);
  });
});

describe('POST /projects/:id/repository/branches: protected names', () => {
  it('lets a Developer create a protected name it may push to, or merge into', async () => {
    await fresh({
      ...seed,
      projects: [
        {
          path: 'acme/api',
          protected_branches: [
            {
              name: 'pushy*',
              push_access_level: { id: 90, access_level: 30 },
              merge_access_level: { id: 91, access_level: 40 },
            },
            {
              name: 'mergy*',
              push_access_level: { id: 92, access_level: 40 },
              merge_access_level: { id: 93, access_level: 30 },
            },
          ],
        },
      ],
    });
    const dev = as('glpat-dev');
    expect((await dev.projects.branches.create(API, { branch: 'pushy-1', ref: 'main' })).protected).toBe(true);
    expect((await dev.projects.branches.create(API, { branch: 'mergy-1', ref: 'main' })).protected).toBe(true);
  });
});

// Issue 38 point 12: GitLab's `ProtectedRefAccess.allowed_access_levels` and `check_access`
// (app/models/concerns/protected_ref_access.rb), and the EE unprotect levels without 0.
describe('protected branch access levels', () => {
  it('refuse a level GitLab does not take: 400 "<param> does not have a valid value", nothing changed', async () => {
    const root = as('glpat-root');
    await root.projects.branches.list(API).toArray();
    for (const [body, param] of [
      [{ push_access_level: 50 }, 'push_access_level'],
      [{ merge_access_level: 20 }, 'merge_access_level'],
      [{ unprotect_access_level: 0 }, 'unprotect_access_level'],
    ] as const) {
      const before = mock.exportState();
      const error = await failure(
        root.projects.protectedBranches.protect(API, { name: 'develop', ...(body as object) }),
      );
      expect([error.status, error.body]).toEqual([400, { error: `${param} does not have a valid value` }]);
      expect(mock.exportState()).toEqual(before);
    }
  });

  it('let only instance administrators through at 60, whatever their role in the project', async () => {
    const protection = await as('glpat-root').projects.protectedBranches.protect(API, {
      name: 'hotfix-*',
      push_access_level: 60,
      merge_access_level: 60,
    });
    expect(protection.push_access_levels).toMatchObject([
      { access_level: 60, access_level_description: 'Instance admins' },
    ]);
    await refused(
      () => as('glpat-maintainer').projects.branches.create(API, { branch: 'hotfix-1', ref: 'main' }),
      400,
      'You are not allowed to create protected branches on this project.',
    );
    const created = await as('glpat-root').projects.branches.create(API, { branch: 'hotfix-1', ref: 'main' });
    expect(created).toMatchObject({ protected: true, can_push: true });
    expect((await as('glpat-maintainer').projects.branches.get(API, 'hotfix-1')).can_push).toBe(false);
  });
});

describe('seeded protected branches: the access levels GitLab takes', () => {
  const seedWith = (access_level: number) => ({
    ...seed,
    projects: [
      {
        path: 'acme/api',
        protected_branches: [{ name: 'release', push_access_level: { id: 90, access_level } }],
      },
    ],
  });

  it('loads 0 (no one), 30 (Developers), 40 (Maintainers) and 60 (instance admins), and refuses any other role', () => {
    for (const level of [0, 30, 40, 60]) {
      expect(() => createMockGitLab({ seed: seedWith(level) as never })).not.toThrow();
    }
    for (const level of [10, 15, 20, 50]) {
      expect(() => createMockGitLab({ seed: seedWith(level) as never }), String(level)).toThrow(
        /projects\[0\]\.protected_branches\[0\]/,
      );
    }
  });

  it('refuses 0 as an unprotect access level, which GitLab refuses since 15.10', () => {
    const unprotect = (access_level: number) => ({
      ...seed,
      projects: [
        { path: 'acme/api', protected_branches: [{ name: 'r', unprotect_access_level: { id: 9, access_level } }] },
      ],
    });
    expect(() => createMockGitLab({ seed: unprotect(60) as never })).not.toThrow();
    expect(() => createMockGitLab({ seed: unprotect(0) as never })).toThrow(/projects\[0\]\.protected_branches\[0\]/);
  });
});

describe('DELETE /projects/:id/repository/branches/:branch', () => {
  it('deletes an unprotected branch (a name with a slash too)', async () => {
    await as('glpat-dev').projects.branches.delete(API, 'feature/login');
    await refused(() => as('glpat-dev').projects.branches.get(API, 'feature/login'), 404, '404 Branch Not Found');
  });

  it('never deletes the default branch', async () => {
    await refused(
      () => as('glpat-root').projects.branches.delete(API, 'main'),
      400,
      'The default branch of a project cannot be deleted.',
    );
  });

  it('deletes a protected branch only for a Maintainer', async () => {
    await refused(
      () => as('glpat-dev').projects.branches.delete(API, 'release/1.0'),
      400,
      'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
    );
    await as('glpat-maintainer').projects.branches.delete(API, 'release/1.0');
    expect(names((await as('glpat-dev').projects.branches.list(API, { search: 'release' })).items)).toEqual([]);
  });

  it('is 404 for an unknown branch and 403 below Developer', async () => {
    await refused(() => as('glpat-dev').projects.branches.delete(API, 'nope'), 404, '404 Branch Not Found');
    await refused(() => as('glpat-reporter').projects.branches.delete(API, 'develop'), 403, '403 Forbidden');
  });
});

describe("GitLab's branches_spec: dots, refnames, HEAD and the before block (issue 38 point 4)", () => {
  const withDot = {
    ...seed,
    projects: (seed.projects ?? []).map((project) =>
      project.path === API ? { ...project, branches: [...(project.branches ?? []), 'ends-with.json'] } : project,
    ),
  };

  it('finds and deletes a branch whose name ends in .json (the route keeps the dot)', async () => {
    await fresh(withDot);
    expect((await as('glpat-dev').projects.branches.get(API, 'ends-with.json')).name).toBe('ends-with.json');
    await as('glpat-dev').projects.branches.delete(API, 'ends-with.json');
    await refused(() => as('glpat-dev').projects.branches.get(API, 'ends-with.json'), 404, '404 Branch Not Found');
  });

  it('answers HEAD with 204 and no body for a branch (a dotted one too), 404 for an unknown one', async () => {
    await fresh(withDot);
    for (const name of ['develop', 'ends-with.json']) {
      const found = await call(mock, 'HEAD', `/projects/acme%2Fapi/repository/branches/${name}`, {
        token: 'glpat-dev',
      });
      expect([found.status, found.body]).toEqual([204, undefined]);
    }
    const missing = await call(mock, 'HEAD', '/projects/acme%2Fapi/repository/branches/nope', { token: 'glpat-dev' });
    expect([missing.status, missing.body]).toEqual([404, undefined]);
  });

  it('refuses a name git refuses with 400 The branch refname is invalid, on get and delete', async () => {
    await refused(() => as('glpat-dev').projects.branches.get(API, 'branch*'), 400, 'The branch refname is invalid');
    await refused(() => as('glpat-dev').projects.branches.delete(API, 'HEAD'), 400, 'The branch refname is invalid');
  });

  it('refuses a Guest of a private project with 403 before it reads the parameters', async () => {
    const before = mock.exportState();
    const response = await call(mock, 'POST', '/projects/acme%2Fapi/repository/branches', { token: 'glpat-guest' });
    expect([response.status, response.body]).toEqual([403, { message: '403 Forbidden' }]);
    expect(mock.exportState()).toEqual(before);
  });

  it("refuses PATCH allow_force_push null or blank with Grape's allow_blank message", async () => {
    const before = mock.exportState();
    for (const options of [{ json: { allow_force_push: null } }, { form: { allow_force_push: '' } }]) {
      const response = await call(mock, 'PATCH', '/projects/acme%2Fapi/protected_branches/main', {
        token: 'glpat-maintainer',
        ...options,
      });
      expect([response.status, response.body]).toEqual([400, { error: 'allow_force_push is empty' }]);
    }
    expect(mock.exportState()).toEqual(before);
  });
});

describe('protected branches', () => {
  it("lists the project's own protected branches (not the group's), with a search", async () => {
    const maintainer = as('glpat-maintainer');
    expect(names((await maintainer.projects.protectedBranches.list(API)).items)).toEqual([
      'main',
      'release/*',
      'hotfix',
    ]);
    expect(names((await maintainer.projects.protectedBranches.list(API, { search: 'REL' })).items)).toEqual([
      'release/*',
    ]);
  });

  it('reads one by its name or wildcard, with its access levels', async () => {
    const release = await as('glpat-maintainer').projects.protectedBranches.get(API, 'release/*');
    expect(release).toMatchObject({
      name: 'release/*',
      push_access_levels: [{ id: 90, access_level: 30, access_level_description: 'Developers + Maintainers' }],
      merge_access_levels: [{ id: 91, access_level: 30 }],
      allow_force_push: false,
    });
    await refused(() => as('glpat-maintainer').projects.protectedBranches.get(API, 'release'), 404, '404 Not found');
  });

  it('protects a name with access levels, and refuses it twice with 409', async () => {
    const maintainer = as('glpat-maintainer');
    const created = await maintainer.projects.protectedBranches.protect(API, {
      name: 'develop',
      push_access_level: 0,
      merge_access_level: 30,
      allow_force_push: true,
    });
    expect(created).toMatchObject({
      name: 'develop',
      push_access_levels: [{ access_level: 0, access_level_description: 'No one' }],
      merge_access_levels: [{ access_level: 30 }],
      allow_force_push: true,
    });
    const develop = await as('glpat-dev').projects.branches.get(API, 'develop');
    expect(develop).toMatchObject({
      protected: true,
      developers_can_merge: true,
      developers_can_push: false,
      can_push: false,
    });
    await refused(
      () => maintainer.projects.protectedBranches.protect(API, { name: 'develop' }),
      409,
      "Protected branch 'develop' already exists",
    );
  });

  it("refuses an access level GitLab does not offer with Grape's message", async () => {
    await refused(
      () =>
        as('glpat-maintainer').projects.protectedBranches.protect(API, { name: 'x', push_access_level: 20 as never }),
      400,
      'push_access_level does not have a valid value',
    );
  });

  it('changes allow_force_push and code_owner_approval_required with PATCH', async () => {
    const response = await call(mock, 'PATCH', '/projects/acme%2Fapi/protected_branches/main', {
      token: 'glpat-maintainer',
      json: { allow_force_push: true, code_owner_approval_required: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'main', allow_force_push: true, code_owner_approval_required: true });
  });

  it('unprotects: the branch is no longer protected and approval rules scoped to it lose it', async () => {
    const maintainer = as('glpat-maintainer');
    const [rule] = (await maintainer.projects.approvalRules.list(API).toArray()).filter((r) => r.name === 'Release');
    expect(rule?.protected_branches?.map((b) => b.name)).toEqual(['release/*']);
    await maintainer.projects.protectedBranches.unprotect(API, 'release/*');
    expect((await as('glpat-dev').projects.branches.get(API, 'release/1.0')).protected).toBe(false);
    const [after] = (await maintainer.projects.approvalRules.list(API).toArray()).filter((r) => r.name === 'Release');
    expect(after?.protected_branches).toEqual([]);
    await refused(() => maintainer.projects.protectedBranches.unprotect(API, 'release/*'), 404, '404 Not found');
  });

  it('keeps a protection with an unprotect access level from Maintainers below it', async () => {
    const owner = 'glpat-root';
    await as(owner).projects.protectedBranches.protect(API, { name: 'develop', unprotect_access_level: 60 });
    const shown = await as('glpat-maintainer').projects.protectedBranches.get(API, 'develop');
    expect(shown.unprotect_access_levels).toMatchObject([
      { access_level: 60, access_level_description: 'Instance admins' },
    ]);
    await refused(
      () => as('glpat-maintainer').projects.protectedBranches.unprotect(API, 'develop'),
      403,
      '403 Forbidden',
    );
    await refused(
      () => as('glpat-maintainer').projects.branches.delete(API, 'develop'),
      400,
      'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
    );
    const patch = await call(mock, 'PATCH', '/projects/acme%2Fapi/protected_branches/develop', {
      token: 'glpat-maintainer',
      json: { allow_force_push: true },
    });
    expect(patch.status).toBe(403);
    const exported = mock.exportState();
    expect(createMockGitLab({ seed: exported }).exportState()).toEqual(exported);
  });

  it('is read with read_code (Reporter up, Guest 403) and written by Maintainers (Developer 403, outsider 404)', async () => {
    // lib/api/protected_branches.rb: `authorize_read_code!` on the GET routes since GitLab 15.11 (MR !115495).
    expect((await as('glpat-reporter').projects.protectedBranches.list(API)).items.length).toBeGreaterThan(0);
    expect((await as('glpat-dev').projects.protectedBranches.get(API, 'main')).name).toBe('main');
    await refused(() => as('glpat-guest').projects.protectedBranches.list(API), 403, '403 Forbidden');
    expect(mock.requests.list().at(-1)?.reason).toContain('reading its repository needs Reporter');
    await refused(() => as('glpat-dev').projects.protectedBranches.protect(API, { name: 'x' }), 403, '403 Forbidden');
    await refused(() => as('glpat-dev').projects.protectedBranches.unprotect(API, 'main'), 403, '403 Forbidden');
    await refused(() => as('glpat-outsider').projects.protectedBranches.list(API), 404, '404 Project Not Found');
  });
});

describe('protected branches: what each refusal tells the journal, and what a change leaves alone', () => {
  const reason = () => mock.requests.list().at(-1)?.reason;

  it('names the protection a second protect refuses, the level an unprotect lacks, and the archived project', async () => {
    await refused(
      () => as('glpat-maintainer').projects.protectedBranches.protect(API, { name: 'main' }),
      409,
      "Protected branch 'main' already exists",
    );
    expect(reason()).toBe('project acme/api already protects main');
    await as('glpat-root').projects.protectedBranches.protect(API, { name: 'develop', unprotect_access_level: 60 });
    await refused(
      () => as('glpat-maintainer').projects.protectedBranches.unprotect(API, 'develop'),
      403,
      '403 Forbidden',
    );
    expect(reason()).toBe('maintainer may not unprotect develop: its unprotect access level is 60');
    await refused(
      () => as('glpat-maintainer').projects.branches.create('acme/old', { branch: 'x', ref: 'main' }),
      403,
      '403 Forbidden',
    );
    expect(reason()).toBe('project acme/old is archived: it is read-only');
    // push_code: a Developer meets the role, so the archive refuses; below it, the role answers first.
    await refused(
      () => as('glpat-dev').projects.branches.create('acme/old', { branch: 'x', ref: 'main' }),
      403,
      '403 Forbidden',
    );
    expect(reason()).toBe('project acme/old is archived: it is read-only');
    await refused(
      () => as('glpat-reporter').projects.branches.create('acme/old', { branch: 'x', ref: 'main' }),
      403,
      '403 Forbidden',
    );
    expect(reason()).toBe('reporter is Reporter in project acme/old; this needs Developer');
  });

  it('lets a Maintainer unprotect a protection whose unprotect access level is Maintainer', async () => {
    const maintainer = as('glpat-maintainer');
    await maintainer.projects.protectedBranches.protect(API, { name: 'develop', unprotect_access_level: 40 });
    await maintainer.projects.branches.delete(API, 'develop');
    await maintainer.projects.protectedBranches.unprotect(API, 'develop');
    await refused(() => maintainer.projects.protectedBranches.get(API, 'develop'), 404, '404 Not found');
  });

  it('PATCH changes only the settings it is given', async () => {
    const patch = (json: object) =>
      call(mock, 'PATCH', '/projects/acme%2Fapi/protected_branches/main', { token: 'glpat-maintainer', json });
    expect((await patch({ code_owner_approval_required: true })).body).toMatchObject({
      allow_force_push: false,
      code_owner_approval_required: true,
    });
    expect((await patch({ allow_force_push: true })).body).toMatchObject({
      allow_force_push: true,
      code_owner_approval_required: true,
    });
  });

  it('unprotecting a branch makes an approval rule scoped only to it apply to every branch', async () => {
    const maintainer = as('glpat-maintainer');
    const ruleNames = async () =>
      (await maintainer.projects.mergeRequests.approvals.state(API, 1)).rules.map((rule) => rule.name);
    expect(await ruleNames()).not.toContain('Release');
    await maintainer.projects.protectedBranches.unprotect(API, 'release/*');
    expect(await ruleNames()).toContain('Release');
  });

  it('unprotecting one of two branches leaves an approval rule scoped to the other', async () => {
    await fresh({
      ...seed,
      projects: (seed.projects ?? []).map((project) =>
        project.path === API
          ? {
              ...project,
              approval_rules: [
                {
                  name: 'Release',
                  approvals_required: 1,
                  users: ['maintainer'],
                  protected_branches: ['release/*', 'hotfix'],
                },
              ],
            }
          : project,
      ),
    });
    const maintainer = as('glpat-maintainer');
    await maintainer.projects.protectedBranches.unprotect(API, 'release/*');
    const [rule] = (await maintainer.projects.approvalRules.list(API).toArray()).filter((r) => r.name === 'Release');
    expect(rule?.protected_branches?.map((b) => b.name)).toEqual(['hotfix']);
    const state = await maintainer.projects.mergeRequests.approvals.state(API, 1);
    expect(state.rules.map((r) => r.name)).not.toContain('Release');
  });
});

describe('export', () => {
  it('reloads branches and protections so the reloaded world answers identically', async () => {
    await as('glpat-dev').projects.branches.create(API, { branch: 'extra', ref: 'develop' });
    await as('glpat-dev').projects.branches.delete(API, 'feature/login');
    await as('glpat-maintainer').projects.protectedBranches.protect(API, { name: 'develop', push_access_level: 0 });
    const exported = mock.exportState();
    const reloaded = createMockGitLab({ seed: exported });
    expect(reloaded.exportState()).toEqual(exported);
    const branchesOf = async (m: MockGitLab) =>
      (await call(m, 'GET', '/projects/acme%2Fapi/repository/branches?per_page=100', { token: 'glpat-dev' })).body;
    expect(await branchesOf(reloaded)).toEqual(await branchesOf(mock));
  });
});

describe('the deprecated PUT .../branches/:branch/protect and /unprotect (lib/api/branches.rb)', () => {
  const levels = async (name: string) => {
    const shown = await as('glpat-maintainer').projects.protectedBranches.get(API, name);
    return [shown.push_access_levels.map((l) => l.access_level), shown.merge_access_levels.map((l) => l.access_level)];
  };

  it('protects with Maintainers by default and Developers where a flag says; the protected branches API shows that protection', async () => {
    const maintainer = as('glpat-maintainer');
    const branch = await maintainer.projects.branches.protect(API, 'develop', { developers_can_merge: true });
    expect(branch).toMatchObject({
      name: 'develop',
      protected: true,
      developers_can_push: false,
      developers_can_merge: true,
    });
    expect(await levels('develop')).toEqual([[40], [30]]);
    // LegacyApiUpdateService: a flag sent replaces its level, one left out keeps it.
    await maintainer.projects.branches.protect(API, 'develop', { developers_can_push: true });
    expect(await levels('develop')).toEqual([[30], [30]]);
    await maintainer.projects.branches.protect(API, 'develop', { developers_can_merge: false });
    expect(await levels('develop')).toEqual([[30], [40]]);
    const unprotected = await maintainer.projects.branches.unprotect(API, 'develop');
    expect(unprotected.protected).toBe(false);
    await refused(() => maintainer.projects.protectedBranches.get(API, 'develop'), 404, '404 Not found');
  });

  it('needs Maintainer (authorize_admin_project): a Developer 403, an outsider 404, a caller without a token 403 on a public project', async () => {
    await refused(() => as('glpat-dev').projects.branches.protect(API, 'develop'), 403, '403 Forbidden');
    expect(mock.requests.list().at(-1)?.reason).toBe('dev is Developer in project acme/api; this needs Maintainer');
    await refused(() => as('glpat-dev').projects.branches.unprotect(API, 'main'), 403, '403 Forbidden');
    // The route asks admin_project before it looks for the branch or a protection to remove.
    await refused(() => as('glpat-dev').projects.branches.unprotect(API, 'develop'), 403, '403 Forbidden');
    await refused(() => as('glpat-dev').projects.branches.protect(API, 'nope'), 403, '403 Forbidden');
    await refused(() => as('glpat-outsider').projects.branches.protect(API, 'develop'), 404, '404 Project Not Found');
    const before = mock.exportState();
    for (const action of ['protect', 'unprotect']) {
      const answer = await call(mock, 'PUT', `/projects/open%2Fsite/repository/branches/trunk/${action}`);
      expect(answer.status).toBe(403);
    }
    expect(mock.exportState()).toEqual(before);
  });

  it('keeps a protection with an unprotect access level from Maintainers below it, on update and on removal', async () => {
    await as('glpat-root').projects.protectedBranches.protect(API, { name: 'develop', unprotect_access_level: 60 });
    const maintainer = as('glpat-maintainer');
    // ProtectedBranches::UpdateService and DestroyService ask update_ / destroy_protected_branch: AccessDeniedError.
    await refused(
      () => maintainer.projects.branches.protect(API, 'develop', { developers_can_push: true }),
      403,
      '403 Forbidden',
    );
    expect(mock.requests.list().at(-1)?.reason).toBe(
      'maintainer may not unprotect develop: its unprotect access level is 60',
    );
    await refused(() => maintainer.projects.branches.unprotect(API, 'develop'), 403, '403 Forbidden');
    expect((await as('glpat-root').projects.branches.unprotect(API, 'develop')).protected).toBe(false);
  });

  it("removes only the project's own protection of that exact name: a wildcard still covers the branch", async () => {
    const before = mock.exportState();
    const branch = await as('glpat-maintainer').projects.branches.unprotect(API, 'release/1.0');
    expect(branch).toMatchObject({ name: 'release/1.0', protected: true, developers_can_push: true });
    expect(mock.exportState()).toEqual(before);
  });
});

describe('DELETE /projects/:id/repository/merged_branches (Branches::DeleteMergedService)', () => {
  /** acme/api with a merged merge request from most of its branches, and an open one from feature/login into develop. */
  const merged = (source: string, iid: number, target = 'main') => ({
    iid,
    title: `Merged ${source}`,
    author: 'dev',
    source_branch: source,
    target_branch: target,
    state: 'merged' as const,
  });
  const withMerged = (): SeedDocument => ({
    ...seed,
    projects: seed.projects?.map((p) =>
      p.path === API
        ? {
            ...p,
            branches: [...(p.branches ?? []), 'stable', 'unmerged', 'old/one', 'old/two'],
            merge_requests: [
              ...(p.merge_requests ?? []),
              merged('old/one', 3),
              merged('hotfix', 4),
              merged('release/1.0', 5),
              merged('stable', 6),
              merged('feature/login', 7),
              merged('develop', 8),
              merged('old/two', 9, 'develop'),
            ],
          }
        : p.path === 'open/site'
          ? // Another project's open merge request keeps nothing of acme/api.
            {
              ...p,
              merge_requests: [
                { iid: 1, title: 'Elsewhere', author: 'dev', source_branch: 'old/one', target_branch: 'trunk' },
              ],
            }
          : p,
    ),
  });

  it('deletes the branches merged into the default branch, keeping protected ones, those of open merge requests and the default branch', async () => {
    await fresh(withMerged());
    const dev = as('glpat-dev');
    await dev.projects.branches.deleteMerged(API);
    // feature/done and old/one go; main is the default; hotfix (the project's), release/1.0 (a wildcard) and stable
    // (the group's) are protected; feature/login and develop are the open merge request's source and target;
    // unmerged and old/two (merged into develop) are not merged into main.
    expect(names(await dev.projects.branches.list(API).toArray())).toEqual([
      'develop',
      'feature/login',
      'hotfix',
      'main',
      'old/two',
      'release/1.0',
      'stable',
      'unmerged',
    ]);
    const answer = await call(mock, 'DELETE', '/projects/acme%2Fapi/repository/merged_branches', {
      token: 'glpat-dev',
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: '202 Accepted' });
  });

  it('needs Developer (authorize_push_project): Reporter 403, outsider 404, a caller without a token 403 on a public project', async () => {
    await fresh(withMerged());
    await refused(() => as('glpat-reporter').projects.branches.deleteMerged(API), 403, '403 Forbidden');
    expect(mock.requests.list().at(-1)?.reason).toBe('reporter is Reporter in project acme/api; this needs Developer');
    await refused(() => as('glpat-outsider').projects.branches.deleteMerged(API), 404, '404 Project Not Found');
    await refused(() => as('glpat-maintainer').projects.branches.deleteMerged('acme/old'), 403, '403 Forbidden');
    const before = mock.exportState();
    expect((await call(mock, 'DELETE', '/projects/open%2Fsite/repository/merged_branches')).status).toBe(403);
    expect(mock.exportState()).toEqual(before);
  });
});

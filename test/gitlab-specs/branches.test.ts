import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { Branch } from '../../src/index.js';
import { call } from '../fixtures.js';
import { api, hasPaginationHeaders, notPorted, refusedUnchanged } from './api.js';

/**
 * GitLab's `spec/requests/api/branches_spec.rb`, ported as HTTP requests to the
 * mock: each GitLab example is one test, named as GitLab names it, the shared
 * examples (`repository branches`, `repository branch`, `400 response`...)
 * expanded where they run. GitLab's project is `my.project` in a group, with
 * the test repository's branches; the mock's repository is branch names and
 * heads, so the world here has enough branches for the spec's pages.
 * docs/gitlab-specs.md lists them (a test keeps it in step).
 */

const USER = 'glpat-spec-user';
const GUEST = 'glpat-spec-guest';
const DEVELOPER = 'glpat-spec-developer';
const AI_WORKFLOWS = 'c'.repeat(64);

const BRANCH_SHA = '0b4bc9a49b562e85de7cc9e834518ea6828729b9';
const MERGED = 'merged-feature';
/** The test repository's branches as far as the examples need them: over 40, to fill two pages of 20. */
const BRANCHES = [
  'master',
  'feature',
  'feature_conflict',
  'fix',
  'ends-with.json',
  'ends-with.txt',
  'improve/awesome',
  'prefix/branch',
  MERGED,
  ...Array.from({ length: 36 }, (_, i) => `branch-${String(i).padStart(2, '0')}`),
];

function seedOf(visibility: 'private' | 'public', more: Partial<SeedDocument> = {}): SeedDocument {
  return {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'user', token: USER },
      { username: 'guest', token: GUEST },
      { username: 'developer', token: DEVELOPER },
    ],
    groups: [{ path: 'group', visibility, ...(more.groups?.[0] ?? {}) }],
    projects: [
      {
        path: 'group/my.project',
        visibility,
        members: { user: 40, guest: 10, developer: 30 },
        default_branch: 'master',
        branches: BRANCHES.map((name) => (name === 'feature' ? { name, sha: BRANCH_SHA } : name)),
        merge_requests: [
          { title: 'Merged', author: 'user', source_branch: MERGED, target_branch: 'master', state: 'merged' },
        ],
        ...(more.projects?.[0] ?? {}),
      },
    ],
    oauth: {
      tokens: [
        {
          id: 1,
          application: null,
          user: 'user',
          token: AI_WORKFLOWS,
          refresh_token: null,
          scopes: ['ai_workflows'],
          auth_time: null,
          created_at: '2026-06-01T09:00:00Z',
          expires_in: 7200,
          revoked_at: null,
        },
      ],
    },
  };
}

const ID = '/projects/PROJECT';
/** The project's id, or its escaped full path (GitLab's "requesting with the escaped project full path"). */
const projectRef = (mock: MockGitLab, escaped: boolean) =>
  escaped ? 'group%2Fmy.project' : String([...mock.world.projects.values()][0]?.id);
const route = (mock: MockGitLab, escaped = false, rest = '') =>
  `${ID.replace('PROJECT', projectRef(mock, escaped))}/repository/branches${rest}`;
const names = (body: { name: string }[]) => body.map((b) => b.name);
const sorted = [...BRANCHES].sort();

/** GitLab's `check_merge_status`: a branch is `merged` exactly when it is merged into the default branch. */
function checkMergeStatus(body: { name: string; merged: boolean }[]) {
  for (const branch of body) expect(branch.merged, branch.name).toBe(branch.name === MERGED);
}

// GitLab's shared examples 'repository branches', for a caller (a token, or none) and a way to name the project.
const repositoryBranches = {
  async returnsTheRepositoryBranches(mock: MockGitLab, token: string | undefined, escaped = false) {
    const answer = await api(mock, 'GET', route(mock, escaped), token, { per_page: 100 });
    expect(answer.status).toBe(200);
    z.parse(z.array(Branch), answer.body);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(names(answer.body).sort()).toEqual(sorted);
  },
  async limitedMergedBranchNames(mock: MockGitLab, token: string | undefined, escaped = false) {
    // GitLab also checks that only the page's branches are asked for their merge status (a stub of
    // `Entities::Branch.represent`); what a client sees is the page and its merge statuses.
    const answer = await api(mock, 'GET', route(mock, escaped), token, { per_page: 2 });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(2);
    checkMergeStatus(answer.body);
  },
  async mergeStatusOnPage(mock: MockGitLab, token: string | undefined, escaped = false) {
    const answer = await api(mock, 'GET', route(mock, escaped), token, { per_page: 20, page: 2 });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(20);
    expect(answer.body[0].name).toBe(sorted[20]);
    checkMergeStatus(answer.body);
  },
  async recoversPaginationHeaders(mock: MockGitLab, token: string | undefined, escaped = false) {
    for (let i = 0; i < 2; i++) {
      expect((await api(mock, 'GET', route(mock, escaped), token)).headers.has('x-page')).toBe(true);
    }
  },
  async gitalyParamsMergeStatus(mock: MockGitLab, token: string | undefined, escaped = false) {
    // With the keyset flag off, `page_token` is not used: the first page by name.
    const answer = await api(mock, 'GET', route(mock, escaped), token, { per_page: 20, page_token: 'feature' });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(20);
    expect(answer.body[0].name).toBe(sorted[0]);
    checkMergeStatus(answer.body);
  },
  async disabledRepository(visibility: 'private' | 'public', token: string | undefined, escaped = false) {
    const mock = createMockGitLab({
      seed: seedOf(visibility, {
        projects: [{ path: 'group/my.project', settings: { repository_access_level: 'disabled' } }],
      }),
    });
    const answer = await api(mock, 'GET', route(mock, escaped), token);
    expect(answer.status).toBe(404);
    expect(answer.body).toBeTypeOf('object');
  },
};

describe('GET /projects/:id/repository/branches', () => {
  let priv: MockGitLab;
  let pub: MockGitLab;
  beforeEach(() => {
    priv = createMockGitLab({ seed: seedOf('private') });
    pub = createMockGitLab({ seed: seedOf('public') });
  });

  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(priv, 'GET', route(priv), USER)).status).toBe(200);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );

  // skip: the mock does not model CI job tokens
  notPorted(
    'enforcing job token policies, when authenticating with a CI job token from another project: is expected to have gitlab http status success',
  );
  // skip: the mock does not model CI job tokens
  notPorted(
    'enforcing job token policies, when authenticating with a CI job token from another project, when the target project is not allowlisted and job token policies are disabled: denies access',
  );
  // skip: the mock does not model CI job tokens
  notPorted(
    'enforcing job token policies, when authenticating with a CI job token from another project, capturing job token policies: captures the policies',
  );
  // skip: the mock does not model CI job tokens
  notPorted(
    'enforcing job token policies, when authenticating with a CI job token from another project, when the policies are not allowed: is expected to have gitlab http status forbidden',
  );
  // skip: the mock does not model CI job tokens
  notPorted(
    'enforcing job token policies, when authenticating with a CI job token from another project, when the policies are not allowed: returns an error message containing the disallowed policy',
  );
  // skip: the mock does not model CI job tokens
  notPorted(
    'enforcing job token policies, when authenticating with a CI job token from another project, when the policies are not allowed, when fine grained permissions are disabled: is expected to have gitlab http status success',
  );
  // skip: the mock does not model CI job tokens
  notPorted(
    'enforcing job token policies, when authenticating with a CI job token from another project, when the policies are not allowed, when fine grained permissions are disabled, capturing job token policies: captures the policies',
  );
  // skip: the mock does not model CI job tokens
  notPorted(
    'enforcing job token policies, when authenticating with a CI job token from another project, when the source project is public and the target job user is not a member of the source project, when policies are not allowed, but the specified project features allow public access, when all project features are private: is expected to have gitlab http status forbidden',
  );
  // skip: the mock does not model CI job tokens
  notPorted(
    'enforcing job token policies, when authenticating with a CI job token from another project, when the source project is public and the target job user is not a member of the source project, when policies are not allowed, but the specified project features allow public access, when the specified project features are public: is expected to have gitlab http status success',
  );

  it('when regex parameter is passed, with branch exists: returns correct branches', async () => {
    const answer = await api(priv, 'GET', route(priv), USER, { per_page: 100, regex: 'feature' });
    expect(names(answer.body).sort()).toEqual(BRANCHES.filter((name) => /feature/.test(name)).sort());
  });

  it('when regex parameter is passed, when branch does not exist: returns an empty array', async () => {
    const answer = await api(priv, 'GET', route(priv), USER, { per_page: 100, regex: 'unknown_branch' });
    expect(answer.body).toEqual([]);
  });

  it('when regex parameter is passed, when regex is invalid: returns 400 error', async () => {
    const answer = await api(priv, 'GET', route(priv), USER, { per_page: 100, regex: '(invalid' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Regex is invalid');
  });

  it('when search parameter is passed, and branch exists: returns correct branches', async () => {
    const answer = await api(priv, 'GET', route(priv), USER, { per_page: 100, search: 'feature' });
    expect(names(answer.body).sort()).toEqual(BRANCHES.filter((name) => /feature/.test(name)).sort());
  });

  it('when search parameter is passed, and branch does not exist: returns an empty array', async () => {
    const answer = await api(priv, 'GET', route(priv), USER, {
      per_page: 100,
      search: 'no_such_branch_name_entropy_of_jabadabadu',
    });
    expect(answer.body).toEqual([]);
  });

  it('when sort parameter is passed: sorts branches', async () => {
    const answer = await api(priv, 'GET', route(priv), USER, { sort: 'name_asc', per_page: 10 });
    expect(names(answer.body)).toEqual(sorted.slice(0, 10));
  });

  it('when sort parameter is passed, when sort value is not supported: returns 400', async () => {
    expect((await api(priv, 'GET', route(priv), USER, { sort: 'unknown' })).status).toBe(400);
  });

  it('when unauthenticated, and project is public, with branch_list_keyset_pagination feature off, with offset pagination params: returns the repository branches', () =>
    repositoryBranches.returnsTheRepositoryBranches(pub, undefined));
  it('when unauthenticated, and project is public, with branch_list_keyset_pagination feature off, with offset pagination params: determines only a limited number of merged branch names', () =>
    repositoryBranches.limitedMergedBranchNames(pub, undefined));
  it('when unauthenticated, and project is public, with branch_list_keyset_pagination feature off, with offset pagination params: merge status matches reality on paginated input', () =>
    repositoryBranches.mergeStatusOnPage(pub, undefined));
  it('when unauthenticated, and project is public, with branch_list_keyset_pagination feature off, with offset pagination params: recovers pagination headers from cache between consecutive requests', () =>
    repositoryBranches.recoversPaginationHeaders(pub, undefined));
  it('when unauthenticated, and project is public, with branch_list_keyset_pagination feature off, with gitaly pagination params: merge status matches reality on paginated input', () =>
    repositoryBranches.gitalyParamsMergeStatus(pub, undefined));
  // skip: stubs the `branch_list_keyset_pagination` feature flag on; it is off by default (`default_enabled: false`), so no request to 18.6 reaches keyset pagination of branches
  notPorted(
    'when unauthenticated, and project is public, with branch_list_keyset_pagination feature on, with keyset pagination option, with gitaly pagination params : returns the repository branches',
  );
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when unauthenticated, and project is public, with branch_list_keyset_pagination feature on, with keyset pagination option, with gitaly pagination params : determines only a limited number of merged branch names',
  );
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when unauthenticated, and project is public, with branch_list_keyset_pagination feature on, with keyset pagination option, with gitaly pagination params : merge status matches reality on paginated input',
  );
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when unauthenticated, and project is public, with branch_list_keyset_pagination feature on, with keyset pagination option, with offset pagination params: ignores legacy pagination params',
  );
  it('when unauthenticated, and project is public, when repository is disabled: returns 404', () =>
    repositoryBranches.disabledRepository('public', undefined));

  // skip: stubs `API::Entities::Branch.represent` to see the answer come from GitLab's cache; a cached answer is the same bytes to a client
  notPorted('when unauthenticated, and project is public, caching: caches the query');
  // skip: stubs `API::Entities::Branch.represent` and travels in time to see the cache expire; no request can tell
  notPorted('when unauthenticated, and project is public, caching: uses the cache up to 60 minutes');
  // skip: stubs `API::Entities::Branch.represent` and travels in time to see the cache expire; no request can tell
  notPorted('when unauthenticated, and project is public, caching: requests for new value after 60 minutes');
  // skip: stubs `API::Entities::Branch.represent` to see the cache expire; no request can tell
  notPorted(
    'when unauthenticated, and project is public, caching, when the default_branch changes: requests for new value after 30 seconds',
  );
  // skip: stubs `API::Entities::Branch.represent` to see the cache expire; no request can tell
  notPorted(
    "when unauthenticated, and project is public, caching, when the project's protected branches change: request for new value instantly",
  );

  it('when authenticated with a token that has the ai_workflows scope: returns the repository branches successfully', async () => {
    const answer = await call(priv, 'GET', `${route(priv)}?per_page=100`, {
      headers: { authorization: `Bearer ${AI_WORKFLOWS}` },
    });
    expect(answer.status).toBe(200);
    z.parse(z.array(Branch), answer.body);
    expect(names(answer.body).sort()).toEqual(sorted);
  });

  it('when unauthenticated, and project is private: returns 404', async () => {
    const answer = await api(priv, 'GET', route(priv));
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Project Not Found');
  });

  it('when authenticated, as a maintainer, with branch_list_keyset_pagination feature off, with offset pagination params: returns the repository branches', () =>
    repositoryBranches.returnsTheRepositoryBranches(priv, USER));
  it('when authenticated, as a maintainer, with branch_list_keyset_pagination feature off, with offset pagination params: determines only a limited number of merged branch names', () =>
    repositoryBranches.limitedMergedBranchNames(priv, USER));
  it('when authenticated, as a maintainer, with branch_list_keyset_pagination feature off, with offset pagination params: merge status matches reality on paginated input', () =>
    repositoryBranches.mergeStatusOnPage(priv, USER));
  it('when authenticated, as a maintainer, with branch_list_keyset_pagination feature off, with offset pagination params: recovers pagination headers from cache between consecutive requests', () =>
    repositoryBranches.recoversPaginationHeaders(priv, USER));
  it('when authenticated, as a maintainer, with branch_list_keyset_pagination feature off, with gitaly pagination params: merge status matches reality on paginated input', () =>
    repositoryBranches.gitalyParamsMergeStatus(priv, USER));
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when authenticated, as a maintainer, with branch_list_keyset_pagination feature on, with keyset pagination option, with gitaly pagination params : returns the repository branches',
  );
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when authenticated, as a maintainer, with branch_list_keyset_pagination feature on, with keyset pagination option, with gitaly pagination params : determines only a limited number of merged branch names',
  );
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when authenticated, as a maintainer, with branch_list_keyset_pagination feature on, with keyset pagination option, with gitaly pagination params : merge status matches reality on paginated input',
  );
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when authenticated, as a maintainer, with branch_list_keyset_pagination feature on, with keyset pagination option, with offset pagination params: ignores legacy pagination params',
  );
  it('when authenticated, as a maintainer, when repository is disabled: returns 404', () =>
    repositoryBranches.disabledRepository('private', USER));

  it('when authenticated, as a maintainer, requesting with the escaped project full path, with branch_list_keyset_pagination feature off, with offset pagination params: returns the repository branches', () =>
    repositoryBranches.returnsTheRepositoryBranches(priv, USER, true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, with branch_list_keyset_pagination feature off, with offset pagination params: determines only a limited number of merged branch names', () =>
    repositoryBranches.limitedMergedBranchNames(priv, USER, true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, with branch_list_keyset_pagination feature off, with offset pagination params: merge status matches reality on paginated input', () =>
    repositoryBranches.mergeStatusOnPage(priv, USER, true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, with branch_list_keyset_pagination feature off, with offset pagination params: recovers pagination headers from cache between consecutive requests', () =>
    repositoryBranches.recoversPaginationHeaders(priv, USER, true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, with branch_list_keyset_pagination feature off, with gitaly pagination params: merge status matches reality on paginated input', () =>
    repositoryBranches.gitalyParamsMergeStatus(priv, USER, true));
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when authenticated, as a maintainer, requesting with the escaped project full path, with branch_list_keyset_pagination feature on, with keyset pagination option, with gitaly pagination params : returns the repository branches',
  );
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when authenticated, as a maintainer, requesting with the escaped project full path, with branch_list_keyset_pagination feature on, with keyset pagination option, with gitaly pagination params : determines only a limited number of merged branch names',
  );
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when authenticated, as a maintainer, requesting with the escaped project full path, with branch_list_keyset_pagination feature on, with keyset pagination option, with gitaly pagination params : merge status matches reality on paginated input',
  );
  // skip: stubs the `branch_list_keyset_pagination` feature flag on (off by default)
  notPorted(
    'when authenticated, as a maintainer, requesting with the escaped project full path, with branch_list_keyset_pagination feature on, with keyset pagination option, with offset pagination params: ignores legacy pagination params',
  );
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when repository is disabled: returns 404', () =>
    repositoryBranches.disabledRepository('private', USER, true));

  // skip: counts database queries (`exceed_query_limit`); no response shows them
  notPorted('when authenticated, as a maintainer: does not submit N+1 DB queries');

  /** The first branch as the user sees it, under a group protection of `*` and maybe a project one. */
  async function firstBranchUnder(group: Record<string, unknown>, project?: Record<string, unknown>) {
    const mock = createMockGitLab({
      seed: seedOf('private', {
        groups: [{ path: 'group', protected_branches: [{ name: '*', ...group }] }],
        ...(project
          ? { projects: [{ path: 'group/my.project', protected_branches: [{ name: '*', ...project }] }] }
          : {}),
      }),
    });
    const answer = await api(mock, 'GET', route(mock), USER);
    expect(answer.status).toBe(200);
    return answer.body[0];
  }

  it('with group protected branches, maintainers allowed to push and merge: responds with correct attributes related to push and merge', async () => {
    expect(await firstBranchUnder({})).toMatchObject({
      developers_can_merge: false,
      developers_can_push: false,
      can_push: true,
    });
  });

  it('with group protected branches, maintainers allowed to push and merge, and there is a more permissive project level protected branch: responds with correct attributes related to push and merge', async () => {
    expect(
      await firstBranchUnder(
        {},
        { push_access_level: { id: 91, access_level: 30 }, merge_access_level: { id: 92, access_level: 30 } },
      ),
    ).toMatchObject({
      developers_can_merge: true,
      developers_can_push: true,
      can_push: true,
    });
  });

  it('with group protected branches, when developers can push and merge: responds with correct attributes related to push and merge', async () => {
    expect(
      await firstBranchUnder({
        push_access_level: { id: 91, access_level: 30 },
        merge_access_level: { id: 92, access_level: 30 },
      }),
    ).toMatchObject({
      developers_can_merge: true,
      developers_can_push: true,
      can_push: true,
    });
  });

  it('with group protected branches, when no one can push and merge: responds with correct attributes related to push and merge', async () => {
    expect(
      await firstBranchUnder({
        push_access_level: { id: 93, access_level: 0 },
        merge_access_level: { id: 94, access_level: 0 },
      }),
    ).toMatchObject({
      developers_can_merge: false,
      developers_can_push: false,
      can_push: false,
    });
  });

  it('when authenticated, as a guest: returns 403', async () => {
    expect((await api(priv, 'GET', route(priv), GUEST)).status).toBe(403);
  });
});

/** The world of one example of `repository branch`: the spec's project, maybe with its branch protected, its repository disabled or absent. */
function branchWorld(
  visibility: 'private' | 'public',
  options: { protectedBranch?: string; repository?: 'disabled' | 'absent' } = {},
): MockGitLab {
  const project: Record<string, unknown> = { path: 'group/my.project' };
  if (options.protectedBranch) project.protected_branches = [options.protectedBranch];
  if (options.repository === 'disabled') project.settings = { repository_access_level: 'disabled' };
  if (options.repository === 'absent') project.branches = [];
  return createMockGitLab({ seed: seedOf(visibility, { projects: [project as { path: string }] }) });
}

type Visibility = 'private' | 'public';

// GitLab's shared examples 'repository branch': the project's visibility, the caller (none: anonymous),
// the branch as the URL names it, the project by its escaped path, and the branch protected.
const repositoryBranch = {
  async headFound(v: Visibility, _token: string | undefined, branch: string, escaped = false, prot = false) {
    // GitLab's HEAD examples send the maintainer `user` whoever the context's caller is.
    const mock = branchWorld(v, { protectedBranch: prot ? branch : undefined });
    const answer = await call(mock, 'HEAD', route(mock, escaped, `/${branch}`), { token: USER });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  },
  async headMissing(v: Visibility, _token: string | undefined, branch: string, escaped = false, prot = false) {
    const mock = branchWorld(v, { protectedBranch: prot ? branch : undefined });
    const answer = await call(mock, 'HEAD', route(mock, escaped, '/unknown'), { token: USER });
    expect(answer.status).toBe(404);
    expect(answer.body).toBeUndefined();
  },
  async returnsBranch(v: Visibility, token: string | undefined, branch: string, escaped = false, prot = false) {
    const mock = branchWorld(v, { protectedBranch: prot ? branch : undefined });
    const answer = await api(mock, 'GET', route(mock, escaped, `/${branch}`), token);
    expect(answer.status).toBe(200);
    z.parse(Branch, answer.body);
    expect(answer.body.name).toBe(decodeURIComponent(branch));
  },
  async missing(v: Visibility, token: string | undefined, _branch: string, escaped = false, _prot = false) {
    // GitLab's spec protects the missing name too; the seed's protection of a name creates the branch, so none here.
    const mock = branchWorld(v);
    const answer = await api(mock, 'GET', route(mock, escaped, '/unknown'), token);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Branch Not Found');
  },
  async invalid(v: Visibility, token: string | undefined, _branch: string, escaped = false, _prot = false) {
    const mock = branchWorld(v);
    const answer = await api(mock, 'GET', route(mock, escaped, '/branch*'), token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The branch refname is invalid');
  },
  async disabled(v: Visibility, token: string | undefined, branch: string, escaped = false, _prot = false) {
    const mock = branchWorld(v, { repository: 'disabled' });
    const answer = await api(mock, 'GET', route(mock, escaped, `/${branch}`), token);
    expect(answer.status).toBe(404);
    expect(answer.body).toBeTypeOf('object');
  },
  async ambiguous(v: Visibility, token: string | undefined, _branch: string, escaped = false, _prot = false) {
    // `prefix/branch` exists (the spec creates it), `prefix` does not.
    const mock = branchWorld(v);
    const answer = await api(mock, 'GET', route(mock, escaped, '/prefix'), token);
    expect(answer.status).toBe(404);
    expect(answer.body).toBeTypeOf('object');
  },
  async noRepository(v: Visibility, token: string | undefined, branch: string, escaped = false, _prot = false) {
    const mock = branchWorld(v, { repository: 'absent' });
    const answer = await api(mock, 'GET', route(mock, escaped, `/${branch}`), token);
    expect(answer.status).toBe(404);
    expect(answer.body).toBeTypeOf('object');
  },
};

describe('GET /projects/:id/repository/branches/:branch', () => {
  let priv: MockGitLab;
  let pub: MockGitLab;
  beforeEach(() => {
    priv = createMockGitLab({ seed: seedOf('private') });
    pub = createMockGitLab({ seed: seedOf('public') });
  });

  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(priv, 'GET', route(priv, false, '/feature'), USER)).status).toBe(200);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await call(priv, 'HEAD', route(priv, false, '/feature'), { token: USER })).status).toBe(204);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('when unauthenticated, and project is public, HEAD request: returns 204 No Content', () =>
    repositoryBranch.headFound('public', undefined, 'feature'));
  it('when unauthenticated, and project is public, HEAD request: returns 404 Not Found', () =>
    repositoryBranch.headMissing('public', undefined, 'feature'));
  it('when unauthenticated, and project is public: returns the repository branch', () =>
    repositoryBranch.returnsBranch('public', undefined, 'feature'));
  it('when unauthenticated, and project is public, when branch does not exist: returns 404', () =>
    repositoryBranch.missing('public', undefined, 'feature'));
  it('when unauthenticated, and project is public, when the branch refname is invalid: returns 400', () =>
    repositoryBranch.invalid('public', undefined, 'feature'));
  it('when unauthenticated, and project is public, when repository is disabled: returns 404', () =>
    repositoryBranch.disabled('public', undefined, 'feature'));
  it('when unauthenticated, and project is public, when branch is ambiguous: returns 404', () =>
    repositoryBranch.ambiguous('public', undefined, 'feature'));
  it('when unauthenticated, and project is public, when repository does not exist: returns 404', () =>
    repositoryBranch.noRepository('public', undefined, 'feature'));
  it('when authenticated, as a maintainer, HEAD request: returns 204 No Content', () =>
    repositoryBranch.headFound('private', USER, 'feature'));
  it('when authenticated, as a maintainer, HEAD request: returns 404 Not Found', () =>
    repositoryBranch.headMissing('private', USER, 'feature'));
  it('when authenticated, as a maintainer: returns the repository branch', () =>
    repositoryBranch.returnsBranch('private', USER, 'feature'));
  it('when authenticated, as a maintainer, when branch does not exist: returns 404', () =>
    repositoryBranch.missing('private', USER, 'feature'));
  it('when authenticated, as a maintainer, when the branch refname is invalid: returns 400', () =>
    repositoryBranch.invalid('private', USER, 'feature'));
  it('when authenticated, as a maintainer, when repository is disabled: returns 404', () =>
    repositoryBranch.disabled('private', USER, 'feature'));
  it('when authenticated, as a maintainer, when branch is ambiguous: returns 404', () =>
    repositoryBranch.ambiguous('private', USER, 'feature'));
  it('when authenticated, as a maintainer, when repository does not exist: returns 404', () =>
    repositoryBranch.noRepository('private', USER, 'feature'));
  it('when authenticated, as a maintainer, when branch contains a dot, HEAD request: returns 204 No Content', () =>
    repositoryBranch.headFound('private', USER, 'ends-with.json'));
  it('when authenticated, as a maintainer, when branch contains a dot, HEAD request: returns 404 Not Found', () =>
    repositoryBranch.headMissing('private', USER, 'ends-with.json'));
  it('when authenticated, as a maintainer, when branch contains a dot: returns the repository branch', () =>
    repositoryBranch.returnsBranch('private', USER, 'ends-with.json'));
  it('when authenticated, as a maintainer, when branch contains a dot, when branch does not exist: returns 404', () =>
    repositoryBranch.missing('private', USER, 'ends-with.json'));
  it('when authenticated, as a maintainer, when branch contains a dot, when the branch refname is invalid: returns 400', () =>
    repositoryBranch.invalid('private', USER, 'ends-with.json'));
  it('when authenticated, as a maintainer, when branch contains a dot, when repository is disabled: returns 404', () =>
    repositoryBranch.disabled('private', USER, 'ends-with.json'));
  it('when authenticated, as a maintainer, when branch contains a dot, when branch is ambiguous: returns 404', () =>
    repositoryBranch.ambiguous('private', USER, 'ends-with.json'));
  it('when authenticated, as a maintainer, when branch contains a dot, when repository does not exist: returns 404', () =>
    repositoryBranch.noRepository('private', USER, 'ends-with.json'));
  it('when authenticated, as a maintainer, when branch contains dot txt, HEAD request: returns 204 No Content', () =>
    repositoryBranch.headFound('private', USER, 'ends-with.txt'));
  it('when authenticated, as a maintainer, when branch contains dot txt, HEAD request: returns 404 Not Found', () =>
    repositoryBranch.headMissing('private', USER, 'ends-with.txt'));
  it('when authenticated, as a maintainer, when branch contains dot txt: returns the repository branch', () =>
    repositoryBranch.returnsBranch('private', USER, 'ends-with.txt'));
  it('when authenticated, as a maintainer, when branch contains dot txt, when branch does not exist: returns 404', () =>
    repositoryBranch.missing('private', USER, 'ends-with.txt'));
  it('when authenticated, as a maintainer, when branch contains dot txt, when the branch refname is invalid: returns 400', () =>
    repositoryBranch.invalid('private', USER, 'ends-with.txt'));
  it('when authenticated, as a maintainer, when branch contains dot txt, when repository is disabled: returns 404', () =>
    repositoryBranch.disabled('private', USER, 'ends-with.txt'));
  it('when authenticated, as a maintainer, when branch contains dot txt, when branch is ambiguous: returns 404', () =>
    repositoryBranch.ambiguous('private', USER, 'ends-with.txt'));
  it('when authenticated, as a maintainer, when branch contains dot txt, when repository does not exist: returns 404', () =>
    repositoryBranch.noRepository('private', USER, 'ends-with.txt'));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, HEAD request: returns 204 No Content', () =>
    repositoryBranch.headFound('private', USER, 'improve%2Fawesome'));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, HEAD request: returns 404 Not Found', () =>
    repositoryBranch.headMissing('private', USER, 'improve%2Fawesome'));
  it('when authenticated, as a maintainer, when branch contains an escaped slash: returns the repository branch', () =>
    repositoryBranch.returnsBranch('private', USER, 'improve%2Fawesome'));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when branch does not exist: returns 404', () =>
    repositoryBranch.missing('private', USER, 'improve%2Fawesome'));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when the branch refname is invalid: returns 400', () =>
    repositoryBranch.invalid('private', USER, 'improve%2Fawesome'));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when repository is disabled: returns 404', () =>
    repositoryBranch.disabled('private', USER, 'improve%2Fawesome'));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when branch is ambiguous: returns 404', () =>
    repositoryBranch.ambiguous('private', USER, 'improve%2Fawesome'));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when repository does not exist: returns 404', () =>
    repositoryBranch.noRepository('private', USER, 'improve%2Fawesome'));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, HEAD request: returns 204 No Content', () =>
    repositoryBranch.headFound('private', USER, 'feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, HEAD request: returns 404 Not Found', () =>
    repositoryBranch.headMissing('private', USER, 'feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path: returns the repository branch', () =>
    repositoryBranch.returnsBranch('private', USER, 'feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch does not exist: returns 404', () =>
    repositoryBranch.missing('private', USER, 'feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when the branch refname is invalid: returns 400', () =>
    repositoryBranch.invalid('private', USER, 'feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when repository is disabled: returns 404', () =>
    repositoryBranch.disabled('private', USER, 'feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch is ambiguous: returns 404', () =>
    repositoryBranch.ambiguous('private', USER, 'feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when repository does not exist: returns 404', () =>
    repositoryBranch.noRepository('private', USER, 'feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, HEAD request: returns 204 No Content', () =>
    repositoryBranch.headFound('private', USER, 'ends-with.json', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, HEAD request: returns 404 Not Found', () =>
    repositoryBranch.headMissing('private', USER, 'ends-with.json', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot: returns the repository branch', () =>
    repositoryBranch.returnsBranch('private', USER, 'ends-with.json', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when branch does not exist: returns 404', () =>
    repositoryBranch.missing('private', USER, 'ends-with.json', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when the branch refname is invalid: returns 400', () =>
    repositoryBranch.invalid('private', USER, 'ends-with.json', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when repository is disabled: returns 404', () =>
    repositoryBranch.disabled('private', USER, 'ends-with.json', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when branch is ambiguous: returns 404', () =>
    repositoryBranch.ambiguous('private', USER, 'ends-with.json', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when repository does not exist: returns 404', () =>
    repositoryBranch.noRepository('private', USER, 'ends-with.json', true));
  it('when authenticated, as a developer and branch is protected, HEAD request: returns 204 No Content', () =>
    repositoryBranch.headFound('private', DEVELOPER, 'feature', false, true));
  it('when authenticated, as a developer and branch is protected, HEAD request: returns 404 Not Found', () =>
    repositoryBranch.headMissing('private', DEVELOPER, 'feature', false, true));
  it('when authenticated, as a developer and branch is protected: returns the repository branch', () =>
    repositoryBranch.returnsBranch('private', DEVELOPER, 'feature', false, true));
  it('when authenticated, as a developer and branch is protected, when branch does not exist: returns 404', () =>
    repositoryBranch.missing('private', DEVELOPER, 'feature', false, true));
  it('when authenticated, as a developer and branch is protected, when the branch refname is invalid: returns 400', () =>
    repositoryBranch.invalid('private', DEVELOPER, 'feature', false, true));
  it('when authenticated, as a developer and branch is protected, when repository is disabled: returns 404', () =>
    repositoryBranch.disabled('private', DEVELOPER, 'feature', false, true));
  it('when authenticated, as a developer and branch is protected, when branch is ambiguous: returns 404', () =>
    repositoryBranch.ambiguous('private', DEVELOPER, 'feature', false, true));
  it('when authenticated, as a developer and branch is protected, when repository does not exist: returns 404', () =>
    repositoryBranch.noRepository('private', DEVELOPER, 'feature', false, true));

  it('when unauthenticated, and project is public: returns that the current user cannot push', async () => {
    expect((await api(pub, 'GET', route(pub, false, '/feature'))).body.can_push).toBe(false);
  });

  it('when unauthenticated, and project is private: returns 404', async () => {
    const answer = await api(priv, 'GET', route(priv, false, '/feature'));
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Project Not Found');
  });

  it('when authenticated, as a maintainer: returns that the current user can push', async () => {
    expect((await api(priv, 'GET', route(priv, false, '/feature'), USER)).body.can_push).toBe(true);
  });

  it('when authenticated, as a maintainer, when branch contains a slash: returns 404', async () => {
    const answer = await api(priv, 'GET', route(priv, false, '/improve/awesome'), USER);
    expect(answer.status).toBe(404);
    expect(answer.body).toBeTypeOf('object');
  });

  it('when authenticated, as a developer and branch is protected: returns that the current user cannot push', async () => {
    const mock = branchWorld('private', { protectedBranch: 'feature' });
    expect((await api(mock, 'GET', route(mock, false, '/feature'), DEVELOPER)).body.can_push).toBe(false);
  });

  it('when authenticated, as a guest: returns 403', async () => {
    expect((await api(priv, 'GET', route(priv, false, '/feature'), GUEST)).status).toBe(403);
  });
});

/** The route of the deprecated protect or unprotect action of a branch, named as the URL names it. */
const branchAction = (mock: MockGitLab, action: 'protect' | 'unprotect', branch: string, escaped = false) =>
  route(mock, escaped, `/${branch}/${action}`);

/** The route of `DELETE /projects/:id/repository/merged_branches`. */
const mergedBranches = (mock: MockGitLab) =>
  `${ID.replace('PROJECT', projectRef(mock, false))}/repository/merged_branches`;

interface ProtectionShown {
  name: string;
  push_access_levels: { access_level: number }[];
  merge_access_levels: { access_level: number }[];
}

/** The project's protected branch of that name as `GET /projects/:id/protected_branches` shows it, if any. */
async function protectionShown(mock: MockGitLab, name: string): Promise<ProtectionShown | undefined> {
  const answer = await api(mock, 'GET', `${ID.replace('PROJECT', projectRef(mock, false))}/protected_branches`, USER);
  expect(answer.status).toBe(200);
  return (answer.body as ProtectionShown[]).find((b) => b.name === name);
}

/** The access levels of a protection, push then merge. */
const levelsOf = (shown: ProtectionShown | undefined) => [
  shown?.push_access_levels.map((l) => l.access_level),
  shown?.merge_access_levels.map((l) => l.access_level),
];

// The refusals the protect and unprotect examples share (GitLab's '404 response', '400 response', '403 response').
const branchActionRefusal = {
  async anonymousPrivate(action: 'protect' | 'unprotect') {
    const mock = branchWorld('private');
    const { answer, unchanged } = await refusedUnchanged(mock, undefined, () =>
      api(mock, 'PUT', branchAction(mock, action, 'feature')),
    );
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Project Not Found');
    expect(unchanged).toBe(true);
  },
  async guest(action: 'protect' | 'unprotect') {
    const mock = branchWorld('private', { protectedBranch: action === 'unprotect' ? 'feature' : undefined });
    const { answer, unchanged } = await refusedUnchanged(mock, GUEST, () =>
      api(mock, 'PUT', branchAction(mock, action, 'feature'), GUEST),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  },
  async missing(action: 'protect' | 'unprotect', escaped: boolean) {
    const mock = branchWorld('private');
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'PUT', branchAction(mock, action, 'unknown', escaped), USER),
    );
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Branch Not Found');
    expect(unchanged).toBe(true);
  },
  async invalid(action: 'protect' | 'unprotect', escaped: boolean) {
    const mock = branchWorld('private');
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'PUT', branchAction(mock, action, 'branch*', escaped), USER),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The branch refname is invalid');
    expect(unchanged).toBe(true);
  },
  async disabled(action: 'protect' | 'unprotect', branch: string, escaped: boolean) {
    const mock = branchWorld('private', { repository: 'disabled' });
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'PUT', branchAction(mock, action, branch, escaped), USER),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toBeTypeOf('object');
    expect(unchanged).toBe(true);
  },
  async slash(action: 'protect' | 'unprotect') {
    // `improve/awesome` unescaped: `BRANCH_ENDPOINT_REQUIREMENTS` take no slash, so no route matches.
    const mock = branchWorld('private', { protectedBranch: action === 'unprotect' ? 'improve/awesome' : undefined });
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'PUT', branchAction(mock, action, 'improve/awesome'), USER),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toBeTypeOf('object');
    expect(unchanged).toBe(true);
  },
};

/**
 * GitLab's shared examples 'repository new protected branch': the answer is the branch, protected, with the
 * flags asked; the protection it creates is the one the protected branches API shows (30 for a flag sent true,
 * 40 otherwise: `ProtectedBranches::LegacyApiCreateService`).
 */
async function newProtectedBranch(
  branch: string,
  escaped: boolean,
  params?: { developers_can_push?: boolean; developers_can_merge?: boolean },
) {
  const mock = branchWorld('private');
  const name = decodeURIComponent(branch);
  const answer = await api(mock, 'PUT', branchAction(mock, 'protect', branch, escaped), USER, params);
  expect(answer.status).toBe(200);
  z.parse(Branch, answer.body);
  expect(answer.body).toMatchObject({
    name,
    protected: true,
    developers_can_push: params?.developers_can_push ?? false,
    developers_can_merge: params?.developers_can_merge ?? false,
  });
  expect(levelsOf(await protectionShown(mock, name))).toEqual([
    [params?.developers_can_push ? 30 : 40],
    [params?.developers_can_merge ? 30 : 40],
  ]);
}

/** GitLab's 'when protected branch already exists' examples: both flags sent, both levels replaced. */
async function updatesProtection(from: 30 | 40, developersCan: boolean) {
  const mock = createMockGitLab({
    seed: seedOf('private', {
      projects: [
        {
          path: 'group/my.project',
          protected_branches: [
            {
              name: 'protected_branch',
              push_access_level: { id: 91, access_level: from },
              merge_access_level: { id: 92, access_level: from },
            },
          ],
        },
      ],
    }),
  });
  const answer = await api(mock, 'PUT', branchAction(mock, 'protect', 'protected_branch'), USER, {
    developers_can_push: developersCan,
    developers_can_merge: developersCan,
  });
  expect(answer.status).toBe(200);
  z.parse(Branch, answer.body);
  expect(answer.body).toMatchObject({
    name: 'protected_branch',
    protected: true,
    developers_can_push: developersCan,
    developers_can_merge: developersCan,
  });
  const level = developersCan ? 30 : 40;
  expect(levelsOf(await protectionShown(mock, 'protected_branch'))).toEqual([[level], [level]]);
}

// GitLab's shared examples 'repository unprotected branch'.
const unprotectedBranch = {
  async unprotects(branch: string, escaped: boolean) {
    const name = decodeURIComponent(branch);
    const mock = branchWorld('private', { protectedBranch: name });
    expect(await protectionShown(mock, name)).toBeDefined();
    const answer = await api(mock, 'PUT', branchAction(mock, 'unprotect', branch, escaped), USER);
    expect(answer.status).toBe(200);
    z.parse(Branch, answer.body);
    expect(answer.body).toMatchObject({ name, protected: false });
    expect(await protectionShown(mock, name)).toBeUndefined();
  },
  async notProtected(branch: string, escaped: boolean) {
    const mock = branchWorld('private');
    // Nothing to destroy: the world stays as it was.
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'PUT', branchAction(mock, 'unprotect', branch, escaped), USER),
    );
    expect(answer.status).toBe(200);
    z.parse(Branch, answer.body);
    expect(answer.body).toMatchObject({ name: decodeURIComponent(branch), protected: false });
    expect(unchanged).toBe(true);
  },
};

describe('PUT /projects/:id/repository/branches/:branch/protect', () => {
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    const mock = branchWorld('private');
    expect((await api(mock, 'PUT', branchAction(mock, 'protect', 'feature'), USER)).status).toBe(200);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('when unauthenticated, and project is private: returns 404', () =>
    branchActionRefusal.anonymousPrivate('protect'));
  it('when authenticated, as a guest: returns 403', () => branchActionRefusal.guest('protect'));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist: protects a single branch", () =>
    newProtectedBranch('feature', false, undefined));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist: protects a single branch and developers can push", () =>
    newProtectedBranch('feature', false, { developers_can_push: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist: protects a single branch and developers can merge", () =>
    newProtectedBranch('feature', false, { developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist: protects a single branch and developers can push and merge", () =>
    newProtectedBranch('feature', false, { developers_can_push: true, developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch does not exist: returns 404", () =>
    branchActionRefusal.missing('protect', false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when the branch refname is invalid: returns 400", () =>
    branchActionRefusal.invalid('protect', false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when repository is disabled: returns 404", () =>
    branchActionRefusal.disabled('protect', 'feature', false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains a dot: protects a single branch", () =>
    newProtectedBranch('ends-with.json', false, undefined));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains a dot: protects a single branch and developers can push", () =>
    newProtectedBranch('ends-with.json', false, { developers_can_push: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains a dot: protects a single branch and developers can merge", () =>
    newProtectedBranch('ends-with.json', false, { developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains a dot: protects a single branch and developers can push and merge", () =>
    newProtectedBranch('ends-with.json', false, { developers_can_push: true, developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains a dot, when branch does not exist: returns 404", () =>
    branchActionRefusal.missing('protect', false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains a dot, when the branch refname is invalid: returns 400", () =>
    branchActionRefusal.invalid('protect', false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains a dot, when repository is disabled: returns 404", () =>
    branchActionRefusal.disabled('protect', 'ends-with.json', false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains a slash: returns 404", () =>
    branchActionRefusal.slash('protect'));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains an escaped slash: protects a single branch", () =>
    newProtectedBranch('improve%2Fawesome', false, undefined));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains an escaped slash: protects a single branch and developers can push", () =>
    newProtectedBranch('improve%2Fawesome', false, { developers_can_push: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains an escaped slash: protects a single branch and developers can merge", () =>
    newProtectedBranch('improve%2Fawesome', false, { developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains an escaped slash: protects a single branch and developers can push and merge", () =>
    newProtectedBranch('improve%2Fawesome', false, { developers_can_push: true, developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains an escaped slash, when branch does not exist: returns 404", () =>
    branchActionRefusal.missing('protect', false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains an escaped slash, when the branch refname is invalid: returns 400", () =>
    branchActionRefusal.invalid('protect', false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when branch contains an escaped slash, when repository is disabled: returns 404", () =>
    branchActionRefusal.disabled('protect', 'improve%2Fawesome', false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path: protects a single branch", () =>
    newProtectedBranch('feature', true, undefined));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path: protects a single branch and developers can push", () =>
    newProtectedBranch('feature', true, { developers_can_push: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path: protects a single branch and developers can merge", () =>
    newProtectedBranch('feature', true, { developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path: protects a single branch and developers can push and merge", () =>
    newProtectedBranch('feature', true, { developers_can_push: true, developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when branch does not exist: returns 404", () =>
    branchActionRefusal.missing('protect', true));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when the branch refname is invalid: returns 400", () =>
    branchActionRefusal.invalid('protect', true));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when repository is disabled: returns 404", () =>
    branchActionRefusal.disabled('protect', 'feature', true));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when branch contains a dot: protects a single branch", () =>
    newProtectedBranch('ends-with.json', true, undefined));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when branch contains a dot: protects a single branch and developers can push", () =>
    newProtectedBranch('ends-with.json', true, { developers_can_push: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when branch contains a dot: protects a single branch and developers can merge", () =>
    newProtectedBranch('ends-with.json', true, { developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when branch contains a dot: protects a single branch and developers can push and merge", () =>
    newProtectedBranch('ends-with.json', true, { developers_can_push: true, developers_can_merge: true }));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when branch contains a dot, when branch does not exist: returns 404", () =>
    branchActionRefusal.missing('protect', true));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when branch contains a dot, when the branch refname is invalid: returns 400", () =>
    branchActionRefusal.invalid('protect', true));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when branch contains a dot, when repository is disabled: returns 404", () =>
    branchActionRefusal.disabled('protect', 'ends-with.json', true));
  it('when authenticated, as a maintainer, when protected branch already exists, when developers can push and merge: updates that a developer cannot push or merge', () =>
    updatesProtection(30, false));
  it('when authenticated, as a maintainer, when protected branch already exists, when developers cannot push or merge: updates that a developer can push and merge', () =>
    updatesProtection(40, true));
});

describe('PUT /projects/:id/repository/branches/:branch/unprotect', () => {
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    const mock = branchWorld('private');
    expect((await api(mock, 'PUT', branchAction(mock, 'unprotect', 'feature'), USER)).status).toBe(200);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('when unauthenticated, and project is private: returns 404', () =>
    branchActionRefusal.anonymousPrivate('unprotect'));
  it('when authenticated, as a guest: returns 403', () => branchActionRefusal.guest('unprotect'));
  it('when authenticated, as a maintainer, when branch is protected: unprotects a single branch', () =>
    unprotectedBranch.unprotects('feature', false));
  it('when authenticated, as a maintainer, when branch is not protected: returns a single branch response', () =>
    unprotectedBranch.notProtected('feature', false));
  it('when authenticated, as a maintainer, when branch does not exist: returns 404', () =>
    branchActionRefusal.missing('unprotect', false));
  it('when authenticated, as a maintainer, when the branch refname is invalid: returns 400', () =>
    branchActionRefusal.invalid('unprotect', false));
  it('when authenticated, as a maintainer, when repository is disabled: returns 404', () =>
    branchActionRefusal.disabled('unprotect', 'feature', false));
  it('when authenticated, as a maintainer, when branch contains a dot, when branch is protected: unprotects a single branch', () =>
    unprotectedBranch.unprotects('ends-with.json', false));
  it('when authenticated, as a maintainer, when branch contains a dot, when branch is not protected: returns a single branch response', () =>
    unprotectedBranch.notProtected('ends-with.json', false));
  it('when authenticated, as a maintainer, when branch contains a dot, when branch does not exist: returns 404', () =>
    branchActionRefusal.missing('unprotect', false));
  it('when authenticated, as a maintainer, when branch contains a dot, when the branch refname is invalid: returns 400', () =>
    branchActionRefusal.invalid('unprotect', false));
  it('when authenticated, as a maintainer, when branch contains a dot, when repository is disabled: returns 404', () =>
    branchActionRefusal.disabled('unprotect', 'ends-with.json', false));
  it('when authenticated, as a maintainer, when branch contains a slash: returns 404', () =>
    branchActionRefusal.slash('unprotect'));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when branch is protected: unprotects a single branch', () =>
    unprotectedBranch.unprotects('improve%2Fawesome', false));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when branch is not protected: returns a single branch response', () =>
    unprotectedBranch.notProtected('improve%2Fawesome', false));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when branch does not exist: returns 404', () =>
    branchActionRefusal.missing('unprotect', false));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when the branch refname is invalid: returns 400', () =>
    branchActionRefusal.invalid('unprotect', false));
  it('when authenticated, as a maintainer, when branch contains an escaped slash, when repository is disabled: returns 404', () =>
    branchActionRefusal.disabled('unprotect', 'improve%2Fawesome', false));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch is protected: unprotects a single branch', () =>
    unprotectedBranch.unprotects('feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch is not protected: returns a single branch response', () =>
    unprotectedBranch.notProtected('feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch does not exist: returns 404', () =>
    branchActionRefusal.missing('unprotect', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when the branch refname is invalid: returns 400', () =>
    branchActionRefusal.invalid('unprotect', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when repository is disabled: returns 404', () =>
    branchActionRefusal.disabled('unprotect', 'feature', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when branch is protected: unprotects a single branch', () =>
    unprotectedBranch.unprotects('ends-with.json', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when branch is not protected: returns a single branch response', () =>
    unprotectedBranch.notProtected('ends-with.json', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when branch does not exist: returns 404', () =>
    branchActionRefusal.missing('unprotect', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when the branch refname is invalid: returns 400', () =>
    branchActionRefusal.invalid('unprotect', true));
  it('when authenticated, as a maintainer, requesting with the escaped project full path, when branch contains a dot, when repository is disabled: returns 404', () =>
    branchActionRefusal.disabled('unprotect', 'ends-with.json', true));
});

describe('POST /projects/:id/repository/branches', () => {
  let priv: MockGitLab;
  beforeEach(() => {
    priv = createMockGitLab({ seed: seedOf('private') });
  });
  const created = { branch: 'feature1', ref: BRANCH_SHA };
  const branchCount = (mock: MockGitLab) => [...mock.world.projects.values()][0]?.branches.size;

  async function createsNewBranch(escaped: boolean) {
    const answer = await api(priv, 'POST', route(priv, escaped), USER, created);
    expect(answer.status).toBe(201);
    z.parse(Branch, answer.body);
    expect(answer.body.name).toBe('feature1');
    expect(answer.body.commit.id).toBe(BRANCH_SHA);
  }
  async function disabledRepository(escaped: boolean) {
    const mock = branchWorld('private', { repository: 'disabled' });
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'POST', route(mock, escaped), USER),
    );
    expect(answer.status).toBe(404);
    expect(unchanged).toBe(true);
  }

  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(priv, 'POST', route(priv), USER, created)).status).toBe(201);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );

  it('when unauthenticated, and project is private: returns 404', async () => {
    const { answer, unchanged } = await refusedUnchanged(priv, undefined, () => api(priv, 'POST', route(priv)));
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Project Not Found');
    expect(unchanged).toBe(true);
  });

  it('when authenticated, as a guest: returns 403', async () => {
    const { answer, unchanged } = await refusedUnchanged(priv, GUEST, () =>
      api(priv, 'POST', route(priv), GUEST, created),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it("when authenticated, as a maintainer, when a protected branch doesn't already exist: creates a new branch", () =>
    createsNewBranch(false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, when repository is disabled: returns 404", () =>
    disabledRepository(false));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path: creates a new branch", () =>
    createsNewBranch(true));
  it("when authenticated, as a maintainer, when a protected branch doesn't already exist, requesting with the escaped project full path, when repository is disabled: returns 404", () =>
    disabledRepository(true));

  it('returns 400 if branch name is invalid', async () => {
    const { answer, unchanged } = await refusedUnchanged(priv, USER, () =>
      api(priv, 'POST', route(priv), USER, { branch: 'new design', ref: BRANCH_SHA }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Branch name is invalid');
    expect(unchanged).toBe(true);
  });

  it('returns 400 if branch already exists', async () => {
    expect((await api(priv, 'POST', route(priv), USER, { branch: 'new_design1', ref: BRANCH_SHA })).status).toBe(201);
    const before = branchCount(priv);
    const answer = await api(priv, 'POST', route(priv), USER, { branch: 'new_design1', ref: BRANCH_SHA });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Branch already exists');
    expect(branchCount(priv)).toBe(before);
  });

  it('returns 400 if ref name is invalid', async () => {
    const { answer, unchanged } = await refusedUnchanged(priv, USER, () =>
      api(priv, 'POST', route(priv), USER, { branch: 'new_design3', ref: 'foo' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Failed to create branch 'new_design3': invalid reference name 'foo'");
    expect(unchanged).toBe(true);
  });

  it('when authenticated with a token that has the ai_workflows scope: returns the repository branches successfully', async () => {
    const answer = await call(priv, 'POST', route(priv), {
      headers: { authorization: `Bearer ${AI_WORKFLOWS}` },
      json: created,
    });
    expect(answer.status).toBe(201);
    z.parse(Branch, answer.body);
    expect(answer.body.name).toBe('feature1');
    expect(answer.body.commit.id).toBe(BRANCH_SHA);
  });
});

describe('DELETE /projects/:id/repository/branches/:branch', () => {
  let priv: MockGitLab;
  beforeEach(() => {
    priv = createMockGitLab({ seed: seedOf('private') });
  });
  const has = (mock: MockGitLab, name: string) => [...mock.world.projects.values()][0]?.branches.has(name);

  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(priv, 'DELETE', route(priv, false, '/feature'), USER)).status).toBe(204);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );

  it('removes branch', async () => {
    expect((await api(priv, 'DELETE', route(priv, false, '/feature'), USER)).status).toBe(204);
    expect(has(priv, 'feature')).toBe(false);
  });

  it('removes a branch with dots in the branch name', async () => {
    expect((await api(priv, 'DELETE', route(priv, false, '/ends-with.json'), USER)).status).toBe(204);
    expect(has(priv, 'ends-with.json')).toBe(false);
  });

  it('returns 404 if branch not exists', async () => {
    expect((await api(priv, 'DELETE', route(priv, false, '/foobar'), USER)).status).toBe(404);
  });

  it('when the branch refname is invalid: returns 400', async () => {
    const { answer, unchanged } = await refusedUnchanged(priv, USER, () =>
      api(priv, 'DELETE', route(priv, false, '/branch*'), USER),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The branch refname is invalid');
    expect(unchanged).toBe(true);
  });

  it('412 response, for a modified resource: returns 412 with a JSON error', async () => {
    const { answer, unchanged } = await refusedUnchanged(priv, USER, () =>
      call(priv, 'DELETE', route(priv, false, '/feature'), {
        token: USER,
        headers: { 'if-unmodified-since': '1990-01-12T00:00:48-0600' },
      }),
    );
    expect(answer.status).toBe(412);
    expect(answer.body).toEqual({ message: '412 Precondition Failed' });
    expect(unchanged).toBe(true);
  });

  it('412 response, for an unmodified resource: returns 204 with an empty body', async () => {
    const answer = await call(priv, 'DELETE', route(priv, false, '/feature'), {
      token: USER,
      headers: { 'if-unmodified-since': new Date().toUTCString() },
    });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });
});

describe('DELETE /projects/:id/repository/merged_branches', () => {
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    const mock = branchWorld('private');
    expect((await api(mock, 'DELETE', mergedBranches(mock), USER)).status).toBe(202);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('returns 202 with json body', async () => {
    const mock = branchWorld('private');
    const answer = await api(mock, 'DELETE', mergedBranches(mock), USER);
    expect(answer.status).toBe(202);
    expect(answer.body.message).toBe('202 Accepted');
  });
  it('returns a 403 error if guest', async () => {
    const mock = branchWorld('private');
    const { answer, unchanged } = await refusedUnchanged(mock, GUEST, () =>
      api(mock, 'DELETE', mergedBranches(mock), GUEST),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });
  it('when user is not authorized and project is public: returns a 403 error', async () => {
    const mock = branchWorld('public');
    const { answer, unchanged } = await refusedUnchanged(mock, undefined, () =>
      api(mock, 'DELETE', mergedBranches(mock)),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });
});

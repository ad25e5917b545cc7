import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { ProtectedBranch } from '../../src/index.js';
import { call } from '../fixtures.js';
import { api, hasPaginationHeaders, notPorted, refusedUnchanged } from './api.js';

/**
 * GitLab's `spec/requests/api/protected_branches_spec.rb`, ported as HTTP
 * requests to the mock: each GitLab example is one test, named as GitLab names
 * it, the shared examples expanded where they run. docs/gitlab-specs.md lists
 * them (a test keeps it in step).
 */

const MAINTAINER = 'glpat-spec-maintainer';
const DEVELOPER = 'glpat-spec-developer';
const GUEST = 'glpat-spec-guest';

/** The spec's project with `protected_name` protected (GitLab's `let!(:protected_branch)`). */
function seedOf(protectedName = 'feature', more: SeedDocument['projects'] = []): SeedDocument {
  return {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'maintainer', token: MAINTAINER },
      { username: 'developer', token: DEVELOPER },
      { username: 'guest', token: GUEST },
    ],
    projects: [
      {
        path: 'maintainer/project',
        members: { developer: 30, guest: 10 },
        branches: ['feature', 'my.feature', 'stable', 'feature/one'],
        protected_branches: [protectedName],
      },
      ...more,
    ],
  };
}

const ROUTE = '/projects/maintainer%2Fproject/protected_branches';
const names = (body: { name: string }[]) => body.map((b) => b.name);

describe('GET /projects/:id/protected_branches', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: seedOf() });
  });

  async function returnsTheProtectedBranches(token: string, params: Record<string, unknown>, expected: string[]) {
    const answer = await api(mock, 'GET', ROUTE, token, { ...params, per_page: 100 });
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    z.parse(z.array(ProtectedBranch), answer.body);
    expect(names(answer.body).sort()).toEqual(expected.sort());
  }

  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(mock, 'GET', ROUTE, MAINTAINER)).status).toBe(200);
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

  it('when authenticated as a maintainer, when search param is not present: returns the protected branches', () =>
    returnsTheProtectedBranches(MAINTAINER, {}, ['feature']));

  it('when authenticated as a maintainer, when search param is present: returns the protected branches', async () => {
    expect((await api(mock, 'POST', ROUTE, MAINTAINER, { name: 'stable' })).status).toBe(201);
    await returnsTheProtectedBranches(MAINTAINER, { search: 'stable' }, ['stable']);
  });

  it('when authenticated as a developer: returns the protected branches', () =>
    returnsTheProtectedBranches(DEVELOPER, {}, ['feature']));

  it('when authenticated as a guest: returns 403', async () => {
    expect((await api(mock, 'GET', ROUTE, GUEST)).status).toBe(403);
  });
});

describe('GET /projects/:id/protected_branches/:branch', () => {
  /** GitLab's shared examples 'protected branch': the protection of `name`, read by `token`. */
  const protectedBranch = {
    async returnsIt(token: string, name: string) {
      const mock = createMockGitLab({ seed: seedOf(name) });
      const answer = await api(mock, 'GET', `${ROUTE}/${encodeURIComponent(name)}`, token);
      expect(answer.status).toBe(200);
      z.parse(ProtectedBranch, answer.body);
      expect(answer.body.name).toBe(name);
      expect(answer.body.allow_force_push).toBe(false);
      expect(answer.body.push_access_levels[0].access_level).toBe(40);
      expect(answer.body.merge_access_levels[0].access_level).toBe(40);
    },
    async missing(token: string, name: string) {
      const mock = createMockGitLab({ seed: seedOf(name) });
      const answer = await api(mock, 'GET', `${ROUTE}/unknown`, token);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('404 Not found');
    },
  };

  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    const mock = createMockGitLab({ seed: seedOf() });
    expect((await api(mock, 'GET', `${ROUTE}/feature`, MAINTAINER)).status).toBe(200);
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

  it('when authenticated as a maintainer: returns the protected branch', () =>
    protectedBranch.returnsIt(MAINTAINER, 'feature'));
  it('when authenticated as a maintainer, when protected branch does not exist: returns 404', () =>
    protectedBranch.missing(MAINTAINER, 'feature'));
  it('when authenticated as a maintainer, when protected branch contains a wildcard: returns the protected branch', () =>
    protectedBranch.returnsIt(MAINTAINER, 'feature*'));
  it('when authenticated as a maintainer, when protected branch contains a wildcard, when protected branch does not exist: returns 404', () =>
    protectedBranch.missing(MAINTAINER, 'feature*'));
  it('when authenticated as a maintainer, when protected branch contains a period: returns the protected branch', () =>
    protectedBranch.returnsIt(MAINTAINER, 'my.feature'));
  it('when authenticated as a maintainer, when protected branch contains a period, when protected branch does not exist: returns 404', () =>
    protectedBranch.missing(MAINTAINER, 'my.feature'));

  // skip: the mock does not model deploy keys (a push access level of a deploy key)
  notPorted('when authenticated as a maintainer, when a deploy key is present: returns deploy key information');

  it('when authenticated as a maintainer, when a deploy key is not present: returns null deploy key field', async () => {
    // GitLab adds a second push access level; the mock keeps one per protection, which has no deploy key either.
    const mock = createMockGitLab({ seed: seedOf() });
    const answer = await api(mock, 'GET', `${ROUTE}/feature`, MAINTAINER);
    expect(answer.body.push_access_levels).toContainEqual(expect.objectContaining({ deploy_key_id: null }));
  });

  it('when authenticated as a developer: returns the protected branch', () =>
    protectedBranch.returnsIt(DEVELOPER, 'feature'));
  it('when authenticated as a developer, when protected branch does not exist: returns 404', () =>
    protectedBranch.missing(DEVELOPER, 'feature'));

  it('when authenticated as a guest: returns 403', async () => {
    const mock = createMockGitLab({ seed: seedOf() });
    expect((await api(mock, 'GET', `${ROUTE}/feature`, GUEST)).status).toBe(403);
  });
});

describe('POST /projects/:id/protected_branches', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: seedOf() });
  });

  /** A protection of `new_branch` with `params`, and the push and merge levels it answers. */
  async function protects(params: Record<string, unknown>, push: number, merge: number, forcePush = false) {
    const answer = await api(mock, 'POST', ROUTE, MAINTAINER, { name: 'new_branch', ...params });
    expect(answer.status).toBe(201);
    z.parse(ProtectedBranch, answer.body);
    expect(answer.body.name).toBe('new_branch');
    expect(answer.body.allow_force_push).toBe(forcePush);
    expect(answer.body.push_access_levels[0].access_level).toBe(push);
    expect(answer.body.merge_access_levels[0].access_level).toBe(merge);
  }
  async function refused(token: string) {
    const { answer, unchanged } = await refusedUnchanged(mock, token, () =>
      api(mock, 'POST', ROUTE, token, { name: 'new_branch' }),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  }

  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(mock, 'POST', ROUTE, MAINTAINER, { name: 'new_branch' })).status).toBe(201);
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

  it('when authenticated as a maintainer: protects a single branch', () => protects({}, 40, 40));
  it('when authenticated as a maintainer: protects a single branch and developers can push', () =>
    protects({ push_access_level: 30 }, 30, 40));
  it('when authenticated as a maintainer: protects a single branch and developers can merge', () =>
    protects({ merge_access_level: 30 }, 40, 30));
  it('when authenticated as a maintainer: protects a single branch and developers can push and merge', () =>
    protects({ push_access_level: 30, merge_access_level: 30 }, 30, 30));
  it('when authenticated as a maintainer: protects a single branch and no one can push', () =>
    protects({ push_access_level: 0 }, 0, 40));
  it('when authenticated as a maintainer: protects a single branch and no one can merge', () =>
    protects({ merge_access_level: 0 }, 40, 0));
  it('when authenticated as a maintainer: protects a single branch and no one can push or merge', () =>
    protects({ push_access_level: 0, merge_access_level: 0 }, 0, 0));
  it('when authenticated as a maintainer: protects a single branch and allows force pushes', () =>
    protects({ allow_force_push: true }, 40, 40, true));

  it('when authenticated as a maintainer: returns a 409 error if the same branch is protected twice', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, MAINTAINER, () =>
      api(mock, 'POST', ROUTE, MAINTAINER, { name: 'feature' }),
    );
    expect(answer.status).toBe(409);
    expect(unchanged).toBe(true);
  });

  it('when authenticated as a maintainer, when branch has a wildcard in its name: protects multiple branches with a wildcard in the name', async () => {
    const answer = await api(mock, 'POST', ROUTE, MAINTAINER, { name: 'feature/*' });
    expect(answer.status).toBe(201);
    expect(answer.body.name).toBe('feature/*');
    expect(answer.body.push_access_levels[0].access_level).toBe(40);
    expect(answer.body.merge_access_levels[0].access_level).toBe(40);
  });

  // skip: stubs `Ability.allowed?` to refuse `create_protected_branch` to a Maintainer; no request can make a policy refuse so
  notPorted(
    'when authenticated as a maintainer, when a policy restricts rule creation: prevents creations of the protected branch rule',
  );

  it('when authenticated as a developer: returns a 403 error', () => refused(DEVELOPER));
  it('when authenticated as a guest: returns a 403 error', () => refused(GUEST));
});

describe('PATCH /projects/:id/protected_branches/:name', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: seedOf() });
  });
  const forcePush = () =>
    [...mock.world.protectedBranches.values()].find((b) => b.name === 'feature')?.allow_force_push;
  const patch = (token: string, params: Record<string, unknown>) =>
    call(mock, 'PATCH', `${ROUTE}/feature`, { token, json: params });
  async function refused(token: string) {
    const { answer, unchanged } = await refusedUnchanged(mock, token, () => patch(token, { allow_force_push: true }));
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  }

  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await patch(MAINTAINER, { allow_force_push: true })).status).toBe(200);
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

  it('when authenticated as a maintainer: updates a single branch', async () => {
    expect(forcePush()).toBe(false);
    expect((await patch(MAINTAINER, { allow_force_push: true })).status).toBe(200);
    expect(forcePush()).toBe(true);
  });

  it('when authenticated as a maintainer, when allow_force_push is not set: responds with a bad request error', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, MAINTAINER, () =>
      patch(MAINTAINER, { allow_force_push: null }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('allow_force_push is empty');
    expect(unchanged).toBe(true);
  });

  // skip: stubs `ProtectedBranch#valid?` to fail; no request makes a valid protection invalid
  notPorted('when returned protected branch is invalid: returns a 422');

  it('when authenticated as a developer: returns a 403 error', () => refused(DEVELOPER));
  it('when authenticated as a guest: returns a 403 error', () => refused(GUEST));
});

describe('DELETE /projects/:id/protected_branches/unprotect/:branch', () => {
  const remove = (mock: MockGitLab, token: string, name = 'feature', headers: Record<string, string> = {}) =>
    call(mock, 'DELETE', `${ROUTE}/${encodeURIComponent(name)}`, { token, headers });
  async function refused(token: string) {
    const mock = createMockGitLab({ seed: seedOf() });
    const { answer, unchanged } = await refusedUnchanged(mock, token, () => remove(mock, token));
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  }
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: seedOf() });
  });

  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await remove(mock, MAINTAINER)).status).toBe(204);
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

  it('when authenticated as a maintainer: unprotects a single branch', async () => {
    expect((await remove(mock, MAINTAINER)).status).toBe(204);
    expect(mock.world.protectedBranches.size).toBe(0);
  });

  it('when authenticated as a maintainer, 412 response, for a modified resource: returns 412 with a JSON error', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, MAINTAINER, () =>
      remove(mock, MAINTAINER, 'feature', { 'if-unmodified-since': '1990-01-12T00:00:48-0600' }),
    );
    expect(answer.status).toBe(412);
    expect(answer.body).toEqual({ message: '412 Precondition Failed' });
    expect(unchanged).toBe(true);
  });

  it('when authenticated as a maintainer, 412 response, for an unmodified resource: returns 204 with an empty body', async () => {
    const answer = await remove(mock, MAINTAINER, 'feature', { 'if-unmodified-since': new Date().toUTCString() });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });

  it('when authenticated as a maintainer: returns 404 if branch does not exist', async () => {
    expect((await remove(mock, MAINTAINER, 'barfoo')).status).toBe(404);
  });

  // skip: stubs `Ability.allowed?` to refuse `destroy_protected_branch` to a Maintainer; no request can make a policy refuse so
  notPorted(
    'when authenticated as a maintainer, when a policy restricts rule deletion: prevents deletion of the protected branch rule',
  );

  it('when authenticated as a maintainer, when branch has a wildcard in its name: unprotects a wildcard branch', async () => {
    const wildcard = createMockGitLab({ seed: seedOf('feature*') });
    expect((await remove(wildcard, MAINTAINER, 'feature*')).status).toBe(204);
  });

  it('when authenticated as a developer: returns a 403 error', () => refused(DEVELOPER));
  it('when authenticated as a guest: returns a 403 error', () => refused(GUEST));
});

import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../mock/index.js';
import { client, createTestMock, failure } from './fixtures.js';

/**
 * GitLab 18.6's roles where they differ from older or newer GitLab (GITLAB-NOTES-2026-11 Part B §1, §2, §4):
 * protected branches read with `read_code`, a Planner of a private project reads merge requests but not
 * code, and a member of only a project inside a private group sees the group but not its members.
 */

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'alice', token: 'glpat-alice' },
    { username: 'planner', token: 'glpat-planner' },
    { username: 'dev', token: 'glpat-dev' },
  ],
  groups: [{ path: 'acme', plan: 'premium', members: { alice: 50, planner: 15 } }, { path: 'acme/team' }],
  projects: [
    {
      path: 'acme/api',
      members: { dev: 30 },
      protected_branches: ['main'],
      branches: ['feature'],
      merge_requests: [{ title: 'Change', author: 'alice', source_branch: 'feature' }],
    },
  ],
};

describe("GitLab 18.6's roles", () => {
  it('a Planner of a private project reads its merge requests (200) but not its branches or protected branches (403)', async () => {
    const mock = createTestMock(seed);
    const planner = client(mock, 'glpat-planner');
    expect((await planner.projects.mergeRequests.list('acme/api').toArray()).map((m) => m.title)).toEqual(['Change']);
    expect((await planner.projects.mergeRequests.get('acme/api', 1)).title).toBe('Change');
    for (const call of [
      () => planner.projects.branches.list('acme/api').toArray(),
      () => planner.projects.protectedBranches.list('acme/api').toArray(),
    ]) {
      const refused = await failure(call());
      expect([refused.status, refused.body]).toEqual([403, { message: '403 Forbidden' }]);
    }
    // GitLab 18.6 reads a merge request's approvals with `read_merge_request` too
    // (`find_merge_request_with_access`, ee/lib/ee/api/merge_request_approvals.rb): Planners read them.
    // SPEC 5 said Reporter; GitLab's source says otherwise, and the mock follows GitLab.
    expect((await planner.projects.mergeRequests.approvals.get('acme/api', 1)).iid).toBe(1);
    await expect(planner.projects.mergeRequests.approvalRules.list('acme/api', 1).toArray()).resolves.toEqual(
      expect.any(Array),
    );
  });

  it("a Developer of only a project sees its private group, milestones and subgroups, but not the group's members (403)", async () => {
    const mock = createTestMock(seed);
    const dev = client(mock, 'glpat-dev');
    expect((await dev.groups.get('acme')).full_path).toBe('acme');
    expect(await dev.groups.milestones.list('acme').toArray()).toEqual([]);
    expect(await dev.groups.subgroups('acme').toArray()).toEqual([]);
    const members = await failure(dev.groups.members.list('acme').toArray());
    expect([members.status, members.body]).toEqual([403, { message: '403 Forbidden' }]);
  });
});

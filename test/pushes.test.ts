import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, SeedError, type SeedMergeRequest } from '../mock/index.js';
import { ConflictError, type GitLab, UnauthorizedError } from '../src/index.js';
import { API, approvalsSeed, createApprovalsMock, HEAD } from './approvals-fixtures.js';
import { client, failure } from './fixtures.js';

// Pushes to a merge request (a test-setup action, as GitLab's MergeRequests::RefreshService
// handles a push): the head moves, the pusher becomes a committer, approvals reset per settings.

let mock: MockGitLab;
let dev: GitLab;
let reviewer: GitLab;
let maintainer: GitLab;

beforeEach(() => {
  mock = createApprovalsMock();
  dev = client(mock, 'glpat-dev');
  reviewer = client(mock, 'glpat-reviewer');
  maintainer = client(mock, 'glpat-maintainer');
});

const NEW_HEAD = 'a'.repeat(40);
const approvedBy = async () =>
  (await dev.projects.mergeRequests.approvals.get(API, 1)).approved_by.map((a) => a.user.username).sort();
const settings = (values: { retain_approvals_on_push?: boolean; selective_code_owner_removals?: boolean }) =>
  maintainer.projects.approvalSettings.update(API, values);

describe('a push', () => {
  it('moves the head: approving with the old sha is 409, with the new one it works', async () => {
    const pushed = mock.mergeRequests.push(API, 1, { sha: NEW_HEAD, author: 'committer' });
    expect(pushed).toEqual({ sha: NEW_HEAD, author: 'committer', at: '2026-06-01T09:00:00.000Z' });
    const stale = await failure(dev.projects.mergeRequests.approvals.approve(API, 1, { sha: HEAD }));
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale.gitlabMessage).toBe(`SHA does not match HEAD of source branch: ${NEW_HEAD}`);
    await dev.projects.mergeRequests.approvals.approve(API, 1, { sha: NEW_HEAD });
    expect(await approvedBy()).toEqual(['dev']);
  });

  it('makes up a new sha from the seeded random source when none is given, the same in every fresh mock', () => {
    const sha = mock.mergeRequests.push(API, 1, { author: 'dev' }).sha;
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(sha).not.toBe(HEAD);
    expect(createApprovalsMock().mergeRequests.push(API, 1, { author: 'dev' }).sha).toBe(sha);
  });

  it('makes the pusher a committer, who may then not approve while committers may not', async () => {
    await maintainer.projects.approvalSettings.update(API, { allow_committer_approval: false });
    mock.mergeRequests.push(API, 1, { sha: NEW_HEAD, author: 'reviewer' });
    const error = await failure(reviewer.projects.mergeRequests.approvals.approve(API, 1));
    expect(error).toBeInstanceOf(UnauthorizedError);
    // Dev did not push: still eligible.
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    expect(await approvedBy()).toEqual(['dev']);
  });

  it('removes every approval while the project resets approvals on push (its default)', async () => {
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    mock.mergeRequests.push(API, 1, { sha: NEW_HEAD, author: 'author' });
    expect(await approvedBy()).toEqual([]);
    // The removed approvals are gone for their authors too: dev has not approved and may approve again.
    const approvals = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(approvals).toMatchObject({ user_has_approved: false, user_can_approve: true });
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    expect(await approvedBy()).toEqual(['dev']);
  });

  it('keeps approvals while the project retains them on push', async () => {
    await settings({ retain_approvals_on_push: true });
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    mock.mergeRequests.push(API, 1, { sha: NEW_HEAD, author: 'author' });
    expect(await approvedBy()).toEqual(['dev', 'reviewer']);
  });

  it('with selective code owner removals, removes only the approvals of code owners (every code owner rule counts as touched)', async () => {
    const project = mock.world.projects.get(1)!;
    mock.seed.approvalRule(project, {
      name: 'Backend owners',
      rule_type: 'code_owner',
      approvals_required: 1,
      users: ['reviewer'],
    });
    mock.seed.approvalRule(project, { name: 'Security', approvals_required: 2, users: ['dev', 'maintainer'] });
    await settings({ retain_approvals_on_push: true, selective_code_owner_removals: true });
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    const before = await dev.projects.mergeRequests.approvals.state(API, 1);
    expect(before.rules.find((r) => r.name === 'Backend owners')?.approved).toBe(true);

    mock.mergeRequests.push(API, 1, { sha: NEW_HEAD, author: 'author' });
    expect(await approvedBy()).toEqual(['dev']);
    const after = await dev.projects.mergeRequests.approvals.state(API, 1);
    expect(after.rules.find((r) => r.name === 'Backend owners')).toMatchObject({ approved: false, approved_by: [] });
    expect(after.rules.find((r) => r.name === 'Security')?.approved_by?.map((a) => a.username)).toEqual(['dev']);
  });

  it('refuses bad pushes by name and changes nothing', async () => {
    await settings({ retain_approvals_on_push: false });
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    const before = structuredClone(mock.world.mergeRequests);
    const refused = (push: () => unknown) => {
      try {
        push();
      } catch (error) {
        expect(error).toBeInstanceOf(SeedError);
        return (error as SeedError).message;
      }
      throw new Error('expected a SeedError');
    };
    expect(refused(() => mock.mergeRequests.push(API, 1, { sha: 'abc', author: 'dev' }))).toBe(
      'sha: expected 40 lowercase hex characters',
    );
    expect(refused(() => mock.mergeRequests.push(API, 1, { sha: HEAD, author: 'dev' }))).toBe(
      'sha: already the head of the merge request',
    );
    expect(refused(() => mock.mergeRequests.push(API, 1, { author: 'nobody' }))).toBe('author: unknown user');
    expect(refused(() => mock.mergeRequests.push(API, 1, { author: 'dev', extra: 1 } as never))).toBe(
      'extra: unknown key',
    );
    expect(refused(() => mock.mergeRequests.push(API, 2, { author: 'dev' }))).toBe(
      'merge request !2 is merged: only open ones take pushes',
    );
    expect(refused(() => mock.mergeRequests.push(API, 9, { author: 'dev' }))).toBe(
      'no merge request !9 in project acme/platform/api',
    );
    expect(refused(() => mock.mergeRequests.push('acme/nope', 1, { author: 'dev' }))).toBe(
      'no merge request !1 in project acme/nope',
    );
    expect(mock.world.mergeRequests).toEqual(before);
    expect(await approvedBy()).toEqual(['dev']);
  });

  it('takes the project by id as well as by path, and records the push', () => {
    mock.clock.advance({ hours: 2 });
    mock.mergeRequests.push(1, 1, { sha: NEW_HEAD, author: 'committer' });
    const mr = [...mock.world.mergeRequests.values()].find((m) => m.project_id === 1 && m.iid === 1)!;
    expect(mr).toMatchObject({ sha: NEW_HEAD, updated_at: '2026-06-01T11:00:00.000Z' });
    expect(mr.pushes).toEqual([{ sha: NEW_HEAD, author_id: mock.users.committer!.id, at: '2026-06-01T11:00:00.000Z' }]);
  });
});

describe('a committer pushing again', () => {
  it('stays one committer: the export lists each committer once, pushes in order', () => {
    const exported = () =>
      mock
        .exportState()
        .projects?.find((p) => p.path === API)
        ?.merge_requests?.find((mr) => mr.iid === 1);
    expect(exported()?.committers).toEqual(['author', 'committer']);
    mock.mergeRequests.push(API, 1, { sha: NEW_HEAD, author: 'committer' });
    mock.mergeRequests.push(API, 1, { sha: 'b'.repeat(40), author: 'dev' });
    mock.mergeRequests.push(API, 1, { sha: 'c'.repeat(40), author: 'dev' });
    expect(exported()).toMatchObject({
      committers: ['author', 'committer', 'dev'],
      pushes: [
        { sha: NEW_HEAD, author: 'committer' },
        { sha: 'b'.repeat(40), author: 'dev' },
        { sha: 'c'.repeat(40), author: 'dev' },
      ],
    });
  });
});

describe('pushes in the seed document', () => {
  const seedWith = (mr: Omit<SeedMergeRequest, 'iid' | 'title'>) =>
    createMockGitLab({
      seed: {
        ...approvalsSeed,
        projects: [{ ...approvalsSeed.projects![0]!, merge_requests: [{ iid: 1, title: 'Add login', ...mr }] }],
      },
    });

  it('applies them in order, before the approvals it lists', async () => {
    const seeded = seedWith({
      author: 'author',
      sha: HEAD,
      pushes: [
        { sha: 'b'.repeat(40), author: 'reviewer', at: '2026-05-30T10:00:00Z' },
        { sha: NEW_HEAD, author: 'dev', at: '2026-05-31T10:00:00Z' },
      ],
      approvals: ['maintainer'],
    });
    const status = await client(seeded, 'glpat-dev').projects.mergeRequests.approvals.get(API, 1);
    expect(status.approved_by.map((a) => a.user.username)).toEqual(['maintainer']);
    const mr = [...seeded.world.mergeRequests.values()][0]!;
    expect(mr).toMatchObject({ sha: NEW_HEAD, updated_at: '2026-05-31T10:00:00.000Z' });
    expect(mr.committer_ids).toEqual([seeded.users.reviewer!.id, seeded.users.dev!.id]);
    const stale = await failure(
      client(seeded, 'glpat-owner').projects.mergeRequests.approvals.approve(API, 1, { sha: HEAD }),
    );
    expect(stale.status).toBe(409);
  });

  it('refuses a bad push with the path of the bad field', () => {
    expect(() => seedWith({ author: 'author', sha: HEAD, pushes: [{ sha: HEAD, author: 'dev' }] })).toThrow(
      'projects[0].merge_requests[0].pushes[0].sha: already the head of the merge request',
    );
    expect(() => seedWith({ author: 'author', pushes: [{ author: 'ghost' }] })).toThrow(
      'projects[0].merge_requests[0].pushes[0].author: unknown user',
    );
  });
});

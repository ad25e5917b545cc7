import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { call } from './fixtures.js';

// An archived project is read-only wherever GitLab's ProjectPolicy says so (`rule { archived }` with
// ArchivedAbilities: push_code, change_namespace, create_merge_request_*, and create/update/admin of
// issues, merge requests, labels, milestones, approvers); its settings, members, hooks and tokens stay
// manageable (admin_project is not an archived ability). Each write is refused 403 with the world unchanged.

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'self-managed', plan: 'premium' },
  users: [
    { username: 'owner', token: 'glpat-owner' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'maria', token: 'glpat-maria' },
  ],
  groups: [{ path: 'acme', members: { owner: 50, dev: 30 } }],
  projects: [
    {
      path: 'acme/api',
      archived: true,
      branches: ['main', 'feature'],
      labels: [{ name: 'bug', color: '#ff0000' }],
      milestones: [{ title: 'v1' }],
      issues: [{ title: 'Crash' }],
      merge_requests: [{ iid: 1, title: 'Fix', author: 'owner', source_branch: 'feature', target_branch: 'main' }],
    },
  ],
};

let mock: MockGitLab;
const reason = () => mock.requests.list().at(-1)?.reason;
const state = () => {
  const { users: _users, ...rest } = mock.exportState();
  return rest;
};
const ARCHIVED = 'project acme/api is archived: it is read-only';

beforeEach(() => {
  mock = createMockGitLab({ seed });
});

/** A write refused because the project is archived: 403, GitLab's message, the archive's reason, nothing changed. */
async function refusedAsArchived(method: string, path: string, json: unknown = {}, token = 'glpat-owner') {
  const before = state();
  const answer = await call(mock, method, `/projects/acme%2Fapi${path}`, { token, json });
  expect([answer.status, answer.body]).toEqual([403, { message: '403 Forbidden' }]);
  expect(reason()).toBe(ARCHIVED);
  expect(state()).toEqual(before);
}

describe('an archived project is read-only', () => {
  it('issues: open and edit', async () => {
    await refusedAsArchived('POST', '/issues', { title: 'New' });
    await refusedAsArchived('PUT', '/issues/1', { title: 'Renamed' });
  });

  it('merge requests: open, edit', async () => {
    await refusedAsArchived('POST', '/merge_requests', { title: 'x', source_branch: 'feature', target_branch: 'main' });
    await refusedAsArchived('PUT', '/merge_requests/1', { title: 'Renamed' });
  });

  it('merge request approvals: approve and unapprove', async () => {
    await refusedAsArchived('POST', '/merge_requests/1/approve', {}, 'glpat-dev');
    await refusedAsArchived('POST', '/merge_requests/1/unapprove', {}, 'glpat-dev');
  });

  it('approval configuration (update_approvers)', async () => {
    await refusedAsArchived('POST', '/approvals', { approvals_before_merge: 2 });
  });

  it('labels: create, edit, delete', async () => {
    await refusedAsArchived('POST', '/labels', { name: 'new', color: '#00ff00' });
    await refusedAsArchived('PUT', '/labels/bug', { new_name: 'defect' });
    await refusedAsArchived('DELETE', '/labels/bug');
  });

  it('milestones: create, edit, delete', async () => {
    const [milestone] = (await call(mock, 'GET', '/projects/acme%2Fapi/milestones', { token: 'glpat-owner' })).body;
    await refusedAsArchived('POST', '/milestones', { title: 'v2' });
    await refusedAsArchived('PUT', `/milestones/${milestone.id}`, { title: 'v1.1' });
    await refusedAsArchived('DELETE', `/milestones/${milestone.id}`);
  });

  it('branches: create and delete (push_code)', async () => {
    await refusedAsArchived('POST', '/repository/branches', { branch: 'new', ref: 'main' });
    await refusedAsArchived('DELETE', '/repository/branches/feature');
  });

  it('transfer (change_namespace)', async () => {
    await refusedAsArchived('PUT', '/transfer', { namespace: 'owner' });
  });

  it('still reads everything, and lets its Owner manage settings, members, hooks and protected branches', async () => {
    expect((await call(mock, 'GET', '/projects/acme%2Fapi/merge_requests', { token: 'glpat-dev' })).status).toBe(200);
    expect((await call(mock, 'GET', '/projects/acme%2Fapi/approval_rules', { token: 'glpat-owner' })).status).toBe(200);
    const settings = await call(mock, 'PUT', '/projects/acme%2Fapi', {
      token: 'glpat-owner',
      json: { description: 'old' },
    });
    expect(settings.status).toBe(200);
    const member = await call(mock, 'POST', '/projects/acme%2Fapi/members', {
      token: 'glpat-owner',
      json: { username: 'maria', access_level: 30 },
    });
    expect(member.status).toBe(201);
    const hook = await call(mock, 'POST', '/projects/acme%2Fapi/hooks', {
      token: 'glpat-owner',
      json: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(hook.status).toBe(201);
    const protection = await call(mock, 'POST', '/projects/acme%2Fapi/protected_branches', {
      token: 'glpat-owner',
      json: { name: 'main' },
    });
    expect(protection.status).toBe(201);
  });

  it('unarchived, the same writes go through', async () => {
    await call(mock, 'POST', '/projects/acme%2Fapi/unarchive', { token: 'glpat-owner' });
    const issue = await call(mock, 'POST', '/projects/acme%2Fapi/issues', {
      token: 'glpat-owner',
      json: { title: 'New' },
    });
    expect(issue.status).toBe(201);
    const label = await call(mock, 'POST', '/projects/acme%2Fapi/labels', {
      token: 'glpat-owner',
      json: { name: 'new', color: '#00ff00' },
    });
    expect(label.status).toBe(201);
  });
});

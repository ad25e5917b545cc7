import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { call } from './fixtures.js';

// Feature access levels as GitLab's ProjectPolicy reads them (`access_allowed_to?`): `disabled` closes
// a feature to everyone, administrators included; `private` opens it to members from the feature's
// lowest role (Reporter for merge requests, Guest for issues and the repository); `enabled` to whoever
// reads the project. Merge requests (and their approvals) need the repository too.

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'self-managed', plan: 'premium' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [{ path: 'open', visibility: 'public', members: { owner: 50, guest: 10 } }],
  projects: [
    {
      path: 'open/site',
      visibility: 'public',
      branches: ['main', 'feature'],
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
const P = '/projects/open%2Fsite';

beforeEach(() => {
  mock = createMockGitLab({ seed });
});

/** Sets feature levels as its Owner would. */
async function setLevels(levels: Record<string, string>) {
  const answer = await call(mock, 'PUT', P, { token: 'glpat-owner', json: levels });
  expect(answer.status).toBe(200);
}

const get = (path: string, token: string) => call(mock, 'GET', `${P}${path}`, { token });

describe('merge_requests_access_level', () => {
  it('disabled: merge requests, their approvals and approval rules are 403 for everyone, admins included', async () => {
    await setLevels({ merge_requests_access_level: 'disabled' });
    for (const token of ['glpat-owner', 'glpat-root']) {
      for (const path of [
        '/merge_requests',
        '/merge_requests/1',
        '/merge_requests/1/approvals',
        '/merge_requests/1/approval_rules',
      ]) {
        const answer = await get(path, token);
        expect([path, answer.status, answer.body]).toEqual([path, 403, { message: '403 Forbidden' }]);
        expect(reason()).toBe('the merge requests feature of project open/site is disabled');
      }
    }
    const before = state();
    const open = await call(mock, 'POST', `${P}/merge_requests`, {
      token: 'glpat-owner',
      json: { title: 'x', source_branch: 'feature', target_branch: 'main' },
    });
    expect(open.status).toBe(403);
    const approve = await call(mock, 'POST', `${P}/merge_requests/1/approve`, { token: 'glpat-owner' });
    expect(approve.status).toBe(403);
    expect(state()).toEqual(before);
    const project = (await get('', 'glpat-owner')).body;
    expect([project.merge_requests_enabled, project.merge_requests_access_level]).toEqual([false, 'disabled']);
  });

  it('private: closed to a Guest and to a non-member of the public project, open to a Reporter and up', async () => {
    await setLevels({ merge_requests_access_level: 'private' });
    expect((await get('/merge_requests', 'glpat-guest')).status).toBe(403);
    expect(reason()).toBe('the merge requests feature of project open/site is private and guest is Guest in it');
    expect((await get('/merge_requests', 'glpat-outsider')).status).toBe(403);
    expect((await get('/merge_requests', 'glpat-owner')).status).toBe(200);
    expect((await get('/merge_requests/1/approvals', 'glpat-owner')).status).toBe(200);
  });

  it('enabled: open to a non-member of a public project', async () => {
    expect((await get('/merge_requests', 'glpat-outsider')).status).toBe(200);
  });
});

describe('repository_access_level', () => {
  it('disabled: branches 404 Repository Not Found, protected branches and merge requests 403', async () => {
    await setLevels({ repository_access_level: 'disabled' });
    const branches = await get('/repository/branches', 'glpat-owner');
    expect([branches.status, branches.body]).toEqual([404, { message: '404 Repository Not Found' }]);
    const protectedBranches = await get('/protected_branches', 'glpat-owner');
    expect(protectedBranches.status).toBe(403);
    expect((await get('/merge_requests', 'glpat-owner')).status).toBe(403);
    expect(reason()).toBe('the repository feature of project open/site is disabled');
    const project = (await get('', 'glpat-owner')).body;
    expect(project.default_branch).toBeUndefined();
  });

  it('private: a Guest member reads branches, a non-member gets 404', async () => {
    await setLevels({ repository_access_level: 'private' });
    expect((await get('/repository/branches', 'glpat-guest')).status).toBe(200);
    expect((await get('/repository/branches', 'glpat-outsider')).status).toBe(404);
  });
});

describe('issues_access_level', () => {
  it('disabled: the list is empty, an issue is 404, opening one is 403', async () => {
    await setLevels({ issues_access_level: 'disabled' });
    const list = await get('/issues', 'glpat-owner');
    expect([list.status, list.body]).toEqual([200, []]);
    expect((await get('/issues/1', 'glpat-owner')).status).toBe(404);
    const before = state();
    const open = await call(mock, 'POST', `${P}/issues`, { token: 'glpat-owner', json: { title: 'New' } });
    expect(open.status).toBe(403);
    expect(reason()).toBe('the issues feature of project open/site is disabled');
    expect(state()).toEqual(before);
    const project = (await get('', 'glpat-owner')).body;
    expect([project.issues_enabled, project.open_issues_count]).toEqual([false, undefined]);
  });

  it('private: a non-member of the public project sees no issues, a Guest member does', async () => {
    await setLevels({ issues_access_level: 'private' });
    expect((await get('/issues', 'glpat-outsider')).body).toEqual([]);
    expect((await get('/issues', 'glpat-guest')).body).toHaveLength(1);
  });
});

describe('labels and milestones', () => {
  it('are closed only when issues and merge requests both are', async () => {
    await setLevels({ issues_access_level: 'disabled' });
    const label = await call(mock, 'POST', `${P}/labels`, {
      token: 'glpat-owner',
      json: { name: 'a', color: '#000000' },
    });
    expect(label.status).toBe(201);
    await setLevels({ merge_requests_access_level: 'disabled' });
    const before = state();
    const refused = await call(mock, 'POST', `${P}/labels`, {
      token: 'glpat-owner',
      json: { name: 'b', color: '#000000' },
    });
    expect(refused.status).toBe(403);
    const milestone = await call(mock, 'POST', `${P}/milestones`, { token: 'glpat-owner', json: { title: 'v1' } });
    expect(milestone.status).toBe(403);
    expect(state()).toEqual(before);
  });
});

describe('the deprecated *_enabled switches', () => {
  it('set the feature enabled or disabled', async () => {
    await setLevels({ issues_enabled: false as unknown as string });
    expect((await get('', 'glpat-owner')).body.issues_access_level).toBe('disabled');
  });
});

import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../mock/index.js';
import { call, client, createTestMock } from './fixtures.js';

/**
 * Requests without a token, as GitLab 18.6 answers them (GITLAB-NOTES-2026-11 Part B §3, SPEC 8):
 * public groups, projects and users are served, private ones are 404, internal ones are for
 * signed-in users, and the routes GitLab authenticates first are 401.
 */

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'alice', token: 'glpat-alice' },
  ],
  groups: [
    { path: 'open', visibility: 'public', members: { alice: 50 } },
    { path: 'open/sub', visibility: 'public' },
    { path: 'closed', members: { alice: 50 } },
  ],
  projects: [
    {
      path: 'open/site',
      visibility: 'public',
      protected_branches: ['main'],
      branches: ['feature'],
      issues: [{ title: 'Open issue', author: 'alice' }],
      merge_requests: [{ title: 'Open change', author: 'alice', source_branch: 'feature' }],
    },
    { path: 'open/inside', visibility: 'internal' },
    { path: 'closed/vault', issues: [{ title: 'Secret', author: 'alice' }] },
  ],
};

const get = (mock: ReturnType<typeof createTestMock>, path: string) => call(mock, 'GET', path);

describe('anonymous callers (no token)', () => {
  it('list public projects and groups only', async () => {
    const mock = createTestMock(seed);
    const projects = await get(mock, '/projects');
    expect(projects.status).toBe(200);
    expect(projects.body.map((p: { path_with_namespace: string }) => p.path_with_namespace)).toEqual(['open/site']);
    const groups = await get(mock, '/groups');
    expect(groups.status).toBe(200);
    expect(groups.body.map((g: { full_path: string }) => g.full_path).sort()).toEqual(['open', 'open/sub']);
    // The journal names no user for them.
    expect(mock.requests.list().at(-1)?.user).toBeNull();
  });

  it('read a public project and what it holds, and get 404 for a private or internal one', async () => {
    const mock = createTestMock(seed);
    const site = encodeURIComponent('open/site');
    for (const path of [
      `/projects/${site}`,
      `/projects/${site}/issues`,
      `/projects/${site}/issues/1`,
      `/projects/${site}/merge_requests`,
      `/projects/${site}/merge_requests/1`,
      `/projects/${site}/repository/branches`,
      `/projects/${site}/repository/branches/main`,
      `/projects/${site}/protected_branches`,
      `/projects/${site}/protected_branches/main`,
      `/projects/${site}/events`,
    ]) {
      expect((await get(mock, path)).status, path).toBe(200);
    }
    for (const project of ['closed/vault', 'open/inside']) {
      const answer = await get(mock, `/projects/${encodeURIComponent(project)}/issues`);
      expect(answer, project).toMatchObject({ status: 404, body: { message: '404 Project Not Found' } });
    }
  });

  it('read a public group, its subgroups and projects; a private group is 404', async () => {
    const mock = createTestMock(seed);
    expect((await get(mock, '/groups/open')).status).toBe(200);
    const subgroups = await get(mock, '/groups/open/subgroups');
    expect(subgroups.body.map((g: { full_path: string }) => g.full_path)).toEqual(['open/sub']);
    const projects = await get(mock, '/groups/open/projects');
    expect(projects.body.map((p: { path_with_namespace: string }) => p.path_with_namespace)).toEqual(['open/site']);
    expect(await get(mock, '/groups/closed')).toMatchObject({ status: 404, body: { message: '404 Group Not Found' } });
  });

  it('find a user by username only; a user by id and the whole list are 403', async () => {
    const mock = createTestMock(seed);
    const found = await get(mock, '/users?username=alice');
    expect(found.status).toBe(200);
    expect(found.body.map((u: { username: string }) => u.username)).toEqual(['alice']);
    expect(await get(mock, '/users')).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Not authorized to access /api/v4/users' },
    });
    const alice = found.body[0].id;
    expect(await get(mock, `/users/${alice}`)).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Not authorized!' },
    });
    expect((await get(mock, `/users/${alice}/keys`)).status).toBe(200);
  });

  it('are 401 where GitLab authenticates first: members, group milestones, namespaces, writes, own lists', async () => {
    const mock = createTestMock(seed);
    const site = encodeURIComponent('open/site');
    const before = mock.exportState();
    for (const [method, path] of [
      ['GET', '/groups/open/members'],
      ['GET', '/groups/open/members/all'],
      ['GET', `/projects/${site}/members/all`],
      ['GET', '/groups/open/milestones'],
      ['GET', '/groups/open/labels'],
      ['GET', '/namespaces'],
      ['GET', '/version'],
      ['GET', '/issues'],
      ['GET', '/merge_requests'],
      ['GET', '/users?username=alice&extern_uid=1&provider=ldap'],
      // The six areas keep the reference's rule (R5): every endpoint needs a caller.
      ['GET', `/projects/${site}/milestones`],
      ['POST', `/projects/${site}/issues`],
      ['POST', '/projects'],
    ] as const) {
      expect(await call(mock, method, path, { json: method === 'POST' ? {} : undefined }), path).toMatchObject({
        status: 401,
        body: { message: '401 Unauthorized' },
      });
    }
    expect(mock.exportState()).toEqual(before);
  });

  it('with scope=all, list the issues and merge requests of public projects', async () => {
    const mock = createTestMock(seed);
    const issues = await get(mock, '/issues?scope=all');
    expect(issues.body.map((i: { title: string }) => i.title)).toEqual(['Open issue']);
    const mergeRequests = await get(mock, '/merge_requests?scope=all');
    expect(mergeRequests.body.map((m: { title: string }) => m.title)).toEqual(['Open change']);
  });

  it('a token that does not authenticate is still 401 on a public route', async () => {
    const mock = createTestMock(seed);
    expect(await call(mock, 'GET', '/projects', { token: 'glpat-nobody' })).toMatchObject({ status: 401 });
  });

  it('signed-in callers still see internal projects', async () => {
    const mock = createTestMock(seed);
    const projects = await client(mock, 'glpat-root').projects.list().toArray();
    expect(projects.map((p) => p.path_with_namespace)).toContain('open/inside');
  });
});

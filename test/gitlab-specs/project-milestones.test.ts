import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { Issue, Milestone } from '../../src/index.js';
import { api, hasPaginationHeaders, NON_EXISTING_ID, refusedUnchanged } from './api.js';

/**
 * GitLab's `spec/requests/api/project_milestones_spec.rb` and the shared
 * examples it runs (`spec/support/shared_examples/requests/api/milestones_shared_examples.rb`),
 * ported as HTTP requests to the mock: each GitLab example is one test, named
 * as GitLab names it. docs/gitlab-specs.md lists them (a test keeps it in step).
 */

const NOW = Date.parse('2026-06-01T09:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

const USER = 'glpat-spec-user';
const EXTERNAL = 'glpat-spec-external';
const GUEST = 'glpat-spec-guest';

/** The spec's two milestones: `version1` closed, `version2` open and last updated five days ago. */
const specMilestones = [
  { title: 'version1', description: 'closed milestone', state: 'closed' as const },
  { title: 'version2', description: 'open milestone', created_at: daysAgo(5), updated_at: daysAgo(5) },
];

const users: SeedDocument['users'] = [
  { username: 'user', token: USER },
  { username: 'external', token: EXTERNAL },
  { username: 'guest', token: GUEST },
  { username: 'someone' },
];

/** The project in the user's own namespace, as the spec's `let_it_be` builds it. */
const personalSeed: SeedDocument = {
  now: new Date(NOW).toISOString(),
  users,
  projects: [
    {
      path: 'user/project',
      members: { guest: 10 },
      // The source branches of the merge requests the label-priority examples open.
      branches: ['feature', 'simple', 'branch_1', 'branch_2', 'branch_3'],
      milestones: specMilestones,
      issues: [{ title: 'In the milestone', milestone: 'version2' }],
      merge_requests: [
        { title: 'In the milestone', author: 'user', milestone: 'version2', source_branch: 'feature' },
        { title: 'Simple', author: 'user', source_branch: 'simple' },
      ],
    },
    // The public project of the confidential-issues examples, where the user is a developer.
    {
      path: 'someone/public',
      visibility: 'public',
      members: { user: 30, guest: 10 },
      milestones: [{ title: 'public milestone' }],
      issues: [
        { title: 'Open to all', milestone: 'public milestone' },
        { title: 'Confidential', milestone: 'public milestone', confidential: true },
      ],
    },
  ],
};

/** The same project moved into a private group under a private group, each with a milestone. */
const groupSeed: SeedDocument = {
  now: new Date(NOW).toISOString(),
  users,
  groups: [
    {
      path: 'ancestor',
      visibility: 'private',
      milestones: [{ title: 'ancestor milestone', created_at: daysAgo(1), updated_at: daysAgo(1) }],
    },
    {
      path: 'ancestor/group',
      visibility: 'private',
      milestones: [{ title: 'group milestone', created_at: daysAgo(3), updated_at: daysAgo(3) }],
    },
  ],
  projects: [{ path: 'ancestor/group/project', members: { user: 20 }, milestones: specMilestones }],
};

const ROUTE = '/projects/user%2Fproject/milestones';

function idOf(mock: MockGitLab, title: string): number {
  const found = [...mock.world.milestones.values()].find((m) => m.title === title);
  if (!found) throw new Error(`no milestone ${title}`);
  return found.id;
}
const iidOf = (mock: MockGitLab, title: string) => mock.world.milestones.get(idOf(mock, title))?.iid as number;
const ids = (body: { id: number }[]) => body.map((entry) => entry.id);

describe('GET /projects/:id/milestones (project_milestones_spec)', () => {
  const GROUP_ROUTE = '/projects/ancestor%2Fgroup%2Fproject/milestones';
  let personal: MockGitLab;
  let grouped: MockGitLab;
  beforeEach(() => {
    personal = createMockGitLab({ seed: personalSeed });
    grouped = createMockGitLab({ seed: groupSeed });
  });
  const listed = async (mock: MockGitLab, route: string, params: Record<string, unknown>, titles: string[]) => {
    const answer = await api(mock, 'GET', route, USER, params);
    expect(answer.status).toBe(200);
    expect(ids(answer.body).sort()).toEqual(titles.map((title) => idOf(mock, title)).sort());
  };

  it('when project parent is a namespace: returns correct list of milestones', async () => {
    await listed(personal, ROUTE, {}, ['version2', 'version1']);
  });

  it('when project parent is a namespace, when include_parent_milestones is true: returns correct list of milestones', async () => {
    await listed(personal, ROUTE, { include_parent_milestones: true }, ['version2', 'version1']);
  });

  it('when project parent is a group, when include_parent_milestones is true: returns correct list of milestones', async () => {
    await listed(grouped, GROUP_ROUTE, { include_parent_milestones: true }, [
      'group milestone',
      'ancestor milestone',
      'version2',
      'version1',
    ]);
  });

  it('when project parent is a group, when include_parent_milestones is true, when iids param is present: returns correct list of milestones', async () => {
    // iids are ignored when the parents' milestones are included.
    await listed(grouped, GROUP_ROUTE, { include_parent_milestones: true, iids: [iidOf(grouped, 'group milestone')] }, [
      'group milestone',
      'ancestor milestone',
      'version2',
      'version1',
    ]);
  });

  it('when project parent is a group, when user is not a member of the private project: returns a 404 error', async () => {
    const answer = await api(grouped, 'GET', GROUP_ROUTE, EXTERNAL, { include_parent_milestones: true });
    expect(answer.status).toBe(404);
  });

  it('when project parent is a group, when include_parent_milestones is true, when updated_before param is present: returns correct list of milestones', async () => {
    await listed(grouped, GROUP_ROUTE, { updated_before: hoursAgo(12), include_parent_milestones: true }, [
      'group milestone',
      'ancestor milestone',
      'version2',
    ]);
  });

  it('when project parent is a group, when include_parent_milestones is true, when updated_after param is present: returns correct list of milestones', async () => {
    await listed(grouped, GROUP_ROUTE, { updated_after: daysAgo(2), include_parent_milestones: true }, [
      'ancestor milestone',
      'version1',
    ]);
  });

  it('when project parent is a group, when updated_before param is present: returns correct list of milestones', async () => {
    await listed(grouped, GROUP_ROUTE, { updated_before: hoursAgo(12) }, ['version2']);
  });

  it('when project parent is a group, when updated_after param is present: returns correct list of milestones', async () => {
    await listed(grouped, GROUP_ROUTE, { updated_after: daysAgo(2) }, ['version1']);
  });
});

describe('DELETE /projects/:id/milestones/:milestone_id (project_milestones_spec)', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: personalSeed });
  });

  it('returns 404 response when the project does not exist', async () => {
    expect((await api(mock, 'DELETE', `/projects/0/milestones/${idOf(mock, 'version2')}`, USER)).status).toBe(404);
  });

  // adapted: GitLab's spec asks for milestone 0; the mock's ids are positive (400 `milestone_id is invalid`), so an unknown positive id stands for it
  it('returns 404 response when the milestone does not exist', async () => {
    expect((await api(mock, 'DELETE', `${ROUTE}/${NON_EXISTING_ID}`, USER)).status).toBe(404);
    expect((await api(mock, 'DELETE', `${ROUTE}/0`, USER)).body).toEqual({ error: 'milestone_id is invalid' });
  });

  it('returns 404 from guest user deleting a milestone', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, EXTERNAL, () =>
      api(mock, 'DELETE', `${ROUTE}/${idOf(mock, 'version2')}`, EXTERNAL),
    );
    expect(answer.status).toBe(404);
    expect(unchanged).toBe(true);
  });
});

describe('PUT /projects/:id/milestones/:milestone_id to test observer on close (project_milestones_spec)', () => {
  it('creates an activity event when a milestone is closed', async () => {
    const mock = createMockGitLab({ seed: personalSeed });
    const events = async () => (await api(mock, 'GET', '/projects/user%2Fproject/events', USER)).body.length;
    const before = await events();
    await api(mock, 'PUT', `${ROUTE}/${idOf(mock, 'version2')}`, USER, { state_event: 'close' });
    expect(await events()).toBe(before + 1);
  });
});

describe('POST /projects/:id/milestones/:milestone_id/promote (project_milestones_spec)', () => {
  const TEAM_ROUTE = '/projects/team%2Fproject/milestones';
  /** The project moved into a group where the user has `role`. */
  const inGroup = (role: 10 | 30) =>
    createMockGitLab({
      seed: {
        now: new Date(NOW).toISOString(),
        users,
        groups: [{ path: 'team', members: { user: role } }],
        projects: [{ path: 'team/project', members: { user: 20 }, milestones: specMilestones }],
      },
    });
  const groupTitles = (mock: MockGitLab) =>
    [...mock.world.milestones.values()]
      .filter((m) => m.group_id !== undefined && m.group_id !== null)
      .map((m) => m.title);

  it('when user does not have permission to promote milestone: returns 403', async () => {
    const mock = inGroup(10);
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'POST', `${TEAM_ROUTE}/${idOf(mock, 'version2')}/promote`, USER),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('when user has permission: returns 200', async () => {
    const mock = inGroup(30);
    expect((await api(mock, 'POST', `${TEAM_ROUTE}/${idOf(mock, 'version2')}/promote`, USER)).status).toBe(200);
    expect(groupTitles(mock)).toEqual(['version2']);
  });

  it('when user has permission: returns 200 for closed milestone', async () => {
    const mock = inGroup(30);
    expect((await api(mock, 'POST', `${TEAM_ROUTE}/${idOf(mock, 'version1')}/promote`, USER)).status).toBe(200);
    expect(groupTitles(mock)).toEqual(['version1']);
  });

  it('when no such resource: returns 404 response when the project does not exist', async () => {
    const mock = inGroup(30);
    expect((await api(mock, 'POST', `/projects/0/milestones/${idOf(mock, 'version2')}/promote`, USER)).status).toBe(
      404,
    );
  });

  // adapted: GitLab's spec asks for milestone 0; the mock's ids are positive (400 `milestone_id is invalid`), so an unknown positive id stands for it
  it('when no such resource: returns 404 response when the milestone does not exist', async () => {
    const mock = inGroup(30);
    expect((await api(mock, 'POST', `${TEAM_ROUTE}/${NON_EXISTING_ID}/promote`, USER)).status).toBe(404);
    expect((await api(mock, 'POST', `${TEAM_ROUTE}/0/promote`, USER)).body).toEqual({
      error: 'milestone_id is invalid',
    });
  });

  it('when project does not belong to group: returns 403', async () => {
    const mock = createMockGitLab({ seed: personalSeed });
    expect((await api(mock, 'POST', `${ROUTE}/${idOf(mock, 'version2')}/promote`, USER)).status).toBe(403);
  });
});

describe('GET /projects/:id/milestones (shared milestone examples)', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: personalSeed });
  });

  it('returns milestones list', async () => {
    const answer = await api(mock, 'GET', ROUTE, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body[0].title).toBe('version2');
  });

  it('returns a 401 error if user not authenticated', async () => {
    expect((await api(mock, 'GET', ROUTE)).status).toBe(401);
  });

  it('returns an array of active milestones', async () => {
    const answer = await api(mock, 'GET', `${ROUTE}/?state=active`, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(answer.body)).toEqual([idOf(mock, 'version2')]);
  });

  it('returns an array of closed milestones', async () => {
    const answer = await api(mock, 'GET', `${ROUTE}/?state=closed`, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(answer.body)).toEqual([idOf(mock, 'version1')]);
  });

  it('returns an array of milestones specified by iids', async () => {
    const project = [...mock.world.projects.values()].find((p) => p.path_with_namespace === 'user/project');
    if (!project) throw new Error('no project');
    const other = mock.seed.milestone(project, { title: 'other' });
    const answer = await api(mock, 'GET', ROUTE, USER, { iids: [iidOf(mock, 'version1'), other.iid] });
    expect(answer.status).toBe(200);
    expect(ids(answer.body).sort()).toEqual([idOf(mock, 'version1'), other.id].sort());
  });

  it('does not return any milestone if none found', async () => {
    const answer = await api(mock, 'GET', ROUTE, USER, { iids: [NON_EXISTING_ID] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it('returns a milestone by iids array', async () => {
    const answer = await api(mock, 'GET', `${ROUTE}?iids=${iidOf(mock, 'version1')}`, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({ title: 'version1', id: idOf(mock, 'version1') });
  });

  it('returns a milestone by title', async () => {
    const answer = await api(mock, 'GET', ROUTE, USER, { title: 'version2' });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({ title: 'version2', id: idOf(mock, 'version2') });
  });

  it('returns a milestone by searching for title', async () => {
    const answer = await api(mock, 'GET', ROUTE, USER, { search: 'version2' });
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({ title: 'version2', id: idOf(mock, 'version2') });
  });

  it('returns a milestones by searching for description', async () => {
    const answer = await api(mock, 'GET', ROUTE, USER, { search: 'open' });
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({ title: 'version2', id: idOf(mock, 'version2') });
  });
});

describe('GET /projects/:id/milestones/:milestone_id (shared milestone examples)', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: personalSeed });
  });

  it('returns a milestone by id', async () => {
    const answer = await api(mock, 'GET', `${ROUTE}/${idOf(mock, 'version2')}`, USER);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ title: 'version2', iid: iidOf(mock, 'version2') });
  });

  it('returns 401 error if user not authenticated', async () => {
    expect((await api(mock, 'GET', `${ROUTE}/${idOf(mock, 'version2')}`)).status).toBe(401);
  });

  it('returns a 404 error if milestone id not found', async () => {
    expect((await api(mock, 'GET', `${ROUTE}/${NON_EXISTING_ID}`, USER)).status).toBe(404);
  });
});

describe('POST /projects/:id/milestones (shared milestone examples)', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: personalSeed });
  });

  it('creates a new milestone', async () => {
    const answer = await api(mock, 'POST', ROUTE, USER, { title: 'new milestone' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ title: 'new milestone', description: null });
    expect(z.parse(Milestone, answer.body).title).toBe('new milestone');
  });

  it('creates a new milestone with description and dates', async () => {
    const answer = await api(mock, 'POST', ROUTE, USER, {
      title: 'new milestone',
      description: 'release',
      due_date: '2013-03-02',
      start_date: '2013-02-02',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ description: 'release', due_date: '2013-03-02', start_date: '2013-02-02' });
  });

  it('returns a 400 error if title is missing', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () => api(mock, 'POST', ROUTE, USER));
    expect(answer.status).toBe(400);
    expect(unchanged).toBe(true);
  });

  it('returns a 400 error if params are invalid (duplicate title)', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'POST', ROUTE, USER, { title: 'version2', description: 'release', due_date: '2013-03-02' }),
    );
    expect(answer.status).toBe(400);
    expect(unchanged).toBe(true);
  });

  it('creates a new milestone with reserved html characters', async () => {
    const answer = await api(mock, 'POST', ROUTE, USER, { title: 'foo & bar 1.1 -> 2.2' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ title: 'foo & bar 1.1 -> 2.2', description: null });
  });
});

describe('PUT /projects/:id/milestones/:milestone_id (shared milestone examples)', () => {
  let mock: MockGitLab;
  let resource: string;
  beforeEach(() => {
    mock = createMockGitLab({ seed: personalSeed });
    resource = `${ROUTE}/${idOf(mock, 'version2')}`;
  });

  it('updates a milestone', async () => {
    const answer = await api(mock, 'PUT', resource, USER, { title: 'updated title' });
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('updated title');
  });

  it('removes a due date if nil is passed', async () => {
    expect((await api(mock, 'PUT', resource, USER, { due_date: '2016-08-05' })).body.due_date).toBe('2016-08-05');
    const answer = await api(mock, 'PUT', resource, USER, { due_date: null });
    expect(answer.status).toBe(200);
    expect(answer.body.due_date).toBeNull();
  });

  it('returns a 404 error if milestone id not found', async () => {
    const answer = await api(mock, 'PUT', `${ROUTE}/${NON_EXISTING_ID}`, USER, { title: 'updated title' });
    expect(answer.status).toBe(404);
  });

  it('closes milestone', async () => {
    const answer = await api(mock, 'PUT', resource, USER, { state_event: 'close' });
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('closed');
  });

  it('updates milestone with only start date', async () => {
    const tomorrow = new Date(NOW + 86_400_000).toISOString().slice(0, 10);
    expect((await api(mock, 'PUT', resource, USER, { start_date: tomorrow })).status).toBe(200);
  });
});

describe('DELETE /projects/:id/milestones/:milestone_id (shared milestone examples)', () => {
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed: personalSeed });
  });

  it('rejects a member with guest access from deleting a milestone', async () => {
    const { answer, unchanged } = await refusedUnchanged(mock, GUEST, () =>
      api(mock, 'DELETE', `${ROUTE}/${idOf(mock, 'version2')}`, GUEST),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('deletes the milestone when the user has reporter access to the project', async () => {
    const id = idOf(mock, 'version2');
    expect((await api(mock, 'DELETE', `${ROUTE}/${id}`, USER)).status).toBe(204);
    expect(mock.world.milestones.has(id)).toBe(false);
  });
});

/** The shared examples' labels: `label_1` (priority 1), `label_2` (priority 2), `label_3` (none), made through the labels API. */
async function specLabels(mock: MockGitLab, project: string) {
  for (const [name, priority] of [
    ['label_1', 1],
    ['label_2', 2],
    ['label_3', undefined],
  ] as const) {
    const answer = await api(mock, 'POST', `/projects/${project}/labels`, USER, { name, color: '#428bca', priority });
    if (answer.status !== 201) throw new Error(`cannot create ${name}: ${JSON.stringify(answer.body)}`);
  }
}

/** An issue in a milestone with one label, made through the API as GitLab's `labeled_issue` factory makes it. */
async function labelledIssue(mock: MockGitLab, project: string, milestone: number, label: string): Promise<number> {
  const answer = await api(mock, 'POST', `/projects/${project}/issues`, USER, {
    title: `labelled ${label}`,
    milestone_id: milestone,
    labels: label,
  });
  if (answer.status !== 201) throw new Error(`cannot create the issue: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

describe('GET /projects/:id/milestones/:milestone_id/issues (shared milestone examples)', () => {
  const PUBLIC_ROUTE = '/projects/someone%2Fpublic/milestones';
  let mock: MockGitLab;
  let issues: string;
  let publicIssues: string;
  beforeEach(() => {
    mock = createMockGitLab({ seed: personalSeed });
    issues = `${ROUTE}/${idOf(mock, 'version2')}/issues`;
    publicIssues = `${PUBLIC_ROUTE}/${idOf(mock, 'public milestone')}/issues`;
  });
  const issueId = (title: string) => [...mock.world.issues.values()].find((i) => i.title === title)?.id;

  it('returns issues for a particular milestone', async () => {
    const answer = await api(mock, 'GET', issues, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body[0].milestone.title).toBe('version2');
  });

  it('returns issues sorted by label priority', async () => {
    await specLabels(mock, 'user%2Fproject');
    const milestone = idOf(mock, 'version2');
    const issue1 = await labelledIssue(mock, 'user%2Fproject', milestone, 'label_3');
    const issue2 = await labelledIssue(mock, 'user%2Fproject', milestone, 'label_1');
    const issue3 = await labelledIssue(mock, 'user%2Fproject', milestone, 'label_2');
    const answer = await api(mock, 'GET', issues, USER);
    expect(ids(answer.body).slice(0, 3)).toEqual([issue2, issue3, issue1]);
  });

  it('matches V4 response schema for a list of issues', async () => {
    // GitLab checks its JSON schema `public_api/v4/issues`; the SDK's Issue model stands for it.
    const answer = await api(mock, 'GET', issues, USER);
    expect(answer.status).toBe(200);
    expect(z.parse(z.array(Issue), answer.body)).toHaveLength(1);
  });

  it('returns a 401 error if user not authenticated', async () => {
    expect((await api(mock, 'GET', issues)).status).toBe(401);
  });

  it('confidential issues: returns confidential issues to team members', async () => {
    const answer = await api(mock, 'GET', publicIssues, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(answer.body).sort()).toEqual([issueId('Open to all'), issueId('Confidential')].sort());
  });

  it('confidential issues: does not return confidential issues to team members with guest role', async () => {
    const answer = await api(mock, 'GET', publicIssues, GUEST);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(answer.body)).toEqual([issueId('Open to all')]);
  });

  it('confidential issues: does not return confidential issues to regular users', async () => {
    const answer = await api(mock, 'GET', publicIssues, EXTERNAL);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(answer.body)).toEqual([issueId('Open to all')]);
  });

  it('confidential issues: returns issues ordered by label priority', async () => {
    // The labels are the public project's (GitLab's spec makes them in the milestone's project).
    await specLabels(mock, 'someone%2Fpublic');
    for (const [title, label] of [
      ['Open to all', 'label_2'],
      ['Confidential', 'label_1'],
    ]) {
      const iid = [...mock.world.issues.values()].find((i) => i.title === title)?.iid;
      await api(mock, 'PUT', `/projects/someone%2Fpublic/issues/${iid}`, USER, { add_labels: label });
    }
    const answer = await api(mock, 'GET', publicIssues, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(ids(answer.body)).toEqual([issueId('Confidential'), issueId('Open to all')]);
  });
});

describe('GET /projects/:id/milestones/:milestone_id/merge_requests (shared milestone examples)', () => {
  let mock: MockGitLab;
  let mergeRequests: string;
  beforeEach(() => {
    mock = createMockGitLab({ seed: personalSeed });
    mergeRequests = `${ROUTE}/${idOf(mock, 'version2')}/merge_requests`;
  });

  it('returns merge_requests for a particular milestone', async () => {
    const answer = await api(mock, 'GET', mergeRequests, USER);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].title).toBe('In the milestone');
    expect(answer.body[0].milestone.title).toBe('version2');
  });

  it('returns merge_requests sorted by label priority', async () => {
    await specLabels(mock, 'user%2Fproject');
    const opened: number[] = [];
    for (const [branch, label] of [
      ['branch_1', 'label_2'],
      ['branch_2', 'label_1'],
      ['branch_3', 'label_3'],
    ]) {
      const answer = await api(mock, 'POST', '/projects/user%2Fproject/merge_requests', USER, {
        source_branch: branch,
        target_branch: 'main',
        title: `labelled ${label}`,
        milestone_id: idOf(mock, 'version2'),
        labels: label,
      });
      opened.push(answer.body.id);
    }
    const answer = await api(mock, 'GET', mergeRequests, USER);
    const [mr1, mr2, mr3] = opened;
    expect(ids(answer.body).slice(0, 3)).toEqual([mr2, mr1, mr3]);
  });

  it('returns a 404 error if milestone id not found', async () => {
    expect((await api(mock, 'GET', `${ROUTE}/${NON_EXISTING_ID}/merge_requests`, USER)).status).toBe(404);
  });

  it('returns a 404 if the user has no access to the milestone', async () => {
    expect((await api(mock, 'GET', mergeRequests, EXTERNAL)).status).toBe(404);
  });

  it('returns a 401 error if user not authenticated', async () => {
    expect((await api(mock, 'GET', mergeRequests)).status).toBe(401);
  });

  it('returns merge_requests ordered by position asc', async () => {
    await specLabels(mock, 'user%2Fproject');
    const iidOfMr = (title: string) => [...mock.world.mergeRequests.values()].find((mr) => mr.title === title)?.iid;
    const simple = `/projects/user%2Fproject/merge_requests/${iidOfMr('Simple')}`;
    await api(mock, 'PUT', simple, USER, { milestone_id: idOf(mock, 'version2'), add_labels: 'label_1' });
    await api(mock, 'PUT', `/projects/user%2Fproject/merge_requests/${iidOfMr('In the milestone')}`, USER, {
      add_labels: 'label_2',
    });
    const answer = await api(mock, 'GET', mergeRequests, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    const mrId = (title: string) => [...mock.world.mergeRequests.values()].find((mr) => mr.title === title)?.id;
    expect(ids(answer.body)).toEqual([mrId('Simple'), mrId('In the milestone')]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import type { MockGitLab, SeedDocument } from '../mock/index.js';
import { BadRequestError, ForbiddenError, type GitLab, NotFoundError, ProjectMilestones } from '../src/index.js';
import { call, client, createTestMock, failure, testSeed } from './fixtures.js';

// Project milestones end to end: the SDK against the in-process mock (GITLAB-BEHAVIOR 6).

const API = 'acme/platform/api';
let mock: MockGitLab;
let dev: GitLab;

const titles = (items: { title: string }[]) => items.map((m) => m.title);

beforeEach(() => {
  mock = createTestMock();
  dev = client(mock, 'glpat-dev');
});

describe('create, read, update', () => {
  it('creates an active milestone with the next iid, and reads it back by id', async () => {
    const created = await dev.projects.milestones.create(API, {
      title: 'v1.0',
      description: 'First',
      start_date: '2026-06-01',
      due_date: '2026-06-30',
    });
    expect(created).toMatchObject({ iid: 1, project_id: 1, state: 'active', expired: false, description: 'First' });
    expect(created.web_url).toBe(`${mock.baseUrl}/acme/platform/api/-/milestones/1`);
    expect(created).not.toHaveProperty('group_id');
    expect(await dev.projects.milestones.get(1, created.id)).toEqual(created);
    expect((await dev.projects.milestones.create(API, { title: 'v2.0' })).iid).toBe(2);
  });

  it('works as a resource on its own, without the whole client', async () => {
    const milestones = new ProjectMilestones({ baseUrl: mock.baseUrl, token: 'glpat-dev', fetch: mock.fetch });
    const created = await milestones.create(API, { title: 'standalone' });
    expect((await milestones.get(API, created.id)).title).toBe('standalone');
  });

  it('sanitizes titles and keeps ampersands and arrows', async () => {
    const m = await dev.projects.milestones.create(API, { title: '  foo & bar 1.1 -> 2.2 <b>x</b> ' });
    expect(m.title).toBe('foo & bar 1.1 -> 2.2 x');
  });

  it("refuses a title that sanitizes to nothing with the model's can't be blank, and creates nothing", async () => {
    await dev.projects.milestones.list(API); // the token's first use is recorded, refused or not
    const before = mock.exportState();
    const error = await failure(dev.projects.milestones.create(API, { title: '<b></b>' }));
    expect([error.status, error.gitlabMessage]).toEqual([
      400,
      'Failed to create milestone {:title=>["can\'t be blank"]}',
    ]);
    expect(mock.exportState()).toEqual(before);
  });

  it("refuses a missing title with Grape's message", async () => {
    const error = await failure(dev.projects.milestones.create(API, {} as never));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.gitlabMessage).toBe('title is missing');
  });

  it('refuses a duplicate title in the project or in its groups, and changes nothing', async () => {
    await dev.projects.milestones.create(API, { title: 'v1.0' });
    const error = await failure(dev.projects.milestones.create(API, { title: 'v1.0' }));
    expect(error.status).toBe(400);
    expect(error.gitlabMessage).toBe(
      'Failed to create milestone {:title=>["already being used for another group or project milestone."]}',
    );
    mock.seed.groupMilestone(mock.world.groups.get(1)!, { title: 'Q3' });
    expect((await failure(dev.projects.milestones.create(API, { title: 'Q3' }))).status).toBe(400);
    expect(mock.world.milestones.size).toBe(2);
  });

  it('refuses a due date not after the start date, on create and on update', async () => {
    const equal = await failure(
      dev.projects.milestones.create(API, { title: 'x', start_date: '2026-06-10', due_date: '2026-06-10' }),
    );
    expect(equal.gitlabMessage).toBe('Failed to create milestone {:due_date=>["must be greater than start date"]}');
    const m = await dev.projects.milestones.create(API, { title: 'x', start_date: '2026-06-10' });
    const error = await failure(dev.projects.milestones.update(API, m.id, { due_date: '2026-06-01' }));
    expect(error.gitlabMessage).toBe('Failed to update milestone {:due_date=>["must be greater than start date"]}');
    expect((await dev.projects.milestones.get(API, m.id)).due_date).toBeNull();
  });

  it('refuses malformed dates (ours: GitLab drops them silently)', async () => {
    const error = await failure(dev.projects.milestones.create(API, { title: 'x', due_date: '30/06/2026' }));
    expect(error.gitlabMessage).toBe('due_date is invalid');
  });

  it('updates fields, clears a due date with null, and needs at least one field', async () => {
    const m = await dev.projects.milestones.create(API, { title: 'x', due_date: '2026-07-01' });
    mock.clock.advance({ minutes: 5 });
    const updated = await dev.projects.milestones.update(API, m.id, { title: 'y', description: 'd', due_date: null });
    expect(updated).toMatchObject({ title: 'y', description: 'd', due_date: null });
    expect(updated.updated_at).not.toBe(m.updated_at);
    const error = await failure(dev.projects.milestones.update(API, m.id, {}));
    expect(error.gitlabMessage).toBe(
      'title, description, start_date, due_date, state_event are missing, at least one parameter must be provided',
    );
  });

  it('closes and reactivates with state_event, and refuses other events', async () => {
    const m = await dev.projects.milestones.create(API, { title: 'x' });
    expect((await dev.projects.milestones.update(API, m.id, { state_event: 'close' })).state).toBe('closed');
    expect((await dev.projects.milestones.update(API, m.id, { state_event: 'close' })).state).toBe('closed');
    expect((await dev.projects.milestones.update(API, m.id, { state_event: 'activate' })).state).toBe('active');
    const error = await failure(dev.projects.milestones.update(API, m.id, { state_event: 'reopen' as never }));
    expect(error.gitlabMessage).toBe('state_event does not have a valid value');
  });

  it('reports expired from the world clock', async () => {
    const m = await dev.projects.milestones.create(API, { title: 'x', due_date: '2026-06-01' });
    expect(m.expired).toBe(false);
    mock.clock.advance({ days: 1 });
    expect((await dev.projects.milestones.get(API, m.id)).expired).toBe(true);
  });
});

describe('roles and lookups', () => {
  it('needs Planner or higher to write; Guests get 403 and change nothing', async () => {
    const guest = client(mock, 'glpat-guest');
    const planner = client(mock, 'glpat-planner');
    const m = await planner.projects.milestones.create(API, { title: 'by planner' });
    expect(await failure(guest.projects.milestones.create(API, { title: 'x' }))).toBeInstanceOf(ForbiddenError);
    expect((await failure(guest.projects.milestones.update(API, m.id, { title: 'x' }))).status).toBe(403);
    expect((await failure(guest.projects.milestones.delete(API, m.id))).status).toBe(403);
    expect((await guest.projects.milestones.list(API)).items).toHaveLength(1);
    await planner.projects.milestones.delete(API, m.id);
    expect(mock.world.milestones.size).toBe(0);
  });

  it('answers 404 Project Not Found to non-members of a private project, even on DELETE', async () => {
    const m = await dev.projects.milestones.create(API, { title: 'x' });
    const outsider = client(mock, 'glpat-outsider');
    for (const call of [outsider.projects.milestones.list(API), outsider.projects.milestones.delete(API, m.id)]) {
      const error = await failure(call);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.gitlabMessage).toBe('404 Project Not Found');
    }
  });

  it('answers 404 Not found for a milestone of another project', async () => {
    const owner = client(mock, 'glpat-owner');
    const other = await owner.projects.milestones.create('owner/sandbox', { title: 'elsewhere' });
    const error = await failure(owner.projects.milestones.get(API, other.id));
    expect(error).toMatchObject({ status: 404, gitlabMessage: '404 Not found' });
  });
});

describe('list filters and order', () => {
  beforeEach(async () => {
    const make = (title: string, extra: object = {}) => dev.projects.milestones.create(API, { title, ...extra });
    await make('v1.0', { due_date: '2026-07-01', description: 'Login and signup' });
    await make('v1.1', { due_date: '2026-06-15' });
    await make('Backlog');
    await make('v0.9', { due_date: '2026-05-01' });
    const closed = await make('v0.8', { due_date: '2026-04-01', description: 'old login work' });
    await dev.projects.milestones.update(API, closed.id, { state_event: 'close' });
  });

  it('orders by due date ascending, undated last, then newest first', async () => {
    await dev.projects.milestones.create(API, { title: 'Icebox' });
    const page = await dev.projects.milestones.list(API);
    expect(titles(page.items)).toEqual(['v0.8', 'v0.9', 'v1.1', 'v1.0', 'Icebox', 'Backlog']);
    expect(page.total).toBe(6);
  });

  it('keeps the order and the title checks right after edits, deletions and restores', async () => {
    const before = mock.snapshot();
    const active = async () => titles((await dev.projects.milestones.list(API, { state: 'active' })).items);
    expect(await active()).toEqual(['v0.9', 'v1.1', 'v1.0', 'Backlog']);
    const [v09] = (await dev.projects.milestones.list(API, { title: 'v0.9' })).items;
    await dev.projects.milestones.update(API, v09?.id ?? 0, { state_event: 'close' });
    expect(await active()).toEqual(['v1.1', 'v1.0', 'Backlog']);
    mock.restore(before);
    const [v08] = (await dev.projects.milestones.list(API, { title: 'v0.8' })).items;
    await dev.projects.milestones.update(API, v08?.id ?? 0, { due_date: '2026-12-31', title: 'v0.8-late' });
    expect(titles((await dev.projects.milestones.list(API)).items)).toEqual([
      'v0.9',
      'v1.1',
      'v1.0',
      'v0.8-late',
      'Backlog',
    ]);
    // The old title is free again, the new one is taken.
    await dev.projects.milestones.create(API, { title: 'v0.8' });
    expect(titles((await dev.projects.milestones.list(API)).items)).toContain('v0.8');
    expect((await failure(dev.projects.milestones.create(API, { title: 'v0.8-late' }))).status).toBe(400);
    await dev.projects.milestones.delete(API, v08?.id ?? 0);
    await dev.projects.milestones.create(API, { title: 'v0.8-late' });
    mock.restore(before);
    expect(titles((await dev.projects.milestones.list(API)).items)).toEqual([
      'v0.8',
      'v0.9',
      'v1.1',
      'v1.0',
      'Backlog',
    ]);
    expect((await failure(dev.projects.milestones.create(API, { title: 'v0.8' }))).status).toBe(400);
  });

  it('filters by state, default all', async () => {
    expect(titles((await dev.projects.milestones.list(API, { state: 'closed' })).items)).toEqual(['v0.8']);
    expect((await dev.projects.milestones.list(API, { state: 'active' })).items).toHaveLength(4);
    expect((await dev.projects.milestones.list(API, { state: 'all' })).items).toHaveLength(5);
    const error = await failure(dev.projects.milestones.list(API, { state: 'open' as never }));
    expect(error.gitlabMessage).toBe('state does not have a valid value');
  });

  it('filters by iids, by exact title, and by search over title and description', async () => {
    expect(titles((await dev.projects.milestones.list(API, { iids: [1, 3] })).items)).toEqual(['v1.0', 'Backlog']);
    expect((await dev.projects.milestones.list(API, { iids: [99] })).items).toEqual([]);
    expect(titles((await dev.projects.milestones.list(API, { title: 'v1.0' })).items)).toEqual(['v1.0']);
    expect((await dev.projects.milestones.list(API, { title: 'V1.0' })).items).toEqual([]);
    expect(titles((await dev.projects.milestones.list(API, { search: 'LOGIN' })).items)).toEqual(['v0.8', 'v1.0']);
    expect(titles((await dev.projects.milestones.list(API, { search: 'v1.' })).items)).toEqual(['v1.1', 'v1.0']);
  });

  it('matches a search of one character against whole titles, in any case', async () => {
    await dev.projects.milestones.create(API, { title: 'X' });
    expect(titles((await dev.projects.milestones.list(API, { search: 'x' })).items)).toEqual(['X']);
  });

  it('filters by updated_before and updated_after, inclusive', async () => {
    mock.clock.advance({ days: 2 });
    const later = await dev.projects.milestones.create(API, { title: 'later' });
    const after = await dev.projects.milestones.list(API, { updated_after: later.updated_at });
    expect(titles(after.items)).toEqual(['later']);
    const before = await dev.projects.milestones.list(API, { updated_before: '2026-06-02T00:00:00Z' });
    expect(before.items).toHaveLength(5);
  });

  it('includes group milestones of every ancestor with include_ancestors, ignoring iids', async () => {
    mock.seed.groupMilestone(mock.world.groups.get(1)!, { title: 'Company Q3', due_date: '2026-09-30' });
    mock.seed.groupMilestone(mock.world.groups.get(2)!, { title: 'Platform Q3' });
    const page = await dev.projects.milestones.list(API, { include_ancestors: true, iids: [1] });
    expect(page.items).toHaveLength(7);
    const group = page.items.find((m) => m.title === 'Company Q3');
    expect(group).toMatchObject({ group_id: 1 });
    expect(group).not.toHaveProperty('project_id');
    expect(group?.web_url).toBe(`${mock.baseUrl}/groups/acme/-/milestones/1`);
    expect((await dev.projects.milestones.list(API, { include_parent_milestones: true })).items).toHaveLength(7);
    expect((await dev.projects.milestones.list(API)).items).toHaveLength(5);
    const error = await failure(
      dev.projects.milestones.list(API, { include_ancestors: true, include_parent_milestones: true }),
    );
    expect(error.gitlabMessage).toBe('include_ancestors, include_parent_milestones are mutually exclusive');
  });

  it('iterates every milestone across pages with for await', async () => {
    for (let i = 0; i < 25; i++) await dev.projects.milestones.create(API, { title: `bulk ${i}` });
    const seen: string[] = [];
    for await (const m of dev.projects.milestones.list(API, { per_page: 7 })) seen.push(m.title);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(await dev.projects.milestones.list(API, { per_page: 7 }).toArray({ limit: 10 })).toHaveLength(10);
  });
});

// Issues and merge requests of a milestone, deletion, promotion, burndown.
const worldWithWork: SeedDocument = {
  ...testSeed,
  projects: [
    {
      path: 'acme/platform/api',
      milestones: [{ title: 'v1.0', start_date: '2026-05-01', due_date: '2026-06-30' }, { title: 'undated' }],
      issues: [
        {
          title: 'Login fails',
          author: 'dev',
          milestone: 'v1.0',
          weight: 3,
          created_at: '2026-05-02T10:00:00Z',
          events: [{ action: 'closed', at: '2026-05-20T12:00:00Z' }],
        },
        {
          title: 'Secret',
          author: 'dev',
          milestone: 'v1.0',
          confidential: true,
          weight: 1,
          created_at: '2026-05-03T10:00:00Z',
        },
        {
          title: 'Flaky',
          author: 'dev',
          milestone: 'v1.0',
          weight: 2,
          created_at: '2026-05-04T10:00:00Z',
          events: [
            { action: 'closed', at: '2026-05-10T10:00:00Z' },
            { action: 'closed', at: '2026-05-11T10:00:00Z' },
            { action: 'reopened', at: '2026-05-12T10:00:00Z' },
            { action: 'closed', at: '2026-06-20T10:00:00Z' },
          ],
        },
        { title: 'Future', author: 'dev', milestone: 'v1.0', created_at: '2026-06-25T10:00:00Z' },
        { title: 'No milestone', author: 'dev' },
      ],
      merge_requests: [
        { iid: 1, title: 'Fix login', author: 'dev', milestone: 'v1.0' },
        { iid: 2, title: 'Other', author: 'dev' },
      ],
    },
    {
      path: 'acme/platform/web',
      milestones: [{ title: 'v1.0' }, { title: 'v2.0' }],
      issues: [{ title: 'Web issue', author: 'dev', milestone: 'v1.0' }],
    },
    { path: 'owner/sandbox', milestones: [{ title: 'personal' }] },
    { path: 'free-corp/tool', milestones: [{ title: 'free', start_date: '2026-05-01', due_date: '2026-06-30' }] },
  ],
};

describe('issues and merge requests of a milestone', () => {
  beforeEach(() => {
    mock = createTestMock(worldWithWork);
    dev = client(mock, 'glpat-dev');
  });

  it('lists the issues of a milestone, hiding confidential ones from Guests', async () => {
    const issues = await dev.projects.milestones.issues(API, 1).toArray();
    expect(titles(issues).sort()).toEqual(['Flaky', 'Future', 'Login fails', 'Secret']);
    expect(issues.find((i) => i.title === 'Login fails')).toMatchObject({
      state: 'closed',
      author: { username: 'dev' },
      milestone: { id: 1, title: 'v1.0' },
      weight: 3,
    });
    const guest = await client(mock, 'glpat-guest').projects.milestones.issues(API, 1).toArray();
    expect(titles(guest)).not.toContain('Secret');
    expect(guest).toHaveLength(3);
  });

  it('lists merge requests only to callers who may read them (Planner up in a private project, GitLab 18.6)', async () => {
    const mrs = await dev.projects.milestones.mergeRequests(API, 1).toArray();
    expect(mrs.map((mr) => mr.iid)).toEqual([1]);
    expect(mrs[0]).toMatchObject({ title: 'Fix login', reference: '!1', milestone: { id: 1 } });
    expect(await client(mock, 'glpat-reporter').projects.milestones.mergeRequests(API, 1).toArray()).toHaveLength(1);
    expect(await client(mock, 'glpat-guest').projects.milestones.mergeRequests(API, 1).toArray()).toEqual([]);
    expect(await client(mock, 'glpat-planner').projects.milestones.mergeRequests(API, 1).toArray()).toHaveLength(1);
  });

  it("shows issues as EE's IssueBasic: blocking_issues_count, and a weight only where the plan licenses it", async () => {
    const freeProject = mock.seed.project({
      path: 'free-corp/board',
      milestones: [{ title: 'free' }],
      issues: [{ title: 'Free', author: 'owner', milestone: 'free', weight: 2 }],
    });
    const issuesOf = async (project: number | string, milestone: number, token: string) =>
      (await call(mock, 'GET', `/projects/${encodeURIComponent(project)}/milestones/${milestone}/issues`, { token }))
        .body;
    const freeMilestone = [...mock.world.milestones.values()].find((m) => m.project_id === freeProject.id)!;
    const [free] = await issuesOf(freeProject.id, freeMilestone.id, 'glpat-owner');
    expect(free).toMatchObject({ title: 'Free', blocking_issues_count: 0 });
    expect(free).not.toHaveProperty('weight');
    const premium = await issuesOf(API, 1, 'glpat-dev');
    expect(premium.find((i: { title: string }) => i.title === 'Login fails')).toMatchObject({
      weight: 3,
      blocking_issues_count: 0,
    });
  });

  it('shows merge requests as the newest MergeRequestBasic: imported, imported_from, merge_after, prepared_at', async () => {
    const { body } = await call(mock, 'GET', '/projects/acme%2Fplatform%2Fapi/milestones/1/merge_requests', {
      token: 'glpat-dev',
    });
    const [mr] = body;
    expect(mr).toMatchObject({ imported: false, imported_from: 'none', merge_after: null });
    expect(mr.prepared_at).toBe(mr.created_at);
    const keys = Object.keys(mr);
    expect(keys.indexOf('imported')).toBe(keys.indexOf('draft') + 1);
    expect(keys.indexOf('prepared_at')).toBe(keys.indexOf('force_remove_source_branch') + 1);
  });

  it('deletes a milestone and detaches its issues and merge requests', async () => {
    await dev.projects.milestones.delete(API, 1);
    expect((await failure(dev.projects.milestones.get(API, 1))).status).toBe(404);
    const attached = [...mock.world.issues.values(), ...mock.world.mergeRequests.values()].filter(
      (x) => x.milestone_id === 1,
    );
    expect(attached).toEqual([]);
    expect(mock.world.issues.size).toBe(6);
  });
});

describe('promote', () => {
  beforeEach(() => {
    mock = createTestMock(worldWithWork);
    dev = client(mock, 'glpat-dev');
  });

  it("moves every same-titled milestone of the group's projects to a new group milestone", async () => {
    const webV1 = [...mock.world.milestones.values()].find((m) => m.project_id === 2 && m.title === 'v1.0')!;
    await dev.projects.milestones.promote(API, 1);
    expect((await failure(dev.projects.milestones.get(API, 1))).gitlabMessage).toBe('404 Not found');
    expect(mock.world.milestones.has(webV1.id)).toBe(false);
    const listed = await dev.projects.milestones.list(API, { include_ancestors: true });
    const promoted = listed.items.find((m) => m.title === 'v1.0');
    expect(promoted).toMatchObject({ group_id: 2, start_date: '2026-05-01', due_date: '2026-06-30' });
    const issues = [...mock.world.issues.values()].filter((i) => i.milestone_id === promoted?.id);
    expect(titles(issues).sort()).toEqual(['Flaky', 'Future', 'Login fails', 'Secret', 'Web issue']);
    expect([...mock.world.mergeRequests.values()].find((mr) => mr.iid === 1)?.milestone_id).toBe(promoted?.id);
    // The other project's unrelated milestone stays.
    expect([...mock.world.milestones.values()].some((m) => m.title === 'v2.0')).toBe(true);
  });

  it('refuses a title the group or an ancestor already has, and changes nothing', async () => {
    await client(mock, 'glpat-owner').groups.milestones.create('acme', { title: 'v1.0' });
    await dev.projects.milestones.list(API);
    const before = mock.exportState();
    const error = await failure(dev.projects.milestones.promote(API, 1));
    expect([error.status, error.gitlabMessage]).toEqual([
      400,
      'Promotion failed - Title already being used for another group or project milestone.',
    ]);
    expect(mock.exportState()).toEqual(before);
  });

  it('answers 200 with the JSON body 200, as GitLab does (python-gitlab parses it)', async () => {
    const res = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/milestones/1/promote`, {
      token: 'glpat-dev',
    });
    expect(res).toMatchObject({ status: 200, body: 200 });
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('is forbidden for a personal project and for a Guest of the group', async () => {
    const owner = client(mock, 'glpat-owner');
    const personal = [...mock.world.milestones.values()].find((m) => m.title === 'personal')!;
    expect((await failure(owner.projects.milestones.promote('owner/sandbox', personal.id))).status).toBe(403);
    expect((await failure(client(mock, 'glpat-guest').projects.milestones.promote(API, 1))).status).toBe(403);
    expect(mock.world.milestones.has(1)).toBe(true);
  });
});

describe('burndown events', () => {
  beforeEach(() => {
    mock = createTestMock(worldWithWork);
    dev = client(mock, 'glpat-dev');
  });

  it('gives created, closed and reopened events up to today, with repeats collapsed', async () => {
    const events = await dev.projects.milestones.burndownEvents(API, 1);
    expect(events).toEqual([
      { created_at: '2026-05-02T10:00:00.000Z', weight: 3, action: 'created' },
      { created_at: '2026-05-03T10:00:00.000Z', weight: 1, action: 'created' },
      { created_at: '2026-05-04T10:00:00.000Z', weight: 2, action: 'created' },
      { created_at: '2026-05-10T10:00:00.000Z', weight: 2, action: 'closed' },
      { created_at: '2026-05-12T10:00:00.000Z', weight: 2, action: 'reopened' },
      { created_at: '2026-05-20T12:00:00.000Z', weight: 3, action: 'closed' },
    ]);
  });

  it('runs to the due date once it has passed', async () => {
    mock.clock.set('2026-08-01T00:00:00Z');
    const events = await dev.projects.milestones.burndownEvents(API, 1);
    expect(events.map((e) => e.action)).toEqual([
      'created',
      'created',
      'created',
      'closed',
      'reopened',
      'closed',
      'closed',
      'created',
    ]);
  });

  it('closes a closed issue with no close event at the start date', async () => {
    const issue = [...mock.world.issues.values()].find((i) => i.title === 'Login fails')!;
    issue.events = [];
    const events = await dev.projects.milestones.burndownEvents(API, 1);
    expect(events[0]).toEqual({ created_at: '2026-05-01T00:00:00.000Z', weight: 3, action: 'closed' });
  });

  it('is empty for a milestone without both dates, and hides confidential issues from Guests', async () => {
    expect(await dev.projects.milestones.burndownEvents(API, 2)).toEqual([]);
    const guest = await client(mock, 'glpat-guest').projects.milestones.burndownEvents(API, 1);
    expect(guest.some((e) => e.weight === 1)).toBe(false);
  });

  it('answers 405 without Premium', async () => {
    const owner = client(mock, 'glpat-owner');
    const free = [...mock.world.milestones.values()].find((m) => m.title === 'free')!;
    const error = await failure(owner.projects.milestones.burndownEvents('free-corp/tool', free.id));
    expect(error).toMatchObject({ status: 405, gitlabMessage: 'Milestone does not support burndown chart' });
  });
});

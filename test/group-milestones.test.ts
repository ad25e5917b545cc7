import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { BadRequestError, ForbiddenError, type GitLab, type Milestone, NotFoundError } from '../src/index.js';
import { call, client, failure, testSeed } from './fixtures.js';

// Group milestones end to end: the SDK against the mock, with the rules of project milestones (GITLAB-BEHAVIOR 6).

const PLATFORM = 'acme/platform';

/**
 * The shared test world plus: a public group `open` with a private subgroup and projects,
 * a subgroup `acme/platform/core` with a project, and issues and merge requests on a group
 * milestone of `acme/platform`.
 */
const seed: SeedDocument = {
  ...testSeed,
  groups: [
    ...(testSeed.groups ?? []).map((g) =>
      g.path === 'acme' ? { ...g, milestones: [{ title: 'Company Q3', due_date: '2026-09-30' }] } : g,
    ),
    {
      path: 'acme/platform/core',
      milestones: [{ title: 'Core 1', due_date: '2026-07-01' }],
    },
    { path: 'open', visibility: 'public', milestones: [{ title: 'Open 1' }] },
    { path: 'open/hidden', visibility: 'private', milestones: [{ title: 'Hidden 1' }] },
  ],
  projects: [...(testSeed.projects ?? []), { path: 'acme/platform/core/engine', milestones: [{ title: 'Engine 1' }] }],
};

let mock: MockGitLab;
const as = (who: string): GitLab => client(mock, `glpat-${who}`);
const titles = (items: Milestone[]) => items.map((m) => m.title);
const listed = async (page: PromiseLike<{ items: Milestone[] }>) => titles((await page).items);

beforeEach(() => {
  mock = createMockGitLab({ seed });
});

describe('create, read, update, delete', () => {
  it('creates an active group milestone with the group’s next iid, read back by id or path', async () => {
    const created = await as('planner').groups.milestones.create(PLATFORM, {
      title: 'v1.0',
      description: 'First',
      start_date: '2026-06-01',
      due_date: '2026-06-30',
    });
    const platform = mock.world.groups.get(2);
    expect(created).toMatchObject({ iid: 1, group_id: platform?.id, state: 'active', expired: false });
    expect(created).not.toHaveProperty('project_id');
    expect(created.web_url).toBe(`${mock.baseUrl}/groups/acme/platform/-/milestones/1`);
    expect(await as('guest').groups.milestones.get(PLATFORM, created.id)).toEqual(created);
    expect(await as('guest').groups.milestones.get(platform?.id ?? 0, created.id)).toEqual(created);
    expect((await as('planner').groups.milestones.create(PLATFORM, { title: 'v2.0' })).iid).toBe(2);
  });

  it('refuses a title the group or a project directly in it already uses, and changes nothing', async () => {
    await as('dev').projects.milestones.create('acme/platform/api', { title: 'v1.0' });
    const before = mock.exportState();
    const error = await failure(as('dev').groups.milestones.create(PLATFORM, { title: 'v1.0' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.gitlabMessage).toBe(
      'Failed to create milestone {:title=>["already being used for another group or project milestone."]}',
    );
    expect(mock.exportState()).toEqual(before);
    // An ancestor's title is free: only the group and its own projects count (GitLab's `uniqueness_of_title`).
    expect((await as('dev').groups.milestones.create(PLATFORM, { title: 'Company Q3' })).title).toBe('Company Q3');
  });

  it('refuses a missing title and dates out of order, with GitLab’s messages', async () => {
    expect((await failure(as('dev').groups.milestones.create(PLATFORM, {} as never))).gitlabMessage).toBe(
      'title is missing',
    );
    const error = await failure(
      as('dev').groups.milestones.create(PLATFORM, { title: 'x', start_date: '2026-06-10', due_date: '2026-06-10' }),
    );
    expect(error.gitlabMessage).toBe('Failed to create milestone {:due_date=>["must be greater than start date"]}');
  });

  it('updates fields, closes and reopens, and needs at least one field', async () => {
    const m = await as('planner').groups.milestones.create(PLATFORM, { title: 'x', due_date: '2026-07-01' });
    const closed = await as('planner').groups.milestones.update(PLATFORM, m.id, { state_event: 'close', title: 'y' });
    expect(closed).toMatchObject({ state: 'closed', title: 'y' });
    expect((await as('planner').groups.milestones.update(PLATFORM, m.id, { due_date: null })).due_date).toBeNull();
    expect((await as('planner').groups.milestones.update(PLATFORM, m.id, { state_event: 'activate' })).state).toBe(
      'active',
    );
    const none = await failure(as('planner').groups.milestones.update(PLATFORM, m.id, {}));
    expect(none.gitlabMessage).toBe(
      'title, description, start_date, due_date, state_event are missing, at least one parameter must be provided',
    );
  });

  it('deletes a milestone: its issues lose it, and it is gone', async () => {
    const m = await as('dev').groups.milestones.create(PLATFORM, { title: 'doomed' });
    const api = mock.world.projects.get(1);
    if (!api) throw new Error('no project');
    const issue = mock.seed.issue(api, { title: 'On it', author: 'dev', milestone: 'doomed' });
    await as('planner').groups.milestones.delete(PLATFORM, m.id);
    expect(mock.world.issues.get(issue.id)?.milestone_id).toBeNull();
    const error = await failure(as('planner').groups.milestones.get(PLATFORM, m.id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.gitlabMessage).toBe('404 Not found');
  });

  it('finds only the group’s own milestones by id: a project’s or another group’s is 404 Not found', async () => {
    const project = await as('dev').projects.milestones.create('acme/platform/api', { title: 'p' });
    const [companyQ3] = (await as('owner').groups.milestones.list('acme')).items;
    for (const id of [project.id, companyQ3?.id ?? 0]) {
      const error = await failure(as('dev').groups.milestones.get(PLATFORM, id));
      expect(error.gitlabMessage).toBe('404 Not found');
    }
    const response = await call(mock, 'GET', '/groups/acme%2Fplatform/milestones/x', { token: 'glpat-dev' });
    expect(response).toMatchObject({ status: 400, body: { error: 'milestone_id is invalid' } });
  });
});

describe('who may read and write', () => {
  it('lets anyone who sees the group read, and refuses Guests writes with 403, changing nothing', async () => {
    const m = await as('planner').groups.milestones.create(PLATFORM, { title: 'v1.0' });
    expect(await listed(as('guest').groups.milestones.list(PLATFORM))).toEqual(['v1.0']);
    const before = mock.exportState();
    const refusals = [
      as('guest').groups.milestones.create(PLATFORM, { title: 'g' }),
      as('guest').groups.milestones.update(PLATFORM, m.id, { title: 'g' }),
      as('guest').groups.milestones.delete(PLATFORM, m.id),
    ];
    for (const refusal of refusals) {
      const error = await failure(refusal);
      expect(error).toBeInstanceOf(ForbiddenError);
      expect(error.gitlabMessage).toBe('403 Forbidden');
    }
    expect(mock.exportState()).toEqual(before);
  });

  it('lets Planners of the group and above write, inherited from a parent group, and administrators', async () => {
    expect((await as('owner').groups.milestones.create(PLATFORM, { title: 'by owner' })).state).toBe('active');
    expect((await as('root').groups.milestones.create(PLATFORM, { title: 'by root' })).state).toBe('active');
  });

  it('hides a private group from outsiders with 404 Group Not Found, for reads and writes alike', async () => {
    await as('outsider').groups.list(); // the token's first use is recorded once
    const before = mock.exportState();
    for (const attempt of [
      as('outsider').groups.milestones.list(PLATFORM),
      as('outsider').groups.milestones.create(PLATFORM, { title: 'x' }),
    ]) {
      const error = await failure(attempt);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.gitlabMessage).toBe('404 Group Not Found');
    }
    expect(mock.exportState()).toEqual(before);
  });

  it('lets a signed-in non-member read a public group’s milestones but not write them', async () => {
    expect(await listed(as('outsider').groups.milestones.list('open'))).toEqual(['Open 1']);
    expect((await failure(as('outsider').groups.milestones.create('open', { title: 'x' }))).status).toBe(403);
  });
});

describe('list filters', () => {
  beforeEach(async () => {
    const planner = as('planner');
    await planner.groups.milestones.create(PLATFORM, {
      title: 'Alpha',
      description: 'first cut',
      due_date: '2026-06-10',
    });
    const beta = await planner.groups.milestones.create(PLATFORM, { title: 'Beta', due_date: '2026-06-20' });
    await planner.groups.milestones.update(PLATFORM, beta.id, { state_event: 'close' });
    await planner.groups.milestones.create(PLATFORM, { title: 'Backlog' });
  });

  it('orders by due date, undated last, and filters by state', async () => {
    expect(await listed(as('dev').groups.milestones.list(PLATFORM))).toEqual(['Alpha', 'Beta', 'Backlog']);
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { state: 'active' }))).toEqual(['Alpha', 'Backlog']);
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { state: 'closed' }))).toEqual(['Beta']);
  });

  it('filters by exact title, by search over title and description, and by iids', async () => {
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { title: 'beta' }))).toEqual([]);
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { title: 'Beta' }))).toEqual(['Beta']);
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { search: 'CUT' }))).toEqual(['Alpha']);
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { iids: [1, 3] }))).toEqual(['Alpha', 'Backlog']);
  });

  it('filters by update time', async () => {
    mock.clock.advance(60_000);
    const later = new Date(mock.world.now).toISOString();
    mock.clock.advance(60_000);
    const [alpha] = (await as('dev').groups.milestones.list(PLATFORM, { title: 'Alpha' })).items;
    await as('planner').groups.milestones.update(PLATFORM, alpha?.id ?? 0, { description: 'touched' });
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { updated_after: later }))).toEqual(['Alpha']);
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { updated_before: later }))).toEqual([
      'Beta',
      'Backlog',
    ]);
  });

  it('adds the ancestors’ milestones with include_ancestors (iids then ignored) or its deprecated name', async () => {
    const withAncestors = ['Alpha', 'Beta', 'Company Q3', 'Backlog'];
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { include_ancestors: true }))).toEqual(
      withAncestors,
    );
    expect(
      await listed(as('dev').groups.milestones.list(PLATFORM, { include_parent_milestones: true, iids: [1] })),
    ).toEqual(withAncestors);
    const both = await call(
      mock,
      'GET',
      '/groups/acme%2Fplatform/milestones?include_ancestors=true&include_parent_milestones=true',
      { token: 'glpat-dev' },
    );
    expect(both).toMatchObject({
      status: 400,
      body: { error: 'include_ancestors, include_parent_milestones are mutually exclusive' },
    });
  });

  it('adds the subgroups’ and their projects’ milestones with include_descendants', async () => {
    expect(await listed(as('dev').groups.milestones.list(PLATFORM, { include_descendants: true }))).toEqual([
      'Alpha',
      'Beta',
      'Core 1',
      // Undated ones last, newest first: Backlog was created after the seeded Engine 1.
      'Backlog',
      'Engine 1',
    ]);
  });

  it('leaves out the subgroups a caller cannot see with include_descendants', async () => {
    expect(await listed(as('outsider').groups.milestones.list('open', { include_descendants: true }))).toEqual([
      'Open 1',
    ]);
    expect(await listed(as('root').groups.milestones.list('open', { include_descendants: true }))).toEqual([
      'Hidden 1',
      'Open 1',
    ]);
  });
});

describe('issues, merge requests and burndown charts of a group milestone', () => {
  beforeEach(() => {
    const api = mock.world.projects.get(1);
    if (!api) throw new Error('no project');
    const milestone = mock.seed.groupMilestone(mock.world.groups.get(2) as never, {
      title: 'Sprint',
      start_date: '2026-05-20',
      due_date: '2026-06-20',
    });
    mock.seed.issue(api, { title: 'Open bug', author: 'dev', milestone: 'Sprint', created_at: '2026-05-21T10:00:00Z' });
    mock.seed.issue(api, { title: 'Secret', author: 'dev', milestone: 'Sprint', confidential: true });
    mock.seed.mergeRequest(api, { title: 'Fix', author: 'dev', milestone: 'Sprint' });
    expect(milestone.title).toBe('Sprint');
  });

  const sprint = async () => (await as('dev').groups.milestones.list(PLATFORM, { title: 'Sprint' })).items[0]?.id ?? 0;

  it('lists the issues in the group’s projects; confidential ones only from Planner up', async () => {
    const id = await sprint();
    const dev = await as('dev').groups.milestones.issues(PLATFORM, id);
    expect(dev.items.map((i) => i.title)).toEqual(['Secret', 'Open bug']);
    expect(dev.items[0]?.milestone?.title).toBe('Sprint');
    expect((await as('guest').groups.milestones.issues(PLATFORM, id)).items.map((i) => i.title)).toEqual(['Open bug']);
  });

  it('lists the merge requests a caller may read: in a private project, from Reporter up', async () => {
    const id = await sprint();
    expect((await as('reporter').groups.milestones.mergeRequests(PLATFORM, id)).items.map((m) => m.title)).toEqual([
      'Fix',
    ]);
    expect((await as('guest').groups.milestones.mergeRequests(PLATFORM, id)).items).toEqual([]);
  });

  it('lists the issues of the group’s own projects only, as GitLab’s finder; burndown charts count subgroups’', async () => {
    const engine = [...mock.world.projects.values()].find((p) => p.path === 'engine');
    if (!engine) throw new Error('no project');
    mock.seed.issue(engine, { title: 'Deep', author: 'root', milestone: 'Sprint', created_at: '2026-05-22T10:00:00Z' });
    const id = await sprint();
    expect((await as('dev').groups.milestones.issues(PLATFORM, id)).items.map((i) => i.title)).not.toContain('Deep');
    const events = await as('dev').groups.milestones.burndownEvents(PLATFORM, id);
    expect(events.filter((e) => e.action === 'created')).toHaveLength(3);
  });

  it('answers burndown events on a Premium group, and 405 on a Free one', async () => {
    const events = await as('dev').groups.milestones.burndownEvents(PLATFORM, await sprint());
    expect(events.map((e) => e.action)).toEqual(['created', 'created']);
    const free = await as('owner').groups.milestones.create('free-corp', { title: 'F' });
    const error = await failure(as('owner').groups.milestones.burndownEvents('free-corp', free.id));
    expect(error.status).toBe(405);
    expect(error.gitlabMessage).toBe('Milestone does not support burndown chart');
  });
});

describe('promotion', () => {
  it('finds a promoted project milestone under its group, with its issues and merge requests', async () => {
    const api = mock.world.projects.get(1);
    if (!api) throw new Error('no project');
    const planner = as('planner');
    const m = await planner.projects.milestones.create('acme/platform/api', {
      title: 'Promote me',
      due_date: '2026-06-30',
    });
    mock.seed.issue(api, { title: 'Carried over', author: 'dev', milestone: 'Promote me' });
    mock.seed.mergeRequest(api, { title: 'Carried MR', author: 'dev', milestone: 'Promote me' });
    await planner.projects.milestones.promote('acme/platform/api', m.id);

    const [promoted] = (await planner.groups.milestones.list(PLATFORM, { title: 'Promote me' })).items;
    expect(promoted).toMatchObject({ iid: 1, due_date: '2026-06-30', state: 'active' });
    expect(promoted).not.toHaveProperty('project_id');
    const id = promoted?.id ?? 0;
    expect((await planner.groups.milestones.issues(PLATFORM, id)).items.map((i) => i.title)).toEqual(['Carried over']);
    expect((await as('dev').groups.milestones.mergeRequests(PLATFORM, id)).items.map((r) => r.title)).toEqual([
      'Carried MR',
    ]);
    expect((await failure(planner.projects.milestones.get('acme/platform/api', m.id))).status).toBe(404);
  });
});

describe('state export', () => {
  it('reloads a world with group milestones answering the same', async () => {
    const planner = as('planner');
    const m = await planner.groups.milestones.create(PLATFORM, { title: 'Kept', due_date: '2026-07-01' });
    await planner.groups.milestones.update(PLATFORM, m.id, { state_event: 'close' });
    const reloaded = createMockGitLab({ seed: mock.exportState() });
    const again = client(reloaded, 'glpat-planner');
    for (const query of [{}, { include_descendants: true }, { include_ancestors: true }]) {
      expect((await again.groups.milestones.list(PLATFORM, query)).items).toEqual(
        (await planner.groups.milestones.list(PLATFORM, query)).items,
      );
    }
    expect((await again.groups.milestones.create(PLATFORM, { title: 'Next' })).iid).toBe(2);
    expect(await again.groups.list()).toEqual(await planner.groups.list());
  });
});

describe('a public group’s milestone with a private project in the group', () => {
  it('shows an outsider the issues and merge requests of the projects it may read, none of the private one', async () => {
    mock = createMockGitLab({
      seed: {
        users: [
          { username: 'olivia', token: 'glpat-olivia' },
          { username: 'outsider', token: 'glpat-outsider' },
        ],
        groups: [{ path: 'pub', visibility: 'public', members: { olivia: 50 }, milestones: [{ title: 'Q3' }] }],
        projects: [
          {
            path: 'pub/site',
            visibility: 'public',
            issues: [{ title: 'Site issue', author: 'olivia', milestone: 'Q3' }],
            merge_requests: [{ title: 'Site change', author: 'olivia', source_branch: 'a', milestone: 'Q3' }],
          },
          {
            path: 'pub/vault',
            visibility: 'private',
            issues: [{ title: 'Vault issue', author: 'olivia', milestone: 'Q3' }],
            merge_requests: [{ title: 'Vault change', author: 'olivia', source_branch: 'b', milestone: 'Q3' }],
          },
        ],
      },
    });
    const [q3] = (await as('outsider').groups.milestones.list('pub')).items;
    const id = q3?.id ?? 0;
    const issues = async (who: string) =>
      (await as(who).groups.milestones.issues('pub', id)).items.map((i) => i.title).sort();
    const changes = async (who: string) =>
      (await as(who).groups.milestones.mergeRequests('pub', id)).items.map((m) => m.title).sort();
    expect(await issues('outsider')).toEqual(['Site issue']);
    expect(await changes('outsider')).toEqual(['Site change']);
    expect(await issues('olivia')).toEqual(['Site issue', 'Vault issue']);
    expect(await changes('olivia')).toEqual(['Site change', 'Vault change']);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import type { GitLab, IssueListQuery } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Issues end to end: the SDK against the in-process mock (lib/api/issues.rb).

const API = 'acme/api';

/** A Premium group with one member per role, a private project with issues of a milestone, one of them confidential. */
const seed: SeedDocument = {
  now: '2026-06-10T09:00:00Z',
  instance: { offering: 'self-managed', plan: 'premium' },
  users: [
    { username: 'root', admin: true, token: 'glpat-admin' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'planner', token: 'glpat-planner' },
    { username: 'reporter', token: 'glpat-reporter' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [
    { path: 'acme', visibility: 'public', members: { owner: 50, reporter: 20, planner: 15, guest: 10 } },
    { path: 'other', visibility: 'public', members: { owner: 50 } },
  ],
  projects: [
    {
      path: 'acme/api',
      visibility: 'private',
      milestones: [{ title: 'v1.0', start_date: '2026-06-01', due_date: '2026-06-30' }],
      issues: [
        {
          iid: 1,
          title: 'Login fails',
          author: 'reporter',
          assignees: ['planner'],
          milestone: 'v1.0',
          labels: ['bug', 'backend'],
          weight: 3,
          created_at: '2026-06-01T10:00:00Z',
        },
        {
          iid: 2,
          title: 'Secret leak',
          description: 'Tokens in logs',
          author: 'owner',
          confidential: true,
          milestone: 'v1.0',
          weight: 5,
          created_at: '2026-06-02T10:00:00Z',
        },
        {
          iid: 3,
          title: 'Add dark mode',
          author: 'guest',
          labels: ['feature'],
          created_at: '2026-06-03T10:00:00Z',
          events: [{ action: 'closed', at: '2026-06-04T10:00:00Z' }],
        },
      ],
    },
    { path: 'acme/site', visibility: 'public', issues: [{ title: 'Typo', author: 'guest' }] },
  ],
};

let mock: MockGitLab;
let as: (who: string) => GitLab;

beforeEach(async () => {
  mock = createMockGitLab({ seed });
  as = (who) => client(mock, `glpat-${who}`);
  // A token's first use is recorded in the world: use each once, so "nothing changed" compares like with like.
  for (const who of ['admin', 'owner', 'planner', 'reporter', 'guest', 'outsider']) await as(who).issues.list();
});

const iids = (items: { iid: number }[]) => items.map((i) => i.iid);
const userId = (name: string) => [...mock.world.users.values()].find((u) => u.username === name)!.id;
const milestoneId = (title: string) => [...mock.world.milestones.values()].find((m) => m.title === title)!.id;

describe('lists', () => {
  it('lists a project’s issues newest first, paginated', async () => {
    const page = await as('reporter').projects.issues.list(API, { per_page: 2 });
    expect(iids(page.items)).toEqual([3, 2]);
    expect(page.total).toBe(3);
  });

  it.each([
    [{ state: 'opened' }, [2, 1]],
    [{ state: 'closed' }, [3]],
    [{ milestone: 'v1.0' }, [2, 1]],
    [{ milestone: 'None' }, [3]],
    [{ labels: 'bug,backend' }, [1]],
    [{ labels: ['feature'] }, [3]],
    [{ labels: 'None' }, [2]],
    [{ author_username: 'guest' }, [3]],
    [{ assignee_username: ['planner'] }, [1]],
    [{ assignee_id: 'None' }, [3, 2]],
    [{ search: 'tokens LOGS' }, [2]],
    [{ iids: [1, 3] }, [3, 1]],
    [{ confidential: true }, [2]],
    [{ confidential: false }, [3, 1]],
    [{ created_before: '2026-06-01T12:00:00Z' }, [1]],
    [{ order_by: 'title', sort: 'asc' }, [3, 1, 2]],
  ] as [IssueListQuery, number[]][])('filters with %j', async (query, expected) => {
    expect(iids(await as('reporter').projects.issues.list(API, query).toArray())).toEqual(expected);
  });

  it('filters by author and assignee ids', async () => {
    const gitlab = as('reporter');
    expect(iids(await gitlab.projects.issues.list(API, { author_id: userId('owner') }).toArray())).toEqual([2]);
    expect(iids(await gitlab.projects.issues.list(API, { assignee_id: userId('planner') }).toArray())).toEqual([1]);
  });

  it('hides confidential issues from Guests, but not from their author or from Planners', async () => {
    expect(iids(await as('guest').projects.issues.list(API).toArray())).toEqual([3, 1]);
    expect(iids(await as('planner').projects.issues.list(API).toArray())).toEqual([3, 2, 1]);
    const hidden = await failure(as('guest').projects.issues.get(API, 2));
    expect([hidden.status, hidden.gitlabMessage]).toEqual([404, '404 Not found']);
    expect((await as('owner').projects.issues.get(API, 2)).title).toBe('Secret leak');
  });

  it('hides a private project from outsiders: 404 Project Not Found', async () => {
    const error = await failure(as('outsider').projects.issues.list(API));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 Project Not Found']);
  });

  it('lists across projects: the caller’s own by default, assigned ones, or every visible one', async () => {
    expect((await as('guest').issues.list().toArray()).map((i) => i.title)).toEqual(['Typo', 'Add dark mode']);
    expect(iids(await as('planner').issues.list({ scope: 'assigned_to_me' }).toArray())).toEqual([1]);
    expect((await as('outsider').issues.list({ scope: 'all' }).toArray()).map((i) => i.title)).toEqual(['Typo']);
    expect((await as('guest').issues.list({ scope: 'all' }).toArray()).map((i) => i.title)).toEqual([
      'Typo',
      'Add dark mode',
      'Login fails',
    ]);
  });

  it('takes several assignee usernames on Premium, and only one on a free self-managed instance', async () => {
    const both = { assignee_username: ['planner', 'reporter'] };
    expect(await as('planner').projects.issues.list(API, both).toArray()).toEqual([]);
    mock.world.instance.plan = 'free';
    const refused = await call(
      mock,
      'GET',
      '/projects/acme%2Fapi/issues?assignee_username[]=planner&assignee_username[]=reporter',
      { token: 'glpat-planner' },
    );
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: 'assignee_username allows one value, but found 2: planner, reporter' },
    ]);
  });

  it('refuses a value a parameter does not take, with Grape’s message', async () => {
    const bad = await call(mock, 'GET', '/projects/acme%2Fapi/issues?state=open&confidential=maybe', {
      token: 'glpat-reporter',
    });
    expect([bad.status, bad.body]).toEqual([
      400,
      { error: 'state does not have a valid value, confidential is invalid' },
    ]);
  });
});

describe('GET /groups/:id/issues', () => {
  // acme (public) holds acme/api (private, a confidential issue among its three) and acme/site (public); a public
  // subgroup's project, an archived project, and a private group of the owner's beside them.
  const groupSeed: SeedDocument = {
    ...seed,
    groups: [
      ...(seed.groups ?? []),
      { path: 'acme/platform', visibility: 'public' },
      { path: 'secret', visibility: 'private', members: { owner: 50 } },
    ],
    projects: [
      ...(seed.projects ?? []),
      { path: 'acme/platform/web', visibility: 'public', issues: [{ title: 'Deep', author: 'reporter' }] },
      { path: 'acme/old', visibility: 'public', archived: true, issues: [{ title: 'Archived', author: 'guest' }] },
      { path: 'secret/vault', visibility: 'private', issues: [{ title: 'Hidden', author: 'owner' }] },
    ],
  };
  const titles = (items: { title: string }[]) => items.map((issue) => issue.title).sort();

  beforeEach(() => {
    mock = createMockGitLab({ seed: groupSeed });
  });

  it("lists the group's and its subgroups' issues the caller may see, none of an archived project", async () => {
    const planner = as('planner');
    expect(titles(await planner.groups.issues('acme').toArray())).toEqual(
      ['Login fails', 'Secret leak', 'Add dark mode', 'Typo', 'Deep'].sort(),
    );
    // A Guest does not see the confidential issue, someone outside and an anonymous caller (no `authenticate!`)
    // only the public projects' issues.
    expect(titles(await as('guest').groups.issues('acme').toArray())).not.toContain('Secret leak');
    expect(titles(await as('outsider').groups.issues('acme').toArray())).toEqual(['Deep', 'Typo']);
    const anonymous = await call(mock, 'GET', '/groups/acme/issues');
    expect(anonymous.status).toBe(200);
    expect(titles(anonymous.body as { title: string }[])).toEqual(['Deep', 'Typo']);
    // A subgroup lists its own; `non_archived: false` adds an archived project's.
    expect(titles(await planner.groups.issues('acme/platform').toArray())).toEqual(['Deep']);
    expect(titles(await planner.groups.issues('acme', { non_archived: false }).toArray())).toContain('Archived');
  });

  it('filters as the other lists do, and takes a scope of your own (none for an anonymous caller)', async () => {
    const reporter = as('reporter');
    expect(titles(await reporter.groups.issues('acme', { state: 'closed' }).toArray())).toEqual(['Add dark mode']);
    expect(titles(await reporter.groups.issues('acme', { scope: 'created_by_me' }).toArray())).toEqual([
      'Deep',
      'Login fails',
    ]);
    expect(titles(await reporter.groups.issues('acme', { labels: ['bug'] }).toArray())).toEqual(['Login fails']);
    const anonymous = await call(mock, 'GET', '/groups/acme/issues?scope=created_by_me');
    expect([anonymous.status, anonymous.body]).toEqual([200, []]);
  });

  it('gives each one its reference relative to the group, and leaves `subscribed` out', async () => {
    const found = await as('reporter').groups.issues('acme', { search: 'Login fails' }).toArray();
    expect(found.map((issue) => issue.references)).toEqual([{ short: '#1', relative: 'api#1', full: 'acme/api#1' }]);
    expect(found[0]).not.toHaveProperty('subscribed');
    const [deep] = await as('reporter').groups.issues('acme', { search: 'Deep' }).toArray();
    expect(deep?.references?.relative).toBe('acme/platform/web#1');
    const [own] = await as('reporter').groups.issues('acme/platform').toArray();
    expect(own?.references?.relative).toBe('web#1');
  });

  it("answers 404 for a group the caller cannot see, and a group's 404 for one that does not exist", async () => {
    expect(await failure(as('outsider').groups.issues('secret').toArray())).toMatchObject({
      status: 404,
      body: { message: '404 Group Not Found' },
    });
    expect(titles(await as('owner').groups.issues('secret').toArray())).toEqual(['Hidden']);
    expect((await failure(as('owner').groups.issues('nowhere').toArray())).status).toBe(404);
  });
});

describe('issue statistics', () => {
  // acme/api: 'Login fails' (open, v1.0, bug), 'Secret leak' (open, confidential, v1.0) and 'Add dark mode' (closed);
  // acme/site: 'Typo' (open, by guest).
  it("count a project's issues in every state, whatever state is asked, with the list's filters", async () => {
    const planner = as('planner');
    const counts = async (query = {}) => (await planner.projects.issues.statistics(API, query)).statistics.counts;
    expect(await counts()).toEqual({ all: 3, closed: 1, opened: 2 });
    // `state` is no parameter of the statistics: GitLab ignores it, as the mock does with a raw query.
    const raw = await call(mock, 'GET', '/projects/acme%2Fapi/issues_statistics?state=closed&order_by=updated_at', {
      token: 'glpat-planner',
    });
    expect(raw.body).toEqual({ statistics: { counts: { all: 3, closed: 1, opened: 2 } } });
    expect(await counts({ milestone: 'v1.0' })).toEqual({ all: 2, closed: 0, opened: 2 });
    expect(await counts({ labels: ['bug'] })).toEqual({ all: 1, closed: 0, opened: 1 });
    // Confidential issues count only for whoever may read them.
    expect((await as('guest').projects.issues.statistics(API)).statistics.counts).toEqual({
      all: 2,
      closed: 1,
      opened: 1,
    });
  });

  it("count a group's issues and the caller's own across the instance, archived projects' too", async () => {
    await as('owner').projects.archive('acme/site');
    // The lists leave an archived project's issues out by default; the statistics have no `non_archived`.
    expect((await as('planner').groups.issues('acme').toArray()).map((i) => i.title)).not.toContain('Typo');
    expect((await as('planner').groups.issuesStatistics('acme')).statistics.counts).toEqual({
      all: 4,
      closed: 1,
      opened: 3,
    });
    expect((await as('guest').issues.statistics()).statistics.counts).toEqual({ all: 2, closed: 1, opened: 1 });
    expect((await as('guest').issues.statistics({ scope: 'all' })).statistics.counts.all).toBe(3);
  });

  it('answer 401 to an anonymous caller across the instance unless the scope is all, and 404 for a hidden group', async () => {
    expect((await call(mock, 'GET', '/issues_statistics')).status).toBe(401);
    const everything = await call(mock, 'GET', '/issues_statistics?scope=all');
    // acme/api is private: only acme/site's issue is public.
    expect([everything.status, everything.body]).toEqual([
      200,
      { statistics: { counts: { all: 1, closed: 0, opened: 1 } } },
    ]);
    expect((await call(mock, 'GET', '/groups/nowhere/issues_statistics', { token: 'glpat-owner' })).status).toBe(404);
  });
});

describe('token scopes', () => {
  // lib/api/issues.rb checks the API scopes, and `allow_ai_workflows_access` adds `ai_workflows` for GET, HEAD,
  // POST and PUT; a token with neither is 403 insufficient_scope (the router's check, which these routes make themselves).
  const scoped = createMockGitLab({
    seed: {
      users: [
        { username: 'reader', token: 'glpat-read-user', scopes: ['read_user'] },
        { username: 'viewer', token: 'glpat-read-api', scopes: ['read_api'] },
      ],
      projects: [{ path: 'reader/notes', issues: [{ iid: 1, title: 'One' }] }],
    },
  });

  it.each([
    ['GET', '/issues', 'glpat-read-user'],
    ['GET', '/projects/reader%2Fnotes/issues', 'glpat-read-user'],
    ['GET', '/projects/reader%2Fnotes/issues/1', 'glpat-read-user'],
    ['POST', '/projects/reader%2Fnotes/issues', 'glpat-read-api'],
    ['PUT', '/projects/reader%2Fnotes/issues/1', 'glpat-read-api'],
  ])('%s %s refuses a token without api, read_api (for reading) or ai_workflows', async (method, path, token) => {
    const answer = await call(scoped, method, path, { token, json: method === 'GET' ? undefined : { title: 'x' } });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('insufficient_scope');
  });
});

describe('negated filters (`not[...]`)', () => {
  // IssuableFinder's by_negated_* filters: a record matching any negated value is left out.
  it.each([
    ['not[labels]=bug', [3, 2]],
    ['not[labels][]=feature&not[labels][]=backend', [2]],
    ['not[milestone]=v1.0', [3]],
    ['not[milestone]=None', [2, 1]],
    ['not[milestone]=Any', [3]],
    ['not[author_username]=guest', [2, 1]],
    ['not[assignee_username]=planner', [3, 2]],
    ['not[iids][]=2', [3, 1]],
    ['labels=bug&not[labels]=backend', []],
  ])('GET /projects/:id/issues?%s', async (query, expected) => {
    const answer = await call(mock, 'GET', `/projects/acme%2Fapi/issues?${query}`, { token: 'glpat-reporter' });
    expect(iids(answer.body)).toEqual(expected);
  });

  it('takes author and assignee ids', async () => {
    const query = `not[author_id]=${userId('owner')}&not[assignee_id]=${userId('planner')}`;
    const answer = await call(mock, 'GET', `/projects/acme%2Fapi/issues?${query}`, { token: 'glpat-reporter' });
    expect(iids(answer.body)).toEqual([3]);
  });
});

describe('list filters at their edges', () => {
  it.each([
    [{ assignee_id: 'Any' }, [1]],
    [{ milestone: 'v9.9' }, []],
    [{ labels: 'bug,feature' }, []],
    // GitLab's Issuables::LabelFilter: None, then Any, anywhere in the list wins over the names.
    [{ labels: 'bug,None' }, [2]],
    [{ labels: 'feature,any,None' }, [2]],
    [{ labels: 'nolabel,Any' }, [3, 1]],
    // In any case: GitLab downcases the names before looking for them (the handler reads them so).
    [{ labels: 'bug,none' }, [2]],
    [{ labels: 'ANY' }, [3, 1]],
    [{ author_username: 'nobody' }, []],
    [{ assignee_username: ['planner', 'reporter'] }, []],
    [{ assignee_username: ['nobody'] }, []],
    [{ created_after: '2026-06-01T10:00:00Z' }, [3, 2, 1]],
    [{ created_before: '2026-06-01T10:00:00Z' }, [1]],
  ] as [IssueListQuery, number[]][])('filters with %j', async (query, expected) => {
    expect(iids(await as('reporter').projects.issues.list(API, query).toArray())).toEqual(expected);
  });

  it('finds no issue for an assignee id nobody assigned', async () => {
    expect(
      await as('reporter')
        .projects.issues.list(API, { assignee_id: userId('reporter') })
        .toArray(),
    ).toEqual([]);
  });

  it('orders titles in lower case, so an underscore comes before letters', async () => {
    await as('planner').projects.issues.create(API, { title: '_Draft' });
    const list = await as('reporter').projects.issues.list(API, { order_by: 'title', sort: 'asc' }).toArray();
    expect(iids(list)).toEqual([4, 3, 1, 2]);
  });

  it('breaks ties by id in the order asked for', async () => {
    for (const title of ['Same', 'Same', 'Same']) await as('planner').projects.issues.create(API, { title });
    const gitlab = as('reporter');
    expect(iids(await gitlab.projects.issues.list(API, { order_by: 'title', sort: 'desc' }).toArray())).toEqual([
      2, 6, 5, 4, 1, 3,
    ]);
    expect(iids(await gitlab.projects.issues.list(API, { order_by: 'title', sort: 'asc' }).toArray())).toEqual([
      3, 1, 4, 5, 6, 2,
    ]);
  });
});

describe('assignees and milestones as GitLab keeps them', () => {
  it('takes a single assignee_id', async () => {
    const created = await call(mock, 'POST', '/projects/acme%2Fapi/issues', {
      token: 'glpat-planner',
      json: { title: 'One', assignee_id: userId('reporter') },
    });
    expect(created.body.assignees.map((u: { username: string }) => u.username)).toEqual(['reporter']);
  });

  it('keeps each assignee once, and drops unknown users and users who cannot see the project', async () => {
    const reporter = userId('reporter');
    const issue = await as('planner').projects.issues.create(API, {
      title: 'Many',
      assignee_ids: [reporter, reporter, 9999, userId('outsider')],
    });
    expect(issue.assignees.map((u) => u.username)).toEqual(['reporter']);
    const exported = mock
      .exportState()
      .projects?.find((p) => p.path === API)
      ?.issues?.find((i) => i.iid === issue.iid);
    expect(exported?.assignees).toEqual(['reporter']);
  });

  it('stores labels trimmed, blanks dropped, each once, and answers them in title order', async () => {
    const wire = await call(mock, 'POST', '/projects/acme%2Fapi/issues', {
      token: 'glpat-planner',
      json: { title: 'Labels', labels: [' perf ', '', '  ', 'perf', 'backend'] },
    });
    expect(wire.body.labels).toEqual(['backend', 'perf']);
  });

  it('clears assignees with an empty list: the issue then has none', async () => {
    await as('planner').projects.issues.update(API, 1, { assignee_ids: [] });
    expect(iids(await as('reporter').projects.issues.list(API, { assignee_id: 'None' }).toArray())).toEqual([3, 2, 1]);
  });

  it('takes a milestone of the project’s groups, and drops unknown ones and those of other projects or groups', async () => {
    const own = await as('owner').groups.milestones.create('acme', { title: 'Q3' });
    const foreign = await as('owner').groups.milestones.create('other', { title: 'Q4' });
    const site = await as('owner').projects.milestones.create('acme/site', { title: 's1' });
    const gitlab = as('planner');
    expect((await gitlab.projects.issues.update(API, 1, { milestone_id: own.id })).milestone?.title).toBe('Q3');
    for (const id of [9999, foreign.id, site.id]) {
      expect((await gitlab.projects.issues.update(API, 1, { milestone_id: id })).milestone).toBeNull();
      await gitlab.projects.issues.update(API, 1, { milestone_id: own.id });
    }
  });
});

describe('one issue', () => {
  it('answers GitLab’s Issue entity: IssueBasic, then subscription, links and move', async () => {
    const wire = await call(mock, 'GET', '/projects/acme%2Fapi/issues/1', { token: 'glpat-reporter' });
    const keys = Object.keys(wire.body);
    expect(keys.slice(0, 8)).toEqual([
      'id',
      'iid',
      'project_id',
      'title',
      'description',
      'state',
      'created_at',
      'updated_at',
    ]);
    expect(keys.slice(-5)).toEqual(['subscribed', '_links', 'references', 'moved_to_id', 'service_desk_reply_to']);
    expect(wire.body).toMatchObject({
      labels: ['backend', 'bug'],
      assignees: [{ username: 'planner' }],
      milestone: { title: 'v1.0' },
      weight: 3,
      _links: { self: `${mock.baseUrl}/api/v4/projects/1/issues/1` },
    });
  });

  it('answers 404 Not found for an iid the project does not have', async () => {
    const error = await failure(as('reporter').projects.issues.get(API, 99));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 Not found']);
  });
});

describe('create', () => {
  it('opens an issue with the next iid and the fields a Planner may set', async () => {
    const issue = await as('planner').projects.issues.create(API, {
      title: 'Slow search',
      description: 'Takes seconds',
      assignee_ids: [userId('reporter')],
      milestone_id: milestoneId('v1.0'),
      labels: 'perf, backend',
      confidential: true,
      weight: 2,
    });
    expect(issue).toMatchObject({
      iid: 4,
      state: 'opened',
      author: { username: 'planner' },
      assignees: [{ username: 'reporter' }],
      milestone: { title: 'v1.0' },
      labels: ['backend', 'perf'],
      confidential: true,
      weight: 2,
    });
    expect(await as('planner').projects.issues.get(API, 4)).toEqual(issue);
  });

  it('lets a Guest open an issue, without assignees, milestone, labels or weight', async () => {
    const issue = await as('guest').projects.issues.create(API, {
      title: 'Crash',
      assignee_ids: [userId('owner')],
      milestone_id: milestoneId('v1.0'),
      labels: ['bug'],
      weight: 8,
    });
    expect(issue).toMatchObject({ assignees: [], milestone: null, labels: [], weight: null });
  });

  it('lets any signed-in user open an issue in a public project', async () => {
    expect((await as('outsider').projects.issues.create('acme/site', { title: 'Broken link' })).iid).toBe(2);
  });

  it('refuses a missing title with Grape’s message, and changes nothing', async () => {
    const before = mock.exportState();
    const error = await failure(as('planner').projects.issues.create(API, {} as never));
    expect([error.status, error.body]).toEqual([400, { error: 'title is missing' }]);
    expect(mock.exportState()).toEqual(before);
  });

  it('ignores weights where they are not licensed', async () => {
    mock.world.instance.plan = 'free';
    const issue = await as('planner').projects.issues.create(API, { title: 'Free', weight: 4 });
    expect(mock.world.issues.get(issue.id)?.weight).toBeNull();
  });
});

describe('iids given at creation', () => {
  it('takes an iid from an Owner; the next one follows the greatest given, and a taken one is 409', async () => {
    const owner = as('owner');
    expect((await owner.projects.issues.create(API, { title: 'Imported', iid: 10 })).iid).toBe(10);
    expect((await owner.projects.issues.create(API, { title: 'Next' })).iid).toBe(11);
    // A lower iid given does not move the counter back.
    expect((await owner.projects.issues.create(API, { title: 'Backfilled', iid: 5 })).iid).toBe(5);
    expect((await owner.projects.issues.create(API, { title: 'After' })).iid).toBe(12);
    const before = mock.world.issues.size;
    expect(await failure(owner.projects.issues.create(API, { title: 'Again', iid: 10 }))).toMatchObject({
      status: 409,
      body: { message: 'Duplicated issue' },
    });
    expect(mock.requests.list().at(-1)?.reason).toBe('project acme/api already has issue #10');
    expect(mock.world.issues.size).toBe(before);
  });
});

describe('update', () => {
  it('edits fields and labels', async () => {
    const issue = await as('planner').projects.issues.update(API, 1, {
      title: 'Login fails on Safari',
      add_labels: 'safari',
      remove_labels: ['backend'],
      milestone_id: 0,
      assignee_ids: [],
    });
    expect(issue).toMatchObject({
      title: 'Login fails on Safari',
      labels: ['bug', 'safari'],
      milestone: null,
      assignees: [],
    });
  });

  it("splits each item of a label list on commas, as GitLab's CommaSeparatedToArray does", async () => {
    const issue = await as('planner').projects.issues.update(API, 1, { add_labels: ['safari, ios,', 'edge'] });
    expect(issue.labels).toEqual(['backend', 'bug', 'edge', 'ios', 'safari']);
  });

  it('closes and reopens, appending events that the burndown chart follows', async () => {
    const gitlab = as('planner');
    const v1 = milestoneId('v1.0');
    const closedCount = async () =>
      (await gitlab.projects.milestones.burndownEvents(API, v1)).filter((e) => e.action === 'closed').length;
    expect(await closedCount()).toBe(0);
    mock.clock.advance({ hours: 1 });
    const closed = await gitlab.projects.issues.update(API, 1, { state_event: 'close' });
    expect(closed).toMatchObject({ state: 'closed', closed_by: { username: 'planner' } });
    expect(closed.closed_at).toBe(mock.world.issues.get(closed.id)?.updated_at);
    expect(await closedCount()).toBe(1);
    mock.clock.advance({ hours: 1 });
    const reopened = await gitlab.projects.issues.update(API, 1, { state_event: 'reopen' });
    expect(reopened).toMatchObject({ state: 'opened', closed_at: null, closed_by: null });
    const events = await gitlab.projects.milestones.burndownEvents(API, v1);
    expect(events.filter((e) => e.weight === 3).map((e) => e.action)).toEqual(['created', 'closed', 'reopened']);
    expect(mock.world.issues.get(closed.id)?.events.map((e) => e.action)).toEqual(['closed', 'reopened']);
  });

  it('lets the author and assignees edit; refuses a Guest who is neither: 403, nothing changed', async () => {
    expect((await as('guest').projects.issues.update(API, 3, { description: 'mine' })).description).toBe('mine');
    const before = mock.exportState();
    const error = await failure(as('guest').projects.issues.update(API, 1, { title: 'x' }));
    expect([error.status, error.gitlabMessage]).toEqual([403, '403 Forbidden']);
    expect(mock.exportState()).toEqual(before);
  });

  it('reopening an open issue changes nothing: no reopened event, nothing for the burndown chart', async () => {
    const gitlab = as('planner');
    const before = await gitlab.projects.milestones.burndownEvents(API, milestoneId('v1.0'));
    const issue = await gitlab.projects.issues.update(API, 1, { state_event: 'reopen' });
    expect(issue).toMatchObject({ state: 'opened', closed_at: null });
    expect(mock.world.issues.get(issue.id)?.events).toEqual([]);
    expect(await gitlab.projects.milestones.burndownEvents(API, milestoneId('v1.0'))).toEqual(before);
  });

  it('leaves a closed issue as it was closed when asked to close it again', async () => {
    const before = await as('planner').projects.issues.get(API, 3);
    expect(before.state).toBe('closed');
    const issue = await as('planner').projects.issues.update(API, 3, { state_event: 'close' });
    expect([issue.state, issue.closed_at, issue.closed_by]).toEqual(['closed', before.closed_at, before.closed_by]);
    expect(mock.world.issues.get(issue.id)?.events.map((e) => e.action)).toEqual(['closed']);
  });

  it('answers 404 to an update of an issue that does not exist, and says why in the journal', async () => {
    expect((await failure(as('planner').projects.issues.update(API, 99, { title: 'x' }))).status).toBe(404);
    expect(mock.requests.list().at(-1)?.reason).toBe('project acme/api has no issue #99');
  });

  it('leaves a closed issue closed when the update does not reopen it', async () => {
    const issue = await as('planner').projects.issues.update(API, 3, { description: 'later' });
    expect(issue).toMatchObject({ state: 'closed', description: 'later' });
    expect(mock.world.issues.get(issue.id)?.events.map((e) => e.action)).toEqual(['closed']);
  });

  it('says in the journal why a Guest may not edit or see an issue', async () => {
    await failure(as('guest').projects.issues.update(API, 1, { title: 'x' }));
    expect(mock.requests.list().at(-1)?.reason).toBe(
      'guest is Guest in project acme/api and is neither author nor assignee of #1; editing needs Planner',
    );
    await failure(as('guest').projects.issues.get(API, 2));
    expect(mock.requests.list().at(-1)?.reason).toBe('issue #2 of acme/api is confidential');
  });

  it('needs at least one parameter', async () => {
    const error = await failure(as('planner').projects.issues.update(API, 1, {}));
    expect(error.status).toBe(400);
    expect((error.body as { error: string }).error).toMatch(/ are missing, at least one parameter must be provided$/);
  });
});

describe('the export', () => {
  it('writes created and updated issues back so that a reloaded world answers identically', async () => {
    await as('planner').projects.issues.create(API, { title: 'New', labels: ['x'] });
    await as('planner').projects.issues.update(API, 1, { state_event: 'close' });
    const reloaded = createMockGitLab({ seed: mock.exportState() });
    for (const iid of [1, 2, 3, 4]) {
      expect(await client(reloaded, 'glpat-owner').projects.issues.get(API, iid)).toEqual(
        await as('owner').projects.issues.get(API, iid),
      );
    }
  });
});

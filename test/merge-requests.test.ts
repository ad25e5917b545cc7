import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { type GitLab, type MergeRequestListQuery, MergeRequests } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Merge requests end to end: the SDK against the in-process mock (lib/api/merge_requests.rb).

const API = 'acme/api';
const SHA = 'a'.repeat(40);

/**
 * A Premium group with one member per role, a private project whose `main` is
 * protected, a project rule needing one approval from `maintainer`, and merge
 * requests in every state the merge statuses distinguish.
 */
const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'self-managed', plan: 'premium' },
  users: [
    { username: 'root', admin: true, token: 'glpat-admin' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'developer', token: 'glpat-developer' },
    { username: 'reporter', token: 'glpat-reporter' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [
    {
      path: 'acme',
      visibility: 'public',
      members: { owner: 50, maintainer: 40, developer: 30, reporter: 20, guest: 10 },
    },
  ],
  projects: [
    {
      path: 'acme/api',
      visibility: 'private',
      protected_branches: ['main'],
      // Branches the tests open merge requests from (the merge requests below bring their own).
      branches: ['search', 'wip', 'docs', 'x', 'feature', 'develop', 'py'],
      milestones: [{ title: 'v1.0' }, { title: 'v2.0' }],
      approval_rules: [{ name: 'Security', approvals_required: 1, users: ['maintainer'] }],
      merge_requests: [
        {
          iid: 1,
          title: 'Add login',
          author: 'developer',
          sha: SHA,
          source_branch: 'login',
          milestone: 'v1.0',
          labels: ['feature', 'backend'],
          assignees: ['developer'],
          reviewers: ['maintainer'],
          created_at: '2026-05-01T10:00:00Z',
        },
        {
          iid: 2,
          title: 'Fix logout',
          author: 'owner',
          source_branch: 'logout',
          labels: ['bug'],
          approvals: ['maintainer'],
          created_at: '2026-05-02T10:00:00Z',
        },
        {
          iid: 3,
          title: 'Refactor',
          author: 'developer',
          draft: true,
          source_branch: 'refactor',
          created_at: '2026-05-03T10:00:00Z',
        },
        {
          iid: 4,
          title: 'Conflicting',
          author: 'developer',
          has_conflicts: true,
          source_branch: 'conflicting',
          approvals: ['maintainer'],
          created_at: '2026-05-04T10:00:00Z',
        },
        {
          iid: 5,
          title: 'Old work',
          author: 'developer',
          state: 'closed',
          closed_by: 'maintainer',
          closed_at: '2026-05-06T10:00:00Z',
          source_branch: 'old',
          created_at: '2026-05-05T10:00:00Z',
        },
        {
          iid: 6,
          title: 'Shipped',
          author: 'developer',
          state: 'merged',
          merged_by: 'maintainer',
          merged_at: '2026-05-07T10:00:00Z',
          merge_commit_sha: 'b'.repeat(40),
          source_branch: 'shipped',
          milestone: 'v2.0',
          created_at: '2026-05-06T10:00:00Z',
        },
      ],
    },
    { path: 'acme/site', visibility: 'public', merge_requests: [{ title: 'Public', author: 'guest' }] },
  ],
};

let mock: MockGitLab;
let as: (token: string) => GitLab;

beforeEach(async () => {
  mock = createMockGitLab({ seed });
  as = (token) => client(mock, `glpat-${token}`);
  // A token's first use is recorded in the world: use each once, so that a refusal's "nothing changed" compares like with like.
  for (const who of ['admin', 'owner', 'maintainer', 'developer', 'reporter', 'guest', 'outsider']) {
    await as(who).mergeRequests.list();
  }
});

const iids = (items: { iid: number }[]) => items.map((mr) => mr.iid);

describe('lists', () => {
  it('lists a project’s merge requests newest first, paginated with GitLab’s headers', async () => {
    const page = await as('developer').projects.mergeRequests.list(API, { per_page: 4 });
    expect(iids(page.items)).toEqual([6, 5, 4, 3]);
    expect(page.total).toBe(6);
    expect(iids(await as('developer').projects.mergeRequests.list(API).toArray())).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it.each([
    [{ state: 'opened' }, [4, 3, 2, 1]],
    [{ state: 'closed' }, [5]],
    [{ state: 'merged' }, [6]],
    [{ milestone: 'v1.0' }, [1]],
    [{ milestone: 'None' }, [5, 4, 3, 2]],
    [{ milestone: 'Any' }, [6, 1]],
    [{ labels: 'feature,backend' }, [1]],
    [{ labels: ['bug'] }, [2]],
    [{ labels: 'None' }, [6, 5, 4, 3]],
    [{ labels: 'Any' }, [2, 1]],
    [{ author_username: 'owner' }, [2]],
    [{ assignee_id: 'None' }, [6, 5, 4, 3, 2]],
    [{ reviewer_username: 'maintainer' }, [1]],
    [{ assignee_username: ['developer'] }, [1]],
    [{ reviewer_id: 'Any' }, [1]],
    [{ reviewer_id: 'None' }, [6, 5, 4, 3, 2]],
    [{ reviewer_username: 'nobody' }, []],
    [{ search: 'LOGIN' }, [1]],
    [{ source_branch: 'logout' }, [2]],
    [{ target_branch: 'release' }, []],
    [{ target_branch: 'main' }, [6, 5, 4, 3, 2, 1]],
    [{ iids: [1, 3] }, [3, 1]],
    [{ wip: 'yes' }, [3]],
    [{ wip: 'no' }, [6, 5, 4, 2, 1]],
    [{ created_after: '2026-05-05T00:00:00Z' }, [6, 5]],
    [{ order_by: 'title', sort: 'asc' }, [1, 4, 3, 2, 5, 6]],
    [{ order_by: 'created_at', sort: 'asc' }, [1, 2, 3, 4, 5, 6]],
    [{ order_by: 'merged_at', sort: 'asc' }, [6, 1, 2, 3, 4, 5]],
    [{ order_by: 'merged_at', sort: 'desc' }, [6, 5, 4, 3, 2, 1]],
  ] as [MergeRequestListQuery, number[]][])('filters with %j', async (query, expected) => {
    const found = await as('reporter').projects.mergeRequests.list(API, query).toArray();
    expect(iids(found)).toEqual(expected);
  });

  it('filters by author and assignee ids', async () => {
    const developer = [...mock.world.users.values()].find((u) => u.username === 'developer')!;
    const gitlab = as('reporter');
    expect(iids(await gitlab.projects.mergeRequests.list(API, { author_id: developer.id }).toArray())).toEqual([
      6, 5, 4, 3, 1,
    ]);
    expect(iids(await gitlab.projects.mergeRequests.list(API, { assignee_id: developer.id }).toArray())).toEqual([1]);
  });

  it('filters by reviewer id: only the merge requests that user reviews', async () => {
    const id = (name: string) => [...mock.world.users.values()].find((u) => u.username === name)!.id;
    const gitlab = as('reporter');
    expect(iids(await gitlab.projects.mergeRequests.list(API, { reviewer_id: id('maintainer') }).toArray())).toEqual([
      1,
    ]);
    expect(iids(await gitlab.projects.mergeRequests.list(API, { reviewer_id: id('developer') }).toArray())).toEqual([]);
  });

  it('answers view=simple with the short entity', async () => {
    const answer = await call(mock, 'GET', '/projects/acme%2Fapi/merge_requests?view=simple&iids[]=1', {
      token: 'glpat-developer',
    });
    expect(Object.keys(answer.body[0])).toEqual([
      'id',
      'iid',
      'project_id',
      'title',
      'description',
      'state',
      'created_at',
      'updated_at',
      'web_url',
    ]);
  });

  it('refuses unknown values and exclusive filters with Grape’s messages', async () => {
    const bad = await call(
      mock,
      'GET',
      '/projects/acme%2Fapi/merge_requests?state=open&author_id=1&author_username=x',
      {
        token: 'glpat-developer',
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('state does not have a valid value, author_id, author_username are mutually exclusive');
  });

  it('lists across projects: the caller’s own by default, assigned ones, or every readable one', async () => {
    const gitlab = as('developer');
    expect(iids(await gitlab.mergeRequests.list().toArray())).toEqual([6, 5, 4, 3, 1]);
    expect(iids(await gitlab.mergeRequests.list({ scope: 'assigned_to_me' }).toArray())).toEqual([1]);
    const all = await gitlab.mergeRequests.list({ scope: 'all', state: 'opened' }).toArray();
    expect(all.map((mr) => mr.title)).toEqual(['Public', 'Conflicting', 'Draft: Refactor', 'Fix logout', 'Add login']);
  });

  it('hides a private project’s merge requests from its Guests and from outsiders, not a public one’s', async () => {
    expect((await as('guest').mergeRequests.list({ scope: 'all' }).toArray()).map((mr) => mr.title)).toEqual([
      'Public',
    ]);
    expect((await as('outsider').mergeRequests.list({ scope: 'all' }).toArray()).map((mr) => mr.title)).toEqual([
      'Public',
    ]);
    expect((await failure(as('guest').projects.mergeRequests.list(API))).status).toBe(403);
    expect((await failure(as('guest').projects.mergeRequests.get(API, 1))).status).toBe(403);
    const hidden = await failure(as('outsider').projects.mergeRequests.get(API, 1));
    expect([hidden.status, hidden.gitlabMessage]).toEqual([404, '404 Project Not Found']);
    expect((await as('outsider').projects.mergeRequests.list('acme/site').toArray()).length).toBe(1);
  });
});

describe('GET /groups/:id/merge_requests', () => {
  // acme (public) holds acme/api (private) and acme/site (public); a public subgroup's project, an archived project,
  // and a private group of the owner's beside them.
  const groupSeed: SeedDocument = {
    ...seed,
    groups: [
      ...(seed.groups ?? []),
      { path: 'acme/platform', visibility: 'public' },
      { path: 'secret', visibility: 'private', members: { owner: 50 } },
    ],
    projects: [
      ...(seed.projects ?? []),
      { path: 'acme/platform/web', visibility: 'public', merge_requests: [{ title: 'Deep', author: 'developer' }] },
      {
        path: 'acme/old',
        visibility: 'public',
        archived: true,
        merge_requests: [{ title: 'Archived', author: 'guest' }],
      },
      { path: 'secret/vault', visibility: 'private', merge_requests: [{ title: 'Hidden', author: 'owner' }] },
    ],
  };
  const titles = (items: { title: string }[]) => items.map((mr) => mr.title).sort();
  const API_TITLES = ['Add login', 'Fix logout', 'Draft: Refactor', 'Conflicting', 'Old work', 'Shipped'];

  beforeEach(() => {
    mock = createMockGitLab({ seed: groupSeed });
  });

  it("lists the group's and its subgroups' merge requests the caller may read, none of an archived project", async () => {
    const reporter = as('reporter');
    expect(titles(await reporter.groups.mergeRequests('acme').toArray())).toEqual(
      [...API_TITLES, 'Public', 'Deep'].sort(),
    );
    // Someone outside sees the public projects' only; so does an anonymous caller (no `authenticate!`).
    expect(titles(await as('outsider').groups.mergeRequests('acme').toArray())).toEqual(['Deep', 'Public']);
    const anonymous = await call(mock, 'GET', '/groups/acme/merge_requests');
    expect(anonymous.status).toBe(200);
    expect(titles(anonymous.body as { title: string }[])).toEqual(['Deep', 'Public']);
    // A subgroup lists its own; `non_archived: false` adds an archived project's.
    expect(titles(await reporter.groups.mergeRequests('acme/platform').toArray())).toEqual(['Deep']);
    expect(titles(await reporter.groups.mergeRequests('acme', { non_archived: false }).toArray())).toContain(
      'Archived',
    );
  });

  it('filters as the other lists do, and takes a scope of your own (none for an anonymous caller)', async () => {
    const developer = as('developer');
    expect(titles(await developer.groups.mergeRequests('acme', { state: 'merged' }).toArray())).toEqual(['Shipped']);
    expect(titles(await developer.groups.mergeRequests('acme', { scope: 'created_by_me' }).toArray())).toEqual(
      ['Add login', 'Draft: Refactor', 'Conflicting', 'Old work', 'Shipped', 'Deep'].sort(),
    );
    const anonymous = await call(mock, 'GET', '/groups/acme/merge_requests?scope=created_by_me');
    expect([anonymous.status, anonymous.body]).toEqual([200, []]);
  });

  it('gives each one its reference relative to the group', async () => {
    const found = await as('reporter').groups.mergeRequests('acme', { search: 'Add login' }).toArray();
    expect(found.map((mr) => mr.references)).toEqual([{ short: '!1', relative: 'api!1', full: 'acme/api!1' }]);
    const [deep] = await as('reporter').groups.mergeRequests('acme', { search: 'Deep' }).toArray();
    expect(deep?.references?.relative).toBe('acme/platform/web!1');
    const [own] = await as('reporter').groups.mergeRequests('acme/platform').toArray();
    expect(own?.references?.relative).toBe('web!1');
  });

  it("answers 404 for a group the caller cannot see, and a group's 404 for one that does not exist", async () => {
    expect(await failure(as('outsider').groups.mergeRequests('secret').toArray())).toMatchObject({
      status: 404,
      body: { message: '404 Group Not Found' },
    });
    expect(titles(await as('owner').groups.mergeRequests('secret').toArray())).toEqual(['Hidden']);
    expect((await failure(as('owner').groups.mergeRequests('nowhere').toArray())).status).toBe(404);
  });
});

describe('one merge request', () => {
  it('answers GitLab’s MergeRequest entity, keys in GitLab’s order', async () => {
    const wire = await call(mock, 'GET', '/projects/acme%2Fapi/merge_requests/1', { token: 'glpat-developer' });
    expect(Object.keys(wire.body).slice(0, 18)).toEqual([
      'id',
      'iid',
      'project_id',
      'title',
      'description',
      'state',
      'created_at',
      'updated_at',
      'merged_by',
      'merge_user',
      'merged_at',
      'closed_by',
      'closed_at',
      'target_branch',
      'source_branch',
      'user_notes_count',
      'upvotes',
      'downvotes',
    ]);
    const mr = await as('developer').projects.mergeRequests.get(API, 1);
    expect(mr).toMatchObject({
      labels: ['backend', 'feature'],
      assignees: [{ username: 'developer' }],
      assignee: { username: 'developer' },
      reviewers: [{ username: 'maintainer' }],
      milestone: { title: 'v1.0' },
      sha: SHA,
      references: { short: '!1', full: 'acme/api!1' },
      user: { can_merge: false },
    });
    expect((await as('maintainer').projects.mergeRequests.get(API, 1)).user?.can_merge).toBe(true);
  });

  it('answers 404 Not found for an iid the project does not have', async () => {
    const error = await failure(as('developer').projects.mergeRequests.get(API, 99));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 Not found']);
  });

  it.each([
    [1, 'not_approved', 'can_be_merged'],
    [2, 'mergeable', 'can_be_merged'],
    [3, 'draft_status', 'can_be_merged'],
    [4, 'conflict', 'cannot_be_merged'],
    [5, 'not_open', 'can_be_merged'],
    [6, 'not_open', 'can_be_merged'],
  ])('!%i: detailed_merge_status %s, merge_status %s', async (iid, detailed, status) => {
    const mr = await as('developer').projects.mergeRequests.get(API, iid);
    expect([mr.detailed_merge_status, mr.merge_status]).toEqual([detailed, status]);
  });

  it('reports merged and closed records', async () => {
    const merged = await as('developer').projects.mergeRequests.get(API, 6);
    expect(merged).toMatchObject({
      state: 'merged',
      merged_by: { username: 'maintainer' },
      merge_user: { username: 'maintainer' },
      merged_at: '2026-05-07T10:00:00.000Z',
      merge_commit_sha: 'b'.repeat(40),
    });
    const closed = await as('developer').projects.mergeRequests.get(API, 5);
    expect(closed).toMatchObject({ closed_by: { username: 'maintainer' }, closed_at: '2026-05-06T10:00:00.000Z' });
  });

  it('needs no approval on the free plan, where approvals are not licensed', async () => {
    mock.world.instance.plan = 'free';
    expect((await as('developer').projects.mergeRequests.get(API, 1)).detailed_merge_status).toBe('mergeable');
  });
});

describe('create', () => {
  it('opens a merge request as the caller, with the next iid, its fields and computed statuses', async () => {
    const maintainer = [...mock.world.users.values()].find((u) => u.username === 'maintainer')!;
    const v2 = [...mock.world.milestones.values()].find((m) => m.title === 'v2.0')!;
    const mr = await as('developer').projects.mergeRequests.create(API, {
      source_branch: 'search',
      target_branch: 'main',
      title: 'Add search',
      description: 'Full text',
      assignee_ids: [maintainer.id],
      reviewer_ids: [maintainer.id],
      milestone_id: v2.id,
      labels: 'feature, search',
    });
    expect(mr).toMatchObject({
      iid: 7,
      state: 'opened',
      author: { username: 'developer' },
      assignees: [{ username: 'maintainer' }],
      reviewers: [{ username: 'maintainer' }],
      milestone: { title: 'v2.0' },
      labels: ['feature', 'search'],
      draft: false,
      // The project's rule applies to it as to every merge request into main.
      detailed_merge_status: 'not_approved',
    });
    expect((await as('developer').projects.mergeRequests.get(API, 7)).title).toBe('Add search');
    const state = await as('developer').projects.mergeRequests.approvals.state(API, 7);
    expect(state.rules.map((r) => r.name)).toContain('Security');
  });

  it('makes a draft of a `Draft:` title, and un-drafts it when the title loses it', async () => {
    const mr = await as('developer').projects.mergeRequests.create(API, {
      source_branch: 'wip',
      target_branch: 'main',
      title: 'Draft: halfway',
    });
    expect([mr.draft, mr.work_in_progress, mr.detailed_merge_status]).toEqual([true, true, 'draft_status']);
    const ready = await as('developer').projects.mergeRequests.update(API, mr.iid, { title: 'halfway' });
    expect([ready.draft, ready.detailed_merge_status]).toEqual([false, 'not_approved']);
  });

  it('takes a milestone by title, and answers 404 for a title the project does not have', async () => {
    const gitlab = as('developer');
    const body = { source_branch: 'docs', target_branch: 'main', title: 'Docs' };
    const before = mock.exportState();
    const error = await failure(gitlab.projects.mergeRequests.create(API, { ...body, milestone: 'v9' }));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 Milestone Not Found']);
    expect(mock.requests.list().at(-1)?.reason).toBe('no milestone titled v9 in acme/api or its groups');
    expect(mock.exportState()).toEqual(before);
    expect((await gitlab.projects.mergeRequests.create(API, { ...body, milestone: 'v2.0' })).milestone?.title).toBe(
      'v2.0',
    );
    // The role is checked first: a Reporter gets 403, not 404.
    expect(
      (await failure(as('reporter').projects.mergeRequests.create(API, { ...body, milestone: 'v9' }))).status,
    ).toBe(403);
  });

  it('refuses Reporters and Guests with 403, and changes nothing', async () => {
    const before = mock.exportState();
    for (const who of ['reporter', 'guest']) {
      const error = await failure(
        as(who).projects.mergeRequests.create(API, { source_branch: 'x', target_branch: 'main', title: 'x' }),
      );
      expect([who, error.status, error.gitlabMessage]).toEqual([who, 403, '403 Forbidden']);
      expect(mock.requests.list().at(-1)?.reason).toBe(
        `${who} is ${who === 'reporter' ? 'Reporter' : 'Guest'} in project acme/api; opening a merge request needs Developer`,
      );
    }
    expect(mock.exportState()).toEqual(before);
  });

  it('refuses a second open merge request between the same branches: 409, and changes nothing', async () => {
    const before = mock.exportState();
    const error = await failure(
      as('developer').projects.mergeRequests.create(API, { source_branch: 'login', target_branch: 'main', title: 'x' }),
    );
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ message: ['Another open merge request already exists for this source branch: !1'] });
    expect(mock.requests.list().at(-1)?.reason).toBe('!1 is open from login into main');
    expect(mock.exportState()).toEqual(before);
    // A closed one does not count.
    const again = await as('developer').projects.mergeRequests.create(API, {
      source_branch: 'old',
      target_branch: 'main',
      title: 'Old work, again',
    });
    expect(again.state).toBe('opened');
  });

  it('refuses the same branch as source and target: 422, and changes nothing', async () => {
    const before = mock.exportState();
    const error = await failure(
      as('developer').projects.mergeRequests.create(API, { source_branch: 'main', target_branch: 'main', title: 'x' }),
    );
    expect(error.status).toBe(422);
    expect(error.body).toEqual({ message: ["You can't use same project/branch for source and target"] });
    expect(mock.requests.list().at(-1)?.reason).toBe('source and target are both main');
    expect(mock.exportState()).toEqual(before);
  });

  it('refuses a branch the repository does not have: 400 naming it, and changes nothing', async () => {
    const before = mock.exportState();
    const create = (source_branch: string, target_branch: string) =>
      failure(as('developer').projects.mergeRequests.create(API, { source_branch, target_branch, title: 'x' }));
    expect((await create('nowhere', 'main')).body).toEqual({ message: { source_branch: ['does not exist'] } });
    expect(mock.requests.list().at(-1)?.reason).toBe('project acme/api has no branch nowhere');
    expect((await create('search', 'nowhere')).body).toEqual({ message: { target_branch: ['does not exist'] } });
    expect(mock.requests.list().at(-1)?.reason).toBe('project acme/api has no branch nowhere');
    expect((await create('gone', 'lost')).status).toBe(400);
    expect(mock.exportState()).toEqual(before);
  });

  it('starts at the source branch head; merging moves the target branch and can remove the source', async () => {
    const project = mock.world.projects.get(1)!;
    const mr = await as('developer').projects.mergeRequests.create(API, {
      source_branch: 'feature',
      target_branch: 'develop',
      title: 'Moves develop',
      remove_source_branch: true,
    });
    expect(mr.sha).toBe(project.branches.get('feature'));
    await as('maintainer').projects.mergeRequests.approvals.approve(API, mr.iid);
    const merged = await as('developer').projects.mergeRequests.merge(API, mr.iid);
    expect(project.branches.get('develop')).toBe(merged.merge_commit_sha);
    expect(project.branches.has('feature')).toBe(false);
  });

  it('opens with GitLab’s defaults: no labels, assignees or reviewers, squash and source-branch removal off', async () => {
    const mr = await as('developer').projects.mergeRequests.create(API, {
      source_branch: 'docs',
      target_branch: 'main',
      title: '  Docs  ',
    });
    expect(mr).toMatchObject({
      title: 'Docs',
      description: null,
      labels: [],
      assignees: [],
      reviewers: [],
      milestone: null,
      squash: false,
      force_remove_source_branch: false,
      has_conflicts: false,
    });
  });

  it('numbers merge requests one after another, each a record of its own', async () => {
    const gitlab = as('developer');
    const first = await gitlab.projects.mergeRequests.create(API, {
      source_branch: 'docs',
      target_branch: 'main',
      title: 'a',
    });
    const second = await gitlab.projects.mergeRequests.create(API, {
      source_branch: 'x',
      target_branch: 'main',
      title: 'b',
    });
    expect([first.iid, second.iid]).toEqual([7, 8]);
    const all = await gitlab.projects.mergeRequests.list(API).toArray();
    expect(iids(all)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(new Set(all.map((mr) => mr.id)).size).toBe(8);
    expect((await gitlab.projects.mergeRequests.get(API, 1)).title).toBe('Add login');
  });

  it('takes another open merge request from the same source into another target, or in another project', async () => {
    const gitlab = as('developer');
    const intoDevelop = await gitlab.projects.mergeRequests.create(API, {
      source_branch: 'login',
      target_branch: 'develop',
      title: 'Login into develop',
    });
    expect([intoDevelop.state, intoDevelop.source_branch, intoDevelop.target_branch]).toEqual([
      'opened',
      'login',
      'develop',
    ]);
    // acme/site has an open merge request from search into main: acme/api's own branches are free.
    const site = [...mock.world.projects.values()].find((p) => p.path_with_namespace === 'acme/site')!;
    mock.seed.mergeRequest(site, { title: 'Search on the site', author: 'owner', source_branch: 'search' });
    const search = await gitlab.projects.mergeRequests.create(API, {
      source_branch: 'search',
      target_branch: 'main',
      title: 'Search',
    });
    expect([search.state, search.project_id]).toEqual(['opened', mock.world.projects.get(1)!.id]);
  });

  it('counts who opens it as a committer: barred from approving while committers may not, though authors may', async () => {
    await as('maintainer').projects.approvals.update(API, {
      merge_requests_author_approval: true,
      merge_requests_disable_committers_approval: true,
    });
    const mr = await as('developer').projects.mergeRequests.create(API, {
      source_branch: 'docs',
      target_branch: 'main',
      title: 'Docs',
    });
    const error = await failure(as('developer').projects.mergeRequests.approvals.approve(API, mr.iid));
    expect([error.status, error.gitlabMessage]).toEqual([401, '401 Unauthorized']);
    expect(mock.requests.list().at(-1)?.reason).toBe(
      `developer committed to !${mr.iid} and project acme/api forbids committer approval`,
    );
  });

  it('refuses missing parameters with Grape’s message', async () => {
    const error = await failure(as('developer').projects.mergeRequests.create(API, {} as never));
    expect(error.body).toEqual({ error: 'title is missing, source_branch is missing, target_branch is missing' });
  });

  it('works as a resource on its own and keeps its approvals', async () => {
    const mergeRequests = new MergeRequests({ baseUrl: mock.baseUrl, token: 'glpat-developer', fetch: mock.fetch });
    expect((await mergeRequests.get(API, 2)).title).toBe('Fix logout');
    expect((await mergeRequests.approvals.get(API, 2)).approved).toBe(true);
  });
});

describe('update', () => {
  it('edits fields, closes and reopens', async () => {
    const gitlab = as('developer');
    const edited = await gitlab.projects.mergeRequests.update(API, 2, {
      description: 'Now described',
      add_labels: 'urgent',
      remove_labels: ['bug'],
      milestone_id: 0,
      discussion_locked: true,
    });
    expect(edited).toMatchObject({ description: 'Now described', labels: ['urgent'], discussion_locked: true });
    const closed = await gitlab.projects.mergeRequests.update(API, 2, { state_event: 'close' });
    expect(closed).toMatchObject({
      state: 'closed',
      closed_by: { username: 'developer' },
      detailed_merge_status: 'not_open',
    });
    expect(closed.closed_at).toBe(mock.world.mergeRequests.get(closed.id)?.updated_at);
    const reopened = await gitlab.projects.mergeRequests.update(API, 2, { state_event: 'reopen' });
    expect(reopened).toMatchObject({ state: 'opened', closed_by: null, closed_at: null });
  });

  it('lets the author edit, and refuses a Reporter who is neither author nor assignee: 403, nothing changed', async () => {
    mock.seed.mergeRequest(mock.world.projects.get(1)!, { title: 'By the reporter', author: 'reporter' });
    expect((await as('reporter').projects.mergeRequests.update(API, 7, { title: 'Mine' })).title).toBe('Mine');
    const before = mock.exportState();
    const error = await failure(as('reporter').projects.mergeRequests.update(API, 1, { title: 'x' }));
    expect([error.status, error.gitlabMessage]).toEqual([403, '403 Forbidden']);
    expect(mock.exportState()).toEqual(before);
  });

  it('needs at least one parameter, and no blank title', async () => {
    const none = await failure(as('developer').projects.mergeRequests.update(API, 1, {}));
    expect(none.status).toBe(400);
    expect(String((none.body as { error: string }).error)).toMatch(
      /^assignee_id, assignee_ids, reviewer_ids, .* are missing, at least one parameter must be provided$/,
    );
    const blank = await failure(as('developer').projects.mergeRequests.update(API, 1, { title: ' ' }));
    expect(blank.body).toEqual({ error: 'title is empty' });
  });

  it('refuses a new target branch another open merge request already has: 409, nothing changed', async () => {
    mock.seed.mergeRequest(mock.world.projects.get(1)!, {
      title: 'Login into release',
      author: 'developer',
      source_branch: 'login',
      target_branch: 'release',
    });
    const before = mock.exportState();
    const error = await failure(
      as('developer').projects.mergeRequests.update(API, 1, { target_branch: 'release', title: 'x' }),
    );
    expect(error.status).toBe(409);
    expect(mock.exportState()).toEqual(before);
  });
});

describe('update: assignees, target branch and state', () => {
  it('takes the older single assignee_id', async () => {
    const developer = [...mock.world.users.values()].find((u) => u.username === 'developer')!;
    const answer = await call(mock, 'PUT', '/projects/acme%2Fapi/merge_requests/2', {
      token: 'glpat-developer',
      json: { assignee_id: developer.id },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.assignees.map((u: { username: string }) => u.username)).toEqual(['developer']);
  });

  it('is no duplicate of itself: the target branch it already has is taken again', async () => {
    const mr = await as('developer').projects.mergeRequests.update(API, 1, { target_branch: 'main', title: 'Login' });
    expect([mr.target_branch, mr.title, mr.state]).toEqual(['main', 'Login', 'opened']);
  });

  // Issue 38 point 9: GitLab's failed `reopen` transition (app/services/merge_requests/reopen_service.rb).
  it('answers 200 still closed when another open merge request has the same branches, saving the other changes', async () => {
    const closed = [...mock.world.mergeRequests.values()].find((m) => m.project_id === 1 && m.iid === 5)!;
    expect(closed.state).toBe('closed');
    const { closed_at, closed_by_id } = closed;
    mock.seed.mergeRequest(mock.world.projects.get(1)!, {
      title: 'The same work, again',
      author: 'developer',
      source_branch: closed.source_branch,
      target_branch: closed.target_branch,
    });
    const events = mock.world.events.size;
    const mr = await as('developer').projects.mergeRequests.update(API, 5, {
      state_event: 'reopen',
      title: 'Retitled',
    });
    expect(mr).toMatchObject({ state: 'closed', title: 'Retitled' });
    expect(mock.world.mergeRequests.get(closed.id)).toMatchObject({ state: 'closed', closed_at, closed_by_id });
    expect(mock.world.events.size).toBe(events); // no `reopened` event
  });

  it('reopens only a closed merge request: a merged one stays merged', async () => {
    const mr = await as('developer').projects.mergeRequests.update(API, 6, { state_event: 'reopen' });
    expect(mr).toMatchObject({ state: 'merged', merged_at: '2026-05-07T10:00:00.000Z', closed_at: null });
  });

  it('looks for another open merge request between the same branches only while it is open', async () => {
    mock.seed.mergeRequest(mock.world.projects.get(1)!, {
      title: 'Old work into develop',
      author: 'developer',
      source_branch: 'old',
      target_branch: 'develop',
    });
    // !5 is closed: a target branch that the open !7 already has is taken.
    const moved = await as('developer').projects.mergeRequests.update(API, 5, { target_branch: 'develop' });
    expect([moved.state, moved.target_branch]).toEqual(['closed', 'develop']);
  });

  it('refuses its source branch as target in every state: 422, and changes nothing', async () => {
    const before = mock.exportState();
    for (const [iid, branch] of [
      [1, 'login'],
      [5, 'old'],
      [6, 'shipped'],
    ] as const) {
      const error = await failure(as('developer').projects.mergeRequests.update(API, iid, { target_branch: branch }));
      expect([iid, error.status, error.body]).toEqual([
        iid,
        422,
        { message: ["You can't use same project/branch for source and target"] },
      ]);
      expect(mock.requests.list().at(-1)?.reason).toBe(`source and target are both ${branch}`);
    }
    expect(mock.exportState()).toEqual(before);
  });
});

describe('merge', () => {
  it('merges an approved merge request, and it then behaves merged everywhere', async () => {
    const merged = await as('maintainer').projects.mergeRequests.merge(API, 2);
    expect(merged).toMatchObject({
      state: 'merged',
      merged_by: { username: 'maintainer' },
      detailed_merge_status: 'not_open',
    });
    expect(merged.merged_at).toBe(mock.world.mergeRequests.get(merged.id)?.updated_at);
    expect(merged.merge_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(iids(await as('developer').projects.mergeRequests.list(API, { state: 'merged' }).toArray())).toEqual([6, 2]);
    // Approving a merged merge request is refused as before.
    expect((await failure(as('owner').projects.mergeRequests.approvals.approve(API, 2))).status).toBe(401);
    // Merging it again is not allowed.
    const again = await failure(as('maintainer').projects.mergeRequests.merge(API, 2));
    expect([again.status, again.gitlabMessage]).toEqual([405, '405 Method Not Allowed']);
  });

  it('merges after the approvals its rules need, given through the approvals API', async () => {
    const refused = await failure(as('maintainer').projects.mergeRequests.merge(API, 1));
    expect([refused.status, refused.gitlabMessage]).toEqual([405, '405 Method Not Allowed']);
    await as('maintainer').projects.mergeRequests.approvals.approve(API, 1);
    const merged = await as('maintainer').projects.mergeRequests.merge(API, 1, { sha: SHA, squash: true });
    expect(merged).toMatchObject({ state: 'merged', squash: true });
    // The milestone's list shows it merged.
    const v1 = [...mock.world.milestones.values()].find((m) => m.title === 'v1.0')!;
    const listed = await as('developer').projects.milestones.mergeRequests(API, v1.id).toArray();
    expect(listed.map((mr) => mr.state)).toEqual(['merged']);
  });

  it.each([
    ['a draft', 3],
    ['closed', 5],
    ['already merged', 6],
    ['not approved', 1],
  ])('answers 405 Method Not Allowed for %s, and changes nothing', async (_, iid) => {
    const before = mock.exportState();
    const error = await failure(as('maintainer').projects.mergeRequests.merge(API, iid));
    expect([error.status, error.gitlabMessage]).toEqual([405, '405 Method Not Allowed']);
    expect(mock.exportState()).toEqual(before);
  });

  it('answers 422 Branch cannot be merged for conflicts, after the state checks, and changes nothing', async () => {
    // lib/api/merge_requests.rb: `not_allowed!` unless `mergeable_state?`, then 422 unless `mergeable?` (its git checks).
    const before = mock.exportState();
    const error = await failure(as('maintainer').projects.mergeRequests.merge(API, 4));
    expect([error.status, error.gitlabMessage]).toEqual([422, 'Branch cannot be merged']);
    expect(mock.exportState()).toEqual(before);
  });

  it('answers 409 for a sha that is not the head, after the mergeability checks, and changes nothing', async () => {
    const before = mock.exportState();
    const head = [...mock.world.mergeRequests.values()].find((m) => m.iid === 2)!.sha;
    const error = await failure(as('maintainer').projects.mergeRequests.merge(API, 2, { sha: 'c'.repeat(40) }));
    expect([error.status, error.gitlabMessage]).toEqual([409, `SHA does not match HEAD of source branch: ${head}`]);
    // `check_sha_param!` runs after `not_allowed!`: a merge request not yet approved is 405 whatever the sha.
    const unapproved = await failure(as('maintainer').projects.mergeRequests.merge(API, 1, { sha: 'c'.repeat(40) }));
    expect([unapproved.status, unapproved.gitlabMessage]).toEqual([405, '405 Method Not Allowed']);
    expect(mock.exportState()).toEqual(before);
  });

  it('answers 401 to who may not merge into the protected target branch, and changes nothing', async () => {
    const before = mock.exportState();
    for (const who of ['developer', 'reporter', 'guest']) {
      const error = await failure(as(who).projects.mergeRequests.merge(API, 2));
      expect([who, error.status, error.gitlabMessage]).toEqual([who, 401, '401 Unauthorized']);
    }
    const hidden = await failure(as('outsider').projects.mergeRequests.merge(API, 2));
    expect(hidden.status).toBe(404);
    expect(mock.exportState()).toEqual(before);
  });

  // Issue 38 point 12: ProtectedRefAccess#check_access: 0 lets no one, 60 instance admins only.
  it('lets no one merge at level 0, and only instance administrators at 60', async () => {
    const target = [...mock.world.mergeRequests.values()].find((m) => m.project_id === 1 && m.iid === 2)!;
    const protections = [...mock.world.protectedBranches.values()].filter((b) => b.name === target.target_branch);
    expect(protections).not.toHaveLength(0);
    for (const b of protections) Object.assign(b, { push_access_level: { ...b.push_access_level, access_level: 0 } });
    for (const b of protections) Object.assign(b, { merge_access_level: { ...b.merge_access_level, access_level: 0 } });
    await as('maintainer').projects.mergeRequests.list(API);
    const before = mock.exportState();
    const none = await failure(as('maintainer').projects.mergeRequests.merge(API, 2));
    expect([none.status, none.gitlabMessage]).toEqual([401, '401 Unauthorized']);
    expect(mock.exportState()).toEqual(before);
    for (const b of protections) b.merge_access_level.access_level = 60;
    const maintainer = await failure(as('maintainer').projects.mergeRequests.merge(API, 2));
    expect(maintainer.status).toBe(401);
    expect((await as('admin').projects.mergeRequests.merge(API, 2)).state).toBe('merged');
  });

  it('lets a Developer merge into an unprotected branch', async () => {
    const mr = await as('developer').projects.mergeRequests.create(API, {
      source_branch: 'feature',
      target_branch: 'develop',
      title: 'Into develop',
    });
    // The project rule applies to every branch: it needs the maintainer's approval.
    await as('maintainer').projects.mergeRequests.approvals.approve(API, mr.iid);
    expect((await as('developer').projects.mergeRequests.merge(API, mr.iid)).state).toBe('merged');
  });
});

describe('merge: squash and the source branch', () => {
  it('neither squashes nor removes the source branch unless asked', async () => {
    const project = mock.world.projects.get(1)!;
    const merged = await as('maintainer').projects.mergeRequests.merge(API, 2);
    expect([merged.state, merged.squash]).toEqual(['merged', false]);
    expect(project.branches.has('logout')).toBe(true);
  });

  it('never removes the default branch, even asked to', async () => {
    const project = mock.world.projects.get(1)!;
    const mr = await as('developer').projects.mergeRequests.create(API, {
      source_branch: 'main',
      target_branch: 'develop',
      title: 'Main into develop',
    });
    await as('maintainer').projects.mergeRequests.approvals.approve(API, mr.iid);
    const merged = await as('developer').projects.mergeRequests.merge(API, mr.iid, {
      should_remove_source_branch: true,
    });
    expect(merged.state).toBe('merged');
    expect([project.default_branch, project.branches.has('main')]).toEqual(['main', true]);
  });
});

describe("diff_refs, shas and who merged or closed (issue 38 point 5, GitLab's MergeRequestDiff)", () => {
  const head = async (branch: string) => (await as('developer').projects.branches.get(API, branch)).commit.id;

  it("gives an open merge request its latest diff's refs: the source head, and the target's head as start and merge base", async () => {
    const mr = await as('developer').projects.mergeRequests.get(API, 1);
    const main = await head('main');
    expect(mr.diff_refs).toEqual({ base_sha: main, head_sha: SHA, start_sha: main });
    expect(mr.sha).toBe(SHA);
    const created = await as('developer').projects.mergeRequests.create(API, {
      source_branch: 'feature',
      target_branch: 'develop',
      title: 'Feature',
    });
    const develop = await head('develop');
    expect(created.diff_refs).toEqual({ base_sha: develop, head_sha: await head('feature'), start_sha: develop });
  });

  it('keeps the refs when the target moves, and starts them at the new target head on a push to the source', async () => {
    const before = await head('main');
    await as('maintainer').projects.mergeRequests.merge(API, 2);
    const moved = await head('main');
    expect(moved).not.toBe(before);
    expect((await as('developer').projects.mergeRequests.get(API, 1)).diff_refs?.start_sha).toBe(before);
    // A merged one keeps the refs of its last diff, not the merge commit its target moved to.
    expect((await as('developer').projects.mergeRequests.get(API, 2)).diff_refs?.start_sha).toBe(before);
    mock.mergeRequests.push(API, 1, { sha: 'c'.repeat(40), author: 'developer' });
    const pushed = await as('developer').projects.mergeRequests.get(API, 1);
    expect(pushed.diff_refs).toEqual({ base_sha: moved, head_sha: 'c'.repeat(40), start_sha: moved });
  });

  it('records the squash commit of a squashing merge beside its merge commit, null otherwise', async () => {
    const squashed = await as('maintainer').projects.mergeRequests.merge(API, 2, { squash: true });
    expect(squashed.squash_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(squashed.merge_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(squashed.squash_commit_sha).not.toBe(squashed.merge_commit_sha);
    expect((await as('developer').projects.mergeRequests.get(API, 6)).squash_commit_sha).toBeNull();
  });

  it('exports the start of a diff whose target moved since, so that the reloaded world gives the same refs', async () => {
    await as('maintainer').projects.mergeRequests.merge(API, 2, { squash: true });
    const refs = async (m: MockGitLab, iid: number) => {
      const mr = await client(m, 'glpat-developer').projects.mergeRequests.get(API, iid);
      return [mr.diff_refs, mr.squash_commit_sha];
    };
    const reloaded = createMockGitLab({ seed: mock.exportState() });
    for (const iid of [1, 2]) expect(await refs(reloaded, iid)).toEqual(await refs(mock, iid));
  });

  it('has a seeded merged or closed merge request merged or closed by its author when the seed names no one', async () => {
    const seeded = createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [{ username: 'a', token: 'glpat-a' }, { username: 'b' }],
        projects: [
          {
            path: 'a/q',
            merge_requests: [
              { title: 'm', author: 'a', state: 'merged', updated_at: '2026-05-02T10:00:00Z' },
              { title: 'c', author: 'a', state: 'closed', updated_at: '2026-05-03T10:00:00Z' },
              { title: 'n', author: 'a', state: 'merged', merged_by: null, merged_at: null },
              { title: 'b', author: 'a', state: 'closed', closed_by: 'b' },
            ],
          },
        ],
      },
    });
    const mrs = (await client(seeded, 'glpat-a').projects.mergeRequests.list('a/q', { sort: 'asc' })).items;
    const who = mrs.map((mr) => [
      mr.title,
      mr.merged_by?.username ?? null,
      mr.merged_at,
      mr.closed_by?.username ?? null,
      mr.closed_at,
    ]);
    expect(who).toEqual([
      ['m', 'a', '2026-05-02T10:00:00.000Z', null, null],
      ['c', null, null, 'a', '2026-05-03T10:00:00.000Z'],
      ['n', null, null, null, null],
      ['b', null, null, 'b', expect.any(String)],
    ]);
  });
});

describe('one merge request: render_html and include_rebase_in_progress (issue 38 point 6)', () => {
  const path = '/projects/acme%2Fapi/merge_requests/1';

  it('adds title_html and description_html after closed_at with render_html=true', async () => {
    await as('developer').projects.mergeRequests.update(API, 1, {
      title: 'Fix <b> & "quotes"',
      description: 'First line\nsecond <i>\n\nLast',
    });
    const { body } = await call(mock, 'GET', `${path}?render_html=true`, { token: 'glpat-developer' });
    const keys = Object.keys(body);
    expect(keys.slice(keys.indexOf('closed_at'), keys.indexOf('closed_at') + 4)).toEqual([
      'closed_at',
      'title_html',
      'description_html',
      'target_branch',
    ]);
    expect(body.title_html).toBe('Fix &lt;b&gt; &amp; &quot;quotes&quot;');
    expect(body.description_html).toBe(
      '<p data-sourcepos="1:1-2:10" dir="auto">First line\nsecond &lt;i&gt;</p>\n<p data-sourcepos="4:1-4:4" dir="auto">Last</p>',
    );
    const plain = (await call(mock, 'GET', path, { token: 'glpat-developer' })).body;
    expect(Object.keys(plain)).not.toContain('title_html');
  });

  it('adds rebase_in_progress with include_rebase_in_progress=true only', async () => {
    const asked = await call(mock, 'GET', `${path}?include_rebase_in_progress=true`, { token: 'glpat-developer' });
    expect(asked.body.rebase_in_progress).toBe(false);
    expect(Object.keys((await call(mock, 'GET', path, { token: 'glpat-developer' })).body)).not.toContain(
      'rebase_in_progress',
    );
    const bad = await call(mock, 'GET', `${path}?render_html=maybe`, { token: 'glpat-developer' });
    expect([bad.status, bad.body]).toEqual([400, { error: 'render_html is invalid' }]);
  });
});

describe('on the wire, as other clients send it', () => {
  it('takes form-encoded bodies with Python’s booleans and comma-separated lists', async () => {
    const created = await call(mock, 'POST', '/projects/acme%2Fapi/merge_requests', {
      token: 'glpat-developer',
      form: { source_branch: 'py', target_branch: 'main', title: 'From Python', labels: 'a,b', squash: 'True' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ labels: ['a', 'b'], squash: true, detailed_merge_status: 'not_approved' });
    const listed = await call(mock, 'GET', '/projects/acme%2Fapi/merge_requests?labels=a&state=opened&iids=7', {
      token: 'glpat-developer',
    });
    expect(listed.body.map((mr: { iid: number }) => mr.iid)).toEqual([7]);
    const merged = await call(mock, 'PUT', '/projects/acme%2Fapi/merge_requests/2/merge', {
      token: 'glpat-maintainer',
      form: { should_remove_source_branch: 'True', squash: 'False' },
    });
    expect([merged.status, merged.body.state]).toEqual([200, 'merged']);
  });
});

describe('the seed document and the export', () => {
  it('loads a seed without the new keys as before: no assignees, labels, conflicts or merge records', () => {
    const plain = createMockGitLab({
      seed: { users: [{ username: 'a' }], projects: [{ path: 'a/q', merge_requests: [{ title: 't', author: 'a' }] }] },
    });
    expect([...plain.world.mergeRequests.values()][0]).toMatchObject({
      assignee_ids: [],
      reviewer_ids: [],
      labels: [],
      has_conflicts: false,
      merged_at: null,
      merged_by_id: null,
      closed_at: null,
      merge_commit_sha: null,
    });
    const exported = plain.exportState().projects?.[0]?.merge_requests?.[0] ?? {};
    expect(Object.keys(exported)).not.toContain('labels');
  });

  it('takes `draft: false` to strip every draft prefix of the title, and leaves a plain title as it is', () => {
    const seeded = createMockGitLab({
      seed: {
        users: [{ username: 'a' }],
        projects: [
          {
            path: 'a/q',
            merge_requests: [
              { title: 'Draft: [Draft] (draft) Ready', author: 'a', draft: false },
              { title: 'Plain', author: 'a', draft: false },
            ],
          },
        ],
      },
    });
    expect([...seeded.world.mergeRequests.values()].map((mr) => mr.title)).toEqual(['Ready', 'Plain']);
  });

  it('writes merge requests back so that a reloaded world answers identically', async () => {
    await as('maintainer').projects.mergeRequests.merge(API, 2, { squash: true });
    await as('developer').projects.mergeRequests.update(API, 1, {
      discussion_locked: false,
      remove_source_branch: true,
    });
    const reloaded = createMockGitLab({ seed: mock.exportState() });
    for (const iid of [1, 2, 3, 4, 5, 6]) {
      const original = await as('developer').projects.mergeRequests.get(API, iid);
      expect(await client(reloaded, 'glpat-developer').projects.mergeRequests.get(API, iid)).toEqual(original);
    }
    expect(reloaded.exportState()).toEqual(mock.exportState());
  });
});

describe("GitLab's merge_requests_spec, through the SDK", () => {
  it('lists what the caller is asked to review (scope=reviews_for_me), and who merged (merge_user_username)', async () => {
    const review = await as('maintainer').mergeRequests.list({ scope: 'reviews_for_me' }).toArray();
    expect(review.length).toBeGreaterThan(0);
    for (const mr of review) expect(mr.reviewers?.map((r) => r.username)).toContain('maintainer');
    const none = await as('maintainer').projects.mergeRequests.list(API, { merge_user_username: 'nobody' }).toArray();
    expect(none).toEqual([]);
  });

  it('keeps merge_after and shows it in UTC', async () => {
    const mr = await as('maintainer').projects.mergeRequests.update(API, 2, { merge_after: '2025-01-09T20:47+0100' });
    expect(mr.merge_after).toBe('2025-01-09T19:47:00.000Z');
  });
});

describe('delete', () => {
  it('deletes a merge request as an Owner, with its approvals; a Maintainer gets 403 and nothing changes', async () => {
    const before = mock.exportState();
    const refused = await failure(as('maintainer').projects.mergeRequests.delete(API, 2));
    expect([refused.status, refused.gitlabMessage]).toEqual([403, '403 Forbidden']);
    expect(mock.exportState()).toEqual(before);
    await as('owner').projects.mergeRequests.delete(API, 2);
    expect((await failure(as('owner').projects.mergeRequests.get(API, 2))).status).toBe(404);
    const id = [...mock.world.mergeRequests.values()].find((m) => m.iid === 2);
    expect(id).toBeUndefined();
  });
});

describe('participants', () => {
  it('lists the author, assignees and reviewers once each, those who may read merge requests', async () => {
    const people = await as('developer').projects.mergeRequests.participants(API, 1).toArray();
    const mr = [...mock.world.mergeRequests.values()].find((m) => m.iid === 1)!;
    const expected = [...new Set([mr.author_id, ...mr.assignee_ids, ...mr.reviewer_ids])];
    expect(people.map((u) => u.id)).toEqual(expected);
    expect(people.map((u) => u.username)).toContain('maintainer');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument, SeedError } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Labels end to end: a project's own and inherited labels, writes and their refusals, the
// records issues and merge requests carry, and the seed's labels.

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'planner', token: 'glpat-planner' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [
    {
      path: 'acme',
      members: { owner: 50, planner: 15, dev: 30, guest: 10 },
      labels: [{ name: 'security', color: '#ff0000', description: 'Security <issues>' }],
    },
    { path: 'acme/platform', labels: [{ name: 'platform', color: '#00ff00' }] },
    { path: 'other', labels: [{ name: 'elsewhere' }] },
  ],
  projects: [
    {
      path: 'acme/platform/api',
      labels: [
        { name: 'bug', color: '#d9534f', description: 'A defect', priority: 2 },
        { name: 'Docs', color: 'white' },
        { name: 'urgent', color: '#330000', priority: 0 },
      ],
      branches: ['feature'],
      issues: [
        { title: 'Crash', labels: ['bug', 'urgent'] },
        {
          title: 'Old crash',
          labels: ['bug'],
          created_at: '2026-05-01T10:00:00Z',
          events: [{ action: 'closed', at: '2026-05-20T10:00:00Z' }],
        },
        { title: 'Secret', labels: ['bug'], confidential: true },
        { title: 'Manual', labels: ['Docs'] },
      ],
      merge_requests: [{ title: 'Fix crash', author: 'dev', source_branch: 'feature', labels: ['bug'] }],
    },
  ],
};

let mock: MockGitLab;
const as = (token: string): GitLab => client(mock, `glpat-${token}`);
const API = 'acme/platform/api';

beforeEach(async () => {
  mock = createMockGitLab({ seed });
  // Every token has been used once, so a refused call's only trace (last_used_at) is already there.
  for (const user of seed.users) if (user.token) await call(mock, 'GET', '/user', { token: user.token });
});

/** Expects `promise` to fail with `status` and GitLab's `message`, and the world to be unchanged. */
async function refused(promise: () => Promise<unknown>, status: number, message: unknown) {
  const before = mock.exportState();
  const error = await failure(promise());
  expect([error.status, error.gitlabMessage]).toEqual([status, message]);
  expect(mock.exportState()).toEqual(before);
}

describe('GET /projects/:id/labels', () => {
  it("lists the project's labels and its ancestors', by name, with the priority and whose label each is", async () => {
    const labels = await as('guest').projects.labels.list(API).toArray();
    expect(labels.map((l) => [l.name, l.is_project_label, l.priority])).toEqual([
      ['bug', true, 2],
      ['Docs', true, null],
      ['platform', false, null],
      ['security', false, null],
      ['urgent', true, 0],
    ]);
    expect(labels[0]).toEqual({
      id: expect.any(Number),
      name: 'bug',
      color: '#d9534f',
      description: 'A defect',
      description_html: 'A defect',
      text_color: '#FFFFFF',
      subscribed: false,
      priority: 2,
      is_project_label: true,
    });
    // GitLab's entities, in their order (LabelBasic, then Label, then ProjectLabel).
    const { body } = await call(mock, 'GET', `/projects/${encodeURIComponent(API)}/labels`, { token: 'glpat-guest' });
    expect(Object.keys(body[0])).toEqual([
      'id',
      'name',
      'description',
      'description_html',
      'text_color',
      'color',
      'subscribed',
      'priority',
      'is_project_label',
    ]);
  });

  it('converts a CSS colour name, picks a dark text on a light colour, and escapes the description in HTML', async () => {
    const docs = await as('guest').projects.labels.get(API, 'Docs');
    expect([docs.color, docs.text_color]).toEqual(['#ffffff', '#1F1E24']);
    const security = await as('guest').projects.labels.get(API, 'security');
    expect(security.description_html).toBe('Security &lt;issues&gt;');
  });

  it("include_ancestor_groups=false keeps the own labels and the project's group's, not the ancestors'; search matches the name or the description", async () => {
    const own = await as('guest').projects.labels.list(API, { include_ancestor_groups: false }).toArray();
    // LabelsFinder: `group_ids_for(project.group)` adds ancestors only with include_ancestor_groups.
    expect(own.map((l) => l.name)).toEqual(['bug', 'Docs', 'platform', 'urgent']);
    const found = await as('guest').projects.labels.list(API, { search: 'defect' }).toArray();
    expect(found.map((l) => l.name)).toEqual(['bug']);
  });

  it('with_counts counts the issues and merge requests the caller can see', async () => {
    const counts = async (token: string) => {
      const labels = await as(token).projects.labels.list(API, { with_counts: true }).toArray();
      const bug = labels.find((l) => l.name === 'bug');
      return [bug?.open_issues_count, bug?.closed_issues_count, bug?.open_merge_requests_count];
    };
    // The guest sees neither the confidential issue nor, in a private project, merge requests.
    expect(await counts('guest')).toEqual([1, 1, 0]);
    expect(await counts('dev')).toEqual([2, 1, 1]);
    const plain = await as('guest').projects.labels.list(API).toArray();
    expect(plain[0]).not.toHaveProperty('open_issues_count');
  });

  it('is 404 Project Not Found for an outsider', async () => {
    await refused(() => as('outsider').projects.labels.list(API).toArray(), 404, '404 Project Not Found');
  });
});

describe('GET /projects/:id/labels/:label_id', () => {
  it('finds a label by id or by name; an unknown one is 404 Label Not Found', async () => {
    const bug = await as('guest').projects.labels.get(API, 'bug');
    expect((await as('guest').projects.labels.get(API, bug.id)).name).toBe('bug');
    const error = await failure(as('guest').projects.labels.get(API, 'elsewhere'));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 Label Not Found']);
  });
});

describe('POST /projects/:id/labels', () => {
  it('creates a project label with its priority (Planner and up)', async () => {
    const label = await as('planner').projects.labels.create(API, {
      name: 'feature',
      color: '#00AAFF',
      description: 'New',
      priority: 5,
    });
    expect(label).toMatchObject({ name: 'feature', color: '#00AAFF', priority: 5, is_project_label: true });
    expect((await as('guest').projects.labels.get(API, 'feature')).id).toBe(label.id);
  });

  it('refuses a Guest with 403, and changes nothing', async () => {
    await refused(() => as('guest').projects.labels.create(API, { name: 'x', color: '#000000' }), 403, '403 Forbidden');
  });

  it("refuses a name the project can use already, its groups' included, with 409 Label already exists", async () => {
    await refused(
      () => as('planner').projects.labels.create(API, { name: 'security', color: '#000000' }),
      409,
      'Label already exists',
    );
  });

  it('refuses a colour that is no colour, a negative priority, and missing parameters with 400', async () => {
    await refused(() => as('planner').projects.labels.create(API, { name: 'x', color: 'nope' }), 400, {
      color: ['must be a valid color code'],
    });
    await refused(() => as('planner').projects.labels.create(API, { name: 'x', color: '#000', priority: -1 }), 400, {
      priority: ['must be greater than or equal to 0'],
    });
    const before = mock.exportState();
    const response = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/labels`, {
      token: 'glpat-planner',
      json: {},
    });
    expect([response.status, response.body]).toEqual([400, { error: 'name is missing, color is missing' }]);
    expect(mock.exportState()).toEqual(before);
  });
});

describe('PUT /projects/:id/labels/:label_id', () => {
  it('renames a label, and the issues and merge requests carrying it carry the new name', async () => {
    const label = await as('planner').projects.labels.update(API, 'bug', { new_name: 'defect', color: '#111111' });
    expect([label.name, label.color]).toEqual(['defect', '#111111']);
    const crash = (await as('planner').projects.issues.list(API, { search: 'Crash' }).toArray()).find(
      (i) => i.title === 'Crash',
    );
    expect(crash?.labels).toEqual(['defect', 'urgent']);
    const [mr] = await as('dev').projects.mergeRequests.list(API).toArray();
    expect(mr?.labels).toEqual(['defect']);
  });

  it('sets and removes the priority (null or blank)', async () => {
    expect((await as('planner').projects.labels.update(API, 'Docs', { priority: 3 })).priority).toBe(3);
    expect((await as('planner').projects.labels.update(API, 'Docs', { priority: null })).priority).toBeNull();
    await as('planner').projects.labels.update(API, 'Docs', { priority: 3 });
    const response = await call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/labels/Docs`, {
      token: 'glpat-planner',
      form: { priority: '' },
    });
    expect(response.body.priority).toBeNull();
  });

  it("refuses an update without a change, a taken name, an ancestor group's label (only the project's own group's are found) and a Guest, changing nothing", async () => {
    const empty = await call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/labels/bug`, {
      token: 'glpat-planner',
      json: {},
    });
    expect([empty.status, empty.body]).toEqual([
      400,
      {
        error: 'new_name, color, description, priority, archived are missing, at least one parameter must be provided',
      },
    ]);
    await refused(() => as('planner').projects.labels.update(API, 'bug', { new_name: 'urgent' }), 400, {
      title: ['has already been taken'],
    });
    await refused(
      () => as('planner').projects.labels.update(API, 'security', { color: '#000000' }),
      404,
      '404 Label Not Found',
    );
    await refused(() => as('guest').projects.labels.update(API, 'bug', { color: '#000000' }), 403, '403 Forbidden');
  });
});

describe('DELETE /projects/:id/labels/:label_id', () => {
  it('deletes a label and takes it off the issues and merge requests', async () => {
    await as('planner').projects.labels.delete(API, 'bug');
    const issues = await as('planner').projects.issues.list(API, { state: 'all' }).toArray();
    expect(issues.some((i) => i.labels.includes('bug'))).toBe(false);
    expect(issues.find((i) => i.title === 'Crash')?.labels).toEqual(['urgent']);
    const error = await failure(as('planner').projects.labels.get(API, 'bug'));
    expect(error.status).toBe(404);
  });

  it("renames and deletes its own group's label on the project's records, a name its projects' labels have included", async () => {
    await as('planner').projects.issues.create(API, { title: 'Platform work', labels: ['platform'] });
    await as('planner').projects.labels.update(API, 'platform', { new_name: 'infra' });
    const carried = async () =>
      (await as('planner').projects.issues.list(API, { search: 'Platform work' }).toArray())[0]?.labels;
    expect(await carried()).toEqual(['infra']);
    // A group label's name is taken only by its group's labels (`uniqueness: { scope: [:group_id, :project_id] }`).
    const renamed = await as('planner').projects.labels.update(API, 'infra', { new_name: 'urgent' });
    expect([renamed.name, renamed.is_project_label]).toEqual(['urgent', false]);
    expect(await carried()).toEqual(['urgent']);
    // Records carry names, and the project has two labels of that name now: when the group's goes, the
    // name stays on the records for the project's own `urgent` (on `Crash` too, which carried only that one).
    await as('planner').projects.labels.delete(API, renamed.id);
    expect(await carried()).toEqual(['urgent']);
    const crash = (await as('planner').projects.issues.list(API, { search: 'Crash' }).toArray())[0];
    expect(crash?.labels).toEqual(['bug', 'urgent']);
    expect((await as('planner').groups.labels.list('acme/platform').toArray()).map((l) => l.name)).not.toContain(
      'urgent',
    );
  });

  it("refuses a Guest with 403 and an ancestor group's label with 404 (only the project's own group's are found), changing nothing", async () => {
    await refused(() => as('guest').projects.labels.delete(API, 'bug'), 403, '403 Forbidden');
    await refused(() => as('owner').projects.labels.delete(API, 'security'), 404, '404 Label Not Found');
  });
});

describe('labels of issues and merge requests', () => {
  it('an issue opened with a new label name creates the label with the default colour', async () => {
    await as('planner').projects.issues.create(API, { title: 'New', labels: ['triage', 'bug', 'security'] });
    const own = await as('guest').projects.labels.list(API, { include_ancestor_groups: false }).toArray();
    expect(own.map((l) => l.name)).toEqual(['bug', 'Docs', 'platform', 'triage', 'urgent']);
    expect((await as('guest').projects.labels.get(API, 'triage')).color).toBe('#6699cc');
  });

  it("a Guest's labels are dropped and create nothing", async () => {
    const before = await as('guest').projects.labels.list(API).toArray();
    const issue = await as('guest').projects.issues.create(API, { title: 'From a guest', labels: ['guesswork'] });
    expect(issue.labels).toEqual([]);
    expect(await as('guest').projects.labels.list(API).toArray()).toEqual(before);
  });

  it('a merge request updated with a new label name creates it', async () => {
    const [mr] = await as('dev').projects.mergeRequests.list(API).toArray();
    await as('dev').projects.mergeRequests.update(API, mr?.iid ?? 0, { add_labels: ['needs-review'] });
    expect((await as('dev').projects.labels.get(API, 'needs-review')).is_project_label).toBe(true);
  });
});

describe('group labels', () => {
  it("lists a group's labels and its ancestors'; descendants and project labels when asked", async () => {
    const names = async (query = {}) =>
      (await as('guest').groups.labels.list('acme/platform', query).toArray()).map((l) => l.name);
    expect(await names()).toEqual(['platform', 'security']);
    expect(await names({ include_ancestor_groups: false })).toEqual(['platform']);
    expect(
      (await as('guest').groups.labels.list('acme', { include_descendant_groups: true }).toArray()).map((l) => l.name),
    ).toEqual(['platform', 'security']);
    expect(await names({ only_group_labels: false })).toEqual(['bug', 'Docs', 'platform', 'security', 'urgent']);
  });

  it('reads one by id or name without the project fields; 404 for a group the caller cannot see', async () => {
    const label = await as('guest').groups.labels.get('acme', 'security');
    expect(label).not.toHaveProperty('priority');
    expect((await as('guest').groups.labels.get('acme', label.id)).name).toBe('security');
    const error = await failure(as('outsider').groups.labels.list('acme'));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 Group Not Found']);
  });
});

describe('seed and export', () => {
  it('an exported world loads answering the same labels', async () => {
    await as('planner').projects.labels.create(API, { name: 'feature', color: '#00AAFF', priority: 7 });
    const exported = mock.exportState();
    const before = await as('planner').projects.labels.list(API, { with_counts: true }).toArray();
    mock = createMockGitLab({ seed: exported });
    expect(await as('planner').projects.labels.list(API, { with_counts: true }).toArray()).toEqual(before);
    expect(mock.exportState()).toEqual(exported);
  });

  it('a world without labels exports no labels key', () => {
    const plain = createMockGitLab({
      seed: { users: [{ username: 'a' }], groups: [{ path: 'g' }], projects: [{ path: 'g/p' }] },
    });
    const state = plain.exportState();
    expect(state.groups?.[0]).not.toHaveProperty('labels');
    expect(state.projects?.[0]).not.toHaveProperty('labels');
  });

  it("keeps a project's priority of its group's label per project, through an export and a seed", async () => {
    const label = await as('planner').projects.labels.update(API, 'platform', { priority: 4 });
    expect([label.priority, label.is_project_label]).toEqual([4, false]);
    const state = mock.exportState();
    expect(state.projects?.[0]?.group_label_priorities).toEqual({ platform: 4 });
    const copy = createMockGitLab({ seed: state });
    expect((await client(copy, 'glpat-planner').projects.labels.get(API, 'platform')).priority).toBe(4);
    await as('planner').projects.labels.update(API, 'platform', { priority: null });
    expect(mock.exportState().projects?.[0]).not.toHaveProperty('group_label_priorities');
  });

  it("moves a project's priority of a group label it leaves to the copy a transfer keeps", async () => {
    await as('owner').projects.labels.update(API, 'platform', { priority: 6 });
    await as('owner').projects.issues.create(API, { title: 'Platform work', labels: ['platform'] });
    await as('root').projects.transfer(API, 'other');
    const moved = 'other/api';
    const copy = await as('root').projects.labels.get(moved, 'platform');
    expect([copy.is_project_label, copy.priority]).toEqual([true, 6]);
    const group = await as('root').groups.labels.get('acme/platform', 'platform');
    expect(group.id).not.toBe(copy.id);
    expect(mock.exportState().projects?.[0]).not.toHaveProperty('group_label_priorities');
  });

  it("refuses a seeded priority of a label the project's groups do not have", () => {
    expect(() =>
      createMockGitLab({
        seed: {
          users: [],
          groups: [
            { path: 'g', labels: [{ name: 'a' }] },
            { path: 'h', labels: [{ name: 'b' }] },
          ],
          projects: [{ path: 'g/p', group_label_priorities: { b: 1 } }],
        },
      }),
    ).toThrow(SeedError);
  });

  it('refuses a group label with a priority and a name taken twice', () => {
    expect(() =>
      createMockGitLab({ seed: { users: [], groups: [{ path: 'g', labels: [{ name: 'a', priority: 1 }] }] } }),
    ).toThrow(SeedError);
    expect(() =>
      createMockGitLab({
        seed: {
          users: [],
          groups: [{ path: 'g', labels: [{ name: 'a' }] }],
          projects: [{ path: 'g/p', labels: [{ name: 'a' }] }],
        },
      }),
    ).toThrow(SeedError);
  });
});

describe('order_by=label_priority', () => {
  /** Issues A (priority 5), B (priority 1 and none), C (no label), D (priority 1), all in milestone v1. */
  const prioritySeed: SeedDocument = {
    now: '2026-06-01T09:00:00Z',
    users: [{ username: 'owner', token: 'glpat-owner' }],
    groups: [{ path: 'acme', members: { owner: 50 } }],
    projects: [
      {
        path: 'acme/api',
        branches: ['a', 'b', 'c'],
        milestones: [{ title: 'v1' }],
        labels: [{ name: 'low', priority: 5 }, { name: 'high', priority: 1 }, { name: 'plain' }],
        issues: [
          { title: 'A', labels: ['low'], milestone: 'v1' },
          { title: 'B', labels: ['plain', 'high'], milestone: 'v1' },
          { title: 'C', milestone: 'v1' },
          { title: 'D', labels: ['high'], milestone: 'v1' },
        ],
        merge_requests: [
          { title: 'MA', author: 'owner', source_branch: 'a', labels: ['low'], milestone: 'v1' },
          { title: 'MB', author: 'owner', source_branch: 'b', milestone: 'v1' },
          { title: 'MC', author: 'owner', source_branch: 'c', labels: ['high'], milestone: 'v1' },
        ],
      },
    ],
  };

  beforeEach(() => {
    mock = createMockGitLab({ seed: prioritySeed });
  });

  it("orders issues by their labels' highest priority, none last, ties newest first; asc or desc", async () => {
    const titles = async (sort: 'asc' | 'desc') =>
      (await as('owner').projects.issues.list('acme/api', { order_by: 'label_priority', sort }).toArray()).map(
        (i) => i.title,
      );
    expect(await titles('asc')).toEqual(['D', 'B', 'A', 'C']);
    expect(await titles('desc')).toEqual(['A', 'D', 'B', 'C']);
  });

  it('orders merge requests the same way', async () => {
    const mrs = await as('owner').projects.mergeRequests.list('acme/api', { order_by: 'label_priority', sort: 'asc' });
    expect(mrs.items.map((mr) => mr.title)).toEqual(['MC', 'MA', 'MB']);
  });

  it("a milestone's issues and merge requests come in label priority order", async () => {
    const [milestone] = await as('owner').projects.milestones.list('acme/api').toArray();
    const issues = await as('owner')
      .projects.milestones.issues('acme/api', milestone?.id ?? 0)
      .toArray();
    expect(issues.map((i) => i.title)).toEqual(['D', 'B', 'A', 'C']);
    const mrs = await as('owner')
      .projects.milestones.mergeRequests('acme/api', milestone?.id ?? 0)
      .toArray();
    expect(mrs.map((mr) => mr.title)).toEqual(['MC', 'MA', 'MB']);
  });
});

describe('labels among neighbours: other projects, groups, records and colours', () => {
  /**
   * A public group `acme` with a label `security`; its public project `api`, a private `secret`, a
   * public subgroup project `sub/deep`; a project `other/tool` with its own `bug`; a personal project.
   */
  const neighbours: SeedDocument = {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'owner', token: 'glpat-owner' },
      { username: 'dev', token: 'glpat-dev' },
      { username: 'outsider', token: 'glpat-outsider' },
    ],
    groups: [
      { path: 'acme', visibility: 'public', members: { owner: 50, dev: 30 }, labels: [{ name: 'security' }] },
      { path: 'acme/sub', visibility: 'public' },
      { path: 'other', visibility: 'public', members: { dev: 30 } },
    ],
    projects: [
      {
        path: 'acme/api',
        visibility: 'public',
        labels: [
          { name: 'bug', color: '#d9534f', priority: 2 },
          { name: 'low', priority: 5 },
          { name: 'high', priority: 1 },
        ],
        branches: ['a', 'b', 'c'],
        issues: [
          { title: 'Sec', labels: ['security'] },
          { title: 'Crash', labels: ['bug'] },
        ],
        merge_requests: [
          { title: 'Open', author: 'dev', source_branch: 'a', labels: ['bug'] },
          { title: 'Closed', author: 'dev', source_branch: 'b', labels: ['bug'], state: 'closed' },
          { title: 'Plain', author: 'dev', source_branch: 'c' },
        ],
      },
      {
        path: 'acme/secret',
        visibility: 'private',
        labels: [{ name: 'hidden' }],
        issues: [{ title: 'Hidden', labels: ['security'] }],
      },
      {
        path: 'acme/sub/deep',
        visibility: 'public',
        labels: [{ name: 'deep' }],
        issues: [{ title: 'Deep', labels: ['security'] }],
      },
      {
        path: 'other/tool',
        visibility: 'public',
        labels: [{ name: 'bug' }],
        issues: [{ title: 'Tool', labels: ['bug'] }],
      },
      { path: 'outsider/mine', visibility: 'public', labels: [{ name: 'personal' }] },
    ],
  };
  const APP = 'acme/api';
  const reason = () => mock.requests.list().at(-1)?.reason;
  const issueLabels = async (project: string, title: string) =>
    (await as('owner').projects.issues.list(project, { state: 'all' }).toArray()).find((i) => i.title === title)
      ?.labels;

  beforeEach(async () => {
    mock = createMockGitLab({ seed: neighbours });
    for (const user of neighbours.users) if (user.token) await call(mock, 'GET', '/user', { token: user.token });
  });

  describe("a group's list with project labels", () => {
    it("takes the labels of the group's own projects the caller can read, its descendants' only when asked", async () => {
      const names = async (query = {}) =>
        (
          await as('outsider')
            .groups.labels.list('acme', { only_group_labels: false, ...query })
            .toArray()
        ).map((l) => l.name);
      expect(await names()).toEqual(['bug', 'high', 'low', 'security']);
      expect(await names({ include_descendant_groups: true })).toEqual(['bug', 'deep', 'high', 'low', 'security']);
    });

    it("counts a group label's records in the readable projects directly in the group", async () => {
      const count = async (token: string) => {
        const labels = await as(token).groups.labels.list('acme', { with_counts: true }).toArray();
        return labels.find((l) => l.name === 'security')?.open_issues_count;
      };
      expect(await count('outsider')).toBe(1);
      expect(await count('owner')).toBe(2);
    });
  });

  describe("a project label's counts", () => {
    it('count only its own project, and only open merge requests carrying it', async () => {
      const labels = await as('dev').projects.labels.list(APP, { with_counts: true }).toArray();
      const bug = labels.find((l) => l.name === 'bug');
      expect([bug?.open_issues_count, bug?.closed_issues_count, bug?.open_merge_requests_count]).toEqual([1, 0, 1]);
    });
  });

  describe('writes touch only the records of the label', () => {
    it("a rename leaves another project's records carrying the same title alone", async () => {
      await as('owner').projects.labels.update(APP, 'bug', { new_name: 'defect' });
      expect(await issueLabels(APP, 'Crash')).toEqual(['defect']);
      expect(await issueLabels('other/tool', 'Tool')).toEqual(['bug']);
    });

    it("a delete leaves another project's records carrying the same title alone", async () => {
      await as('owner').projects.labels.delete(APP, 'bug');
      expect(await issueLabels(APP, 'Crash')).toEqual([]);
      expect(await issueLabels('other/tool', 'Tool')).toEqual(['bug']);
    });

    it('an update without a new name, or with the same name, keeps the title on the records', async () => {
      const coloured = await as('owner').projects.labels.update(APP, 'bug', {
        color: '#111111',
        description: 'Defect',
      });
      expect([coloured.name, coloured.color, coloured.description]).toEqual(['bug', '#111111', 'Defect']);
      expect((await as('owner').projects.labels.update(APP, 'bug', { new_name: 'bug' })).name).toBe('bug');
      expect(await issueLabels(APP, 'Crash')).toEqual(['bug']);
    });
  });

  describe('titles and colours', () => {
    it('strips the name and the colour, takes priority 0 and #RGB, with a dark text on a light short colour', async () => {
      const label = await as('owner').projects.labels.create(APP, { name: ' spaced ', color: ' #ff0 ', priority: 0 });
      expect([label.name, label.color, label.text_color, label.priority]).toEqual(['spaced', '#ff0', '#1F1E24', 0]);
    });

    it('refuses a colour with more around it, a comma in the name and a blank new name, saying why', async () => {
      for (const color of ['x#123456', '#123456x']) {
        await refused(() => as('owner').projects.labels.create(APP, { name: 'x', color }), 400, {
          color: ['must be a valid color code'],
        });
        expect(reason()).toBe('the label is invalid');
      }
      await refused(() => as('owner').projects.labels.create(APP, { name: 'a,b', color: '#000' }), 400, {
        title: ['is invalid'],
      });
      await refused(() => as('owner').projects.labels.update(APP, 'bug', { new_name: '  ' }), 400, {
        title: ["can't be blank"],
      });
    });

    it('names the taken title in the journal', async () => {
      await refused(
        () => as('owner').projects.labels.create(APP, { name: 'security', color: '#000' }),
        409,
        'Label already exists',
      );
      expect(reason()).toBe('a label security is available here already');
      await refused(() => as('owner').projects.labels.update(APP, 'bug', { new_name: 'high' }), 400, {
        title: ['has already been taken'],
      });
      expect(reason()).toBe('a label high exists already');
    });
  });

  describe('label priority of a record with several', () => {
    it('is the highest of its labels (the lowest number)', async () => {
      await as('owner').projects.issues.create(APP, { title: 'Both', labels: ['low', 'high'] });
      const issues = await as('owner').projects.issues.list(APP, { order_by: 'label_priority', sort: 'asc' }).toArray();
      expect(issues.map((i) => i.title)).toEqual(['Both', 'Crash', 'Sec']);
    });
  });
});

describe('PUT /projects/:id/labels/:label_id/promote', () => {
  /** acme/platform/api and acme/platform/web share a `bug` label each; acme/platform/deep/x and acme/elsewhere too. */
  const promoteSeed: SeedDocument = {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'planner', token: 'glpat-planner' },
      { username: 'dev', token: 'glpat-dev' },
      { username: 'watcher', token: 'glpat-watcher' },
    ],
    groups: [
      { path: 'acme', members: { watcher: 10 } },
      { path: 'acme/platform', members: { planner: 15 } },
      { path: 'acme/platform/deep' },
    ],
    projects: [
      {
        path: 'acme/platform/api',
        members: { dev: 40 },
        labels: [{ name: 'bug', color: '#d9534f', description: 'A defect', priority: 2 }],
        issues: [{ title: 'Crash', labels: ['bug'] }],
      },
      {
        path: 'acme/platform/web',
        labels: [{ name: 'bug', color: '#000000', priority: 7 }],
        issues: [{ title: 'Broken', labels: ['bug'] }],
      },
      { path: 'acme/platform/deep/x', labels: [{ name: 'bug' }] },
      { path: 'acme/elsewhere', labels: [{ name: 'bug' }] },
    ],
  };
  const labelsOf = (m: MockGitLab, path: string) => {
    const project = [...m.world.projects.values()].find((p) => p.path_with_namespace === path);
    return [...m.world.labels.values()].filter((l) => l.project_id === project?.id);
  };

  beforeEach(async () => {
    mock = createMockGitLab({ seed: promoteSeed });
    for (const user of promoteSeed.users) if (user.token) await call(mock, 'GET', '/user', { token: user.token });
  });

  it("makes the label its group's, merging the same-named labels of the group's own projects with their priorities and subscriptions", async () => {
    const watcher = client(mock, 'glpat-watcher');
    // Two subscriptions to labels merged into one: the newest one stays (`subscribe_users`: `MAX(id)` per user).
    await watcher.projects.labels.subscribe(API, 'bug');
    await watcher.projects.labels.subscribe('acme/platform/web', 'bug');
    const promoted = await as('planner').projects.labels.promote(API, 'bug');
    expect(promoted).toMatchObject({ name: 'bug', color: '#d9534f', description: 'A defect', subscribed: false });
    expect(labelsOf(mock, API)).toEqual([]);
    expect(labelsOf(mock, 'acme/platform/web')).toEqual([]);
    // Projects in a subgroup, or elsewhere in acme, keep theirs (`LabelsFinder` with `group_id`: the group's own projects).
    expect(labelsOf(mock, 'acme/platform/deep/x').map((l) => l.title)).toEqual(['bug']);
    expect(labelsOf(mock, 'acme/elsewhere').map((l) => l.title)).toEqual(['bug']);
    // Each project keeps its priority, now of the group label; its issues keep the label.
    const api = await as('planner').projects.labels.get(API, 'bug');
    const web = await as('planner').projects.labels.get('acme/platform/web', 'bug');
    expect([api.id, api.is_project_label, api.priority]).toEqual([promoted.id, false, 2]);
    expect([web.id, web.priority]).toEqual([promoted.id, 7]);
    expect((await as('planner').projects.issues.list('acme/platform/web').toArray())[0]?.labels).toEqual(['bug']);
    // The watcher's subscription in web follows the label.
    expect((await watcher.projects.labels.get('acme/platform/web', 'bug')).subscribed).toBe(true);
    expect((await watcher.projects.labels.get(API, 'bug')).subscribed).toBe(false);
  });

  it('keeps the subscription of the highest id of each user, drops the others of the merged labels, and leaves those of issues alone', async () => {
    mock = createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [
          { username: 'planner', token: 'glpat-planner' },
          { username: 'dev', token: 'glpat-dev' },
          { username: 'watcher', token: 'glpat-watcher' },
        ],
        groups: [
          { path: 'acme', members: { watcher: 10 } },
          { path: 'acme/platform', members: { planner: 15 } },
        ],
        projects: [
          {
            path: API,
            members: { dev: 30 },
            labels: [
              { id: 101, name: 'bug' },
              { id: 103, name: 'feature' },
            ],
            issues: [{ title: 'Crash', author: 'dev' }],
          },
          { path: 'acme/platform/web', labels: [{ id: 102, name: 'bug' }] },
        ],
        // `subscribe_users` keeps `MAX(id)` per user among the merged labels' subscriptions; another label's stays.
        subscriptions: [
          { id: 4, user: 'watcher', subscribable_type: 'Label', subscribable_id: 103, project: API },
          { id: 3, user: 'watcher', subscribable_type: 'Label', subscribable_id: 101, project: API },
          {
            id: 2,
            user: 'watcher',
            subscribable_type: 'Label',
            subscribable_id: 102,
            project: 'acme/platform/web',
            subscribed: false,
          },
        ],
      },
    });
    // The issue's author unsubscribes (an explicit choice, newer than every label subscription).
    expect((await client(mock, 'glpat-dev').projects.issues.unsubscribe(API, 1)).subscribed).toBe(false);
    const promoted = await as('planner').projects.labels.promote(API, 'bug');
    expect((await client(mock, 'glpat-watcher').projects.labels.get(API, 'bug')).subscribed).toBe(true);
    expect((await client(mock, 'glpat-watcher').projects.labels.get(API, 'feature')).subscribed).toBe(true);
    expect((await client(mock, 'glpat-dev').projects.issues.get(API, 1)).subscribed).toBe(false);
    expect(
      mock.exportState().subscriptions?.map((s) => [s.user, s.subscribable_type, s.subscribable_id, s.subscribed]),
    ).toEqual([
      ['watcher', 'Label', promoted.id, true],
      ['watcher', 'Label', 103, true],
      ['dev', 'Issue', 1, false],
    ]);
  });

  it('reuses the group label of that name, and the deprecated route promotes by name', async () => {
    const group = [...mock.world.groups.values()].find((g) => g.full_path === 'acme/platform');
    if (!group) throw new Error('no group');
    const existing = mock.seed.groupLabel(group, { name: 'bug', color: '#00ff00' });
    const promoted = await as('planner').projects.labels.legacyPromote(API, 'bug');
    expect([promoted.id, promoted.color]).toEqual([existing.id, '#00ff00']);
  });

  it("refuses a project Maintainer who is not the group's Planner, a group label and an unknown one, changing nothing", async () => {
    await refused(() => as('dev').projects.labels.promote(API, 'bug'), 403, '403 Forbidden');
    await as('planner').projects.labels.promote('acme/platform/web', 'bug');
    await refused(
      () => as('planner').projects.labels.promote(API, 'bug'),
      400,
      'Failed to promote project label to group label',
    );
    await refused(() => as('planner').projects.labels.promote(API, 'nope'), 404, '404 Label Not Found');
  });
});

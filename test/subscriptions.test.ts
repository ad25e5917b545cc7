import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument, SeedError } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Subscriptions end to end (GitLab's Subscribable, once for labels, issues and merge requests): who is
// subscribed without subscribing, the two levels of a label's subscription, and what removes them.

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'author', token: 'glpat-author' },
    { username: 'assignee', token: 'glpat-assignee' },
    { username: 'reviewer', token: 'glpat-reviewer' },
    { username: 'dev', token: 'glpat-dev' },
  ],
  groups: [
    {
      path: 'acme',
      members: { author: 30, assignee: 30, reviewer: 30, dev: 30 },
      labels: [{ name: 'security', color: '#ff0000' }],
    },
  ],
  projects: [
    {
      path: 'acme/api',
      branches: ['feature'],
      labels: [{ name: 'bug', color: '#d9534f' }],
      issues: [{ title: 'Crash', author: 'author', assignees: ['assignee'] }],
      merge_requests: [
        { title: 'Fix', author: 'author', assignees: ['assignee'], reviewers: ['reviewer'], source_branch: 'feature' },
      ],
    },
  ],
};

let mock: MockGitLab;
const as = (name: string): GitLab => client(mock, `glpat-${name}`);
const API = 'acme/api';

beforeEach(async () => {
  mock = createMockGitLab({ seed });
  for (const user of seed.users) if (user.token) await call(mock, 'GET', '/user', { token: user.token });
});

describe('issues and merge requests', () => {
  it("subscribes an issue's author and assignees, not other members, until they unsubscribe", async () => {
    const subscribed = async (name: string) => (await as(name).projects.issues.get(API, 1)).subscribed;
    expect([await subscribed('author'), await subscribed('assignee'), await subscribed('dev')]).toEqual([
      true,
      true,
      false,
    ]);
    expect((await as('author').projects.issues.unsubscribe(API, 1)).subscribed).toBe(false);
    expect(await subscribed('author')).toBe(false);
    expect((await as('author').projects.issues.subscribe(API, 1)).subscribed).toBe(true);
    expect((await as('dev').projects.issues.subscribe(API, 1)).subscribed).toBe(true);
    expect(await subscribed('dev')).toBe(true);
  });

  it("subscribes a merge request's author, assignees and reviewers", async () => {
    const subscribed = async (name: string) => (await as(name).projects.mergeRequests.get(API, 1)).subscribed;
    expect(await Promise.all(['author', 'assignee', 'reviewer', 'dev'].map(subscribed))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect((await as('reviewer').projects.mergeRequests.unsubscribe(API, 1)).subscribed).toBe(false);
    expect(await subscribed('reviewer')).toBe(false);
  });

  it('finds the record by its iid in digits only (`subscribable_id` is a String)', async () => {
    const answer = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/issues/0x1/subscribe`, {
      token: 'glpat-dev',
    });
    expect([answer.status, answer.body]).toEqual([404, { message: '404 Not found' }]);
  });

  it('answers 304 with no body to a subscription already as asked, changing nothing', async () => {
    const before = mock.exportState();
    const error = await failure(as('author').projects.issues.subscribe(API, 1));
    expect(error.status).toBe(304);
    expect((await failure(as('dev').projects.mergeRequests.unsubscribe(API, 1))).status).toBe(304);
    expect(mock.exportState()).toEqual(before);
  });
});

describe('labels', () => {
  it('is subscribed to a group label from the group everywhere, and in a project only there; one turns the other off', async () => {
    const inProject = async () => (await as('dev').projects.labels.get(API, 'security')).subscribed;
    const inGroup = async () => (await as('dev').groups.labels.get('acme', 'security')).subscribed;
    expect(await inGroup()).toBe(false);
    await as('dev').groups.labels.subscribe('acme', 'security');
    expect([await inGroup(), await inProject()]).toEqual([true, true]);
    // Subscribing in the project turns the subscription without a project off (`unsubscribe_from_other_levels`).
    await as('dev').projects.labels.subscribe(API, 'security');
    expect([await inGroup(), await inProject()]).toEqual([false, true]);
    // And the reverse.
    await as('dev').groups.labels.subscribe('acme', 'security');
    const state = mock.exportState().subscriptions;
    expect(state?.map((s) => [s.project ?? null, s.subscribed])).toEqual([
      [null, true],
      [API, false],
    ]);
    expect((await as('dev').groups.labels.unsubscribe('acme', 'security')).subscribed).toBe(false);
    expect(await inProject()).toBe(false);
  });

  it("leaves the subscription in another project as it is: a project's turns off only the one without a project", async () => {
    const seeded = createMockGitLab({
      seed: { ...seed, projects: [...(seed.projects ?? []), { path: 'acme/web' }] },
    });
    const dev = client(seeded, 'glpat-dev');
    await dev.projects.labels.subscribe(API, 'security');
    await dev.projects.labels.subscribe('acme/web', 'security');
    // `unsubscribe_from_other_levels` with a project: `where(project: nil)` only.
    expect((await dev.projects.labels.get(API, 'security')).subscribed).toBe(true);
    expect((await dev.projects.labels.get('acme/web', 'security')).subscribed).toBe(true);
  });

  it("is someone else's choice only: another user is not subscribed", async () => {
    await as('dev').projects.labels.subscribe(API, 'bug');
    expect((await as('author').projects.labels.get(API, 'bug')).subscribed).toBe(false);
  });
});

describe('seed, export and removal', () => {
  it('exports subscriptions and loads them back', async () => {
    await as('dev').projects.labels.subscribe(API, 'bug');
    await as('author').projects.issues.unsubscribe(API, 1);
    const state = mock.exportState();
    expect(state.subscriptions).toHaveLength(2);
    const copy = createMockGitLab({ seed: state });
    expect(copy.exportState()).toEqual(state);
    expect((await client(copy, 'glpat-dev').projects.labels.get(API, 'bug')).subscribed).toBe(true);
    expect((await client(copy, 'glpat-author').projects.issues.get(API, 1)).subscribed).toBe(false);
  });

  it('refuses a seeded subscription to a record that does not exist', () => {
    expect(() =>
      createMockGitLab({
        seed: { ...seed, subscriptions: [{ user: 'dev', subscribable_type: 'Issue', subscribable_id: 99 }] },
      }),
    ).toThrow(SeedError);
  });

  it('removes the subscriptions of a deleted label and of a removed user', async () => {
    await as('dev').projects.labels.subscribe(API, 'bug');
    await as('dev').groups.labels.subscribe('acme', 'security');
    await as('author').projects.issues.unsubscribe(API, 1);
    await as('root').projects.labels.delete(API, 'bug');
    expect(mock.exportState().subscriptions?.map((s) => s.subscribable_type)).toEqual(['Label', 'Issue']);
    // The user goes, not their records: their choices go with them (`has_many :subscriptions, dependent: :destroy`).
    const dev = [...mock.world.users.values()].find((u) => u.username === 'dev');
    await as('root').users.delete(dev?.id ?? 0);
    expect(mock.exportState().subscriptions?.map((s) => s.subscribable_type)).toEqual(['Issue']);
  });

  it("removes a project's subscriptions with it", async () => {
    await as('dev').projects.labels.subscribe(API, 'security');
    await as('dev').projects.issues.subscribe(API, 1);
    await as('dev').groups.labels.subscribe('acme', 'security');
    const id = [...mock.world.projects.values()][0]?.id ?? 0;
    await as('root').projects.delete(id);
    await as('root').projects.delete(id, { permanently_remove: true, full_path: `${API}-deletion_scheduled-${id}` });
    expect(mock.exportState().subscriptions?.map((s) => [s.subscribable_type, s.project ?? null])).toEqual([
      ['Label', null],
    ]);
  });
});

describe("a group's label routes", () => {
  it("subscribe to a label of one of the group's projects too, without a project", async () => {
    // `find_label(user_group, id)` leaves `only_group_labels` unset: LabelsFinder adds the projects' labels.
    const label = await as('dev').groups.labels.subscribe('acme', 'bug');
    expect([label.name, label.subscribed]).toEqual(['bug', true]);
    expect((await as('dev').projects.labels.get(API, 'bug')).subscribed).toBe(true);
    expect(mock.exportState().subscriptions?.[0]).not.toHaveProperty('project');
  });
});

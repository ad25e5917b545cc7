import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Events end to end: what the world records when the API changes it, and who sees which event.

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [{ path: 'acme', plan: 'premium', members: { owner: 50, dev: 30, guest: 10 } }],
  projects: [
    { path: 'acme/api', branches: ['feature'] },
    { path: 'acme/open', visibility: 'private' },
  ],
};

let mock: MockGitLab;
const as = (token: string): GitLab => client(mock, `glpat-${token}`);
/** `action_name target_type target_title` of each event. */
const summary = (events: { action_name: string; target_type: string | null; target_title: string | null }[]) =>
  events.map((e) => [e.action_name, e.target_type, e.target_title].filter((x) => x !== null).join(' '));

beforeEach(() => {
  mock = createMockGitLab({ seed });
});

describe('what the world records', () => {
  it('milestones created, closed, reopened and destroyed', async () => {
    const owner = as('owner');
    const milestone = await owner.projects.milestones.create('acme/api', { title: 'v1' });
    await owner.projects.milestones.update('acme/api', milestone.id, { state_event: 'close' });
    // Closing a closed milestone changes nothing, and records nothing.
    await owner.projects.milestones.update('acme/api', milestone.id, { state_event: 'close' });
    await owner.projects.milestones.update('acme/api', milestone.id, { state_event: 'activate' });
    await owner.projects.milestones.delete('acme/api', milestone.id);
    const events = await owner.projects.events('acme/api', { sort: 'asc' }).toArray();
    expect(summary(events)).toEqual([
      'opened Milestone v1',
      'closed Milestone v1',
      'reopened Milestone v1',
      'destroyed Milestone v1',
    ]);
    expect(events[0]).toMatchObject({
      project_id: mock.world.projects.values().next().value?.id,
      target_id: milestone.id,
      target_iid: milestone.iid,
      author_username: 'owner',
      author: { username: 'owner' },
      imported: false,
      imported_from: 'none',
    });
  });

  it('issues opened, closed and reopened; merge requests opened, approved, merged (accepted)', async () => {
    const dev = as('dev');
    const issue = await dev.projects.issues.create('acme/api', { title: 'Bug' });
    await dev.projects.issues.update('acme/api', issue.iid, { state_event: 'close' });
    await dev.projects.issues.update('acme/api', issue.iid, { state_event: 'reopen' });
    const mr = await dev.projects.mergeRequests.create('acme/api', {
      title: 'Fix',
      source_branch: 'feature',
      target_branch: 'main',
    });
    await as('owner').projects.mergeRequests.approvals.approve('acme/api', mr.iid);
    await as('owner').projects.mergeRequests.merge('acme/api', mr.iid);
    const events = await dev.projects.events('acme/api', { sort: 'asc' }).toArray();
    expect(summary(events)).toEqual([
      'opened Issue Bug',
      'closed Issue Bug',
      'reopened Issue Bug',
      'opened MergeRequest Fix',
      'approved MergeRequest Fix',
      'accepted MergeRequest Fix',
    ]);
    expect(events.map((e) => e.author_username)).toEqual(['dev', 'dev', 'dev', 'dev', 'owner', 'owner']);
  });

  it('a member joining and leaving a project (not a group)', async () => {
    const outsider = mock.world.users.get(5);
    await as('owner').projects.members.add('acme/api', { user_id: outsider?.id ?? 0, access_level: 30 });
    await as('owner').projects.members.remove('acme/api', outsider?.id ?? 0);
    await as('owner').groups.members.add('acme', { user_id: outsider?.id ?? 0, access_level: 10 });
    const events = await as('owner').projects.events('acme/api').toArray();
    expect(events.map((e) => [e.action_name, e.target_type, e.author_username])).toEqual([
      ['left', null, 'outsider'],
      ['joined', null, 'outsider'],
    ]);
  });

  it('a refused change records nothing', async () => {
    const error = await failure(as('guest').projects.milestones.create('acme/api', { title: 'nope' }));
    expect(error.status).toBe(403);
    expect(mock.world.events.size).toBe(0);
  });
});

describe('lists and filters', () => {
  beforeEach(async () => {
    const owner = as('owner');
    await owner.projects.milestones.create('acme/api', { title: 'v1' });
    const issue = await owner.projects.issues.create('acme/api', { title: 'Bug' });
    await owner.projects.issues.update('acme/api', issue.iid, { state_event: 'close' });
    await as('dev').projects.issues.create('acme/api', { title: 'Dev bug' });
    await owner.projects.issues.create('acme/open', { title: 'Elsewhere' });
  });

  it('GET /events lists the caller’s own events, newest first', async () => {
    expect(summary(await as('owner').events.list().toArray())).toEqual([
      'opened Issue Elsewhere',
      'closed Issue Bug',
      'opened Issue Bug',
      'opened Milestone v1',
    ]);
    expect(summary(await as('dev').events.list().toArray())).toEqual(['opened Issue Dev bug']);
  });

  it('action, target_type and sort filter and order', async () => {
    const owner = as('owner');
    expect(summary(await owner.events.list({ action: 'closed' }).toArray())).toEqual(['closed Issue Bug']);
    expect(summary(await owner.events.list({ target_type: 'milestone' }).toArray())).toEqual(['opened Milestone v1']);
    expect(summary(await owner.events.list({ target_type: 'note' }).toArray())).toEqual([]);
    expect(summary(await owner.events.list({ action: 'created', sort: 'asc' }).toArray())).toEqual([
      'opened Milestone v1',
      'opened Issue Bug',
      'opened Issue Elsewhere',
    ]);
  });

  it('before and after take whole days, both exclusive', async () => {
    const owner = as('owner');
    expect(await owner.events.list({ after: '2026-05-31' }).toArray()).toHaveLength(4);
    expect(await owner.events.list({ after: '2026-06-01' }).toArray()).toHaveLength(0);
    expect(await owner.events.list({ before: '2026-06-02' }).toArray()).toHaveLength(4);
    expect(await owner.events.list({ before: '2026-06-01' }).toArray()).toHaveLength(0);
  });

  it("GET /users/:id/events shows a user's events the caller may see, by id or username", async () => {
    const owner = [...mock.world.users.values()].find((u) => u.username === 'owner');
    expect(
      summary(
        await as('guest')
          .users.events(owner?.id ?? 0)
          .toArray(),
      ),
    ).toEqual(['opened Issue Elsewhere', 'closed Issue Bug', 'opened Issue Bug', 'opened Milestone v1']);
    expect(await as('outsider').users.events('owner').toArray()).toEqual([]);
    const error = await failure(as('guest').users.events('nobody'));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 User Not Found']);
  });

  it('GET /projects/:id/events is 404 to who cannot see the project', async () => {
    const error = await failure(as('outsider').projects.events('acme/api'));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 Project Not Found']);
  });

  it('refuses an unknown action with 400', async () => {
    const response = await call(mock, 'GET', '/events?action=danced', { token: 'glpat-owner' });
    expect([response.status, response.body]).toEqual([400, { error: 'action does not have a valid value' }]);
  });
});

describe('visibility', () => {
  it("hides a confidential issue's events and a private project's merge requests from a guest", async () => {
    await as('dev').projects.issues.create('acme/api', { title: 'Secret', confidential: true });
    await as('dev').projects.mergeRequests.create('acme/api', {
      title: 'Fix',
      source_branch: 'feature',
      target_branch: 'main',
    });
    await as('dev').projects.issues.create('acme/api', { title: 'Public' });
    expect(summary(await as('guest').projects.events('acme/api').toArray())).toEqual(['opened Issue Public']);
    expect(summary(await as('owner').projects.events('acme/api').toArray())).toEqual([
      'opened Issue Public',
      'opened MergeRequest Fix',
      'opened Issue Secret',
    ]);
  });

  it("a milestone's events are not an issue's: a confidential issue with the milestone's id hides nothing else", async () => {
    const issue = await as('dev').projects.issues.create('acme/api', { title: 'Secret', confidential: true });
    const milestone = await as('owner').projects.milestones.create('acme/api', { title: 'v1' });
    expect(milestone.id).toBe(issue.id);
    expect(summary(await as('guest').projects.events('acme/api').toArray())).toEqual(['opened Milestone v1']);
  });

  it('an issue event whose issue is not in the world (a seeded one) shows to who can read the project', async () => {
    mock.seed.event({
      project: 'acme/api',
      author: 'dev',
      action: 'closed',
      target_type: 'Issue',
      target_id: 999,
      target_iid: 9,
      target_title: 'Gone',
    });
    expect(summary(await as('guest').projects.events('acme/api').toArray())).toEqual(['closed Issue Gone']);
  });
});

describe('group events', () => {
  // A group milestone's events belong to the group (no project): who may read the group sees them.
  it("shows a group milestone's events to who can read the group, and hides them from who cannot", async () => {
    const milestone = await as('owner').groups.milestones.create('acme', { title: 'Q3' });
    await as('owner').groups.milestones.update('acme', milestone.id, { state_event: 'close' });
    expect(summary(await as('owner').events.list().toArray())).toEqual(['closed Milestone Q3', 'opened Milestone Q3']);
    expect(summary(await as('guest').users.events('owner').toArray())).toEqual([
      'closed Milestone Q3',
      'opened Milestone Q3',
    ]);
    // `acme` is private: an outsider cannot read it, nor its milestones' events.
    expect(await as('outsider').users.events('owner').toArray()).toEqual([]);
  });
});

describe('what an event shows', () => {
  it('a created event without a target (a project created) shows `created`, not `opened`', async () => {
    mock.seed.event({ project: 'acme/api', author: 'owner', action: 'created' });
    const [event] = await as('owner').events.list().toArray();
    expect([event?.action_name, event?.target_type]).toEqual(['created', null]);
  });
});

describe('events seeded out of id order', () => {
  it('list by id whatever order they were added in, both ways', async () => {
    mock.seed.event({ id: 10, project: 'acme/api', author: 'owner', action: 'joined' });
    mock.seed.event({ id: 5, project: 'acme/api', author: 'owner', action: 'left' });
    const ids = async (sort: 'asc' | 'desc') =>
      (await as('owner').events.list({ sort }).toArray()).map((e) => [e.id, e.action_name]);
    expect(await ids('asc')).toEqual([
      [5, 'left'],
      [10, 'joined'],
    ]);
    expect(await ids('desc')).toEqual([
      [10, 'joined'],
      [5, 'left'],
    ]);
  });
});

describe('seed and export', () => {
  it('an exported world loads answering the same events; a world without events exports no events key', async () => {
    expect(mock.exportState()).not.toHaveProperty('events');
    await as('owner').projects.milestones.create('acme/api', { title: 'v1' });
    await as('owner').projects.issues.create('acme/api', { title: 'Bug' });
    const exported = mock.exportState();
    const before = await as('owner').events.list().toArray();
    mock = createMockGitLab({ seed: exported });
    expect(await as('owner').events.list().toArray()).toEqual(before);
    expect(mock.exportState()).toEqual(exported);
  });
});

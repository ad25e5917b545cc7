import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedDocument } from '../mock/index.js';
import { GitLab, NotFoundError } from '../src/index.js';
import { startCliWithSeed, stopAllClis } from './cli-process.js';

// Every milestone endpoint through the SDK against the command-line server, over real HTTP.
const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [{ username: 'maria', token: 'glpat-maria' }],
  groups: [{ path: 'acme', plan: 'premium', members: { maria: 50 } }],
  projects: [
    {
      path: 'acme/api',
      milestones: [{ title: 'v1.0', start_date: '2026-05-01', due_date: '2026-06-30' }],
      issues: [
        {
          title: 'Login',
          author: 'maria',
          milestone: 'v1.0',
          weight: 2,
          created_at: '2026-05-02T10:00:00Z',
          events: [{ action: 'closed', at: '2026-05-10T10:00:00Z' }],
        },
      ],
      merge_requests: [{ iid: 1, title: 'Fix login', author: 'maria', milestone: 'v1.0' }],
    },
    { path: 'acme/web', milestones: [{ title: 'v1.0' }] },
  ],
};

let gitlab: GitLab;

beforeAll(async () => {
  const { url } = await startCliWithSeed(seed);
  gitlab = new GitLab({ baseUrl: url, token: 'glpat-maria', retry: 0 });
});

afterAll(stopAllClis);

describe('project milestones over HTTP', () => {
  it('lists, reads, creates, updates and deletes', async () => {
    const page = await gitlab.projects.milestones.list('acme/api', { state: 'active' });
    expect(page).toMatchObject({ total: 1, page: 1, perPage: 20 });
    const [v1] = page.items;
    expect(await gitlab.projects.milestones.get('acme/api', v1?.id ?? 0)).toEqual(v1);

    const v2 = await gitlab.projects.milestones.create('acme/api', { title: 'v2.0', due_date: '2026-09-30' });
    const closed = await gitlab.projects.milestones.update('acme/api', v2.id, { state_event: 'close' });
    expect(closed.state).toBe('closed');
    await gitlab.projects.milestones.delete('acme/api', v2.id);
    await expect(gitlab.projects.milestones.get('acme/api', v2.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lists the issues and merge requests of a milestone, and its burndown', async () => {
    const [v1] = (await gitlab.projects.milestones.list('acme/api', { title: 'v1.0' })).items;
    const id = v1?.id ?? 0;
    expect((await gitlab.projects.milestones.issues('acme/api', id).toArray()).map((i) => i.title)).toEqual(['Login']);
    expect((await gitlab.projects.milestones.mergeRequests('acme/api', id).toArray()).map((m) => m.iid)).toEqual([1]);
    expect((await gitlab.projects.milestones.burndownEvents('acme/api', id)).map((e) => e.action)).toEqual([
      'created',
      'closed',
    ]);
  });

  it('promotes a milestone to the group, merging its namesakes', async () => {
    const [v1] = (await gitlab.projects.milestones.list('acme/api', { title: 'v1.0' })).items;
    await gitlab.projects.milestones.promote('acme/api', v1?.id ?? 0);
    const api = await gitlab.projects.milestones.list('acme/api', { include_ancestors: true });
    expect(api.items.map((m) => [m.title, m.group_id])).toEqual([['v1.0', 1]]);
    expect((await gitlab.projects.milestones.list('acme/web')).items).toEqual([]);
  });
});

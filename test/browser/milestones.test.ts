import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../src/index.js';
import { API, as, TOKENS, useMockGitLab } from './setup.js';

useMockGitLab();

describe('project milestones in a browser', () => {
  it('plans a release: create, list by state, close, delete', async () => {
    const paula = as('glpat-paula-000000000000000'); // Planner: enough for milestones
    const v2 = await paula.projects.milestones.create(API, {
      title: 'v2.0',
      description: 'Next major.',
      start_date: '2026-06-15',
      due_date: '2026-09-30',
    });
    expect(v2).toMatchObject({ title: 'v2.0', state: 'active', expired: false, due_date: '2026-09-30' });

    const active = await paula.projects.milestones.list(API, { state: 'active' }).toArray();
    // Due date ascending, undated last; v1.0 is past its due date (2026-05-15) on the world's today.
    expect(active.map((m) => [m.title, m.expired])).toEqual([
      ['v1.0', true],
      ['v1.1', false],
      ['v2.0', false],
      ['Backlog', false],
    ]);

    const closed = await paula.projects.milestones.update(API, v2.id, { state_event: 'close' });
    expect(closed.state).toBe('closed');
    expect((await paula.projects.milestones.list(API, { state: 'closed' })).items.map((m) => m.title)).toEqual([
      'v0.9',
      'v2.0',
    ]);
    await paula.projects.milestones.delete(API, v2.id);
    expect((await paula.projects.milestones.list(API)).total).toBe(4);
  });

  it('reads the issues and burndown of the current milestone', async () => {
    const maria = as(TOKENS.maria);
    const [v11] = (await maria.projects.milestones.list(API, { title: 'v1.1' })).items;
    expect(v11).toBeDefined();
    const issues = await maria.projects.milestones.issues(API, v11!.id).toArray();
    expect(issues).toHaveLength(7);
    const events = await maria.projects.milestones.burndownEvents(API, v11!.id);
    expect(events.filter((e) => e.action === 'reopened')).toHaveLength(1);
  });

  it('refuses a Guest, and changes nothing', async () => {
    const error = await as(TOKENS.gus)
      .projects.milestones.create(API, { title: 'sneaky' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((await as(TOKENS.maria).projects.milestones.list(API, { title: 'sneaky' })).total).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { BadRequestError, GitLabApiError, NotFoundError } from '../../src/index.js';
import { addDays, contractTarget, createdHere } from './target.js';

// Contract scenarios for project milestones. They write only in the target's project
// (GITLAB_PROJECT on a real GitLab), only milestones named contract-<run>-..., and
// delete what they made.

const target = contractTarget();
const { gitlab } = target;
const project = target.project ?? '';
const made = createdHere((id) => gitlab.projects.milestones.delete(project, id));

describe.skipIf(!target.project)(`project milestones, on ${target.where}`, () => {
  it('creates, reads, closes, finds and deletes a milestone', async () => {
    const title = target.name('milestone');
    const due = addDays(target.today, 30);
    const milestone = await gitlab.projects.milestones.create(project, {
      title,
      description: 'Made by the contract scenarios; safe to delete.',
      start_date: target.today,
      due_date: due,
    });
    made.push(milestone.id);
    expect(milestone).toMatchObject({
      title,
      start_date: target.today,
      due_date: due,
      state: 'active',
      expired: false,
    });
    expect(await gitlab.projects.milestones.get(project, milestone.id)).toEqual(milestone);

    const closed = await gitlab.projects.milestones.update(project, milestone.id, { state_event: 'close' });
    expect(closed.state).toBe('closed');
    const found = await gitlab.projects.milestones.list(project, { title, state: 'closed' }).toArray();
    expect(found.map((m) => m.id)).toEqual([milestone.id]);
    expect(await gitlab.projects.milestones.list(project, { title, state: 'active' }).toArray()).toEqual([]);
    expect(await gitlab.projects.milestones.issues(project, milestone.id).toArray()).toEqual([]);
    expect(await gitlab.projects.milestones.mergeRequests(project, milestone.id).toArray()).toEqual([]);

    await gitlab.projects.milestones.delete(project, milestone.id);
    await expect(gitlab.projects.milestones.get(project, milestone.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a title already in use and a due date before the start, with GitLab's messages", async () => {
    const title = target.name('taken');
    made.push((await gitlab.projects.milestones.create(project, { title })).id);
    const taken = await gitlab.projects.milestones.create(project, { title }).catch((e: unknown) => e);
    if (!(taken instanceof Error)) made.push((taken as { id: number }).id);
    expect(taken).toBeInstanceOf(BadRequestError);
    expect(JSON.stringify((taken as BadRequestError).gitlabMessage)).toContain('already being used');

    const backwards = await gitlab.projects.milestones
      .create(project, {
        title: target.name('backwards'),
        start_date: target.today,
        due_date: addDays(target.today, -1),
      })
      .catch((e: unknown) => e);
    if (!(backwards instanceof Error)) made.push((backwards as { id: number }).id);
    expect(backwards).toBeInstanceOf(BadRequestError);
    expect(JSON.stringify((backwards as BadRequestError).gitlabMessage)).toContain('must be greater than start date');
  });

  it('pages a list with GitLab headers, and walks every page', async () => {
    const prefix = target.name('page');
    for (const n of [1, 2, 3])
      made.push((await gitlab.projects.milestones.create(project, { title: `${prefix}-${n}` })).id);
    const first = await gitlab.projects.milestones.list(project, { search: prefix, per_page: 2 });
    expect(first).toMatchObject({ page: 1, perPage: 2, total: 3, totalPages: 2, nextPage: 2, prevPage: undefined });
    expect(first.items).toHaveLength(2);
    const all = await gitlab.projects.milestones.list(project, { search: prefix, per_page: 2 }).toArray();
    expect(all.map((m) => m.title).sort()).toEqual([`${prefix}-1`, `${prefix}-2`, `${prefix}-3`]);
  });

  it('reads burndown events where the plan has them', async () => {
    const milestone = await gitlab.projects.milestones.create(project, {
      title: target.name('burndown'),
      start_date: target.today,
      due_date: addDays(target.today, 14),
    });
    made.push(milestone.id);
    const events = await gitlab.projects.milestones.burndownEvents(project, milestone.id).catch((e: unknown) => e);
    // Free has no burndown charts; the SDK still tells it apart from a failure.
    if (events instanceof GitLabApiError && target.kind === 'gitlab') expect([403, 404, 405]).toContain(events.status);
    else expect(events).toEqual([]);
  });
});

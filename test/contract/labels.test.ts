import { describe, expect, it } from 'vitest';
import { GitLabApiError } from '../../src/index.js';
import { contractTarget, createdHere } from './target.js';

// Contract scenarios for a project's labels: subscriptions (201, and 304 when nothing changes) and
// the deprecated routes that name the label in the body. They write only in the target's project
// (GITLAB_PROJECT on a real GitLab), only labels named contract-<run>-..., and delete what they made.

const target = contractTarget();
const { gitlab } = target;
const project = target.project ?? '';
const made = createdHere((id) => gitlab.projects.labels.delete(project, id));

/** The status a call is refused with (GitLab's 304 is one), or the test fails. */
async function statusOf(call: Promise<unknown>): Promise<number> {
  const error = await call.catch((e: unknown) => e);
  if (!(error instanceof GitLabApiError)) throw new Error(`expected a GitLabApiError, got ${String(error)}`);
  return error.status;
}

describe.skipIf(!target.project)(`project labels, on ${target.where}`, () => {
  it('subscribes and unsubscribes, and answers 304 to a choice already made', async () => {
    const label = await gitlab.projects.labels.create(project, { name: target.name('label'), color: '#428bca' });
    made.push(label.id);
    expect(label.subscribed).toBe(false);
    expect((await gitlab.projects.labels.subscribe(project, label.id)).subscribed).toBe(true);
    expect((await gitlab.projects.labels.get(project, label.id)).subscribed).toBe(true);
    expect(await statusOf(gitlab.projects.labels.subscribe(project, label.id))).toBe(304);
    expect((await gitlab.projects.labels.unsubscribe(project, label.id)).subscribed).toBe(false);
    expect(await statusOf(gitlab.projects.labels.unsubscribe(project, label.id))).toBe(304);
  });

  it('changes and deletes a label named in the body (the deprecated routes)', async () => {
    const name = target.name('legacy');
    const label = await gitlab.projects.labels.create(project, { name, color: '#428bca' });
    made.push(label.id);
    const changed = await gitlab.projects.labels.legacyUpdate(project, { name, description: 'by name' });
    expect([changed.id, changed.description]).toEqual([label.id, 'by name']);
    const byId = await gitlab.projects.labels.legacyUpdate(project, { label_id: label.id, priority: 4 });
    expect(byId.priority).toBe(4);
    await gitlab.projects.labels.legacyDelete(project, { label_id: label.id });
    expect(await statusOf(gitlab.projects.labels.get(project, label.id))).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { GitLabResponseValidationError } from '../../src/index.js';
import { json, milestone, setup } from './helpers.js';

describe('response validation', () => {
  it('names the path of the first bad field in a list', async () => {
    const { gitlab } = setup(() => json([milestone(1), milestone(2, { due_date: '30/06/2026' })]));
    const error = await gitlab.projects.milestones.list(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    const validation = error as GitLabResponseValidationError;
    expect(validation.name).toBe('GitLabResponseValidationError');
    expect(validation.path).toBe('[1].due_date');
    expect(validation.message).toContain('[1].due_date');
    expect(validation.issues[0]?.path).toEqual([1, 'due_date']);
    expect(validation.method).toBe('GET');
  });

  it('names a field of a single object', async () => {
    const { title: _, ...untitled } = milestone(1);
    const { gitlab } = setup(() => json(untitled));
    await expect(gitlab.projects.milestones.get(1, 1)).rejects.toMatchObject({
      name: 'GitLabResponseValidationError',
      path: 'title',
    });
  });

  it('rejects a 2xx page that is not JSON (a wrong baseUrl)', async () => {
    const { gitlab } = setup(() => new Response('<html>Sign in</html>', { headers: { 'content-type': 'text/html' } }));
    const error = await gitlab.projects.milestones.get(1, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    expect((error as Error).message).toContain('expected a JSON body, got text/html');
  });

  it('with validateResponses: false, returns the raw JSON', async () => {
    const raw = { ...milestone(1), due_date: 'soon', title: 42 };
    const { gitlab } = setup(() => json(raw), { validateResponses: false });
    await expect(gitlab.projects.milestones.get(1, 1)).resolves.toEqual(raw);
  });

  it('keeps fields the model does not know', async () => {
    const { gitlab } = setup(() => json(milestone(1, { color: 'teal', nested: { a: 1 } })));
    const result = await gitlab.projects.milestones.get(1, 1);
    expect(result).toMatchObject({ color: 'teal', nested: { a: 1 } });
  });

  it('validates the non-paginated burndown events', async () => {
    const events = [{ created_at: '2026-05-02T10:00:00Z', weight: 3, action: 'created' }];
    const good = setup(() => json(events));
    await expect(good.gitlab.projects.milestones.burndownEvents('acme/api', 1)).resolves.toEqual(events);
    expect(good.requests[0]?.url.pathname).toBe('/api/v4/projects/acme%2Fapi/milestones/1/burndown_events');
    const bad = setup(() => json([{ ...events[0], action: 'merged' }]));
    await expect(bad.gitlab.projects.milestones.burndownEvents(1, 1)).rejects.toMatchObject({ path: '[0].action' });
  });
});

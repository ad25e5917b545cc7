import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitLab } from '../src/index.js';
import { API, approvalsSeed, HEAD } from './approvals-fixtures.js';
import { adminCall, startCliWithSeed, stopAllClis } from './cli-process.js';

// Pushes over HTTP, as a test in another language makes them: POST /__mock/projects/:id/merge_requests/:iid/push.
let url: string;
const admin = (method: string, path: string, body?: unknown) => adminCall(url, method, path, body);
const dev = () => new GitLab({ baseUrl: url, token: 'glpat-dev', retry: 0 });
const NEW_HEAD = 'c'.repeat(40);

beforeAll(async () => {
  ({ url } = await startCliWithSeed(approvalsSeed));
});

afterAll(stopAllClis);

describe('POST /__mock/projects/:id/merge_requests/:iid/push', () => {
  it('refuses a bad push by name (400), an unknown project or merge request (404), and changes nothing', async () => {
    await dev().projects.mergeRequests.approvals.approve(API, 1, { sha: HEAD });
    const path = `projects/${encodeURIComponent(API)}/merge_requests/1/push`;
    expect(await admin('POST', path, { sha: 'xyz', author: 'dev' })).toEqual({
      status: 400,
      body: { message: 'sha: expected 40 lowercase hex characters' },
    });
    expect(await admin('POST', path, { author: 'ghost' })).toMatchObject({
      status: 400,
      body: { message: 'author: unknown user' },
    });
    expect((await admin('POST', path, 'not json')).status).toBe(400);
    expect((await admin('POST', 'projects/acme%2Fnope/merge_requests/1/push', { author: 'dev' })).status).toBe(404);
    expect(
      (await admin('POST', `projects/${encodeURIComponent(API)}/merge_requests/99/push`, { author: 'dev' })).status,
    ).toBe(404);
    expect((await admin('GET', path)).status).toBe(405);
    const status = await dev().projects.mergeRequests.approvals.get(API, 1);
    expect(status.approved_by.map((a) => a.user.username)).toEqual(['dev']);
  });

  it('pushes: 204, the head moves and the approvals reset (the project resets them on push)', async () => {
    const pushed = await admin('POST', `projects/1/merge_requests/1/push`, { sha: NEW_HEAD, author: 'committer' });
    expect(pushed).toEqual({ status: 204, body: undefined });
    expect((await dev().projects.mergeRequests.approvals.get(API, 1)).approved_by).toEqual([]);
    await expect(dev().projects.mergeRequests.approvals.approve(API, 1, { sha: HEAD })).rejects.toMatchObject({
      status: 409,
    });
    await dev().projects.mergeRequests.approvals.approve(API, 1, { sha: NEW_HEAD });
  });
});

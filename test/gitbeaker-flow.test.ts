import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedDocument } from '../mock/index.js';
import { type RunningMockServer, startMockServer } from '../mock/node/index.js';
import flowWorld from './interop/flow-world.json' with { type: 'json' };

/**
 * @gitbeaker/rest, unmodified, through the flow around the SDK's areas against the mock server
 * (the same world as test/interop/flow_test.py drives with python-gitlab): the current user, the
 * version, a project by its path, lists with their filters, subgroups, group projects, members,
 * protected branches, merge requests merged after approval, issues, milestones and access tokens.
 */

const API = 'acme/platform/api';
const TOKENS = {
  root: 'glpat-flow-root-00000000000',
  olivia: 'glpat-flow-olivia-000000000',
  dave: 'glpat-flow-dave-00000000000',
  gina: 'glpat-flow-gina-00000000000',
  oscar: 'glpat-flow-oscar-0000000000',
} as const;

let server: RunningMockServer;
let world = 0;
/** A fresh world per test, as the python suite has. */
let base: string;
const as = (user: keyof typeof TOKENS) => new Gitlab({ host: base, token: TOKENS[user] });

beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: flowWorld as SeedDocument });
});
afterAll(() => server.close());

async function freshWorld() {
  world += 1;
  base = `${server.url}/worlds/gitbeaker-${world}`;
  const loaded = await fetch(`${base}/__mock/state`, { method: 'PUT', body: JSON.stringify(flowWorld) });
  expect(loaded.status).toBe(204);
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { cause?: { response?: { status?: number } } }) => error.cause?.response?.status,
  );

describe('@gitbeaker/rest through the whole flow', () => {
  beforeAll(freshWorld);

  it('who am I, the version, a project by its path, users by username', async () => {
    expect((await as('olivia').Users.showCurrentUser()).username).toBe('olivia');
    expect((await as('dave').Metadata.show()).version).toMatch(/^\d+\.\d+\.\d+/);
    const project = await as('dave').Projects.show(API);
    expect(project.path_with_namespace).toBe(API);
    const users = await as('dave').Users.all({ username: 'gina' });
    expect(users.map((u) => u.username)).toEqual(['gina']);
  });

  it('lists with filters, subgroups and group projects with their subgroups', async () => {
    const dave = as('dave');
    const mine = await dave.Projects.all({ membership: true, pagination: 'offset' });
    expect(mine.map((p) => p.path_with_namespace).sort()).toEqual([API, 'acme/platform/infra/terraform']);
    const olivia = as('olivia');
    expect((await olivia.Groups.allSubgroups('acme')).map((g) => g.full_path)).toEqual(['acme/platform']);
    const all = await olivia.Groups.allProjects('acme', { includeSubgroups: true });
    expect(all.map((p) => p.path_with_namespace).sort()).toEqual([
      API,
      'acme/platform/infra/terraform',
      'acme/website',
    ]);
    expect(await statusOf(as('oscar').Projects.show(API))).toBe(404);
  });

  it('members, inherited members and protected branches', async () => {
    const olivia = as('olivia');
    // The project's direct members: gina, and the bot user of its access token `ci`.
    const direct = await olivia.ProjectMembers.all(API);
    expect(direct.map((m) => m.username)).toEqual(['gina', expect.stringMatching(/^project_\d+_bot_/)]);
    const inherited = await olivia.ProjectMembers.all(API, { includeInherited: true });
    const humans = inherited.filter((m) => !m.username.startsWith('project_'));
    expect(Object.fromEntries(humans.map((m) => [m.username, m.access_level]))).toEqual({
      olivia: 50,
      dave: 30,
      gina: 10,
    });
    expect((await olivia.ProtectedBranches.all(API)).map((b) => b.name)).toEqual(['main']);
  });

  it('a merge request merges once approved; issues and milestones follow', async () => {
    const dave = as('dave');
    expect((await dave.MergeRequests.show(API, 1)).detailed_merge_status).toBe('not_approved');
    const olivia = as('olivia');
    // Not approved yet: 405. Approved, a Developer still may not merge into the protected main: 401.
    expect(await statusOf(olivia.MergeRequests.merge(API, 1))).toBe(405);
    await olivia.MergeRequestApprovals.approve(API, 1);
    expect(await statusOf(dave.MergeRequests.merge(API, 1))).toBe(401);
    expect((await olivia.MergeRequests.merge(API, 1)).state).toBe('merged');
    expect((await olivia.MergeRequests.all({ projectId: API, state: 'merged' })).map((mr) => mr.iid)).toEqual([1]);
    const issues = await dave.Issues.all({ projectId: API, milestone: 'v1.0' });
    expect(issues.map((i) => i.title).sort()).toEqual(['Add SSO', 'Login fails']);
    const milestones = await dave.ProjectMilestones.all(API);
    expect(milestones.map((m) => m.title).sort()).toEqual(['v1.0', 'v2.0']);
    expect((await olivia.ProjectAccessTokens.all(API)).map((t) => t.name)).toEqual(['ci']);
  });
});

import { describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import type { World } from '../mock/world/types.js';
import { GitLabApiError } from '../src/index.js';
import { call, client, createTestMock } from './fixtures.js';
import { danglingReferences } from './model/dangling.js';

/**
 * Removal (`DELETE /users/:id`, `DELETE /groups/:id`, `DELETE /projects/:id`, the restores and the
 * adjourned deletion workers) through the SDK against the mock: each rule, each refusal with
 * GitLab's status and message and the world unchanged, and after each removal a world in which no
 * record points at anything gone (`danglingReferences`).
 */

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'root', admin: true, token: 'glpat-rm-root' },
    { username: 'olivia', token: 'glpat-rm-olivia' },
    { username: 'otto', token: 'glpat-rm-otto' },
    { username: 'maya', token: 'glpat-rm-maya' },
    { username: 'dev', token: 'glpat-rm-dev' },
  ],
  groups: [
    { path: 'acme', members: { olivia: 50, otto: 50, maya: 40 } },
    {
      path: 'acme/platform',
      members: { dev: 30 },
      milestones: [{ title: 'Q3' }],
      labels: [{ name: 'infra', color: '#00ff00' }],
    },
    { path: 'solo', members: { olivia: 50, dev: 30 } },
    { path: 'other', members: { otto: 50 } },
  ],
  projects: [
    {
      path: 'acme/platform/api',
      members: { maya: 40 },
      protected_branches: ['main'],
      milestones: [{ title: 'v1' }],
      approval_rules: [{ name: 'Security', approvals_required: 1, users: ['dev', 'maya'], groups: ['solo'] }],
      issues: [
        { title: 'By dev', author: 'dev', assignees: ['maya', 'dev'], milestone: 'v1' },
        { title: 'By maya', author: 'maya', assignees: ['dev'] },
      ],
      merge_requests: [
        { iid: 1, title: 'By dev', author: 'dev', committers: ['dev'], reviewers: ['maya'], approvals: ['maya'] },
        { iid: 2, title: 'By maya', author: 'maya', committers: ['maya'], approvals: ['dev'] },
      ],
      access_tokens: [{ name: 'ci', scopes: ['api'], access_level: 40, token: 'glpat-rm-bot' }],
      hooks: [{ url: 'http://127.0.0.1:9/project' }],
    },
    { path: 'other/tool', members: { dev: 20 } },
    { path: 'dev/sandbox' },
  ],
  system_hooks: [{ url: 'http://127.0.0.1:9/system' }],
};

const fresh = (): MockGitLab => createMockGitLab({ seed });
const root = (mock: MockGitLab) => client(mock, 'glpat-rm-root');
const as = (mock: MockGitLab, username: string) => client(mock, `glpat-rm-${username}`);
const id = (mock: MockGitLab, username: string) =>
  [...mock.world.users.values()].find((u) => u.username === username)?.id as number;
const groupId = (mock: MockGitLab, path: string) =>
  [...mock.world.groups.values()].find((g) => g.full_path === path)?.id as number;
const projectId = (mock: MockGitLab, path: string) =>
  [...mock.world.projects.values()].find((p) => p.path_with_namespace === path)?.id as number;

/** Runs a request that must be refused; answers the error, and checks that the world did not change. */
async function refused(mock: MockGitLab, request: () => Promise<unknown>): Promise<GitLabApiError> {
  // Authenticating notes a token's use: that is the request, not its effect.
  const settled = (world: World) => {
    const copy = structuredClone(world);
    for (const token of copy.tokens.values()) token.last_used_at = null;
    return copy;
  };
  const before = settled(mock.world);
  const error = await request().then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GitLabApiError);
  expect(settled(mock.world)).toEqual(before);
  return error as GitLabApiError;
}

const whole = (mock: MockGitLab) => expect(danglingReferences(mock.world)).toEqual([]);

/** The system hooks' payloads sent so far, by event name. */
async function systemEvents(mock: MockGitLab): Promise<Record<string, unknown>[]> {
  await mock.webhooks.settled();
  return mock.webhooks.deliveries
    .filter((d) => d.hook_type === 'system')
    .map((d) => d.request_data as Record<string, unknown>);
}

describe('DELETE /users/:id', () => {
  it('is for administrators: 403 for anyone else, the world unchanged', async () => {
    const mock = fresh();
    const error = await refused(mock, () => as(mock, 'olivia').users.delete(id(mock, 'dev')));
    expect(error.status).toBe(403);
    expect(error.body).toEqual({ message: '403 Forbidden' });
  });

  it('answers 404 User Not Found for an unknown id, and no route for a non-numeric one', async () => {
    const mock = fresh();
    const error = await refused(mock, () => root(mock).users.delete(999));
    expect(error.status).toBe(404);
    expect(error.body).toEqual({ message: '404 User Not Found' });
    const raw = await call(mock, 'DELETE', '/users/dev', { token: 'glpat-rm-root' });
    expect(raw.status).toBe(404);
    expect(raw.body).toEqual({ error: '404 Not Found' });
  });

  it('refuses the sole Owner of a group without hard_delete: 409, the world unchanged', async () => {
    const mock = fresh();
    const error = await refused(mock, () => root(mock).users.delete(id(mock, 'olivia')));
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ message: 'User cannot be removed while is the sole-owner of a group' });
    expect(mock.requests.list().at(-1)?.reason).toBe('olivia is the only Owner of group solo');
  });

  it('counts the Owners of the ancestors: an Owner of a subgroup whose parent has another is not alone', async () => {
    const mock = fresh();
    // olivia and otto own acme together: acme is not solo-owned; solo is.
    mock.seed.group({ path: 'acme/sub', members: { olivia: 50 } });
    const error = await refused(mock, () => root(mock).users.delete(id(mock, 'olivia')));
    expect(mock.requests.list().at(-1)?.reason).toBe('olivia is the only Owner of group solo');
    expect(error.status).toBe(409);
  });

  it('with hard_delete removes the groups the user alone owns, at once, with their projects', async () => {
    const mock = fresh();
    const solo = groupId(mock, 'solo');
    await root(mock).users.delete(id(mock, 'olivia'), { hard_delete: true });
    expect(mock.world.groups.has(solo)).toBe(false);
    expect(mock.world.groups.has(groupId(mock, 'acme'))).toBe(true);
    await expect(root(mock).users.get(id(mock, 'olivia') ?? 0)).rejects.toMatchObject({ status: 404 });
    whole(mock);
  });

  it('passes issues and merge requests to the ghost user, and removes the rest of the user', async () => {
    const mock = fresh();
    const dev = id(mock, 'dev');
    const api = 'acme/platform/api';
    await root(mock).users.delete(dev);
    await expect(root(mock).users.get(dev)).rejects.toMatchObject({
      status: 404,
      body: { message: '404 User Not Found' },
    });
    // Their token no longer authenticates.
    await expect(as(mock, 'dev').users.current()).rejects.toMatchObject({ status: 401 });
    const issues = await root(mock).projects.issues.list(api).toArray();
    const byDev = issues.find((i) => i.title === 'By dev');
    expect(byDev?.author.username).toBe('ghost');
    expect(byDev?.author.name).toBe('Ghost');
    expect(byDev?.assignees?.map((a) => a.username)).toEqual(['maya']);
    expect(issues.find((i) => i.title === 'By maya')?.assignees).toEqual([]);
    const mr = await root(mock).projects.mergeRequests.get(api, 1);
    expect(mr.author.username).toBe('ghost');
    // Their approval of !2 is gone; maya's of !1 stays.
    const approvals = await root(mock).projects.mergeRequests.approvals.get(api, 2);
    expect(approvals.approved_by).toEqual([]);
    const rules = await root(mock).projects.approvalRules.list(api).toArray();
    expect(rules.find((r) => r.name === 'Security')?.users?.map((u) => u.username)).toEqual(['maya']);
    // Memberships, personal project and events go.
    const members = await root(mock).groups.members.list('acme/platform').toArray();
    expect(members.map((m) => m.username)).toEqual([]);
    await expect(root(mock).projects.get('dev/sandbox')).rejects.toMatchObject({ status: 404 });
    expect([...mock.world.events.values()].some((e) => e.author_id === dev)).toBe(false);
    whole(mock);
  });

  it('makes the ghost once, and cannot delete it', async () => {
    const mock = fresh();
    await root(mock).users.delete(id(mock, 'dev'));
    await root(mock).users.delete(id(mock, 'maya'));
    const ghosts = [...mock.world.users.values()].filter((u) => u.ghost);
    expect(ghosts.map((u) => u.username)).toEqual(['ghost']);
    const ghost = ghosts[0]?.id as number;
    // GitLab answers 204 and its DeleteUserWorker refuses the ghost (UserPolicy: ~subject_ghost).
    await root(mock).users.delete(ghost);
    expect((await root(mock).users.get(ghost)).username).toBe('ghost');
    // The ghost is an internal user, not a human: `humans` and `exclude_internal` leave it out.
    const names = async (query: Record<string, boolean>) =>
      (
        await root(mock)
          .users.list({ ...query, per_page: 100 })
          .toArray()
      ).map((u) => u.username);
    expect(await names({})).toContain('ghost');
    expect(await names({ humans: true })).not.toContain('ghost');
    expect(await names({ exclude_internal: true })).not.toContain('ghost');
    expect(await names({ without_project_bots: true })).toContain('ghost');
  });

  it('with hard_delete deletes their issues and merge requests instead', async () => {
    const mock = fresh();
    await root(mock).users.delete(id(mock, 'dev'), { hard_delete: true });
    const issues = await root(mock).projects.issues.list('acme/platform/api').toArray();
    expect(issues.map((i) => i.title)).toEqual(['By maya']);
    await expect(root(mock).projects.mergeRequests.get('acme/platform/api', 1)).rejects.toMatchObject({ status: 404 });
    expect([...mock.world.users.values()].some((u) => u.ghost)).toBe(false);
    whole(mock);
  });

  it('sends user_remove_from_group, user_remove_from_team and user_destroy to system hooks', async () => {
    const mock = fresh();
    const maya = mock.world.users.get(id(mock, 'maya'));
    await root(mock).users.delete(id(mock, 'maya'));
    const events = await systemEvents(mock);
    expect(events.map((e) => e.event_name)).toEqual([
      'user_remove_from_group',
      'user_remove_from_team',
      'user_destroy',
    ]);
    expect(events[1]).toEqual({
      created_at: '2026-06-01T09:00:00Z',
      updated_at: '2026-06-01T09:00:00Z',
      project_name: 'api',
      project_path: 'api',
      project_path_with_namespace: 'acme/platform/api',
      project_id: projectId(mock, 'acme/platform/api'),
      user_username: 'maya',
      user_name: 'maya',
      user_email: '[REDACTED]',
      user_id: maya?.id,
      access_level: 'Maintainer',
      project_visibility: 'private',
      event_name: 'user_remove_from_team',
    });
    expect(events[2]).toEqual({
      created_at: '2026-06-01T09:00:00Z',
      updated_at: '2026-06-01T09:00:00Z',
      event_name: 'user_destroy',
      name: 'maya',
      email: 'maya@example.com',
      user_id: maya?.id,
      username: 'maya',
    });
  });
});

describe('DELETE /groups/:id/members/:user_id below the group', () => {
  it('removes the member’s project and subgroup memberships below too, each with its own hook', async () => {
    const mock = fresh();
    await as(mock, 'olivia').groups.members.remove('acme', id(mock, 'maya'));
    expect(mock.world.projects.get(projectId(mock, 'acme/platform/api'))?.members.has(id(mock, 'maya'))).toBe(false);
    const events = (await systemEvents(mock)).map((e) => [e.event_name, e.group_path ?? e.project_path_with_namespace]);
    // `Members::DestroyService#delete_subresources`: the group's own hook, then each membership below.
    expect(events).toEqual([
      ['user_remove_from_group', 'acme'],
      ['user_remove_from_team', 'acme/platform/api'],
    ]);
    // With skip_subresources, the memberships below stay, and so does their silence.
    const again = fresh();
    await as(again, 'olivia').groups.members.remove('acme', id(again, 'maya'), { skip_subresources: true });
    expect((await systemEvents(again)).map((e) => e.event_name)).toEqual(['user_remove_from_group']);
  });
});

describe('DELETE /users/:id and SSH keys', () => {
  it('removes the user’s keys, each with key_destroy before user_destroy (Key#post_destroy_hook)', async () => {
    const mock = fresh();
    const key = await root(mock).users.keys.create(id(mock, 'maya'), {
      title: 'laptop',
      key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGCXWHg2YJ/W/gvkIsaSwSdQeZvJQOrMknHQDQBprEes maya@laptop',
    });
    await root(mock).users.delete(id(mock, 'maya'));
    expect(mock.world.sshKeys.size).toBe(0);
    const events = (await systemEvents(mock)).map((e) => e.event_name);
    expect(events.slice(-2)).toEqual(['key_destroy', 'user_destroy']);
    expect((await systemEvents(mock)).find((e) => e.event_name === 'key_destroy')).toMatchObject({
      id: key.id,
      username: 'maya',
    });
    whole(mock);
  });
});

describe('DELETE /groups/:id and POST /groups/:id/restore', () => {
  it('needs remove_group (Owner): 403 for a Maintainer, the world unchanged', async () => {
    const mock = fresh();
    const error = await refused(mock, () => as(mock, 'maya').groups.delete('acme'));
    expect(error.status).toBe(403);
    expect(error.body).toEqual({ message: '403 Forbidden' });
  });

  it('marks the group: 202, renamed with its subgroups and projects, marked_for_deletion_on today', async () => {
    const mock = fresh();
    const acme = groupId(mock, 'acme');
    const raw = await call(mock, 'DELETE', '/groups/acme', { token: 'glpat-rm-olivia' });
    expect(raw.status).toBe(202);
    expect(raw.body).toEqual({ message: '202 Accepted' });
    const group = await root(mock).groups.get(acme, { with_projects: false });
    expect(group).toMatchObject({
      name: `acme-deletion_scheduled-${acme}`,
      path: `acme-deletion_scheduled-${acme}`,
      full_path: `acme-deletion_scheduled-${acme}`,
      marked_for_deletion_on: '2026-06-01',
    });
    const project = await root(mock).projects.get(projectId(mock, `acme-deletion_scheduled-${acme}/platform/api`));
    // Projects below read as they were: the mark is the group's own.
    expect(project.marked_for_deletion_at).toBeNull();
    const sub = await root(mock).groups.get(groupId(mock, `acme-deletion_scheduled-${acme}/platform`));
    expect(sub.marked_for_deletion_on).toBeNull();
    whole(mock);
  });

  it('refuses to mark a group twice: 400, the world unchanged', async () => {
    const mock = fresh();
    const solo = groupId(mock, 'solo');
    await as(mock, 'olivia').groups.delete(solo);
    const error = await refused(mock, () => as(mock, 'olivia').groups.delete(solo));
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message: 'Group has already been marked for deletion' });
  });

  it('accepts a group below a marked one and leaves it as it is', async () => {
    const mock = fresh();
    const platform = groupId(mock, 'acme/platform');
    await as(mock, 'olivia').groups.delete('acme');
    const before = structuredClone(mock.world);
    await as(mock, 'olivia').groups.delete(platform);
    expect(mock.world).toEqual(before);
  });

  it('removes a marked subgroup at once with permanently_remove and its full path', async () => {
    const mock = fresh();
    const platform = groupId(mock, 'acme/platform');
    const api = projectId(mock, 'acme/platform/api');
    const owner = as(mock, 'olivia');
    let error = await refused(mock, () => owner.groups.delete('acme', { permanently_remove: true, full_path: 'acme' }));
    expect(error.body).toEqual({ message: '`permanently_remove` option is only available for subgroups.' });
    error = await refused(mock, () =>
      owner.groups.delete(platform, { permanently_remove: true, full_path: 'acme/platform' }),
    );
    expect(error.body).toEqual({ message: 'Group must be marked for deletion first.' });
    await owner.groups.delete(platform);
    const fullPath = `acme/platform-deletion_scheduled-${platform}`;
    error = await refused(mock, () =>
      owner.groups.delete(platform, { permanently_remove: true, full_path: 'acme/platform' }),
    );
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      message: '`full_path` is incorrect. You must enter the complete path for the subgroup.',
    });
    await owner.groups.delete(platform, { permanently_remove: true, full_path: fullPath });
    await expect(root(mock).groups.get(platform)).rejects.toMatchObject({ status: 404 });
    await expect(root(mock).projects.get(api)).rejects.toMatchObject({ status: 404 });
    // The project's bot user went with it.
    await expect(client(mock, 'glpat-rm-bot').users.current()).rejects.toMatchObject({ status: 401 });
    const events = await systemEvents(mock);
    expect(events.map((e) => e.event_name)).toEqual([
      // Marking renamed it (Groups::MarkForDeletionService through Groups::UpdateService).
      'group_rename',
      'user_remove_from_team',
      'user_destroy',
      'project_destroy',
      'user_remove_from_group',
      'group_destroy',
    ]);
    expect(events.find((e) => e.event_name === 'group_destroy')).toEqual({
      created_at: '2026-06-01T09:00:00Z',
      updated_at: '2026-06-01T09:00:00Z',
      event_name: 'group_destroy',
      name: `platform-deletion_scheduled-${platform}`,
      path: `platform-deletion_scheduled-${platform}`,
      full_path: fullPath,
      group_id: platform,
    });
    expect(events.find((e) => e.event_name === 'project_destroy')).toEqual({
      event_name: 'project_destroy',
      created_at: '2026-06-01T09:00:00Z',
      updated_at: '2026-06-01T09:00:00Z',
      name: 'api',
      path: 'api',
      path_with_namespace: `${fullPath}/api`,
      project_id: api,
      project_namespace_id: platform,
      owners: [
        { name: 'olivia', email: '[REDACTED]' },
        { name: 'otto', email: '[REDACTED]' },
      ],
      project_visibility: 'private',
      owner_name: `platform-deletion_scheduled-${platform}`,
      owner_email: '',
    });
    whole(mock);
  });

  it('restores a marked group: 201 with its name and path back; 400 when not marked', async () => {
    const mock = fresh();
    const owner = as(mock, 'olivia');
    const acme = groupId(mock, 'acme');
    const error = await refused(mock, () => owner.groups.restore(acme));
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message: 'Group has not been marked for deletion' });
    await owner.groups.delete(acme);
    const raw = await call(mock, 'POST', `/groups/${acme}/restore`, { token: 'glpat-rm-olivia' });
    expect(raw.status).toBe(201);
    expect(raw.body).toMatchObject({ full_path: 'acme', name: 'acme', marked_for_deletion_on: null });
    expect((await root(mock).projects.get('acme/platform/api')).path_with_namespace).toBe('acme/platform/api');
  });

  it('restores under a random suffix when the original path was taken meanwhile', async () => {
    const mock = fresh();
    const owner = as(mock, 'olivia');
    const solo = groupId(mock, 'solo');
    await owner.groups.delete(solo);
    mock.seed.group({ path: 'solo' });
    const group = await owner.groups.restore(solo);
    expect(group.path).toMatch(/^solo-[A-Za-z0-9]{5}$/);
    expect(group.name).toBe(group.path);
  });

  it('refuses a hosted top-level group with a paid plan: 400', async () => {
    const mock = createTestMock();
    const error = await refused(mock, () => client(mock, 'glpat-owner').groups.delete('acme'));
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message: "This group can't be removed because it is linked to a subscription." });
    // A free one is marked.
    await client(mock, 'glpat-owner').groups.delete('free-corp');
  });

  it('is removed by the adjourned deletion worker 7 days later, on the world clock', async () => {
    const mock = fresh();
    const solo = groupId(mock, 'solo');
    await as(mock, 'olivia').groups.delete(solo);
    mock.clock.advance({ days: 6 });
    expect(mock.world.groups.has(solo)).toBe(true);
    mock.clock.advance({ days: 1 });
    expect(mock.world.groups.has(solo)).toBe(false);
    whole(mock);
  });

  it('is restored by the worker when who marked it may no longer remove it', async () => {
    const mock = fresh();
    const acme = groupId(mock, 'acme');
    await as(mock, 'otto').groups.delete(acme);
    await as(mock, 'olivia').groups.members.update(acme, id(mock, 'otto'), { access_level: 30 });
    mock.clock.advance({ days: 7 });
    const group = await root(mock).groups.get(acme, { with_projects: false });
    expect(group).toMatchObject({ full_path: 'acme', marked_for_deletion_on: null });
  });
});

describe('DELETE /projects/:id and POST /projects/:id/restore', () => {
  const API = 'acme/platform/api';

  it('needs remove_project (Owner): 403 for a Maintainer, the world unchanged', async () => {
    const mock = fresh();
    const error = await refused(mock, () => as(mock, 'maya').projects.delete(API));
    expect(error.status).toBe(403);
    expect(error.body).toEqual({ message: '403 Forbidden' });
  });

  it('marks the project: 202, archived, renamed, marked_for_deletion_at today', async () => {
    const mock = fresh();
    const api = projectId(mock, API);
    const raw = await call(mock, 'DELETE', `/projects/${api}`, { token: 'glpat-rm-olivia' });
    expect(raw.status).toBe(202);
    expect(raw.body).toEqual({ message: '202 Accepted' });
    const project = await root(mock).projects.get(api);
    expect(project).toMatchObject({
      name: `api-deletion_scheduled-${api}`,
      path: `api-deletion_scheduled-${api}`,
      path_with_namespace: `acme/platform/api-deletion_scheduled-${api}`,
      archived: true,
      marked_for_deletion_at: '2026-06-01',
      marked_for_deletion_on: '2026-06-01',
    });
    const error = await refused(mock, () => as(mock, 'olivia').projects.delete(api));
    expect(error.body).toEqual({ message: 'Project has already been marked for deletion' });
  });

  it('lets the holder of a personal project mark it', async () => {
    const mock = fresh();
    const sandbox = projectId(mock, 'dev/sandbox');
    await as(mock, 'dev').projects.delete(sandbox);
    expect(await as(mock, 'dev').projects.get(sandbox)).toMatchObject({
      path_with_namespace: `dev/sandbox-deletion_scheduled-${sandbox}`,
      archived: true,
    });
  });

  it('accepts a project in a marked group and leaves it as it is', async () => {
    const mock = fresh();
    const api = projectId(mock, API);
    await as(mock, 'olivia').groups.delete('acme');
    const before = structuredClone(mock.world);
    await as(mock, 'olivia').projects.delete(api);
    expect(mock.world).toEqual(before);
  });

  it('removes a marked project at once with permanently_remove and its full path', async () => {
    const mock = fresh();
    const api = projectId(mock, API);
    const owner = as(mock, 'olivia');
    let error = await refused(mock, () => owner.projects.delete(api, { permanently_remove: true, full_path: API }));
    expect(error.body).toEqual({ message: 'Project must be marked for deletion first.' });
    await owner.projects.delete(api);
    error = await refused(mock, () => owner.projects.delete(api, { permanently_remove: true, full_path: API }));
    expect(error.body).toEqual({
      message: '`full_path` is incorrect. You must enter the complete path for the project.',
    });
    await owner.projects.delete(api, { permanently_remove: true, full_path: `${API}-deletion_scheduled-${api}` });
    await expect(root(mock).projects.get(api)).rejects.toMatchObject({ status: 404 });
    whole(mock);
  });

  it('restores a marked project: 201, unarchived, its path back; 400 when not marked', async () => {
    const mock = fresh();
    const api = projectId(mock, API);
    const owner = as(mock, 'olivia');
    const error = await refused(mock, () => owner.projects.restore(api));
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message: 'Project has not been marked for deletion' });
    await owner.projects.delete(api);
    const raw = await call(mock, 'POST', `/projects/${api}/restore`, { token: 'glpat-rm-olivia' });
    expect(raw.status).toBe(201);
    expect(raw.body).toMatchObject({ path_with_namespace: API, archived: false, marked_for_deletion_at: null });
  });

  it('is removed 7 days later, or restored when who marked it is gone', async () => {
    const mock = fresh();
    const api = projectId(mock, API);
    const tool = projectId(mock, 'other/tool');
    await as(mock, 'olivia').projects.delete(api);
    await root(mock).projects.delete(tool);
    // Deleting root clears who marked other/tool; the worker then restores it (`return false unless current_user`).
    await root(mock).users.delete(id(mock, 'root'));
    expect(mock.world.projects.get(tool)?.marked_for_deletion_by).toBeNull();
    mock.clock.advance({ days: 6 });
    expect(mock.world.projects.has(api)).toBe(true);
    mock.clock.advance({ days: 1 });
    expect(mock.world.projects.has(api)).toBe(false);
    expect(await as(mock, 'otto').projects.get(tool)).toMatchObject({
      path_with_namespace: 'other/tool',
      archived: false,
      marked_for_deletion_at: null,
    });
    whole(mock);
  });

  it('marks in the seed document and keeps the mark through export and load', async () => {
    const mock = fresh();
    await as(mock, 'olivia').projects.delete(API);
    await as(mock, 'olivia').groups.delete('solo');
    await root(mock).users.delete(id(mock, 'dev'));
    const document = mock.exportState();
    const copy = createMockGitLab({ seed: document });
    expect(copy.exportState()).toEqual(document);
    const solo = document.groups?.find((g) => g.path.startsWith('solo'));
    expect(solo).toMatchObject({ marked_for_deletion_on: '2026-06-01', marked_for_deletion_by: 'olivia' });
    expect(document.users.find((u) => u.username === 'ghost')).toMatchObject({ ghost: true, personal_token: null });
    copy.clock.advance({ days: 7 });
    expect([...copy.world.groups.values()].some((g) => g.path.startsWith('solo'))).toBe(false);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { type GitLab, parseWebhook } from '../src/index.js';
import { client } from './fixtures.js';

// Issue 37 point 6, "events out": what the mock's system hooks and group hooks receive when
// projects are created, changed, moved and removed and when project members change, as GitLab
// 18.6's services send it (SystemHooksService, Gitlab::HookData::ProjectBuilder and
// ProjectMemberBuilder, EE's project_hooks and subgroup_hooks), each checked through the SDK
// against the mock, and each delivered payload accepted by the SDK's webhook receiver.

const NOW = '2026-06-01T09:00:00Z';
const SECRET = 'events-secret-1d2c';

const seed: SeedDocument = {
  now: NOW,
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', name: 'Olive Owner', token: 'glpat-owner' },
    { username: 'dev', name: 'Dev One', token: 'glpat-dev' },
  ],
  groups: [
    { path: 'acme', plan: 'premium', members: { owner: 50 } },
    { path: 'acme/platform' },
    { path: 'acme/platform/old' },
    { path: 'other', members: { owner: 50 } },
  ],
  projects: [{ path: 'acme/platform/api' }],
  system_hooks: [{ url: 'http://127.0.0.1:9/system', token: SECRET }],
};

let mock: MockGitLab;
let owner: GitLab;
let root: GitLab;

beforeEach(() => {
  mock = createMockGitLab({ seed, webhooks: { timeout: 50 } });
  owner = client(mock, 'glpat-owner');
  root = client(mock, 'glpat-root');
});

const groupOf = (path: string) => {
  const group = [...mock.world.groups.values()].find((g) => g.full_path === path);
  if (!group) throw new Error(`no group ${path}`);
  return group;
};
const userId = (username: string) => [...mock.world.users.values()].find((u) => u.username === username)?.id;

// A receiver that answers 200, so that no hook is disabled for failing in a long session.
let receiver: Server;
let receiverUrl = '';
beforeAll(async () => {
  receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** A group hook on `acme` with these switches (licensed: acme is Premium). */
function acmeHook(events: Record<string, boolean>) {
  mock.seed.groupHook(groupOf('acme') as never, { url: `${receiverUrl}/acme`, token: SECRET, events });
}

/** The deliveries since the test began: hook type, X-Gitlab-Event and payload. */
async function sent() {
  await mock.webhooks.settled();
  return mock.webhooks.deliveries.map((d) => ({
    type: d.hook_type,
    header: d.request_headers['X-Gitlab-Event'],
    payload: d.request_data as Record<string, unknown>,
  }));
}

/** The system hooks' payloads. */
async function systemEvents() {
  return (await sent()).filter((d) => d.type === 'system').map((d) => d.payload);
}

const owners = [{ name: 'Olive Owner', email: '[REDACTED]' }];

describe('project events to system hooks', () => {
  it('POST /projects in a group: project_create with its owners and the group as deprecated owner', async () => {
    const project = await owner.projects.create({
      name: 'Web',
      path: 'web',
      namespace_id: groupOf('acme/platform').id,
    });
    expect(await systemEvents()).toEqual([
      {
        event_name: 'project_create',
        created_at: NOW,
        updated_at: NOW,
        name: 'Web',
        path: 'web',
        path_with_namespace: 'acme/platform/web',
        project_id: project.id,
        project_namespace_id: groupOf('acme/platform').id,
        owners,
        project_visibility: 'private',
        owner_name: 'platform',
        owner_email: '',
      },
    ]);
  });

  it('POST /projects/user/:id: project_create, then user_add_to_team for the holder made Owner', async () => {
    const devId = userId('dev') as number;
    const project = await root.projects.createForUser(devId, { name: 'tool' });
    const events = await systemEvents();
    expect(events.map((e) => e.event_name)).toEqual(['project_create', 'user_add_to_team']);
    expect(events[0]).toMatchObject({
      path_with_namespace: 'dev/tool',
      owners: [{ name: 'Dev One', email: '[REDACTED]' }],
      owner_name: 'Dev One',
      owner_email: '[REDACTED]',
    });
    expect(events[1]).toEqual({
      created_at: NOW,
      updated_at: NOW,
      project_name: 'tool',
      project_path: 'tool',
      project_path_with_namespace: 'dev/tool',
      project_id: project.id,
      user_username: 'dev',
      user_name: 'Dev One',
      user_email: '[REDACTED]',
      user_id: devId,
      access_level: 'Owner',
      project_visibility: 'private',
      event_name: 'user_add_to_team',
    });
  });

  it('PUT /projects/:id: project_rename with the old full path when the path changes, project_update otherwise', async () => {
    await owner.projects.update('acme/platform/api', { path: 'core-api' });
    mock.clock.advance({ minutes: 5 });
    await owner.projects.update('acme/platform/core-api', { description: 'The API' });
    const events = await systemEvents();
    expect(events.map((e) => e.event_name)).toEqual(['project_rename', 'project_update']);
    expect(events[0]).toMatchObject({
      path: 'core-api',
      path_with_namespace: 'acme/platform/core-api',
      old_path_with_namespace: 'acme/platform/api',
      updated_at: NOW,
    });
    expect(events[1]).toMatchObject({
      path_with_namespace: 'acme/platform/core-api',
      updated_at: '2026-06-01T09:05:00Z',
    });
    expect(events[1]).not.toHaveProperty('old_path_with_namespace');
  });

  it('archive and unarchive: project_update', async () => {
    await owner.projects.archive('acme/platform/api');
    await owner.projects.unarchive('acme/platform/api');
    expect((await systemEvents()).map((e) => [e.event_name, e.path_with_namespace])).toEqual([
      ['project_update', 'acme/platform/api'],
      ['project_update', 'acme/platform/api'],
    ]);
  });

  it('PUT /projects/:id/transfer: project_transfer with old_path_with_namespace', async () => {
    const project = await owner.projects.transfer('acme/platform/api', 'other');
    expect(await systemEvents()).toEqual([
      {
        event_name: 'project_transfer',
        created_at: NOW,
        updated_at: NOW,
        name: 'api',
        path: 'api',
        path_with_namespace: 'other/api',
        project_id: project.id,
        project_namespace_id: groupOf('other').id,
        owners,
        project_visibility: 'private',
        owner_name: 'other',
        owner_email: '',
        old_path_with_namespace: 'acme/platform/api',
      },
    ]);
  });

  it('marking for deletion and restoring rename the project: project_rename each way', async () => {
    const api = (await owner.projects.get('acme/platform/api')).id;
    await owner.projects.delete(api);
    await owner.projects.restore(api);
    const marked = `acme/platform/api-deletion_scheduled-${api}`;
    expect((await systemEvents()).map((e) => [e.event_name, e.path_with_namespace, e.old_path_with_namespace])).toEqual(
      [
        ['project_rename', marked, 'acme/platform/api'],
        ['project_rename', 'acme/platform/api', marked],
      ],
    );
  });

  it('a refused update sends nothing', async () => {
    await expect(owner.projects.update('acme/platform/api', { path: 'new' })).rejects.toMatchObject({ status: 400 });
    expect(await sent()).toEqual([]);
  });
});

describe('project member events to system hooks', () => {
  it('POST, PUT and DELETE /projects/:id/members: user_add_to_team, user_update_for_team, user_remove_from_team', async () => {
    const devId = userId('dev') as number;
    const project = await owner.projects.get('acme/platform/api');
    await owner.projects.members.add(project.id, { user_id: devId, access_level: 30 });
    mock.clock.advance({ hours: 1 });
    await owner.projects.members.update(project.id, devId, { access_level: 40 });
    await owner.projects.members.remove(project.id, devId);
    const base = {
      created_at: NOW,
      project_name: 'api',
      project_path: 'api',
      project_path_with_namespace: 'acme/platform/api',
      project_id: project.id,
      user_username: 'dev',
      user_name: 'Dev One',
      user_email: '[REDACTED]',
      user_id: devId,
      project_visibility: 'private',
    };
    expect(await systemEvents()).toEqual([
      { ...base, updated_at: NOW, access_level: 'Developer', event_name: 'user_add_to_team' },
      { ...base, updated_at: '2026-06-01T10:00:00Z', access_level: 'Maintainer', event_name: 'user_update_for_team' },
      { ...base, updated_at: NOW, access_level: 'Maintainer', event_name: 'user_remove_from_team' },
    ]);
  });

  it('project member events go to no group hook (EE sends member_hooks for group members only)', async () => {
    acmeHook({ member_events: true, project_events: true });
    await owner.projects.members.add('acme/platform/api', { user_id: userId('dev') as number, access_level: 30 });
    expect((await sent()).map((d) => [d.type, d.payload.event_name])).toEqual([['system', 'user_add_to_team']]);
  });
});

describe('group hooks', () => {
  it('project_events: project_create and project_destroy as Project Hook, without the deprecated owner', async () => {
    acmeHook({ project_events: true });
    const project = await owner.projects.create({
      name: 'Web',
      path: 'web',
      namespace_id: groupOf('acme/platform').id,
    });
    await owner.projects.update(project.id, { path: 'web2' });
    await owner.projects.transfer(project.id, 'acme/platform/old');
    await owner.projects.delete(project.id);
    const full = `acme/platform/old/web2-deletion_scheduled-${project.id}`;
    await owner.projects.delete(project.id, { permanently_remove: true, full_path: full });
    const group = (await sent()).filter((d) => d.type === 'group');
    expect(group.map((d) => [d.header, d.payload.event_name])).toEqual([
      ['Project Hook', 'project_create'],
      ['Project Hook', 'project_destroy'],
    ]);
    expect(group[0]?.payload).toEqual({
      event_name: 'project_create',
      created_at: NOW,
      updated_at: NOW,
      name: 'Web',
      path: 'web',
      path_with_namespace: 'acme/platform/web',
      project_id: project.id,
      project_namespace_id: groupOf('acme/platform').id,
      owners,
      project_visibility: 'private',
    });
    expect(group[1]?.payload).toMatchObject({ path_with_namespace: full });
    expect(group[1]?.payload).not.toHaveProperty('owner_name');
  });

  it('without project_events, or outside the group, a project event reaches no group hook', async () => {
    acmeHook({ subgroup_events: true, member_events: true });
    await owner.projects.create({ name: 'Web', path: 'web', namespace_id: groupOf('acme/platform').id });
    await owner.projects.create({ name: 'Elsewhere', namespace_id: groupOf('other').id });
    expect((await sent()).filter((d) => d.type === 'group')).toEqual([]);
  });

  it('subgroup_destroy to the hooks above the removed subgroup, with its parent', async () => {
    acmeHook({ subgroup_events: true });
    const old = groupOf('acme/platform/old');
    await owner.groups.delete(old.id);
    const full = `acme/platform/old-deletion_scheduled-${old.id}`;
    await owner.groups.delete(old.id, { permanently_remove: true, full_path: full });
    const group = (await sent()).filter((d) => d.type === 'group');
    expect(group).toEqual([
      {
        type: 'group',
        header: 'Subgroup Hook',
        payload: {
          created_at: NOW,
          updated_at: NOW,
          event_name: 'subgroup_destroy',
          name: `old-deletion_scheduled-${old.id}`,
          path: `old-deletion_scheduled-${old.id}`,
          full_path: full,
          group_id: old.id,
          parent_group_id: groupOf('acme/platform').id,
          parent_name: 'platform',
          parent_path: 'platform',
          parent_full_path: 'acme/platform',
        },
      },
    ]);
  });
});

describe('group events to system hooks', () => {
  it('marking for deletion and restoring rename the group: group_rename each way', async () => {
    const platform = groupOf('acme/platform').id;
    await owner.groups.delete(platform);
    await owner.groups.restore(platform);
    const marked = `platform-deletion_scheduled-${platform}`;
    expect(await systemEvents()).toEqual([
      {
        created_at: NOW,
        updated_at: NOW,
        event_name: 'group_rename',
        name: marked,
        path: marked,
        full_path: `acme/${marked}`,
        group_id: platform,
        old_path: 'platform',
        old_full_path: 'acme/platform',
      },
      {
        created_at: NOW,
        updated_at: NOW,
        event_name: 'group_rename',
        name: 'platform',
        path: 'platform',
        full_path: 'acme/platform',
        group_id: platform,
        old_path: marked,
        old_full_path: `acme/${marked}`,
      },
    ]);
  });
});

describe("the SDK's receiver takes every event the mock sends", () => {
  it('parses each delivery of an administrator session with its own model', async () => {
    acmeHook({ project_events: true, subgroup_events: true, member_events: true });
    const devId = userId('dev') as number;
    const user = await root.users.create({
      username: 'newbie',
      name: 'New Bie',
      email: 'n@example.com',
      password: 'a-long-password-1',
    });
    await root.users.update(user.id, { username: 'newbie2' });
    await root.users.keys.create(user.id, {
      title: 'laptop',
      key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIF7RfAoLMxdqJFMpptGqpXWYyXP39wb9cOAiYJtr3bv me@example.com',
    });
    const sub = await owner.groups.create({ name: 'Sub', path: 'sub', parent_id: groupOf('acme').id });
    await owner.groups.update(sub.id, { path: 'sub2' });
    await owner.groups.members.add(sub.id, { user_id: devId, access_level: 30 });
    const project = await owner.projects.create({ name: 'Web', path: 'web', namespace_id: sub.id });
    await owner.projects.members.add(project.id, { user_id: devId, access_level: 30 });
    await owner.projects.members.update(project.id, devId, { access_level: 40 });
    await owner.projects.members.remove(project.id, devId);
    await owner.projects.update(project.id, { description: 'web' });
    await owner.projects.transfer(project.id, 'other');
    await owner.projects.delete(project.id);
    await owner.projects.delete(project.id, {
      permanently_remove: true,
      full_path: `other/web-deletion_scheduled-${project.id}`,
    });
    await owner.groups.delete(sub.id);
    await owner.groups.delete(sub.id, {
      permanently_remove: true,
      full_path: `acme/sub2-deletion_scheduled-${sub.id}`,
    });
    const [key] = await root.users.keys.list(user.id).toArray();
    await root.users.keys.delete(user.id, key?.id as number);
    await root.users.delete(user.id);
    const [hook] = await root.hooks.list().toArray();
    await root.hooks.test(hook?.id as number);

    await mock.webhooks.settled();
    const parsed = [];
    const samples: unknown[] = [];
    for (const d of mock.webhooks.deliveries) {
      const request = new Request('http://receiver.test/hook', {
        method: 'POST',
        headers: { ...d.request_headers, 'X-Gitlab-Token': SECRET },
        body: JSON.stringify(d.request_data),
      });
      const delivery = await parseWebhook(request, { token: SECRET });
      parsed.push([delivery.event, (delivery.payload as { event_name?: string }).event_name]);
      if (!('created_at' in delivery.payload)) samples.push(delivery.payload);
    }
    expect(new Set(parsed.map(([, name]) => name))).toEqual(
      new Set([
        'user_create',
        'user_rename',
        'key_create',
        'group_create',
        'subgroup_create',
        'group_rename',
        'user_add_to_group',
        'project_create',
        'user_add_to_team',
        'user_update_for_team',
        'user_remove_from_team',
        'project_update',
        'project_transfer',
        'project_rename',
        'project_destroy',
        'user_remove_from_group',
        'group_destroy',
        'subgroup_destroy',
        'key_destroy',
        'user_destroy',
      ]),
    );
    expect(parsed).toContainEqual(['Project Hook', 'project_create']);
    expect(parsed).toContainEqual(['Subgroup Hook', 'subgroup_destroy']);
    expect(parsed).toContainEqual(['Member Hook', 'user_add_to_group']);
    // The system hook test's sample, a made-up project_create without times.
    expect(samples).toEqual([expect.objectContaining({ event_name: 'project_create', name: 'Ruby' })]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Creating, changing and moving groups through the SDK against the mock: GitLab 18.6's
// lib/api/groups.rb, Groups::CreateService, UpdateService, TransferService, the Namespace and
// Group validations and GroupPolicy (create_subgroup, change_group, change_share_with_group_lock).

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'nogroups', token: 'glpat-nogroups', can_create_group: false },
    { username: 'subowner', token: 'glpat-subowner' },
  ],
  groups: [
    { path: 'acme', plan: 'premium', visibility: 'internal', members: { owner: 50, maintainer: 40, dev: 30 } },
    { path: 'acme/platform', visibility: 'internal', members: { subowner: 50 } },
    { path: 'acme/platform/deep' },
    { path: 'other', members: { owner: 50, maintainer: 40 }, subgroup_creation_level: 'owner' },
  ],
  projects: [{ path: 'acme/platform/api', visibility: 'internal' }, { path: 'acme/platform/deep/tool' }],
  system_hooks: [{ url: 'http://127.0.0.1:9/system' }],
};

let mock: MockGitLab;
let owner: GitLab;
let maintainer: GitLab;
let dev: GitLab;
let root: GitLab;

beforeEach(() => {
  mock = createMockGitLab({ seed, webhooks: { timeout: 50 } });
  owner = client(mock, 'glpat-owner');
  maintainer = client(mock, 'glpat-maintainer');
  dev = client(mock, 'glpat-dev');
  root = client(mock, 'glpat-root');
});

const groupId = (path: string) => {
  const group = [...mock.world.groups.values()].find((g) => g.full_path === path);
  if (!group) throw new Error(`no group ${path}`);
  return group.id;
};
const worldState = () =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));

/** A refused call: its status and body, with the world unchanged. */
async function refused(run: () => PromiseLike<unknown>) {
  const before = worldState();
  const error = await failure(run());
  expect(worldState()).toEqual(before);
  return { status: error.status, body: error.body, reason: mock.requests.list().at(-1)?.reason };
}

describe('POST /groups', () => {
  it('creates a top-level group, private by default, with the caller as its only Owner', async () => {
    const group = await dev.groups.create({ name: 'Tools', path: 'tools', description: 'Shared tools' });
    expect(group).toMatchObject({
      name: 'Tools',
      path: 'tools',
      full_path: 'tools',
      parent_id: null,
      visibility: 'private',
      description: 'Shared tools',
      project_creation_level: 'developer',
      subgroup_creation_level: 'maintainer',
      share_with_group_lock: false,
      request_access_enabled: true,
      shared_with_groups: [],
    });
    // `present group, with: GroupDetail` without `with_projects` nor `user_can_admin_group`.
    expect(group).not.toHaveProperty('projects');
    expect(group).not.toHaveProperty('runners_token');
    const members = await dev.groups.members.list(group.id).toArray();
    expect(members.map((m) => [m.username, m.access_level, m.created_by])).toEqual([['dev', 50, undefined]]);
  });

  it('answers 201 to a form request as python-gitlab sends it, settings read from the world afterwards', async () => {
    const answer = await call(mock, 'POST', '/groups', {
      token: 'glpat-owner',
      form: {
        name: 'Platform 2',
        path: 'platform-2',
        parent_id: String(groupId('acme')),
        visibility: 'internal',
        project_creation_level: 'maintainer',
        subgroup_creation_level: 'owner',
        request_access_enabled: 'False',
        auto_devops_enabled: 'False',
        require_two_factor_authentication: 'False',
      },
    });
    expect(answer.status).toBe(201);
    const read = await owner.groups.get('acme/platform-2');
    expect(read).toMatchObject({
      full_path: 'acme/platform-2',
      full_name: 'acme / Platform 2',
      visibility: 'internal',
      project_creation_level: 'maintainer',
      subgroup_creation_level: 'owner',
      request_access_enabled: false,
    });
  });

  it('refuses a top-level group to a user without can_create_group: 403', async () => {
    const nogroups = client(mock, 'glpat-nogroups');
    const { status, body, reason } = await refused(() => nogroups.groups.create({ name: 'Mine', path: 'mine' }));
    expect([status, body]).toEqual([403, { message: '403 Forbidden' }]);
    expect(reason).toContain('can_create_group');
  });

  it('lets a Maintainer create a subgroup where subgroup_creation_level is maintainer (the default), not where it is owner', async () => {
    const sub = await maintainer.groups.create({ name: 'Sub', path: 'sub', parent_id: groupId('acme') });
    expect(sub.full_path).toBe('acme/sub');
    const { status, body } = await refused(() =>
      maintainer.groups.create({ name: 'Sub', path: 'sub', parent_id: groupId('other') }),
    );
    expect([status, body]).toEqual([403, { message: '403 Forbidden' }]);
    await expect(owner.groups.create({ name: 'Sub', path: 'sub', parent_id: groupId('other') })).resolves.toMatchObject(
      {
        full_path: 'other/sub',
      },
    );
  });

  it('refuses a Developer a subgroup (403) and a parent the caller cannot see (404)', async () => {
    expect(await refused(() => dev.groups.create({ name: 'S', path: 'sx', parent_id: groupId('acme') }))).toMatchObject(
      {
        status: 403,
      },
    );
    const { status, body } = await refused(() =>
      dev.groups.create({ name: 'S', path: 'sx', parent_id: groupId('other') }),
    );
    expect([status, body]).toEqual([404, { message: '404 Group Not Found' }]);
  });

  it.each([
    ['acme', { path: ['has already been taken'] }],
    ['ACME', { path: ['has already been taken'] }],
    ['owner', { path: ['has already been taken'] }],
    ['api', { path: ['api is a reserved name'] }],
    [
      '-x',
      {
        path: [
          "can only include non-accented letters, digits, '_', '-' and '.'. It must not start with '-', '_', or '.', nor end with '-', '_', '.', '.git', or '.atom'.",
          "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.",
        ],
      },
    ],
    ['x', { path: ['is too short (minimum is 2 characters)'] }],
  ])('refuses the top-level path %s: 400 with the model errors', async (path, errors) => {
    const { status, body } = await refused(() => root.groups.create({ name: 'New', path }));
    const [key, messages] = Object.entries(errors)[0] as [string, string[]];
    expect(status).toBe(400);
    expect(body).toEqual({
      message: `Failed to save group {:${key}=>[${messages.map((m) => JSON.stringify(m)).join(', ')}]}`,
    });
  });

  it('takes a top-level reserved word as a subgroup path, refuses the subgroup ones, a taken project path and a sibling name', async () => {
    const parent = groupId('acme/platform');
    await expect(owner.groups.create({ name: 'API group', path: 'api2', parent_id: parent })).resolves.toBeDefined();
    await expect(owner.groups.create({ name: 'Help', path: 'help', parent_id: parent })).resolves.toMatchObject({
      full_path: 'acme/platform/help',
    });
    const taken = await refused(() => owner.groups.create({ name: 'Api', path: 'api', parent_id: parent }));
    expect(taken.body).toEqual({ message: 'Failed to save group {:path=>["has already been taken"]}' });
    const reserved = await refused(() => owner.groups.create({ name: 'Blob', path: 'blob', parent_id: parent }));
    expect(reserved.body).toEqual({ message: 'Failed to save group {:path=>["blob is a reserved name"]}' });
    const sibling = await refused(() => owner.groups.create({ name: 'deep', path: 'deep2', parent_id: parent }));
    expect(sibling.body).toEqual({ message: 'Failed to save group {:name=>["has already been taken"]}' });
  });

  it('refuses a subgroup more visible than its parent', async () => {
    const { status, body } = await refused(() =>
      owner.groups.create({ name: 'Open', path: 'open', parent_id: groupId('acme'), visibility: 'public' }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      message:
        'Failed to save group {:visibility_level=>["public is not allowed since the parent group has a internal visibility."]}',
    });
  });

  it('refuses an unknown project_creation_level as Grape does: 400 error', async () => {
    const answer = await call(mock, 'POST', '/groups', {
      token: 'glpat-owner',
      json: { name: 'X', path: 'xx', project_creation_level: 'everyone' },
    });
    expect([answer.status, answer.body]).toEqual([
      400,
      { error: 'project_creation_level does not have a valid value' },
    ]);
  });

  it('locks a new subgroup of a group that locks sharing', async () => {
    await owner.groups.update('acme', { share_with_group_lock: true });
    const sub = await owner.groups.create({ name: 'Locked', path: 'locked', parent_id: groupId('acme') });
    expect(sub.share_with_group_lock).toBe(true);
  });

  it('sends group_create to system hooks and subgroup_create to the licensed parents with subgroup_events', async () => {
    mock.seed.groupHook(mock.world.groups.get(groupId('acme')) as never, {
      url: 'http://127.0.0.1:9/acme',
      events: { subgroup_events: true },
    });
    const sub = await owner.groups.create({ name: 'Hooked', path: 'hooked', parent_id: groupId('acme/platform') });
    await mock.webhooks.settled();
    const sent = mock.webhooks.deliveries.map((d) => [d.trigger, d.request_headers['X-Gitlab-Event'], d.request_data]);
    expect(sent).toEqual([
      [
        'system_hooks',
        'System Hook',
        {
          created_at: '2026-06-01T09:00:00Z',
          updated_at: '2026-06-01T09:00:00Z',
          event_name: 'group_create',
          name: 'Hooked',
          path: 'hooked',
          full_path: 'acme/platform/hooked',
          group_id: sub.id,
        },
      ],
      [
        'subgroup_hooks',
        'Subgroup Hook',
        {
          created_at: '2026-06-01T09:00:00Z',
          updated_at: '2026-06-01T09:00:00Z',
          event_name: 'subgroup_create',
          name: 'Hooked',
          path: 'hooked',
          full_path: 'acme/platform/hooked',
          group_id: sub.id,
          parent_group_id: groupId('acme/platform'),
          parent_name: 'platform',
          parent_path: 'platform',
          parent_full_path: 'acme/platform',
        },
      ],
    ]);
  });
});

describe('PUT /groups/:id', () => {
  it('keeps the settings GitLab keeps, drops a non-administrator max_artifacts_size, and checks default_branch_protection_defaults as Grape does', async () => {
    const put = (token: string, json: Record<string, unknown>) => call(mock, 'PUT', '/groups/acme', { token, json });
    const changed = await put('glpat-owner', {
      emails_disabled: true,
      default_branch: 'trunk',
      enabled_git_access_protocol: 'ssh',
      max_artifacts_size: 5,
      default_branch_protection_defaults: { allowed_to_push: [{ access_level: 30 }], developer_can_initial_push: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      emails_disabled: true,
      emails_enabled: false,
      default_branch: 'trunk',
      enabled_git_access_protocol: 'ssh',
      max_artifacts_size: null,
      default_branch_protection_defaults: { allowed_to_push: [{ access_level: 30 }], developer_can_initial_push: true },
    });
    // Exported and loaded again, the world answers the same.
    const reloaded = createMockGitLab({ seed: mock.exportState() });
    const again = await call(reloaded, 'GET', '/groups/acme', { token: 'glpat-owner' });
    expect(again.body.default_branch_protection_defaults).toEqual(changed.body.default_branch_protection_defaults);
    expect(again.body.default_branch).toBe('trunk');
    // `null` and a blank branch put them back to GitLab's defaults.
    const reset = await put('glpat-owner', { emails_disabled: null, default_branch: '' });
    expect(reset.body).toMatchObject({ emails_enabled: true, default_branch: null });
    const before = mock.exportState();
    const refused = await put('glpat-owner', {
      default_branch_protection_defaults: { allowed_to_push: [{ access_level: 20 }], allow_force_push: 'maybe' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error:
        'default_branch_protection_defaults[allowed_to_push][0][access_level] does not have a valid value, default_branch_protection_defaults[allow_force_push] is invalid',
    });
    expect(mock.exportState()).toEqual(before);
  });

  it('renames a path: every subgroup and project below follows, and system hooks get group_rename', async () => {
    const updated = await owner.groups.update('acme/platform', { path: 'core', name: 'Core' });
    expect(updated).toMatchObject({ path: 'core', full_path: 'acme/core', name: 'Core' });
    expect(updated.projects?.map((p) => p.path_with_namespace)).toEqual(['acme/core/api']);
    await expect(owner.groups.get('acme/core/deep')).resolves.toMatchObject({ full_path: 'acme/core/deep' });
    await expect(owner.projects.get('acme/core/deep/tool')).resolves.toMatchObject({
      path_with_namespace: 'acme/core/deep/tool',
    });
    expect((await failure(owner.groups.get('acme/platform'))).status).toBe(404);
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries.map((d) => d.request_data)).toEqual([
      expect.objectContaining({
        event_name: 'group_rename',
        path: 'core',
        full_path: 'acme/core',
        old_path: 'platform',
        old_full_path: 'acme/platform',
      }),
    ]);
  });

  it('changes the settings it models, and sends no hook without a path change', async () => {
    const updated = await owner.groups.update('acme', {
      description: 'Acme Inc.',
      project_creation_level: 'noone',
      subgroup_creation_level: 'owner',
      request_access_enabled: false,
    });
    expect(updated).toMatchObject({
      description: 'Acme Inc.',
      project_creation_level: 'noone',
      subgroup_creation_level: 'owner',
      request_access_enabled: false,
    });
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries).toEqual([]);
    // The new level decides at once: a Maintainer may no longer create subgroups.
    expect(
      (await failure(maintainer.groups.create({ name: 'N', path: 'nn', parent_id: groupId('acme') }))).status,
    ).toBe(403);
  });

  it('refuses a Maintainer: 403', async () => {
    expect(await refused(() => maintainer.groups.update('acme', { description: 'x' }))).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
  });

  it('refuses a visibility above the parent, below a project, below a subgroup: 400 with the field', async () => {
    const above = await refused(() => root.groups.update('acme/platform/deep', { visibility: 'public' }));
    expect(above).toMatchObject({
      status: 400,
      body: {
        message: { visibility_level: ['public is not allowed since the parent group has a internal visibility.'] },
      },
    });
    const belowProject = await refused(() => root.groups.update('acme/platform', { visibility: 'private' }));
    expect(belowProject.body).toEqual({
      message: {
        visibility_level: ['private is not allowed since this group contains projects with higher visibility.'],
      },
    });
    const belowSubgroup = await refused(() => root.groups.update('acme', { visibility: 'private' }));
    expect(belowSubgroup.body).toEqual({
      message: { visibility_level: ['private is not allowed since there are sub-groups with higher visibility.'] },
    });
  });

  it('refuses a taken path and a reserved one with render_validation_error!', async () => {
    const taken = await refused(() => owner.groups.update('acme', { path: 'other' }));
    expect(taken.body).toEqual({ message: { path: ['has already been taken'] } });
    const reserved = await refused(() => owner.groups.update('acme', { path: 'admin' }));
    expect(reserved.body).toEqual({ message: { path: ['admin is a reserved name'] } });
  });

  it('locks every subgroup when the lock is turned on; only an Owner of the parent unlocks a subgroup then', async () => {
    await owner.groups.update('acme', { share_with_group_lock: true });
    await expect(owner.groups.get('acme/platform/deep')).resolves.toMatchObject({ share_with_group_lock: true });
    const subowner = client(mock, 'glpat-subowner');
    const { status, body } = await refused(() =>
      subowner.groups.update('acme/platform', { share_with_group_lock: false }),
    );
    expect([status, body]).toEqual([
      400,
      {
        message: {
          share_with_group_lock: [
            'cannot be disabled when the parent group "Share with group lock" is enabled, except by the owner of the parent group',
          ],
        },
      },
    ]);
    await expect(owner.groups.update('acme/platform', { share_with_group_lock: false })).resolves.toMatchObject({
      share_with_group_lock: false,
    });
  });
});

describe('POST /groups/:id/transfer', () => {
  it('moves a group below another: full paths follow, more visible parts take the new parent visibility, the plan follows', async () => {
    const moved = await root.groups.transfer('acme/platform', groupId('other'));
    expect(moved).toMatchObject({ full_path: 'other/platform', parent_id: groupId('other'), visibility: 'private' });
    await expect(root.projects.get('other/platform/api')).resolves.toMatchObject({ visibility: 'private' });
    await expect(root.groups.get('other/platform/deep')).resolves.toMatchObject({ full_path: 'other/platform/deep' });
    // The export reloads (the moved group comes after its new parent).
    const reloaded = createMockGitLab({ seed: mock.exportState() });
    expect([...reloaded.world.groups.values()].map((g) => g.full_path).sort()).toEqual(
      ['acme', 'other', 'other/platform', 'other/platform/deep'].sort(),
    );
  });

  it('makes a subgroup top level, on the free plan, keeping its Owner', async () => {
    const promoted = await client(mock, 'glpat-subowner').groups.transfer('acme/platform');
    expect(promoted).toMatchObject({ full_path: 'platform', parent_id: null });
    expect(mock.world.groups.get(promoted.id)?.plan).toBe('free');
  });

  it.each([
    ['acme', undefined, 'Group is already a root group.'],
    ['acme/platform', 'acme', 'Group is already associated to the parent group.'],
    ['acme', 'acme/platform/deep', 'Cannot transfer group to one of its subgroup.'],
  ])('refuses %s to %s: 400 Transfer failed', async (group, target, message) => {
    const { status, body } = await refused(() =>
      root.groups.transfer(group, target === undefined ? undefined : groupId(target)),
    );
    expect([status, body]).toEqual([400, { message: `Transfer failed: ${message}` }]);
  });

  it('refuses a target that has a subgroup of the same path', async () => {
    await root.groups.create({ name: 'platform', path: 'platform', parent_id: groupId('other') });
    const { body } = await refused(() => root.groups.transfer('acme/platform', groupId('other')));
    expect(body).toEqual({
      message: 'Transfer failed: The parent group already has a subgroup or a project with the same path.',
    });
  });

  it('refuses a Maintainer of the group: change_group is Owner, 403', async () => {
    const { status, body } = await refused(() => maintainer.groups.transfer('acme/platform', groupId('other')));
    expect([status, body]).toEqual([403, { message: '403 Forbidden' }]);
  });

  it("answers You don't have enough permissions when the target refuses a subgroup", async () => {
    // Owner of acme/platform, Maintainer of `other`, whose subgroup_creation_level is owner.
    mock.world.groups.get(groupId('other'))?.members.set(mock.users.owner?.id as number, 40);
    const { status, body } = await refused(() => owner.groups.transfer('acme/platform', groupId('other')));
    expect([status, body]).toEqual([400, { message: "Transfer failed: You don't have enough permissions." }]);
  });
});

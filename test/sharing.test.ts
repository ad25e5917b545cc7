import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Sharing groups and projects with groups through the SDK against the mock: GitLab 18.6's
// lib/api/groups.rb and lib/api/projects.rb, Groups::GroupLinks and Projects::GroupLinks services,
// and what a share gives (Members::MembersWithParents, Gitlab::ProjectAuthorizations).

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'partner', token: 'glpat-partner' },
    { username: 'partnerlead', token: 'glpat-partnerlead' },
    { username: 'partnerboss', token: 'glpat-partnerboss' },
  ],
  groups: [
    { path: 'acme', members: { owner: 50, maintainer: 40 } },
    { path: 'acme/platform' },
    { path: 'partners', members: { partnerboss: 50, owner: 10 } },
    { path: 'partners/team', members: { partner: 30, partnerlead: 50 } },
    { path: 'strangers', members: { partner: 30 } },
  ],
  projects: [{ path: 'acme/platform/api' }, { path: 'acme/secret' }],
};

let mock: MockGitLab;
let owner: GitLab;
let maintainer: GitLab;
let partner: GitLab;
let partnerlead: GitLab;
let root: GitLab;

beforeEach(() => {
  mock = createMockGitLab({ seed });
  owner = client(mock, 'glpat-owner');
  maintainer = client(mock, 'glpat-maintainer');
  partner = client(mock, 'glpat-partner');
  partnerlead = client(mock, 'glpat-partnerlead');
  root = client(mock, 'glpat-root');
});

const groupId = (path: string) => {
  const group = [...mock.world.groups.values()].find((g) => g.full_path === path);
  if (!group) throw new Error(`no group ${path}`);
  return group.id;
};
const worldState = () =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));

async function refused(run: () => PromiseLike<unknown>) {
  const before = worldState();
  const error = await failure(run());
  expect(worldState()).toEqual(before);
  return { status: error.status, body: error.body };
}

describe('sharing a group with a group', () => {
  it('gives the direct members of the invited group min(their role, group_access) in the group, its subgroups and projects', async () => {
    expect((await failure(partner.groups.get('acme'))).status).toBe(404);
    const acme = await owner.groups.share('acme', {
      group_id: groupId('partners/team'),
      group_access: 20,
      expires_at: '2026-12-31',
    });
    expect(acme.shared_with_groups).toEqual([
      {
        group_id: groupId('partners/team'),
        group_name: 'team',
        group_full_path: 'partners/team',
        group_access_level: 20,
        expires_at: '2026-12-31',
      },
    ]);
    // Reporter now: reads the private group, subgroup and project, and their members; may not write.
    await expect(partner.groups.get('acme/platform')).resolves.toMatchObject({ full_path: 'acme/platform' });
    await expect(partner.projects.get('acme/platform/api')).resolves.toMatchObject({
      permissions: { project_access: null, group_access: { access_level: 20 } },
    });
    // Capped: the Owner of the invited group is Reporter too; the parent's members get nothing.
    const all = await owner.groups.members.listAll('acme/platform').toArray();
    expect(all.map((m) => [m.username, m.access_level])).toEqual([
      ['owner', 50],
      ['maintainer', 40],
      ['partner', 20],
      ['partnerlead', 20],
    ]);
    expect((await failure(client(mock, 'glpat-partnerboss').groups.get('acme'))).status).toBe(404);
    // A Reporter reads the project's protected branches (18.6's `read_code`), but may not edit the
    // group nor the project.
    await expect(partner.projects.protectedBranches.list('acme/platform/api').toArray()).resolves.toEqual([]);
    expect((await failure(partner.groups.update('acme', { description: 'x' }))).status).toBe(403);
    expect((await failure(partner.projects.update('acme/platform/api', { description: 'x' }))).status).toBe(403);
  });

  it('stops counting on the day the share expires', async () => {
    await owner.groups.share('acme', {
      group_id: groupId('partners/team'),
      group_access: 30,
      expires_at: '2026-06-03',
    });
    await expect(partner.groups.get('acme')).resolves.toBeDefined();
    mock.clock.advance({ days: 2 });
    expect((await failure(partner.groups.get('acme'))).status).toBe(404);
  });

  it('refuses a non-Owner with the service 404 Not Found, and a twice-shared pair with 409', async () => {
    const body = { group_id: groupId('partners'), group_access: 30 as const };
    // The Maintainer sees acme/platform, so only create_group_link (Owner) refuses.
    const visible = { group_id: groupId('acme/platform'), group_access: 30 as const };
    expect(await refused(() => maintainer.groups.share('acme', visible))).toEqual({
      status: 404,
      body: { message: 'Not Found' },
    });
    await owner.groups.share('acme', body);
    expect(await refused(() => owner.groups.share('acme', body))).toEqual({
      status: 409,
      body: { message: 'Shared group The group has already been shared with this group' },
    });
  });

  it('answers 404 Group Not Found for an invited group the caller cannot see, 400 for a bad access level', async () => {
    expect(
      await refused(() => maintainer.groups.share('acme', { group_id: groupId('partners'), group_access: 30 })),
    ).toMatchObject({ status: 404 });
    const hidden = await refused(() => owner.groups.share('acme', { group_id: 99_999, group_access: 30 }));
    expect(hidden).toEqual({ status: 404, body: { message: '404 Group Not Found' } });
    const bad = await call(mock, 'POST', `/groups/acme/share`, {
      token: 'glpat-owner',
      json: { group_id: groupId('partners'), group_access: 35 },
    });
    expect([bad.status, bad.body]).toEqual([400, { error: 'group_access does not have a valid value' }]);
  });

  it('is not stopped by share_with_group_lock, which is about projects', async () => {
    await owner.groups.update('acme', { share_with_group_lock: true });
    await expect(
      owner.groups.share('acme', { group_id: groupId('partners'), group_access: 10 }),
    ).resolves.toBeDefined();
  });

  it('unshares: 204 and the access is gone; a non-Owner gets 204 and nothing changes, as in GitLab', async () => {
    await owner.groups.share('acme', { group_id: groupId('partners/team'), group_access: 30 });
    const before = worldState();
    await maintainer.groups.unshare('acme', groupId('partners/team'));
    expect(worldState()).toEqual(before);
    await owner.groups.unshare('acme', groupId('partners/team'));
    expect((await failure(partner.groups.get('acme'))).status).toBe(404);
    expect(await refused(() => owner.groups.unshare('acme', groupId('partners/team')))).toEqual({
      status: 404,
      body: { message: '404 Group Link Not Found' },
    });
  });

  it('round-trips through the export', async () => {
    await owner.groups.share('acme', {
      group_id: groupId('partners/team'),
      group_access: 30,
      expires_at: '2026-12-31',
    });
    await owner.projects.share('acme/secret', { group_id: groupId('partners'), group_access: 20 });
    const exported = mock.exportState();
    const reloaded = createMockGitLab({ seed: exported });
    expect(reloaded.exportState()).toEqual(exported);
    await expect(client(reloaded, 'glpat-partner').groups.get('acme')).resolves.toMatchObject({
      shared_with_groups: [expect.objectContaining({ group_full_path: 'partners/team', group_access_level: 30 })],
    });
  });
});

describe('sharing a project with a group', () => {
  it('gives the members of the group (its ancestors too) min(their role, group_access) in the project only', async () => {
    const link = await owner.projects.share('acme/secret', { group_id: groupId('partners/team'), group_access: 30 });
    expect(link).toEqual({
      id: link.id,
      project_id: (await owner.projects.get('acme/secret')).id,
      group_id: groupId('partners/team'),
      group_access: 30,
      expires_at: null,
    });
    await expect(partnerlead.projects.get('acme/secret')).resolves.toMatchObject({ name: 'secret' });
    // partnerboss is Owner of partners, the invited group's parent: capped at Developer.
    const members = await owner.projects.members.listAll('acme/secret').toArray();
    expect(members.map((m) => [m.username, m.access_level])).toEqual([
      ['owner', 50],
      ['maintainer', 40],
      ['partner', 30],
      ['partnerlead', 30],
      ['partnerboss', 30],
    ]);
    // GroupPolicy `has_projects` (GroupProjectsFinder over acme's own projects, the shared one
    // included): partner may read the group acme; its other private project stays hidden.
    await expect(partner.groups.get('acme')).resolves.toMatchObject({ full_path: 'acme' });
    expect((await failure(partner.projects.get('acme/platform/api'))).status).toBe(404);
    const shown = await owner.projects.get('acme/secret');
    expect(shown.shared_with_groups).toEqual([
      {
        group_id: groupId('partners/team'),
        group_name: 'team',
        group_full_path: 'partners/team',
        group_access_level: 30,
        expires_at: null,
      },
    ]);
    const detail = await partnerlead.groups.get('partners/team');
    expect(detail.shared_projects?.map((p) => p.path_with_namespace)).toEqual(['acme/secret']);
    // Listed among the member's projects.
    const mine = await partnerlead.projects.list({ membership: true }).toArray();
    expect(mine.map((p) => p.path_with_namespace)).toEqual(['acme/secret']);
  });

  it('refuses when the project group locks sharing: 400', async () => {
    await owner.groups.update('acme', { share_with_group_lock: true });
    expect(
      await refused(() => owner.projects.share('acme/secret', { group_id: groupId('partners'), group_access: 30 })),
    ).toEqual({ status: 400, body: { message: 'The project sharing with group is disabled' } });
  });

  it('refuses a Maintainer (create_group_link is Owner: 404), a group the caller is not in (404), its own group (409)', async () => {
    const body = { group_id: groupId('partners'), group_access: 30 as const };
    expect(await refused(() => maintainer.projects.share('acme/secret', body))).toEqual({
      status: 404,
      body: { message: 'Not Found' },
    });
    expect(
      await refused(() => owner.projects.share('acme/secret', { group_id: groupId('strangers'), group_access: 30 })),
    ).toEqual({ status: 404, body: { message: 'Not Found' } });
    expect(
      await refused(() => owner.projects.share('acme/platform/api', { group_id: groupId('acme'), group_access: 30 })),
    ).toEqual({
      status: 409,
      body: { message: 'Project cannot be shared with the group it is in or one of its ancestors.' },
    });
    await owner.projects.share('acme/secret', body);
    expect(await refused(() => owner.projects.share('acme/secret', body))).toEqual({
      status: 409,
      body: { message: 'Project already shared with this group' },
    });
  });

  it('unshares by the project Owner or an Owner of the invited group; others get 403 Forbidden', async () => {
    await owner.projects.share('acme/secret', { group_id: groupId('partners/team'), group_access: 40 });
    // The Maintainer of acme passes admin_project, but owns neither side.
    expect(await refused(() => maintainer.projects.unshare('acme/secret', groupId('partners/team')))).toEqual({
      status: 403,
      body: { message: 'Forbidden' },
    });
    // partnerlead (Owner of the invited group) may, and loses the access with it.
    await partnerlead.projects.unshare('acme/secret', groupId('partners/team'));
    expect((await failure(partnerlead.projects.get('acme/secret'))).status).toBe(404);
    expect(await refused(() => root.projects.unshare('acme/secret', groupId('partners/team')))).toEqual({
      status: 404,
      body: { message: '404 Group Link Not Found' },
    });
  });
});

describe('GET /groups: the groups a share opens (User#authorized_groups)', () => {
  it('lists a group shared with a group the caller is a direct member of, with its subgroups, and a shared project’s groups', async () => {
    const paths = async (who: GitLab) => (await who.groups.list().toArray()).map((g) => g.full_path).sort();
    expect(await paths(partner)).toEqual(['partners', 'partners/team', 'strangers']);
    // acme (private) shared with partners/team: partner is a direct member of the team.
    await owner.groups.share('acme', { group_id: groupId('partners/team'), group_access: 20 });
    expect(await paths(partner)).toEqual(['acme', 'acme/platform', 'partners', 'partners/team', 'strangers']);
    await owner.groups.unshare('acme', groupId('partners/team'));
    expect(await paths(partner)).toEqual(['partners', 'partners/team', 'strangers']);
    // A project shared with strangers (partner's direct group) opens its group and the groups above.
    await root.projects.share('acme/platform/api', { group_id: groupId('strangers'), group_access: 30 });
    expect(await paths(partner)).toEqual(['acme', 'acme/platform', 'partners', 'partners/team', 'strangers']);
  });
});

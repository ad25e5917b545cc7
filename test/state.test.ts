import { describe, expect, it } from 'vitest';
import { createMockGitLab, demoSeed, SeedError } from '../mock/index.js';
import { SeedProject } from '../mock/seed/document.js';
import { EXPORTED_AS } from '../mock/seed/export.js';
import { PROJECT_SETTING_DEFAULTS } from '../mock/world/types.js';
import { createWorld } from '../mock/world/world.js';
import { client } from './fixtures.js';
import { worldTables } from './world-tables.js';

describe('exportState and loadState', () => {
  it('gives every part of the world a place in the document', () => {
    expect(Object.keys(EXPORTED_AS).sort()).toEqual(Object.keys(createWorld('http://x.test', 0, 1)).sort());
  });

  it('round-trips the demo world: the same tables, and the same document again', async () => {
    const mock = createMockGitLab({ seed: demoSeed });
    const exported = mock.exportState();
    expect(exported.version).toBe(1);
    const copy = createMockGitLab({ seed: exported, baseUrl: 'http://other.test/gitlab' });
    expect(worldTables(copy)).toEqual(worldTables(mock));
    expect(copy.exportState()).toEqual(exported);
    expect(Object.keys(copy.users).sort()).toEqual(Object.keys(mock.users).sort());
  });

  it('continues every id sequence where the export stopped, even past deleted records', async () => {
    const mock = createMockGitLab({ seed: demoSeed });
    const maria = client(mock, 'glpat-maria-000000000000000');
    const made = await maria.projects.milestones.create('acme/platform/api', { title: 'gone' });
    await maria.projects.milestones.delete('acme/platform/api', made.id);
    const copy = createMockGitLab({ seed: mock.exportState() });
    const next = await client(copy, 'glpat-maria-000000000000000').projects.milestones.create('acme/platform/api', {
      title: 'next',
    });
    expect(next.id).toBe(made.id + 1);
    expect(next.iid).toBe(made.iid + 1);
  });

  it('loads what a promotion leaves: a group milestone and the same title in a subgroup project', async () => {
    const mock = createMockGitLab({
      seed: {
        instance: { plan: 'premium' },
        users: [{ username: 'olivia', token: 'glpat-olivia' }],
        groups: [{ path: 'acme', members: { olivia: 50 } }, { path: 'acme/sub' }],
        projects: [
          { path: 'acme/a', milestones: [{ title: 'v1' }] },
          { path: 'acme/sub/b', milestones: [{ title: 'v1' }] },
        ],
      },
    });
    const olivia = client(mock, 'glpat-olivia');
    const [v1] = (await olivia.projects.milestones.list('acme/a')).items;
    await olivia.projects.milestones.promote('acme/a', v1?.id ?? 0);
    const copy = createMockGitLab({ seed: mock.exportState() });
    expect(worldTables(copy)).toEqual(worldTables(mock));
    const spoiled = mock.exportState();
    spoiled.projects?.[1]?.milestones?.push({ title: 'v1' });
    expect(() => createMockGitLab({ seed: spoiled })).toThrow(
      'projects[1].milestones[1].title: already taken in this project',
    );
  });

  it('refuses a document of an unknown version by name, and a bad document changes nothing', async () => {
    const mock = createMockGitLab({ seed: demoSeed });
    const before = mock.exportState();
    expect(() => mock.loadState({ ...before, version: 2 })).toThrow(SeedError);
    expect(() => mock.loadState({ ...before, version: 2 })).toThrow(/^version: unknown version/);
    const bad = structuredClone(before);
    bad.projects?.push({ path: 'acme/new', members: { nobody: 30 } });
    expect(() => mock.loadState(bad)).toThrow('projects[');
    expect(() => mock.loadState('not a document')).toThrow(SeedError);
    expect(mock.exportState()).toEqual(before);
    expect(Object.keys(mock.users)).toContain('maria');
    expect(() => createMockGitLab({ seed: { ...before, version: 2 } as never })).toThrow(/^version: unknown version/);
  });

  it('loadState takes any seed document, not only exports', async () => {
    const mock = createMockGitLab({ seed: demoSeed });
    mock.faults.add({ status: 500 });
    mock.loadState({ now: '2027-01-01T00:00:00Z', users: [{ username: 'ann', token: 'glpat-ann' }] });
    expect(mock.clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(Object.keys(mock.users)).toEqual(['ann']);
    expect(mock.faults.list()).toEqual([]);
    const apps = await client(mock, 'glpat-ann')
      .applications.list()
      .catch((error: { status: number }) => error.status);
    expect(apps).toBe(403);
  });

  it('loadState replaces the world and becomes the seed reset() goes back to', async () => {
    const mock = createMockGitLab({ seed: demoSeed });
    const other = createMockGitLab({ seed: { users: [{ username: 'solo', token: 'glpat-solo' }] } });
    mock.loadState(other.exportState());
    expect(Object.keys(mock.users)).toEqual(['solo']);
    expect(worldTables(mock)).toEqual(worldTables(other));
    mock.seed.user({ username: 'later' });
    mock.reset();
    expect(worldTables(mock)).toEqual(worldTables(other));
    // The loaded world's token still signs its user in after the reset.
    expect((await client(mock, 'glpat-solo').users.current()).username).toBe('solo');
  });
});

describe('OAuth tokens in a document', () => {
  const A = 'a'.repeat(64);
  const B = 'b'.repeat(64);
  const C = 'c'.repeat(64);
  const row = (id: number, user: string, token: string, refresh_token: string | null) => ({
    id,
    application: null,
    user,
    token,
    refresh_token,
    scopes: ['api'],
    auth_time: null,
    created_at: '2026-06-01T09:00:00Z',
    expires_in: 7200,
    revoked_at: null,
  });
  const seed = (...tokens: ReturnType<typeof row>[]) => ({
    now: '2026-06-01T09:00:00Z',
    users: [{ username: 'dev' }, { username: 'maintainer' }],
    oauth: { tokens },
  });
  const userOf = async (mock: ReturnType<typeof createMockGitLab>, token: string) => {
    const answer = await mock.fetch(`${mock.baseUrl}/api/v4/user`, { headers: { authorization: `Bearer ${token}` } });
    return answer.status === 200 ? ((await answer.json()) as { username: string }).username : answer.status;
  };

  it('authenticate their users, listed in any id order, the same after a reset', async () => {
    const mock = createMockGitLab({ seed: seed(row(2, 'dev', A, B), row(1, 'maintainer', C, null)) });
    const signedIn = async () => [await userOf(mock, A), await userOf(mock, C), await userOf(mock, B)];
    expect(await signedIn()).toEqual(['dev', 'maintainer', 401]);
    mock.reset();
    expect(await signedIn()).toEqual(['dev', 'maintainer', 401]);
  });

  // Doorkeeper's token and refresh_token columns are unique: one value names one row.
  it.each([
    ['the access token of another row', [row(2, 'dev', A, null), row(1, 'maintainer', A, null)], 'token'],
    ['the refresh token of another row', [row(1, 'dev', A, B), row(2, 'maintainer', C, B)], 'refresh_token'],
    ["another row's refresh token as its access token", [row(1, 'dev', A, B), row(2, 'maintainer', B, C)], 'token'],
  ])('refuse a token that takes %s, by its path, changing nothing', (_, tokens, key) => {
    const mock = createMockGitLab({ seed: seed(row(1, 'dev', C, null)) });
    const before = mock.exportState();
    expect(() => mock.loadState(seed(...tokens))).toThrow(SeedError);
    expect(() => mock.loadState(seed(...tokens))).toThrow(`oauth.tokens[1].${key}: already taken`);
    expect(mock.exportState()).toEqual(before);
  });
});

describe('a project’s settings in a document', () => {
  it('takes every setting the world keeps, by the same names', () => {
    const settings = SeedProject.shape.settings.unwrap();
    expect(Object.keys(settings.shape).sort()).toEqual(Object.keys(PROJECT_SETTING_DEFAULTS).sort());
  });
});

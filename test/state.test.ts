import { describe, expect, it } from 'vitest';
import { createMockGitLab, demoSeed, SeedError } from '../mock/index.js';
import { EXPORTED_AS } from '../mock/seed/export.js';
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

  it('refuses a document of an unknown version by name, and a bad document changes nothing', async () => {
    const mock = createMockGitLab({ seed: demoSeed });
    const before = mock.exportState();
    expect(() => mock.loadState({ ...before, version: 2 })).toThrow(SeedError);
    expect(() => mock.loadState({ ...before, version: 2 })).toThrow(/^version: unknown version/);
    const bad = structuredClone(before);
    bad.projects?.push({ path: 'acme/new', members: { nobody: 30 } });
    expect(() => mock.loadState(bad)).toThrow('projects[');
    expect(mock.exportState()).toEqual(before);
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
    expect(client(mock, 'glpat-solo')).toBeDefined();
  });
});

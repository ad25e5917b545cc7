import { describe, expect, it } from 'vitest';
import { createMockGitLab, type SeedDocument } from '../mock/index.js';
import { BadRequestError } from '../src/index.js';
import { call, client } from './fixtures.js';

// `GET /personal_access_tokens/self/associations` (lib/api/personal_access_tokens/self_information.rb):
// GroupsFinder and ProjectsFinder for the token's user, each newest first, one page of each.

const OAUTH_TOKEN = 'c'.repeat(64);

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'dev', token: 'glpat-dev' },
    {
      username: 'reader',
      personal_access_tokens: [{ name: 'read only', scopes: ['read_user'], token: 'glpat-reader' }],
    },
    { username: 'owner', token: 'glpat-owner' },
  ],
  groups: [
    { path: 'acme', visibility: 'private', members: { owner: 50 } },
    { path: 'acme/platform', visibility: 'private', members: { dev: 30 } },
    { path: 'acme/platform/core', visibility: 'private', members: { dev: 40 } },
    { path: 'hidden', visibility: 'private', members: { owner: 50 } },
    { path: 'open', visibility: 'public' },
    { path: 'inside', visibility: 'internal' },
  ],
  projects: [
    { path: 'acme/platform/api', visibility: 'private' },
    { path: 'acme/platform/core/engine', visibility: 'private', members: { dev: 20 } },
    { path: 'hidden/secret', visibility: 'private' },
    { path: 'open/site', visibility: 'public' },
    { path: 'owner/sandbox', visibility: 'private' },
  ],
  oauth: {
    tokens: [
      {
        id: 1,
        application: null,
        user: 'dev',
        token: OAUTH_TOKEN,
        refresh_token: null,
        scopes: ['api'],
        auth_time: null,
        created_at: '2026-06-01T09:00:00Z',
        expires_in: 7200,
        revoked_at: null,
      },
    ],
  },
};

const paths = (items: { path_with_namespace?: string; web_url: string }[]) =>
  items.map((item) => item.path_with_namespace ?? item.web_url.replace(/^.*\/groups\//, ''));

describe('GET /personal_access_tokens/self/associations', () => {
  it('lists the groups and projects the user reads, public and internal ones too, newest first', async () => {
    const mock = createMockGitLab({ seed });
    const { groups, projects } = await client(mock, 'glpat-dev').personalAccessTokens.associations();
    // `authorized_groups.self_and_ancestors` brings `acme`, where dev has no membership; `hidden` stays out.
    expect(paths(groups)).toEqual(['inside', 'open', 'acme/platform/core', 'acme/platform', 'acme']);
    expect(paths(projects)).toEqual(['open/site', 'acme/platform/core/engine', 'acme/platform/api']);
  });

  it("gives GroupAssociationDetails: the highest direct membership up the group's chain, else null", async () => {
    const mock = createMockGitLab({ seed });
    const { groups } = await client(mock, 'glpat-dev').personalAccessTokens.associations();
    const acme = mock.world.groups.get(groups.find((g) => g.name === 'acme')?.id ?? 0);
    expect(groups.map((g) => [g.name, g.access_levels])).toEqual([
      ['inside', null],
      ['open', null],
      ['core', 40],
      ['platform', 30],
      ['acme', null],
    ]);
    expect(groups.at(-1)).toEqual({
      id: acme?.id,
      web_url: `${mock.baseUrl}/groups/acme`,
      name: 'acme',
      parent_id: null,
      organization_id: 1,
      access_levels: null,
      visibility: 'private',
    });
  });

  it("gives ProjectAssociationDetails: the direct membership and the group chain's highest, apart", async () => {
    const mock = createMockGitLab({ seed });
    const { projects } = await client(mock, 'glpat-dev').personalAccessTokens.associations();
    expect(projects.map((p) => [p.path, p.access_levels])).toEqual([
      ['site', { project_access_level: null, group_access_level: null }],
      ['engine', { project_access_level: 20, group_access_level: 40 }],
      ['api', { project_access_level: null, group_access_level: 30 }],
    ]);
    expect(Object.keys(projects[0] ?? {})).toEqual([
      'id',
      'description',
      'name',
      'name_with_namespace',
      'path',
      'path_with_namespace',
      'created_at',
      'access_levels',
      'visibility',
      'web_url',
      'namespace',
    ]);
    expect(projects[0]?.namespace).toMatchObject({ kind: 'group', full_path: 'open' });
  });

  it('counts the owner of a personal project as its member, Owner, with no group', async () => {
    const mock = createMockGitLab({ seed });
    const { projects } = await client(mock, 'glpat-owner').personalAccessTokens.associations({ min_access_level: 50 });
    expect(projects.map((p) => [p.path_with_namespace, p.access_levels, p.namespace.kind])).toEqual([
      ['owner/sandbox', { project_access_level: 50, group_access_level: null }, 'user'],
      ['hidden/secret', { project_access_level: null, group_access_level: 50 }, 'group'],
      ['acme/platform/core/engine', { project_access_level: null, group_access_level: 50 }, 'group'],
      ['acme/platform/api', { project_access_level: null, group_access_level: 50 }, 'group'],
    ]);
  });

  it('with min_access_level, only where the user has that role (a direct membership or one above), no public ones', async () => {
    const mock = createMockGitLab({ seed });
    const dev = client(mock, 'glpat-dev').personalAccessTokens;
    const at40 = await dev.associations({ min_access_level: 40 });
    expect([paths(at40.groups), paths(at40.projects)]).toEqual([['acme/platform/core'], ['acme/platform/core/engine']]);
    const at30 = await dev.associations({ min_access_level: 30 });
    expect([paths(at30.groups), paths(at30.projects)]).toEqual([
      ['acme/platform/core', 'acme/platform'],
      ['acme/platform/core/engine', 'acme/platform/api'],
    ]);
  });

  it("gives an administrator every group (GroupsFinder's Group.all)", async () => {
    const mock = createMockGitLab({ seed });
    const { groups, projects } = await client(mock, 'glpat-root').personalAccessTokens.associations({ per_page: 100 });
    expect(groups).toHaveLength(mock.world.groups.size);
    expect(projects).toHaveLength(mock.world.projects.size);
  });

  it('pages both lists with the same page and per_page; the headers describe the projects', async () => {
    const mock = createMockGitLab({ seed });
    const answer = await call(mock, 'GET', '/personal_access_tokens/self/associations?page=2&per_page=2', {
      token: 'glpat-dev',
    });
    expect(answer.status).toBe(200);
    expect([paths(answer.body.groups), paths(answer.body.projects)]).toEqual([
      ['acme/platform/core', 'acme/platform'],
      ['acme/platform/api'],
    ]);
    expect(answer.headers.get('x-total')).toBe('3');
    expect(answer.headers.get('x-total-pages')).toBe('2');
    expect(answer.headers.get('x-page')).toBe('2');
    expect(answer.headers.get('x-next-page')).toBe('');
  });

  it('takes a token of any scope', async () => {
    const mock = createMockGitLab({ seed });
    const { projects } = await client(mock, 'glpat-reader').personalAccessTokens.associations();
    expect(paths(projects)).toEqual(['open/site']);
  });

  it('refuses an OAuth token with 400, changing nothing', async () => {
    const mock = createMockGitLab({ seed });
    const before = JSON.stringify(mock.exportState());
    const answer = await call(mock, 'GET', '/personal_access_tokens/self/associations', {
      headers: { authorization: `Bearer ${OAUTH_TOKEN}` },
    });
    expect([answer.status, answer.body]).toEqual([
      400,
      { message: '400 Bad request - This endpoint requires token type to be a personal access token' },
    ]);
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });

  it('refuses a min_access_level that is not a role (Gitlab::Access.all_values)', async () => {
    const mock = createMockGitLab({ seed });
    await call(mock, 'GET', '/user', { token: 'glpat-dev' });
    const before = JSON.stringify(mock.exportState());
    const error = await client(mock, 'glpat-dev')
      .personalAccessTokens.associations({ min_access_level: 35 as 30 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, body: { error: 'min_access_level does not have a valid value' } });
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { call, testSeed } from './fixtures.js';

// Admin mode (seed `instance.admin_mode`): an administrator has administrator powers only through a
// token with the `admin_mode` scope; with a plain token GitLab treats them as a regular user
// (`lib/api/api_guard.rb` `bypass_session_for_admin_mode?`, `BasePolicy`'s `admin` condition).
// Off (GitLab's default), nothing changes. `root` is an administrator with an `api` token;
// `sudoer` an administrator whose token also has `admin_mode`; neither is a member of anything.

const PLAIN = 'glpat-root';
const MODE = 'glpat-sudoer';

const seed = (adminMode: boolean | undefined): SeedDocument => ({
  ...testSeed,
  instance: { ...testSeed.instance, ...(adminMode === undefined ? {} : { admin_mode: adminMode }) },
  users: [...(testSeed.users ?? []), { username: 'sudoer', admin: true, token: MODE, scopes: ['api', 'admin_mode'] }],
  groups: (testSeed.groups ?? []).map((g) => (g.path === 'acme' ? { ...g, saml_scim: true } : g)),
  applications: [{ name: 'Grafana', redirect_uri: 'https://grafana.example.com/callback', scopes: 'api' }],
  scim_identities: [{ group: 'acme', user: 'dev', extern_uid: 'dev@idp.example.com' }],
});

let mock: MockGitLab;
const get = (path: string, token: string) => call(mock, 'GET', path, { token });
/** The world as exported, without `last_used_at` (which every authenticated call moves). */
const worldState = () =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));

describe('with admin mode on', () => {
  beforeEach(() => {
    mock = createMockGitLab({ seed: seed(true) });
  });

  it('OAuth applications: the admin_mode token is an administrator, the plain admin token gets 403 and changes nothing', async () => {
    expect((await get('/applications', MODE)).status).toBe(200);
    const refused = await get('/applications', PLAIN);
    expect([refused.status, refused.body]).toEqual([403, { message: '403 Forbidden' }]);

    const before = worldState();
    const body = { name: 'New', redirect_uri: 'https://new.example.com/cb', scopes: 'api' };
    const id = (await get('/applications', MODE)).body[0].id;
    for (const [method, path, json] of [
      ['POST', '/applications', body],
      ['DELETE', `/applications/${id}`, undefined],
      ['POST', `/applications/${id}/renew-secret`, undefined],
    ] as const) {
      expect((await call(mock, method, path, { token: PLAIN, json })).status).toBe(403);
    }
    expect(worldState()).toEqual(before);
    expect((await call(mock, 'POST', '/applications', { token: MODE, json: body })).status).toBe(200);
  });

  it('an OAuth token of an administrator counts with the admin_mode scope, not without', async () => {
    const oauthToken = (id: number, token: string, scopes: string[]) => ({
      id,
      application: 1,
      user: 'root',
      token,
      refresh_token: null,
      scopes,
      auth_time: null,
      created_at: '2026-06-01T08:59:00Z',
      expires_in: 7200,
      revoked_at: null,
    });
    mock = createMockGitLab({
      seed: {
        ...seed(true),
        oauth: {
          tokens: [oauthToken(1, 'a'.repeat(64), ['api', 'admin_mode']), oauthToken(2, 'b'.repeat(64), ['api'])],
        },
      },
    });
    const bearer = (token: string) =>
      call(mock, 'GET', '/applications', { headers: { authorization: `Bearer ${token}` } });
    expect((await bearer('a'.repeat(64))).status).toBe(200);
    expect((await bearer('b'.repeat(64))).status).toBe(403);
  });

  it('a non-administrator with the admin_mode scope stays a regular user', async () => {
    mock.seed.user({ username: 'pretender', token: 'glpat-pretender', scopes: ['api', 'admin_mode'] });
    expect((await get('/applications', 'glpat-pretender')).status).toBe(403);
    expect((await get('/groups/acme', 'glpat-pretender')).status).toBe(404);
  });

  it('SCIM identities: an administrator who is no member needs admin mode; the group Owner does not', async () => {
    expect((await get('/groups/acme/scim/identities', MODE)).status).toBe(200);
    expect((await get('/groups/acme/scim/identities', 'glpat-owner')).status).toBe(200);
    const plain = await get('/groups/acme/scim/identities', PLAIN);
    expect([plain.status, plain.body.message]).toEqual([404, '404 Group Not Found']);
  });

  it('groups and projects: only the admin_mode token sees and manages private ones', async () => {
    expect((await get('/groups/acme', MODE)).status).toBe(200);
    expect((await get('/projects/acme%2Fplatform%2Fapi', MODE)).status).toBe(200);
    expect((await get('/groups/acme', PLAIN)).status).toBe(404);
    expect((await get('/projects/acme%2Fplatform%2Fapi', PLAIN)).status).toBe(404);
    expect((await get('/groups', PLAIN)).body).toEqual([]);
    expect((await get('/groups?all_available=true', MODE)).body.length).toBe(3);

    const before = worldState();
    const create = (token: string) =>
      call(mock, 'POST', '/projects/acme%2Fplatform%2Fapi/milestones', { token, json: { title: 'v9' } });
    expect((await create(PLAIN)).status).toBe(404);
    expect(worldState()).toEqual(before);
    expect((await create(MODE)).status).toBe(201);
  });

  it('access tokens: the plain admin token is an outsider, the admin_mode token an Owner', async () => {
    const body = { name: 'x', scopes: ['api'] };
    expect((await call(mock, 'POST', '/groups/acme/access_tokens', { token: PLAIN, json: body })).status).toBe(404);
    expect((await call(mock, 'POST', '/groups/acme/access_tokens', { token: MODE, json: body })).status).toBe(201);
    // Only administrators learn that a token does not exist.
    expect((await call(mock, 'POST', '/groups/acme/access_tokens/999/rotate', { token: MODE })).status).toBe(404);
  });

  it('/user shows is_admin to the admin_mode token only', async () => {
    expect((await get('/user', MODE)).body.is_admin).toBe(true);
    const plain = await get('/user', PLAIN);
    expect(plain.status).toBe(200);
    expect('is_admin' in plain.body).toBe(false);
  });

  it('/users and /users/:id: administrator fields, filters and blocked users for the admin_mode token only', async () => {
    const ids = (body: { id: number; username: string }[]) => body.map((u) => u.username).sort();
    expect(ids((await get('/users?admins=true', MODE)).body)).toEqual(['root', 'sudoer']);
    expect((await get('/users?admins=true', PLAIN)).body.length).toBeGreaterThan(2);
    expect(ids((await get('/users?blocked=true', MODE)).body)).toEqual(['blocked']);
    expect((await get('/users?blocked=true', PLAIN)).body).toEqual([]);
    expect((await get('/users?extern_uid=x&provider=saml', PLAIN)).status).toBe(403);

    const ownerId = (await get('/user', 'glpat-owner')).body.id;
    expect((await get(`/users/${ownerId}`, MODE)).body).toHaveProperty('is_admin', false);
    expect((await get(`/users/${ownerId}`, PLAIN)).body).not.toHaveProperty('is_admin');
  });

  it('project and group access tokens cannot carry the admin_mode scope', async () => {
    const response = await call(mock, 'POST', '/groups/acme/access_tokens', {
      token: MODE,
      json: { name: 'x', scopes: ['admin_mode'] },
    });
    expect([response.status, response.body.error]).toEqual([400, 'scopes does not have a valid value']);
  });

  it('is kept by an export, which reloads answering the same', async () => {
    const state = mock.exportState();
    expect(state.instance?.admin_mode).toBe(true);
    mock = createMockGitLab({ seed: state });
    expect((await get('/applications', PLAIN)).status).toBe(403);
    expect((await get('/applications', MODE)).status).toBe(200);
  });
});

describe('with admin mode off', () => {
  it('every administrator token is an administrator, as before (the default, and when set to false)', async () => {
    for (const adminMode of [undefined, false]) {
      mock = createMockGitLab({ seed: seed(adminMode) });
      expect((await get('/applications', PLAIN)).status).toBe(200);
      expect((await get('/groups/acme', PLAIN)).status).toBe(200);
      expect((await get('/user', PLAIN)).body.is_admin).toBe(true);
      expect((await get('/groups/acme/scim/identities', PLAIN)).status).toBe(200);
    }
  });

  it('a world that never set it exports without the key', () => {
    mock = createMockGitLab({ seed: seed(undefined) });
    expect(mock.exportState().instance).not.toHaveProperty('admin_mode');
  });
});

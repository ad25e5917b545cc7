import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedDocument } from '../mock/index.js';
import { GitLab, NotFoundError, UnauthorizedError } from '../src/index.js';
import { startCliWithSeed, stopAllClis } from './cli-process.js';

// Every endpoint of applications, project access tokens and SCIM identities through the SDK
// against the command-line server, over real HTTP.
const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'maria', token: 'glpat-maria' },
  ],
  groups: [{ path: 'acme', plan: 'premium', saml_scim: true, members: { maria: 50 } }],
  projects: [
    {
      path: 'acme/api',
      access_tokens: [{ name: 'ci', scopes: ['api'], expires_at: '2026-06-20', token: 'glpat-ci' }],
    },
  ],
  applications: [{ name: 'Grafana', redirect_uri: 'https://grafana.example.com/cb', scopes: 'read_user' }],
  scim_identities: [{ group: 'acme', user: 'maria', extern_uid: 'maria@idp.example.com' }],
};

let url: string;
const as = (token: string) => new GitLab({ baseUrl: url, token, retry: 0 });

beforeAll(async () => {
  ({ url } = await startCliWithSeed(seed));
});

afterAll(stopAllClis);

describe('access and identity over HTTP', () => {
  it('lists, creates, renews and deletes OAuth applications', async () => {
    const root = as('glpat-root');
    const created = await root.applications.create({
      name: 'CLI',
      redirect_uri: 'https://cli.example.com/cb',
      scopes: ['api', 'read_user'],
    });
    expect(created).toMatchObject({ application_name: 'CLI', scopes: ['api', 'read_user'] });
    expect((await root.applications.list()).map((app) => app.application_name)).toEqual(['Grafana', 'CLI']);
    const renewed = await root.applications.renewSecret(created.id);
    expect(renewed.secret).not.toBe(created.secret);
    await root.applications.delete(created.id);
    await expect(root.applications.delete(created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lists, reads, creates, rotates and revokes project access tokens', async () => {
    const maria = as('glpat-maria');
    const [ci] = (await maria.projects.accessTokens.list('acme/api', { state: 'active' })).items;
    expect(ci).toMatchObject({ name: 'ci', expires_at: '2026-06-20', access_level: 40 });
    expect(await maria.projects.accessTokens.get('acme/api', ci?.id ?? 0)).toEqual(ci);

    const created = await maria.projects.accessTokens.create('acme/api', { name: 'deploy', scopes: ['read_api'] });
    expect(created.token).toMatch(/^glpat-/);
    const rotated = await maria.projects.accessTokens.rotate('acme/api', created.id, { expires_at: '2026-09-01' });
    expect(rotated).toMatchObject({ name: 'deploy', expires_at: '2026-09-01' });
    const self = await as('glpat-ci').projects.accessTokens.rotate('acme/api', 'self');
    expect(self.name).toBe('ci');
    await expect(as('glpat-ci').projects.accessTokens.list('acme/api')).rejects.toBeInstanceOf(UnauthorizedError);

    await maria.projects.accessTokens.revoke('acme/api', rotated.id);
    const active = await maria.projects.accessTokens.list('acme/api', { state: 'active' }).toArray();
    expect(active.map((token) => token.id)).toEqual([self.id]);
  });

  it('lists, reads, updates and deletes SCIM identities', async () => {
    const maria = as('glpat-maria');
    expect(await maria.groups.scim.list('acme')).toEqual([
      { extern_uid: 'maria@idp.example.com', user_id: 2, active: true },
    ]);
    expect((await maria.groups.scim.get('acme', 'maria@idp.example.com')).user_id).toBe(2);
    const updated = await maria.groups.scim.update('acme', 'maria@idp.example.com', { extern_uid: 'maria-2' });
    expect(updated.extern_uid).toBe('maria-2');
    await maria.groups.scim.delete('acme', 'maria-2');
    expect(await maria.groups.scim.list('acme')).toEqual([]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab } from '../mock/index.js';
import type { GitLab, ProjectAccessTokenCreate } from '../src/index.js';
import { call, client, createTestMock, failure } from './fixtures.js';

// Group access tokens: the project tokens' rules (families, reuse detection, expiry, bot users)
// through /groups/:id/access_tokens, and what differs: the group's Owner manages them, the bot
// user is a member of the group (and so of its subgroups and projects), the messages say `group`.
// The world's today is 2026-06-01; acme/platform's Owner is `owner` (inherited from acme), its
// Maintainer `maintainer`.

const GROUP = 'acme/platform';
let mock: MockGitLab;
let owner: GitLab;
let maintainer: GitLab;
let groupId: number;

const ci: ProjectAccessTokenCreate = { name: 'release bot', scopes: ['api'], access_level: 30 };

/** The world as exported, without `last_used_at` (which every authenticated call moves): for "nothing changed" checks. */
const worldState = () =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));

/** Whether a token value authenticates: a request with it is not a 401. */
async function authenticates(token: string): Promise<boolean> {
  return (await call(mock, 'GET', '/personal_access_tokens/self', { token })).status !== 401;
}

beforeEach(() => {
  mock = createTestMock();
  owner = client(mock, 'glpat-owner');
  maintainer = client(mock, 'glpat-maintainer');
  groupId = [...mock.world.groups.values()].find((g) => g.full_path === GROUP)?.id ?? -1;
});

describe('create', () => {
  it('answers 201 with a token of a new group bot user, a member of the group at the access level', async () => {
    const token = await owner.groups.accessTokens.create(GROUP, { ...ci, description: 'Tags releases' });
    expect(token).toMatchObject({
      name: 'release bot',
      description: 'Tags releases',
      scopes: ['api'],
      access_level: 30,
      active: true,
      revoked: false,
      resource_type: 'group',
      resource_id: groupId,
      expires_at: '2027-06-01',
    });
    const bot = mock.world.users.get(token.user_id);
    expect(bot).toMatchObject({ bot: true, name: 'release bot' });
    expect(bot?.username).toMatch(new RegExp(`^group_${groupId}_bot_[0-9a-f]{8}$`));
    expect(bot?.email).toBe(`${bot?.username}@noreply.${new URL(mock.baseUrl).hostname}`);

    const members = await owner.groups.members.list(GROUP);
    expect(members.items.find((m) => m.id === token.user_id)?.access_level).toBe(30);
  });

  it("acts in the group's projects with its access level: a Developer bot creates milestones, a Guest bot does not", async () => {
    const developerBot = client(mock, (await owner.groups.accessTokens.create(GROUP, ci)).token);
    expect((await developerBot.projects.milestones.create('acme/platform/api', { title: 'v1' })).title).toBe('v1');
    const guestBot = client(mock, (await owner.groups.accessTokens.create(GROUP, { ...ci, access_level: 10 })).token);
    expect((await failure(guestBot.projects.milestones.create('acme/platform/api', { title: 'v2' }))).status).toBe(403);
  });

  it('needs the Owner role in the group: a Maintainer gets 400 and nothing changes', async () => {
    const before = worldState();
    const error = await failure(maintainer.groups.accessTokens.create(GROUP, ci));
    expect(error.status).toBe(400);
    expect(error.gitlabMessage).toBe('400 Bad request - User does not have permission to create group access token');
    expect(worldState()).toEqual(before);
  });

  it('refuses a group bot creating tokens, whatever its level', async () => {
    const ownerBot = client(mock, (await owner.groups.accessTokens.create(GROUP, { ...ci, access_level: 50 })).token);
    const before = worldState();
    const error = await failure(ownerBot.groups.accessTokens.create(GROUP, ci));
    expect(error.gitlabMessage).toBe('400 Bad request - User does not have permission to create group access token');
    expect(worldState()).toEqual(before);
  });

  it('validates expiry as project tokens do: at most a year ahead, never when the instance does not require it', async () => {
    const before = worldState();
    const error = await failure(owner.groups.accessTokens.create(GROUP, { ...ci, expires_at: '2027-06-02' }));
    expect(error.gitlabMessage).toBe('400 Bad request - Expiration date must be before 2027-06-01');
    expect(worldState()).toEqual(before);
    mock.seed.instance({ require_token_expiry: false });
    expect((await owner.groups.accessTokens.create(GROUP, ci)).expires_at).toBeNull();
    // Issue 38 point 13: the one-year limit applies only while the instance requires expiry.
    const later = await owner.groups.accessTokens.create(GROUP, { ...ci, expires_at: '2029-01-01' });
    expect(later.expires_at).toBe('2029-01-01');
  });

  it('takes an administrator who is no member', async () => {
    const root = client(mock, 'glpat-root');
    expect((await root.groups.accessTokens.create(GROUP, ci)).resource_id).toBe(groupId);
  });

  it('answers 404 Group Not Found to a user who cannot see the group', async () => {
    const before = worldState();
    const error = await failure(client(mock, 'glpat-outsider').groups.accessTokens.create(GROUP, ci));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 Group Not Found']);
    expect(worldState()).toEqual(before);
  });
});

describe('list and get', () => {
  it('lists the tokens of the group only, filtered by state, and reads one by id or full path', async () => {
    const first = await owner.groups.accessTokens.create(GROUP, ci);
    const second = await owner.groups.accessTokens.create(GROUP, { ...ci, name: 'second' });
    await owner.projects.accessTokens.create('acme/platform/api', { name: 'project token', scopes: ['api'] });
    await owner.groups.accessTokens.revoke(GROUP, second.id);

    const all = await owner.groups.accessTokens.list(GROUP).toArray();
    expect(all.map((t) => t.name)).toEqual(['release bot', 'second']);
    expect((await owner.groups.accessTokens.list(groupId, { state: 'active' }).toArray()).map((t) => t.id)).toEqual([
      first.id,
    ]);
    expect((await owner.groups.accessTokens.list(GROUP, { state: 'inactive' }).toArray()).map((t) => t.id)).toEqual([
      second.id,
    ]);
    expect(await owner.groups.accessTokens.get(GROUP, first.id)).toMatchObject({ id: first.id, access_level: 30 });
    expect('token' in (await owner.groups.accessTokens.get(GROUP, first.id))).toBe(false);
  });

  it('pages with GitLab offset pagination', async () => {
    for (const name of ['a', 'b', 'c']) await owner.groups.accessTokens.create(GROUP, { ...ci, name });
    const response = await call(mock, 'GET', `/groups/${groupId}/access_tokens?per_page=2&page=2`, {
      token: 'glpat-owner',
    });
    expect(response.body.map((t: { name: string }) => t.name)).toEqual(['c']);
    expect(response.headers.get('x-total')).toBe('3');
  });

  it('answers 404 group Access Token Not Found for a token of another resource', async () => {
    const projectToken = await owner.projects.accessTokens.create('acme/platform/api', ci);
    const error = await failure(owner.groups.accessTokens.get(GROUP, projectToken.id));
    expect([error.status, error.gitlabMessage]).toEqual([404, '404 group Access Token Not Found']);
    const acmeToken = await owner.groups.accessTokens.create('acme', ci);
    expect((await failure(owner.groups.accessTokens.get(GROUP, acmeToken.id))).status).toBe(404);
  });

  it("answers 401 to a Maintainer of the group, who may manage a project's tokens", async () => {
    await owner.groups.accessTokens.create(GROUP, ci);
    expect((await failure(maintainer.groups.accessTokens.list(GROUP))).status).toBe(401);
    expect((await maintainer.projects.accessTokens.list('acme/platform/api')).items).toEqual([]);
  });
});

describe('rotate', () => {
  it('revokes the token and issues a new one for the same bot, expiring a week later', async () => {
    const old = await owner.groups.accessTokens.create(GROUP, ci);
    const fresh = await owner.groups.accessTokens.rotate(GROUP, old.id);
    expect(fresh).toMatchObject({ name: old.name, user_id: old.user_id, expires_at: '2026-06-08', access_level: 30 });
    expect(fresh.id).not.toBe(old.id);
    expect(await authenticates(old.token)).toBe(false);
    expect(await authenticates(fresh.token)).toBe(true);
    expect((await owner.groups.accessTokens.get(GROUP, old.id)).revoked).toBe(true);
  });

  it('rotating a revoked token is reuse: 400 Token already revoked, and its whole family is revoked', async () => {
    const old = await owner.groups.accessTokens.create(GROUP, ci);
    const fresh = await owner.groups.accessTokens.rotate(GROUP, old.id);
    const error = await failure(owner.groups.accessTokens.rotate(GROUP, old.id));
    expect([error.status, error.gitlabMessage]).toEqual([400, '400 Bad request - Token already revoked']);
    expect(await authenticates(fresh.token)).toBe(false);
  });

  it('lets a group token rotate itself with self, but not a token of another resource', async () => {
    const own = await owner.groups.accessTokens.create(GROUP, ci);
    const fresh = await client(mock, own.token).groups.accessTokens.rotate(GROUP, 'self');
    expect(fresh.user_id).toBe(own.user_id);

    const projectToken = await owner.projects.accessTokens.create('acme/platform/api', ci);
    const before = worldState();
    const error = await failure(client(mock, projectToken.token).groups.accessTokens.rotate(GROUP, 'self'));
    expect(error.gitlabMessage).toBe('400 Bad request - Only an access token of this group can rotate itself');
    expect(worldState()).toEqual(before);
  });

  it('answers 401 below Owner, and 404 only to administrators for a token that does not exist', async () => {
    const token = await owner.groups.accessTokens.create(GROUP, ci);
    expect((await failure(maintainer.groups.accessTokens.rotate(GROUP, token.id))).status).toBe(401);
    expect((await failure(owner.groups.accessTokens.rotate(GROUP, 999))).status).toBe(401);
    expect((await failure(client(mock, 'glpat-root').groups.accessTokens.rotate(GROUP, 999))).status).toBe(404);
  });
});

describe('revoke', () => {
  it('revokes at once; the token stays listed as revoked', async () => {
    const token = await owner.groups.accessTokens.create(GROUP, ci);
    await owner.groups.accessTokens.revoke(GROUP, token.id);
    expect(await authenticates(token.token)).toBe(false);
    expect((await owner.groups.accessTokens.get(GROUP, token.id)).revoked).toBe(true);
  });

  it("answers a Maintainer 400 '<caller> cannot delete <bot>' and changes nothing", async () => {
    const token = await owner.groups.accessTokens.create(GROUP, ci);
    const before = worldState();
    const error = await failure(maintainer.groups.accessTokens.revoke(GROUP, token.id));
    expect(error.gitlabMessage).toBe('400 Bad request - maintainer cannot delete release bot');
    expect(worldState()).toEqual(before);
  });
});

describe('the token itself and the seed', () => {
  it('GET /personal_access_tokens/self answers for a group token', async () => {
    const token = await owner.groups.accessTokens.create(GROUP, ci);
    const self = await client(mock, token.token).personalAccessTokens.self();
    expect(self).toMatchObject({ id: token.id, name: 'release bot', user_id: token.user_id, scopes: ['api'] });
  });

  it('seeds group tokens from groups[].access_tokens and exports them so that the world reloads the same', async () => {
    const seeded = createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [{ username: 'boss', token: 'glpat-boss' }],
        groups: [
          {
            path: 'corp',
            members: { boss: 50 },
            access_tokens: [{ name: 'deploy', scopes: ['read_api'], access_level: 20, token: 'glpat-corp-deploy' }],
          },
        ],
      },
    });
    const boss = client(seeded, 'glpat-boss');
    const [deploy] = await boss.groups.accessTokens.list('corp').toArray();
    expect(deploy).toMatchObject({ name: 'deploy', access_level: 20, resource_type: 'group' });
    await boss.groups.accessTokens.rotate('corp', deploy?.id ?? 0);

    const state = seeded.exportState();
    expect(state.groups?.[0]?.access_tokens).toHaveLength(2);
    const reloaded = createMockGitLab({ seed: state });
    expect(reloaded.exportState()).toEqual(state);
    const again = client(reloaded, 'glpat-boss');
    expect(await again.groups.accessTokens.list('corp').toArray()).toEqual(
      await boss.groups.accessTokens.list('corp').toArray(),
    );
    // The family survives the export: rotating the revoked original again revokes the rotated token.
    expect((await failure(again.groups.accessTokens.rotate('corp', deploy?.id ?? 0))).status).toBe(400);
    expect((await again.groups.accessTokens.list('corp', { state: 'active' })).items).toEqual([]);
  });

  it('exports a world without group tokens without the key', () => {
    expect(mock.exportState().groups?.some((g) => 'access_tokens' in g)).toBe(false);
  });
});

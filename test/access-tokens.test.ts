import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import {
  BadRequestError,
  type GitLab,
  GitLabResponseValidationError,
  NotFoundError,
  type ProjectAccessToken,
  type ProjectAccessTokenCreate,
  type ProjectAccessTokenWithToken,
  UnauthorizedError,
} from '../src/index.js';
import { call, client, createTestMock, failure, PERSONAL_ACCESS_TOKEN_KEYS, testSeed } from './fixtures.js';
import { json, setup } from './sdk/helpers.js';

// Project access tokens end to end: the SDK against the in-process mock (GITLAB-BEHAVIOR 2, SPEC 1-2, R4.2).
// The world's today is 2026-06-01.

const API = 'acme/platform/api';
let mock: MockGitLab;
let maintainer: GitLab;
let owner: GitLab;

const ci: ProjectAccessTokenCreate = { name: 'ci', scopes: ['api'] };

/** Whether a token value authenticates: a request with it is not a 401. */
async function authenticates(token: string): Promise<boolean> {
  return (await call(mock, 'GET', '/projects/acme%2Fplatform%2Fapi/milestones', { token })).status !== 401;
}

/** Tokens and users, for "the world is unchanged" checks (`last_used_at` moves with every authenticated call). */
const tokenState = () => ({
  tokens: [...mock.world.tokens.values()].map(({ last_used_at, ...token }) => structuredClone(token)),
  users: mock.world.users.size,
});

beforeEach(() => {
  mock = createTestMock();
  maintainer = client(mock, 'glpat-maintainer');
  owner = client(mock, 'glpat-owner');
});

describe('create', () => {
  it('answers 201 with the token, owned by a new bot user that is a member at the access level', async () => {
    const response = await call(mock, 'POST', '/projects/1/access_tokens', {
      token: 'glpat-maintainer',
      json: { name: 'wire', scopes: ['read_api'], access_level: 10 },
    });
    expect(response.status).toBe(201);
    const token = await maintainer.projects.accessTokens.create(API, { ...ci, description: 'Release pipeline' });
    expect(token).toMatchObject({
      name: 'ci',
      description: 'Release pipeline',
      scopes: ['api'],
      access_level: 40,
      active: true,
      revoked: false,
      last_used_at: null,
      created_at: '2026-06-01T09:00:00.000Z',
    });
    expect(token.token).toMatch(/^glpat-[A-Za-z0-9_-]{20}$/);
    const bot = mock.world.users.get(token.user_id);
    expect(bot).toMatchObject({ bot: true, name: 'ci' });
    expect(bot?.username).toMatch(/^project_1_bot_/);
    expect(token.user_id).not.toBe(response.body.user_id);

    // The bot acts with its access level: a Guest bot cannot create milestones, a Maintainer bot lists tokens.
    const guestBot = client(mock, response.body.token);
    expect((await failure(guestBot.projects.milestones.create(API, { title: 'x' }))).status).toBe(403);
    const maintainerBot = client(mock, token.token);
    expect((await maintainerBot.projects.accessTokens.list(API)).items).toHaveLength(2);
  });

  it("defaults expires_at to a year after the world's today, or to never when the instance does not require expiry", async () => {
    expect((await maintainer.projects.accessTokens.create(API, ci)).expires_at).toBe('2027-06-01');
    mock.seed.instance({ require_token_expiry: false });
    expect((await maintainer.projects.accessTokens.create(API, ci)).expires_at).toBeNull();
    mock.clock.advance({ days: 30 });
    mock.seed.instance({ require_token_expiry: true });
    expect((await maintainer.projects.accessTokens.create(API, ci)).expires_at).toBe('2027-07-01');
  });

  it("takes an expires_at up to a year ahead, and refuses a later one with GitLab's message", async () => {
    expect((await maintainer.projects.accessTokens.create(API, { ...ci, expires_at: '2027-06-01' })).expires_at).toBe(
      '2027-06-01',
    );
    const before = tokenState();
    const error = await failure(maintainer.projects.accessTokens.create(API, { ...ci, expires_at: '2027-06-02' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.gitlabMessage).toBe('400 Bad request - Expiration date must be before 2027-06-01');
    expect(tokenState()).toEqual(before);
  });

  // Issue 38 point 13: `expires_at_before_instance_max_expiry_date` returns unless the instance requires expiry.
  it('takes any later expires_at while the instance does not require expiry, on create and rotate', async () => {
    mock.seed.instance({ require_token_expiry: false });
    const token = await maintainer.projects.accessTokens.create(API, { ...ci, expires_at: '2030-01-01' });
    expect(token.expires_at).toBe('2030-01-01');
    const rotated = await maintainer.projects.accessTokens.rotate(API, token.id, { expires_at: '2031-01-01' });
    expect(rotated.expires_at).toBe('2031-01-01');
  });

  it("never sets an access level above the caller's own role: Owners up to 50, Maintainers up to 40", async () => {
    expect((await owner.projects.accessTokens.create(API, { ...ci, access_level: 50 })).access_level).toBe(50);
    const before = tokenState();
    const error = await failure(maintainer.projects.accessTokens.create(API, { ...ci, access_level: 50 }));
    expect(error.status).toBe(400);
    expect(error.gitlabMessage).toBe(
      '400 Bad request - Access level of the token contains permissions not held by the creating user',
    );
    expect(tokenState()).toEqual(before);
  });

  it('refuses callers below Maintainer and bots with 400, and non-members with 404, changing nothing', async () => {
    const bot = await maintainer.projects.accessTokens.create(API, ci);
    const before = tokenState();
    for (const token of ['glpat-dev', 'glpat-reporter', bot.token]) {
      const error = await failure(client(mock, token).projects.accessTokens.create(API, ci));
      expect(error.status).toBe(400);
      expect(error.gitlabMessage).toBe(
        '400 Bad request - User does not have permission to create project access token',
      );
    }
    const outsider = await failure(client(mock, 'glpat-outsider').projects.accessTokens.create(API, ci));
    expect(outsider).toMatchObject({ status: 404, gitlabMessage: '404 Project Not Found' });
    expect(tokenState()).toEqual(before);
  });

  it("takes only the scopes of SPEC 2 and the six access levels, with Grape's messages", async () => {
    const cases: [object, string][] = [
      [{ name: 'x' }, 'scopes is missing'],
      [{ scopes: ['api'] }, 'name is missing'],
      [{ name: 'x', scopes: ['api', 'sudo'] }, 'scopes does not have a valid value'],
      [{ name: 'x', scopes: ['read_user'] }, 'scopes does not have a valid value'],
      [{ name: 'x', scopes: ['api'], access_level: 0 }, 'access_level does not have a valid value'],
      [{ name: 'x', scopes: ['api'], expires_at: '2026-13-01' }, 'expires_at is invalid'],
    ];
    for (const [body, message] of cases) {
      const error = await failure(maintainer.projects.accessTokens.create(API, body as never));
      expect(error.body, message).toEqual({ error: message });
    }
    const empty = await failure(maintainer.projects.accessTokens.create(API, { name: ' ', scopes: [] }));
    expect(empty.gitlabMessage).toBe("400 Bad request - Name can't be blank and Scopes can't be blank");
    const all = ['api', 'read_api', 'read_repository', 'write_repository', 'read_registry', 'write_registry'] as const;
    const more = ['create_runner', 'manage_runner', 'ai_features', 'k8s_proxy', 'self_rotate'] as const;
    const token = await maintainer.projects.accessTokens.create(API, { name: 'all', scopes: [...all, ...more] });
    expect(token.scopes).toHaveLength(11);
    expect(mock.world.tokens.size).toBe(testSeed.users.length + 1);
  });
});

describe("create's model errors", () => {
  it("joins three as Ruby's to_sentence does, with commas and a final 'and', and creates nothing", async () => {
    const before = tokenState();
    const error = await failure(
      maintainer.projects.accessTokens.create(API, { name: ' ', scopes: [], expires_at: '2027-06-02' }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.gitlabMessage).toBe(
      "400 Bad request - Name can't be blank, Scopes can't be blank, and Expiration date must be before 2027-06-01",
    );
    expect(tokenState()).toEqual(before);
  });
});

describe('list and read', () => {
  it('needs Maintainer: everyone else gets 401, non-members 404', async () => {
    const token = await maintainer.projects.accessTokens.create(API, ci);
    for (const gitlab of [owner, maintainer, client(mock, 'glpat-root')]) {
      expect((await gitlab.projects.accessTokens.list(API)).items.map((t) => t.id)).toEqual([token.id]);
      expect((await gitlab.projects.accessTokens.get(API, token.id)).name).toBe('ci');
    }
    for (const name of ['dev', 'reporter', 'guest']) {
      const gitlab = client(mock, `glpat-${name}`);
      for (const attempt of [
        () => gitlab.projects.accessTokens.list(API),
        () => gitlab.projects.accessTokens.get(API, token.id),
      ]) {
        const error = await failure(attempt());
        expect(error).toBeInstanceOf(UnauthorizedError);
        expect(error.gitlabMessage).toBe('401 Unauthorized');
      }
    }
    const outsider = await failure(client(mock, 'glpat-outsider').projects.accessTokens.list(API));
    expect(outsider.gitlabMessage).toBe('404 Project Not Found');
  });

  it('never shows the token value, and answers 404 project Access Token Not Found for tokens of other projects', async () => {
    const token = await maintainer.projects.accessTokens.create(API, ci);
    const other = await owner.projects.accessTokens.create('owner/sandbox', ci);
    expect(await maintainer.projects.accessTokens.get(API, token.id)).not.toHaveProperty('token');
    for (const listed of (await maintainer.projects.accessTokens.list(API)).items)
      expect(listed).not.toHaveProperty('token');
    for (const id of [other.id, 999]) {
      const error = await failure(maintainer.projects.accessTokens.get(API, id));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.gitlabMessage).toBe('404 project Access Token Not Found');
    }
  });

  it("shows GitLab 18.6's ResourceAccessToken: resource_type and resource_id, no expired or granular (later versions)", async () => {
    const token = await maintainer.projects.accessTokens.create(API, ci);
    expect(await maintainer.projects.accessTokens.get(API, token.id)).toMatchObject({
      resource_type: 'project',
      resource_id: 1,
    });
    const { body } = await call(mock, 'GET', `/projects/1/access_tokens/${token.id}`, { token: 'glpat-maintainer' });
    expect(Object.keys(body)).toEqual([...PERSONAL_ACCESS_TOKEN_KEYS, 'access_level', 'resource_type', 'resource_id']);
  });

  it('is paginated', async () => {
    for (const name of ['a', 'b', 'c']) await maintainer.projects.accessTokens.create(API, { ...ci, name });
    const page = await maintainer.projects.accessTokens.list(API, { per_page: 2 });
    expect(page).toMatchObject({ page: 1, perPage: 2, total: 3, totalPages: 2, nextPage: 2 });
    expect((await maintainer.projects.accessTokens.list(API, { per_page: 2 }).toArray()).map((t) => t.name)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it("filters by state, revoked, dates and name, and sorts, with GitLab's filters", async () => {
    const make = (name: string, expires_at: string) =>
      maintainer.projects.accessTokens.create(API, { ...ci, name, expires_at });
    await make('deploy', '2026-06-05');
    mock.clock.advance({ days: 1 });
    const backup = await make('Nightly backup', '2027-01-01');
    const revoked = await make('old', '2026-12-01');
    await maintainer.projects.accessTokens.revoke(API, revoked.id);
    await authenticates(backup.token);
    mock.clock.advance({ days: 10 }); // deploy has expired

    const names = async (query: Parameters<GitLab['projects']['accessTokens']['list']>[1]) =>
      (await maintainer.projects.accessTokens.list(API, query).toArray()).map((t) => t.name);
    expect(await names({})).toEqual(['deploy', 'Nightly backup', 'old']);
    expect(await names({ state: 'active' })).toEqual(['Nightly backup']);
    expect(await names({ state: 'inactive' })).toEqual(['deploy', 'old']);
    expect(await names({ revoked: true })).toEqual(['old']);
    expect(await names({ revoked: false })).toEqual(['deploy', 'Nightly backup']);
    expect(await names({ search: 'BACK' })).toEqual(['Nightly backup']);
    expect(await names({ expires_before: '2026-12-01' })).toEqual(['deploy']);
    expect(await names({ expires_after: '2026-12-01' })).toEqual(['Nightly backup', 'old']);
    expect(await names({ created_before: '2026-06-01T09:00:00Z' })).toEqual(['deploy']);
    expect(await names({ created_after: '2026-06-02T00:00:00Z' })).toEqual(['Nightly backup', 'old']);
    expect(await names({ last_used_after: '2026-06-01T00:00:00Z' })).toEqual(['Nightly backup']);
    expect(await names({ last_used_before: '2026-06-01T00:00:00Z' })).toEqual([]);
    expect(await names({ sort: 'name_asc' })).toEqual(['deploy', 'Nightly backup', 'old']);
    expect(await names({ sort: 'expires_desc' })).toEqual(['Nightly backup', 'old', 'deploy']);
    expect(await names({ sort: 'created_desc' })).toEqual(['Nightly backup', 'old', 'deploy']);
    // Never used: last ascending, and newest first among themselves (GitLab's `id: :desc`).
    expect(await names({ sort: 'last_used_asc' })).toEqual(['Nightly backup', 'old', 'deploy']);

    const bad = await failure(maintainer.projects.accessTokens.list(API, { state: 'expired' as never }));
    expect(bad.body).toEqual({ error: 'state does not have a valid value' });
    expect((await failure(maintainer.projects.accessTokens.list(API, { sort: 'id' as never }))).body).toEqual({
      error: 'sort does not have a valid value',
    });
  });
});

/**
 * {@link testSeed} with the project's tokens fixed by the seed: created, used and expiring on
 * known dates (one never used and never expiring, one never used), and a bot renamed since.
 */
const datedTokens: SeedDocument = {
  ...testSeed,
  users: [...testSeed.users, { username: 'release-bot', name: 'Release Bot', bot: true, personal_token: null }],
  projects: [
    {
      path: API,
      access_tokens: [
        { id: 101, name: 'forever', scopes: ['api'], expires_at: null, created_at: '2026-05-01T00:00:00Z' },
        ...[
          [102, 'used-early', '2026-05-10T00:00:00Z', '2026-05-15T00:00:00Z'],
          [103, 'used-late', '2026-05-20T00:00:00Z', '2026-05-25T00:00:00Z'],
        ].map(([id, name, created_at, last_used_at]) => ({
          id: id as number,
          name: name as string,
          scopes: ['api'],
          expires_at: '2026-12-01',
          created_at: created_at as string,
          last_used_at: last_used_at as string,
        })),
        { id: 104, name: 'idle', scopes: ['api'], expires_at: '2027-01-01', created_at: '2026-05-25T00:00:00Z' },
        { id: 105, name: 'ci', scopes: ['api'], user: 'release-bot', created_at: '2026-05-30T00:00:00Z' },
      ],
    },
    ...(testSeed.projects ?? []).slice(1),
  ],
};

/** The names `query` lists in the project of {@link datedTokens}, in order. */
async function datedNames(query: Parameters<GitLab['projects']['accessTokens']['list']>[1]): Promise<string[]> {
  const seeded = client(createTestMock(datedTokens), 'glpat-maintainer');
  return (await seeded.projects.accessTokens.list(API, query).toArray()).map((t) => t.name);
}

describe('list filters at their bounds', () => {
  it('takes created_before and created_after as inclusive (`<=` and `>=`, CreatedAtFilterable)', async () => {
    expect(await datedNames({ created_after: '2026-05-20T00:00:00Z' })).toEqual(['used-late', 'idle', 'ci']);
    expect(await datedNames({ created_before: '2026-05-10T00:00:00Z' })).toEqual(['forever', 'used-early']);
  });

  it('takes last_used_before and last_used_after as inclusive, and never-used tokens match neither', async () => {
    expect(await datedNames({ last_used_before: '2026-05-15T00:00:00Z' })).toEqual(['used-early']);
    expect(await datedNames({ last_used_before: '2026-05-30T00:00:00Z' })).toEqual(['used-early', 'used-late']);
    expect(await datedNames({ last_used_after: '2026-05-25T00:00:00Z' })).toEqual(['used-late']);
    expect(await datedNames({ last_used_after: '2026-05-01T00:00:00Z' })).toEqual(['used-early', 'used-late']);
  });

  it('leaves tokens that never expire out of expires_before and expires_after (SQL comparisons with NULL)', async () => {
    expect(await datedNames({ expires_before: '2027-01-01' })).toEqual(['used-early', 'used-late']);
    expect(await datedNames({ expires_after: '2026-06-01' })).toEqual(['used-early', 'used-late', 'idle', 'ci']);
  });
});

describe('list order', () => {
  it('breaks ties of expires_* and last_used_* newest first, with nulls last ascending and first descending', async () => {
    // GitLab's order_expires_at_asc_id_desc, order_last_used_at_desc_id_desc...: `id: :desc` in both directions.
    expect(await datedNames({ sort: 'expires_asc' })).toEqual(['used-late', 'used-early', 'idle', 'ci', 'forever']);
    expect(await datedNames({ sort: 'expires_desc' })).toEqual(['forever', 'ci', 'idle', 'used-late', 'used-early']);
    expect(await datedNames({ sort: 'last_used_asc' })).toEqual(['used-early', 'used-late', 'ci', 'idle', 'forever']);
    expect(await datedNames({ sort: 'last_used_desc' })).toEqual(['ci', 'idle', 'forever', 'used-late', 'used-early']);
  });

  it('sorts by name in lowercase, and keeps ties of created_* oldest first whatever order they were added in', async () => {
    const created_at = '2026-05-01T00:00:00Z';
    const seeded = createTestMock({
      ...testSeed,
      projects: [
        {
          path: API,
          access_tokens: [
            { id: 120, name: 'deploy_key', scopes: ['api'], created_at },
            { id: 110, name: 'Deployer', scopes: ['api'], created_at },
          ],
        },
      ],
    });
    const ids = async (sort: 'name_asc' | 'name_desc' | 'created_asc' | 'created_desc') =>
      (await client(seeded, 'glpat-maintainer').projects.accessTokens.list(API, { sort }).toArray()).map((t) => t.id);
    // lower(name): '_' sorts before 'e'; in uppercase it would sort after 'E'.
    expect(await ids('name_asc')).toEqual([120, 110]);
    expect(await ids('name_desc')).toEqual([110, 120]);
    expect(await ids('created_asc')).toEqual([110, 120]);
    expect(await ids('created_desc')).toEqual([110, 120]);
  });
});

describe('rotate', () => {
  it('answers 200 with a new token: new id and value, same name, scopes, access level and bot; the old one is revoked', async () => {
    const old = await maintainer.projects.accessTokens.create(API, {
      name: 'ci',
      scopes: ['api', 'read_repository'],
      access_level: 30,
      description: 'CI',
    });
    const response = await call(mock, 'POST', `/projects/1/access_tokens/${old.id}/rotate`, {
      token: 'glpat-maintainer',
    });
    expect(response.status).toBe(200);
    const fresh = response.body as ProjectAccessTokenWithToken;
    expect(fresh).toMatchObject({
      name: 'ci',
      description: 'CI',
      scopes: ['api', 'read_repository'],
      access_level: 30,
      user_id: old.user_id,
      active: true,
      revoked: false,
      expires_at: '2026-06-08', // a week after the world's today
    });
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.token).not.toBe(old.token);
    expect(await maintainer.projects.accessTokens.get(API, old.id)).toMatchObject({ revoked: true, active: false });
    expect(await authenticates(old.token)).toBe(false);
    expect(await authenticates(fresh.token)).toBe(true);
  });

  it('takes an explicit expires_at up to a year ahead; a later one is refused and nothing changes', async () => {
    const old = await maintainer.projects.accessTokens.create(API, ci);
    const before = tokenState();
    const error = await failure(maintainer.projects.accessTokens.rotate(API, old.id, { expires_at: '2027-06-02' }));
    expect(error.gitlabMessage).toBe('400 Bad request - Expiration date must be before 2027-06-01');
    expect(tokenState()).toEqual(before);
    expect(await authenticates(old.token)).toBe(true);
    const fresh = await maintainer.projects.accessTokens.rotate(API, old.id, { expires_at: '2027-06-01' });
    expect(fresh.expires_at).toBe('2027-06-01');
  });

  it('answers 401 to callers without access and for a missing token, but 404 to administrators', async () => {
    const token = await maintainer.projects.accessTokens.create(API, ci);
    const before = tokenState();
    for (const [gitlab, id] of [
      [client(mock, 'glpat-dev'), token.id],
      [maintainer, 999],
    ] as const) {
      const error = await failure(gitlab.projects.accessTokens.rotate(API, id));
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error.gitlabMessage).toBe('401 Unauthorized');
    }
    const admin = await failure(client(mock, 'glpat-root').projects.accessTokens.rotate(API, 999));
    expect(admin).toMatchObject({ status: 404, gitlabMessage: '404 Not Found' });
    expect(tokenState()).toEqual(before);
  });

  it("refuses to rotate a token above the caller's own role, except for administrators", async () => {
    const token = await owner.projects.accessTokens.create(API, { ...ci, access_level: 50 });
    const error = await failure(maintainer.projects.accessTokens.rotate(API, token.id));
    expect(error.gitlabMessage).toBe(
      '400 Bad request - Not eligible to rotate tokens with permissions not held by the user',
    );
    expect(await authenticates(token.token)).toBe(true);
    expect((await client(mock, 'glpat-root').projects.accessTokens.rotate(API, token.id)).access_level).toBe(50);
  });

  it('refuses to rotate a revoked token and revokes its whole family (reuse detection)', async () => {
    const first = await maintainer.projects.accessTokens.create(API, ci);
    const unrelated = await maintainer.projects.accessTokens.create(API, { ...ci, name: 'other' });
    const second = await maintainer.projects.accessTokens.rotate(API, first.id);
    const third = await maintainer.projects.accessTokens.rotate(API, second.id);
    expect(await authenticates(third.token)).toBe(true);

    const error = await failure(maintainer.projects.accessTokens.rotate(API, first.id));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.gitlabMessage).toBe('400 Bad request - Token already revoked');
    expect(await authenticates(third.token)).toBe(false);
    const family = await maintainer.projects.accessTokens.list(API, { state: 'active' });
    expect(family.items.map((t) => t.id)).toEqual([unrelated.id]);
  });

  it("rotates the caller's own token with 'self' when it has the api or self_rotate scope", async () => {
    const api = await maintainer.projects.accessTokens.create(API, { name: 'bot', scopes: ['api'], access_level: 10 });
    const fresh = await client(mock, api.token).projects.accessTokens.rotate(API, 'self', { expires_at: '2026-07-01' });
    expect(fresh).toMatchObject({ name: 'bot', user_id: api.user_id, expires_at: '2026-07-01', access_level: 10 });
    expect(await authenticates(api.token)).toBe(false);

    const selfRotate = await maintainer.projects.accessTokens.create(API, {
      name: 'r',
      scopes: ['read_api', 'self_rotate'],
    });
    expect((await client(mock, selfRotate.token).projects.accessTokens.rotate(API, 'self')).name).toBe('r');
  });

  it("refuses 'self' for a token without those scopes, for a personal token and for another project's token", async () => {
    const readOnly = await maintainer.projects.accessTokens.create(API, { name: 'ro', scopes: ['read_api'] });
    const elsewhere = await owner.projects.accessTokens.create('owner/sandbox', ci);
    mock.seed.project({ path: 'owner/public', visibility: 'public' });
    const before = tokenState();
    const cases: [string, string, string][] = [
      [readOnly.token, API, '400 Bad request - A token needs the api or self_rotate scope to rotate itself'],
      ['glpat-maintainer', API, '400 Bad request - Only an access token of this project can rotate itself'],
      [elsewhere.token, 'owner/public', '400 Bad request - Only an access token of this project can rotate itself'],
    ];
    for (const [token, project, message] of cases) {
      const error = await failure(client(mock, token).projects.accessTokens.rotate(project, 'self'));
      expect(error.gitlabMessage).toBe(message);
    }
    expect(tokenState()).toEqual(before);
  });
});

describe('revoke', () => {
  it('answers 204; the token stops authenticating at once and stays listed as revoked', async () => {
    const token = await maintainer.projects.accessTokens.create(API, ci);
    expect(await authenticates(token.token)).toBe(true);
    const response = await call(mock, 'DELETE', `/projects/1/access_tokens/${token.id}`, { token: 'glpat-maintainer' });
    expect(response).toMatchObject({ status: 204, body: undefined });
    expect(await authenticates(token.token)).toBe(false);
    expect(await maintainer.projects.accessTokens.get(API, token.id)).toMatchObject({ active: false, revoked: true });
  });

  it('answers 404 for an unknown token and 400 "<caller> cannot delete <bot>" to callers without the right', async () => {
    const token = await maintainer.projects.accessTokens.create(API, ci);
    const missing = await failure(maintainer.projects.accessTokens.revoke(API, 999));
    expect(missing).toMatchObject({ status: 404, gitlabMessage: '404 project Access Token Not Found' });
    const error = await failure(client(mock, 'glpat-dev').projects.accessTokens.revoke(API, token.id));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.gitlabMessage).toBe('400 Bad request - dev cannot delete ci');
    expect(await authenticates(token.token)).toBe(true);
  });
});

describe("revoke's refusal names the bot user", () => {
  it("says '<caller> cannot delete <bot user's name>', not the token's name, and changes nothing", async () => {
    const seeded = createTestMock(datedTokens);
    const dev = client(seeded, 'glpat-dev');
    await dev.projects.milestones.list(API).toArray(); // dev's token is used: its last_used_at is now
    const before = seeded.exportState();
    const error = await failure(dev.projects.accessTokens.revoke(API, 105));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.gitlabMessage).toBe('400 Bad request - dev cannot delete Release Bot');
    expect(seeded.exportState()).toEqual(before);
  });
});

describe('expiry', () => {
  it('makes a token past its expires_at (world clock) inactive, and it cannot authenticate', async () => {
    const token = await maintainer.projects.accessTokens.create(API, { ...ci, expires_at: '2026-06-10' });
    mock.clock.set('2026-06-10T23:59:00Z');
    expect(await authenticates(token.token)).toBe(true);
    mock.clock.advance({ minutes: 2 });
    expect(await authenticates(token.token)).toBe(false);
    const expired = await maintainer.projects.accessTokens.get(API, token.id);
    expect(expired).toMatchObject({ active: false, revoked: false, expires_at: '2026-06-10' });
    // GitLab 18.6 has no `expired` field: a past `expires_at` with `revoked: false` is how it shows.
    expect(expired).not.toHaveProperty('expired');
  });
});

describe('secrets', () => {
  it('come from the seedable random source: the same seed gives the same values, another seed others', async () => {
    const make = async (randomSeed: number) => {
      const world = createMockGitLab({ seed: testSeed, randomSeed });
      const created = await client(world, 'glpat-maintainer').projects.accessTokens.create(API, ci);
      const rotated = await client(world, 'glpat-maintainer').projects.accessTokens.rotate(API, created.id);
      return [created.token, rotated.token];
    };
    const one = await make(3);
    expect(await make(3)).toEqual(one);
    expect(await make(4)).not.toEqual(one);
  });

  it('never appear in an error, even when the response carrying one does not fit the model', async () => {
    const secret = 'glpat-NEW-SECRET-0000000000';
    const { gitlab } = setup(() => json({ id: 2, name: 'ci', token: secret }));
    const error = await gitlab.projects.accessTokens.rotate(API, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    for (const text of [String(error), JSON.stringify(error), (error as Error).stack])
      expect(text).not.toContain(secret);
  });

  it('are typed as present only on create and rotate results', () => {
    expectTypeOf<ProjectAccessTokenWithToken['token']>().toBeString();
    expectTypeOf<ProjectAccessToken['token']>().toBeUnknown();
    type Tokens = GitLab['projects']['accessTokens'];
    expectTypeOf<ReturnType<Tokens['create']>>().resolves.toEqualTypeOf<ProjectAccessTokenWithToken>();
    expectTypeOf<ReturnType<Tokens['rotate']>>().resolves.toEqualTypeOf<ProjectAccessTokenWithToken>();
    expectTypeOf<ReturnType<Tokens['get']>>().resolves.toEqualTypeOf<ProjectAccessToken>();
  });
});

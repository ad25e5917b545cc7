import { beforeEach, describe, expect, it } from 'vitest';
import type { MockGitLab, SeedDocument } from '../mock/index.js';
import { call, client, createTestMock, failure, testSeed } from './fixtures.js';

// The rules of mock/rules/access.ts that the rest of the suite reaches without telling apart:
// the words of a refusal's reason (its role names, the token it names, the group it hides),
// refs whose paths start or end with digits, and the plan of a personal project. Each refusal
// is checked for GitLab's status and message, the journal's reason, and the world unchanged.
// Written for the mutants StrykerJS found alive in mock/rules/access.ts, lines 161-401.

const OAUTH_TOKEN = 'b'.repeat(64);

/** {@link testSeed} plus a public project, groups and a project whose paths start or end with digits, and an OAuth token of `dev`. */
const seed: SeedDocument = {
  ...testSeed,
  groups: [
    ...(testSeed.groups ?? []),
    { path: '42ops', members: { owner: 50 } },
    { path: 'ops42', members: { owner: 50 } },
    { path: 'open', visibility: 'public', members: { owner: 50 } },
  ],
  projects: [...(testSeed.projects ?? []), { path: 'open/site', visibility: 'public' }, { path: '42ops/deploy' }],
  oauth: {
    tokens: [
      {
        id: 7,
        application: null,
        user: 'dev',
        token: OAUTH_TOKEN,
        refresh_token: null,
        scopes: ['read_user'],
        auth_time: null,
        created_at: '2026-06-01T09:00:00Z',
        expires_in: 7200,
        revoked_at: null,
      },
    ],
  },
};

let mock: MockGitLab;

beforeEach(() => {
  mock = createTestMock(seed);
});

const reason = () => mock.requests.list().at(-1)?.reason;
/** The world as exported, without `last_used_at` (which every authenticated call moves). */
const world = () =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));

describe('roleIn and roleName: the words of a role refusal', () => {
  it('says a caller without a role in a public project is not a member of it, and names the role it needs', async () => {
    const before = world();
    const refused = await call(mock, 'POST', '/projects/open%2Fsite/labels', {
      token: 'glpat-outsider',
      json: { name: 'bug', color: '#ff0000' },
    });
    expect(refused).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    expect(reason()).toBe('outsider is not a member of project open/site; this needs Planner');
    expect(world()).toEqual(before);
  });

  it('names the role a caller has and the Owner role a group route needs', async () => {
    const before = world();
    const error = await failure(
      client(mock, 'glpat-maintainer').groups.hooks.create('acme/platform', { url: 'https://example.com/hook' }),
    );
    expect(error).toMatchObject({ status: 403, gitlabMessage: '403 Forbidden' });
    expect(reason()).toBe('maintainer is Maintainer in group acme/platform; this needs Owner');
    expect(world()).toEqual(before);
  });
});

describe('requireApiScope: the token a scope refusal names', () => {
  it('names an OAuth token by its id', async () => {
    const refused = await call(mock, 'GET', '/projects', { headers: { authorization: `Bearer ${OAUTH_TOKEN}` } });
    expect(refused).toMatchObject({ status: 403, body: { error: 'insufficient_scope', scope: 'api read_api' } });
    expect(reason()).toBe('OAuth token 7 has scopes read_user; GET needs api or read_api');
  });
});

describe('findGroup: a group the caller may not see', () => {
  it('answers 404 Group Not Found as for a missing group, naming its visibility in the reason', async () => {
    const outsider = client(mock, 'glpat-outsider');
    const hidden = await failure(outsider.groups.get('acme'));
    expect(hidden).toMatchObject({ status: 404, gitlabMessage: '404 Group Not Found' });
    expect(reason()).toBe('group acme is private and outsider is not a member');
    const missing = await failure(outsider.groups.get('nowhere'));
    expect(missing).toMatchObject({ status: 404, gitlabMessage: '404 Group Not Found' });
    expect(reason()).toBe('no group nowhere');
  });
});

describe('refs by path: paths that start or end with digits are paths, not ids', () => {
  it('finds a group whose path starts with digits', async () => {
    const group = await client(mock, 'glpat-owner').groups.get('42ops');
    expect(group).toMatchObject({ full_path: '42ops' });
  });

  it('finds a project in a namespace whose path starts with digits', async () => {
    const project = await client(mock, 'glpat-owner').projects.get('42ops/deploy');
    expect(project).toMatchObject({ path_with_namespace: '42ops/deploy' });
  });

  it('finds the group a webhook trigger names by a path that starts or ends with digits', () => {
    expect(mock.webhooks.trigger({ event: 'member', group: '42ops' })).toEqual({ hooks: 0 });
    expect(mock.webhooks.trigger({ event: 'member', group: 'ops42' })).toEqual({ hooks: 0 });
  });
});

describe('refs by id: a ref of digits only is an id, however many digits', () => {
  it('finds a group and a project by ids of two digits', async () => {
    const ids = createTestMock({
      ...seed,
      groups: [...(seed.groups ?? []), { id: 12, path: 'twelve', members: { owner: 50 } }],
      projects: [...(seed.projects ?? []), { id: 34, path: 'twelve/app' }],
    });
    const owner = client(ids, 'glpat-owner');
    expect(await owner.groups.get(12)).toMatchObject({ id: 12, full_path: 'twelve' });
    expect(await owner.projects.get(34)).toMatchObject({ id: 34, path_with_namespace: 'twelve/app' });
    expect(await owner.projects.get('34')).toMatchObject({ id: 34 });
  });
});

describe('projectPlan: a personal project on the hosted offering', () => {
  it('is on the free plan, which the approvals refusal names', async () => {
    const before = world();
    const error = await failure(client(mock, 'glpat-owner').projects.approvalSettings.get('owner/sandbox'));
    expect(error).toMatchObject({ status: 403, gitlabMessage: '403 Forbidden' });
    expect(reason()).toBe('project owner/sandbox is on the free plan; approvals need Premium');
    expect(world()).toEqual(before);
  });
});

describe('requireUsersApiScope: the ai_workflows scope on lib/api/users.rb', () => {
  const AI_TOKEN = 'c'.repeat(64);
  /** {@link seed} with an OAuth token of `dev` whose only scope is `ai_workflows`. */
  const aiMock = () =>
    createTestMock({
      ...seed,
      oauth: {
        tokens: [
          {
            id: 9,
            application: null,
            user: 'dev',
            token: AI_TOKEN,
            refresh_token: null,
            scopes: ['ai_workflows'],
            auth_time: null,
            created_at: '2026-06-01T09:00:00Z',
            expires_in: 7200,
            revoked_at: null,
          },
        ],
      },
    });
  const bearer = { headers: { authorization: `Bearer ${AI_TOKEN}` } };

  it('lets an ai_workflows token read GET /user, and any users.rb route by HEAD', async () => {
    const ai = aiMock();
    expect(await call(ai, 'GET', '/user', bearer)).toMatchObject({ status: 200, body: { username: 'dev' } });
    expect((await call(ai, 'HEAD', '/user', bearer)).status).toBe(200);
    expect((await call(ai, 'HEAD', '/users', bearer)).status).toBe(200);
    expect((await call(ai, 'HEAD', '/user/keys', bearer)).status).toBe(200);
  });

  it('refuses it a GET of any other users.rb route, and of a route outside users.rb', async () => {
    const ai = aiMock();
    const last = () => ai.requests.list().at(-1)?.reason;
    for (const path of ['/users', '/user/keys']) {
      const refused = await call(ai, 'GET', path, bearer);
      expect(refused).toMatchObject({
        status: 403,
        body: { error: 'insufficient_scope', scope: 'api read_api read_user' },
      });
      expect(last()).toBe('OAuth token 9 has scopes ai_workflows; GET needs api or read_api or read_user');
    }
    // lib/api/metadata.rb takes `read_user`, not `ai_workflows`, even by HEAD.
    expect((await call(ai, 'HEAD', '/metadata', bearer)).status).toBe(403);
  });
});

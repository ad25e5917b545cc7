import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { ProjectAccessToken } from '../../src/index.js';
import { api, hasPaginationHeaders, NON_EXISTING_ID, notPorted, refusedUnchanged } from './api.js';

/**
 * GitLab's `spec/requests/api/resource_access_tokens_spec.rb`, ported as HTTP
 * requests to the mock. GitLab runs one set of shared examples for a project
 * and for a group; so does this file, against one set of token rules for both.
 * docs/gitlab-specs.md lists them (a test keeps it in step).
 */

type Source = 'project' | 'group';

const ROOT = 'glpat-spec-root';
const USER = 'glpat-spec-user';
const NON_PRIVILEGED = 'glpat-spec-nonpriv';
const OWNER = 'glpat-spec-owner';
const DEVELOPER = 'glpat-spec-developer';

const TODAY = '2026-06-01';
const inDays = (days: number) => new Date(Date.parse(TODAY) + days * 86_400_000).toISOString().slice(0, 10);

const users: SeedDocument['users'] = [
  { username: 'root', admin: true, token: ROOT },
  { username: 'user', name: 'Spec User', token: USER },
  { username: 'nonpriv', name: 'Non Privileged', token: NON_PRIVILEGED },
  { username: 'owner', token: OWNER },
  { username: 'developer', token: DEVELOPER },
  { username: 'someone' },
];

/** GitLab's `before_all` of each resource kind: who is what where. */
const seeds: Record<Source, SeedDocument> = {
  project: {
    now: `${TODAY}T09:00:00Z`,
    users,
    groups: [{ path: 'team' }],
    projects: [
      { path: 'team/resource', members: { user: 40, nonpriv: 30, owner: 50, developer: 30 } },
      { path: 'someone/other', members: { user: 40 } },
      { path: 'someone/unknown' },
    ],
  },
  group: {
    now: `${TODAY}T09:00:00Z`,
    users,
    groups: [
      { path: 'resource', members: { user: 50, nonpriv: 40, owner: 50, developer: 30 } },
      { path: 'other', members: { user: 50 } },
    ],
    projects: [{ path: 'someone/unknown' }],
  },
};

/** The resources of a run, as paths: `resource`, `other_resource`, `unknown_resource`. */
const paths: Record<Source, { resource: string; other: string; unknown: string }> = {
  project: { resource: 'team%2Fresource', other: 'someone%2Fother', unknown: 'someone%2Funknown' },
  group: { resource: 'resource', other: 'other', unknown: 'someone%2Funknown' },
};

function resourceAccessTokenExamples(source: Source) {
  const base = (resource: string) => `/${source}s/${resource}/access_tokens`;
  /** The access level GitLab's spec gives a bot of this kind of resource (Maintainer of a project, Owner of a group). */
  const botLevel = source === 'project' ? 40 : 50;
  /** Who is a Maintainer, not an Owner, of the resource. */
  const maintainer = source === 'project' ? USER : NON_PRIVILEGED;
  let mock: MockGitLab;
  let { resource, other, unknown } = paths[source];

  /** A token (and its bot) made as GitLab's factories make it: by the administrator, here through the API. */
  async function token(name: string, options: { on?: string; access_level?: number } = {}) {
    const answer = await api(mock, 'POST', base(options.on ?? resource), ROOT, {
      name,
      scopes: ['api'],
      access_level: options.access_level ?? botLevel,
      expires_at: inDays(30),
    });
    if (answer.status !== 201) throw new Error(`cannot create ${name}: ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number; token: string; name: string; scopes: string[]; expires_at: string };
  }
  const revoked = async (id: number, on = resource) =>
    (await api(mock, 'GET', `${base(on)}/${id}`, ROOT)).body.revoked as boolean;

  beforeEach(() => {
    mock = createMockGitLab({ seed: seeds[source] });
    ({ resource, other, unknown } = paths[source]);
  });

  describe(`GET ${source}s/:id/access_tokens`, () => {
    let tokens: Awaited<ReturnType<typeof token>>[];
    beforeEach(async () => {
      tokens = [await token('first'), await token('second'), await token('third')];
    });

    it(`when the user has valid permissions: gets a list of access tokens for the specified ${source}`, async () => {
      const answer = await api(mock, 'GET', base(resource), USER);
      expect(answer.status).toBe(200);
      expect(hasPaginationHeaders(answer.headers)).toBe(true);
      z.parse(z.array(ProjectAccessToken), answer.body);
      expect(answer.body.map((t: { id: number }) => t.id).sort()).toEqual(tokens.map((t) => t.id).sort());
    });

    it('when the user has valid permissions: exposes the correct token information', async () => {
      const answer = await api(mock, 'GET', base(resource), USER);
      const last = answer.body.at(-1);
      expect(last).toMatchObject({ name: 'third', scopes: ['api'], access_level: botLevel, expires_at: inDays(30) });
      expect(last).not.toHaveProperty('token');
    });

    it(`when using a ${source} access token to GET other ${source} access tokens: gets a list of access tokens for the specified ${source}`, async () => {
      const answer = await api(mock, 'GET', base(resource), tokens[0]?.token);
      expect(answer.status).toBe(200);
      expect(answer.body.map((t: { id: number }) => t.id).sort()).toEqual(tokens.map((t) => t.id).sort());
    });

    it(`when tokens belong to a different ${source}: does not return tokens from a different ${source}`, async () => {
      const elsewhere = await token('elsewhere', { on: other, access_level: 40 });
      const answer = await api(mock, 'GET', base(resource), USER);
      expect(answer.body.map((t: { id: number }) => t.id)).not.toContain(elsewhere.id);
    });

    it(`when the ${source} has no access tokens: returns an empty array`, async () => {
      const answer = await api(mock, 'GET', base(other), USER);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    });

    it(`when trying to get the tokens of a different ${source}: returns 404`, async () => {
      expect((await api(mock, 'GET', base(unknown), USER)).status).toBe(404);
    });

    it(`when the ${source} does not exist: returns 404`, async () => {
      expect((await api(mock, 'GET', base(String(NON_EXISTING_ID)), USER)).status).toBe(404);
    });

    it('when the user does not have valid permissions: returns 401', async () => {
      expect((await api(mock, 'GET', base(resource), NON_PRIVILEGED)).status).toBe(401);
    });
  });

  describe(`GET ${source}s/:id/access_tokens/:token_id`, () => {
    let bot: Awaited<ReturnType<typeof token>>;
    beforeEach(async () => {
      bot = await token('bot');
    });

    it(`when the user has valid permissions: gets the ${source} access token from the ${source}`, async () => {
      const answer = await api(mock, 'GET', `${base(resource)}/${bot.id}`, USER);
      expect(answer.status).toBe(200);
      z.parse(ProjectAccessToken, answer.body);
      expect(answer.body).toMatchObject({
        name: 'bot',
        scopes: ['api'],
        access_level: botLevel,
        expires_at: inDays(30),
      });
    });

    it(`when using ${source} access token to GET other ${source} access token: gets the ${source} access token from the ${source}`, async () => {
      const otherBot = await token('other bot', { access_level: 40 });
      const answer = await api(mock, 'GET', `${base(resource)}/${otherBot.id}`, USER);
      expect(answer.status).toBe(200);
      z.parse(ProjectAccessToken, answer.body);
      expect(answer.body).toMatchObject({
        name: 'other bot',
        scopes: ['api'],
        access_level: 40,
        expires_at: inDays(30),
      });
    });

    // adapted: the mock answers the newest GitLab's `404 project Access Token Not Found`; this spec's version expects the older `Could not find project access token with token_id: <id>`
    it(`when attempting to get a non-existent ${source} access token: does not get the token, and returns 404`, async () => {
      const answer = await api(mock, 'GET', `${base(resource)}/${NON_EXISTING_ID}`, USER);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: `404 ${source} Access Token Not Found` });
    });

    // adapted: the mock answers the newest GitLab's `404 project Access Token Not Found`; this spec's version expects the older `Could not find project access token with token_id: <id>`
    it(`when attempting to get a token that does not belong to the specified ${source}: does not get the token, and returns 404`, async () => {
      const answer = await api(mock, 'GET', `${base(other)}/${bot.id}`, USER);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: `404 ${source} Access Token Not Found` });
    });

    it('when the user does not have valid permissions: returns 401', async () => {
      expect((await api(mock, 'GET', `${base(resource)}/${bot.id}`, NON_PRIVILEGED)).status).toBe(401);
    });
  });

  describe(`DELETE ${source}s/:id/access_tokens/:token_id`, () => {
    let bot: Awaited<ReturnType<typeof token>>;
    beforeEach(async () => {
      bot = await token('bot', { access_level: 40 });
    });
    const botExists = (name: string) => [...mock.world.users.values()].some((u) => u.bot && u.name === name);

    // skip: not modelled: the feature flag retain_resource_access_token_user_after_revoke off (the bot user deleted on revocation); the mock keeps the bot, as GitLab does by default
    notPorted(`when retain bot user ff is disabled: deletes the ${source} access token from the ${source}`);

    // skip: not modelled: the feature flag retain_resource_access_token_user_after_revoke off (the bot user deleted on revocation); the mock keeps the bot, as GitLab does by default
    notPorted(
      `when retain bot user ff is disabled, when using ${source} access token to DELETE other ${source} access token: deletes the ${source} access token from the ${source}`,
    );

    it(`when the user has valid permissions: deletes the ${source} access token from the ${source}`, async () => {
      expect((await api(mock, 'DELETE', `${base(resource)}/${bot.id}`, USER)).status).toBe(204);
      expect(await revoked(bot.id)).toBe(true);
      expect(botExists('bot')).toBe(true);
    });

    it(`when using ${source} access token to DELETE other ${source} access token: deletes the ${source} access token from the ${source}`, async () => {
      const otherBot = await token('other bot', { access_level: 40 });
      expect((await api(mock, 'DELETE', `${base(resource)}/${otherBot.id}`, USER)).status).toBe(204);
      expect(await revoked(bot.id)).toBe(false);
      expect(await revoked(otherBot.id)).toBe(true);
      expect(botExists('other bot')).toBe(true);
    });

    // adapted: the mock answers the newest GitLab's `404 project Access Token Not Found`; this spec's version expects the older `Could not find project access token with token_id: <id>`
    it(`when attempting to delete a non-existent ${source} access token: does not delete the token, and returns 404`, async () => {
      const answer = await api(mock, 'DELETE', `${base(resource)}/${NON_EXISTING_ID}`, USER);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: `404 ${source} Access Token Not Found` });
    });

    // adapted: the mock answers the newest GitLab's `404 project Access Token Not Found`; this spec's version expects the older `Could not find project access token with token_id: <id>`
    it(`when attempting to delete a token that does not belong to the specified ${source}: does not delete the token, and returns 404`, async () => {
      const answer = await api(mock, 'DELETE', `${base(other)}/${bot.id}`, USER);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: `404 ${source} Access Token Not Found` });
    });

    it('when the user does not have valid permissions: does not delete the token, and returns 400', async () => {
      const { answer, unchanged } = await refusedUnchanged(mock, NON_PRIVILEGED, () =>
        api(mock, 'DELETE', `${base(resource)}/${bot.id}`, NON_PRIVILEGED),
      );
      expect(answer.status).toBe(400);
      expect(unchanged).toBe(true);
      expect(botExists('bot')).toBe(true);
      expect(JSON.stringify(answer.body)).toContain('Non Privileged cannot delete bot');
    });
  });

  describe(`POST ${source}s/:id/access_tokens`, () => {
    const params = { name: 'test', scopes: ['api'], expires_at: inDays(30), access_level: 20 };
    const created = async (body: Record<string, unknown>) => {
      const answer = await api(mock, 'POST', base(resource), USER, body);
      expect(answer.status).toBe(201);
      return answer.body;
    };
    const refused = async (body: Record<string, unknown>, token = USER, on = resource) => {
      const { answer, unchanged } = await refusedUnchanged(mock, token, () => api(mock, 'POST', base(on), token, body));
      expect(unchanged).toBe(true);
      return answer;
    };

    it(`with valid params, with full params: creates a ${source} access token with the params`, async () => {
      const body = await created(params);
      expect(body).toMatchObject({ name: 'test', scopes: ['api'], access_level: 20, expires_at: inDays(30) });
      expect(body.token).toEqual(expect.any(String));
    });

    it(`with valid params, when 'expires_at' is not set: creates a ${source} access token with the default expires_at value`, async () => {
      const body = await created({ ...params, expires_at: undefined });
      expect(body).toMatchObject({ name: 'test', scopes: ['api'], expires_at: inDays(365) });
    });

    it(`with valid params, when 'access_level' is not set: creates a ${source} access token with the default access level`, async () => {
      const body = await created({ ...params, access_level: undefined });
      expect(body).toMatchObject({ name: 'test', scopes: ['api'], access_level: 40, expires_at: inDays(30) });
      expect(body.token).toEqual(expect.any(String));
    });

    it(`with invalid params, when missing the 'name' param: does not create a ${source} access token without 'name'`, async () => {
      const answer = await refused({ scopes: ['api'], expires_at: inDays(5) });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('name is missing');
    });

    it(`with invalid params, when missing the 'scopes' param: does not create a ${source} access token without 'scopes'`, async () => {
      const answer = await refused({ name: 'test', expires_at: inDays(5) });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('scopes is missing');
    });

    it(`with invalid params, when using invalid 'scopes': does not create a ${source} access token with invalid 'scopes'`, async () => {
      const answer = await refused({ name: 'test', scopes: ['test'], expires_at: inDays(5) });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('scopes does not have a valid value');
    });

    it(`with invalid params, when using invalid 'access_level': does not create a ${source} access token with invalid 'access_level'`, async () => {
      const answer = await refused({ name: 'test', scopes: ['api'], expires_at: inDays(5), access_level: 0 });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('access_level does not have a valid value');
    });

    it(`when trying to create a token in a different ${source}: does not create the token, and returns the ${source} not found error`, async () => {
      const answer = await refused(params, USER, unknown);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toContain(`${source === 'project' ? 'Project' : 'Group'} Not Found`);
    });

    it('when the user role is too low: does not create the token, and returns the permission error', async () => {
      const answer = await refused(params, source === 'project' ? NON_PRIVILEGED : DEVELOPER);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(`User does not have permission to create ${source} access token`);
    });

    it(`when a ${source} access token tries to create another ${source} access token: does not allow a ${source} access token to create another ${source} access token`, async () => {
      const bot = await token('bot');
      const answer = await refused(params, bot.token);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(`User does not have permission to create ${source} access token`);
    });
  });

  describe(`POST ${source}s/:id/access_tokens/:token_id/rotate`, () => {
    const rotate = (id: number, caller: string, params?: Record<string, unknown>) =>
      api(mock, 'POST', `${base(resource)}/${id}/rotate`, caller, params);

    it('when user is owner: allows owner to rotate token', async () => {
      const bot = await token('bot', { access_level: 40 });
      const answer = await rotate(bot.id, OWNER);
      expect(answer.status).toBe(200);
      expect(answer.body.token).not.toBe(bot.token);
      expect(answer.body.expires_at).toBe(inDays(7));
    });

    // adapted: the mock words the refusal as GitLab's rotation service does, `Not eligible to rotate tokens with permissions not held by the user`; this spec's version expects `Not eligible to rotate token with access level higher than the user`
    it('when user is maintainer, when token has owner access level: raises error', async () => {
      const bot = await token('bot', { access_level: 50 });
      const { answer, unchanged } = await refusedUnchanged(mock, maintainer, () => rotate(bot.id, maintainer));
      expect(unchanged).toBe(true);
      if (source === 'project') {
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe(
          '400 Bad request - Not eligible to rotate tokens with permissions not held by the user',
        );
      } else {
        expect(answer.status).toBe(401);
      }
    });

    it('when user is maintainer, when token has maintainer access level: rotates token', async () => {
      const bot = await token('bot', { access_level: 40 });
      const answer = await rotate(bot.id, maintainer);
      if (source === 'project') {
        expect(answer.status).toBe(200);
        expect(answer.body.token).not.toBe(bot.token);
        expect(answer.body.expires_at).toBe(inDays(7));
      } else {
        expect(answer.status).toBe(401);
      }
    });

    it('when expiry is defined: allows owner to rotate token', async () => {
      const bot = await token('bot', { access_level: 40 });
      const answer = await rotate(bot.id, OWNER, { expires_at: inDays(30) });
      expect(answer.status).toBe(200);
      expect(answer.body.token).not.toBe(bot.token);
      expect(answer.body.expires_at).toBe(inDays(30));
    });

    it('without permission: returns an error message', async () => {
      const bot = await token('bot', { access_level: 40 });
      const { answer, unchanged } = await refusedUnchanged(mock, DEVELOPER, () => rotate(bot.id, DEVELOPER));
      expect(answer.status).toBe(401);
      expect(unchanged).toBe(true);
    });

    // skip: not modelled: GitLab's spec stubs the rotation service to fail with its own message; nothing in the mock's world makes a permitted rotation fail that way
    notPorted('when service raises an error: returns the same error message');

    it('when token does not exist, for non-admin user: returns unauthorized', async () => {
      expect((await rotate(NON_EXISTING_ID, DEVELOPER)).status).toBe(401);
    });

    it('when token does not exist, for admin user: returns not found', async () => {
      expect((await rotate(NON_EXISTING_ID, ROOT)).status).toBe(404);
    });
  });
}

describe('when the resource is a project', () => {
  resourceAccessTokenExamples('project');
});

describe('when the resource is a group', () => {
  resourceAccessTokenExamples('group');
});

import { describe, expect, it } from 'vitest';
import type { MockGitLab } from '../mock/index.js';
import { ForbiddenError } from '../src/index.js';
import { call, client, createTestMock } from './fixtures.js';

// `POST /projects/:id/members` and `POST /groups/:id/members` with comma-separated `user_id` or
// `username` (lib/api/members.rb `add_multiple_members?`, app/services/members/create_service.rb,
// creator_service.rb): a summary with 201, each user added, updated or named in the error.

const API = 'acme/platform/api';
const idOf = (mock: MockGitLab, username: string) =>
  [...mock.world.users.values()].find((u) => u.username === username)?.id as number;
const roleIn = (mock: MockGitLab, username: string) =>
  [...mock.world.projects.values()].find((p) => p.path_with_namespace === API)?.members.get(idOf(mock, username));
const state = (mock: MockGitLab) => JSON.stringify(mock.exportState());

describe('adding several members in one request', () => {
  it('adds each user by id and answers 201 {"status":"success"}', async () => {
    const mock = createTestMock();
    const result = await client(mock, 'glpat-maintainer').projects.members.addMany(API, {
      user_id: [idOf(mock, 'outsider'), idOf(mock, 'root')],
      access_level: 30,
    });
    expect(result).toEqual({ status: 'success' });
    expect([roleIn(mock, 'outsider'), roleIn(mock, 'root')]).toEqual([30, 30]);
  });

  it('takes usernames in any case, skips the unknown ones, and sends one user with a trailing comma', async () => {
    const mock = createTestMock();
    const members = client(mock, 'glpat-maintainer').projects.members;
    expect(await members.addMany(API, { username: ['OUTSIDER', 'nobody'], access_level: 20 })).toEqual({
      status: 'success',
    });
    expect(await members.addMany(API, { user_id: [idOf(mock, 'root')], access_level: 20 })).toEqual({
      status: 'success',
    });
    expect([roleIn(mock, 'outsider'), roleIn(mock, 'root')]).toEqual([20, 20]);
    const answer = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/members`, {
      token: 'glpat-maintainer',
      json: { user_id: `${idOf(mock, 'guest')}`, access_level: 20 },
    });
    expect(answer.body.username).toBe('guest'); // without a comma: the one-member answer
  });

  it('answers "No users specified." when no username names a user, changing nothing', async () => {
    const mock = createTestMock();
    await call(mock, 'GET', '/user', { token: 'glpat-maintainer' });
    const before = state(mock);
    const answer = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/members`, {
      token: 'glpat-maintainer',
      json: { username: 'nobody,none', access_level: 30 },
    });
    // `error(e.message, pass_back: { reason: })`: `reverse_merge` puts the reason first.
    expect([answer.status, JSON.stringify(answer.body)]).toEqual([
      201,
      '{"reason":"blank_invites_error","message":"No users specified.","status":"error"}',
    ]);
    expect(state(mock)).toBe(before);
  });

  it('skips ids of no user and anything that is not digits, and succeeds', async () => {
    const mock = createTestMock();
    await call(mock, 'GET', '/user', { token: 'glpat-maintainer' });
    const before = state(mock);
    const answer = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/members`, {
      token: 'glpat-maintainer',
      json: { user_id: '999999,abc, 5', access_level: 30 },
    });
    expect([answer.status, answer.body]).toEqual([201, { status: 'success' }]);
    expect(state(mock)).toBe(before);
  });

  it('refuses more than 100 users', async () => {
    const mock = createTestMock();
    const ids = Array.from({ length: 101 }, (_, i) => i + 1000).join(',');
    const answer = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/members`, {
      token: 'glpat-maintainer',
      json: { user_id: ids, access_level: 30 },
    });
    expect(answer.body).toEqual({
      reason: 'too_many_invites_error',
      message: 'Too many users specified (limit is 100)',
      status: 'error',
    });
  });

  it('adds the valid ones and names the others, each with its model errors, in one sentence', async () => {
    const mock = createTestMock();
    const result = await client(mock, 'glpat-maintainer').projects.members.addMany(API, {
      username: ['dev', 'outsider', 'reporter'],
      access_level: 10,
    });
    expect(result).toEqual({
      message:
        'dev: Access level should be greater than or equal to Developer inherited membership from group platform and reporter: Access level should be greater than or equal to Reporter inherited membership from group platform',
      status: 'error',
    });
    expect([roleIn(mock, 'outsider'), roleIn(mock, 'dev'), roleIn(mock, 'reporter')]).toEqual([
      10,
      undefined,
      undefined,
    ]);
    const past = await client(mock, 'glpat-maintainer').projects.members.addMany(API, {
      username: ['guest', 'planner', 'root'], // in id order, as `User.id_in` finds them
      access_level: 30,
      expires_at: '2020-01-01',
    });
    expect(past.message).toBe(
      'root: Expires at cannot be a date in the past, planner: Expires at cannot be a date in the past, and guest: Expires at cannot be a date in the past',
    );
  });

  it('gives a user who is already a direct member the new role (no 409)', async () => {
    const mock = createTestMock();
    const members = client(mock, 'glpat-maintainer').projects.members;
    await members.add(API, { username: 'outsider', access_level: 20 });
    expect(await members.addMany(API, { username: ['outsider', 'root'], access_level: 30 })).toEqual({
      status: 'success',
    });
    expect([roleIn(mock, 'outsider'), roleIn(mock, 'root')]).toEqual([30, 30]);
  });

  it('names every user a caller without the right may not add, with http_status "unauthorized", and adds none', async () => {
    const mock = createTestMock();
    await call(mock, 'GET', '/user', { token: 'glpat-dev' });
    const before = state(mock);
    const result = await client(mock, 'glpat-dev').projects.members.addMany(API, {
      username: ['outsider', 'root'],
      access_level: 20,
    });
    expect(result).toEqual({
      message:
        'root: not authorized to create member and Access level is not included in the list and outsider: not authorized to create member and Access level is not included in the list',
      status: 'error',
      http_status: 'unauthorized',
    });
    expect(state(mock)).toBe(before);
  });

  it('refuses the Owner role in a project to a Maintainer with 403, changing nothing', async () => {
    const mock = createTestMock();
    await call(mock, 'GET', '/user', { token: 'glpat-maintainer' });
    const before = state(mock);
    const error = await client(mock, 'glpat-maintainer')
      .projects.members.addMany(API, { username: ['outsider', 'root'], access_level: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    expect(state(mock)).toBe(before);
  });

  it("names every user a group's Maintainer may not add as Owner, and adds none (no `managing_owners?` skip for a number)", async () => {
    const mock = createTestMock();
    await call(mock, 'GET', '/user', { token: 'glpat-maintainer' });
    const before = state(mock);
    const result = await client(mock, 'glpat-maintainer').groups.members.addMany('acme/platform', {
      username: ['outsider'],
      access_level: 50,
    });
    expect(result).toEqual({
      message: 'outsider: not authorized to create member and Access level is not included in the list',
      status: 'error',
      http_status: 'unauthorized',
    });
    expect(state(mock)).toBe(before);
  });

  it('adds to a group as its Owner', async () => {
    const mock = createTestMock();
    const result = await client(mock, 'glpat-owner').groups.members.addMany('acme', {
      user_id: [idOf(mock, 'outsider'), idOf(mock, 'root')],
      access_level: 50,
    });
    expect(result).toEqual({ status: 'success' });
    const acme = [...mock.world.groups.values()].find((g) => g.full_path === 'acme');
    expect([acme?.members.get(idOf(mock, 'outsider')), acme?.members.get(idOf(mock, 'root'))]).toEqual([50, 50]);
  });
});

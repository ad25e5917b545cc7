import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { call, testSeed } from './fixtures.js';

// Authentication, seen from outside: which token a request carries (`mock/http/credentials.ts`),
// who it authenticates as and when `last_used_at` moves (`mock/rules/access.ts`), and the journal's
// reason for each 401 (two refusals with the same status and body differ only there).

const hex = (c: string) => c.repeat(64);
const oauthToken = (id: number, user: string | null, token: string, fields: { revoked_at?: string } = {}) => ({
  id,
  application: null,
  user,
  token,
  refresh_token: null,
  scopes: ['api'],
  auth_time: null,
  created_at: '2026-06-01T08:00:00Z',
  expires_in: 7200,
  revoked_at: null,
  ...fields,
});

const seed: SeedDocument = {
  ...testSeed,
  users: [
    ...(testSeed.users ?? []).filter((u) => u.username !== 'blocked'),
    { username: 'blocked', token: 'glpat-blocked', state: 'blocked', personal_token: { id: 901, name: 'laptop' } },
    { username: 'leaver', token: 'glpat-leaver', personal_token: { id: 902, name: 'old', revoked: true } },
    { username: 'late', token: 'glpat-late', personal_token: { id: 903, name: 'ci', expires_at: '2026-05-31' } },
    { username: 'watched', token: 'glpat-watched', personal_token: { id: 904, last_used_at: null } },
  ],
  oauth: {
    tokens: [
      oauthToken(11, 'dev', hex('a')),
      oauthToken(12, 'dev', hex('b'), { revoked_at: '2026-06-01T08:30:00Z' }),
      oauthToken(13, 'blocked', hex('c')),
      oauthToken(14, null, hex('d')),
      // Issued at 06:00 for two hours: expired at 08:00, an hour before the world's now.
      { ...oauthToken(15, 'dev', hex('e')), created_at: '2026-06-01T06:00:00Z' },
    ],
  },
};

let mock: MockGitLab;
beforeEach(() => {
  mock = createMockGitLab({ seed });
});

const USER = '/user';
const get = (headers: Record<string, string>, path = USER) => call(mock, 'GET', path, { headers });
const lastReason = () => mock.requests.list().at(-1)?.reason;
const UNAUTHORIZED = { message: '401 Unauthorized' };
/** GitLab's `forbidden!(UserAccessDeniedReason#rejection_message)` for a blocked user (`lib/api/api_guard.rb`). */
const BLOCKED = { message: '403 Forbidden - Your account has been blocked.' };

describe('tokenOf: where a personal token is read, as GitLab reads it', () => {
  it('takes ?private_token= before the PRIVATE-TOKEN header (find_personal_access_token)', async () => {
    const res = await get({ 'private-token': 'glpat-reporter' }, `${USER}?private_token=glpat-dev`);
    expect([res.status, res.body.username]).toEqual([200, 'dev']);
  });

  it('does not strip a token: one ending in a vertical tab is not the token, and is refused', async () => {
    // fetch's Headers strip only spaces and tabs; GitLab looks the value up as sent.
    const before = mock.exportState();
    const res = await get({ 'private-token': 'glpat-dev\v' });
    expect([res.status, res.body]).toEqual([401, UNAUTHORIZED]);
    expect(lastReason()).toBe('the token is not known to this GitLab');
    expect(mock.exportState()).toEqual(before);
  });

  it('takes a blank PRIVATE-TOKEN for none (Rails presence) and reads the Bearer token', async () => {
    const res = await get({ 'private-token': '\v', authorization: 'Bearer glpat-dev' });
    expect([res.status, res.body.username]).toEqual([200, 'dev']);
  });

  it('takes a blank ?private_token= for none and reads the header', async () => {
    const res = await get({ 'private-token': 'glpat-dev' }, `${USER}?private_token=%20`);
    expect([res.status, res.body.username]).toEqual([200, 'dev']);
  });
});

describe('authenticate: last_used_at, recorded at most every 10 minutes', () => {
  const lastUsed = () => mock.exportState().users?.find((u) => u.username === 'watched')?.personal_token?.last_used_at;
  const use = async () => expect((await get({ 'private-token': 'glpat-watched' })).status).toBe(200);

  it('records the first use, keeps it for 10 minutes, and records again at 10 minutes', async () => {
    expect(lastUsed()).toBeNull();
    await use();
    expect(lastUsed()).toBe('2026-06-01T09:00:00.000Z');
    mock.clock.advance({ minutes: 9, seconds: 59 });
    await use();
    expect(lastUsed()).toBe('2026-06-01T09:00:00.000Z');
    mock.clock.advance({ seconds: 1 });
    await use();
    expect(lastUsed()).toBe('2026-06-01T09:10:00.000Z');
  });

  it('a use a minute after the last keeps it', async () => {
    await use();
    mock.clock.advance({ minutes: 1 });
    await use();
    expect(lastUsed()).toBe('2026-06-01T09:00:00.000Z');
  });
});

describe('identify: an OAuth token acts as its user only while that user is active', () => {
  it("an OAuth token of a blocked user is GitLab's 403 (api_access_allowed?), and changes nothing", async () => {
    expect((await get({ authorization: `Bearer ${hex('a')}` })).body.username).toBe('dev');
    const before = mock.exportState();
    const res = await get({ authorization: `Bearer ${hex('c')}` });
    expect([res.status, res.body]).toEqual([403, BLOCKED]);
    expect(lastReason()).toBe('OAuth token 13 of blocked belongs to a blocked user');
    expect(mock.exportState()).toEqual(before);
  });
});

describe('asCaller: an administrator without admin mode is the same user, without powers', () => {
  it('/user answers the administrator’s own record, without is_admin', async () => {
    mock = createMockGitLab({ seed: { ...seed, instance: { ...seed.instance, admin_mode: true } } });
    const res = await get({ 'private-token': 'glpat-root' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'root', name: expect.any(String), state: 'active' });
    expect(res.body.id).toBe(mock.exportState().users?.find((u) => u.username === 'root')?.id);
    expect(res.body).not.toHaveProperty('is_admin');
  });
});

describe('refusal: the reason of a refused OAuth token', () => {
  it('a revoked one: GitLab’s body, and the token named in the reason', async () => {
    const res = await get({ authorization: `Bearer ${hex('b')}` });
    expect([res.status, res.body]).toEqual([
      401,
      { error: 'invalid_token', error_description: 'Token was revoked. You have to re-authorize from the user.' },
    ]);
    expect(lastReason()).toBe('OAuth token 12 is revoked');
  });

  it('an expired one', async () => {
    const res = await get({ authorization: `Bearer ${hex('e')}` });
    expect(res.status).toBe(401);
    expect(res.body.error_description).toBe('Token is expired. You can either do re-authorization or token refresh.');
    expect(lastReason()).toBe('OAuth token 15 expired');
  });

  it('a client credentials one: 401 Unauthorized, for having no user', async () => {
    const res = await get({ authorization: `Bearer ${hex('d')}` });
    expect([res.status, res.body]).toEqual([401, UNAUTHORIZED]);
    expect(lastReason()).toBe('OAuth token 14 is a client credentials token, with no user');
  });
});

describe('whyUnauthenticated: the reason of a refused personal token', () => {
  const refused = async (token: string | undefined) => {
    const res = await get(token === undefined ? {} : { 'private-token': token });
    expect([res.status, res.body]).toEqual([401, UNAUTHORIZED]);
    return lastReason();
  };

  it('no token, an unknown one', async () => {
    expect(await refused(undefined)).toBe('the request has no token');
    expect(await refused('glpat-nope')).toBe('the token is not known to this GitLab');
  });

  it('a revoked one, an expired one', async () => {
    expect(await refused('glpat-leaver')).toBe('token 902 (old) of leaver is revoked');
    expect(await refused('glpat-late')).toBe('token 903 (ci) of late expired on 2026-05-31');
  });

  it("one of a blocked user authenticates, then GitLab's api_access_allowed? refuses it: 403 with the reason", async () => {
    const res = await get({ 'private-token': 'glpat-blocked' });
    expect([res.status, res.body]).toEqual([403, BLOCKED]);
    expect(lastReason()).toBe('token 901 (laptop) of blocked belongs to a blocked user');
  });
});

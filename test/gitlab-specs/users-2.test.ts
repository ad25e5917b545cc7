import { describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { call } from '../fixtures.js';
import { api, hasPaginationHeaders, NON_EXISTING_ID, notPorted, notPortedGroup, refusedUnchanged } from './api.js';

/**
 * GitLab's `spec/requests/api/users_spec.rb`, from `PUT /user/:id/credit_card_validation` to the
 * end of the file (users-1.test.ts ports the first half), and the shared examples it runs
 * (`spec/support/shared_examples/requests/admin_mode_shared_examples.rb`,
 * `.../requests/api/read_user_shared_examples.rb`, `.../requests/api/status_shared_examples.rb`),
 * ported as HTTP requests to the mock: each GitLab example is one test, named as GitLab names it
 * (its contexts joined by ", ", then ": "). docs/gitlab-specs.md lists them (a test keeps it in step).
 */

const NOW = Date.parse('2026-06-01T09:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();
const dayIn = (days: number) => new Date(NOW + days * 86_400_000).toISOString().slice(0, 10);

const ADMIN = 'glpat-spec-admin';
const USER = 'glpat-spec-user';
const OTHER = 'glpat-spec-other';

/** The spec's `key` (`create(:key, user: user)`), and a second key for the ones it creates. */
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIF7RfAoLMxdqJFMpptGqpXWYyXP39wb9cOAiYJtr3bv me@example.com';
const NEW_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICSngOT6Mz91r3+bz8I6BcqxMfoe7zErV8UfCdVOHP7o new@example.com';
const KEY_ID = 501;

/** GitLab's `attributes_for(:key, usage_type: :signing)`. */
const keyAttributes = { title: 'Sample key', key: NEW_KEY, usage_type: 'signing' };

type SeedUser = SeedDocument['users'][number];

/**
 * The spec's users (`let_it_be` and `let` at the top of the file): an administrator, `user.withdot`
 * with one SSH key, another user, and one user per state (blocked, LDAP-blocked, deactivated, banned,
 * pending approval), and the ghost user, GitLab's internal user (`user.internal?`).
 */
function world(
  options: {
    users?: SeedUser[];
    groups?: SeedDocument['groups'];
    instance?: SeedDocument['instance'];
    oauth?: SeedDocument['oauth'];
    /** More of `user.withdot`'s seed (its tokens, keys...). */
    withdot?: Partial<SeedUser>;
  } = {},
) {
  return createMockGitLab({
    seed: {
      now: new Date(NOW).toISOString(),
      ...(options.instance ? { instance: options.instance } : {}),
      users: [
        { username: 'admin', admin: true, token: ADMIN },
        {
          username: 'user.withdot',
          name: 'User Withdot',
          token: USER,
          ssh_keys: [{ id: KEY_ID, title: 'Sample key', key: KEY }],
          ...options.withdot,
        },
        { username: 'other', token: OTHER },
        { username: 'blocked', state: 'blocked' },
        {
          username: 'ldap-blocked',
          state: 'ldap_blocked',
          identities: [{ provider: 'ldapmain', extern_uid: 'uid=ldap' }],
        },
        { username: 'deactivated', state: 'deactivated' },
        { username: 'banned', state: 'banned' },
        { username: 'pending', state: 'blocked_pending_approval' },
        { username: 'ghost', ghost: true },
        ...(options.users ?? []),
      ],
      ...(options.groups ? { groups: options.groups } : {}),
      ...(options.oauth ? { oauth: options.oauth } : {}),
    },
  });
}

const idOf = (mock: MockGitLab, username: string) => {
  const found = [...mock.world.users.values()].find((u) => u.username === username);
  if (!found) throw new Error(`no user ${username}`);
  return found.id;
};
const stateOf = (mock: MockGitLab, username: string) => mock.world.users.get(idOf(mock, username))?.state;
const keysOf = (mock: MockGitLab, username: string) =>
  [...mock.world.sshKeys.values()].filter((key) => key.user_id === idOf(mock, username));

/**
 * GitLab's shared examples "<method> request permissions for admin mode", in a world with admin
 * mode on: an administrator whose token has the `admin_mode` scope gets `success`; the same
 * administrator without it, and a user with or without it, get 403.
 */
async function permissionsForAdminMode(
  send: (mock: MockGitLab, token: string) => Promise<{ status: number }>,
  success: number,
  withdot: Partial<SeedUser> = {},
) {
  const tokens = {
    'admin, admin mode': 'glpat-spec-admin-mode',
    'admin, no admin mode': 'glpat-spec-admin-plain',
    'user, admin mode': 'glpat-spec-user-mode',
    'user, no admin mode': 'glpat-spec-user-plain',
  };
  const statuses: Record<string, number> = {};
  for (const [who, token] of Object.entries(tokens)) {
    const mock = world({
      withdot,
      instance: { admin_mode: true },
      users: [
        { username: 'admin-in-mode', admin: true, token: tokens['admin, admin mode'], scopes: ['api', 'admin_mode'] },
        { username: 'admin-plain', admin: true, token: tokens['admin, no admin mode'], scopes: ['api'] },
        { username: 'user-in-mode', token: tokens['user, admin mode'], scopes: ['api', 'admin_mode'] },
        { username: 'user-plain', token: tokens['user, no admin mode'], scopes: ['api'] },
      ],
    });
    statuses[who] = (await send(mock, token)).status;
  }
  expect(statuses).toEqual({
    'admin, admin mode': success,
    'admin, no admin mode': 403,
    'user, admin mode': 403,
    'user, no admin mode': 403,
  });
}

notPortedGroup('PUT /user/:id/credit_card_validation (users_spec)', () => {
  // skip: not modelled: PUT /user/:id/credit_card_validation (GitLab.com's credit card validation)
  notPorted('PUT request permissions for admin mode');
  // skip: not modelled: PUT /user/:id/credit_card_validation (GitLab.com's credit card validation)
  notPorted('when unauthenticated: returns authentication error');
  // skip: not modelled: PUT /user/:id/credit_card_validation (GitLab.com's credit card validation)
  notPorted("when authenticated as non-admin: does not allow updating user's credit card validation");
  // skip: not modelled: PUT /user/:id/credit_card_validation (GitLab.com's credit card validation)
  notPorted("when authenticated as admin: updates user's credit card validation");
  // skip: not modelled: PUT /user/:id/credit_card_validation (GitLab.com's credit card validation)
  notPorted('when authenticated as admin: returns 400 error if credit_card_validated_at is missing');
  // skip: not modelled: PUT /user/:id/credit_card_validation (GitLab.com's credit card validation)
  notPorted('when authenticated as admin: returns 404 error if user not found');
  // skip: not modelled: PUT /user/:id/credit_card_validation (GitLab.com's credit card validation)
  notPorted(
    'when authenticated as admin, when the credit card daily verification limit has been exceeded: returns a 400 error with the reason',
  );
  // skip: not modelled: PUT /user/:id/credit_card_validation; and it stubs UpsertCreditCardValidationService
  notPorted(
    'when authenticated as admin, when UpsertCreditCardValidationService returns an unexpected error: returns a generic 400 error',
  );
});

describe('DELETE /users/:id/identities/:provider (users_spec)', () => {
  /** The spec's `create(:omniauth_user, provider: 'ldapmain')`: an active user with an `ldapmain` identity. */
  const ldapWorld = () =>
    world({ users: [{ username: 'omniauth', identities: [{ provider: 'ldapmain', extern_uid: 'uid=omniauth' }] }] });
  const path = (mock: MockGitLab, provider = 'ldapmain') => `/users/${idOf(mock, 'omniauth')}/identities/${provider}`;
  const identities = (mock: MockGitLab) => mock.world.users.get(idOf(mock, 'omniauth'))?.identities ?? [];

  it('DELETE request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => {
      mock.seed.user({ username: 'omniauth', identities: [{ provider: 'ldapmain', extern_uid: 'uid=omniauth' }] });
      return api(mock, 'DELETE', path(mock), token);
    }, 204);
  });

  it('when unauthenticated: returns authentication error', async () => {
    const mock = ldapWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, undefined, () => api(mock, 'DELETE', path(mock)));
    expect(answer.status).toBe(401);
    expect(unchanged).toBe(true);
  });

  it('when authenticated: deletes identity of given provider', async () => {
    const mock = ldapWorld();
    expect(identities(mock)).toHaveLength(1);
    const answer = await api(mock, 'DELETE', path(mock), ADMIN);
    expect(answer.status).toBe(204);
    expect(identities(mock)).toHaveLength(0);
  });

  it('when authenticated, 412 response, for a modified resource: returns 412 with a JSON error', async () => {
    const mock = ldapWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      deleteIfUnmodifiedSince(mock, path(mock), ADMIN, MODIFIED_SINCE),
    );
    expect(answer.status).toBe(412);
    expect(answer.body).toEqual({ message: '412 Precondition Failed' });
    expect(unchanged).toBe(true);
  });

  it('when authenticated, 412 response, for an unmodified resource: returns 204 with an empty body', async () => {
    const mock = ldapWorld();
    const answer = await deleteIfUnmodifiedSince(mock, path(mock), ADMIN, new Date(NOW).toUTCString());
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });

  it('when authenticated: returns 404 error if user not found', async () => {
    const answer = await api(ldapWorld(), 'DELETE', `/users/${NON_EXISTING_ID}/identities/ldapmain`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('when authenticated: returns 404 error if identity not found', async () => {
    const mock = ldapWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      api(mock, 'DELETE', path(mock, 'saml'), ADMIN),
    );
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Identity Not Found');
    expect(unchanged).toBe(true);
  });
});

describe('POST /users/:id/keys (users_spec)', () => {
  const path = (mock: MockGitLab) => `/users/${idOf(mock, 'user.withdot')}/keys`;

  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'POST', path(mock), token, keyAttributes), 201);
  });

  it('does not create invalid ssh key', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      api(mock, 'POST', path(mock), ADMIN, { title: 'invalid key' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('key is missing');
    expect(unchanged).toBe(true);
  });

  it('does not create key without title', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      api(mock, 'POST', path(mock), ADMIN, { key: 'some key' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('title is missing');
    expect(unchanged).toBe(true);
  });

  it('creates ssh key', async () => {
    const mock = world();
    const answer = await api(mock, 'POST', path(mock), ADMIN, keyAttributes);
    expect(answer.status).toBe(201);
    const keys = keysOf(mock, 'user.withdot');
    expect(keys).toHaveLength(2);
    const listed = await api(mock, 'GET', path(mock), ADMIN);
    const key = listed.body.at(-1);
    expect(key.title).toBe(keyAttributes.title);
    expect(key.key.split(' ').slice(0, 2)).toEqual(NEW_KEY.split(' ').slice(0, 2));
    expect(keys.at(-1)?.key).toBe(NEW_KEY);
    expect(key.usage_type).toBe('signing');
  });

  it('creates SSH key with `expires_at` attribute', async () => {
    const mock = world();
    const expiresAt = new Date(NOW + 21 * 86_400_000).toISOString();
    const answer = await api(mock, 'POST', path(mock), ADMIN, { ...keyAttributes, expires_at: expiresAt });
    expect(answer.status).toBe(201);
    expect(answer.body.expires_at.slice(0, 10)).toBe(expiresAt.slice(0, 10));
  });

  it('returns 400 for invalid ID', async () => {
    const mock = world();
    const answer = await api(mock, 'POST', `/users/${NON_EXISTING_ID}/keys`, ADMIN);
    expect(answer.status).toBe(400);
  });
});

notPortedGroup('GET /users/:id/project_deploy_keys (users_spec)', () => {
  // skip: not modelled: deploy keys (GET /users/:id/project_deploy_keys)
  notPorted('returns 404 for non-existing user');
  // skip: not modelled: deploy keys (GET /users/:id/project_deploy_keys)
  notPorted('returns array of project deploy keys with pagination');
  // skip: not modelled: deploy keys (GET /users/:id/project_deploy_keys)
  notPorted('forbids when a developer fetches maintainer keys');
  // skip: not modelled: deploy keys (GET /users/:id/project_deploy_keys)
  notPorted('with multiple projects, when no common projects for user and current_user: forbids');
  // skip: not modelled: deploy keys (GET /users/:id/project_deploy_keys)
  notPorted(
    'with multiple projects, when there are common projects for user and current_user: lists only common project keys',
  );
  // skip: not modelled: deploy keys (GET /users/:id/project_deploy_keys)
  notPorted(
    'with multiple projects, when there are common projects for user and current_user: lists only project_deploy_keys and not user deploy_keys',
  );
  // skip: not modelled: deploy keys; and it counts database queries
  notPorted('with multiple projects, when there are common projects for user and current_user: avoids N+1 queries');
  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
});

describe('GET /users/:id/keys (users_spec)', () => {
  const path = (mock: MockGitLab) => `/users/${idOf(mock, 'user.withdot')}/keys`;

  it('returns 404 for non-existing user', async () => {
    const answer = await api(world(), 'GET', `/users/${NON_EXISTING_ID}/keys`);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('returns array of ssh keys', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', path(mock));
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body[0].title).toBe('Sample key');
  });

  it('returns array of ssh keys with comments replaced witha simple identifier of username + hostname', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', path(mock));
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    const host = new URL(mock.baseUrl).hostname;
    expect(answer.body.length).toBeGreaterThan(0);
    for (const key of answer.body) expect(key.key).toContain(`User Withdot (${host}`);
  });

  // skip: asserts only on database queries (N+1), which no response shows
  notPorted('N+1 queries: avoids N+1 queries');
  // skip: not modelled: GitLab's ApplicationRateLimiter key `user_ssh_keys` (the mock throttles only the whole API, Rack::Attack)
  notPorted(
    'when rate limited, when user is authenticated, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // The part a client sees: with no limit on the key (GitLab stubs its threshold to 0), the request is not a 429. The log is not seen.
  it('when rate limited, when user is authenticated, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', path(mock), OTHER);
    expect(answer.status).not.toBe(429);
    expect(answer.status).toBe(200);
  });
  // skip: not modelled: GitLab's ApplicationRateLimiter key `user_ssh_keys` (the mock throttles only the whole API, Rack::Attack)
  notPorted(
    'when rate limited, when user is unauthenticated, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  it('when rate limited, when user is unauthenticated, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', path(mock));
    expect(answer.status).not.toBe(429);
    expect(answer.status).toBe(200);
  });
});

describe('GET /users/:username/keys (users_spec)', () => {
  it('returns 404 for non-existing user', async () => {
    const answer = await api(world(), 'GET', `/users/${NON_EXISTING_ID}/keys`);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');

  it('returns array of ssh keys', async () => {
    const answer = await api(world(), 'GET', '/users/user.withdot/keys');
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body[0].title).toBe('Sample key');
  });

  // skip: not modelled: GitLab's ApplicationRateLimiter key `user_ssh_keys` (stubbed `throttled?`; the mock throttles only the whole API)
  notPorted('when the rate limit has been reached: returns status 429 Too Many Requests');
});

describe('GET /users/:id/keys/:key_id (users_spec)', () => {
  const path = (mock: MockGitLab) => `/users/${idOf(mock, 'user.withdot')}/keys/${KEY_ID}`;

  it('gets existing key', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', path(mock));
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('Sample key');
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');

  it('returns 404 error if user not found', async () => {
    const answer = await api(world(), 'GET', `/users/${NON_EXISTING_ID}/keys/${KEY_ID}`);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('returns 404 error if key not found', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', `/users/${idOf(mock, 'user.withdot')}/keys/${NON_EXISTING_ID}`);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Key Not Found');
  });

  // skip: not modelled: GitLab's ApplicationRateLimiter key `user_ssh_key` (the mock throttles only the whole API, Rack::Attack)
  notPorted(
    'when rate limited, when user is authenticated, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // The part a client sees: with no limit on the key (GitLab stubs its threshold to 0), the request is not a 429. The log is not seen.
  it('when rate limited, when user is authenticated, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', path(mock), OTHER);
    expect(answer.status).not.toBe(429);
    expect(answer.status).toBe(200);
  });
  // skip: not modelled: GitLab's ApplicationRateLimiter key `user_ssh_key` (the mock throttles only the whole API, Rack::Attack)
  notPorted(
    'when rate limited, when user is unauthenticated, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  it('when rate limited, when user is unauthenticated, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', path(mock));
    expect(answer.status).not.toBe(429);
    expect(answer.status).toBe(200);
  });
});

/** GitLab's `If-Unmodified-Since` of the shared examples "412 response": a time long before, and now. */
const MODIFIED_SINCE = '1990-01-12T00:00:48-0600';
const deleteIfUnmodifiedSince = (mock: MockGitLab, path: string, token: string, since: string) =>
  call(mock, 'DELETE', path, { token, headers: { 'If-Unmodified-Since': since } });

describe('DELETE /users/:id/keys/:key_id (users_spec)', () => {
  const path = (mock: MockGitLab) => `/users/${idOf(mock, 'user.withdot')}/keys/${KEY_ID}`;

  it('DELETE request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'DELETE', path(mock), token), 204);
  });

  it('when unauthenticated: returns authentication error', async () => {
    const mock = world();
    const answer = await api(mock, 'DELETE', `/users/${idOf(mock, 'user.withdot')}/keys/${NON_EXISTING_ID}`);
    expect(answer.status).toBe(401);
  });

  it('when authenticated: deletes existing key', async () => {
    const mock = world();
    const answer = await api(mock, 'DELETE', path(mock), ADMIN);
    expect(answer.status).toBe(204);
    expect(keysOf(mock, 'user.withdot')).toHaveLength(0);
  });

  it('when authenticated, 412 response, for a modified resource: returns 412 with a JSON error', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      deleteIfUnmodifiedSince(mock, path(mock), ADMIN, MODIFIED_SINCE),
    );
    expect(answer.status).toBe(412);
    expect(answer.body).toEqual({ message: '412 Precondition Failed' });
    expect(unchanged).toBe(true);
  });

  it('when authenticated, 412 response, for an unmodified resource: returns 204 with an empty body', async () => {
    const mock = world();
    const answer = await deleteIfUnmodifiedSince(mock, path(mock), ADMIN, new Date(NOW).toUTCString());
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });

  it('when authenticated: returns 404 error if user not found', async () => {
    const answer = await api(world(), 'DELETE', `/users/${NON_EXISTING_ID}/keys/${KEY_ID}`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('when authenticated: returns 404 error if key not foud', async () => {
    const mock = world();
    const answer = await api(mock, 'DELETE', `/users/${idOf(mock, 'user.withdot')}/keys/${NON_EXISTING_ID}`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Key Not Found');
  });
});

notPortedGroup('POST /users/:id/gpg_keys (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('POST request permissions for admin mode');
  // skip: not modelled: GPG keys
  notPorted('does not create invalid GPG key');
  // skip: not modelled: GPG keys
  notPorted('creates GPG key');
  // skip: not modelled: GPG keys
  notPorted('returns 400 for invalid ID');
});

notPortedGroup('GET /user/:id/gpg_keys (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('returns 404 for non-existing user');
  // skip: not modelled: GPG keys
  notPorted('returns array of GPG keys');
  // skip: not modelled: GPG keys; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: GPG keys, and GitLab's ApplicationRateLimiter key `user_gpg_keys`
  notPorted(
    'when rate limited, when user is authenticated, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // skip: not modelled: GPG keys; and it stubs `Gitlab::ApplicationRateLimiter.threshold`
  notPorted(
    'when rate limited, when user is authenticated, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request',
  );
  // skip: not modelled: GPG keys, and GitLab's ApplicationRateLimiter key `user_gpg_keys`
  notPorted(
    'when rate limited, when user is unauthenticated, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // skip: not modelled: GPG keys; and it stubs `Gitlab::ApplicationRateLimiter.threshold`
  notPorted(
    'when rate limited, when user is unauthenticated, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request',
  );
});

notPortedGroup('GET /user/:id/gpg_keys/:key_id (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('returns 404 for non-existing user');
  // skip: not modelled: GPG keys
  notPorted('returns 404 for non-existing key');
  // skip: not modelled: GPG keys; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: GPG keys
  notPorted('returns a single GPG key');
  // skip: not modelled: GPG keys, and GitLab's ApplicationRateLimiter key `user_gpg_key`
  notPorted(
    'when rate limited, when user is authenticated, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // skip: not modelled: GPG keys; and it stubs `Gitlab::ApplicationRateLimiter.threshold`
  notPorted(
    'when rate limited, when user is authenticated, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request',
  );
  // skip: not modelled: GPG keys, and GitLab's ApplicationRateLimiter key `user_gpg_key`
  notPorted(
    'when rate limited, when user is unauthenticated, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope',
  );
  // skip: not modelled: GPG keys; and it stubs `Gitlab::ApplicationRateLimiter.threshold`
  notPorted(
    'when rate limited, when user is unauthenticated, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request',
  );
});

notPortedGroup('DELETE /user/:id/gpg_keys/:key_id (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('DELETE request permissions for admin mode');
  // skip: not modelled: GPG keys
  notPorted('when unauthenticated: returns authentication error');
  // skip: not modelled: GPG keys
  notPorted('when authenticated: deletes existing key');
  // skip: not modelled: GPG keys
  notPorted('when authenticated: returns 404 error if user not found');
  // skip: not modelled: GPG keys
  notPorted('when authenticated: returns 404 error if key not foud');
});

notPortedGroup('POST /user/:id/gpg_keys/:key_id/revoke (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('POST request permissions for admin mode');
  // skip: not modelled: GPG keys
  notPorted('when unauthenticated: returns authentication error');
  // skip: not modelled: GPG keys
  notPorted('when authenticated: revokes existing key');
  // skip: not modelled: GPG keys
  notPorted('when authenticated: returns 404 error if user not found');
  // skip: not modelled: GPG keys
  notPorted('when authenticated: returns 404 error if key not foud');
});

notPortedGroup('POST /users/:id/emails (users_spec)', () => {
  // skip: not modelled: the emails API (secondary emails)
  notPorted('POST request permissions for admin mode');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('does not create invalid email');
  // skip: not modelled: the emails API (secondary emails), and the mails it sends
  notPorted('creates unverified email');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('returns a 400 for invalid ID');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('creates verified email');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when user with a primary email exists, when the primary email is confirmed: returns 400 error');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when user with a primary email exists, when the primary email is unconfirmed: returns 400 error');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when user with a secondary email exists, when the secondary email is confirmed: returns 400 error');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when user with a secondary email exists, when the secondary email is unconfirmed: returns 400 error');
});

notPortedGroup('GET /user/:id/emails (users_spec)', () => {
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when unauthenticated: returns authentication error');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated: returns 404 for non-existing user');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated: returns array of emails');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated: returns a 404 for invalid ID');
});

notPortedGroup('DELETE /user/:id/emails/:email_id (users_spec)', () => {
  // skip: not modelled: the emails API (secondary emails)
  notPorted('DELETE request permissions for admin mode');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when unauthenticated: returns authentication error');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated: deletes existing email');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated, 412 response, for a modified resource: returns 412 with a JSON error');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated, 412 response, for an unmodified resource: returns 204 with an empty body');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated: returns 404 error if user not found');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated: returns 404 error if email not foud');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated: returns a 404 for invalid ID');
});

describe('DELETE /users/:id (users_spec)', () => {
  /** The spec's `let_it_be(:issue) { create(:issue, author: user) }`: the user opens it in another user's project. */
  const issueWorld = () => {
    const mock = world({ users: [{ username: 'owner' }] });
    mock.seed.project({ path: 'owner/project', members: { 'user.withdot': 30 } });
    return mock;
  };
  const path = (mock: MockGitLab) => `/users/${idOf(mock, 'user.withdot')}`;

  it('DELETE request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'DELETE', path(mock), token), 204);
  });

  it('deletes user', async () => {
    const mock = world();
    const target = path(mock);
    const answer = await api(mock, 'DELETE', target, ADMIN);
    expect(answer.status).toBe(204);
    expect((await api(mock, 'GET', target, ADMIN)).status).toBe(404);
  });

  it('sole owner of a group, hard delete disabled: does not delete user', async () => {
    const mock = world({ groups: [{ path: 'group', members: { 'user.withdot': 50 } }] });
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () => api(mock, 'DELETE', path(mock), ADMIN));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('User cannot be removed while is the sole-owner of a group');
    expect(unchanged).toBe(true);
  });

  it('sole owner of a group, hard delete enabled: delete user and group', async () => {
    const mock = world({ groups: [{ path: 'group', members: { 'user.withdot': 50 } }] });
    const answer = await api(mock, 'DELETE', `${path(mock)}?hard_delete=true`, ADMIN);
    expect(answer.status).toBe(204);
    expect((await api(mock, 'GET', '/groups/group', ADMIN)).status).toBe(404);
  });

  it('sole owner of a group, hard delete enabled, with subgroup owning: delete only user', async () => {
    const mock = world({
      users: [{ username: 'parent-owner' }],
      groups: [
        { path: 'group', members: { 'user.withdot': 50 } },
        { path: 'parent', members: { 'parent-owner': 50 } },
        { path: 'parent/subgroup', members: { 'user.withdot': 50 } },
      ],
    });
    const answer = await api(mock, 'DELETE', `${path(mock)}?hard_delete=true`, ADMIN);
    expect(answer.status).toBe(204);
    expect((await api(mock, 'GET', '/groups/parent%2Fsubgroup', ADMIN)).status).toBe(200);
  });

  it('412 response, for a modified resource: returns 412 with a JSON error', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      deleteIfUnmodifiedSince(mock, path(mock), ADMIN, MODIFIED_SINCE),
    );
    expect(answer.status).toBe(412);
    expect(answer.body).toEqual({ message: '412 Precondition Failed' });
    expect(unchanged).toBe(true);
  });

  it('412 response, for an unmodified resource: returns 204 with an empty body', async () => {
    const mock = world();
    const answer = await deleteIfUnmodifiedSince(mock, path(mock), ADMIN, new Date(NOW).toUTCString());
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });

  it('does not delete for unauthenticated user', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, undefined, () => api(mock, 'DELETE', path(mock)));
    expect(answer.status).toBe(401);
    expect(unchanged).toBe(true);
  });

  it('is not available for non admin users', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () => api(mock, 'DELETE', path(mock), USER));
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('returns 404 for non-existing user', async () => {
    const answer = await api(world(), 'DELETE', `/users/${NON_EXISTING_ID}`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('returns a 404 for invalid ID', async () => {
    const answer = await api(world(), 'DELETE', '/users/ASDF', ADMIN);
    expect(answer.status).toBe(404);
  });

  it('hard delete disabled: moves contributions to the ghost user', async () => {
    const mock = issueWorld();
    const issue = await api(mock, 'POST', '/projects/owner%2Fproject/issues', USER, { title: 'By the user' });
    expect(issue.status).toBe(201);
    const answer = await api(mock, 'DELETE', path(mock), ADMIN);
    expect(answer.status).toBe(204);
    const kept = await api(mock, 'GET', `/projects/owner%2Fproject/issues/${issue.body.iid}`, ADMIN);
    expect(kept.status).toBe(200);
    expect(kept.body.author.username).toBe('ghost');
  });

  it('hard delete enabled: removes contributions', async () => {
    const mock = issueWorld();
    const issue = await api(mock, 'POST', '/projects/owner%2Fproject/issues', USER, { title: 'By the user' });
    const answer = await api(mock, 'DELETE', `${path(mock)}?hard_delete=true`, ADMIN);
    expect(answer.status).toBe(204);
    expect((await api(mock, 'GET', `/projects/owner%2Fproject/issues/${issue.body.iid}`, ADMIN)).status).toBe(404);
  });
});

/** An OAuth access token of `user.withdot` with `scopes` (GitLab's `Doorkeeper::AccessToken.create!`). */
const OAUTH_TOKEN = 'a'.repeat(64);
const oauthWorld = (scopes: string[]) =>
  world({
    oauth: {
      tokens: [
        {
          id: 1,
          application: null,
          user: 'user.withdot',
          token: OAUTH_TOKEN,
          refresh_token: null,
          scopes,
          auth_time: null,
          created_at: new Date(NOW).toISOString(),
          expires_in: 7200,
          revoked_at: null,
        },
      ],
    },
  });

/**
 * GitLab's shared examples 'allows the "read_user" scope' (`read_user_shared_examples.rb`): the route
 * read with a personal access token (`PRIVATE-TOKEN`) or an OAuth token (`Authorization: Bearer`) of
 * `user.withdot` holding `scopes`, by GET or HEAD; answers the status.
 */
async function readWithScopes(
  path: string | ((mock: MockGitLab) => string),
  kind: 'personal' | 'oauth',
  scopes: string[],
  method: 'GET' | 'HEAD' = 'GET',
) {
  if (kind === 'oauth') {
    const mock = oauthWorld(scopes);
    const url = typeof path === 'string' ? path : path(mock);
    return (await call(mock, method, url, { headers: { authorization: `Bearer ${OAUTH_TOKEN}` } })).status;
  }
  const mock = world({ withdot: { personal_access_tokens: [{ name: 'scoped', scopes, token: 'glpat-spec-scoped' }] } });
  const url = typeof path === 'string' ? path : path(mock);
  return (await call(mock, method, url, { token: 'glpat-spec-scoped' })).status;
}

/** The keys `public_api/v4/user/public.json` requires (`spec/fixtures/api/schemas`). */
const PUBLIC_USER_KEYS = [
  'id',
  'username',
  'email',
  'name',
  'state',
  'avatar_url',
  'web_url',
  'created_at',
  'bio',
  'location',
  'linkedin',
  'twitter',
  'website_url',
  'organization',
  'last_sign_in_at',
  'confirmed_at',
  'color_scheme_id',
  'projects_limit',
  'current_sign_in_at',
  'identities',
  'can_create_group',
  'can_create_project',
  'two_factor_enabled',
  'external',
];
/** The keys `public_api/v4/user/admin.json` requires besides. */
const ADMIN_USER_KEYS = [...PUBLIC_USER_KEYS, 'commit_email', 'is_admin', 'pronouns', 'namespace_id'];

describe('GET /user (users_spec)', () => {
  it('get user info (v4), with regular user, with personal access token: returns 403 without private token when sudo is defined', async () => {
    const answer = await call(world(), 'GET', `/user?private_token=${USER}&sudo=123`);
    expect(answer.status).toBe(403);
    // `sudo!`: `forbidden!('Must be admin to use sudo')` (lib/api/helpers.rb).
    expect(answer.body).toEqual({ message: '403 Forbidden - Must be admin to use sudo' });
  });

  it('get user info (v4), with regular user: returns current user without private token when sudo not defined', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', '/user', USER);
    expect(answer.status).toBe(200);
    for (const key of PUBLIC_USER_KEYS) expect(answer.body, key).toHaveProperty(key);
    expect(answer.body.id).toBe(idOf(mock, 'user.withdot'));
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('get user info (v4), with regular user: authorizing granular token permissions');

  it('get user info (v4), with regular user, scopes, for personal access tokens, when the requesting token has the "api" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes('/user', 'personal', ['api'])).toBe(200);
  });
  it('get user info (v4), with regular user, scopes, for personal access tokens, when the requesting token has the "api" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes('/user', 'personal', ['api'], 'HEAD')).toBe(200);
  });
  it('get user info (v4), with regular user, scopes, for personal access tokens, when the requesting token has the "read_user" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes('/user', 'personal', ['read_user'])).toBe(200);
  });
  it('get user info (v4), with regular user, scopes, for personal access tokens, when the requesting token has the "read_user" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes('/user', 'personal', ['read_user'], 'HEAD')).toBe(200);
  });
  it('get user info (v4), with regular user, scopes, for personal access tokens, when the requesting token does not have any required scope: returns a "403" response', async () => {
    expect(await readWithScopes('/user', 'personal', ['read_registry'])).toBe(403);
  });
  it('get user info (v4), with regular user, scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "api" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes('/user', 'oauth', ['api'])).toBe(200);
  });
  it('get user info (v4), with regular user, scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "api" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes('/user', 'oauth', ['api'], 'HEAD')).toBe(200);
  });
  it('get user info (v4), with regular user, scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "read_user" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes('/user', 'oauth', ['read_user'])).toBe(200);
  });
  it('get user info (v4), with regular user, scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "read_user" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes('/user', 'oauth', ['read_user'], 'HEAD')).toBe(200);
  });
  it('get user info (v4), with regular user, scopes, for doorkeeper (OAuth) tokens, when the requesting token does not have any required scope: returns a "403" response', async () => {
    expect(await readWithScopes('/user', 'oauth', ['invalid'])).toBe(403);
  });

  it('get user info (v4), with admin, with personal access token: returns 403 without private token when sudo defined', async () => {
    // `create(:personal_access_token, :admin_mode, user: admin)`: scopes `api` and `admin_mode`, no `sudo`.
    const mock = world({
      instance: { admin_mode: true },
      users: [
        { username: 'admin-in-mode', admin: true, token: 'glpat-spec-admin-mode', scopes: ['api', 'admin_mode'] },
      ],
    });
    const answer = await call(
      mock,
      'GET',
      `/user?private_token=glpat-spec-admin-mode&sudo=${idOf(mock, 'user.withdot')}`,
    );
    expect(answer.status).toBe(403);
    // `validate_and_save_access_token!(scopes: [:sudo])` raises InsufficientScopeError (lib/api/api_guard.rb's responder).
    expect(answer.body).toMatchObject({ error: 'insufficient_scope', scope: 'sudo' });
  });

  it('get user info (v4), with admin, with personal access token: returns initial current user without private token but with is_admin when sudo not defined', async () => {
    const mock = world({
      instance: { admin_mode: true },
      users: [
        { username: 'admin-in-mode', admin: true, token: 'glpat-spec-admin-mode', scopes: ['api', 'admin_mode'] },
      ],
    });
    const answer = await call(mock, 'GET', '/user?private_token=glpat-spec-admin-mode');
    expect(answer.status).toBe(200);
    for (const key of ADMIN_USER_KEYS) expect(answer.body, key).toHaveProperty(key);
    expect(answer.body.id).toBe(idOf(mock, 'admin-in-mode'));
  });

  it('get user info (v4), with unauthenticated user: returns 401 error if user is unauthenticated', async () => {
    expect((await api(world(), 'GET', '/user')).status).toBe(401);
  });

  // skip: the v3 run (`api(path, user, version: 'v3')`): not modelled, the mock serves /api/v4 only
  notPorted(
    'get user info (v3), with regular user, with personal access token: returns 403 without private token when sudo is defined',
  );
  // skip: the v3 run (`api(path, user, version: 'v3')`): not modelled, the mock serves /api/v4 only
  notPorted('get user info (v3), with regular user: returns current user without private token when sudo not defined');
  // skip: the v3 run; and fine-grained (granular) personal access token permissions
  notPorted('get user info (v3), with regular user: authorizing granular token permissions');
  // skip: the v3 run (`api(path, user, version: 'v3')`): not modelled, the mock serves /api/v4 only
  notPorted('get user info (v3), with regular user, scopes: allows the "read_user" scope');
  // skip: the v3 run (`api(path, user, version: 'v3')`): not modelled, the mock serves /api/v4 only
  notPorted(
    'get user info (v3), with admin, with personal access token: returns 403 without private token when sudo defined',
  );
  // skip: the v3 run (`api(path, user, version: 'v3')`): not modelled, the mock serves /api/v4 only
  notPorted(
    'get user info (v3), with admin, with personal access token: returns initial current user without private token but with is_admin when sudo not defined',
  );
  // skip: the v3 run (`api(path, user, version: 'v3')`): not modelled, the mock serves /api/v4 only
  notPorted('get user info (v3), with unauthenticated user: returns 401 error if user is unauthenticated');

  it('when authenticated with a token that has the ai_workflows scope: is successful', async () => {
    // lib/api/users.rb: `allow_access_with_scope :ai_workflows, if: request.head? || request_current_user?(request)`.
    expect(await readWithScopes('/user', 'oauth', ['ai_workflows'])).toBe(200);
  });
});

notPortedGroup('GET /user/preferences (users_spec)', () => {
  // skip: not modelled: GET /user/preferences (user preferences)
  notPorted('when unauthenticated: returns authentication error');
  // skip: not modelled: GET /user/preferences (user preferences)
  notPorted('when authenticated: returns user preferences');
  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('when authenticated: authorizing granular token permissions');
});

notPortedGroup('PUT /user/preferences (users_spec)', () => {
  // skip: not modelled: PUT /user/preferences (user preferences)
  notPorted('when unauthenticated: returns authentication error');
  // skip: not modelled: PUT /user/preferences (user preferences)
  notPorted('when authenticated: updates user preferences');
  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('when authenticated: authorizing granular token permissions');
});

describe('GET /user/keys (users_spec)', () => {
  it('when unauthenticated: returns authentication error', async () => {
    expect((await api(world(), 'GET', '/user/keys')).status).toBe(401);
  });

  it('when authenticated: returns array of ssh keys', async () => {
    const answer = await api(world(), 'GET', '/user/keys', USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body[0].title).toBe('Sample key');
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('when authenticated: authorizing granular token permissions');

  it('when authenticated: returns array of ssh keys with comments replaced witha simple identifier of username + hostname', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', '/user/keys', USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body.length).toBeGreaterThan(0);
    for (const key of answer.body) expect(key.key).toContain(`User Withdot (${new URL(mock.baseUrl).hostname}`);
  });

  // skip: asserts only on database queries (N+1), which no response shows
  notPorted('when authenticated, N+1 queries: avoids N+1 queries');

  it('when authenticated, scopes, for personal access tokens, when the requesting token has the "api" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes('/user/keys', 'personal', ['api'])).toBe(200);
  });
  it('when authenticated, scopes, for personal access tokens, when the requesting token has the "api" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes('/user/keys', 'personal', ['api'], 'HEAD')).toBe(200);
  });
  it('when authenticated, scopes, for personal access tokens, when the requesting token has the "read_user" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes('/user/keys', 'personal', ['read_user'])).toBe(200);
  });
  it('when authenticated, scopes, for personal access tokens, when the requesting token has the "read_user" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes('/user/keys', 'personal', ['read_user'], 'HEAD')).toBe(200);
  });
  it('when authenticated, scopes, for personal access tokens, when the requesting token does not have any required scope: returns a "403" response', async () => {
    expect(await readWithScopes('/user/keys', 'personal', ['read_registry'])).toBe(403);
  });
  it('when authenticated, scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "api" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes('/user/keys', 'oauth', ['api'])).toBe(200);
  });
  it('when authenticated, scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "api" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes('/user/keys', 'oauth', ['api'], 'HEAD')).toBe(200);
  });
  it('when authenticated, scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "read_user" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes('/user/keys', 'oauth', ['read_user'])).toBe(200);
  });
  it('when authenticated, scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "read_user" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes('/user/keys', 'oauth', ['read_user'], 'HEAD')).toBe(200);
  });
  it('when authenticated, scopes, for doorkeeper (OAuth) tokens, when the requesting token does not have any required scope: returns a "403" response', async () => {
    expect(await readWithScopes('/user/keys', 'oauth', ['invalid'])).toBe(403);
  });
});

describe('GET /user/keys/:key_id (users_spec)', () => {
  const path = `/user/keys/${KEY_ID}`;

  it('returns single key', async () => {
    const answer = await api(world(), 'GET', path, USER);
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('Sample key');
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');

  it('exposes SSH key comment as a simple identifier of username + hostname', async () => {
    const mock = world();
    const answer = await api(mock, 'GET', path, USER);
    expect(answer.status).toBe(200);
    expect(answer.body.key).toContain(`User Withdot (${new URL(mock.baseUrl).hostname})`);
  });

  it('returns 404 Not Found within invalid ID', async () => {
    const answer = await api(world(), 'GET', `/user/keys/${NON_EXISTING_ID}`, USER);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Key Not Found');
  });

  it("returns 404 error if admin accesses user's ssh key", async () => {
    const answer = await api(world(), 'GET', path, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Key Not Found');
  });

  it('returns 404 for invalid ID', async () => {
    expect((await api(world(), 'GET', '/users/keys/ASDF', ADMIN)).status).toBe(404);
  });

  it('scopes, for personal access tokens, when the requesting token has the "api" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes(path, 'personal', ['api'])).toBe(200);
  });
  it('scopes, for personal access tokens, when the requesting token has the "api" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes(path, 'personal', ['api'], 'HEAD')).toBe(200);
  });
  it('scopes, for personal access tokens, when the requesting token has the "read_user" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes(path, 'personal', ['read_user'])).toBe(200);
  });
  it('scopes, for personal access tokens, when the requesting token has the "read_user" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes(path, 'personal', ['read_user'], 'HEAD')).toBe(200);
  });
  it('scopes, for personal access tokens, when the requesting token does not have any required scope: returns a "403" response', async () => {
    expect(await readWithScopes(path, 'personal', ['read_registry'])).toBe(403);
  });
  it('scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "api" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes(path, 'oauth', ['api'])).toBe(200);
  });
  it('scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "api" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes(path, 'oauth', ['api'], 'HEAD')).toBe(200);
  });
  it('scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "read_user" scope: returns a "200" response on get request', async () => {
    expect(await readWithScopes(path, 'oauth', ['read_user'])).toBe(200);
  });
  it('scopes, for doorkeeper (OAuth) tokens, when the requesting token has the "read_user" scope: returns a "200" response on head request', async () => {
    expect(await readWithScopes(path, 'oauth', ['read_user'], 'HEAD')).toBe(200);
  });
  it('scopes, for doorkeeper (OAuth) tokens, when the requesting token does not have any required scope: returns a "403" response', async () => {
    expect(await readWithScopes(path, 'oauth', ['invalid'])).toBe(403);
  });
});

describe('POST /user/keys (users_spec)', () => {
  it('creates ssh key', async () => {
    const mock = world();
    const answer = await api(mock, 'POST', '/user/keys', USER, keyAttributes);
    expect(answer.status).toBe(201);
    const keys = keysOf(mock, 'user.withdot');
    expect(keys).toHaveLength(2);
    expect(keys.at(-1)?.title).toBe(keyAttributes.title);
    expect(keys.at(-1)?.key).toBe(NEW_KEY);
    expect(answer.body.usage_type).toBe('signing');
  });

  it('creates SSH key with `expires_at` attribute', async () => {
    const expiresAt = new Date(NOW + 21 * 86_400_000).toISOString();
    const answer = await api(world(), 'POST', '/user/keys', USER, { ...keyAttributes, expires_at: expiresAt });
    expect(answer.status).toBe(201);
    expect(answer.body.expires_at.slice(0, 10)).toBe(expiresAt.slice(0, 10));
  });

  it('returns a 401 error if unauthorized', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, undefined, () =>
      api(mock, 'POST', '/user/keys', undefined, { title: 'some title', key: 'some key' }),
    );
    expect(answer.status).toBe(401);
    expect(unchanged).toBe(true);
  });

  it('does not create ssh key without key', async () => {
    const answer = await api(world(), 'POST', '/user/keys', USER, { title: 'title' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('key is missing');
  });

  it('does not create ssh key without title', async () => {
    const answer = await api(world(), 'POST', '/user/keys', USER, { key: 'some key' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('title is missing');
  });

  // GitLab's spec has two examples of this name; this is the second (`key: "somekey"`, any 400).
  it('does not create ssh key without title', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'POST', '/user/keys', USER, { key: 'somekey' }),
    );
    expect(answer.status).toBe(400);
    expect(unchanged).toBe(true);
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
});

describe('DELETE /user/keys/:key_id (users_spec)', () => {
  const path = `/user/keys/${KEY_ID}`;

  it('deletes existed key', async () => {
    const mock = world();
    const answer = await api(mock, 'DELETE', path, USER);
    expect(answer.status).toBe(204);
    expect(keysOf(mock, 'user.withdot')).toHaveLength(0);
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');

  it('412 response, for a modified resource: returns 412 with a JSON error', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      deleteIfUnmodifiedSince(mock, path, USER, MODIFIED_SINCE),
    );
    expect(answer.status).toBe(412);
    expect(answer.body).toEqual({ message: '412 Precondition Failed' });
    expect(unchanged).toBe(true);
  });

  it('412 response, for an unmodified resource: returns 204 with an empty body', async () => {
    const answer = await deleteIfUnmodifiedSince(world(), path, USER, new Date(NOW).toUTCString());
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });

  it('returns 404 if key ID not found', async () => {
    const answer = await api(world(), 'DELETE', `/user/keys/${NON_EXISTING_ID}`, USER);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Key Not Found');
  });

  it('returns 401 error if unauthorized', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, undefined, () => api(mock, 'DELETE', path));
    expect(answer.status).toBe(401);
    expect(unchanged).toBe(true);
  });

  it('returns a 404 for invalid ID', async () => {
    expect((await api(world(), 'DELETE', '/users/keys/ASDF', ADMIN)).status).toBe(404);
  });
});

notPortedGroup('GET /user/gpg_keys (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('when unauthenticated: returns authentication error');
  // skip: not modelled: GPG keys
  notPorted('when authenticated: returns array of GPG keys');
  // skip: not modelled: GPG keys; and fine-grained (granular) personal access token permissions
  notPorted('when authenticated: authorizing granular token permissions');
  // skip: not modelled: GPG keys
  notPorted('when authenticated, scopes: allows the "read_user" scope');
});

notPortedGroup('GET /user/gpg_keys/:key_id (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('returns a single key');
  // skip: not modelled: GPG keys; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: GPG keys
  notPorted('returns 404 Not Found within invalid ID');
  // skip: not modelled: GPG keys
  notPorted("returns 404 error if admin accesses user's GPG key");
  // skip: not modelled: GPG keys
  notPorted('returns 404 for invalid ID');
  // skip: not modelled: GPG keys
  notPorted('scopes: allows the "read_user" scope');
});

notPortedGroup('POST /user/gpg_keys (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('creates a GPG key');
  // skip: not modelled: GPG keys; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: GPG keys
  notPorted('returns a 401 error if unauthorized');
  // skip: not modelled: GPG keys
  notPorted('does not create GPG key without key');
});

notPortedGroup('POST /user/gpg_keys/:key_id/revoke (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('revokes existing GPG key');
  // skip: not modelled: GPG keys; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: GPG keys
  notPorted('returns 404 if key ID not found');
  // skip: not modelled: GPG keys
  notPorted('returns 401 error if unauthorized');
  // skip: not modelled: GPG keys
  notPorted('returns a 404 for invalid ID');
});

notPortedGroup('DELETE /user/gpg_keys/:key_id (users_spec)', () => {
  // skip: not modelled: GPG keys
  notPorted('deletes existing GPG key');
  // skip: not modelled: GPG keys; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: GPG keys
  notPorted('returns 404 if key ID not found');
  // skip: not modelled: GPG keys
  notPorted('returns 401 error if unauthorized');
  // skip: not modelled: GPG keys
  notPorted('returns a 404 for invalid ID');
});

notPortedGroup('GET /user/emails (users_spec)', () => {
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when unauthenticated: returns authentication error');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated: returns array of emails');
  // skip: not modelled: the emails API; and fine-grained (granular) personal access token permissions
  notPorted('when authenticated: authorizing granular token permissions');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('when authenticated, scopes: allows the "read_user" scope');
});

notPortedGroup('GET /user/emails/:email_id (users_spec)', () => {
  // skip: not modelled: the emails API (secondary emails)
  notPorted('returns single email');
  // skip: not modelled: the emails API; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('returns 404 Not Found within invalid ID');
  // skip: not modelled: the emails API (secondary emails)
  notPorted("returns 404 error if admin accesses user's email");
  // skip: not modelled: the emails API (secondary emails)
  notPorted('returns 404 for invalid ID');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('scopes: allows the "read_user" scope');
});

notPortedGroup('POST /user/emails (users_spec)', () => {
  // skip: not modelled: the emails API (secondary emails)
  notPorted('creates email');
  // skip: not modelled: the emails API; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('returns a 401 error if unauthorized');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('does not create email with invalid email');
});

notPortedGroup('DELETE /user/emails/:email_id (users_spec)', () => {
  // skip: not modelled: the emails API (secondary emails)
  notPorted('deletes existed email');
  // skip: not modelled: the emails API; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('412 response, for a modified resource: returns 412 with a JSON error');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('412 response, for an unmodified resource: returns 204 with an empty body');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('returns 404 if email ID not found');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('returns 401 error if unauthorized');
  // skip: not modelled: the emails API (secondary emails)
  notPorted('returns 400 for invalid ID');
});

/** A state route (`POST /users/:id/<action>`) sent by `token` for `username` (or a raw id). */
const stateChange = (mock: MockGitLab, action: string, target: string | number, token = ADMIN) =>
  api(mock, 'POST', `/users/${typeof target === 'number' ? target : idOf(mock, target)}/${action}`, token);

/** A refused state change: its answer, and whether the world is as before. */
const refusedStateChange = (mock: MockGitLab, action: string, target: string | number, token = ADMIN) =>
  refusedUnchanged(mock, token, () => stateChange(mock, action, target, token));

describe('activate and deactivate, POST /users/:id/activate (users_spec)', () => {
  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => stateChange(mock, 'activate', 'user.withdot', token), 201);
  });

  it('performed by a non-admin user: is not authorized to perform the action', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'activate', 'deactivated', USER);
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a deactivated user: activates a deactivated user', async () => {
    const mock = world();
    expect((await stateChange(mock, 'activate', 'deactivated')).status).toBe(201);
    expect(stateOf(mock, 'deactivated')).toBe('active');
  });

  it('performed by an admin user, for an active user: returns 201', async () => {
    const mock = world();
    expect((await stateChange(mock, 'activate', 'user.withdot')).status).toBe(201);
    expect(stateOf(mock, 'user.withdot')).toBe('active');
  });

  it('performed by an admin user, for a blocked user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'activate', 'blocked');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Error occurred. A blocked user must be unblocked to be activated');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a ldap blocked user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'activate', 'ldap-blocked');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Error occurred. A blocked user must be unblocked to be activated');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a user that does not exist, 404: returns 404', async () => {
    const answer = await stateChange(world(), 'activate', NON_EXISTING_ID);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });
});

describe('activate and deactivate, POST /users/:id/deactivate (users_spec)', () => {
  /** `user` with its `last_activity_on` that many days ago (the mock's activity: its token's last use). */
  const activeDaysAgo = (days: number) => world({ withdot: { personal_token: { last_used_at: daysAgo(days) } } });

  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => stateChange(mock, 'deactivate', 'user.withdot', token), 201);
  });

  it('performed by a non-admin user: is not authorized to perform the action', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'deactivate', 'other', USER);
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for an active user, with no recent activity: deactivates an active user', async () => {
    const mock = activeDaysAgo(91);
    expect((await stateChange(mock, 'deactivate', 'user.withdot')).status).toBe(201);
    expect(stateOf(mock, 'user.withdot')).toBe('deactivated');
  });

  it('performed by an admin user, for an active user, with recent activity: does not deactivate an active user', async () => {
    const mock = activeDaysAgo(89);
    const { answer, unchanged } = await refusedStateChange(mock, 'deactivate', 'user.withdot');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(
      'The user you are trying to deactivate has been active in the past 90 days and cannot be deactivated',
    );
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a deactivated user: returns 201', async () => {
    const mock = world();
    expect((await stateChange(mock, 'deactivate', 'deactivated')).status).toBe(201);
    expect(stateOf(mock, 'deactivated')).toBe('deactivated');
  });

  it('performed by an admin user, for a blocked user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'deactivate', 'blocked');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Error occurred. A blocked user cannot be deactivated');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a ldap blocked user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'deactivate', 'ldap-blocked');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Error occurred. A blocked user cannot be deactivated');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for an internal user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'deactivate', 'ghost');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Internal users cannot be deactivated');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a user that does not exist, 404: returns 404', async () => {
    const answer = await stateChange(world(), 'deactivate', NON_EXISTING_ID);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });
});

describe('approve and reject pending user, POST /users/:id/approve (users_spec)', () => {
  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => stateChange(mock, 'approve', 'pending', token), 201);
  });

  it('performed by a non-admin user: is not authorized to perform the action', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'approve', 'pending', USER);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You are not allowed to approve a user');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a deactivated user: does not approve a deactivated user', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'approve', 'deactivated');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The user you are trying to approve is not pending approval');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for an pending approval user: returns 201', async () => {
    const mock = world();
    const answer = await stateChange(mock, 'approve', 'pending');
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Success');
    expect(stateOf(mock, 'pending')).toBe('active');
  });

  it('performed by an admin user, for an active user: returns 201', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'approve', 'user.withdot');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The user you are trying to approve is not pending approval');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a blocked user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'approve', 'blocked');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The user you are trying to approve is not pending approval');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a ldap blocked user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'approve', 'ldap-blocked');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The user you are trying to approve is not pending approval');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for a user that does not exist, 404: returns 404', async () => {
    const answer = await stateChange(world(), 'approve', NON_EXISTING_ID);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });
});

describe('approve and reject pending user, POST /users/:id/reject (users_spec)', () => {
  /** GitLab's shared example 'returns 409' of this describe. */
  const returns409 = async (username: string) => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'reject', username);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('User does not have a pending request');
    expect(unchanged).toBe(true);
  };
  const stateKept = async (username: string) => {
    const mock = world();
    const before = stateOf(mock, username);
    await stateChange(mock, 'reject', username);
    expect(stateOf(mock, username)).toBe(before);
  };

  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => stateChange(mock, 'reject', 'pending', token), 200);
  });

  it('performed by a non-admin user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'reject', 'pending', USER);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You are not allowed to reject a user');
    expect(unchanged).toBe(true);
  });

  it('performed by an admin user, for an pending approval user: returns 200', async () => {
    const mock = world();
    const answer = await stateChange(mock, 'reject', 'pending');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Success');
  });

  it('performed by an admin user, for a deactivated user: does not reject a deactivated user', () =>
    stateKept('deactivated'));
  it('performed by an admin user, for a deactivated user, returns 409: returns 409', () => returns409('deactivated'));
  it('performed by an admin user, for an active user: does not reject an active user', () => stateKept('user.withdot'));
  it('performed by an admin user, for an active user, returns 409: returns 409', () => returns409('user.withdot'));
  it('performed by an admin user, for a blocked user: does not reject a blocked user', () => stateKept('blocked'));
  it('performed by an admin user, for a blocked user, returns 409: returns 409', () => returns409('blocked'));
  it('performed by an admin user, for a ldap blocked user: does not reject a ldap blocked user', () =>
    stateKept('ldap-blocked'));
  it('performed by an admin user, for a ldap blocked user, returns 409: returns 409', () => returns409('ldap-blocked'));

  it('performed by an admin user, for a user that does not exist, 404: returns 404', async () => {
    const answer = await stateChange(world(), 'reject', NON_EXISTING_ID);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });
});

describe('POST /users/:id/block (users_spec)', () => {
  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => stateChange(mock, 'block', 'user.withdot', token), 201);
  });

  it('when admin, with an existing user: blocks existing user', async () => {
    const mock = world();
    const answer = await stateChange(mock, 'block', 'user.withdot');
    expect(answer.status).toBe(201);
    expect(answer.body).toBe(true);
    expect(stateOf(mock, 'user.withdot')).toBe('blocked');
  });

  // skip: not modelled: custom attributes (`UserCustomAttribute::BLOCKED_BY`)
  notPorted('when admin, with an existing user: saves a custom attribute');

  it('when admin, with an ldap blocked user: does not re-block ldap blocked users', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'block', 'ldap-blocked');
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('when admin, with a non existent user: does not block non existent user, returns 404', async () => {
    const answer = await stateChange(world(), 'block', NON_EXISTING_ID);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('when admin, with an internal user: does not block internal user, returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'block', 'ghost');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('An internal user cannot be blocked');
    expect(unchanged).toBe(true);
  });

  it('when admin, with a blocked user: returns a 201 if user is already blocked', async () => {
    const answer = await stateChange(world(), 'block', 'blocked');
    expect(answer.status).toBe(201);
    expect(answer.body).toBeNull();
  });

  it('when admin, with the API initiating user: does not block the API initiating user, returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'block', 'admin');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('403 Forbidden - The API initiating user cannot be blocked by the API');
    expect(unchanged).toBe(true);
  });

  it('performed by a non-admin user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'block', 'user.withdot', USER);
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });
});

describe('POST /users/:id/unblock (users_spec)', () => {
  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => stateChange(mock, 'unblock', 'user.withdot', token), 201);
  });

  it('when admin, with an existing user: unblocks existing user', async () => {
    const mock = world();
    expect((await stateChange(mock, 'unblock', 'user.withdot')).status).toBe(201);
    expect(stateOf(mock, 'user.withdot')).toBe('active');
  });

  it('when admin, with a blocked user: unblocks a blocked user', async () => {
    const mock = world();
    expect((await stateChange(mock, 'unblock', 'blocked')).status).toBe(201);
    expect(stateOf(mock, 'blocked')).toBe('active');
  });

  // skip: not modelled: custom attributes (`UserCustomAttribute::UNBLOCKED_BY`)
  notPorted('when admin, with a blocked user: saves a custom attribute');

  it('when admin, with a ldap blocked user: does not unblock ldap blocked users', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'unblock', 'ldap-blocked');
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('when admin, with a deactivated user: does not unblock deactivated users', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'unblock', 'deactivated');
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('when admin, with a non existent user: returns a 404 error if user id not found', async () => {
    const answer = await stateChange(world(), 'unblock', NON_EXISTING_ID);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('when admin, with an invalid user id: returns a 404', async () => {
    expect((await api(world(), 'POST', '/users/ASDF/unblock', ADMIN)).status).toBe(404);
  });

  it('performed by a non-admin user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'unblock', 'user.withdot', USER);
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });
});

/** `BannedUserBaseService#state_error`: 403 `You cannot <action> <state> users.`, nothing changed. */
async function refusedInState(action: 'ban' | 'unban', username: string, state: string) {
  const mock = world();
  const { answer, unchanged } = await refusedStateChange(mock, action, username);
  expect(answer.status).toBe(403);
  expect(answer.body.message).toBe(`You cannot ${action} ${state} users.`);
  expect(unchanged).toBe(true);
}

describe('POST /users/:id/ban (users_spec)', () => {
  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => stateChange(mock, 'ban', 'user.withdot', token), 201);
  });

  it('when admin, with an active user: bans an active user', async () => {
    const mock = world();
    const answer = await stateChange(mock, 'ban', 'user.withdot');
    expect(answer.status).toBe(201);
    expect(answer.body).toBe(true);
    expect(stateOf(mock, 'user.withdot')).toBe('banned');
  });

  it('when admin, with an ldap blocked user: does not ban ldap blocked users', () =>
    refusedInState('ban', 'ldap-blocked', 'ldap_blocked'));
  it('when admin, with a deactivated user: does not ban deactivated users', () =>
    refusedInState('ban', 'deactivated', 'deactivated'));
  it('when admin, with a banned user: does not ban banned users', () => refusedInState('ban', 'banned', 'banned'));

  it('when admin, with a non existent user: does not ban non existent users', async () => {
    const answer = await stateChange(world(), 'ban', NON_EXISTING_ID);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('when admin, with an invalid id: does not ban invalid id users', async () => {
    expect((await api(world(), 'POST', '/users/ASDF/ban', ADMIN)).status).toBe(404);
  });

  it('performed by a non-admin user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'ban', 'user.withdot', USER);
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });
});

describe('POST /users/:id/unban (users_spec)', () => {
  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => stateChange(mock, 'unban', 'banned', token), 201);
  });

  it('when admin, with a banned user: activates a banned user', async () => {
    const mock = world();
    expect((await stateChange(mock, 'unban', 'banned')).status).toBe(201);
    expect(stateOf(mock, 'banned')).toBe('active');
  });

  it('when admin, with an ldap_blocked user: does not unban ldap_blocked users', () =>
    refusedInState('unban', 'ldap-blocked', 'ldap_blocked'));
  it('when admin, with a deactivated user: does not unban deactivated users', () =>
    refusedInState('unban', 'deactivated', 'deactivated'));
  it('when admin, with an active user: does not unban active users', () =>
    refusedInState('unban', 'user.withdot', 'active'));

  it('when admin, with a non existent user: does not unban non existent users', async () => {
    const answer = await stateChange(world(), 'unban', NON_EXISTING_ID);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('when admin, with an invalid id user: does not unban invalid id users', async () => {
    expect((await api(world(), 'POST', '/users/ASDF/unban', ADMIN)).status).toBe(404);
  });

  it('performed by a non-admin user: returns 403', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedStateChange(mock, 'unban', 'banned', USER);
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });
});

describe('GET /users/:id/memberships (users_spec)', () => {
  /** The spec's `user`, a Guest of one project and one group (`before_all`). */
  const membershipWorld = () => {
    const mock = world({ groups: [{ path: 'group', members: { 'user.withdot': 10 } }] });
    mock.seed.project({ path: 'other/project', members: { 'user.withdot': 10 } });
    return mock;
  };
  const path = (mock: MockGitLab) => `/users/${idOf(mock, 'user.withdot')}/memberships`;
  const types = (body: { source_type: string }[]) => body.map((m) => m.source_type).sort();

  it('GET request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'GET', path(mock), token), 200);
  });

  it('requested by admin user: responses successfully', async () => {
    const mock = membershipWorld();
    const answer = await api(mock, 'GET', path(mock), ADMIN);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(types(answer.body)).toEqual(['Namespace', 'Project']);
    // `public_api/v4/memberships.json`: each item has these four.
    for (const membership of answer.body) {
      expect(Object.keys(membership).sort()).toEqual(['access_level', 'source_id', 'source_name', 'source_type']);
      expect(membership.access_level).toBe(10);
    }
    expect(answer.body.map((m: { source_name: string }) => m.source_name).sort()).toEqual(['group', 'project']);
  });

  // skip: asserts only on database queries (N+1), which no response shows
  notPorted('requested by admin user: does not submit N+1 DB queries');

  it('requested by admin user, with type filter: only returns project memberships', async () => {
    const mock = membershipWorld();
    const answer = await api(mock, 'GET', `${path(mock)}?type=Project`, ADMIN);
    expect(types(answer.body)).toEqual(['Project']);
  });

  it('requested by admin user, with type filter: only returns group memberships', async () => {
    const mock = membershipWorld();
    const answer = await api(mock, 'GET', `${path(mock)}?type=Namespace`, ADMIN);
    expect(types(answer.body)).toEqual(['Namespace']);
  });

  it('requested by admin user, with type filter: recognizes unsupported types', async () => {
    const mock = membershipWorld();
    const answer = await api(mock, 'GET', `${path(mock)}?type=foo`, ADMIN);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('type does not have a valid value');
  });
});

notPortedGroup('user activities (users_spec)', () => {
  // skip: not modelled: GET /user/activities (users' last activity dates)
  notPorted('for an anonymous user: returns 401');
  // skip: not modelled: GET /user/activities (users' last activity dates)
  notPorted('as a logged in user: returns the activities from the last 6 months');
  // skip: not modelled: GET /user/activities; and fine-grained (granular) personal access token permissions
  notPorted('as a logged in user: authorizing granular token permissions');
  // skip: not modelled: GET /user/activities (users' last activity dates)
  notPorted('as a logged in user, passing a :from parameter: returns the activities from the given date');
  // skip: not modelled: GET /user/activities (users' last activity dates)
  notPorted('as a logged in user: does not include users with private profiles');
  // skip: not modelled: GET /user/activities (users' last activity dates)
  notPorted('as admin: includes users with private profiles');
});

notPortedGroup('/user/status (users_spec)', () => {
  // skip: not modelled: user status (GET /user/status)
  notPorted('GET, rendering user status: returns the status if there was one');
  // skip: not modelled: user status (GET /user/status)
  notPorted('GET, rendering user status: returns an empty response if there was no status');
  // skip: not modelled: user status; and fine-grained (granular) personal access token permissions
  notPorted('GET: authorizing granular token permissions');
  // skip: not modelled: user status (PUT /user/status)
  notPorted('PUT, when request is successful: saves the status');
  // skip: not modelled: user status (PUT /user/status)
  notPorted('PUT, when request is unsuccessful: renders errors');
  // skip: not modelled: user status (PUT /user/status)
  notPorted('PUT, when passing nil for params: deletes the status');
  // skip: not modelled: user status (PUT /user/status)
  notPorted('PUT, when clear_status_after is valid: sets the clear_status_at column');
  // skip: not modelled: user status (PUT /user/status)
  notPorted('PUT, when clear_status_after is nil: unsets the clear_status_at column');
  // skip: not modelled: user status (PUT /user/status)
  notPorted('PUT, when clear_status_after is invalid: raises error when unknown status value is given');
  // skip: not modelled: user status; and fine-grained (granular) personal access token permissions
  notPorted('PUT: authorizing granular token permissions');
  // skip: not modelled: user status (PUT /user/status)
  notPorted('PUT, when passing empty params: deletes the status');
  // skip: not modelled: user status (PUT /user/status)
  notPorted('PUT, when clear_status_after is not given: unsets clear_status_at column');
  // skip: not modelled: user status (PATCH /user/status)
  notPorted('PATCH, when request is successful: saves the status');
  // skip: not modelled: user status (PATCH /user/status)
  notPorted('PATCH, when request is unsuccessful: renders errors');
  // skip: not modelled: user status (PATCH /user/status)
  notPorted('PATCH, when passing nil for params: deletes the status');
  // skip: not modelled: user status (PATCH /user/status)
  notPorted('PATCH, when clear_status_after is valid: sets the clear_status_at column');
  // skip: not modelled: user status (PATCH /user/status)
  notPorted('PATCH, when clear_status_after is nil: unsets the clear_status_at column');
  // skip: not modelled: user status (PATCH /user/status)
  notPorted('PATCH, when clear_status_after is invalid: raises error when unknown status value is given');
  // skip: not modelled: user status; and fine-grained (granular) personal access token permissions
  notPorted('PATCH: authorizing granular token permissions');
  // skip: not modelled: user status (PATCH /user/status)
  notPorted('PATCH, when passing empty params: does not update the status');
  // skip: not modelled: user status (PATCH /user/status)
  notPorted('PATCH, when clear_status_after is not given: does not unset clear_status_at column');
});

notPortedGroup('PUT /user/avatar (users_spec)', () => {
  // skip: not modelled: avatars (PUT /user/avatar, multipart uploads)
  notPorted('returns 200 OK on success');
  // skip: not modelled: avatars; and fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');
  // skip: not modelled: avatars (PUT /user/avatar, multipart uploads)
  notPorted('returns 400 when avatar file size over 200 KiB');
});

describe('POST /users/:user_id/personal_access_tokens (users_spec)', () => {
  const path = (mock: MockGitLab) => `/users/${idOf(mock, 'user.withdot')}/personal_access_tokens`;
  const params = {
    name: 'new pat',
    scopes: ['api', 'read_user'],
    expires_at: dayIn(3),
    description: 'new pat description',
  };

  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'POST', path(mock), token, params), 201);
  });

  it('returns error if required attributes are missing', async () => {
    const mock = world();
    const answer = await api(mock, 'POST', path(mock), ADMIN);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('name is missing, scopes is missing');
  });

  it('returns a 404 error if user not found', async () => {
    const answer = await api(world(), 'POST', `/users/${NON_EXISTING_ID}/personal_access_tokens`, ADMIN, params);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('returns a 401 error when not authenticated', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, undefined, () =>
      api(mock, 'POST', path(mock), undefined, params),
    );
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('401 Unauthorized');
    expect(unchanged).toBe(true);
  });

  it('returns a 403 error when authenticated as normal user', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () => api(mock, 'POST', path(mock), USER, params));
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('403 Forbidden');
    expect(unchanged).toBe(true);
  });

  it('creates a personal access token when authenticated as admin', async () => {
    const mock = world();
    const answer = await api(mock, 'POST', path(mock), ADMIN, params);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: params.name,
      description: params.description,
      scopes: params.scopes,
      expires_at: params.expires_at,
      active: true,
      revoked: false,
    });
    expect(answer.body.id).toEqual(expect.any(Number));
    expect(answer.body.created_at).toEqual(expect.any(String));
    expect(answer.body.token).toEqual(expect.any(String));
  });

  // skip: stubs `PersonalAccessToken#save` to fail with a made-up error, which no request can reproduce
  notPorted('when an error is thrown by the model: returns the error');
});

describe('POST /user/personal_access_tokens (users_spec)', () => {
  const params = { name: 'new pat', expires_at: dayIn(3), description: 'new pat description', scopes: [] as string[] };
  /** GitLab's `all_scopes` but `k8s_proxy` and `self_rotate` (18.9's `Gitlab::Auth` lists; a scope 18.6 lacks is refused alike). */
  const disallowedScopes = [
    ...['api', 'read_api', 'read_user', 'create_runner', 'manage_runner', 'mcp', 'granular'],
    'ai_features',
    'openid',
    ...['profile', 'email'],
    ...['read_repository', 'write_repository'],
    ...['read_registry', 'write_registry'],
    ...['read_observability', 'write_observability'],
    ...['sudo', 'admin_mode', 'read_service_ping'],
  ];

  it('returns error if required attributes are missing', async () => {
    const answer = await api(world(), 'POST', '/user/personal_access_tokens', USER);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('name is missing, scopes is missing');
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('authorizing granular token permissions');

  it('when scope is not allowed: returns error', async () => {
    for (const scope of disallowedScopes) {
      const mock = world();
      const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
        api(mock, 'POST', '/user/personal_access_tokens', USER, { ...params, scopes: [scope] }),
      );
      expect(answer.status, scope).toBe(400);
      expect(answer.body.error, scope).toBe('scopes does not have a valid value');
      expect(unchanged, scope).toBe(true);
    }
  });

  it('returns error if one of the scopes is not allowed', async () => {
    const answer = await api(world(), 'POST', '/user/personal_access_tokens', USER, {
      ...params,
      scopes: ['k8s_proxy', 'api'],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('scopes does not have a valid value');
  });

  it('returns a 401 error when not authenticated', async () => {
    const answer = await api(world(), 'POST', '/user/personal_access_tokens', undefined, {
      ...params,
      scopes: ['k8s_proxy'],
    });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('401 Unauthorized');
  });

  it('returns a 403 error when called with a read_api-scoped PAT', async () => {
    const mock = world({
      withdot: { personal_access_tokens: [{ name: 'read only', scopes: ['read_api'], token: 'glpat-spec-read-api' }] },
    });
    const { answer, unchanged } = await refusedUnchanged(mock, 'glpat-spec-read-api', () =>
      api(mock, 'POST', '/user/personal_access_tokens', 'glpat-spec-read-api', { ...params, scopes: ['k8s_proxy'] }),
    );
    expect(answer.status).toBe(403);
    expect(unchanged).toBe(true);
  });

  it('when scopes are empty: returns an error when no scopes are given', async () => {
    const mock = world();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'POST', '/user/personal_access_tokens', USER, params),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("Scopes can't be blank");
    expect(unchanged).toBe(true);
  });

  it('with all allowed scope combinations: creates a personal access token', async () => {
    for (const scopes of [['k8s_proxy'], ['self_rotate'], ['k8s_proxy', 'self_rotate']]) {
      const answer = await api(world(), 'POST', '/user/personal_access_tokens', USER, { ...params, scopes });
      expect(answer.status, scopes.join()).toBe(201);
      expect(answer.body).toMatchObject({
        name: params.name,
        description: params.description,
        scopes,
        expires_at: params.expires_at,
        active: true,
        revoked: false,
      });
      expect(answer.body.id).toEqual(expect.any(Number));
      expect(answer.body.created_at).toEqual(expect.any(String));
      expect(answer.body.token).toEqual(expect.any(String));
    }
  });

  it('when expires_at at is given, when expires_at is in the past: creates an inactive personal access token', async () => {
    const answer = await api(world(), 'POST', '/user/personal_access_tokens', USER, {
      ...params,
      scopes: ['k8s_proxy'],
      expires_at: dayIn(-1),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.active).toBe(false);
  });

  // skip: stubs `PersonalAccessToken#save` to fail with a made-up error, which no request can reproduce
  notPorted('when an error is thrown by the model: returns the error');
});

/** The spec's tokens of `user.withdot`: personal ones (active, revoked, expired) and impersonation ones (active, revoked). */
const PERSONAL_TOKEN_ID = 601;
const IMPERSONATION_TOKEN_ID = 604;
const IMPERSONATION_SEED: Partial<SeedUser> = {
  personal_access_tokens: [
    { id: PERSONAL_TOKEN_ID, name: 'active', scopes: ['api'] },
    { id: 602, name: 'revoked', scopes: ['api'], revoked: true },
    { id: 603, name: 'expired', scopes: ['api'], expires_at: dayIn(-2) },
    { id: IMPERSONATION_TOKEN_ID, name: 'impersonation', scopes: ['api'], impersonation: true },
    { id: 605, name: 'revoked impersonation', scopes: ['api'], impersonation: true, revoked: true },
  ],
};
const tokenWorld = () => world({ withdot: IMPERSONATION_SEED });
const tokensPath = (mock: MockGitLab) => `/users/${idOf(mock, 'user.withdot')}/impersonation_tokens`;

describe('GET /users/:user_id/impersonation_tokens (users_spec)', () => {
  it('GET request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'GET', tokensPath(mock), token), 200);
  });

  it('returns a 404 error if user not found', async () => {
    const answer = await api(tokenWorld(), 'GET', `/users/${NON_EXISTING_ID}/impersonation_tokens`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('returns a 403 error when authenticated as normal user', async () => {
    const answer = await api(tokenWorld(), 'GET', `/users/${NON_EXISTING_ID}/impersonation_tokens`, USER);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('403 Forbidden');
  });

  it('returns an array of all impersonated tokens', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'GET', tokensPath(mock), ADMIN);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(2);
  });

  it('returns an array of active impersonation tokens if state active', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'GET', `${tokensPath(mock)}?state=active`, ADMIN);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(1);
    for (const token of answer.body) expect(token.active).toBe(true);
  });

  it('returns an array of inactive personal access tokens if active is set to false', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'GET', `${tokensPath(mock)}?state=inactive`, ADMIN);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    for (const token of answer.body) expect(token.active).toBe(false);
  });
});

describe('POST /users/:user_id/impersonation_tokens (users_spec)', () => {
  const params = {
    name: 'my new pat',
    expires_at: '2016-12-28',
    scopes: ['api', 'read_user'],
    impersonation: true,
    description: 'my new pat description',
  };

  it('POST request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'POST', tokensPath(mock), token, params), 201);
  });

  it('returns validation error if impersonation token misses some attributes', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'POST', tokensPath(mock), ADMIN);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('name is missing');
  });

  it('returns a 404 error if user not found', async () => {
    const answer = await api(tokenWorld(), 'POST', `/users/${NON_EXISTING_ID}/impersonation_tokens`, ADMIN, {
      name: params.name,
      expires_at: params.expires_at,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('returns a 403 error when authenticated as normal user', async () => {
    const mock = tokenWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      api(mock, 'POST', tokensPath(mock), USER, { name: params.name, expires_at: params.expires_at }),
    );
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('403 Forbidden');
    expect(unchanged).toBe(true);
  });

  it('creates a impersonation token', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'POST', tokensPath(mock), ADMIN, params);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: params.name,
      description: params.description,
      scopes: params.scopes,
      expires_at: params.expires_at,
      active: false,
      revoked: false,
      impersonation: true,
    });
    expect(answer.body.id).toEqual(expect.any(Number));
    expect(answer.body.created_at).toEqual(expect.any(String));
    expect(answer.body.token).toEqual(expect.any(String));
  });
});

describe('GET /users/:user_id/impersonation_tokens/:impersonation_token_id (users_spec)', () => {
  const path = (mock: MockGitLab) => `${tokensPath(mock)}/${IMPERSONATION_TOKEN_ID}`;

  it('GET request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'GET', path(mock), token), 200, IMPERSONATION_SEED);
  });

  it('returns 404 error if user not found', async () => {
    const answer = await api(tokenWorld(), 'GET', `/users/${NON_EXISTING_ID}/impersonation_tokens/1`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('returns a 404 error if impersonation token not found', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'GET', `${tokensPath(mock)}/${NON_EXISTING_ID}`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Impersonation Token Not Found');
  });

  it('returns a 404 error if token is not impersonation token', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'GET', `${tokensPath(mock)}/${PERSONAL_TOKEN_ID}`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Impersonation Token Not Found');
  });

  it('returns a 403 error when authenticated as normal user', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'GET', path(mock), USER);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('403 Forbidden');
  });

  it('returns an impersonation token', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'GET', path(mock), ADMIN);
    expect(answer.status).toBe(200);
    expect(answer.body.token).toBeUndefined();
    expect(answer.body.impersonation).toBe(true);
  });
});

describe('DELETE /users/:user_id/impersonation_tokens/:impersonation_token_id (users_spec)', () => {
  const path = (mock: MockGitLab) => `${tokensPath(mock)}/${IMPERSONATION_TOKEN_ID}`;

  it('DELETE request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'DELETE', path(mock), token), 204, IMPERSONATION_SEED);
  });

  it('returns a 404 error if user not found', async () => {
    const answer = await api(tokenWorld(), 'DELETE', `/users/${NON_EXISTING_ID}/impersonation_tokens/1`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });

  it('returns a 404 error if impersonation token not found', async () => {
    const mock = tokenWorld();
    const answer = await api(mock, 'DELETE', `${tokensPath(mock)}/${NON_EXISTING_ID}`, ADMIN);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Impersonation Token Not Found');
  });

  it('returns a 404 error if token is not impersonation token', async () => {
    const mock = tokenWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      api(mock, 'DELETE', `${tokensPath(mock)}/${PERSONAL_TOKEN_ID}`, ADMIN),
    );
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 Impersonation Token Not Found');
    expect(unchanged).toBe(true);
  });

  it('returns a 403 error when authenticated as normal user', async () => {
    const mock = tokenWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () => api(mock, 'DELETE', path(mock), USER));
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('403 Forbidden');
    expect(unchanged).toBe(true);
  });

  it('412 response, for a modified resource: returns 412 with a JSON error', async () => {
    const mock = tokenWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () =>
      deleteIfUnmodifiedSince(mock, path(mock), ADMIN, MODIFIED_SINCE),
    );
    expect(answer.status).toBe(412);
    expect(answer.body).toEqual({ message: '412 Precondition Failed' });
    expect(unchanged).toBe(true);
  });

  it('412 response, for an unmodified resource: returns 204 with an empty body', async () => {
    const mock = tokenWorld();
    const answer = await deleteIfUnmodifiedSince(mock, path(mock), ADMIN, new Date(NOW).toUTCString());
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });

  it('revokes a impersonation token', async () => {
    const mock = tokenWorld();
    expect((await api(mock, 'GET', path(mock), ADMIN)).body.revoked).toBe(false);
    const answer = await api(mock, 'DELETE', path(mock), ADMIN);
    expect(answer.status).toBe(204);
    expect((await api(mock, 'GET', path(mock), ADMIN)).body.revoked).toBe(true);
  });
});

describe('GET /users/:id/associations_count (users_spec)', () => {
  /** The spec's world: `user` Owner of a group and of a public project in it, author of a merge request and two issues there. */
  const countWorld = () => {
    const mock = world({ groups: [{ path: 'group', visibility: 'public', members: { 'user.withdot': 50 } }] });
    mock.seed.project({
      path: 'group/project',
      visibility: 'public',
      members: { 'user.withdot': 50 },
      branches: ['my-personal-branch-1'],
      merge_requests: [{ title: 'Mine', author: 'user.withdot', source_branch: 'my-personal-branch-1' }],
      issues: [
        { title: 'First', author: 'user.withdot' },
        { title: 'Second', author: 'user.withdot' },
      ],
    });
    return mock;
  };
  const associations = { groups_count: 1, projects_count: 1, issues_count: 2, merge_requests_count: 1 };
  const path = (mock: MockGitLab) => `/users/${idOf(mock, 'user.withdot')}/associations_count`;

  it('GET request permissions for admin mode', async () => {
    await permissionsForAdminMode((mock, token) => api(mock, 'GET', path(mock), token), 200);
  });

  it('as an unauthorized user: returns 401 unauthorized', async () => {
    const mock = countWorld();
    expect((await api(mock, 'GET', path(mock))).status).toBe(401);
  });

  it('as a non-admin user, with a different user id: returns 403 Forbidden', async () => {
    const mock = countWorld();
    const answer = await api(mock, 'GET', `/users/${idOf(mock, 'other')}/associations_count`, USER);
    expect(answer.status).toBe(403);
  });

  it('as a non-admin user, with the current user id: returns valid JSON response', async () => {
    const mock = countWorld();
    const answer = await api(mock, 'GET', path(mock), USER);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(associations);
  });

  it('as an admin user, with invalid user id: returns 404 User Not Found', async () => {
    const answer = await api(countWorld(), 'GET', `/users/${NON_EXISTING_ID}/associations_count`, ADMIN);
    expect(answer.status).toBe(404);
  });

  it('as an admin user, with valid user id: returns valid JSON response', async () => {
    const mock = countWorld();
    const answer = await api(mock, 'GET', path(mock), ADMIN);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(associations);
  });

  // skip: not modelled: fine-grained (granular) personal access token permissions
  notPorted('as an admin user, with valid user id: authorizing granular token permissions');
});

notPortedGroup('custom attributes endpoints, users (users_spec)', () => {
  // skip: not modelled: custom attributes (the `custom_attributes` filter of GET /users)
  notPorted(
    'GET /users with custom attributes filter, with an unauthorized user: does not filter by custom attributes',
  );
  // skip: not modelled: custom attributes (the `custom_attributes` filter of GET /users)
  notPorted('GET /users with custom attributes filter, with an authorized user: filters by custom attributes');
  // skip: not modelled: custom attributes (`with_custom_attributes` of GET /users)
  notPorted('GET /users with custom attributes, with an unauthorized user: does not include custom attributes');
  // skip: not modelled: custom attributes (`with_custom_attributes` of GET /users)
  notPorted(
    'GET /users with custom attributes, with an authorized user: does not include custom attributes by default',
  );
  // skip: not modelled: custom attributes (`with_custom_attributes` of GET /users)
  notPorted('GET /users with custom attributes, with an authorized user: includes custom attributes if requested');
  // skip: not modelled: custom attributes (`with_custom_attributes` of GET /users/:id)
  notPorted('GET /users/:id with custom attributes, with an unauthorized user: does not include custom attributes');
  // skip: not modelled: custom attributes (`with_custom_attributes` of GET /users/:id)
  notPorted(
    'GET /users/:id with custom attributes, with an authorized user: does not include custom attributes by default',
  );
  // skip: not modelled: custom attributes (`with_custom_attributes` of GET /users/:id)
  notPorted('GET /users/:id with custom attributes, with an authorized user: includes custom attributes if requested');
  // skip: not modelled: custom attributes (GET /users/:id/custom_attributes)
  notPorted('GET /users/:id/custom_attributes, with an unauthorized user: an unauthorized API user');
  // skip: not modelled: custom attributes (GET /users/:id/custom_attributes)
  notPorted('GET /users/:id/custom_attributes, with an authorized user: returns all custom attributes');
  // skip: not modelled: custom attributes (GET /users/:id/custom_attributes)
  notPorted('GET /users/:id/custom_attributes, with an authorized user: returns :not_found when users does not exist');
  // skip: not modelled: custom attributes; and fine-grained (granular) personal access token permissions
  notPorted('GET /users/:id/custom_attributes, with an authorized user: authorizing granular token permissions');
  // skip: not modelled: custom attributes (GET /users/:id/custom_attributes/:key)
  notPorted('GET /users/:id/custom_attributes/:key, with an unauthorized user: an unauthorized API user');
  // skip: not modelled: custom attributes (GET /users/:id/custom_attributes/:key)
  notPorted('GET /users/:id/custom_attributes/:key, with an authorized user: returns a single custom attribute');
  // skip: not modelled: custom attributes (GET /users/:id/custom_attributes/:key)
  notPorted(
    'GET /users/:id/custom_attributes/:key, with an authorized user: returns :not_found when users does not exist',
  );
  // skip: not modelled: custom attributes; and fine-grained (granular) personal access token permissions
  notPorted('GET /users/:id/custom_attributes/:key, with an authorized user: authorizing granular token permissions');
  // skip: not modelled: custom attributes (PUT /users/:id/custom_attributes/:key)
  notPorted('PUT /users/:id/custom_attributes/:key, with an unauthorized user: an unauthorized API user');
  // skip: not modelled: custom attributes (PUT /users/:id/custom_attributes/:key)
  notPorted('PUT /users/:id/custom_attributes/:key, with an authorized user: creates a new custom attribute');
  // skip: not modelled: custom attributes (PUT /users/:id/custom_attributes/:key)
  notPorted('PUT /users/:id/custom_attributes/:key, with an authorized user: updates an existing custom attribute');
  // skip: not modelled: custom attributes (PUT /users/:id/custom_attributes/:key)
  notPorted(
    'PUT /users/:id/custom_attributes/:key, with an authorized user: returns :not_found when users does not exist',
  );
  // skip: not modelled: custom attributes; and fine-grained (granular) personal access token permissions
  notPorted('PUT /users/:id/custom_attributes/:key, with an authorized user: authorizing granular token permissions');
  // skip: not modelled: custom attributes (DELETE /users/:id/custom_attributes/:key)
  notPorted('DELETE /users/:id/custom_attributes/:key, with an unauthorized user: an unauthorized API user');
  // skip: not modelled: custom attributes (DELETE /users/:id/custom_attributes/:key)
  notPorted('DELETE /users/:id/custom_attributes/:key, with an authorized user: deletes an existing custom attribute');
  // skip: not modelled: custom attributes (DELETE /users/:id/custom_attributes/:key)
  notPorted(
    'DELETE /users/:id/custom_attributes/:key, with an authorized user: returns :not_found when users does not exist',
  );
  // skip: not modelled: custom attributes; and fine-grained (granular) personal access token permissions
  notPorted(
    'DELETE /users/:id/custom_attributes/:key, with an authorized user: authorizing granular token permissions',
  );
});

notPortedGroup('POST /user/support_pin (users_spec)', () => {
  // skip: not modelled: support PINs (POST /user/support_pin)
  notPorted('when authenticated: creates a new support PIN');
  // skip: not modelled: support PINs; and fine-grained (granular) personal access token permissions
  notPorted('when authenticated: authorizing granular token permissions');
  // skip: not modelled: support PINs; and it stubs Users::SupportPin::UpdateService to fail
  notPorted('when authenticated: handles errors when creating a support PIN');
  // skip: not modelled: support PINs (POST /user/support_pin)
  notPorted('when not authenticated: returns 401 Unauthorized');
});

notPortedGroup('GET /api/v4/user/support_pin (users_spec)', () => {
  // skip: not modelled: support PINs (GET /user/support_pin)
  notPorted('when authenticated: retrieves the current support PIN');
  // skip: not modelled: support PINs; and fine-grained (granular) personal access token permissions
  notPorted('when authenticated: authorizing granular token permissions');
  // skip: not modelled: support PINs (GET /user/support_pin)
  notPorted('when authenticated: returns 404 Not Found when no PIN exists');
});

notPortedGroup('GET /api/v4/users/:id/support_pin (users_spec)', () => {
  // skip: not modelled: support PINs (GET /users/:id/support_pin)
  notPorted('when authenticated as admin: retrieves the support PIN for a user');
  // skip: not modelled: support PINs (GET /users/:id/support_pin)
  notPorted('when authenticated as admin: returns 404 Not Found when no PIN exists');
  // skip: not modelled: support PINs; and it stubs Users::SupportPin::RetrieveService to raise
  notPorted('when authenticated as admin: handles errors when retrieving the support PIN');
  // skip: not modelled: support PINs (GET /users/:id/support_pin)
  notPorted('when authenticated as non-admin: returns 403 Forbidden');
});

notPortedGroup('POST /users/:id/support_pin/revoke (users_spec)', () => {
  // skip: not modelled: support PINs (POST /users/:id/support_pin/revoke)
  notPorted('when current user is an admin, when a PIN exists: returns accepted status');
  // skip: not modelled: support PINs (POST /users/:id/support_pin/revoke)
  notPorted('when current user is an admin, when a PIN exists: revokes the pin');
  // skip: not modelled: support PINs (POST /users/:id/support_pin/revoke)
  notPorted('when current user is an admin, when no PIN exists: returns not found');
  // skip: not modelled: support PINs; and it stubs the revoke service to raise
  notPorted('when current user is an admin, when an error occurs during revocation: returns unprocessable_entity');
  // skip: not modelled: support PINs; and it stubs the revoke service to fail
  notPorted('when current user is an admin, when the service returns an error status: returns bad_request');
  // skip: not modelled: support PINs (POST /users/:id/support_pin/revoke)
  notPorted('when current user is not an admin: returns forbidden');
  // skip: not modelled: support PINs (POST /users/:id/support_pin/revoke)
  notPorted('when current user is not an admin: does not revoke the PIN');
  // skip: not modelled: support PINs (POST /users/:id/support_pin/revoke)
  notPorted('when user is not authenticated: returns unauthorized');
});

notPortedGroup('POST /users (when Current.organization is nil) (users_spec)', () => {
  // skip: stubs `Current.organization` to nil (`stub_current_organization(nil)`), which no request can reproduce; the 500 it asserts is a NoMethodError, and the mock never answers 500 (SPEC 2)
  notPorted('returns 500 Internal Server Error and does not call Users::CreateService.new');
});

notPortedGroup('POST /users/:id/personal_access_tokens (when Current.organization is nil) (users_spec)', () => {
  // skip: stubs `Current.organization` to nil (`stub_current_organization(nil)`), which no request can reproduce; the 500 it asserts is a NoMethodError, and the mock never answers 500 (SPEC 2)
  notPorted('returns 500 Internal Server Error and does not create PersonalAccessTokens::CreateService');
});

notPortedGroup('POST /user/personal_access_tokens (when Current.organization is nil) (users_spec)', () => {
  // skip: stubs `Current.organization` to nil (`stub_current_organization(nil)`), which no request can reproduce; the 500 it asserts is a NoMethodError, and the mock never answers 500 (SPEC 2)
  notPorted('returns 500 Internal Server Error and does not create PersonalAccessTokens::CreateService');
});

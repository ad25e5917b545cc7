import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { api, NON_EXISTING_ID, notPorted, refusedUnchanged } from './api.js';

/**
 * GitLab's `spec/requests/api/applications_spec.rb`, ported as HTTP requests
 * to the mock: each GitLab example is one test, named as GitLab names it.
 * docs/gitlab-specs.md lists them (a test keeps it in step).
 */

const ADMIN = 'glpat-spec-admin';
const USER = 'glpat-spec-user';

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'admin', admin: true, token: ADMIN },
    { username: 'user', token: USER },
  ],
  applications: [{ name: 'another_application', redirect_uri: 'http://other_application.url', scopes: 'api' }],
};

const PATH = '/applications';
const valid = { name: 'application_name', redirect_uri: 'http://application.url', scopes: 'api' };

let mock: MockGitLab;
beforeEach(() => {
  mock = createMockGitLab({ seed });
});

const count = () => mock.world.applications.size;
const applicationIdIn = (world: MockGitLab) =>
  [...world.world.applications.values()].find((a) => a.name === 'another_application')?.id;
const applicationId = () => applicationIdIn(mock);
const named = (name: string) => [...mock.world.applications.values()].filter((a) => a.name === name);

/** A creation GitLab refuses with 400: nothing is created. */
async function refusedCreation(params: Record<string, unknown>) {
  const { answer, unchanged } = await refusedUnchanged(mock, ADMIN, () => api(mock, 'POST', PATH, ADMIN, params));
  expect(answer.status).toBe(400);
  expect(unchanged).toBe(true);
  return answer.body;
}

/**
 * GitLab's shared examples "<method> request permissions for admin mode", in a
 * world with admin mode on: an administrator whose token has the `admin_mode`
 * scope succeeds; the same administrator without it, and a user with or
 * without it, get 403.
 */
async function permissionsForAdminMode(
  send: (mock: MockGitLab, token: string) => Promise<{ status: number }>,
  success: number,
) {
  // The seed key issue 25 gives admin mode (typed loosely until it lands).
  const adminModeSeed = {
    ...seed,
    instance: { admin_mode: true },
    users: [
      { username: 'admin', admin: true, token: ADMIN, scopes: ['api'] },
      { username: 'admin-in-mode', admin: true, token: 'glpat-spec-admin-mode', scopes: ['api', 'admin_mode'] },
      { username: 'user', token: USER, scopes: ['api'] },
      { username: 'user-in-mode', token: 'glpat-spec-user-mode', scopes: ['api', 'admin_mode'] },
    ],
  } as unknown as SeedDocument;
  const statuses: Record<string, number> = {};
  for (const [who, token] of Object.entries({
    'admin, admin mode': 'glpat-spec-admin-mode',
    'admin, no admin mode': ADMIN,
    'user, admin mode': 'glpat-spec-user-mode',
    'user, no admin mode': USER,
  })) {
    statuses[who] = (await send(createMockGitLab({ seed: adminModeSeed }), token)).status;
  }
  expect(statuses).toEqual({
    'admin, admin mode': success,
    'admin, no admin mode': 403,
    'user, admin mode': 403,
    'user, no admin mode': 403,
  });
}

describe('POST /applications (applications_spec)', () => {
  it('POST request permissions for admin mode', async () => {
    // GitLab's success is 201; SPEC 1 answers 200 here.
    await permissionsForAdminMode((world, token) => api(world, 'POST', PATH, token, valid), 200);
  });

  it('authenticated and authorized user: creates and returns an OAuth application', async () => {
    const before = count();
    const answer = await api(mock, 'POST', PATH, ADMIN, valid);
    expect(count()).toBe(before + 1);
    const [application] = named('application_name');
    expect(answer.body).toMatchObject({
      application_id: application?.application_id,
      callback_url: application?.redirect_uri,
      confidential: application?.confidential,
    });
    expect(typeof answer.body.secret).toBe('string');
    expect(application?.scopes.join(' ')).toBe('api');
  });

  it('authenticated and authorized user: does not allow creating an application with the wrong redirect_uri format', async () => {
    const body = await refusedCreation({ ...valid, redirect_uri: 'http://' });
    expect(body.message.redirect_uri[0]).toBe('must be a valid URI.');
  });

  it('authenticated and authorized user: does not allow creating an application with a forbidden URI format', async () => {
    const body = await refusedCreation({ ...valid, redirect_uri: 'javascript://alert()' });
    expect(body.message.redirect_uri[0]).toBe('is forbidden by the server.');
  });

  it('authenticated and authorized user: does not allow creating an application without a name', async () => {
    const { name: _, ...params } = valid;
    expect((await refusedCreation(params)).error).toBe('name is missing');
  });

  it('authenticated and authorized user: does not allow creating an application without a redirect_uri', async () => {
    const { redirect_uri: _, ...params } = valid;
    expect((await refusedCreation(params)).error).toBe('redirect_uri is missing');
  });

  it('authenticated and authorized user: does not allow creating an application without specifying `scopes`', async () => {
    const { scopes: _, ...params } = valid;
    expect((await refusedCreation(params)).error).toBe('scopes is missing, scopes is empty');
  });

  it('authenticated and authorized user: does not allow creating an application with blank `scopes`', async () => {
    expect((await refusedCreation({ ...valid, scopes: '' })).error).toBe('scopes is empty');
  });

  it('authenticated and authorized user: does not allow creating an application with invalid `scopes`', async () => {
    const body = await refusedCreation({ ...valid, scopes: 'non_existent_scope' });
    expect(body.message.scopes[0]).toBe("doesn't match configured on the server.");
  });

  // adapted: SPEC 1 answers 200 where GitLab answers 201 (the API reference says 200)
  it('multiple scopes: creates an application with multiple `scopes` when each scope specified is seperated by a space', async () => {
    const answer = await api(mock, 'POST', PATH, ADMIN, { ...valid, scopes: 'api read_user' });
    expect(answer.status).toBe(200);
    expect(named('application_name').map((a) => a.scopes.join(' '))).toEqual(['api read_user']);
  });

  it('multiple scopes: does not allow creating an application with multiple `scopes` when one of the scopes is invalid', async () => {
    const body = await refusedCreation({ ...valid, scopes: 'api non_existent_scope' });
    expect(body.message.scopes[0]).toBe("doesn't match configured on the server.");
  });

  // adapted: SPEC 1 answers 200 where GitLab answers 201 (the API reference says 200)
  it('authenticated and authorized user: defaults to creating an application with confidential', async () => {
    const before = count();
    const answer = await api(mock, 'POST', PATH, ADMIN, { ...valid, confidential: null });
    expect(answer.status).toBe(200);
    expect(count()).toBe(before + 1);
    expect(answer.body).toMatchObject({ callback_url: 'http://application.url', confidential: true });
  });

  it('authorized user without authorization: does not create application', async () => {
    const { unchanged } = await refusedUnchanged(mock, USER, () => api(mock, 'POST', PATH, USER, valid));
    expect(unchanged).toBe(true);
  });

  it('non-authenticated user: does not create application', async () => {
    const { redirect_uri, name } = valid;
    const { answer, unchanged } = await refusedUnchanged(mock, undefined, () =>
      api(mock, 'POST', PATH, undefined, { name, redirect_uri }),
    );
    expect(answer.status).toBe(401);
    expect(unchanged).toBe(true);
  });
});

describe('GET /applications (applications_spec)', () => {
  it('GET request permissions for admin mode', async () => {
    await permissionsForAdminMode((world, token) => api(world, 'GET', PATH, token), 200);
  });

  it('can list application', async () => {
    const answer = await api(mock, 'GET', PATH, ADMIN);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
  });

  it('non-authenticated user: cannot list application', async () => {
    expect((await api(mock, 'GET', PATH)).status).toBe(401);
  });
});

describe('DELETE /applications/:id (applications_spec)', () => {
  it('user authorization: DELETE request permissions for admin mode', async () => {
    await permissionsForAdminMode(
      (world, token) => api(world, 'DELETE', `${PATH}/${applicationIdIn(world)}`, token),
      204,
    );
  });

  it('authenticated and authorized user: can delete an application', async () => {
    const before = count();
    expect((await api(mock, 'DELETE', `${PATH}/${applicationId()}`, ADMIN)).status).toBe(204);
    expect(count()).toBe(before - 1);
  });

  it('authenticated and authorized user: cannot delete non-existing application', async () => {
    expect((await api(mock, 'DELETE', `${PATH}/${NON_EXISTING_ID}`, ADMIN)).status).toBe(404);
  });

  it('non-authenticated user: cannot delete an application', async () => {
    expect((await api(mock, 'DELETE', `${PATH}/${applicationId()}`)).status).toBe(401);
  });
});

describe('POST /application/:id/renew-secret (applications_spec)', () => {
  const renew = () => `${PATH}/${applicationId()}/renew-secret`;

  it('user authorization: POST request permissions for admin mode', async () => {
    // GitLab's success is 201; SPEC 1 answers 200 here.
    await permissionsForAdminMode(
      (world, token) => api(world, 'POST', `${PATH}/${applicationIdIn(world)}/renew-secret`, token, {}),
      200,
    );
  });

  // adapted: SPEC 1 answers 200 where GitLab answers 201 (the API reference says 200)
  it('authenticated and authorized user: can renew a secret token', async () => {
    const secret = [...mock.world.applications.values()].find((a) => a.name === 'another_application')?.secret;
    const answer = await api(mock, 'POST', renew(), ADMIN, {});
    expect(answer.status).toBe(200);
    expect(answer.body.secret).toEqual(expect.any(String));
    expect(answer.body.secret).not.toBe(secret);
  });

  it('authenticated and authorized user: return 404 when application_id not found', async () => {
    expect((await api(mock, 'POST', `${PATH}/${NON_EXISTING_ID}/renew-secret`, ADMIN)).status).toBe(404);
  });

  // skip: not modelled: GitLab's spec stubs the application so that saving the renewed secret fails; nothing in the mock's world makes a renewal fail
  notPorted('authenticated and authorized user: return 400 when the operation is failed');

  it('non-authenticated user: cannot renew a secret token', async () => {
    expect((await api(mock, 'POST', renew())).status).toBe(401);
  });
});

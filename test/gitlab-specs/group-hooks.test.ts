import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { GroupHook } from '../../src/index.js';
import { call } from '../fixtures.js';
import { api, NON_EXISTING_ID, notPorted, notPortedGroup, refusedUnchanged } from './api.js';
import { deliveryExamples, type HookSpec, startReceiver } from './hook-deliveries.js';

/**
 * GitLab's `ee/spec/requests/api/group_hooks_spec.rb` and the shared examples it
 * runs (`spec/support/shared_examples/requests/api/hooks_shared_examples.rb`:
 * 'web-hook API endpoints' and the branch filter ones, for a group's Owner on a
 * Premium group), ported as HTTP requests to the mock. docs/gitlab-specs.md lists
 * them (a test keeps it in step).
 */

const USER = 'glpat-spec-group-admin';
const USER2 = 'glpat-spec-non-admin';

/** The events GitLab's spec names (`event_names`). */
const EVENT_NAMES = [
  'push_events',
  'issues_events',
  'confidential_issues_events',
  'merge_requests_events',
  'tag_push_events',
  'note_events',
  'confidential_note_events',
  'job_events',
  'pipeline_events',
  'wiki_page_events',
  'deployment_events',
  'releases_events',
  'milestone_events',
  'subgroup_events',
  'feature_flag_events',
  'emoji_events',
  'resource_access_token_events',
  'member_events',
  'vulnerability_events',
  'project_events',
] as const;

/** The spec's Premium group, its Owner, a non-member, and its hook with every event on. */
function seedOf(hook: Record<string, unknown> = {}): SeedDocument {
  return {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'group_admin', token: USER },
      { username: 'non_admin_user', token: USER2 },
    ],
    groups: [
      {
        path: 'group',
        // GitLab's group factory makes public groups (the namespaces column's default).
        visibility: 'public',
        plan: 'premium',
        members: { group_admin: 50 },
        hooks: [
          {
            url: 'http://example.com',
            enable_ssl_verification: true,
            events: Object.fromEntries(EVENT_NAMES.map((name) => [name, true])),
            ...hook,
          },
        ],
      },
    ],
  };
}

const COLLECTION = '/groups/group/hooks';
let mock: MockGitLab;
beforeEach(() => {
  mock = createMockGitLab({ seed: seedOf() });
});
const hookId = (m: MockGitLab = mock) => [...m.world.groupHooks.values()][0]?.id as number;
const hookUri = (id: number = hookId()) => `${COLLECTION}/${id}`;
const hooksCount = () => mock.world.groupHooks.size;
const stored = (m: MockGitLab = mock) => m.world.groupHooks.get(hookId(m));

const hookParams = {
  ...Object.fromEntries(EVENT_NAMES.map((name) => [name, true])),
  push_events_branch_filter: 'some-feature-branch',
  url: 'http://example.com',
  url_variables: [
    { key: 'token', value: 'very-secret' },
    { key: 'abc', value: 'other value' },
  ],
  custom_headers: [
    { key: 'X-Custom-Header', value: 'custom value' },
    { key: 'abc', value: 'other value' },
  ],
};
const updateParams = {
  name: 'Updated name',
  description: 'Updated description',
  push_events: false,
  job_events: true,
  push_events_branch_filter: 'updated-branch-filter',
};

/** A refused request that must leave the world as it was. */
async function refused(token: string | undefined, send: () => ReturnType<typeof api>, status: number) {
  const { answer, unchanged } = await refusedUnchanged(mock, token, send);
  expect(answer.status).toBe(status);
  expect(unchanged).toBe(true);
  return answer;
}

describe('POST /groups/:id/hooks (POST webhook API endpoints with a branch filter)', () => {
  const post = (params: Record<string, unknown>) =>
    api(mock, 'POST', COLLECTION, USER, { ...params, url: 'http://example.com' });

  it('when setting push_events_branch_filter: returns created response', async () => {
    const answer = await post({ push_events_branch_filter: 'some-wildcard' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      push_events_branch_filter: 'some-wildcard',
      branch_filter_strategy: 'wildcard',
    });
  });

  it('when setting push_events_branch_filter with branch_filter_strategy regex: returns created response', async () => {
    const answer = await post({ push_events_branch_filter: 'some-regex', branch_filter_strategy: 'regex' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ push_events_branch_filter: 'some-regex', branch_filter_strategy: 'regex' });
  });

  it('when setting push_events_branch_filter to ^regex with branch_filter_strategy regex: returns created response', async () => {
    const answer = await post({ push_events_branch_filter: '^regex', branch_filter_strategy: 'regex' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ push_events_branch_filter: '^regex', branch_filter_strategy: 'regex' });
  });

  it('POST/PUT webhook API endpoints with a branch filter, POST/PUT hooks, when branch_filter_strategy is not valid: returns a 400 error', async () => {
    await refused(
      USER,
      () => post({ push_events_branch_filter: '~badbranchname/', branch_filter_strategy: 'bla' }),
      400,
    );
  });

  it('POST/PUT webhook API endpoints with a branch filter, POST/PUT hooks, when push_events_branch_filter is not valid: returns a 422 error', async () => {
    await refused(USER, () => post({ push_events_branch_filter: '~badbranchname/' }), 422);
  });
});

describe('PUT /groups/:id/hooks (PUT webhook API endpoints with a branch filter)', () => {
  const put = (params: Record<string, unknown>) =>
    api(mock, 'PUT', hookUri(), USER, { ...params, url: 'http://example.com' });

  it('when setting push_events_branch_filter with branch_filter_strategy regex: returns ok', async () => {
    const answer = await put({ push_events_branch_filter: 'some-regex', branch_filter_strategy: 'regex' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ push_events_branch_filter: 'some-regex', branch_filter_strategy: 'regex' });
  });

  it('when setting push_events_branch_filter without branch_filter_strategy regex: returns ok', async () => {
    const answer = await put({ push_events_branch_filter: '^regex', branch_filter_strategy: 'regex' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ push_events_branch_filter: '^regex', branch_filter_strategy: 'regex' });
  });

  it('POST/PUT webhook API endpoints with a branch filter, POST/PUT hooks, when branch_filter_strategy is not valid: returns a 400 error', async () => {
    await refused(
      USER,
      () => put({ push_events_branch_filter: '~badbranchname/', branch_filter_strategy: 'bla' }),
      400,
    );
  });

  it('POST/PUT webhook API endpoints with a branch filter, POST/PUT hooks, when push_events_branch_filter is not valid: returns a 422 error', async () => {
    await refused(USER, () => put({ push_events_branch_filter: '~badbranchname/' }), 422);
  });
});

describe('GET /groups/:id/hooks', () => {
  it('authorized user: returns all hooks', async () => {
    const answer = await api(mock, 'GET', COLLECTION, USER);
    expect(answer.status).toBe(200);
    z.parse(z.array(GroupHook), answer.body);
  });
  it('authorized user, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(mock, 'GET', COLLECTION, USER)).status).toBe(200);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorized user, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorized user, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorized user, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('when user is forbidden: prevents access to hooks', async () => {
    expect((await api(mock, 'GET', COLLECTION, USER2)).status).toBe(403);
  });
  it('when user is unauthorized: prevents access to hooks', async () => {
    expect((await api(mock, 'GET', COLLECTION)).status).toBe(401);
  });
  it('the hook has URL variables: returns the names of the url variables', async () => {
    const m = createMockGitLab({ seed: seedOf({ url_variables: { token: 'supers3cret' } }) });
    const answer = await api(m, 'GET', COLLECTION, USER);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].url_variables).toEqual([{ key: 'token' }]);
  });
  it('the hook has custom headers: returns the names of the custom headers', async () => {
    const m = createMockGitLab({ seed: seedOf({ custom_headers: { 'Custom-Header': 'supers3cret' } }) });
    const answer = await api(m, 'GET', COLLECTION, USER);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].custom_headers).toEqual([{ key: 'Custom-Header' }]);
  });
});

describe('GET /groups/:id/hooks/:hook_id', () => {
  it('authorized user: returns a project hook', async () => {
    const answer = await api(mock, 'GET', hookUri(), USER);
    expect(answer.status).toBe(200);
    z.parse(GroupHook, answer.body);
    expect(answer.body.url).toBe('http://example.com');
  });
  it('authorized user, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(mock, 'GET', hookUri(), USER)).status).toBe(200);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorized user, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorized user, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorized user, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('authorized user: returns a 404 error if hook id is not available', async () => {
    expect((await api(mock, 'GET', hookUri(NON_EXISTING_ID), USER)).status).toBe(404);
  });
  it('authorized user, the hook is disabled: has the correct alert status', async () => {
    const m = createMockGitLab({ seed: seedOf({ recent_failures: 40 }) });
    const answer = await api(m, 'GET', `${COLLECTION}/${hookId(m)}`, USER);
    expect(answer.status).toBe(200);
    expect(answer.body.alert_status).toBe('disabled');
  });
  it('authorized user, the hook is backed-off: has the correct alert status', async () => {
    // GitLab's times carry milliseconds (`disabled_until.iso8601(3)`); the seed gives the time that way.
    const until = '2026-06-01T10:00:00.000Z';
    const m = createMockGitLab({ seed: seedOf({ recent_failures: 4, disabled_until: until }) });
    const answer = await api(m, 'GET', `${COLLECTION}/${hookId(m)}`, USER);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ alert_status: 'temporarily_disabled', disabled_until: until });
  });
  it('when user is forbidden: does not access an existing hook', async () => {
    expect((await api(mock, 'GET', hookUri(), USER2)).status).toBe(403);
  });
  it('when user is unauthorized: does not access an existing hook', async () => {
    expect((await api(mock, 'GET', hookUri())).status).toBe(401);
  });
});

describe('POST /groups/:id/hooks', () => {
  it('adds hook', async () => {
    const before = hooksCount();
    const answer = await api(mock, 'POST', COLLECTION, USER, hookParams);
    expect(hooksCount()).toBe(before + 1);
    expect(answer.status).toBe(201);
    z.parse(GroupHook, answer.body);
    expect(answer.body.url).toBe('http://example.com');
    expect(answer.body.push_events_branch_filter).toBe('some-feature-branch');
    for (const name of EVENT_NAMES) expect(answer.body[name], name).toBe(true);
    expect(answer.body.url_variables).toEqual(expect.arrayContaining([{ key: 'token' }, { key: 'abc' }]));
    expect(answer.body.url_variables).toHaveLength(2);
    expect(answer.body.custom_headers).toEqual(expect.arrayContaining([{ key: 'X-Custom-Header' }, { key: 'abc' }]));
    expect(answer.body.custom_headers).toHaveLength(2);
    expect(answer.body).not.toHaveProperty('token');
  });
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(mock, 'POST', COLLECTION, USER, hookParams)).status).toBe(201);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('adds the token without including it in the response', async () => {
    const before = hooksCount();
    const answer = await api(mock, 'POST', COLLECTION, USER, { url: 'http://example.com', token: 'secret token' });
    expect(hooksCount()).toBe(before + 1);
    expect(answer.status).toBe(201);
    expect(answer.body.url).toBe('http://example.com');
    expect(answer.body).not.toHaveProperty('token');
    const hook = mock.world.groupHooks.get(answer.body.id);
    expect(hook?.url).toBe('http://example.com');
    expect(hook?.token).toBe('secret token');
  });
  it('returns a 400 error if url not given', async () => {
    await refused(USER, () => api(mock, 'POST', COLLECTION, USER, { push_events: true }), 400);
  });
  it('returns a 400 error if no parameters are provided', async () => {
    await refused(USER, () => api(mock, 'POST', COLLECTION, USER), 400);
  });
  it('sets default values for events', async () => {
    const answer = await api(mock, 'POST', COLLECTION, USER, { url: 'http://mep.mep' });
    expect(answer.status).toBe(201);
    z.parse(GroupHook, answer.body);
    expect(answer.body.enable_ssl_verification).toBe(true);
    const defaults: Record<string, boolean | null> = { push_events: true, confidential_note_events: null };
    for (const name of EVENT_NAMES) expect(answer.body[name], name).toBe(defaults[name] ?? false);
  });
  it('returns a 422 error if token not valid', async () => {
    await refused(
      USER,
      () => api(mock, 'POST', COLLECTION, USER, { url: 'http://example.com', token: 'foo\nbar' }),
      422,
    );
  });
  it('returns a 422 error if url not valid', async () => {
    await refused(USER, () => api(mock, 'POST', COLLECTION, USER, { url: 'ftp://example.com' }), 422);
  });
});

describe('PUT /groups/:id/hooks/:hook_id', () => {
  it('updates an existing hook', async () => {
    const answer = await api(mock, 'PUT', hookUri(), USER, updateParams);
    expect(answer.status).toBe(200);
    z.parse(GroupHook, answer.body);
    expect(answer.body).toMatchObject(updateParams);
  });
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(mock, 'PUT', hookUri(), USER, updateParams)).status).toBe(200);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('updates the URL variables', async () => {
    const m = createMockGitLab({ seed: seedOf({ url_variables: { abc: 'some value' } }) });
    const answer = await api(m, 'PUT', `${COLLECTION}/${hookId(m)}`, USER, {
      url_variables: [{ key: 'def', value: 'other value' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.url_variables).toEqual(expect.arrayContaining([{ key: 'abc' }, { key: 'def' }]));
    expect(answer.body.url_variables).toHaveLength(2);
  });
  it('updates the custom headers', async () => {
    const m = createMockGitLab({ seed: seedOf({ custom_headers: { abc: 'some value' } }) });
    const answer = await api(m, 'PUT', `${COLLECTION}/${hookId(m)}`, USER, {
      custom_headers: [{ key: 'def', value: 'other value' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.custom_headers).toEqual(expect.arrayContaining([{ key: 'abc' }, { key: 'def' }]));
    expect(answer.body.custom_headers).toHaveLength(2);
  });
  it('adds the token without including it in the response', async () => {
    const answer = await api(mock, 'PUT', hookUri(), USER, { url: 'http://example.org', token: 'secret token' });
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe('http://example.org');
    expect(answer.body).not.toHaveProperty('token');
    expect(stored()?.url).toBe('http://example.org');
    expect(stored()?.token).toBe('secret token');
  });
  it('returns 404 error if hook id not found', async () => {
    await refused(USER, () => api(mock, 'PUT', hookUri(NON_EXISTING_ID), USER, { url: 'http://example.org' }), 404);
  });
  it('returns 400 error if no parameters are provided', async () => {
    await refused(USER, () => api(mock, 'PUT', hookUri(), USER), 400);
  });
  it('returns a 422 error if url is not valid', async () => {
    await refused(USER, () => api(mock, 'PUT', hookUri(), USER, { url: 'ftp://example.com' }), 422);
  });
  it('returns a 422 error if token is not valid', async () => {
    await refused(USER, () => api(mock, 'PUT', hookUri(), USER, { token: 'foo\nbar' }), 422);
  });
});

describe('DELETE /groups/:id/hooks/:hook_id', () => {
  it('deletes hook from project', async () => {
    const before = hooksCount();
    expect((await api(mock, 'DELETE', hookUri(), USER)).status).toBe(204);
    expect(hooksCount()).toBe(before - 1);
  });
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await api(mock, 'DELETE', hookUri(), USER)).status).toBe(204);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
  it('returns a 404 error when deleting non existent hook', async () => {
    await refused(USER, () => api(mock, 'DELETE', hookUri(NON_EXISTING_ID), USER), 404);
  });
  it('returns a 404 error if hook id not given', async () => {
    const answer = await refused(USER, () => api(mock, 'DELETE', COLLECTION, USER), 404);
    expect(answer.body).toEqual({ error: '404 Not Found' });
  });
  it('returns forbidden if a user attempts to delete hooks they do not own', async () => {
    await refused(USER2, () => api(mock, 'DELETE', hookUri(), USER2), 403);
  });
  it('412 response, for a modified resource: returns 412 with a JSON error', async () => {
    const answer = await refused(
      USER,
      () =>
        call(mock, 'DELETE', hookUri(), {
          token: USER,
          headers: { 'if-unmodified-since': '1990-01-12T00:00:48-0600' },
        }),
      412,
    );
    expect(answer.body).toEqual({ message: '412 Precondition Failed' });
  });
  it('412 response, for an unmodified resource: returns 204 with an empty body', async () => {
    const answer = await call(mock, 'DELETE', hookUri(), {
      token: USER,
      headers: { 'if-unmodified-since': new Date().toUTCString() },
    });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });
});

describe('PUT /groups/:id/hooks/:hook_id/url_variables/:key', () => {
  const put = (m: MockGitLab, key: string, value: string, id = hookId(m)) =>
    api(m, 'PUT', `${COLLECTION}/${id}/url_variables/${key}`, USER, { value });

  it('sets the variable', async () => {
    expect((await put(mock, 'abc', 'some secret value')).status).toBe(204);
    expect(stored()?.url_variables).toEqual({ abc: 'some secret value' });
  });
  it('overwrites existing values', async () => {
    const m = createMockGitLab({ seed: seedOf({ url_variables: { abc: 'xyz', def: 'other value' } }) });
    expect((await put(m, 'abc', 'some secret value')).status).toBe(204);
    expect(stored(m)?.url_variables).toEqual({ abc: 'some secret value', def: 'other value' });
  });
  it('returns a 404 error when editing non existent hook', async () => {
    await refused(USER, () => put(mock, 'abc', 'xyz', NON_EXISTING_ID), 404);
  });
  it('returns a 422 error when the key is illegal', async () => {
    await refused(USER, () => put(mock, 'abc%20def', 'xyz'), 422);
  });
  it('returns a 422 error when the value is illegal', async () => {
    await refused(USER, () => put(mock, 'abc', ''), 422);
  });
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await put(mock, 'abc', 'some secret value')).status).toBe(204);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
});

describe('DELETE /groups/:id/hooks/:hook_id/url_variables/:key', () => {
  let m: MockGitLab;
  beforeEach(() => {
    m = createMockGitLab({ seed: seedOf({ url_variables: { abc: 'prior value', def: 'other value' } }) });
  });
  const remove = (world: MockGitLab, id = hookId(world)) =>
    api(world, 'DELETE', `${COLLECTION}/${id}/url_variables/abc`, USER);

  it('unsets the variable', async () => {
    expect((await remove(m)).status).toBe(204);
    expect(stored(m)?.url_variables).toEqual({ def: 'other value' });
  });
  it('returns 404 for keys that do not exist', async () => {
    const only = createMockGitLab({ seed: seedOf({ url_variables: { def: 'other value' } }) });
    expect((await remove(only)).status).toBe(404);
  });
  it('returns a 404 error when deleting a variable from a non existent hook', async () => {
    expect((await remove(m, NON_EXISTING_ID)).status).toBe(404);
  });
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await remove(m)).status).toBe(204);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
});

describe('PUT /groups/:id/hooks/:hook_id/custom_headers/:key', () => {
  const put = (m: MockGitLab, key: string, value: string, id = hookId(m)) =>
    api(m, 'PUT', `${COLLECTION}/${id}/custom_headers/${key}`, USER, { value });
  const illegal = (key: string, value: string) => refused(USER, () => put(mock, key, value), 422);

  it('sets the custom header', async () => {
    expect((await put(mock, 'abc', 'some secret value')).status).toBe(204);
    expect(stored()?.custom_headers).toEqual({ abc: 'some secret value' });
  });
  it('overwrites existing values', async () => {
    const m = createMockGitLab({ seed: seedOf({ custom_headers: { abc: 'xyz', def: 'other value' } }) });
    expect((await put(m, 'abc', 'some secret value')).status).toBe(204);
    expect(stored(m)?.custom_headers).toEqual({ abc: 'some secret value', def: 'other value' });
  });
  it('returns a 404 error when editing non existent hook', async () => {
    await refused(USER, () => put(mock, 'abc', 'xyz', NON_EXISTING_ID), 404);
  });
  it('returns a 422 error when the key is illegal', () => illegal('abc%20def', 'xyz'));
  it('returns a 422 error when the key has leading whitespace', () => illegal('%20abcdef', 'xyz'));
  it('returns a 422 error when the key has trailing whitespace', () => illegal('abcdef%20', 'xyz'));
  it('returns a 422 error when the value is illegal', () => illegal('abc', ''));
  it('returns a 422 error when the value is more than one line', () =>
    illegal('abc', 'This is line one\nThis is line two\nThis is line three\n'));
  it('returns a 422 error when the value has leading whitespace', () => illegal('abc', ' foo'));
  it('returns a 422 error when the value has trailing whitespace', () => illegal('abc', 'foo '));
  it('returns a 422 error when the value has url encoded invalid characters', () => illegal('abc', 'foo %0A foo'));
  it('returns a 422 error when the value has backslash encoded invalid characters', () =>
    illegal('abc', 'foo \\n foo'));
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await put(mock, 'abc', 'some secret value')).status).toBe(204);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
});

describe('DELETE /groups/:id/hooks/:hook_id/custom_headers/:key', () => {
  let m: MockGitLab;
  beforeEach(() => {
    m = createMockGitLab({ seed: seedOf({ custom_headers: { abc: 'prior value', def: 'other value' } }) });
  });
  const remove = (world: MockGitLab, id = hookId(world)) =>
    api(world, 'DELETE', `${COLLECTION}/${id}/custom_headers/abc`, USER);

  it('unsets the custom header', async () => {
    expect((await remove(m)).status).toBe(204);
    expect(stored(m)?.custom_headers).toEqual({ def: 'other value' });
  });
  it('returns 404 for keys that do not exist', async () => {
    const only = createMockGitLab({ seed: seedOf({ custom_headers: { def: 'other value' } }) });
    expect((await remove(only)).status).toBe(404);
  });
  it('returns a 404 error when deleting a custom header from a non existent hook', async () => {
    expect((await remove(m, NON_EXISTING_ID)).status).toBe(404);
  });
  it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
    expect((await remove(m)).status).toBe(204);
  });
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
  );
  // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
  notPorted(
    'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
  );
});

describe('test web-hook endpoint on a group (POST /groups/:id/hooks/:hook_id/test/:trigger)', () => {
  it('when group does not have a project: returns error', async () => {
    const answer = await api(mock, 'POST', `${hookUri()}/test/push_events`, USER, {});
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Ensure the group has a project with commits.');
  });
});

// The hook delivers to a receiver on loopback (GitLab stubs `hook.url`): see hook-deliveries.ts.
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** The spec's world with its hook delivering to the receiver. */
function delivering() {
  receiver.answers.length = 0;
  // GitLab's `create(:project, :repository, group: group)`: the group's project, with commits.
  const seed = seedOf({ url: receiver.url });
  mock = createMockGitLab({ seed: { ...seed, projects: [{ path: 'group/project' }] }, webhooks: { timeout: 300 } });
}
const spec: HookSpec = {
  mock: () => mock,
  hookUri: () => hookUri(),
  project: 'group%2Fproject',
  user: USER,
  user2: USER2,
};

describe('when group has a project', () => deliveryExamples('groups', spec, () => receiver, delivering));

notPortedGroup('with admin_web_hook custom role', () => {
  // skip: the mock does not model custom roles (`member_role`, `admin_web_hook`)
  notPorted('web-hook API endpoints with admin_web_hook custom role: every example');
});

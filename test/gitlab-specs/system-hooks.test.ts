import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { SystemHook } from '../../src/index.js';
import { api } from './api.js';
import { webHookApiExamples } from './hook-api-examples.js';

/**
 * GitLab's `spec/requests/api/system_hooks_spec.rb` and the shared examples it
 * runs (`spec/support/shared_examples/requests/api/hooks_shared_examples.rb`:
 * 'web-hook API endpoints' and the branch filter ones, in hook-api-examples.ts, for an
 * administrator), ported as HTTP requests to the mock. docs/gitlab-specs.md lists them (a test keeps
 * it in step).
 */

const USER = 'glpat-spec-admin';
const USER2 = 'glpat-spec-non-admin';

/** The events GitLab's spec names (`event_names`). */
const EVENT_NAMES = ['push_events', 'tag_push_events', 'merge_requests_events', 'repository_update_events'] as const;

/** The spec's administrator, a non-administrator, and the instance's hook. */
function seedOf(hook: Record<string, unknown> = {}): SeedDocument {
  return {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'admin', admin: true, token: USER },
      { username: 'non_admin', token: USER2 },
    ],
    system_hooks: [{ url: 'http://example.com', ...hook }],
  };
}

const COLLECTION = '/hooks';
let mock: MockGitLab;
beforeEach(() => {
  mock = createMockGitLab({ seed: seedOf() });
});

webHookApiExamples('/hooks', {
  mock: () => mock,
  collection: COLLECTION,
  seedOf,
  hooks: (m) => m.world.systemHooks,
  schema: SystemHook,
  events: EVENT_NAMES,
  hookParams: {},
  updateParams: { push_events: false, tag_push_events: true },
  eventDefaults: { repository_update_events: true },
  autoDisabling: false,
  user: USER,
  user2: USER2,
});

// GitLab's 'web-hook API endpoints' run these for group and system hooks only (`if: prefix != '/projects/:id'`).
describe('GET /hooks', () => {
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

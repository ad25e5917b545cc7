import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { GroupHook } from '../../src/index.js';
import { api, notPorted, notPortedGroup } from './api.js';
import { PROJECT_AND_GROUP_HOOKS, webHookApiExamples } from './hook-api-examples.js';
import { deliveryExamples, type HookSpec, startReceiver } from './hook-deliveries.js';

/**
 * GitLab's `ee/spec/requests/api/group_hooks_spec.rb` and the shared examples it
 * runs (`spec/support/shared_examples/requests/api/hooks_shared_examples.rb`:
 * 'web-hook API endpoints' and the branch filter ones, in hook-api-examples.ts, and the delivery
 * ones, in hook-deliveries.ts), for a group's Owner on a Premium group, ported as HTTP requests to
 * the mock. docs/gitlab-specs.md lists them (a test keeps it in step).
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

webHookApiExamples('/groups/:id/hooks', {
  mock: () => mock,
  collection: COLLECTION,
  seedOf,
  hooks: (m) => m.world.groupHooks,
  schema: GroupHook,
  events: EVENT_NAMES,
  ...PROJECT_AND_GROUP_HOOKS,
  user: USER,
  user2: USER2,
});

// GitLab's 'web-hook API endpoints' run these for group and system hooks only (`if: prefix != '/projects/:id'`).
describe('GET /groups/:id/hooks', () => {
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

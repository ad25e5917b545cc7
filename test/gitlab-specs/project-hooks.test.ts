import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { ProjectHook } from '../../src/index.js';
import { PROJECT_AND_GROUP_HOOKS, webHookApiExamples } from './hook-api-examples.js';
import { deliveryExamples, type HookSpec, startReceiver } from './hook-deliveries.js';

/**
 * GitLab's `spec/requests/api/project_hooks_spec.rb` and the shared examples it
 * runs (`spec/support/shared_examples/requests/api/hooks_shared_examples.rb`:
 * 'web-hook API endpoints' and the branch filter ones, in hook-api-examples.ts; 'test web-hook
 * endpoint', 'resend web-hook event endpoint', 'get web-hook event endpoint', in hook-deliveries.ts),
 * ported as HTTP requests to the mock. docs/gitlab-specs.md lists them (a test keeps it in step).
 */

const USER = 'glpat-spec-user';
const USER2 = 'glpat-spec-user2';

/** The events GitLab's spec names (`event_names`). */
const EVENT_NAMES = [
  'push_events',
  'tag_push_events',
  'merge_requests_events',
  'issues_events',
  'confidential_issues_events',
  'note_events',
  'confidential_note_events',
  'pipeline_events',
  'wiki_page_events',
  'job_events',
  'deployment_events',
  'feature_flag_events',
  'releases_events',
  'milestone_events',
  'emoji_events',
  'resource_access_token_events',
] as const;

/** The spec's project (in the user's namespace, user2 a Developer) and its hook with every event on. */
function seedOf(hook: Record<string, unknown> = {}): SeedDocument {
  return {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'user', token: USER },
      { username: 'user2', token: USER2 },
    ],
    projects: [
      {
        path: 'user/project',
        members: { user2: 30 },
        hooks: [
          {
            url: 'http://example.com',
            enable_ssl_verification: true,
            push_events_branch_filter: 'master',
            events: Object.fromEntries(EVENT_NAMES.map((name) => [name, true])),
            ...hook,
          },
        ],
      },
    ],
  };
}

const COLLECTION = '/projects/user%2Fproject/hooks';
let mock: MockGitLab;
beforeEach(() => {
  mock = createMockGitLab({ seed: seedOf() });
});
const hookId = (m: MockGitLab = mock) => [...m.world.projectHooks.values()][0]?.id as number;
const hookUri = (id: number = hookId()) => `${COLLECTION}/${id}`;

webHookApiExamples('/projects/:id/hooks', {
  mock: () => mock,
  collection: COLLECTION,
  seedOf,
  hooks: (m) => m.world.projectHooks,
  schema: ProjectHook,
  events: EVENT_NAMES,
  ...PROJECT_AND_GROUP_HOOKS,
  user: USER,
  user2: USER2,
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
  mock = createMockGitLab({ seed: seedOf({ url: receiver.url }), webhooks: { timeout: 300 } });
}
const spec: HookSpec = {
  mock: () => mock,
  hookUri: () => hookUri(),
  project: 'user%2Fproject',
  user: USER,
  user2: USER2,
};

deliveryExamples('projects', spec, () => receiver, delivering);

/**
 * The mock GitLab: a stateful in-memory world that answers GitLab's REST API v4
 * through MSW, in Node (`setupServer`), in browsers (`setupWorker`), or directly
 * through `mock.fetch`.
 * @module gitlab-admin-sdk/mock
 */
export type { FaultSpec, InjectedFault, MockFaults } from './http/faults.js';
export type { JournalEntry, JournalExchange, MockRequests } from './http/journal.js';
export type {
  Duration,
  MockClock,
  MockGitLabCore,
  MockGitLabOptions,
  MockMergeRequests,
  MockOAuth,
  MockRateLimits,
  MockWebhooks,
  PushedCommit,
  WorldSnapshot,
} from './mock.js';
export { MockOAuthError } from './mock.js';
export { createMockGitLab, type MockGitLab } from './msw.js';
export type { HeadlessAuthorization, HeadlessAuthorized } from './rules/oauth/oauth.js';
export type { HookType } from './rules/webhooks.js';
export type { SeedApprovalRule, SeedMergeRequestApprovalRule } from './seed/approval-document.js';
export {
  type SeedAccessToken,
  type SeedApplication,
  type SeedDocument,
  SeedError,
  type SeedEvent,
  type SeedGroup,
  type SeedGroupHook,
  type SeedInstance,
  type SeedIssue,
  type SeedLabel,
  type SeedMergeRequest,
  type SeedMilestone,
  type SeedOAuth,
  type SeedProject,
  type SeedProjectHook,
  type SeedProtectedBranch,
  type SeedPush,
  type SeedScimIdentity,
  type SeedSubscription,
  type SeedSystemHook,
  type SeedUser,
} from './seed/document.js';
export type { SeededAccessToken, SeededUser, Seeder } from './seed/seeder.js';
export { demoSeed } from './seeds/demo.js';
export type { DeliveryOutcome, HookState, MockWebhookOptions, WebhookDelivery } from './webhooks/dispatcher.js';
export type { WebhookTrigger, WebhookTriggered } from './webhooks/trigger.js';
export type * from './world/types.js';
export { GITLAB_REVISION, GITLAB_VERSION } from './world/world.js';

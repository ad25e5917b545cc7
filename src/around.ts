/**
 * The GitLab around the six areas: users and the instance, groups, projects, members, branches,
 * merge requests, issues, namespaces, events, labels and webhooks. The package's root re-exports all of it
 * (and is, in dist/, the one module with the SDK's code): an app that imports one area from the root bundles
 * none of it, since every top-level statement of the SDK can be dropped (`test/bundle-size.test.ts`).
 * @module
 */

export * from './models/branches.js';
export * from './models/events.js';
export * from './models/groups.js';
export * from './models/hooks.js';
export * from './models/instance.js';
export * from './models/issues.js';
export * from './models/labels.js';
export * from './models/members.js';
export * from './models/merge-requests.js';
export * from './models/namespaces.js';
export * from './models/projects.js';
export * from './models/users.js';
export * from './models/webhooks.js';
export { GroupAccessTokens, ResourceAccessTokens } from './resources/access-tokens.js';
export { ProjectBranches } from './resources/branches.js';
export { Events } from './resources/events.js';
export { Groups } from './resources/groups.js';
export { GroupHooks, ProjectHooks, SystemHooks } from './resources/hooks.js';
export { UserImpersonationTokens } from './resources/impersonation-tokens.js';
export { Instance } from './resources/instance.js';
export { InstanceIssues, ProjectIssues } from './resources/issues.js';
export { UserKeys } from './resources/keys.js';
export { GroupLabels, ProjectLabels } from './resources/labels.js';
export { GroupMembers, ProjectMembers, SourceMembers } from './resources/members.js';
export { InstanceMergeRequests, MergeRequests } from './resources/merge-requests.js';
export { GroupMilestones } from './resources/milestones.js';
export { Namespaces } from './resources/namespaces.js';
export { PersonalAccessTokens, UserPersonalAccessTokens } from './resources/personal-access-tokens.js';
export { Projects } from './resources/projects.js';
export { ProjectProtectedBranches } from './resources/protected-branches.js';
export { Users } from './resources/users.js';
export {
  type ParseWebhookOptions,
  parseWebhook,
  type WebhookDelivery,
  WebhookError,
  type WebhookErrorReason,
  type WebhookEvent,
  type WebhookHeaders,
  WebhookPayloadError,
  type WebhookRequestParts,
  type WebhookRequestStream,
  WebhookVerificationError,
} from './webhooks/receiver.js';

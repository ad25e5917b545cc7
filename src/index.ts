/**
 * A typed client for GitLab's REST API v4 administration areas.
 *
 * ```ts
 * import { GitLab } from 'gitlab-admin-sdk';
 *
 * const gitlab = new GitLab({ baseUrl: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN });
 * for await (const milestone of gitlab.projects.milestones.list('acme/api', { state: 'active' })) {
 *   console.log(milestone.title);
 * }
 * ```
 * @module gitlab-admin-sdk
 */

export * from './access-tokens.js';
export * from './applications.js';
export * from './approvals.js';
export { GitLab } from './client.js';
export type { Credential } from './core/credentials.js';
export {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GitLabApiError,
  type GitLabApiErrorInit,
  GitLabConnectionError,
  GitLabCredentialsError,
  GitLabError,
  type GitLabMessage,
  GitLabResponseValidationError,
  GitLabTimeoutError,
  MethodNotAllowedError,
  NotFoundError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
  UnprocessableEntityError,
} from './core/errors.js';
export { type Page, PagePromise } from './core/pagination.js';
export type { GroupRef, ProjectRef } from './core/path.js';
export type { Resource } from './core/resource.js';
export type { GitLabOptions, RequestOptions, RetryOptions } from './core/transport.js';
export * from './milestones.js';
// Projects, group projects, branches and protected branches.
export * from './models/branches.js';
export * from './models/common.js';
export * from './models/events.js';
export * from './models/groups.js';
// Webhooks (issue 24).
export * from './models/hooks.js';
export * from './models/instance.js';
export * from './models/issues.js';
export * from './models/labels.js';
export * from './models/members.js';
export * from './models/merge-requests.js';
// Namespaces, events and labels (issue 25).
export * from './models/namespaces.js';
export * from './models/projects.js';
export * from './models/users.js';
// Group access tokens (issue 25): the same API as project access tokens.
export { GroupAccessTokens, ResourceAccessTokens } from './resources/access-tokens.js';
export { ProjectBranches, ProjectProtectedBranches } from './resources/branches.js';
export { Events } from './resources/events.js';
export { GroupMilestones, Groups } from './resources/groups.js';
export { GroupHooks, ProjectHooks, SystemHooks } from './resources/hooks.js';
export { Instance } from './resources/instance.js';
export { InstanceIssues, ProjectIssues } from './resources/issues.js';
export { GroupLabels, ProjectLabels } from './resources/labels.js';
export { GroupMembers, ProjectMembers, SourceMembers } from './resources/members.js';
export { InstanceMergeRequests, MergeRequests } from './resources/merge-requests.js';
export { Namespaces } from './resources/namespaces.js';
export { Projects } from './resources/projects.js';
export { PersonalAccessTokens, Users } from './resources/users.js';
export * from './scim.js';

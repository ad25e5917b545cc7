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

// The areas' models and resources come from their own modules below, not through the areas' entry files
// (`./milestones.js`...): an entry file that another entry imports becomes an empty chunk of its own in dist/, one
// more file for every program to load (issue 41). test/package.test.ts checks that the root exports every class and
// schema each area's entry exports.

export * from './around.js';
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
export * from './models/access-tokens.js';
export * from './models/applications.js';
export * from './models/approval-settings.js';
export * from './models/approvals.js';
export * from './models/common.js';
export * from './models/milestones.js';
export * from './models/scim.js';
export { ProjectAccessTokens } from './resources/access-tokens.js';
export { Applications } from './resources/applications.js';
export { GroupApprovalRules, MergeRequestApprovalRules, ProjectApprovalRules } from './resources/approval-rules.js';
export { GroupApprovalSettings, ProjectApprovalSettings } from './resources/approval-settings.js';
export { MergeRequestApprovals, ProjectApprovals } from './resources/approvals.js';
export { ProjectMilestones } from './resources/milestones.js';
export { GroupScimIdentities } from './resources/scim.js';

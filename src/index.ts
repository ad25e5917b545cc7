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
export * from './milestones.js';
export * from './models/common.js';
export * from './scim.js';

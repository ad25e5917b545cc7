/**
 * Project access tokens on their own, for an app that needs only them:
 * `import { ProjectAccessTokens } from 'gitlab-admin-sdk/access-tokens'`. The same
 * classes and schemas as the package's root; a bundler leaves the other areas out.
 * @module
 */

export type { Resource } from './core/resource.js';
export * from './models/access-tokens.js';
export { ProjectAccessTokens } from './resources/access-tokens.js';

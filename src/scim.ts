/**
 * Group SCIM identities on their own, for an app that needs only them:
 * `import { GroupScimIdentities } from 'gitlab-admin-sdk/scim'`. The same classes
 * and schemas as the package's root; a bundler leaves the other areas out.
 * @module
 */

export type { Resource } from './core/resource.js';
export * from './models/scim.js';
export { GroupScimIdentities } from './resources/scim.js';

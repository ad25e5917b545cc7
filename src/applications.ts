/**
 * OAuth applications on their own, for an app that needs only them:
 * `import { Applications } from 'gitlab-admin-sdk/applications'`. The same classes
 * and schemas as the package's root; a bundler leaves the other areas out.
 * @module
 */

export type { Resource } from './core/resource.js';
export * from './models/applications.js';
export { Applications } from './resources/applications.js';

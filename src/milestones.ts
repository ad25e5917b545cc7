/**
 * Project milestones on their own, for an app that needs only them:
 * `import { ProjectMilestones } from 'gitlab-admin-sdk/milestones'`. The same
 * classes and schemas as the package's root; a bundler leaves the other areas out.
 * @module
 */

export type { Resource } from './core/resource.js';
export * from './models/milestones.js';
export { ProjectMilestones } from './resources/milestones.js';

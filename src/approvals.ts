/**
 * Merge request approvals, approval rules and approval settings on their own, for an
 * app that needs only them: `import { ProjectApprovalRules } from 'gitlab-admin-sdk/approvals'`.
 * The same classes and schemas as the package's root; a bundler leaves the other areas out.
 * @module
 */

export type { Resource } from './core/resource.js';
export * from './models/approval-settings.js';
export * from './models/approvals.js';
export { GroupApprovalRules, MergeRequestApprovalRules, ProjectApprovalRules } from './resources/approval-rules.js';
export { GroupApprovalSettings, ProjectApprovalSettings } from './resources/approval-settings.js';
export { MergeRequestApprovals, ProjectApprovals } from './resources/approvals.js';

import * as z from 'zod';

/**
 * The approval parts of the seed document (SPEC 3, SPEC 4): approval rules of
 * groups, projects and merge requests, and approvals. Users are named by
 * username, groups by full path, protected branches by name.
 * @module
 */

const ruleCommon = {
  /** Required, at most 1024 characters. */
  name: z.string().min(1).max(1024),
  /** Required, 0 to 100. */
  approvals_required: z.number().int().min(0).max(100),
  /** Usernames. */
  users: z.array(z.string()).optional(),
  /** Full paths of groups whose members may approve. */
  groups: z.array(z.string()).optional(),
  /** The rule's id (an export keeps it; absent: the next one). */
  id: z.int().positive().optional(),
};

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedApprovalRule = z.strictObject({
  ...ruleCommon,
  /** `regular` (default), `any_approver`, or a system rule: `code_owner`, `report_approver`. */
  rule_type: z.enum(['any_approver', 'regular', 'report_approver', 'code_owner']).optional(),
  /** With `report_approver`: `code_coverage` (default) or `license_scanning`. */
  report_type: z.enum(['license_scanning', 'code_coverage']).optional(),
  /** Names of the project's (or group's) protected branches the rule applies to; none: every branch. */
  protected_branches: z.array(z.string()).optional(),
  /** Applies to every protected branch. */
  applies_to_all_protected_branches: z.boolean().optional(),
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const SeedMergeRequestApprovalRule = z.strictObject({
  ...ruleCommon,
  /** `regular` (default), `any_approver`, or a system rule. */
  rule_type: z.enum(['any_approver', 'regular', 'report_approver', 'code_owner']).optional(),
  /** With `report_approver`: `code_coverage` (default) or `license_scanning`. */
  report_type: z.enum(['license_scanning', 'code_coverage']).optional(),
  /** Name of the project rule it was copied from. */
  source_rule: z.string().optional(),
  /** Id of the project rule it was copied from (an export's; it may since have been deleted). */
  source_rule_id: z.int().positive().optional(),
  /** A copied rule changed since, so that it differs from its project rule (default `false`). */
  modified_from_project_rule: z.boolean().optional(),
  /** Default: the merge request's `created_at`. */
  created_at: z.iso.datetime({ offset: true }).optional(),
  /** Default: `created_at`. */
  updated_at: z.iso.datetime({ offset: true }).optional(),
});

/**
 * An approval rule of a project or a group: an item of its `approval_rules`.
 * @interface
 */
export type SeedApprovalRule = z.input<typeof SeedApprovalRule>;
/**
 * An approval rule of a merge request: an item of its `approval_rules`.
 * @interface
 */
export type SeedMergeRequestApprovalRule = z.input<typeof SeedMergeRequestApprovalRule>;

import * as z from 'zod';
import { SeedApprovalRule, SeedMergeRequestApprovalRule } from './approval-document.js';

/**
 * The seed document (SPEC 4): one JSON document that describes a whole world,
 * taken by `createMockGitLab({ seed })` and by the CLI's `--seed FILE`. It is a
 * public contract: keys are only ever added, and optional. Everything but
 * `users` is optional; references are by username and full path.
 * @module
 */

const role = z.union([z.literal(10), z.literal(15), z.literal(20), z.literal(30), z.literal(40), z.literal(50)]);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
const dateTime = z.iso.datetime({ offset: true });
const visibility = z.enum(['private', 'internal', 'public']);
const plan = z.enum(['free', 'premium', 'ultimate']);
/** `{ "username": role }`. */
const members = z.record(z.string(), role);

const approvalSettings = z.strictObject({
  allow_author_approval: z.boolean().optional(),
  allow_committer_approval: z.boolean().optional(),
  allow_overrides_to_approver_list_per_merge_request: z.boolean().optional(),
  retain_approvals_on_push: z.boolean().optional(),
  selective_code_owner_removals: z.boolean().optional(),
  require_password_to_approve: z.boolean().optional(),
  require_reauthentication_to_approve: z.boolean().optional(),
});

export const SeedUser = z.strictObject({
  username: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
  admin: z.boolean().optional(),
  bot: z.boolean().optional(),
  state: z.enum(['active', 'blocked']).optional(),
  /** Default `password`. */
  password: z.string().optional(),
  /** The exact PRIVATE-TOKEN value of the user's personal token; made up when absent. */
  token: z.string().min(1).optional(),
  /** Scopes of that personal token; default `["api"]`. */
  scopes: z.array(z.string()).optional(),
});

export const SeedMilestone = z.strictObject({
  title: z.string().min(1),
  description: z.string().optional(),
  state: z.enum(['active', 'closed']).optional(),
  start_date: date.optional(),
  due_date: date.optional(),
  created_at: dateTime.optional(),
  updated_at: dateTime.optional(),
});

export const SeedGroup = z.strictObject({
  /** Full path; a subgroup's parent is its path minus the last segment, and must come earlier. */
  path: z.string().regex(/^[\w.-]+(\/[\w.-]+)*$/, 'expected a path like acme or acme/platform'),
  name: z.string().optional(),
  description: z.string().optional(),
  visibility: visibility.optional(),
  /** Plan of a top-level group (the hosted offering's licence). */
  plan: plan.optional(),
  /** SAML single sign-on and SCIM enabled. */
  saml_scim: z.boolean().optional(),
  members: members.optional(),
  approval_settings: approvalSettings.optional(),
  milestones: z.array(SeedMilestone).optional(),
  /** Group approval rules (they apply to the protected branches of the group's projects). */
  approval_rules: z.array(SeedApprovalRule).optional(),
  /** Group-level protected branches (names or wildcards), covering every project of the group. */
  protected_branches: z.array(z.string()).optional(),
  /** SAML single sign-on enforced: approving with a password always fails. */
  enforced_sso: z.boolean().optional(),
});

export const SeedIssue = z.strictObject({
  title: z.string().min(1),
  description: z.string().optional(),
  /** Default: the first project member with the highest role, or the first user. */
  author: z.string().optional(),
  assignees: z.array(z.string()).optional(),
  /** Title of a milestone of the project. */
  milestone: z.string().optional(),
  weight: z.number().int().min(0).optional(),
  confidential: z.boolean().optional(),
  labels: z.array(z.string()).optional(),
  created_at: dateTime.optional(),
  /** State changes after creation; the issue's state is that of the last one. */
  events: z.array(z.strictObject({ action: z.enum(['closed', 'reopened']), at: dateTime })).optional(),
});

export const SeedMergeRequest = z.strictObject({
  iid: z.number().int().positive().optional(),
  title: z.string().min(1),
  description: z.string().optional(),
  author: z.string(),
  committers: z.array(z.string()).optional(),
  /** Head commit sha (40 hex characters); made up when absent. */
  sha: z
    .string()
    .regex(/^[0-9a-f]{40}$/, 'expected 40 lowercase hex characters')
    .optional(),
  state: z.enum(['opened', 'closed', 'merged', 'locked']).optional(),
  source_branch: z.string().optional(),
  target_branch: z.string().optional(),
  milestone: z.string().optional(),
  created_at: dateTime.optional(),
  /** The merge request's own approval rules (they replace the project's while overriding is allowed). */
  approval_rules: z.array(SeedMergeRequestApprovalRule).optional(),
  /** Usernames of the users who approved it, in order. */
  approvals: z.array(z.string()).optional(),
});

export const SeedAccessToken = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  scopes: z.array(z.string()).min(1),
  access_level: role.optional(),
  expires_at: date.nullable().optional(),
  token: z.string().min(1).optional(),
  revoked: z.boolean().optional(),
  created_at: dateTime.optional(),
});

export const SeedProject = z.strictObject({
  /** Full path: `group/…/project`, or `username/project` for a personal project. */
  path: z.string().regex(/^[\w.-]+(\/[\w.-]+)+$/, 'expected a full path like acme/api'),
  name: z.string().optional(),
  description: z.string().optional(),
  visibility: visibility.optional(),
  members: members.optional(),
  protected_branches: z.array(z.string()).optional(),
  milestones: z.array(SeedMilestone).optional(),
  issues: z.array(SeedIssue).optional(),
  merge_requests: z.array(SeedMergeRequest).optional(),
  access_tokens: z.array(SeedAccessToken).optional(),
  /** The project's own approval settings (locked ones are overridden by its groups and the instance). */
  approval_settings: approvalSettings.optional(),
  /** The approval configuration's deprecated `approvals_before_merge` (default 0). */
  approvals_before_merge: z.number().int().min(0).optional(),
  /** Approval rules; without an `any_approver` one, the project gets `All Members` with 0 approvals required. */
  approval_rules: z.array(SeedApprovalRule).optional(),
});

export const SeedApplication = z.strictObject({
  name: z.string().min(1),
  redirect_uri: z.string().min(1),
  /** Space-separated, as the API takes them. */
  scopes: z.string(),
  confidential: z.boolean().optional(),
  application_id: z.string().optional(),
  secret: z.string().optional(),
});

export const SeedScimIdentity = z.strictObject({
  group: z.string(),
  user: z.string(),
  extern_uid: z.string().min(1),
  active: z.boolean().optional(),
});

export const SeedInstance = z.strictObject({
  offering: z.enum(['hosted', 'self-managed']).optional(),
  plan: plan.optional(),
  require_token_expiry: z.boolean().optional(),
  feature_flags: z.array(z.string()).optional(),
  approval_settings: approvalSettings.optional(),
});

export const SeedDocument = z.strictObject({
  /** The world clock's start. */
  now: dateTime.optional(),
  instance: SeedInstance.optional(),
  users: z.array(SeedUser),
  groups: z.array(SeedGroup).optional(),
  projects: z.array(SeedProject).optional(),
  applications: z.array(SeedApplication).optional(),
  scim_identities: z.array(SeedScimIdentity).optional(),
});

/** A whole world as one JSON document (SPEC 4). */
export type SeedDocument = z.input<typeof SeedDocument>;
export type SeedUser = z.input<typeof SeedUser>;
export type SeedGroup = z.input<typeof SeedGroup>;
export type SeedProject = z.input<typeof SeedProject>;
export type SeedMilestone = z.input<typeof SeedMilestone>;
export type SeedIssue = z.input<typeof SeedIssue>;
export type SeedMergeRequest = z.input<typeof SeedMergeRequest>;
export type SeedAccessToken = z.input<typeof SeedAccessToken>;
export type SeedApplication = z.input<typeof SeedApplication>;
export type SeedScimIdentity = z.input<typeof SeedScimIdentity>;
export type SeedInstance = z.input<typeof SeedInstance>;

/** A seed that cannot be loaded; the message names the bad path (`projects[0].members.dev: unknown user`). */
export class SeedError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(path ? `${path}: ${reason}` : reason);
    this.name = 'SeedError';
  }
}

/** `projects[0].members.dev`, from a path of keys and indexes. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Checks the shape of a seed document; throws a {@link SeedError} naming the first bad path. */
export function parseSeedDocument(input: unknown): z.output<typeof SeedDocument> {
  const result = SeedDocument.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new SeedError('', 'invalid seed document');
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const reason = issue.code === 'unrecognized_keys' ? 'unknown key' : issue.message;
  throw new SeedError(formatPath(path), reason);
}

/** Runs `build` for item `index` of list `key`, prefixing the path of any {@link SeedError} it throws. */
export function within<T>(key: string, index: number, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof SeedError) {
      throw new SeedError(`${key}[${index}]${error.path ? `.${error.path}` : ''}`, error.reason);
    }
    throw error;
  }
}

/** Runs `build` on every item of list `key`, naming the item in any {@link SeedError}. */
export function eachWithin<T>(key: string, items: readonly T[] | undefined, build: (item: T) => unknown): void {
  for (const [index, item] of (items ?? []).entries()) within(key, index, () => build(item));
}

import { ApiError, recordNotFound, unauthorized, validationError } from '../http/errors.js';
import { groupTreeIds } from '../world/memberships.js';
import {
  type Caller,
  type Group,
  type MergeRequest,
  PROJECT_SETTING_DEFAULTS,
  type Project,
  Roles,
  type User,
  type World,
} from '../world/types.js';
import { nextId, nowIso, randomString, userNamed } from '../world/world.js';
import { isPaidPlan, projectPlan } from './access.js';
import { approvalStatus, branchesCovering, branchMatches, reviewersChanged } from './approvals/approvals.js';
import { mergeRequestEvent, mergeRequestHook } from './events.js';
import {
  assignableUserIds,
  type IssuableFilters,
  type IssuableOrder,
  issuableMatches,
  milestoneInScope,
  nextLabels,
  sortIssuables,
  visibleProjects,
} from './issuables.js';
import { ensureProjectLabels } from './labels.js';
import { accessLevelAllows, authorize, canReadMergeRequests, projectRole, roleIn } from './policy.js';
import { anyHooks } from './webhooks.js';

/**
 * Merge requests (GitLab's lib/api/merge_requests.rb, MergeRequest model and
 * mergeability checks): lists, create, update, merge, and the merge status
 * computed from the world on every read.
 * @module
 */

// GitLab's MergeRequest::DRAFT_REGEX: a title starting with `Draft:`, `[Draft]`, `(Draft)` or `Draft -`, any case.
const DRAFT = /^\s*(\[draft\]|\(draft\)|draft:|draft\s-)\s*/i;

/** A merge request is a draft while its title says so: GitLab keeps no other flag. */
export const isDraftTitle = (title: string) => DRAFT.test(title);

/** The title with the draft prefix added (`Draft: `) or removed. */
export function draftTitle(title: string, draft: boolean): string {
  if (draft) return isDraftTitle(title) ? title : `Draft: ${title}`;
  let plain = title;
  while (isDraftTitle(plain)) plain = plain.replace(DRAFT, '');
  return plain;
}

/** GitLab's `detailed_merge_status` values the mock can reach. */
export type DetailedMergeStatus = 'not_open' | 'draft_status' | 'conflict' | 'not_approved' | 'mergeable';

/**
 * Why a merge request can or cannot be merged now, as GitLab's mergeability
 * checks run: open, not a draft, no conflicts, then (Premium and up, where
 * approvals are licensed) approved by its rules.
 */
export function detailedMergeStatus(world: World, project: Project, mr: MergeRequest): DetailedMergeStatus {
  if (mr.state !== 'opened') return 'not_open';
  if (isDraftTitle(mr.title)) return 'draft_status';
  if (mr.has_conflicts) return 'conflict';
  if (isPaidPlan(projectPlan(world, project)) && !approvalStatus(world, project, mr).approved) return 'not_approved';
  return 'mergeable';
}

/**
 * GitLab's `MergeRequest#first_contribution?` (app/models/merge_request.rb): its author has no merged
 * merge request in the project; for a merged one, what its metrics recorded when it merged (none of the
 * author's merged before it).
 */
export function isFirstContribution(world: World, mr: MergeRequest): boolean {
  const [at, id] = [mr.merged_at ?? '', mr.id];
  const mergedBefore = (other: MergeRequest) =>
    mr.state !== 'merged' || (other.merged_at ?? '') < at || ((other.merged_at ?? '') === at && other.id < id);
  for (const other of world.mergeRequests.values()) {
    if (
      other !== mr &&
      other.project_id === mr.project_id &&
      other.author_id === mr.author_id &&
      other.state === 'merged' &&
      mergedBefore(other)
    )
      return false;
  }
  return true;
}

/** The deprecated `merge_status`: only whether the branches merge without conflicts. */
export const mergeStatus = (mr: MergeRequest) => (mr.has_conflicts ? 'cannot_be_merged' : 'can_be_merged');

/**
 * GitLab's `can_be_merged_by?`: the user may push or merge into the target
 * branch: Developer and up into an unprotected branch, and into a protected one
 * from the role its push or merge access level names.
 */
export function canMergeInto(world: World, user: User, project: Project, branch: string): boolean {
  const role = projectRole(world, user, project);
  if (role < Roles.Developer) return false;
  const covering = branchesCovering(world, project).filter((b) => branchMatches(b.name, branch));
  return (
    covering.length === 0 ||
    covering.some(
      (b) =>
        accessLevelAllows(user, role, b.merge_access_level.access_level) ||
        accessLevelAllows(user, role, b.push_access_level.access_level),
    )
  );
}

/**
 * A merge request's participants (Participable: Issuable's `participant :author`, `:assignees`, MergeRequest's
 * `:reviewers`; notes and mentions are not modelled), each once, those who may read its merge requests
 * (`visible_participants`, app/models/concerns/participable.rb).
 */
export function participantsOf(world: World, project: Project, mr: MergeRequest): User[] {
  const ids = [...new Set([mr.author_id, ...mr.assignee_ids, ...mr.reviewer_ids])];
  return ids.flatMap((id) => {
    const user = world.users.get(id);
    return user && canReadMergeRequests(world, user, project) ? [user] : [];
  });
}

/** A merge request of this project by iid: `404 Not found` otherwise. */
export function findMergeRequest(world: World, project: Project, iid: number): MergeRequest {
  for (const mr of world.mergeRequests.values()) if (mr.project_id === project.id && mr.iid === iid) return mr;
  throw recordNotFound().because(`project ${project.path_with_namespace} has no merge request !${iid}`);
}

/** Merge request filters: the shared ones, and the branches and reviewers. */
export interface MergeRequestFilters extends IssuableFilters {
  sourceBranch?: string;
  targetBranch?: string;
  reviewerId?: number | 'None' | 'Any';
  reviewerUsername?: string;
  /** `yes`: drafts only; `no`: no drafts. */
  draft?: 'yes' | 'no';
  /** Merged by this user (`merge_user_id`). */
  mergeUserId?: number;
  /** Merged by the user of this username (`merge_user_username`). */
  mergeUserUsername?: string;
}

/**
 * GitLab's `MergeUserFilter#by_merge_user` (app/finders/concerns/merge_user_filter.rb): merged by the
 * user `merge_user_id` or `merge_user_username` names; a user not found matches nothing.
 */
function mergeUserMatches(world: World, mr: MergeRequest, f: MergeRequestFilters): boolean {
  if (f.mergeUserId === undefined && f.mergeUserUsername === undefined) return true;
  const user =
    f.mergeUserId === undefined ? userNamed(world, f.mergeUserUsername as string) : world.users.get(f.mergeUserId);
  return user !== undefined && mr.merged_by_id === user.id;
}

function mergeRequestMatches(world: World, mr: MergeRequest, f: MergeRequestFilters): boolean {
  const reviewer = f.reviewerUsername === undefined ? undefined : userNamed(world, f.reviewerUsername);
  // IssuableFinder#by_scope (app/finders/issuable_finder.rb): `reviews_for_me` is `review_requested_to(current_user)`.
  if (f.scope === 'reviews_for_me' && (!f.user || !mr.reviewer_ids.includes(f.user.id))) return false;
  return (
    issuableMatches(world, mr, f) &&
    mergeUserMatches(world, mr, f) &&
    (f.sourceBranch === undefined || mr.source_branch === f.sourceBranch) &&
    (f.targetBranch === undefined || mr.target_branch === f.targetBranch) &&
    (f.reviewerId === undefined ||
      (f.reviewerId === 'None'
        ? mr.reviewer_ids.length === 0
        : f.reviewerId === 'Any'
          ? mr.reviewer_ids.length > 0
          : mr.reviewer_ids.includes(f.reviewerId))) &&
    (f.reviewerUsername === undefined || (reviewer !== undefined && mr.reviewer_ids.includes(reviewer.id))) &&
    (f.draft === undefined || isDraftTitle(mr.title) === (f.draft === 'yes'))
  );
}

/** GET /projects/:id/merge_requests: 403 for callers who may not read them (Guests of a private project, SPEC 5). */
export function listProjectMergeRequests(
  world: World,
  caller: Caller,
  project: Project,
  filters: MergeRequestFilters,
  order: IssuableOrder,
): MergeRequest[] {
  authorize(world, caller, 'read_merge_request', project);
  const found = [...world.mergeRequests.values()].filter(
    (mr) => mr.project_id === project.id && mergeRequestMatches(world, mr, filters),
  );
  return sortIssuables(world, found, order);
}

/** GET /merge_requests: every project's merge requests the caller may read, in the scope asked for. */
export function listMergeRequests(
  world: World,
  caller: Caller,
  filters: MergeRequestFilters,
  order: IssuableOrder,
): MergeRequest[] {
  const readable = new Set(
    visibleProjects(world, caller.user)
      .filter((p) => canReadMergeRequests(world, caller.user, p))
      .map((p) => p.id),
  );
  const found = [...world.mergeRequests.values()].filter(
    (mr) => readable.has(mr.project_id) && mergeRequestMatches(world, mr, { ...filters, user: caller.user }),
  );
  return sortIssuables(world, found, order);
}

/**
 * GET /groups/:id/merge_requests: the merge requests of the group's projects and of its subgroups' that the caller
 * may read (`MergeRequestsFinder` with `group_id` and `include_subgroups: true`), and with `non_archived` (the route's
 * default) none of an archived project.
 */
export function listGroupMergeRequests(
  world: World,
  caller: Caller,
  group: Group,
  filters: MergeRequestFilters,
  order: IssuableOrder,
  nonArchived: boolean,
): MergeRequest[] {
  const tree = groupTreeIds(world, group);
  const readable = new Set(
    [...world.projects.values()]
      .filter((p) => p.namespace.kind === 'group' && tree.has(p.namespace.id) && !(nonArchived && p.archived))
      .filter((p) => canReadMergeRequests(world, caller.user, p))
      .map((p) => p.id),
  );
  const found = [...world.mergeRequests.values()].filter(
    (mr) => readable.has(mr.project_id) && mergeRequestMatches(world, mr, { ...filters, user: caller.user }),
  );
  return sortIssuables(world, found, order);
}

/** What create and update take besides the branches. */
export interface MergeRequestFields {
  title?: string;
  description?: string;
  assignee_id?: number;
  assignee_ids?: number[];
  reviewer_ids?: number[];
  milestone_id?: number | null;
  labels?: string[];
  add_labels?: string[];
  remove_labels?: string[];
  remove_source_branch?: boolean;
  squash?: boolean;
  discussion_locked?: boolean;
  merge_after?: string;
}

export interface MergeRequestInput extends MergeRequestFields {
  title: string;
  source_branch: string;
  target_branch: string;
}

/** An open merge request of the project from `source` into `target`, other than `except`. */
function openDuplicate(world: World, project: Project, source: string, target: string, except?: MergeRequest) {
  for (const mr of world.mergeRequests.values()) {
    if (
      mr !== except &&
      mr.project_id === project.id &&
      mr.state === 'opened' &&
      mr.source_branch === source &&
      mr.target_branch === target
    )
      return mr;
  }
  return undefined;
}

/**
 * Both branches must exist in the repository: 400 `{"message":{"source_branch":["does not exist"]}}`
 * (or `target_branch`), GitLab's validation error for a branch that is not there.
 */
function requireBranchesExist(project: Project, source: string, target: string): void {
  const missing = [source, target].map((name) => !project.branches.has(name));
  if (!missing[0] && !missing[1]) return;
  const message = Object.fromEntries(
    (['source_branch', 'target_branch'] as const).filter((_, i) => missing[i]).map((key) => [key, ['does not exist']]),
  );
  throw validationError(message).because(
    `project ${project.path_with_namespace} has no branch ${missing[0] ? source : target}`,
  );
}

/**
 * GitLab's `validate_branches`: the same branch as source and target is 422
 * (`error!` with the model's messages) in every state; another open merge
 * request between the same branches 409 (`conflict!`), checked only for one
 * that is open (`if opened?`): `open` false skips it.
 */
function checkBranches(
  world: World,
  project: Project,
  source: string,
  target: string,
  except?: MergeRequest,
  open = true,
): void {
  if (source === target) {
    // `handle_merge_request_errors!` (lib/api/helpers/merge_requests_helpers.rb): `unprocessable_entity!(errors[:branch_conflict])`,
    // GitLab's `render_api_error!`, so `{"message": [...]}`.
    throw new ApiError(422, { message: ["You can't use same project/branch for source and target"] }).because(
      `source and target are both ${source}`,
    );
  }
  if (!open) return;
  const duplicate = openDuplicate(world, project, source, target, except);
  if (duplicate) {
    throw new ApiError(409, {
      message: [`Another open merge request already exists for this source branch: !${duplicate.iid}`],
    }).because(`!${duplicate.iid} is open from ${source} into ${target}`);
  }
}

/** The fields create and update set the same way (GitLab's IssuableBaseService filters). */
function applyFields(world: World, project: Project, mr: MergeRequest, fields: MergeRequestFields): void {
  if (fields.title !== undefined) mr.title = fields.title.trim();
  if (fields.description !== undefined) mr.description = fields.description;
  // `assignee_ids` wins over the older `assignee_id`; 0 unassigns.
  const assignees = fields.assignee_ids ?? (fields.assignee_id === undefined ? undefined : [fields.assignee_id]);
  // IssuableBaseService#filter_assignees_using_checks (app/services/issuable_base_service.rb): without
  // `allows_multiple_assignees?` (Premium's `multiple_merge_request_assignees`, app/models/project.rb) only the first is kept.
  const allowed = isPaidPlan(projectPlan(world, project)) ? assignees : assignees?.slice(0, 1);
  if (allowed !== undefined) mr.assignee_ids = assignableUserIds(world, project, allowed);
  if (fields.reviewer_ids !== undefined) {
    const before = mr.reviewer_ids;
    mr.reviewer_ids = assignableUserIds(world, project, fields.reviewer_ids);
    reviewersChanged(world, mr, before);
  }
  if (fields.milestone_id !== undefined) mr.milestone_id = milestoneInScope(world, project, fields.milestone_id);
  const labels = nextLabels(mr.labels, fields);
  // Writing merge requests needs Developer, who may administer labels: unknown titles added become labels.
  ensureProjectLabels(world, project, labels, mr.labels);
  mr.labels = labels;
  if (fields.remove_source_branch !== undefined) mr.force_remove_source_branch = fields.remove_source_branch;
  if (fields.squash !== undefined) mr.squash = fields.squash;
  if (fields.discussion_locked !== undefined) mr.discussion_locked = fields.discussion_locked;
  // `merge_after` (lib/api/merge_requests.rb, kept in the merge schedule): a time in any zone, shown in UTC; one
  // that does not parse, or an empty one, clears it.
  if (fields.merge_after !== undefined) {
    const time = Date.parse(fields.merge_after);
    if (Number.isNaN(time)) delete mr.merge_after;
    else mr.merge_after = new Date(time).toISOString();
  }
}

/**
 * POST /projects/:id/merge_requests: Developer and up (`create_merge_request_from`,
 * 403 below); a `Draft:` title makes a draft. No approval rule is copied: like a
 * seeded merge request, it follows the project's rules until rules of its own are
 * added (approval state computes them on every read).
 */
export function createMergeRequest(
  world: World,
  caller: Caller,
  project: Project,
  input: MergeRequestInput,
): MergeRequest {
  authorize(world, caller, 'create_merge_request_from', project);
  requireBranchesExist(project, input.source_branch, input.target_branch);
  checkBranches(world, project, input.source_branch, input.target_branch);
  const now = nowIso(world);
  const mr: MergeRequest = {
    id: nextId(world, 'merge_requests'),
    iid: project.next_iid.merge_request++,
    project_id: project.id,
    title: input.title.trim(),
    description: null,
    state: 'opened',
    author_id: caller.user.id,
    committer_ids: [caller.user.id],
    // Its head is the source branch's head (requireBranchesExist checked there is one).
    sha: project.branches.get(input.source_branch) as string,
    // Its first diff starts at the target's head (requireBranchesExist checked there is one).
    diff_start_sha: project.branches.get(input.target_branch) as string,
    source_branch: input.source_branch,
    target_branch: input.target_branch,
    milestone_id: null,
    created_at: now,
    updated_at: now,
    pushes: [],
    assignee_ids: [],
    reviewer_ids: [],
    reviewer_states: {},
    labels: [],
    has_conflicts: false,
    merged_at: null,
    merged_by_id: null,
    closed_at: null,
    closed_by_id: null,
    merge_commit_sha: null,
    discussion_locked: null,
    force_remove_source_branch: false,
    squash: false,
  };
  applyFields(world, project, mr, input);
  // MergeRequests::CreateService#set_default_squash! (app/services/merge_requests/create_service.rb): without
  // `squash`, the project's `squash_enabled_by_default?` (squash_option `always` or `default_on`).
  const squashOption = project.settings?.squash_option ?? PROJECT_SETTING_DEFAULTS.squash_option;
  if (input.squash === undefined) mr.squash = squashOption === 'always' || squashOption === 'default_on';
  world.mergeRequests.set(mr.id, mr);
  mergeRequestEvent(world, caller.user, mr, 'created');
  return mr;
}

export interface MergeRequestChanges extends MergeRequestFields {
  target_branch?: string;
  state_event?: 'close' | 'reopen';
}

/**
 * PUT /projects/:id/merge_requests/:merge_request_iid: the branch rules first
 * (a refused change changes nothing), then the fields; `close` and `reopen`
 * move only an open or a closed merge request (GitLab's state machine).
 */
export function updateMergeRequest(
  world: World,
  caller: Caller,
  project: Project,
  mr: MergeRequest,
  changes: MergeRequestChanges,
): MergeRequest {
  const target = changes.target_branch ?? mr.target_branch;
  // A closed or merged one is validated too (GitLab skips `validate_branches` only for a fork whose source project is gone).
  if (changes.target_branch !== undefined) {
    checkBranches(world, project, mr.source_branch, target, mr, mr.state === 'opened');
  }
  // Reopening while another open merge request has the same branches fails quietly: 200, still closed, the
  // other changes saved (`MergeRequests::ReopenService` returns the merge request whether `reopen` succeeded;
  // state_machines rolls the state back to closed, and `handle_merge_request_errors!`'s `valid?` on the closed
  // record passes: app/services/merge_requests/reopen_service.rb, lib/api/helpers/merge_requests_helpers.rb).
  const reopens =
    changes.state_event === 'reopen' &&
    mr.state === 'closed' &&
    openDuplicate(world, project, mr.source_branch, target, mr) === undefined;
  // The merge request before the change, for the `update` webhook's `changes` (only copied when the world has hooks).
  const previous = anyHooks(world) ? structuredClone(mr) : undefined;
  applyFields(world, project, mr, changes);
  mr.target_branch = target;
  const now = nowIso(world);
  mr.updated_at = now;
  if (previous) mergeRequestHook(world, caller.user, mr, 'update', previous);
  if (changes.state_event === 'close' && mr.state === 'opened') {
    Object.assign(mr, { state: 'closed', closed_at: now, closed_by_id: caller.user.id });
    mergeRequestEvent(world, caller.user, mr, 'closed', previous);
  } else if (reopens) {
    Object.assign(mr, { state: 'opened', closed_at: null, closed_by_id: null });
    mergeRequestEvent(world, caller.user, mr, 'reopened', previous);
  }
  return mr;
}

export interface MergeInput {
  sha?: string;
  squash?: boolean;
  should_remove_source_branch?: boolean;
  merge_commit_message?: string;
}

/**
 * PUT .../merge, in the order of GitLab's endpoint (lib/api/merge_requests.rb, `put ':id/merge_requests/:merge_request_iid/merge'`):
 * 401 for a caller who may not push or merge into the target branch (`can_be_merged_by?`); 405 `Method Not
 * Allowed` unless `mergeable_state?` (open, not a draft, approved where approvals are licensed: `not_allowed!`);
 * 422 `Branch cannot be merged` when the git checks fail (`mergeable?`'s `mergeable_git_state?`: conflicts);
 * then 409 when `sha` is not the head (`check_sha_param!` runs after both).
 */
export function mergeMergeRequest(
  world: World,
  caller: Caller,
  project: Project,
  mr: MergeRequest,
  input: MergeInput,
): MergeRequest {
  const { user } = caller;
  if (!canMergeInto(world, user, project, mr.target_branch)) {
    const role = projectRole(world, user, project);
    throw unauthorized().because(
      `${roleIn(user, role, `project ${project.path_with_namespace}`)} and may not merge into ${mr.target_branch}`,
    );
  }
  // MergeRequest.mergeable_state_checks (app/models/merge_request.rb): open, not a draft, and EE's approval check.
  const state =
    mr.state !== 'opened'
      ? 'not_open'
      : isDraftTitle(mr.title)
        ? 'draft_status'
        : isPaidPlan(projectPlan(world, project)) && !approvalStatus(world, project, mr).approved
          ? 'not_approved'
          : undefined;
  if (state) {
    throw new ApiError(405, { message: '405 Method Not Allowed' }).because(`!${mr.iid} is not mergeable: ${state}`);
  }
  // MergeRequest.mergeable_git_state_checks: conflicts (`render_api_error!('Branch cannot be merged', 422)`).
  if (mr.has_conflicts) {
    throw new ApiError(422, { message: 'Branch cannot be merged' }).because(`!${mr.iid} has conflicts`);
  }
  if (input.sha !== undefined && input.sha !== mr.sha) {
    throw new ApiError(409, { message: `SHA does not match HEAD of source branch: ${mr.sha}` }).because(
      `sha ${input.sha} is not the head of !${mr.iid}`,
    );
  }
  const now = nowIso(world);
  if (input.squash) mr.squash = true;
  const mergeCommit = randomString(world, '0123456789abcdef', 40);
  // A squashing merge commits the squashed changes first (`MergeRequests::SquashService`), then the merge commit.
  if (mr.squash) mr.squash_commit_sha = randomString(world, '0123456789abcdef', 40);
  Object.assign(mr, {
    state: 'merged',
    merged_at: now,
    merged_by_id: user.id,
    merge_commit_sha: mergeCommit,
    updated_at: now,
  });
  // The target branch moves to the merge commit; the source branch goes when asked (never the default branch).
  project.branches.set(mr.target_branch, mergeCommit);
  // The merge keeps `should_remove_source_branch` in its `merge_params` (lib/api/merge_requests.rb), which the entity shows.
  if (input.should_remove_source_branch !== undefined)
    mr.should_remove_source_branch = input.should_remove_source_branch;
  const removeSource = input.should_remove_source_branch ?? mr.force_remove_source_branch;
  if (removeSource && mr.source_branch !== project.default_branch) project.branches.delete(mr.source_branch);
  mergeRequestEvent(world, user, mr, 'merged');
  return mr;
}

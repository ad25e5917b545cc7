import { ApiError, paramError, recordNotFound, validationError } from '../http/errors.js';
import { groupTreeIds } from '../world/memberships.js';
import type { Caller, Group, Issue, Project, World } from '../world/types.js';
import { nextId, nowIso } from '../world/world.js';
import { isPaidPlan, projectPlan } from './access.js';
import { issueEvent, issueHook } from './events.js';
import {
  assignableUserIds,
  type IssuableFilters,
  type IssuableOrder,
  issuableMatches,
  type LabelChanges,
  milestoneInScope,
  nextLabels,
  sortIssuables,
  visibleProjects,
} from './issuables.js';
import { ensureProjectLabels } from './labels.js';
import { can, canReadIssue } from './policy.js';
import { anyHooks } from './webhooks.js';

/**
 * Issues (GitLab's lib/api/issues.rb and IssuesFinder): lists that leave out
 * the confidential issues a caller may not see, create, update, and closing
 * and reopening, which the burndown chart follows through the issue's events.
 * @module
 */

/** Issue filters: the shared ones, confidentiality, and leaving out archived projects. */
export interface IssueFilters extends IssuableFilters {
  confidential?: boolean;
  /** GitLab's `non_archived` of `GET /issues` (default true there): leave out the issues of archived projects. */
  nonArchived?: boolean;
}

/**
 * GitLab's `check_assignees_count` validator of the issue lists' `assignee_username`
 * (lib/api/validations/validators/check_assignees_count.rb): one username at most, unless the
 * instance is licensed for `multiple_issue_assignees` (its EE override, Premium and up; GitLab.com
 * is). Grape's validation error: 400 `{"error":"assignee_username allows one value, but found 2: a, b"}`.
 */
export function checkAssigneesCount(world: World, name: string, usernames: string[] | undefined): void {
  if (!usernames || usernames.length <= 1) return;
  if (world.instance.offering !== 'self-managed' || isPaidPlan(world.instance.plan)) return;
  throw paramError(`${name} allows one value, but found ${usernames.length}: ${usernames.join(', ')}`);
}

const issueMatches = (world: World, issue: Issue, f: IssueFilters) =>
  issuableMatches(world, issue, f) && (f.confidential === undefined || issue.confidential === f.confidential);

/** GET /projects/:id/issues: the project's issues the caller may see, in `order` (none: the statistics only count). */
export function listProjectIssues(
  world: World,
  caller: Caller,
  project: Project,
  filters: IssueFilters,
  order?: IssuableOrder,
): Issue[] {
  const found = [...world.issues.values()].filter(
    (i) =>
      i.project_id === project.id &&
      canReadIssue(world, caller.user, project, i) &&
      issueMatches(world, i, { ...filters, user: caller.user }),
  );
  return order ? sortIssuables(world, found, order) : found;
}

/** GET /issues: the issues of every project the caller can see, in the scope asked for. */
export function listIssues(world: World, caller: Caller, filters: IssueFilters, order?: IssuableOrder): Issue[] {
  return issuesOf(world, caller, visibleProjects(world, caller.user), filters, order);
}

/**
 * GET /groups/:id/issues: the issues of the group's projects and its subgroups' that the caller may see
 * (IssuesFinder with `include_subgroups`: `Project.where(namespace_id: group.self_and_descendant_ids)`, then
 * `public_or_visible_to_user`, as the instance's list).
 */
export function listGroupIssues(
  world: World,
  caller: Caller,
  group: Group,
  filters: IssueFilters,
  order?: IssuableOrder,
): Issue[] {
  const tree = groupTreeIds(world, group);
  const inTree = (p: Project) => p.namespace.kind === 'group' && tree.has(p.namespace.id);
  return issuesOf(world, caller, visibleProjects(world, caller.user).filter(inTree), filters, order);
}

/** The issues of `visible` (projects the caller can see) that they may read and that match `filters`, in `order` if given. */
function issuesOf(world: World, caller: Caller, visible: Project[], filters: IssueFilters, order?: IssuableOrder) {
  const projects = new Map(visible.map((p) => [p.id, p]));
  const found = [...world.issues.values()].filter((i) => {
    const project = projects.get(i.project_id);
    return (
      project !== undefined &&
      // IssuableFinder's `by_non_archived`: `projects.non_archived` when asked (GET /issues asks by default).
      !(filters.nonArchived && project.archived) &&
      canReadIssue(world, caller.user, project, i) &&
      issueMatches(world, i, { ...filters, user: caller.user })
    );
  });
  return order ? sortIssuables(world, found, order) : found;
}

/** GitLab's `find_project_issue`: an issue the caller may see by iid, `404 Not found` otherwise (confidential ones too). */
export function findIssue(world: World, caller: Caller, project: Project, iid: number): Issue {
  for (const issue of world.issues.values()) {
    if (issue.project_id !== project.id || issue.iid !== iid) continue;
    if (canReadIssue(world, caller.user, project, issue)) return issue;
    throw recordNotFound().because(`issue #${iid} of ${project.path_with_namespace} is confidential`);
  }
  throw recordNotFound().because(`project ${project.path_with_namespace} has no issue #${iid}`);
}

/**
 * PUT's lookup, `user_project.issues.find_by!(iid:)` (lib/api/issues.rb): the project's issue by iid
 * whoever asks, confidential ones too, `404 Not found` when there is none; `authorize! :update_issue`
 * then refuses with 403 a caller who may not edit it (a confidential issue they cannot see included).
 */
export function issueByIid(world: World, project: Project, iid: number): Issue {
  for (const issue of world.issues.values()) if (issue.project_id === project.id && issue.iid === iid) return issue;
  throw recordNotFound().because(`project ${project.path_with_namespace} has no issue #${iid}`);
}

/** What create and update take. */
export interface IssueFields extends LabelChanges {
  title?: string;
  description?: string;
  assignee_id?: number;
  assignee_ids?: number[];
  milestone_id?: number | null;
  confidential?: boolean;
  weight?: number | null;
}

/**
 * GitLab's `can_set_issuable_metadata?` (`set_issue_metadata`): without it, assignees, milestone,
 * labels and weight are dropped silently (a Guest opening an issue sets none of them).
 */
const mayPlan = (world: World, caller: Caller, project: Project) =>
  can(world, caller.user, 'set_issue_metadata', project);

/**
 * Issue's `validates :title, length: { maximum: 255 }` (app/models/concerns/issuable.rb), answered by
 * `render_validation_error!`: 400 `{"message":{"title":["is too long (maximum is 255 characters)"]}}`.
 * Checked before anything changes.
 */
function checkTitle(fields: IssueFields): void {
  if (fields.title !== undefined && fields.title.trim().length > 255) {
    throw validationError({ title: ['is too long (maximum is 255 characters)'] });
  }
}

function applyFields(world: World, caller: Caller, project: Project, issue: Issue, fields: IssueFields): void {
  if (fields.title !== undefined) issue.title = fields.title.trim();
  if (fields.description !== undefined) issue.description = fields.description;
  if (fields.confidential !== undefined) issue.confidential = fields.confidential;
  if (!mayPlan(world, caller, project)) return;
  const assignees = fields.assignee_ids ?? (fields.assignee_id === undefined ? undefined : [fields.assignee_id]);
  // IssuableBaseService#filter_assignees_using_checks: only the first id counts where the project is not
  // licensed for `multiple_issue_assignees` (EE Issue#allows_multiple_assignees?, Premium and up).
  const licensed = isPaidPlan(projectPlan(world, project));
  if (assignees !== undefined) {
    issue.assignee_ids = assignableUserIds(world, project, licensed ? assignees : assignees.slice(0, 1));
  }
  if (fields.milestone_id !== undefined) issue.milestone_id = milestoneInScope(world, project, fields.milestone_id);
  const labels = nextLabels(issue.labels, fields);
  // Planners may administer labels: a title added that the project cannot use yet becomes a project label.
  ensureProjectLabels(world, project, labels, issue.labels);
  issue.labels = labels;
  // Weights are licensed from Premium; GitLab ignores the parameter below it.
  if (fields.weight !== undefined && isPaidPlan(projectPlan(world, project))) issue.weight = fields.weight;
}

/**
 * POST /projects/:id/issues: `create_issue` is a Guest right, and on a public or
 * internal project any signed-in user who sees it has it, so whoever finds the
 * project may open an issue.
 */
export function createIssue(world: World, caller: Caller, project: Project, fields: IssueCreation) {
  checkTitle(fields);
  // Issues::BaseService: `iid` and `created_at` are kept only for those who may set them (Owners, admins).
  const iid = fields.iid !== undefined && can(world, caller.user, 'set_issue_iid', project) ? fields.iid : undefined;
  if (iid !== undefined && [...world.issues.values()].some((i) => i.project_id === project.id && i.iid === iid)) {
    // lib/api/issues.rb: `rescue ::ActiveRecord::RecordNotUnique` → `render_api_error!('Duplicated issue', 409)`.
    throw new ApiError(409, { message: 'Duplicated issue' }).because(
      `project ${project.path_with_namespace} already has issue #${iid}`,
    );
  }
  const created = fields.created_at && can(world, caller.user, 'set_issue_created_at', project);
  const now = nowIso(world);
  // Rails keeps a `created_at` given; `updated_at` is the time of the request.
  const createdAt = created ? (fields.created_at as Date).toISOString() : now;
  // GitLab's InternalId keeps the greatest iid given, so the next one generated follows it.
  if (iid !== undefined) project.next_iid.issue = Math.max(project.next_iid.issue, iid + 1);
  const issue: Issue = {
    id: nextId(world, 'issues'),
    iid: iid ?? project.next_iid.issue++,
    project_id: project.id,
    title: '',
    description: null,
    state: 'opened',
    author_id: caller.user.id,
    assignee_ids: [],
    milestone_id: null,
    weight: null,
    confidential: false,
    labels: [],
    created_at: createdAt,
    updated_at: now,
    closed_at: null,
    closed_by_id: null,
    events: [],
  };
  applyFields(world, caller, project, issue, fields);
  world.issues.set(issue.id, issue);
  issueEvent(world, caller.user, issue, 'created');
  return issue;
}

/** What create takes: the fields, a title, and the iid and creation time only Owners and admins may set. */
export interface IssueCreation extends IssueFields {
  title: string;
  iid?: number;
  created_at?: Date;
}

export interface IssueChanges extends IssueFields {
  state_event?: 'close' | 'reopen';
  /** The time to record as `updated_at`: owners' and administrators' only, dropped for the others. */
  updated_at?: Date;
}

/**
 * PUT /projects/:id/issues/:issue_iid: the fields, then `close` or `reopen`
 * (only from the other state), appended to the issue's events so burndown
 * charts follow.
 */
export function updateIssue(world: World, caller: Caller, project: Project, issue: Issue, changes: IssueChanges) {
  checkTitle(changes);
  // The issue before the change, for the `update` webhook's `changes` (only copied when the world has hooks).
  const previous = anyHooks(world) ? structuredClone(issue) : undefined;
  applyFields(world, caller, project, issue, changes);
  const now = nowIso(world);
  if (previous) {
    // The update hook shows the request's time; what the issue keeps is set at the end, below.
    issue.updated_at = now;
    issueHook(world, caller.user, issue, 'update', previous);
  }
  // A close or reopen hook shows the issue after the change (its new `updated_at`) and, in `changes`, what
  // the request changed (`Issuable#to_hook_data`'s `reportable_changes`: state_id, closed_at, updated_at...).
  if (changes.state_event === 'close' && issue.state === 'opened') {
    Object.assign(issue, { state: 'closed', closed_at: now, closed_by_id: caller.user.id, updated_at: now });
    issue.events.push({ action: 'closed', at: now });
    issueEvent(world, caller.user, issue, 'closed', previous);
  } else if (changes.state_event === 'reopen' && issue.state === 'closed') {
    Object.assign(issue, { state: 'opened', closed_at: null, closed_by_id: null, updated_at: now });
    issue.events.push({ action: 'reopened', at: now });
    issueEvent(world, caller.user, issue, 'reopened', previous);
  }
  // Issues::BaseService#filter_timestamp_params (app/services/issues/base_service.rb): `updated_at` is
  // kept only for those who may `set_issue_updated_at`; the others' update stamps the time of the request.
  const stamped = changes.updated_at && can(world, caller.user, 'set_issue_updated_at', project);
  issue.updated_at = stamped ? (changes.updated_at as Date).toISOString() : now;
  return issue;
}

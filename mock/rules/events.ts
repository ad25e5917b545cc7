import type {
  Event,
  EventAction,
  Group,
  Issue,
  MergeRequest,
  Milestone,
  Project,
  User,
  World,
} from '../world/types.js';
import { nextId, nowIso } from '../world/world.js';
import { canReadGroup, canReadProject } from './access.js';
import { canReadIssue, canReadMergeRequests } from './milestones.js';

/**
 * Activity events (GitLab's `EventCreateService`, `EventsFinder`). This module is the one
 * place the world records what happened: the rule functions that make a change (a
 * milestone closed, an issue opened, a merge request merged...) call the recorder of
 * that kind of change, and nothing else writes events. Later hooks (webhooks) belong
 * here too, beside the recording.
 * @module
 */

/** What an event is about: a record of the world, or nothing (a member joined or left). */
type Target =
  | { type: 'Milestone'; record: Milestone }
  | { type: 'Issue'; record: Issue }
  | { type: 'MergeRequest'; record: MergeRequest }
  | null;

function record(
  world: World,
  author: User,
  action: EventAction,
  where: { project_id: number | null; group_id: number | null },
  target: Target,
): void {
  const event: Event = {
    id: nextId(world, 'events'),
    project_id: where.project_id,
    group_id: where.group_id,
    author_id: author.id,
    action,
    target_type: target?.type ?? null,
    target_id: target?.record.id ?? null,
    target_iid: target?.record.iid ?? null,
    target_title: target?.record.title ?? null,
    created_at: nowIso(world),
  };
  world.events.set(event.id, event);
}

/** A milestone was created, closed, reopened or destroyed (`open_milestone`, `close_milestone`...). */
export function milestoneEvent(
  world: World,
  author: User,
  milestone: Milestone,
  action: 'created' | 'closed' | 'reopened' | 'destroyed',
): void {
  record(world, author, action, milestone, { type: 'Milestone', record: milestone });
}

/** An issue was opened, closed or reopened. */
export function issueEvent(world: World, author: User, issue: Issue, action: 'created' | 'closed' | 'reopened'): void {
  record(world, author, action, { project_id: issue.project_id, group_id: null }, { type: 'Issue', record: issue });
}

/** A merge request was opened, closed, reopened, merged or approved. */
export function mergeRequestEvent(
  world: World,
  author: User,
  mr: MergeRequest,
  action: 'created' | 'closed' | 'reopened' | 'merged' | 'approved',
): void {
  record(world, author, action, { project_id: mr.project_id, group_id: null }, { type: 'MergeRequest', record: mr });
}

/** A user joined or left a project (`join_source`, `leave_source`; GitLab records none for groups). */
export function membershipEvent(world: World, user: User, project: Project, action: 'joined' | 'left'): void {
  record(world, user, action, { project_id: project.id, group_id: null }, null);
}

/** GitLab's `action_name`: what the API shows (`opened` for a created target, `accepted` for a merge). */
export function actionName(event: Event): string {
  if (event.action === 'merged') return 'accepted';
  if (event.action === 'created' && event.target_type !== null) return 'opened';
  return event.action;
}

/** `target_type` filter values (GitLab's `EventFilter` names) → the events' target types. */
export const TARGET_TYPES: Record<string, Event['target_type']> = {
  issue: 'Issue',
  milestone: 'Milestone',
  merge_request: 'MergeRequest',
};

/** The filters every events list takes. */
export interface EventFilters {
  action?: EventAction;
  targetType?: string;
  /** `YYYY-MM-DD`: only events before that day. */
  before?: string;
  /** `YYYY-MM-DD`: only events after that day. */
  after?: string;
  sort: 'asc' | 'desc';
}

/**
 * Whether a user may see an event (GitLab's `Event#visible_to_user?`): its project (or
 * group) must be readable, an issue's event needs the issue (confidential ones too), a
 * merge request's the project's merge requests.
 */
export function canSeeEvent(world: World, user: User, event: Event): boolean {
  if (event.project_id === null) {
    const group: Group | undefined = event.group_id === null ? undefined : world.groups.get(event.group_id);
    return group !== undefined && canReadGroup(world, user, group);
  }
  const project = world.projects.get(event.project_id);
  if (!project || !canReadProject(world, user, project)) return false;
  if (event.target_type === 'MergeRequest') return canReadMergeRequests(world, user, project);
  if (event.target_type === 'Issue') {
    const issue = event.target_id === null ? undefined : world.issues.get(event.target_id);
    return issue === undefined || canReadIssue(world, user, project, issue);
  }
  return true;
}

/**
 * An events list (`EventsFinder`): the events `scope` keeps that the viewer may see,
 * filtered by `action`, `target_type` (an unknown one keeps nothing), `before` and `after`
 * (whole days, both exclusive), by id in `sort` order (newest first by default).
 */
export function listEvents(world: World, viewer: User, scope: (event: Event) => boolean, f: EventFilters): Event[] {
  const targetType = f.targetType === undefined ? undefined : (TARGET_TYPES[f.targetType] ?? 'none');
  const sign = f.sort === 'asc' ? 1 : -1;
  return [...world.events.values()]
    .filter(
      (e) =>
        scope(e) &&
        (f.action === undefined || e.action === f.action) &&
        (targetType === undefined || e.target_type === targetType) &&
        (f.before === undefined || e.created_at.slice(0, 10) < f.before) &&
        (f.after === undefined || e.created_at.slice(0, 10) > f.after) &&
        canSeeEvent(world, viewer, e),
    )
    .sort((a, b) => sign * (a.id - b.id));
}

import type {
  Event,
  EventAction,
  ExpiryNotificationInterval,
  Group,
  Issue,
  MergeRequest,
  Milestone,
  Project,
  Role,
  SshKey,
  User,
  World,
} from '../world/types.js';
import { addDays, nextId, nowIso, today } from '../world/world.js';
import { canReadEvent, projectRole } from './policy.js';
import {
  announce,
  type MEMBER_EVENT_NAMES,
  type MergeRequestPushHook,
  type PROJECT_MEMBER_EVENT_NAMES,
  type ProjectEvent,
} from './webhooks.js';

/**
 * Activity events (GitLab's `EventCreateService`, `EventsFinder`). This module is the one
 * place the world records what happened: the rule functions that make a change (a
 * milestone closed, an issue opened, a merge request merged...) call the recorder of
 * that kind of change, and nothing else writes events. Webhooks are announced here too,
 * beside the recording, as data (`mock/rules/webhooks.ts` picks the hooks, `mock/webhooks/payloads.ts`
 * builds GitLab's payloads from them), with the hook actions GitLab's services send (`open`, `close`,
 * `merge`...), including changes that record no activity event (an update, an approval
 * withdrawn, a group member added, a token about to expire).
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
  milestoneHook(world, milestone, MILESTONE_HOOK_ACTIONS[action]);
}

const MILESTONE_HOOK_ACTIONS = { created: 'create', closed: 'close', reopened: 'reopen', destroyed: 'delete' } as const;

/** A milestone's webhook (GitLab's `Milestones::BaseService#execute_hooks`): project hooks, and group hooks of its groups. */
export function milestoneHook(
  world: World,
  milestone: Milestone,
  action: 'create' | 'close' | 'reopen' | 'delete',
): void {
  const project = milestone.project_id === null ? null : (world.projects.get(milestone.project_id) ?? null);
  const group = milestone.group_id === null ? null : (world.groups.get(milestone.group_id) ?? null);
  announce(world, { kind: 'milestone', project, group, subject: { type: 'milestone', milestone, action } });
}

/**
 * An issue was opened, closed or reopened; a close or reopen passes `previous`, the issue as the request
 * found it, for the hook's `changes`.
 */
export function issueEvent(
  world: World,
  author: User,
  issue: Issue,
  action: 'created' | 'closed' | 'reopened',
  previous?: Issue,
): void {
  record(world, author, action, { project_id: issue.project_id, group_id: null }, { type: 'Issue', record: issue });
  issueHook(world, author, issue, ISSUABLE_HOOK_ACTIONS[action], previous);
}

const ISSUABLE_HOOK_ACTIONS = { created: 'open', closed: 'close', reopened: 'reopen', merged: 'merge' } as const;

/**
 * An issue's webhook: `issues_events` hooks, `confidential_issues_events` ones for a confidential
 * issue; an `update` passes `previous`, the issue before the change. Answers how many hooks it went to.
 */
export function issueHook(world: World, user: User, issue: Issue, action: string, previous?: Issue): number {
  const project = world.projects.get(issue.project_id);
  if (!project) return 0;
  return announce(world, {
    kind: issue.confidential ? 'confidential_issue' : 'issue',
    project,
    group: null,
    subject: { type: 'issue', project, issue, user, action, previous },
  });
}

/** A merge request was opened, closed, reopened, merged or approved. */
export function mergeRequestEvent(
  world: World,
  author: User,
  mr: MergeRequest,
  action: 'created' | 'closed' | 'reopened' | 'merged' | 'approved',
  previous?: MergeRequest,
): void {
  record(world, author, action, { project_id: mr.project_id, group_id: null }, { type: 'MergeRequest', record: mr });
  // An approval's hook says whether it completed the approvals: the approval rule announces it.
  if (action !== 'approved') mergeRequestHook(world, author, mr, ISSUABLE_HOOK_ACTIONS[action], previous);
}

/**
 * A merge request's webhook: `open`, `update` (with `previous`, the merge request before the
 * change, or `push.oldrev` for a push), `close`, `reopen`, `merge`, `approved` (the approval that
 * completed them), `approval` (one more, not yet enough), `unapproved` (withdrawn from an approved
 * merge request), `unapproval`; `push.systemAction` for approvals the system reset.
 */
export function mergeRequestHook(
  world: World,
  user: User,
  mr: MergeRequest,
  action: string,
  previous?: MergeRequest,
  push?: MergeRequestPushHook,
): void {
  const project = world.projects.get(mr.project_id);
  if (!project) return;
  announce(world, {
    kind: 'merge_request',
    project,
    group: null,
    subject: { type: 'merge_request', project, mr, user, action, previous, ...push },
  });
}

/** A group membership added, changed or removed: group hooks with `member_events`, and system hooks. */
export function groupMemberHook(
  world: World,
  group: Group,
  user: User,
  role: Role,
  membership: { created_at: string; expires_at: string | null },
  event: keyof typeof MEMBER_EVENT_NAMES,
): void {
  announce(world, {
    kind: 'member',
    project: null,
    group,
    subject: { type: 'member', group, user, role, membership, event },
  });
}

/**
 * A project membership added, changed or removed: `user_add_to_team`, `user_update_for_team`,
 * `user_remove_from_team` to every system hook (`Member#post_create_member_hook`, `#post_update_hook`,
 * `#post_destroy_member_hook` → `SystemHooksService`; EE's group hooks take only group members).
 */
export function projectMemberHook(
  world: World,
  project: Project,
  user: User,
  role: Role,
  membership: { created_at: string; expires_at: string | null },
  event: keyof typeof PROJECT_MEMBER_EVENT_NAMES,
): void {
  announce(world, {
    kind: 'system',
    project,
    group: null,
    subject: { type: 'project_member', project, user, role, membership, event },
  });
}

/**
 * A project event (`Gitlab::HookData::ProjectBuilder`): `project_<event>` to every system hook
 * (`SystemHooksService#execute_hooks_for(project, event)`), and a created or destroyed project to
 * the group hooks with `project_events` of its group and the groups above (EE `Projects::CreateService`
 * and `Projects::DestroyService` `#execute_hooks`, after the system hooks). `oldPathWithNamespace`
 * is the full path before a rename or transfer. A created or destroyed project shows its creation
 * time as its update time; the others were updated now.
 */
export function projectHooks(world: World, project: Project, event: ProjectEvent, oldPathWithNamespace?: string): void {
  const settled = event === 'create' || event === 'destroy';
  const subject = {
    type: 'project_system',
    project,
    event,
    updated_at: settled ? project.created_at : nowIso(world),
    ...(oldPathWithNamespace !== undefined && { old_path_with_namespace: oldPathWithNamespace }),
  } as const;
  announce(world, { kind: 'system', project: null, group: null, subject });
  if (settled) announce(world, { kind: 'project', project, group: null, subject });
}

/** GitLab's `PersonalAccessToken::NOTIFICATION_INTERVALS`: each window's days before expiry, both ends included. */
const NOTIFICATION_INTERVALS: readonly [ExpiryNotificationInterval, number, number][] = [
  ['seven_days', 0, 7],
  ['thirty_days', 8, 30],
  ['sixty_days', 31, 60],
];

const SENT_AT = {
  seven_days: 'seven_days_notification_sent_at',
  thirty_days: 'thirty_days_notification_sent_at',
  sixty_days: 'sixty_days_notification_sent_at',
} as const;

/**
 * One run of GitLab's `PersonalAccessTokens::ExpiringWorker` for project and group tokens
 * (app/workers/personal_access_tokens/expiring_worker.rb, `process_project_bot_tokens`), as of the
 * world's clock: for each window in turn (`seven_days` 0..7 days, `thirty_days` 8..30, `sixty_days`
 * 31..60), every active token expiring in it and not yet noted for it is noted
 * (`<interval>_notification_sent_at`; a 7-day note is also `expire_notification_delivered`, after which
 * no window takes the token: `PersonalAccessToken.scope_for_notification_interval`) and announced with
 * its `interval`. GitLab sends the 30- and 60-day webhooks only where the project's or group's
 * "additional webhook triggers" setting is on (`Project#execute_hooks`, off by default, not in the
 * REST API): the mock notes those tokens and sends nothing for them. Tokens are noted with hooks or
 * without (GitLab emails the members), so a hook added later is not sent the tokens noted before.
 */
export function expiringTokenRun(world: World): void {
  const day = today(world);
  for (const [interval, fromDays, untilDays] of NOTIFICATION_INTERVALS) {
    const from = addDays(day, fromDays);
    const until = addDays(day, untilDays);
    for (const token of world.tokens.values()) {
      if (token.revoked || token.expires_at === null || token.seven_days_notification_sent_at) continue;
      if (token[SENT_AT[interval]] || token.expires_at < from || token.expires_at > until) continue;
      const resource =
        token.project_id !== null
          ? world.projects.get(token.project_id)
          : token.group_id == null
            ? undefined
            : world.groups.get(token.group_id);
      if (!resource) continue;
      token[SENT_AT[interval]] = nowIso(world);
      if (interval !== 'seven_days') continue;
      const isProject = token.project_id !== null;
      announce(world, {
        kind: 'resource_access_token',
        project: isProject ? (resource as Project) : null,
        group: isProject ? null : (resource as Group),
        subject: { type: 'resource_access_token', token, resource, interval },
      });
    }
  }
}

const DAY_MS = 86_400_000;
/** The worker's cron, `0 1 * * *` (config/initializers/1_settings.rb): 01:00 UTC, as milliseconds into the day. */
const EXPIRING_WORKER_AT = 3_600_000;

/**
 * Runs the expiring-token worker at each 01:00 UTC the clock passed on its way from `previous` to now
 * (after `previous`, up to now included), each run at its own time, as GitLab's cron does once a day.
 */
export function expiringTokenHooks(world: World, previous: number): void {
  const end = world.now;
  const first = Math.floor((previous - EXPIRING_WORKER_AT) / DAY_MS) * DAY_MS + EXPIRING_WORKER_AT + DAY_MS;
  for (let at = first; at <= end; at += DAY_MS) {
    world.now = at;
    expiringTokenRun(world);
  }
  world.now = end;
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
 * An events list (`EventsFinder`): the events `scope` keeps that the viewer may see,
 * filtered by `action`, `target_type` (an unknown one keeps nothing), `before` and `after`
 * (whole days, both exclusive), by id in `sort` order (newest first by default).
 */
/**
 * `EventsFinder` with `scope: 'all'` and a signed-in caller (`app/finders/events_finder.rb`,
 * `EventCollection.new(current_user.authorized_projects)`): the events of every project the caller
 * is a member of, whoever did them, in place of the route's own source.
 */
export function inAuthorizedProjects(world: World, viewer: User): (event: Event) => boolean {
  return (event) => {
    const project = event.project_id === null ? undefined : world.projects.get(event.project_id);
    return project !== undefined && projectRole(world, viewer, project) > 0;
  };
}

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
        canReadEvent(world, viewer, e),
    )
    .sort((a, b) => sign * (a.id - b.id));
}

/**
 * A group created: `group_create` to every system hook (`Group#post_create_hook`), and for a
 * subgroup `subgroup_create` to the group hooks of its parent and the parent's ancestors with
 * `subgroup_events` (EE `Group#execute_subgroup_hooks`, licensed `group_webhooks`).
 */
export function groupCreatedHooks(world: World, group: Group): void {
  announce(world, {
    kind: 'group',
    project: null,
    group,
    subject: { type: 'group', group, event: 'create', updated_at: group.created_at },
  });
  subgroupHook(world, group, 'create');
}

/**
 * A subgroup created or destroyed: `subgroup_create` / `subgroup_destroy` to the group hooks of its
 * parent and the parent's ancestors with `subgroup_events` (EE `Group#execute_subgroup_hooks`, from
 * `post_create_hook` and `post_destroy_hook`: "notifying its ancestors", never the subgroup's own).
 */
export function subgroupHook(world: World, group: Group, event: 'create' | 'destroy'): void {
  const parent = group.parent_id === null ? undefined : world.groups.get(group.parent_id);
  if (!parent) return;
  announce(world, {
    kind: 'subgroup',
    project: null,
    group: parent,
    subject: { type: 'subgroup', group, parent, event },
  });
}

/** A group's path changed: `group_rename` to every system hook (`Group#path_changed_hook`), with its old path and full path. */
export function groupRenamedHooks(world: World, group: Group, oldPath: string, oldFullPath: string): void {
  announce(world, {
    kind: 'group',
    project: null,
    group,
    subject: {
      type: 'group',
      group,
      event: 'rename',
      updated_at: nowIso(world),
      old_path: oldPath,
      old_full_path: oldFullPath,
    },
  });
}

/**
 * A group removed: `group_destroy` to every system hook (`Group#post_destroy_hook` →
 * `SystemHooksService`); the mock keeps no group update time, so its times are its creation's.
 */
export function groupDestroyedHook(world: World, group: Group): void {
  announce(world, {
    kind: 'group',
    project: null,
    group: null,
    subject: { type: 'group', group, event: 'destroy', updated_at: group.created_at },
  });
}

/** A user created through the API: `user_create` to every system hook (`User#after_commit` → `SystemHooksService`). */
export function userCreatedHook(world: World, user: User): void {
  announce(world, { kind: 'system', project: null, group: null, subject: { type: 'user', user, event: 'create' } });
}

/** A username changed: `user_rename` to every system hook, with the old username (`User#username_changed_hook`). */
export function userRenamedHook(world: World, user: User, oldUsername: string): void {
  announce(world, {
    kind: 'system',
    project: null,
    group: null,
    subject: { type: 'user', user, event: 'rename', oldUsername },
  });
}

/** An SSH key added or removed: `key_create` / `key_destroy` to every system hook (`Key#post_create_hook`, `#post_destroy_hook`). */
export function sshKeyHook(world: World, key: SshKey, user: User, event: 'create' | 'destroy'): void {
  announce(world, {
    kind: 'system',
    project: null,
    group: null,
    subject: { type: 'key', key: { ...key }, user, event },
  });
}

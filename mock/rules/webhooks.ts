import { groupChain, projectGroup } from '../world/memberships.js';
import type {
  AccessToken,
  ExpiryNotificationInterval,
  Group,
  GroupHook,
  Issue,
  MergeRequest,
  Milestone,
  Project,
  ProjectHook,
  Role,
  SshKey,
  SystemHook,
  User,
  WebHook,
  World,
} from '../world/types.js';
import { toSeconds } from '../world/world.js';
import { groupPlan, isPaidPlan } from './access.js';

/**
 * Webhook delivery as rules over the world (`app/services/web_hook_service.rb`,
 * `app/models/concerns/web_hooks/auto_disabling.rb`, `Project#execute_hooks`): which hooks an
 * event reaches, and the failure counts that disable a hook. Events are announced by
 * `mock/rules/events.ts`, the one place the world records what happened; the mock that owns
 * the world registers a {@link WebhookSink} that sends them (`mock/webhooks/dispatcher.ts`), after
 * the request that caused them has answered. An event is data (what happened, to which records):
 * the sink builds GitLab's payload from it (`mock/webhooks/payloads.ts`), only when a hook wants
 * it. A world without a sink, or without hooks, announces nothing and builds no payload.
 * @module
 */

/** The kinds of event the mock sends, with GitLab's hook names (`merge_request_hooks`...). */
export type WebhookKind =
  | 'push'
  | 'tag_push'
  | 'merge_request'
  | 'issue'
  | 'confidential_issue'
  | 'milestone'
  | 'resource_access_token'
  | 'member'
  | 'group'
  | 'subgroup'
  | 'project'
  | 'system';

/** Per kind: the switch a project or group hook subscribes with, GitLab's hook name, and its `X-Gitlab-Event`. */
export const WEBHOOK_KINDS: Record<
  WebhookKind,
  {
    projectSwitch: string | null;
    groupSwitch: string | null;
    systemSwitch: string | null;
    hookName: string;
    header: string;
  }
> = {
  // Pushes are not modelled as events: only a hook test sends one (GitLab's `Push.build_sample`).
  push: {
    projectSwitch: 'push_events',
    groupSwitch: 'push_events',
    systemSwitch: null,
    hookName: 'push_hooks',
    header: 'Push Hook',
  },
  tag_push: {
    projectSwitch: 'tag_push_events',
    groupSwitch: 'tag_push_events',
    systemSwitch: null,
    hookName: 'tag_push_hooks',
    header: 'Tag Push Hook',
  },
  merge_request: {
    projectSwitch: 'merge_requests_events',
    groupSwitch: 'merge_requests_events',
    systemSwitch: 'merge_requests_events',
    hookName: 'merge_request_hooks',
    header: 'Merge Request Hook',
  },
  issue: {
    projectSwitch: 'issues_events',
    groupSwitch: 'issues_events',
    systemSwitch: null,
    hookName: 'issue_hooks',
    header: 'Issue Hook',
  },
  confidential_issue: {
    projectSwitch: 'confidential_issues_events',
    groupSwitch: 'confidential_issues_events',
    systemSwitch: null,
    hookName: 'confidential_issue_hooks',
    header: 'Confidential Issue Hook',
  },
  milestone: {
    projectSwitch: 'milestone_events',
    groupSwitch: 'milestone_events',
    systemSwitch: null,
    hookName: 'milestone_hooks',
    header: 'Milestone Hook',
  },
  resource_access_token: {
    projectSwitch: 'resource_access_token_events',
    groupSwitch: 'resource_access_token_events',
    systemSwitch: null,
    hookName: 'resource_access_token_hooks',
    header: 'Resource Access Token Hook',
  },
  // Group member events: group hooks with `member_events`, and every system hook (GitLab's
  // SystemHooksService sends them as system events, which no switch turns off).
  member: {
    projectSwitch: null,
    groupSwitch: 'member_events',
    systemSwitch: 'always',
    hookName: 'member_hooks',
    header: 'Member Hook',
  },
  // Group events (`group_create`, `group_rename`: `Group#post_create_hook`, `#path_changed_hook`,
  // `SystemHooksService`): every system hook, no switch.
  group: {
    projectSwitch: null,
    groupSwitch: null,
    systemSwitch: 'always',
    hookName: 'system_hooks',
    header: 'System Hook',
  },
  // A subgroup created or destroyed (EE `Group#execute_subgroup_hooks`, from `post_create_hook` and
  // `post_destroy_hook`): the hooks of its parent and the parent's ancestors with `subgroup_events`
  // (`TriggerableHooks`' `subgroup_hooks`).
  subgroup: {
    projectSwitch: null,
    groupSwitch: 'subgroup_events',
    systemSwitch: null,
    hookName: 'subgroup_hooks',
    header: 'Subgroup Hook',
  },
  // A project created or destroyed, for the group hooks of its group and the groups above with
  // `project_events` (EE `Projects::CreateService#execute_hooks` and `Projects::DestroyService#execute_hooks`:
  // `project.execute_hooks(data, :project_hooks)`, licensed `group_webhooks`). Project hooks have no
  // such trigger, and GitLab sends no rename, transfer or update to group hooks.
  project: {
    projectSwitch: null,
    groupSwitch: 'project_events',
    systemSwitch: null,
    hookName: 'project_hooks',
    header: 'Project Hook',
  },
  // System events proper (`POST /hooks/:hook_id`'s test, a user, group or project deleted, a
  // project member removed): system hooks only.
  system: {
    projectSwitch: null,
    groupSwitch: null,
    systemSwitch: 'always',
    hookName: 'system_hooks',
    header: 'System Hook',
  },
};

/** Which table a hook is in. */
export type HookType = 'project' | 'group' | 'system';

/** A hook an event goes to. */
export interface HookTarget {
  type: HookType;
  hook: WebHook;
}

/** The group member events' names (`GroupMemberBuilder#event_data`), by what happened to the membership. */
export const MEMBER_EVENT_NAMES = {
  create: 'user_add_to_group',
  update: 'user_update_for_group',
  destroy: 'user_remove_from_group',
} as const;

/** The project member events' names (`ProjectMemberBuilder#event_data`), by what happened to the membership. */
export const PROJECT_MEMBER_EVENT_NAMES = {
  create: 'user_add_to_team',
  update: 'user_update_for_team',
  destroy: 'user_remove_from_team',
} as const;

/**
 * What happened to a project, as `Gitlab::HookData::ProjectBuilder` names it (`project_<event>`):
 * created (`Projects::CreateService#execute_hooks`), updated (`Projects::UpdateService#after_update`
 * without a path change, `ArchiveService`, `UnarchiveService`), renamed (its path changed:
 * `Projects::AfterRenameService#execute_system_hooks`, marking for deletion and restoring too),
 * transferred (`Projects::TransferService#execute_system_hooks`) or destroyed.
 */
export type ProjectEvent = 'create' | 'update' | 'rename' | 'transfer' | 'destroy';

/**
 * What a push adds to a merge request's event (`MergeRequests::BaseService#hook_data`): the head before
 * it (`oldrev`, on the `update` a push sends), and for approvals the system reset, GitLab 18.5's
 * `system: true` with its `system_action`.
 */
export interface MergeRequestPushHook {
  oldrev?: string;
  systemAction?: 'approvals_reset_on_push' | 'code_owner_approvals_reset_on_push';
}

/**
 * What an event is about, as data: the records as they are now, who acted, and the hook action.
 * An update carries `previous`, a copy of the record taken before the change, from which the
 * payload's `changes` come; an update that changes nothing a hook shows is sent to no hook.
 */
export type WebhookSubject =
  | ({
      type: 'merge_request';
      project: Project;
      mr: MergeRequest;
      user: User;
      action: string;
      previous?: MergeRequest;
    } & MergeRequestPushHook)
  | { type: 'issue'; project: Project; issue: Issue; user: User; action: string; previous?: Issue }
  | { type: 'milestone'; milestone: Milestone; action: 'create' | 'close' | 'reopen' | 'delete' }
  | {
      type: 'member';
      group: Group;
      user: User;
      role: Role;
      membership: { created_at: string; expires_at: string | null };
      event: keyof typeof MEMBER_EVENT_NAMES;
    }
  | {
      type: 'resource_access_token';
      /** The token, or a hook test's sample of one. */
      token: SampleableToken;
      resource: Project | Group;
      /** The worker's window (`seven_days`...): GitLab merges it into the payload as `interval`; a hook test has none. */
      interval?: ExpiryNotificationInterval;
    }
  /** A hook test's sample push (`Gitlab::DataBuilder::Push.build_sample`): pushes are not otherwise announced. */
  | { type: 'push'; project: Project; user: User; tag: boolean }
  /** A group created or renamed (its path changed: `old_path` and `old_full_path` are what it was). */
  | {
      type: 'group';
      group: Group;
      event: 'create' | 'rename' | 'destroy';
      updated_at: string;
      old_path?: string;
      old_full_path?: string;
    }
  /** A subgroup created or destroyed, for its parent's hooks. */
  | { type: 'subgroup'; group: Group; parent: Group; event: 'create' | 'destroy' }
  /** GitLab's sample system event, what `POST /hooks/:hook_id` sends. */
  | { type: 'system' }
  /**
   * A project event (`project_<event>`, `Gitlab::HookData::ProjectBuilder`): to system hooks with the
   * deprecated `owner_name` and `owner_email` (`SystemHooksService#build_event_data`), to group hooks
   * (kind `project`) without; `updated_at` is the project's update time, and a rename or transfer
   * carries the full path it had (`old_path_with_namespace`).
   */
  | {
      type: 'project_system';
      project: Project;
      event: ProjectEvent;
      updated_at: string;
      old_path_with_namespace?: string;
    }
  /** A project membership added, changed or removed (`user_add_to_team`..., `Gitlab::HookData::ProjectMemberBuilder`): system hooks. */
  | {
      type: 'project_member';
      project: Project;
      user: User;
      role: Role;
      membership: { created_at: string; expires_at: string | null };
      event: keyof typeof PROJECT_MEMBER_EVENT_NAMES;
    }
  /** A user created, renamed or deleted (`SystemHooksService`'s `user_create`, `user_rename`, `user_destroy`): system hooks only. */
  | { type: 'user'; user: User; event: 'create' | 'rename' | 'destroy'; oldUsername?: string }
  /** An SSH key added or removed (`key_create`, `key_destroy`): system hooks only. */
  | { type: 'key'; key: SshKey; user: User; event: 'create' | 'destroy' };

/** What a token event shows of its token: a token of the world, or a hook test's sample (`PersonalAccessToken.new(...)`). */
export type SampleableToken = Pick<AccessToken, 'id' | 'name' | 'created_at' | 'expires_at'> & {
  /** Its bot user; a sample's is the project's first bot, `null` without one. */
  user_id: number | null;
};

/** One event to send: its kind, where it happened, and what it is about (its payload is built once, only when a hook wants it). */
export interface WebhookEvent {
  kind: WebhookKind;
  /** The project it happened in, or `null` (a group milestone, a group member, a group token). */
  project: Project | null;
  /** The group it happened in when there is no project. */
  group: Group | null;
  /** What happened, from which the sink builds GitLab's payload. */
  subject: WebhookSubject;
}

/** A delivery as a sink logs it: what the hooks API's `events` and `resend` read. */
export interface LoggedDelivery {
  /** The delivery's number in its world (1, 2...): GitLab's hook log id. */
  id: number;
  /** The hook's id. */
  hook_id: number;
  /** `project`, `group` or `system`. */
  hook_type: HookType;
  /** GitLab's hook name: `merge_request_hooks`, `milestone_hooks`, `member_hooks`... */
  trigger: string;
  /** The URL called, its password and secret-looking query values `[REDACTED]`. */
  url: string;
  /** The headers sent, `X-Gitlab-Token` `[REDACTED]`. */
  request_headers: Record<string, string>;
  /** The payload sent. */
  request_data: unknown;
  /** The receiver's status, or `internal error` when there was no answer (GitLab's word). */
  response_status: number | 'internal error';
  /** The receiver's headers (at most 50). */
  response_headers: Record<string, string>;
  /** The receiver's body, cut after 8 KB as GitLab does. */
  response_body: string;
  /** Seconds the delivery took (wall clock). */
  execution_duration: number;
  /** Why there was no answer: a timeout, a refused connection, a URL the mock may not call; else `null`. */
  internal_error_message: string | null;
  /** When it was sent, on the world clock (ISO 8601). */
  created_at: string;
}

/** What sends a world's events: the mock registers one per world. */
export interface WebhookSink {
  /**
   * Queues the event for these hooks, its payload built now; never throws, never waits. Answers
   * how many hooks it queued it for: none when the payload shows that nothing changed.
   */
  send(targets: HookTarget[], event: WebhookEvent): number;
  /** Delivers to one hook now; `undefined` when it is disabled (and not `force`d) or gone, or nothing changed. */
  deliverNow(target: HookTarget, event: WebhookEvent, force: boolean): Promise<LoggedDelivery | undefined>;
  /** Sends a logged delivery again, now. */
  resendNow(delivery: LoggedDelivery): Promise<LoggedDelivery | undefined>;
  /** The log, oldest first. */
  deliveries(): LoggedDelivery[];
}

/** Ruby's `URI::MailTo::EMAIL_REGEXP`, which `WebHookLog#redact_user_emails` matches each value against. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * A payload as GitLab's hook log keeps it: every value that is an email `[REDACTED]`, at any depth
 * (`WebHookLog#redact_user_emails`: `request_data.deep_transform_values!`, app/models/hooks/web_hook_log.rb).
 * The events route shows it so, and a resend sends it so.
 */
export function redactEmails(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(redactEmails);
  if (data !== null && typeof data === 'object') {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, redactEmails(value)]));
  }
  return typeof data === 'string' && EMAIL.test(data) ? '[REDACTED]' : data;
}

/** The sink of a world (the mock's delivery engine), if it has one. */
export function webhookSinkOf(world: World): WebhookSink | undefined {
  return sinks.get(world);
}

const sinks = new WeakMap<World, WebhookSink>();

/** Makes `sink` send the events of `world` (the world object stays the same through restores and resets). */
export function registerWebhookSink(world: World, sink: WebhookSink): void {
  sinks.set(world, sink);
}

// GitLab's `WebHooks::AutoDisabling` thresholds and backoff.
/** Failures in a row a hook may have before it is disabled for a while. */
export const TEMPORARILY_DISABLED_FAILURE_THRESHOLD = 3;
/** Beyond this many failures in a row the hook is disabled for good. */
export const PERMANENTLY_DISABLED_FAILURE_THRESHOLD = 39;
const INITIAL_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 24 * 3600_000;

/**
 * Whether a hook's failures disable it: GitLab enables auto-disabling for project hooks (and,
 * in EE, group hooks); system hooks are never disabled.
 */
const autoDisables = (type: HookType) => type !== 'system';

/** GitLab's `alert_status`: `executable`, `temporarily_disabled` or `disabled`. */
export function alertStatus(
  world: World,
  type: HookType,
  hook: WebHook,
): 'executable' | 'temporarily_disabled' | 'disabled' {
  if (!autoDisables(type)) return 'executable';
  const failures = hook.recent_failures ?? 0;
  const until = hook.disabled_until ?? null;
  if (
    until !== null &&
    Date.parse(until) >= world.now &&
    failures > TEMPORARILY_DISABLED_FAILURE_THRESHOLD &&
    failures <= PERMANENTLY_DISABLED_FAILURE_THRESHOLD
  ) {
    return 'temporarily_disabled';
  }
  return failures > PERMANENTLY_DISABLED_FAILURE_THRESHOLD ? 'disabled' : 'executable';
}

/** Whether a hook is called (GitLab's `executable?`). */
export function isExecutable(world: World, type: HookType, hook: WebHook): boolean {
  return alertStatus(world, type, hook) === 'executable';
}

/** A successful delivery (2xx or 3xx): the counts start again (`enable!`). */
export function hookSucceeded(type: HookType, hook: WebHook): void {
  if (!autoDisables(type)) return;
  if ((hook.recent_failures ?? 0) === 0 && (hook.disabled_until ?? null) === null) return;
  hook.recent_failures = 0;
  hook.disabled_until = null;
}

/**
 * A failed delivery (`backoff!`): one more failure, up to 40; past 3 the hook is disabled for
 * 1 minute × 2^(failures − 3), at most a day, from the world clock.
 */
export function hookFailed(world: World, type: HookType, hook: WebHook): void {
  if (!autoDisables(type) || !isExecutable(world, type, hook)) return;
  const failures = Math.min(Math.max((hook.recent_failures ?? 0) + 1, 1), PERMANENTLY_DISABLED_FAILURE_THRESHOLD + 1);
  hook.recent_failures = failures;
  if (failures > TEMPORARILY_DISABLED_FAILURE_THRESHOLD) {
    const backoff = INITIAL_BACKOFF_MS * 2 ** (failures - 1 - TEMPORARILY_DISABLED_FAILURE_THRESHOLD);
    hook.disabled_until = toSeconds(
      new Date(world.now + Math.min(Math.max(backoff, INITIAL_BACKOFF_MS), MAX_BACKOFF_MS)).toISOString(),
    );
  }
}

/** Whether the world has any hook at all (the cheap test every announcement starts with). */
export function anyHooks(world: World): boolean {
  return world.projectHooks.size > 0 || world.groupHooks.size > 0 || world.systemHooks.size > 0;
}

/** The groups whose hooks see an event: the project's group (or the event's group) and its ancestors, when licensed. */
function groupsOf(world: World, event: WebhookEvent): Group[] {
  const start = event.project ? projectGroup(world, event.project) : event.group;
  if (!start) return [];
  return groupChain(world, start).filter((g) => isPaidPlan(groupPlan(world, g)));
}

/** The hooks an event reaches now: subscribed and executable (GitLab's `hooks.executable.hooks_for(scope)`). */
export function hooksFor(world: World, event: WebhookEvent): HookTarget[] {
  const kind = WEBHOOK_KINDS[event.kind];
  const targets: HookTarget[] = [];
  const on = (hook: WebHook, name: string | null) =>
    name !== null && (name === 'always' || (hook.events as Record<string, boolean>)[name] === true);
  if (event.project && kind.projectSwitch !== null) {
    const id = event.project.id;
    for (const hook of world.projectHooks.values()) {
      if (hook.project_id === id && on(hook, kind.projectSwitch) && isExecutable(world, 'project', hook)) {
        targets.push({ type: 'project', hook });
      }
    }
  }
  if (world.groupHooks.size > 0) {
    const groups = new Set(groupsOf(world, event).map((g) => g.id));
    for (const hook of world.groupHooks.values()) {
      if (groups.has(hook.group_id) && on(hook, kind.groupSwitch) && isExecutable(world, 'group', hook)) {
        targets.push({ type: 'group', hook });
      }
    }
  }
  for (const hook of world.systemHooks.values()) {
    if (on(hook, kind.systemSwitch)) targets.push({ type: 'system', hook });
  }
  return targets;
}

/**
 * Announces an event: the world's sink queues it for every hook it reaches. Costs a map lookup
 * when the world has no sink or no hooks; the payload is built only when some hook wants it.
 * Answers how many hooks it was queued for (none for an update that changes nothing a hook shows).
 */
export function announce(world: World, event: WebhookEvent): number {
  const sink = sinks.get(world);
  if (!sink || !anyHooks(world)) return 0;
  const targets = hooksFor(world, event);
  return targets.length > 0 ? sink.send(targets, event) : 0;
}

/** The hook of a type by id, if it still exists. */
export function hookById(world: World, type: HookType, id: number): ProjectHook | GroupHook | SystemHook | undefined {
  if (type === 'project') return world.projectHooks.get(id);
  if (type === 'group') return world.groupHooks.get(id);
  return world.systemHooks.get(id);
}

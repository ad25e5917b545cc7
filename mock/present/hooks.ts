import type {
  GroupHook as GroupHookEntity,
  ProjectHook as ProjectHookEntity,
  SystemHook as SystemHookEntity,
} from '../../src/models/hooks.js';
import { alertStatus, type HookType, type LoggedDelivery, redactEmails } from '../rules/webhooks.js';
import {
  GROUP_HOOK_EVENTS,
  type GroupHook,
  PROJECT_HOOK_EVENTS,
  type ProjectHook,
  type SystemHook,
  type World,
} from '../world/types.js';

/**
 * Hooks as GitLab's entities show them (`lib/api/entities/hook.rb`, `project_hook.rb`): the
 * Hook fields (a system hook's with `organization_id`), then a project hook's project id and
 * event switches; the token never. `alert_status` and `disabled_until` follow failed
 * deliveries (`mock/rules/webhooks.ts`); URL variables and custom headers show their names only
 * (`[{ key }]`, as GitLab's entity), never their values. A logged delivery is shown as GitLab's
 * WebHookLog entity (`GET .../hooks/:hook_id/events`).
 * @module
 */

/** The id of GitLab's default organization, which every system hook belongs to. */
const DEFAULT_ORGANIZATION_ID = 1;

/** A secret map as GitLab's entity shows it: its names, in order, without the values. */
const keysOf = (entries: Record<string, string> | undefined) => Object.keys(entries ?? {}).map((key) => ({ key }));

/** The Hook entity's fields up to `enable_ssl_verification`, in GitLab's order (`organization_id` follows on a system hook). */
function hookHead(hook: ProjectHook | GroupHook | SystemHook, repositoryUpdateEvents: boolean) {
  const e = hook.events;
  return {
    id: hook.id,
    url: hook.url,
    name: hook.name,
    description: hook.description,
    created_at: hook.created_at,
    push_events: e.push_events,
    tag_push_events: e.tag_push_events,
    merge_requests_events: e.merge_requests_events,
    repository_update_events: repositoryUpdateEvents,
    enable_ssl_verification: hook.enable_ssl_verification,
  };
}

/** The rest of the Hook entity's fields, in GitLab's order: delivery state, filters, masked lists. */
function hookTail(world: World, type: HookType, hook: ProjectHook | GroupHook | SystemHook) {
  return {
    alert_status: alertStatus(world, type, hook),
    // Grape writes a time with milliseconds (`2026-06-01T10:00:00.000Z`); the hook keeps it to the second.
    disabled_until: hook.disabled_until ? new Date(hook.disabled_until).toISOString() : null,
    url_variables: keysOf(hook.url_variables),
    push_events_branch_filter: hook.push_events_branch_filter,
    branch_filter_strategy: hook.branch_filter_strategy,
    custom_webhook_template: hook.custom_webhook_template,
    custom_headers: keysOf(hook.custom_headers),
  };
}

/**
 * A hook's event switches after the three the head shows (`push_events`, `tag_push_events`,
 * `merge_requests_events`), in its entity's order: the order of the lists of its events.
 */
function switchesAfterHead<E extends string>(events: Record<E, boolean>, order: readonly E[]) {
  return Object.fromEntries(order.slice(3).map((name) => [name, events[name]])) as Record<E, boolean>;
}

/** GitLab's Hook entity for a project hook (no `organization_id`, `repository_update_events` always false). */
export function presentProjectHook(world: World, hook: ProjectHook): ProjectHookEntity {
  return {
    ...hookHead(hook, false),
    ...hookTail(world, 'project', hook),
    project_id: hook.project_id,
    ...switchesAfterHead(hook.events, PROJECT_HOOK_EVENTS),
  } as ProjectHookEntity;
}

/** GitLab's Hook entity for a system hook. */
export function presentSystemHook(world: World, hook: SystemHook): SystemHookEntity {
  const e = hook.events;
  return {
    ...hookHead(hook, e.repository_update_events),
    organization_id: DEFAULT_ORGANIZATION_ID,
    ...hookTail(world, 'system', hook),
  };
}

/** GitLab's GroupHook entity: the Hook fields, then the group's id and its event switches. */
export function presentGroupHook(world: World, hook: GroupHook): GroupHookEntity {
  return {
    ...hookHead(hook, false),
    ...hookTail(world, 'group', hook),
    group_id: hook.group_id,
    ...switchesAfterHead(hook.events, GROUP_HOOK_EVENTS),
  } as GroupHookEntity;
}

/** GitLab's WebHookLog entity: a delivery as `GET .../hooks/:hook_id/events` shows it (the status as text). */
export function presentHookLog(delivery: LoggedDelivery) {
  return {
    id: delivery.id,
    url: delivery.url,
    trigger: delivery.trigger,
    request_headers: delivery.request_headers,
    // GitLab's log keeps the payload with its emails redacted (`WebHookLog#redact_user_emails`).
    request_data: redactEmails(delivery.request_data),
    response_headers: delivery.response_headers,
    response_body: delivery.response_body,
    execution_duration: delivery.execution_duration,
    response_status: String(delivery.response_status),
    created_at: delivery.created_at,
  };
}

import { ApiError, recordNotFound } from '../http/errors.js';
import { countInWindow } from '../rules/rate-limits.js';
import {
  type HookTarget,
  type HookType,
  type LoggedDelivery,
  redactEmails,
  type WebhookEvent,
  webhookSinkOf,
} from '../rules/webhooks.js';
import { groupChain, projectGroup } from '../world/memberships.js';
import type { Group, Project, User, WebHook, World } from '../world/types.js';
import { redactUrl } from './dispatcher.js';
import { SYSTEM_HOOK_TEST_DATA } from './payloads.js';

/**
 * A hook's recent deliveries, resending one, and test deliveries, as GitLab's hooks API has them
 * (`lib/api/hooks/events.rb`, `resend_hook.rb`, `trigger_test.rb`, `test.rb`,
 * `app/services/test_hooks/project_service.rb`, `WebHooks::Events::ResendService`). The log is
 * the world's delivery log (`mock.webhooks.deliveries`).
 * @module
 */

/**
 * `status` values besides HTTP codes: ranges of them; `server_failure` also takes a delivery that
 * got no answer (`WebHooks::WebHookLogsFinder#string_filter_to_code`: `[(500..599),
 * WebHookService::InternalErrorResponse::ERROR_MESSAGE]`).
 */
const STATUS_RANGES: Record<string, [number, number]> = {
  successful: [200, 299],
  client_failure: [400, 499],
  server_failure: [500, 599],
};

/** The `status` filter values GitLab takes: Rack's HTTP status codes and the ranges' names. */
export const STATUS_FILTERS: readonly string[] = [
  ...[100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226],
  ...[300, 301, 302, 303, 304, 305, 306, 307, 308],
  ...[400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418],
  ...[421, 422, 423, 424, 425, 426, 428, 429, 431, 451],
  ...[500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511],
]
  .map(String)
  .concat(Object.keys(STATUS_RANGES));

const DAY_MS = 24 * 3600_000;

/** How many days back the events route shows (`WebHookLog::MAX_RECENT_DAYS`). */
const MAX_RECENT_DAYS = 7;

/**
 * A hook's deliveries GitLab still shows, newest first, those with a `status` among `statuses` when
 * given: from the start of the day seven days ago (`WebHooks::WebHookLogsFinder#by_created_at`:
 * `logs.recent(WebHookLog::MAX_RECENT_DAYS)`, `app/finders/web_hooks/web_hook_logs_finder.rb`).
 */
export function hookLogs(world: World, type: HookType, hook: WebHook, statuses?: string[]): LoggedDelivery[] {
  const since = new Date(world.now - MAX_RECENT_DAYS * DAY_MS).toISOString().slice(0, 10);
  const wanted = (status: LoggedDelivery['response_status']) =>
    !statuses ||
    statuses.some((s) => {
      if (typeof status !== 'number') return s === 'server_failure';
      const range = STATUS_RANGES[s];
      return range ? status >= range[0] && status <= range[1] : Number(s) === status;
    });
  return (webhookSinkOf(world)?.deliveries() ?? [])
    .filter(
      (d) =>
        d.hook_type === type &&
        d.hook_id === hook.id &&
        d.created_at.slice(0, 10) >= since &&
        wanted(d.response_status),
    )
    .reverse();
}

/** One delivery of a hook: 404 `Not found` when it is another hook's or gone from the log. */
export function findHookLog(world: World, type: HookType, hook: WebHook, id: number): LoggedDelivery {
  const found = webhookSinkOf(world)
    ?.deliveries()
    .find((d) => d.id === id && d.hook_type === type && d.hook_id === hook.id);
  if (!found) throw recordNotFound().because(`no delivery ${id} of hook ${hook.id}`);
  return found;
}

/** GitLab's application rate limits on testing and resending: 5 a minute per hook parent and user. */
const HOOK_RATE = { threshold: 5, intervalSeconds: 60 };

/**
 * 429 past 5 requests a minute (world clock) for this action, parent and user (`check_rate_limit!`),
 * with `Retry-After` the interval in seconds (`API::Helpers::RateLimiter`: `too_many_requests!(...,
 * retry_after: interval)`).
 */
export function checkHookRateLimit(
  world: World,
  action: 'web_hook_test' | 'web_hook_event_resend',
  parent: string,
  user: User,
) {
  const { count } = countInWindow(world, `${action}:${parent}:user:${user.id}`, HOOK_RATE.intervalSeconds);
  if (count > HOOK_RATE.threshold) {
    throw new ApiError(429, {
      message: { error: 'This endpoint has been requested too many times. Try again later.' },
    })
      .withHeaders({ 'retry-after': String(HOOK_RATE.intervalSeconds) })
      .because(`${user.username} made more than ${HOOK_RATE.threshold} ${action} requests this minute on ${parent}`);
  }
}

const unprocessable = (message: string, reason?: string) => new ApiError(422, { message }).because(reason ?? message);

/**
 * `POST .../hooks/:hook_id/events/:hook_log_id/resend`: the logged payload again, now, with its
 * `Idempotency-Key`; 422 when the hook's URL changed since or the hook is disabled. Answers the
 * receiver's status, whatever it is.
 */
export async function resendHookLog(world: World, hook: WebHook, log: LoggedDelivery) {
  const sink = webhookSinkOf(world);
  // The log keeps the URL with secrets masked: compare the same way. GitLab's message
  // (`WebHooks::Events::ResendService#url_changed_response`).
  if (redactUrl(hook.url) !== log.url) {
    throw unprocessable('The hook URL has changed. This log entry cannot be retried.');
  }
  // GitLab resends `web_hook_log.request_data`: the payload as its log kept it, emails redacted.
  const delivery = sink ? await sink.resendNow({ ...log, request_data: redactEmails(log.request_data) }) : undefined;
  if (!delivery) throw unprocessable('Hook disabled', `hook ${hook.id} is disabled`);
  if (delivery.internal_error_message !== null) throw unprocessable(delivery.internal_error_message);
  return { response_status: delivery.response_status };
}

/**
 * The triggers `test/:trigger` takes, for project and group hooks alike: `ProjectHook.triggers`
 * (`lib/api/hooks/trigger_test.rb`: `values: ProjectHook.triggers.values.map(&:to_s)`; the hooks of
 * `ProjectHook::AVAILABLE_HOOKS` and EE's `vulnerability_hooks`, named by `TriggerableHooks`). A group
 * hook's own switches (`member_events`, `subgroup_events`, `project_events`) are 400 there.
 */
export const HOOK_TEST_TRIGGERS: readonly string[] = [
  'confidential_issues_events',
  'confidential_note_events',
  'deployment_events',
  'emoji_events',
  'feature_flag_events',
  'issues_events',
  'job_events',
  'merge_requests_events',
  'milestone_events',
  'note_events',
  'pipeline_events',
  'push_events',
  'releases_events',
  'resource_access_token_events',
  'tag_push_events',
  'wiki_page_events',
  'vulnerability_events',
];

/**
 * What GitLab's TestHooks::ProjectService says when a project lacks what a trigger's sample needs
 * (`app/services/concerns/integrations/project_test_data.rb`).
 */
const MISSING: Record<string, string> = {
  note_events: 'Ensure the project has notes.',
  // `emoji_events_data`: `no_data_error(... 'Ensure the project has notes.') unless project.notes.any?`.
  emoji_events: 'Ensure the project has notes.',
  vulnerability_events: 'Ensure the project has vulnerabilities.',
  job_events: 'Ensure the project has CI jobs.',
  pipeline_events: 'Ensure the project has CI pipelines.',
  wiki_page_events: 'Ensure the wiki is enabled and has pages.',
  releases_events: 'Ensure the project has releases.',
};

/**
 * The triggers `TestHooks::ProjectService#data` builds a sample for (`app/services/test_hooks/project_service.rb`);
 * any other (`confidential_note_events`, `deployment_events`, `feature_flag_events`...) is 422
 * `Testing not available for this hook` (`TestHooks::BaseService`: `data.blank?`).
 */
const TESTABLE_TRIGGERS = new Set([
  'push_events',
  'tag_push_events',
  'note_events',
  'issues_events',
  'confidential_issues_events',
  'merge_requests_events',
  'job_events',
  'pipeline_events',
  'wiki_page_events',
  'releases_events',
  'milestone_events',
  'emoji_events',
  'resource_access_token_events',
  'project_events',
  'vulnerability_events',
]);

/** The newest of some records (GitLab's finders with `sort: 'created_desc'`: by creation, then by id). */
function newest<R extends { id: number; created_at: string }>(records: R[]): R | undefined {
  return records.reduce<R | undefined>(
    (best, r) =>
      !best || r.created_at > best.created_at || (r.created_at === best.created_at && r.id > best.id) ? r : best,
    undefined,
  );
}

/**
 * The sample a project hook's test sends for a trigger, as `Integrations::ProjectTestData` builds it:
 * the project's newest issue or merge request, a push of the default branch, a sample token.
 */
function testEvent(world: World, project: Project, user: User, trigger: string): WebhookEvent {
  if (!TESTABLE_TRIGGERS.has(trigger)) {
    throw unprocessable('Testing not available for this hook', `GitLab builds no ${trigger} test sample`);
  }
  if (trigger === 'push_events' || trigger === 'tag_push_events') {
    // `Gitlab::DataBuilder::Push.build_sample`: GitLab's fixed sample when the repository is empty.
    const tag = trigger === 'tag_push_events';
    return {
      kind: tag ? 'tag_push' : 'push',
      project,
      group: null,
      subject: { type: 'push', project, user, tag },
    };
  }
  if (trigger === 'resource_access_token_events') {
    // `access_tokens_events_data`: an unsaved token of the project's first bot, expiring in two days.
    const bot = [...project.members.keys()].map((id) => world.users.get(id)).find((u) => u?.bot);
    const token = {
      id: 1,
      name: 'pat_for_webhook_event',
      user_id: bot?.id ?? null,
      created_at: new Date(world.now).toISOString(),
      expires_at: new Date(world.now + 2 * DAY_MS).toISOString().slice(0, 10),
    };
    return {
      kind: 'resource_access_token',
      project,
      group: null,
      subject: { type: 'resource_access_token', token, resource: project },
    };
  }
  if (trigger === 'merge_requests_events') {
    const mr = newest([...world.mergeRequests.values()].filter((m) => m.project_id === project.id));
    if (!mr) throw unprocessable('Ensure the project has merge requests.');
    return {
      kind: 'merge_request',
      project,
      group: null,
      subject: { type: 'merge_request', project, mr, user, action: 'open' },
    };
  }
  if (trigger === 'issues_events' || trigger === 'confidential_issues_events') {
    const issue = newest([...world.issues.values()].filter((i) => i.project_id === project.id));
    if (!issue) throw unprocessable('Ensure the project has issues.');
    return {
      kind: trigger === 'issues_events' ? 'issue' : 'confidential_issue',
      project,
      group: null,
      subject: { type: 'issue', project, issue, user, action: 'open' },
    };
  }
  if (trigger === 'milestone_events') {
    // `Gitlab::DataBuilder::Milestone.build_sample`: the project's first milestone, or an unsaved
    // one of `SAMPLE_DATA` (lib/gitlab/data_builder/milestone.rb) due in a week.
    const milestone = [...world.milestones.values()].find((m) => m.project_id === project.id) ?? {
      id: 1,
      iid: 1,
      project_id: project.id,
      group_id: null,
      title: 'Sample milestone',
      description: 'Sample milestone description',
      state: 'active' as const,
      due_date: new Date(world.now + 7 * DAY_MS).toISOString().slice(0, 10),
      start_date: new Date(world.now).toISOString().slice(0, 10),
      created_at: new Date(world.now).toISOString(),
      updated_at: new Date(world.now).toISOString(),
    };
    return { kind: 'milestone', project, group: null, subject: { type: 'milestone', milestone, action: 'create' } };
  }
  // Repositories, notes, CI, wikis and releases are not modelled: GitLab's answer for a project without them.
  throw unprocessable(
    MISSING[trigger] ?? `The mock cannot build a ${trigger} test payload`,
    `${trigger} test payloads are not modelled by this mock`,
  );
}

/**
 * `POST /projects/:id/hooks/:hook_id/test/:trigger`: the sample delivered now, even to a disabled
 * hook; `201 Created` when the receiver answers 2xx, else 422 with its body (or why there was no answer).
 */
export async function testProjectHook(world: World, user: User, project: Project, hook: WebHook, trigger: string) {
  await testDelivery(world, { type: 'project', hook }, testEvent(world, project, user, trigger));
}

/**
 * `POST /groups/:id/hooks/:hook_id/test/:trigger` (EE's TestHooks::GroupService,
 * `ee/app/services/test_hooks/group_service.rb`): the project test of the first project with commits
 * in the group or its subgroups (`Group#first_non_empty_project`: a repository with branches), 422
 * `Ensure the group has a project with commits.` without one.
 */
export async function testGroupHook(world: World, user: User, group: Group, hook: WebHook, trigger: string) {
  const project = [...world.projects.values()].find((p) => {
    const g = projectGroup(world, p);
    return p.branches.size > 0 && g !== null && groupChain(world, g).includes(group);
  });
  if (!project) throw unprocessable('Ensure the group has a project with commits.');
  await testDelivery(world, { type: 'group', hook }, testEvent(world, project, user, trigger));
}

/** A test delivery, forced: resolves on a 2xx answer, else 422 with the receiver's body or the error. */
async function testDelivery(world: World, target: HookTarget, event: WebhookEvent) {
  const sink = webhookSinkOf(world);
  const delivery = sink ? await sink.deliverNow(target, event, true) : undefined;
  const status = delivery?.response_status;
  if (typeof status === 'number' && status >= 200 && status <= 299) return;
  throw unprocessable(delivery?.internal_error_message ?? delivery?.response_body ?? 'Hook disabled');
}

/** `POST /hooks/:hook_id`: the sample system event, delivered now; answers the sample whatever the receiver said. */
export async function testSystemHook(world: World, hook: WebHook) {
  await webhookSinkOf(world)?.deliverNow(
    { type: 'system', hook },
    { kind: 'system', project: null, group: null, subject: { type: 'system' } },
    false,
  );
  return SYSTEM_HOOK_TEST_DATA;
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MockGitLab } from '../../mock/index.js';
import { api, hasPaginationHeaders, NON_EXISTING_ID, notPorted } from './api.js';

/**
 * What the ports of GitLab's 'test web-hook endpoint', 'resend web-hook event endpoint' and 'get
 * web-hook event endpoint' (`spec/support/shared_examples/requests/api/hooks_shared_examples.rb`)
 * share between project hooks and group hooks. GitLab stubs the hook's URL
 * (`stub_full_request(hook.url)`) and creates its logs (`create(:web_hook_log, response_status: ...)`);
 * the ports point the hook at a receiver on loopback that answers each delivery as told, and make
 * the logs by delivering to it.
 */

/** How the receiver answers one delivery: a status (with GitLab's spec's body for a 400), or no answer at all. */
export type Answer = number | 'no answer';

/** A receiver on 127.0.0.1 answering deliveries in turn from `answers` (200 once they run out). */
export async function startReceiver() {
  const answers: Answer[] = [];
  const server: Server = createServer((request, response) => {
    request.resume().on('end', () => {
      const answer = answers.shift() ?? 200;
      // No answer before the mock's timeout: a delivery GitLab logs as `internal error`.
      if (answer === 'no answer') setTimeout(() => request.socket.destroy(), 1000).unref();
      else response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 400 ? 'Error response' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A ported example's setting: the mock, the hook's route, the project its samples come from, and the callers. */
export interface HookSpec {
  mock: () => MockGitLab;
  /** `/projects/:id/hooks/:hook_id` or `/groups/:id/hooks/:hook_id`. */
  hookUri: () => string;
  /** The project (URL-encoded path) whose records the test samples are: the hook's, or the group's project. */
  project: string;
  /** GitLab's `user`: may manage the hook. */
  user: string;
  /** A second user of GitLab's rate limit examples (`user2`). */
  user2: string;
}

/**
 * Delivers a sample to the hook, answered as `answer`, and gives the log's id. The delivery is a
 * hook test (GitLab forces it, so a failing hook is not disabled out of the log), the clock moved
 * a minute on first so that no test is refused by the rate limit.
 */
export async function logged(spec: HookSpec, answer: Answer, receiver: { answers: Answer[] }): Promise<number> {
  const mock = spec.mock();
  mock.clock.advance({ minutes: 1 });
  receiver.answers.push(answer);
  await api(mock, 'POST', `${spec.hookUri()}/test/push_events`, spec.user, {});
  await mock.webhooks.settled();
  return mock.webhooks.deliveries.at(-1)?.id as number;
}

/**
 * Sends a refused request and tells whether the world's records stayed as they were. The counts of
 * GitLab's application rate limits are left out: GitLab keeps them in Redis, and a refused test or
 * resend is counted there as in the mock (`check_rate_limit!` runs before the hook's log is found).
 */
export async function refusedKeepingRecords<A>(mock: MockGitLab, token: string, send: () => Promise<A>) {
  const records = () => JSON.stringify({ ...mock.exportState(), rate_limit_counters: undefined });
  await api(mock, 'GET', '/user', token);
  const before = records();
  const answer = await send();
  return { answer, unchanged: records() === before };
}

/** `POST <hook>/test/:trigger` as the spec's user. */
export const testHook = (spec: HookSpec, trigger: string, token = spec.user) =>
  api(spec.mock(), 'POST', `${spec.hookUri()}/test/${trigger}`, token, {});

/** `POST <hook>/events/:id/resend` as the spec's user. */
export const resend = (spec: HookSpec, logId: number, token = spec.user) =>
  api(spec.mock(), 'POST', `${spec.hookUri()}/events/${logId}/resend`, token, {});

/** Checks a hook test answered 201. */
export async function executes(spec: HookSpec, trigger: string) {
  const answer = await testHook(spec, trigger);
  expect(answer.status).toBe(201);
}

/** Checks a hook test answered 422 with GitLab's message. */
export async function notEnoughData(spec: HookSpec, trigger: string, message: string) {
  const answer = await testHook(spec, trigger);
  expect(answer.status).toBe(422);
  expect(answer.body.message).toBe(message);
}

/** Creates a record of the project through the API, as the spec's user. */
export async function create(spec: HookSpec, what: 'issue' | 'merge request') {
  const mock = spec.mock();
  const base = `/projects/${spec.project}`;
  if (what === 'issue') {
    expect((await api(mock, 'POST', `${base}/issues`, spec.user, { title: 'Issue' })).status).toBe(201);
    return;
  }
  expect(
    (await api(mock, 'POST', `${base}/repository/branches`, spec.user, { branch: 'feature', ref: 'main' })).status,
  ).toBe(201);
  const mr = { source_branch: 'feature', target_branch: 'main', title: 'Feature' };
  expect((await api(mock, 'POST', `${base}/merge_requests`, spec.user, mr)).status).toBe(201);
}

/**
 * GitLab's 'rate limited endpoint' (`spec/support/shared_examples/controllers/rate_limited_endpoint_shared_examples.rb`),
 * 'when rate limiter enabled', at GitLab's own threshold (5 a minute; the spec stubs it to 1): the
 * request past it is 429 with GitLab's body and `Retry-After` the interval, and the same request
 * by another user (`request_with_second_scope`) is not refused by the limit.
 */
export async function rateLimited(send: (token: string) => ReturnType<typeof api>, spec: HookSpec) {
  for (let i = 0; i < 5; i++) expect((await send(spec.user)).status).not.toBe(429);
  const { answer, unchanged } = await refusedKeepingRecords(spec.mock(), spec.user, () => send(spec.user));
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({
    message: { error: 'This endpoint has been requested too many times. Try again later.' },
  });
  expect(answer.headers.get('retry-after')).toBe('60');
  expect(unchanged).toBe(true);
  expect((await send(spec.user2)).status).not.toBe(429);
}

/** GitLab's six recent logs (`log_200` ... `log_internal_error`) and one eight days old, made by deliveries. */
export async function sixLogs(spec: HookSpec, receiver: { answers: Answer[] }) {
  await logged(spec, 200, receiver);
  spec.mock().clock.advance({ days: 8 });
  const log = async (answer: Answer) => logged(spec, answer, receiver);
  return {
    log200: await log(200),
    log400: await log(400),
    log404: await log(404),
    log500: await log(500),
    log502: await log(502),
    logInternalError: await log('no answer'),
  };
}

/** `GET <hook>/events` with a query, as the spec's user: the answer and the ids it lists. */
export async function events(spec: HookSpec, query = '') {
  const answer = await api(spec.mock(), 'GET', `${spec.hookUri()}/events${query}`, spec.user);
  return { answer, ids: Array.isArray(answer.body) ? answer.body.map((log: { id: number }) => log.id) : [] };
}

/** GitLab's 'returns an array of web hook logs for the past 7 days'. */
export async function pastSevenDays(spec: HookSpec, receiver: { answers: Answer[] }) {
  const logs = await sixLogs(spec, receiver);
  const { answer, ids } = await events(spec);
  expect(answer.status).toBe(200);
  expect(hasPaginationHeaders(answer.headers)).toBe(true);
  expect(Array.isArray(answer.body)).toBe(true);
  expect(ids.sort()).toEqual(Object.values(logs).sort());
}

/** GitLab's 'successfully posts a hook': a 404 log resent to a receiver answering 200. */
export async function resendsLog(spec: HookSpec, receiver: { answers: Answer[] }) {
  const log = await logged(spec, 404, receiver);
  const answer = await resend(spec, log);
  expect(answer.status).toBe(201);
  expect(answer.body.response_status).toBe(200);
}

/** GitLab's 'returns a 404 error when web hook log not found'. */
export async function resendsNoLog(spec: HookSpec) {
  expect((await resend(spec, NON_EXISTING_ID)).status).toBe(404);
}

/** The loopback receiver of {@link startReceiver}. */
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * GitLab's shared examples of a hook's deliveries (`hooks_shared_examples.rb`: 'test web-hook endpoint',
 * 'resend web-hook event endpoint', 'get web-hook event endpoint'), which GitLab runs for project hooks and for
 * group hooks, and so do `project-hooks.test.ts` and `group-hooks.test.ts`. `source` is the hooks' parent as
 * the routes name it (`table.test.ts` reads the examples here once for each); `delivering` gives each example
 * the spec's world with its hook delivering to `receiver()`.
 */
export function deliveryExamples(
  source: 'projects' | 'groups',
  spec: HookSpec,
  receiver: () => Receiver,
  delivering: () => void,
): void {
  describe(`test web-hook endpoint (POST /${source}/:id/hooks/:hook_id/test/:trigger)`, () => {
    beforeEach(delivering);
    const test = (trigger: string) => testHook(spec, trigger);
    // adapted: GitLab stubs the `web_hook_test` threshold to 1; the mock keeps GitLab's 5 a minute, so the sixth request is refused (GitLab's AuthLogger line is not observable over HTTP)
    it('when trigger webhook test, rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope', () =>
      rateLimited((token) => testHook(spec, 'push_events', token), spec));
    // skip: not observable over HTTP: GitLab's spec stubs `ApplicationRateLimiter.threshold` to 0; `web_hook_test`'s threshold is a constant, 5 a minute (lib/gitlab/application_rate_limiter.rb), which no request changes
    notPorted(
      'when trigger webhook test, rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request',
    );
    // skip: stubs GitLab's internals: the example turns the ops flag `web_hook_test_api_endpoint_rate_limit` off with `stub_feature_flags`; the mock has no feature flags, and the flag is on as 18.6 ships it (default enabled)
    notPorted(
      'when trigger webhook test, rate limited endpoint, when ops flag is disabled: does not block the request',
    );
    it('when trigger webhook test, when testing is not available for trigger, trigger_name=confidential_note_events: returns error message that testing is not available', async () => {
      const answer = await test('confidential_note_events');
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('Testing not available for this hook');
    });
    it('when trigger webhook test, when testing is not available for trigger, trigger_name=deployment_events: returns error message that testing is not available', async () => {
      const answer = await test('deployment_events');
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('Testing not available for this hook');
    });
    it('when trigger webhook test, when testing is not available for trigger, trigger_name=feature_flag_events: returns error message that testing is not available', async () => {
      const answer = await test('feature_flag_events');
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('Testing not available for this hook');
    });
    it('when trigger webhook test, when push_events, trigger_name=push_events: executes hook', () =>
      executes(spec, 'push_events'));
    it('when trigger webhook test, when push_events, trigger_name=tag_push_events: executes hook', () =>
      executes(spec, 'tag_push_events'));
    it('when trigger webhook test, when issue_events, trigger_name=issues_events: executes hook', async () => {
      await create(spec, 'issue');
      await executes(spec, 'issues_events');
    });
    it('when trigger webhook test, when issue_events, trigger_name=issues_events: returns error message if not enough data', () =>
      notEnoughData(spec, 'issues_events', 'Ensure the project has issues.'));
    it('when trigger webhook test, when issue_events, trigger_name=confidential_issues_events: executes hook', async () => {
      await create(spec, 'issue');
      await executes(spec, 'confidential_issues_events');
    });
    it('when trigger webhook test, when issue_events, trigger_name=confidential_issues_events: returns error message if not enough data', () =>
      notEnoughData(spec, 'confidential_issues_events', 'Ensure the project has issues.'));
    // skip: not modelled: notes (GitLab's example creates a note on an issue), so no project has one to send
    notPorted('when trigger webhook test, when note_events: executes hook');
    it('when trigger webhook test, when note_events: returns error message if not enough data', async () => {
      // GitLab runs it for `note_events` and for `emoji_events`.
      await notEnoughData(spec, 'note_events', 'Ensure the project has notes.');
      await notEnoughData(spec, 'emoji_events', 'Ensure the project has notes.');
    });
    it('when trigger webhook test, when merge_request_events: executes hook', async () => {
      await create(spec, 'merge request');
      await executes(spec, 'merge_requests_events');
    });
    it('when trigger webhook test, when merge_request_events: returns error message if not enough data', () =>
      notEnoughData(spec, 'merge_requests_events', 'Ensure the project has merge requests.'));
    // skip: not modelled: CI jobs (GitLab's example creates a `ci_build`)
    notPorted('when trigger webhook test, when job_events: executes hook');
    it('when trigger webhook test, when job_events: returns error message if not enough data', () =>
      notEnoughData(spec, 'job_events', 'Ensure the project has CI jobs.'));
    // skip: not modelled: CI pipelines (GitLab's example creates a `ci_pipeline`)
    notPorted('when trigger webhook test, when pipeline_events: executes hook');
    it('when trigger webhook test, when pipeline_events: returns error message if not enough data', () =>
      notEnoughData(spec, 'pipeline_events', 'Ensure the project has CI pipelines.'));
    // skip: not modelled: wiki pages (GitLab's example creates one)
    notPorted('when trigger webhook test, when wiki_page_events: executes hook');
    it('when trigger webhook test, when wiki_page_events: returns error message if wiki is not enabled', async () => {
      const disable = await api(spec.mock(), 'PUT', `/projects/${spec.project}`, spec.user, {
        wiki_access_level: 'disabled',
      });
      expect(disable.status).toBe(200);
      await notEnoughData(spec, 'wiki_page_events', 'Ensure the wiki is enabled and has pages.');
    });
    // skip: not modelled: releases (GitLab's example creates one)
    notPorted('when trigger webhook test, when release_events: executes hook');
    it('when trigger webhook test, when release_events: returns error message if not enough data', () =>
      notEnoughData(spec, 'releases_events', 'Ensure the project has releases.'));
    it('when trigger webhook test, when resource_access_token_events: executes hook', () =>
      executes(spec, 'resource_access_token_events'));
    it('when trigger webhook test: returns a 400 error when trigger is invalid', async () => {
      const answer = await test('xyz');
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('trigger does not have a valid value');
    });
    it('when trigger webhook test: returns a 422 error when request trigger test is not successful', async () => {
      receiver().answers.push(400);
      const answer = await test('push_events');
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('Error response');
    });
    it('when trigger webhook test, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
      expect((await test('push_events')).status).toBe(201);
    });
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'when trigger webhook test, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
    );
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'when trigger webhook test, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
    );
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'when trigger webhook test, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
    );
  });

  describe(`resend web-hook event endpoint (POST /${source}/:id/hooks/:hook_id/events/:hook_log_id/resend)`, () => {
    let log: number;
    beforeEach(async () => {
      delivering();
      log = await logged(spec, 404, receiver());
    });
    // adapted: GitLab stubs the `web_hook_event_resend` threshold to 1; the mock keeps GitLab's 5 a minute, so the sixth request is refused (GitLab's AuthLogger line is not observable over HTTP)
    it('rate limited endpoint, when rate limiter enabled: logs request and declines it when endpoint called more than the threshold for the same scope', () =>
      rateLimited((token) => resend(spec, log, token), spec));
    // skip: not observable over HTTP: GitLab's spec stubs `ApplicationRateLimiter.threshold` to 0; `web_hook_event_resend`'s threshold is a constant, 5 a minute (lib/gitlab/application_rate_limiter.rb), which no request changes
    notPorted(
      'rate limited endpoint, when rate limiter is disabled: does not log request and does not block the request',
    );
    // skip: stubs GitLab's internals: the example turns the ops flag `web_hook_event_resend_api_endpoint_rate_limit` off with `stub_feature_flags`; the mock has no feature flags, and the flag is on as 18.6 ships it (default enabled)
    notPorted('when ops flag is disabled: does not block the request');
    it('successfully posts a hook', () => resendsLog(spec, receiver()));
    it('returns a 404 error when web hook log not found', () => resendsNoLog(spec));
    it('return 403 when current user is not authorized', async () => {
      const { answer, unchanged } = await refusedKeepingRecords(spec.mock(), spec.user2, () =>
        resend(spec, log, spec.user2),
      );
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('403 Forbidden');
      expect(unchanged).toBe(true);
    });
    it('when hook URL has changed: returns 422', async () => {
      // GitLab's log carries another URL's hash; here the hook's URL changes after the delivery.
      const moved = await api(spec.mock(), 'PUT', spec.hookUri(), spec.user, { url: `${receiver().url}/moved` });
      expect(moved.status).toBe(200);
      const { answer, unchanged } = await refusedKeepingRecords(spec.mock(), spec.user, () => resend(spec, log));
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('The hook URL has changed. This log entry cannot be retried.');
      expect(unchanged).toBe(true);
    });
    it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
      expect((await resend(spec, log)).status).toBe(201);
    });
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
    );
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
    );
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
    );
  });

  describe(`get web-hook event endpoint (GET /${source}/:id/hooks/:hook_id/events)`, () => {
    beforeEach(delivering);
    const path = () => `${spec.hookUri()}/events`;
    it('hooks events, authorize user: returns an array of web hook logs for the past 7 days', () =>
      pastSevenDays(spec, receiver()));
    it('hooks events, authorize user: returns 404 when web hook not found', async () => {
      // GitLab's shared example asks for a hook of the project, for group hooks too.
      const answer = await api(spec.mock(), 'GET', `/projects/${spec.project}/hooks/${NON_EXISTING_ID}`, spec.user);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('404 Not found');
    });
    it('hooks events, authorize user, pagination: returns the correct page', async () => {
      await sixLogs(spec, receiver());
      const { answer } = await events(spec, '?page=2&per_page=2');
      expect(answer.headers.get('x-page')).toBe('2');
    });
    it('hooks events, authorize user, pagination: returns the correct page size', async () => {
      await sixLogs(spec, receiver());
      const { answer } = await events(spec, '?page=1&per_page=2');
      expect(answer.body).toHaveLength(2);
    });
    it('hooks events, authorize user, pagination: returns invalid value if per_page exceed 20', async () => {
      const answer = await api(spec.mock(), 'GET', path(), spec.user, { page: 2, per_page: 21 });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('per_page does not have a valid value');
    });
    it('hooks events, authorize user, filter by status: can filter by response_status number', async () => {
      const { log400 } = await sixLogs(spec, receiver());
      const { answer, ids } = await events(spec, '?status=400');
      expect(answer.status).toBe(200);
      expect(hasPaginationHeaders(answer.headers)).toBe(true);
      expect(ids).toEqual([log400]);
    });
    it('hooks events, authorize user, filter by status, filter by status string: can filter by status client_failure', async () => {
      const { log400, log404 } = await sixLogs(spec, receiver());
      expect((await events(spec, '?status=client_failure')).ids.sort()).toEqual([log400, log404].sort());
    });
    it('hooks events, authorize user, filter by status, filter by status string: can filter by status server_failure', async () => {
      const { log500, log502, logInternalError } = await sixLogs(spec, receiver());
      expect((await events(spec, '?status=server_failure')).ids.sort()).toEqual(
        [log500, log502, logInternalError].sort(),
      );
    });
    it('hooks events, authorize user, filter by status, filter by status string: can filter by status successful', async () => {
      const { log200 } = await sixLogs(spec, receiver());
      expect((await events(spec, '?status=successful')).ids).toEqual([log200]);
    });
    it('hooks events, authorize user, filter by status, filter by status string: can filter by multiple status', async () => {
      const { log200, log500, log502, logInternalError } = await sixLogs(spec, receiver());
      expect((await events(spec, '?status=successful,server_failure')).ids.sort()).toEqual(
        [log200, log500, log502, logInternalError].sort(),
      );
    });
    it('hooks events, authorize user, filter by status, filter by status string: return 400 when invalid status', async () => {
      const answer = await api(spec.mock(), 'GET', `${path()}?status=invalid`, spec.user);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('status does not have a valid value');
    });
    it('hooks events, authorize user, authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
      expect((await api(spec.mock(), 'GET', path(), spec.user)).status).toBe(200);
    });
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'hooks events, authorize user, authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
    );
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'hooks events, authorize user, authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
    );
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'hooks events, authorize user, authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
    );
    it('hooks events, unauthorized user: returns 403', async () => {
      expect((await api(spec.mock(), 'GET', path(), spec.user2)).status).toBe(403);
    });
    it('hooks events, when user is not authenticated: returns 401', async () => {
      expect((await api(spec.mock(), 'GET', path())).status).toBe(401);
    });
  });
}

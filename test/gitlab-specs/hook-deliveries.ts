import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { MockGitLab } from '../../mock/index.js';
import { api, hasPaginationHeaders, NON_EXISTING_ID } from './api.js';

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

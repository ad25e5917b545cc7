import * as z from 'zod';
import { MODELLED_ROUTES } from '../handlers/index.js';
import type { FaultSpec } from '../http/faults.js';
import { invalid } from '../http/invalid.js';
import { type MockGitLabCore, MockOAuthError } from '../mock.js';
import { presentInspectorMergeRequests } from '../present/inspector.js';
import { projectByRef } from '../rules/access.js';
import { mergeRequestByRef } from '../rules/pushes.js';
import { SeedError, type SeedPush } from '../seed/document.js';
import type { WebhookTrigger } from '../webhooks/trigger.js';
import type { RateLimits } from '../world/types.js';

/**
 * The mock server's own routes, outside `/api/v4` (GitLab has nothing there):
 * what a test in another language needs to inject faults and set rate limits
 * at run time, the same things `mock.faults` and `mock.rateLimits` do in-process.
 *
 * - `GET /__mock/faults`: the faults in place; `POST` (a fault as JSON) adds one, 201;
 *   `DELETE` removes them all, 204; `DELETE /__mock/faults/:id` removes one.
 * - `GET /__mock/rate_limits`: the throttles; `PUT` (JSON) replaces them and restarts the counts.
 * - `GET /__mock/clock`: the world clock, `{"now": ISO 8601}`; `PUT` `{"now": ...}` sets it;
 *   `POST /__mock/clock/advance` `{"days", "hours", "minutes", "seconds"}` moves it forward
 *   (what a test's stand-in for `sleep` calls, to wait out a rate limit without waiting).
 * - `POST /__mock/reset`: back to the seed (world, clock, faults, rate limits, journal), 204.
 * - `GET /__mock/state`: the world as a seed document; `PUT` loads one (and makes it the seed
 *   `reset` goes back to), 204, or 400 `{"error"}` naming the bad path and changing nothing.
 * - `GET /__mock/requests`: the request journal, oldest first; `DELETE` empties it, 204.
 * - `GET /__mock/requests/:seq`: one entry with the request's headers and the answer (status, headers,
 *   body), secrets redacted; 404 once the journal no longer keeps it.
 * - `GET /__mock/routes`: every route the mock models, `[{ method, path, area }]` (SPEC 8).
 * - `POST /__mock/projects/:id/merge_requests/:iid/push` `{"sha", "author"}`: a push to the merge
 *   request's source branch (`mock.mergeRequests.push`), 204; 404 for an unknown project or merge request.
 * - `POST /__mock/oauth/authorize` `{ user, clientId, redirectUri, scopes, state, codeChallenge,
 *   codeChallengeMethod, nonce }`: an authorization approved without a browser (`mock.oauth.authorize`),
 *   201 `{ code, redirect_to }`; a refusal is 400 `{ error, error_description }`.
 * - `GET /__mock/projects/:id/merge_requests`: the project's merge requests with their approval state
 *   as GitLab's rules compute it, and why each member who could approve cannot (the inspector page's view).
 * - `GET /__mock/webhooks/deliveries`: the webhook delivery log, oldest first (`mock.webhooks.deliveries`);
 *   `DELETE` empties it, 204; `GET /__mock/webhooks/deliveries/:id`: one delivery, or 404.
 * - `POST /__mock/webhooks/trigger` (a trigger as JSON, `mock.webhooks.trigger`): 202 `{ hooks }`; a bad
 *   trigger or a missing record is 400 naming it, and sends nothing.
 * - `POST /__mock/webhooks/settled`: answers 204 once every delivery queued so far is done (answered by the server).
 * - `GET /__mock/requests/stream`: the journal as Server-Sent Events; `GET /__mock/requests/streams`:
 *   the readers connected (mock/node/stream.ts, answered by the server).
 * @module
 */

/** Where the admin routes live. */
export const ADMIN_PREFIX = '/__mock/';

/** An answer of the admin routes: a status and a JSON body (none for 204). */
export interface AdminAnswer {
  status: number;
  body?: unknown;
}

const notFound: AdminAnswer = { status: 404, body: { error: '404 Not Found' } };
const notAllowed: AdminAnswer = { status: 405, body: { error: '405 Not Allowed' } };

const ClockTime = z.strictObject({ now: z.union([z.iso.datetime({ offset: true }), z.iso.date()]) });
const ClockAdvance = z
  .strictObject({
    days: z.number().min(0).optional(),
    hours: z.number().min(0).optional(),
    minutes: z.number().min(0).optional(),
    seconds: z.number().min(0).optional(),
  })
  .refine((d) => Object.keys(d).length > 0, { message: 'expected days, hours, minutes or seconds' });

/** Parses with `schema`, throwing the `TypeError` that {@link withJson} answers 400. */
function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(what, result.error);
  return result.data;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Runs `change` with the request's JSON body; a bad body or a refused value is a 400 naming the problem. */
function withJson(text: string, change: (value: unknown) => AdminAnswer): AdminAnswer {
  const parsed = parseJson(text);
  if (!parsed.ok) return { status: 400, body: { message: 'the body is not valid JSON' } };
  try {
    return change(parsed.value);
  } catch (error) {
    if (error instanceof TypeError || error instanceof SeedError)
      return { status: 400, body: { message: error.message } };
    throw error;
  }
}

/** Answers a request to `/__mock/...` (path without the query). */
export function answerAdmin(mock: MockGitLabCore, method: string, path: string, body: string): AdminAnswer {
  const segments = path.slice(ADMIN_PREFIX.length).split('/');
  if (segments[0] === 'projects') return answerPush(mock, method, segments, body);
  if (segments[0] === 'webhooks') return answerWebhooks(mock, method, segments.slice(1), body);
  const [resource, id, ...rest] = segments;
  if (rest.length > 0) return notFound;
  if (resource === 'faults' && id !== undefined) {
    if (method !== 'DELETE') return notAllowed;
    return /^\d+$/.test(id) && mock.faults.remove(Number(id)) ? { status: 204 } : notFound;
  }
  if (resource === 'faults') {
    if (method === 'GET') return { status: 200, body: mock.faults.list() };
    if (method === 'POST')
      return withJson(body, (fault) => ({ status: 201, body: mock.faults.add(fault as FaultSpec) }));
    if (method === 'DELETE') {
      mock.faults.clear();
      return { status: 204 };
    }
    return notAllowed;
  }
  if (resource === 'rate_limits' && id === undefined) {
    if (method === 'GET') return { status: 200, body: mock.rateLimits.get() };
    if (method === 'PUT') {
      return withJson(body, (limits) => {
        mock.rateLimits.set(limits as RateLimits);
        return { status: 200, body: mock.rateLimits.get() };
      });
    }
    return notAllowed;
  }
  if (resource === 'clock') return answerClock(mock, method, id, body);
  if (resource === 'oauth' && id === 'authorize') {
    if (method !== 'POST') return notAllowed;
    return answerAuthorize(mock, body);
  }
  if (resource === 'requests' && id !== undefined && /^\d{1,15}$/.test(id)) {
    if (method !== 'GET') return notAllowed;
    const exchange = mock.requests.get(Number(id));
    return exchange ? { status: 200, body: exchange } : { status: 404, body: { error: '404 Request Not Found' } };
  }
  if (id !== undefined) return notFound;
  if (resource === 'reset') {
    if (method !== 'POST') return notAllowed;
    mock.reset();
    return { status: 204 };
  }
  if (resource === 'state') return answerState(mock, method, body);
  if (resource === 'routes') return method === 'GET' ? { status: 200, body: MODELLED_ROUTES } : notAllowed;
  if (resource === 'requests') {
    if (method === 'GET') return { status: 200, body: mock.requests.list() };
    if (method !== 'DELETE') return notAllowed;
    mock.requests.clear();
    return { status: 204 };
  }
  return notFound;
}

/** `webhooks/deliveries[/:id]` and `webhooks/trigger`: the delivery log and triggering, as `mock.webhooks`. */
function answerWebhooks(mock: MockGitLabCore, method: string, segments: string[], body: string): AdminAnswer {
  const [resource, id, ...rest] = segments;
  if (rest.length > 0) return notFound;
  if (resource === 'deliveries' && id !== undefined) {
    if (method !== 'GET') return notAllowed;
    const delivery = /^\d{1,15}$/.test(id) ? mock.webhooks.deliveries.find((d) => d.id === Number(id)) : undefined;
    return delivery ? { status: 200, body: delivery } : { status: 404, body: { error: '404 Delivery Not Found' } };
  }
  if (id !== undefined) return notFound;
  if (resource === 'deliveries') {
    if (method === 'GET') return { status: 200, body: mock.webhooks.deliveries };
    if (method !== 'DELETE') return notAllowed;
    mock.webhooks.clear();
    return { status: 204 };
  }
  if (resource === 'trigger') {
    if (method !== 'POST') return notAllowed;
    return withJson(body, (trigger) => ({ status: 202, body: mock.webhooks.trigger(trigger as WebhookTrigger) }));
  }
  return notFound;
}

const HeadlessAuthorize = z.strictObject({
  user: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  scopes: z.union([z.array(z.string()), z.string()]).optional(),
  state: z.string().optional(),
  codeChallenge: z.string().optional(),
  codeChallengeMethod: z.string().optional(),
  nonce: z.string().optional(),
});

/** `POST /__mock/oauth/authorize` (SPEC 7): the consent page approved headlessly; a refusal is 400 with the OAuth error. */
function answerAuthorize(mock: MockGitLabCore, body: string): AdminAnswer {
  const parsed = parseJson(body);
  const request = parsed.ok ? HeadlessAuthorize.safeParse(parsed.value) : undefined;
  if (!request?.success) {
    const reason = request ? invalid('authorization', request.error).message : 'the body is not valid JSON';
    return { status: 400, body: { error: 'invalid_request', error_description: reason } };
  }
  try {
    return { status: 201, body: mock.oauth.authorize(request.data) };
  } catch (error) {
    if (!(error instanceof MockOAuthError)) throw error;
    return { status: 400, body: { error: error.error, error_description: error.error_description } };
  }
}

/** `GET /__mock/state` exports the world; `PUT` loads a document, or refuses it by name and changes nothing. */
function answerState(mock: MockGitLabCore, method: string, body: string): AdminAnswer {
  if (method === 'GET') return { status: 200, body: mock.exportState() };
  if (method !== 'PUT') return notAllowed;
  const parsed = parseJson(body);
  if (!parsed.ok) return { status: 400, body: { error: 'the body is not valid JSON' } };
  try {
    mock.loadState(parsed.value);
  } catch (error) {
    if (error instanceof SeedError) return { status: 400, body: { error: error.message } };
    throw error;
  }
  return { status: 204 };
}

function answerClock(mock: MockGitLabCore, method: string, action: string | undefined, body: string): AdminAnswer {
  const now = () => ({ status: 200, body: { now: mock.clock.now().toISOString() } });
  if (action === 'advance') {
    if (method !== 'POST') return notAllowed;
    return withJson(body, (value) => {
      mock.clock.advance(parse(ClockAdvance, value, 'clock advance'));
      return now();
    });
  }
  if (action !== undefined) return notFound;
  if (method === 'GET') return now();
  if (method !== 'PUT') return notAllowed;
  return withJson(body, (value) => {
    mock.clock.set(parse(ClockTime, value, 'clock').now);
    return now();
  });
}

/** `projects/:id/merge_requests/:iid/push`: a push to a merge request, as `mock.mergeRequests.push`. */
function answerPush(mock: MockGitLabCore, method: string, segments: string[], body: string): AdminAnswer {
  const [, projectRef, mergeRequests, iid, action, ...rest] = segments;
  if (mergeRequests === 'merge_requests' && iid === undefined && projectRef)
    return answerMergeRequests(mock, method, projectRef);
  if (mergeRequests !== 'merge_requests' || action !== 'push' || rest.length > 0 || !projectRef || !iid)
    return notFound;
  if (method !== 'POST') return notAllowed;
  let ref: string;
  try {
    ref = decodeURIComponent(projectRef);
  } catch {
    return notFound;
  }
  if (!/^\d{1,9}$/.test(iid) || !mergeRequestByRef(mock.world, ref, Number(iid))) return notFound;
  return withJson(body, (push) => {
    mock.mergeRequests.push(ref, Number(iid), push as SeedPush);
    return { status: 204 };
  });
}

/** `GET projects/:id/merge_requests`: the inspector's view of a project's merge requests and their approvals. */
function answerMergeRequests(mock: MockGitLabCore, method: string, projectRef: string): AdminAnswer {
  let project: ReturnType<typeof projectByRef>;
  try {
    project = projectByRef(mock.world, decodeURIComponent(projectRef));
  } catch {
    return notFound;
  }
  if (!project) return notFound;
  if (method !== 'GET') return notAllowed;
  return { status: 200, body: presentInspectorMergeRequests(mock.world, project) };
}

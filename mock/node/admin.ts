import type { FaultSpec } from '../http/faults.js';
import type { MockGitLabCore } from '../mock.js';
import type { RateLimits } from '../world/types.js';

/**
 * The mock server's own routes, outside `/api/v4` (GitLab has nothing there):
 * what a test in another language needs to inject faults and set rate limits
 * at run time, the same things `mock.faults` and `mock.rateLimits` do in-process.
 *
 * - `GET /__mock/faults`: the faults in place; `POST` (a fault as JSON) adds one, 201;
 *   `DELETE` removes them all, 204; `DELETE /__mock/faults/:id` removes one.
 * - `GET /__mock/rate_limits`: the throttles; `PUT` (JSON) replaces them and restarts the counts.
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
    if (error instanceof TypeError) return { status: 400, body: { message: error.message } };
    throw error;
  }
}

/** Answers a request to `/__mock/...` (path without the query). */
export function answerAdmin(mock: MockGitLabCore, method: string, path: string, body: string): AdminAnswer {
  const [resource, id, ...rest] = path.slice(ADMIN_PREFIX.length).split('/');
  if (rest.length > 0) return notFound;
  if (resource === 'faults' && id !== undefined) {
    if (method !== 'DELETE') return { status: 405, body: { error: '405 Not Allowed' } };
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
    return { status: 405, body: { error: '405 Not Allowed' } };
  }
  if (resource === 'rate_limits' && id === undefined) {
    if (method === 'GET') return { status: 200, body: mock.rateLimits.get() };
    if (method === 'PUT') {
      return withJson(body, (limits) => {
        mock.rateLimits.set(limits as RateLimits);
        return { status: 200, body: mock.rateLimits.get() };
      });
    }
    return { status: 405, body: { error: '405 Not Allowed' } };
  }
  return notFound;
}

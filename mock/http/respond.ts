import type { World } from '../world/types.js';
import { syncClock } from '../world/world.js';
import type { ApiError } from './errors.js';

/**
 * Responses as handlers and the router make them: plain data, which the
 * adapters turn into a fetch `Response` (`mock.fetch`, MSW) or write to a
 * socket in one piece (the HTTP server).
 * @module
 */

/** A response: status, headers (names in lower case) and a text body, or none. */
export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): MockResponse {
  return { status, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** A refusal's answer: its JSON body, or none when it has none (Doorkeeper's userinfo refusals). */
export function errorResponse(error: ApiError): MockResponse {
  if (error.body === undefined) return { status: error.status, headers: { ...error.headers }, body: null };
  return json(error.body, error.status, error.headers);
}

/**
 * The answer to a request with its method: a `HEAD` request gets the `GET` answer's status and
 * headers without the body.
 */
export function forMethod(method: string, response: MockResponse): MockResponse {
  return method === 'HEAD' ? { ...response, body: null } : response;
}

/**
 * What a router answers for a thrown error that is not a refusal (a bug in the mock): GitLab's
 * answer to an unhandled exception, with the error logged so that it can be found.
 */
export function unexpectedError(error: unknown): MockResponse {
  console.error('[gitlab-admin-sdk mock] unhandled error', error);
  return json({ message: '500 Internal Server Error' }, 500);
}

/** An HTML page. */
export function html(body: string, status = 200, headers?: Record<string, string>): MockResponse {
  return { status, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' }, body };
}

/** A 302 redirect to `location`. */
export function redirect(location: string, headers?: Record<string, string>): MockResponse {
  return { status: 302, headers: { ...headers, location }, body: null };
}

/** 204 with an empty body (HTTP forbids a body on 204). */
export const noContent = (): MockResponse => ({ status: 204, headers: {}, body: null });

/**
 * 304 with an empty body: GitLab's `not_modified!` renders `{"message":"304 Not Modified"}`, which Rack
 * drops, as HTTP forbids a body on 304.
 */
export const notModified = (): MockResponse => ({ status: 304, headers: {}, body: null });

/** A dropped connection (an injected fault): the client sees a network error, not an answer. */
export const DROPPED: MockResponse = Object.freeze({ status: 0, headers: {}, body: null });

/** The fetch `Response` of a plain one; a dropped connection is `Response.error()`. */
export function toFetchResponse(response: MockResponse): Response {
  if (response === DROPPED) return Response.error();
  return new Response(response.body, { status: response.status, headers: response.headers });
}

/** GitLab's answer past a rate limit (`rate_limiting_response_text`'s default): the body of every 429. */
export const RETRY_LATER = 'Retry later\n';

let dateOf = { now: Number.NaN, text: '' };

/**
 * The world clock as an HTTP date (`Mon, 01 Jun 2026 09:00:00 GMT`): the `Date` header of every
 * answer. GitLab's `Date` is its server's time, and the mock's server time is its world clock, so a
 * client learns "today" from the mock as it would from GitLab (a clock that follows real time is
 * moved to it first).
 */
export function httpDate(world: World): string {
  syncClock(world);
  if (dateOf.now !== world.now) dateOf = { now: world.now, text: new Date(world.now).toUTCString() };
  return dateOf.text;
}

/** `response` with the world clock's `Date` header (a dropped connection has no headers to carry it). */
export function dated(world: World, response: MockResponse): MockResponse {
  if (response !== DROPPED) response.headers.date = httpDate(world);
  return response;
}

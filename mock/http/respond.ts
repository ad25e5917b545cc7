/**
 * Response builders shared by every handler.
 * @module
 */

/** A JSON response. */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const response = new Response(JSON.stringify(body), { status, headers });
  response.headers.set('content-type', 'application/json');
  return response;
}

/** 204 with an empty body (HTTP forbids a body on 204). */
export const noContent = () => new Response(null, { status: 204 });

/** GitLab's answer past a rate limit (`rate_limiting_response_text`'s default): the body of every 429. */
export const RETRY_LATER = 'Retry later\n';

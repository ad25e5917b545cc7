import type { MockGitLab } from '../../mock/index.js';
import { call } from '../fixtures.js';

/**
 * What the ported request specs share: a request as GitLab's specs send it
 * (`get api(path, user), params: {...}`: the parameters in the query of a GET,
 * in the body otherwise, lists as `name[]`), and GitLab's `include_pagination_headers`.
 */

/** Sends a request as `token` (none: unauthenticated); `params` go where GitLab's specs put them. */
export function api(
  mock: MockGitLab,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token?: string,
  params?: Record<string, unknown>,
) {
  if (method !== 'GET' || params === undefined) return call(mock, method, path, { token, json: params });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) query.append(`${name}[]`, String(item));
    else query.append(name, String(value));
  }
  return call(mock, method, `${path}${path.includes('?') ? '&' : '?'}${query}`, { token });
}

/** The headers GitLab's `include_pagination_headers` matcher asks for. */
export const PAGINATION_HEADERS = ['x-per-page', 'x-page', 'x-next-page', 'x-prev-page', 'link'] as const;

/** Whether an answer carries every pagination header. */
export const hasPaginationHeaders = (headers: Headers) => PAGINATION_HEADERS.every((name) => headers.has(name));

/** An id no record has (GitLab's `non_existing_record_id`). */
export const NON_EXISTING_ID = 1_234_567;

/**
 * Sends a refused request and checks it changed nothing. The token is used once
 * before (a token's first use stamps its `last_used_at`, which is not the refusal's doing).
 */
export async function refusedUnchanged<A>(mock: MockGitLab, token: string | undefined, send: () => Promise<A>) {
  if (token) await call(mock, 'GET', '/user', { token });
  const before = mock.exportState();
  const answer = await send();
  return { answer, unchanged: JSON.stringify(mock.exportState()) === JSON.stringify(before) };
}

/**
 * An example of GitLab's spec that this port does not run, named so docs/gitlab-specs.md lists it:
 * the `// skip: <why>` comment above the call says why (not modelled, or decided otherwise by SPEC).
 * It declares no test, so no skipped test stands in the suite.
 */
export function notPorted(_example: string): void {}

/** A context of GitLab's spec none of whose examples is ported: names them (docs/gitlab-specs.md), declares no suite. */
export function notPortedGroup(_context: string, examples: () => void): void {
  examples();
}

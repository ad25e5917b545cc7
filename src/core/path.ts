/**
 * Building request paths: every value interpolated into a path is URL-encoded, so a
 * project's full path (`'acme/api'`) becomes one path segment (`acme%2Fapi`).
 * @module
 */

/** A project: its numeric id, or its full path such as `'acme/platform/api'` (the SDK encodes it). */
export type ProjectRef = number | string;

/** A group: its numeric id, or its full path such as `'acme/platform'` (the SDK encodes it). */
export type GroupRef = number | string;

/**
 * Tagged template for API paths (relative to `/api/v4`): each interpolated value is
 * passed through `encodeURIComponent`, the literal parts are kept as written.
 *
 * An empty string, `.`, `..` or a non-finite number would silently address another
 * endpoint (`projects//milestones`, `projects/../users`), so they throw a `TypeError`.
 *
 * @example
 * ```ts
 * import { path } from './path.js';
 *
 * path`projects/${'acme/api'}/milestones/${7}`; // 'projects/acme%2Fapi/milestones/7'
 * ```
 */
export function path(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number>): string {
  let result = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    result += encodeSegment(values[i]) + (strings[i + 1] ?? '');
  }
  return result;
}

function encodeSegment(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Invalid path parameter: ${value}`);
    return String(value);
  }
  if (typeof value !== 'string') throw new TypeError(`Invalid path parameter of type ${typeof value}`);
  if (value === '' || value === '.' || value === '..') {
    throw new TypeError(`Invalid path parameter: ${JSON.stringify(value)}`);
  }
  return encodeURIComponent(value);
}

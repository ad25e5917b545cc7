import { ApiError } from './errors.js';
import type { MockRequest } from './mock-request.js';

/**
 * GitLab's conditional deletes (`lib/api/helpers.rb`): `destroy_conditionally!(resource)` first runs
 * `check_unmodified_since!(resource.updated_at)`, which answers 412 `{"message":"412 Precondition
 * Failed"}` when the request's `If-Unmodified-Since` parses (`Time.parse`, anything else is ignored)
 * and the resource changed after it.
 * @module
 */

/** `check_unmodified_since!`: throws 412 when the resource (last changed at `lastModified`, ISO 8601) changed after the header's time. */
export function checkUnmodifiedSince(request: MockRequest, lastModified: string | null | undefined): void {
  const header = request.header('if-unmodified-since');
  if (header === null || !lastModified) return;
  const since = Date.parse(header);
  // GitLab compares the record's time (sub-second) with the header's (whole seconds).
  if (Number.isNaN(since) || Date.parse(lastModified) <= since) return;
  throw new ApiError(412, { message: '412 Precondition Failed' }).because(
    `the resource changed at ${lastModified}, after If-Unmodified-Since ${header}`,
  );
}

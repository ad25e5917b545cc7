import { ApiError } from './errors.js';
import type { MockRequest } from './mock-request.js';

/**
 * GitLab's conditional deletes (`lib/api/helpers.rb`): `destroy_conditionally!` runs
 * `check_unmodified_since!(last_updated)` before it deletes, so a client that sends
 * `If-Unmodified-Since` older than the record's last change gets 412 and nothing is deleted.
 * @module
 */

/**
 * `check_unmodified_since!`: 412 `{"message":"412 Precondition Failed"}` when the request's
 * `If-Unmodified-Since` parses (Ruby's lenient `Time.parse`; a header it cannot read is ignored)
 * and `lastModified` is later than it.
 */
export function checkUnmodifiedSince(request: MockRequest, lastModified: string | null | undefined): void {
  const header = request.header('if-unmodified-since');
  if (!header || !lastModified) return;
  const since = Date.parse(header);
  if (Number.isNaN(since)) return;
  if (Date.parse(lastModified) > since) {
    throw new ApiError(412, { message: '412 Precondition Failed' }).because(
      `last modified ${lastModified}, after If-Unmodified-Since ${header}`,
    );
  }
}

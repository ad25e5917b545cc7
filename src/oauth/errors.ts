import { GitLabError } from '../core/errors.js';

/**
 * The error GitLab's OAuth provider answers with, typed.
 * @module
 */

/**
 * GitLab's OAuth error codes (RFC 6749, 6750 and 7009), and `state_mismatch`, the SDK's own for a
 * redirect whose `state` is not the one the app sent. Other strings may come from newer GitLab versions.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'state_mismatch'
  | (string & {});

/** What {@link OAuthError} is made of. */
export interface OAuthErrorInit {
  /** The OAuth error code. */
  error: OAuthErrorCode;
  /** GitLab's description of it. */
  error_description?: string | undefined;
  /** The HTTP status; absent for an error GitLab sent back in the redirect to the app. */
  status?: number | undefined;
  /** The HTTP method of the failed request. */
  method?: string | undefined;
  /** The URL of the failed request (never with a token or secret in it). */
  url?: string | undefined;
}

/**
 * GitLab refused an OAuth request (`invalid_grant` for a used or expired code or a rotated refresh
 * token, `invalid_client` for a wrong secret...), or the user denied access (`access_denied`, from
 * the redirect back to the app). Its message and fields never hold the client secret, a code, a
 * verifier or a token.
 */
export class OAuthError extends GitLabError {
  /** `'OAuthError'`: what logs and `JSON.stringify` show. */
  override name = 'OAuthError';
  /** The OAuth error code, such as `invalid_grant`. */
  readonly error: OAuthErrorCode;
  /** GitLab's description of the error, when it gave one. */
  readonly error_description: string | undefined;
  /** The HTTP status (400, 401 or 403); `undefined` for an error from the redirect back to the app. */
  readonly status: number | undefined;
  /** The HTTP method of the failed request, when there was one. */
  readonly method: string | undefined;
  /** The URL of the failed request, when there was one. */
  readonly url: string | undefined;

  constructor(init: OAuthErrorInit) {
    const description = init.error_description ? `: ${init.error_description}` : '';
    const where = init.method && init.url ? `${init.method} ${init.url}` : 'in the redirect back from GitLab';
    super(`${init.error}${description} (${where})`);
    this.error = init.error;
    this.error_description = init.error_description;
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
  }
}

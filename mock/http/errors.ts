/**
 * GitLab-shaped errors (GITLAB-BEHAVIOR 0.1). Rules throw an {@link ApiError};
 * the router turns it into the response, so a failed request never half-applies
 * as long as rules check before they change the world.
 * @module
 */

/**
 * An error the mock answers with: an HTTP status and GitLab's JSON body, and the
 * rule that refused, in plain words, for the request journal (GitLab's own
 * message is often just `403 Forbidden`).
 */
export class ApiError extends Error {
  /** Which rule refused, in plain words (`maya is the author and project acme/api forbids author approval`). */
  reason: string | undefined;
  /** Headers the answer carries besides its content type (`WWW-Authenticate` of an OAuth refusal). */
  headers: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body !== null ? JSON.stringify(body) : String(body));
    this.name = 'ApiError';
  }

  /** Names the rule that refused: `throw forbidden().because('maya is not a member of acme/api')`. */
  because(reason: string): this {
    this.reason = reason;
    return this;
  }

  /** Adds headers to the answer (names in lower case). */
  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }
}

/** Grape parameter validation: 400 `{"error": "a is missing, b is invalid"}`. */
export const paramError = (messages: string | string[]) =>
  new ApiError(400, { error: Array.isArray(messages) ? messages.join(', ') : messages });

/** 401 `{"message":"401 Unauthorized"}`. */
export const unauthorized = () => new ApiError(401, { message: '401 Unauthorized' });

/** 403 `{"message":"403 Forbidden"}` (the rule that refused goes in the journal, with `.because`). */
export const forbidden = () => new ApiError(403, { message: '403 Forbidden' });

/** 400 `{"message":"400 Bad request - <reason>"}` (lowercase "request", as GitLab writes it). */
export const badRequest = (reason: string) => new ApiError(400, { message: `400 Bad request - ${reason}` });

/** 404 `{"message":"404 <Resource> Not Found"}`, or `404 Not Found`. */
export const notFound = (resource?: string) =>
  new ApiError(404, { message: resource ? `404 ${resource} Not Found` : '404 Not Found' });

/** GitLab's `conflict!` with its message: 409 `{"message":"Member already exists"}`. */
export const conflict = (message: string) => new ApiError(409, { message });

/** A record looked up inside a project that does not exist: 404 `{"message":"404 Not found"}` (lowercase f). */
export const recordNotFound = () => new ApiError(404, { message: '404 Not found' });

/** Model errors as GitLab's `errors.messages`: attribute → messages. */
export type ModelErrors = Record<string, string[]>;

/** 400 with a plain or structured `message` (model validation). */
export const validationError = (message: unknown) => new ApiError(400, { message });

/** Unknown route, or a known path with a method it does not have: 404 `{"error":"404 Not Found"}` (the `error` key). */
export const routeNotFound = () => new ApiError(404, { error: '404 Not Found' });

/** A token without the scope a request needs: 403 with OAuth's `insufficient_scope` body, as GitLab answers. */
export const insufficientScope = (scopes: readonly string[]) =>
  new ApiError(403, {
    error: 'insufficient_scope',
    error_description: 'The request requires higher privileges than provided by the access token.',
    scope: scopes.join(' '),
  });

/** The `WWW-Authenticate` value of an OAuth error: RFC 6750 quoting, characters outside its set as `_` (as rack-oauth2 and Doorkeeper write it). */
export function bearerChallenge(realm: string, error: string, description: string): string {
  const clean = (text: string) => text.replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, '_');
  return `Bearer realm="${realm}", error="${clean(error)}", error_description="${clean(description)}"`;
}

/** GitLab's 401 for an expired or revoked OAuth token on the API (G-O 4), with rack-oauth2's challenge. */
export const invalidApiToken = (description: string) =>
  new ApiError(401, { error: 'invalid_token', error_description: description }).withHeaders({
    'www-authenticate': bearerChallenge('Protected by OAuth 2.0', 'invalid_token', description),
  });

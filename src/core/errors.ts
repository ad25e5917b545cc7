import type * as z from 'zod/mini';
import { reasonPhrase } from './http-status.js';

/**
 * The SDK's error hierarchy. Every error the SDK throws is a {@link GitLabError},
 * except a caller's own abort: when the `signal` passed to a call aborts, the call
 * rejects with that signal's `reason` unchanged (a `DOMException` named `AbortError`
 * unless the caller gave another reason), as `fetch` itself does.
 *
 * No error carries the token: errors keep the method and a sanitised URL as plain
 * strings, never ky's request or options objects (they hold the `PRIVATE-TOKEN` header).
 * @module
 */

/** GitLab's `message` (or `error`) field: a string, a list of strings, or field errors such as `{"title":["can't be blank"]}`. */
export type GitLabMessage = string | string[] | { [field: string]: unknown };

/** Root of every error the SDK throws. */
export class GitLabError extends Error {
  /** `'GitLabError'`: what logs and `JSON.stringify` show. */
  override name = 'GitLabError';

  /** The error as plain data: `name`, `message` and the subclass's fields (used by `JSON.stringify`). */
  toJSON(): Record<string, unknown> {
    return { ...(this as object), name: this.name, message: this.message };
  }
}

/** What the transport knows about a failed response; the input of {@link GitLabApiError} and its subclasses. */
export interface GitLabApiErrorInit {
  /** HTTP status code. */
  status: number;
  /** HTTP reason phrase, when the server sent one. */
  statusText?: string;
  /** The parsed body: JSON when GitLab sent JSON, otherwise the text, or `undefined` when empty. */
  body: unknown;
  /** HTTP method, upper case. */
  method: string;
  /** The request URL (without credentials). */
  url: string;
  /** The response headers, names in lower case. */
  headers?: Record<string, string>;
}

/** GitLab answered with a non-2xx status. Subclasses name the common statuses. */
export class GitLabApiError extends GitLabError {
  /** `'GitLabApiError'`: what logs and `JSON.stringify` show. */
  override name = 'GitLabApiError';
  /** HTTP status code. */
  readonly status: number;
  /** GitLab's `message` field, or its `error` field (Grape parameter errors use `error`). Kept as sent. */
  readonly gitlabMessage: GitLabMessage | undefined;
  /** The parsed response body: JSON when GitLab sent JSON, otherwise text, `undefined` when empty. */
  readonly body: unknown;
  /** HTTP method of the failed request, upper case. */
  readonly method: string;
  /** URL of the failed request. */
  readonly url: string;
  /** Response headers, names in lower case. */
  readonly headers: Record<string, string>;

  constructor(init: GitLabApiErrorInit) {
    const gitlabMessage = extractGitLabMessage(init.body);
    super(formatApiErrorMessage(init, gitlabMessage));
    this.status = init.status;
    this.gitlabMessage = gitlabMessage;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
    this.headers = init.headers ?? {};
  }
}

/** 400: a parameter is missing or invalid, or the model refused the change. */
export class BadRequestError extends GitLabApiError {
  /** `'BadRequestError'`: what logs and `JSON.stringify` show. */
  override name = 'BadRequestError';
}

/** 401: no token, or an unknown, revoked or expired one. */
export class UnauthorizedError extends GitLabApiError {
  /** `'UnauthorizedError'`: what logs and `JSON.stringify` show. */
  override name = 'UnauthorizedError';
}

/** 403: the caller may not do this (role, plan, or a setting forbids it). */
export class ForbiddenError extends GitLabApiError {
  /** `'ForbiddenError'`: what logs and `JSON.stringify` show. */
  override name = 'ForbiddenError';
}

/** 404: the resource does not exist, or the caller cannot see it. */
export class NotFoundError extends GitLabApiError {
  /** `'NotFoundError'`: what logs and `JSON.stringify` show. */
  override name = 'NotFoundError';
}

/** 405: the path exists but not with this method, or the operation is not available on this resource. */
export class MethodNotAllowedError extends GitLabApiError {
  /** `'MethodNotAllowedError'`: what logs and `JSON.stringify` show. */
  override name = 'MethodNotAllowedError';
}

/** 409: the request conflicts with the resource's current state. */
export class ConflictError extends GitLabApiError {
  /** `'ConflictError'`: what logs and `JSON.stringify` show. */
  override name = 'ConflictError';
}

/** 422: the request was well formed but could not be processed. */
export class UnprocessableEntityError extends GitLabApiError {
  /** `'UnprocessableEntityError'`: what logs and `JSON.stringify` show. */
  override name = 'UnprocessableEntityError';
}

/** 429: rate limited. Thrown once the SDK's retries (which honour `Retry-After`) are used up. */
export class RateLimitError extends GitLabApiError {
  /** `'RateLimitError'`: what logs and `JSON.stringify` show. */
  override name = 'RateLimitError';
  /** Seconds GitLab asked to wait (from `Retry-After`), when it said. */
  readonly retryAfter: number | undefined;
  /** When GitLab's rate limit window ends (from `RateLimit-Reset`, epoch seconds), when it said. */
  readonly resetAt: Date | undefined;

  constructor(init: GitLabApiErrorInit) {
    super(init);
    this.retryAfter = parseRetryAfter(init.headers?.['retry-after']);
    const reset = init.headers?.['ratelimit-reset']?.trim();
    this.resetAt = reset && /^\d+$/.test(reset) ? new Date(Number(reset) * 1000) : undefined;
  }
}

/** 5xx: GitLab failed. Thrown once the SDK's retries are used up (for idempotent methods). */
export class ServerError extends GitLabApiError {
  /** `'ServerError'`: what logs and `JSON.stringify` show. */
  override name = 'ServerError';
}

/** The request never got a response: DNS failure, refused connection, reset, or a `fetch` that threw. */
export class GitLabConnectionError extends GitLabError {
  /** `'GitLabConnectionError'`: what logs and `JSON.stringify` show. */
  override name = 'GitLabConnectionError';
  /** HTTP method of the failed request, upper case. */
  readonly method: string;
  /** URL of the failed request. */
  readonly url: string;

  constructor(init: { method: string; url: string; cause?: unknown }) {
    const reason = init.cause instanceof Error && init.cause.message ? `: ${init.cause.message}` : '';
    super(`Could not reach GitLab for ${init.method} ${init.url}${reason}`, { cause: init.cause });
    this.method = init.method;
    this.url = init.url;
  }
}

/** No response within the timeout (per attempt). */
export class GitLabTimeoutError extends GitLabError {
  /** `'GitLabTimeoutError'`: what logs and `JSON.stringify` show. */
  override name = 'GitLabTimeoutError';
  /** HTTP method of the failed request, upper case. */
  readonly method: string;
  /** URL of the failed request. */
  readonly url: string;
  /** The timeout that ran out, in milliseconds. */
  readonly timeout: number | undefined;

  constructor(init: { method: string; url: string; timeout?: number }) {
    const after = init.timeout === undefined ? '' : ` after ${init.timeout} ms`;
    super(`GitLab did not answer ${init.method} ${init.url}${after}`);
    this.method = init.method;
    this.url = init.url;
    this.timeout = init.timeout;
  }
}

/**
 * The client's credentials are wrong before anything is sent: more than one of `token`,
 * `oauthToken` and `jobToken`, a value that is not a string or a function, or a credential
 * function that returned no token. The message names the option, never a value.
 */
export class GitLabCredentialsError extends GitLabError {
  /** `'GitLabCredentialsError'`: what logs and `JSON.stringify` show. */
  override name = 'GitLabCredentialsError';
}

/** A 2xx response whose body does not match the SDK's model of it. */
export class GitLabResponseValidationError extends GitLabError {
  /** `'GitLabResponseValidationError'`: what logs and `JSON.stringify` show. */
  override name = 'GitLabResponseValidationError';
  /** Every mismatch zod found (paths relative to the response body). */
  readonly issues: z.core.$ZodIssue[];
  /** Path of the first mismatching field, such as `[0].due_date`; `''` for the body itself. */
  readonly path: string;
  /** HTTP method of the request, upper case. */
  readonly method: string;
  /** URL of the request. */
  readonly url: string;

  constructor(init: { issues: z.core.$ZodIssue[]; method: string; url: string }) {
    const first = init.issues[0];
    const path = first ? formatIssuePath(first.path) : '';
    const more = init.issues.length > 1 ? ` (and ${init.issues.length - 1} more)` : '';
    const where = path ? `at ${path}` : 'in the body';
    super(
      `Unexpected response to ${init.method} ${init.url}: ${where}: ${first?.message ?? 'invalid'}${more}. ` +
        'Pass validateResponses: false to get the raw response.',
    );
    this.issues = init.issues;
    this.path = path;
    this.method = init.method;
    this.url = init.url;
  }
}

const apiErrorClasses: Record<number, typeof GitLabApiError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** Builds the {@link GitLabApiError} subclass for a status: `NotFoundError` for 404, `ServerError` for any 5xx, the base class otherwise. */
export function createApiError(init: GitLabApiErrorInit): GitLabApiError {
  const ErrorClass = apiErrorClasses[init.status] ?? (init.status >= 500 ? ServerError : GitLabApiError);
  return new ErrorClass(init);
}

/** Renders a zod issue path the way one writes it in code: `[0].due_date`, `author.username`, `labels[2]`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** Removes credentials from a URL: user info and the `private_token` / `access_token` / `bearer_token` / `job_token` query parameters. */
export function sanitizeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.replace(/([?&](?:private_token|access_token|bearer_token|job_token)=)[^&#]*/gi, '$1[REDACTED]');
  }
  parsed.username = '';
  parsed.password = '';
  for (const key of [...parsed.searchParams.keys()]) {
    if (/^(?:private_token|access_token|bearer_token|job_token)$/i.test(key)) parsed.searchParams.delete(key);
  }
  return parsed.toString();
}

function extractGitLabMessage(body: unknown): GitLabMessage | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  const value = record.message !== undefined ? record.message : record.error;
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  if (typeof value === 'object') return value as { [field: string]: unknown };
  return String(value);
}

/** Readable one-line form of GitLab's message: `title: can't be blank; due_date: is invalid`. */
function renderGitLabMessage(message: GitLabMessage): string {
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.join('; ');
  return Object.entries(message)
    .map(([field, value]) => {
      const text = Array.isArray(value)
        ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')
        : typeof value === 'string'
          ? value
          : JSON.stringify(value);
      return field === 'base' ? text : `${field}: ${text}`;
    })
    .join('; ');
}

function formatApiErrorMessage(init: GitLabApiErrorInit, gitlabMessage: GitLabMessage | undefined): string {
  const status = `${init.status} ${init.statusText || reasonPhrase(init.status) || ''}`.trim();
  let detail = gitlabMessage === undefined ? undefined : renderGitLabMessage(gitlabMessage);
  // GitLab's message comes from a JSON object body only; a text body has none.
  if (typeof init.body === 'string') {
    // A short plain-text body (not an HTML error page) is worth showing.
    const text = init.body.trim();
    if (text.length <= 200 && !text.startsWith('<')) detail = text;
  } else if (gitlabMessage !== undefined) {
    const description = (init.body as Record<string, unknown>).error_description;
    if (typeof description === 'string') detail = `${detail}: ${description}`;
  }
  const head = !detail ? status : detail.startsWith(String(init.status)) ? detail : `${status}: ${detail}`;
  return `${head} (${init.method} ${init.url})`;
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * A copy of an error chain with the token removed from every message and stack, and
 * without any other property (a custom `fetch` may attach its Request, which holds the
 * token header).
 * @internal
 */
export function sanitizeCause(value: unknown, redact: (text: string) => string, depth = 0): Error | undefined {
  if (value === undefined || value === null || depth > 4) return undefined;
  const source = value instanceof Error ? value : undefined;
  const inner = source ? sanitizeCause(source.cause, redact, depth + 1) : undefined;
  const copy = new Error(redact(source ? source.message : String(value)), inner ? { cause: inner } : undefined);
  if (source) {
    copy.name = source.name;
    copy.stack = source.stack === undefined ? undefined : redact(source.stack);
    const code = (source as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code });
  }
  return copy;
}

import type { KyInstance, Options as KyOptions } from 'ky';
import type * as z from 'zod/mini';
import {
  type Credential,
  type CredentialOption,
  credentialOf,
  headerValue,
  redactor,
  resolveCredential,
} from './credentials.js';
import {
  createApiError,
  GitLabConnectionError,
  GitLabError,
  GitLabResponseValidationError,
  GitLabTimeoutError,
  sanitizeCause,
  sanitizeUrl,
} from './errors.js';
import { type Page, PagePromise, parsePage } from './pagination.js';
import { arrayOf, type Schema, safeParse } from './schemas.js';

/**
 * The HTTP layer under every resource: ky with GitLab's base URL, the credential's
 * header, retries, timeouts, query serialisation, response validation and error mapping.
 * @module
 */

/** Options every API method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the call. The call then rejects with the signal's `reason` (a `DOMException` named `AbortError` by default), not a `GitLabError`. */
  signal?: AbortSignal;
  /** Milliseconds to wait for each attempt's response, overriding the client's `timeout`. */
  timeout?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /**
   * Act as this user for this call (GitLab's sudo): a user id or username, sent as the `Sudo`
   * header, in place of the client's `sudo`. Needs an administrator's token with the `sudo` scope.
   */
  sudo?: string | number;
}

/** How the client retries failed idempotent requests (GET, PUT, HEAD, DELETE, OPTIONS; never POST or PATCH). */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2; 0 turns retrying off. */
  limit?: number;
  /** Longest wait between attempts when GitLab gives no `Retry-After`, in milliseconds. Default 10,000. */
  backoffLimit?: number;
  /**
   * Longest `Retry-After` (on 429 and 503) the client waits for, in milliseconds. When GitLab asks
   * for longer, the client does not retry and throws at once (see `RateLimitError.retryAfter`). Default 60,000.
   */
  maxRetryAfter?: number;
}

/** Options of the `GitLab` client. */
export interface GitLabOptions {
  /** GitLab's address, such as `https://gitlab.example.com` (a trailing `/` or `/api/v4` is accepted). */
  baseUrl: string;
  /**
   * A personal, project or group access token, sent as `PRIVATE-TOKEN`; or a function returning
   * one, called before each request. Give at most one of `token`, `oauthToken` and `jobToken`
   * (none: public data only); more throws a {@link GitLabCredentialsError}.
   */
  token?: Credential;
  /**
   * An OAuth 2.0 access token, sent as `Authorization: Bearer`; or a function returning one,
   * called before each request (an `OAuthSession`'s `accessToken` from `gitlab-admin-sdk/oauth`
   * refreshes it before it expires).
   */
  oauthToken?: Credential;
  /** A CI/CD job token (`CI_JOB_TOKEN`), sent as `JOB-TOKEN`; or a function returning one, called before each request. */
  jobToken?: Credential;
  /** The `fetch` to use, for example a mock's. Default: the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** Milliseconds to wait for each attempt's response. Default 30,000. */
  timeout?: number;
  /** Retries: a number sets the limit. Default 2 retries. */
  retry?: number | RetryOptions;
  /** Validate every response against the SDK's zod models. Default true. */
  validateResponses?: boolean;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * Act as this user on every request (GitLab's sudo): a user id or username, sent as the `Sudo`
   * header. GitLab honours it only for an administrator's token with the `sudo` scope (and, when
   * the instance has admin mode on, the `admin_mode` scope); a call's own `sudo` option replaces it.
   *
   * @example
   * ```ts
   * import { GitLab } from 'gitlab-admin-sdk';
   *
   * const asMaria = new GitLab({ baseUrl: 'https://gitlab.example.com', token: process.env.GITLAB_ADMIN_TOKEN, sudo: 'maria' });
   * const maria = await asMaria.users.current(); // maria, not the administrator
   * ```
   */
  sudo?: string | number;
}

/** HTTP methods the SDK sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** A value the query serialiser understands; arrays become `key[]=a&key[]=b`, objects `key[sub]=v`. */
export type QueryValue =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };

/** Options of one call: the query, the JSON body and the caller's {@link RequestOptions}. */
export interface CallOptions extends RequestOptions {
  /** Query parameters; `undefined` and `null` values are left out. */
  query?: object;
  /** Body, sent as JSON. */
  json?: unknown;
}

/** A response as {@link Transport.send} returns it: the parsed body, the response (for headers) and what was asked. */
export interface RawResponse {
  /** The parsed JSON body; `undefined` when empty (204); the text when it is not JSON. */
  data: unknown;
  /** Whether the body was JSON (false when it was empty or text). */
  json: boolean;
  /** The response, its body already read. */
  response: Response;
  /** The path and serialised query that were sent: the URL of an error message is built from them only when needed. */
  request: { path: string; search: string };
}

const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];
const RETRY_AFTER_STATUS_CODES = [429, 503];
const DEFAULT_TIMEOUT = 30_000;
const DEFAULT_RETRY_LIMIT = 2;
const DEFAULT_BACKOFF_LIMIT = 10_000;
const DEFAULT_MAX_RETRY_AFTER = 60_000;

type Ky = typeof import('ky');

/**
 * ky is loaded on the first request, not when the SDK is imported: loading it
 * sets up `fetch` (undici in Node), most of the cost of importing the SDK.
 */
let kyModule: Promise<Ky> | undefined;
const loadKy = (): Promise<Ky> => {
  kyModule ??= import('ky');
  return kyModule;
};

/**
 * Sends requests to GitLab's REST API v4. Resources use it through `Resource`; one
 * client has one transport.
 *
 * A string credential is captured by the closure that creates the ky instance, in a private field; a credential
 * function is kept in a private field and called per request: neither is reachable by inspecting or serialising
 * the transport.
 */
export class Transport {
  readonly #load: () => Promise<KyInstance>;
  /** The ky instance once loaded: later calls use it without waiting on a promise. */
  #ky: KyInstance | undefined;
  readonly #prefix: string;
  readonly #timeout: number;
  readonly #validate: boolean;
  readonly #redact: (text: string) => string;
  /** A credential given as a function: `get` is called before each request, its value sent in `header`. */
  readonly #credential: { option: CredentialOption; header: string; get: () => string | Promise<string> } | undefined;

  constructor(options: GitLabOptions) {
    if (typeof options.baseUrl !== 'string' || options.baseUrl.trim() === '') {
      throw new TypeError('baseUrl is required, for example https://gitlab.example.com');
    }
    const credential = credentialOf(options);
    // A string is set once on the ky instance: the plain call path has no credential work at all.
    const fixed = typeof credential?.value === 'string' ? credential.value : undefined;
    const fixedHeader = credential && fixed ? { [credential.header]: headerValue(credential.option, fixed) } : {};
    const get = typeof credential?.value === 'function' ? credential.value : undefined;
    this.#credential = credential && get ? { option: credential.option, header: credential.header, get } : undefined;
    this.#redact = redactor(fixed);
    this.#prefix = apiPrefix(options.baseUrl);
    this.#timeout = options.timeout ?? DEFAULT_TIMEOUT;
    this.#validate = options.validateResponses ?? true;
    const retry = typeof options.retry === 'number' ? { limit: options.retry } : (options.retry ?? {});
    const maxRetryAfter = retry.maxRetryAfter ?? DEFAULT_MAX_RETRY_AFTER;
    const create = ({ default: ky, isHTTPError }: Ky) =>
      ky.create({
        prefix: this.#prefix,
        headers: { accept: 'application/json', ...options.headers, ...sudoHeader(options.sudo), ...fixedHeader },
        // Only when given: ky merges every option key into each call's options.
        ...(options.fetch && { fetch: options.fetch }),
        timeout: this.#timeout,
        retry: {
          limit: retry.limit ?? DEFAULT_RETRY_LIMIT,
          // ky's default methods: GET, PUT, HEAD, DELETE, OPTIONS (and TRACE, QUERY, which the SDK never sends).
          statusCodes: RETRY_STATUS_CODES,
          afterStatusCodes: RETRY_AFTER_STATUS_CODES,
          backoffLimit: retry.backoffLimit ?? DEFAULT_BACKOFF_LIMIT,
          maxRetryAfter,
          jitter: true,
          // ky would wait `maxRetryAfter` and retry into the same limit; give up at once instead.
          shouldRetry: ({ error }) => {
            if (!isHTTPError(error) || !RETRY_AFTER_STATUS_CODES.includes(error.response.status)) return undefined;
            const seconds = error.response.headers.get('retry-after')?.trim();
            return seconds && /^\d+$/.test(seconds) && Number(seconds) * 1000 > maxRetryAfter ? false : undefined;
          },
        },
      });
    let instance: Promise<KyInstance> | undefined;
    this.#load = () => {
      instance ??= loadKy()
        .then(create)
        .then((ky) => (this.#ky = ky));
      return instance;
    };
  }

  /**
   * Sends a request and returns the body validated by `schema` (or, with
   * `validateResponses: false`, as parsed). With `schema` `null` the body is ignored
   * and the promise resolves to `undefined`.
   */
  request<T>(method: HttpMethod, path: string, schema: Schema<T>, options?: CallOptions): Promise<T>;
  request(method: HttpMethod, path: string, schema: null, options?: CallOptions): Promise<undefined>;
  async request<T>(
    method: HttpMethod,
    path: string,
    schema: Schema<T> | null,
    options: CallOptions = {},
  ): Promise<T | undefined> {
    const raw = await this.send(method, path, options);
    if (schema === null) return undefined;
    return this.validate(schema, raw, method);
  }

  /**
   * Lists a paginated collection: a {@link PagePromise} that fetches nothing until
   * awaited or iterated. `query.page` / `query.per_page` choose the first page.
   */
  paginate<T>(path: string, schema: Schema<T>, options: CallOptions = {}): PagePromise<T> {
    const itemsSchema = arrayOf(schema);
    const query: { page?: number; per_page?: number } = options.query ?? {};
    return new PagePromise<T>(async (page, cursor): Promise<Page<T>> => {
      // The caller's query as it is for the first page; a copy with the page number (or keyset cursor) for the next ones.
      const pageQuery = cursor ? { ...query, ...cursor } : page === undefined ? query : { ...query, page };
      const raw = await this.send('GET', path, options, pageQuery);
      return parsePage(this.validate(itemsSchema, raw, 'GET'), raw.response.headers, pageQuery);
    });
  }

  /**
   * Sends a request and returns the parsed body with the response; throws the SDK's errors.
   * `query` replaces `options.query` (a page of a list), so a call's options are never copied.
   */
  async send(
    method: HttpMethod,
    path: string,
    options: CallOptions = {},
    query: object | undefined = options.query,
  ): Promise<RawResponse> {
    options.signal?.throwIfAborted();
    const search = serializeQuery(query);
    const kyOptions: KyOptions = { method };
    if (search) kyOptions.searchParams = search;
    if (options.json !== undefined) kyOptions.json = options.json;
    if (options.headers) kyOptions.headers = options.headers;
    if (options.sudo !== undefined) kyOptions.headers = { ...options.headers, ...sudoHeader(options.sudo) };
    if (options.signal) kyOptions.signal = options.signal;
    if (options.timeout !== undefined) kyOptions.timeout = options.timeout;
    let redact = this.#redact;
    if (this.#credential) {
      // Outside the try: an error of the app's own function reaches the caller unchanged.
      const { option, header, get } = this.#credential;
      const secret = await resolveCredential(option, get);
      redact = redactor(secret);
      kyOptions.headers = { ...kyOptions.headers, [header]: headerValue(option, secret) };
    }
    try {
      const ky = this.#ky ?? (await this.#load());
      const pending = ky(path, kyOptions);
      // ky's .text() bounds the body read by the timeout too.
      const text = await pending.text();
      const response = await pending;
      return rawResponse(text, response, path, search);
    } catch (error) {
      const url = redact(this.#safeUrl(path, search));
      const context = { method, url, signal: options.signal, timeout: options.timeout ?? this.#timeout, redact };
      throw this.#toError(error, await loadKy().catch(() => undefined), context);
    }
  }

  /** Validates a response body with `schema` (unless `validateResponses` is off); throws {@link GitLabResponseValidationError}. */
  validate<T>(schema: Schema<T>, raw: RawResponse, method: string): T {
    if (!this.#validate) return raw.data as T;
    if (!raw.json && raw.data !== undefined) {
      // A 2xx page that is not JSON: typically a wrong baseUrl answered by a web page.
      const contentType = raw.response.headers.get('content-type');
      const issue: z.core.$ZodIssue = {
        code: 'custom',
        path: [],
        message: `expected a JSON body, got ${contentType ?? 'a body of unknown type'}`,
      };
      throw new GitLabResponseValidationError({ issues: [issue], method, url: this.#rawUrl(raw) });
    }
    const result = safeParse(schema, raw.data);
    if (result.success) return result.data;
    throw new GitLabResponseValidationError({ issues: result.error.issues, method, url: this.#rawUrl(raw) });
  }

  #rawUrl(raw: RawResponse): string {
    return this.#safeUrl(raw.request.path, raw.request.search);
  }

  /** The request's URL for an error message: credentials, token parameters and the token itself removed. */
  #safeUrl(path: string, search: string): string {
    const url = `${this.#prefix}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
    return this.#redact(sanitizeUrl(url));
  }

  #toError(
    error: unknown,
    ky: Ky | undefined,
    context: {
      method: string;
      url: string;
      signal: AbortSignal | undefined;
      timeout: number;
      redact: (text: string) => string;
    },
  ): unknown {
    const { method, url, signal, redact } = context;
    // The caller's abort: rethrow its reason unchanged, as fetch does.
    if (signal?.aborted) return signal.reason;
    if (error instanceof GitLabError) return error;
    if (ky?.isHTTPError(error)) {
      return createApiError({
        status: error.response.status,
        statusText: error.response.statusText,
        body: redactData(error.data, redact),
        method,
        url,
        headers: headersRecord(error.response.headers, redact),
      });
    }
    if (ky?.isTimeoutError(error)) return new GitLabTimeoutError({ method, url, timeout: context.timeout });
    const cause = ky?.isNetworkError(error) ? error.cause : error;
    return new GitLabConnectionError({ method, url, cause: sanitizeCause(cause, redact) });
  }
}

/** GitLab's `Sudo` header for a `sudo` option (`lib/api/helpers.rb`, `SUDO_HEADER`); none for none or `''`. */
function sudoHeader(sudo: string | number | undefined): Record<string, string> {
  return sudo === undefined || sudo === '' ? {} : { Sudo: String(sudo) };
}

function headersRecord(headers: Headers, redact: (text: string) => string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of headers) record[name] = redact(value);
  return record;
}

function redactData(data: unknown, redact: (text: string) => string): unknown {
  const json = data === undefined ? undefined : JSON.stringify(data);
  if (json === undefined) return data;
  const redacted = redact(json);
  if (redacted === json) return data;
  try {
    return JSON.parse(redacted);
  } catch {
    return '[REDACTED]';
  }
}

/** The body parsed as JSON when it is JSON, its text when it is not, `undefined` when empty. */
function rawResponse(text: string, response: Response, path: string, search: string): RawResponse {
  const request = { path, search };
  if (text === '') return { data: undefined, json: false, response, request };
  try {
    return { data: JSON.parse(text), json: true, response, request };
  } catch {
    return { data: text, json: false, response, request };
  }
}

/** `https://host`, `https://host/` and `https://host/api/v4/` all give `https://host/api/v4`. */
function apiPrefix(baseUrl: string): string {
  const base = baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v4$/i, '');
  return `${base}/api/v4`;
}

/**
 * GitLab's (Rack's) query conventions: arrays as `key[]=a&key[]=b`, objects as
 * `key[sub]=v`, booleans as `true` / `false`, dates as ISO 8601; `undefined` and
 * `null` are left out. Brackets stay literal, as in GitLab's docs.
 */
export function serializeQuery(query: object | undefined): string {
  const entries = query ? Object.entries(query) : [];
  // Most calls have no query at all.
  if (entries.length === 0) return '';
  const params = new URLSearchParams();
  for (const [key, value] of entries) appendQueryValue(params, key, value);
  return params.toString().replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/** Appends one query value to `params`, arrays as `key[]` and objects as `key[sub]`, recursively. */
function appendQueryValue(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQueryValue(params, `${key}[]`, item);
  } else if (value instanceof Date) {
    params.append(key, value.toISOString());
  } else if (typeof value === 'object') {
    for (const [sub, item] of Object.entries(value)) appendQueryValue(params, `${key}[${sub}]`, item);
  } else {
    params.append(key, String(value));
  }
}

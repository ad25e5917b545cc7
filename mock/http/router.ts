import { ANONYMOUS, type Caller, type World } from '../world/types.js';
import { nowIso, syncClock } from '../world/world.js';
import { nearestRoute, templateOf, unmodelledReason } from './coverage.js';
import { type Credential, sudoOf, tokenOf } from './credentials.js';
import { ApiError, routeNotFound } from './errors.js';
import { applyFault, type FaultRegistry } from './faults.js';
import type { Journal } from './journal.js';
import { type JsonRefusal, refuseJsonBody } from './json-limits.js';
import type { MockRequest } from './mock-request.js';
import type { RawParams } from './params.js';
import { bodyParams, queryParams } from './request.js';
import { errorResponse, forMethod, json, type MockResponse, RETRY_LATER, unexpectedError } from './respond.js';

/**
 * The mock's own small router under `/api/v4`: it decodes path segments (so a
 * project path `acme%2Fapi` is one parameter), answers 404 `{"error":"404 Not
 * Found"}` for unknown routes and for a known path with another method (GitLab's
 * catch-all route answers before Grape would say 405),
 * reads the request's token and has the {@link Guard} it is given authenticate
 * and throttle its caller, merges the parameters, and turns every thrown
 * {@link ApiError} into GitLab's response. Handlers only see a {@link RouteContext}.
 * @module
 */

/** What a handler gets. */
export interface RouteContext {
  world: World;
  request: MockRequest;
  /** The request's URL (`request.url`). */
  url: URL;
  caller: Caller;
  /** Path parameters (decoded), query and body parameters, merged: path wins, then body, then query. */
  params: RawParams;
}

export type RouteHandler = (context: RouteContext) => MockResponse | Promise<MockResponse>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  /** Path under `/api/v4`, with `:name` parameters, e.g. `/projects/:id/milestones/:milestone_id`. */
  path: string;
  handler: RouteHandler;
  /** Whether the route exists in this world (e.g. only on the hosted offering); when not, it answers as an unknown route. */
  available?: (world: World) => boolean;
  /**
   * The route's rule checks the token's scopes itself (token self-rotation takes
   * `self_rotate`); otherwise the router requires `api`, or `read_api` for reading.
   */
  checksScopes?: boolean;
  /** The area it belongs to (`milestones`...), as `GET /__mock/routes` lists it. */
  area?: string;
  /**
   * The last parameter keeps a `.json` ending (`ends-with.json` is a branch name): GitLab declares it with
   * the requirement `API::NO_SLASH_URL_PART_REGEX` (`[^/]+`, `lib/api/api.rb`), whose greedy capture
   * leaves the optional format suffix nothing to take (`BRANCH_ENDPOINT_REQUIREMENTS`, `lib/api/branches.rb`).
   */
  keepsFormatSuffix?: boolean;
}

/** Declares a route; `options.available` makes it exist only in some worlds. */
export const route = (
  method: Method,
  path: string,
  handler: RouteHandler,
  options: Pick<Route, 'available' | 'checksScopes' | 'keepsFormatSuffix'> = {},
): Route => ({ method, path, handler, ...options });

type Compiled = Route & { segments: string[] };

function match(segments: string[], parts: string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const part = parts[i] as string;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment !== part) return null;
  }
  return params;
}

function decodeSegments(path: string): string[] | null {
  try {
    return path.split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** GitLab's API routes are declared `format :json`: Grape gives every route an optional `(.json)` suffix. */
const FORMAT_SUFFIX = '.json';

/**
 * The path under the API prefix as GitLab's router reads it (Grape's
 * `Router.normalize_path`): runs of slashes are one slash and trailing slashes
 * are dropped, so `/projects/1/milestones/` is the collection and
 * `/projects//1` is project 1; then the optional `.json` format suffix is cut
 * from the last segment (Grape's captures are semi-greedy: they leave the
 * suffix to the format), so `/projects/1/milestones.json` is the collection too.
 * Done on the raw path, before decoding, so an encoded `%2F` stays in its segment.
 */
export function normalizePath(raw: string): string {
  const path = squeezePath(raw);
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.length > FORMAT_SUFFIX.length && last.endsWith(FORMAT_SUFFIX)
    ? path.slice(0, -FORMAT_SUFFIX.length)
    : path;
}

/** {@link normalizePath} without cutting the format suffix: the path a `keepsFormatSuffix` route matches. */
function squeezePath(raw: string): string {
  return raw.replace(/\/{2,}/g, '/').replace(/^\/|\/$/g, '');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The headers of `lib/api/api.rb`'s first `before` block (`X-Frame-Options`, `X-Content-Type-Options`),
 * and the `default-src 'none'` policy it hands Rails' Content-Security-Policy middleware (on by default):
 * every answer of the API's routes carries them, its errors and unknown paths included, but not what the
 * middlewares in front of Grape answer (Rack::Attack's 429, the JSON limits' 400).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
};

function withSecurityHeaders(response: MockResponse): MockResponse {
  return { ...response, headers: { ...response.headers, ...API_SECURITY_HEADERS } };
}

/** The prefix of every REST API v4 route. */
export const API_V4 = '/api/v4';

/** The API prefix of a world's base URL, e.g. `/api/v4` or `/gitlab/api/v4`. */
export function apiPrefix(baseUrl: string): string {
  return `${new URL(baseUrl).pathname.replace(/\/$/, '')}${API_V4}`;
}

/**
 * GitLab's checks of a request's caller in front of the API's routes (its API guard,
 * `lib/api/api_guard.rb`, and Rack::Attack's throttles). The wire reads the token
 * ({@link tokenOf}); what the token is worth is the rules' to say, so `mock.ts`
 * hands them in from `rules/access.ts` and `rules/rate-limits.ts`.
 */
export interface Guard {
  /** Who a credential authenticates as, changing nothing: the journal names the sender of a request answered before authentication. */
  identify(world: World, credential: Credential | null): Caller | undefined;
  /** The caller, or throws GitLab's 401; may record the token's use. */
  authenticate(world: World, credential: Credential | null): Caller;
  /** Whether a request without any token reaches the route (`GET`, `/projects/:id`) as {@link ANONYMOUS} instead of 401. */
  servesAnonymous(method: string, path: string): boolean;
  /**
   * GitLab's sudo: the caller the request acts as when it names a user (`sudo` parameter or `Sudo`
   * header, {@link sudoOf}), or throws GitLab's refusal (401, 403, 404).
   */
  sudo(world: World, caller: Caller, identifier: string): Caller;
  /** Throws GitLab's 403 `insufficient_scope` unless the token may call the API with `method` (for routes without {@link Route.checksScopes}). */
  requireScope(token: Caller['token'], method: string): void;
  /**
   * Counts the request against the rate limit that applies to its caller: the `RateLimit-*` headers
   * of the answer and whether it is refused (429), or `undefined` when no limit is on.
   */
  throttle(
    world: World,
    credential: Credential | null,
  ): { headers: Record<string, string>; throttled: boolean } | undefined;
}

/**
 * What a router does besides routing: the guard that authenticates and throttles callers,
 * the faults to inject in front of GitLab, the journal to record in.
 */
export interface RouterOptions {
  guard: Guard;
  faults?: FaultRegistry;
  journal?: Journal;
  /** Told of every request to a route the mock does not model, as `GET /api/v4/projects/:id/pipelines`. */
  onUnmodelled?: (route: string) => void;
}

/** A request as the router reads it once, and what the journal learns of it while it is answered. */
interface Trace {
  /** The token it carries, read once (rate limits, authentication and the journal all ask). */
  credential: Credential | null;
  /** Its query parameters, parsed once (the route's parameters and the journal). */
  query: RawParams;
  user: string | null;
  body: Record<string, unknown> | null;
  reason: string | undefined;
}

/**
 * The journal's reason for a body GitLab's JSON validation refuses: the limit crossed, or, for a
 * malformed body, where it broke and what GitLab answers (`lib/gitlab/middleware/json_validation.rb`,
 * `validate_json_request!`: any Oj parse error is "Invalid JSON format", its position only logged).
 */
function jsonRefusalReason(refused: JsonRefusal): string {
  if (refused.limit !== 'invalid_json') return `over the JSON limit ${refused.limit}`;
  return `malformed JSON ${refused.where ?? 'body'}: GitLab answers "${refused.message}"`;
}

/** A refusal's reason: the rule's own words, else GitLab's message. */
function reasonOf(error: ApiError): string {
  if (error.reason !== undefined) return error.reason;
  const body = error.body as { message?: unknown; error?: unknown } | null;
  const said = body?.message ?? body?.error;
  return typeof said === 'string' ? said : JSON.stringify(said ?? body);
}

/**
 * Builds the request handler of a world. It answers `undefined` for requests
 * that are not for this world's `/api/v4`, so they can fall through. In front of
 * the routes, in the order a request meets them: injected faults (a proxy's
 * doing), GitLab's JSON limits (its JsonValidation middleware), then GitLab's
 * rate limits, whose headers go on every answer they count.
 */
export function createRouter(world: World, routes: Route[], options: RouterOptions) {
  const { guard } = options;
  const compiled: Compiled[] = routes.map((r) => ({ ...r, segments: r.path.split('/').slice(1) }));
  // Routes by their number of segments, in declaration order: a request is matched against those only.
  const bySegments = new Map<number, Compiled[]>();
  for (const route of compiled)
    bySegments.set(route.segments.length, [...(bySegments.get(route.segments.length) ?? []), route]);
  const NONE: Compiled[] = [];
  const { origin } = new URL(world.baseUrl);
  const prefix = apiPrefix(world.baseUrl);

  /**
   * GitLab's 404 for a route it does not have, and why the mock has none: not modelled, or not in this world.
   * A known path asked with another method is one of these too: `lib/api/api.rb` ends with
   * `route :any, '*path'` answering `error!('404 Not Found', 404)`, which Grape's router matches before it
   * would answer 405 (GitLab's `hooks_shared_examples.rb`, "returns a 404 error if hook id not given").
   */
  const unknownRoute = (
    method: string,
    apiPath: string,
    unavailable: Compiled | undefined,
    siblings: Compiled[],
  ): ApiError => {
    const [sibling] = siblings;
    if (sibling) {
      const template = `${API_V4}${sibling.path}`;
      options.onUnmodelled?.(`${method} ${template}`);
      const methods = [...new Set(siblings.map((r) => r.method))].join(', ');
      return routeNotFound().because(
        `${unmodelledReason(method, template, undefined)} (the path has ${methods}; GitLab's catch-all route answers any other method 404)`,
      );
    }
    if (unavailable) {
      return routeNotFound().because(
        `${unavailable.method} ${API_V4}${unavailable.path} does not exist in this world (its offering or plan)`,
      );
    }
    const template = `${API_V4}${templateOf(normalizePath(apiPath).split('/').map(safeDecode))}`;
    options.onUnmodelled?.(`${method} ${template}`);
    modelled ??= compiled.map((r) => ({ method: r.method, path: `${API_V4}${r.path}` }));
    return routeNotFound().because(unmodelledReason(method, template, nearestRoute(method, template, modelled)));
  };
  let modelled: { method: string; path: string }[] | undefined;

  const dispatch = async (
    request: MockRequest,
    apiPath: string,
    parts: string[] | null,
    trace: Trace,
  ): Promise<MockResponse> => {
    const { url } = request;
    try {
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      let found: { route: Compiled; params: Record<string, string> } | undefined;
      const siblings: Compiled[] = [];
      let unavailable: Compiled | undefined;
      let whole: string[] | null | undefined;
      for (const candidate of parts ? (bySegments.get(parts.length) ?? NONE) : NONE) {
        if (candidate.keepsFormatSuffix) whole ??= decodeSegments(squeezePath(apiPath));
        const params = match(candidate.segments, (candidate.keepsFormatSuffix ? whole : parts) ?? []);
        if (!params) continue;
        if (candidate.available && !candidate.available(world)) {
          unavailable ??= candidate;
          continue;
        }
        siblings.push(candidate);
        if (candidate.method === method) {
          found = { route: candidate, params };
          break;
        }
      }
      if (!found) {
        // GitLab's router answers before authenticating; the journal still names a valid token's user.
        trace.user = guard.identify(world, trace.credential)?.user.username ?? null;
        throw unknownRoute(method, apiPath, unavailable, siblings);
      }
      // GitLab's anonymous requests: no token at all (a bad token is 401 everywhere), on a route it serves without one.
      const anonymous = trace.credential === null && guard.servesAnonymous(found.route.method, found.route.path);
      const authenticated: Caller = anonymous
        ? { user: ANONYMOUS, token: null }
        : guard.authenticate(world, trace.credential);
      trace.user = anonymous ? null : authenticated.user.username;
      // The body before the scope check: a `sudo` parameter may come in it (GitLab's `params[:sudo]`).
      const body = await bodyParams(request);
      trace.body = Object.keys(body).length > 0 ? body : null;
      const params = { ...trace.query, ...body, ...found.params };
      const identifier = sudoOf(request, params);
      const caller = identifier === null ? authenticated : guard.sudo(world, authenticated, identifier);
      // The journal names the user the request acts as, as GitLab's API log does (`save_current_user_in_env`).
      trace.user = anonymous ? null : caller.user.username;
      // `lib/api/helpers.rb#current_user`: the route's scopes are checked only `unless sudo?` (the sudo'd
      // user differs from the token's), the `sudo` scope having been asked instead.
      if (!found.route.checksScopes && !caller.sudoer) guard.requireScope(caller.token, method);
      return await found.route.handler({ world, request, url, caller, params });
    } catch (error) {
      if (error instanceof ApiError) {
        trace.reason = reasonOf(error);
        return errorResponse(error);
      }
      return unexpectedError(error);
    }
  };

  return async (request: MockRequest): Promise<MockResponse | undefined> => {
    const { url } = request;
    // Runs of slashes count as one from the start (`//api/v4/projects`), as GitLab's router reads them.
    const squeezed = url.pathname.replace(/\/{2,}/g, '/');
    if (url.origin !== origin || !(squeezed === prefix || squeezed.startsWith(`${prefix}/`))) {
      return undefined;
    }
    const apiPath = squeezed.slice(prefix.length);
    const started = performance.now();
    const received = Date.now();
    syncClock(world);
    const at = nowIso(world);
    const trace: Trace = {
      credential: tokenOf(request),
      query: queryParams(url),
      user: null,
      body: null,
      reason: undefined,
    };
    const answer = async (): Promise<MockResponse> => {
      const parts = decodeSegments(normalizePath(apiPath));
      const fault = options.faults?.take(request.method, parts ?? []);
      const faulted = fault && (await applyFault(fault, request));
      // Answered before GitLab authenticates: the journal still names who sent it.
      const sender = () => guard.identify(world, trace.credential)?.user.username ?? null;
      if (faulted) {
        trace.reason = `injected fault #${fault.id}`;
        trace.user = sender();
        return faulted;
      }
      // GitLab's JSON limits (SPEC 9): a middleware in front of Rack::Attack, so a refused body is
      // not counted by the rate limits and carries no RateLimit headers.
      const refused = await refuseJsonBody(request, url.pathname.slice(prefix.length - API_V4.length));
      if (refused) {
        trace.reason = jsonRefusalReason(refused);
        trace.user = sender();
        return forMethod(request.method, json({ error: refused.message }, 400));
      }
      const limit = guard.throttle(world, trace.credential);
      if (limit?.throttled) {
        trace.reason = `over the rate limit ${limit.headers['RateLimit-Name']}`;
        trace.user = sender();
      }
      const response = limit?.throttled
        ? { status: 429, headers: { 'content-type': 'text/plain' }, body: RETRY_LATER }
        : withSecurityHeaders(await dispatch(request, apiPath, parts, trace));
      for (const [name, value] of Object.entries(limit?.headers ?? {})) response.headers[name.toLowerCase()] = value;
      return forMethod(request.method, response);
    };
    const response = await answer();
    options.journal?.record(
      world,
      {
        at,
        method: request.method,
        // The path as sent, below the base URL's own path.
        path: (url.pathname.startsWith(prefix) ? url.pathname : squeezed).slice(prefix.length - API_V4.length),
        query: trace.query,
        body: trace.body,
        status: response.status,
        user: trace.user,
        ms: Math.round((performance.now() - started) * 1000) / 1000,
        ...(response.status >= 400 && response.status < 500 && trace.reason !== undefined
          ? { reason: trace.reason }
          : {}),
      },
      options.journal.size > 0
        ? {
            requestHeaders: request.headers?.() ?? {},
            responseHeaders: response.headers,
            body: response.body,
          }
        : undefined,
      received,
    );
    return response;
  };
}

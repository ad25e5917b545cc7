import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MockRequest } from '../http/mock-request.js';
import { DROPPED, type MockResponse } from '../http/respond.js';
import { INSPECTOR_ASSETS, INSPECTOR_HEADERS, inspectorAsset, wantsHtml } from '../inspector/page.js';
import {
  createMockGitLabCore,
  type MockGitLabCore,
  type MockGitLabOptions,
  type PlainRouter,
  plainRouterOf,
} from '../mock.js';
import type { SeedDocument } from '../seed/document.js';
import type { MockWebhookOptions } from '../webhooks/dispatcher.js';
import { ADMIN_PREFIX, type AdminAnswer, answerAdmin } from './admin.js';
import { persist, readStateFile } from './persist.js';
import { streamReaders, streamRequests } from './stream.js';
import { DEFAULT_MAX_WORLDS, type NamedWorld, WORLD_NAME, Worlds } from './worlds.js';

/**
 * A node:http adapter over the mock: every request is put on the mock's origin,
 * answered by its router as plain data (no fetch `Request` or `Response` on this
 * path: they cost most of the server's time), and written back in one write, at the
 * end of the event loop's poll phase with the answers to the other requests read in
 * it. No process-level side effects here (signals, exit codes, stdout): those belong
 * to the CLI.
 * @module
 */

/** Largest request body the server reads (10 MiB); larger bodies are answered 413. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'PRIVATE-TOKEN, JOB-TOKEN, Authorization, Content-Type, X-Mock-Admin-Token',
  'Access-Control-Expose-Headers':
    'X-Total, X-Total-Pages, X-Per-Page, X-Page, X-Next-Page, X-Prev-Page, Link, Retry-After, ' +
    'RateLimit-Name, RateLimit-Limit, RateLimit-Observed, RateLimit-Remaining, RateLimit-Reset, RateLimit-ResetTime',
  'Access-Control-Max-Age': '600',
};

/** {@link CORS_HEADERS} as the flat list of names and values `writeHead` takes. */
const CORS_LIST = Object.entries(CORS_HEADERS).flat();

/** Response headers node:http computes itself. */
const HOP_BY_HOP_RESPONSE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Methods GitLab does not have, which fetch refuses to carry. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

class BodyTooLarge extends Error {}
/** The client went away before sending the whole request: nothing to answer, nothing to log. */
class ClientGone extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is drained and dropped; the caller answers 413.
      if (size > MAX_BODY_BYTES) reject(new BodyTooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => reject(new ClientGone()));
    req.on('close', () => {
      if (!req.complete) reject(new ClientGone());
    });
  });
}

/** The request target's path and query, or null when it is not an origin-form or absolute-form target. */
function pathAndQuery(target: string): string | null {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

function writeJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** The request, whose path and query are `target`, as the router reads it on `origin`; null for a bad target. */
function toMockRequest(
  req: IncomingMessage,
  method: string,
  target: string,
  origin: string,
  body: string,
  signal?: AbortSignal,
): MockRequest | null {
  let url: URL;
  try {
    url = new URL(`${origin}${target}`);
  } catch {
    return null;
  }
  const text = Promise.resolve(body);
  return {
    method,
    url,
    // node:http joins repeated headers with ", " (set-cookie aside, which a request does not carry).
    header: (name) => {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    // node:http's own object, not a copy: the journal reads it only when an exchange is asked for.
    headers: () => req.headers,
    text: () => text,
    signal,
  };
}

/** A signal that aborts when the connection closes before the answer is sent. */
function clientGone(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  return gone.signal;
}

/** The bodies encoded last, and their bytes: a list page none of whose records changed is the same text again. */
const encoded: { text: string; bytes: Buffer }[] = [];
/** How many bodies {@link bytesOf} keeps, and the longest it keeps (characters). */
const ENCODED_KEPT = 8;
const ENCODED_MAX = 256 * 1024;
/** Smaller bodies are encoded each time: it costs about what looking them up would. */
const ENCODED_MIN = 1024;

/**
 * A body's UTF-8 bytes, encoded once for as long as the same text comes back (a page of records
 * that have not changed: `http/entity-json.ts`); equal texts have equal bytes, so a kept text that
 * equals this one gives its bytes, whatever string object it is.
 */
function bytesOf(text: string): Buffer {
  if (text.length < ENCODED_MIN || text.length > ENCODED_MAX) return Buffer.from(text);
  for (const entry of encoded) if (entry.text === text) return entry.bytes;
  const bytes = Buffer.from(text);
  if (encoded.length >= ENCODED_KEPT) encoded.pop();
  encoded.unshift({ text, bytes });
  return bytes;
}

/** Writes a response: status line, headers and body in one `writev`. */
function send(res: ServerResponse, response: MockResponse): void {
  // A dropped connection (an injected fault): the client sees a reset, not an answer.
  if (response === DROPPED) {
    res.destroy();
    return;
  }
  // A flat list of names and values: copying into an object with `for...in` took 8 µs a response, this 0.2.
  const headers: string[] = CORS_LIST.slice();
  for (const name of Object.keys(response.headers)) {
    if (!HOP_BY_HOP_RESPONSE.has(name)) headers.push(name, response.headers[name] as string);
  }
  // As bytes: node:http sends a string body after its headers in a way that takes twice as long.
  const body = response.body === null ? undefined : bytesOf(response.body);
  if (body) headers.push('content-length', String(body.length));
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * Writes a response once the event loop has taken in every request that arrived with it (at the end
 * of its poll phase), so that answers to concurrent clients go out back to back: a write that has to
 * wake a waiting client costs far more than one right after another (under 10 concurrent clients,
 * about 25 µs against 15; docs/performance.md).
 */
function sendSoon(req: IncomingMessage, res: ServerResponse, response: MockResponse): void {
  setImmediate(() => {
    try {
      send(res, response);
    } catch (error) {
      fail(req, res, error);
    }
  });
}

/** What the server needs of a mock, worked out once per mock. */
interface Served {
  router: PlainRouter;
  origin: string;
}
const served = new WeakMap<MockGitLabCore, Served>();

function servedOf(mock: MockGitLabCore): Served {
  let entry = served.get(mock);
  if (!entry) {
    const router = plainRouterOf(mock);
    if (!router) throw new TypeError('the mock server serves mocks made by createMockGitLab');
    entry = { router, origin: new URL(mock.baseUrl).origin };
    served.set(mock, entry);
  }
  return entry;
}

/** Who may use the admin routes: everyone (a loopback host), or callers with the admin token. */
interface AdminAccess {
  open: boolean;
  token?: string;
}

/** What one server serves: the default world, the named worlds ({@link startMockServer} only), the admin access. */
interface Site {
  main: MockGitLabCore;
  worlds?: Worlds;
  admin: AdminAccess;
  /** Told of every request to the default world (which may change it): what persistence listens to. */
  changed?: () => void;
}

/** `/worlds/NAME` and what follows it. */
const WORLD_PATH = /^\/worlds\/([^/?]*)(.*)$/s;

/** Whether a host the server listens on is loopback only (SPEC 6: the admin routes are open there). */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(bare);
}

/** The answer refusing an admin request, or undefined when it may go on. */
function refuseAdmin(access: AdminAccess, req: IncomingMessage): AdminAnswer | undefined {
  if (access.open) return undefined;
  if (access.token === undefined) {
    return {
      status: 403,
      body: {
        error:
          'the /__mock admin routes need an admin token on a host other than loopback: start the server with ' +
          '--admin-token TOKEN (or GITLAB_MOCK_ADMIN_TOKEN=TOKEN) and send it in the X-Mock-Admin-Token header',
      },
    };
  }
  const given = req.headers['x-mock-admin-token'];
  if (typeof given === 'string' && sameSecret(given, access.token)) return undefined;
  return { status: 401, body: { error: '401 Unauthorized: send the admin token in the X-Mock-Admin-Token header' } };
}

/** Compares two secrets in a time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function writeAnswer(res: ServerResponse, answer: AdminAnswer): void {
  if (answer.status === 204) res.writeHead(204, CORS_HEADERS).end();
  else writeJson(res, answer.status, answer.body);
}

/**
 * Sets the `Date` header of an answer the server writes itself (admin routes, the inspector, its
 * 404s) to `mock`'s world clock, as the router does for the API's: the mock's server time is its clock.
 */
function stamp(res: ServerResponse, mock: MockGitLabCore | undefined): void {
  if (mock) res.setHeader('Date', mock.clock.now().toUTCString());
}

async function answer(getSite: () => Site | undefined, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'OPTIONS' && !FORBIDDEN_METHODS.has(method)) return answerOnSite(getSite(), method, req, res);
  stamp(res, getSite()?.main);
  if (method === 'OPTIONS') {
    res.writeHead(204, CORS_HEADERS);
    res.end();
    return;
  }
  writeJson(res, 405, { error: '405 Not Allowed' });
}

/** Answers a request other than `OPTIONS` and the methods GitLab does not have. */
async function answerOnSite(
  site: Site | undefined,
  method: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!site) {
    writeJson(res, 503, { message: '503 Service Unavailable' });
    return;
  }
  const target = pathAndQuery(req.url ?? '/');
  if (target === null) {
    stamp(res, site.main);
    writeJson(res, 404, { error: '404 Not Found' });
    return;
  }
  // A named world's requests: its name, and the rest of the target (its admin routes start there).
  const world = site.worlds ? WORLD_PATH.exec(target) : null;
  const name = world?.[1];
  const rest = world ? world[2] || '/' : target;
  if (name !== undefined && !WORLD_NAME.test(name)) {
    stamp(res, site.main);
    writeJson(res, 400, { error: 'a world name is 1 to 64 characters of a-z, 0-9, - and _' });
    return;
  }
  // The inspector page and its assets: static, nothing of the world in them, so open like the page's prompt.
  const page = method === 'GET' || method === 'HEAD' ? inspectorPage(req, rest) : undefined;
  if (page) {
    stamp(res, site.main);
    res.writeHead(200, {
      ...INSPECTOR_HEADERS,
      'Content-Type': page.type,
      'Content-Length': Buffer.byteLength(page.body),
    });
    res.end(method === 'HEAD' ? undefined : page.body);
    return;
  }
  const admin = rest.startsWith(ADMIN_PREFIX);
  const refusal = admin ? refuseAdmin(site.admin, req) : undefined;
  if (refusal) {
    stamp(res, site.main);
    writeAnswer(res, refusal);
    return;
  }
  let mock = site.main;
  let named: NamedWorld | undefined;
  if (name !== undefined && site.worlds) {
    const found = site.worlds.get(name);
    if (!('mock' in found)) {
      stamp(res, site.main);
      writeAnswer(res, found);
      return;
    }
    named = found;
    mock = found.mock;
  }
  // Only the API's answers go through the router, which dates them itself (and setting a header
  // here would take node:http's slower road for every one of them).
  if (admin) stamp(res, mock);
  if (admin && method === 'GET') {
    const path = rest.split('?')[0];
    if (path === '/__mock/requests/stream') return streamRequests(mock, req, res, CORS_HEADERS);
    if (path === '/__mock/requests/streams') return writeJson(res, 200, streamReaders(mock));
  }
  if (admin && method === 'POST' && rest.split('?')[0] === '/__mock/webhooks/settled') {
    // Answers once every delivery queued so far is done: what a test in another language awaits.
    await mock.webhooks.settled();
    writeAnswer(res, { status: 204 });
    return;
  }
  // A GET may carry a body too (GitLab's JSON limits read it); one without a length or chunks has none.
  const bodyless =
    (method === 'GET' || method === 'HEAD') &&
    req.headers['transfer-encoding'] === undefined &&
    (req.headers['content-length'] ?? '0') === '0';
  const body = bodyless ? '' : (await readBody(req)).toString('utf8');
  if (admin) {
    if (!named) site.changed?.();
    const path = rest.split('?')[0] as string;
    const worldsRoute = /^\/__mock\/worlds(?:\/([^/]*))?$/.exec(path);
    const answered =
      worldsRoute && site.worlds && !named
        ? site.worlds.answer(method, worldsRoute[1])
        : answerAdmin(mock, method, path, body);
    // The time the answer is made: a clock route has just moved the clock.
    stamp(res, mock);
    writeAnswer(res, answered);
    return;
  }
  if (named) named.requests += 1;
  else site.changed?.();
  const { router, origin } = servedOf(mock);
  // A signal that ends a fault's delay when the client leaves; only while a delay is in place,
  // since watching every response's close costs throughput for nothing.
  const delays = mock.faults.list().some((fault) => fault.delayMs !== undefined);
  const request = toMockRequest(req, method, target, origin, body, delays ? clientGone(res) : undefined);
  const response = request && (await router(request));
  if (!response) {
    stamp(res, mock);
    writeJson(res, 404, { error: '404 Not Found' });
    return;
  }
  sendSoon(req, res, response);
}

/** The inspector's page (at `/` of a world, for a client asking for HTML) or one of its assets; undefined otherwise. */
function inspectorPage(req: IncomingMessage, rest: string) {
  const [path = '/'] = rest.split('?');
  if (path.startsWith(INSPECTOR_ASSETS) && path !== INSPECTOR_ASSETS)
    return inspectorAsset(path.slice(INSPECTOR_ASSETS.length));
  if (path === '/' && rest !== '' && wantsHtml(req.headers.accept)) return inspectorAsset('');
  return undefined;
}

/**
 * A node:http server that answers GitLab REST API v4 requests from a mock:
 * each request's path and query are put on the mock's origin (so
 * `http://127.0.0.1:PORT/api/v4/...` is answered by a mock whose `baseUrl` is
 * `http://gitlab.test`), answered by the mock's router, and written back with
 * CORS headers for browser apps. Requests outside `/api/v4` and `/__mock`
 * answer 404 `{"error":"404 Not Found"}`; a failure inside the server answers
 * 500 and is logged on stderr, never crashing the process. The `/__mock`
 * admin routes are open: named worlds, the admin token and persistence are
 * {@link startMockServer}'s. The server is not listening yet: call `listen`
 * yourself, or use {@link startMockServer}.
 *
 * @param mock - The mock GitLab whose world answers the requests.
 * @returns A node:http server, not yet listening.
 *
 * @example
 * ```ts
 * import { createMockGitLab } from 'gitlab-admin-sdk/mock';
 * import { createMockHttpServer } from 'gitlab-admin-sdk/mock/node';
 *
 * const mock = createMockGitLab({
 *   seed: {
 *     users: [{ username: 'root', admin: true, token: 'glpat-root-0000000000000000' }],
 *     groups: [{ path: 'acme' }],
 *     projects: [{ path: 'acme/api', milestones: [{ title: 'v1.0' }] }],
 *   },
 * });
 * const server = createMockHttpServer(mock);
 * server.listen(4010, '127.0.0.1');
 * // curl -H 'PRIVATE-TOKEN: glpat-root-0000000000000000' http://127.0.0.1:4010/api/v4/projects/acme%2Fapi/milestones
 * ```
 */
export function createMockHttpServer(mock: MockGitLabCore): Server {
  const site: Site = { main: mock, admin: { open: true } };
  return serve(() => site);
}

/** The server, with what it serves looked up per request (so {@link startMockServer} can bind before the mock exists). */
function serve(getSite: () => Site | undefined): Server {
  return createServer((req, res) => {
    answer(getSite, req, res).catch((error: unknown) => fail(req, res, error));
  });
}

/** Answers a request that failed inside the server: 413 for a body too large, else 500, logged on stderr. */
function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (error instanceof ClientGone) {
    res.destroy();
    return;
  }
  if (error instanceof BodyTooLarge) {
    res.shouldKeepAlive = false;
    if (!res.headersSent) writeJson(res, 413, { message: '413 Request Entity Too Large' });
    return;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`[gitlab-admin-sdk mock server] ${req.method} ${req.url}: ${message}\n`);
  if (res.headersSent) res.destroy();
  else writeJson(res, 500, { message: '500 Internal Server Error' });
}

/**
 * Options of {@link startMockServer}.
 *
 * @example
 * ```ts
 * import type { MockServerOptions } from 'gitlab-admin-sdk/mock/node';
 *
 * const options: MockServerOptions = {
 *   port: 0,
 *   seed: { users: [{ username: 'root', admin: true, token: 'glpat-root-0000000000000000' }] },
 *   now: '2026-06-01T09:00:00Z',
 * };
 * ```
 */
export interface MockServerOptions {
  /** Port to listen on; `0` takes a free port. Default `4010`. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** A seed document describing the world (the same JSON the CLI's `--seed` takes). */
  seed?: SeedDocument;
  /** Start of the world clock; default the seed's `now`. `'real'`: the real time, and the clock runs. */
  now?: MockGitLabOptions['now'];
  /** Seed of the random source every made-up token and secret comes from. Default 1. */
  randomSeed?: number;
  /** Most named worlds (`/worlds/NAME`) at once; a new one past it answers 503. Default 64. */
  maxWorlds?: number;
  /** Entries each world's request journal keeps (`GET /__mock/requests`). Default 1000. */
  journal?: number;
  /**
   * A file the default world is kept in (SPEC 6): loaded at start when it exists (instead of
   * `seed`), written after changes at most once a second (to a temporary file renamed over it,
   * so it is always a whole document) and on `close()`.
   */
  stateFile?: string;
  /**
   * The token the `/__mock` admin routes require, in the `X-Mock-Admin-Token` header, when
   * `host` is not loopback (on loopback they are open). Without one they answer 403 there.
   */
  adminToken?: string;
  /**
   * Whether the OAuth sign-in page lists the world's users to sign in as with one click, without a
   * password (`--sign-in-list on|off`). Default: on when `host` is loopback, off otherwise.
   */
  signInList?: boolean;
  /** Webhook delivery: the receivers' timeout and the hosts besides loopback the mock may call (`--allow-webhook-host`). */
  webhooks?: MockWebhookOptions;
}

/**
 * A mock GitLab listening on a real port, from {@link startMockServer}.
 *
 * @example
 * ```ts
 * import { startMockServer, type RunningMockServer } from 'gitlab-admin-sdk/mock/node';
 *
 * const running: RunningMockServer = await startMockServer({ port: 0 });
 * console.log(`${running.url}/api/v4`, running.mock.clock.now());
 * await running.close();
 * ```
 */
export interface RunningMockServer {
  /** Where the server listens, `http://HOST:PORT` without a trailing slash; the API is under `/api/v4`. */
  readonly url: string;
  /** The default world's mock (at the root); its `baseUrl` is {@link RunningMockServer.url}. */
  readonly mock: MockGitLabCore;
  /** A named world's mock (`/worlds/NAME`), or `undefined` while it has not been made. */
  world(name: string): MockGitLabCore | undefined;
  /** The underlying node:http server. */
  readonly server: Server;
  /** Stops listening and drops every open connection (keep-alive ones too). */
  close(): Promise<void>;
}

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Starts a mock GitLab on a real port. It binds first, then creates the mock
 * with `baseUrl` set to the real `http://HOST:PORT`, so `web_url` fields and
 * pagination `Link` headers point at the server itself. An invalid seed
 * rejects with a `SeedError` before anything is bound.
 *
 * @param options - Port (default 4010, 0 for a free one), host (default 127.0.0.1), seed, clock and random seed.
 * @returns The server's URL, its mock, the node:http server and `close()`.
 *
 * @example
 * ```ts
 * import { demoSeed } from 'gitlab-admin-sdk/mock';
 * import { startMockServer } from 'gitlab-admin-sdk/mock/node';
 *
 * const { url, mock, close } = await startMockServer({ port: 0, seed: demoSeed });
 * const response = await fetch(`${url}/api/v4/projects/acme%2Fplatform%2Fapi/milestones`, {
 *   headers: { 'PRIVATE-TOKEN': mock.users.maria!.token },
 * });
 * console.log(response.headers.get('x-total'));
 * await close();
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<RunningMockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const maxWorlds = options.maxWorlds ?? DEFAULT_MAX_WORLDS;
  if (!Number.isInteger(maxWorlds) || maxWorlds < 0) throw new TypeError(`Invalid maxWorlds: ${String(maxWorlds)}`);
  const saved = options.stateFile === undefined ? undefined : readStateFile(options.stateFile);
  const logged = new Set<string>();
  const mockOptions = {
    seed: options.seed,
    now: options.now,
    randomSeed: options.randomSeed,
    journal: options.journal,
    signInList: options.signInList ?? isLoopback(host),
    webhooks: options.webhooks,
    // Once per route and server, whichever world met it: a client polling one must not flood the log.
    onUnmodelled: (route: string) => {
      if (logged.has(route)) return;
      logged.add(route);
      process.stderr.write(`[gitlab-admin-sdk mock server] not modelled by this mock: ${route} (answered 404)\n`);
    },
  };
  // Refuse a bad seed (or clock, or journal size) before binding anything: the real mock needs the bound port.
  createMockGitLabCore(mockOptions);

  let site: Site | undefined;
  const server = serve(() => site);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = formatUrl(host, address.port);
  let mock: MockGitLabCore;
  try {
    mock = createMockGitLabCore({ ...mockOptions, baseUrl: url });
    if (saved !== undefined) mock.loadState(saved);
  } catch (error) {
    server.closeAllConnections();
    server.close();
    throw error;
  }
  const worlds = new Worlds((baseUrl) => createMockGitLabCore({ ...mockOptions, baseUrl }), url, maxWorlds);
  const persisted = options.stateFile === undefined ? undefined : persist(mock, options.stateFile);
  site = {
    main: mock,
    worlds,
    admin: { open: isLoopback(host), token: options.adminToken },
    changed: persisted?.changed,
  };

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      persisted?.stop();
    });
    return closing;
  };
  return { url, mock, world: (name) => worlds.find(name)?.mock, server, close };
}

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeEach, expect, type RunnerTestFile, vi } from 'vitest';

/**
 * The recorder of the behaviour trace (run.ts says what the trace is for and how to take one): a
 * vitest setup file that run.ts adds to the node suite, so it runs in each test file's process before
 * the file. It wraps the mock at four boundaries, records what crosses them per test, and after the
 * file's last hook writes `$BEHAVIOUR_TRACE_OUT/<test file>.json`. Without that variable it records
 * nothing and writes nothing.
 */

/** The boundaries wrapped, by channel: what each hook saw in this file (the trace's `hooks`). */
type HookState = 'not imported by this file' | 'wrapped' | `missing export ${string}` | 'module missing';

const trace = vi.hoisted(() => {
  type Json = unknown;
  type Fn = (...args: unknown[]) => unknown;
  interface Bucket {
    test: string;
    id?: string;
    exchanges: Record<string, Json>[];
    journal: Json[];
    deliveries: Json[];
  }
  interface MockLike {
    world?: object;
    webhooks?: Record<string, unknown> & { deliveries?: { id?: unknown }[] };
  }
  interface JournalLike {
    size?: number;
    lastSeq?: number;
    since?: (seq: number) => readonly unknown[];
    list?: () => unknown[];
    record(world: object, entry: Record<string, unknown>, exchange?: unknown): unknown;
  }

  const enabled = Boolean(process.env.BEHAVIOUR_TRACE_OUT);
  /** Bodies longer than this are kept as their length and digest. */
  const LONG_BODY = 64 * 1024;
  const hooks: Record<'mock' | 'router' | 'oauthRouter' | 'journal', HookState> = {
    mock: 'not imported by this file',
    router: 'not imported by this file',
    oauthRouter: 'not imported by this file',
    journal: 'not imported by this file',
  };
  const first: Bucket = { test: '(before the first test)', exchanges: [], journal: [], deliveries: [] };
  const buckets: Bucket[] = [first];
  let current = first;
  /** Request bodies still being read (they are read after the answer, never before it). */
  const pending = new Set<Promise<unknown>>();
  /** The mock that owns a world, so a journalled delivery can be read from its `mock.webhooks`. */
  const owners = new WeakMap<object, MockLike>();

  const seen = new Map<string, number>();
  const startTest = (test: string, id: string) => {
    const times = (seen.get(test) ?? 0) + 1;
    seen.set(test, times);
    current = { test: times === 1 ? test : `${test} #${times}`, id, exchanges: [], journal: [], deliveries: [] };
    buckets.push(current);
  };

  /** A body as the trace keeps it: JSON parsed (diffs then name the field), else the text; a long one as its digest. */
  const bodyOf = (text: string | null | undefined): Json => {
    if (text === null || text === undefined || text === '') return text ?? null;
    if (text.length > LONG_BODY) {
      // Digested as normalise() would leave it: a multipart body's boundary is random.
      const fixed = text.replace(/formdata-undici-\d{12}/g, 'formdata-undici-<boundary>');
      const { createHash } = process.getBuiltinModule('node:crypto');
      return `<${text.length} characters, sha256 ${createHash('sha256').update(fixed).digest('hex')}>`;
    }
    // JSON nested deeper than this is kept as text: parsing it, or writing it out again, would
    // overflow the stack (the JSON limits' tests send bodies 1,000,000 deep).
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x5b || c === 0x7b) {
        if (++depth > 100) return text;
      } else if (c === 0x5d || c === 0x7d) depth--;
    }
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };

  type Router = (request: { method: string; url: URL | string; text?: () => Promise<string> }) => unknown;

  /** A router that records each request it answers, in the order requests reach it. */
  const traceRouter = (router: Router, via: string): Router =>
    function traced(this: unknown, request) {
      const slot: Record<string, Json> = { via, method: request.method, url: String(request.url) };
      const bucket = current;
      bucket.exchanges.push(slot);
      const answered = (response: unknown) => {
        if (response === undefined) {
          bucket.exchanges.splice(bucket.exchanges.indexOf(slot), 1);
          return response;
        }
        const { status, headers, body } = response as {
          status: number;
          headers: Record<string, string>;
          body: string | null;
        };
        if (request.method !== 'GET' && request.method !== 'HEAD' && typeof request.text === 'function') {
          // Read after the answer, off its path: the request's text is read once and kept, so the
          // router reads the same text, and the answer is not held back by the trace.
          const read = request.text().then(
            (text) => {
              slot.body = bodyOf(text);
            },
            (error: unknown) => {
              slot.body = `<unreadable: ${String(error)}>`;
            },
          );
          pending.add(read);
          void read.finally(() => pending.delete(read));
        }
        Object.assign(slot, { status, headers: { ...headers }, response: bodyOf(body) });
        return response;
      };
      let result: unknown;
      try {
        result = router.call(this, request);
      } catch (error) {
        slot.threw = String(error);
        throw error;
      }
      if (result instanceof Promise) {
        return result.then(answered, (error: unknown) => {
          slot.threw = String(error);
          throw error;
        });
      }
      return answered(result);
    };

  /** A router factory whose routers are traced. */
  const traceRouterFactory = (factory: Fn, via: string): Fn =>
    function tracedFactory(this: unknown, ...args) {
      const router = factory.apply(this, args);
      return typeof router === 'function' ? traceRouter(router as Router, via) : router;
    };

  /** A mock factory (`createMockGitLabCore`...) whose mocks are known by their world. */
  const traceMockFactory = (factory: Fn): Fn =>
    function tracedMockFactory(this: unknown, ...args) {
      const mock = factory.apply(this, args) as MockLike | undefined;
      if (!mock || typeof mock !== 'object' || !mock.world) return mock;
      owners.set(mock.world, mock);
      // What empties the delivery log reads the deliveries not yet read first.
      const targets: [Record<string, unknown> | undefined, string][] = [
        [mock as Record<string, unknown>, 'reset'],
        [mock as Record<string, unknown>, 'loadState'],
        [mock.webhooks, 'clear'],
      ];
      for (const [target, key] of targets) {
        const original = target?.[key];
        if (target && typeof original === 'function') {
          target[key] = function readFirst(this: unknown, ...rest: unknown[]) {
            readDeliveries(mock);
            return original.apply(this, rest);
          };
        }
      }
      return mock;
    };

  /**
   * Deliveries journalled but not yet read from their mock's `mock.webhooks.deliveries`, which copies
   * the whole log each time: read in batches, before the log can lose them (a reset, a clear, 1000 more).
   */
  const unread = new Map<MockLike, { slot: Record<string, Json>; id: unknown }[]>();
  const readDeliveries = (mock: MockLike) => {
    const slots = unread.get(mock);
    if (!slots) return;
    unread.delete(mock);
    const log = new Map((mock.webhooks?.deliveries ?? []).map((delivery) => [delivery.id, delivery]));
    for (const { slot, id } of slots) {
      Object.assign(slot, log.get(id) ?? { missing: 'gone from mock.webhooks.deliveries before the trace read it' });
    }
  };
  const readAllDeliveries = () => {
    for (const mock of [...unread.keys()]) readDeliveries(mock);
  };

  /** One journal entry, and for a webhook delivery's entry a place for the delivery, read from its mock later. */
  const journalled = (
    journal: JournalLike,
    world: object,
    entry: Record<string, unknown>,
    before: number | undefined,
  ) => {
    const bucket = current;
    if (journal.size !== 0) {
      // The entry as stored (numbered, secrets redacted), else the one given.
      const stored =
        typeof journal.since === 'function' && before !== undefined && (journal.lastSeq ?? 0) > before
          ? journal.since(before).at(-1)
          : typeof journal.list === 'function'
            ? journal.list().at(-1)
            : entry;
      const copy = structuredClone(stored) as Record<string, unknown>;
      for (const key of ['query', 'body']) {
        const text = copy?.[key] === undefined ? undefined : JSON.stringify(copy[key]);
        if (text !== undefined && text.length > LONG_BODY) copy[key] = bodyOf(text);
      }
      bucket.journal.push(copy);
    }
    const webhook = entry.webhook as { delivery?: unknown } | undefined;
    if (webhook?.delivery === undefined) return;
    const slot: Record<string, Json> = { id: webhook.delivery };
    bucket.deliveries.push(slot);
    const mock = owners.get(world);
    if (!mock) {
      slot.missing = 'no mock made by createMock* owns this world';
      return;
    }
    const slots = unread.get(mock) ?? [];
    slots.push({ slot, id: webhook.delivery });
    unread.set(mock, slots);
    if (slots.length >= 100) readDeliveries(mock);
  };

  /** `Journal` with `record` seen: the journal channel, and the cue for the delivery channel. */
  const traceJournalClass = (Base: new (...args: unknown[]) => JournalLike) =>
    class TracedJournal extends Base {
      override record(world: object, entry: Record<string, unknown>, exchange?: unknown): unknown {
        const before = this.lastSeq;
        const result = super.record(world, entry, exchange);
        journalled(this, world, entry, before);
        return result;
      }
    };

  /** A module with one export replaced, or as it is (and the hook marked missing) when it lacks it. */
  const hook = (
    channel: keyof typeof hooks,
    module: Record<string, unknown>,
    names: RegExp,
    wrap: (value: Fn) => unknown,
  ): Record<string, unknown> => {
    if (!enabled) return module;
    const found = Object.keys(module).filter((name) => names.test(name) && typeof module[name] === 'function');
    if (found.length === 0) {
      // Another of the channel's paths may have been wrapped already.
      if (hooks[channel] !== 'wrapped') hooks[channel] = `missing export ${names.source}`;
      return module;
    }
    hooks[channel] = 'wrapped';
    return { ...module, ...Object.fromEntries(found.map((name) => [name, wrap(module[name] as Fn)])) };
  };

  return {
    enabled,
    hooks,
    buckets,
    pending,
    startTest,
    readAllDeliveries,
    hook,
    traceRouterFactory,
    traceMockFactory,
    traceJournalClass,
  };
});

// The four boundaries (paths from this file). Each hook is tolerant: a module that is gone leaves its
// channel empty and the trace's `hooks` says so; a module without the export likewise. When a
// refactoring moves one, add a vi.mock of the new path beside the old one (and it to HOOK_FILES): a
// path that does not exist is never imported, so the same file traces the commits before and after.
vi.mock('../../mock/mock.ts', async (importOriginal) =>
  trace.hook('mock', await importOriginal(), /^createMock/, trace.traceMockFactory),
);
vi.mock('../../mock/http/router.ts', async (importOriginal) =>
  trace.hook('router', await importOriginal(), /^createRouter$/, (f) => trace.traceRouterFactory(f, 'api')),
);
vi.mock('../../mock/handlers/oauth.ts', async (importOriginal) =>
  trace.hook('oauthRouter', await importOriginal(), /^createOAuthRouter$/, (f) => trace.traceRouterFactory(f, 'oauth')),
);
// Issue 36 moved createOAuthRouter from handlers/oauth.ts to http/oauth-router.ts.
vi.mock('../../mock/http/oauth-router.ts', async (importOriginal) =>
  trace.hook('oauthRouter', await importOriginal(), /^createOAuthRouter$/, (f) => trace.traceRouterFactory(f, 'oauth')),
);
vi.mock('../../mock/http/journal.ts', async (importOriginal) =>
  trace.hook('journal', await importOriginal(), /^Journal$/, (f) =>
    trace.traceJournalClass(f as unknown as new (...args: unknown[]) => never),
  ),
);

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where each channel's module may be, for `module missing`. */
const HOOK_FILES: Record<string, string[]> = {
  mock: ['mock/mock.ts'],
  router: ['mock/http/router.ts'],
  oauthRouter: ['mock/handlers/oauth.ts', 'mock/http/oauth-router.ts'],
  journal: ['mock/http/journal.ts'],
};

/** 32-bit FNV-1a of a text: the seed of a test's random source. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Mulberry32: bytes of a seeded random source. */
let state = 0;
function nextByte(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) & 0xff;
}

if (trace.enabled) {
  // Every random value the mock or the SDK takes from Web Crypto (webhook UUIDs, PKCE verifiers)
  // comes from a source seeded by the test's name; fast-check's runs from one seed.
  const webCrypto = globalThis.crypto;
  const getRandomValues = webCrypto.getRandomValues.bind(webCrypto);
  Object.defineProperty(webCrypto, 'getRandomValues', {
    configurable: true,
    writable: true,
    value: <T extends ArrayBufferView | null>(array: T): T => {
      if (!ArrayBuffer.isView(array) || array instanceof Float32Array || array instanceof Float64Array) {
        return getRandomValues(array as never) as T;
      }
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = nextByte();
      return array;
    },
  });
  Object.defineProperty(webCrypto, 'randomUUID', {
    configurable: true,
    writable: true,
    value: (): `${string}-${string}-${string}-${string}-${string}` => {
      const b = Array.from({ length: 16 }, nextByte);
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
      const hex = b.map((x) => x.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  });
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: 20261128 });

  let fileTask: (RunnerTestFile & { filepath?: string }) | undefined;
  beforeEach((context) => {
    fileTask ??= context.task.file;
    const names: string[] = [];
    for (let task: { name: string; suite?: unknown } | undefined = context.task; task; ) {
      names.unshift(task.name);
      task = task.suite as typeof task;
    }
    // The file's own suite has the file's name: left out.
    const test = names.slice(1).join(' > ');
    state = hash(test);
    trace.readAllDeliveries();
    trace.startTest(test, context.task.id);
  });

  afterAll(async () => {
    const file = fileTask?.filepath ?? expect.getState().testPath ?? 'unknown';
    await Promise.race([Promise.allSettled([...trace.pending]), new Promise((done) => setTimeout(done, 5000))]);
    trace.readAllDeliveries();
    const states = new Map<string, string>();
    const walk = (task: { id: string; tasks?: unknown[]; result?: { state?: string } }) => {
      if (task.result?.state) states.set(task.id, task.result.state);
      for (const child of task.tasks ?? []) walk(child as typeof task);
    };
    if (fileTask) walk(fileTask as never);
    const hooks = Object.fromEntries(
      Object.entries(trace.hooks).map(([channel, state]) => [
        channel,
        state === 'not imported by this file' && !HOOK_FILES[channel]?.some((path) => existsSync(join(ROOT, path)))
          ? 'module missing'
          : state,
      ]),
    );
    const tests = trace.buckets
      .filter((b) => b.id !== undefined || b.exchanges.length + b.journal.length + b.deliveries.length > 0)
      .map((b) => ({
        test: b.test,
        ...(b.id !== undefined && { state: states.get(b.id) ?? 'unknown' }),
        exchanges: b.exchanges,
        ...canonicalDeliveries(b.journal as Entry[], b.deliveries as Entry[]),
      }));
    const count = (key: 'exchanges' | 'journal' | 'deliveries') => tests.reduce((n, t) => n + t[key].length, 0);
    const name = relative(ROOT, file);
    const out = join(process.env.BEHAVIOUR_TRACE_OUT as string, `${name}.json`);
    mkdirSync(dirname(out), { recursive: true });
    const counts = {
      tests: tests.length,
      exchanges: count('exchanges'),
      journal: count('journal'),
      deliveries: count('deliveries'),
    };
    writeFileSync(out, `${JSON.stringify(normalise({ file: name, hooks, counts, tests }), null, 1)}\n`);
  });
}

type Entry = Record<string, unknown> & { webhook?: { delivery?: unknown } };

/**
 * A test's journal and deliveries with what the timing of receivers decides taken out. Different
 * hooks' deliveries run side by side, so the order they finish in, and with it the numbers they get
 * (the delivery's `id`, its journal entry's `seq`), is the network's. A delivery's journal entry goes
 * with the delivery (without those numbers), and deliveries are ordered by hook, keeping the order
 * of each hook's own deliveries, which is the mock's.
 */
function canonicalDeliveries(journal: Entry[], deliveries: Entry[]) {
  const entries = new Map(journal.filter((e) => e.webhook).map((e) => [e.webhook?.delivery, e]));
  const delivered = deliveries.map((delivery) => {
    const { id, ...rest } = delivery;
    const entry = entries.get(id);
    entries.delete(id);
    if (!entry) return rest;
    const { seq: _seq, webhook, ...logged } = entry;
    const { delivery: _id, ...hook } = webhook ?? {};
    return { ...rest, journal: { ...logged, webhook: hook } };
  });
  const hookOf = (d: Entry) => `${String(d.hook_type)}:${String(d.hook_id).padStart(9, '0')}`;
  return {
    // Delivery entries with no delivery to go with (none read from a mock) stay where they were.
    journal: journal.filter((e) => !e.webhook || entries.has(e.webhook.delivery)),
    deliveries: delivered
      .map((d, i) => ({ d, i }))
      .sort((a, b) => hookOf(a.d).localeCompare(hookOf(b.d)) || a.i - b.i)
      .map(({ d }) => d),
  };
}

/** Keys whose numbers are wall-clock durations. */
const DURATION_KEYS = new Set(['ms', 'execution_duration']);
/** An HTTP date (a receiver's `Date` header). */
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const JWT = /\beyJ[\w-]*\.eyJ[\w-]*\.[\w-]*/g;
const BOUNDARY = /formdata-undici-\d{12}/g;
const LOOPBACK_PORT = /(?:127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0):(\d{4,5})\b/g;
/** The real time around this run: a time in it comes from a clock that follows real time (`now: 'real'`). */
const DAY = 24 * 3600_000;
const RUN_STARTED = Date.now();
const isWallClock = (ms: number) => ms > RUN_STARTED - DAY && ms < Date.now() + DAY;

/**
 * The trace with what cannot be made deterministic replaced (run.ts lists each): durations, times
 * from the real clock, receivers' `Date` headers, loopback ports, the checkout's path, multipart
 * boundaries, the OpenID signing key and what it signs, and UUIDs (numbered per test).
 */
function normalise(trace: { tests: unknown[] } & Record<string, unknown>): unknown {
  // Ports the OS chose for servers on loopback, numbered in order of appearance: every mention of the
  // number in a string (`port 39215` in an error) becomes the same name; numbers are left alone.
  const ports = new Map<string, string>();
  for (const match of JSON.stringify(trace).matchAll(LOOPBACK_PORT)) {
    const port = match[1] as string;
    if (!ports.has(port)) ports.set(port, `<port${ports.size + 1}>`);
  }
  const portWord = ports.size > 0 ? new RegExp(`\\b(?:${[...ports.keys()].join('|')})\\b`, 'g') : undefined;

  const clean = (value: unknown, key: string, uuids: Map<string, string>): unknown => {
    if (typeof value === 'number') {
      if (DURATION_KEYS.has(key)) return '<duration>';
      // Epoch seconds or milliseconds (`created_at`, `iat`, `exp` of tokens) on the real clock.
      return Number.isInteger(value) && (isWallClock(value * 1000) || isWallClock(value)) ? '<wall-clock>' : value;
    }
    if (typeof value === 'string') {
      if (key.toLowerCase() === 'date' && HTTP_DATE.test(value)) return '<http-date>';
      if (ISO_TIME.test(value) && isWallClock(Date.parse(value))) return '<wall-clock>';
      if (key === 'kid') return '<key id>';
      const jwt = value.match(JWT);
      if (jwt?.[0] === value) return { jwt: clean(decodeJwt(value), key, uuids) };
      let text = value.includes(ROOT) ? value.split(ROOT).join('<root>') : value;
      if (jwt) text = text.replace(JWT, (token) => `<jwt ${JSON.stringify(clean(decodeJwt(token), key, uuids))}>`);
      if (portWord) text = text.replace(portWord, (port) => ports.get(port) as string);
      return text.replace(BOUNDARY, 'formdata-undici-<boundary>').replace(UUID, (uuid) => {
        const lower = uuid.toLowerCase();
        if (!uuids.has(lower)) uuids.set(lower, `<uuid${uuids.size + 1}>`);
        return uuids.get(lower) as string;
      });
    }
    if (Array.isArray(value)) return value.map((item) => clean(item, key, uuids));
    if (typeof value === 'object' && value !== null) {
      // A public key of the OpenID provider (`/oauth/discovery/keys`): made anew by each mock.
      const jwk = 'kty' in value;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, jwk && k === 'n' ? '<modulus>' : clean(v, k, uuids)]),
      );
    }
    return value;
  };
  const { tests, ...head } = trace;
  return {
    ...(clean(head, '', new Map()) as object),
    tests: tests.map((test) => clean(test, '', new Map())),
  };
}

/** A JWT's header and claims; its signature is the random signing key's. */
function decodeJwt(token: string): unknown {
  const [header, payload] = token.split('.').map((part) => {
    try {
      return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    } catch {
      return part;
    }
  });
  return { header, payload };
}

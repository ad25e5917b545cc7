import type { World } from '../world/types.js';

/**
 * The request journal (SPEC 6): what a world was asked and what it answered,
 * oldest first, bounded, with every token, password and secret replaced by
 * `[REDACTED]` before it is stored.
 * @module
 */

/** One API request as the journal records it. */
export interface JournalEntry {
  /**
   * The entry's number in its world: 1 for the first request, one more for each next one, never
   * reused (not even after `clear()` or a reset), so a reader can say where it stopped
   * (`Last-Event-ID` of `GET /__mock/requests/stream`).
   */
  seq: number;
  /** When, on the world clock (ISO 8601). */
  at: string;
  /**
   * When the request arrived, on this machine's clock (ISO 8601): what a person watching the
   * journal recognises, where `at` is the world's (often standing) clock.
   */
  received_at: string;
  /** `GET`, `POST`... */
  method: string;
  /** The path as sent, from `/api/v4` on (without the base URL's own path). */
  path: string;
  /** The query parameters (`a[]=1&a[]=2` as an array), secrets redacted. */
  query: Record<string, unknown>;
  /** The body parameters (JSON, form or multipart), secrets redacted; `null` when there was none or it did not parse. */
  body: Record<string, unknown> | null;
  /** The status answered; `0` for a dropped connection (an injected fault). */
  status: number;
  /** The username of the caller the token authenticated, or `null`. */
  user: string | null;
  /** Milliseconds the mock took to answer (injected delays included). */
  ms: number;
  /** For a refused request (4xx): which rule refused it, in plain words. */
  reason?: string;
  /**
   * Present when the entry is a webhook delivery the mock made (its `path` is then the URL called,
   * `status` the receiver's, 0 for no answer, and `reason` why it failed): which delivery of
   * `mock.webhooks.deliveries`, which hook, and its `X-Gitlab-Event`.
   */
  webhook?: {
    /** The delivery's `id` in `mock.webhooks.deliveries`. */
    delivery: number;
    /** The hook's id. */
    hook_id: number;
    /** What kind of hook. */
    hook_type: 'project' | 'group' | 'system';
    /** The `X-Gitlab-Event` sent (`Merge Request Hook`...). */
    event: string;
  };
}

/** What the journal keeps of one request beyond its entry: its headers and the answer. */
export interface JournalExchange {
  /** The request's headers (names in lower case); tokens, cookies and other secrets `[REDACTED]`. */
  request_headers: Record<string, string>;
  /** The answer: its status, headers and body (at most the first 4,000 characters), secrets `[REDACTED]`. */
  response: {
    /** The status answered; `0` for a dropped connection. */
    status: number;
    /** The answer's headers (names in lower case). */
    headers: Record<string, string>;
    /** The body as text, cut after 4,000 characters (`…[N characters]`); `null` when there was none. */
    body: string | null;
  };
}

/** The journal of a mock: `mock.requests`. */
export interface MockRequests {
  /** The requests recorded, oldest first (a copy). */
  list(): JournalEntry[];
  /**
   * One request with its headers and the answer (what an inspector shows when a row is opened),
   * while the journal still keeps it; `undefined` once it is gone. Only the last 50 requests keep
   * their headers and answer: older entries come with none (`{}` and a `null` body).
   */
  get(seq: number): (JournalEntry & JournalExchange) | undefined;
  /** Forgets them all. */
  clear(): void;
}

/** Default number of entries a journal keeps (`journal` option, `--journal`). */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** What the journal records in place of a token, password or secret. */
export const REDACTED = '[REDACTED]';

/** Parameter names whose values are secrets whatever they hold (a hook's URL variables and custom headers included). */
const SECRET_KEY = /token|password|secret|authorization|url_variables|custom_headers/i;

/** A hook's per-key routes (`…/hooks/:hook_id/url_variables/:key`): every parameter there is a secret value. */
const HOOK_SECRET_PATH = /\/hooks\/[^/]+\/(?:url_variables|custom_headers)\/[^/]+$/;

/** Parameters with every value `[REDACTED]`, the names kept. */
const allRedacted = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(params).map((k) => [k, REDACTED]));

/** Told of each entry as it is recorded, and of `null` when the journal is emptied. */
export type JournalListener = (entry: JournalEntry | null) => void;

/** The bounded journal of one world: a ring of `size` entries, so a full journal drops its oldest without copying. */
/** An exchange as recorded: raw (the answer's body already cut), redacted only when read. */
export interface RawExchange {
  requestHeaders: Readonly<Record<string, string | string[] | undefined>>;
  responseHeaders: Record<string, string>;
  body: string | null;
}

/**
 * How much of an answer's body the journal keeps: enough to read, and bounded (1000 entries of a
 * world keep at most 4 MB of answers).
 */
const KEPT_BODY = 4000;

/** How many of the latest requests keep their headers and answer. */
export const KEPT_EXCHANGES = 50;

export class Journal implements MockRequests {
  #entries: JournalEntry[] = [];
  /**
   * The exchanges of the last {@link KEPT_EXCHANGES} requests, by `seq`, oldest first: few enough
   * that their answers die young in the garbage collector (kept for all 1000 entries, they cost
   * the server about 10% of its throughput).
   */
  #exchanges = new Map<number, RawExchange>();
  /** Where the oldest entry is, once the ring is full. */
  #start = 0;
  /** The last entry's `seq`. */
  #seq = 0;
  #listeners = new Set<JournalListener>();

  constructor(
    /** Most entries kept; the oldest are dropped. 0 records nothing. */
    readonly size: number = DEFAULT_JOURNAL_SIZE,
  ) {
    if (!Number.isInteger(size) || size < 0) throw new TypeError(`Invalid journal size: ${String(size)}`);
  }

  list(): JournalEntry[] {
    const ordered = [...this.#entries.slice(this.#start), ...this.#entries.slice(0, this.#start)];
    return ordered.map((entry) => structuredClone(entry));
  }

  get(seq: number): (JournalEntry & JournalExchange) | undefined {
    const index = this.#entries.findIndex((entry) => entry.seq === seq);
    const entry = this.#entries[index];
    if (!entry) return undefined;
    const exchange = this.#exchanges.get(seq);
    const secret = this.#secret;
    return {
      ...structuredClone(entry),
      request_headers: redactHeaders(exchange?.requestHeaders ?? {}, secret),
      response: {
        status: entry.status,
        headers: redactHeaders(exchange?.responseHeaders ?? {}, secret),
        body: exchange?.body == null ? null : redactBody(exchange.body, secret),
      },
    };
  }

  /** The world's secrets as of the last record (read lazily: the world is the journal's own). */
  #secret: (value: string) => boolean = () => false;

  clear(): void {
    this.#entries = [];
    this.#exchanges.clear();
    this.#start = 0;
    for (const listener of this.#listeners) listener(null);
  }

  /** The entries kept whose `seq` is above `seq`, oldest first (not copies: never change them). */
  since(seq: number): readonly JournalEntry[] {
    const ordered = [...this.#entries.slice(this.#start), ...this.#entries.slice(0, this.#start)];
    return ordered.filter((entry) => entry.seq > seq);
  }

  /** The `seq` the last entry recorded had (0 before any). */
  get lastSeq(): number {
    return this.#seq;
  }

  /** Calls `listener` with each entry recorded from now on; returns what stops it. */
  subscribe(listener: JournalListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Records one request; `entry`'s query and body are redacted against `world`'s secrets first. */
  record(
    world: World,
    entry: Omit<JournalEntry, 'seq' | 'received_at'>,
    exchange?: RawExchange,
    received?: number,
  ): void {
    if (this.size === 0) return;
    const secret = secretsOf(world);
    this.#secret = secret;
    const kept =
      exchange && exchange.body !== null && exchange.body.length > KEPT_BODY
        ? { ...exchange, body: `${exchange.body.slice(0, KEPT_BODY)}…[${exchange.body.length} characters]` }
        : exchange;
    this.#seq += 1;
    const hookSecret = HOOK_SECRET_PATH.test(entry.path.split('?')[0] ?? '');
    const recorded: JournalEntry = {
      seq: this.#seq,
      ...entry,
      received_at: isoTime(received ?? Date.now()),
      path: entry.path
        .split('/')
        .map((segment) => (secret(safeDecode(segment)) ? REDACTED : segment))
        .join('/'),
      query: hookSecret ? allRedacted(entry.query) : (redact(entry.query, secret) as Record<string, unknown>),
      body:
        entry.body === null
          ? null
          : hookSecret
            ? allRedacted(entry.body)
            : (redact(entry.body, secret) as Record<string, unknown>),
    };
    if (recorded.reason !== undefined) recorded.reason = redactText(recorded.reason, secret);
    if (this.#entries.length < this.size) {
      this.#entries.push(recorded);
    } else {
      this.#entries[this.#start] = recorded;
      this.#start = (this.#start + 1) % this.size;
    }
    if (kept) {
      this.#exchanges.set(recorded.seq, kept);
      if (this.#exchanges.size > KEPT_EXCHANGES) this.#exchanges.delete(this.#exchanges.keys().next().value as number);
    }
    for (const listener of this.#listeners) listener(recorded);
  }
}

/** The last time {@link isoTime} wrote: requests arriving in the same millisecond share its text. */
let lastTime = { ms: Number.NaN, text: '' };

/** `new Date(ms).toISOString()`, made once a millisecond (about 1 µs a request under load). */
function isoTime(ms: number): string {
  if (lastTime.ms !== ms) lastTime = { ms, text: new Date(ms).toISOString() };
  return lastTime.text;
}

/** Header names whose values are credentials. */
const SECRET_HEADER = /token|authorization|cookie|secret|password/i;

function redactHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  secret: (value: string) => boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name] = SECRET_HEADER.test(name) ? REDACTED : redactText(text, secret);
  }
  return out;
}

/**
 * An answer's body with its secrets redacted, as text (it may be cut in the middle of JSON):
 * the value of any JSON key named like a secret, and any word that is one of the world's secrets.
 */
function redactBody(body: string, secret: (value: string) => boolean): string {
  return body
    .replace(/("[\w-]*(?:token|password|secret)[\w-]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, `$1"${REDACTED}"`)
    .replace(/[\w.~+/=-]{6,}/g, (word) => (secret(word) ? REDACTED : word));
}

function safeDecode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Users' passwords, per users table: passwords never change, so the count of users and the last
 * user id tell when to rebuild (a deleted user and a new one leave the count as it was).
 */
const passwordSets = new WeakMap<World['users'], { version: string; passwords: Set<string> }>();

function passwordsOf(world: World): Set<string> {
  const version = `${world.users.size}:${world.lastId.users ?? 0}`;
  let cached = passwordSets.get(world.users);
  if (!cached || cached.version !== version) {
    cached = { version, passwords: new Set([...world.users.values()].map((user) => user.password)) };
    passwordSets.set(world.users, cached);
  }
  return cached.passwords;
}

/** Whether a string is one of the world's token values, passwords or application secrets. */
function secretsOf(world: World): (value: string) => boolean {
  return (value) => {
    if (value === '') return false;
    if (world.tokenIds.has(value) || value.startsWith('glpat-') || passwordsOf(world).has(value)) return true;
    for (const app of world.applications.values()) if (app.secret === value) return true;
    return false;
  };
}

/** Longest string, and most items or keys, an entry keeps of a value: a bound journal must not hold ten 10 MiB bodies. */
export const MAX_RECORDED = { characters: 1000, items: 100 };

/**
 * A copy of a parameter value with secrets replaced (by key name, or because the value is a
 * known secret), and long strings, lists and objects cut to {@link MAX_RECORDED}.
 */
function redact(value: unknown, secret: (value: string) => boolean, key = ''): unknown {
  if (key !== '' && SECRET_KEY.test(key)) return REDACTED;
  if (typeof value === 'string') {
    if (secret(value)) return REDACTED;
    return value.length <= MAX_RECORDED.characters
      ? value
      : `${value.slice(0, MAX_RECORDED.characters)}…[${value.length} characters]`;
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_RECORDED.items).map((item) => redact(item, secret));
    return value.length <= MAX_RECORDED.items ? kept : [...kept, `…[${value.length} items]`];
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    const kept = entries.slice(0, MAX_RECORDED.items).map(([k, v]) => [k, redact(v, secret, k)]);
    if (entries.length > MAX_RECORDED.items) kept.push(['…', `[${entries.length} keys]`]);
    return Object.fromEntries(kept);
  }
  return value;
}

/** Words of a text that are secrets, replaced. */
function redactText(text: string, secret: (value: string) => boolean): string {
  return text
    .split(/(\s+)/)
    .map((word) => (secret(word) ? REDACTED : word))
    .join('');
}

import type { World } from '../world/types.js';

/**
 * The request journal (SPEC 6): what a world was asked and what it answered,
 * oldest first, bounded, with every token, password and secret replaced by
 * `[REDACTED]` before it is stored.
 * @module
 */

/** One API request as the journal records it. */
export interface JournalEntry {
  /** When, on the world clock (ISO 8601). */
  at: string;
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
}

/** The journal of a mock: `mock.requests`. */
export interface MockRequests {
  /** The requests recorded, oldest first (a copy). */
  list(): JournalEntry[];
  /** Forgets them all. */
  clear(): void;
}

/** Default number of entries a journal keeps (`journal` option, `--journal`). */
export const DEFAULT_JOURNAL_SIZE = 1000;

export const REDACTED = '[REDACTED]';

/** Parameter names whose values are secrets whatever they hold. */
const SECRET_KEY = /token|password|secret|authorization/i;

/** The bounded journal of one world: a ring of `size` entries, so a full journal drops its oldest without copying. */
export class Journal implements MockRequests {
  #entries: JournalEntry[] = [];
  /** Where the oldest entry is, once the ring is full. */
  #start = 0;

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

  clear(): void {
    this.#entries = [];
    this.#start = 0;
  }

  /** Records one request; `entry`'s query and body are redacted against `world`'s secrets first. */
  record(world: World, entry: JournalEntry): void {
    if (this.size === 0) return;
    const secret = secretsOf(world);
    const recorded: JournalEntry = {
      ...entry,
      path: entry.path
        .split('/')
        .map((segment) => (secret(safeDecode(segment)) ? REDACTED : segment))
        .join('/'),
      query: redact(entry.query, secret) as Record<string, unknown>,
      body: entry.body === null ? null : (redact(entry.body, secret) as Record<string, unknown>),
    };
    if (recorded.reason !== undefined) recorded.reason = redactText(recorded.reason, secret);
    if (this.#entries.length < this.size) {
      this.#entries.push(recorded);
    } else {
      this.#entries[this.#start] = recorded;
      this.#start = (this.#start + 1) % this.size;
    }
  }
}

function safeDecode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether a string is one of the world's token values, passwords or application secrets. */
function secretsOf(world: World): (value: string) => boolean {
  let known: Set<string> | undefined;
  return (value) => {
    if (value === '') return false;
    if (world.tokenIds.has(value) || value.startsWith('glpat-')) return true;
    known ??= new Set([
      ...[...world.users.values()].map((user) => user.password),
      ...[...world.applications.values()].map((app) => app.secret),
    ]);
    return known.has(value);
  };
}

/** A copy of a parameter value with secrets replaced: by key name, or because the value is a known secret. */
function redact(value: unknown, secret: (value: string) => boolean, key = ''): unknown {
  if (key !== '' && SECRET_KEY.test(key)) return REDACTED;
  if (typeof value === 'string') return secret(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map((item) => redact(item, secret));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, secret, k)]));
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

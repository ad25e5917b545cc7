import * as z from 'zod';
import { reasonPhrase } from '../../src/core/http-status.js';
import { invalid } from './invalid.js';
import type { MockRequest } from './mock-request.js';
import { DROPPED, type MockResponse, RETRY_LATER } from './respond.js';

/**
 * Fault injection: what a proxy or a struggling GitLab does to a request before
 * GitLab's logic sees it. A fault matches by method and path, may wait, then
 * answers a status of its choosing or drops the connection (or, with a delay
 * alone, lets the request through late). A fault that answers or drops never
 * reaches the world, so it changes nothing.
 * @module
 */

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function decodesAsUri(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
/** Longest delay a fault may ask for: over HTTP it is real time. */
export const MAX_FAULT_DELAY_MS = 60_000;

/** @internal The schema of {@link FaultSpec}: the seed document's `faults`, `mock.faults.add` and the CLI's admin route. */
export const FaultSpec = z
  .strictObject({
    /** Only requests with this method (`GET`, `POST`...; any case); default every method. `GET` also matches `HEAD`. */
    method: z.string().toUpperCase().pipe(z.enum(METHODS)).optional(),
    /**
     * Only requests to this path under `/api/v4`, such as `/projects/:id/access_tokens/:token_id/rotate`:
     * `:name` and `*` match one segment (an encoded project path like `acme%2Fapi` is one), `**` any rest;
     * write a project path encoded, as in the URL (`/projects/acme%2Fapi/milestones`). Default every path.
     */
    path: z
      .string()
      .regex(/^\/[^?#]*$/, 'expected a path under /api/v4, starting with / (without a query)')
      .refine(decodesAsUri, 'expected URL-encoded segments')
      .optional(),
    /** Answer this status (200-599) instead of GitLab. */
    status: z.int().min(200).max(599).optional(),
    /**
     * The body of that answer: a string is sent as it is (a truncated JSON document, an HTML error page),
     * anything else as JSON. Default `{"message":"502 Bad Gateway"}` for an error status, GitLab's
     * `Retry later` text for 429, `{}` for a success.
     */
    body: z.unknown().optional(),
    /** Headers of that answer; `Content-Type` defaults to `application/json` (`text/plain` for the default 429 body). */
    headers: z.record(z.string(), z.string()).optional(),
    /** Seconds to send in `Retry-After` with that answer. */
    retryAfter: z.int().min(0).optional(),
    /** Milliseconds to wait first (at most 60,000): then answer the status, drop, or let the request through. */
    delayMs: z.int().min(0).max(MAX_FAULT_DELAY_MS).optional(),
    /** Drop the connection: the client sees a network error, not a response. */
    drop: z.boolean().optional(),
    /** How many matching requests it affects before it expires; default every one until cleared. */
    times: z.int().min(1).optional(),
  })
  .refine((f) => f.status !== undefined || f.drop === true || f.delayMs !== undefined, {
    message: 'a fault needs status, drop or delayMs',
  })
  .refine((f) => !(f.drop === true && f.status !== undefined), { message: 'drop and status exclude each other' })
  .refine(
    (f) => f.status !== undefined || (f.body === undefined && f.headers === undefined && f.retryAfter === undefined),
    { message: 'body, headers and retryAfter need a status' },
  );

/**
 * A fault to inject: which requests it matches, and what happens to them. Set at least
 * one of `status`, `drop` and `delayMs`.
 * @interface
 */
export type FaultSpec = z.input<typeof FaultSpec>;

/** A fault in place: its spec (method upper case), an id, and how often it has struck. */
export interface InjectedFault extends Readonly<z.output<typeof FaultSpec>> {
  /** Its id, counting up from 1 in this mock. */
  readonly id: number;
  /** Requests it has matched so far. */
  readonly hits: number;
  /** Matches left before it expires; `null` when it has no `times`. */
  readonly remaining: number | null;
}

/** The faults of a mock: `mock.faults`. */
export interface MockFaults {
  /**
   * Injects a fault; the first fault (in the order added) that matches a request applies to it.
   * Throws a `TypeError` naming the bad field when the spec is invalid.
   */
  add(fault: FaultSpec): InjectedFault;
  /** The faults in place, oldest first; expired ones are gone. */
  list(): InjectedFault[];
  /** Removes one fault (by the object `add` returned, or its id); true when it was there. */
  remove(fault: InjectedFault | number): boolean;
  /** Removes every fault. */
  clear(): void;
}

type Active = { -readonly [K in keyof InjectedFault]: InjectedFault[K] } & { segments: string[] | null };

/** Checks a fault spec; throws a `TypeError` naming the first bad field. */
export function parseFault(input: unknown): z.output<typeof FaultSpec> {
  const result = FaultSpec.safeParse(input);
  if (result.success) return result.data;
  throw invalid('fault', result.error);
}

function pathMatches(pattern: string[], parts: readonly string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i] as string;
    if (segment === '**') return true;
    if (i >= parts.length) return false;
    if (segment !== '*' && !segment.startsWith(':') && segment !== parts[i]) return false;
  }
  return pattern.length === parts.length;
}

/** The faults of one mock, with the lookup the router makes for each request. */
export class FaultRegistry implements MockFaults {
  #faults: Active[] = [];
  #lastId = 0;

  add(input: FaultSpec): InjectedFault {
    const spec = parseFault(input);
    const fault: Active = {
      ...spec,
      id: ++this.#lastId,
      hits: 0,
      remaining: spec.times ?? null,
      // Compared with the request's decoded segments, so `acme%2Fapi` is one segment, `acme/api`.
      segments: spec.path === undefined ? null : spec.path.split('/').slice(1).map(decodeURIComponent),
    };
    Object.defineProperty(fault, 'segments', { enumerable: false });
    this.#faults.push(fault);
    return fault;
  }

  list(): InjectedFault[] {
    return [...this.#faults];
  }

  remove(fault: InjectedFault | number): boolean {
    const id = typeof fault === 'number' ? fault : fault.id;
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.id !== id);
    return this.#faults.length < before;
  }

  clear(): void {
    this.#faults = [];
  }

  /** The first fault matching a request (path segments under `/api/v4`, decoded); counts the hit. */
  take(method: string, parts: readonly string[]): InjectedFault | undefined {
    const fault = this.#faults.find(
      (f) =>
        (f.method === undefined || f.method === method || (f.method === 'GET' && method === 'HEAD')) &&
        (f.segments === null || pathMatches(f.segments, parts)),
    );
    if (!fault) return undefined;
    fault.hits += 1;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining === 0) this.remove(fault);
    }
    return fault;
  }
}

/** Waits `ms` (on the global timers, so fake timers drive it); false when `signal` aborts first. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (!signal) {
      setTimeout(() => resolve(true), ms);
      return;
    }
    if (signal.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Applies a fault to a request: waits its delay, then answers its status, or a network
 * error ({@link DROPPED}) for a drop or a client that gave up during the delay.
 * `undefined`: a delay alone, over; let GitLab answer.
 */
export async function applyFault(fault: InjectedFault, request: MockRequest): Promise<MockResponse | undefined> {
  if (fault.delayMs !== undefined && !(await wait(fault.delayMs, request.signal))) return DROPPED;
  if (fault.drop) return DROPPED;
  if (fault.status === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fault.headers ?? {})) headers[name.toLowerCase()] = value;
  if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
  const body = faultBody(fault.status, fault.body);
  if (headers['content-type'] === undefined && body !== null) {
    headers['content-type'] = fault.body === undefined && fault.status === 429 ? 'text/plain' : 'application/json';
  }
  return { status: fault.status, headers, body };
}

/** The body a status fault answers: the one given (a string as it is), else GitLab's for the status. */
function faultBody(status: number, body: unknown): string | null {
  if (body !== undefined) return typeof body === 'string' ? body : JSON.stringify(body);
  if (status === 429) return RETRY_LATER;
  if (status === 204 || status === 304) return null;
  if (status < 400) return '{}';
  return JSON.stringify({ message: `${status} ${reasonPhrase(status) ?? 'Error'}` });
}

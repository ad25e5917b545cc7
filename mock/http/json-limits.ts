/**
 * GitLab's JSON request limits (SPEC 9): the middleware `Gitlab::Middleware::JsonValidation`
 * (gitlabhq `lib/gitlab/middleware/json_validation.rb`) validates a request's JSON body with
 * `Gitlab::Json::StreamValidator` (`lib/gitlab/json/stream_validator.rb`, an Oj streaming
 * handler) before any route sees it, and refuses it with 400 `{"error": "..."}`.
 *
 * This is the same check as one pass over the body's text: no recursion and no parsed tree,
 * a stack of at most 32 levels, so its cost is linear in the body's size and a body a million
 * levels deep costs no more stack than a flat one. The first limit crossed, in the order the
 * text is read, decides the answer, as with GitLab's streaming parser. A short body that parses
 * takes a faster road to the same answer ({@link refuseJsonBody}).
 * @module
 */

import type { MockRequest } from './mock-request.js';

/** GitLab's default limits (`DEFAULT_LIMITS` of the middleware). */
export const JSON_LIMITS = {
  /** "Rack::Utils uses a depth of 32 by default": the 33rd nested container fails. */
  maxDepth: 32,
  /** Elements of one array: the 50,001st fails. */
  maxArraySize: 50_000,
  /** Key-value pairs of one object: the 50,001st fails (the total fails first, as keys count). */
  maxHashSize: 50_000,
  /** Elements in all: the validator fails when its count reaches this, so at most 99,999. */
  maxTotalElements: 100_000,
} as const;

/** Which rule refused a body: the name of GitLab's limit, or `invalid_json`. */
export type JsonLimit =
  | 'max_depth'
  | 'max_array_size'
  | 'max_hash_size'
  | 'max_total_elements'
  | 'max_json_size_bytes'
  | 'invalid_json';

/** A body the middleware refuses: the rule, and GitLab's user-facing message (`user_facing_error_message`). */
export interface JsonRefusal {
  limit: JsonLimit;
  message: string;
  /**
   * For a malformed body: where it broke, as a person reads it (`at line 1, column 9 (found "}")`, or `at the
   * end of the body`). GitLab logs Oj's parse error with its position ("Malformed JSON rejected by
   * JSON validation middleware", `lib/gitlab/middleware/json_validation.rb`, `log_malformed_json`)
   * and answers only "Invalid JSON format"; the journal's reason says both.
   */
  where?: string;
}

const refusal = (limit: JsonLimit, message: string): JsonRefusal => Object.freeze({ limit, message });
const TOO_DEEP = refusal('max_depth', 'Parameters nested too deeply');
const ARRAY_TOO_LARGE = refusal('max_array_size', 'Array parameter too large');
const HASH_TOO_LARGE = refusal('max_hash_size', 'Hash parameter too large');
const TOO_MANY = refusal('max_total_elements', 'Too many total parameters');
// The middleware turns Oj's parse errors into InvalidJsonError ("Malformed JSON").
const MALFORMED = refusal('invalid_json', 'Invalid JSON format');
const BODY_TOO_LARGE = refusal('max_json_size_bytes', 'JSON body too large');

/** {@link MALFORMED}, saying where `text` broke: at index `at`, or at its end. */
function malformedAt(text: string, at: number): JsonRefusal {
  if (at >= text.length) return { ...MALFORMED, where: 'at the end of the body' };
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const found = String.fromCodePoint(text.codePointAt(at) as number);
  return { ...MALFORMED, where: `at line ${line}, column ${at - lineStart + 1} (found ${JSON.stringify(found)})` };
}

/**
 * The routes with a body size limit of their own (`ROUTE_CONFIGS`: off by default), among those the
 * mock models: protecting and changing a protected branch, 3 MB (`PROTECTED_BRANCHES_PATH`, POST
 * and PATCH). Checked first (`check_body_size!`), on the body's bytes.
 */
const SIZE_LIMITED_ROUTES: { path: RegExp; methods: readonly string[]; maxBytes: number }[] = [
  {
    path: /^\/api\/v4\/projects\/[a-zA-Z0-9%-._]{1,255}\/protected_branches(?:\/[^/]+)?$/i,
    methods: ['POST', 'PATCH'],
    maxBytes: 3 * 1024 * 1024,
  },
];

const SMALLEST_SIZE_LIMIT = Math.min(...SIZE_LIMITED_ROUTES.map((route) => route.maxBytes));

/** Whether a body is over its route's size limit, if the route has one. */
function overSizeLimit(method: string, path: string, text: string): boolean {
  // At least one byte per UTF-16 unit, at most three: most bodies are decided without counting.
  if (text.length * 3 <= SMALLEST_SIZE_LIMIT) return false;
  const route = SIZE_LIMITED_ROUTES.find((r) => r.methods.includes(method) && r.path.test(path));
  if (!route) return false;
  return text.length > route.maxBytes || new TextEncoder().encode(text).length > route.maxBytes;
}

/**
 * The check switched on or off, for the server throughput benchmark only (the CLI reads
 * `GITLAB_MOCK_BENCH_JSON_LIMITS=off`); not a public option, and GitLab has no such switch either.
 * @internal
 */
export const jsonLimitsSwitch = { enabled: true };

/** GitLab's JSON media types: `Mime[:json]` and its synonyms (config/initializers/mime_types.rb). */
const JSON_MEDIA_TYPES = new Set(['application/json', 'application/vnd.git-lfs+json']);

/**
 * Whether the middleware looks at a request (`json_request?`): its media type is JSON, or it has
 * none and its path (from the base URL's own path on, the relative URL root) is under `/api/`.
 * Every method, GET included.
 */
export function jsonLimitsApply(contentType: string | null, path: string): boolean {
  if (!jsonLimitsSwitch.enabled) return false;
  const media = mediaType(contentType);
  if (media === '') return path.startsWith('/api/');
  return JSON_MEDIA_TYPES.has(media);
}

/** Rack's media_type: what comes before the first `;` or `,`, lower case; `''` for none. */
function mediaType(contentType: string | null): string {
  if (contentType === null || contentType === 'application/json') return contentType ?? '';
  const semicolon = contentType.indexOf(';');
  const comma = contentType.indexOf(',');
  const end = semicolon < 0 ? comma : comma < 0 ? semicolon : Math.min(semicolon, comma);
  return (end < 0 ? contentType : contentType.slice(0, end)).trim().toLowerCase();
}

/** Whether a content type is one of GitLab's JSON media types (whose bodies the middleware checks wherever they go). */
export const isJsonMediaType = (contentType: string | null): boolean => JSON_MEDIA_TYPES.has(mediaType(contentType));

/** The validator lets these roots through without parsing (Oj's `sc_parse` does not take a bare scalar). */
const NUMERIC_ROOT = /^[+-]?(?:\d{1,15}\.?\d{0,15}|\.\d{1,15})(?:[eE][+-]?\d{1,3})?$/;

// Character codes the scanner compares against.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;

// What the scanner expects next.
/** A value (after `:`, after `,` in an array, or the root). */
const VALUE = 0;
/** A value or `]` (just after `[`). */
const VALUE_OR_CLOSE = 1;
/** A key or `}` (just after `{`). */
const KEY_OR_CLOSE = 2;
/** A key (after `,` in an object). */
const KEY = 3;
/** `:` after a key. */
const COLON_NEXT = 4;
/** `,` or the container's close; at the root, only whitespace. */
const NEXT = 5;

const isWhitespace = (c: number) => c <= 0x20 && (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09);
const isDigit = (c: number) => c >= ZERO && c <= NINE;

/** Where the string starting at `start` (its opening quote) ends, one past its closing quote; -1 if it is malformed. */
function endOfString(text: string, start: number): number {
  const n = text.length;
  let i = start + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return -1;
    if (c === BACKSLASH) {
      const e = text.charCodeAt(i + 1);
      if (e === 0x75 /* u */) {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return -1;
        i += 6;
        continue;
      }
      // " \ / b f n r t
      if (
        e !== QUOTE &&
        e !== BACKSLASH &&
        e !== 0x2f &&
        e !== 0x62 &&
        e !== 0x66 &&
        e !== 0x6e &&
        e !== 0x72 &&
        e !== 0x74
      )
        return -1;
      i += 2;
      continue;
    }
    i++;
  }
  return -1;
}

/** Where the number starting at `start` ends (RFC 8259's grammar); -1 if it is malformed. */
function endOfNumber(text: string, start: number): number {
  let i = start;
  if (text.charCodeAt(i) === MINUS) i++;
  const first = text.charCodeAt(i);
  if (first === ZERO) i++;
  else if (isDigit(first)) while (isDigit(text.charCodeAt(i))) i++;
  else return -1;
  if (text.charCodeAt(i) === DOT) {
    i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 0x2b || sign === MINUS) i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  return i;
}

// Level 1..maxDepth: whether it is an array, and how many elements it holds so far. Shared by every call
// (the scan is synchronous, so no two overlap): allocating them took longer than scanning a small body.
const LEVEL_IS_ARRAY = new Uint8Array(JSON_LIMITS.maxDepth + 1);
const LEVEL_COUNTS = new Int32Array(JSON_LIMITS.maxDepth + 1);

/**
 * Checks a body against GitLab's JSON limits: the refusal GitLab answers, or `null` when the
 * middleware lets the body through. An empty body is skipped (`return if body.empty?`), and so is
 * one of whitespace only.
 *
 * Counting follows the stream validator's callbacks: every key (`hash_key`), every value set in an
 * object (`hash_set`) or appended to an array (`array_append`), and the root (`add_value`) count
 * one element each; the count is checked as it grows (`increment_element_count!`), before the
 * array's or object's own size. Depth is checked as a container opens (`check_depth!`).
 */
export function checkJsonLimits(text: string): JsonRefusal | null {
  if (text.length === 0) return null;
  // `validate!` lets these through before the streaming parser.
  const first = text.charCodeAt(0);
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    if (text === 'true' || text === 'false' || text === 'null' || NUMERIC_ROOT.test(text)) return null;
  }
  const n = text.length;
  const isArray = LEVEL_IS_ARRAY;
  const counts = LEVEL_COUNTS;
  let depth = 0;
  let total = 0;
  let expect: number = VALUE;
  let seen = false;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isWhitespace(c)) {
      i++;
      continue;
    }
    seen = true;
    let closed = false;
    switch (expect) {
      case NEXT:
        if (depth === 0) return malformedAt(text, i); // something after the root value
        if (c === COMMA) {
          expect = isArray[depth] ? VALUE : KEY;
          i++;
          continue;
        }
        if (c !== (isArray[depth] ? CLOSE_ARRAY : CLOSE_OBJECT)) return malformedAt(text, i);
        closed = true;
        break;
      case COLON_NEXT:
        if (c !== COLON) return malformedAt(text, i);
        expect = VALUE;
        i++;
        continue;
      case KEY_OR_CLOSE:
      case KEY:
        if (c === CLOSE_OBJECT && expect === KEY_OR_CLOSE) {
          closed = true;
          break;
        }
        if (c !== QUOTE) return malformedAt(text, i);
        {
          const key = i;
          i = endOfString(text, i);
          if (i < 0) return malformedAt(text, key);
        }
        // hash_key
        if (++total >= JSON_LIMITS.maxTotalElements) return TOO_MANY;
        expect = COLON_NEXT;
        continue;
      default: // Value, ValueOrClose
        if (c === CLOSE_ARRAY && expect === VALUE_OR_CLOSE) {
          closed = true;
          break;
        }
        if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
          // hash_start / array_start: check_depth!
          if (depth >= JSON_LIMITS.maxDepth) return TOO_DEEP;
          depth++;
          isArray[depth] = c === OPEN_ARRAY ? 1 : 0;
          counts[depth] = 0;
          expect = c === OPEN_ARRAY ? VALUE_OR_CLOSE : KEY_OR_CLOSE;
          i++;
          continue;
        }
        {
          const value = i;
          if (c === QUOTE) i = endOfString(text, i);
          else if (c === MINUS || isDigit(c)) i = endOfNumber(text, i);
          else if (text.startsWith('true', i)) i += 4;
          else if (text.startsWith('false', i)) i += 5;
          else if (text.startsWith('null', i)) i += 4;
          else return malformedAt(text, i);
          if (i < 0) return malformedAt(text, value);
        }
    }
    if (closed) {
      // hash_end / array_end: the container is now a value of its parent (or the root).
      depth--;
      i++;
    }
    // A value is complete: add_value at the root, else array_append or hash_set.
    if (++total >= JSON_LIMITS.maxTotalElements) return TOO_MANY;
    if (depth > 0) {
      const size = counts[depth] as number;
      if (isArray[depth]) {
        if (size >= JSON_LIMITS.maxArraySize) return ARRAY_TOO_LARGE;
      } else if (size >= JSON_LIMITS.maxHashSize) return HASH_TOO_LARGE;
      counts[depth] = size + 1;
    }
    expect = NEXT;
  }
  if (!seen) return null;
  // The text ended inside a container, or before a key's value.
  return depth === 0 && expect === NEXT ? null : malformedAt(text, n);
}

/**
 * Below this many characters a body cannot reach 100,000 elements nor hold an array of 50,001:
 * every key takes at least 3 characters (`"":`), every value 1 and the root's brackets 2, so a
 * body has fewer elements than characters. Only its depth and its syntax can fail.
 */
const SHORT_BODY = JSON_LIMITS.maxTotalElements;

/** Short bodies parsed by the check, for the parameters to reuse: the mock parses a JSON body anyway. */
const parsedBodies = new WeakMap<MockRequest, unknown>();

/** The body {@link refuseJsonBody} parsed for `request`, if it did (then `{ value }`). */
export function parsedBodyOf(request: MockRequest): { value: unknown } | undefined {
  return parsedBodies.has(request) ? { value: parsedBodies.get(request) } : undefined;
}

/** Whether a parsed value nests containers deeper than `limit`; iterative, and stops as soon as it knows. */
function deeperThan(root: unknown, limit: number): boolean {
  if (typeof root !== 'object' || root === null) return false;
  const containers: object[] = [root];
  const depths: number[] = [1];
  while (containers.length > 0) {
    const node = containers.pop() as Record<string, unknown> | unknown[];
    const depth = depths.pop() as number;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (const item of node) {
        if (typeof item === 'object' && item !== null) {
          containers.push(item);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in node) {
        const item = node[key];
        if (typeof item === 'object' && item !== null) {
          containers.push(item);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/**
 * The middleware over a request: the refusal GitLab answers with 400 `{"error": message}`, or
 * `null` when the request goes on. `path` is the request's path from the base URL's own path on.
 *
 * A short object or array body (the common case) is parsed natively instead of scanned, and the
 * parse is kept for the parameters: if it parses, only its depth can be over a limit (see
 * {@link SHORT_BODY}), and no other limit can come first; if it does not, or it is long, the scan
 * decides, in GitLab's order. V8's `JSON.parse` does not recurse, and a short body makes a small tree.
 */
export async function refuseJsonBody(request: MockRequest, path: string): Promise<JsonRefusal | null> {
  if (!jsonLimitsApply(request.header('content-type'), path)) return null;
  const text = await request.text();
  if (text.length === 0) return null;
  if (overSizeLimit(request.method, path, text)) return BODY_TOO_LARGE;
  const first = text.charCodeAt(0);
  if (text.length < SHORT_BODY && (first === OPEN_OBJECT || first === OPEN_ARRAY)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return checkJsonLimits(text);
    }
    if (deeperThan(value, JSON_LIMITS.maxDepth)) return TOO_DEEP;
    parsedBodies.set(request, value);
    return null;
  }
  return checkJsonLimits(text);
}

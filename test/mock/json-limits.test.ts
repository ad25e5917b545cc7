import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkJsonLimits, parsedBodyOf, refuseJsonBody } from '../../mock/http/json-limits.js';
import type { MockRequest } from '../../mock/http/mock-request.js';
import { createMockGitLab, demoSeed } from '../../mock/index.js';
import { plainRouterOf } from '../../mock/mock.js';
import { propertyRuns } from '../fixtures.js';

// GitLab's JSON request limits (SPEC 9, gitlabhq lib/gitlab/middleware/json_validation.rb and
// lib/gitlab/json/stream_validator.rb) against a reference model written here, apart from the
// mock's scanner: the model walks a tree recursively and replays the stream validator's callbacks
// (hash_start, hash_key, hash_set, array_start, array_append, add_value) in document order; the
// scanner reads text. Random shapes around every limit, every method, with and without a content
// type, and depths up to 1,000,000: always the model's answer, never a 5xx, and a refused request
// leaves the world's export byte-identical.

const SEED = 20_261_125;

// ---------------------------------------------------------------------------------------------
// The reference model

/** A JSON value as a tree; `pad` adds that many `0` elements (or `"pN":0` pairs) after the children. */
type Shape =
  | { t: 'scalar'; text: string }
  | { t: 'array'; items: Shape[]; pad: number }
  | { t: 'object'; entries: [string, Shape][]; pad: number };

const LIMIT = { depth: 32, array: 50_000, hash: 50_000, total: 100_000 };

type Verdict = 'max_depth' | 'max_array_size' | 'max_hash_size' | 'max_total_elements' | 'invalid_json' | null;

const MESSAGES: Record<Exclude<Verdict, null>, string> = {
  max_depth: 'Parameters nested too deeply',
  max_array_size: 'Array parameter too large',
  max_hash_size: 'Hash parameter too large',
  max_total_elements: 'Too many total parameters',
  invalid_json: 'Invalid JSON format',
};

class Refused extends Error {
  constructor(readonly verdict: Exclude<Verdict, null>) {
    super(verdict);
  }
}

/** The stream validator's callbacks over a tree, recursively; the first limit it meets. */
function reference(root: Shape): Verdict {
  let total = 0;
  const element = () => {
    total += 1;
    if (total >= LIMIT.total) throw new Refused('max_total_elements');
  };
  const walk = (shape: Shape, depth: number): void => {
    if (shape.t === 'scalar') return;
    if (depth >= LIMIT.depth) throw new Refused('max_depth');
    let size = 0;
    if (shape.t === 'array') {
      const append = () => {
        element();
        if (size >= LIMIT.array) throw new Refused('max_array_size');
        size += 1;
      };
      for (const item of shape.items) {
        walk(item, depth + 1);
        append();
      }
      for (let k = 0; k < shape.pad; k++) append();
    } else {
      const set = () => {
        element();
        if (size >= LIMIT.hash) throw new Refused('max_hash_size');
        size += 1;
      };
      for (const [, value] of shape.entries) {
        element(); // hash_key
        walk(value, depth + 1);
        set();
      }
      for (let k = 0; k < shape.pad; k++) {
        element();
        set();
      }
    }
  };
  try {
    walk(root, 0);
    element(); // add_value: the root
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.verdict;
    throw error;
  }
}

function serialize(shape: Shape): string {
  if (shape.t === 'scalar') return shape.text;
  if (shape.t === 'array') {
    const parts = shape.items.map(serialize);
    for (let k = 0; k < shape.pad; k++) parts.push('0');
    return `[${parts.join(',')}]`;
  }
  const parts = shape.entries.map(([key, value]) => `${JSON.stringify(key)}:${serialize(value)}`);
  for (let k = 0; k < shape.pad; k++) parts.push(`"p${k}":0`);
  return `{${parts.join(', ')}}`;
}

/** `depth` containers, each in the last, around `inner`. */
function nest(depth: number, inner: Shape, kind: 'array' | 'object' | 'mixed'): Shape {
  let shape = inner;
  for (let d = 0; d < depth; d++) {
    const asArray = kind === 'array' || (kind === 'mixed' && d % 2 === 0);
    shape = asArray ? { t: 'array', items: [shape], pad: 0 } : { t: 'object', entries: [['a', shape]], pad: 0 };
  }
  return shape;
}

// ---------------------------------------------------------------------------------------------
// Generators: shapes around each limit

const scalar = fc.constantFrom<Shape>(
  { t: 'scalar', text: '1' },
  { t: 'scalar', text: '-0.5e+3' },
  { t: 'scalar', text: '"x"' },
  { t: 'scalar', text: '"[{\\"not\\": \\"nested\\"}]"' },
  { t: 'scalar', text: '"\\u00e9\\n"' },
  { t: 'scalar', text: 'true' },
  { t: 'scalar', text: 'null' },
);
/** Container sizes at the edges of the limits, and small ones. */
const pad = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom(24_999, 25_000, 33_332, 33_333, 49_998, 49_999, 50_000, 50_001) },
);
const depth = fc.oneof(fc.constantFrom(30, 31, 32, 33, 34), fc.integer({ min: 0, max: 40 }));

const shape: fc.Arbitrary<Shape> = fc.letrec<{ node: Shape }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.record({ t: fc.constant('array' as const), items: fc.array(tie('node'), { maxLength: 3 }), pad }),
    fc.record({
      t: fc.constant('object' as const),
      entries: fc.array(fc.tuple(fc.constantFrom('a', 'b', 'title', 'é'), tie('node')), { maxLength: 3 }),
      pad,
    }),
  ),
})).node;

/** A body: a random shape, possibly wrapped in a chain of containers 30 to 40 deep. */
const body = fc
  .tuple(
    shape,
    fc.option(depth, { nil: undefined }),
    fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>,
  )
  .map(([inner, d, kind]) => (d === undefined ? inner : nest(d, inner, kind)))
  .filter((s) => s.t !== 'scalar');

/** Totals around 99,999: two or three arrays or objects whose sizes add up near the limit. */
const nearTotal = fc
  .tuple(
    fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 24_990, max: 50_000 })), { minLength: 2, maxLength: 3 }),
    fc.integer({ min: -3, max: 3 }),
  )
  .map(([parts, extra]): Shape => {
    const items: Shape[] = parts.map(([isArray, size]) =>
      isArray ? { t: 'array', items: [], pad: size } : { t: 'object', entries: [], pad: Math.ceil(size / 2) },
    );
    return { t: 'array', items, pad: Math.max(0, extra) };
  });

// ---------------------------------------------------------------------------------------------
// The scanner against the model

describe('the JSON limits scanner against the reference model', () => {
  it('answers as the model for random shapes around every limit', () => {
    const seen = new Map<Verdict, number>();
    fc.assert(
      fc.property(fc.oneof(body, nearTotal), (s) => {
        const expected = reference(s);
        seen.set(expected, (seen.get(expected) ?? 0) + 1);
        expect(checkJsonLimits(serialize(s))?.limit ?? null).toBe(expected);
      }),
      { seed: SEED, numRuns: propertyRuns(250, 150) },
    );
    // Not vacuous: every limit GitLab can reach with its defaults, and bodies that pass.
    for (const verdict of [null, 'max_depth', 'max_array_size', 'max_total_elements'] as const) {
      expect(seen.get(verdict) ?? 0).toBeGreaterThan(5);
    }
  });

  it('counts exactly at the edges: depth 31/32/33, 49,999/50,000/50,001 elements, totals around 99,999', () => {
    const array = (n: number): Shape => ({ t: 'array', items: [], pad: n });
    const object = (n: number): Shape => ({ t: 'object', entries: [], pad: n });
    const one: Shape = { t: 'scalar', text: '1' };
    const cases: [Shape, Verdict][] = [
      [nest(31, one, 'array'), null],
      [nest(32, one, 'object'), null],
      [nest(33, one, 'mixed'), 'max_depth'],
      [array(49_999), null],
      [array(50_000), null],
      [array(50_001), 'max_array_size'],
      [object(49_999), null], // 2 × 49,999 + the root = 99,999
      [object(50_000), 'max_total_elements'], // the keys count: the total fails before the object's size
      [{ t: 'array', items: [array(49_998), array(49_998)], pad: 0 }, null], // 99,999
      [{ t: 'array', items: [array(49_998), array(49_998)], pad: 1 }, 'max_total_elements'], // 100,000
      // Stream order: the first limit met in the text wins.
      [{ t: 'array', items: [array(50_001), nest(40, one, 'array')], pad: 0 }, 'max_array_size'],
      [{ t: 'array', items: [nest(40, one, 'array'), array(50_001)], pad: 0 }, 'max_depth'],
    ];
    for (const [s, verdict] of cases) {
      expect(reference(s)).toBe(verdict);
      expect(checkJsonLimits(serialize(s))?.limit ?? null).toBe(verdict);
    }
  });

  it('refuses malformed JSON as GitLab does, unless a limit comes first in the text', () => {
    for (const text of [
      '{',
      '[',
      '{"key"',
      '[1,2,3',
      '{"a":}',
      '{"invalid": json}',
      '[1,]',
      '{} {}',
      '"abc',
      'nul',
      '[01]',
    ]) {
      expect(checkJsonLimits(text)?.message).toBe('Invalid JSON format');
    }
    // Roots the validator lets through unparsed, an empty body, and whitespace only.
    for (const text of ['', '  \n', 'true', 'false', 'null', '42', '+1', '.5', '1.', '"a string"']) {
      expect(checkJsonLimits(text)).toBeNull();
    }
    fc.assert(
      fc.property(body, fc.nat(), fc.constantFrom('', 'x', ',', '}}', ']'), (s, cut, junk) => {
        const text = serialize(s);
        const at = 1 + (cut % (text.length - 1));
        const truncated = `${text.slice(0, at)}${junk}`;
        const got = checkJsonLimits(truncated)?.limit;
        // A body cut short of its end is malformed, or crosses a limit before the cut.
        expect(got).toBeDefined();
        if (reference(s) === null) expect(got).toBe('invalid_json');
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('answers the same through the short-body road (a native parse and a depth walk) as through the scan', async () => {
    const short = fc
      .tuple(
        shape,
        fc.integer({ min: 0, max: 45 }),
        fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>,
      )
      .map(([inner, d, kind]) => serialize(nest(d, inner, kind)))
      .filter((text) => text.length < 100_000);
    const cut = fc
      .tuple(short, fc.nat(), fc.constantFrom('', 'x', ']', '"\u0001"'))
      .map(([text, at, junk]) => `${text.slice(0, 1 + (at % text.length))}${junk}`);
    const roads = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(short, cut), async (text) => {
        const mock = { baseUrl: 'http://gitlab.test' };
        const request = rawRequest(mock, 'POST', MILESTONES, 'application/json', text);
        const got = (await refuseJsonBody(request, MILESTONES))?.limit ?? null;
        const road = parsedBodyOf(request) ? 'parsed' : 'scanned';
        roads.set(`${road} ${got}`, (roads.get(`${road} ${got}`) ?? 0) + 1);
        expect(got).toBe(checkJsonLimits(text)?.limit ?? null);
      }),
      { seed: SEED, numRuns: 400 },
    );
    // Both roads taken (a refused body is counted as scanned, whichever road refused it).
    expect(roads.get('parsed null') ?? 0).toBeGreaterThan(20);
    expect(roads.get('scanned max_depth') ?? 0).toBeGreaterThan(5);
    expect(roads.get('scanned invalid_json') ?? 0).toBeGreaterThan(20);
  });

  it('reads a body a million levels deep, and 20 MB of one string, with a fixed stack', () => {
    for (const d of [1_000, 100_000, 1_000_000]) {
      expect(checkJsonLimits('['.repeat(d) + ']'.repeat(d))?.limit).toBe('max_depth');
      expect(checkJsonLimits(`${'{"a":'.repeat(d)}1${'}'.repeat(d)}`)?.limit).toBe('max_depth');
      expect(checkJsonLimits('['.repeat(d))?.limit).toBe('max_depth');
    }
    expect(checkJsonLimits(`{"description":"${'x'.repeat(20_000_000)}"}`)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The mock: every method, with and without a content type

const TOKEN = 'glpat-maria-000000000000000';
const MILESTONES = '/api/v4/projects/acme%2Fplatform%2Fapi/milestones';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The content types the middleware checks (GitLab's JSON media types, or none under /api/). */
const CHECKED_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.git-lfs+json',
  null,
] as const;

/** A request as the router reads it, for any method (a fetch `Request` refuses a GET with a body). */
function rawRequest(mock: { baseUrl: string }, method: string, path: string, type: string | null, text: string) {
  const headers: Record<string, string> = { 'private-token': TOKEN };
  if (type !== null) headers['content-type'] = type;
  const request: MockRequest = {
    method,
    url: new URL(`${mock.baseUrl}${path}`),
    header: (name) => headers[name] ?? null,
    text: () => Promise.resolve(text),
  };
  return request;
}

describe('the mock under GitLab JSON limits', () => {
  const mock = createMockGitLab({ seed: demoSeed });
  const router = plainRouterOf(mock);
  if (!router) throw new Error('no plain router');

  it('answers every method and content type as the model, never a 5xx, and a refusal changes nothing', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(body, nearTotal),
        fc.constantFrom(...METHODS),
        fc.constantFrom(...CHECKED_TYPES),
        async (s, method, type) => {
          const text = serialize(s);
          const expected = reference(s);
          const before = JSON.stringify(mock.exportState());
          mock.requests.clear();
          const response = await router(rawRequest(mock, method, MILESTONES, type, text));
          if (!response) throw new Error('not answered');
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status).toBeLessThan(500);
          if (expected === null) {
            expect(response.body ?? '').not.toContain('"error":"Parameters nested too deeply"');
            return;
          }
          expect(response.status).toBe(400);
          if (method !== 'HEAD') expect(JSON.parse(response.body as string)).toEqual({ error: MESSAGES[expected] });
          expect(JSON.stringify(mock.exportState())).toBe(before);
          const [entry] = mock.requests.list();
          expect(entry).toMatchObject({ status: 400, reason: `over the JSON limit ${expected}`, user: 'maria' });
          expect(response.headers['ratelimit-name']).toBeUndefined();
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
    expect(statuses.get(400) ?? 0).toBeGreaterThan(20);
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  });

  it('refuses bodies up to 1,000,000 deep on every method and content type, state byte-identical', async () => {
    const before = JSON.stringify(mock.exportState());
    for (const d of [33, 100, 3_000, 100_000, 1_000_000]) {
      const deep = `{"title":"t","description":${'{"a":'.repeat(d)}1${'}'.repeat(d)}}`;
      for (const method of METHODS) {
        for (const type of CHECKED_TYPES) {
          const response = await router(rawRequest(mock, method, MILESTONES, type, deep));
          expect(response?.status).toBe(400);
          if (method !== 'HEAD') expect(response?.body).toBe('{"error":"Parameters nested too deeply"}');
        }
        // A content type GitLab does not read as JSON: the mock reads it as JSON all the same, and holds
        // it to the same limits rather than overflowing its stack (never a 5xx).
        if (method !== 'GET' && method !== 'HEAD') {
          const response = await router(rawRequest(mock, method, MILESTONES, 'text/plain', deep));
          expect(response?.status).toBeLessThan(500);
        }
      }
    }
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });

  it('does not count a refused body against the rate limits (the middleware runs before Rack::Attack)', async () => {
    const limited = createMockGitLab({ seed: demoSeed });
    limited.rateLimits.set({ authenticated_api: { requests_per_period: 2, period_in_seconds: 60 } });
    const limitedRouter = plainRouterOf(limited);
    const send = (text: string) => limitedRouter?.(rawRequest(limited, 'POST', MILESTONES, 'application/json', text));
    for (let k = 0; k < 5; k++) expect((await send('['.repeat(40)))?.status).toBe(400);
    const first = await send('{"title":"a"}');
    expect(first?.status).toBe(201);
    expect(first?.headers['ratelimit-observed']).toBe('1');
    await send('{"title":"b"}');
    // Over the limit: a well-formed request is throttled, a refused body is still refused first.
    expect((await send('{"title":"c"}'))?.status).toBe(429);
    expect((await send('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'))?.status).toBe(400);
  });
});

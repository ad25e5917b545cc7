import { describe, expect, it } from 'vitest';
import { ApiError } from '../../mock/http/errors.js';
import { type Constraints, type Param, p, parseParams } from '../../mock/http/params.js';

// The one-line bugs mutation testing would plant in mock/http/params.ts, each caught here: how Grape reads
// each type (the exact parsed value and its type), its edge values, and every message and its order.
// Pure calls of parseParams, so a mutant of the file every request crosses is killed in milliseconds.

type AnySpec = Parameters<typeof parseParams>[1];

/** GitLab's 400 body for a refused set of parameters, or a failure if they were accepted. */
function refusal<S extends AnySpec>(raw: Record<string, unknown>, spec: S, constraints?: Constraints<S>): unknown {
  try {
    parseParams(raw, spec, constraints);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.body };
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(raw)}`);
}

/** 2^63-1 as the number the mock answers (the nearest double). */
const MAX_ID = Number(2n ** 63n - 1n);
const invalid = (name: string) => ({ status: 400, body: { error: `${name} is invalid` } });
/** The parsed value of one parameter `x` declared as `param` and given `value`. */
const one = (param: Param<unknown, boolean>, value: unknown): unknown => parseParams({ x: value }, { x: param }).x;

describe('integers, read as Grape reads Integer', () => {
  it('reads a sign, the spaces around the digits, and JSON integers, as numbers', () => {
    const cases: [unknown, number][] = [
      ['12', 12],
      ['+5', 5],
      ['-5', -5],
      [' 5 ', 5],
      ['5 ', 5],
      [' 5', 5],
      ['\t7\n', 7],
      ['-0', 0],
      [7, 7],
      [-3, -3],
      [1.0, 1],
    ];
    for (const [raw, parsed] of cases) expect(one(p.integer(), raw)).toBe(parsed);
  });

  it('refuses anything but an integer: words, fractions, exponents, junk around the digits, other types', () => {
    for (const raw of ['abc', 'x5', '5x', '1.0', '1e3', '0x10', '5 5', '++5', ' ', 2 ** 53, true, {}, [5]]) {
      expect(refusal({ n: raw }, { n: p.integer() })).toEqual(invalid('n'));
    }
  });

  it("reads an empty string as no value, as Grape's PrimitiveCoercer does for every type but String (`treat_as_nil?`)", () => {
    expect(one(p.integer(), '')).toBeUndefined();
    expect(one(p.integer().default(7), '')).toBe(7);
    expect(one(p.integer().nullable(), '')).toBeNull();
    expect(one(p.string(), '')).toBe('');
  });

  it('accepts up to 2^63-1 either way and refuses beyond', () => {
    expect(one(p.integer(), '9223372036854775807')).toBe(MAX_ID);
    expect(one(p.integer(), '-9223372036854775807')).toBe(-MAX_ID);
    for (const raw of ['9223372036854775808', '-9999999999999999999', '10000000000000000000']) {
      expect(refusal({ n: raw }, { n: p.integer() })).toEqual(invalid('n'));
    }
  });
});

describe('record ids', () => {
  it('reads a positive integer up to 2^63-1 and refuses 0, negatives, words and 2^63', () => {
    expect(one(p.id(), '1')).toBe(1);
    expect(one(p.id(), 1)).toBe(1);
    expect(one(p.id(), '9223372036854775807')).toBe(MAX_ID);
    for (const raw of ['0', '-0', 0, '-1', 'abc', '9223372036854775808']) {
      expect(refusal({ id: raw }, { id: p.id() })).toEqual(invalid('id'));
    }
    expect(one(p.id(), '')).toBeUndefined();
  });

  it('reads a keyword or an id, and refuses a word that is neither', () => {
    expect(one(p.idOr('self'), 12)).toBe(12);
    expect(one(p.idOr('self'), 'self')).toBe('self');
    expect(refusal({ token_id: 'abc' }, { token_id: p.idOr('self') })).toEqual(invalid('token_id'));
  });
});

describe('strings', () => {
  it('reads numbers and booleans as their text, keeps a blank string, and refuses arrays and hashes', () => {
    expect(one(p.string(), 'x')).toBe('x');
    expect(one(p.string(), 5)).toBe('5');
    expect(one(p.string(), true)).toBe('true');
    expect(one(p.string(), false)).toBe('false');
    expect(one(p.string(), '')).toBe('');
    expect(one(p.string(), ' ')).toBe(' ');
    for (const raw of [{}, { a: 1 }, [], ['a']]) {
      expect(refusal({ s: raw }, { s: p.string() })).toEqual(invalid('s'));
    }
  });
});

describe('dates, YYYY-MM-DD and a real calendar day', () => {
  it('reads a real day as the same string', () => {
    for (const raw of ['2024-02-29', '2023-12-31', '2023-01-01']) expect(one(p.date(), raw)).toBe(raw);
  });

  it('refuses days past the end of the month, partial dates, extended years, spaces and other types', () => {
    const raws = [
      '2023-02-29',
      '2023-02-30',
      '2023-04-31',
      '2024-13-01',
      '2024',
      '2024-02',
      '2024-001-01',
      '2024-1-32',
      '+010000-01-01',
      ' 2024-01-01',
      '2024-01-01 ',
      '2024-01-01T00:00:00Z',
      20240101,
      ['2024-02-29'],
      true,
    ];
    for (const raw of raws) expect(refusal({ d: raw }, { d: p.date() })).toEqual(invalid('d'));
  });

  it("reads a one-digit month or day as Ruby's Date.parse does (Grape's Date type), padded", () => {
    expect(one(p.date(), '2016-12-1')).toBe('2016-12-01');
    expect(one(p.date(), '2024-1-5')).toBe('2024-01-05');
  });
});

describe('date-times, ISO 8601 with or without a zone', () => {
  const at = (raw: unknown) => (one(p.dateTime(), raw) as Date).toISOString();

  it('reads a zone, Z or an offset with or without its colon', () => {
    expect(at('2026-06-01T09:00:00Z')).toBe('2026-06-01T09:00:00.000Z');
    expect(at('2026-06-01T09:00:00+02:00')).toBe('2026-06-01T07:00:00.000Z');
    expect(at('2026-06-01T09:00:00-05:00')).toBe('2026-06-01T14:00:00.000Z');
    expect(at('2026-06-01T09:00:00+0200')).toBe('2026-06-01T07:00:00.000Z');
    expect(at('2026-06-01T09:00+02:00')).toBe('2026-06-01T07:00:00.000Z');
    expect(at('2026-06-01 09:00:00.5Z')).toBe('2026-06-01T09:00:00.500Z');
  });

  it('reads a date-time without a zone, and a bare date, as UTC', () => {
    expect(at('2026-06-01T09:00')).toBe('2026-06-01T09:00:00.000Z');
    expect(at('2026-06-01 09:00:00')).toBe('2026-06-01T09:00:00.000Z');
    expect(at('2026-06-01')).toBe('2026-06-01T00:00:00.000Z');
  });

  // Setting TZ takes effect in a forked test process (`npm test`), not in a worker thread (Stryker's
  // runner), where the zone stays the machine's: there the test cannot tell UTC from local time.
  const inTokyo = <T>(fn: () => T): T => {
    const before = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      return fn();
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  };
  const zoneTakesEffect = inTokyo(() => new Date('2026-06-01T09:00').toISOString() === '2026-06-01T00:00:00.000Z');

  it.runIf(zoneTakesEffect)('reads them as UTC on a machine in another time zone too', () => {
    const read = inTokyo(() =>
      ['2026-06-01T09:00', '2026-06-01T09:00:00', '2026-06-01', '2026-06-01T09:00:00+02:00'].map(at),
    );
    expect(read).toEqual([
      '2026-06-01T09:00:00.000Z',
      '2026-06-01T09:00:00.000Z',
      '2026-06-01T00:00:00.000Z',
      '2026-06-01T07:00:00.000Z',
    ]);
  });

  it('refuses other formats JavaScript would read, impossible hours, and other types', () => {
    const raws = [
      'June 1, 2026',
      '1 June 2026',
      'tomorrow',
      '2026-06-01T25:00:00Z',
      '2026-06-01T09:00:00+02',
      '2026-06-01T09Z',
      ['2026-06-01T09:00'],
      ['2026-06-01'],
      1780000000000,
    ];
    for (const raw of raws) expect(refusal({ t: raw }, { t: p.dateTime() })).toEqual(invalid('t'));
  });
});

describe('lists', () => {
  it('reads integers from a JSON number, a comma list with spaces, and mixed arrays', () => {
    expect(one(p.integers(), 7)).toStrictEqual([7]);
    expect(one(p.integers(), ' 1 , 2,3 ')).toStrictEqual([1, 2, 3]);
    expect(one(p.integers(), ['1', 2])).toStrictEqual([1, 2]);
    expect(one(p.integers(), [])).toStrictEqual([]);
  });

  it('refuses a list with one bad item, and values that are not lists', () => {
    for (const raw of [[1, 'x'], ['x', 1], '1,x', '1,,2', true, {}]) {
      expect(refusal({ ids: raw }, { ids: p.integers() })).toEqual(invalid('ids'));
    }
  });

  it('splits comma strings of strings only where declared, stripping each item', () => {
    const comma = p.strings({ comma: true });
    expect(one(comma, 'a, b ,c')).toStrictEqual(['a', 'b', 'c']);
    expect(one(comma, '')).toStrictEqual([]);
    expect(one(p.strings(), 'a, b')).toStrictEqual(['a, b']);
    expect(one(p.strings(), 5)).toStrictEqual(['5']);
    expect(one(p.strings(), '')).toStrictEqual(['']);
    for (const raw of [true, {}, [{}]]) expect(refusal({ s: raw }, { s: p.strings() })).toEqual(invalid('s'));
  });

  it("splits items of a list as GitLab's CommaSeparatedToArray does, dropping trailing empty parts as Ruby's split", () => {
    const comma = p.strings({ comma: true });
    expect(one(comma, ['a,b', ' c '])).toStrictEqual(['a', 'b', 'c']);
    expect(one(comma, 'a,b,,')).toStrictEqual(['a', 'b']);
    expect(one(comma, ['a,', ','])).toStrictEqual(['a']);
    expect(one(comma, ',a')).toStrictEqual(['', 'a']);
    expect(one(comma, 'a, ')).toStrictEqual(['a', '']);
    expect(one(p.strings(), ['a,b'])).toStrictEqual(['a,b']);
    expect(one(p.integers(), ['1,2', 3])).toStrictEqual([1, 2, 3]);
    expect(one(p.integers(), '1,2,')).toStrictEqual([1, 2]);
  });
});

describe('key-value lists', () => {
  it('reads each pair as two strings and nothing else', () => {
    expect(
      one(p.keyValues(), [
        { key: 'a', value: 'b' },
        { key: 'n', value: 5, extra: 'dropped' },
      ]),
    ).toStrictEqual([
      { key: 'a', value: 'b' },
      { key: 'n', value: '5' },
    ]);
    expect(one(p.keyValues(), [])).toStrictEqual([]);
  });

  it('refuses a pair without its key or value, an item that is not a hash, and a value that is not a list', () => {
    const raws = [
      [{ key: 'a' }],
      [{ value: 'b' }],
      [{ key: 'a', value: 'b' }, { key: 'c' }],
      [{ key: {}, value: 'b' }],
      [null],
      ['a'],
      [[]],
      { key: 'a', value: 'b' },
      'a=b',
      5,
    ];
    for (const raw of raws) expect(refusal({ kv: raw }, { kv: p.keyValues() })).toEqual(invalid('kv'));
  });
});

describe('blank values', () => {
  it('refuses blank strings and empty lists where not allowed, and keeps everything else as given', () => {
    expect(one(p.string().notBlank(), 'x')).toBe('x');
    expect(one(p.string().notBlank(), ' x ')).toBe(' x ');
    expect(one(p.string().notBlank(), 5)).toBe('5');
    expect(one(p.strings().notBlank(), ['a'])).toStrictEqual(['a']);
    expect(one(p.integer().notBlank(), 0)).toBe(0);
    for (const raw of ['', ' ', '\t\n', []]) {
      expect(refusal({ s: raw }, { s: p.strings().notBlank() })).toEqual({
        status: 400,
        body: { error: 's is empty' },
      });
    }
  });

  it('counts only strings and lists as blank: a hash is invalid, not empty, whatever its fields', () => {
    for (const raw of [{ length: 0 }, { a: '' }]) {
      expect(refusal({ s: raw }, { s: p.string().notBlank() })).toEqual(invalid('s'));
    }
  });

  it('keeps blank strings and empty lists where allowed', () => {
    expect(one(p.string(), '  ')).toBe('  ');
    expect(one(p.strings(), [])).toStrictEqual([]);
  });
});

describe('absent, null and default values', () => {
  it('leaves an absent parameter out of the result, and applies a default only when absent', () => {
    const spec = { a: p.string(), b: p.integer().default(3), c: p.string().default('all') };
    const parsed = parseParams({}, spec);
    expect(parsed).toStrictEqual({ b: 3, c: 'all' });
    expect(Object.keys(parsed)).toEqual(['b', 'c']);
    expect(parseParams({ b: '4', c: 'x' }, spec)).toStrictEqual({ b: 4, c: 'x' });
  });

  it('treats an explicit null as absent unless nullable', () => {
    expect(parseParams({ b: null }, { b: p.integer().default(3) })).toStrictEqual({ b: 3 });
    expect(refusal({ b: null }, { b: p.integer().required() })).toEqual({
      status: 400,
      body: { error: 'b is missing' },
    });
    expect(parseParams({ b: null }, { b: p.integer().nullable().required() })).toStrictEqual({ b: null });
  });

  it('keeps a nullable parameter given a value, and allows null beside its allowed values', () => {
    expect(one(p.date().nullable(), '2024-01-01')).toBe('2024-01-01');
    const level = p.string().values(['a', 'b']).nullable();
    expect(one(level, null)).toBeNull();
    expect(one(level, 'a')).toBe('a');
    expect(refusal({ x: 'c' }, { x: level })).toEqual({
      status: 400,
      body: { error: 'x does not have a valid value' },
    });
    expect(parseParams({}, { x: level })).toStrictEqual({});
  });
});

describe('allowed values', () => {
  it('checks a scalar, and each item of a list, and accepts an empty list', () => {
    const level = p.integer().values([10, 20]);
    expect(one(level, '20')).toBe(20);
    const ids = p.integers().values([1, 2]);
    expect(one(ids, '2,1')).toStrictEqual([2, 1]);
    expect(one(ids, [])).toStrictEqual([]);
    for (const raw of ['1,3', [3, 1], [3]]) {
      expect(refusal({ ids: raw }, { ids })).toEqual({
        status: 400,
        body: { error: 'ids does not have a valid value' },
      });
    }
  });
});

describe('cross-parameter rules', () => {
  const spec = { a: p.integer(), b: p.integer(), c: p.integer(), d: p.integer().nullable() };

  it('mutually exclusive: one given, or none, is fine; two are refused, a nullable null counting as given', () => {
    const rule = { mutuallyExclusive: [['a', 'b', 'd']] } satisfies Constraints<typeof spec>;
    expect(parseParams({ a: 1 }, spec, rule)).toStrictEqual({ a: 1 });
    expect(parseParams({}, spec, rule)).toStrictEqual({});
    expect(parseParams({ a: 1, b: null }, spec, rule)).toStrictEqual({ a: 1 });
    for (const raw of [
      { a: 1, b: 2 },
      { b: 2, d: 4 },
      { a: 1, d: null },
    ]) {
      expect(refusal(raw, spec, rule)).toEqual({ status: 400, body: { error: 'a, b, d are mutually exclusive' } });
    }
  });

  it('at least one of: any one given is enough; none (or a null) is refused', () => {
    const rule = { atLeastOneOf: [['a', 'b']] } satisfies Constraints<typeof spec>;
    expect(parseParams({ a: 1 }, spec, rule)).toStrictEqual({ a: 1 });
    expect(parseParams({ b: 2 }, spec, rule)).toStrictEqual({ b: 2 });
    expect(parseParams({ a: 1, b: 2 }, spec, rule)).toStrictEqual({ a: 1, b: 2 });
    expect(refusal({ a: null, c: 3 }, spec, rule)).toEqual({
      status: 400,
      body: { error: 'a, b are missing, at least one parameter must be provided' },
    });
  });

  it('all or none: none or all is fine; some is refused', () => {
    const rule = { allOrNoneOf: [['a', 'b', 'c']] } satisfies Constraints<typeof spec>;
    expect(parseParams({}, spec, rule)).toStrictEqual({});
    expect(parseParams({ a: 1, b: 2, c: 3 }, spec, rule)).toStrictEqual({ a: 1, b: 2, c: 3 });
    for (const raw of [{ a: 1 }, { a: 1, c: 3 }, { b: 2, c: 3 }, { a: 1, b: 2, c: null }]) {
      expect(refusal(raw, spec, rule)).toEqual({
        status: 400,
        body: { error: 'a, b, c provide all or none of parameters' },
      });
    }
  });

  it('reports the parameters first, then each kind of rule in turn, all in one answer', () => {
    const rules: Constraints<typeof spec> = {
      mutuallyExclusive: [['a', 'b']],
      atLeastOneOf: [['c', 'd']],
      allOrNoneOf: [['b', 'c']],
    };
    expect(refusal({ a: 'x', b: '1' }, spec, rules)).toEqual({
      status: 400,
      body: {
        error:
          'a is invalid, a, b are mutually exclusive, c, d are missing, at least one parameter must be provided, ' +
          'b, c provide all or none of parameters',
      },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../mock/http/errors.js';
import { p, parseParams } from '../../mock/http/params.js';

// Parameter declarations read the way Grape reads them; the messages are GitLab's.
function errorOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.body };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('parseParams', () => {
  it('reads integer lists from JSON arrays, bracket arrays, comma strings and scalars', () => {
    const spec = { ids: p.integers() };
    expect(parseParams({ ids: [1, '2'] }, spec).ids).toEqual([1, 2]);
    expect(parseParams({ ids: '1, 2,3' }, spec).ids).toEqual([1, 2, 3]);
    expect(parseParams({ ids: '7' }, spec).ids).toEqual([7]);
    expect(parseParams({ ids: '' }, spec).ids).toEqual([]);
    expect(errorOf(() => parseParams({ ids: [1.5] }, spec))).toEqual({
      status: 400,
      body: { error: 'ids is invalid' },
    });
  });

  it('reads string lists without comma splitting unless asked', () => {
    expect(parseParams({ s: 'a,b' }, { s: p.strings() }).s).toEqual(['a,b']);
    expect(parseParams({ s: 'a,b' }, { s: p.strings({ comma: true }) }).s).toEqual(['a', 'b']);
  });

  it("coerces booleans as Grape's Params::Bool does, and nothing else", () => {
    const spec = { b: p.boolean() };
    const truthy = [true, 1, '1', 'on', 'On', 'ON', 't', 'true', 'True', 'TRUE', 'T', 'y', 'yes', 'Yes', 'YES', 'Y'];
    const falsy = [false, 0, '0', 'off', 'Off', 'OFF', 'f', 'false', 'False', 'FALSE', 'F', 'n', 'no', 'No', 'NO', 'N'];
    for (const raw of truthy) expect(parseParams({ b: raw }, spec).b).toBe(true);
    for (const raw of falsy) expect(parseParams({ b: raw }, spec).b).toBe(false);
    for (const raw of ['tRUE', 'yES', 'oN', 'nO', ' true', 2, '2', [true], { b: true }]) {
      expect(errorOf(() => parseParams({ b: raw }, spec))).toEqual({ status: 400, body: { error: 'b is invalid' } });
    }
    // Grape reads an empty string as nil for every type but String (`PrimitiveCoercer#treat_as_nil?`).
    expect(parseParams({ b: '' }, spec).b).toBeUndefined();
  });

  it('checks dates and date-times strictly', () => {
    expect(parseParams({ d: '2024-02-29' }, { d: p.date() }).d).toBe('2024-02-29');
    for (const raw of ['2023-02-29', '2024-13-01', '24-01-01', '2024-01-01T00:00:00Z']) {
      expect(errorOf(() => parseParams({ d: raw }, { d: p.date() }))).toMatchObject({
        body: { error: 'd is invalid' },
      });
    }
    expect(parseParams({ t: '2026-06-01T09:00:00Z' }, { t: p.dateTime() }).t?.toISOString()).toBe(
      '2026-06-01T09:00:00.000Z',
    );
    expect(parseParams({ t: '2026-06-01' }, { t: p.dateTime() }).t?.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(errorOf(() => parseParams({ t: 'tomorrow' }, { t: p.dateTime() }))).toMatchObject({ status: 400 });
  });

  it('reports missing, empty, invalid and disallowed values together, in declaration order', () => {
    const spec = {
      name: p.string().required(),
      scopes: p.string().required().notBlank(),
      level: p.integer().values([10, 20]),
      id: p.id(),
    };
    expect(errorOf(() => parseParams({ scopes: '', level: '30', id: '0' }, spec))).toEqual({
      status: 400,
      body: { error: 'name is missing, scopes is empty, level does not have a valid value, id is invalid' },
    });
  });

  it('applies defaults, keeps explicit nulls only where declared, and ignores undeclared keys', () => {
    const spec = { state: p.string().default('all'), due: p.date().nullable(), title: p.string() };
    expect(parseParams({ due: null, title: null, other: 1 }, spec)).toEqual({ state: 'all', due: null });
  });

  it('checks mutually exclusive and at-least-one-of groups', () => {
    const spec = { a: p.boolean(), b: p.boolean() };
    expect(errorOf(() => parseParams({ a: true, b: false }, spec, { mutuallyExclusive: [['a', 'b']] }))).toEqual({
      status: 400,
      body: { error: 'a, b are mutually exclusive' },
    });
    expect(errorOf(() => parseParams({}, spec, { atLeastOneOf: [['a', 'b']] }))).toEqual({
      status: 400,
      body: { error: 'a, b are missing, at least one parameter must be provided' },
    });
  });

  it('reports a required non-blank parameter that is missing as missing and empty, and blank strings as empty', () => {
    const spec = { scopes: p.string().required().notBlank(), note: p.string().notBlank() };
    expect(errorOf(() => parseParams({}, spec))).toEqual({
      status: 400,
      body: { error: 'scopes is missing, scopes is empty' },
    });
    expect(errorOf(() => parseParams({ scopes: '  ', note: '' }, spec))).toEqual({
      status: 400,
      body: { error: 'scopes is empty, note is empty' },
    });
  });

  it('checks every item of a list against its allowed values', () => {
    const spec = { scopes: p.strings().values(['api', 'read_api']) };
    expect(parseParams({ scopes: ['api', 'read_api'] }, spec).scopes).toEqual(['api', 'read_api']);
    expect(errorOf(() => parseParams({ scopes: ['api', 'sudo'] }, spec))).toEqual({
      status: 400,
      body: { error: 'scopes does not have a valid value' },
    });
  });

  it('reads an id or one of the keywords declared in its place', () => {
    const spec = { token_id: p.idOr('self') };
    expect(parseParams({ token_id: '12' }, spec).token_id).toBe(12);
    expect(parseParams({ token_id: 'self' }, spec).token_id).toBe('self');
    for (const raw of ['me', '0', 'SELF']) {
      expect(errorOf(() => parseParams({ token_id: raw }, spec))).toEqual({
        status: 400,
        body: { error: 'token_id is invalid' },
      });
    }
  });
});

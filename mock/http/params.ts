import { paramError } from './errors.js';

/**
 * Declared parameters, read the way GitLab's API framework (Grape) reads them:
 * every parameter may come from the path, the query, a form or a JSON body;
 * each is checked for presence, type and allowed values, and all problems are
 * answered at once as 400 `{"error": "a is missing, b is invalid"}` (SPEC 5).
 * @module
 */

/** Parameters as they arrived, merged from query, body and path. */
export type RawParams = Record<string, unknown>;

const INVALID = Symbol('invalid');
type Coerce<T> = (raw: unknown) => T | typeof INVALID;
/** What `values` lists: the value itself, or for a list parameter each of its items. */
type Item<T> = T extends readonly (infer I)[] ? I : T;

/** One declared parameter. `R` records whether the parsed value is always present. */
export class Param<T, R extends boolean = false> {
  constructor(
    readonly coerce: Coerce<T>,
    readonly isRequired = false,
    readonly defaultValue: T | undefined = undefined,
    readonly allowed: readonly Item<T>[] | undefined = undefined,
    readonly allowBlank = true,
    readonly allowNull = false,
  ) {}

  /** `x is missing` when absent. */
  required(): Param<T, true> {
    return new Param<T, true>(this.coerce, true, this.defaultValue, this.allowed, this.allowBlank, this.allowNull);
  }
  /** The value used when the parameter is absent. */
  default(value: T): Param<T, true> {
    return new Param<T, true>(this.coerce, this.isRequired, value, this.allowed, this.allowBlank, this.allowNull);
  }
  /** `x does not have a valid value` for anything else (for a list, for any item that is not one of these). */
  values(allowed: readonly Item<T>[]): Param<T, R> {
    return new Param<T, R>(this.coerce, this.isRequired, this.defaultValue, allowed, this.allowBlank, this.allowNull);
  }
  /** `x is empty` for an empty or blank string or an empty list; a required one that is missing is empty too, as in Grape. */
  notBlank(): Param<T, R> {
    return new Param<T, R>(this.coerce, this.isRequired, this.defaultValue, this.allowed, false, this.allowNull);
  }
  /** An explicit `null` is kept (it clears a value) instead of counting as absent. */
  nullable(): Param<T | null, R> {
    const coerce: Coerce<T | null> = (raw) => (raw === null ? null : this.coerce(raw));
    return new Param<T | null, R>(coerce, this.isRequired, this.defaultValue, this.allowed, this.allowBlank, true);
  }
}

const text = (raw: unknown): string | typeof INVALID =>
  typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : INVALID;

const MAX_ID = 2n ** 63n - 1n;

function integer(raw: unknown): number | typeof INVALID {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : INVALID;
  if (typeof raw !== 'string' || !/^[+-]?\d{1,19}$/.test(raw.trim())) return INVALID;
  const big = BigInt(raw.trim());
  return big > MAX_ID || big < -MAX_ID ? INVALID : Number(big);
}

function recordId(raw: unknown): number | typeof INVALID {
  const n = integer(raw);
  return n === INVALID || n < 1 ? INVALID : n;
}

/** The strings Grape's `Boolean` (dry-types `Params::Bool`) reads as true and as false (SPEC 5). */
const TRUE_WORDS = new Set(['1', 'on', 'On', 'ON', 't', 'true', 'True', 'TRUE', 'T', 'y', 'yes', 'Yes', 'YES', 'Y']);
const FALSE_WORDS = new Set([
  '0',
  'off',
  'Off',
  'OFF',
  'f',
  'false',
  'False',
  'FALSE',
  'F',
  'n',
  'no',
  'No',
  'NO',
  'N',
]);

function boolean(raw: unknown): boolean | typeof INVALID {
  if (raw === true || raw === 1 || (typeof raw === 'string' && TRUE_WORDS.has(raw))) return true;
  if (raw === false || raw === 0 || (typeof raw === 'string' && FALSE_WORDS.has(raw))) return false;
  return INVALID;
}

/** A calendar date as Grape's `Date` type reads it (Ruby's `Date.parse`): `2016-12-1` is `2016-12-01`. */
function date(raw: unknown): string | typeof INVALID {
  const parts = typeof raw === 'string' ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw) : null;
  if (!parts) return INVALID;
  const day = `${parts[1]}-${(parts[2] as string).padStart(2, '0')}-${(parts[3] as string).padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : INVALID;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function dateTime(raw: unknown): Date | typeof INVALID {
  if (typeof raw !== 'string' || !DATE_TIME.test(raw)) return INVALID;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(raw) && raw.length > 10;
  const parsed = new Date(raw.length === 10 ? `${raw}T00:00:00Z` : hasZone ? raw : `${raw}Z`);
  return Number.isNaN(parsed.getTime()) ? INVALID : parsed;
}

/** GitLab's `CommaSeparatedToArray`: Ruby's `split(',')`, which drops trailing empty parts, each part stripped. */
function commaSplit(raw: string): string[] {
  const parts = raw.split(',');
  while (parts.at(-1) === '') parts.pop();
  return parts.map((part) => part.trim());
}

/** A list given as a JSON array, as `a[]=1&a[]=2`, or (when `comma`) as `"1,2"`, or as both: `a[]=1,2&a[]=3`. */
function list<T>(item: Coerce<T>, comma: boolean): Coerce<T[]> {
  return (raw) => {
    let items: unknown[];
    if (Array.isArray(raw)) items = comma ? raw.flatMap((v) => (typeof v === 'string' ? commaSplit(v) : [v])) : raw;
    else if (typeof raw === 'string' && comma) items = commaSplit(raw);
    else if (typeof raw === 'string' || typeof raw === 'number') items = [raw];
    else return INVALID;
    const out: T[] = [];
    for (const value of items) {
      const coerced = item(value);
      if (coerced === INVALID) return INVALID;
      out.push(coerced);
    }
    return out;
  };
}

/** Grape's `Array` of `{ key, value }` hashes (a hook's `url_variables`, `custom_headers`): both strings, both required. */
function keyValues(raw: unknown): { key: string; value: string }[] | typeof INVALID {
  if (!Array.isArray(raw)) return INVALID;
  const out: { key: string; value: string }[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) return INVALID;
    const key = text((item as Record<string, unknown>).key);
    const value = text((item as Record<string, unknown>).value);
    if (key === INVALID || value === INVALID) return INVALID;
    out.push({ key, value });
  }
  return out;
}

/** Builders of declared parameters. */
export const p = {
  string: () => new Param<string>(text),
  integer: () => new Param<number>(integer),
  /** A record id in a path or parameter: a positive integer up to 2^63-1 (SPEC 5). */
  id: () => new Param<number>(recordId),
  /** A record id, or one of the given words in its place (`token_id` may be `self`). */
  idOr: <K extends string>(...keywords: K[]) =>
    new Param<number | K>((raw) => (keywords.includes(raw as K) ? (raw as K) : recordId(raw))),
  boolean: () => new Param<boolean>(boolean),
  /** `YYYY-MM-DD` (month and day may have one digit, as Ruby's `Date.parse` reads them), a real calendar date. */
  date: () => new Param<string>(date),
  /** ISO 8601 date-time (a bare date counts as its midnight UTC). */
  dateTime: () => new Param<Date>(dateTime),
  /** Integers as a JSON array, `a[]=1&a[]=2` or `"1,2"` (an item may hold commas too). */
  integers: () => new Param<number[]>(list(integer, true)),
  /** Strings as a JSON array or `a[]=x&a[]=y`; with `comma`, `"x,y"` too, in an item as well. */
  strings: (options: { comma?: boolean } = {}) => new Param<string[]>(list(text, options.comma ?? false)),
  /** An array of `{ key, value }` string pairs (a JSON body). */
  keyValues: () => new Param<{ key: string; value: string }[]>(keyValues),
};

type Spec = Record<string, Param<unknown, boolean>>;
/** The parsed parameters of a spec: present keys typed, optional ones possibly undefined. */
export type Parsed<S extends Spec> = {
  [K in keyof S]: S[K] extends Param<infer T, infer R> ? (R extends true ? T : T | undefined) : never;
};

/** Cross-parameter rules, checked after every parameter is read. */
export interface Constraints<S extends Spec> {
  /** `a, b are mutually exclusive` when more than one of a group is given. */
  mutuallyExclusive?: (keyof S & string)[][];
  /** `a, b are missing, at least one parameter must be provided` when none of a group is given. */
  atLeastOneOf?: (keyof S & string)[][];
  /** `a, b provide all or none of parameters` when only some of a group are given. */
  allOrNoneOf?: (keyof S & string)[][];
  /**
   * Grape's `exactly_one_of`: `a, b are missing, exactly one parameter must be provided` when none of a
   * group is given, `a, b are mutually exclusive` when more than one is.
   */
  exactlyOneOf?: (keyof S & string)[][];
}

// Grape strips strings before its allow_blank check.
const isBlank = (value: unknown) =>
  (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * Reads `raw` against the declared `spec`; throws a 400 naming every bad
 * parameter. Undeclared parameters are ignored, as Grape ignores them.
 */
export function parseParams<S extends Spec>(raw: RawParams, spec: S, constraints: Constraints<S> = {}): Parsed<S> {
  const errors: string[] = [];
  const out: Record<string, unknown> = {};
  // Grape's coercion reads an empty string as nil for every type but String (`PrimitiveCoercer#treat_as_nil?`):
  // `assignee_id=` is no assignee, not an invalid Integer (GitLab's merge_requests_spec, "when assignee_id is empty").
  const coercedNil = (name: string) => {
    const value = raw[name];
    return value === '' && spec[name]?.coerce('') === INVALID ? null : value;
  };
  const hasValue = (value: unknown, name: string) => value !== undefined && (value !== null || spec[name]?.allowNull);
  // Grape's mutually_exclusive, at_least_one_of and all_or_none_of look at the keys sent, an empty one too.
  const given = (name: string) => hasValue(raw[name], name);
  for (const [name, param] of Object.entries(spec)) {
    const value = coercedNil(name);
    // Grape's allow_blank runs on any key the request sends, so an explicit null is empty too (`allow_force_push is empty`).
    if (value === null && !param.allowBlank && !param.allowNull) {
      errors.push(`${name} is empty`);
      continue;
    }
    if (!hasValue(value, name)) {
      if (param.isRequired) errors.push(`${name} is missing`);
      // Grape runs allow_blank on a required parameter even when it is absent.
      if (param.isRequired && !param.allowBlank) errors.push(`${name} is empty`);
      if (param.defaultValue !== undefined) out[name] = param.defaultValue;
      continue;
    }
    if (!param.allowBlank && isBlank(value)) {
      errors.push(`${name} is empty`);
      continue;
    }
    const coerced = param.coerce(value);
    if (coerced === INVALID) {
      errors.push(`${name} is invalid`);
      continue;
    }
    const allowed = param.allowed;
    const items = Array.isArray(coerced) ? coerced : [coerced];
    if (allowed && coerced !== null && items.some((item) => !allowed.includes(item))) {
      errors.push(`${name} does not have a valid value`);
      continue;
    }
    out[name] = coerced;
  }
  for (const group of constraints.mutuallyExclusive ?? []) {
    if (group.filter(given).length > 1) errors.push(`${group.join(', ')} are mutually exclusive`);
  }
  for (const group of constraints.atLeastOneOf ?? []) {
    if (!group.some(given)) errors.push(`${group.join(', ')} are missing, at least one parameter must be provided`);
  }
  for (const group of constraints.allOrNoneOf ?? []) {
    const count = group.filter(given).length;
    if (count > 0 && count < group.length) errors.push(`${group.join(', ')} provide all or none of parameters`);
  }
  for (const group of constraints.exactlyOneOf ?? []) {
    const count = group.filter(given).length;
    if (count === 0) errors.push(`${group.join(', ')} are missing, exactly one parameter must be provided`);
    if (count > 1) errors.push(`${group.join(', ')} are mutually exclusive`);
  }
  if (errors.length > 0) throw paramError(errors);
  return out as Parsed<S>;
}

/** `page` and `per_page`, as every paginated list declares them. */
export const paginationParams = {
  page: p.integer().default(1),
  per_page: p.integer().default(20),
};

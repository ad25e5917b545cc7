/**
 * The JSON text of the entities a list presents, kept per record and reused while the record
 * presents the same entity (issue 40). `JSON.stringify` of a page was the largest per-record cost of
 * a list (about 0.5 µs a milestone, where presenting one takes 0.08): a page of records that have not
 * changed since they were last listed is now the kept texts joined.
 *
 * Nothing has to tell this cache that a record changed, so no change can be missed: each request
 * still presents every record of its page, and the kept text is reused only when the new entity is
 * the same as the one the text was made from, value for value, with its keys in the same order (the
 * text `JSON.stringify` gives depends on nothing else). What that asks of a presenter: it builds a new
 * entity on every call, sharing no object with the world that may change later (a kept entity is
 * compared, never copied). Routes opt in through `paginated(..., { reuseJson: true })`.
 * @module
 */

interface Kept {
  /** The entity the text was made from, and its keys (an entity is an object: they are compared first). */
  entity: unknown;
  keys: string[] | undefined;
  text: string;
}

/** The last entity presented for each record, and its text; a record the world drops takes its entry with it. */
const kept = new WeakMap<object, Kept>();

/** `JSON.stringify(entity)`, the entity being `record` presented: the text kept for `record` when it presents the same. */
export function entityJson(record: object, entity: unknown): string {
  const last = kept.get(record);
  if (last !== undefined && (last.keys === undefined ? sameJson(entity, last.entity) : sameEntity(entity, last))) {
    return last.text;
  }
  const text = JSON.stringify(entity);
  const keys = isObject(entity) && !Array.isArray(entity) && isPlain(entity) ? Object.keys(entity) : undefined;
  kept.set(record, { entity, keys, text });
  return text;
}

/** {@link sameJson} for a kept entity, whose keys are known. */
function sameEntity(entity: unknown, last: Kept): boolean {
  if (!isObject(entity) || Array.isArray(entity) || !isPlain(entity)) return false;
  const keys = last.keys as string[];
  const other = last.entity as Record<string, unknown>;
  let i = 0;
  for (const key in entity) {
    if (key !== keys[i]) return false;
    const value = entity[key];
    const was = other[key];
    // Most values are the same primitive: compared here, without a call.
    if (value !== was && !sameJson(value, was)) return false;
    i++;
  }
  return i === keys.length;
}

/** A page answered lately: its first record, the texts it was joined from, and its text. */
interface KeptPage {
  first: object;
  texts: readonly string[];
  text: string;
}

/** The pages answered last, newest first: a few listings walked at a time, bounded so a long walk keeps no more. */
const pages: KeptPage[] = [];
const KEPT_PAGES = 16;

/**
 * The JSON text of an array of entities from their texts ({@link entityJson}): what `JSON.stringify`
 * gives for the array. The same texts as a page answered lately that starts at `first` give the same
 * string as then, so that the server encodes it once (`node/server.ts`).
 */
export function arrayJson(first: object | undefined, texts: readonly string[]): string {
  if (first === undefined) return '[]';
  for (const page of pages) {
    if (
      page.first === first &&
      page.texts.length === texts.length &&
      page.texts.every((text, i) => text === texts[i])
    ) {
      return page.text;
    }
  }
  const text = `[${texts.join(',')}]`;
  if (pages.length >= KEPT_PAGES) pages.pop();
  pages.unshift({ first, texts, text });
  return text;
}

/**
 * Whether two values give the same JSON text because they are the same: equal primitives, or arrays
 * and plain objects of such values, with their keys in the same order. Anything else (a `Date`, a
 * class instance, a `Map`) counts as different, whatever its text would be.
 */
export function sameJson(value: unknown, other: unknown): boolean {
  if (value === other) return true;
  if (typeof value !== 'object' || typeof other !== 'object' || value === null || other === null) return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(other) || value.length !== other.length) return false;
    for (let i = 0; i < value.length; i++) if (!sameJson(value[i], other[i])) return false;
    return true;
  }
  if (Array.isArray(other) || !isPlain(value) || !isPlain(other)) return false;
  const keys = Object.keys(other);
  let i = 0;
  for (const key in value) {
    if (key !== keys[i] || !sameJson(value[key], other[key])) return false;
    i++;
  }
  return i === keys.length;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

function isPlain(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

import * as z from 'zod/mini';
import { compileSchema } from './compile-schema.js';

/**
 * How the transport runs the models: one array schema per item schema, and zod's
 * compiled parser for a schema once it is used again.
 * @module
 */

/** A response model: one of the SDK's zod schemas. */
export type Schema<T> = z.ZodMiniType<T>;

/** One array schema per item schema: building a zod schema costs more than a small parse. */
const arraySchemas = new WeakMap<Schema<unknown>, Schema<unknown>>();

/** The array schema of `schema`, built once. */
export function arrayOf<T>(schema: Schema<T>): Schema<T[]> {
  let array = arraySchemas.get(schema);
  if (!array) {
    array = z.array(schema);
    arraySchemas.set(schema, array);
  }
  return array as Schema<T[]>;
}

/** `true` once a schema has been used; then its compiled copy. */
const parsers = new WeakMap<Schema<unknown>, Schema<unknown> | true>();

/**
 * Parses `data` with `schema`. The first use runs zod's own parser; later uses run the
 * copy `z.compile` makes (several times faster, same results and same issues), so a
 * one-off call in a short-lived process does not pay for generating code.
 *
 * From the second use on, a valid body is returned as it came: the models only check
 * (loose objects, no transforms or defaults, which `test/sdk/validation.test.ts` holds
 * them to), so zod's copy of it would be equal, and making it costs more than checking.
 */
export function safeParse<T>(schema: Schema<T>, data: unknown): z.core.util.SafeParseResult<T> {
  let compiled = parsers.get(schema);
  if (compiled === undefined) {
    parsers.set(schema, true);
    return schema.safeParse(data);
  }
  if (compiled === true) {
    compiled = compileSchema(schema);
    parsers.set(schema, compiled);
  }
  if (z.validate(compiled, data)) return { success: true, data: data as T };
  return (compiled as Schema<T>).safeParse(data);
}

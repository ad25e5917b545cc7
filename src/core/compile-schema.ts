import * as z from 'zod/mini';

/**
 * zod's compiled copy of a schema (`z.compile`: generated code that parses several
 * times faster, with the same results and issues; the schema itself is unchanged).
 *
 * The package maps this module to `compile-schema.browser.ts` for browsers (the
 * `#compile-schema` import of package.json): zod's compiler is 10 kB gzipped, more than
 * a browser app should ship to save microseconds per call.
 */
export function compileSchema<S extends z.ZodMiniType>(schema: S): S {
  return z.compile(schema);
}

import type * as z from 'zod/mini';

/**
 * The browser build of `compile-schema.ts`: the schema unchanged, validated by zod's
 * own parser, so browser bundles leave zod's compiler out.
 */
export function compileSchema<S extends z.ZodMiniType>(schema: S): S {
  return schema;
}

import * as z from 'zod/mini';

/**
 * How the transport runs the models: one array schema per item schema, and zod's
 * compiled parser for a schema once it has been used a few times.
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

/**
 * How many times a schema is run by zod's own parser before the SDK compiles it (issue 41).
 * Compiling (`z.compile`, generating and loading code) costs about 2 to 4 ms for a list of
 * milestones; each later use then saves 0.05 to 0.3 ms against zod's parser while a process is
 * young. So a program that makes a few calls and exits (a CLI, a CI job) never pays for it, and
 * one that keeps calling has it from its eleventh use of the model on.
 */
export const COMPILE_AFTER_USES = 10;

/** How many times a schema has been used, until it is compiled; then its compiled copy. */
const parsers = new WeakMap<Schema<unknown>, Schema<unknown> | number>();

/**
 * zod's compiler, once loaded. It is a module of its own, loaded when a model first reaches
 * {@link COMPILE_AFTER_USES} uses, not when the SDK is imported: one file fewer for every program
 * to load at start-up (issue 41), and none at all for one that never makes that many calls.
 */
let compiler: (<S extends z.ZodMiniType>(schema: S) => S) | undefined;
let compilerRequested = false;
function loadCompiler(): void {
  if (compilerRequested) return;
  compilerRequested = true;
  void import('./compile-schema.js').then(
    (module) => {
      compiler = module.compileSchema;
    },
    // Compiling only saves time: without the compiler, zod's own parser goes on checking.
    () => undefined,
  );
}

/**
 * Parses `data` with `schema`. The first {@link COMPILE_AFTER_USES} uses run zod's own parser;
 * later uses run the copy `z.compile` makes (several times faster, same results and same issues),
 * so a short-lived process does not pay for generating code. The compiler is loaded at the
 * last of those uses and used from the first use after it has arrived: in a program that awaits
 * its calls, the next one.
 *
 * Once compiled, a valid body is returned as it came: the models only check
 * (loose objects, no transforms or defaults, which `test/sdk/validation.test.ts` holds
 * them to), so zod's copy of it would be equal, and making it costs more than checking.
 */
export function safeParse<T>(schema: Schema<T>, data: unknown): z.core.util.SafeParseResult<T> {
  let compiled = parsers.get(schema) ?? 0;
  if (typeof compiled === 'number') {
    if (compiled < COMPILE_AFTER_USES || compiler === undefined) {
      if (compiled + 1 >= COMPILE_AFTER_USES) loadCompiler();
      parsers.set(schema, compiled + 1);
      return schema.safeParse(data);
    }
    compiled = compiler(schema);
    parsers.set(schema, compiled);
  }
  if (z.validate(compiled, data)) return { success: true, data: data as T };
  return (compiled as Schema<T>).safeParse(data);
}

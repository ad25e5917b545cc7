import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

// Issue 41: a model is compiled only once it has been used a few times, so a short-lived program never pays for it.
const compileSchema = vi.hoisted(() => vi.fn());
vi.mock('../../src/core/compile-schema.js', async (original) => {
  const actual = await original<typeof import('../../src/core/compile-schema.js')>();
  compileSchema.mockImplementation(actual.compileSchema);
  return { compileSchema };
});
const { COMPILE_AFTER_USES, safeParse } = await import('../../src/core/schemas.js');

describe('compiling a model', () => {
  it(`runs zod's own parser for the first ${COMPILE_AFTER_USES} uses, then compiles once and uses the copy`, async () => {
    const schema = z.looseObject({ id: z.int() });
    for (let use = 1; use <= COMPILE_AFTER_USES; use++) {
      expect(safeParse(schema, { id: use })).toEqual({ success: true, data: { id: use } });
    }
    expect(compileSchema).not.toHaveBeenCalled();
    // The compiler's module was asked for at the last of those uses; a program awaits its next call.
    await vi.dynamicImportSettled();
    const body = { id: 11, extra: true };
    // The compiled copy only checks: a valid body comes back as it came.
    expect(safeParse(schema, body).data).toBe(body);
    expect(compileSchema).toHaveBeenCalledTimes(1);
    expect(safeParse(schema, { id: 'twelve' })).toMatchObject({
      success: false,
      error: { issues: [{ path: ['id'] }] },
    });
    expect(compileSchema).toHaveBeenCalledTimes(1);
  });

  it('counts each model on its own', () => {
    compileSchema.mockClear();
    // The compiler's module has loaded by now (the test before): each model still waits for its own uses.
    const used = z.looseObject({ a: z.string() });
    const other = z.looseObject({ b: z.string() });
    for (let use = 0; use < COMPILE_AFTER_USES; use++) safeParse(used, { a: 'x' });
    safeParse(other, { b: 'y' });
    expect(compileSchema).not.toHaveBeenCalled();
    safeParse(used, { a: 'x' });
    expect(compileSchema).toHaveBeenCalledWith(used);
  });

  it("keeps zod's parser for a model used again before the compiler has loaded", async () => {
    vi.resetModules();
    const fresh = await import('../../src/core/schemas.js');
    compileSchema.mockClear();
    const schema = z.looseObject({ id: z.int() });
    // No await between the uses: the compiler's module is on its way, not there yet.
    for (let use = 1; use <= COMPILE_AFTER_USES + 3; use++)
      expect(fresh.safeParse(schema, { id: use }).success).toBe(true);
    expect(compileSchema).not.toHaveBeenCalled();
    await vi.dynamicImportSettled();
    expect(fresh.safeParse(schema, { id: 'x' }).success).toBe(false);
    expect(compileSchema).toHaveBeenCalledTimes(1);
  });

  it('loads the compiler only when a model reaches its last use before compiling', async () => {
    vi.resetModules();
    let loads = 0;
    vi.doMock('../../src/core/compile-schema.js', async (original) => {
      loads++;
      return original();
    });
    const fresh = await import('../../src/core/schemas.js');
    const schema = z.looseObject({ id: z.int() });
    for (let use = 1; use < COMPILE_AFTER_USES; use++) fresh.safeParse(schema, { id: use });
    await vi.dynamicImportSettled();
    // A program that stops here never loads zod's compiler.
    expect(loads).toBe(0);
    fresh.safeParse(schema, { id: COMPILE_AFTER_USES });
    await vi.dynamicImportSettled();
    expect(loads).toBe(1);
  });

  it('waits a few uses: compiling costs more than one call saves', () => {
    expect(COMPILE_AFTER_USES).toBeGreaterThanOrEqual(5);
  });
});

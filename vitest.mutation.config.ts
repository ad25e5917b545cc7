import { basename } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vitest.config.js';

/**
 * The order of a mutant's test files. Stryker stops a mutant's run at its first failing test, and a
 * mutant of a file every request crosses is covered by nearly every test file: vitest's own order
 * (the longest first) ran the fuzzer and the long properties before the test that kills it. Here the
 * test files named after the mutated file come first (Stryker names that file in `related`:
 * `mock/http/faults.ts` puts `test/faults.test.ts` first), then those that failed last (the file that
 * killed the last mutant likely kills its neighbour), then the quickest. Only the time to a kill
 * changes: a survivor runs every covering test whatever the order.
 */
class NamedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const mutated = this.ctx.config.related?.length === 1 ? this.ctx.config.related[0] : undefined;
    const stem = mutated === undefined ? undefined : basename(mutated).replace(/\.[cm]?[jt]s$/, '');
    const named = (spec: TestSpecification) => (stem !== undefined && basename(spec.moduleId).includes(stem) ? 0 : 1);
    const result = (spec: TestSpecification) => cache.getTestSpecificationResult(spec);
    const failed = (spec: TestSpecification) => (result(spec)?.failed ? 0 : 1);
    const duration = (spec: TestSpecification) => result(spec)?.duration ?? 0;
    return [...files].sort((a, b) => named(a) - named(b) || failed(a) - failed(b) || duration(a) - duration(b));
  }
}

// The suite as Stryker runs it (stryker.config.mjs): a mutant exists only in the test process, so the tests
// that drive another process (the CLI, examples and demos through tsx, the docs' and package's type-checks
// and builds) cannot kill one; they are left out to keep each mutant's run short.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      // Read by propertyRuns (test/fixtures.ts): the heaviest properties take fewer runs, since Stryker reruns
      // them for every mutant their code reaches; their first runs already reach every area and limit.
      env: { GITLAB_MOCK_MUTATION: '1' },
      // Instrumented code runs several times slower (the JSON limits scanner's property, above all):
      // a test's own timeout must not fail the initial run Stryker needs green.
      testTimeout: 60_000,
      sequence: { sequencer: NamedFirst },
      exclude: [
        'test/**/*.cli.test.ts',
        'test/cli.test.ts',
        'test/contract-mode.test.ts',
        'test/contract/**',
        'test/mock-server-state.test.ts',
        'test/sign-in-list.test.ts',
        'test/examples.test.ts',
        'test/approvals-demo.test.ts',
        'test/docs.test.ts',
        'test/docs-sources.test.ts',
        'test/coverage.test.ts',
        'test/bundle-size.test.ts',
        'test/package.test.ts',
        'test/toolchain.test.ts',
        'test/guides/**',
        'test/oauth/guide.test.ts',
      ],
    },
  }),
);

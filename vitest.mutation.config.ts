import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

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

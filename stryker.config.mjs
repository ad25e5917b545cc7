// Mutation testing (issue 27): StrykerJS plants one-line bugs in the mock's rules, its HTTP layer, its
// outbound webhooks and the SDK's core, and runs the tests that cover each one. A mutant no test kills is
// a rule the suite does not check. `npm run test:mutation` runs it; CONTRIBUTING.md ("Mutation testing")
// says how to read the report.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The suite without the parts that test other processes (CLI, examples, docs type-checks, the build):
  // a mutant lives in this process only, so those tests could not kill it and only slow the run down.
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  // Each mutant runs only the tests that reached its code.
  coverageAnalysis: 'perTest',
  // Code that runs when a module loads (tables, constants) is reached by every test: mutants there would
  // run the whole suite each. They are left out, and their tables are checked by the tests of the rules
  // that read them.
  ignoreStatic: true,
  mutate: [
    'mock/rules/**/*.ts',
    'mock/http/**/*.ts',
    'mock/webhooks/**/*.ts',
    'src/core/**/*.ts',
    // The browser half of the schema compiler runs only in the browser suite.
    '!src/core/compile-schema.browser.ts',
  ],
  // Only mutants whose code or covering tests changed since the committed report run again.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['html', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowEmojis: false, logTests: false, reportMutants: false },
  // `high` and `low` colour the report; `break` fails the run (exit code 1) below that score.
  thresholds: { high: 90, low: 85, break: 85 },
  // Two cores: two test-runner processes. The type checker is left out: TypeScript rejects some mutants
  // (they count as compile errors, not kills), and checking each costs more than running its tests.
  concurrency: 2,
  timeoutMS: 10000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

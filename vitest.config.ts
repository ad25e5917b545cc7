import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Examples and docs import the package by name, as users do; resolve it to the sources.
    alias: [
      { find: /^gitlab-admin-sdk\/mock\/node$/, replacement: here('./mock/node/index.ts') },
      { find: /^gitlab-admin-sdk\/mock$/, replacement: here('./mock/index.ts') },
      { find: /^gitlab-admin-sdk$/, replacement: here('./src/index.ts') },
      {
        find: /^gitlab-admin-sdk\/(milestones|applications|access-tokens|scim|approvals|oauth)$/,
        replacement: here('./src/$1.ts'),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The browser suite runs in Chromium with its own config (vitest.browser.config.ts).
    exclude: [...configDefaults.exclude, 'test/browser/**'],
    environment: 'node',
    testTimeout: 15_000,
    // One mock server for the run, as docs/mock-server.md shows (test/guides/mock-server.test.ts uses it).
    globalSetup: ['./test/guides/gitlab-mock-setup.ts'],
  },
});

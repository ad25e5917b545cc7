import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:contract`: the contract scenarios only, against a real GitLab when
// GITLAB_URL and GITLAB_TOKEN are set (GITLAB_CONTRACT tells the scenarios they may).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/contract/**/*.test.ts'],
    environment: 'node',
    env: { GITLAB_CONTRACT: '1' },
    globalSetup: ['test/contract/announce.ts'],
    // A real GitLab is slower than the mock, and is spared parallel runs.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});

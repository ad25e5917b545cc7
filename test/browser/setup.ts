import { setupWorker } from 'msw/browser';
import { HttpNetworkFrame } from 'msw/experimental';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMockGitLab, demoSeed } from '../../mock/index.js';
import { GitLab, type GitLabOptions } from '../../src/index.js';

/**
 * The browser suite's setup: the demo world served by MSW's Service Worker, for an SDK that calls a
 * GitLab on another origin than the page's. `gitlab.example.com` does not resolve here, so every
 * answer comes from the worker.
 */

export const GITLAB_URL = 'https://gitlab.example.com';

/** The demo world's users (README, docs/mock.md). */
export const TOKENS = {
  root: 'glpat-root-0000000000000000',
  maria: 'glpat-maria-000000000000000',
  omar: 'glpat-omar-0000000000000000',
  dev: 'glpat-dev-00000000000000000',
  rita: 'glpat-rita-0000000000000000',
  gus: 'glpat-gus-00000000000000000',
} as const;

export const API = 'acme/platform/api';

/** Starts the worker for this file's tests and resets the world after each; returns the mock. */
export function useMockGitLab() {
  const mock = createMockGitLab({ baseUrl: GITLAB_URL, seed: demoSeed });
  const worker = setupWorker(...mock.handlers);
  beforeAll(async () => {
    await worker.start({
      quiet: true,
      // Anything sent off the page's own origin must be answered by the mock; Vitest's own
      // requests (modules, its API) go to the page's origin and pass through.
      onUnhandledFrame: ({ frame, defaults }) => {
        if (frame instanceof HttpNetworkFrame && new URL(frame.data.request.url).origin !== location.origin) {
          defaults.error();
        }
      },
    });
  });
  afterEach(() => mock.reset());
  afterAll(() => worker.stop());
  return mock;
}

/** An SDK client for `token`, on the browser's own `fetch`; no retries unless `options` says so. */
export function as(token: string, options: Partial<GitLabOptions> = {}): GitLab {
  return new GitLab({ baseUrl: GITLAB_URL, token, retry: 0, ...options });
}

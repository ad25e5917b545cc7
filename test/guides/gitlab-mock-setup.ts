import { demoSeed } from 'gitlab-admin-sdk/mock';
import { startMockServer } from 'gitlab-admin-sdk/mock/node';
import type { TestProject } from 'vitest/node';

// One mock server for the whole run: vitest.config.ts has `globalSetup: ['./test/gitlab-mock-setup.ts']`.
export async function setup(project: TestProject) {
  const server = await startMockServer({ port: 0, seed: demoSeed });
  project.provide('gitlabMockUrl', server.url);
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    gitlabMockUrl: string;
  }
}

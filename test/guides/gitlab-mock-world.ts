import { beforeEach, inject } from 'vitest';

/** This test file's GitLab: a world of its own on the suite's server, which no other file sees. */
export function gitlabWorld(name: string): string {
  const url = `${inject('gitlabMockUrl')}/worlds/${name}`;
  // Back to the seed before every test: world, clock, faults, rate limits and journal.
  beforeEach(async () => {
    await fetch(`${url}/__mock/reset`, { method: 'POST' });
  });
  return url;
}

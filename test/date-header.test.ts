import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockGitLab, demoSeed } from '../mock/index.js';
import { type RunningMockServer, startMockServer } from '../mock/node/index.js';
import { ROOT } from './cli-process.js';

/**
 * Issue 39 (2): GitLab's `Date` header is its server's time, and the mock's server time is its world
 * clock. Every answer carries it, the admin routes' and the server's own 404s included, so a client
 * (the examples) learns "today" from the mock as it would from GitLab.
 */

const MARIA = 'glpat-maria-000000000000000';
/** The demo world's clock, as an HTTP date. */
const DEMO_DATE = 'Mon, 01 Jun 2026 09:00:00 GMT';

describe('the Date header', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed: demoSeed });
  });
  afterAll(() => server.close());

  const dateOf = async (path: string, init: RequestInit = {}) =>
    (await fetch(`${server.url}${path}`, init)).headers.get('date');

  it('is the world clock on the API, answered or refused, and on the OAuth routes', async () => {
    const headers = { 'PRIVATE-TOKEN': MARIA };
    expect(await dateOf('/api/v4/projects/acme%2Fplatform%2Fapi/milestones', { headers })).toBe(DEMO_DATE);
    expect(await dateOf('/api/v4/version')).toBe(DEMO_DATE); // 401
    expect(await dateOf('/api/v4/projects/1/pipelines', { headers })).toBe(DEMO_DATE); // not modelled
    expect(await dateOf('/api/v4/version', { method: 'HEAD' })).toBe(DEMO_DATE);
    expect(await dateOf('/oauth/token', { method: 'POST' })).toBe(DEMO_DATE);
  });

  it('is the world clock on the admin routes, the inspector and the server’s own answers', async () => {
    expect(await dateOf('/__mock/requests')).toBe(DEMO_DATE);
    expect(await dateOf('/__mock/state')).toBe(DEMO_DATE);
    expect(await dateOf('/__mock/worlds')).toBe(DEMO_DATE);
    expect(await dateOf('/__mock/reset', { method: 'POST' })).toBe(DEMO_DATE); // 204
    expect(await dateOf('/__mock/no-such-route')).toBe(DEMO_DATE);
    expect(await dateOf('/', { headers: { accept: 'text/html' } })).toBe(DEMO_DATE);
    expect(await dateOf('/elsewhere')).toBe(DEMO_DATE);
    expect(await dateOf('/api/v4/version', { method: 'OPTIONS' })).toBe(DEMO_DATE);
    expect(await dateOf('/worlds/Not_A_Name!/api/v4/version')).toBe(DEMO_DATE);
  });

  it("follows the clock as it moves, each world's its own", async () => {
    const moved = await fetch(`${server.url}/worlds/date-moved/__mock/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 10, hours: 3 }),
    });
    expect(moved.headers.get('date')).toBe('Thu, 11 Jun 2026 12:00:00 GMT');
    expect(await dateOf('/worlds/date-moved/api/v4/version')).toBe('Thu, 11 Jun 2026 12:00:00 GMT');
    expect(await dateOf('/worlds/date-moved/__mock/requests')).toBe('Thu, 11 Jun 2026 12:00:00 GMT');
    // The default world's clock has not moved.
    expect(await dateOf('/api/v4/version')).toBe(DEMO_DATE);
  });

  it('is the world clock in process too (mock.fetch, what MSW answers)', async () => {
    const mock = createMockGitLab({ seed: demoSeed });
    mock.clock.advance({ days: 1 });
    const response = await mock.fetch(`${mock.baseUrl}/api/v4/user`, { headers: { 'PRIVATE-TOKEN': MARIA } });
    expect(response.headers.get('date')).toBe('Tue, 02 Jun 2026 09:00:00 GMT');
  });
});

describe('the examples against the server', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed: demoSeed });
  });
  afterAll(() => server.close());

  it('count the days as the mock does: "today" is its Date header, not this machine’s date', async () => {
    const run = await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'examples', 'rotate-expiring-tokens.ts')],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          GITLAB_URL: server.url,
          GITLAB_TOKEN: MARIA,
          GITLAB_PROJECT: 'acme/platform/api',
          WITHIN_DAYS: '30',
          LIFETIME_DAYS: '60',
          ROTATE: '',
          EXAMPLES_DEMO: '',
        },
      },
    );
    // release-bot expires 2026-06-12: 11 days after the demo world's 2026-06-01.
    expect(run.stdout).toMatch(/release-bot\s+9\s+Developer\s+api\s+2026-06-12\s+11\s+would rotate/);
    expect(run.stdout).toMatch(/ci\s+8\s+Maintainer\s+api\s+2026-12-01\s+183\s+keep/);
  });
});

/**
 * 4. Mock throughput: requests per second through the in-process mock (the SDK
 * over setupServer, and over mock.fetch), and through the CLI server over
 * loopback under load from a second process, against a bare node:http server
 * serving the same response bytes (the limit).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { createMockGitLab, type SeedDocument } from '../mock/index.js';
import { GitLab } from '../src/index.js';
import { compare, median, ROOT, report, startProcess, TSX } from './lib.js';

const token = 'glpat-bench-000000000000000';
const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [{ username: 'bench', token }],
  groups: [{ path: 'acme', members: { bench: 40 } }],
  projects: [
    {
      path: 'acme/api',
      milestones: Array.from({ length: 20 }, (_, i) => ({ title: `v1.${i}`, due_date: '2026-06-30' })),
    },
  ],
};
const path = '/api/v4/projects/acme%2Fapi/milestones';

// In-process: the SDK through MSW interception, and through mock.fetch.
const intercepted = createMockGitLab({ baseUrl: 'http://gitlab.bench', seed });
const server = setupServer(...intercepted.handlers);
server.listen({ onUnhandledFrame: 'error' });
const viaMsw = new GitLab({ baseUrl: 'http://gitlab.bench', token });
const direct = createMockGitLab({ seed });
const viaFetch = new GitLab({ baseUrl: direct.baseUrl, token, fetch: direct.fetch });
const perCall = await compare(
  {
    setupServer: () => viaMsw.projects.milestones.list('acme/api'),
    'mock.fetch': () => viaFetch.projects.milestones.list('acme/api'),
  },
  { rounds: 10, iterations: 200 },
);
server.close();

// Over loopback: the CLI server and a bare server with the same bytes, each loaded from a second process.
const tmp = mkdtempSync(join(tmpdir(), 'bench-'));
const seedFile = join(tmp, 'seed.json');
writeFileSync(seedFile, JSON.stringify(seed));
const cli = startProcess(join(ROOT, 'mock/node/cli.ts'), ['--port', '0', '--seed', seedFile]);
const cliUrl = await cli.ready;
const bodyFile = join(tmp, 'body.json');
writeFileSync(bodyFile, await (await fetch(`${cliUrl}${path}`, { headers: { 'PRIVATE-TOKEN': token } })).text());
const bare = startProcess(join(ROOT, 'bench/fixed-server.ts'), [bodyFile]);
const bareUrl = await bare.ready;

function load(url: string): number {
  const run = spawnSync(process.execPath, [TSX, join(ROOT, 'bench/load.ts'), url, token, '8', '2'], {
    encoding: 'utf8',
  });
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as { rps: number; errors: number };
  if (result.errors > 0) throw new Error(`${result.errors} failed requests against ${url}`);
  return result.rps;
}
const rps: Record<string, number[]> = { cli: [], bare: [] };
for (let round = 0; round < 5; round++) {
  rps.cli?.push(load(`${cliUrl}${path}`));
  rps.bare?.push(load(`${bareUrl}${path}`));
}
cli.stop();
bare.stop();

const cliRps = median(rps.cli ?? []);
const bareRps = median(rps.bare ?? []);
report([
  {
    benchmark: 'mock-throughput',
    figure: 'in-process, SDK + setupServer',
    value: 1e6 / (perCall.setupServer as number),
    unit: 'req/s',
  },
  {
    benchmark: 'mock-throughput',
    figure: 'in-process, SDK + mock.fetch',
    value: 1e6 / (perCall['mock.fetch'] as number),
    unit: 'req/s',
  },
  { benchmark: 'mock-throughput', figure: 'bare node:http, same bytes', value: bareRps, unit: 'req/s' },
  {
    benchmark: 'mock-throughput',
    figure: 'CLI server over loopback',
    value: cliRps,
    unit: 'req/s',
    comparedTo: 'bare node:http, same bytes',
    ratio: cliRps / bareRps,
    goal: '≥ 0.5× bare server',
    met: cliRps >= bareRps / 2,
  },
]);
process.exit(0);

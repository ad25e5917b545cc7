/**
 * 6. Server throughput: the CLI server (`--seed demo`) answering the demo
 * seed's milestone list with a valid token, over loopback, against a bare
 * node:http server replaying the CLI server's exact answer (status, headers,
 * bytes): the limit. Each is loaded in turn by autocannon (10 connections) in a
 * process of its own, alternating over five rounds; medians. Then the CLI server
 * again with an inspector page's journal stream connected (a reader in another
 * process that reads every event): the stream must not cost the API its goal.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ROOT, report, startProcess } from './lib.js';

// Over loopback: the CLI server and a bare server replaying its exact answer (status, headers, bytes),
// each loaded in turn by autocannon in a process of its own (10 connections).
// The demo seed's milestone list, read by maria (Owner of acme).
const demoPath = '/api/v4/projects/acme%2Fplatform%2Fapi/milestones';
const demoToken = 'glpat-maria-000000000000000';
const tmp = mkdtempSync(join(tmpdir(), 'bench-'));
// The built CLI, as `gitlab-admin-mock` runs it (npm run bench builds first).
const cli = startProcess(join(ROOT, 'dist/mock/cli.js'), ['--port', '0', '--seed', 'demo']);
const cliUrl = await cli.ready;
const sample = await fetch(`${cliUrl}${demoPath}`, { headers: { 'PRIVATE-TOKEN': demoToken } });
const bodyFile = join(tmp, 'body.json');
writeFileSync(bodyFile, await sample.text());
// Every header but those node:http writes itself, as the mock sent them.
const replayed = Object.fromEntries(
  [...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
);
const headersFile = join(tmp, 'headers.json');
writeFileSync(headersFile, JSON.stringify(replayed));
const bare = startProcess(join(ROOT, 'bench/fixed-server.ts'), [bodyFile, headersFile]);
const bareUrl = await bare.ready;

const AUTOCANNON = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));
function load(url: string): number {
  const run = spawnSync(
    process.execPath,
    [AUTOCANNON, '--json', '-c', '10', '-d', '3', '-H', `PRIVATE-TOKEN=${demoToken}`, url],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(run.stdout) as {
    requests: { average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${failed} failed requests against ${url}`);
  return result.requests.average;
}
const rps: Record<string, number[]> = { cli: [], bare: [], stream: [] };
for (let round = 0; round < 5; round++) {
  const order = round % 2 === 0 ? (['cli', 'bare'] as const) : (['bare', 'cli'] as const);
  for (const name of order) rps[name]?.push(load(`${name === 'cli' ? cliUrl : bareUrl}${demoPath}`));
}
// A page's stream: a reader in a process of its own (this one blocks while autocannon runs) reading every event.
const reader = spawn(
  process.execPath,
  [
    '-e',
    `fetch(${JSON.stringify(`${cliUrl}/__mock/requests/stream`)}).then(async (r) => { for await (const _ of r.body); })`,
  ],
  { stdio: 'ignore' },
);
await new Promise((resolve) => setTimeout(resolve, 500));
for (let round = 0; round < 3; round++) rps.stream?.push(load(`${cliUrl}${demoPath}`));
reader.kill();
cli.stop();
bare.stop();

const cliRps = median(rps.cli ?? []);
const bareRps = median(rps.bare ?? []);
const streamRps = median(rps.stream ?? []);
report([
  { benchmark: 'server-throughput', figure: 'bare node:http, same headers and bytes', value: bareRps, unit: 'req/s' },
  {
    benchmark: 'server-throughput',
    figure: 'CLI server, autocannon 10 connections',
    value: cliRps,
    unit: 'req/s',
    comparedTo: 'bare node:http',
    ratio: cliRps / bareRps,
    goal: '≥ 0.5× bare server',
    met: cliRps >= bareRps / 2,
  },
  {
    benchmark: 'server-throughput',
    figure: 'CLI server with an inspector page’s journal stream connected',
    value: streamRps,
    unit: 'req/s',
    comparedTo: 'bare node:http',
    ratio: streamRps / bareRps,
    goal: '≥ 0.5× bare server',
    met: streamRps >= bareRps / 2,
  },
]);
process.exit(0);

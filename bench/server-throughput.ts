/**
 * 6. Server throughput: the CLI server (`--seed demo`) answering the demo
 * seed's milestone list with a valid token, over loopback, against a bare
 * node:http server replaying the CLI server's exact answer (status, headers,
 * bytes): the limit. Each is loaded in turn by autocannon (10 connections) in a
 * process of its own, alternating over five rounds; medians.
 *
 * Side by side, the same CLI with GitLab's JSON limits switched off (an internal
 * switch, `GITLAB_MOCK_BENCH_JSON_LIMITS=off`): on that list, and on a milestone
 * update carrying a 4 KB JSON body, what the check costs (goal: at most 5%).
 *
 * Then the CLI server again with an inspector page's journal stream connected (a
 * reader in another process that reads every event): the stream must not cost the
 * API its goal.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, processCpu, ROOT, report, startProcess } from './lib.js';

// Over loopback: the CLI server and a bare server replaying its exact answer (status, headers, bytes),
// each loaded in turn by autocannon in a process of its own (10 connections).
// The demo seed's milestone list, read by maria (Owner of acme).
const demoPath = '/api/v4/projects/acme%2Fplatform%2Fapi/milestones';
const demoToken = 'glpat-maria-000000000000000';
const tmp = mkdtempSync(join(tmpdir(), 'bench-'));
// The built CLI, as `gitlab-admin-mock` runs it (npm run bench builds first).
const cli = startProcess(join(ROOT, 'dist/mock/cli.js'), ['--port', '0', '--seed', 'demo']);
const cliUrl = await cli.ready;
const unchecked = startProcess(join(ROOT, 'dist/mock/cli.js'), ['--port', '0', '--seed', 'demo'], [], {
  GITLAB_MOCK_BENCH_JSON_LIMITS: 'off',
});
const uncheckedUrl = await unchecked.ready;
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

// A milestone update with a JSON body of about 4 KB, nested a few levels (the route ignores what it does not
// know), answered 200 each time: what the scanner reads on every write.
const milestoneId = (JSON.parse(readFileSync(bodyFile, 'utf8')) as { id: number }[])[0]?.id;
const updatePath = `${demoPath}/${milestoneId}`;
const updateBody = JSON.stringify({
  description: 'Release notes: login, tokens, approvals and the burndown chart. '.repeat(20),
  labels: Array.from({ length: 40 }, (_, i) => `area::${i}`),
  meta: { owners: [{ name: 'maria', roles: ['owner', { level: 50 }] }], tags: { a: [1, 2, [3, 4, { b: null }]] } },
  steps: Array.from({ length: 30 }, (_, i) => ({ step: i, done: i % 2 === 0, at: '2026-06-01T09:00:00Z' })),
});
const check = await fetch(`${cliUrl}${updatePath}`, {
  method: 'PUT',
  headers: { 'PRIVATE-TOKEN': demoToken, 'content-type': 'application/json' },
  body: updateBody,
});
if (check.status !== 200) throw new Error(`the update answered ${check.status}`);

const AUTOCANNON = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));
/** Loads `url` for 3 s: requests a second, and the CPU time a request cost the server `pid` (µs; where /proc exists). */
function load(url: string, put = false, pid?: number): { rps: number; cpu?: number } {
  const body = put ? ['-m', 'PUT', '-H', 'content-type=application/json', '-b', updateBody] : [];
  const cpuBefore = processCpu(pid);
  const run = spawnSync(
    process.execPath,
    [AUTOCANNON, '--json', '-c', '10', '-d', '3', '-H', `PRIVATE-TOKEN=${demoToken}`, ...body, url],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const cpuAfter = processCpu(pid);
  const result = JSON.parse(run.stdout) as {
    requests: { average: number; total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${failed} failed requests against ${url}`);
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / result.requests.total;
  return { rps: result.requests.average, cpu };
}
const loads = {
  cli: () => load(`${cliUrl}${demoPath}`, false, cli.child.pid),
  bare: () => load(`${bareUrl}${demoPath}`, false, bare.child.pid),
  unchecked: () => load(`${uncheckedUrl}${demoPath}`),
  cliPut: () => load(`${cliUrl}${updatePath}`, true),
  uncheckedPut: () => load(`${uncheckedUrl}${updatePath}`, true),
};
type Load = keyof typeof loads;
const rps: Record<Load, number[]> = { cli: [], bare: [], unchecked: [], cliPut: [], uncheckedPut: [] };
// The servers' CPU time per request (µs), where /proc tells it.
const cpu: { cli: number[]; bare: number[] } = { cli: [], bare: [] };
const names = Object.keys(loads) as Load[];
for (let round = 0; round < 5; round++) {
  // Alternate the order, so neither side of a pair always runs first.
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const name of order) {
    const measured = loads[name]();
    rps[name].push(measured.rps);
    if ((name === 'cli' || name === 'bare') && measured.cpu !== undefined) cpu[name].push(measured.cpu);
  }
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
const streamed: number[] = [];
for (let round = 0; round < 3; round++) streamed.push(load(`${cliUrl}${demoPath}`).rps);
reader.kill();
cli.stop();
bare.stop();
unchecked.stop();

const cliRps = median(rps.cli);
const bareRps = median(rps.bare);
const uncheckedRps = median(rps.unchecked);
const cliPutRps = median(rps.cliPut);
const uncheckedPutRps = median(rps.uncheckedPut);
const streamRps = median(streamed);
// Each server's CPU time a request: the throughput ratio they would show with a core each, which the run
// above does not give them (two cores shared with autocannon flatter the slower server: docs/performance.md).
const cpuRows =
  cpu.cli.length > 0 && cpu.bare.length > 0
    ? [
        {
          benchmark: 'server-throughput',
          figure: 'bare node:http, CPU a request',
          value: median(cpu.bare),
          unit: 'µs',
        },
        {
          benchmark: 'server-throughput',
          figure: 'CLI server, CPU a request (with a core each: bare µs / CLI µs)',
          value: median(cpu.cli),
          unit: 'µs',
          comparedTo: 'bare node:http, CPU a request',
          ratio: median(cpu.bare) / median(cpu.cli),
          goal: '≥ 0.5× bare server',
          met: median(cpu.cli) <= 2 * median(cpu.bare),
        },
      ]
    : [];
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
  ...cpuRows,
  {
    benchmark: 'server-throughput',
    figure: 'CLI server, JSON limits off (same run)',
    value: uncheckedRps,
    unit: 'req/s',
  },
  {
    benchmark: 'server-throughput',
    figure: 'CLI server with JSON limits, milestone list',
    value: cliRps,
    unit: 'req/s',
    comparedTo: 'JSON limits off',
    ratio: cliRps / uncheckedRps,
    goal: '≥ 0.95× JSON limits off',
    met: cliRps >= uncheckedRps * 0.95,
  },
  {
    benchmark: 'server-throughput',
    figure: 'CLI server, 4 KB JSON update, JSON limits off',
    value: uncheckedPutRps,
    unit: 'req/s',
  },
  {
    benchmark: 'server-throughput',
    figure: 'CLI server with JSON limits, 4 KB JSON update',
    value: cliPutRps,
    unit: 'req/s',
    comparedTo: 'JSON limits off',
    ratio: cliPutRps / uncheckedPutRps,
    goal: '≥ 0.95× JSON limits off',
    met: cliPutRps >= uncheckedPutRps * 0.95,
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

/**
 * 9. Webhook throughput: the CLI server (the demo seed) creating issues over loopback, each of which
 * sends an `Issue Hook` to a receiver in another process, against a bare node:http server replaying the
 * CLI's exact answer (status, headers, bytes), and against the same CLI without hooks. autocannon, 10
 * connections, alternating over three rounds; medians. Then every delivery is awaited
 * (`POST /__mock/webhooks/settled`) and counted at the receiver: none may be lost while it is up.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoSeed } from '../mock/seeds/demo.js';
import { median, ROOT, report, startProcess } from './lib.js';

const token = 'glpat-maria-000000000000000';
const path = '/api/v4/projects/acme%2Fplatform%2Fapi/issues';
const body = JSON.stringify({ title: 'Load' });
const tmp = mkdtempSync(join(tmpdir(), 'bench-hooks-'));
// A kept connection the server closed while idle fails once: ask again on a new one.
const again = async (url: string, init?: RequestInit) => {
  try {
    return await fetch(url, init);
  } catch {
    return await fetch(url, init);
  }
};

// The receiver: a bare server answering 200 with a short JSON body, as receivers do, which counts
// what it is sent (`GET /__cpu`).
writeFileSync(join(tmp, 'receiver-body.json'), '{"ok":true}');
writeFileSync(join(tmp, 'receiver-headers.json'), JSON.stringify({ 'content-type': 'application/json' }));
const receiver = startProcess(join(ROOT, 'bench/fixed-server.ts'), [
  join(tmp, 'receiver-body.json'),
  join(tmp, 'receiver-headers.json'),
]);
const receiverUrl = await receiver.ready;
const events = {
  push_events: true,
  merge_requests_events: true,
  issues_events: true,
  confidential_issues_events: true,
  milestone_events: true,
  resource_access_token_events: true,
};
const seed = {
  ...demoSeed,
  projects: demoSeed.projects?.map((p) =>
    p.path === 'acme/platform/api' ? { ...p, hooks: [{ url: `${receiverUrl}/gitlab`, events }] } : p,
  ),
};
const seedFile = join(tmp, 'seed.json');
writeFileSync(seedFile, JSON.stringify(seed));

const hooked = startProcess(join(ROOT, 'dist/mock/cli.js'), ['--port', '0', '--seed', seedFile]);
const hookedUrl = await hooked.ready;
const seeded =
  (
    (await (await again(`${hookedUrl}${path}?per_page=1`, { headers: { 'PRIVATE-TOKEN': token } })).json()) as {
      iid: number;
    }[]
  )[0]?.iid ?? 0;
const plain = startProcess(join(ROOT, 'dist/mock/cli.js'), ['--port', '0', '--seed', 'demo']);
const plainUrl = await plain.ready;

// The bare server replays the CLI's answer to the same request.
const sample = await fetch(`${plainUrl}${path}`, {
  method: 'POST',
  headers: { 'PRIVATE-TOKEN': token, 'content-type': 'application/json' },
  body,
});
if (sample.status !== 201) throw new Error(`the issue creation answered ${sample.status}`);
const bodyFile = join(tmp, 'body.json');
writeFileSync(bodyFile, await sample.text());
const headersFile = join(tmp, 'headers.json');
writeFileSync(
  headersFile,
  JSON.stringify(
    Object.fromEntries(
      [...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
    ),
  ),
);
const bare = startProcess(join(ROOT, 'bench/fixed-server.ts'), [bodyFile, headersFile]);
const bareUrl = await bare.ready;
// Whatever happens, no server outlives the benchmark.
process.on('exit', () => {
  for (const child of [receiver, hooked, plain, bare]) child.stop();
});

const AUTOCANNON = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));
/** Requests per second over 3 s, and how many were answered. */
function load(url: string): { rps: number; total: number } {
  const run = spawnSync(
    process.execPath,
    [
      AUTOCANNON,
      '--json',
      '-c',
      '10',
      '-d',
      '3',
      '-m',
      'POST',
      '-H',
      `PRIVATE-TOKEN=${token}`,
      '-H',
      'content-type=application/json',
      '-b',
      body,
      url,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(run.stdout) as {
    requests: { average: number; total: number };
    errors: number;
    timeouts: number;
  };
  if (result.errors + result.timeouts > 0) throw new Error(`failed requests against ${url}`);
  return { rps: result.requests.average, total: result.requests.total };
}
const delivered: number[] = [];
const loads = {
  // The API's answers per second; then how fast the deliveries they fired were all made (the load's
  // time and the backlog's after it), which the API's figure alone would hide.
  hooked: async () => {
    const started = performance.now();
    const { rps, total } = load(`${hookedUrl}${path}`);
    await again(`${hookedUrl}/__mock/webhooks/settled`, { method: 'POST' });
    delivered.push(total / ((performance.now() - started) / 1000));
    return rps;
  },
  plain: async () => load(`${plainUrl}${path}`).rps,
  bare: async () => load(`${bareUrl}${path}`).rps,
};
type Load = keyof typeof loads;
const rps: Record<Load, number[]> = { hooked: [], plain: [], bare: [] };
const names = Object.keys(loads) as Load[];
for (let round = 0; round < 3; round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const name of order) rps[name].push(await loads[name]());
}

// Every issue the hooked server created was an event for the hook: all must reach the receiver.
await again(`${hookedUrl}/__mock/webhooks/settled`, { method: 'POST' });
// The newest issue's iid: the seeded ones plus every one created (GitLab omits X-Total past 10,000).
const newestIid = async () =>
  (
    (await (await again(`${hookedUrl}${path}?per_page=1`, { headers: { 'PRIVATE-TOKEN': token } })).json()) as {
      iid: number;
    }[]
  )[0]?.iid ?? 0;
const created = await newestIid();
const received = ((await (await again(`${receiverUrl}/__cpu`)).json()) as { requests: number }).requests;
hooked.stop();
plain.stop();
bare.stop();
receiver.stop();

const hookedRps = median(rps.hooked);
const plainRps = median(rps.plain);
const bareRps = median(rps.bare);
const lost = created - seeded - received;
report([
  {
    benchmark: 'webhook-throughput',
    figure: 'bare node:http, the issue creation answer',
    value: bareRps,
    unit: 'req/s',
  },
  { benchmark: 'webhook-throughput', figure: 'CLI server creating issues, no hooks', value: plainRps, unit: 'req/s' },
  {
    benchmark: 'webhook-throughput',
    figure: 'CLI server creating issues, a hook on every event',
    value: hookedRps,
    unit: 'req/s',
    comparedTo: 'bare node:http',
    ratio: hookedRps / bareRps,
    goal: '≥ 0.45× bare server',
    met: hookedRps >= bareRps * 0.45,
  },
  {
    benchmark: 'webhook-throughput',
    figure: 'the same, against the server without hooks',
    value: hookedRps,
    unit: 'req/s',
    comparedTo: 'no hooks',
    ratio: hookedRps / plainRps,
  },
  {
    benchmark: 'webhook-throughput',
    figure: 'deliveries made per second, from the load’s first request to its last delivery',
    value: median(delivered),
    unit: 'deliveries/s',
  },
  {
    benchmark: 'webhook-throughput',
    figure: 'deliveries lost while the receiver was up',
    value: lost,
    unit: 'deliveries',
    goal: '0',
    met: lost === 0,
  },
]);
process.exit(0);

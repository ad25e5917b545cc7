/**
 * 7. Server worlds: the heap one named world of the demo seed takes (in
 * process, 64 worlds made as the server makes them), and a soak of the CLI
 * server: SOAK_REQUESTS (default a million) requests spread over 8 worlds by
 * autocannon in a process of its own, the server's resident memory read every
 * few seconds (Linux: /proc), the live heap after each of its full collections
 * (`--trace-gc`), and each world's journal length at the end.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoSeed } from '../mock/index.js';
import { createMockGitLabCore } from '../mock/mock.js';
import { median, ROOT, report, startProcess } from './lib.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench does)');

// Memory per world: made from the seed, at its own base URL, as the server makes them.
const WORLDS = 64;
const perWorld: number[] = [];
for (let round = 0; round < 3; round++) {
  gc();
  const before = process.memoryUsage().heapUsed;
  const worlds = Array.from({ length: WORLDS }, (_, i) =>
    createMockGitLabCore({ seed: demoSeed, baseUrl: `http://127.0.0.1:4010/worlds/w${i}` }),
  );
  gc();
  perWorld.push((process.memoryUsage().heapUsed - before) / WORLDS);
  worlds.length = 0;
}

// The soak.
const total = Number(process.env.SOAK_REQUESTS ?? 1_000_000);
const token = 'glpat-maria-000000000000000';
// `--trace-gc`: after each full collection V8 prints the heap still live, which is what a leak would grow.
const cli = startProcess(join(ROOT, 'dist/mock/cli.js'), ['--port', '0', '--seed', 'demo'], ['--trace-gc']);
const url = await cli.ready;
const names = Array.from({ length: 8 }, (_, i) => `soak-${i + 1}`);
const paths = names.map((name) => `/worlds/${name}/api/v4/projects/acme%2Fplatform%2Fapi/milestones`);
const rssOf = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
  } catch {
    return Number.NaN;
  }
};
const samples: number[] = [];
const sampler = setInterval(() => samples.push(rssOf(cli.child.pid as number)), 2000);
const load = spawn(
  process.execPath,
  ['--import', 'tsx', join(ROOT, 'bench/soak-load.ts'), url, token, String(total), ...paths],
  {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let out = '';
load.stdout.setEncoding('utf8').on('data', (chunk: string) => {
  out += chunk;
});
await new Promise((resolve) => load.on('close', resolve));
clearInterval(sampler);
const result = JSON.parse(out.trim().split('\n').at(-1) as string) as { requests: number; errors: number; rps: number };
const journals = await Promise.all(
  names.map(
    async (name) => ((await (await fetch(`${url}/worlds/${name}/__mock/requests`)).json()) as unknown[]).length,
  ),
);
cli.stop();

// Resident memory once warm (after the first tenth of the run) against the end.
const quarter = (values: number[], which: 'first' | 'last') => {
  const size = Math.max(1, Math.floor(values.length / 4));
  return median(which === 'first' ? values.slice(0, size) : values.slice(-size));
};
const warm = samples.slice(Math.max(1, Math.floor(samples.length / 10)));
const early = quarter(warm, 'first');
const late = quarter(warm, 'last');
// The live heap after each full collection (MB), from the first one under load on.
const live = [...cli.output().matchAll(/Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/g)].map((m) => Number(m[1]));
const liveEarly = quarter(live, 'first');
const liveLate = quarter(live, 'last');
const MiB = 2 ** 20;
report([
  {
    benchmark: 'server-worlds',
    figure: 'heap per world of the demo seed',
    value: median(perWorld) / 1024,
    unit: 'KiB',
  },
  {
    benchmark: 'server-worlds',
    figure: `soak: ${result.requests} requests over 8 worlds (${result.errors} errors)`,
    value: result.rps,
    unit: 'req/s',
  },
  {
    benchmark: 'server-worlds',
    figure: `soak: live heap after a full collection, first → last quarter of ${live.length}`,
    value: liveLate,
    unit: `MB (from ${liveEarly.toFixed(1)})`,
    goal: 'flat (within 10%)',
    met: liveLate <= liveEarly * 1.1,
  },
  {
    benchmark: 'server-worlds',
    figure: 'soak: resident memory, early → late quarter of the run (V8 sizing its heap included)',
    value: late / MiB,
    unit: `MiB (from ${(early / MiB).toFixed(1)})`,
  },
  {
    benchmark: 'server-worlds',
    figure: 'soak: longest journal of a world (--journal 1000)',
    value: Math.max(...journals),
    unit: 'entries',
    goal: '≤ 1000',
    met: Math.max(...journals) <= 1000,
  },
]);
process.exit(0);

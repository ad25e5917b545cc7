/**
 * 1. SDK call overhead: listing 20 milestones from a loopback server (another
 * process) that serves fixed bytes, through plain fetch, fetch with a timeout,
 * ky alone configured as the SDK configures it, this SDK (the built package)
 * with and without validation, and @gitbeaker/rest. Wall time per call, and
 * this process's CPU time per call (what the client itself costs).
 */
import { pathToFileURL } from 'node:url';
import { Gitlab } from '@gitbeaker/rest';
import ky from 'ky';
import * as z from 'zod/mini';
import { measure, milestonesBody, ROOT, type Row, report, startProcess } from './lib.js';

// The built package, as users run it (`npm run bench` builds first).
const { GitLab, Milestone } = (await import(
  pathToFileURL(`${ROOT}dist/index.js`).href
)) as typeof import('../src/index.js');

const server = startProcess(new URL('./fixed-server.ts', import.meta.url).pathname);
const url = await server.ready;
const token = 'glpat-bench-000000000000000';
const listUrl = `${url}/api/v4/projects/42/milestones`;

const sdk = new GitLab({ baseUrl: url, token });
const sdkRaw = new GitLab({ baseUrl: url, token, validateResponses: false });
// What the SDK configures: the API prefix, the token header, a 30 s timeout per attempt, 2 retries.
const kyAlone = ky.create({ prefix: `${url}/api/v4`, headers: { 'PRIVATE-TOKEN': token }, timeout: 30_000, retry: 2 });
const gitbeaker = new Gitlab({ host: url, token });

const serverCpu = async () => (await (await fetch(`${url}/__cpu`)).json()) as { cpu: number; requests: number };
const serverBefore = await serverCpu();
const { wall, cpu } = await measure(
  {
    fetch: async () => JSON.parse(await (await fetch(listUrl, { headers: { 'PRIVATE-TOKEN': token } })).text()),
    'fetch + AbortSignal.timeout': async () =>
      JSON.parse(
        await (
          await fetch(listUrl, { headers: { 'PRIVATE-TOKEN': token }, signal: AbortSignal.timeout(30_000) })
        ).text(),
      ),
    'ky alone': () => kyAlone.get('projects/42/milestones').json(),
    'this SDK': () => sdk.projects.milestones.list(42),
    'this SDK, validation off': () => sdkRaw.projects.milestones.list(42),
    '@gitbeaker/rest': () => gitbeaker.ProjectMilestones.all(42, { maxPages: 1 }),
  },
  // Short batches, finely interleaved, and a long warm-up: on a busy machine the medians of two identical contenders then agree within a few per cent.
  { rounds: 80, iterations: 50, warmup: 20 },
);
const serverAfter = await serverCpu();
server.stop();
const serverPerRequest = (serverAfter.cpu - serverBefore.cpu) / (serverAfter.requests - serverBefore.requests);

// Validation alone, of the 20 milestones already parsed from JSON: zod's parser (a model's first use), and the check
// the SDK runs from a model's second use (z.validate on z.compile's copy: no output built).
const milestones = JSON.parse(milestonesBody());
const runtime = z.array(Milestone);
const compiled = z.compile(z.array(Milestone));
const validation = await measure(
  { runtime: () => runtime.safeParse(milestones), compiled: () => z.validate(compiled, milestones) },
  { rounds: 30, iterations: 500, warmup: 5 },
);

const row = (
  figure: string,
  times: Record<string, number>,
  unit: string,
  comparedTo?: string,
  goal?: { text: string; limit: number },
): Row => {
  const value = times[figure] as number;
  const ratio = comparedTo === undefined ? undefined : value / (times[comparedTo] as number);
  return {
    benchmark: 'sdk-overhead',
    figure: unit === 'µs/call' ? figure : `${figure} (client CPU)`,
    value,
    unit,
    comparedTo: comparedTo === undefined ? undefined : unit === 'µs/call' ? comparedTo : `${comparedTo} (client CPU)`,
    ratio,
    goal: goal?.text,
    met: goal === undefined || ratio === undefined ? undefined : ratio <= goal.limit,
  };
};
const wallRow = (figure: string, comparedTo?: string, goal?: { text: string; limit: number }) =>
  row(figure, wall, 'µs/call', comparedTo, goal);
const cpuRow = (figure: string, comparedTo?: string) => row(figure, cpu, 'µs CPU/call', comparedTo);
report([
  wallRow('fetch'),
  wallRow('fetch + AbortSignal.timeout', 'fetch'),
  wallRow('ky alone', 'fetch'),
  wallRow('@gitbeaker/rest', 'fetch'),
  wallRow('this SDK', 'ky alone', { text: '≤ 1.05× ky alone', limit: 1.05 }),
  wallRow('this SDK', '@gitbeaker/rest', { text: '≤ 0.80× @gitbeaker/rest', limit: 0.8 }),
  wallRow('this SDK, validation off', 'ky alone'),
  cpuRow('fetch'),
  cpuRow('ky alone', 'fetch'),
  cpuRow('this SDK', 'ky alone'),
  cpuRow('this SDK, validation off', 'ky alone'),
  cpuRow('@gitbeaker/rest', 'fetch'),
  {
    benchmark: 'sdk-overhead',
    figure: 'the bare server, per request (its own CPU)',
    value: serverPerRequest,
    unit: 'µs CPU',
  },
  {
    benchmark: 'sdk-overhead',
    figure: 'validating 20 milestones: zod/mini’s parser (a model’s first use)',
    value: validation.wall.runtime as number,
    unit: 'µs',
  },
  {
    benchmark: 'sdk-overhead',
    figure: 'validating 20 milestones: z.validate on z.compile’s copy (every later use)',
    value: validation.wall.compiled as number,
    unit: 'µs',
    comparedTo: 'validating 20 milestones: zod/mini’s parser (a model’s first use)',
    ratio: (validation.wall.compiled as number) / (validation.wall.runtime as number),
  },
]);

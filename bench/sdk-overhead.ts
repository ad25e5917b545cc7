/**
 * 1. SDK call overhead: listing 20 milestones from a loopback server (another
 * process) that serves fixed bytes, through plain fetch, fetch with a timeout,
 * ky alone configured like the SDK (prefix, token header, 30 s timeout, 2
 * retries, `.json()`; twice: two identical instances, the A/A control), ky given
 * every option the SDK gives it, this SDK (the built package) with and without
 * validation, and @gitbeaker/rest. Wall time per call, and this process's CPU time per call
 * (what the client itself costs), which carries the goals: compared round by
 * round, with the median of the per-round ratios and its 95% bootstrap interval.
 */
import { pathToFileURL } from 'node:url';
import { Gitlab } from '@gitbeaker/rest';
import ky from 'ky';
import * as z from 'zod/mini';
import { measure, milestonesBody, type PairedRatio, pairedRatio, ROOT, type Row, report, startProcess } from './lib.js';

// The built package, as users run it (`npm run bench` builds first).
const { GitLab, Milestone } = (await import(
  pathToFileURL(`${ROOT}dist/index.js`).href
)) as typeof import('../src/index.js');

const server = startProcess(new URL('./fixed-server.ts', import.meta.url).pathname);
const url = await server.ready;
const token = 'glpat-bench-000000000000000';
const listUrl = `${url}/api/v4/projects/42/milestones`;

// What the SDK configures: the API prefix, the token header, a 30 s timeout per attempt, 2 retries.
const kyLike = (fetch?: typeof globalThis.fetch) =>
  ky.create({
    prefix: `${url}/api/v4`,
    headers: { 'PRIVATE-TOKEN': token },
    timeout: 30_000,
    retry: 2,
    ...(fetch && { fetch }),
  });
const sdkLike = (fetch?: typeof globalThis.fetch) => new GitLab({ baseUrl: url, token, fetch });
await sameRequests();

const sdk = sdkLike();
const sdkRaw = new GitLab({ baseUrl: url, token, validateResponses: false });
const kyAlone = kyLike();
// The A/A control: a second instance made the same way. Its ratio to `ky alone` is the measurement's own noise.
const kyTwin = kyLike();
// ky with every option the SDK gives it (src/core/transport.ts: its retried statuses, Retry-After limits, jitter,
// shouldRetry, Accept), called as the SDK calls it: what of the SDK's cost is ky's, configured that way.
const kyAsTheSdk = ky.create({
  prefix: `${url}/api/v4`,
  headers: { accept: 'application/json', 'PRIVATE-TOKEN': token },
  timeout: 30_000,
  retry: {
    limit: 2,
    statusCodes: [408, 429, 500, 502, 503, 504],
    afterStatusCodes: [429, 503],
    backoffLimit: 10_000,
    maxRetryAfter: 60_000,
    jitter: true,
    shouldRetry: () => undefined,
  },
});
// gitbeaker throttles itself to 3000 requests per 60 s by default, which stalled the run for a minute: the same limiter
// (same work per call) over 1 s windows never waits at this rate.
const gitbeaker = new Gitlab({ host: url, token, rateLimitDuration: 1 });

const serverCpu = async () => (await (await fetch(`${url}/__cpu`)).json()) as { cpu: number; requests: number };
const serverBefore = await serverCpu();
const { wall, cpu, rounds } = await measure(
  {
    fetch: async () => JSON.parse(await (await fetch(listUrl, { headers: { 'PRIVATE-TOKEN': token } })).text()),
    'fetch + AbortSignal.timeout': async () =>
      JSON.parse(
        await (
          await fetch(listUrl, { headers: { 'PRIVATE-TOKEN': token }, signal: AbortSignal.timeout(30_000) })
        ).text(),
      ),
    'ky alone': () => kyAlone.get('projects/42/milestones').json(),
    'ky alone, a second instance': () => kyTwin.get('projects/42/milestones').json(),
    'ky with the SDK’s options': async () => {
      const pending = kyAsTheSdk('projects/42/milestones', { method: 'GET' });
      const text = await pending.text();
      await pending;
      return JSON.parse(text);
    },
    'this SDK': () => sdk.projects.milestones.list(42),
    'this SDK, validation off': () => sdkRaw.projects.milestones.list(42),
    '@gitbeaker/rest': () => gitbeaker.ProjectMilestones.all(42, { maxPages: 1 }),
  },
  // Many short batches, finely interleaved (a random order each round), after a long warm-up: each round gives every
  // contender's CPU per call under the same conditions, and the ratios of those pairs carry the goals.
  { rounds: 700, iterations: 16, warmup: 40, order: 'shuffle' },
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

const paired = (figure: string, comparedTo: string) =>
  pairedRatio(rounds.cpu[figure] as number[], rounds.cpu[comparedTo] as number[]);

const wallRow = (figure: string, comparedTo?: string): Row => ({
  benchmark: 'sdk-overhead',
  figure,
  value: wall[figure] as number,
  unit: 'µs/call',
  comparedTo,
  ratio: comparedTo === undefined ? undefined : (wall[figure] as number) / (wall[comparedTo] as number),
});

/**
 * The client CPU of `figure` against `comparedTo`, as the median of the per-round ratios; with a goal, met only
 * when the whole 95% interval of that median is within it. Then the interval itself, as two rows.
 */
const cpuRows = (figure: string, comparedTo?: string, goal?: { text: string; limit: number }): Row[] => {
  const row: Row = {
    benchmark: 'sdk-overhead',
    figure: `${figure} (client CPU)`,
    value: cpu[figure] as number,
    unit: 'µs CPU/call',
  };
  if (comparedTo === undefined) return [row];
  const ratio = paired(figure, comparedTo);
  const pair = `${figure} ÷ ${comparedTo} (client CPU), per round`;
  return [
    {
      ...row,
      comparedTo: `${comparedTo} (client CPU)`,
      ratio: ratio.median,
      goal: goal && `${goal.text}, the whole 95% interval`,
      met: goal && ratio.interval[1] <= goal.limit,
    },
    {
      benchmark: 'sdk-overhead',
      figure: `${pair}: 95% interval of the median, from`,
      value: ratio.interval[0],
      unit: '×',
    },
    {
      benchmark: 'sdk-overhead',
      figure: `${pair}: 95% interval of the median, to`,
      value: ratio.interval[1],
      unit: '×',
    },
  ];
};

report([
  wallRow('fetch'),
  wallRow('fetch + AbortSignal.timeout', 'fetch'),
  wallRow('ky alone', 'fetch'),
  wallRow('@gitbeaker/rest', 'fetch'),
  wallRow('this SDK', 'ky alone'),
  wallRow('this SDK', '@gitbeaker/rest'),
  wallRow('this SDK, validation off', 'ky alone'),
  ...cpuRows('fetch'),
  ...cpuRows('ky alone', 'fetch'),
  ...cpuRows('ky alone, a second instance', 'ky alone'),
  ...cpuRows('ky with the SDK’s options', 'ky alone'),
  ...cpuRows('this SDK', 'ky alone', { text: '≤ 1.05× ky alone', limit: 1.05 }),
  ...cpuRows('this SDK', '@gitbeaker/rest', { text: '≤ 0.80× @gitbeaker/rest', limit: 0.8 }),
  ...cpuRows('this SDK, validation off', 'ky alone'),
  ...cpuRows('@gitbeaker/rest', 'fetch'),
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

// For a reader of `bench/run.ts` (which shows stdout only on failure): the paired comparisons in full, on stderr.
const describe = (name: string, r: PairedRatio) =>
  `${name.padEnd(46)} median ${r.median.toFixed(3)}×  95% interval ${r.interval[0].toFixed(3)}–${r.interval[1].toFixed(3)}×  ` +
  `middle half of the rounds ${r.quartiles[0].toFixed(3)}–${r.quartiles[1].toFixed(3)}×  (${r.rounds} rounds)`;
console.error(
  [
    'client CPU per call, paired per round:',
    describe('ky alone, a second instance ÷ ky alone (A/A)', paired('ky alone, a second instance', 'ky alone')),
    describe('ky with the SDK’s options ÷ ky alone', paired('ky with the SDK’s options', 'ky alone')),
    describe('this SDK ÷ ky alone', paired('this SDK', 'ky alone')),
    describe('this SDK, validation off ÷ ky alone', paired('this SDK, validation off', 'ky alone')),
    describe('this SDK ÷ @gitbeaker/rest', paired('this SDK', '@gitbeaker/rest')),
  ].join('\n'),
);

/**
 * Checks that `ky alone` is configured as the SDK configures ky: the same request on the wire (method, URL,
 * headers) and the same number of attempts when the server keeps failing (1 + 2
 * retries). Throws when they differ, so the comparison cannot silently drift.
 */
async function sameRequests(): Promise<void> {
  const record = (log: string[], status: number): typeof globalThis.fetch => {
    return async (input, init) => {
      const request = new Request(input, init);
      const headers = [...request.headers].map(([name, value]) => `${name}: ${value}`).join(', ');
      log.push(`${request.method} ${request.url} {${headers}}`);
      return status === 200 ? fetch(request) : new Response('{"message":"503"}', { status });
    };
  };
  const wire = async (status: number) => {
    const ours: string[] = [];
    const theirs: string[] = [];
    await Promise.all([
      sdkLike(record(ours, status))
        .projects.milestones.list(42)
        .then(undefined, () => undefined),
      kyLike(record(theirs, status))
        .get('projects/42/milestones')
        .json()
        .then(undefined, () => undefined),
    ]);
    if (ours.join('\n') !== theirs.join('\n')) {
      throw new Error(
        `ky alone is not configured as the SDK configures ky:\n${ours.join('\n')}\n---\n${theirs.join('\n')}`,
      );
    }
  };
  await wire(200);
  await wire(503);
}

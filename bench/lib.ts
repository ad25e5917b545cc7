/**
 * Shared by the benchmarks: side-by-side measurement (contenders interleaved in
 * every round, so a noisy machine slows all of them alike), medians, and the
 * result rows `bench/run.ts` collects.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { inspectorAsset } from '../mock/inspector/page.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const TSX = fileURLToPath(import.meta.resolve('tsx/cli'));

/** One figure of a benchmark; `ratio` is `value / comparedTo's value`. */
export interface Row {
  benchmark: string;
  figure: string;
  value: number;
  unit: string;
  comparedTo?: string;
  ratio?: number;
  goal?: string;
  met?: boolean;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/**
 * Times each contender: `warmup` untimed rounds, then `rounds` rounds in which
 * every contender runs `iterations` times in turn (order rotated each round).
 * Returns the median time per iteration in microseconds.
 */
export async function compare(
  contenders: Record<string, () => Promise<unknown> | unknown>,
  options: { rounds?: number; iterations?: number; warmup?: number } = {},
): Promise<Record<string, number>> {
  return (await measure(contenders, options)).wall;
}

/** What {@link measure} gives: medians per contender, and every round's figure (for {@link pairedRatio}). */
export interface Measurement {
  /** Median wall time per iteration, µs. */
  wall: Record<string, number>;
  /** Median CPU time of this process per iteration (user + system), µs. */
  cpu: Record<string, number>;
  /** Each round's figures per contender, in round order: round `i` of every contender ran side by side. */
  rounds: { wall: Record<string, number[]>; cpu: Record<string, number[]> };
}

/**
 * {@link compare}, also giving this process's CPU time per iteration (user + system,
 * in microseconds): what a contender costs the client, which a busy machine disturbs
 * less than the wall clock, and which leaves out the server's time.
 *
 * `order: 'shuffle'` runs the contenders of each round in a fresh random order (seeded)
 * instead of rotating one order: rotating keeps every contender behind the same
 * neighbour, and a contender right after one that ran the same code came out a few per
 * cent cheaper (an A/A control showed it), which biases a paired comparison.
 */
export async function measure(
  contenders: Record<string, () => Promise<unknown> | unknown>,
  { rounds = 15, iterations = 200, warmup = 3, order: ordering = 'rotate' as 'rotate' | 'shuffle' } = {},
): Promise<Measurement> {
  const names = Object.keys(contenders);
  const wall: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const random = seededRandom(0x0de7);
  for (let round = 0; round < warmup + rounds; round++) {
    const order =
      ordering === 'shuffle'
        ? shuffled(names, random)
        : names.map((_, i) => names[(i + round) % names.length] as string);
    for (const name of order) {
      const fn = contenders[name] as () => Promise<unknown> | unknown;
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      for (let i = 0; i < iterations; i++) await fn();
      const perIteration = ((performance.now() - start) * 1000) / iterations;
      const used = process.cpuUsage(cpuStart);
      if (round >= warmup) {
        wall[name]?.push(perIteration);
        cpu[name]?.push((used.user + used.system) / iterations);
      }
    }
  }
  const medians = (samples: Record<string, number[]>) =>
    Object.fromEntries(names.map((n) => [n, median(samples[n] ?? [])]));
  return { wall: medians(wall), cpu: medians(cpu), rounds: { wall, cpu } };
}

/** A paired ratio: its median over the rounds, the middle half of the rounds, and a confidence interval of the median. */
export interface PairedRatio {
  /** Median of the per-round ratios. */
  median: number;
  /** First and third quartiles of the per-round ratios (how much one round says). */
  quartiles: [number, number];
  /** Bootstrap interval of the median (95% unless asked otherwise): how well the run pins the median down. */
  interval: [number, number];
  /** Rounds compared. */
  rounds: number;
}

/**
 * Compares two contenders of one {@link measure} round by round: `a[i] / b[i]` for
 * every round `i` (they ran side by side, so a slow moment of the machine slows both
 * and mostly cancels out), with the median of those ratios and a percentile bootstrap
 * interval of that median (resampling rounds; a fixed seed, so a run's figures repeat
 * from its samples).
 */
export function pairedRatio(
  a: readonly number[],
  b: readonly number[],
  { confidence = 0.95, resamples = 2000 } = {},
): PairedRatio {
  if (a.length !== b.length || a.length === 0) throw new Error('pairedRatio needs two equally long, non-empty series');
  const ratios = a.map((value, i) => value / (b[i] as number));
  const sorted = [...ratios].sort((x, y) => x - y);
  const random = seededRandom(0x5eed);
  const medians: number[] = [];
  const resample = new Array<number>(ratios.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < ratios.length; i++) resample[i] = ratios[Math.floor(random() * ratios.length)] as number;
    medians.push(median(resample));
  }
  medians.sort((x, y) => x - y);
  const tail = (1 - confidence) / 2;
  return {
    median: median(sorted),
    quartiles: [quantile(sorted, 0.25), quantile(sorted, 0.75)],
    interval: [quantile(medians, tail), quantile(medians, 1 - tail)],
    rounds: ratios.length,
  };
}

/** The `q` quantile of sorted values (linear interpolation). */
function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (position - low);
}

/** A copy of `values` in random order (Fisher–Yates). */
export function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** mulberry32: a small seeded generator, so the bootstrap gives the same interval for the same samples. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Prints the rows for `bench/run.ts` (the last line of stdout) and a readable table for a human. */
export function report(rows: Row[]): void {
  console.table(
    rows.map((r) => ({
      figure: r.figure,
      value: `${round(r.value)} ${r.unit}`,
      vs: r.comparedTo ?? '',
      ratio: r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`,
      goal: r.goal ?? '',
    })),
  );
  console.log(`@@results ${JSON.stringify(rows)}`);
}

export const round = (n: number) => (n >= 100 ? Math.round(n) : Number(n.toPrecision(3)));

/**
 * Starts a script in a child process (through tsx when it is TypeScript) and resolves once it prints a
 * line starting with `ready ` (or the CLI's `GitLab mock listening on `).
 */
export function startProcess(
  script: string,
  args: string[] = [],
  nodeFlags: string[] = [],
  env: Record<string, string> = {},
) {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...loader, script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('ready ') || l.startsWith('GitLab mock listening on '));
      if (line) resolve(line.replace(/^ready |^GitLab mock listening on /, ''));
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
  /** Everything the process printed so far. */
  const output = () => out;
  return { child, ready, output, stop: () => child.kill('SIGTERM') };
}

/** Clock ticks a second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
let ticks: number | undefined;

/**
 * CPU time (user + system, in microseconds) a process has used so far, read from
 * `/proc/PID/stat`; undefined where there is no /proc (macOS, Windows). A server's
 * CPU time per request is what its throughput would be with a core of its own,
 * whatever the load generator and the other processes take of the machine.
 */
export function processCpu(pid: number | undefined): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(stat)) return undefined;
  ticks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
  const line = readFileSync(stat, 'utf8');
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticks;
}

/** Twenty milestones as GitLab sends them, the same bytes for every contender. */
export function milestonesBody(count = 20): string {
  const items = Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    iid: i + 1,
    project_id: 42,
    title: `v1.${i}`,
    description: `Release 1.${i}: login, tokens, approvals and the burndown chart.`,
    state: i % 3 === 0 ? 'closed' : 'active',
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-20T12:30:00.000Z',
    due_date: '2026-06-30',
    start_date: '2026-05-01',
    expired: false,
    web_url: `https://gitlab.example.com/acme/api/-/milestones/${i + 1}`,
  }));
  return JSON.stringify(items);
}

/**
 * The build's swap of `src/core/compile-schema.ts` for its browser twin (package.json's
 * `#compile-schema` import), for bundles made from the sources.
 */
const browserCompileSchema: Plugin = {
  name: 'browser-compile-schema',
  setup(build) {
    build.onResolve({ filter: /^\.\/compile-schema\.js$/ }, (args) => ({
      path: join(args.resolveDir, 'compile-schema.browser.ts'),
    }));
  },
};

/** Gzipped bytes of a minified bundle of `code`, for browsers unless `platform` says otherwise. */
export async function bundleSize(code: string, platform: 'browser' | 'node' = 'browser'): Promise<number> {
  const result = await build({
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    plugins: platform === 'browser' ? [browserCompileSchema] : [],
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).length;
}

/**
 * The SDK's sources bundled into one module, as `npm run build` ships them (dist/index.js, which every area's
 * entry point re-exports from), written to `bench/.cache/one-module/index.js`: what an app's bundler then
 * tree-shakes statement by statement. Returns the path to import, relative to the package's root.
 */
export async function sdkAsOneModule(): Promise<string> {
  await build({
    entryPoints: [join(ROOT, 'src/index.ts')],
    outfile: join(ROOT, 'bench/.cache/one-module/index.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    packages: 'external',
    plugins: [browserCompileSchema],
    logLevel: 'silent',
  });
  return './bench/.cache/one-module/index.js';
}

/** The mock's inspector page's own script and styles as the server sends them, gzipped as one (bytes). */
export function inspectorBytes(): number {
  const text = ['inspector.js', 'inspector.css'].map((name) => inspectorAsset(name)?.body ?? '').join('');
  return gzipSync(text).length;
}

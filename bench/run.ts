/**
 * `npm run bench`: runs every benchmark in a process of its own (after the
 * build, which bundle size and cold start measure), prints one table, and
 * writes bench/results.json with the machine it ran on.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT, type Row, round } from './lib.js';

const benchmarks = [
  'sdk-overhead',
  'bundle-size',
  'cold-start',
  'mock-throughput',
  'mock-scale',
  'server-throughput',
  'server-worlds',
  'listing-scale',
  'webhook-throughput',
  'removal-scale',
];
const only = process.argv.slice(2);
const rows: Row[] = [];

for (const name of benchmarks.filter((b) => only.length === 0 || only.includes(b))) {
  console.error(`running ${name}...`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench', `${name}.ts`)], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = run.stdout.split('\n').find((l) => l.startsWith('@@results '));
  if (run.status !== 0 || !line) {
    console.error(run.stdout);
    throw new Error(`${name} failed (exit code ${run.status})`);
  }
  rows.push(...(JSON.parse(line.slice('@@results '.length)) as Row[]));
}

console.table(
  rows.map((r) => ({
    benchmark: r.benchmark,
    figure: r.figure,
    value: `${round(r.value)} ${r.unit}`,
    ratio: r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}× ${r.comparedTo}`,
    goal: r.goal === undefined ? '' : `${r.goal}: ${r.met ? 'met' : 'MISSED'}`,
  })),
);

const machine = {
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memory_gib: Math.round(totalmem() / 2 ** 30),
  platform: `${process.platform} ${process.arch}`,
};
writeFileSync(
  join(ROOT, 'bench', 'results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, results: rows }, null, 2)}\n`,
);
console.error('wrote bench/results.json');

// The same table in Markdown, for docs/performance.md.
console.log('\n| benchmark | figure | value | ratio | goal |\n|---|---|---|---|---|');
for (const r of rows) {
  const ratio = r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}× ${r.comparedTo}`;
  const goal = r.goal === undefined ? '' : `${r.goal}: ${r.met ? 'met' : '**missed**'}`;
  console.log(`| ${r.benchmark} | ${r.figure} | ${round(r.value)} ${r.unit} | ${ratio} | ${goal} |`);
}

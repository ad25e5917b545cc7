/**
 * 3. Cold start: in a fresh Node process, the time to import the SDK and
 * construct a client, against @gitbeaker/rest. Alternating fresh processes,
 * median of the rounds.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { median, ROOT, report } from './lib.js';

const contenders = {
  'this SDK': [
    pathToFileURL(`${ROOT}dist/index.js`).href,
    "new m.GitLab({ baseUrl: 'https://gitlab.example.com', token: 't' })",
  ],
  '@gitbeaker/rest': ['@gitbeaker/rest', "new m.Gitlab({ host: 'https://gitlab.example.com', token: 't' })"],
} as const;

function once(specifier: string, construct: string): { import: number; construct: number } {
  const script = `const t0 = performance.now(); const m = await import(${JSON.stringify(specifier)});
const t1 = performance.now(); ${construct}; const t2 = performance.now();
console.log(JSON.stringify({ import: t1 - t0, construct: t2 - t1 }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string);
}

const rounds = 15;
const samples: Record<string, { import: number[]; construct: number[]; total: number[] }> = {};
for (let round = 0; round < rounds + 2; round++) {
  for (const [name, [specifier, construct]] of Object.entries(contenders)) {
    const time = once(specifier, construct);
    if (round < 2) continue; // warm the file system cache
    samples[name] ??= { import: [], construct: [], total: [] };
    samples[name].import.push(time.import);
    samples[name].construct.push(time.construct);
    samples[name].total.push(time.import + time.construct);
  }
}
const m = (name: string, key: 'import' | 'construct' | 'total') => median(samples[name]?.[key] ?? []);
const ours = m('this SDK', 'total');
const theirs = m('@gitbeaker/rest', 'total');
report([
  { benchmark: 'cold-start', figure: '@gitbeaker/rest: import', value: m('@gitbeaker/rest', 'import'), unit: 'ms' },
  {
    benchmark: 'cold-start',
    figure: '@gitbeaker/rest: construct',
    value: m('@gitbeaker/rest', 'construct'),
    unit: 'ms',
  },
  { benchmark: 'cold-start', figure: 'this SDK: import', value: m('this SDK', 'import'), unit: 'ms' },
  { benchmark: 'cold-start', figure: 'this SDK: construct', value: m('this SDK', 'construct'), unit: 'ms' },
  {
    benchmark: 'cold-start',
    figure: 'this SDK: import + construct',
    value: ours,
    unit: 'ms',
    comparedTo: '@gitbeaker/rest: import + construct',
    ratio: ours / theirs,
    goal: '≤ 0.5× @gitbeaker/rest',
    met: ours <= theirs / 2,
  },
  { benchmark: 'cold-start', figure: '@gitbeaker/rest: import + construct', value: theirs, unit: 'ms' },
]);

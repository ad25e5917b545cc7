/**
 * 3. Cold start: in fresh Node processes, the time from `import` to the first
 * answered call (a 20-milestone list from a loopback server), for this SDK (the
 * built package, whole and one area), @gitbeaker/rest, and the floors under any
 * of them: plain fetch, ky alone and importing zod. Processes alternate; medians.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { median, ROOT, type Row, report, startProcess } from './lib.js';

const server = startProcess(new URL('./fixed-server.ts', import.meta.url).pathname);
const url = await server.ready;
const dist = (file: string) => JSON.stringify(pathToFileURL(`${ROOT}dist/${file}`).href);
const options = `{ baseUrl: ${JSON.stringify(url)}, token: 'glpat-bench-000000000000000' }`;

/** Each contender: what it imports, then what gives its first result (`m` is the module). */
const contenders: Record<string, { load: string; call: string }> = {
  'this SDK': { load: `import(${dist('index.js')})`, call: `new m.GitLab(${options}).projects.milestones.list(42)` },
  'this SDK, one area (gitlab-admin-sdk/milestones)': {
    load: `import(${dist('milestones.js')})`,
    call: `new m.ProjectMilestones(${options}).list(42)`,
  },
  '@gitbeaker/rest': {
    load: `import('@gitbeaker/rest')`,
    call: `new m.Gitlab({ host: ${JSON.stringify(url)}, token: 't' }).ProjectMilestones.all(42, { maxPages: 1 })`,
  },
  'plain fetch': {
    load: 'Promise.resolve(globalThis)',
    call: `m.fetch(${JSON.stringify(`${url}/api/v4/projects/42/milestones`)}).then((r) => r.json())`,
  },
  'ky alone': {
    load: `import('ky')`,
    call: `m.default.create({ prefix: ${JSON.stringify(`${url}/api/v4`)}, timeout: 30000, retry: 2 }).get('projects/42/milestones').json()`,
  },
  'importing zod/mini (no call)': { load: `import('zod/mini')`, call: 'undefined' },
};

function once({ load, call }: { load: string; call: string }): { load: number; total: number } {
  const script = `const t0 = performance.now(); const m = await ${load}; const t1 = performance.now();
await ${call}; const t2 = performance.now();
console.log(JSON.stringify({ load: t1 - t0, total: t2 - t0 }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string);
}

const rounds = 21;
const samples: Record<string, { load: number[]; total: number[] }> = {};
for (let round = 0; round < rounds + 2; round++) {
  for (const [name, contender] of Object.entries(contenders)) {
    const time = once(contender);
    if (round < 2) continue; // warm the file system cache
    samples[name] ??= { load: [], total: [] };
    samples[name].load.push(time.load);
    samples[name].total.push(time.total);
  }
}
server.stop();

const m = (name: string, key: 'load' | 'total') => median(samples[name]?.[key] ?? []);
const gitbeaker = m('@gitbeaker/rest', 'total');
const row = (name: string, goal?: boolean): Row => ({
  benchmark: 'cold-start',
  figure: name.endsWith('(no call)') ? name : `${name}: import to first result`,
  value: m(name, 'total'),
  unit: name.endsWith('(no call)') ? 'ms' : `ms (import ${m(name, 'load').toFixed(1)})`,
  comparedTo: name === '@gitbeaker/rest' ? undefined : '@gitbeaker/rest',
  ratio: name === '@gitbeaker/rest' ? undefined : m(name, 'total') / gitbeaker,
  goal: goal ? '≤ 0.6× @gitbeaker/rest' : undefined,
  met: goal ? m(name, 'total') <= 0.6 * gitbeaker : undefined,
});
report([
  row('@gitbeaker/rest'),
  row('this SDK', true),
  row('this SDK, one area (gitlab-admin-sdk/milestones)', true),
  row('plain fetch'),
  row('ky alone'),
  row('importing zod/mini (no call)'),
]);

/**
 * 3. Cold start: in fresh Node processes, the time from `import` to the first
 * answered call (a 20-milestone list from a loopback server), for this SDK (the
 * built package, whole and one area), @gitbeaker/rest, and the floors under any
 * of them: plain fetch, ky alone, importing zod, and zod + fetch together (zod as
 * node_modules has it, and bundled as dist/ ships it). The first call after the import is
 * also timed in processes that made one plain fetch first, so that Node's own networking is
 * loaded in both clients' processes. Rounds run in a shuffled order; medians.
 *
 * And the growth (issue 41): the SDK's sources bundled twice by esbuild, each into one
 * file (zod and ky left out), the whole root and the root of a build with a single
 * resource (the milestones), both making the same call. Their difference is what every
 * other route costs a program that does not call it: a change that brings back work
 * per route at import shows here as milliseconds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { median, ROOT, type Row, report, seededRandom, shuffled, startProcess } from './lib.js';

/** The two builds of the growth row, in `bench/.cache/` (inside the package, so that they find zod and ky). */
const cache = `${ROOT}bench/.cache/`;
mkdirSync(cache, { recursive: true });
const builds = { every: 'src/index.ts', single: 'src/milestones.ts' };
for (const [name, entry] of Object.entries(builds)) {
  await build({
    entryPoints: [`${ROOT}${entry}`],
    outfile: `${cache}cold-start-${name}.js`,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: ['zod', 'ky'],
    logLevel: 'warning',
  });
}
// zod as dist/ ships it: bundled with the SDK, so a program loads the functions it uses in one file, not
// zod/mini's 92 modules (64 of them locales). The bundled floor and the stack load zod this way; the floor
// of issue 41 loads zod/mini from node_modules.
const zodBundled = `${cache}cold-start-zod.js`;
await build({
  stdin: {
    contents:
      "export { array, boolean, int, literal, looseObject, nullable, optional, regex, string } from 'zod/mini';",
    resolveDir: ROOT,
  },
  outfile: zodBundled,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  logLevel: 'warning',
});

const server = startProcess(new URL('./fixed-server.ts', import.meta.url).pathname);
const url = await server.ready;
const href = (file: string) => JSON.stringify(pathToFileURL(file).href);
const dist = (file: string) => href(`${ROOT}dist/${file}`);
const options = `{ baseUrl: ${JSON.stringify(url)}, token: 'glpat-bench-000000000000000' }`;
const milestonesUrl = JSON.stringify(`${url}/api/v4/projects/42/milestones`);
/** ky as the build bundles it: the chunk of dist/ that the transport loads on the first request. */
const kyChunk = readdirSync(`${ROOT}dist`).find((file) => file.startsWith('distribution-') && file.endsWith('.js'));
if (!kyChunk) throw new Error('no ky chunk in dist/: run npm run build');
/** The fields of src/models/milestones.ts's Milestone, written with the `m` of a zod/mini import. */
const milestoneSchema = `m.looseObject({ id: m.int(), iid: m.int(), project_id: m.optional(m.int()), group_id: m.optional(m.int()),
  title: m.string(), description: m.nullable(m.string()), state: m.literal(['active', 'closed']), created_at: m.string(),
  updated_at: m.string(), due_date: m.nullable(m.string().check(m.regex(/^\\d{4}-\\d{2}-\\d{2}$/))),
  start_date: m.nullable(m.string().check(m.regex(/^\\d{4}-\\d{2}-\\d{2}$/))), expired: m.boolean(), web_url: m.optional(m.string()) })`;

const ROOT_SDK = 'this SDK';
const AREA = 'this SDK, one area (gitlab-admin-sdk/milestones)';
const GITBEAKER = '@gitbeaker/rest';
const FLOOR = 'zod/mini + plain fetch (the floor)';
const FLOOR_BUNDLED = 'zod bundled as dist/ ships it + plain fetch (the floor, bundled)';
const STACK = 'zod and ky as dist/ ships them + validating the page (the stack, no SDK)';
const EVERY = 'a build with every resource (the root, one file)';
const SINGLE = 'a build with a single resource (one file)';

/**
 * One plain `fetch` before the import, for the first-call rows below: Node loads its networking on a
 * process's first request (undici, streams, `net`, `crypto`, the HTTP parser), and @gitbeaker/rest's
 * import loads 47 of those modules itself (`process.moduleLoadList`), so its first call finds them ready
 * where this SDK's, whose import loads nothing of Node's, pays for them. With Node's fetch warm in both,
 * what is left is each client's own first call.
 */
const WARM_FETCH = `await fetch(${JSON.stringify(`${url}/api/v4/version`)}).then((r) => r.text());`;
const ROOT_WARM = 'this SDK, after one plain fetch';
const GITBEAKER_WARM = '@gitbeaker/rest, after one plain fetch';

/** Each contender: what it imports, then what gives its first result (`m` is the module); `before` runs untimed. */
const contenders: Record<string, { load: string; call: string; before?: string }> = {
  [ROOT_SDK]: { load: `import(${dist('index.js')})`, call: `new m.GitLab(${options}).projects.milestones.list(42)` },
  [AREA]: { load: `import(${dist('milestones.js')})`, call: `new m.ProjectMilestones(${options}).list(42)` },
  [GITBEAKER]: {
    load: `import('@gitbeaker/rest')`,
    call: `new m.Gitlab({ host: ${JSON.stringify(url)}, token: 't' }).ProjectMilestones.all(42, { maxPages: 1 })`,
  },
  'plain fetch': {
    load: 'Promise.resolve(globalThis)',
    call: `m.fetch(${milestonesUrl}).then((r) => r.json())`,
  },
  [FLOOR]: { load: `import('zod/mini')`, call: `fetch(${milestonesUrl}).then((r) => r.json())` },
  'ky alone': {
    load: `import('ky')`,
    call: `m.default.create({ prefix: ${JSON.stringify(`${url}/api/v4`)}, timeout: 30000, retry: 2 }).get('projects/42/milestones').json()`,
  },
  [FLOOR_BUNDLED]: { load: `import(${href(zodBundled)})`, call: `fetch(${milestonesUrl}).then((r) => r.json())` },
  'importing zod/mini (no call)': { load: `import('zod/mini')`, call: 'undefined' },
  // What any client built on this stack pays: zod and ky as the SDK ships them (bundled, ky in its chunk
  // of dist/), and zod checking the page with the milestone's fields, built in the call as the SDK builds
  // its model.
  [STACK]: {
    load: `import(${href(zodBundled)})`,
    call: `import(${dist(kyChunk)}).then(({ default: ky }) => ky.create({ prefix: ${JSON.stringify(`${url}/api/v4`)}, timeout: 30000, retry: 2 }).get('projects/42/milestones').json()).then((page) => { if (!m.array(${milestoneSchema}).safeParse(page).success) throw new Error('not a page of milestones'); })`,
  },
  [ROOT_WARM]: {
    before: WARM_FETCH,
    load: `import(${dist('index.js')})`,
    call: `new m.GitLab(${options}).projects.milestones.list(42)`,
  },
  [GITBEAKER_WARM]: {
    before: WARM_FETCH,
    load: `import('@gitbeaker/rest')`,
    call: `new m.Gitlab({ host: ${JSON.stringify(url)}, token: 't' }).ProjectMilestones.all(42, { maxPages: 1 })`,
  },
  [EVERY]: {
    load: `import(${href(`${cache}cold-start-every.js`)})`,
    call: `new m.ProjectMilestones(${options}).list(42)`,
  },
  [SINGLE]: {
    load: `import(${href(`${cache}cold-start-single.js`)})`,
    call: `new m.ProjectMilestones(${options}).list(42)`,
  },
};

function once({ load, call, before = '' }: { load: string; call: string; before?: string }): {
  load: number;
  total: number;
} {
  const script = `${before} const t0 = performance.now(); const m = await ${load}; const t1 = performance.now();
await ${call}; const t2 = performance.now();
console.log(JSON.stringify({ load: t1 - t0, total: t2 - t0 }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string);
}

const rounds = Number(process.env.COLD_START_ROUNDS ?? 21);
const samples: Record<string, { load: number[]; total: number[]; call: number[] }> = {};
// A fresh random order each round: a process right after one that ran the same code came out about 4 ms
// faster in an A/A control (the floor twice), so a fixed order favoured whoever followed its twin.
const random = seededRandom(0xc01d);
for (let round = 0; round < rounds + 2; round++) {
  for (const [name, contender] of shuffled(Object.entries(contenders), random)) {
    const time = once(contender);
    if (round < 2) continue; // warm the file system cache
    samples[name] ??= { load: [], total: [], call: [] };
    samples[name].load.push(time.load);
    samples[name].total.push(time.total);
    samples[name].call.push(time.total - time.load);
  }
}
server.stop();

const m = (name: string, key: 'load' | 'total' | 'call') => median(samples[name]?.[key] ?? []);
const gitbeaker = m(GITBEAKER, 'total');
const noCall = (name: string) => name.endsWith('(no call)');
const row = (name: string, goal?: { text: string; met: boolean }): Row => ({
  benchmark: 'cold-start',
  figure: noCall(name) ? name : `${name}: import to first result`,
  value: m(name, 'total'),
  unit: noCall(name) ? 'ms' : `ms (import ${m(name, 'load').toFixed(1)})`,
  comparedTo: name === GITBEAKER ? undefined : GITBEAKER,
  ratio: name === GITBEAKER ? undefined : m(name, 'total') / gitbeaker,
  goal: goal?.text,
  met: goal?.met,
});
/**
 * `name` against `other`, import to first result: the median of each round's difference (both ran in
 * that round, so a slow moment of the machine mostly cancels out), steadier than the difference of medians.
 */
const within = (name: string, other: string, label: string, ms?: number): Row => {
  const theirs = samples[other]?.total ?? [];
  const difference = median((samples[name]?.total ?? []).map((total, round) => total - (theirs[round] as number)));
  return {
    benchmark: 'cold-start',
    figure: `${name} − ${label}`,
    value: difference,
    unit: 'ms',
    comparedTo: other,
    ratio: m(name, 'total') / m(other, 'total'),
    goal: ms === undefined ? undefined : `≤ ${ms} ms`,
    met: ms === undefined ? undefined : difference <= ms,
  };
};
/** The first call after the import: constructing the client and the call, to its result; against `reference`'s. */
const firstCall = (name: string, reference?: string, goal?: boolean): Row => ({
  benchmark: 'cold-start',
  figure: `${name}: first call after the import`,
  value: m(name, 'call'),
  unit: 'ms',
  comparedTo: reference === undefined ? undefined : `${reference}: first call after the import`,
  ratio: reference === undefined ? undefined : m(name, 'call') / m(reference, 'call'),
  goal: goal ? `≤ 1.0× ${reference}` : undefined,
  met: goal && reference ? m(name, 'call') <= m(reference, 'call') : undefined,
});
report([
  row(GITBEAKER),
  row(ROOT_SDK, { text: `≤ 1.0× ${GITBEAKER}`, met: m(ROOT_SDK, 'total') <= gitbeaker }),
  row(AREA),
  row(FLOOR),
  within(ROOT_SDK, AREA, 'one area', 10),
  within(AREA, FLOOR, 'the floor', 10),
  within(AREA, FLOOR_BUNDLED, 'the floor with zod bundled, as dist/ ships it'),
  within(AREA, STACK, 'the stack (what the SDK itself costs)'),
  // Issue 41's first call, judged with Node's fetch warm in both (WARM_FETCH); cold, @gitbeaker/rest's import
  // has loaded part of what the call needs.
  firstCall(GITBEAKER_WARM),
  firstCall(ROOT_WARM, GITBEAKER_WARM, true),
  firstCall(GITBEAKER),
  firstCall(ROOT_SDK, GITBEAKER),
  firstCall(AREA, GITBEAKER),
  row('plain fetch'),
  row('ky alone'),
  row(FLOOR_BUNDLED),
  row('importing zod/mini (no call)'),
  row(STACK),
  row(EVERY),
  row(SINGLE),
  within(EVERY, SINGLE, 'a single resource (what the other routes cost)', 10),
]);

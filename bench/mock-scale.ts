/**
 * 5. Mock scale: worlds of 1k, 10k and 100k milestones, and of as many project
 * access tokens, in one project. Median
 * latency, in-process through `mock.handle`, of a filtered, paginated list page
 * and of a single read, and the memory each record takes.
 * Run with --expose-gc (bench/run.ts does) for the memory figure.
 */
import { createMockGitLab, type Project } from '../mock/index.js';
import { median, type Row, report } from './lib.js';

const token = 'glpat-bench-000000000000000';
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** A world with one project holding `size` records made by `add`, and the heap each record took. */
function world(size: number, add: (mock: Mock, project: Project, i: number) => number) {
  const mock = createMockGitLab({ now: '2026-06-01T09:00:00Z' });
  mock.seed.user({ username: 'bench', token });
  mock.seed.group({ path: 'acme', members: { bench: 40 } });
  const project = mock.seed.project({ path: 'acme/api' });
  gc();
  const before = process.memoryUsage().heapUsed;
  let lastId = 0;
  for (let i = 0; i < size; i++) lastId = add(mock, project, i);
  gc();
  return { mock, bytesPerRecord: (process.memoryUsage().heapUsed - before) / size, lastId };
}

const month = (i: number) => `2026-${String((i % 12) + 1).padStart(2, '0')}-15`;

const milestoneWorld = (size: number) =>
  world(
    size,
    (mock, project, i) =>
      mock.seed.milestone(project, {
        title: `milestone ${i}`,
        description: i % 10 === 0 ? 'release' : undefined,
        state: i % 4 === 0 ? 'closed' : 'active',
        due_date: i % 5 === 0 ? undefined : month(i),
      }).id,
  );

// A token brings its bot user and that user's membership.
const tokenWorld = (size: number) =>
  world(
    size,
    (mock, project, i) =>
      mock.seed.accessToken(project, {
        name: `token ${i}`,
        scopes: ['read_api'],
        access_level: 20,
        revoked: i % 4 === 0,
        expires_at: month(i),
      }).id,
  );

type Mock = ReturnType<typeof createMockGitLab>;

async function send(mock: Mock, method: string, path: string, body?: object): Promise<void> {
  const headers = { 'PRIVATE-TOKEN': token, 'content-type': 'application/json' };
  const init = { method, headers, body: body && JSON.stringify(body) };
  const response = await mock.handle(new Request(`${mock.baseUrl}/api/v4${path}`, init));
  if (response?.status !== 200) throw new Error(`${method} ${path}: ${response?.status}`);
  await response.text();
}

/** Median time of a GET; with `change`, each timed GET follows an (untimed) edit of a milestone. */
async function latency(mock: Mock, path: string, change?: string, rounds = 30): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < rounds + 5; i++) {
    if (change) await send(mock, 'PUT', change, { description: `edit ${i}` });
    const start = performance.now();
    await send(mock, 'GET', path);
    if (i >= 5) samples.push(performance.now() - start);
  }
  return median(samples);
}

const rows: Row[] = [];
const sizes = [1_000, 10_000, 100_000];
/** The list-page row of a world of `size` records of `kind`, compared with the smallest world. */
const firstPage: Record<string, number> = {};
function pageRow(kind: string, size: number, page: number): Row {
  const smallest = `${(sizes[0] as number) / 1000}k ${kind}: filtered list page`;
  if (size === sizes[0]) firstPage[kind] = page;
  return {
    benchmark: 'mock-scale',
    figure: `${size / 1000}k ${kind}: filtered list page`,
    value: page,
    unit: 'ms',
    ...(size === 100_000 && { goal: '< 2 ms', met: page < 2 }),
    ...(size !== sizes[0] && { comparedTo: smallest, ratio: page / (firstPage[kind] as number) }),
  };
}

for (const size of sizes) {
  const { mock, bytesPerRecord, lastId } = milestoneWorld(size);
  const list = '/projects/acme%2Fapi/milestones?state=active&per_page=20&page=3';
  const one = `/projects/acme%2Fapi/milestones/${Math.ceil(lastId / 2)}`;
  const page = await latency(mock, list);
  const afterWrite = await latency(mock, list, one);
  const search = await latency(mock, `${list}&search=release`, one);
  const read = await latency(mock, one);
  const label = `${size / 1000}k milestones`;
  rows.push(
    pageRow('milestones', size, page),
    { benchmark: 'mock-scale', figure: `${label}: same list page right after a write`, value: afterWrite, unit: 'ms' },
    { benchmark: 'mock-scale', figure: `${label}: search page right after a write`, value: search, unit: 'ms' },
    { benchmark: 'mock-scale', figure: `${label}: single read`, value: read, unit: 'ms' },
    { benchmark: 'mock-scale', figure: `${label}: memory per milestone`, value: bytesPerRecord, unit: 'bytes' },
  );
}
for (const size of sizes) {
  const { mock, bytesPerRecord, lastId } = tokenWorld(size);
  const list = '/projects/acme%2Fapi/access_tokens?state=active&per_page=20&page=3';
  const page = await latency(mock, list);
  const read = await latency(mock, `/projects/acme%2Fapi/access_tokens/${lastId}`);
  const label = `${size / 1000}k tokens`;
  rows.push(
    pageRow('tokens', size, page),
    { benchmark: 'mock-scale', figure: `${label}: single read`, value: read, unit: 'ms' },
    {
      benchmark: 'mock-scale',
      figure: `${label}: memory per token (with its bot user)`,
      value: bytesPerRecord,
      unit: 'bytes',
    },
  );
}
report(rows);

/**
 * 4. Mock throughput: requests per second through the in-process mock, the SDK
 * over setupServer and over mock.fetch (the CLI server: server-throughput.ts).
 * Then the pages clients fetch (issue 40), through `mock.fetch` without the SDK: 4, 20
 * and 100 milestones and 20 merge requests, in requests per second and in CPU a
 * request, each against `JSON.stringify` of the same page's entities (what any mock
 * that answers JSON pays at least, in process).
 */
import { setupServer } from 'msw/node';
import { createMockGitLab, type SeedDocument } from '../mock/index.js';
import { GitLab } from '../src/index.js';
import { compare, measure, type Row, report } from './lib.js';
import { PAGE_PATHS, PAGES_TOKEN, type PageName, pageSeed } from './page-seed.js';

const token = 'glpat-bench-000000000000000';
const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [{ username: 'bench', token }],
  groups: [{ path: 'acme', members: { bench: 40 } }],
  projects: [
    {
      path: 'acme/api',
      milestones: Array.from({ length: 20 }, (_, i) => ({ title: `v1.${i}`, due_date: '2026-06-30' })),
    },
  ],
};

// In-process: the SDK through MSW interception, and through mock.fetch.
const intercepted = createMockGitLab({ baseUrl: 'http://gitlab.bench', seed });
const server = setupServer(...intercepted.handlers);
server.listen({ onUnhandledFrame: 'error' });
const viaMsw = new GitLab({ baseUrl: 'http://gitlab.bench', token });
const direct = createMockGitLab({ seed });
const viaFetch = new GitLab({ baseUrl: direct.baseUrl, token, fetch: direct.fetch });
const perCall = await compare(
  {
    setupServer: () => viaMsw.projects.milestones.list('acme/api'),
    'mock.fetch': () => viaFetch.projects.milestones.list('acme/api'),
  },
  { rounds: 10, iterations: 200 },
);
server.close();

// The pages of server-throughput, in process: mock.fetch and the text of its answer, against JSON.stringify of the
// same entities (parsed from that answer once: plain objects in the same key order, as a presenter builds them).
const pages = createMockGitLab({ seed: pageSeed() });
const pageNames = Object.keys(PAGE_PATHS) as PageName[];
const contenders: Record<string, () => Promise<unknown> | unknown> = {};
const labels: Record<PageName, string> = {
  milestones4: 'page of 4 milestones',
  milestones20: 'page of 20 milestones',
  milestones100: 'page of 100 milestones',
  mergeRequests20: 'page of 20 merge requests',
};
for (const name of pageNames) {
  const url = `${pages.baseUrl}${PAGE_PATHS[name]}`;
  const init = { headers: { 'PRIVATE-TOKEN': PAGES_TOKEN } };
  const sample = await pages.fetch(url, init);
  if (sample.status !== 200) throw new Error(`${PAGE_PATHS[name]} answered ${sample.status}`);
  const entities = JSON.parse(await sample.text()) as unknown[];
  contenders[`mock ${name}`] = async () => (await pages.fetch(url, init)).text();
  contenders[`stringify ${name}`] = () => JSON.stringify(entities);
}
const { cpu } = await measure(contenders, { rounds: 15, iterations: 100, order: 'shuffle' });

const rows: Row[] = [
  {
    benchmark: 'mock-throughput',
    figure: 'in-process, SDK + setupServer',
    value: 1e6 / (perCall.setupServer as number),
    unit: 'req/s',
  },
  {
    benchmark: 'mock-throughput',
    figure: 'in-process, SDK + mock.fetch',
    value: 1e6 / (perCall['mock.fetch'] as number),
    unit: 'req/s',
  },
];
for (const name of pageNames) {
  const mockCpu = cpu[`mock ${name}`] as number;
  const stringifyCpu = cpu[`stringify ${name}`] as number;
  rows.push(
    { benchmark: 'mock-throughput', figure: `mock.fetch, ${labels[name]}`, value: 1e6 / mockCpu, unit: 'req/s (CPU)' },
    { benchmark: 'mock-throughput', figure: `JSON.stringify, ${labels[name]}`, value: stringifyCpu, unit: 'µs CPU' },
    {
      benchmark: 'mock-throughput',
      figure: `mock.fetch, ${labels[name]}, CPU a request`,
      value: mockCpu,
      unit: 'µs CPU',
      comparedTo: `JSON.stringify, ${labels[name]}`,
      ratio: mockCpu / stringifyCpu,
    },
  );
}
rows.push({
  benchmark: 'mock-throughput',
  figure: 'mock.fetch, CPU a record (pages of 20 → 100 milestones)',
  value: ((cpu['mock milestones100'] as number) - (cpu['mock milestones20'] as number)) / 80,
  unit: 'µs CPU',
});
report(rows);
process.exit(0);

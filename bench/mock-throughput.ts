/**
 * 4. Mock throughput: requests per second through the in-process mock, the SDK
 * over setupServer and over mock.fetch (the CLI server: server-throughput.ts).
 */
import { setupServer } from 'msw/node';
import { createMockGitLab, type SeedDocument } from '../mock/index.js';
import { GitLab } from '../src/index.js';
import { compare, report } from './lib.js';

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

report([
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
]);
process.exit(0);

/**
 * 8. Listing at scale: a world of 10,000 projects in 1,000 groups (100 top-level
 * groups of 10, each with 10 projects) and 10,000 users, each a member of a few
 * groups and projects. Median latency, in-process through `mock.handle`, of a page
 * of `GET /projects?membership=true` and of
 * `GET /groups/:id/projects?include_subgroups=true` for a Developer of one
 * top-level group (goal: at most 2 ms each). Then an administrator's churn through
 * `mock.fetch`: 10,000 `POST /projects` into those groups (goal: at most 0.3 ms each,
 * the median), 1,000 projects removed (`DELETE /projects/:id`, then again with
 * `permanently_remove`), and the same pages measured again (goal: still at most 2 ms).
 */
import { createMockGitLab } from '../mock/index.js';
import { median, type Row, report } from './lib.js';

const token = 'glpat-bench-000000000000000';
const adminToken = 'glpat-bench-root-0000000000';
type Mock = ReturnType<typeof createMockGitLab>;

function world(): Mock {
  const mock = createMockGitLab({ now: '2026-06-01T09:00:00Z' });
  mock.seed.user({ username: 'bench', token });
  mock.seed.user({ username: 'root', admin: true, token: adminToken });
  const users = 10_000;
  for (let i = 0; i < users - 1; i++) mock.seed.user({ username: `user${i}` });
  const role = (i: number) => ([10, 20, 30, 40, 50] as const)[i % 5] as 10 | 20 | 30 | 40 | 50;
  let project = 0;
  for (let top = 0; top < 100; top++) {
    // Ten members per top-level group, and the bench user a Developer of the first.
    const members: Record<string, 10 | 20 | 30 | 40 | 50> = {};
    for (let m = 0; m < 10; m++) members[`user${(top * 97 + m * 13) % (users - 1)}`] = role(m);
    if (top === 0) members.bench = 30;
    mock.seed.group({ path: `g${top}`, members, visibility: top % 3 === 0 ? 'internal' : 'private' });
    for (let sub = 0; sub < 10; sub++) {
      const path = sub === 0 ? `g${top}` : `g${top}/s${sub}`;
      if (sub > 0) {
        const subMembers = { [`user${(top * 31 + sub) % (users - 1)}`]: 30 as const };
        mock.seed.group({ path, members: subMembers, visibility: top % 3 === 0 ? 'internal' : 'private' });
      }
      for (let p = 0; p < 10; p++, project++) {
        const visibility = p % 4 === 0 ? 'internal' : 'private';
        const projectMembers = { [`user${(project * 7) % (users - 1)}`]: role(project) };
        // Only internal groups may hold internal projects.
        mock.seed.project({
          path: `${path}/p${p}`,
          visibility: top % 3 === 0 ? visibility : 'private',
          members: projectMembers,
        });
      }
    }
  }
  return mock;
}

async function send(mock: Mock, path: string): Promise<void> {
  const response = await mock.handle(
    new Request(`${mock.baseUrl}/api/v4${path}`, { headers: { 'PRIVATE-TOKEN': token } }),
  );
  if (response?.status !== 200) throw new Error(`GET ${path}: ${response?.status}`);
  await response.text();
}

/**
 * Median wall time and median CPU time (user + system, this process) of one GET, over
 * batches of ten: on a machine shared with other work the CPU time is the steadier figure.
 */
async function latency(mock: Mock, path: string, rounds = 30): Promise<{ wall: number; cpu: number }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < rounds + 3; i++) {
    const started = performance.now();
    const before = process.cpuUsage();
    for (let j = 0; j < 10; j++) await send(mock, path);
    const used = process.cpuUsage(before);
    if (i < 3) continue;
    wall.push((performance.now() - started) / 10);
    cpu.push((used.user + used.system) / 1000 / 10);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const started = performance.now();
const mock = world();
const built = performance.now() - started;
const checks = {
  projects: mock.world.projects.size,
  groups: mock.world.groups.size,
  users: mock.world.users.size,
};
if (checks.projects !== 10_000 || checks.groups !== 1_000 || checks.users !== 10_001) {
  throw new Error(`unexpected world: ${JSON.stringify(checks)}`);
}
const membership = await latency(mock, '/projects?membership=true&per_page=20&page=2');
const groupProjects = await latency(mock, '/groups/g0/projects?include_subgroups=true&per_page=20&page=2');
const everything = await latency(mock, '/projects?per_page=20&page=2');

/** One administrator's request through `mock.fetch`; its status must be `expected`. */
async function admin(method: string, path: string, expected: number, body?: unknown): Promise<Response> {
  const response = await mock.fetch(`${mock.baseUrl}/api/v4${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': adminToken, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

// The churn: 10,000 projects created into the 1,000 groups, then 1,000 of the seeded ones removed.
const groupIds = [...mock.world.groups.keys()];
const seededIds = [...mock.world.projects.keys()];
const creates: number[] = [];
for (let i = 0; i < 10_000; i++) {
  const body = { name: `made-${i}`, namespace_id: groupIds[i % groupIds.length] };
  const started = performance.now();
  await (await admin('POST', '/projects', 201, body)).text();
  creates.push(performance.now() - started);
}
for (const id of seededIds.filter((_, i) => i % 10 === 5)) {
  await admin('DELETE', `/projects/${id}`, 202);
  const marked = mock.world.projects.get(id)?.path_with_namespace ?? '';
  await admin('DELETE', `/projects/${id}?permanently_remove=true&full_path=${encodeURIComponent(marked)}`, 202);
}
if (mock.world.projects.size !== 19_000) throw new Error(`expected 19,000 projects, got ${mock.world.projects.size}`);
const membershipAfter = await latency(mock, '/projects?membership=true&per_page=20&page=2');
const groupProjectsAfter = await latency(mock, '/groups/g0/projects?include_subgroups=true&per_page=20&page=2');

const goal = (value: number) => ({ goal: '≤ 2 ms', met: value <= 2 });
const figures = (label: string, measured: { wall: number; cpu: number }, withGoal: boolean): Row[] => [
  {
    benchmark: 'listing-scale',
    figure: `10k projects: page of ${label} (CPU)`,
    value: measured.cpu,
    unit: 'ms',
    ...(withGoal && goal(measured.cpu)),
  },
  { benchmark: 'listing-scale', figure: `10k projects: page of ${label} (wall)`, value: measured.wall, unit: 'ms' },
];
const rows: Row[] = [
  {
    benchmark: 'listing-scale',
    figure: 'building the world (10k projects, 1k groups, 10k users)',
    value: built,
    unit: 'ms',
  },
  ...figures('GET /projects?membership=true', membership, true),
  ...figures('GET /groups/:id/projects?include_subgroups=true', groupProjects, true),
  ...figures('GET /projects (every visible one)', everything, false),
  {
    benchmark: 'listing-scale',
    figure: 'POST /projects into a 10k-project world (median of 10,000 creates, wall)',
    value: median(creates),
    unit: 'ms',
    goal: '≤ 0.3 ms',
    met: median(creates) <= 0.3,
  },
  ...figures('GET /projects?membership=true after 10k creates, 1k removals', membershipAfter, true),
  ...figures(
    'GET /groups/:id/projects?include_subgroups=true after 10k creates, 1k removals',
    groupProjectsAfter,
    true,
  ),
];
report(rows);

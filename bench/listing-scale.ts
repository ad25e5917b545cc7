/**
 * 8. Listing at scale: a world of 10,000 projects in 1,000 groups (100 top-level
 * groups of 10, each with 10 projects) and 10,000 users, each a member of a few
 * groups and projects. Median latency, in-process through `mock.handle`, of a page
 * of `GET /projects?membership=true` and of
 * `GET /groups/:id/projects?include_subgroups=true` for a Developer of one
 * top-level group (goal: at most 2 ms each).
 */
import { createMockGitLab } from '../mock/index.js';
import { median, type Row, report } from './lib.js';

const token = 'glpat-bench-000000000000000';
type Mock = ReturnType<typeof createMockGitLab>;

function world(): Mock {
  const mock = createMockGitLab({ now: '2026-06-01T09:00:00Z' });
  mock.seed.user({ username: 'bench', token });
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
if (checks.projects !== 10_000 || checks.groups !== 1_000 || checks.users !== 10_000) {
  throw new Error(`unexpected world: ${JSON.stringify(checks)}`);
}
const membership = await latency(mock, '/projects?membership=true&per_page=20&page=2');
const groupProjects = await latency(mock, '/groups/g0/projects?include_subgroups=true&per_page=20&page=2');
const everything = await latency(mock, '/projects?per_page=20&page=2');
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
];
report(rows);

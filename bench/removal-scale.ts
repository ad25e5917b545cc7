/**
 * 10. Removal scale: a subgroup holding 1,000 projects with 10,000 memberships between them
 * (and a milestone, an issue and a protected branch each), removed at once with
 * `DELETE /groups/:id?permanently_remove=true&full_path=...` through `mock.fetch`: the whole
 * cascade (`mock/rules/removal.ts`), one pass per table. Median of 7 fresh worlds.
 */
import { createMockGitLab, type MockGitLab } from '../mock/index.js';
import { median, type Row, report } from './lib.js';

const PROJECTS = 1000;
const MEMBERS_PER_PROJECT = 10;
const USERS = 200;
const ROUNDS = 7;
const token = 'glpat-bench-removal-00000000';

function bigWorld(): MockGitLab {
  const users = Array.from({ length: USERS }, (_, i) => ({ username: `user${i}` }));
  const projects = Array.from({ length: PROJECTS }, (_, p) => ({
    path: `acme/big/project-${p}`,
    members: Object.fromEntries(
      Array.from({ length: MEMBERS_PER_PROJECT }, (_, m) => [`user${(p * 7 + m * 13) % USERS}`, 30 as const]),
    ),
    milestones: [{ title: 'v1' }],
    issues: [{ title: 'bug', author: `user${p % USERS}`, milestone: 'v1' }],
    protected_branches: ['main'],
  }));
  return createMockGitLab({
    seed: {
      now: '2026-06-01T09:00:00Z',
      users: [{ username: 'root', admin: true, token }, ...users],
      groups: [
        { path: 'acme', members: { root: 50 } },
        { path: 'acme/big', members: { user0: 40, user1: 30 }, marked_for_deletion_on: '2026-06-01' },
      ],
      projects,
    },
  });
}

const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const mock = bigWorld();
  const memberships = [...mock.world.projects.values()].reduce((n, p) => n + p.members.size, 0);
  if (memberships !== PROJECTS * MEMBERS_PER_PROJECT)
    throw new Error(`expected 10,000 memberships, got ${memberships}`);
  const url = `${mock.baseUrl}/api/v4/groups/acme%2Fbig?permanently_remove=true&full_path=acme%2Fbig`;
  const started = performance.now();
  const response = await mock.fetch(url, { method: 'DELETE', headers: { 'PRIVATE-TOKEN': token } });
  times.push(performance.now() - started);
  if (response.status !== 202 || mock.world.projects.size !== 0) {
    throw new Error(`the group was not removed: ${response.status} ${await response.text()}`);
  }
}

const value = median(times);
const rows: Row[] = [
  {
    benchmark: 'removal-scale',
    figure: '1k projects, 10k memberships: DELETE /groups/:id?permanently_remove=true (whole cascade)',
    value,
    unit: 'ms',
    goal: '≤ 50 ms',
    met: value <= 50,
  },
];
report(rows);

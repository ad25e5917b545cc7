import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { propertyRuns } from '../fixtures.js';
import { worldTables } from '../world-tables.js';
import { danglingReferences } from './dangling.js';

// Removal under random worlds and random sequences of operations through the API: deletes of
// users (soft and hard), groups and projects (marking, permanent removal), restores, the clock
// moving past the deletion delay, and the membership, token, milestone, approval and OAuth
// operations around them. After every step no record of the world points at anything gone
// (`danglingReferences`); after each sequence the world exported and loaded into a fresh mock is
// the same world (every table, every field) and answers the reads alike. Adding an operation is
// one entry of OPERATIONS. fast-check prints `seed` and `path` on failure; pass them to replay.

const SEED = 37_2026;
const RUNS = propertyRuns(40, 10);
const USERS = ['root', 'ana', 'ben', 'cat', 'dan', 'eve', 'fay'] as const;
type Who = (typeof USERS)[number];
const token = (who: Who) => `glpat-prop-${who}`;
const who = fc.constantFrom<Who>(...USERS);
/** Who acts: the administrator half the time, so that removals go through as often as they are refused. */
const actor = fc.oneof(fc.constant<Who>('root'), who);
const pick = fc.nat();
const role = fc.constantFrom(10, 20, 30, 40, 50);

/** A random world: a group tree, projects in groups and personal namespaces, with everything removal touches. */
const worldArb: fc.Arbitrary<SeedDocument> = fc
  .record({
    parents: fc.array(fc.option(pick, { nil: null }), { minLength: 1, maxLength: 5 }),
    groupMembers: fc.array(fc.array(fc.tuple(who, role), { maxLength: 4 }), { minLength: 5, maxLength: 5 }),
    projects: fc.array(
      fc.record({
        where: fc.oneof(fc.record({ group: pick }), fc.record({ user: who })),
        members: fc.array(fc.tuple(who, role), { maxLength: 3 }),
        issues: fc.array(fc.record({ author: who, assignee: who, milestone: fc.boolean() }), { maxLength: 3 }),
        mrs: fc.array(fc.record({ author: who, committer: who, reviewer: who }), { maxLength: 3 }),
        tokens: fc.nat({ max: 2 }),
        hook: fc.boolean(),
        ruleUser: who,
      }),
      { minLength: 1, maxLength: 5 },
    ),
    scim: fc.array(fc.tuple(pick, who), { maxLength: 3 }),
  })
  .map(({ parents, groupMembers, projects, scim }): SeedDocument => {
    const paths: string[] = [];
    parents.forEach((parent, i) => {
      paths.push(parent === null || i === 0 ? `g${i}` : `${paths[parent % i]}/g${i}`);
    });
    const members = (list: [Who, number][]) =>
      Object.fromEntries(list.filter(([u]) => u !== 'root').map(([u, r]) => [u, r])) as Record<string, 10>;
    const groups = paths.map((path, i) => ({
      path,
      saml_scim: true,
      members: members((groupMembers[i] ?? []) as [Who, number][]),
      milestones: [{ title: `gm${i}` }],
      labels: [{ name: `gl${i}`, color: '#123456' }],
      hooks: i % 2 === 0 ? [{ url: 'http://127.0.0.1:9/group', events: { member_events: true } }] : [],
    }));
    const usedPaths = new Set<string>();
    const projectDocs = projects.flatMap((p, i) => {
      const namespace = 'group' in p.where ? (paths[p.where.group % paths.length] as string) : p.where.user;
      const path = `${namespace}/p${i}`;
      if (usedPaths.has(path) || namespace === 'root') return [];
      usedPaths.add(path);
      return [
        {
          path,
          members: members(p.members as [Who, number][]),
          protected_branches: ['main'],
          milestones: [{ title: 'v1' }],
          labels: [{ name: `pl${i}`, color: '#654321' }],
          approval_rules: [{ name: 'Rule', approvals_required: 1, users: [p.ruleUser], groups: [paths[0] as string] }],
          issues: p.issues.map((x, n) => ({
            title: `issue ${n}`,
            author: x.author,
            assignees: [x.assignee],
            ...(x.milestone ? { milestone: 'v1' } : {}),
          })),
          merge_requests: p.mrs.map((x, n) => ({
            iid: n + 1,
            title: `mr ${n}`,
            author: x.author,
            committers: [x.committer],
            reviewers: [x.reviewer],
            source_branch: `feature-${n}`,
          })),
          access_tokens: Array.from({ length: p.tokens }, (_, n) => ({
            name: `bot${n}`,
            scopes: ['api'],
            access_level: 40 as const,
          })),
          hooks: p.hook ? [{ url: 'http://127.0.0.1:9/project' }] : [],
        },
      ];
    });
    return {
      now: '2026-06-01T09:00:00Z',
      instance: { offering: 'hosted', plan: 'free' },
      users: USERS.map((u) => ({ username: u, admin: u === 'root', token: token(u) })),
      groups,
      projects: projectDocs,
      applications: [{ name: 'App', redirect_uri: 'http://localhost/cb', scopes: 'api', application_id: 'prop-app' }],
      scim_identities: scim.map(([g, u], n) => ({
        group: paths[g % paths.length] as string,
        user: u,
        extern_uid: `x${n}`,
      })),
    };
  });

/** One kind of operation: how to draw it, and how to run it against the mock (through the API where GitLab has one). */
interface Operation<T> {
  arb: fc.Arbitrary<T>;
  run(mock: MockGitLab, op: T): Promise<unknown>;
}
const operation = <T>(arb: fc.Arbitrary<T>, run: (mock: MockGitLab, op: T) => Promise<unknown>): Operation<T> => ({
  arb,
  run,
});

/** The n-th record of a table (modulo its size), or undefined for an empty one. */
const nth = <T>(table: Map<number, T>, n: number): T | undefined => [...table.values()][n % Math.max(table.size, 1)];

async function api(mock: MockGitLab, by: Who, method: string, path: string, body?: unknown) {
  const response = await mock.fetch(`${mock.baseUrl}/api/v4${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': token(by), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.status;
}

/** Every operation, by name: one entry each. */
const OPERATIONS = {
  deleteUser: operation(fc.record({ pick, hard: fc.boolean() }), (mock, op) => {
    const user = nth(mock.world.users, op.pick);
    return api(mock, 'root', 'DELETE', `/users/${user?.id ?? 999}?hard_delete=${op.hard}`);
  }),
  deleteGroup: operation(fc.record({ by: actor, pick, now: fc.boolean(), rightPath: fc.boolean() }), (mock, op) => {
    const group = nth(mock.world.groups, op.pick);
    const query = op.now
      ? `?permanently_remove=true&full_path=${encodeURIComponent(op.rightPath ? (group?.full_path ?? '') : 'x')}`
      : '';
    return api(mock, op.by, 'DELETE', `/groups/${group?.id ?? 999}${query}`);
  }),
  deleteProject: operation(fc.record({ by: actor, pick, now: fc.boolean(), rightPath: fc.boolean() }), (mock, op) => {
    const project = nth(mock.world.projects, op.pick);
    const path = op.rightPath ? (project?.path_with_namespace ?? '') : 'x';
    const query = op.now ? `?permanently_remove=true&full_path=${encodeURIComponent(path)}` : '';
    return api(mock, op.by, 'DELETE', `/projects/${project?.id ?? 999}${query}`);
  }),
  restoreGroup: operation(fc.record({ by: actor, pick }), (mock, op) =>
    api(mock, op.by, 'POST', `/groups/${nth(mock.world.groups, op.pick)?.id ?? 999}/restore`),
  ),
  restoreProject: operation(fc.record({ by: actor, pick }), (mock, op) =>
    api(mock, op.by, 'POST', `/projects/${nth(mock.world.projects, op.pick)?.id ?? 999}/restore`),
  ),
  advance: operation(fc.integer({ min: 0, max: 8 }), async (mock, days) => mock.clock.advance({ days })),
  addMember: operation(fc.record({ by: actor, pick, user: pick, level: role, group: fc.boolean() }), (mock, op) => {
    const source = op.group ? nth(mock.world.groups, op.pick) : nth(mock.world.projects, op.pick);
    const user = nth(mock.world.users, op.user);
    return api(mock, op.by, 'POST', `/${op.group ? 'groups' : 'projects'}/${source?.id ?? 999}/members`, {
      user_id: user?.id ?? 999,
      access_level: op.level,
    });
  }),
  removeMember: operation(fc.record({ by: actor, pick, user: pick, group: fc.boolean() }), (mock, op) => {
    const source = op.group ? nth(mock.world.groups, op.pick) : nth(mock.world.projects, op.pick);
    const user = nth(mock.world.users, op.user);
    return api(
      mock,
      op.by,
      'DELETE',
      `/${op.group ? 'groups' : 'projects'}/${source?.id ?? 999}/members/${user?.id ?? 999}`,
    );
  }),
  createToken: operation(fc.record({ by: actor, pick, group: fc.boolean() }), (mock, op) => {
    const source = op.group ? nth(mock.world.groups, op.pick) : nth(mock.world.projects, op.pick);
    return api(mock, op.by, 'POST', `/${op.group ? 'groups' : 'projects'}/${source?.id ?? 999}/access_tokens`, {
      name: 'made',
      scopes: ['api'],
      access_level: 30,
    });
  }),
  revokeToken: operation(fc.record({ by: actor, pick }), (mock, op) => {
    const t = nth(mock.world.tokens, op.pick);
    if (t?.project_id == null) return Promise.resolve(0);
    return api(mock, op.by, 'DELETE', `/projects/${t.project_id}/access_tokens/${t.id}`);
  }),
  createMilestone: operation(fc.record({ by: actor, pick }), (mock, op) =>
    api(mock, op.by, 'POST', `/projects/${nth(mock.world.projects, op.pick)?.id ?? 999}/milestones`, {
      title: `m${op.pick}`,
    }),
  ),
  deleteMilestone: operation(fc.record({ by: actor, pick }), (mock, op) => {
    const m = nth(mock.world.milestones, op.pick);
    if (m?.project_id == null) return Promise.resolve(0);
    return api(mock, op.by, 'DELETE', `/projects/${m.project_id}/milestones/${m.id}`);
  }),
  approve: operation(fc.record({ by: actor, pick }), (mock, op) => {
    const mr = nth(mock.world.mergeRequests, op.pick);
    return api(mock, op.by, 'POST', `/projects/${mr?.project_id ?? 999}/merge_requests/${mr?.iid ?? 1}/approve`);
  }),
  createGroup: operation(fc.record({ by: actor, pick, top: fc.boolean() }), (mock, op) => {
    const parent = op.top ? undefined : nth(mock.world.groups, op.pick);
    const path = `made${mock.world.lastId.groups ?? 0}`;
    return api(mock, op.by, 'POST', '/groups', { name: path, path, ...(parent && { parent_id: parent.id }) });
  }),
  createProject: operation(fc.record({ by: actor, pick, personal: fc.boolean() }), (mock, op) => {
    const group = op.personal ? undefined : nth(mock.world.groups, op.pick);
    const name = `made${mock.world.lastId.projects ?? 0}`;
    return api(mock, op.by, 'POST', '/projects', {
      name,
      initialize_with_readme: true,
      ...(group && { namespace_id: group.id }),
    });
  }),
  transferGroup: operation(fc.record({ by: actor, pick, to: pick, top: fc.boolean() }), (mock, op) => {
    const group = nth(mock.world.groups, op.pick);
    const target = op.top ? undefined : nth(mock.world.groups, op.to);
    return api(mock, op.by, 'POST', `/groups/${group?.id ?? 999}/transfer`, target ? { group_id: target.id } : {});
  }),
  transferProject: operation(fc.record({ by: actor, pick, to: pick }), (mock, op) => {
    const project = nth(mock.world.projects, op.pick);
    return api(mock, op.by, 'PUT', `/projects/${project?.id ?? 999}/transfer`, {
      namespace: nth(mock.world.groups, op.to)?.id ?? 999,
    });
  }),
  shareGroup: operation(fc.record({ by: actor, pick, with: pick, level: role }), (mock, op) => {
    const group = nth(mock.world.groups, op.pick);
    return api(mock, op.by, 'POST', `/groups/${group?.id ?? 999}/share`, {
      group_id: nth(mock.world.groups, op.with)?.id ?? 999,
      group_access: op.level,
    });
  }),
  shareProject: operation(fc.record({ by: actor, pick, with: pick, level: role }), (mock, op) => {
    const project = nth(mock.world.projects, op.pick);
    return api(mock, op.by, 'POST', `/projects/${project?.id ?? 999}/share`, {
      group_id: nth(mock.world.groups, op.with)?.id ?? 999,
      group_access: op.level,
    });
  }),
  archiveProject: operation(fc.record({ by: actor, pick, archive: fc.boolean() }), (mock, op) => {
    const project = nth(mock.world.projects, op.pick);
    return api(mock, op.by, 'POST', `/projects/${project?.id ?? 999}/${op.archive ? 'archive' : 'unarchive'}`);
  }),
  oauthCode: operation(who, async (mock, user) => {
    try {
      mock.oauth.authorize({ user, clientId: 'prop-app', redirectUri: 'http://localhost/cb', scopes: ['api'] });
    } catch {
      // A deleted or blocked user cannot authorize.
    }
  }),
};

type Name = keyof typeof OPERATIONS;
/** Removals and restores, the subject, come three times as often as the operations that set them up. */
const WEIGHTY: ReadonlySet<Name> = new Set([
  'deleteUser',
  'deleteGroup',
  'deleteProject',
  'restoreGroup',
  'restoreProject',
  'advance',
]);
const stepArb = fc.oneof(
  ...(Object.keys(OPERATIONS) as Name[]).map((name) => ({
    arbitrary: (OPERATIONS[name].arb as fc.Arbitrary<unknown>).map((args) => ({ name, args })),
    weight: WEIGHTY.has(name) ? 3 : 1,
  })),
);

/**
 * Every table, with the token-value index in value order: it is derived, and a load fills it by
 * owner (users', then groups', then projects' tokens) where the API filled it by creation.
 */
function tablesOf(mock: MockGitLab) {
  const tables = worldTables(mock);
  return { ...tables, tokenIds: [...mock.world.tokenIds].sort(([a], [b]) => (a < b ? -1 : 1)) };
}

/** Reads both mocks must answer alike after a load. */
const READS = ['/users?per_page=100', '/groups?all_available=true&per_page=100', '/projects?per_page=100', '/events'];

async function read(mock: MockGitLab, path: string) {
  const response = await mock.fetch(`${mock.baseUrl}/api/v4${path}`, { headers: { 'PRIVATE-TOKEN': token('root') } });
  return { status: response.status, body: (await response.text()).replaceAll(mock.baseUrl, 'BASE') };
}

describe('removal under random worlds and operations (model-based)', () => {
  it('leaves no record pointing at anything gone after any step, and exports a world that loads the same', async () => {
    const seen: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        worldArb,
        fc.array(stepArb, { minLength: 5, maxLength: 40, size: 'max' }),
        async (seed, steps) => {
          const mock = createMockGitLab({ seed });
          expect(danglingReferences(mock.world)).toEqual([]);
          for (const step of steps) {
            const status = await (OPERATIONS[step.name] as Operation<unknown>).run(mock, step.args);
            const key = `${step.name} ${typeof status === 'number' ? status : 'done'}`;
            seen[key] = (seen[key] ?? 0) + 1;
            expect(danglingReferences(mock.world), `after ${step.name} ${JSON.stringify(step.args)}`).toEqual([]);
          }
          const exported = mock.exportState();
          const copy = createMockGitLab({ seed: exported });
          expect(copy.exportState()).toEqual(exported);
          expect(tablesOf(copy)).toEqual(tablesOf(mock));
          for (const path of READS) expect(await read(copy, path), path).toEqual(await read(mock, path));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`removal model: ${RUNS} runs`, seen);
    // Each removal happened, and was refused, at least once.
    for (const key of [
      'deleteUser 204',
      'deleteUser 409',
      'deleteGroup 202',
      'deleteGroup 400',
      'deleteProject 202',
      'deleteProject 400',
      'restoreGroup 201',
      'restoreProject 201',
    ]) {
      expect(seen[key] ?? 0, key).toBeGreaterThan(0);
    }
  }, 120_000);
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockGitLab, type SeedDocument } from '../../mock/index.js';
import { GitLabApiError } from '../../src/index.js';
import { clientsOf } from '../fixtures.js';

// Visibility and membership over random worlds (SPEC 8): groups nested up to four deep,
// projects in groups and in personal namespaces, every visibility a parent allows, random
// direct memberships and administrators. For every caller:
// - a project is listed by `GET /projects` iff `GET /projects/:id` answers 200 (else 404);
// - a group is listed by `GET /groups?all_available=true` iff `GET /groups/:id` answers 200;
// - `/members/all` of every project and group is, per user, the highest direct role over the
//   project and its ancestry, computed here from the generated seed, not by the mock's code.
// fast-check prints `seed` and `path` on failure; pass them to `fc.assert` to replay.

const SEED = 21_2026;
const RUNS = 25;
const VISIBILITIES = ['private', 'internal', 'public'] as const;
type Visibility = (typeof VISIBILITIES)[number];
const ROLES = [10, 15, 20, 30, 40, 50] as const;
type Role = (typeof ROLES)[number];

interface GroupPlan {
  parent: number | null;
  visibility: Visibility;
}
interface ProjectPlan {
  /** A group's index, or a user's (personal namespace) as `{ user }`. */
  home: number | { user: number };
  visibility: Visibility;
}
interface Plan {
  users: { admin: boolean }[];
  groups: GroupPlan[];
  projects: ProjectPlan[];
  groupMembers: { user: number; group: number; role: Role }[];
  projectMembers: { user: number; project: number; role: Role }[];
}

const rank = (v: Visibility) => VISIBILITIES.indexOf(v);
/** The most visible value allowed under `cap` (GitLab: never more visible than the parent). */
const capped = (wanted: Visibility, cap: Visibility | null): Visibility =>
  cap === null || rank(wanted) <= rank(cap) ? wanted : cap;

const planArb: fc.Arbitrary<Plan> = fc
  .record({
    userCount: fc.integer({ min: 2, max: 5 }),
    groupSpecs: fc.array(
      fc.record({ parent: fc.nat(), top: fc.boolean(), visibility: fc.constantFrom(...VISIBILITIES) }),
      {
        minLength: 1,
        maxLength: 6,
      },
    ),
    projectSpecs: fc.array(
      fc.record({ home: fc.nat(), personal: fc.boolean(), visibility: fc.constantFrom(...VISIBILITIES) }),
      { minLength: 1, maxLength: 7 },
    ),
    admin: fc.option(fc.nat()),
    groupMembers: fc.array(fc.record({ user: fc.nat(), group: fc.nat(), role: fc.constantFrom(...ROLES) }), {
      maxLength: 8,
    }),
    projectMembers: fc.array(fc.record({ user: fc.nat(), project: fc.nat(), role: fc.constantFrom(...ROLES) }), {
      maxLength: 8,
    }),
  })
  .map(({ userCount, groupSpecs, projectSpecs, admin, groupMembers, projectMembers }) => {
    const groups: GroupPlan[] = [];
    groupSpecs.forEach((spec, i) => {
      const parent = i === 0 || spec.top ? null : spec.parent % i;
      const depth = (g: number | null): number => (g === null ? 0 : 1 + depth(groups[g]?.parent ?? null));
      const allowed = parent !== null && depth(parent) < 4 ? parent : null;
      groups.push({
        parent: allowed,
        visibility: capped(spec.visibility, allowed === null ? null : groups[allowed]!.visibility),
      });
    });
    const projects: ProjectPlan[] = projectSpecs.map((spec) => {
      if (spec.personal) return { home: { user: spec.home % userCount }, visibility: spec.visibility };
      const group = spec.home % groups.length;
      return { home: group, visibility: capped(spec.visibility, groups[group]!.visibility) };
    });
    const once = <T extends { user: number }>(list: T[], key: (m: T) => string) => [
      ...new Map(list.map((m) => [key(m), m])).values(),
    ];
    return {
      users: Array.from({ length: userCount }, (_, i) => ({ admin: admin !== null && admin % userCount === i })),
      groups,
      projects,
      groupMembers: once(
        groupMembers.map((m) => ({ user: m.user % userCount, group: m.group % groups.length, role: m.role })),
        (m) => `${m.user}/${m.group}`,
      ),
      projectMembers: once(
        projectMembers.map((m) => ({ user: m.user % userCount, project: m.project % projects.length, role: m.role })),
        (m) => `${m.user}/${m.project}`,
      ),
    };
  });

const username = (i: number) => `user${i}`;
const tokenOf = (i: number) => `glpat-visibility-user-${i}-0000`;

function groupPath(plan: Plan, g: number): string {
  const group = plan.groups[g]!;
  return group.parent === null ? `g${g}` : `${groupPath(plan, group.parent)}/g${g}`;
}

function projectPath(plan: Plan, p: number): string {
  const { home } = plan.projects[p]!;
  return typeof home === 'number' ? `${groupPath(plan, home)}/p${p}` : `${username(home.user)}/p${p}`;
}

/** An administrator who is a member of nothing: what reads `/members/all` of everything. */
const ROOT = 'glpat-visibility-root-0000';

function seedOf(plan: Plan): SeedDocument {
  const roles = (members: { user: number; role: Role }[]) =>
    Object.fromEntries(members.map((m) => [username(m.user), m.role]));
  return {
    now: '2026-06-01T09:00:00Z',
    instance: { offering: 'self-managed', plan: 'premium' },
    users: [
      ...plan.users.map((u, i) => ({ username: username(i), admin: u.admin, token: tokenOf(i) })),
      { username: 'root', admin: true, token: ROOT },
    ],
    groups: plan.groups.map((g, i) => ({
      path: groupPath(plan, i),
      visibility: g.visibility,
      members: roles(plan.groupMembers.filter((m) => m.group === i)),
    })),
    projects: plan.projects.map((p, i) => ({
      path: projectPath(plan, i),
      visibility: p.visibility,
      members: roles(plan.projectMembers.filter((m) => m.project === i)),
    })),
  };
}

/** The ancestry of a group, itself first, from the plan. */
function ancestry(plan: Plan, g: number): number[] {
  const chain: number[] = [];
  for (let at: number | null = g; at !== null; at = plan.groups[at]!.parent) chain.push(at);
  return chain;
}

/** Per username, the highest direct role over a project and its groups (the oracle of `/members/all`). */
function expectedAllMembers(plan: Plan, target: { project: number } | { group: number }): Record<string, number> {
  const best = new Map<number, number>();
  const give = (user: number, role: number) => best.set(user, Math.max(best.get(user) ?? 0, role));
  let groups: number[] = [];
  if ('project' in target) {
    for (const m of plan.projectMembers) if (m.project === target.project) give(m.user, m.role);
    const { home } = plan.projects[target.project]!;
    if (typeof home === 'number') groups = ancestry(plan, home);
    else give(home.user, 50);
  } else {
    groups = ancestry(plan, target.group);
  }
  for (const m of plan.groupMembers) if (groups.includes(m.group)) give(m.user, m.role);
  return Object.fromEntries([...best].map(([user, role]) => [username(user), role]));
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof GitLabApiError ? error.status : Promise.reject(error)),
  );

describe('visibility over random worlds (property)', () => {
  it('lists exactly what get answers 200 for, per caller; /members/all is the maximum over the ancestry', async () => {
    const seen = { callers: 0, projectsHidden: 0, projectsShown: 0, groupsHidden: 0, inherited: 0 };
    await fc.assert(
      fc.asyncProperty(planArb, async (plan) => {
        const mock = createMockGitLab({ seed: seedOf(plan) });
        const as = clientsOf(mock);
        const projectPaths = plan.projects.map((_, i) => projectPath(plan, i));
        const groupPaths = plan.groups.map((_, i) => groupPath(plan, i));
        for (let u = 0; u < plan.users.length; u++) {
          const gitlab = as(tokenOf(u));
          seen.callers++;
          const listed = new Set(
            (await gitlab.projects.list({ per_page: 3 }).toArray()).map((p) => p.path_with_namespace),
          );
          for (const path of projectPaths) {
            const status = await statusOf(gitlab.projects.get(path));
            expect(status, `${username(u)} GET project ${path}`).toBe(listed.has(path) ? 200 : 404);
            seen[listed.has(path) ? 'projectsShown' : 'projectsHidden']++;
          }
          expect(listed.size).toBe([...listed].filter((p) => projectPaths.includes(p)).length);
          const groups = new Set(
            (await gitlab.groups.list({ all_available: true, per_page: 2 }).toArray()).map((g) => g.full_path),
          );
          for (const path of groupPaths) {
            const status = await statusOf(gitlab.groups.get(path));
            expect(status, `${username(u)} GET group ${path}`).toBe(groups.has(path) ? 200 : 404);
            if (!groups.has(path)) seen.groupsHidden++;
          }
        }
        const admin = as(ROOT);
        for (let p = 0; p < plan.projects.length; p++) {
          const all = await admin.projects.members.listAll(projectPaths[p]!).toArray();
          const expected = expectedAllMembers(plan, { project: p });
          expect(
            Object.fromEntries(all.map((m) => [m.username, m.access_level])),
            `members/all of ${projectPaths[p]}`,
          ).toEqual(expected);
          seen.inherited += Object.keys(expected).length;
        }
        for (let g = 0; g < plan.groups.length; g++) {
          const all = await admin.groups.members.listAll(groupPaths[g]!).toArray();
          expect(
            Object.fromEntries(all.map((m) => [m.username, m.access_level])),
            `members/all of ${groupPaths[g]}`,
          ).toEqual(expectedAllMembers(plan, { group: g }));
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`visibility model: ${RUNS} runs`, seen);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  }, 120_000);
});

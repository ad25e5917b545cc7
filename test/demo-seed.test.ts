import { describe, expect, it } from 'vitest';
import { createMockGitLab, demoSeed } from '../mock/index.js';

const API = 'http://gitlab.test/api/v4';
const PROJECT = 'acme%2Fplatform%2Fapi';
const MARIA = 'glpat-maria-000000000000000';

interface MilestoneJson {
  id: number;
  title: string;
  state: string;
  expired: boolean;
  start_date: string | null;
  due_date: string | null;
}

describe('the demo seed', () => {
  const mock = createMockGitLab({ seed: demoSeed });
  const get = (path: string, token: string) => mock.fetch(`${API}${path}`, { headers: { 'PRIVATE-TOKEN': token } });
  const milestones = async (query = '') => {
    const response = await get(`/projects/${PROJECT}/milestones${query}`, MARIA);
    expect(response.status).toBe(200);
    return (await response.json()) as MilestoneJson[];
  };

  it('loads, with its clock at its own now', () => {
    expect(mock.clock.now().toISOString()).toBe('2026-06-01T09:00:00.000Z');
    expect(Object.keys(mock.users)).toEqual(['root', 'maria', 'omar', 'dev', 'paula', 'rita', 'gus']);
  });

  it('names who merged and who closed its merged and closed merge requests, and their diff refs', async () => {
    const response = await get(`/projects/${PROJECT}/merge_requests?state=all&sort=asc`, MARIA);
    const mrs = (await response.json()) as {
      iid: number;
      state: string;
      merged_by: { username: string } | null;
      closed_by: { username: string } | null;
    }[];
    const done = mrs
      .filter((mr) => mr.state !== 'opened')
      .sort((a, b) => a.iid - b.iid)
      .map((mr) => [mr.iid, mr.merged_by?.username, mr.closed_by?.username]);
    expect(done).toEqual([
      [1, 'omar', undefined],
      [2, 'maria', undefined],
      [5, undefined, 'rita'],
    ]);
    const one = (await (await get(`/projects/${PROJECT}/merge_requests/3`, MARIA)).json()) as {
      diff_refs: Record<string, string | null>;
    };
    expect(Object.values(one.diff_refs).every((sha) => typeof sha === 'string' && /^[0-9a-f]{40}$/.test(sha))).toBe(
      true,
    );
  });

  it('gives every user a fixed, readable token that authenticates', async () => {
    for (const user of Object.values(mock.users)) {
      expect(user.token).toMatch(new RegExp(`^glpat-${user.username}-0+$`));
      expect(user.token).toHaveLength(27);
      const response = await get(`/projects/${PROJECT}/milestones`, user.token);
      expect(response.status, user.username).toBe(200);
    }
    // Anyone signed in sees maria's public sandbox.
    const sandbox = await get('/projects/maria%2Fsandbox/milestones', 'glpat-gus-00000000000000000');
    expect(sandbox.status).toBe(200);
  });

  it('has one active and one revoked project access token', async () => {
    expect((await get(`/projects/${PROJECT}/milestones`, 'glpat-ci-000000000000000000')).status).toBe(200);
    expect((await get(`/projects/${PROJECT}/milestones`, 'glpat-deploy-00000000000000')).status).toBe(401);
  });

  it('has a closed, an expired, a current and an undated milestone', async () => {
    const all = await milestones();
    const today = '2026-06-01';
    expect(all.some((m) => m.state === 'closed')).toBe(true);
    expect(all.some((m) => m.state === 'active' && m.expired)).toBe(true);
    expect(all.some((m) => m.start_date === null && m.due_date === null)).toBe(true);
    const current = all.filter(
      (m) =>
        m.state === 'active' &&
        m.start_date !== null &&
        m.due_date !== null &&
        m.start_date <= today &&
        today <= m.due_date,
    );
    expect(current.map((m) => m.title)).toEqual(['v1.1']);
  });

  it('shows the group milestone of acme with include_ancestors', async () => {
    const own = await milestones();
    const withAncestors = await milestones('?include_ancestors=true');
    expect(own.map((m) => m.title)).not.toContain('FY26 Q2');
    expect(withAncestors.map((m) => m.title)).toContain('FY26 Q2');
  });

  it('gives the current milestone a burndown with creates, closes and a reopen', async () => {
    const current = (await milestones('?title=v1.1'))[0];
    expect(current).toBeDefined();
    const response = await get(`/projects/${PROJECT}/milestones/${current?.id}/burndown_events`, MARIA);
    expect(response.status).toBe(200);
    const events = (await response.json()) as { action: string; weight: number | null }[];
    const count = (action: string) => events.filter((e) => e.action === action).length;
    expect(count('created')).toBeGreaterThanOrEqual(5);
    expect(count('closed')).toBeGreaterThanOrEqual(3);
    expect(count('reopened')).toBeGreaterThanOrEqual(1);
    expect(events.every((e) => typeof e.weight === 'number')).toBe(true);
  });

  it('has issues and merge requests on its milestones', async () => {
    const current = (await milestones('?title=v1.1'))[0];
    const issues = await get(`/projects/${PROJECT}/milestones/${current?.id}/issues`, MARIA);
    expect(Number(issues.headers.get('x-total'))).toBeGreaterThanOrEqual(5);
    const mergeRequests = await get(`/projects/${PROJECT}/milestones/${current?.id}/merge_requests`, MARIA);
    expect(Number(mergeRequests.headers.get('x-total'))).toBeGreaterThanOrEqual(2);
    expect(mock.world.issues.size).toBeGreaterThanOrEqual(10);
  });

  it('uses every other area of the world', () => {
    const { world } = mock;
    expect(world.instance).toMatchObject({ offering: 'hosted', feature_flags: ['approval_group_rules'] });
    const acme = [...world.groups.values()].find((g) => g.full_path === 'acme');
    expect(acme).toMatchObject({ saml_scim: true, plan: 'ultimate' });
    expect([...world.groups.values()].some((g) => g.parent_id === acme?.id)).toBe(true);
    const api = [...world.projects.values()].find((p) => p.path_with_namespace === 'acme/platform/api');
    const branches = [...world.protectedBranches.values()].filter((b) => b.project_id === api?.id).map((b) => b.name);
    expect(branches).toContain('main');
    expect(world.applications.size).toBe(2);
    expect(world.scimIdentities.size).toBeGreaterThanOrEqual(3);
    const roles = new Set<number>();
    for (const g of world.groups.values()) for (const r of g.members.values()) roles.add(r);
    for (const p of world.projects.values()) for (const r of p.members.values()) roles.add(r);
    expect([...roles].sort()).toEqual([10, 15, 20, 30, 40, 50]);
  });

  it('is plain JSON (the CLI and other languages can load the same document)', () => {
    const copy = JSON.parse(JSON.stringify(demoSeed));
    expect(copy).toEqual(demoSeed);
    expect(() => createMockGitLab({ seed: copy })).not.toThrow();
  });
});

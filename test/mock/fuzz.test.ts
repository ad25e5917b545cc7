import { describe, expect, it } from 'vitest';
import { routes } from '../../mock/handlers/index.js';
import type { MockGitLab } from '../../mock/index.js';
import { createMockGitLab, demoSeed } from '../../mock/index.js';

// Every route, hostile input: the mock answers 4xx (never 500) and a refused request changes nothing.

const HOSTILE: unknown[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  'abc',
  '9223372036854775808',
  'true',
  '2026-02-30',
  'x'.repeat(5000),
  '<script>',
  '%',
  null,
  true,
  0,
  -7,
  1e308,
  [],
  ['a', 1, null],
  {},
  { nested: { deep: [1] } },
];
const PATH_VALUES = [
  '1',
  '2',
  '999',
  'abc',
  '0',
  '-1',
  'acme',
  'acme%2Fplatform%2Fapi',
  '%E0%A4%A',
  'self',
  'x'.repeat(300),
];
const NAMES = [
  'title',
  'name',
  'description',
  'due_date',
  'start_date',
  'state',
  'state_event',
  'iids',
  'search',
  'scopes',
  'access_level',
  'expires_at',
  'redirect_uri',
  'confidential',
  'extern_uid',
  'approvals_required',
  'user_ids',
  'group_ids',
  'usernames',
  'protected_branch_ids',
  'rule_type',
  'sha',
  'approval_password',
  'page',
  'per_page',
  'approval_project_rule_id',
  'remove_hidden_groups',
  'applies_to_all_protected_branches',
  'allow_author_approval',
  'retain_approvals_on_push',
  'selective_code_owner_removals',
  'reset_approvals_on_push',
  'include_ancestors',
  'updated_before',
  'sort',
  'revoked',
];

/** Values of a path parameter that name records of the demo world. */
function valid(mock: MockGitLab, path: string, name: string): string[] {
  const { world } = mock;
  const ids = (map: Map<number, unknown>) => [...map.keys()].map(String);
  switch (name) {
    case 'id':
      return path.startsWith('/groups')
        ? [...world.groups.values()].map((g) => encodeURIComponent(g.full_path))
        : path.startsWith('/applications')
          ? ids(world.applications)
          : [...world.projects.values()].map((p) => encodeURIComponent(p.path_with_namespace));
    case 'milestone_id':
      return ids(world.milestones);
    case 'token_id':
      return [...ids(world.tokens), 'self'];
    case 'merge_request_iid':
      return ['1', '2', '3'];
    case 'approval_rule_id':
      return [
        ...ids(world.projectApprovalRules),
        ...ids(world.mergeRequestApprovalRules),
        ...ids(world.groupApprovalRules),
      ];
    case 'uid':
      return [...world.scimIdentities.values()].map((s) => encodeURIComponent(s.extern_uid));
    default:
      return [];
  }
}

const short = (body: object) => JSON.stringify(body).replace(/x{20,}/g, 'x…');

/** A small deterministic random source, so a failure reproduces. */
function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

/** The world as data, without the one thing every authenticated request may touch (a token's last use). */
function state(mock: MockGitLab): string {
  const copy = mock.snapshot().state;
  for (const token of copy.tokens.values()) token.last_used_at = null;
  return JSON.stringify(copy, (_key, value) => (value instanceof Map ? [...value.entries()] : value));
}

describe('hostile input on every route', () => {
  it('never answers 500, and refused requests leave the world unchanged', async () => {
    const mock = createMockGitLab({ seed: demoSeed });
    const tokens = ['glpat-root-0000000000000000', 'glpat-maria-000000000000000', 'glpat-dev-00000000000000000'];
    const pick = random(42);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1500; i++) {
      const route = routes[pick(routes.length)] as (typeof routes)[number];
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
        // Mostly real records, so requests get past the lookups into the rules.
        const real = valid(mock, route.path, name);
        return real.length > 0 && pick(4) > 0
          ? (real[pick(real.length)] as string)
          : (PATH_VALUES[pick(PATH_VALUES.length)] as string);
      });
      const body: Record<string, unknown> = {};
      for (let k = pick(4); k > 0; k--) body[NAMES[pick(NAMES.length)] as string] = HOSTILE[pick(HOSTILE.length)];
      const before = state(mock);
      const response = await mock.fetch(`${mock.baseUrl}/api/v4${path}`, {
        method: route.method,
        headers: { 'PRIVATE-TOKEN': tokens[pick(tokens.length)] as string, 'content-type': 'application/json' },
        body: route.method === 'GET' ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500)
        failures.push(`${route.method} ${path} ${JSON.stringify(body)} → ${response.status} ${text}`);
      // The one refusal that changes the world on purpose: rotating a revoked token revokes its family (SPEC 2).
      else if (response.status >= 400 && state(mock) !== before && !text.includes('Token already revoked')) {
        failures.push(`${route.method} ${path} ${short(body)} → ${response.status} ${text} changed the world`);
      }
    }
    expect(failures).toEqual([]);
    // The requests reached the rules: some succeeded and some were refused as invalid, not only not found.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../mock/handlers/index.js';
import { createMockGitLab, type MockGitLab, type WorldSnapshot } from '../mock/index.js';
import {
  ACCESS_DENIED,
  authorizationSeed,
  CALLERS,
  type Caller,
  callerTokens,
  fill,
  prepare,
  ROLE_ORDER,
  rows,
  SERVED_ANONYMOUSLY,
  type Targets,
  UNAUTHENTICATED,
} from './authorization-table.js';
import { call } from './fixtures.js';

/**
 * Who may do what: every route × every kind of caller, each cell a real request
 * against the same world (restored before every cell), answering exactly the
 * status the table writes down.
 */

const column = (caller: Caller) => CALLERS.indexOf(caller);
const is2xx = (status: number) => status >= 200 && status < 300;

describe('the authorization table', () => {
  it('has one row per route of the mock, and no other', () => {
    const declared = routes.map((r) => `${r.method} ${r.path}`).sort();
    const tabled = rows.map((r) => r.route).sort();
    expect(tabled).toEqual(declared);
    expect(new Set(tabled).size).toBe(tabled.length);
  });

  it('has one status per caller in every row', () => {
    for (const row of rows) expect(row.expect, row.route).toHaveLength(CALLERS.length);
  });

  it('answers 401 to every caller that does not authenticate, on every route but those GitLab serves anonymously', () => {
    for (const row of rows)
      for (const caller of UNAUTHENTICATED) {
        if (caller === 'anonymous' && SERVED_ANONYMOUSLY.includes(row.route)) continue;
        expect(row.expect[column(caller)], `${row.route} ${caller}`).toBe(401);
      }
  });

  it('serves anonymous callers exactly the routes of GitLab 18.6 that need no token, never more than a non-member', () => {
    const served = rows.filter((row) => row.expect[column('anonymous')] !== 401).map((row) => row.route);
    expect(served.sort()).toEqual([...SERVED_ANONYMOUSLY].sort());
    for (const row of rows.filter((r) => SERVED_ANONYMOUSLY.includes(r.route))) {
      if (is2xx(row.expect[column('anonymous')]!))
        expect(is2xx(row.expect[column('nonMember')]!), row.route).toBe(true);
    }
  });

  it('answers 403 to a user who may not use the API (blocked), on every route', () => {
    for (const row of rows) for (const caller of ACCESS_DENIED) expect(row.expect[column(caller)], row.route).toBe(403);
  });

  it('is monotonic: what a role may do, every higher role may do too', () => {
    let pairs = 0;
    const violations: string[] = [];
    for (const row of rows) {
      for (let low = 0; low < ROLE_ORDER.length; low++) {
        for (let high = low + 1; high < ROLE_ORDER.length; high++) {
          const [lower, higher] = [ROLE_ORDER[low]!, ROLE_ORDER[high]!];
          pairs++;
          if (is2xx(row.expect[column(lower)]!) && !is2xx(row.expect[column(higher)]!)) {
            violations.push(`${row.route}: ${lower} may, ${higher} may not`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
    expect(pairs).toBe(rows.length * ((ROLE_ORDER.length * (ROLE_ORDER.length - 1)) / 2));
  });

  it('gives the Maintainer-level bot what a Maintainer gets, but for the routes listed', () => {
    const differences = rows
      .filter((row) => row.expect[column('bot')] !== row.expect[column('maintainer')])
      .map((row) => row.route);
    expect(differences).toEqual([
      // Group membership is needed as well as the project's (G6); the bot has only the project.
      'POST /projects/:id/milestones/:milestone_id/promote',
      // Bots may not create tokens (G2).
      'POST /projects/:id/access_tokens',
      // Only token bots may reset approvals (SPEC 2).
      'PUT /projects/:id/merge_requests/:merge_request_iid/reset_approvals',
      // Group milestones are written by Planners of the group; the bot has only the project.
      'POST /groups/:id/milestones',
      'PUT /groups/:id/milestones/:milestone_id',
      'DELETE /groups/:id/milestones/:milestone_id',
      // The bot sees the group acme only through its project: not enough to read the group's members.
      'GET /groups/:id/members',
      'GET /groups/:id/members/all',
      'GET /groups/:id/members/all/:user_id',
      'GET /groups/:id/members/:user_id',
      // A group's namespace needs access to the group itself (GroupPolicy's has_access); the bot has only the project.
      'GET /namespaces/:id',
      // Promoting a label asks admin_label of the project's group; the bot has only the project.
      'PUT /projects/:id/labels/:label_id/promote',
      'PUT /projects/:id/labels/promote',
    ]);
  });
});

describe('every cell against the mock', () => {
  let mock: MockGitLab;
  let initial: WorldSnapshot;
  let targets: Targets;

  beforeAll(() => {
    mock = createMockGitLab({ seed: authorizationSeed });
    targets = prepare(mock);
    initial = mock.snapshot();
  });

  it.each(rows)('$route', async (row) => {
    const actual: number[] = [];
    const unexplained: string[] = [];
    for (const caller of CALLERS) {
      mock.restore(initial);
      const response = await call(mock, row.route.split(' ')[0]!, fill(row.url, targets), {
        token: callerTokens[caller],
        json: row.body,
      });
      actual.push(response.status);
      // The journal says which rule refused, in more words than GitLab's `403 Forbidden`.
      const reason = mock.requests.list().at(-1)?.reason ?? '';
      if (response.status >= 400 && /^(\d{3} [\w ]+|\["Prohibited"\])$/.test(reason))
        unexplained.push(`${caller}: ${reason}`);
    }
    expect(unexplained, 'refusals whose journal reason is only GitLab message').toEqual([]);
    // The whole row at once: a mismatch shows every cell that differs.
    expect(Object.fromEntries(CALLERS.map((c, i) => [c, actual[i]]))).toEqual(
      Object.fromEntries(CALLERS.map((c, i) => [c, row.expect[i]])),
    );
  });
});

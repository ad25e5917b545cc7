import { beforeEach, describe, expect, it } from 'vitest';
import type { MockGitLab } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { API, createApprovalsMock } from './approvals-fixtures.js';
import { client, failure } from './fixtures.js';

// Approvals refusals whose status alone cannot tell which rule refused: each test checks
// GitLab's status and message, the journal's reason (the rule), and the world unchanged.
// Written for the mutants StrykerJS found alive in mock/rules/approvals/approvals.ts (issue 27).

let mock: MockGitLab;
let dev: GitLab;
let maintainer: GitLab;

beforeEach(() => {
  mock = createApprovalsMock();
  dev = client(mock, 'glpat-dev');
  maintainer = client(mock, 'glpat-maintainer');
});

const reason = () => mock.requests.list().at(-1)?.reason;
/** The world as exported, without `last_used_at` (which every authenticated call moves). */
const world = () =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));
const approvals = () => [...mock.world.approvals.values()];

describe('re-authentication to approve', () => {
  beforeEach(async () => {
    await maintainer.projects.approvalSettings.update(API, { require_reauthentication_to_approve: true });
  });

  it('says whether the password was missing or wrong', async () => {
    const missing = await failure(dev.projects.mergeRequests.approvals.approve(API, 1));
    expect(missing).toMatchObject({ status: 401, gitlabMessage: '401 Unauthorized' });
    // The journal writes [REDACTED] for the word password.
    expect(reason()).toMatch(
      /^project acme\/platform\/api requires re-authentication to approve and the .* of dev was missing$/,
    );
    const wrong = await failure(dev.projects.mergeRequests.approvals.approve(API, 1, { approval_password: 'x' }));
    expect(wrong).toMatchObject({ status: 401, gitlabMessage: '401 Unauthorized' });
    expect(reason()).toMatch(
      /^project acme\/platform\/api requires re-authentication to approve and the .* of dev was wrong$/,
    );
    expect(approvals()).toHaveLength(0);
  });

  it('refuses even the right password under a group enforcing SAML SSO, for that reason', async () => {
    mock.world.groups.get(1)!.enforced_sso = true;
    const before = world();
    const error = await failure(
      dev.projects.mergeRequests.approvals.approve(API, 1, { approval_password: 'dev-pass' }),
    );
    expect(error).toMatchObject({ status: 401, gitlabMessage: '401 Unauthorized' });
    expect(reason()).toMatch(
      /^project acme\/platform\/api enforces SAML SSO: a .* cannot re-authenticate an approval$/,
    );
    expect(world()).toEqual(before);
  });
});

describe('unapprove', () => {
  it('refuses a caller who may not approve with 403, naming why', async () => {
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    const before = world();
    const error = await failure(client(mock, 'glpat-reporter').projects.mergeRequests.approvals.unapprove(API, 1));
    expect(error).toMatchObject({ status: 403, gitlabMessage: '403 Forbidden' });
    expect(reason()).toBe(`reporter is below Developer in project ${API} and named by no approval rule of !1`);
    expect(world()).toEqual(before);
  });
});

describe('group approval rules', () => {
  it('refuse a Free group with 403 for its plan', async () => {
    const error = await failure(client(mock, 'glpat-owner').groups.approvalRules.list('free-corp'));
    expect(error).toMatchObject({ status: 403, gitlabMessage: '403 Forbidden' });
    expect(reason()).toBe('group free-corp is on the free plan; approvals need Premium');
  });

  it('answer 404 without the feature flag, for that reason', async () => {
    mock.world.instance.feature_flags = [];
    const error = await failure(client(mock, 'glpat-owner').groups.approvalRules.list('acme'));
    expect(error).toMatchObject({ status: 404, gitlabMessage: '404 Not Found' });
    expect(reason()).toBe('group approval rules need the approval_group_rules feature flag');
  });
});

describe('rule approvers', () => {
  it('leave out a blocked user, so a rule naming only them cannot be met', async () => {
    mock.seed.approvalRule(mock.world.projects.get(1)!, { name: 'Docs', approvals_required: 1, users: ['reviewer'] });
    const ruleOf = async () =>
      (await dev.projects.mergeRequests.approvals.state(API, 1)).rules.find((r) => r.name === 'Docs');
    expect((await ruleOf())?.eligible_approvers.map((u) => u.username)).toEqual(['reviewer']);
    [...mock.world.users.values()].find((u) => u.username === 'reviewer')!.state = 'blocked';
    expect((await ruleOf())?.eligible_approvers).toEqual([]);
  });
});

describe('a merged merge request keeps its rules that were met', () => {
  it('keeps an unmeetable code owner rule unless a protected branch of its target requires code owners', async () => {
    // Two approvals required of one approver: the rule cannot be met (invalid), so it counts as approved.
    mock.seed.approvalRule(mock.world.projects.get(1)!, {
      name: 'CODEOWNERS',
      rule_type: 'code_owner',
      approvals_required: 2,
      users: ['reviewer'],
    });
    const names = async () => (await dev.projects.mergeRequests.approvals.state(API, 2)).rules.map((r) => r.name);
    expect(await names()).toContain('CODEOWNERS');
    // !2 targets release/1.0: `main` requiring code owners changes nothing, `release/*` drops the rule.
    const branch = (name: string) => [...mock.world.protectedBranches.values()].find((b) => b.name === name)!;
    branch('main').code_owner_approval_required = true;
    expect(await names()).toContain('CODEOWNERS');
    branch('release/*').code_owner_approval_required = true;
    expect(await names()).not.toContain('CODEOWNERS');
  });
});

describe('approving beside seeded approvals', () => {
  it('adds an approval with an id of its own, so a seeded one stays', async () => {
    const mr = [...mock.world.mergeRequests.values()].find((m) => m.project_id === 1 && m.iid === 1)!;
    mock.seed.approval(mr, 'reviewer');
    const status = await dev.projects.mergeRequests.approvals.approve(API, 1);
    expect(status.approved_by.map((a) => a.user.username)).toEqual(['reviewer', 'dev']);
    expect(new Set(approvals().map((a) => a.id)).size).toBe(2);
  });
});

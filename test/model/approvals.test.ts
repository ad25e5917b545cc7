import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MockGitLab } from '../../mock/index.js';
import { GitLab } from '../../src/index.js';
import { API, createApprovalsMock, groupId } from '../approvals-fixtures.js';
import { type Refusal, refused, refusedAs } from './recording.js';

// Approvals under random sequences of approve, unapprove, reset, pushes, project
// and merge-request rule create / update / delete and approval settings changes,
// by users of every role, the author and a committer among them. The run keeps
// its own model of who approved and who committed (a push makes its author a
// committer and removes approvals as the settings say). After every step, each
// open merge request's approvers, `approvals_left`, `approvals_required`,
// `approved`, and each rule's `approved` and `approved_by` must equal the oracle
// below: an independent computation from the raw rules, the settings and that
// model (GITLAB-BEHAVIOR 3 "Approval computations", docs/mock.md), not mock/rules.
// fast-check prints `seed` and `path` on failure; pass them to `fc.assert` to replay.

const SEED = 3_2026;
const RUNS = 40;

const USERS = ['owner', 'maintainer', 'dev', 'reviewer', 'author', 'committer', 'reporter', 'guest', 'outsider'];
/** Open merge requests of the project: 1 targets the protected `main`, 3 the unprotected `spike`. */
const OPEN = [1, 3] as const;
/** Developer or higher in the project (owner through acme; the others in acme/platform). */
const DEVELOPERS = ['owner', 'maintainer', 'dev', 'reviewer', 'author', 'committer'];
/** The authors of the open merge requests, as seeded. */
const AUTHORS: Record<number, string> = { 1: 'author', 3: 'dev' };
const SETTINGS = [
  'allow_author_approval',
  'allow_committer_approval',
  'allow_overrides_to_approver_list_per_merge_request',
  'retain_approvals_on_push',
  'selective_code_owner_removals',
] as const;
type Settings = Record<(typeof SETTINGS)[number], boolean>;

type Op =
  | { op: 'approve' | 'unapprove'; user: string; mr: number }
  | { op: 'reset'; by: string; mr: number }
  | { op: 'push'; by: string; mr: number }
  | {
      op: 'createRule';
      by: string;
      name: string;
      required: number;
      any: boolean;
      users: string[];
      groups: string[];
      branches: 'none' | 'main' | 'all';
    }
  | { op: 'updateRule'; by: string; pick: number; required: number; users: string[] }
  | { op: 'deleteRule'; by: string; pick: number }
  | {
      op: 'createMrRule';
      by: string;
      mr: number;
      name: string;
      required: number;
      users: string[];
      groups: string[];
      from: number | null;
    }
  | { op: 'updateMrRule'; by: string; mr: number; pick: number; required: number; users: string[] }
  | { op: 'deleteMrRule'; by: string; mr: number; pick: number }
  | { op: 'settings'; values: Partial<Settings> };

const user = fc.constantFrom(...USERS);
const mr = fc.constantFrom(...OPEN);
const users = fc.subarray(USERS, { maxLength: 4 });
const groups = fc.subarray(['acme/platform', 'security'], { maxLength: 1 });
const required = fc.integer({ min: 0, max: 3 });
const ruleAdmin = fc.constantFrom('maintainer', 'maintainer', 'owner', 'dev');
const name = fc.constantFrom('Backend', 'Security', 'Docs', 'All');

const settingsArb = fc.record({
  op: fc.constant('settings' as const),
  values: fc.record(
    Object.fromEntries(SETTINGS.map((key) => [key, fc.boolean()])) as Record<keyof Settings, fc.Arbitrary<boolean>>,
    { requiredKeys: [] },
  ),
});

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ op: fc.constantFrom('approve' as const, 'unapprove' as const), user, mr }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('reset' as const), by: fc.constantFrom('bot', 'bot', 'maintainer'), mr }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('push' as const), by: user, mr }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('createRule' as const),
      by: ruleAdmin,
      name,
      required,
      any: fc.boolean(),
      users,
      groups,
      branches: fc.constantFrom('none', 'main', 'all'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('updateRule' as const), by: ruleAdmin, pick: fc.nat(), required, users }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteRule' as const), by: ruleAdmin, pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('createMrRule' as const),
      by: ruleAdmin,
      mr,
      name,
      required,
      users,
      groups,
      from: fc.option(fc.nat(), { freq: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('updateMrRule' as const),
      by: ruleAdmin,
      mr,
      pick: fc.nat(),
      required,
      users,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteMrRule' as const), by: ruleAdmin, mr, pick: fc.nat() }) },
  { weight: 2, arbitrary: settingsArb },
);

// ---------------------------------------------------------------------------------------------
// The oracle: GITLAB-BEHAVIOR 3 from the raw data of the world

interface Expected {
  overwritten: boolean;
  approvalsRequired: number;
  approvalsLeft: number;
  approved: boolean;
  rules: Map<number, { approved: boolean; approvedBy: string[] }>;
  /** Ids of the rules neither met nor invalid (any_approver ones only while they need more than the others). */
  rulesLeft: number[];
  /** Ids of the rules (not any_approver) requiring more approvals than they have approvers. */
  invalid: number[];
}

/** A protected branch name covers a branch: the same name, or a `prefix*` pattern. */
const covers = (pattern: string, branch: string) =>
  pattern === branch || (pattern.endsWith('*') && branch.startsWith(pattern.slice(0, -1)));

/** What the run knows of a merge request without asking the mock: who approved it and who committed to it. */
interface Model {
  approvedBy: Set<string>;
  committers: Set<string>;
}

/** The rules in force for a merge request, from the raw rules: its own while they override, else the project's for its target. */
function rulesInForce(mock: MockGitLab, iid: number, settings: Settings) {
  const { world } = mock;
  const project = [...world.projects.values()].find((p) => p.path_with_namespace === API);
  const mergeRequest = [...world.mergeRequests.values()].find((m) => m.project_id === project?.id && m.iid === iid);
  if (!project || !mergeRequest) throw new Error('no merge request');
  expect(world.groupApprovalRules.size, 'the property makes no group rules').toBe(0);

  const protectedNames = [...world.protectedBranches.values()]
    .filter((b) => b.project_id === project.id)
    .map((b) => b.name);
  const target = mergeRequest.target_branch;
  const isProtected = protectedNames.some((pattern) => covers(pattern, target));
  const projectRules = [...world.projectApprovalRules.values()].filter((r) => r.project_id === project.id);
  const ownRules = [...world.mergeRequestApprovalRules.values()].filter((r) => r.merge_request_id === mergeRequest.id);
  const overwritten = settings.allow_overrides_to_approver_list_per_merge_request && ownRules.length > 0;
  const rules = overwritten
    ? ownRules
    : projectRules.filter((r) => {
        if (r.applies_to_all_protected_branches) return isProtected;
        if (r.protected_branch_ids.length === 0) return true;
        return r.protected_branch_ids.some((id) => covers(world.protectedBranches.get(id)?.name ?? '', target));
      });
  return { overwritten, rules, mergeRequest };
}

/** The active users a rule names, directly or as members of its groups. */
function namedUsers(mock: MockGitLab, rule: { user_ids: number[]; group_ids: number[] }): Set<number> {
  const named = new Set(rule.user_ids);
  for (const groupId of rule.group_ids)
    for (const id of mock.world.groups.get(groupId)?.members.keys() ?? []) named.add(id);
  return new Set([...named].filter((id) => mock.world.users.get(id)?.state === 'active'));
}

/**
 * A push (GITLAB-BEHAVIOR 4): its author becomes a committer; every approval goes while approvals
 * are not retained on push, else with selective code owner removals those of the users named by
 * the code owner rules in force (the mock has no files: every such rule counts as touched).
 */
function pushToModel(mock: MockGitLab, iid: number, by: string, settings: Settings, model: Model): void {
  model.committers.add(by);
  if (!settings.retain_approvals_on_push) model.approvedBy.clear();
  else if (settings.selective_code_owner_removals) {
    for (const rule of rulesInForce(mock, iid, settings).rules.filter((r) => r.rule_type === 'code_owner')) {
      for (const id of namedUsers(mock, rule)) model.approvedBy.delete(mock.world.users.get(id)?.username ?? '');
    }
  }
}

function oracle(mock: MockGitLab, iid: number, settings: Settings, model: Model): Expected {
  const { world } = mock;
  const { overwritten, rules, mergeRequest } = rulesInForce(mock, iid, settings);
  const idOf = (username: string) => mock.users[username]?.id ?? -1;
  const barred = new Set<number>();
  if (!settings.allow_author_approval) barred.add(mergeRequest.author_id);
  if (!settings.allow_committer_approval) for (const username of model.committers) barred.add(idOf(username));
  const approvers = [...model.approvedBy].map(idOf).filter((id) => !barred.has(id));
  const name = (id: number) => world.users.get(id)?.username ?? `#${id}`;

  let left = 0;
  let anyLeft = 0;
  let requiredSum = 0;
  let anyRequired = 0;
  const expected = new Map<number, { approved: boolean; approvedBy: string[] }>();
  const invalid: number[] = [];
  const unmet: { id: number; any: boolean; left: number }[] = [];
  for (const rule of rules) {
    const eligible = new Set([...namedUsers(mock, rule)].filter((id) => !barred.has(id)));
    const any = rule.rule_type === 'any_approver';
    const approvedBy = any ? approvers : approvers.filter((id) => eligible.has(id));
    const ruleLeft = Math.max(rule.approvals_required - approvedBy.length, 0);
    if (any) {
      anyLeft += ruleLeft;
      anyRequired += rule.approvals_required;
    } else {
      left += ruleLeft;
      requiredSum += rule.approvals_required;
    }
    // GitLab's ApprovalWrappedRule: a rule that cannot be met does not block (it is "approved").
    const cannotBeMet = !any && rule.approvals_required > eligible.size;
    if (cannotBeMet) invalid.push(rule.id);
    else if (ruleLeft > 0) unmet.push({ id: rule.id, any, left: ruleLeft });
    expected.set(rule.id, { approved: ruleLeft === 0 || cannotBeMet, approvedBy: approvedBy.map(name).sort() });
  }
  return {
    overwritten,
    approvalsRequired: Math.max(requiredSum, anyRequired),
    approvalsLeft: Math.max(left, anyLeft),
    approved: [...expected.values()].every((r) => r.approved),
    rules: expected,
    rulesLeft: unmet.filter((r) => !r.any || anyLeft > left).map((r) => r.id),
    invalid,
  };
}

// ---------------------------------------------------------------------------------------------

/** What the runs went through, so a property that stops exercising something fails instead of passing quietly. */
const seen = {
  approvals: 0,
  unapprovals: 0,
  resets: 0,
  pushes: 0,
  /** Pushes that removed code owners' approvals and kept others (selective code owner removals). */
  selectiveRemovals: 0,
  rules: 0,
  mrRules: 0,
  overwritten: 0,
  approvedRules: 0,
  leftOver: 0,
  /** Checks made while some rule could not be met (invalid: it does not block). */
  invalidRules: 0,
};

class Run {
  readonly mock = createApprovalsMock();
  private readonly clients = new Map<string, GitLab>();
  /** The run's own record of each open merge request: the seed's committers, no approvals yet. */
  private readonly models = new Map<number, Model>([
    [1, { approvedBy: new Set(), committers: new Set(['author', 'committer']) }],
    [3, { approvedBy: new Set(), committers: new Set() }],
  ]);

  constructor() {
    // A code owner rule for every branch, so that selective code owner removals have something to remove.
    const project = this.mock.world.projects.get(1);
    if (!project) throw new Error('no project');
    this.mock.seed.approvalRule(project, {
      name: 'Owners',
      rule_type: 'code_owner',
      approvals_required: 1,
      users: ['reviewer', 'dev'],
    });
  }

  model(iid: number): Model {
    const model = this.models.get(iid);
    if (!model) throw new Error(`no model of !${iid}`);
    return model;
  }

  /**
   * Why a Developer or higher may not approve, as GitLab words it (GITLAB-BEHAVIOR 3): once per user,
   * the author and committers only while the settings allow them; `null` when they may. Below
   * Developer the rules that name them decide (`undefined`: the model does not predict it).
   */
  async whyNot(username: string, iid: number): Promise<string | null | undefined> {
    if (!DEVELOPERS.includes(username)) return undefined;
    const model = this.model(iid);
    if (model.approvedBy.has(username)) return `${username} already approved !${iid}`;
    const settings = await this.settings();
    const author = AUTHORS[iid];
    if (username === author && !settings.allow_author_approval) {
      return `${username} is the author and project ${API} forbids author approval`;
    }
    if (model.committers.has(username) && !settings.allow_committer_approval) {
      return `${username} committed to !${iid} and project ${API} forbids committer approval`;
    }
    return null;
  }

  async settings(): Promise<Settings> {
    const document = await this.client('maintainer').projects.approvalSettings.get(API);
    return Object.fromEntries(
      SETTINGS.map((key) => {
        const value = document[key]?.value;
        if (value === undefined) throw new Error(`the settings document has no ${key}`);
        return [key, value];
      }),
    ) as Settings;
  }

  client(username: string): GitLab {
    const token = username === 'bot' ? 'glpat-bot' : `glpat-${username}`;
    let gitlab = this.clients.get(token);
    if (!gitlab) {
      gitlab = new GitLab({ baseUrl: this.mock.baseUrl, token, fetch: this.mock.fetch, retry: 0 });
      this.clients.set(token, gitlab);
    }
    return gitlab;
  }

  ids(usernames: string[]): number[] {
    return usernames.map((u) => this.mock.users[u]?.id ?? 0);
  }

  projectRuleIds(): number[] {
    return [...this.mock.world.projectApprovalRules.keys()];
  }

  mrRuleIds(iid: number): number[] {
    const mergeRequest = [...this.mock.world.mergeRequests.values()].find((m) => m.project_id === 1 && m.iid === iid);
    return [...this.mock.world.mergeRequestApprovalRules.values()]
      .filter((r) => r.merge_request_id === mergeRequest?.id)
      .map((r) => r.id);
  }

  async step(op: Op): Promise<void> {
    const approvals = (u: string) => this.client(u).projects.mergeRequests.approvals;
    switch (op.op) {
      case 'approve': {
        const why = await this.whyNot(op.user, op.mr);
        const approved = await approvals(op.user)
          .approve(API, op.mr)
          .then(
            () => true,
            why === undefined ? refused : refusedAs(why === null ? null : { status: 401, message: '401 Unauthorized' }),
          );
        // A refusal the model predicts must come from the rule it names (the journal's reason).
        if (!approved && typeof why === 'string') expect(this.mock.requests.list().at(-1)?.reason).toBe(why);
        if (approved && why !== undefined) expect(why, `${op.user} approved !${op.mr}`).toBeNull();
        if (approved) {
          this.model(op.mr).approvedBy.add(op.user);
          seen.approvals++;
        }
        return;
      }
      case 'unapprove':
        if (
          await approvals(op.user)
            .unapprove(API, op.mr)
            .then(() => true, refused)
        ) {
          this.model(op.mr).approvedBy.delete(op.user);
          seen.unapprovals++;
        }
        return;
      case 'reset':
        // Only the project token's bot may reset an open merge request's approvals: anyone else gets 401.
        if (
          await approvals(op.by)
            .reset(API, op.mr)
            .then(() => true, refusedAs(op.by === 'bot' ? null : { status: 401, message: '401 Unauthorized' }))
        ) {
          expect(op.by, 'only the bot resets approvals').toBe('bot');
          this.model(op.mr).approvedBy.clear();
          seen.resets++;
        }
        return;
      case 'push': {
        const model = this.model(op.mr);
        const before = model.approvedBy.size;
        pushToModel(this.mock, op.mr, op.by, await this.settings(), model);
        this.mock.mergeRequests.push(API, op.mr, { author: op.by });
        seen.pushes++;
        if (model.approvedBy.size > 0 && model.approvedBy.size < before) seen.selectiveRemovals++;
        return;
      }
      case 'createRule': {
        const main = [...this.mock.world.protectedBranches.values()].find(
          (b) => b.project_id === 1 && b.name === 'main',
        );
        const created = await this.client(op.by)
          .projects.approvalRules.create(API, {
            name: op.name,
            approvals_required: op.required,
            rule_type: op.any ? 'any_approver' : 'regular',
            usernames: op.users,
            group_ids: op.groups.map((g) => groupId(this.mock, g)),
            protected_branch_ids: op.branches === 'main' && main ? [main.id] : undefined,
            applies_to_all_protected_branches: op.branches === 'all',
          })
          .catch(refused);
        if (created) seen.rules++;
        return;
      }
      case 'updateRule': {
        const ids = this.projectRuleIds();
        const id = ids[op.pick % Math.max(ids.length, 1)];
        const rule = id === undefined ? undefined : this.mock.world.projectApprovalRules.get(id);
        if (!rule) return;
        await this.client(op.by)
          .projects.approvalRules.update(API, rule.id, {
            name: rule.name,
            approvals_required: op.required,
            user_ids: this.ids(op.users),
          })
          .catch(refused);
        return;
      }
      case 'deleteRule': {
        const ids = this.projectRuleIds();
        const id = ids[op.pick % Math.max(ids.length, 1)];
        if (id !== undefined) await this.client(op.by).projects.approvalRules.delete(API, id).catch(refused);
        return;
      }
      case 'createMrRule': {
        const ids = this.projectRuleIds();
        const from = op.from === null ? undefined : ids[op.from % Math.max(ids.length, 1)];
        const created = await this.client(op.by)
          .projects.mergeRequests.approvalRules.create(API, op.mr, {
            name: op.name,
            approvals_required: op.required,
            usernames: op.users,
            group_ids: op.groups.map((g) => groupId(this.mock, g)),
            approval_project_rule_id: from,
          })
          .catch(refused);
        if (created) seen.mrRules++;
        return;
      }
      case 'updateMrRule': {
        const ids = this.mrRuleIds(op.mr);
        const id = ids[op.pick % Math.max(ids.length, 1)];
        if (id === undefined) return;
        await this.client(op.by)
          .projects.mergeRequests.approvalRules.update(API, op.mr, id, {
            approvals_required: op.required,
            user_ids: this.ids(op.users),
          })
          .catch(refused);
        return;
      }
      case 'deleteMrRule': {
        const ids = this.mrRuleIds(op.mr);
        const id = ids[op.pick % Math.max(ids.length, 1)];
        if (id !== undefined)
          await this.client(op.by).projects.mergeRequests.approvalRules.delete(API, op.mr, id).catch(refused);
        return;
      }
      case 'settings':
        // Selective removals need approvals retained on push: GitLab refuses the other combination.
        {
          const next = { ...(await this.settings()), ...op.values };
          const expected: Refusal | null =
            Object.keys(op.values).length === 0
              ? { status: 400, message: ['at least one parameter must be provided'] }
              : next.selective_code_owner_removals && !next.retain_approvals_on_push
                ? {
                    status: 400,
                    message:
                      'selective_code_owner_removals can only be enabled when retain_approvals_on_push is enabled',
                  }
                : null;
          const updated = await this.client('maintainer')
            .projects.approvalSettings.update(API, op.values)
            .catch(refusedAs(expected));
          if (updated) expect(expected, 'settings the model refuses were accepted').toBeNull();
        }
        return;
    }
  }

  async check(): Promise<void> {
    const reader = this.client('maintainer');
    const settings = await this.settings();
    for (const iid of OPEN) {
      const model = this.model(iid);
      const expected = oracle(this.mock, iid, settings, model);
      const status = await reader.projects.mergeRequests.approvals.get(API, iid);
      const state = await reader.projects.mergeRequests.approvals.state(API, iid);
      const where = `merge request !${iid}`;
      expect(status.approved_by.map((a) => a.user.username).sort(), `${where} approved_by`).toEqual(
        [...model.approvedBy].sort(),
      );
      expect(status.approvals_required, `${where} approvals_required`).toBe(expected.approvalsRequired);
      expect(status.approvals_left, `${where} approvals_left`).toBe(expected.approvalsLeft);
      expect(status.approved, `${where} approved`).toBe(expected.approved);
      expect(state.approval_rules_overwritten, `${where} approval_rules_overwritten`).toBe(expected.overwritten);
      expect(state.rules.map((r) => r.id).sort(), `${where} rules`).toEqual([...expected.rules.keys()].sort());
      const ids = (rules: { id: number }[] | undefined) => (rules ?? []).map((r) => r.id).sort();
      expect(ids(status.approval_rules_left), `${where} approval_rules_left`).toEqual(expected.rulesLeft.sort());
      expect(ids(status.invalid_approvers_rules), `${where} invalid_approvers_rules`).toEqual(expected.invalid.sort());
      if (expected.invalid.length > 0) seen.invalidRules++;
      for (const rule of state.rules) {
        const want = expected.rules.get(rule.id);
        expect(
          { approved: rule.approved, approvedBy: rule.approved_by.map((u) => u.username).sort() },
          `${where} rule ${rule.id} (${rule.name}, ${rule.rule_type})`,
        ).toEqual(want);
      }
      if (expected.overwritten) seen.overwritten++;
      for (const rule of expected.rules.values()) {
        if (rule.approved && rule.approvedBy.length > 0) seen.approvedRules++;
      }
      if (expected.approvalsLeft > 0) seen.leftOver++;
    }
  }
}

describe('merge request approvals under random operations (model-based)', () => {
  it('approvals_left, approved and every rule equal an independent computation after every step', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(
        settingsArb,
        fc.array(opArb, { minLength: 1, maxLength: 30, size: 'max' }),
        async (start, ops) => {
          const run = new Run();
          await run.step(start);
          await run.check();
          for (const op of ops) {
            await run.step(op);
            await run.check();
            steps++;
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`approvals model: ${RUNS} runs, ${steps} steps`, seen);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });
});

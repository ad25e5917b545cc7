import { beforeEach, describe, expect, it } from 'vitest';
import type { MockGitLab } from '../mock/index.js';
import { ConflictError, type GitLab, UnauthorizedError } from '../src/index.js';
import { API, createApprovalsMock, HEAD } from './approvals-fixtures.js';
import { call, client, failure } from './fixtures.js';

// Approving merge requests: status, state, approve, unapprove, reset, and the
// computations behind them (R3, R4.6, GITLAB-BEHAVIOR 3 "Approval computations", SPEC 2, SPEC 5).

let mock: MockGitLab;
let dev: GitLab;
let reviewer: GitLab;
let maintainer: GitLab;

beforeEach(() => {
  mock = createApprovalsMock();
  dev = client(mock, 'glpat-dev');
  reviewer = client(mock, 'glpat-reviewer');
  maintainer = client(mock, 'glpat-maintainer');
});

const approvals = () => [...mock.world.approvals.values()];
const project = () => mock.world.projects.get(1)!;
const mergeRequest = (iid: number) =>
  [...mock.world.mergeRequests.values()].find((m) => m.project_id === 1 && m.iid === iid)!;
/** The world as exported, without `last_used_at` (which every authenticated call moves). */
const world = () =>
  JSON.parse(JSON.stringify(mock.exportState(), (key, value) => (key === 'last_used_at' ? undefined : value)));
const usernames = (users: { username: string }[]) => users.map((u) => u.username);
const approvers = (status: { approved_by: { user: { username: string } }[] }) =>
  status.approved_by.map((a) => a.user.username);

/** A regular project rule, seeded. */
const rule = (name: string, approvals_required: number, users: string[], extra: object = {}) =>
  mock.seed.approvalRule(project(), { name, approvals_required, users, ...extra });

describe('approval status', () => {
  it('is approved with only the default rule, and reports the merge request', async () => {
    const status = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(status).toMatchObject({
      iid: 1,
      project_id: 1,
      title: 'Add login',
      state: 'opened',
      merge_status: 'can_be_merged',
      approved: true,
      approvals_required: 0,
      approvals_left: 0,
      approved_by: [],
      user_has_approved: false,
      user_can_approve: true,
      approval_rules_left: [],
      has_approval_rules: false,
    });
  });

  it('sums regular rules, and takes the larger of that and the any_approver rule (GITLAB-BEHAVIOR 3)', async () => {
    rule('Backend', 1, ['dev']);
    rule('Security', 1, ['reviewer']);
    const allMembers = mock.world.projectApprovalRules.get(1)!;
    allMembers.approvals_required = 1;
    // All Members needs no more than the regular rules: it is not listed as left.
    let status = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(status.approval_rules_left?.map((r) => r.name)).toEqual(['Backend', 'Security']);
    allMembers.approvals_required = 3;
    status = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(status).toMatchObject({ approvals_required: 3, approvals_left: 3, approved: false });
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    status = await dev.projects.mergeRequests.approvals.get(API, 1);
    // Both regular rules are done; All Members still needs one more approval from anyone.
    expect(status).toMatchObject({ approvals_left: 1, approved: false });
    expect(status.approval_rules_left?.map((r) => r.name)).toEqual(['All Members']);
    await maintainer.projects.mergeRequests.approvals.approve(API, 1);
    expect(await dev.projects.mergeRequests.approvals.get(API, 1)).toMatchObject({ approvals_left: 0, approved: true });
  });

  it('leaves All Members out of the rules left when it needs exactly as many as the regular rules', async () => {
    rule('Backend', 1, ['dev']);
    rule('Security', 1, ['reviewer']);
    mock.world.projectApprovalRules.get(1)!.approvals_required = 2;
    let status = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(status).toMatchObject({ approvals_required: 2, approvals_left: 2 });
    expect(status.approval_rules_left?.map((r) => r.name)).toEqual(['Backend', 'Security']);
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    status = await dev.projects.mergeRequests.approvals.get(API, 1);
    // Both sides still miss one approval: only the regular rule is named.
    expect(status).toMatchObject({ approvals_left: 1 });
    expect(status.approval_rules_left?.map((r) => r.name)).toEqual(['Security']);
  });

  it('counts only eligible approvers toward a rule, members of its groups included', async () => {
    mock.seed.approvalRule(project(), { name: 'Platform', approvals_required: 2, groups: ['acme/platform'] });
    rule('Dev only', 1, ['dev']);
    await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    const { rules } = await dev.projects.mergeRequests.approvals.state(API, 1);
    const byName = Object.fromEntries(rules.map((r) => [r.name, r]));
    expect(byName.Platform).toMatchObject({ approved: false });
    expect(usernames(byName.Platform?.approved_by ?? [])).toEqual(['reviewer']);
    expect(byName['Dev only']).toMatchObject({ approved: false, approved_by: [] });
    // Author and committers are not eligible while the settings forbid them (the default for authors).
    expect(usernames(byName.Platform?.eligible_approvers ?? [])).not.toContain('author');
    expect(await dev.projects.mergeRequests.approvals.get(API, 1)).toMatchObject({ approvals_left: 2 });
  });

  it('lists invalid rules, suggested approvers and the approvers of the first regular rule', async () => {
    rule('Too many', 3, ['dev', 'reviewer']);
    const status = await maintainer.projects.mergeRequests.approvals.get(API, 1);
    expect(status.invalid_approvers_rules?.map((r) => r.name)).toEqual(['Too many']);
    expect(usernames(status.suggested_approvers ?? [])).toEqual(['dev', 'reviewer']);
    expect(status).toMatchObject({ has_approval_rules: true });
  });

  it('applies project rules by the target branch: listed branches, wildcards, all protected ones', async () => {
    rule('Releases', 1, ['dev'], { protected_branches: ['release/*'] });
    rule('Protected', 1, ['dev'], { applies_to_all_protected_branches: true });
    const names = async (iid: number) =>
      (await maintainer.projects.mergeRequests.approvals.state(API, iid)).rules.map((r) => r.name);
    mock.seed.mergeRequest(project(), { iid: 4, title: 'Backport', author: 'author', target_branch: 'release/2.0' });
    expect(await names(1)).toEqual(['All Members', 'Protected']); // main
    expect(await names(4)).toEqual(['All Members', 'Releases', 'Protected']); // release/2.0
    expect(await names(3)).toEqual(['All Members']); // spike: not protected
    // !2 (release/1.0) is merged: its rules name only its author, who may not approve, so they are
    // invalid, and GitLab drops invalid and unapproved rules after merge.
    expect(await names(2)).toEqual(['All Members']);
  });

  it('needs Reporter in a private project (403) and Premium (403); unknown merge requests are 404', async () => {
    const guest = client(mock, 'glpat-guest');
    expect((await failure(guest.projects.mergeRequests.approvals.get(API, 1))).gitlabMessage).toBe('403 Forbidden');
    expect((await failure(guest.projects.mergeRequests.approvals.state(API, 1))).status).toBe(403);
    const reporter = client(mock, 'glpat-reporter');
    expect((await reporter.projects.mergeRequests.approvals.get(API, 1)).user_can_approve).toBe(false);
    const owner = client(mock, 'glpat-owner');
    expect((await failure(owner.projects.mergeRequests.approvals.get('free-corp/tool', 1))).status).toBe(403);
    const unknown = await failure(dev.projects.mergeRequests.approvals.get(API, 42));
    expect(unknown).toMatchObject({ status: 404, gitlabMessage: '404 Not found' });
  });
});

describe('approval state', () => {
  it("uses the merge request's own rules while overriding is allowed, the project's otherwise", async () => {
    rule('Backend', 1, ['dev']);
    mock.seed.mergeRequestApprovalRule(mergeRequest(1), {
      name: 'Backend',
      approvals_required: 2,
      users: ['dev', 'reviewer'],
      source_rule: 'Backend',
    });
    let state = await dev.projects.mergeRequests.approvals.state(API, 1);
    expect(state.approval_rules_overwritten).toBe(true);
    expect(state.rules.map((r) => [r.name, r.approvals_required, r.source_rule, r.overridden])).toEqual([
      ['Backend', 2, { approvals_required: 1 }, true],
    ]);
    await maintainer.projects.approvals.update(API, { disable_overriding_approvers_per_merge_request: true });
    state = await dev.projects.mergeRequests.approvals.state(API, 1);
    expect(state.approval_rules_overwritten).toBe(false);
    expect(state.rules.map((r) => [r.name, r.approvals_required])).toEqual([
      ['All Members', 0],
      ['Backend', 1],
    ]);
  });

  it('adds the rules of the project’s groups on protected branches, with the approval_group_rules flag', async () => {
    const owner = client(mock, 'glpat-owner');
    await owner.groups.approvalRules.create('acme', { name: 'Compliance', approvals_required: 1, user_ids: [2] });
    const names = async (iid: number) =>
      (await maintainer.projects.mergeRequests.approvals.state(API, iid)).rules.map((r) => r.name);
    expect(await names(1)).toEqual(['All Members', 'Compliance']);
    expect(await names(3)).toEqual(['All Members']); // unprotected target branch
    mock.world.instance.feature_flags = [];
    expect(await names(1)).toEqual(['All Members']);
  });
});

describe('approve', () => {
  it('records the caller’s approval (201), recomputes what is left, and marks the rule approved', async () => {
    rule('Backend', 1, ['dev']);
    const res = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/merge_requests/1/approve`, {
      token: 'glpat-dev',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ approvals_left: 0, approved: true, user_has_approved: true });
    expect(res.body.approved_by).toEqual([
      { user: expect.objectContaining({ username: 'dev' }), approved_at: '2026-06-01T09:00:00.000Z' },
    ]);
    const [backend] = (await dev.projects.mergeRequests.approvals.state(API, 1)).rules.filter(
      (r) => r.name === 'Backend',
    );
    expect(backend).toMatchObject({ approved: true });
  });

  it('lets each user approve once: a second approval is 401', async () => {
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    const error = await failure(dev.projects.mergeRequests.approvals.approve(API, 1));
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.gitlabMessage).toBe('401 Unauthorized');
    expect(approvals()).toHaveLength(1);
  });

  it("answers 409 with GitLab's message when sha is not the head, and approves when it is", async () => {
    const error = await failure(dev.projects.mergeRequests.approvals.approve(API, 1, { sha: 'a'.repeat(40) }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.gitlabMessage).toBe(`SHA does not match HEAD of source branch: ${HEAD}`);
    expect(approvals()).toHaveLength(0);
    expect(approvers(await dev.projects.mergeRequests.approvals.approve(API, 1, { sha: HEAD }))).toEqual(['dev']);
  });

  it('bars the author unless author approval is allowed', async () => {
    const author = client(mock, 'glpat-author');
    expect((await failure(author.projects.mergeRequests.approvals.approve(API, 1))).status).toBe(401);
    await maintainer.projects.approvalSettings.update(API, { allow_author_approval: true });
    expect(approvers(await author.projects.mergeRequests.approvals.approve(API, 1))).toEqual(['author']);
  });

  it('bars committers when committer approval is forbidden', async () => {
    const committer = client(mock, 'glpat-committer');
    await maintainer.projects.approvals.update(API, { merge_requests_disable_committers_approval: true });
    expect((await failure(committer.projects.mergeRequests.approvals.approve(API, 1))).status).toBe(401);
    expect(approvals()).toHaveLength(0);
    await maintainer.projects.approvals.update(API, { merge_requests_disable_committers_approval: false });
    await committer.projects.mergeRequests.approvals.approve(API, 1);
    expect(approvals()).toHaveLength(1);
  });

  it('needs the password while re-authentication is required: 401 when missing or wrong', async () => {
    await maintainer.projects.approvalSettings.update(API, { require_reauthentication_to_approve: true });
    expect((await dev.projects.mergeRequests.approvals.get(API, 1)).require_password_to_approve).toBe(true);
    for (const body of [{}, { approval_password: 'wrong' }]) {
      expect((await failure(dev.projects.mergeRequests.approvals.approve(API, 1, body))).status).toBe(401);
    }
    expect(approvals()).toHaveLength(0);
    await dev.projects.mergeRequests.approvals.approve(API, 1, { approval_password: 'dev-pass' });
    expect(approvals()).toHaveLength(1);
  });

  it('always refuses the password when a group enforces SAML single sign-on (R4.6)', async () => {
    await maintainer.projects.approvalSettings.update(API, { require_reauthentication_to_approve: true });
    mock.world.groups.get(1)!.enforced_sso = true;
    const error = await failure(
      dev.projects.mergeRequests.approvals.approve(API, 1, { approval_password: 'dev-pass' }),
    );
    expect(error.status).toBe(401);
  });

  it('needs Developer, or being named in a rule (SPEC 2): 403 otherwise', async () => {
    const reporter = client(mock, 'glpat-reporter');
    const error = await failure(reporter.projects.mergeRequests.approvals.approve(API, 1));
    expect(error).toMatchObject({ status: 403, gitlabMessage: '403 Forbidden' });
    rule('Docs', 1, ['reporter']);
    await reporter.projects.mergeRequests.approvals.approve(API, 1);
    expect(approvals()).toHaveLength(1);
  });

  it('refuses a merged merge request (401) for the merge, not for who approves', async () => {
    // reviewer is a Developer, not the author (dev) nor a committer of !2: only the merged state refuses.
    const before = world();
    const error = await failure(reviewer.projects.mergeRequests.approvals.approve(API, 2));
    expect(error).toMatchObject({ status: 401, gitlabMessage: '401 Unauthorized' });
    expect(mock.requests.list().at(-1)?.reason).toBe(`!2 of project ${API} is merged`);
    expect(world()).toEqual(before);
  });
});

describe('unapprove', () => {
  it("removes only the caller's approval (201 with the status)", async () => {
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    const status = await dev.projects.mergeRequests.approvals.unapprove(API, 1);
    expect(approvers(status)).toEqual(['reviewer']);
    expect(status.user_has_approved).toBe(false);
  });

  it('answers 404 to a caller who has not approved, 403 to one who may not approve (SPEC 2, 5)', async () => {
    await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    expect(await failure(dev.projects.mergeRequests.approvals.unapprove(API, 1))).toMatchObject({
      status: 404,
      gitlabMessage: '404 Not Found',
    });
    const reporter = client(mock, 'glpat-reporter');
    expect((await failure(reporter.projects.mergeRequests.approvals.unapprove(API, 1))).status).toBe(403);
    expect(approvals()).toHaveLength(1);
  });
});

describe('reset approvals', () => {
  it('clears every approval for a project token bot (202 with the JSON body 202, as GitLab)', async () => {
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    const res = await call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/merge_requests/1/reset_approvals`, {
      token: 'glpat-bot',
    });
    expect(res).toMatchObject({ status: 202, body: 202 });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(approvals()).toHaveLength(0);
    await client(mock, 'glpat-bot').projects.mergeRequests.approvals.reset(API, 1);
  });

  it('accepts the bot of a group token (a bot member of the group)', async () => {
    mock.seed.user({ username: 'group_bot', bot: true, token: 'glpat-group-bot' });
    mock.world.groups.get(1)!.members.set(mock.users.group_bot?.id ?? mock.world.users.size, 30);
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    await client(mock, 'glpat-group-bot').projects.mergeRequests.approvals.reset(API, 1);
    expect(approvals()).toHaveLength(0);
  });

  it('answers 401 to the bot on a merged merge request, and keeps its approvals', async () => {
    mergeRequest(2).state = 'opened';
    await reviewer.projects.mergeRequests.approvals.approve(API, 2);
    mergeRequest(2).state = 'merged';
    expect(approvals()).toHaveLength(1);
    const before = world();
    const error = await failure(client(mock, 'glpat-bot').projects.mergeRequests.approvals.reset(API, 2));
    expect(error).toMatchObject({ status: 401, gitlabMessage: '401 Unauthorized' });
    expect(mock.requests.list().at(-1)?.reason).toBe('!2 is merged');
    expect(world()).toEqual(before);
  });

  it('answers 401 to everyone else, instance admins included, and keeps the approvals', async () => {
    await dev.projects.mergeRequests.approvals.approve(API, 1);
    for (const token of ['glpat-maintainer', 'glpat-root', 'glpat-dev']) {
      const error = await failure(client(mock, token).projects.mergeRequests.approvals.reset(API, 1));
      expect(error).toMatchObject({ status: 401, gitlabMessage: '401 Unauthorized' });
    }
    expect(approvals()).toHaveLength(1);
  });
});

describe('rules that cannot be met (GitLab: invalid rules do not block)', () => {
  // ee/spec/requests/api/merge_request_approvals_spec.rb: a rule requiring more approvals than it
  // has eligible approvers counts as approved; approvals_left still counts what it misses.
  const shortNames = (rules: { name: string }[] | undefined) => (rules ?? []).map((r) => r.name);

  it('a rule requiring 2 that names 1 approver, who approved: 1 left, no rule left, approved', async () => {
    rule('Pair', 2, ['reviewer']);
    const status = await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    expect(status).toMatchObject({ approvals_required: 2, approvals_left: 1, approved: true });
    expect(shortNames(status.approval_rules_left)).toEqual([]);
    expect(shortNames(status.invalid_approvers_rules)).toEqual(['Pair']);
    const read = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(read).toMatchObject({ approvals_left: 1, approved: true });
    const state = await dev.projects.mergeRequests.approvals.state(API, 1);
    expect(state.rules.find((r) => r.name === 'Pair')).toMatchObject({ approved: true, approvals_required: 2 });
  });

  it('a rule requiring 2 that names nobody is approved before anyone approves; with sha too', async () => {
    rule('Nobody', 2, []);
    const before = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(before).toMatchObject({ approvals_left: 2, approved: true });
    expect(shortNames(before.invalid_approvers_rules)).toEqual(['Nobody']);
    const status = await reviewer.projects.mergeRequests.approvals.approve(API, 1, { sha: HEAD });
    expect(status).toMatchObject({ approvals_left: 2, approved: true });
  });

  it('a rule whose only approver is the author, while authors may not approve, is invalid; one that can be met is not', async () => {
    rule('Self', 1, ['author']);
    rule('Met', 1, ['reviewer', 'dev']);
    const status = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(shortNames(status.invalid_approvers_rules)).toEqual(['Self']);
    expect(shortNames(status.approval_rules_left)).toEqual(['Met']);
    expect(status.approved).toBe(false);
    await reviewer.projects.mergeRequests.approvals.approve(API, 1);
    expect((await dev.projects.mergeRequests.approvals.get(API, 1)).approved).toBe(true);
    // Allowing authors to approve makes the rule valid, and it blocks again.
    await maintainer.projects.approvalSettings.update(API, { allow_author_approval: true });
    const allowed = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(shortNames(allowed.invalid_approvers_rules)).toEqual([]);
    expect(shortNames(allowed.approval_rules_left)).toEqual(['Self']);
    expect(allowed.approved).toBe(false);
  });
});

describe('the seed document', () => {
  it('takes approvals and merge-request rules, and refuses a second approval by one user', async () => {
    mock.seed.mergeRequest(project(), {
      iid: 10,
      title: 'Seeded',
      author: 'dev',
      approvals: ['reviewer', 'maintainer'],
      approval_rules: [{ name: 'Pair', approvals_required: 1, users: ['reviewer'] }],
    });
    const state = await dev.projects.mergeRequests.approvals.state(API, 10);
    expect(state).toMatchObject({ approval_rules_overwritten: true });
    expect(state.rules.map((r) => [r.name, r.approved])).toEqual([['Pair', true]]);
    expect(() =>
      mock.seed.mergeRequest(project(), { title: 'Twice', author: 'dev', approvals: ['dev', 'dev'] }),
    ).toThrow('approvals[1]: already approved');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab } from '../mock/index.js';
import { BadRequestError, ForbiddenError, type GitLab, NotFoundError } from '../src/index.js';
import { API, createApprovalsMock, groupId, userId } from './approvals-fixtures.js';
import { call, client, failure } from './fixtures.js';

// Approval rules of projects, groups and merge requests (R4.3, R4.5, R4.6, GITLAB-BEHAVIOR 3, SPEC 2).

let mock: MockGitLab;
let maintainer: GitLab;
let dev: GitLab;
let owner: GitLab;

beforeEach(() => {
  mock = createApprovalsMock();
  maintainer = client(mock, 'glpat-maintainer');
  dev = client(mock, 'glpat-dev');
  owner = client(mock, 'glpat-owner');
});

const names = (users: { username: string }[]) => users.map((u) => u.username);
const project = () => mock.world.projects.get(1)!;
const mergeRequest = (iid: number) => [...mock.world.mergeRequests.values()].find((m) => m.iid === iid)!;
const branch = (name: string) => [...mock.world.protectedBranches.values()].find((b) => b.name === name)!;
const branchId = (name: string) => branch(name).id;

describe('project rules', () => {
  it('start with the All Members any_approver rule, 0 approvals required', async () => {
    const page = await dev.projects.approvalRules.list(API);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      name: 'All Members',
      rule_type: 'any_approver',
      approvals_required: 0,
      users: [],
      groups: [],
      eligible_approvers: [],
      applies_to_all_protected_branches: false,
      protected_branches: [],
    });
  });

  it('are created with users by id and by username (both added), members only, and their branches', async () => {
    const rule = await maintainer.projects.approvalRules.create(API, {
      name: 'Backend',
      approvals_required: 2,
      user_ids: [userId(mock, 'reviewer'), userId(mock, 'outsider')],
      usernames: ['dev', 'nobody'],
      protected_branch_ids: [branchId('main'), 999],
    });
    expect(rule).toMatchObject({ name: 'Backend', rule_type: 'regular', report_type: null, approvals_required: 2 });
    expect(names(rule.users)).toEqual(['dev', 'reviewer']);
    expect(names(rule.eligible_approvers)).toEqual(['dev', 'reviewer']);
    const main = branch('main');
    const maintainers = { access_level: 40, access_level_description: 'Maintainers', user_id: null, group_id: null };
    expect(rule.protected_branches).toEqual([
      {
        id: main.id,
        name: 'main',
        push_access_levels: [
          {
            id: main.push_access_level.id,
            access_level: 40,
            access_level_description: 'Maintainers',
            deploy_key_id: null,
            user_id: null,
            group_id: null,
          },
        ],
        merge_access_levels: [{ id: main.merge_access_level.id, ...maintainers }],
        allow_force_push: false,
        unprotect_access_levels: [],
        code_owner_approval_required: false,
        inherited: false,
      },
    ]);
    expect(await dev.projects.approvalRules.get(API, rule.id)).toEqual(rule);
  });

  it("nest GitLab's ProtectedBranch entity, as group rules do: code_owner_approval_required is a boolean", async () => {
    const main = branch('main');
    main.code_owner_approval_required = true;
    const rule = await maintainer.projects.approvalRules.create(API, {
      name: 'Owners',
      approvals_required: 1,
      rule_type: 'regular',
      protected_branch_ids: [main.id],
    });
    expect(rule.protected_branches?.[0]?.code_owner_approval_required).toBe(true);
    const path = `/projects/${encodeURIComponent(API)}/approval_rules/${rule.id}`;
    const [wire] = (await call(mock, 'GET', path, { token: 'glpat-dev' })).body.protected_branches;
    expect(typeof wire.code_owner_approval_required).toBe('boolean');
    expect(Object.keys(wire)).toEqual([
      'id',
      'name',
      'push_access_levels',
      'merge_access_levels',
      'allow_force_push',
      'unprotect_access_levels',
      'code_owner_approval_required',
      'inherited',
    ]);
    // A push level's table has deploy_key_id, which ProtectedRefAccess sends, null without a deploy key
    // (protected_branches_spec.rb "returns null deploy key field"); a merge level's has not.
    expect(Object.keys(wire.push_access_levels[0])).toEqual([
      'id',
      'access_level',
      'access_level_description',
      'deploy_key_id',
      'user_id',
      'group_id',
    ]);
    expect(Object.keys(wire.merge_access_levels[0])).not.toContain('deploy_key_id');
  });

  it('keep only groups the caller can see, and count their members as eligible approvers', async () => {
    const rule = await maintainer.projects.approvalRules.create(API, {
      name: 'Platform',
      approvals_required: 1,
      group_ids: [groupId(mock, 'acme/platform'), groupId(mock, 'security')],
    });
    expect(rule.groups.map((g) => g.full_path)).toEqual(['acme/platform']);
    expect(rule.groups[0]).toMatchObject({ full_name: 'acme / platform', parent_id: groupId(mock, 'acme') });
    expect(names(rule.eligible_approvers)).toEqual([
      'maintainer',
      'dev',
      'reviewer',
      'author',
      'committer',
      'reporter',
      'guest',
    ]);
  });

  it('ignore protected_branch_ids when they apply to all protected branches', async () => {
    const rule = await maintainer.projects.approvalRules.create(API, {
      name: 'All protected',
      approvals_required: 1,
      rule_type: 'regular',
      applies_to_all_protected_branches: true,
      protected_branch_ids: [branchId('main')],
    });
    expect(rule).toMatchObject({ applies_to_all_protected_branches: true, protected_branches: [] });
  });

  it("refuse invalid rules with GitLab's model errors, and change nothing", async () => {
    const before = mock.world.projectApprovalRules.size;
    const cases: [object, object][] = [
      [{ name: ' ', approvals_required: 1, rule_type: 'regular' }, { name: ["can't be blank"] }],
      [
        { name: 'x'.repeat(1025), approvals_required: 1, rule_type: 'regular' },
        { name: ['is too long (maximum is 1024 characters)'] },
      ],
      [
        { name: 'x', approvals_required: 101, rule_type: 'regular' },
        { approvals_required: ['must be less than or equal to 100'] },
      ],
      [
        { name: 'x', approvals_required: -1, rule_type: 'regular' },
        { approvals_required: ['must be greater than or equal to 0'] },
      ],
      [{ name: 'Cov', approvals_required: 1, rule_type: 'report_approver' }, { report_type: ["can't be blank"] }],
    ];
    for (const [body, message] of cases) {
      const error = await failure(maintainer.projects.approvalRules.create(API, body as never));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.body).toEqual({ message });
    }
    const second = await failure(
      maintainer.projects.approvalRules.create(API, {
        name: 'Anyone',
        approvals_required: 1,
        rule_type: 'any_approver',
      }),
    );
    expect(second.gitlabMessage).toEqual({ rule_type: ['any-approver for the project already exists'] });
    await maintainer.projects.approvalRules.create(API, { name: 'Dup', approvals_required: 1, rule_type: 'regular' });
    const dup = await failure(
      maintainer.projects.approvalRules.create(API, { name: 'Dup', approvals_required: 1, rule_type: 'regular' }),
    );
    expect(dup.gitlabMessage).toEqual({ name: ['has already been taken'] });
    expect(mock.world.projectApprovalRules.size).toBe(before + 1);
  });

  it('refuse missing parameters and bad values as parameter errors', async () => {
    const missing = await failure(maintainer.projects.approvalRules.create(API, {} as never));
    expect(missing.body).toEqual({ error: 'name is missing, approvals_required is missing' });
    const badType = await failure(
      maintainer.projects.approvalRules.create(API, {
        name: 'x',
        approvals_required: 1,
        rule_type: 'code_owner' as never,
      }),
    );
    expect(badType.gitlabMessage).toBe('rule_type does not have a valid value');
  });

  it('accept a report_approver rule with its report type', async () => {
    const rule = await maintainer.projects.approvalRules.create(API, {
      name: 'Coverage',
      approvals_required: 1,
      rule_type: 'report_approver',
      report_type: 'code_coverage',
    });
    expect(rule).toMatchObject({ rule_type: 'report_approver', report_type: 'code_coverage' });
  });

  it('are updated by replacing users and groups, keeping hidden groups unless remove_hidden_groups', async () => {
    // root sees every group, so the rule gets the private `security` group the maintainer cannot see.
    const root = client(mock, 'glpat-root');
    const rule = await root.projects.approvalRules.create(API, {
      name: 'Review',
      approvals_required: 1,
      usernames: ['dev'],
      group_ids: [groupId(mock, 'security')],
    });
    const shown = await maintainer.projects.approvalRules.get(API, rule.id);
    expect(shown).toMatchObject({ groups: [], contains_hidden_groups: true });
    const updated = await maintainer.projects.approvalRules.update(API, rule.id, {
      name: 'Review',
      approvals_required: 2,
      usernames: ['reviewer'],
      group_ids: [groupId(mock, 'acme/platform')],
    });
    expect(names(updated.users)).toEqual(['reviewer']);
    expect(updated).toMatchObject({ approvals_required: 2, contains_hidden_groups: true });
    expect(mock.world.projectApprovalRules.get(rule.id)?.group_ids).toEqual([
      groupId(mock, 'acme/platform'),
      groupId(mock, 'security'),
    ]);
    const cleared = await maintainer.projects.approvalRules.update(API, rule.id, {
      name: 'Review',
      approvals_required: 2,
      group_ids: [],
      remove_hidden_groups: true,
    });
    expect(cleared).toMatchObject({ groups: [], contains_hidden_groups: false });
    expect(names(cleared.users)).toEqual(['reviewer']);
  });

  it('need name and approvals_required on update, as the reference says', async () => {
    const error = await failure(maintainer.projects.approvalRules.update(API, 1, {} as never));
    expect(error.gitlabMessage).toBe('name is missing, approvals_required is missing');
  });

  it('switch to all protected branches on update, dropping the listed ones', async () => {
    const rule = await maintainer.projects.approvalRules.create(API, {
      name: 'Main',
      approvals_required: 1,
      rule_type: 'regular',
      protected_branch_ids: [branchId('main')],
    });
    const updated = await maintainer.projects.approvalRules.update(API, rule.id, {
      name: 'Main',
      approvals_required: 1,
      applies_to_all_protected_branches: true,
      protected_branch_ids: [branchId('release/*')],
    });
    expect(updated).toMatchObject({ applies_to_all_protected_branches: true, protected_branches: [] });
  });

  it('are deleted (204), then 404 Not found', async () => {
    const rule = await maintainer.projects.approvalRules.create(API, {
      name: 'Temp',
      approvals_required: 1,
      rule_type: 'regular',
    });
    await maintainer.projects.approvalRules.delete(API, rule.id);
    const error = await failure(maintainer.projects.approvalRules.get(API, rule.id));
    expect(error).toMatchObject({ status: 404, gitlabMessage: '404 Not found' });
  });

  it('cannot be changed or deleted when the system made them (code_owner, report_approver)', async () => {
    const codeOwners = mock.seed.approvalRule(project(), {
      name: 'Code owners',
      rule_type: 'code_owner',
      approvals_required: 1,
    });
    const coverage = mock.seed.approvalRule(project(), {
      name: 'Coverage',
      rule_type: 'report_approver',
      approvals_required: 1,
    });
    for (const rule of [codeOwners, coverage]) {
      const update = await failure(
        maintainer.projects.approvalRules.update(API, rule.id, { name: 'x', approvals_required: 0 }),
      );
      expect(update.body).toEqual({ message: ['Prohibited'] });
      expect((await failure(maintainer.projects.approvalRules.delete(API, rule.id))).status).toBe(403);
      expect(mock.world.projectApprovalRules.get(rule.id)).toEqual(rule);
    }
  });

  it('are read from Developer up and changed from Maintainer up', async () => {
    const reporter = client(mock, 'glpat-reporter');
    expect(await failure(reporter.projects.approvalRules.list(API))).toBeInstanceOf(ForbiddenError);
    expect((await failure(reporter.projects.approvalRules.get(API, 1))).status).toBe(403);
    expect((await failure(dev.projects.approvalRules.create(API, { name: 'x', approvals_required: 1 }))).status).toBe(
      403,
    );
    expect(
      (await failure(dev.projects.approvalRules.update(API, 1, { name: 'x', approvals_required: 1 }))).status,
    ).toBe(403);
    expect((await failure(dev.projects.approvalRules.delete(API, 1))).status).toBe(403);
    expect(mock.world.projectApprovalRules.get(1)?.name).toBe('All Members');
  });

  it('need Premium or Ultimate (403)', async () => {
    const error = await failure(owner.projects.approvalRules.list('free-corp/tool'));
    expect(error).toMatchObject({ status: 403, gitlabMessage: '403 Forbidden' });
  });

  it('are paginated', async () => {
    for (const name of ['a', 'b', 'c'])
      await maintainer.projects.approvalRules.create(API, { name, approvals_required: 1, rule_type: 'regular' });
    const page = await dev.projects.approvalRules.list(API, { per_page: 2 });
    expect(page).toMatchObject({ total: 4, totalPages: 2, nextPage: 2 });
    expect((await dev.projects.approvalRules.list(API, { per_page: 2 }).toArray()).map((r) => r.name)).toEqual([
      'All Members',
      'a',
      'b',
      'c',
    ]);
  });

  it('accept comma-separated ids and usernames in a form', async () => {
    const res = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/approval_rules`, {
      token: 'glpat-maintainer',
      form: { name: 'Form', approvals_required: '1', user_ids: `${userId(mock, 'dev')}`, usernames: 'reviewer,author' },
    });
    expect(res.status).toBe(201);
    expect(names(res.body.users)).toEqual(['dev', 'reviewer', 'author']);
  });
});

describe('group rules', () => {
  it('are listed, created and updated by group Owners; users must be group members', async () => {
    const rule = await owner.groups.approvalRules.create('acme', {
      name: 'Compliance',
      approvals_required: 1,
      user_ids: [userId(mock, 'owner'), userId(mock, 'auditor')],
      group_ids: [groupId(mock, 'security')],
    });
    expect(rule).toMatchObject({ name: 'Compliance', applies_to_all_protected_branches: true, protected_branches: [] });
    expect(names(rule.users)).toEqual(['owner']);
    expect(rule.groups).toEqual([]);
    const updated = await owner.groups.approvalRules.update('acme', rule.id, { approvals_required: 2 });
    expect(updated).toMatchObject({ name: 'Compliance', approvals_required: 2 });
    expect(names(updated.users)).toEqual(['owner']);
    expect((await owner.groups.approvalRules.list('acme')).items).toEqual([updated]);
  });

  it('show group-level protected branches, inherited, with real booleans', async () => {
    const group = mock.seed.group({ path: 'acme/ops', protected_branches: ['main'] });
    const seeded = mock.seed.groupApprovalRule(group, {
      name: 'Ops',
      approvals_required: 1,
      protected_branches: ['main'],
    });
    const [rule] = (await owner.groups.approvalRules.list('acme/ops')).items;
    expect(rule?.id).toBe(seeded.id);
    expect(rule?.protected_branches?.[0]).toMatchObject({
      name: 'main',
      allow_force_push: false,
      code_owner_approval_required: false,
      inherited: true,
      push_access_levels: [{ access_level: 40, user_id: null, group_id: null }],
    });
  });

  it('answer 404 Not Found without the approval_group_rules feature flag', async () => {
    mock.world.instance.feature_flags = [];
    const error = await failure(owner.groups.approvalRules.list('acme'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.body).toEqual({ message: '404 Not Found' });
    expect(
      (await failure(owner.groups.approvalRules.create('acme', { name: 'x', approvals_required: 1 }))).status,
    ).toBe(404);
    expect(mock.world.groupApprovalRules.size).toBe(0);
  });

  it('need the Owner role (403) and Premium (403)', async () => {
    expect((await failure(maintainer.groups.approvalRules.list('acme/platform'))).status).toBe(403);
    expect((await failure(owner.groups.approvalRules.list('free-corp'))).status).toBe(403);
  });

  it('answer 404 Approval Rule Not Found for an unknown rule', async () => {
    const error = await failure(owner.groups.approvalRules.update('acme', 42, { name: 'x' }));
    expect(error.gitlabMessage).toBe('404 Approval Rule Not Found');
  });

  it('take the create parameter types on update (SPEC 1) and validate like project rules', async () => {
    const rule = await owner.groups.approvalRules.create('acme', { name: 'R', approvals_required: 1 });
    const badType = await failure(
      owner.groups.approvalRules.update('acme', rule.id, { approvals_required: 'two' as never }),
    );
    expect(badType.gitlabMessage).toBe('approvals_required is invalid');
    const tooMany = await failure(owner.groups.approvalRules.update('acme', rule.id, { approvals_required: 101 }));
    expect(tooMany.gitlabMessage).toEqual({ approvals_required: ['must be less than or equal to 100'] });
    expect(mock.world.groupApprovalRules.get(rule.id)?.approvals_required).toBe(1);
  });
});

describe('merge request rules', () => {
  it('copy a project rule: its name, users and groups, with the approvals the caller asks for', async () => {
    const source = await maintainer.projects.approvalRules.create(API, {
      name: 'Backend',
      approvals_required: 2,
      usernames: ['dev', 'reviewer'],
      group_ids: [groupId(mock, 'acme/platform')],
    });
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'ignored',
      approvals_required: 2,
      approval_project_rule_id: source.id,
    });
    expect(rule).toMatchObject({ name: 'Backend', approvals_required: 2, source_rule: { approvals_required: 2 } });
    expect(rule.overridden).toBe(false);
    expect(names(rule.users)).toEqual(['dev', 'reviewer']);
    expect(rule.groups.map((g) => g.full_path)).toEqual(['acme/platform']);
    const changed = await dev.projects.mergeRequests.approvalRules.update(API, 1, rule.id, { approvals_required: 1 });
    expect(changed).toMatchObject({ overridden: true, name: 'Backend' });
    expect(await dev.projects.mergeRequests.approvalRules.list(API, 1).toArray()).toEqual([changed]);
    expect(await dev.projects.mergeRequests.approvalRules.get(API, 1, rule.id)).toEqual(changed);
  });

  it('are created from scratch with source_rule null', async () => {
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'Pair',
      approvals_required: 1,
      usernames: ['reviewer', 'outsider'],
    });
    expect(rule).toMatchObject({ source_rule: null, overridden: false, rule_type: 'regular' });
    expect(names(rule.users)).toEqual(['reviewer']);
  });

  it('refuse a project rule of another project (400) and change nothing', async () => {
    const error = await failure(
      dev.projects.mergeRequests.approvalRules.create(API, 1, {
        name: 'x',
        approvals_required: 1,
        approval_project_rule_id: 2,
      }),
    );
    expect(error.gitlabMessage).toEqual({ approval_project_rule: ['must be for the same project'] });
    expect(mock.world.mergeRequestApprovalRules.size).toBe(0);
  });

  it('are changed only from Developer up and while overriding approvers is allowed (403 Prohibited)', async () => {
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, { name: 'Pair', approvals_required: 1 });
    const reporter = client(mock, 'glpat-reporter');
    const byReporter = await failure(
      reporter.projects.mergeRequests.approvalRules.create(API, 1, { name: 'x', approvals_required: 1 }),
    );
    expect(byReporter.body).toEqual({ message: ['Prohibited'] });
    await maintainer.projects.approvalSettings.update(API, {
      allow_overrides_to_approver_list_per_merge_request: false,
    });
    const calls = [
      dev.projects.mergeRequests.approvalRules.create(API, 1, { name: 'y', approvals_required: 1 }),
      dev.projects.mergeRequests.approvalRules.update(API, 1, rule.id, { approvals_required: 3 }),
      dev.projects.mergeRequests.approvalRules.delete(API, 1, rule.id),
    ];
    for (const pending of calls) expect((await failure(pending)).body).toEqual({ message: ['Prohibited'] });
    expect(mock.world.mergeRequestApprovalRules.get(rule.id)).toMatchObject({ approvals_required: 1 });
    // Guests cannot read the merge requests of a private project at all.
    const guest = client(mock, 'glpat-guest');
    const byGuest = await failure(guest.projects.mergeRequests.approvalRules.list(API, 1));
    expect(byGuest.gitlabMessage).toBe('403 Forbidden');
  });

  it('keep hidden groups on update unless remove_hidden_groups', async () => {
    const rule = mock.seed.mergeRequestApprovalRule(mergeRequest(1), {
      name: 'Audit',
      approvals_required: 1,
      groups: ['security'],
    });
    const kept = await dev.projects.mergeRequests.approvalRules.update(API, 1, rule.id, { group_ids: [] });
    expect(kept.contains_hidden_groups).toBe(true);
    const removed = await dev.projects.mergeRequests.approvalRules.update(API, 1, rule.id, {
      remove_hidden_groups: true,
    });
    expect(removed.contains_hidden_groups).toBe(false);
    expect(mock.world.mergeRequestApprovalRules.get(rule.id)?.group_ids).toEqual([]);
  });

  it('cannot change or delete system rules (403 Prohibited)', async () => {
    const rule = mock.seed.mergeRequestApprovalRule(mergeRequest(1), {
      name: 'Code owners',
      rule_type: 'code_owner',
      approvals_required: 1,
    });
    const update = await failure(dev.projects.mergeRequests.approvalRules.update(API, 1, rule.id, { name: 'x' }));
    expect(update.body).toEqual({ message: ['Prohibited'] });
    expect((await failure(dev.projects.mergeRequests.approvalRules.delete(API, 1, rule.id))).status).toBe(403);
    expect(mock.world.mergeRequestApprovalRules.get(rule.id)?.name).toBe('Code owners');
  });

  it('are deleted (204); unknown rules and merge requests are 404 Not found', async () => {
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, { name: 'Pair', approvals_required: 1 });
    await dev.projects.mergeRequests.approvalRules.delete(API, 1, rule.id);
    expect((await failure(dev.projects.mergeRequests.approvalRules.get(API, 1, rule.id))).gitlabMessage).toBe(
      '404 Not found',
    );
    expect((await failure(dev.projects.mergeRequests.approvalRules.list(API, 99))).gitlabMessage).toBe('404 Not found');
  });
});

describe('approvers of a project in a personal namespace', () => {
  it("keep the namespace's owner and the project's members, and drop everyone else", async () => {
    const personal = createMockGitLab({
      seed: {
        instance: { offering: 'self-managed', plan: 'premium' },
        users: [{ username: 'alice', token: 'glpat-alice' }, { username: 'bob' }, { username: 'carol' }],
        projects: [{ path: 'alice/tool', members: { bob: 30 } }],
      },
    });
    const alice = client(personal, 'glpat-alice');
    // alice is no member of her project: she owns its namespace; carol is nothing there.
    const rule = await alice.projects.approvalRules.create('alice/tool', {
      name: 'Review',
      approvals_required: 1,
      usernames: ['carol', 'bob', 'alice'],
    });
    expect(names(rule.users)).toEqual(['alice', 'bob']);
  });
});

describe('approvers a rule names', () => {
  it('are kept in id order, an unknown username dropped wherever it stands', async () => {
    const rule = await maintainer.projects.approvalRules.create(API, {
      name: 'Review',
      approvals_required: 1,
      user_ids: [userId(mock, 'reviewer')],
      usernames: ['nobody', 'dev'],
    });
    expect(names(rule.users)).toEqual(['dev', 'reviewer']);
    expect(mock.world.projectApprovalRules.get(rule.id)?.user_ids).toEqual([
      userId(mock, 'dev'),
      userId(mock, 'reviewer'),
    ]);
  });
});

describe('protected branches a project rule names', () => {
  it("drop another project's protected branch", async () => {
    mock.seed.project({ path: 'acme/platform/web', protected_branches: ['main'] });
    const foreign = [...mock.world.protectedBranches.values()].find(
      (b) => b.name === 'main' && b.project_id !== project().id,
    )!;
    const rule = await maintainer.projects.approvalRules.create(API, {
      name: 'Main',
      usernames: ['dev'],
      approvals_required: 1,
      protected_branch_ids: [foreign.id, branchId('main')],
    });
    expect(rule.protected_branches?.map((b) => b.id)).toEqual([branchId('main')]);
    expect(mock.world.projectApprovalRules.get(rule.id)?.protected_branch_ids).toEqual([branchId('main')]);
  });
});

describe('refusals of system rules', () => {
  const reason = () => mock.requests.list().at(-1)?.reason;
  const systemRule = (id: number, name: string, type: string) =>
    `rule ${id} (${name}) is a ${type} rule, made by the system`;

  it('name the rule and its type in the journal, for project rules', async () => {
    const rule = mock.seed.approvalRule(project(), {
      name: 'Code owners',
      rule_type: 'code_owner',
      approvals_required: 1,
    });
    await maintainer.projects.approvalRules.list(API); // the token's first use sets its last_used_at
    const before = mock.exportState();
    const update = await failure(
      maintainer.projects.approvalRules.update(API, rule.id, { name: 'x', approvals_required: 0 }),
    );
    expect(update.body).toEqual({ message: ['Prohibited'] });
    expect(reason()).toBe(systemRule(rule.id, 'Code owners', 'code_owner'));
    const remove = await failure(maintainer.projects.approvalRules.delete(API, rule.id));
    expect(remove.body).toEqual({ message: ['Prohibited'] });
    expect(reason()).toBe(systemRule(rule.id, 'Code owners', 'code_owner'));
    expect(mock.exportState()).toEqual(before);
  });

  it('name the rule and its type in the journal, for group rules', async () => {
    const group = mock.world.groups.get(groupId(mock, 'acme'))!;
    const rule = mock.seed.groupApprovalRule(group, {
      name: 'Coverage',
      rule_type: 'report_approver',
      approvals_required: 1,
    });
    await owner.groups.approvalRules.list('acme');
    const before = mock.exportState();
    const update = await failure(owner.groups.approvalRules.update('acme', rule.id, { approvals_required: 2 }));
    expect(update.body).toEqual({ message: ['Prohibited'] });
    expect(reason()).toBe(systemRule(rule.id, 'Coverage', 'report_approver'));
    expect(mock.exportState()).toEqual(before);
  });

  it('name the rule and its type in the journal, for merge request rules', async () => {
    const rule = mock.seed.mergeRequestApprovalRule(mergeRequest(1), {
      name: 'Code owners',
      rule_type: 'code_owner',
      approvals_required: 1,
    });
    await dev.projects.mergeRequests.approvalRules.list(API, 1);
    const before = mock.exportState();
    const update = await failure(dev.projects.mergeRequests.approvalRules.update(API, 1, rule.id, { name: 'x' }));
    expect(update.body).toEqual({ message: ['Prohibited'] });
    expect(reason()).toBe(systemRule(rule.id, 'Code owners', 'code_owner'));
    const remove = await failure(dev.projects.mergeRequests.approvalRules.delete(API, 1, rule.id));
    expect(remove.body).toEqual({ message: ['Prohibited'] });
    expect(reason()).toBe(systemRule(rule.id, 'Code owners', 'code_owner'));
    expect(mock.exportState()).toEqual(before);
  });
});

describe('rule lists', () => {
  it('are in id order, whatever order the seed fixed the ids in', async () => {
    const group = mock.world.groups.get(groupId(mock, 'acme'))!;
    mock.seed.groupApprovalRule(group, { id: 20, name: 'Later', approvals_required: 1 });
    mock.seed.groupApprovalRule(group, { id: 10, name: 'Earlier', approvals_required: 1 });
    expect((await owner.groups.approvalRules.list('acme')).items.map((r) => r.id)).toEqual([10, 20]);
    mock.seed.mergeRequestApprovalRule(mergeRequest(1), { id: 20, name: 'Later', approvals_required: 1 });
    mock.seed.mergeRequestApprovalRule(mergeRequest(1), { id: 10, name: 'Earlier', approvals_required: 1 });
    const rules = await dev.projects.mergeRequests.approvalRules.list(API, 1).toArray();
    expect(rules.map((r) => r.id)).toEqual([10, 20]);
  });
});

describe('merge request rules belong to their merge request', () => {
  it('are 404 Not found through another merge request of the project, and stay as they are', async () => {
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'Pair',
      approvals_required: 1,
      usernames: ['reviewer'],
    });
    const before = mock.exportState();
    const calls = [
      dev.projects.mergeRequests.approvalRules.get(API, 3, rule.id),
      dev.projects.mergeRequests.approvalRules.update(API, 3, rule.id, { approvals_required: 2 }),
      dev.projects.mergeRequests.approvalRules.delete(API, 3, rule.id),
    ];
    for (const pending of calls) {
      expect(await failure(pending)).toMatchObject({ status: 404, gitlabMessage: '404 Not found' });
    }
    expect(mock.exportState()).toEqual(before);
  });

  it('have names unique within their merge request only', async () => {
    await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'Pair',
      approvals_required: 1,
      usernames: ['reviewer'],
    });
    const other = await dev.projects.mergeRequests.approvalRules.create(API, 3, {
      name: 'Pair',
      approvals_required: 1,
      usernames: ['reviewer'],
    });
    expect(other).toMatchObject({ name: 'Pair' });
    const before = mock.exportState();
    const dup = await failure(
      dev.projects.mergeRequests.approvalRules.create(API, 1, {
        name: 'Pair',
        approvals_required: 2,
        usernames: ['dev'],
      }),
    );
    expect(dup).toBeInstanceOf(BadRequestError);
    expect(dup.body).toEqual({ message: { name: ['has already been taken'] } });
    expect(mock.exportState()).toEqual(before);
  });
});

describe('copying a project rule into a merge request', () => {
  it('keeps the any_approver type of the All Members rule, and regular for a regular rule', async () => {
    const regular = await maintainer.projects.approvalRules.create(API, {
      name: 'Backend',
      approvals_required: 1,
      usernames: ['dev'],
    });
    const anyone = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'ignored',
      approvals_required: 0,
      approval_project_rule_id: 1,
    });
    expect(anyone).toMatchObject({ name: 'All Members', rule_type: 'any_approver', overridden: false });
    const copied = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'ignored',
      approvals_required: 1,
      approval_project_rule_id: regular.id,
    });
    expect(copied).toMatchObject({ name: 'Backend', rule_type: 'regular', overridden: false });
  });

  it('refuses a second any_approver rule in the merge request, and changes nothing', async () => {
    await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'x',
      approvals_required: 0,
      approval_project_rule_id: 1,
    });
    const before = mock.exportState();
    const second = await failure(
      dev.projects.mergeRequests.approvalRules.create(API, 1, {
        name: 'x',
        approvals_required: 0,
        approval_project_rule_id: 1,
      }),
    );
    expect(second).toBeInstanceOf(BadRequestError);
    expect(second.body).toEqual({
      message: {
        name: ['has already been taken'],
        rule_type: ['any-approver for the merge request already exists'],
      },
    });
    expect(mock.exportState()).toEqual(before);
  });

  it("takes the caller's approvals_required over the project rule's", async () => {
    const source = await maintainer.projects.approvalRules.create(API, {
      name: 'Backend',
      approvals_required: 2,
      usernames: ['dev'],
    });
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'ignored',
      approvals_required: 1,
      approval_project_rule_id: source.id,
    });
    expect(rule).toMatchObject({ approvals_required: 1, source_rule: { approvals_required: 2 }, overridden: true });
  });

  it('gives an any_approver rule no users or groups of its own, even when an update names some', async () => {
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'x',
      approvals_required: 0,
      approval_project_rule_id: 1,
    });
    const updated = await dev.projects.mergeRequests.approvalRules.update(API, 1, rule.id, {
      usernames: ['reviewer'],
      group_ids: [groupId(mock, 'acme/platform')],
    });
    expect(updated).toMatchObject({ rule_type: 'any_approver', users: [], groups: [], overridden: false });
    expect(mock.world.mergeRequestApprovalRules.get(rule.id)).toMatchObject({ user_ids: [], group_ids: [] });
  });
});

describe('a copied rule is overridden', () => {
  const copy = async (usernames: string[]) => {
    const source = await maintainer.projects.approvalRules.create(API, {
      name: 'Backend',
      approvals_required: 1,
      usernames,
    });
    return dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'ignored',
      approvals_required: 1,
      approval_project_rule_id: source.id,
    });
  };
  const update = (id: number, body: object) => dev.projects.mergeRequests.approvalRules.update(API, 1, id, body);

  it('once renamed', async () => {
    const rule = await copy(['dev']);
    expect((await update(rule.id, { name: 'Backend' })).overridden).toBe(false);
    expect((await update(rule.id, { name: 'Frontend' })).overridden).toBe(true);
  });

  it('once its users differ, in number or in who they are, but not in their order', async () => {
    const rule = await copy(['dev', 'reviewer']);
    expect((await update(rule.id, { usernames: ['reviewer', 'dev'] })).overridden).toBe(false);
    expect((await update(rule.id, { usernames: ['dev', 'author'] })).overridden).toBe(true);
    expect((await update(rule.id, { usernames: ['dev', 'reviewer', 'author'] })).overridden).toBe(true);
    expect((await update(rule.id, { usernames: ['dev'] })).overridden).toBe(true);
  });

  it('once a user is added to a rule that had fewer', async () => {
    const rule = await copy(['dev']);
    expect((await update(rule.id, { usernames: ['dev', 'reviewer'] })).overridden).toBe(true);
  });
});

describe('the seed document', () => {
  it('refuses rules naming unknown users, groups or branches, with the bad path', () => {
    let n = 0;
    const bad = (rule: object) => () =>
      mock.seed.project({ path: `acme/x${n++}`, protected_branches: ['main'], approval_rules: [rule as never] });
    expect(bad({ name: 'r', approvals_required: 1, users: ['ghost'] })).toThrow(
      'approval_rules[0].users[0]: unknown user',
    );
    expect(bad({ name: 'r', approvals_required: 1, groups: ['nope'] })).toThrow(
      'approval_rules[0].groups[0]: unknown group',
    );
    expect(bad({ name: 'r', approvals_required: 1, protected_branches: ['dev'] })).toThrow(
      'approval_rules[0].protected_branches[0]: unknown protected branch',
    );
  });
});

// Issue 38 point 8: ApprovalRules::CreateService#handle_any_approver_rule_creation and
// #copy_approval_project_rule_properties (ee/app/services/approval_rules/create_service.rb).
describe('a rule created without approvers', () => {
  it('is any_approver, keeping the name and approvals_required sent', async () => {
    mock.world.projectApprovalRules.delete(1);
    const rule = await maintainer.projects.approvalRules.create(API, { name: 'Anyone', approvals_required: 2 });
    expect(rule).toMatchObject({ name: 'Anyone', approvals_required: 2, rule_type: 'any_approver', users: [] });
  });

  it('is refused as a second any-approver rule of the project (400), and changes nothing', async () => {
    await maintainer.projects.approvalRules.list(API); // the token's first use is not the change under test
    const before = mock.exportState();
    const error = await failure(
      maintainer.projects.approvalRules.create(API, { name: 'Anyone', approvals_required: 1 }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.body).toEqual({ message: { rule_type: ['any-approver for the project already exists'] } });
    expect(mock.exportState()).toEqual(before);
  });

  it('stays regular when rule_type says so, or when it names only non-members (present before filtering)', async () => {
    const explicit = await maintainer.projects.approvalRules.create(API, {
      name: 'Explicit',
      approvals_required: 1,
      rule_type: 'regular',
    });
    expect(explicit.rule_type).toBe('regular');
    const outsiders = await maintainer.projects.approvalRules.create(API, {
      name: 'Outsiders',
      approvals_required: 1,
      usernames: ['outsider'],
    });
    expect(outsiders).toMatchObject({ rule_type: 'regular', users: [] });
  });

  it('is any_approver in a group too, and a second one is refused', async () => {
    const rule = await owner.groups.approvalRules.create('acme', { name: 'Anyone', approvals_required: 1 });
    expect(rule.rule_type).toBe('any_approver');
    const error = await failure(owner.groups.approvalRules.create('acme', { name: 'Again', approvals_required: 1 }));
    expect(error.body).toEqual({ message: { rule_type: ['any-approver for the group already exists'] } });
  });

  it('is any_approver in a merge request, and a second one is refused', async () => {
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'Anyone',
      approvals_required: 1,
    });
    expect(rule).toMatchObject({ name: 'Anyone', rule_type: 'any_approver', source_rule: null });
    const before = mock.exportState();
    const error = await failure(
      dev.projects.mergeRequests.approvalRules.create(API, 1, { name: 'Again', approvals_required: 1, user_ids: [] }),
    );
    expect(error.body).toEqual({ message: { rule_type: ['any-approver for the merge request already exists'] } });
    expect(mock.exportState()).toEqual(before);
  });

  it('is named "All Members" in the approval state, and by its stored name in the rule lists', async () => {
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'Anyone',
      approvals_required: 1,
    });
    const status = await dev.projects.mergeRequests.approvals.get(API, 1);
    expect(status.approval_rules_left).toContainEqual({ id: rule.id, name: 'All Members', rule_type: 'any_approver' });
    const state = await dev.projects.mergeRequests.approvals.state(API, 1);
    expect(state.rules.find((r) => r.id === rule.id)?.name).toBe('All Members');
    expect((await dev.projects.mergeRequests.approvalRules.get(API, 1, rule.id)).name).toBe('Anyone');
  });
});

describe('a merge request rule copied from a project rule', () => {
  const backend = () =>
    maintainer.projects.approvalRules.create(API, {
      name: 'Backend',
      approvals_required: 2,
      usernames: ['dev', 'reviewer'],
    });

  it("takes the request's own approvers over the project rule's when it sends any", async () => {
    const source = await backend();
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'ignored',
      approvals_required: 1,
      approval_project_rule_id: source.id,
      usernames: ['guest'],
    });
    expect(rule).toMatchObject({ name: 'Backend', rule_type: 'regular', approvals_required: 1 });
    expect(names(rule.users)).toEqual(['guest']);
  });

  it("is any_approver, under the project rule's name, when the request sends empty approver lists", async () => {
    const source = await backend();
    const rule = await dev.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'ignored',
      approvals_required: 1,
      approval_project_rule_id: source.id,
      user_ids: [],
      group_ids: [],
    });
    expect(rule).toMatchObject({ name: 'Backend', rule_type: 'any_approver', users: [], groups: [] });
  });
});

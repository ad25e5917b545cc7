import { beforeEach, describe, expect, it } from 'vitest';
import type { MockGitLab } from '../mock/index.js';
import {
  type ApprovalSetting,
  type ApprovalSettings,
  BadRequestError,
  ForbiddenError,
  type GitLab,
  NotFoundError,
} from '../src/index.js';
import { API, createApprovalsMock } from './approvals-fixtures.js';
import { call, client, failure } from './fixtures.js';

// Approval settings of projects and groups, and a project's approval configuration:
// inheritance instance → group → project, locks, the two views of one set of values
// (GITLAB-BEHAVIOR 4, SPEC 1 and 2).

let mock: MockGitLab;
let maintainer: GitLab;
let owner: GitLab;

beforeEach(() => {
  mock = createApprovalsMock();
  maintainer = client(mock, 'glpat-maintainer');
  owner = client(mock, 'glpat-owner');
});

const project = () => mock.world.projects.get(1)!;
const open = { locked: false, inherited_from: null };
const values = (doc: ApprovalSettings) =>
  Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, (v as ApprovalSetting).value]));

describe('the settings document', () => {
  it("shows a new project's values as GitLab creates projects, nothing locked", async () => {
    expect(await maintainer.projects.approvalSettings.get(API)).toEqual({
      allow_author_approval: { value: false, ...open },
      allow_committer_approval: { value: true, ...open },
      allow_overrides_to_approver_list_per_merge_request: { value: true, ...open },
      retain_approvals_on_push: { value: false, ...open },
      selective_code_owner_removals: { value: false, ...open },
      require_password_to_approve: { value: false, ...open },
      require_reauthentication_to_approve: { value: false, ...open },
    });
  });

  it('locks in every project what a group forbids, with inherited_from group', async () => {
    await owner.groups.approvalSettings.update('acme', { allow_committer_approval: false });
    const settings = await maintainer.projects.approvalSettings.get(API);
    expect(settings.allow_committer_approval).toEqual({ value: false, locked: true, inherited_from: 'group' });
    expect(settings.allow_overrides_to_approver_list_per_merge_request).toEqual({ value: true, ...open });
    // The subgroup between them is locked by its parent too.
    const subgroup = await owner.groups.approvalSettings.get('acme/platform');
    expect(subgroup.allow_committer_approval).toEqual({ value: false, locked: true, inherited_from: 'group' });
    expect((await owner.groups.approvalSettings.get('acme')).allow_committer_approval).toEqual({
      value: false,
      ...open,
    });
  });

  it('locks what the instance forbids at every level, with inherited_from instance', async () => {
    mock.seed.instance({ approval_settings: { allow_overrides_to_approver_list_per_merge_request: false } });
    await owner.groups.approvalSettings.update('acme', { allow_overrides_to_approver_list_per_merge_request: false });
    const locked = { value: false, locked: true, inherited_from: 'instance' };
    expect(
      (await owner.groups.approvalSettings.get('acme')).allow_overrides_to_approver_list_per_merge_request,
    ).toEqual(locked);
    const settings = await maintainer.projects.approvalSettings.get(API);
    expect(settings.allow_overrides_to_approver_list_per_merge_request).toEqual(locked);
  });

  it("names the instance, not a group that forbids it too, when both lock a project's setting", async () => {
    // The group stores its own value first, while nothing above locks it; then the instance forbids it too.
    await owner.groups.approvalSettings.update('acme', { allow_committer_approval: false });
    expect(mock.world.groups.get(1)?.approval_settings).toEqual({ allow_committer_approval: false });
    mock.seed.instance({ approval_settings: { allow_committer_approval: false } });
    const settings = await maintainer.projects.approvalSettings.get(API);
    expect(settings.allow_committer_approval).toEqual({ value: false, locked: true, inherited_from: 'instance' });
  });

  it('imposes restrictive settings downward: a group requiring re-authentication locks it on', async () => {
    await owner.groups.approvalSettings.update('acme', { require_reauthentication_to_approve: true });
    const settings = await maintainer.projects.approvalSettings.get(API);
    const imposed = { value: true, locked: true, inherited_from: 'group' };
    expect(settings.require_reauthentication_to_approve).toEqual(imposed);
    expect(settings.require_password_to_approve).toEqual(imposed);
    // A group that does not require it leaves projects free.
    await owner.groups.approvalSettings.update('acme', { require_reauthentication_to_approve: false });
    expect((await maintainer.projects.approvalSettings.get(API)).require_reauthentication_to_approve).toEqual({
      value: false,
      ...open,
    });
  });
});

describe('updating settings', () => {
  it('changes unlocked project settings and answers the re-resolved document', async () => {
    const settings = await maintainer.projects.approvalSettings.update(API, {
      allow_author_approval: true,
      retain_approvals_on_push: true,
    });
    expect(settings.allow_author_approval).toEqual({ value: true, ...open });
    expect(settings.retain_approvals_on_push).toEqual({ value: true, ...open });
    expect(project().approval_settings).toMatchObject({ allow_author_approval: true, retain_approvals_on_push: true });
  });

  it('leaves a setting locked by the group unchanged and shows the locked value (SPEC 2)', async () => {
    await owner.groups.approvalSettings.update('acme', { allow_author_approval: false });
    const before = structuredClone(project().approval_settings);
    const settings = await maintainer.projects.approvalSettings.update(API, { allow_author_approval: true });
    expect(settings.allow_author_approval).toEqual({ value: false, locked: true, inherited_from: 'group' });
    expect(project().approval_settings).toEqual(before);
  });

  it('ignores require_password_to_approve on PUT and mirrors re-authentication in it (SPEC 1)', async () => {
    const ignored = await call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/merge_request_approval_setting`, {
      token: 'glpat-maintainer',
      json: { require_password_to_approve: true },
    });
    expect(ignored.status).toBe(200);
    expect(ignored.body.require_password_to_approve.value).toBe(false);
    const settings = await maintainer.projects.approvalSettings.update(API, {
      require_reauthentication_to_approve: true,
    });
    expect(settings.require_password_to_approve).toEqual(settings.require_reauthentication_to_approve);
    expect(settings.require_password_to_approve?.value).toBe(true);
  });

  it("refuses selective code-owner removal without retained approvals, with GitLab's message", async () => {
    const before = structuredClone(project().approval_settings);
    const error = await failure(
      maintainer.projects.approvalSettings.update(API, { selective_code_owner_removals: true }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.gitlabMessage).toBe(
      'selective_code_owner_removals can only be enabled when retain_approvals_on_push is enabled',
    );
    expect(project().approval_settings).toEqual(before);
    const both = await maintainer.projects.approvalSettings.update(API, {
      retain_approvals_on_push: true,
      selective_code_owner_removals: true,
    });
    expect(both.selective_code_owner_removals?.value).toBe(true);
  });

  it('needs at least one setting, and refuses empty values', async () => {
    const none = await failure(maintainer.projects.approvalSettings.update(API, {}));
    expect(none.gitlabMessage).toBe(
      'allow_author_approval, allow_committer_approval, allow_overrides_to_approver_list_per_merge_request, ' +
        'retain_approvals_on_push, selective_code_owner_removals, require_password_to_approve, ' +
        'require_reauthentication_to_approve are missing, at least one parameter must be provided',
    );
    const empty = await failure(owner.groups.approvalSettings.update('acme', { allow_author_approval: '' as never }));
    expect(empty.gitlabMessage).toBe('allow_author_approval is empty');
  });

  it('changes group settings, leaving what the instance locks', async () => {
    mock.seed.instance({ approval_settings: { allow_author_approval: false } });
    const settings = await owner.groups.approvalSettings.update('acme', {
      allow_author_approval: true,
      retain_approvals_on_push: false,
    });
    expect(settings.allow_author_approval).toEqual({ value: false, locked: true, inherited_from: 'instance' });
    expect(settings.retain_approvals_on_push).toEqual({ value: false, ...open });
    expect(mock.world.groups.get(1)?.approval_settings).toEqual({ retain_approvals_on_push: false });
  });
});

describe('who may read and change settings', () => {
  it('needs Maintainer on a project and Owner on a group (403), and hides private ones (404)', async () => {
    const dev = client(mock, 'glpat-dev');
    expect(await failure(dev.projects.approvalSettings.get(API))).toBeInstanceOf(ForbiddenError);
    expect((await failure(dev.projects.approvalSettings.update(API, { allow_author_approval: true }))).status).toBe(
      403,
    );
    expect((await failure(maintainer.groups.approvalSettings.get('acme/platform'))).gitlabMessage).toBe(
      '403 Forbidden',
    );
    const outsider = client(mock, 'glpat-outsider');
    const hidden = await failure(outsider.projects.approvalSettings.get(API));
    expect(hidden).toBeInstanceOf(NotFoundError);
    expect(hidden.gitlabMessage).toBe('404 Project Not Found');
    expect((await failure(outsider.groups.approvalSettings.get('acme'))).gitlabMessage).toBe('404 Group Not Found');
  });

  it('needs Premium or Ultimate: 403 on a Free group and its projects (SPEC 2)', async () => {
    expect((await failure(owner.groups.approvalSettings.get('free-corp'))).gitlabMessage).toBe('403 Forbidden');
    expect((await failure(owner.projects.approvalSettings.get('free-corp/tool'))).status).toBe(403);
    expect((await failure(owner.projects.approvals.get('free-corp/tool'))).status).toBe(403);
  });
});

describe('the approval configuration, a second view of the same values', () => {
  it('is readable by anyone who can read the project, Guests included', async () => {
    const config = await client(mock, 'glpat-guest').projects.approvals.get(API);
    expect(config).toEqual({
      approvers: [],
      approver_groups: [],
      approvals_before_merge: 0,
      reset_approvals_on_push: true,
      selective_code_owner_removals: false,
      disable_overriding_approvers_per_merge_request: false,
      merge_requests_author_approval: false,
      merge_requests_disable_committers_approval: false,
      require_password_to_approve: false,
      require_reauthentication_to_approve: false,
    });
  });

  it('changes the settings document, and the settings change it (SPEC 2)', async () => {
    const config = await maintainer.projects.approvals.update(API, {
      merge_requests_author_approval: true,
      merge_requests_disable_committers_approval: true,
      disable_overriding_approvers_per_merge_request: true,
      reset_approvals_on_push: false,
      approvals_before_merge: 2,
    });
    expect(config).toMatchObject({ approvals_before_merge: 2, reset_approvals_on_push: false });
    expect(values(await maintainer.projects.approvalSettings.get(API))).toMatchObject({
      allow_author_approval: true,
      allow_committer_approval: false,
      allow_overrides_to_approver_list_per_merge_request: false,
      retain_approvals_on_push: true,
    });
    await maintainer.projects.approvalSettings.update(API, { allow_committer_approval: true });
    expect((await maintainer.projects.approvals.get(API)).merge_requests_disable_committers_approval).toBe(false);
  });

  it('shows values locked by the group, and leaves them unchanged on update', async () => {
    await owner.groups.approvalSettings.update('acme', { retain_approvals_on_push: false });
    await maintainer.projects.approvalSettings.update(API, { retain_approvals_on_push: true }); // locked: ignored
    const config = await maintainer.projects.approvals.update(API, { reset_approvals_on_push: false });
    expect(config.reset_approvals_on_push).toBe(true);
    expect(project().approval_settings.retain_approvals_on_push).toBe(false);
  });

  it('mirrors require_password_to_approve and require_reauthentication_to_approve', async () => {
    const byPassword = await maintainer.projects.approvals.update(API, { require_password_to_approve: true });
    expect(byPassword).toMatchObject({ require_password_to_approve: true, require_reauthentication_to_approve: true });
    const both = await maintainer.projects.approvals.update(API, { require_reauthentication_to_approve: false });
    expect(both).toMatchObject({ require_password_to_approve: false, require_reauthentication_to_approve: false });
  });

  it("refuses selective removal while approvals reset on push, with GitLab's message, and changes nothing", async () => {
    const before = structuredClone(project());
    const error = await failure(
      maintainer.projects.approvals.update(API, { selective_code_owner_removals: true, approvals_before_merge: 3 }),
    );
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      message: { base: ['selective_code_owner_removals can only be enabled when reset_approvals_on_push is disabled'] },
    });
    expect(project()).toEqual(before);
  });

  it('needs Maintainer and at least one parameter; refuses a negative approvals_before_merge', async () => {
    const dev = client(mock, 'glpat-dev');
    expect((await failure(dev.projects.approvals.update(API, { approvals_before_merge: 1 }))).status).toBe(403);
    const none = await failure(maintainer.projects.approvals.update(API, {}));
    expect(none.gitlabMessage).toMatch(/^approvals_before_merge, reset_approvals_on_push, .* at least one parameter/);
    const negative = await failure(maintainer.projects.approvals.update(API, { approvals_before_merge: -1 }));
    expect(negative.gitlabMessage).toEqual({ approvals_before_merge: ['must be greater than or equal to 0'] });
    expect(project().approvals_before_merge).toBe(0);
  });

  it('answers POST with 201', async () => {
    const res = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/approvals`, {
      token: 'glpat-maintainer',
      form: { merge_requests_author_approval: 'true' },
    });
    expect(res.status).toBe(201);
    expect(res.body.merge_requests_author_approval).toBe(true);
  });
});

describe('the seed document', () => {
  it('takes project approval settings and refuses a conflicting pair', async () => {
    const seeded = mock.seed.project({
      path: 'acme/seeded',
      approval_settings: { allow_author_approval: true, require_password_to_approve: true },
      approvals_before_merge: 1,
    });
    const config = await owner.projects.approvals.get(seeded.id);
    expect(config).toMatchObject({
      merge_requests_author_approval: true,
      require_reauthentication_to_approve: true,
      approvals_before_merge: 1,
    });
    expect(() =>
      mock.seed.project({ path: 'acme/bad', approval_settings: { selective_code_owner_removals: true } }),
    ).toThrow('approval_settings: selective_code_owner_removals needs retain_approvals_on_push');
  });
});

import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError } from '../../src/index.js';
import { API, as, TOKENS, useMockGitLab } from './setup.js';

useMockGitLab();

// !3 of the demo API: written by omar, committed to by dev, approved by maria; its head.
const MR = 3;
const HEAD = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';

describe('merge request approvals in a browser', () => {
  it('approves the reviewed head only, and computes what is left', async () => {
    const rita = as(TOKENS.rita);
    expect(await rita.projects.mergeRequests.approvals.get(API, MR)).toMatchObject({
      approvals_required: 3,
      approvals_left: 1,
      approved: false,
    });
    const stale = await rita.projects.mergeRequests.approvals
      .approve(API, MR, { sha: '0000000000000000000000000000000000000000' })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale).toMatchObject({ status: 409, gitlabMessage: `SHA does not match HEAD of source branch: ${HEAD}` });

    const status = await rita.projects.mergeRequests.approvals.approve(API, MR, { sha: HEAD });
    expect(status).toMatchObject({ approvals_left: 0, approved: true, user_has_approved: true });
    expect(status.approved_by.map((a) => a.user.username)).toEqual(['maria', 'rita']);

    const state = await rita.projects.mergeRequests.approvals.state(API, MR);
    expect(state.rules.every((rule) => rule.approved)).toBe(true);

    const back = await rita.projects.mergeRequests.approvals.unapprove(API, MR);
    expect(back).toMatchObject({ approvals_left: 1, approved: false });
  });

  it('manages project rules from Maintainer up', async () => {
    const omar = as(TOKENS.omar);
    const rule = await omar.projects.approvalRules.create(API, {
      name: 'Frontend',
      approvals_required: 1,
      usernames: ['dev'],
    });
    expect(rule.eligible_approvers.map((u) => u.username)).toEqual(['dev']);
    const updated = await omar.projects.approvalRules.update(API, rule.id, {
      name: 'Frontend',
      approvals_required: 2,
    });
    expect(updated.approvals_required).toBe(2);
    expect((await omar.projects.approvalRules.list(API)).items.map((r) => r.name)).toEqual([
      'All Members',
      'Backend',
      'Security',
      'Frontend',
    ]);
    await omar.projects.approvalRules.delete(API, rule.id);
    await expect(
      as(TOKENS.dev).projects.approvalRules.create(API, { name: 'Mine', approvals_required: 0 }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('approval settings in a browser', () => {
  it('shows what the instance and the group lock, and keeps it locked', async () => {
    const omar = as(TOKENS.omar);
    const settings = await omar.projects.approvalSettings.get(API);
    expect(settings.allow_author_approval).toEqual({ value: false, locked: true, inherited_from: 'instance' });
    expect(settings.retain_approvals_on_push).toEqual({ value: false, locked: true, inherited_from: 'group' });
    expect(settings.allow_overrides_to_approver_list_per_merge_request).toEqual({
      value: false,
      locked: false,
      inherited_from: null,
    });

    const updated = await omar.projects.approvalSettings.update(API, {
      retain_approvals_on_push: true,
      allow_overrides_to_approver_list_per_merge_request: true,
    });
    expect(updated.retain_approvals_on_push.value).toBe(false);
    expect(updated.allow_overrides_to_approver_list_per_merge_request.value).toBe(true);
    // The project's approval configuration is another view of the same settings.
    expect(await omar.projects.approvals.get(API)).toMatchObject({
      disable_overriding_approvers_per_merge_request: false,
      reset_approvals_on_push: true,
    });
  });

  it('lets the group Owner change the group settings', async () => {
    const maria = as(TOKENS.maria);
    const group = await maria.groups.approvalSettings.update('acme', { retain_approvals_on_push: true });
    expect(group.retain_approvals_on_push).toEqual({ value: true, locked: false, inherited_from: null });
    const project = await maria.projects.approvalSettings.get(API);
    expect(project.retain_approvals_on_push).toMatchObject({ locked: false });
  });
});

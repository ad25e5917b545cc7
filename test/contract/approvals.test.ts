import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '../../src/index.js';
import { contractTarget, createdHere, orSkip } from './target.js';

// Contract scenarios for approvals (Premium and Ultimate): the project's configuration and
// settings are only read; approval rules named contract-<run>-... are created in the
// target's project and deleted.

const target = contractTarget();
const { gitlab } = target;
const project = target.project ?? '';
const made = createdHere((id) => gitlab.projects.approvalRules.delete(project, id));

describe.skipIf(!target.project)(`approvals, on ${target.where}`, () => {
  it('reads the approval configuration and the settings, which agree where nothing is locked', async (ctx) => {
    const config = await orSkip(
      target,
      ctx.skip,
      gitlab.projects.approvals.get(project),
      'approvals need Premium or Ultimate',
      'the Community Edition has no approvals API: it answers 404',
    );
    const settings = await orSkip(
      target,
      ctx.skip,
      gitlab.projects.approvalSettings.get(project),
      'approval settings need the Maintainer role',
      'the Community Edition has no approval settings API: it answers 404',
    );
    const pairs = [
      [settings.allow_author_approval, config.merge_requests_author_approval],
      [settings.allow_committer_approval, !config.merge_requests_disable_committers_approval],
      [settings.retain_approvals_on_push, !config.reset_approvals_on_push],
      [
        settings.allow_overrides_to_approver_list_per_merge_request,
        !config.disable_overriding_approvers_per_merge_request,
      ],
    ] as const;
    for (const [setting, fromConfig] of pairs) if (!setting.locked) expect(setting.value).toBe(fromConfig);
  });

  it('creates, reads, changes, lists and deletes a project approval rule', async (ctx) => {
    const name = target.name('rule');
    const rule = await orSkip(
      target,
      ctx.skip,
      // Without approvers and without `rule_type`, GitLab makes an any_approver rule (one per project).
      gitlab.projects.approvalRules.create(project, { name, approvals_required: 1, rule_type: 'regular' }),
      'approval rules need Premium or Ultimate and the Maintainer role',
      'the Community Edition has no approval rules API: it answers 404',
    );
    made.push(rule.id);
    expect(rule).toMatchObject({ name, approvals_required: 1, rule_type: 'regular', users: [], groups: [] });
    expect(await gitlab.projects.approvalRules.get(project, rule.id)).toMatchObject({ id: rule.id, name });

    const changed = await gitlab.projects.approvalRules.update(project, rule.id, { name, approvals_required: 2 });
    expect(changed.approvals_required).toBe(2);
    const rules = await gitlab.projects.approvalRules.list(project).toArray();
    expect(rules.map((r) => r.id)).toContain(rule.id);

    await gitlab.projects.approvalRules.delete(project, rule.id);
    await expect(gitlab.projects.approvalRules.get(project, rule.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a rule that needs more than 100 approvals', async (ctx) => {
    const result = await orSkip(
      target,
      ctx.skip,
      gitlab.projects.approvalRules
        .create(project, { name: target.name('too-many'), approvals_required: 101 })
        .catch((e: unknown) => (e instanceof BadRequestError ? e : Promise.reject(e))),
      'approval rules need Premium or Ultimate and the Maintainer role',
      'the Community Edition has no approval rules API: it answers 404',
    );
    if (!(result instanceof BadRequestError)) made.push(result.id);
    expect(result).toBeInstanceOf(BadRequestError);
  });
});

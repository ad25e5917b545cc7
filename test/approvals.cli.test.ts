import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedDocument } from '../mock/index.js';
import { ConflictError, GitLab, NotFoundError } from '../src/index.js';
import { startCliWithSeed, stopAllClis } from './cli-process.js';

// Every approvals and approval-settings endpoint through the SDK against the command-line server, over real HTTP.
const HEAD = '3f786850e387550fdab836ed7e6dc881de23001b';
const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted', feature_flags: ['approval_group_rules'] },
  users: [
    { username: 'maria', token: 'glpat-maria' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'rita', token: 'glpat-rita', password: 'rita-pass' },
  ],
  groups: [{ path: 'acme', plan: 'premium', members: { maria: 50, dev: 30, rita: 30 } }],
  projects: [
    {
      path: 'acme/api',
      protected_branches: ['main'],
      approval_rules: [{ name: 'Backend', approvals_required: 1, users: ['dev'], protected_branches: ['main'] }],
      access_tokens: [{ name: 'ci', scopes: ['api'], access_level: 30, token: 'glpat-ci' }],
      merge_requests: [{ iid: 1, title: 'Add login', author: 'maria', committers: ['maria'], sha: HEAD }],
    },
  ],
};

let maria: GitLab;
let dev: GitLab;
let rita: GitLab;
let bot: GitLab;

beforeAll(async () => {
  const { url } = await startCliWithSeed(seed);
  const as = (token: string) => new GitLab({ baseUrl: url, token, retry: 0 });
  [maria, dev, rita, bot] = [as('glpat-maria'), as('glpat-dev'), as('glpat-rita'), as('glpat-ci')];
});

afterAll(stopAllClis);

describe('approvals over HTTP', () => {
  it('reads and updates approval settings of a group and a project, and the approval configuration', async () => {
    const group = await maria.groups.approvalSettings.update('acme', { allow_committer_approval: false });
    expect(group.allow_committer_approval).toEqual({ value: false, locked: false, inherited_from: null });
    expect(await maria.groups.approvalSettings.get('acme')).toEqual(group);
    const project = await maria.projects.approvalSettings.update('acme/api', { retain_approvals_on_push: true });
    expect(project.allow_committer_approval).toEqual({ value: false, locked: true, inherited_from: 'group' });
    expect(await maria.projects.approvalSettings.get('acme/api')).toEqual(project);
    const config = await maria.projects.approvals.update('acme/api', { require_reauthentication_to_approve: true });
    expect(config).toMatchObject({ reset_approvals_on_push: false, require_password_to_approve: true });
    expect(await dev.projects.approvals.get('acme/api')).toEqual(config);
  });

  it('lists, reads, creates, updates and deletes project approval rules', async () => {
    const page = await dev.projects.approvalRules.list('acme/api');
    expect(page.items.map((r) => r.name)).toEqual(['Backend', 'All Members']);
    const [backend] = page.items;
    expect(backend?.protected_branches?.[0]).toMatchObject({ name: 'main', code_owner_approval_required: false });
    expect(await dev.projects.approvalRules.get('acme/api', backend?.id ?? 0)).toEqual(backend);
    const created = await maria.projects.approvalRules.create('acme/api', {
      name: 'Review',
      approvals_required: 1,
      usernames: ['rita'],
    });
    const updated = await maria.projects.approvalRules.update('acme/api', created.id, {
      name: 'Review',
      approvals_required: 2,
    });
    expect(updated.approvals_required).toBe(2);
    await maria.projects.approvalRules.delete('acme/api', created.id);
    await expect(dev.projects.approvalRules.get('acme/api', created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('manages group approval rules', async () => {
    const rule = await maria.groups.approvalRules.create('acme', {
      name: 'Compliance',
      approvals_required: 1,
      rule_type: 'regular',
    });
    const updated = await maria.groups.approvalRules.update('acme', rule.id, { approvals_required: 0 });
    expect((await maria.groups.approvalRules.list('acme')).items).toEqual([updated]);
  });

  it('manages the approval rules of a merge request', async () => {
    const [backend] = (await dev.projects.approvalRules.list('acme/api')).items;
    const rule = await dev.projects.mergeRequests.approvalRules.create('acme/api', 1, {
      name: 'Backend',
      approvals_required: 1,
      approval_project_rule_id: backend?.id ?? 0,
    });
    expect(rule).toMatchObject({ overridden: false, source_rule: { approvals_required: 1 } });
    const updated = await dev.projects.mergeRequests.approvalRules.update('acme/api', 1, rule.id, {
      usernames: ['dev', 'rita'],
    });
    expect(updated.overridden).toBe(true);
    expect(await dev.projects.mergeRequests.approvalRules.get('acme/api', 1, rule.id)).toEqual(updated);
    expect((await dev.projects.mergeRequests.approvalRules.list('acme/api', 1)).items).toEqual([updated]);
    await dev.projects.mergeRequests.approvalRules.delete('acme/api', 1, rule.id);
    expect((await dev.projects.mergeRequests.approvalRules.list('acme/api', 1)).items).toEqual([]);
  });

  it('approves, unapproves and resets the approvals of a merge request', async () => {
    // Re-authentication is on since the first test: the password is needed.
    await expect(
      dev.projects.mergeRequests.approvals.approve('acme/api', 1, { sha: 'b'.repeat(40) }),
    ).rejects.toBeInstanceOf(ConflictError);
    const status = await rita.projects.mergeRequests.approvals.approve('acme/api', 1, {
      sha: HEAD,
      approval_password: 'rita-pass',
    });
    expect(status.approved_by.map((a) => a.user.username)).toEqual(['rita']);
    expect(status).toMatchObject({ approvals_required: 1, approvals_left: 1 });
    const state = await dev.projects.mergeRequests.approvals.state('acme/api', 1);
    expect(state.rules.map((r) => [r.name, r.approved])).toEqual([
      ['Backend', false],
      ['All Members', true],
      ['Compliance', true],
    ]);
    expect((await rita.projects.mergeRequests.approvals.unapprove('acme/api', 1)).approved_by).toEqual([]);
    await rita.projects.mergeRequests.approvals.approve('acme/api', 1, { approval_password: 'rita-pass' });
    await bot.projects.mergeRequests.approvals.reset('acme/api', 1);
    expect((await dev.projects.mergeRequests.approvals.get('acme/api', 1)).approved_by).toEqual([]);
  });

  it('a rule that cannot be met does not block: approved, with its missing approvals still left', async () => {
    await maria.projects.approvalRules.create('acme/api', {
      name: 'Pair',
      approvals_required: 2,
      rule_type: 'regular',
    });
    const status = await dev.projects.mergeRequests.approvals.get('acme/api', 1);
    expect(status.invalid_approvers_rules?.map((r) => r.name)).toEqual(['Pair']);
    expect(status.approval_rules_left?.map((r) => r.name)).not.toContain('Pair');
    expect(status.approvals_left).toBeGreaterThanOrEqual(2);
  });
});

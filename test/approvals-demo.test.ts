import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockGitLab, demoSeed } from '../mock/index.js';
import { ROOT } from './cli-process.js';
import { client } from './fixtures.js';

// The demo world's approvals, and the approval audit example that reads them.
describe('approvals in the demo world', () => {
  const mock = createMockGitLab({ seed: demoSeed });
  const maria = client(mock, 'glpat-maria-000000000000000');
  const API = 'acme/platform/api';

  it('has settings locked by the instance and by acme', async () => {
    const settings = await maria.projects.approvalSettings.get(API);
    expect(settings.allow_author_approval).toMatchObject({ value: false, inherited_from: 'instance' });
    expect(settings.allow_committer_approval).toMatchObject({ value: false, inherited_from: 'group' });
    expect(settings.retain_approvals_on_push).toMatchObject({ value: false, inherited_from: 'group' });
  });

  it('has project and group rules, and an open merge request waiting for approvals', async () => {
    expect((await maria.groups.approvalRules.list('acme')).items.map((r) => r.name)).toEqual(['Compliance']);
    const state = await maria.projects.mergeRequests.approvals.state(API, 3);
    expect(state.rules.map((r) => [r.name, r.approved])).toEqual([
      ['All Members', false],
      ['Backend', false],
      ['Security', true],
      ['Compliance', true],
    ]);
    // omar wrote !3 and dev committed to it: only rita is left to approve for Backend.
    const backend = state.rules.find((r) => r.name === 'Backend');
    expect(backend?.eligible_approvers.map((u) => u.username)).toEqual(['rita']);
    const status = await maria.projects.mergeRequests.approvals.get(API, 3);
    expect(status).toMatchObject({ approvals_required: 3, approvals_left: 1, approved: false });
  });

  it('is audited by examples/approval-audit.ts: the API meets the policy, the web project does not', () => {
    const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const run = spawnSync(process.execPath, [tsx, join(ROOT, 'examples', 'approval-audit.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, GITLAB_URL: '' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/acme\/platform\/api\s+✓ 3\s+✓\s+✓\s+✓\s+✓\s+meets the policy/);
    expect(run.stdout).toMatch(/acme\/platform\/web\s+✗ 1\s+✓\s+✓\s+✓\s+✗\s+2 problem\(s\)/);
    expect(run.stdout).toContain('✗ 1 approval(s) required on main (policy: at least 2)');
    expect(run.stdout).toContain('✗ approval rules can be edited in merge requests');
    expect(run.stdout).toMatch(/1 of 2 project\(s\) below the policy\.\n$/);
  });
});

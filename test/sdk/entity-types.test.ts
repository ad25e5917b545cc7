import { describe, expect, it } from 'vitest';
import { json, setup } from './helpers.js';

// The models take every shape GitLab's entities have across versions (strict where
// GitLab's source is certain), not the shapes its API documentation's examples copy.

const rule = (branch: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
  id: 1,
  name: 'Backend',
  rule_type: 'regular',
  report_type: null,
  eligible_approvers: [],
  approvals_required: 1,
  users: [],
  groups: [],
  contains_hidden_groups: false,
  protected_branches: [branch],
  applies_to_all_protected_branches: false,
  ...overrides,
});

const maintainers = { access_level: 40, access_level_description: 'Maintainers' };

/** A protected branch as an older GitLab nests it in a project rule: no ids on access levels, no force push, no inherited. */
const olderBranch = {
  id: 7,
  name: 'main',
  push_access_levels: [maintainers],
  merge_access_levels: [maintainers],
  unprotect_access_levels: [],
  code_owner_approval_required: false,
};

/** The same branch from the newest GitLab: ProtectedRefAccess with ids, users and groups; deploy_key_id only when set. */
const newestBranch = {
  id: 7,
  name: 'main',
  push_access_levels: [
    { id: 11, ...maintainers, user_id: null, group_id: null },
    {
      id: 12,
      access_level: 40,
      access_level_description: 'Deploy key',
      deploy_key_id: 3,
      user_id: null,
      group_id: null,
    },
  ],
  merge_access_levels: [
    { id: 21, access_level: null, access_level_description: 'Reviewers', user_id: null, group_id: 1234 },
  ],
  allow_force_push: false,
  unprotect_access_levels: [],
  code_owner_approval_required: true,
  inherited: true,
};

describe('protected branches in approval rules', () => {
  it("take a project rule's branch from older and newest GitLab versions alike", async () => {
    for (const branch of [olderBranch, newestBranch]) {
      const { gitlab } = setup(() => json(rule(branch)));
      const parsed = await gitlab.projects.approvalRules.get(1, 1);
      expect(parsed.protected_branches).toEqual([branch]);
    }
  });

  it('read code_owner_approval_required as the boolean GitLab sends, and refuse the string of its docs example', async () => {
    const { gitlab } = setup(() => json([rule({ ...olderBranch, code_owner_approval_required: 'false' })]));
    await expect(gitlab.projects.approvalRules.list(1)).rejects.toMatchObject({
      name: 'GitLabResponseValidationError',
      path: '[0].protected_branches[0].code_owner_approval_required',
    });
  });

  it("take a group rule's branch without deploy_key_id, as the newest GitLab sends it", async () => {
    const { gitlab } = setup(() => json(rule(newestBranch)));
    const parsed = await gitlab.groups.approvalRules.update(1, 1, { approvals_required: 1 });
    expect(parsed.protected_branches?.[0]?.push_access_levels[0]).not.toHaveProperty('deploy_key_id');
    expect(parsed.protected_branches?.[0]?.merge_access_levels[0]?.access_level).toBeNull();
  });
});

describe('project access tokens', () => {
  const token = {
    id: 5,
    name: 'ci',
    active: true,
    revoked: false,
    expired: false,
    granular: false,
    created_at: '2026-05-01T09:00:00.000Z',
    description: null,
    scopes: ['api'],
    user_id: 9,
    last_used_at: null,
    expires_at: '2027-05-01',
    access_level: 40,
    resource_type: 'project',
    resource_id: null,
  };

  it('take granular, and a null resource_id (a bot user GitLab has no namespace for)', async () => {
    const { gitlab } = setup(() => json(token));
    await expect(gitlab.projects.accessTokens.get(1, 5)).resolves.toEqual(token);
  });

  it('refuse a granular that is not a boolean', async () => {
    const { gitlab } = setup(() => json({ ...token, granular: 'false' }));
    await expect(gitlab.projects.accessTokens.get(1, 5)).rejects.toMatchObject({ path: 'granular' });
  });
});

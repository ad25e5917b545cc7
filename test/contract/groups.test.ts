import { describe, expect, it } from 'vitest';
import { contractTarget, orSkip } from './target.js';

// Contract scenarios that only read a group (GITLAB_GROUP on a real GitLab): its approval
// settings, and its SCIM identities (hosted offering, SAML SSO and SCIM enabled).

const target = contractTarget();
const { gitlab } = target;
const group = target.group ?? '';

describe.skipIf(!target.group)(`a group, on ${target.where}`, () => {
  it('reads its approval settings: a value, a lock and where the lock comes from', async (ctx) => {
    const settings = await orSkip(
      target,
      ctx.skip,
      gitlab.groups.approvalSettings.get(group),
      'group approval settings need Premium or Ultimate and the Owner role',
      'the Community Edition has no group approval settings API: it answers 404',
    );
    for (const setting of [settings.allow_author_approval, settings.retain_approvals_on_push]) {
      expect(setting).toMatchObject({ value: expect.any(Boolean), locked: expect.any(Boolean) });
      if (setting.locked) expect(['instance', 'group']).toContain(setting.inherited_from);
      else expect(setting.inherited_from).toBeNull();
    }
  });

  it('lists its SCIM identities', async (ctx) => {
    const identities = await orSkip(
      target,
      ctx.skip,
      gitlab.groups.scim.list(group),
      'SCIM identities need the hosted offering, Premium, SAML SSO with SCIM, and the Owner role',
      'self-managed GitLab has no group SCIM API: it answers 404',
    );
    for (const identity of identities) expect(identity.extern_uid).not.toBe('');
    if (target.kind === 'mock') expect(identities.map((i) => i.extern_uid)).toEqual(['idp-user@idp.example.com']);
  });

  it('reads itself, finds itself in the caller’s list, and lists its milestones', async () => {
    const detail = await gitlab.groups.get(group, { with_projects: false });
    expect(detail.full_path.toLowerCase()).toBe(group.toLowerCase());
    expect(detail).not.toHaveProperty('projects');
    expect(detail.full_name.split(' / ')).toHaveLength(detail.full_path.split('/').length);
    const mine = await gitlab.groups.list({ search: detail.path }).toArray();
    expect(mine.map((g) => g.id)).toContain(detail.id);
    for (const child of await gitlab.groups.subgroups(group).toArray()) expect(child.parent_id).toBe(detail.id);
    for (const milestone of await gitlab.groups.milestones.list(group, { state: 'active' }).toArray()) {
      expect(milestone).toMatchObject({ group_id: detail.id, state: 'active' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/index.js';
import { contractTarget, orSkip } from './target.js';

// Contract scenarios that only read members: of the target's group (GITLAB_GROUP) and,
// when one is given, of its project (GITLAB_PROJECT). Nothing is added or removed.

const target = contractTarget();
const { gitlab } = target;
const group = target.group ?? '';
const ROLES = [5, 10, 15, 20, 30, 40, 50];

describe.skipIf(!target.group)(`members, on ${target.where}`, () => {
  it("lists a group's direct members, and each once at their highest role in members/all", async (ctx) => {
    const direct = await orSkip(
      target,
      ctx.skip,
      gitlab.groups.members.list(group).toArray(),
      'reading members needs to see the group and its members',
    );
    const all = await gitlab.groups.members.listAll(group).toArray();
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    for (const member of [...direct, ...all]) {
      expect(ROLES).toContain(member.access_level);
      expect(member).toMatchObject({ username: expect.any(String), created_at: expect.any(String) });
    }
    for (const member of direct) {
      const inherited = all.find((m) => m.id === member.id);
      expect(inherited?.access_level).toBeGreaterThanOrEqual(member.access_level);
      expect((await gitlab.groups.members.get(group, member.id)).access_level).toBe(member.access_level);
    }
  });

  it('answers 404 for a user who is no member', async (ctx) => {
    const all = await orSkip(
      target,
      ctx.skip,
      gitlab.groups.members.listAll(group).toArray(),
      'reading members needs to see the group and its members',
    );
    const stranger = Math.max(0, ...all.map((m) => m.id)) + 1_000_000;
    await expect(gitlab.groups.members.getAll(group, stranger)).rejects.toBeInstanceOf(NotFoundError);
  });

  it.skipIf(!target.project)("shows a project's inherited members at least at their role in the group", async (ctx) => {
    const project = target.project ?? '';
    const inProject = await orSkip(
      target,
      ctx.skip,
      gitlab.projects.members.listAll(project).toArray(),
      'reading members needs to see the project',
    );
    const inGroup = await gitlab.groups.members.listAll(group).toArray();
    // Only meaningful when the project lives in the group (or below it).
    if (!project.toLowerCase().startsWith(`${group.toLowerCase()}/`)) ctx.skip('the project is not in the group');
    for (const member of inGroup) {
      expect(inProject.find((m) => m.id === member.id)?.access_level).toBeGreaterThanOrEqual(member.access_level);
    }
  });
});

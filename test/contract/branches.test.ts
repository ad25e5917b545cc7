import { afterAll, describe, expect, it } from 'vitest';
import { BadRequestError, ConflictError, NotFoundError } from '../../src/index.js';
import { contractTarget } from './target.js';

// Contract scenarios for projects, branches and protected branches. They write only in
// the target's project (GITLAB_PROJECT on a real GitLab), only branches and protections
// named contract-<run>-..., and remove what they made.

const target = contractTarget();
const { gitlab } = target;
const project = target.project ?? '';
const branches: string[] = [];
const protections: string[] = [];
afterAll(async () => {
  for (const name of protections)
    await gitlab.projects.protectedBranches.unprotect(project, name).catch(() => undefined);
  for (const name of branches) await gitlab.projects.branches.delete(project, name).catch(() => undefined);
});

describe.skipIf(!target.project)(`projects and branches, on ${target.where}`, () => {
  it("reads the project by path and by id, and finds it among the caller's memberships", async () => {
    const byPath = await gitlab.projects.get(project);
    expect(byPath.path_with_namespace.toLowerCase()).toBe(project.toLowerCase());
    expect((await gitlab.projects.get(byPath.id)).id).toBe(byPath.id);
    const mine = await gitlab.projects.list({ membership: true, search: byPath.path, simple: true }).toArray();
    expect(mine.map((p) => p.id)).toContain(byPath.id);
  });

  it('creates a branch from the default branch, finds it, refuses it twice, and deletes it', async () => {
    const { default_branch: main } = await gitlab.projects.get(project);
    const name = target.name('branch/with-slash');
    const created = await gitlab.projects.branches.create(project, { branch: name, ref: main ?? 'main' });
    branches.push(name);
    expect(created).toMatchObject({ name, default: false, merged: false });
    const head = await gitlab.projects.branches.get(project, main ?? 'main');
    expect(created.commit.id).toBe(head.commit.id);
    expect(head.default).toBe(true);
    const found = await gitlab.projects.branches.list(project, { search: `^${name}` }).toArray();
    expect(found.map((b) => b.name)).toEqual([name]);

    const again = await gitlab.projects.branches.create(project, { branch: name, ref: main ?? 'main' }).catch((e) => e);
    expect(again).toBeInstanceOf(BadRequestError);
    expect((again as BadRequestError).gitlabMessage).toBe('Branch already exists');

    await gitlab.projects.branches.delete(project, name);
    await expect(gitlab.projects.branches.get(project, name)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses to delete the default branch', async () => {
    const { default_branch: main } = await gitlab.projects.get(project);
    const error = await gitlab.projects.branches.delete(project, main ?? 'main').catch((e) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).gitlabMessage).toBe('The default branch of a project cannot be deleted.');
  });

  it('protects a branch through the deprecated branches route, the protected branches API shows it, and unprotects it', async () => {
    const { default_branch: main } = await gitlab.projects.get(project);
    const name = target.name('legacy-protect');
    await gitlab.projects.branches.create(project, { branch: name, ref: main ?? 'main' });
    branches.push(name);
    protections.push(name);
    const branch = await gitlab.projects.branches.protect(project, name, { developers_can_merge: true });
    expect(branch).toMatchObject({ name, protected: true, developers_can_push: false, developers_can_merge: true });
    const shown = await gitlab.projects.protectedBranches.get(project, name);
    expect(shown.push_access_levels.map((l) => l.access_level)).toEqual([40]);
    expect(shown.merge_access_levels.map((l) => l.access_level)).toEqual([30]);

    expect((await gitlab.projects.branches.unprotect(project, name)).protected).toBe(false);
    await expect(gitlab.projects.protectedBranches.get(project, name)).rejects.toBeInstanceOf(NotFoundError);
    // Unprotecting a branch that is not protected answers the branch all the same.
    expect((await gitlab.projects.branches.unprotect(project, name)).protected).toBe(false);
  });

  it('protects a wildcard, reads it, refuses it twice with 409, and unprotects it', async () => {
    const name = `${target.name('release')}/*`;
    const made = await gitlab.projects.protectedBranches.protect(project, {
      name,
      push_access_level: 0,
      merge_access_level: 40,
    });
    protections.push(name);
    expect(made.name).toBe(name);
    expect(made.push_access_levels.map((l) => l.access_level)).toEqual([0]);
    expect((await gitlab.projects.protectedBranches.get(project, name)).id).toBe(made.id);

    const twice = await gitlab.projects.protectedBranches.protect(project, { name }).catch((e) => e);
    expect(twice).toBeInstanceOf(ConflictError);
    expect((twice as ConflictError).gitlabMessage).toBe(`Protected branch '${name}' already exists`);

    await gitlab.projects.protectedBranches.unprotect(project, name);
    await expect(gitlab.projects.protectedBranches.get(project, name)).rejects.toBeInstanceOf(NotFoundError);
  });
});

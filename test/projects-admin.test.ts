import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// Issue 37, projects: create, create for a user, update, archive, unarchive, transfer, as GitLab 18.6
// answers them (`lib/api/projects.rb`, `Projects::CreateService`, `UpdateService`, `TransferService`).

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'self-managed', plan: 'premium' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'reporter', token: 'glpat-reporter' },
    { username: 'maria', token: 'glpat-maria' },
  ],
  groups: [
    {
      path: 'acme',
      members: { owner: 50, maintainer: 40, dev: 30, reporter: 20 },
      labels: [{ name: 'bug', color: '#ff0000' }],
      milestones: [{ title: 'Q3' }],
    },
    { path: 'acme/platform' },
    { path: 'other', members: { owner: 50 } },
    { path: 'open', visibility: 'public', members: { owner: 50, maintainer: 40 } },
  ],
  projects: [
    {
      path: 'acme/api',
      name: 'API',
      issues: [{ title: 'Crash', labels: ['bug'], milestone: 'Q3' }],
    },
    { path: 'open/site', visibility: 'public' },
    { path: 'other/api' },
  ],
};

let mock: MockGitLab;
let gitlab: (token: string) => GitLab;
const reason = () => mock.requests.list().at(-1)?.reason;
/** The world but for the users (their tokens' `last_used_at` moves with every first call). */
const state = () => {
  const { users: _users, ...rest } = mock.exportState();
  return rest;
};

beforeEach(() => {
  mock = createMockGitLab({ seed });
  gitlab = (token) => client(mock, token);
});

describe('POST /projects', () => {
  it('creates a personal project whose owner is its Owner, with an empty repository', async () => {
    const project = await gitlab('glpat-maria').projects.create({ name: 'Sandbox' });
    expect(project).toMatchObject({
      name: 'Sandbox',
      // `set_project_name_from_path`: a name that is a valid path is the path as it is.
      path: 'Sandbox',
      path_with_namespace: 'maria/Sandbox',
      visibility: 'private',
      empty_repo: true,
      default_branch: 'main',
      merge_method: 'merge',
      squash_option: 'default_off',
      lfs_enabled: true,
      issues_access_level: 'enabled',
    });
    const members = await gitlab('glpat-maria').projects.members.list(project.id).toArray();
    expect(members.map((m) => [m.username, m.access_level])).toEqual([['maria', 50]]);
    expect(await gitlab('glpat-maria').projects.branches.list(project.id).toArray()).toEqual([]);
  });

  it('creates the default branch with a README, and takes the merge settings and feature levels', async () => {
    const group = await gitlab('glpat-dev').groups.get('acme');
    const project = await gitlab('glpat-dev').projects.create({
      path: 'web',
      namespace_id: group.id,
      initialize_with_readme: true,
      default_branch: 'develop',
      merge_method: 'ff',
      squash_option: 'always',
      only_allow_merge_if_pipeline_succeeds: true,
      only_allow_merge_if_all_discussions_are_resolved: true,
      allow_merge_on_skipped_pipeline: true,
      remove_source_branch_after_merge: false,
      lfs_enabled: false,
      request_access_enabled: false,
      wiki_access_level: 'disabled',
    });
    expect(project).toMatchObject({ name: 'web', path_with_namespace: 'acme/web', default_branch: 'develop' });
    const read = await gitlab('glpat-dev').projects.get('acme/web');
    expect(read).toMatchObject({
      empty_repo: false,
      merge_method: 'ff',
      squash_option: 'always',
      only_allow_merge_if_pipeline_succeeds: true,
      only_allow_merge_if_all_discussions_are_resolved: true,
      allow_merge_on_skipped_pipeline: true,
      remove_source_branch_after_merge: false,
      lfs_enabled: false,
      request_access_enabled: false,
      wiki_access_level: 'disabled',
      wiki_enabled: false,
      creator_id: expect.any(Number),
    });
    // A group's project: the creator gets no membership of the project (setup_authorizations).
    const members = await gitlab('glpat-dev').projects.members.list('acme/web').toArray();
    expect(members).toEqual([]);
  });

  it('lowers a visibility the group does not allow to the group’s', async () => {
    const group = await gitlab('glpat-owner').groups.get('acme');
    const project = await gitlab('glpat-owner').projects.create({
      name: 'pub',
      namespace_id: group.id,
      visibility: 'public',
    });
    expect(project.visibility).toBe('private');
  });

  it('refuses a Reporter of the group: namespace is not valid', async () => {
    const group = await gitlab('glpat-reporter').groups.get('acme');
    const before = state();
    const error = await failure(gitlab('glpat-reporter').projects.create({ name: 'x', namespace_id: group.id }));
    expect([error.status, error.body]).toEqual([400, { message: { namespace: ['is not valid'] } }]);
    expect(reason()).toContain('may not create projects in acme');
    expect(state()).toEqual(before);
  });

  it('follows the group’s project_creation_level: maintainer, noone (even administrators), administrator', async () => {
    const group = await gitlab('glpat-owner').groups.update('acme', { project_creation_level: 'maintainer' });
    const refused = await failure(gitlab('glpat-dev').projects.create({ name: 'd', namespace_id: group.id }));
    expect([refused.status, refused.body]).toEqual([400, { message: { namespace: ['is not valid'] } }]);
    expect((await gitlab('glpat-maintainer').projects.create({ name: 'm', namespace_id: group.id })).path).toBe('m');

    await gitlab('glpat-owner').groups.update('acme', { project_creation_level: 'noone' });
    for (const token of ['glpat-owner', 'glpat-root']) {
      const error = await failure(gitlab(token).projects.create({ name: 'n', namespace_id: group.id }));
      expect([error.status, error.body]).toEqual([400, { message: { namespace: ['is not valid'] } }]);
      expect(reason()).toContain('may not create projects in acme');
    }

    await gitlab('glpat-owner').groups.update('acme', { project_creation_level: 'administrator' });
    await failure(gitlab('glpat-owner').projects.create({ name: 'o', namespace_id: group.id }));
    expect(reason()).toContain('owner may not create projects in acme');
    expect((await gitlab('glpat-root').projects.create({ name: 'r', namespace_id: group.id })).path).toBe('r');
  });

  it('refuses a path or name taken in the namespace with GitLab’s keys', async () => {
    const group = await gitlab('glpat-owner').groups.get('acme');
    const before = state();
    const both = await failure(
      gitlab('glpat-owner').projects.create({ name: 'API', path: 'api', namespace_id: group.id }),
    );
    expect([both.status, both.body]).toEqual([
      400,
      {
        message: {
          'project_namespace.name': ['has already been taken'],
          name: ['has already been taken'],
          path: ['has already been taken'],
        },
      },
    ]);
    const path = await failure(
      gitlab('glpat-owner').projects.create({ name: 'Other', path: 'API', namespace_id: group.id }),
    );
    expect(path.body).toEqual({ message: { path: ['has already been taken'] } });
    expect(state()).toEqual(before);
  });

  it('knows a project it just created: listed at once, its path taken for the next create', async () => {
    const group = await gitlab('glpat-owner').groups.get('acme');
    // A listing first, so that the per-namespace index exists before the creates change the table.
    await gitlab('glpat-owner').groups.projects('acme').toArray();
    for (const name of ['one', 'two']) await gitlab('glpat-owner').projects.create({ name, namespace_id: group.id });
    const listed = await gitlab('glpat-owner').groups.projects('acme').toArray();
    expect(listed.map((p) => p.path).sort()).toEqual(['api', 'one', 'two']);
    const again = await failure(gitlab('glpat-owner').projects.create({ name: 'two', namespace_id: group.id }));
    expect(again.body).toMatchObject({ message: { path: ['has already been taken'] } });
    const personal = await gitlab('glpat-maria').projects.create({ name: 'mine' });
    const taken = await failure(gitlab('glpat-maria').projects.create({ name: 'mine' }));
    expect([personal.path_with_namespace, taken.status]).toEqual(['maria/mine', 400]);
  });

  it('refuses reserved and malformed paths', async () => {
    const reserved = await failure(gitlab('glpat-maria').projects.create({ path: 'tree' }));
    expect(reserved.body).toEqual({ message: { path: ['tree is a reserved name'] } });
    const malformed = await failure(gitlab('glpat-maria').projects.create({ path: '-x' }));
    expect(malformed.body).toEqual({
      message: {
        name: [
          "can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces. It must start with a letter, digit, emoji, or '_'.",
        ],
        path: [
          "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'",
          "can only include non-accented letters, digits, '_', '-' and '.'. It must not start with '-', '_', or '.', nor end with '-', '_', '.', '.git', or '.atom'.",
        ],
      },
    });
  });

  it('needs a name or a path', async () => {
    const answer = await call(mock, 'POST', '/projects', { token: 'glpat-maria', json: { description: 'x' } });
    expect([answer.status, answer.body]).toEqual([
      400,
      { error: 'name, path are missing, at least one parameter must be provided' },
    ]);
  });

  it('refuses a personal project past the projects limit: 403 {"error":[...]}', async () => {
    mock.world.users.get(6)!.projects_limit = 0;
    const before = state();
    const answer = await call(mock, 'POST', '/projects', { token: 'glpat-maria', json: { name: 'x' } });
    expect([answer.status, answer.body]).toEqual([
      403,
      { error: ['You cannot create projects in your personal namespace. Contact your GitLab administrator.'] },
    ]);
    expect(state()).toEqual(before);
    mock.world.users.get(6)!.projects_limit = 1;
    await gitlab('glpat-maria').projects.create({ name: 'one' });
    const second = await call(mock, 'POST', '/projects', { token: 'glpat-maria', json: { name: 'two' } });
    expect(second.body).toEqual({
      error: ["You've reached your limit of 1 projects created. Contact your GitLab administrator."],
    });
  });

  it('reads python-gitlab’s form booleans', async () => {
    const answer = await call(mock, 'POST', '/projects', {
      token: 'glpat-maria',
      form: { name: 'py', only_allow_merge_if_pipeline_succeeds: 'True', issues_enabled: 'False' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ only_allow_merge_if_pipeline_succeeds: true, issues_access_level: 'disabled' });
  });
});

describe('POST /projects/user/:user_id', () => {
  it('lets an administrator create a project owned by a user', async () => {
    const maria = mock.world.users.get(6)!;
    const project = await gitlab('glpat-root').projects.createForUser(maria.id, { name: 'for-maria' });
    expect(project.path_with_namespace).toBe('maria/for-maria');
    expect(project.owner?.username).toBe('maria');
  });

  it('refuses anyone else with 403, and an unknown user with 404', async () => {
    const error = await failure(gitlab('glpat-owner').projects.createForUser(6, { name: 'x' }));
    expect([error.status, error.body]).toEqual([403, { message: '403 Forbidden' }]);
    const missing = await failure(gitlab('glpat-root').projects.createForUser(999, { name: 'x' }));
    expect([missing.status, missing.body]).toEqual([404, { message: '404 User Not Found' }]);
  });

  it('answers the projects limit as a validation error', async () => {
    mock.world.users.get(6)!.projects_limit = 0;
    const error = await failure(gitlab('glpat-root').projects.createForUser(6, { name: 'x' }));
    expect([error.status, error.body]).toEqual([
      400,
      {
        message: {
          limit_reached: ['You cannot create projects in your personal namespace. Contact your GitLab administrator.'],
        },
      },
    ]);
  });
});

describe('PUT /projects/:id', () => {
  it('changes settings and renames the path', async () => {
    const project = await gitlab('glpat-maintainer').projects.update('acme/api', {
      path: 'service',
      merge_method: 'rebase_merge',
      squash_option: 'default_on',
      remove_source_branch_after_merge: false,
    });
    expect(project).toMatchObject({
      path_with_namespace: 'acme/service',
      merge_method: 'rebase_merge',
      squash_option: 'default_on',
    });
    expect((await gitlab('glpat-dev').projects.get('acme/service')).remove_source_branch_after_merge).toBe(false);
  });

  it('refuses a Developer (admin_project) and a Maintainer changing visibility (change_visibility_level: Owner)', async () => {
    const before = state();
    const dev = await failure(gitlab('glpat-dev').projects.update('acme/api', { description: 'x' }));
    expect([dev.status, dev.body]).toEqual([403, { message: '403 Forbidden' }]);
    const visibility = await failure(gitlab('glpat-maintainer').projects.update('acme/api', { visibility: 'private' }));
    expect(visibility.status).toBe(403);
    expect(reason()).toContain('this needs Owner');
    expect(state()).toEqual(before);
  });

  it('refuses a visibility above the group’s, a default branch that does not exist, and a taken name', async () => {
    const before = state();
    const visibility = await failure(gitlab('glpat-owner').projects.update('acme/api', { visibility: 'public' }));
    expect(visibility.body).toEqual({
      message: { visibility_level: ['public is not allowed in a private namespace.'] },
    });
    const branch = await failure(gitlab('glpat-owner').projects.update('acme/api', { default_branch: 'nope' }));
    expect(branch.body).toEqual({ message: { base: ["Could not change HEAD: branch 'nope' does not exist"] } });
    await gitlab('glpat-owner').projects.create({
      name: 'Web',
      namespace_id: (await gitlab('glpat-owner').groups.get('acme')).id,
    });
    const taken = await failure(gitlab('glpat-owner').projects.update('acme/api', { name: 'Web' }));
    expect(taken.body).toEqual({ message: { name: ['has already been taken'] } });
    expect(mock.exportState().projects?.find((p) => p.path === 'acme/api')).toEqual(
      before.projects?.find((p) => p.path === 'acme/api'),
    );
  });

  it('needs at least one setting', async () => {
    const answer = await call(mock, 'PUT', '/projects/acme%2Fapi', { token: 'glpat-owner', json: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/are missing, at least one parameter must be provided$/);
  });
});

describe('archive and unarchive', () => {
  it('archives (201) and unarchives (201) for the Owner', async () => {
    const archived = await call(mock, 'POST', '/projects/acme%2Fapi/archive', { token: 'glpat-owner' });
    expect([archived.status, archived.body.archived]).toEqual([201, true]);
    const again = await call(mock, 'POST', '/projects/acme%2Fapi/archive', { token: 'glpat-owner' });
    expect([again.status, again.body]).toEqual([400, { message: 'Project is already archived.' }]);
    const project = await gitlab('glpat-owner').projects.unarchive('acme/api');
    expect(project.archived).toBe(false);
  });

  it('refuses a Maintainer (archive_project is the Owner’s)', async () => {
    const error = await failure(gitlab('glpat-maintainer').projects.archive('acme/api'));
    expect(error.status).toBe(403);
    expect(reason()).toBe('maintainer is Maintainer in project acme/api; this needs Owner');
    expect((await gitlab('glpat-owner').projects.get('acme/api')).archived).toBe(false);
  });
});

describe('PUT /projects/:id/transfer', () => {
  it('moves a project, lowers its visibility and copies the group label and milestone its issues use', async () => {
    await gitlab('glpat-owner').projects.update('open/site', { description: 'site' });
    const site = await gitlab('glpat-owner').projects.transfer('open/site', 'other');
    expect([site.path_with_namespace, site.visibility]).toEqual(['other/site', 'private']);

    const moved = await gitlab('glpat-root').projects.transfer('acme/api', 'open');
    expect(moved.path_with_namespace).toBe('open/api');
    const labels = await gitlab('glpat-root').projects.labels.list('open/api').toArray();
    expect(labels.map((l) => [l.name, l.color, l.is_project_label])).toEqual([['bug', '#ff0000', true]]);
    const milestones = await gitlab('glpat-root').projects.milestones.list('open/api').toArray();
    expect(milestones.map((m) => m.title)).toEqual(['Q3']);
    const [issue] = await gitlab('glpat-root').projects.issues.list('open/api').toArray();
    expect(issue?.milestone?.id).toBe(milestones[0]?.id);
  });

  it('refuses the same namespace, a taken path, and a target the caller may not create in', async () => {
    const before = state();
    const same = await failure(gitlab('glpat-owner').projects.transfer('acme/api', 'acme'));
    expect([same.status, same.body]).toEqual([
      400,
      { message: 'Failed to transfer project {:new_namespace=>["Project is already in this namespace."]}' },
    ]);
    const taken = await failure(gitlab('glpat-owner').projects.transfer('acme/api', 'other'));
    expect(taken.body).toEqual({
      message:
        'Failed to transfer project {:new_namespace=>["Project with same name or path in target namespace already exists"]}',
    });
    const target = await failure(gitlab('glpat-owner').projects.transfer('acme/api', 'maria'));
    expect(target.status).toBe(404);
    const maintainer = await failure(gitlab('glpat-maintainer').projects.transfer('acme/api', 'open'));
    expect(maintainer.status).toBe(403);
    expect(reason()).toContain('this needs Owner');
    expect(state()).toEqual(before);
  });

  it('refuses an archived project (change_namespace is an archived ability)', async () => {
    await gitlab('glpat-owner').projects.archive('acme/api');
    const error = await failure(gitlab('glpat-owner').projects.transfer('acme/api', 'open'));
    expect(error.status).toBe(403);
    expect(reason()).toBe('project acme/api is archived: it is read-only');
  });
});

describe('state export', () => {
  it('keeps settings, the creator and an empty repository through an export and a load', async () => {
    await gitlab('glpat-maria').projects.create({ name: 'empty', merge_method: 'ff', issues_access_level: 'private' });
    const copy = createMockGitLab({ seed: mock.exportState() });
    expect(copy.exportState()).toEqual(mock.exportState());
    const read = await client(copy, 'glpat-maria').projects.get('maria/empty');
    expect(read).toMatchObject({ empty_repo: true, merge_method: 'ff', issues_access_level: 'private' });
  });
});

describe('what Ansible’s gitlab_hook sends', () => {
  it('keeps a push_events_branch_filter sent as "" as "" (GitLab stores it as sent)', async () => {
    const created = await call(mock, 'POST', '/projects/acme%2Fapi/hooks', {
      token: 'glpat-owner',
      json: { url: 'http://127.0.0.1:9/hook', push_events_branch_filter: '' },
    });
    expect([created.status, created.body.push_events_branch_filter]).toEqual([201, '']);
    const all = await call(mock, 'PUT', `/projects/acme%2Fapi/hooks/${created.body.id}`, {
      token: 'glpat-owner',
      json: {
        url: 'http://127.0.0.1:9/hook',
        push_events_branch_filter: 'main',
        branch_filter_strategy: 'all_branches',
      },
    });
    expect(all.body.push_events_branch_filter).toBeNull();
  });
});

describe('creating projects for a user with the create parameters GitLab shares between both routes', () => {
  it('takes topics and repository_object_format on POST /projects/user/:user_id too', async () => {
    const mock = createMockGitLab({
      seed: { users: [{ username: 'root', admin: true, token: 'glpat-root' }, { username: 'maya' }] },
    });
    const maya = [...mock.world.users.values()].find((u) => u.username === 'maya');
    const project = await client(mock, 'glpat-root').projects.createForUser(maya?.id as number, {
      name: 'Tools',
      topics: ['b', 'a'],
      repository_object_format: 'sha256',
    });
    expect(project).toMatchObject({ topics: ['a', 'b'], repository_object_format: 'sha256' });
  });
});

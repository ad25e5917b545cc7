import type { ProjectNamespace } from '../../src/models/common.js';
import type { BasicProject, MemberAccess, Project } from '../../src/models/projects.js';
import { personalNamespaceId } from '../rules/namespaces.js';
import { can, canReadCode, featureAllows, featureLevel } from '../rules/policy.js';
import { type RoleMap, rolesOf } from '../rules/projects.js';
import { directRole, projectGroup } from '../world/memberships.js';
import {
  isAnonymous,
  PROJECT_FEATURES,
  PROJECT_SETTING_DEFAULTS,
  type Project as ProjectRecord,
  type User,
  type World,
} from '../world/types.js';
import { presentSharedWith } from './groups.js';
import { plainMarkdown } from './merge-requests.js';
import { presentProjectIdentity } from './project-identity.js';
import { presentUser } from './users.js';

/**
 * Projects as GitLab's entities show them (`lib/api/entities/project_identity.rb`,
 * `basic_project_details.rb`, `project.rb`, `project_with_access.rb`). Topics, stars,
 * forks and avatars are not modelled: empty, 0 and `null`; settings the mock does not keep have GitLab's defaults.
 * @module
 */

/** The project's namespace (NamespaceBasic); a personal namespace has its own id ({@link personalNamespaceId}). */
function presentNamespace(world: World, project: ProjectRecord): ProjectNamespace {
  const group = projectGroup(world, project);
  if (group) {
    return {
      id: group.id,
      name: group.name,
      path: group.path,
      kind: 'group',
      full_path: group.full_path,
      parent_id: group.parent_id,
      avatar_url: null,
      web_url: `${world.baseUrl}/groups/${group.full_path}`,
    };
  }
  const owner = world.users.get(project.namespace.id);
  const username = owner?.username ?? project.path_with_namespace.split('/')[0] ?? '';
  return {
    id: owner ? personalNamespaceId(owner) : project.namespace.id,
    name: owner?.name ?? username,
    path: username,
    kind: 'user',
    full_path: username,
    parent_id: null,
    // `Namespace` delegates `avatar_url` to its owner (`app/models/namespace.rb`): the user's avatar.
    avatar_url: owner ? presentUser(world, owner).avatar_url : null,
    web_url: `${world.baseUrl}/${username}`,
  };
}

/** The topics' names in Ruby's `sort` (code point) order. */
const topicNames = (project: ProjectRecord): string[] =>
  [...(project.topics ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** GitLab's BasicProjectDetails entity, for `simple=true` lists. */
export function presentBasicProject(world: World, user: User, project: ProjectRecord): BasicProject {
  const repository = canReadCode(world, user, project);
  // `gitlab_shell.ssh_path_prefix`: `git@<ssh_host>:` on port 22, never the HTTP port (`config/initializers/1_settings.rb`).
  const { hostname } = new URL(world.baseUrl);
  const web = `${world.baseUrl}/${project.path_with_namespace}`;
  return {
    ...presentProjectIdentity(world, project),
    ...(repository && { default_branch: project.default_branch }),
    // `topic_names`: `project.topics.pluck(:name).sort`, under both names.
    tag_list: topicNames(project),
    topics: topicNames(project),
    ssh_url_to_repo: `git@${hostname}:${project.path_with_namespace}.git`,
    http_url_to_repo: `${web}.git`,
    web_url: web,
    // `Project#readme_url` (`app/models/project.rb`): the README's blob on the default branch, when the repository
    // has one. The mock keeps no files: a project records its README's path when created with one
    // (`initialize_with_readme`, seed `readme_path`); otherwise a repository with branches counts as made with a
    // README (GitLab's `:repository` factory's tree has `README.md`) and an empty one has none.
    ...(repository && {
      readme_url:
        (project.readme_path ?? (project.branches.size > 0 ? 'README.md' : undefined))
          ? `${web}/-/blob/${project.default_branch}/${project.readme_path ?? 'README.md'}`
          : null,
      forks_count: 0,
    }),
    avatar_url: null,
    star_count: 0,
    // Activity is not modelled: the project was last active when it was created.
    last_activity_at: project.created_at,
    namespace: presentNamespace(world, project),
    // `if: change_repository_storage` (`lib/api/entities/basic_project_details.rb`).
    ...(can(world, user, 'change_repository_storage', 'instance') && { repository_storage: 'default' }),
  };
}

/**
 * Opened issues per project, counted in one pass over the issues on first use: a page of
 * projects shares one counter instead of reading every issue once per project.
 */
export function openIssueCounter(world: World): (projectId: number) => number {
  let counts: Map<number, number> | undefined;
  return (projectId) => {
    if (!counts) {
      counts = new Map();
      for (const issue of world.issues.values()) {
        if (issue.state === 'opened') counts.set(issue.project_id, (counts.get(issue.project_id) ?? 0) + 1);
      }
    }
    return counts.get(projectId) ?? 0;
  };
}

const access = (level: number): MemberAccess | null =>
  level > 0 ? { access_level: level, notification_level: 3 } : null;

/**
 * GitLab's Project entity (the fields the mock can fill), and with `roles` the
 * ProjectWithAccess entity's `permissions`: the caller's direct membership of the
 * project, and the highest membership in its group chain.
 */
export function presentProject(
  world: World,
  user: User,
  project: ProjectRecord,
  roles?: RoleMap,
  openIssues: (projectId: number) => number = openIssueCounter(world),
  options: { importError?: boolean; statistics?: boolean } = {},
): Project {
  const basic = presentBasicProject(world, user, project);
  const api = `${world.baseUrl}/api/v4/projects/${project.id}`;
  const group = projectGroup(world, project);
  const owner = group ? undefined : world.users.get(project.namespace.id);
  const settings = { ...PROJECT_SETTING_DEFAULTS, ...project.settings };
  const adminProject = can(world, user, 'admin_project', project);
  const registry = world.instance.registry_host_port;
  return {
    ...basic,
    // `expose :container_registry_url, as: :container_registry_image_prefix, if: Gitlab.config.registry.enabled`
    // (`lib/api/entities/project.rb`; `Project#container_registry_url`: `"#{registry.host_port}/#{full_path.downcase}"`).
    ...(registry !== undefined && {
      container_registry_image_prefix: `${registry}/${project.path_with_namespace.toLowerCase()}`,
    }),
    _links: {
      self: api,
      // Only where the caller may use the feature (`issues_available?`, `mrs_available?` in
      // `lib/api/helpers/related_resources_helpers.rb`).
      ...(featureAllows(world, user, project, 'issues') && { issues: `${api}/issues` }),
      ...(featureAllows(world, user, project, 'merge_requests') && { merge_requests: `${api}/merge_requests` }),
      repo_branches: `${api}/repository/branches`,
      labels: `${api}/labels`,
      events: `${api}/events`,
      members: `${api}/members`,
      cluster_agents: `${api}/cluster_agents`,
    },
    // A date column exposed under both names (`lib/api/entities/project.rb`): the project's own mark.
    marked_for_deletion_at: project.marked_for_deletion_at ?? null,
    marked_for_deletion_on: project.marked_for_deletion_at ?? null,
    empty_repo: project.branches.size === 0,
    archived: project.archived,
    visibility: project.visibility,
    // `expose :repository_object_format` (`lib/api/entities/project.rb`): `sha1` unless created as `sha256`.
    repository_object_format: project.repository_object_format ?? 'sha1',
    ...(owner && { owner: presentUser(world, owner) }),
    // `feature_available?(feature, current_user)`: what the caller may use, not the level itself.
    issues_enabled: featureAllows(world, user, project, 'issues'),
    merge_requests_enabled: featureAllows(world, user, project, 'merge_requests'),
    wiki_enabled: featureAllows(world, user, project, 'wiki'),
    jobs_enabled: featureAllows(world, user, project, 'builds'),
    snippets_enabled: featureAllows(world, user, project, 'snippets'),
    container_registry_enabled: featureAllows(world, user, project, 'container_registry'),
    // `ServiceDesk.enabled?` needs incoming email, which the mock's instance has not: off, and no address.
    service_desk_enabled: false,
    ...(can(world, user, 'admin_issue', project) && { service_desk_address: null }),
    // `Ability.allowed?(current_user, :create_merge_request_in, project)` (`lib/api/entities/project.rb`).
    can_create_merge_request_in: can(world, user, 'create_merge_request_in', project),
    ...Object.fromEntries(
      PROJECT_FEATURES.filter((f) => f !== 'requirements').map((f) => [`${f}_access_level`, featureLevel(project, f)]),
    ),
    // `project_settings.emails_enabled` and `show_diff_preview_in_email` (`DEFAULT true`, `db/structure.sql`), each
    // also asked of the namespace and its ancestors (`ProjectSetting#emails_enabled?`,
    // `#show_diff_preview_in_email?`, `NamespaceSetting`, also `DEFAULT true`): the mock keeps neither setting.
    emails_disabled: false,
    emails_enabled: true,
    show_diff_preview_in_email: true,
    lfs_enabled: settings.lfs_enabled,
    creator_id: project.creator_id === undefined ? (owner?.id ?? null) : project.creator_id,
    // Nothing is imported in the mock (`import_url` and `import_type` to those who may admin the project).
    ...(adminProject && { import_url: null, import_type: null }),
    import_status: 'none',
    // Only answers GitLab presents with `user_can_admin_project` (GET /projects/:id, create, update) carry it.
    ...(options.importError && adminProject && { import_error: null }),
    request_access_enabled: settings.request_access_enabled,
    packages_enabled: settings.packages_enabled,
    shared_runners_enabled: settings.shared_runners_enabled,
    // Shown to those who may read the code (`lib/api/entities/project.rb`).
    ...(canReadCode(world, user, project) && { ci_config_path: settings.ci_config_path }),
    // `expose :public_builds, as: :public_jobs`: `projects.public_builds` `DEFAULT true` (`db/structure.sql`).
    public_jobs: true,
    only_allow_merge_if_pipeline_succeeds: settings.only_allow_merge_if_pipeline_succeeds,
    allow_merge_on_skipped_pipeline: settings.allow_merge_on_skipped_pipeline,
    only_allow_merge_if_all_discussions_are_resolved: settings.only_allow_merge_if_all_discussions_are_resolved,
    remove_source_branch_after_merge: settings.remove_source_branch_after_merge,
    merge_method: settings.merge_method,
    squash_option: settings.squash_option,
    resolve_outdated_diff_discussions: settings.resolve_outdated_diff_discussions,
    autoclose_referenced_issues: settings.autoclose_referenced_issues,
    ...(featureAllows(world, user, project, 'issues') && { open_issues_count: openIssues(project.id) }),
    // `cache_markdown_field :description, pipeline: :description` (`app/models/project.rb`); a blank description is
    // itself (`Banzai::Renderer.cacheless_render`: `return text.to_s unless text.present?`).
    description_html: project.description.trim() === '' ? project.description : plainMarkdown(project.description),
    // The mock keeps no update time: a project is as it was made (GitLab's `updated_at` equals `created_at` then).
    updated_at: project.created_at,
    // `with_options if: admin_project` (`lib/api/entities/project.rb`): the CI/CD settings, at a new project's values
    // (the mock keeps none of them). `ProjectCiCdSetting`: `DEFAULT_GIT_DEPTH = 20` (`set_default_git_depth`),
    // `attribute :forward_deployment_enabled, default: true`, `attribute :separated_caches, default: true`;
    // `db/structure.sql` (`project_ci_cd_settings`): `forward_deployment_rollback_allowed`,
    // `allow_fork_pipelines_to_run_in_parent_project`, `keep_latest_artifact` and `group_runners_enabled`
    // `DEFAULT true`, `resource_group_default_process_mode` `DEFAULT 0` (`unordered`). The minimum override role is
    // the root namespace's `pipeline_variables_default_role` (`set_pipeline_variables_secure_defaults`): `DEFAULT 2`,
    // `developer`, kept while the instance's `pipeline_variables_default_allowed` is on (its default, in 18.6 too;
    // `NamespaceSetting#set_pipeline_variables_default_role`), so variables are not restricted
    // (`restrict_user_defined_variables?`: the role is not `developer`). `keep_latest_artifact` is
    // `keep_latest_artifacts_available?`: the instance's `keep_latest_artifact` (`DEFAULT true`) and the project's.
    ...(adminProject && {
      ci_default_git_depth: 20,
      ci_forward_deployment_enabled: true,
      ci_forward_deployment_rollback_allowed: true,
      ci_separated_caches: true,
      ci_allow_fork_pipelines_to_run_in_parent_project: true,
      keep_latest_artifact: true,
      restrict_user_defined_variables: false,
      ci_pipeline_variables_minimum_override_role: 'developer',
      group_runners_enabled: true,
      resource_group_default_process_mode: 'unordered',
    }),
    // `project_settings.warn_about_potentially_unwanted_characters` `DEFAULT true` (`db/structure.sql`).
    warn_about_potentially_unwanted_characters: true,
    approvals_before_merge: project.approvals_before_merge,
    // `expose :statistics, if: options[:statistics] && read_statistics` (`lib/api/entities/project.rb`): the
    // mock keeps no repository, wiki, artifact, package or upload sizes, so each is 0.
    ...(options.statistics &&
      can(world, user, 'read_statistics', project) && {
        statistics: {
          commit_count: 0,
          storage_size: 0,
          repository_size: 0,
          wiki_size: 0,
          lfs_objects_size: 0,
          job_artifacts_size: 0,
          pipeline_artifacts_size: 0,
          packages_size: 0,
          snippets_size: 0,
          uploads_size: 0,
          container_registry_size: 0,
        },
      }),
    // EE's entity adds `requirements_access_level` (`ee/lib/ee/api/entities/project.rb`).
    requirements_access_level: featureLevel(project, 'requirements'),
    ...(roles && {
      permissions: {
        project_access: access(directRole(world, project, user.id)),
        group_access: access(group ? roles.group(group) : 0),
      },
    }),
  };
}

/**
 * {@link presentProject} with the caller's permissions (ProjectWithAccess), roles derived for this
 * one project, and the groups it is shared with that the caller can see (`GET /projects/:id`; GitLab's
 * lists show them too, which the mock leaves out of its lists).
 */
export const presentProjectWithAccess = (
  world: World,
  user: User,
  project: ProjectRecord,
  options: { statistics?: boolean } = {},
): Project => ({
  // `with: current_user ? Entities::ProjectWithAccess : ...` (`lib/api/projects.rb`, `get ":id"`): no
  // `permissions` without a token.
  ...presentProject(world, user, project, isAnonymous(user) ? undefined : rolesOf(world, user), undefined, {
    importError: true,
    statistics: options.statistics === true,
  }),
  shared_with_groups: presentSharedWith(world, user, project),
});

import type { Group, GroupDetail, GroupProject, PublicGroup, SharedGroup } from '../../src/models/groups.js';
import { fullName, groupDetailProjects, groupSharedProjects } from '../rules/groups.js';
import { personalNamespaceId } from '../rules/namespaces.js';
import { can, canReadGroup } from '../rules/policy.js';
import { sharesOfGroup, sharesOfProject } from '../world/shares.js';
import type { Caller, Group as GroupRecord, Project, User, World } from '../world/types.js';
import { presentProjectIdentity } from './project-identity.js';

/**
 * Groups in GitLab's key order: the `Group` entity of lists and the
 * `GroupDetail` of `GET /groups/:id` (`lib/api/entities/group.rb`,
 * `group_detail.rb`). Settings the world does not model answer GitLab's
 * defaults for a new group.
 * @module
 */

const groupUrl = (world: World, group: GroupRecord) => `${world.baseUrl}/groups/${group.full_path}`;

/** GitLab's PublicGroupDetails entity (`lib/api/entities/public_group_details.rb`): `GET /projects/:id/groups`. */
export function presentPublicGroup(world: World, group: GroupRecord): PublicGroup {
  return {
    id: group.id,
    web_url: groupUrl(world, group),
    name: group.name,
    avatar_url: null,
    full_name: fullName(world, group),
    full_path: group.full_path,
  };
}

/** The Group entity; `statistics` only when an administrator asked for them (the mock stores nothing: zeros). */
export function presentGroup(world: World, group: GroupRecord, options: { statistics?: boolean } = {}): Group {
  const settings = group.settings ?? {};
  const emailsDisabled = settings.emails_disabled ?? false;
  return {
    id: group.id,
    web_url: groupUrl(world, group),
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: group.visibility,
    share_with_group_lock: group.share_with_group_lock ?? false,
    require_two_factor_authentication: false,
    two_factor_grace_period: 48,
    project_creation_level: group.project_creation_level ?? 'developer',
    auto_devops_enabled: null,
    subgroup_creation_level: group.subgroup_creation_level ?? 'maintainer',
    emails_disabled: emailsDisabled,
    emails_enabled: !emailsDisabled,
    show_diff_preview_in_email: settings.show_diff_preview_in_email ?? true,
    mentions_disabled: null,
    lfs_enabled: true,
    archived: false,
    math_rendering_limits_enabled: true,
    lock_math_rendering_limits_enabled: false,
    default_branch: settings.default_branch ?? null,
    default_branch_protection: settings.default_branch_protection ?? 2,
    // As sent, when it was (GitLab keeps the hash as given); else the instance default.
    default_branch_protection_defaults: settings.default_branch_protection_defaults ?? {
      allowed_to_push: [{ access_level: 40 }],
      allow_force_push: false,
      allowed_to_merge: [{ access_level: 40 }],
      developer_can_initial_push: false,
    },
    avatar_url: null,
    request_access_enabled: group.request_access_enabled ?? true,
    full_name: fullName(world, group),
    full_path: group.full_path,
    created_at: group.created_at,
    parent_id: group.parent_id,
    organization_id: 1,
    shared_runners_setting: settings.shared_runners_setting ?? 'enabled',
    max_artifacts_size: settings.max_artifacts_size ?? null,
    ...(options.statistics && {
      statistics: {
        storage_size: 0,
        repository_size: 0,
        wiki_size: 0,
        lfs_objects_size: 0,
        job_artifacts_size: 0,
        pipeline_artifacts_size: 0,
        packages_size: 0,
        snippets_size: 0,
        uploads_size: 0,
      },
    }),
    // The group's own schedule (`deletion_schedule.marked_for_deletion_on`), not an ancestor's.
    marked_for_deletion_on: group.marked_for_deletion_on ?? null,
  };
}

/**
 * A project as a group's details embed it: the leading fields of GitLab's Project
 * entity (its `BasicProjectDetails` part), which is all the world knows of a project.
 * No `ssh_url_to_repo`: the mock serves no SSH, and its host is not the API's.
 */
export function presentGroupProject(world: World, project: Project): GroupProject {
  const group = project.namespace.kind === 'group' ? world.groups.get(project.namespace.id) : undefined;
  const owner = project.namespace.kind === 'user' ? world.users.get(project.namespace.id) : undefined;
  return {
    ...presentProjectIdentity(world, project),
    default_branch: 'main',
    tag_list: [],
    topics: [],
    http_url_to_repo: `${world.baseUrl}/${project.path_with_namespace}.git`,
    web_url: `${world.baseUrl}/${project.path_with_namespace}`,
    readme_url: null,
    forks_count: 0,
    avatar_url: null,
    star_count: 0,
    last_activity_at: project.created_at,
    visibility: project.visibility,
    namespace: {
      id: owner ? personalNamespaceId(owner) : project.namespace.id,
      name: group?.name ?? owner?.username ?? '',
      path: group?.path ?? owner?.username ?? '',
      kind: project.namespace.kind,
      full_path: group?.full_path ?? owner?.username ?? '',
      parent_id: group?.parent_id ?? null,
      avatar_url: null,
      web_url: group ? groupUrl(world, group) : `${world.baseUrl}/${owner?.username ?? ''}`,
    },
  };
}

/**
 * The groups a group or project is shared with (`SharedGroupWithGroup`, `SharedGroupWithProject`):
 * those the caller can see (`shared_with_group_links_visible_to_user`, `visible_group_links`),
 * in the order they were shared.
 */
export function presentSharedWith(world: World, user: User, source: GroupRecord | Project): SharedGroup[] {
  const links =
    'full_path' in source
      ? sharesOfGroup(world, source.id).map((l) => ({ ...l, group_id: l.shared_with_group_id }))
      : sharesOfProject(world, source.id);
  const out: SharedGroup[] = [];
  for (const link of links) {
    const group = world.groups.get(link.group_id);
    if (!group || !canReadGroup(world, user, group)) continue;
    out.push({
      group_id: group.id,
      group_name: group.name,
      group_full_path: group.full_path,
      group_access_level: link.group_access,
      expires_at: link.expires_at,
    });
  }
  return out;
}

/**
 * GroupDetail: the Group entity, the groups it is shared with (those the caller can see), its
 * runners token and Git protocols for those who administer it (Owner; only where GitLab's route
 * passes `user_can_admin_group`: `GET` and `PUT`, not the writes that `present` the group
 * themselves), and, with `withProjects`, up to 100 of its own projects and of the projects shared
 * with it that the caller may read.
 */
export function presentGroupDetail(
  world: World,
  caller: Caller,
  group: GroupRecord,
  options: { withProjects: boolean; adminFields?: boolean },
): GroupDetail {
  const administers = (options.adminFields ?? true) && can(world, caller.user, 'admin_group', group);
  const root = group.parent_id === null;
  return {
    ...presentGroup(world, group),
    shared_with_groups: presentSharedWith(world, caller.user, group),
    // A stable stand-in derived from the id: a reloaded export answers the same.
    ...(administers && { runners_token: `GR1348941mock${String(group.id).padStart(11, '0')}` }),
    ...(root && administers && { enabled_git_access_protocol: group.settings?.enabled_git_access_protocol ?? 'all' }),
    ...(root && { prevent_sharing_groups_outside_hierarchy: false }),
    ...(options.withProjects && {
      projects: groupDetailProjects(world, caller.user, group).map((p) => presentGroupProject(world, p)),
      shared_projects: groupSharedProjects(world, caller.user, group).map((p) => presentGroupProject(world, p)),
    }),
  };
}

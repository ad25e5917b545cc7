import { type ApiError, badRequest, forbidden, notFound, unauthorized } from '../http/errors.js';
import { directRole, groupChain, isGroup, membershipCounts, projectGroup, sourceName } from '../world/memberships.js';
import { shareCounts, sharesOfGroup, sharesOfProject } from '../world/shares.js';
import {
  type AccessToken,
  type BranchAccessLevel,
  type Caller,
  type Event,
  type FeatureAccessLevel,
  type Group,
  type Issue,
  isAnonymous,
  type MergeRequest,
  type NamespaceRecord,
  PROJECT_SETTING_DEFAULTS,
  type Project,
  type ProjectCreationLevel,
  type ProjectFeature,
  type ProtectedBranch,
  ROLE_NAMES,
  type Role,
  Roles,
  type User,
  type Visibility,
  type World,
} from '../world/types.js';

/**
 * Who may do what: the mock's one permission rule set, GitLab's policies
 * (`app/policies/*_policy.rb`) in one file. Roles are inherited down the group
 * tree; visibility opens groups and projects to non-members; each ability is
 * decided here once, under GitLab's own name, and asked by that name:
 * `authorize(world, caller, 'read_code', project)` throws GitLab's refusal (a
 * handler's check, as `authorize!` in `lib/api/helpers.rb`), `can(world, user,
 * 'admin_label', project)` answers yes or no (a rule that words its own refusal,
 * or filters a list). No handler or rule compares a role number itself to decide
 * a permission. Policy lines cite GitLab 18.9's `app/policies` (the abilities
 * and roles are the same in 18.6, the version the mock answers as).
 * @module
 */

// ---- Roles -----------------------------------------------------------------

/** The name of a role number (`Developer`), or `no role`. */
export function roleName(role: number): string {
  return (ROLE_NAMES as Record<number, string>)[role] ?? 'no role';
}

/** `dev is Developer in project acme/api`, or `dev is not a member of project acme/api`: a reason's words. */
export function roleIn(user: User, role: number, where: string): string {
  return role === 0
    ? `${user.username} is not a member of ${where}`
    : `${user.username} is ${roleName(role)} in ${where}`;
}

/**
 * A user's role in a group: the highest of its own and its ancestors' memberships, and of the
 * shares of those groups with groups the user is a direct member of, each capped at the share's
 * `group_access` (0 = none); expired memberships and shares do not count. GitLab's
 * `Members::MembersWithParents#members_from_self_and_ancestor_group_shares`: `LEAST(group_access,
 * access_level)` over the direct members of the invited group.
 */
export function groupRole(world: World, user: User, group: Group): Role | 0 {
  if (user.admin) return 50;
  return membershipGroupRole(world, user, group);
}

/** {@link groupRole} by memberships and shares only, an administrator's status aside. */
export function membershipGroupRole(world: World, user: User, group: Group): Role | 0 {
  let role: Role | 0 = 0;
  const shared = world.groupShares.size > 0;
  for (const g of groupChain(world, group)) {
    role = Math.max(role, directRole(world, g, user.id)) as Role | 0;
    if (shared) role = Math.max(role, groupShareRole(world, user, g)) as Role | 0;
  }
  return role;
}

/** The role a user gets in one group (not its ancestors) through its shares with groups the user is a direct member of. */
export function groupShareRole(world: World, user: User, group: Group): Role | 0 {
  let role: Role | 0 = 0;
  for (const link of sharesOfGroup(world, group.id)) {
    const invited = world.groups.get(link.shared_with_group_id);
    if (!invited || !shareCounts(world, link)) continue;
    role = Math.max(role, Math.min(link.group_access, directRole(world, invited, user.id))) as Role | 0;
  }
  return role;
}

/**
 * The role a user gets in a project through its shares with groups: their role in the invited
 * group (its ancestors and the groups shared with it included), capped at the share's
 * `group_access` (`Gitlab::ProjectAuthorizations#projects_shared_with_namespaces_user_has_access_to`).
 */
export function projectShareRole(world: World, user: User, project: Project): Role | 0 {
  let role: Role | 0 = 0;
  for (const link of sharesOfProject(world, project.id)) {
    const invited = world.groups.get(link.group_id);
    if (!invited || !shareCounts(world, link)) continue;
    role = Math.max(role, Math.min(link.group_access, membershipGroupRole(world, user, invited))) as Role | 0;
  }
  return role;
}

/**
 * A user's role in a project: direct, inherited from its groups, through the project's shares
 * with groups, or Owner of a personal namespace (0 = none).
 */
export function projectRole(world: World, user: User, project: Project): Role | 0 {
  if (user.admin) return 50;
  if (project.namespace.kind === 'user' && project.namespace.id === user.id) return 50;
  const direct = directRole(world, project, user.id);
  const group = projectGroup(world, project);
  const role = Math.max(direct, group ? groupRole(world, user, group) : 0) as Role | 0;
  // Without any project share (the usual world) this costs one size check.
  return world.projectShares.size === 0 ? role : (Math.max(role, projectShareRole(world, user, project)) as Role | 0);
}

/** A user's role where a project's or group's members are (admins 50). */
export const roleInSource = (world: World, user: User, source: Project | Group): Role | 0 =>
  isGroup(source) ? groupRole(world, user, source) : projectRole(world, user, source);

/**
 * The role behind `admin_project` (Maintainer) and `admin_group` (Owner): who manages a project's
 * or group's hooks, members, access tokens and approval settings.
 */
export const adminRole = (source: Project | Group): Role => (isGroup(source) ? Roles.Owner : Roles.Maintainer);

// ---- Visibility --------------------------------------------------------------

/**
 * Whether a group or project of this visibility is open to a user with this role in it: members,
 * administrators and public ones to all; internal ones to every signed-in user but bots, which see
 * only their own project (`ProjectPolicy`'s `public_project`, `internal_access`, `guest` conditions).
 */
export function visibleWithRole(visibility: Visibility, user: User, role: number): boolean {
  if (user.admin || role > 0 || visibility === 'public') return true;
  // ProjectPolicy `rule { anonymous & ~public_project }.prevent_all`: internal is for signed-in users.
  return visibility === 'internal' && !user.bot && !isAnonymous(user);
}

/** Whether a group or project of this visibility is open to a user without any membership: public, or internal for humans. */
export function openTo(visibility: Visibility, user: User): boolean {
  return visibleWithRole(visibility, user, 0);
}

/** GitLab's `read_project`. */
export const canReadProject = (world: World, user: User, project: Project) =>
  visibleWithRole(project.visibility, user, projectRole(world, user, project));

/**
 * The ids of the groups a user belongs around: those they are a member of, or
 * whose ancestor, subgroup or project they are a member of. These are GitLab's
 * authorized groups of the user and their ancestors, what `GET /groups` lists by
 * default (an admin's status counts for nothing here).
 */
export function groupsAround(world: World, user: User): Set<number> {
  const around = new Set<number>();
  const withAncestors = (group: Group | null) => {
    if (group) for (const g of groupChain(world, group)) around.add(g.id);
  };
  for (const g of world.groups.values()) {
    if (groupChain(world, g).some((a) => membershipCounts(world, a, user.id))) around.add(g.id);
    if (membershipCounts(world, g, user.id)) withAncestors(g);
  }
  for (const p of world.projects.values()) {
    if (membershipCounts(world, p, user.id)) withAncestors(projectGroup(world, p));
  }
  // `User#authorized_groups` also holds the groups shared with a group the user is a direct member of
  // (and their descendants), and the groups (with ancestors) of the projects shared with a group the
  // user belongs to (GroupPolicy's `has_projects` then lets them read those groups).
  if (world.groupShares.size > 0 || world.projectShares.size > 0) {
    const direct = (groupId: number) => {
      const g = world.groups.get(groupId);
      return g !== undefined && membershipCounts(world, g, user.id);
    };
    const shared = new Set<number>();
    for (const link of world.groupShares.values()) {
      if (shareCounts(world, link) && direct(link.shared_with_group_id)) shared.add(link.shared_group_id);
    }
    if (shared.size > 0) {
      for (const g of world.groups.values()) if (groupChain(world, g).some((a) => shared.has(a.id))) around.add(g.id);
    }
    // A project shared with a group authorizes the group's members, inherited ones too
    // (`Gitlab::ProjectAuthorizations`): its groups are then the user's (`has_projects` reads them).
    for (const link of world.projectShares.values()) {
      const invited = world.groups.get(link.group_id);
      if (!shareCounts(world, link) || !invited || groupRole(world, user, invited) === 0) continue;
      const project = world.projects.get(link.project_id);
      if (project) withAncestors(projectGroup(world, project));
    }
  }
  return around;
}

/**
 * GitLab's `Group.public_or_visible_to_user` (app/models/group.rb): the group is public (or internal,
 * for a human), or one of `User#authorized_groups` (app/models/user.rb): a group the user is a member
 * of or below one, one shared with a group they directly belong to (or below it), or a group of a
 * project they are authorized for, with its ancestors. Unlike `read_group`, membership of a subgroup
 * alone does not open a private parent, and an administrator's status counts for nothing.
 */
export function publicOrVisibleToUser(world: World, user: User, group: Group): boolean {
  if (openTo(group.visibility, user)) return true;
  if (groupChain(world, group).some((g) => membershipCounts(world, g, user.id))) return true;
  for (const link of world.groupShares.values()) {
    const invited = world.groups.get(link.shared_with_group_id);
    if (!shareCounts(world, link) || !invited || !membershipCounts(world, invited, user.id)) continue;
    const shared = world.groups.get(link.shared_group_id);
    if (shared && groupChain(world, group).includes(shared)) return true;
  }
  // `authorized_projects.select(:namespace_id)`, self and ancestors: projects the user has a role in
  // as a member (an administrator's status is no project authorization).
  const member = user.admin ? { ...user, admin: false } : user;
  for (const project of world.projects.values()) {
    const home = projectGroup(world, project);
    if (home && groupChain(world, home).includes(group) && projectRole(world, member, project) > 0) return true;
  }
  return false;
}

/**
 * GitLab's `read_group`: by its visibility, by membership in it or an ancestor,
 * or, as in GitLab, by membership in one of its subgroups or projects (a member
 * of `acme/platform` can see the private `acme`).
 */
export function canReadGroup(world: World, user: User, group: Group): boolean {
  // Membership in the group or an ancestor first: it needs no look at the rest of the world.
  return (
    visibleWithRole(group.visibility, user, groupRole(world, user, group)) || groupsAround(world, user).has(group.id)
  );
}

/**
 * GitLab's `read_group_member`: by the group's visibility or a membership in it or an ancestor.
 * Seeing the group only through a subgroup or project is not enough (GitLab answers 403).
 */
export const canReadGroupMembers = (world: World, user: User, group: Group): boolean =>
  visibleWithRole(group.visibility, user, groupRole(world, user, group));

// ---- Project features -----------------------------------------------------------

/** A project feature's access level (`ProjectFeature#access_level`): the project's own, else GitLab's default. */
export function featureLevel(project: Project, feature: ProjectFeature): FeatureAccessLevel {
  const key = `${feature}_access_level` as const;
  return project.settings?.[key] ?? PROJECT_SETTING_DEFAULTS[key];
}

/**
 * The lowest role a `private` feature opens to (`ProjectFeature::PRIVATE_FEATURES_MIN_ACCESS_LEVEL`):
 * Reporter for merge requests, container and package registries, environments; Guest for the rest.
 */
const FEATURE_MIN_ROLE: Partial<Record<ProjectFeature, Role>> = {
  merge_requests: Roles.Reporter,
  container_registry: Roles.Reporter,
  package_registry: Roles.Reporter,
  environments: Roles.Reporter,
};

/**
 * ProjectPolicy's `access_allowed_to?(feature)` (`app/policies/project_policy.rb`), behind its
 * `issues_disabled`, `merge_requests_disabled`, `repository_disabled` conditions: `disabled` for
 * everyone, administrators included; `private` for administrators and members from the feature's
 * lowest role; `enabled` (and `public`) for whoever reads the project.
 */
export function featureAllows(world: World, user: User, project: Project, feature: ProjectFeature): boolean {
  const level = featureLevel(project, feature);
  if (level === 'disabled') return false;
  if (level !== 'private' || user.admin) return true;
  return projectRole(world, user, project) >= (FEATURE_MIN_ROLE[feature] ?? Roles.Guest);
}

/** Why a feature is closed to a user, in a reason's words. */
const featureClosed = (world: World, user: User, project: Project, feature: ProjectFeature) =>
  featureLevel(project, feature) === 'disabled'
    ? `the ${feature.replace('_', ' ')} feature of project ${project.path_with_namespace} is disabled`
    : `the ${feature.replace('_', ' ')} feature of project ${project.path_with_namespace} is private and ${roleIn(user, projectRole(world, user, project), 'it')}`;

/** The first of these features closed to the user, if any. */
const closedFeature = (world: World, user: User, project: Project, features: readonly ProjectFeature[]) =>
  features.find((f) => !featureAllows(world, user, project, f));

/**
 * GitLab's `read_code` (the repository: branches, commits): anyone who sees a public or
 * internal project; in a private project, Reporter and up (Guests get 403, and in 18.6 Planners
 * too: `read_code` came to the Planner block only in 18.7, MR !212966); never with the
 * repository feature closed to the caller (`rule { repository_disabled }.prevent :read_code`).
 */
export function canReadCode(world: World, user: User, project: Project): boolean {
  if (!canReadProject(world, user, project) || !featureAllows(world, user, project, 'repository')) return false;
  return project.visibility !== 'private' || projectRole(world, user, project) >= Roles.Reporter;
}

/**
 * GitLab's `read_merge_request`: merge requests of a private project are readable from Planner up
 * (ProjectPolicy `rule { can?(:planner_access) }.policy { ... enable :read_merge_request }`, since
 * 17.8's MR !175444 without `download_code`; Guests get 403); never with the merge requests or
 * repository feature closed to the caller
 * (`rule { merge_requests_disabled | repository_disabled }.policy { prevent :read_merge_request ... }`).
 */
export function canReadMergeRequests(world: World, user: User, project: Project): boolean {
  if (!canReadProject(world, user, project)) return false;
  if (closedFeature(world, user, project, ['merge_requests', 'repository'])) return false;
  return project.visibility !== 'private' || projectRole(world, user, project) >= Roles.Planner;
}

/**
 * GitLab's `read_issue`: confidential issues only from Planner up, or to their author or an assignee;
 * none with the issues feature closed to the caller (`rule { issues_disabled }.prevent :read_issue`).
 */
export function canReadIssue(world: World, user: User, project: Project, issue: Issue): boolean {
  if (!canReadProject(world, user, project) || !featureAllows(world, user, project, 'issues')) return false;
  if (!issue.confidential) return true;
  return (
    projectRole(world, user, project) >= Roles.Planner ||
    issue.author_id === user.id ||
    issue.assignee_ids.includes(user.id)
  );
}

/**
 * GitLab's `read_event` (EventPolicy: `rule { visible_to_user }.enable :read_event`, from `Event#visible_to_user?`): its project (or group) must be readable,
 * an issue's event needs the issue (confidential ones too), a merge request's the project's
 * merge requests.
 */
export function canReadEvent(world: World, user: User, event: Event): boolean {
  if (event.project_id === null) {
    const group: Group | undefined = event.group_id === null ? undefined : world.groups.get(event.group_id);
    return group !== undefined && canReadGroup(world, user, group);
  }
  const project = world.projects.get(event.project_id);
  if (!project || !canReadProject(world, user, project)) return false;
  if (event.target_type === 'MergeRequest') return canReadMergeRequests(world, user, project);
  if (event.target_type === 'Issue') {
    const issue = event.target_id === null ? undefined : world.issues.get(event.target_id);
    return issue === undefined || canReadIssue(world, user, project, issue);
  }
  return true;
}

/**
 * GitLab's `read_namespace`: a user's own namespace; a group the user has access to
 * (a membership in it or an ancestor: GroupPolicy's `has_access`, so a public group
 * is not enough); administrators read every namespace.
 */
export function canReadNamespace(world: World, user: User, ns: NamespaceRecord): boolean {
  if (user.admin) return true;
  return ns.kind === 'user' ? ns.user.id === user.id : groupRole(world, user, ns.group) > 0;
}

/**
 * Whether a protected branch's access level lets a user with `role` through, as GitLab's
 * `ProtectedRefAccess#check_access` (app/models/concerns/protected_ref_access.rb): `0` lets no one,
 * `60` only instance administrators (`return current_user.admin? if admin_access?`, whatever their
 * role in the project), any other level every role from it up.
 */
export function accessLevelAllows(user: User, role: Role | 0, level: BranchAccessLevel): boolean {
  if (level === 0) return false;
  if (level === 60) return user.admin;
  return role >= level;
}

/**
 * GitLab's `can_unprotect?` (`ProtectedBranchPolicy`) and `push_to_delete_protected_branch`:
 * Maintainer, and, when the protection has an unprotect access level (Premium), that level
 * (`ee/app/models/concerns/ee/protected_branch.rb` `can_unprotect?`, `check_access` of each level).
 */
function canUnprotect(world: World, user: User, project: Project, branch: ProtectedBranch): boolean {
  const level = branch.unprotect_access_level?.access_level;
  const role = projectRole(world, user, project);
  if (role < Roles.Maintainer) return false;
  return level === undefined || accessLevelAllows(user, role, level);
}

// ---- Anonymous callers -------------------------------------------------------------

/**
 * The routes GitLab 18.6 serves to a request without a token (`current_user` nil), each with the
 * line that lets it through; every other route is 401 before anything else (SPEC 5 (1), SPEC 8).
 * GitLab authenticates first where a file or route says `before { authenticate! }` (members,
 * labels, namespaces, group milestones, hooks, metadata, `/user`, personal access tokens),
 * `authenticated_as_admin!`, or `authenticate_non_get!` for a write; the six areas of the API
 * reference (applications, access tokens, approvals and their settings, SCIM, project milestones)
 * keep the reference's rule (R5: every endpoint needs an authenticated caller). What an anonymous
 * caller then sees is {@link ANONYMOUS}'s: public groups, projects and users only (`visibleWithRole`).
 */
export const ANONYMOUS_ROUTES: Readonly<Record<string, string>> = {
  'GET /projects': 'lib/api/projects.rb: `authenticate_non_get!` only; public projects',
  'GET /projects/:id': 'lib/api/projects.rb: `find_project!` (a private project is 404)',
  'GET /projects/:id/groups':
    'lib/api/projects.rb: `authenticate_non_get!` only; `user_project` (a private project is 404)',
  'GET /projects/:id/share_locations':
    'lib/api/projects.rb: `authenticate_non_get!` only; `user_project`; none unless `admin_project`',
  'GET /groups/:id/projects': 'lib/api/groups.rb: `authenticate_non_get!`; `find_group_projects`',
  'GET /groups': 'lib/api/groups.rb: `authenticate_non_get!`; `GroupsFinder` public groups',
  'GET /groups/:id': 'lib/api/groups.rb: `find_group!` (a private group is 404)',
  'GET /groups/:id/subgroups': 'lib/api/groups.rb: `find_groups(..., params[:id])`',
  'GET /groups/:id/descendant_groups': 'lib/api/groups.rb: `find_groups(..., params[:id])`',
  'GET /issues': "lib/api/issues.rb: `authenticate! unless params[:scope] == 'all'` (in the route)",
  'GET /projects/:id/issues': 'lib/api/issues.rb: `before { authenticate_non_get! }`, `user_project`',
  'GET /groups/:id/issues':
    'lib/api/issues.rb: `before { authenticate_non_get! }`; `user_group` (a private group is 404), its public projects',
  'GET /issues_statistics': "lib/api/issues.rb: `authenticate! unless params[:scope] == 'all'` (in the route)",
  'GET /projects/:id/issues_statistics': 'lib/api/issues.rb: `before { authenticate_non_get! }`, `user_project`',
  'GET /groups/:id/issues_statistics':
    'lib/api/issues.rb: `before { authenticate_non_get! }`; `user_group` (a private group is 404), its public projects',
  'GET /projects/:id/issues/:issue_iid': 'lib/api/issues.rb: `before { authenticate_non_get! }`',
  'GET /merge_requests': "lib/api/merge_requests.rb: `authenticate! unless params[:scope] == 'all'` (in the route)",
  'GET /projects/:id/merge_requests':
    'lib/api/merge_requests.rb: `authenticate_non_get!`; `authorize! :read_merge_request`',
  'GET /groups/:id/merge_requests':
    'lib/api/merge_requests.rb: `authenticate_non_get!`; `user_group` (a private group is 404), its public projects',
  'GET /projects/:id/merge_requests/:merge_request_iid': 'lib/api/merge_requests.rb: `find_merge_request_with_access`',
  'GET /projects/:id/merge_requests/:merge_request_iid/participants':
    'lib/api/merge_requests.rb: `authenticate_non_get!`, `find_merge_request_with_access`',
  'GET /projects/:id/repository/branches': 'lib/api/branches.rb: `require_repository_enabled!`, `authorize_read_code!`',
  'GET /projects/:id/repository/branches/:branch': 'lib/api/branches.rb: `authorize_read_code!`',
  'POST /projects/:id/repository/branches':
    'lib/api/branches.rb: no `authenticate!`; `require_repository_enabled!` finds the project (404), `authorize_push_project` (403)',
  'DELETE /projects/:id/repository/branches/:branch':
    'lib/api/branches.rb: no `authenticate!`; `require_repository_enabled!` finds the project (404), `authorize_push_project` (403)',
  'PUT /projects/:id/repository/branches/:branch/protect':
    'lib/api/branches.rb: no `authenticate!`; `require_repository_enabled!` finds the project (404), `authorize_admin_project` (403)',
  'PUT /projects/:id/repository/branches/:branch/unprotect':
    'lib/api/branches.rb: no `authenticate!`; `require_repository_enabled!` finds the project (404), `authorize_admin_project` (403)',
  'DELETE /projects/:id/repository/merged_branches':
    'lib/api/branches.rb: no `authenticate!`; `require_repository_enabled!` finds the project (404), `authorize_push_project` (403)',
  'GET /projects/:id/protected_branches': 'lib/api/protected_branches.rb: `authorize_read_code!`, no `authenticate!`',
  'GET /projects/:id/protected_branches/:name': 'lib/api/protected_branches.rb: `authorize_read_code!`',
  'GET /projects/:id/events': 'lib/api/project_events.rb: `find_events(user_project)`, no `authenticate!`',
  'GET /users': 'lib/api/users.rb: `authenticate_non_get!`; anonymous only with `username` (in the route)',
  'GET /users/:id': "lib/api/users.rb: `forbidden!('Not authorized!') unless current_user` (in the route)",
  'GET /users/:id/events': "lib/api/events.rb: `find_user`, `not_found!('User') unless user`",
  'GET /users/:user_id/projects':
    "lib/api/projects.rb: `authenticate_non_get!`; `find_user`, `not_found!('User') unless user`; public projects",
  'GET /users/:user_id/keys':
    'lib/api/users.rb: `can?(current_user, :read_user, user)` (UserPolicy: `~restricted_public_level`)',
  'GET /users/:id/keys/:key_id': 'lib/api/users.rb: `can?(current_user, :read_user, user)`',
};

/** Whether GitLab 18.6 lets a request without a token reach the route (`METHOD /path` as declared). */
export const servesAnonymous = (method: string, path: string): boolean =>
  Object.hasOwn(ANONYMOUS_ROUTES, `${method} ${path}`);

// ---- Abilities -----------------------------------------------------------------

/** The subject of an instance-wide ability (GitLab's `GlobalPolicy`: `can?(user, :ability)` with no subject). */
export type Instance = 'instance';
/** A protected branch as it applies to one project's branch (a group-level one covers many projects). */
export interface ProtectedBranchIn {
  project: Project;
  branch: ProtectedBranch;
}

/**
 * Every ability the mock decides, by GitLab's name, with the subject it is asked of. The read
 * abilities that only filter lists (`read_issue`, `read_event`, `read_namespace`) are the
 * predicates above ({@link canReadIssue}, {@link canReadEvent}, {@link canReadNamespace}): no route
 * refuses with them, so they need no refusal.
 */
export interface Abilities {
  admin_all_resources: Instance;
  change_repository_storage: Instance;
  use_project_statistics_filters: Instance;
  read_web_hook: Project | Group | Instance;
  admin_web_hook: Project | Group | Instance;
  read_project: Project;
  admin_project: Project;
  admin_issue: Project;
  read_code: Project;
  read_statistics: Project;
  push_code: Project;
  read_merge_request: Project;
  create_merge_request_from: Project;
  create_merge_request_in: Project;
  modify_approvers_rules: Project;
  admin_label: Project | Group;
  set_issue_metadata: Project;
  set_issue_updated_at: Project;
  set_issue_created_at: Project;
  set_issue_iid: Project;
  read_protected_branch: Project;
  create_protected_branch: Project;
  update_protected_branch: ProtectedBranchIn;
  destroy_protected_branch: ProtectedBranchIn;
  push_to_delete_protected_branch: ProtectedBranchIn;
  read_project_member: Project;
  admin_project_member: Project;
  update_approvers: Project;
  read_group: Group;
  admin_group: Group;
  create_group: Instance;
  create_subgroup: Group;
  change_group: Group;
  change_share_with_group_lock: Group;
  update_max_artifacts_size: Group;
  create_group_link: Project | Group;
  read_namespace_via_membership: Group;
  delete_group_link: Project | Group;
  read_group_member: Group;
  admin_group_member: Group;
  admin_milestone: Project | Group;
  admin_merge_request_approval_settings: Project | Group;
  manage_owners: Project | Group;
  read_resource_access_tokens: Project | Group;
  create_resource_access_tokens: Project | Group;
  manage_resource_access_tokens: Project | Group;
  destroy_resource_access_tokens: Project | Group;
  update_issue: Issue;
  update_merge_request: MergeRequest;
  destroy_merge_request: MergeRequest;
  create_issue: Project;
  approve_merge_request: MergeRequest;
  create_projects: NamespaceRecord;
  transfer_projects: Group;
  rename_project: Project;
  change_visibility_level: Project;
  change_namespace: Project;
  archive_project: Project;
  remove_project: Project;
  remove_group: Group;
  read_user_profile: User;
  read_user_personal_access_tokens: User;
  manage_user_personal_access_token: User;
  get_user_associations_count: User;
  revoke_token: AccessToken;
}
export type Ability = keyof Abilities;

/** How one ability is decided: whether the user may, and GitLab's answer (with the journal's reason) when not. */
interface Rule<S> {
  allows(world: World, user: User, subject: S): boolean;
  refusal(world: World, user: User, subject: S): ApiError;
}

/** `403 Forbidden` naming the user's role and the one the ability needs. */
const tooLow = (user: User, role: number, where: string, needed: Role) =>
  forbidden().because(`${roleIn(user, role, where)}; this needs ${roleName(needed)}`);

/** An ability enabled from a role up in a project. */
function projectMember(min: Role): Rule<Project> {
  return {
    allows: (world, user, project) => projectRole(world, user, project) >= min,
    refusal: (world, user, project) =>
      tooLow(user, projectRole(world, user, project), `project ${project.path_with_namespace}`, min),
  };
}

/** An ability enabled from a role up in a group (inherited from its ancestors). */
function groupMember(min: Role): Rule<Group> {
  return {
    allows: (world, user, group) => groupRole(world, user, group) >= min,
    refusal: (world, user, group) => tooLow(user, groupRole(world, user, group), `group ${group.full_path}`, min),
  };
}

/** GitLab's `admin`: an administrator acting as one (`actsAsAdmin`, decided when the caller was authenticated). */
const administrator: Rule<unknown> = {
  allows: (_world, user) => user.admin,
  refusal: (_world, user) =>
    forbidden().because(
      `${user.username} does not act as an instance administrator (not one, or admin mode without the admin_mode scope)`,
    ),
};

/** One ability over projects, groups and (administrators only) the instance, each decided by its own policy. */
function scoped(rules: { project: Rule<Project>; group: Rule<Group> }): Rule<Project | Group | Instance> {
  const pick = (subject: Project | Group | Instance): Rule<never> =>
    subject === 'instance' ? administrator : isGroup(subject) ? rules.group : rules.project;
  return {
    allows: (world, user, subject) => pick(subject).allows(world, user, subject as never),
    refusal: (world, user, subject) => pick(subject).refusal(world, user, subject as never),
  };
}

/** `admin_project` (Maintainer) for a project, `admin_group` (Owner) for a group. */
const projectOrGroupAdmin = () => scoped({ project: projectMember(Roles.Maintainer), group: groupMember(Roles.Owner) });

/** The project an issue or merge request belongs to (every record names an existing one). */
const projectOf = (world: World, record: Issue | MergeRequest) => world.projects.get(record.project_id) as Project;

/** A `403` that names the rule in words of its own. */
const refusedBecause = (reason: string) => forbidden().because(reason);

/**
 * A project ability that GitLab's ProjectPolicy also takes away from an archived project
 * (`rule { archived }.policy { prevent(*archived_abilities); archived_features.each { prevent
 * :"create_#{f}", :"update_#{f}", :"admin_#{f}" } }`, `app/policies/concerns/archived_abilities.rb`
 * and its EE list: issues, merge requests, labels, milestones, approvers...), or with one of
 * its features closed to the caller (`rule { issues_disabled }`, `rule { merge_requests_disabled
 * | repository_disabled }`; `every` closed for `rule { issues_disabled & merge_requests_disabled }`).
 * The role's refusal comes first, then the archive's, then the feature's.
 */
function guarded<S>(
  rule: Rule<S>,
  projectOfSubject: (world: World, subject: S) => Project,
  when: { archived?: boolean; features?: readonly ProjectFeature[]; anyOf?: readonly ProjectFeature[] },
): Rule<S> {
  const why = (world: World, user: User, subject: S): string | undefined => {
    const project = projectOfSubject(world, subject);
    if (when.archived && project.archived) return `project ${project.path_with_namespace} is archived: it is read-only`;
    const closed = closedFeature(world, user, project, when.features ?? []);
    if (closed) return featureClosed(world, user, project, closed);
    const any = when.anyOf ?? [];
    if (any.length > 0 && any.every((f) => !featureAllows(world, user, project, f))) {
      return any.map((f) => featureClosed(world, user, project, f)).join(', and ');
    }
    return undefined;
  };
  return {
    allows: (world, user, subject) => rule.allows(world, user, subject) && why(world, user, subject) === undefined,
    refusal: (world, user, subject) =>
      rule.allows(world, user, subject)
        ? refusedBecause(why(world, user, subject) ?? '')
        : rule.refusal(world, user, subject),
  };
}

/** The project itself, for {@link guarded}. */
const itself = (_world: World, project: Project) => project;

/** GitLab's `read_project`: unseen is `404 Project Not Found`. */
const readProject: Rule<Project> = {
  allows: canReadProject,
  refusal: (_world, user, project) =>
    notFound('Project').because(
      `project ${project.path_with_namespace} is ${project.visibility} and ${user.username} is not a member`,
    ),
};

/** Features merge requests need (`merge_requests_disabled | repository_disabled`). */
const MERGE_REQUEST_FEATURES = ['merge_requests', 'repository'] as const;

/** The lowest role each `project_creation_level` lets create projects (GitLab's `*_project_creation_level` conditions); `null`: no member. */
const PROJECT_CREATION_ROLE: Readonly<Record<ProjectCreationLevel, Role | null>> = {
  developer: Roles.Developer,
  maintainer: Roles.Maintainer,
  owner: Roles.Owner,
  administrator: null,
  noone: null,
};

/**
 * GitLab's `create_projects` in a namespace. A group (GroupPolicy): `rule { owner &
 * owner_project_creation_level }`, `maintainer & maintainer_...`, `developer & developer_...`
 * enable it, by the group's `project_creation_level` (absent: `developer`, the instance's default
 * `default_project_creation`), and `rule { admin }` does; `create_projects_disabled` prevents it for
 * everyone when the level is `noone`, and for non-administrators when it is `administrator`
 * (`Group.prevent_project_creation?`). A personal namespace (NamespacePolicy): its owner, and
 * administrators.
 */
const createProjects: Rule<NamespaceRecord> = {
  allows: (world, user, ns) => {
    if (ns.kind === 'user') return user.admin || ns.user.id === user.id;
    const level = ns.group.project_creation_level ?? 'developer';
    if (level === 'noone') return false;
    if (user.admin) return true;
    const min = PROJECT_CREATION_ROLE[level];
    return min !== null && groupRole(world, user, ns.group) >= min;
  },
  refusal: (world, user, ns) => {
    if (ns.kind === 'user') {
      return refusedBecause(
        `${user.username} may not create projects in the personal namespace of ${ns.user.username}`,
      );
    }
    const level = ns.group.project_creation_level ?? 'developer';
    const min = PROJECT_CREATION_ROLE[level];
    return min === null
      ? refusedBecause(`group ${ns.group.full_path}'s project_creation_level is ${level}`)
      : tooLow(user, groupRole(world, user, ns.group), `group ${ns.group.full_path}`, min);
  },
};

/**
 * `User#blocked?` (BasePolicy's `blocked` condition, UserPolicy's `blocked_user`): the blocked,
 * LDAP-blocked, pending-approval and banned states (`access.ts` has the same test as `isBlocked`,
 * which this file cannot import).
 */
const isBlockedUser = (user: User) =>
  user.state === 'blocked' ||
  user.state === 'ldap_blocked' ||
  user.state === 'blocked_pending_approval' ||
  user.state === 'banned';

const POLICY: { [A in Ability]: Rule<Abilities[A]> } = {
  // BasePolicy: `rule { admin }.enable :admin_all_resources` (the API's `authenticated_as_admin!`).
  admin_all_resources: administrator,
  // BasePolicy: `rule { admin }.policy { enable :change_repository_storage }` (the entity's `repository_storage`).
  change_repository_storage: administrator,
  // GlobalPolicy: `rule { admin }.enable :use_project_statistics_filters` (the projects list's statistics orders).
  use_project_statistics_filters: administrator,
  // GroupPolicy: `rule { admin }.policy { enable :update_max_artifacts_size }` (Groups::UpdateService drops the
  // parameter for anyone else).
  update_max_artifacts_size: administrator,
  // GlobalPolicy (admin), ProjectPolicy `rule { can?(:admin_project) }` (Maintainer), EE GroupPolicy
  // `rule { can?(:admin_group) & group_web_hooks licensed }` (Owner; the plan is checked by the route).
  read_web_hook: projectOrGroupAdmin(),
  admin_web_hook: projectOrGroupAdmin(),
  read_project: readProject,
  // ProjectPolicy: `rule { can?(:maintainer_access) }.enable :admin_project`.
  admin_project: projectMember(Roles.Maintainer),
  // ProjectPolicy: `rule { can?(:planner_access) }` and the Reporter block `enable :admin_issue`;
  // `rule { issues_disabled }.prevent :admin_issue`.
  admin_issue: {
    allows: (world, user, project) =>
      projectRole(world, user, project) >= Roles.Planner && featureLevel(project, 'issues') !== 'disabled',
    refusal: (world, user, project) =>
      featureLevel(project, 'issues') === 'disabled'
        ? refusedBecause(`project ${project.path_with_namespace} has issues disabled`)
        : tooLow(user, projectRole(world, user, project), `project ${project.path_with_namespace}`, Roles.Planner),
  },
  read_code: {
    allows: canReadCode,
    refusal: (world, user, project) =>
      refusedBecause(
        `${roleIn(user, projectRole(world, user, project), `private project ${project.path_with_namespace}`)}; reading its repository needs Reporter`,
      ),
  },
  // ProjectPolicy: `rule { can?(:reporter_access) }.policy { ... enable :read_statistics }` (no feature
  // prevents it: a disabled repository still shows them), what `GET /projects/:id?statistics=true` asks.
  read_statistics: projectMember(Roles.Reporter),
  // ProjectPolicy: `rule { can?(:developer_access) }.enable :push_code`, and `rule { archived }.prevent :push_code`.
  // ProjectPolicy: `rule { can?(:developer_access) }.enable :push_code`, `rule { archived }.prevent :push_code`
  // (ArchivedAbilities) and `rule { repository_disabled }.prevent :push_code`.
  push_code: guarded(projectMember(Roles.Developer), itself, { archived: true, features: ['repository'] }),
  read_merge_request: {
    allows: canReadMergeRequests,
    refusal: (world, user, project) => {
      const closed = closedFeature(world, user, project, MERGE_REQUEST_FEATURES);
      return refusedBecause(
        closed
          ? featureClosed(world, user, project, closed)
          : `${user.username} is below Planner in private project ${project.path_with_namespace}: merge requests are hidden`,
      );
    },
  },
  // ProjectPolicy: `rule { can?(:developer_access) }.enable :create_merge_request_from`; archived
  // (ArchivedAbilities) and `merge_requests_disabled | repository_disabled` prevent it.
  create_merge_request_from: guarded(
    {
      allows: (world, user, project) => projectRole(world, user, project) >= Roles.Developer,
      refusal: (world, user, project) =>
        refusedBecause(
          `${roleIn(user, projectRole(world, user, project), `project ${project.path_with_namespace}`)}; opening a merge request needs Developer`,
        ),
    },
    itself,
    { archived: true, features: MERGE_REQUEST_FEATURES },
  ),
  // ProjectPolicy `create_merge_request_in` (Developer): what `authorize_read_project_approval_rule!` asks
  // of the project approval rules' readers (`ee/lib/api/helpers/project_approval_rules_helpers.rb`);
  // archived and `merge_requests_disabled | repository_disabled` prevent it.
  create_merge_request_in: guarded(projectMember(Roles.Developer), itself, {
    archived: true,
    features: MERGE_REQUEST_FEATURES,
  }),
  // EE ProjectPolicy: `rule { can?(:maintainer_access) }.policy { enable :update_approvers, :modify_approvers_rules }`;
  // `approvers` is an archived feature (EE ArchivedAbilities), so archiving prevents `update_approvers`.
  update_approvers: guarded(projectMember(Roles.Maintainer), itself, { archived: true }),
  modify_approvers_rules: projectMember(Roles.Maintainer),
  // ProjectPolicy: `rule { planner }.enable :admin_label, :admin_milestone`; archived features, and
  // `rule { issues_disabled & merge_requests_disabled }.policy { prevent :admin_label, :admin_milestone ... }`.
  // GroupPolicy: `rule { planner }.policy { enable :admin_label }` (a group label's own policy,
  // GroupLabelPolicy, delegates to its group; ProjectLabelPolicy to its project).
  admin_label: scoped({
    project: guarded(projectMember(Roles.Planner), itself, { archived: true, anyOf: ['issues', 'merge_requests'] }),
    group: groupMember(Roles.Planner),
  }),
  // IssuePolicy: `set_issue_metadata` from Planner (`can_set_issuable_metadata?`); asked of the project here.
  set_issue_metadata: projectMember(Roles.Planner),
  // ProjectPolicy: `rule { can?(:owner_access) }.policy { ... enable :set_issue_updated_at }` (admins are
  // Owners here); Issues::BaseService#filter_timestamp_params drops `updated_at` for the others.
  set_issue_updated_at: projectMember(Roles.Owner),
  // The same Owner block: `enable :set_issue_iid`, `enable :set_issue_created_at` (Issues::BaseService
  // drops `iid` and `created_at` for the others).
  set_issue_created_at: projectMember(Roles.Owner),
  set_issue_iid: projectMember(Roles.Owner),
  // `lib/api/protected_branches.rb`'s GET routes ask `authorize_read_code!` since GitLab 15.11 (MR !115495,
  // replacing `before { authorize_admin_project }`): whoever reads the code, anonymous callers of a public
  // project included; Guests and (in 18.6) Planners of a private project get 403.
  read_protected_branch: {
    allows: canReadCode,
    refusal: (world, user, project) => POLICY.read_code.refusal(world, user, project),
  },
  // ProtectedBranchPolicy: `rule { can?(:admin_project) }.enable :create_protected_branch, ...`.
  create_protected_branch: projectMember(Roles.Maintainer),
  // ProtectedBranchPolicy: `admin_project`, and `rule { ~can_unprotect }.prevent :update_protected_branch,
  // :destroy_protected_branch`.
  update_protected_branch: unprotecting(),
  destroy_protected_branch: unprotecting(),
  // ProjectPolicy `push_to_delete_protected_branch`: asked by branch deletion, which words its own refusal.
  // ArchivedAbilities prevents it in an archived project.
  push_to_delete_protected_branch: guarded(unprotecting(), (_world, { project }) => project, { archived: true }),
  // ProjectPolicy: `read_project_member` with `read_project` (the members API's `authorize_read_source_member!`).
  read_project_member: {
    allows: canReadProject,
    refusal: (world, user, project) => POLICY.read_project.refusal(world, user, project),
  },
  // ProjectPolicy: `rule { can?(:maintainer_access) }.enable :admin_project_member`.
  admin_project_member: projectMember(Roles.Maintainer),
  read_group: {
    allows: canReadGroup,
    refusal: (_world, user, group) =>
      notFound('Group').because(`group ${group.full_path} is ${group.visibility} and ${user.username} is not a member`),
  },
  // GroupPolicy: `rule { owner }.enable :admin_group`, `:admin_group_member`.
  admin_group: groupMember(Roles.Owner),
  read_group_member: {
    allows: canReadGroupMembers,
    refusal: (_world, user, group) =>
      refusedBecause(
        `${user.username} sees group ${group.full_path} only through a subgroup or project, not its members`,
      ),
  },
  admin_group_member: groupMember(Roles.Owner),
  // GlobalPolicy: `rule { can_create_group }.enable :create_group` (the user's `can_create_group`, default
  // true) and EE `rule { can?(:create_group) }.enable :create_group_via_api`, what `POST /groups` asks of a
  // top-level group (`authorize_group_creation!`). The mock's instance has no setting that turns it off.
  create_group: {
    allows: (_world, user) => user.admin || (user.can_create_group ?? true),
    refusal: (_world, user) =>
      refusedBecause(`${user.username} may not create top-level groups (can_create_group is false)`),
  },
  // GroupPolicy: `rule { owner }.policy { enable :create_subgroup }` and
  // `rule { maintainer & maintainer_can_create_group }.enable :create_subgroup` (`subgroup_creation_level`).
  create_subgroup: {
    allows: (world, user, group) => groupRole(world, user, group) >= subgroupCreator(group),
    refusal: (world, user, group) =>
      tooLow(user, groupRole(world, user, group), `group ${group.full_path}`, subgroupCreator(group)),
  },
  // GroupPolicy: `rule { owner }.policy { enable :change_group, :change_visibility_level }` (the group route asks
  // `admin_group`, Owner too, so only projects ask `change_visibility_level` below).
  change_group: groupMember(Roles.Owner),
  // GroupPolicy: `rule { owner & (~share_with_group_locked | ~has_parent | ~parent_share_with_group_locked |
  // can_change_parent_share_with_group_lock) }.enable :change_share_with_group_lock`.
  change_share_with_group_lock: {
    allows: (world, user, group) => mayChangeShareLock(world, user, group),
    refusal: (world, user, group) =>
      groupRole(world, user, group) < Roles.Owner
        ? groupMember(Roles.Owner).refusal(world, user, group)
        : refusedBecause(
            `the parent of group ${group.full_path} locks sharing and ${user.username} is not an Owner of the parent`,
          ),
  },
  // GroupPolicy `rule { owner }.policy { enable :create_group_link, :delete_group_link }`; ProjectPolicy
  // `rule { can?(:owner_access) }.policy { enable :create_group_link, :delete_group_link }`.
  create_group_link: scoped({ project: projectMember(Roles.Owner), group: groupMember(Roles.Owner) }),
  // GroupPolicy: `rule { has_access }.enable :read_namespace_via_membership` (a role in the group, its
  // ancestors or through a share; administrators count as Owners, `max_member_access_for_user`).
  read_namespace_via_membership: {
    allows: (world, user, group) => groupRole(world, user, group) > 0,
    refusal: (_world, user, group) => tooLow(user, 0, `group ${group.full_path}`, Roles.Guest),
  },
  delete_group_link: scoped({ project: projectMember(Roles.Owner), group: groupMember(Roles.Owner) }),
  // ProjectPolicy and GroupPolicy: `rule { planner }.enable :admin_milestone`.
  // A project's: an archived feature, and closed with both issues and merge requests (as `admin_label`).
  admin_milestone: scoped({
    project: guarded(projectMember(Roles.Planner), itself, { archived: true, anyOf: ['issues', 'merge_requests'] }),
    group: groupMember(Roles.Planner),
  }),
  // EE ProjectPolicy (`admin_project`) and EE GroupPolicy (`admin_group`).
  admin_merge_request_approval_settings: projectOrGroupAdmin(),
  // ProjectPolicy: `rule { owner }.enable :manage_owners`; a group's Owners likewise.
  manage_owners: scoped({ project: projectMember(Roles.Owner), group: groupMember(Roles.Owner) }),
  // ProjectPolicy and GroupPolicy: `rule { can?(:admin_project) }` / `can?(:admin_group)` enable the
  // resource access token abilities. GitLab's API answers a reader without them 401, not 403 (G2).
  read_resource_access_tokens: {
    allows: (world, user, source) => roleInSource(world, user, source) >= adminRole(source),
    refusal: (world, user, source) =>
      unauthorized().because(
        `${roleIn(user, roleInSource(world, user, source), sourceName(source))}; access tokens need ${roleName(adminRole(source))}`,
      ),
  },
  create_resource_access_tokens: projectOrGroupAdmin(),
  manage_resource_access_tokens: projectOrGroupAdmin(),
  destroy_resource_access_tokens: projectOrGroupAdmin(),
  // IssuablePolicy: `update_issue` from Planner, or as the issue's author or an assignee; archived
  // (`issue` is an archived feature) and `rule { issues_disabled }` prevent it.
  update_issue: guarded<Issue>(
    {
      allows: (world, user, issue) =>
        projectRole(world, user, projectOf(world, issue)) >= Roles.Planner ||
        issue.author_id === user.id ||
        issue.assignee_ids.includes(user.id),
      refusal: (world, user, issue) => {
        const project = projectOf(world, issue);
        return refusedBecause(
          `${roleIn(user, projectRole(world, user, project), `project ${project.path_with_namespace}`)} and is neither author nor assignee of #${issue.iid}; editing needs Planner`,
        );
      },
    },
    projectOf,
    { archived: true, features: ['issues'] },
  ),
  // ProjectPolicy `update_merge_request` (Developer); IssuablePolicy: its author or an assignee who can read it;
  // archived and `merge_requests_disabled | repository_disabled` prevent it.
  update_merge_request: guarded<MergeRequest>(
    {
      allows: (world, user, mr) => {
        const project = projectOf(world, mr);
        if (projectRole(world, user, project) >= Roles.Developer) return true;
        const own = mr.author_id === user.id || mr.assignee_ids.includes(user.id);
        return own && canReadMergeRequests(world, user, project);
      },
      refusal: (world, user, mr) => {
        const project = projectOf(world, mr);
        return refusedBecause(
          `${roleIn(user, projectRole(world, user, project), `project ${project.path_with_namespace}`)} and is neither author nor assignee of !${mr.iid}; editing needs Developer`,
        );
      },
    },
    projectOf,
    { archived: true, features: MERGE_REQUEST_FEATURES },
  ),
  // ProjectPolicy: `rule { can?(:owner_access) }.policy { enable :destroy_merge_request }`; `rule {
  // merge_requests_disabled | repository_disabled }` prevents it (app/policies/project_policy.rb).
  destroy_merge_request: guarded<MergeRequest>(
    {
      allows: (world, user, mr) => projectRole(world, user, projectOf(world, mr)) >= Roles.Owner,
      refusal: (world, user, mr) => {
        const project = projectOf(world, mr);
        return tooLow(user, projectRole(world, user, project), `project ${project.path_with_namespace}`, Roles.Owner);
      },
    },
    projectOf,
    { features: MERGE_REQUEST_FEATURES },
  ),
  // ProjectPolicy: whoever reads the project may open an issue (`create_issue` from `guest_access` and
  // `public_access`); archived (`issue` is an archived feature) and `rule { issues_disabled }` prevent it.
  create_issue: guarded(readProject, itself, { archived: true, features: ['issues'] }),
  // MergeRequestPolicy `approve_merge_request` (`can_approve?`: `can?(:update_merge_request) && is_project_member?`):
  // the project's part, as `update_merge_request`'s: archived and closed features prevent it. Who may approve
  // (a Developer, or an approver a rule names) is `mayApprove` in `approvals/approvals.ts`.
  approve_merge_request: guarded<MergeRequest>({ allows: () => true, refusal: () => refusedBecause('') }, projectOf, {
    archived: true,
    features: MERGE_REQUEST_FEATURES,
  }),
  create_projects: createProjects,
  // GroupPolicy: `rule { maintainer & can?(:create_projects) }.enable :transfer_projects`.
  transfer_projects: groupMember(Roles.Maintainer),
  // ProjectPolicy: `rule { can?(:maintainer_access) }.policy { enable :rename_project }`.
  rename_project: projectMember(Roles.Maintainer),
  // ProjectPolicy: `rule { can?(:owner_access) }.policy { enable :change_namespace, :change_visibility_level,
  // :remove_project, :archive_project }`; ArchivedAbilities prevents `change_namespace`.
  change_visibility_level: projectMember(Roles.Owner),
  change_namespace: guarded(projectMember(Roles.Owner), itself, { archived: true }),
  archive_project: projectMember(Roles.Owner),
  // ProjectPolicy: `rule { can?(:owner_access) }.policy { enable :remove_project }` (`owner_access`:
  // `owner | admin | organization_owner`). EE's `owner_cannot_destroy_project` (a licensed setting,
  // off by default) is not modelled.
  remove_project: projectMember(Roles.Owner),
  // GroupPolicy: `rule { owner }.policy { enable :remove_group }` (Owner, inherited; administrators).
  remove_group: groupMember(Roles.Owner),
  // UserPolicy: `rule { default }.enable :read_user_profile`, then `rule { (private_profile | blocked_user |
  // unconfirmed_user) & ~(user_is_self | admin) }.prevent :read_user_profile` (`blocked_user`: `User#blocked?`,
  // the blocked, LDAP-blocked, pending and banned states). It hides a profile's `created_at`, `followers`
  // and `following` (lib/api/entities/user.rb); no route refuses with it.
  read_user_profile: {
    allows: (_world, user, subject) =>
      user.admin ||
      user.id === subject.id ||
      !(subject.private_profile === true || isBlockedUser(subject) || subject.confirmed_at === null),
    refusal: (_world, user, subject) =>
      forbidden().because(`${user.username} may not read the profile of ${subject.username}`),
  },
  // UserPolicy: `rule { ~subject_ghost & (user_is_self | admin) }.policy { enable :read_user_personal_access_tokens }`.
  // The personal access tokens API answers a caller without it 401 (`unauthorized!`).
  read_user_personal_access_tokens: {
    allows: (_world, user, subject) => user.admin || user.id === subject.id,
    refusal: (_world, user, subject) =>
      unauthorized().because(`${user.username} may not read the tokens of ${subject.username}`),
  },
  // UserPolicy: `rule { (user_is_self | admin) & ~blocked }.enable :get_user_associations_count` (`blocked` is the
  // caller's: a blocked user's own token is refused at authentication, but an administrator's sudo acts as one);
  // `GET /users/:id/associations_count` answers others `forbidden!`.
  get_user_associations_count: {
    allows: (_world, user, subject) => (user.admin || user.id === subject.id) && !isBlockedUser(user),
    refusal: (_world, user, subject) =>
      forbidden().because(
        isBlockedUser(user)
          ? `${user.username} is ${user.state} (acting by sudo) and may count no associations`
          : `${user.username} may count only their own associations, not ${subject.username}'s`,
      ),
  },
  // UserPolicy: `rule { (user_is_self | admin) & ~blocked }.enable :manage_user_personal_access_token`
  // (a blocked caller comes only by an administrator's sudo).
  manage_user_personal_access_token: {
    allows: (_world, user, subject) => (user.admin || user.id === subject.id) && !isBlockedUser(user),
    refusal: (_world, user, subject) =>
      unauthorized().because(`${user.username} may not manage the tokens of ${subject.username}`),
  },
  // PersonalAccessTokenPolicy: `condition(:is_owner) { subject.user_id == user.id && !subject.impersonation }`,
  // `rule { (is_owner | admin) & ~blocked }.enable :revoke_token`; `PersonalAccessTokens::RevokeService`
  // answers without it `Not permitted to revoke`, which the API words as a 400.
  revoke_token: {
    allows: (_world, user, token) =>
      (user.admin || (token.user_id === user.id && !token.impersonation)) && !isBlockedUser(user),
    refusal: (_world, user, token) =>
      badRequest('Not permitted to revoke').because(
        isBlockedUser(user)
          ? `${user.username} is ${user.state} (acting by sudo) and may revoke no token`
          : `${user.username} neither owns token ${token.id} nor is an administrator`,
      ),
  },
};

/** The role `create_subgroup` needs in a group: Owner, or Maintainer when its `subgroup_creation_level` says so. */
const subgroupCreator = (group: Group): Role =>
  (group.subgroup_creation_level ?? 'maintainer') === 'maintainer' ? Roles.Maintainer : Roles.Owner;

/** GroupPolicy's `change_share_with_group_lock`: an Owner, unless the parent locks sharing and the user may not change the parent's lock. */
function mayChangeShareLock(world: World, user: User, group: Group): boolean {
  if (groupRole(world, user, group) < Roles.Owner) return false;
  const parent = group.parent_id === null ? undefined : world.groups.get(group.parent_id);
  if (!group.share_with_group_lock || !parent?.share_with_group_lock) return true;
  return mayChangeShareLock(world, user, parent);
}

/** Updating or removing a protection: `admin_project` first, then the protection's unprotect level. */
function unprotecting(): Rule<ProtectedBranchIn> {
  const maintainer = projectMember(Roles.Maintainer);
  return {
    allows: (world, user, { project, branch }) => canUnprotect(world, user, project, branch),
    refusal: (world, user, { project, branch }) =>
      maintainer.allows(world, user, project)
        ? refusedBecause(
            `${user.username} may not unprotect ${branch.name}: its unprotect access level is ${branch.unprotect_access_level?.access_level}`,
          )
        : maintainer.refusal(world, user, project),
  };
}

/** Whether a user may do `ability` to `subject` (GitLab's `can?`). */
export function can<A extends Ability>(world: World, user: User, ability: A, subject: Abilities[A]): boolean {
  return POLICY[ability].allows(world, user, subject);
}

/**
 * GitLab's `authorize!`: nothing when the caller may do `ability` to `subject`, else throws
 * GitLab's refusal for it (mostly `403 Forbidden`) with the journal's reason.
 */
export function authorize<A extends Ability>(world: World, caller: Caller, ability: A, subject: Abilities[A]): void {
  const rule: Rule<Abilities[A]> = POLICY[ability];
  if (!rule.allows(world, caller.user, subject)) throw rule.refusal(world, caller.user, subject);
}

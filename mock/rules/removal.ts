import { conflict, validationError } from '../http/errors.js';
import { dropMembership, groupChain, membershipCounts, membershipOf, projectGroup } from '../world/memberships.js';
import { dropMilestone } from '../world/milestone-index.js';
import type { AccessToken, Group, MergeRequest, Project, User, World } from '../world/types.js';
import { addDays, addUser, dropToken, dropUser, newHex64, nextId, nowIso, today, userNamed } from '../world/world.js';
import { isPaidPlan } from './access.js';
import {
  groupDestroyedHook,
  groupMemberHook,
  groupRenamedHooks,
  projectHooks,
  projectMemberHook,
  sshKeyHook,
  subgroupHook,
} from './events.js';
import { can } from './policy.js';
import { dropSubscriptions } from './subscriptions.js';
import { announce } from './webhooks.js';

/**
 * Removal, and the one cascade that keeps the world whole: deleting a user
 * (`lib/api/users.rb` `DELETE /users/:id`, `Users::DestroyService`,
 * `Users::MigrateRecordsToGhostUserService`), and GitLab 18.6's delayed deletion of groups and
 * projects (`lib/api/groups.rb` and `lib/api/projects.rb` `DELETE /:id` and `POST /:id/restore`,
 * `Namespaces::MarkForDeletionBaseService`, `Groups::MarkForDeletionService`,
 * `Projects::MarkForDeletionService`, `Namespaces::RestoreBaseService`, the adjourned deletion
 * workers, `Groups::DestroyService`, `Projects::DestroyService`). Every table of the world is
 * handled here: after {@link removeUser}, {@link removeGroups} or {@link removeProjects} no
 * record points at a user, group or project that is gone (what GitLab's foreign keys and
 * `dependent:` options do), and the derived indexes follow (`dropToken`, `dropUser`,
 * `dropMilestone`). A new table of the world gets its line in {@link dropRecordsOf} (and
 * {@link removeUser} when it names users).
 * @module
 */

/** GitLab's `deletion_adjourned_period` default (`ApplicationSetting`): days between marking and removal. */
export const DELETION_ADJOURNED_PERIOD_DAYS = 7;

/** `Namespaces::MarkForDeletionBaseService::DELETION_SCHEDULED_PATH_INFIX`. */
const DELETION_SCHEDULED_INFIX = 'deletion_scheduled';
/** `Namespaces::RestoreBaseService::DELETED_SUFFIX_REGEX` (the legacy `deleted` infix too). */
const DELETED_SUFFIX = /-(?:deleted|deletion_scheduled)-\d+$/;

// ---- State -------------------------------------------------------------------------------------

/** The day a group was marked for deletion, or `null`. */
export const groupMarkedOn = (group: Group): string | null => group.marked_for_deletion_on ?? null;
/** The day a project was marked for deletion, or `null`. */
export const projectMarkedOn = (project: Project): string | null => project.marked_for_deletion_at ?? null;

/** GitLab's `ancestor_scheduled_for_deletion?` of a group: a group above it is marked. */
function groupAncestorMarked(world: World, group: Group): boolean {
  return groupChain(world, group)
    .slice(1)
    .some((g) => groupMarkedOn(g) !== null);
}

/** GitLab's `ancestor_scheduled_for_deletion?` of a project: its group or a group above is marked. */
function projectAncestorMarked(world: World, project: Project): boolean {
  const group = projectGroup(world, project);
  return group !== null && groupChain(world, group).some((g) => groupMarkedOn(g) !== null);
}

/** The groups at or below `group`, parents before their subgroups. */
function subtree(world: World, group: Group): Group[] {
  const children = new Map<number, Group[]>();
  for (const g of world.groups.values()) {
    if (g.parent_id === null) continue;
    const list = children.get(g.parent_id);
    if (list) list.push(g);
    else children.set(g.parent_id, [g]);
  }
  const out: Group[] = [];
  const walk = (g: Group) => {
    out.push(g);
    for (const child of children.get(g.id) ?? []) walk(child);
  };
  walk(group);
  return out;
}

/** The projects of a set of groups. */
function projectsIn(world: World, groupIds: ReadonlySet<number>): Project[] {
  return [...world.projects.values()].filter((p) => p.namespace.kind === 'group' && groupIds.has(p.namespace.id));
}

// ---- Renaming (marking and restoring rename the group or project, as GitLab's UpdateServices do) --------

/** Renames a group, and so the full paths of its subgroups and of every project below it. */
function renameGroup(world: World, group: Group, name: string, path: string): void {
  const below = subtree(world, group);
  const ids = new Set(below.map((g) => g.id));
  group.name = name;
  group.path = path;
  // Parents come first, so each group's parent already has its new full path.
  for (const g of below) {
    const parent = g.parent_id === null ? undefined : world.groups.get(g.parent_id);
    g.full_path = parent ? `${parent.full_path}/${g.path}` : g.path;
  }
  for (const p of projectsIn(world, ids)) {
    p.path_with_namespace = `${world.groups.get(p.namespace.id)?.full_path}/${p.path}`;
  }
}

/** Renames a project (its namespace stays). */
function renameProject(project: Project, name: string, path: string): void {
  const namespace = project.path_with_namespace.slice(0, project.path_with_namespace.length - project.path.length);
  project.name = name;
  project.path = path;
  project.path_with_namespace = `${namespace}${path}`;
}

/** `suffixed_identifier`: `api` → `api-deletion_scheduled-12`. */
const suffixed = (value: string, id: number) => `${value}-${DELETION_SCHEDULED_INFIX}-${id}`;

/**
 * `Namespaces::RestoreBaseService#updated_value`: the value without its deletion suffix, and
 * `-` + 5 random alphanumerics when the original full path is taken by another record of the kind.
 */
function restoredNames(world: World, name: string, path: string, taken: boolean): { name: string; path: string } {
  const suffix = taken ? `-${randomAlphanumeric(world, 5)}` : '';
  return { name: `${name.replace(DELETED_SUFFIX, '')}${suffix}`, path: `${path.replace(DELETED_SUFFIX, '')}${suffix}` };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(world: World, length: number): string {
  // The world's seeded source (`SecureRandom.alphanumeric` in GitLab), so a replay repeats itself.
  let out = '';
  for (const c of newHex64(world)
    .slice(0, length * 2)
    .match(/../g) ?? [])
    out += ALPHANUMERIC[Number.parseInt(c, 16) % 62];
  return out;
}

// ---- Marking and restoring -------------------------------------------------------------------------

/** How a `DELETE /groups/:id` or `DELETE /projects/:id` asks. */
export interface DeletionRequest {
  /** `permanently_remove`, read with `Gitlab::Utils.to_boolean` (anything else is false). */
  permanentlyRemove: boolean;
  /** `full_path`, which must name the marked record exactly to remove it now. */
  fullPath: string | undefined;
}

/** `Gitlab::Utils.to_boolean` of an undeclared parameter: `true`/`false` words, else `null`. */
export function toBoolean(value: unknown): boolean | null {
  if (value === true || value === false) return value;
  const text = typeof value === 'number' && (value === 0 || value === 1) ? String(value) : value;
  if (typeof text !== 'string') return null;
  if (/^(true|t|yes|y|1|on)$/i.test(text)) return true;
  if (/^(false|f|no|n|0|off)$/i.test(text)) return false;
  return null;
}

/**
 * `DELETE /groups/:id` after `authorize! :remove_group` (`lib/api/groups.rb` `delete_group`): on
 * the hosted offering a top-level group with a paid plan is refused (`check_subscription!`);
 * `permanently_remove` removes a marked subgroup now (`immediately_delete_subgroup_error`); a group
 * below a marked one is left as it is; otherwise the group is marked
 * (`Groups::MarkForDeletionService`: renamed `<path>-deletion_scheduled-<id>`). The caller answers 202.
 */
export function deleteGroup(world: World, actor: User, group: Group, request: DeletionRequest): void {
  // lib/api/groups.rb `check_subscription!`: `linked_to_subscription?` is `root? && actual_plan.paid?` (GitLab.com).
  if (world.instance.offering === 'hosted' && group.parent_id === null && isPaidPlan(group.plan)) {
    throw validationError("This group can't be removed because it is linked to a subscription.").because(
      `group ${group.full_path} is a top-level group with the ${group.plan} plan`,
    );
  }
  if (request.permanentlyRemove) {
    // `allow_immediate_namespaces_deletion` is on by default (ApplicationSetting): the mock has no switch for it.
    if (group.parent_id === null) {
      throw validationError('`permanently_remove` option is only available for subgroups.').because(
        `group ${group.full_path} is a top-level group`,
      );
    }
    if (groupMarkedOn(group) === null) {
      throw validationError('Group must be marked for deletion first.').because(
        `group ${group.full_path} is not marked for deletion`,
      );
    }
    if (group.full_path !== request.fullPath) {
      throw validationError('`full_path` is incorrect. You must enter the complete path for the subgroup.').because(
        `full_path ${JSON.stringify(request.fullPath ?? null)} is not ${group.full_path}`,
      );
    }
    removeGroups(world, [group]);
    return;
  }
  // `elsif group.ancestor_scheduled_for_deletion?`: accepted, and nothing changes.
  if (groupAncestorMarked(world, group)) return;
  // Namespaces::MarkForDeletionBaseService#preconditions_checks.
  if (groupMarkedOn(group) !== null) {
    throw validationError('Group has already been marked for deletion').because(
      `group ${group.full_path} was marked on ${groupMarkedOn(group)}`,
    );
  }
  const [oldPath, oldFullPath] = [group.path, group.full_path];
  renameGroup(world, group, suffixed(group.name, group.id), suffixed(group.path, group.id));
  group.marked_for_deletion_on = today(world);
  group.marked_for_deletion_by = actor.id;
  // `rename_group_for_deletion!` goes through Groups::UpdateService: `Group#path_changed_hook`.
  groupRenamedHooks(world, group, oldPath, oldFullPath);
}

/** `DELETE /projects/:id` after `authorize! :remove_project` (`lib/api/projects.rb` `delete_project`), as {@link deleteGroup}. */
export function deleteProject(world: World, project: Project, actor: User, request: DeletionRequest): void {
  if (request.permanentlyRemove) {
    if (projectMarkedOn(project) === null) {
      throw validationError('Project must be marked for deletion first.').because(
        `project ${project.path_with_namespace} is not marked for deletion`,
      );
    }
    if (project.path_with_namespace !== request.fullPath) {
      throw validationError('`full_path` is incorrect. You must enter the complete path for the project.').because(
        `full_path ${JSON.stringify(request.fullPath ?? null)} is not ${project.path_with_namespace}`,
      );
    }
    removeProjects(world, [project]);
    return;
  }
  if (projectAncestorMarked(world, project)) return;
  if (projectMarkedOn(project) !== null) {
    throw validationError('Project has already been marked for deletion').because(
      `project ${project.path_with_namespace} was marked on ${projectMarkedOn(project)}`,
    );
  }
  // Projects::MarkForDeletionService#update_service_params: archived, renamed, the date and who.
  const oldPathWithNamespace = project.path_with_namespace;
  renameProject(project, suffixed(project.name, project.id), suffixed(project.path, project.id));
  project.archived = true;
  project.marked_for_deletion_at = today(world);
  project.marked_for_deletion_by = actor.id;
  // Through Projects::UpdateService: the path changed, so `AfterRenameService` sends `project_rename`.
  projectHooks(world, project, 'rename', oldPathWithNamespace);
}

/** `POST /groups/:id/restore` (`Groups::RestoreService`): unmarks and renames back; 400 when not marked. */
export function restoreGroup(world: World, group: Group): void {
  if (groupMarkedOn(group) === null) {
    throw validationError('Group has not been marked for deletion').because(
      `group ${group.full_path} is not marked for deletion`,
    );
  }
  // `original_path_taken?`: another group holds the full path without the suffix.
  const original = group.full_path.replace(DELETED_SUFFIX, '').toLowerCase();
  const taken = [...world.groups.values()].some((g) => g !== group && g.full_path.toLowerCase() === original);
  const names = restoredNames(world, group.name, group.path, taken);
  const [oldPath, oldFullPath] = [group.path, group.full_path];
  renameGroup(world, group, names.name, names.path);
  delete group.marked_for_deletion_on;
  delete group.marked_for_deletion_by;
  // `rename_resource!` through Groups::UpdateService: `group_rename` back.
  groupRenamedHooks(world, group, oldPath, oldFullPath);
}

/** `POST /projects/:id/restore` (`Projects::RestoreService`): unmarks, unarchives and renames back; 400 when not marked. */
export function restoreProject(world: World, project: Project): void {
  if (projectMarkedOn(project) === null) {
    throw validationError('Project has not been marked for deletion').because(
      `project ${project.path_with_namespace} is not marked for deletion`,
    );
  }
  const original = project.path_with_namespace.replace(DELETED_SUFFIX, '').toLowerCase();
  const taken = [...world.projects.values()].some(
    (p) => p !== project && p.path_with_namespace.toLowerCase() === original,
  );
  const names = restoredNames(world, project.name, project.path, taken);
  const oldPathWithNamespace = project.path_with_namespace;
  renameProject(project, names.name, names.path);
  project.archived = false;
  delete project.marked_for_deletion_at;
  delete project.marked_for_deletion_by;
  // `rename_resource` through Projects::UpdateService: `project_rename` back.
  projectHooks(world, project, 'rename', oldPathWithNamespace);
}

/**
 * GitLab's `AdjournedGroupDeletionWorker` and `AdjournedProjectsDeletionCronWorker` (cron jobs;
 * the mock runs them whenever its clock moves): every group and project marked on or before
 * today − {@link DELETION_ADJOURNED_PERIOD_DAYS} is removed when the user who marked it may
 * still remove it, and restored otherwise, or when that user is gone
 * (`Namespaces::Groups::AdjournedDeletionService`, `Projects::AdjournedDeletionService`).
 */
export function runAdjournedDeletions(world: World): void {
  const cutoff = addDays(today(world), -DELETION_ADJOURNED_PERIOD_DAYS);
  const due = (on: string | null) => on !== null && on <= cutoff;
  const deleter = (id: number | null | undefined) => (id == null ? undefined : world.users.get(id));
  for (const group of [...world.groups.values()]) {
    if (!world.groups.has(group.id) || !due(groupMarkedOn(group))) continue;
    const user = deleter(group.marked_for_deletion_by);
    if (user && can(world, user, 'remove_group', group)) removeGroups(world, [group]);
    else restoreGroup(world, group);
  }
  for (const project of [...world.projects.values()]) {
    if (!world.projects.has(project.id) || !due(projectMarkedOn(project))) continue;
    const user = deleter(project.marked_for_deletion_by);
    if (user && can(world, user, 'remove_project', project)) removeProjects(world, [project]);
    else restoreProject(world, project);
  }
}

// ---- Users ------------------------------------------------------------------------------------------

/**
 * `User#solo_owned_groups`: the groups the user is a direct Owner of where no other Owner
 * membership exists in the group or its ancestors.
 */
export function soleOwnedGroups(world: World, user: User): Group[] {
  const owners = (g: Group) =>
    [...g.members].filter(([id, role]) => role === 50 && membershipCounts(world, g, id)).map(([id]) => id);
  return [...world.groups.values()].filter(
    (g) =>
      g.members.get(user.id) === 50 &&
      membershipCounts(world, g, user.id) &&
      groupChain(world, g).reduce((n, a) => n + owners(a).length, 0) === 1,
  );
}

/**
 * `DELETE /users/:id`'s first refusal, after `authenticated_as_admin!` and before
 * `destroy_conditionally!` (`lib/api/users.rb`): 409 for a sole Owner of a group without
 * `hard_delete` (`user.can_be_removed? || params[:hard_delete]`).
 */
export function refuseSoleOwnerRemoval(world: World, user: User, hardDelete: boolean): void {
  const owned = soleOwnedGroups(world, user);
  if (owned.length > 0 && !hardDelete) {
    throw conflict('User cannot be removed while is the sole-owner of a group').because(
      `${user.username} is the only Owner of ${owned.map((g) => `group ${g.full_path}`).join(', ')}`,
    );
  }
}

/** `DELETE /users/:id`: {@link refuseSoleOwnerRemoval}, then the user is removed. */
export function deleteUser(world: World, user: User, hardDelete: boolean): void {
  refuseSoleOwnerRemoval(world, user, hardDelete);
  removeUser(world, user, { hardDelete });
}

/**
 * GitLab's ghost user (`Users::Internal.ghost`): the one that holds the records of deleted users,
 * made on first use as `ghost` (`ghost1`... when taken), `ghost@example.com`, named `Ghost`.
 */
export function ghostUser(world: World): User {
  for (const user of world.users.values()) if (user.ghost) return user;
  const free = (make: (n: string) => string, taken: (s: string) => boolean) => {
    for (let n = 0; ; n++) if (!taken(make(n === 0 ? '' : String(n)))) return make(n === 0 ? '' : String(n));
  };
  const emails = new Set([...world.users.values()].map((u) => u.email.toLowerCase()));
  return addUser(world, {
    id: nextId(world, 'users'),
    username: free(
      (n) => `ghost${n}`,
      (s) => userNamed(world, s) !== undefined,
    ),
    name: 'Ghost',
    email: free(
      (n) => `ghost${n}@example.com`,
      (s) => emails.has(s),
    ),
    state: 'active',
    admin: false,
    bot: false,
    ghost: true,
    // Nobody signs in as the ghost (GitLab's internal users cannot): a password no one knows.
    password: newHex64(world),
    created_at: nowIso(world),
  });
}

/**
 * Removes a user as `Users::DestroyService` and `MigrateRecordsToGhostUserService` do: their
 * memberships go (with `user_remove_from_group` and `user_remove_from_team` to the hooks), with
 * `hardDelete` the groups they alone own, then their personal projects; their issues and merge
 * requests pass to the ghost user (or, with `hardDelete`, are deleted); their events, tokens,
 * approvals, assignments, SCIM identities and OAuth grants, tokens and sessions go; what only
 * names them (`closed_by`, `merged_by`, a membership's `created_by`, a deletion's marker) is
 * cleared; a `user_destroy` system hook last. The ghost user is never removed (`UserPolicy`:
 * `~subject_ghost` for `destroy_user`).
 */
export function removeUser(world: World, user: User, options: { hardDelete: boolean }): void {
  if (user.ghost || !world.users.has(user.id)) return;
  // "Load the records. Groups are unavailable after membership is destroyed."
  const soloOwned = options.hardDelete ? soleOwnedGroups(world, user) : [];
  // `user.members.each_batch { |batch| batch.destroy_all }`: each membership's destroy hooks.
  for (const group of world.groups.values()) {
    if (!group.members.has(user.id)) continue;
    const role = group.members.get(user.id) ?? 10;
    const membership = membershipOf(group, user.id);
    const counted = membershipCounts(world, group, user.id);
    dropMembership(group, user.id);
    if (counted) groupMemberHook(world, group, user, role, membership, 'destroy');
  }
  for (const project of world.projects.values()) {
    if (!project.members.has(user.id)) continue;
    const role = project.members.get(user.id) ?? 10;
    const membership = membershipOf(project, user.id);
    const counted = membershipCounts(world, project, user.id);
    dropMembership(project, user.id);
    // ProjectMember#post_destroy_member_hook: `user_remove_from_team` to system hooks (its `left` event
    // is the user's own, and goes with their events below).
    if (counted) projectMemberHook(world, project, user, role, membership, 'destroy');
  }
  const doomedGroups = soloOwned.filter((g) => world.groups.has(g.id));
  if (doomedGroups.length > 0) removeGroups(world, doomedGroups);
  const personal = [...world.projects.values()].filter(
    (p) => p.namespace.kind === 'user' && p.namespace.id === user.id,
  );
  if (personal.length > 0) removeProjects(world, personal);

  let ghost: User | undefined;
  const theGhost = () => {
    ghost ??= ghostUser(world);
    return ghost;
  };
  const id = user.id;
  const without = (ids: number[]) => (ids.includes(id) ? ids.filter((x) => x !== id) : ids);
  // Issues and merge requests: to the ghost (`migrate_issues`, `migrate_merge_requests`), or deleted
  // (`has_many :issues, dependent: :destroy`); assignments and reviews go, closers and mergers are nullified.
  const goneIssues = new Set<number>();
  for (const issue of world.issues.values()) {
    if (issue.author_id === id) {
      if (options.hardDelete) {
        goneIssues.add(issue.id);
        continue;
      }
      issue.author_id = theGhost().id;
    }
    issue.assignee_ids = without(issue.assignee_ids);
    if (issue.closed_by_id === id) issue.closed_by_id = null;
  }
  const goneMergeRequests = new Set<number>();
  for (const mr of world.mergeRequests.values()) {
    if (mr.author_id === id) {
      if (options.hardDelete) {
        goneMergeRequests.add(mr.id);
        continue;
      }
      mr.author_id = theGhost().id;
    }
    mr.assignee_ids = without(mr.assignee_ids);
    // `merge_request_reviewers` rows go with the user, their review state too.
    mr.reviewer_ids = without(mr.reviewer_ids);
    delete mr.reviewer_states[id];
    // Committers are who the commits' emails name: a deleted user names no one. The pushes stay
    // in the repository's history, by the ghost.
    mr.committer_ids = without(mr.committer_ids);
    for (const push of mr.pushes) if (push.author_id === id) push.author_id = theGhost().id;
    if (mr.merged_by_id === id) mr.merged_by_id = null;
    if (mr.closed_by_id === id) mr.closed_by_id = null;
  }
  dropIssuables(world, goneIssues, goneMergeRequests);
  // EE `has_many :approvals, dependent: :destroy`; the rules' user lists cascade.
  for (const approval of [...world.approvals.values()])
    if (approval.user_id === id) world.approvals.delete(approval.id);
  for (const rules of [world.projectApprovalRules, world.groupApprovalRules, world.mergeRequestApprovalRules]) {
    for (const rule of rules.values()) rule.user_ids = without(rule.user_ids);
  }
  // `has_many :events, dependent: :delete_all, foreign_key: :author_id` (soft delete too).
  for (const event of [...world.events.values()]) if (event.author_id === id) world.events.delete(event.id);
  // Members' `created_by_id` is nullified; so is who marked a group or project for deletion.
  for (const source of [...world.groups.values(), ...world.projects.values()]) {
    for (const details of source.memberships?.values() ?? [])
      if (details.created_by_id === id) details.created_by_id = null;
  }
  for (const g of world.groups.values()) if (g.marked_for_deletion_by === id) g.marked_for_deletion_by = null;
  for (const p of world.projects.values()) {
    if (p.marked_for_deletion_by === id) p.marked_for_deletion_by = null;
    // `projects.creator_id`: ON DELETE SET NULL.
    if (p.creator_id === id) p.creator_id = null;
  }
  // `has_many :personal_access_tokens, dependent: :destroy` (a bot's are its project's or group's tokens).
  for (const token of [...world.tokens.values()]) if (token.user_id === id) dropToken(world, token);
  // `has_many :keys, dependent: :destroy`: each key's `post_destroy_hook` sends `key_destroy`.
  for (const key of [...world.sshKeys.values()]) {
    if (key.user_id !== id) continue;
    world.sshKeys.delete(key.id);
    sshKeyHook(world, key, user, 'destroy');
  }
  for (const scim of [...world.scimIdentities.values()]) if (scim.user_id === id) world.scimIdentities.delete(scim.id);
  // `has_many :subscriptions, dependent: :destroy` (`app/models/user.rb`).
  dropSubscriptions(world, (s) => s.user_id === id);
  // GitLab keeps a deleted user's OAuth rows (no foreign key), and they no longer authenticate: the mock deletes them.
  for (const table of [world.oauthSessions, world.oauthGrants, world.oauthTokens] as Map<
    number,
    { id: number; user_id: number | null }
  >[]) {
    for (const row of [...table.values()]) if (row.user_id === id) table.delete(row.id);
  }
  for (const key of [...world.rateLimitCounters.keys()])
    if (key.endsWith(`:user:${id}`)) world.rateLimitCounters.delete(key);
  dropUser(world, user);
  // User#post_destroy_hook: `user_destroy`.
  announce(world, { kind: 'system', project: null, group: null, subject: { type: 'user', user, event: 'destroy' } });
}

// ---- Groups and projects ----------------------------------------------------------------------------

/**
 * Removes groups now, with their subgroups and projects (`Groups::DestroyService#unsafe_execute`):
 * each project as {@link removeProjects}; the groups' hooks first (GitLab's hook workers find them
 * gone); each membership with its `user_remove_from_group` hook; the bot users of the groups' tokens
 * (`destroy_associated_users`); milestones, labels, protected branches, approval rules, SCIM
 * identities and events; the groups' ids leave every other approval rule; a `group_destroy` system
 * hook per group, subgroups first.
 */
export function removeGroups(world: World, groups: readonly Group[]): void {
  const all: Group[] = [];
  const seen = new Set<number>();
  for (const root of groups) {
    if (!world.groups.has(root.id)) continue;
    for (const g of subtree(world, root)) {
      if (!seen.has(g.id)) {
        seen.add(g.id);
        all.push(g);
      }
    }
  }
  if (all.length === 0) return;
  for (const hook of [...world.groupHooks.values()]) if (seen.has(hook.group_id)) world.groupHooks.delete(hook.id);
  removeProjects(world, projectsIn(world, seen));
  // Subgroups before their parents, as the service recurses into children before destroying the group.
  for (const group of all.reverse()) {
    for (const [userId, role] of [...group.members]) {
      const user = world.users.get(userId);
      const membership = membershipOf(group, userId);
      const counted = membershipCounts(world, group, userId);
      dropMembership(group, userId);
      if (user && counted) groupMemberHook(world, group, user, role, membership, 'destroy');
    }
    for (const bot of tokenBots(world, (t) => t.project_id === null && t.group_id === group.id)) {
      removeUser(world, bot, { hardDelete: false });
    }
  }
  dropRecordsOf(world, new Set(), seen);
  for (const group of all) {
    world.groups.delete(group.id);
    // Group#post_destroy_hook: `group_destroy`, then EE's `subgroup_destroy` to the hooks above it
    // (its parent is removed after it, so the parent's own data is still there).
    groupDestroyedHook(world, group);
    subgroupHook(world, group, 'destroy');
  }
}

/** The bot users of the access tokens a test picks (revoked ones too: GitLab deletes a revoked token's bot later). */
function tokenBots(world: World, picks: (token: AccessToken) => boolean): User[] {
  const bots = new Set<User>();
  for (const token of world.tokens.values()) {
    const user = picks(token) ? world.users.get(token.user_id) : undefined;
    if (user?.bot) bots.add(user);
  }
  return [...bots];
}

/**
 * Removes projects now (`Projects::DestroyService`): their bot users (`destroy_project_bots!`,
 * soft-deleted like any user), hooks, events, issues, merge requests with their approval rules
 * and approvals, milestones, labels, protected branches and approval rules; members go without
 * hooks (`dependent: :delete_all`); a `project_destroy` system hook per project.
 */
export function removeProjects(world: World, projects: readonly Project[]): void {
  const doomed = projects.filter((p) => world.projects.has(p.id));
  if (doomed.length === 0) return;
  const ids = new Set(doomed.map((p) => p.id));
  for (const hook of [...world.projectHooks.values()]) if (ids.has(hook.project_id)) world.projectHooks.delete(hook.id);
  for (const bot of tokenBots(world, (t) => t.project_id !== null && ids.has(t.project_id))) {
    removeUser(world, bot, { hardDelete: false });
  }
  dropRecordsOf(world, ids, new Set());
  for (const project of doomed) {
    world.projects.delete(project.id);
    // Projects::DestroyService#execute_hooks: `project_destroy` (and EE's to group hooks with
    // `project_events`), its group's owners read before the group goes.
    projectHooks(world, project, 'destroy');
  }
}

/**
 * Deletes every record that belongs to these projects or groups (one pass per table), and takes
 * their ids out of the records that survive them.
 */
function dropRecordsOf(world: World, projectIds: ReadonlySet<number>, groupIds: ReadonlySet<number>): void {
  const inProject = (id: number | null | undefined) => id != null && projectIds.has(id);
  const inGroup = (id: number | null | undefined) => id != null && groupIds.has(id);
  const issues = new Set<number>();
  for (const issue of world.issues.values()) if (inProject(issue.project_id)) issues.add(issue.id);
  const mergeRequests = new Set<number>();
  for (const mr of world.mergeRequests.values()) if (inProject(mr.project_id)) mergeRequests.add(mr.id);
  dropIssuables(world, issues, mergeRequests);
  for (const event of [...world.events.values()]) {
    if (inProject(event.project_id) || inGroup(event.group_id)) world.events.delete(event.id);
  }
  const milestones = [...world.milestones.values()].filter((m) => inProject(m.project_id) || inGroup(m.group_id));
  const milestoneIds = new Set(milestones.map((m) => m.id));
  for (const milestone of milestones) dropMilestone(world, milestone);
  if (milestoneIds.size > 0) {
    for (const r of [...world.issues.values(), ...world.mergeRequests.values()]) {
      if (r.milestone_id !== null && milestoneIds.has(r.milestone_id)) r.milestone_id = null;
    }
  }
  const labels = new Set<number>();
  for (const label of [...world.labels.values()]) {
    if (inProject(label.project_id) || inGroup(label.group_id)) {
      labels.add(label.id);
      world.labels.delete(label.id);
    }
    // `label_priorities.project_id`: ON DELETE CASCADE (a group label loses the priorities of removed projects).
    else if (projectIds.size > 0)
      for (const id of [...label.priorities.keys()]) if (inProject(id)) label.priorities.delete(id);
  }
  // `has_many :subscriptions, dependent: :destroy` of labels; `subscriptions.project_id`: ON DELETE CASCADE.
  dropSubscriptions(
    world,
    (s) => inProject(s.project_id) || (s.subscribable_type === 'Label' && labels.has(s.subscribable_id)),
  );
  const branches = new Set<number>();
  for (const b of [...world.protectedBranches.values()]) {
    if (inProject(b.project_id) || inGroup(b.group_id)) {
      branches.add(b.id);
      world.protectedBranches.delete(b.id);
    }
  }
  const projectRules = new Set<number>();
  for (const rule of [...world.projectApprovalRules.values()]) {
    if (inProject(rule.project_id)) {
      projectRules.add(rule.id);
      world.projectApprovalRules.delete(rule.id);
    }
  }
  for (const rule of [...world.groupApprovalRules.values()]) {
    if (inGroup(rule.group_id)) world.groupApprovalRules.delete(rule.id);
  }
  // What survives loses the ids of what is gone (`approval_*_rules_groups`, `_protected_branches`: ON DELETE CASCADE).
  const keepGroups = (ids: number[]) => (ids.some(inGroup) ? ids.filter((id) => !inGroup(id)) : ids);
  const keepBranches = (ids: number[]) =>
    ids.some((id) => branches.has(id)) ? ids.filter((id) => !branches.has(id)) : ids;
  for (const rule of world.projectApprovalRules.values()) {
    rule.group_ids = keepGroups(rule.group_ids);
    rule.protected_branch_ids = keepBranches(rule.protected_branch_ids);
  }
  for (const rule of world.groupApprovalRules.values()) {
    rule.group_ids = keepGroups(rule.group_ids);
    rule.protected_branch_ids = keepBranches(rule.protected_branch_ids);
  }
  for (const rule of world.mergeRequestApprovalRules.values()) {
    rule.group_ids = keepGroups(rule.group_ids);
    if (rule.source_rule_id !== null && projectRules.has(rule.source_rule_id)) rule.source_rule_id = null;
  }
  for (const token of [...world.tokens.values()]) {
    if (inProject(token.project_id) || inGroup(token.group_id)) dropToken(world, token);
  }
  for (const scim of [...world.scimIdentities.values()])
    if (inGroup(scim.group_id)) world.scimIdentities.delete(scim.id);
  // `group_group_links` and `project_group_links`: ON DELETE CASCADE on both of their foreign keys.
  for (const link of [...world.groupShares.values()]) {
    if (inGroup(link.shared_group_id) || inGroup(link.shared_with_group_id)) world.groupShares.delete(link.id);
  }
  for (const link of [...world.projectShares.values()]) {
    if (inProject(link.project_id) || inGroup(link.group_id)) world.projectShares.delete(link.id);
  }
}

/**
 * DELETE /projects/:id/merge_requests/:merge_request_iid (`Issuable::DestroyService`): the merge request goes
 * with its approval rules, approvals and the events about it.
 */
export function removeMergeRequest(world: World, mr: MergeRequest): void {
  dropIssuables(world, new Set(), new Set([mr.id]));
}

/** Deletes issues and merge requests, with the merge requests' approval rules and approvals and the events about them. */
function dropIssuables(world: World, issues: ReadonlySet<number>, mergeRequests: ReadonlySet<number>): void {
  if (issues.size === 0 && mergeRequests.size === 0) return;
  for (const id of issues) world.issues.delete(id);
  for (const id of mergeRequests) world.mergeRequests.delete(id);
  // Issuable `has_many :subscriptions, dependent: :destroy` (Subscribable).
  dropSubscriptions(
    world,
    (s) =>
      (s.subscribable_type === 'Issue' && issues.has(s.subscribable_id)) ||
      (s.subscribable_type === 'MergeRequest' && mergeRequests.has(s.subscribable_id)),
  );
  for (const rule of [...world.mergeRequestApprovalRules.values()]) {
    if (mergeRequests.has(rule.merge_request_id)) world.mergeRequestApprovalRules.delete(rule.id);
  }
  for (const approval of [...world.approvals.values()]) {
    if (mergeRequests.has(approval.merge_request_id)) world.approvals.delete(approval.id);
  }
  for (const event of [...world.events.values()]) {
    const target = event.target_id;
    if (target === null) continue;
    if (
      (event.target_type === 'Issue' && issues.has(target)) ||
      (event.target_type === 'MergeRequest' && mergeRequests.has(target))
    ) {
      world.events.delete(event.id);
    }
  }
}

import { ApiError, notFound } from '../http/errors.js';
import { groupChain, projectGroup } from '../world/memberships.js';
import { sharesOfGroup, sharesOfProject } from '../world/shares.js';
import type { Group, GroupShare, Project, ProjectShare, Role, User, World } from '../world/types.js';
import { nextId, nowIso } from '../world/world.js';
import { can } from './policy.js';

/**
 * Sharing a group or a project with a group: `POST /groups/:id/share`, `DELETE
 * /groups/:id/share/:group_id`, `POST /projects/:id/share`, `DELETE /projects/:id/share/:group_id`
 * (`lib/api/groups.rb`, `lib/api/projects.rb`, `Groups::GroupLinks::*Service`,
 * `Projects::GroupLinks::*Service`, `GroupLinkable`). What a share gives its members is the role
 * functions' (`groupRole`, `projectRole` in `policy.ts`).
 * @module
 */

/** `GroupLinkable#execute`'s refusal when `valid_to_create?` fails: 404 `{"message":"Not Found"}`. */
const linkNotFound = (reason: string) => new ApiError(404, { message: 'Not Found' }).because(reason);

/** A link that does not save: 409 with the model's full messages as a sentence. */
const linkInvalid = (messages: string[], reason: string) =>
  new ApiError(409, { message: toSentence(messages) }).because(reason);

/** Rails' `Array#to_sentence`. */
function toSentence(words: string[]): string {
  if (words.length <= 2) return words.join(' and ');
  return `${words.slice(0, -1).join(', ')}, and ${words.at(-1)}`;
}

/**
 * Shares `group` with `invited` (`Groups::GroupLinks::CreateService`): `create_group_link` (Owner)
 * on the group and `read_group` on the invited group, or 404 `Not Found`; one link per pair
 * (409). GitLab's `share_with_group_lock` is about projects and does not stop this.
 */
export function shareGroup(
  world: World,
  user: User,
  group: Group,
  invited: Group,
  access: Role,
  expiresAt: string | null,
): GroupShare {
  if (!can(world, user, 'create_group_link', group)) {
    throw linkNotFound(`${user.username} may not share group ${group.full_path}: it needs Owner`);
  }
  if (!can(world, user, 'read_group', invited)) {
    throw linkNotFound(`${user.username} cannot see group ${invited.full_path}`);
  }
  if (sharesOfGroup(world, group.id).some((l) => l.shared_with_group_id === invited.id)) {
    throw linkInvalid(
      ['Shared group The group has already been shared with this group'],
      `group ${group.full_path} is shared with ${invited.full_path} already`,
    );
  }
  const link: GroupShare = {
    id: nextId(world, 'group_shares'),
    shared_group_id: group.id,
    shared_with_group_id: invited.id,
    group_access: access,
    expires_at: expiresAt,
    created_at: nowIso(world),
  };
  world.groupShares.set(link.id, link);
  return link;
}

/**
 * Removes a group's share with `invitedId`: 404 `Group Link Not Found` without one. Without
 * `admin_group_member` (Owner) GitLab's `DestroyService` returns an error the route ignores: 204,
 * and the link stays (answered `false`).
 */
export function unshareGroup(world: World, user: User, group: Group, invitedId: number): boolean {
  const link = sharesOfGroup(world, group.id).find((l) => l.shared_with_group_id === invitedId);
  if (!link) throw notFound('Group Link').because(`group ${group.full_path} is not shared with group ${invitedId}`);
  if (!can(world, user, 'admin_group_member', group)) return false;
  world.groupShares.delete(link.id);
  return true;
}

/**
 * Shares a project with a group, after the route's `admin_project`: 400 when the project's
 * namespace locks sharing (`Project#allowed_to_share_with_group?`); `create_group_link` (Owner) on
 * the project and a membership in the group (`read_namespace_via_membership`), or 404 `Not Found`
 * (a group that does not exist too: the route's `Group.find_by_id`); then the link's validations
 * (409): one link per pair, never the project's own group or an ancestor.
 */
export function shareProject(
  world: World,
  user: User,
  project: Project,
  invited: Group | undefined,
  access: Role,
  expiresAt: string | null,
): ProjectShare {
  const own = projectGroup(world, project);
  if (own?.share_with_group_lock) {
    throw new ApiError(400, { message: 'The project sharing with group is disabled' }).because(
      `group ${own.full_path} locks sharing its projects with other groups`,
    );
  }
  if (!can(world, user, 'create_group_link', project)) {
    throw linkNotFound(`${user.username} may not share project ${project.path_with_namespace}: it needs Owner`);
  }
  if (!invited) throw linkNotFound('no such group');
  if (!can(world, user, 'read_namespace_via_membership', invited)) {
    throw linkNotFound(`${user.username} is not a member of group ${invited.full_path}`);
  }
  const messages: string[] = [];
  if (sharesOfProject(world, project.id).some((l) => l.group_id === invited.id)) {
    messages.push('Project already shared with this group');
  }
  if (own && groupChain(world, own).includes(invited)) {
    messages.push('Project cannot be shared with the group it is in or one of its ancestors.');
  }
  if (messages.length > 0) {
    throw linkInvalid(messages, `project ${project.path_with_namespace} cannot be shared with ${invited.full_path}`);
  }
  const link: ProjectShare = {
    id: nextId(world, 'project_shares'),
    project_id: project.id,
    group_id: invited.id,
    group_access: access,
    expires_at: expiresAt,
    created_at: nowIso(world),
  };
  world.projectShares.set(link.id, link);
  return link;
}

/**
 * Removes a project's share with `groupId`, after the route's `admin_project`: 404 `Group Link Not
 * Found` without one; `delete_group_link` on the project (Owner) or on the invited group, else 403
 * `{"message":"Forbidden"}` (`Projects::GroupLinks::DestroyService`).
 */
export function unshareProject(world: World, user: User, project: Project, groupId: number): void {
  const link = sharesOfProject(world, project.id).find((l) => l.group_id === groupId);
  if (!link) {
    throw notFound('Group Link').because(`project ${project.path_with_namespace} is not shared with group ${groupId}`);
  }
  const invited = world.groups.get(link.group_id);
  const allowed =
    can(world, user, 'delete_group_link', project) ||
    (invited !== undefined && can(world, user, 'delete_group_link', invited));
  if (!allowed) {
    throw new ApiError(403, { message: 'Forbidden' }).because(
      `${user.username} owns neither project ${project.path_with_namespace} nor group ${invited?.full_path ?? groupId}`,
    );
  }
  world.projectShares.delete(link.id);
}

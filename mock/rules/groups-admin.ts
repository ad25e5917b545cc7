import { ApiError, type ModelErrors, validationError } from '../http/errors.js';
import { groupChain, storeMembership } from '../world/memberships.js';
import type {
  Group,
  GroupStoredSettings,
  ProjectCreationLevel,
  SubgroupCreationLevel,
  User,
  Visibility,
  World,
} from '../world/types.js';
import { nextId, nowIso } from '../world/world.js';
import { groupCreatedHooks, groupRenamedHooks } from './events.js';
import { rubyInspect } from './milestones.js';
import { can } from './policy.js';

/**
 * Creating, changing and moving groups: `POST /groups`, `PUT /groups/:id` and
 * `POST /groups/:id/transfer` (GitLab's `Groups::CreateService`, `Groups::UpdateService`,
 * `Groups::TransferService`, and the validations of `app/models/namespace.rb` and `group.rb`).
 * Every rule validates first and changes the world only when nothing is refused. Who may call
 * the routes is the handler's `authorize`; the services' own checks are asked here with `can`.
 * @module
 */

/** The settings a group takes on create and update. */
export interface GroupSettings {
  name?: string;
  path?: string;
  description?: string;
  visibility?: Visibility;
  project_creation_level?: ProjectCreationLevel;
  subgroup_creation_level?: SubgroupCreationLevel;
  share_with_group_lock?: boolean;
  request_access_enabled?: boolean;
  /** Stored settings to change; `null` puts one back to GitLab's default. */
  settings?: { [K in keyof GroupStoredSettings]?: GroupStoredSettings[K] | null };
}

/** A new group's name, path and settings, and its parent (none: top level). */
export interface NewGroup extends GroupSettings {
  name: string;
  path: string;
  parent: Group | null;
}

export const VISIBILITY_LEVEL: Record<Visibility, number> = { private: 0, internal: 10, public: 20 };

// `Gitlab::PathRegex`: the words a top-level path may not be (`TOP_LEVEL_ROUTES`), and those a
// subgroup's path may not be (`ILLEGAL_GROUP_PATH_WORDS`: `PROJECT_WILDCARD_ROUTES | GROUP_ROUTES`),
// one segment each (the multi-segment routes can never equal one segment).
const TOP_LEVEL_ROUTES = new Set(
  '- .well-known 404.html 422.html 500.html 502.html 503.html admin api apple-touch-icon.png assets dashboard deploy.html explore favicon.ico favicon.png groups health_check help import jwt login o oauth profile projects public robots.txt s search sitemap sitemap.xml sitemap.xml.gz slash-command-logo.png snippets unsubscribes uploads users v2'.split(
    ' ',
  ),
);
const ILLEGAL_GROUP_PATH_WORDS = new Set(
  '- badges blame blob builds commits create create_dir edit files find_file new preview raw refs tree update wikis'.split(
    ' ',
  ),
);

// `Gitlab::Regex.oci_repository_path_regex` (Namespace: `validates :path, format:` when it changes).
const OCI_PATH = /^[a-zA-Z0-9]+([._-][a-zA-Z0-9]+)*$/;
const OCI_PATH_MESSAGE =
  "can only include non-accented letters, digits, '_', '-' and '.'. It must not start with '-', '_', or '.', nor end with '-', '_', '.', '.git', or '.atom'.";
// `Gitlab::PathRegex.namespace_format_regex` (`NamespacePathValidator`).
const NAMESPACE_FORMAT = /^(?:[a-zA-Z0-9_.][a-zA-Z0-9_\-.]{0,254}[a-zA-Z0-9_-]|[a-zA-Z0-9_])(?<!\.git|\.atom)$/;
const NAMESPACE_FORMAT_MESSAGE =
  "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.";
// `Gitlab::Regex.group_name_regex` (Group: `validates :name, format:` when it changes).
const GROUP_NAME = /^[\p{L}\p{M}\p{Nd}\u00A9-\u{1F9FF}_][\p{L}\p{M}\p{Nd}\p{Pd}\u00A9-\u{1F9FF}_(). ]*$/u;
const GROUP_NAME_MESSAGE =
  "can contain only letters, digits, emoji, '_', '.', dash, space, parenthesis. It must start with letter, digit, emoji or '_'.";

/** Collects model errors by attribute, in the order Rails adds them. */
function errorList(): { errors: ModelErrors; add: (key: string, message: string) => void } {
  const errors: ModelErrors = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  return { errors, add };
}

/** The full path a group at `path` below `parent` has. */
const fullPathOf = (parent: Group | null, path: string) => (parent ? `${parent.full_path}/${path}` : path);

/**
 * Whether a full path is taken by another route (GitLab's `Route`: unique in any case across
 * groups, projects and users' namespaces), `self` aside.
 */
function routeTaken(world: World, fullPath: string, self?: Group): boolean {
  const wanted = fullPath.toLowerCase();
  for (const g of world.groups.values()) if (g !== self && g.full_path.toLowerCase() === wanted) return true;
  for (const p of world.projects.values()) if (p.path_with_namespace.toLowerCase() === wanted) return true;
  if (!wanted.includes('/')) for (const u of world.users.values()) if (u.username.toLowerCase() === wanted) return true;
  return false;
}

/** `Namespace`'s path validations: presence, length, format, reserved names, route uniqueness. */
function pathErrors(
  world: World,
  add: (key: string, message: string) => void,
  path: string,
  parent: Group | null,
  self?: Group,
) {
  if (path.trim() === '') return add('path', "can't be blank");
  if (path.length > 255) add('path', 'is too long (maximum is 255 characters)');
  if (!OCI_PATH.test(path)) add('path', OCI_PATH_MESSAGE);
  if (!NAMESPACE_FORMAT.test(path)) add('path', NAMESPACE_FORMAT_MESSAGE);
  else if ((parent ? ILLEGAL_GROUP_PATH_WORDS : TOP_LEVEL_ROUTES).has(path.toLowerCase())) {
    add('path', `${path} is a reserved name`);
  }
  if (path.length < 2) add('path', 'is too short (minimum is 2 characters)');
  if (routeTaken(world, fullPathOf(parent, path), self)) add('path', 'has already been taken');
}

/** `Namespace`'s and `Group`'s name validations: presence, length, uniqueness among siblings, format. */
function nameErrors(
  world: World,
  add: (key: string, message: string) => void,
  name: string,
  parent: Group | null,
  self?: Group,
) {
  if (name.trim() === '') add('name', "can't be blank");
  if (name.length > 255) add('name', 'is too long (maximum is 255 characters)');
  // `validates :name, uniqueness: { scope: [:type, :parent_id] }, if: -> { parent_id.present? }`.
  if (parent) {
    for (const g of world.groups.values()) {
      if (g !== self && g.parent_id === parent.id && g.name === name) {
        add('name', 'has already been taken');
        break;
      }
    }
  }
  if (name !== '' && !GROUP_NAME.test(name)) add('name', GROUP_NAME_MESSAGE);
}

/** The most visible of a group's subgroups and projects, what its own visibility may not go below. */
function visibilityErrors(
  world: World,
  add: (key: string, message: string) => void,
  visibility: Visibility,
  parent: Group | null,
  self?: Group,
) {
  const level = VISIBILITY_LEVEL[visibility];
  if (self) {
    // Group#visibility_level_allowed_by_projects and _by_sub_groups (direct projects and children).
    for (const p of world.projects.values()) {
      if (p.namespace.kind === 'group' && p.namespace.id === self.id && VISIBILITY_LEVEL[p.visibility] > level) {
        add(
          'visibility_level',
          `${visibility} is not allowed since this group contains projects with higher visibility.`,
        );
        break;
      }
    }
    for (const g of world.groups.values()) {
      if (g.parent_id === self.id && VISIBILITY_LEVEL[g.visibility] > level) {
        add('visibility_level', `${visibility} is not allowed since there are sub-groups with higher visibility.`);
        break;
      }
    }
  }
  // Group#visibility_level_allowed_by_parent.
  if (parent && level > VISIBILITY_LEVEL[parent.visibility]) {
    add(
      'visibility_level',
      `${visibility} is not allowed since the parent group has a ${parent.visibility} visibility.`,
    );
  }
}

/** The settings given, as the group's fields. */
const settingsOf = (input: GroupSettings): Partial<Group> => ({
  ...(input.description !== undefined && { description: input.description }),
  ...(input.project_creation_level !== undefined && { project_creation_level: input.project_creation_level }),
  ...(input.subgroup_creation_level !== undefined && { subgroup_creation_level: input.subgroup_creation_level }),
  ...(input.share_with_group_lock !== undefined && { share_with_group_lock: input.share_with_group_lock }),
  ...(input.request_access_enabled !== undefined && { request_access_enabled: input.request_access_enabled }),
});

/** A group's stored settings after `changes`: a `null` drops one back to GitLab's default. */
function storedSettings(
  current: Partial<GroupStoredSettings> | undefined,
  changes: GroupSettings['settings'],
): Partial<GroupStoredSettings> | undefined {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes ?? {})) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return Object.keys(next).length > 0 ? (next as Partial<GroupStoredSettings>) : undefined;
}

/**
 * `POST /groups` after its permission checks: validates the name, path and visibility
 * (`Failed to save group {...}`, 400), then stores the group with the caller as its Owner
 * (`@group.add_owner(current_user)`, which names no creator), a subgroup of a parent that locks
 * sharing locked too (`Namespace#sync_share_with_group_lock_with_parent`), and announces
 * `group_create` to system hooks and `subgroup_create` to the parent's group hooks.
 */
export function createGroup(world: World, user: User, input: NewGroup): Group {
  const { parent } = input;
  // `Groups::CreateService#set_visibility_level`: the instance's default group visibility, private.
  const visibility = input.visibility ?? 'private';
  const { errors, add } = errorList();
  nameErrors(world, add, input.name, parent);
  pathErrors(world, add, input.path, parent);
  visibilityErrors(world, add, visibility, parent);
  if (Object.keys(errors).length > 0) {
    throw validationError(`Failed to save group ${rubyInspect(errors)}`).because(
      `group ${fullPathOf(parent, input.path)} is invalid: ${Object.keys(errors).join(', ')}`,
    );
  }
  const now = nowIso(world);
  const stored = storedSettings(undefined, input.settings);
  const group: Group = {
    id: nextId(world, 'groups'),
    name: input.name,
    path: input.path,
    full_path: fullPathOf(parent, input.path),
    description: '',
    parent_id: parent?.id ?? null,
    visibility,
    plan: 'free',
    saml_scim: false,
    created_at: now,
    members: new Map(),
    approval_settings: {},
    enforced_sso: false,
    next_iid: { milestone: 1 },
    ...settingsOf(input),
    // Groups::CreateService keeps the settings it is given (the route drops `shared_runners_setting`).
    ...(stored && { settings: stored }),
  };
  if (parent?.share_with_group_lock) group.share_with_group_lock = true;
  world.groups.set(group.id, group);
  storeMembership(group, user.id, 50, { created_at: now, created_by_id: null, expires_at: null });
  groupCreatedHooks(world, group);
  return group;
}

/**
 * `PUT /groups/:id` after `admin_group`: a visibility change needs `change_visibility_level`, a
 * change of `share_with_group_lock` needs `change_share_with_group_lock` (`Groups::UpdateService`),
 * then the model validations; any error is 400 `{"message":{"field":[...]}}`
 * (`render_validation_error!`). A new path renames the full path of every subgroup and project
 * below (GitLab's routes) and announces `group_rename`; turning the lock on locks every subgroup
 * (`Namespace#force_share_with_group_lock_on_descendants`).
 */
export function updateGroup(world: World, user: User, group: Group, input: GroupSettings): Group {
  const parent = group.parent_id === null ? null : (world.groups.get(group.parent_id) ?? null);
  const { errors, add } = errorList();
  const visibility = input.visibility ?? group.visibility;
  // The route's `admin_group` is Owner, which `change_visibility_level` asks too: no refusal of its own here.
  const lockChanges =
    input.share_with_group_lock !== undefined && input.share_with_group_lock !== (group.share_with_group_lock ?? false);
  // Groups::UpdateService#valid_share_with_group_lock_change?, before the model's validations.
  if (lockChanges && !can(world, user, 'change_share_with_group_lock', group)) {
    add(
      'share_with_group_lock',
      'cannot be disabled when the parent group "Share with group lock" is enabled, except by the owner of the parent group',
    );
  }
  if (Object.keys(errors).length === 0) {
    if (input.name !== undefined && input.name !== group.name) nameErrors(world, add, input.name, parent, group);
    if (input.path !== undefined && input.path !== group.path) pathErrors(world, add, input.path, parent, group);
    if (visibility !== group.visibility) visibilityErrors(world, add, visibility, parent, group);
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors).because(
      `group ${group.full_path} cannot take the change: ${Object.keys(errors).join(', ')}`,
    );
  }
  const oldPath = group.path;
  const oldFullPath = group.full_path;
  Object.assign(group, settingsOf(input));
  const stored = storedSettings(group.settings, input.settings);
  if (stored) group.settings = stored;
  else delete group.settings;
  if (input.name !== undefined) group.name = input.name;
  group.visibility = visibility;
  if (input.share_with_group_lock === true) {
    for (const g of descendantsOf(world, group)) g.share_with_group_lock = true;
  }
  if (input.path !== undefined && input.path !== oldPath) {
    group.path = input.path;
    renameBelow(world, group, oldFullPath, fullPathOf(parent, input.path));
    groupRenamedHooks(world, group, oldPath, oldFullPath);
  }
  return group;
}

/** Every group strictly below `group`. */
function descendantsOf(world: World, group: Group): Group[] {
  return [...world.groups.values()].filter((g) => g !== group && groupChain(world, g).includes(group));
}

/** Gives a group a new full path, and every subgroup and project below it the path under the new one. */
function renameBelow(world: World, group: Group, oldFullPath: string, newFullPath: string): void {
  const prefix = `${oldFullPath}/`;
  const moved = (path: string) => `${newFullPath}/${path.slice(prefix.length)}`;
  for (const g of world.groups.values()) if (g.full_path.startsWith(prefix)) g.full_path = moved(g.full_path);
  for (const p of world.projects.values()) {
    if (p.path_with_namespace.startsWith(prefix)) p.path_with_namespace = moved(p.path_with_namespace);
  }
  group.full_path = newFullPath;
}

/** GitLab's `TransferGroup|...` refusal: 400 `{"message":"Transfer failed: ..."}` (`render_api_error!(service.error, 400)`). */
const transferFailed = (message: string, reason: string) =>
  new ApiError(400, { message: `Transfer failed: ${message}` }).because(reason);

/**
 * `POST /groups/:id/transfer` after `change_group`: `Groups::TransferService#ensure_allowed_transfer`'s
 * refusals in its order, then the move: the group (and every subgroup and project below it) gets
 * its full path under the new parent; moved below a less visible parent, the group and whatever
 * below it is more visible take the parent's visibility (`update_children_and_projects_visibility`);
 * a group made top level gets the caller as Owner when it has no Owner of its own
 * (`ensure_ownership`) and starts on the free plan (on the hosted offering a subgroup follows its
 * top-level group's plan, so a moved subgroup changes plan with it).
 */
export function transferGroup(world: World, user: User, group: Group, target: Group | null): Group {
  const parent = group.parent_id === null ? null : (world.groups.get(group.parent_id) ?? null);
  const why = `transfer of group ${group.full_path} to ${target ? target.full_path : 'the top level'}`;
  if (!target && !parent) throw transferFailed('Group is already a root group.', `${why}: it is one already`);
  if (target && target.id === group.parent_id) {
    throw transferFailed('Group is already associated to the parent group.', `${why}: it is there already`);
  }
  // `valid_policies?`: `change_group` on the group, then `create_subgroup` in the target or `create_group`.
  const allowed =
    can(world, user, 'change_group', group) &&
    (target ? can(world, user, 'create_subgroup', target) : can(world, user, 'create_group', 'instance'));
  if (!allowed) {
    throw transferFailed("You don't have enough permissions.", `${why}: ${user.username} may not create a group there`);
  }
  // `namespace_with_same_path?`: a namespace with the group's path directly in the target.
  const taken = target
    ? [...world.groups.values()].some(
        (g) => g.parent_id === target.id && g.path.toLowerCase() === group.path.toLowerCase(),
      ) ||
      [...world.projects.values()].some(
        (p) =>
          p.namespace.kind === 'group' &&
          p.namespace.id === target.id &&
          p.path.toLowerCase() === group.path.toLowerCase(),
      )
    : routeTaken(world, group.path, group);
  if (taken) {
    throw transferFailed(
      'The parent group already has a subgroup or a project with the same path.',
      `${why}: ${fullPathOf(target, group.path)} is taken`,
    );
  }
  if (target && groupChain(world, target).includes(group)) {
    throw transferFailed('Cannot transfer group to one of its subgroup.', `${why}: the target is inside the group`);
  }
  // EE `saml_provider_or_scim_token_present?`.
  if (group.saml_scim) {
    throw transferFailed(
      'SAML Provider or SCIM Token is configured for this group.',
      `${why}: the group has SAML and SCIM`,
    );
  }
  if (target && VISIBILITY_LEVEL[target.visibility] < VISIBILITY_LEVEL[group.visibility]) {
    const level = VISIBILITY_LEVEL[target.visibility];
    for (const g of descendantsOf(world, group))
      if (VISIBILITY_LEVEL[g.visibility] > level) g.visibility = target.visibility;
    const inside = new Set([group.id, ...descendantsOf(world, group).map((g) => g.id)]);
    for (const p of world.projects.values()) {
      if (p.namespace.kind === 'group' && inside.has(p.namespace.id) && VISIBILITY_LEVEL[p.visibility] > level) {
        p.visibility = target.visibility;
      }
    }
    group.visibility = target.visibility;
  }
  const oldFullPath = group.full_path;
  group.parent_id = target?.id ?? null;
  // `Namespace#sync_share_with_group_lock_with_parent` (`before_update ... if: :parent_changed?`).
  if (target?.share_with_group_lock) group.share_with_group_lock = true;
  renameBelow(world, group, oldFullPath, fullPathOf(target, group.path));
  if (!target) {
    group.plan = 'free';
    const hasOwner = [...group.members].some(([id, role]) => role === 50 && !world.users.get(id)?.bot);
    if (!hasOwner) {
      storeMembership(group, user.id, 50, { created_at: nowIso(world), created_by_id: null, expires_at: null });
    }
  }
  return group;
}

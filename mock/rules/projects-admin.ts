import { ApiError, type ModelErrors, validationError } from '../http/errors.js';
import { groupChain, projectGroup, storeMembership } from '../world/memberships.js';
import { storeMilestone } from '../world/milestone-index.js';
import type {
  Caller,
  Group,
  Label,
  Milestone,
  NamespaceRecord,
  Project,
  ProjectSettings,
  User,
  Visibility,
  World,
} from '../world/types.js';
import { nextId, nowIso } from '../world/world.js';
import { projectSettingsFromSeed } from './approvals/approval-settings.js';
import { ensureBranch } from './branches.js';
import { projectHooks, projectMemberHook } from './events.js';
import { insertLabel, projectLabels } from './labels.js';
import { namespaceByRef, namespaceFacts } from './namespaces.js';
import { authorize, can } from './policy.js';
import { projectAdded, projectsInNamespace, projectsMoved } from './projects.js';

/**
 * Creating, changing, archiving and transferring projects (GitLab 18.6's `lib/api/projects.rb`,
 * `Projects::CreateService`, `UpdateService`, `ArchiveService`, `UnarchiveService`,
 * `TransferService`, and the validations of `app/models/project.rb`). Every check runs before
 * the world changes, so a refused request changes nothing.
 * @module
 */

/** What create and update take besides the namespace: GitLab's parameter names. */
export interface ProjectFields {
  name?: string | undefined;
  path?: string | undefined;
  description?: string | undefined;
  visibility?: Visibility | undefined;
  default_branch?: string | undefined;
  approvals_before_merge?: number | undefined;
  /** Topic names (`topics`, or the deprecated `tag_list`). */
  topics?: string[] | undefined;
  /** Merge settings and feature access levels that were sent. */
  settings: Partial<ProjectSettings>;
}

/** `POST /projects` and `POST /projects/user/:user_id`. */
export interface ProjectCreateInput extends ProjectFields {
  namespace_id?: number | undefined;
  initialize_with_readme?: boolean | undefined;
  /** `sha1` or `sha256` (`repository_object_format`). */
  repository_object_format?: 'sha1' | 'sha256' | undefined;
}

/** `Project#topic_list=`: each name stripped, repeats and empty ones dropped. */
export const topicList = (names: readonly string[]): string[] => [
  ...new Set(names.map((name) => name.trim()).filter((name) => name !== '')),
];

const VISIBILITY_RANK: Record<Visibility, number> = { private: 0, internal: 1, public: 2 };

/** GitLab's `projects_limit` default (`Gitlab::CurrentSettings.default_projects_limit`). */
export const DEFAULT_PROJECTS_LIMIT = 100_000;

/** `Gitlab::PathRegex::PROJECT_WILDCARD_ROUTES`: words a project path may not be (any case). */
const RESERVED_PROJECT_PATHS = new Set([
  '-',
  'badges',
  'blame',
  'blob',
  'builds',
  'commits',
  'create',
  'create_dir',
  'edit',
  'files',
  'find_file',
  'new',
  'preview',
  'raw',
  'refs',
  'tree',
  'update',
  'wikis',
]);

/** `Gitlab::PathRegex.project_path_format_regex`: what `ProjectPathValidator` takes. */
const PROJECT_PATH_FORMAT = /^[a-zA-Z0-9_.][a-zA-Z0-9_\-.]{0,254}$/;
const PROJECT_PATH_FORMAT_MESSAGE =
  "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'";
/** `Gitlab::Regex.oci_repository_path_regex`, checked whenever the path changes. */
const OCI_PATH = /^[a-zA-Z0-9]+([._-][a-zA-Z0-9]+)*$/;
const OCI_PATH_MESSAGE =
  "can only include non-accented letters, digits, '_', '-' and '.'. It must not start with '-', '_', or '.', nor end with '-', '_', '.', '.git', or '.atom'.";
/** `Gitlab::Regex.project_name_regex`. */
const PROJECT_NAME = /^[\p{L}\p{N}\u{00A9}-\u{1f9ff}_][\p{L}\p{N}\p{Pd}+\u{00A9}-\u{1f9ff}_. ]*$/u;
const PROJECT_NAME_MESSAGE =
  "can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces. It must start with a letter, digit, emoji, or '_'.";

/** Adds a model error as ActiveModel's `errors.add` does. */
function add(errors: ModelErrors, key: string, message: string): void {
  errors[key] ??= [];
  errors[key].push(message);
}

/** The visibility of a namespace: a group's own; a personal namespace is public (`Namespace` default). */
const namespaceVisibility = (ns: NamespaceRecord): Visibility => (ns.kind === 'group' ? ns.group.visibility : 'public');

/**
 * The validations `app/models/project.rb` runs on a name or path that is new or changed: presence,
 * `ProjectPathValidator` (format, then reserved names), `oci_repository_path_regex`, the name's
 * format, and the uniqueness of the name (`validates :name, uniqueness: { scope: :namespace_id }`, and its
 * project namespace's: `project_namespace.name`) and of the path (the route's, copied to `path`).
 */
function nameAndPathErrors(
  world: World,
  ns: NamespaceRecord,
  fields: { name: string; path: string },
  changed: { name: boolean; path: boolean },
  self?: Project,
): ModelErrors {
  const errors: ModelErrors = {};
  const others = projectsInNamespace(world, ns).filter((p) => p !== self);
  const { name, path } = fields;
  if (changed.name || changed.path) {
    const nameTaken = changed.name && others.some((p) => p.name.toLowerCase() === name.toLowerCase());
    // The project namespace is validated first (an autosaved association of the project).
    if (nameTaken && !self) add(errors, 'project_namespace.name', 'has already been taken');
  }
  if (name.trim() === '') add(errors, 'name', "can't be blank");
  if (name.length > 255) add(errors, 'name', 'is too long (maximum is 255 characters)');
  if (path === '') add(errors, 'path', "can't be blank");
  else if (changed.path) {
    if (!PROJECT_PATH_FORMAT.test(path) || /\.(git|atom)$/.test(path)) add(errors, 'path', PROJECT_PATH_FORMAT_MESSAGE);
    else if (RESERVED_PROJECT_PATHS.has(path.toLowerCase())) add(errors, 'path', `${path} is a reserved name`);
  }
  if (changed.name && name.trim() !== '' && !PROJECT_NAME.test(name)) add(errors, 'name', PROJECT_NAME_MESSAGE);
  if (changed.path && path !== '' && !OCI_PATH.test(path)) add(errors, 'path', OCI_PATH_MESSAGE);
  if (changed.name && others.some((p) => p.name.toLowerCase() === name.toLowerCase())) {
    add(errors, 'name', 'has already been taken');
  }
  if (changed.path && path !== '' && others.some((p) => p.path.toLowerCase() === path.toLowerCase())) {
    add(errors, 'path', 'has already been taken');
  }
  return errors;
}

/** `visibility_level_allowed_by_namespace`: `public is not allowed in a private namespace.` */
function visibilityError(ns: NamespaceRecord, visibility: Visibility): string | undefined {
  const bound = namespaceVisibility(ns);
  return VISIBILITY_RANK[visibility] > VISIBILITY_RANK[bound]
    ? `${visibility} is not allowed in a ${bound} namespace.`
    : undefined;
}

/** `Projects::CreateService#set_project_name_from_path`: the path from the name (parameterized when it is no path), or the name from the path. */
function nameAndPath(input: ProjectFields): { name: string; path: string } {
  if (input.name !== undefined && input.name !== '' && input.path !== undefined && input.path !== '') {
    return { name: input.name, path: input.path };
  }
  if (input.path !== undefined && input.path !== '') return { name: input.path, path: input.path };
  const name = input.name ?? '';
  const path = PROJECT_PATH_FORMAT.test(name) ? name : parameterize(name);
  return { name, path };
}

/** ActiveSupport's `parameterize`: lower case, runs of other characters as one `-`, none at the ends. */
function parameterize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\-_]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/** `Gitlab::Git.ref_name`: a branch named with its `refs/heads/` prefix. */
const refName = (name: string) => name.replace(/^refs\/heads\//, '');

/**
 * `POST /projects` (the caller's project) and `POST /projects/user/:user_id` (an administrator's, for `owner`):
 * `Projects::CreateService` run as `owner`. The namespace is `namespace_id` or the owner's personal
 * namespace; a visibility above the namespace's is lowered to it (`visibility_level_allowed_by_namespace?`);
 * a personal project counts against the owner's `projects_limit` (`check_personal_projects_limit`, 403
 * `{"error":[...]}` from `POST /projects`, a validation error from the admin's route); then `create_projects`
 * in the namespace (`validate_create_permissions`: `{"message":{"namespace":["is not valid"]}}`), then the model's
 * validations. A personal project's owner becomes its Owner (`setup_authorizations` → `add_owner`); in a group
 * the creator gets no membership of the project (the group's roles apply). Without `initialize_with_readme`
 * the repository is empty: no branches, and GitLab shows the instance's default branch name, `main`.
 */
export function createProject(
  world: World,
  caller: Caller,
  owner: User,
  input: ProjectCreateInput,
  route: 'own' | 'for_user',
): Project {
  const ns: NamespaceRecord | undefined =
    input.namespace_id === undefined
      ? { kind: 'user', user: owner }
      : namespaceByRef(world, String(input.namespace_id));
  if (!ns) {
    throw validationError({ namespace: ['is not valid'] }).because(`no namespace ${input.namespace_id}`);
  }
  const { name, path } = nameAndPath(input);
  const bound = namespaceVisibility(ns);
  const asked = input.visibility ?? 'private';
  const visibility = VISIBILITY_RANK[asked] > VISIBILITY_RANK[bound] ? bound : asked;
  if (ns.kind === 'user') {
    const limit = owner.projects_limit ?? DEFAULT_PROJECTS_LIMIT;
    const personal = projectsInNamespace(world, { kind: 'user', user: owner }).length;
    if (personal >= limit) {
      const message =
        limit === 0
          ? 'You cannot create projects in your personal namespace. Contact your GitLab administrator.'
          : `You've reached your limit of ${limit} projects created. Contact your GitLab administrator.`;
      const error =
        route === 'own' ? new ApiError(403, { error: [message] }) : validationError({ limit_reached: [message] });
      throw error.because(`${owner.username} has ${personal} personal projects, the limit is ${limit}`);
    }
  }
  if (!can(world, owner, 'create_projects', ns)) {
    throw validationError({ namespace: ['is not valid'] }).because(
      `${owner.username} may not create projects in ${namespaceFacts(ns).fullPath}`,
    );
  }
  const errors = nameAndPathErrors(world, ns, { name, path }, { name: true, path: true });
  if (Object.keys(errors).length > 0) {
    throw validationError(errors).because(`the project is invalid: ${Object.keys(errors).join(', ')}`);
  }
  const readme = input.initialize_with_readme === true;
  const defaultBranch = readme && input.default_branch ? refName(input.default_branch) : 'main';
  const fullPath = `${namespaceFacts(ns).fullPath}/${path}`;
  const project: Project = {
    id: nextId(world, 'projects'),
    name,
    path,
    path_with_namespace: fullPath,
    description: input.description ?? '',
    namespace: ns.kind === 'group' ? { kind: 'group', id: ns.group.id } : { kind: 'user', id: ns.user.id },
    visibility,
    created_at: nowIso(world),
    members: new Map(),
    approval_settings: projectSettingsFromSeed(),
    approvals_before_merge: input.approvals_before_merge ?? 0,
    next_iid: { milestone: 1, issue: 1, merge_request: 1 },
    default_branch: defaultBranch,
    branches: new Map(),
    archived: false,
    ...(Object.keys(input.settings).length > 0 && { settings: { ...input.settings } }),
    creator_id: owner.id,
    ...(input.topics && topicList(input.topics).length > 0 && { topics: topicList(input.topics) }),
    // `Projects::CreateService#create_readme`: a README.md on the default branch (`Project#readme_url`).
    ...(readme && { readme_path: 'README.md' }),
    ...(input.repository_object_format && { repository_object_format: input.repository_object_format }),
  };
  if (readme) ensureBranch(project, defaultBranch);
  world.projects.set(project.id, project);
  projectAdded(world, project);
  // `after_create_actions`: `execute_hooks` (project_create) before `setup_authorizations`, whose
  // `add_owner` sends `user_add_to_team` (`post_create_member_hook` skips only the notification).
  projectHooks(world, project, 'create');
  if (ns.kind === 'user') {
    const membership = { created_at: project.created_at, created_by_id: caller.user.id, expires_at: null };
    storeMembership(project, ns.user.id, 50, membership);
    projectMemberHook(world, project, ns.user, 50, membership, 'create');
  }
  return project;
}

/**
 * `PUT /projects/:id` after `authorize_admin_project`: `rename_project` when a name is sent,
 * `change_visibility_level` when a visibility is sent (`visibility_attribute_present?`), then
 * `Projects::UpdateService`: a new default branch must exist (`change_head`: `{"message":{"base":[...]}}`),
 * then the model's validations (name and path, the visibility the namespace allows). A new path
 * moves the project (`path_with_namespace`).
 */
export function updateProject(world: World, caller: Caller, project: Project, input: ProjectFields): Project {
  if (input.name !== undefined && input.name !== '') authorize(world, caller, 'rename_project', project);
  if (input.visibility !== undefined) authorize(world, caller, 'change_visibility_level', project);
  const branch = input.default_branch === undefined ? undefined : refName(input.default_branch);
  if (branch !== undefined && branch !== project.default_branch && !project.branches.has(branch)) {
    throw validationError({ base: [`Could not change HEAD: branch '${branch}' does not exist`] }).because(
      `project ${project.path_with_namespace} has no branch ${branch}`,
    );
  }
  const ns = namespaceOf(world, project);
  const name = input.name ?? project.name;
  const path = input.path ?? project.path;
  const errors = nameAndPathErrors(
    world,
    ns,
    { name, path },
    { name: name !== project.name, path: path !== project.path },
    project,
  );
  const visibility = input.visibility ?? project.visibility;
  const visibilityWrong = visibility !== project.visibility ? visibilityError(ns, visibility) : undefined;
  if (visibilityWrong) add(errors, 'visibility_level', visibilityWrong);
  if (Object.keys(errors).length > 0) {
    throw validationError(errors).because(`the project is invalid: ${Object.keys(errors).join(', ')}`);
  }
  const oldPathWithNamespace = project.path_with_namespace;
  project.name = name;
  if (path !== project.path) {
    project.path = path;
    project.path_with_namespace = `${namespaceFacts(ns).fullPath}/${path}`;
  }
  if (input.description !== undefined) project.description = input.description;
  project.visibility = visibility;
  if (branch !== undefined) project.default_branch = branch;
  if (input.approvals_before_merge !== undefined) project.approvals_before_merge = input.approvals_before_merge;
  if (Object.keys(input.settings).length > 0) project.settings = { ...project.settings, ...input.settings };
  // Projects::UpdateService#after_update: `project_rename` when the path changed
  // (`AfterRenameService#execute_system_hooks`), else `project_update`, whatever changed.
  if (project.path_with_namespace !== oldPathWithNamespace)
    projectHooks(world, project, 'rename', oldPathWithNamespace);
  else projectHooks(world, project, 'update');
  return project;
}

/** The namespace a project lives in. */
function namespaceOf(world: World, project: Project): NamespaceRecord {
  if (project.namespace.kind === 'group') return { kind: 'group', group: projectGroup(world, project) as Group };
  return { kind: 'user', user: world.users.get(project.namespace.id) as User };
}

/** `POST /projects/:id/archive` (`Projects::ArchiveService`): 400 `Project is already archived.`; `project_update` to system hooks (`after_archive`). */
export function archiveProject(world: World, project: Project): Project {
  if (project.archived) {
    throw new ApiError(400, { message: 'Project is already archived.' }).because(
      `project ${project.path_with_namespace} is archived already`,
    );
  }
  project.archived = true;
  projectHooks(world, project, 'update');
  return project;
}

/**
 * `POST /projects/:id/unarchive` (`Projects::UnarchiveService`): unarchiving an active project changes
 * nothing but is answered as a success, so `project_update` goes to system hooks either way (`after_unarchive`).
 */
export function unarchiveProject(world: World, project: Project): Project {
  project.archived = false;
  projectHooks(world, project, 'update');
  return project;
}

/** The refusal of `PUT /projects/:id/transfer`: GitLab words the model's errors with Ruby 3.3's `Hash#inspect`. */
const transferError = (message: string) =>
  new ApiError(400, { message: `Failed to transfer project {:new_namespace=>["${message}"]}` }).because(message);

/**
 * `PUT /projects/:id/transfer` after `change_namespace` (Owner, not archived) and `find_namespace!`:
 * `Projects::TransferService#execute`. The same namespace, `transfer_projects` missing in the target
 * (Maintainer with `create_projects`), or a project of the same name or path there are refused; the
 * visibility is lowered to the target's (`update_namespace_and_visibility`); a personal target's owner
 * becomes an Owner (`ensure_personal_project_owner_membership`). The group labels and group milestones
 * its issues and merge requests use that the new namespace cannot see are copied into the project
 * (`transfer_missing_group_resources`: `Labels::TransferService`, `Milestones::TransferService`).
 */
export function transferProject(world: World, caller: Caller, project: Project, target: NamespaceRecord): Project {
  const facts = namespaceFacts(target);
  const sameNamespace =
    project.namespace.kind === target.kind &&
    project.namespace.id === (target.kind === 'group' ? target.group.id : target.user.id);
  if (sameNamespace) throw transferError('Project is already in this namespace.');
  const allowed =
    target.kind === 'group'
      ? can(world, caller.user, 'transfer_projects', target.group) && can(world, caller.user, 'create_projects', target)
      : can(world, caller.user, 'create_projects', target);
  if (!allowed) throw transferError("You don't have permission to transfer projects into that namespace.");
  const clash = projectsInNamespace(world, target).some(
    (p) => p.path.toLowerCase() === project.path.toLowerCase() || p.name === project.name,
  );
  if (clash) throw transferError('Project with same name or path in target namespace already exists');
  const oldGroup = projectGroup(world, project);
  const newChain = target.kind === 'group' ? groupChain(world, target.group).map((g) => g.id) : [];
  const missing = (groupId: number | null) => groupId !== null && !newChain.includes(groupId);
  if (oldGroup) keepGroupResources(world, project, missing);
  const oldPathWithNamespace = project.path_with_namespace;
  project.namespace =
    target.kind === 'group' ? { kind: 'group', id: target.group.id } : { kind: 'user', id: target.user.id };
  project.path_with_namespace = `${facts.fullPath}/${project.path}`;
  const bound = namespaceVisibility(target);
  if (VISIBILITY_RANK[project.visibility] > VISIBILITY_RANK[bound]) project.visibility = bound;
  // `proceed_to_transfer`: `project_transfer` with the old full path (`execute_system_hooks`), then
  // `ensure_personal_project_owner_membership`, whose `add_owner` sends `user_add_to_team`.
  projectHooks(world, project, 'transfer', oldPathWithNamespace);
  if (target.kind === 'user' && !project.members.has(target.user.id)) {
    const membership = { created_at: nowIso(world), created_by_id: caller.user.id, expires_at: null };
    storeMembership(project, target.user.id, 50, membership);
    projectMemberHook(world, project, target.user, 50, membership, 'create');
  }
  projectsMoved(world);
  return project;
}

/**
 * `Labels::TransferService` and `Milestones::TransferService`: each group label and group milestone
 * the project's issues and merge requests use that the new namespace will not see becomes a project
 * label (same title, colour, description) or a project milestone (same title, dates, state), and the
 * records point at the copy. Labels already in the project, by title, are reused.
 */
function keepGroupResources(world: World, project: Project, missing: (groupId: number | null) => boolean): void {
  const issues = [...world.issues.values()].filter((i) => i.project_id === project.id);
  const mergeRequests = [...world.mergeRequests.values()].filter((mr) => mr.project_id === project.id);
  const records = [...issues, ...mergeRequests];
  const used = new Set(records.flatMap((r) => r.labels));
  const own = new Map(projectLabels(world, project, true).map((l) => [l.title, l]));
  const visible = projectLabels(world, project);
  for (const label of visible) {
    if (label.project_id !== null || !missing(label.group_id) || !used.has(label.title)) continue;
    const kept = own.get(label.title) ?? copyLabel(world, project, label);
    own.set(label.title, kept);
    // `update_label_priorities`: the project's priority of the group label goes to the label that replaces it.
    const priority = label.priorities.get(project.id);
    if (priority !== undefined) kept.priorities.set(project.id, priority);
    label.priorities.delete(project.id);
  }
  const copies = new Map<number, Milestone>();
  for (const record of records) {
    const milestone = record.milestone_id === null ? undefined : world.milestones.get(record.milestone_id);
    if (!milestone || milestone.group_id === null || !missing(milestone.group_id)) continue;
    let copy = copies.get(milestone.id);
    if (!copy) {
      copy = copyMilestone(world, project, milestone);
      copies.set(milestone.id, copy);
    }
    record.milestone_id = copy.id;
  }
}

function copyLabel(world: World, project: Project, label: Label): Label {
  return insertLabel(
    world,
    { project },
    {
      title: label.title,
      color: label.color,
      description: label.description,
    },
  );
}

function copyMilestone(world: World, project: Project, milestone: Milestone): Milestone {
  const now = nowIso(world);
  const copy: Milestone = {
    id: nextId(world, 'milestones'),
    iid: project.next_iid.milestone++,
    project_id: project.id,
    group_id: null,
    title: milestone.title,
    description: milestone.description,
    state: milestone.state,
    due_date: milestone.due_date,
    start_date: milestone.start_date,
    created_at: now,
    updated_at: now,
  };
  storeMilestone(world, copy);
  return copy;
}

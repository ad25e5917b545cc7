import { ApiError, notFound, recordNotFound } from '../http/errors.js';
import type {
  BranchAccessLevel,
  Caller,
  MergeRequest,
  Project,
  ProtectedBranch,
  Role,
  User,
  World,
} from '../world/types.js';
import { nextId } from '../world/world.js';
import { branchesCovering, branchMatches } from './approvals/approvals.js';
import { accessLevelAllows, authorize, can, projectRole } from './policy.js';

/**
 * A project's repository as far as the mock models it: branches (name → head commit
 * sha) and the project's protected branches. Commits themselves are not modelled: a
 * branch's commit is known by its sha only (GitLab's `lib/api/branches.rb`,
 * `app/services/branches/*`, `lib/gitlab/checks/branch_check.rb`).
 * @module
 */

/** The sha of a branch the seed names without one: derived from its project and name, so seeding draws no random numbers. */
export function derivedSha(project: Pick<Project, 'path_with_namespace'>, name: string): string {
  let out = '';
  for (let round = 0; out.length < 40; round++) {
    // FNV-1a over "round:path:name": deterministic, spread, and cheap.
    let hash = 0x811c9dc5;
    for (const char of `${round}:${project.path_with_namespace}:${name}`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    out += hash.toString(16).padStart(8, '0');
  }
  return out.slice(0, 40);
}

/** Adds a branch unless the project has one of that name (the seed's way: existing heads stay). */
export function ensureBranch(project: Project, name: string, sha = derivedSha(project, name)): void {
  if (!project.branches.has(name)) project.branches.set(name, sha);
}

/**
 * GitLab's branch `search`: a substring, case-insensitive; `^x` anchors at the start and
 * `x$` at the end (`Repository#search_branch_names`).
 */
export function nameMatches(name: string, search: string | undefined): boolean {
  if (!search) return true;
  const lower = name.toLowerCase();
  let wanted = search.toLowerCase();
  const start = wanted.startsWith('^');
  const end = wanted.endsWith('$') && wanted.length > (start ? 1 : 0);
  if (start) wanted = wanted.slice(1);
  if (end) wanted = wanted.slice(0, -1);
  if (start && end) return lower === wanted;
  if (start) return lower.startsWith(wanted);
  if (end) return lower.endsWith(wanted);
  return lower.includes(wanted);
}

/** A branch of the repository, as the rules and presenters see it. */
export interface Branch {
  name: string;
  sha: string;
}

/** The orders `GET /projects/:id/repository/branches` takes (`lib/api/branches.rb`, `filter_params`). */
export const BRANCH_SORTS = ['name_asc', 'updated_asc', 'updated_desc'] as const;

/** What `GET /projects/:id/repository/branches` filters and orders by (`BranchesFinder`). */
export interface BranchFilters {
  search?: string | undefined;
  regex?: string | undefined;
  /** One of {@link BRANCH_SORTS} (the handler refuses others). */
  sort?: string | undefined;
}

/**
 * `BranchesFinder#by_regex`: GitLab matches names with `Gitlab::UntrustedRegexp` (RE2, unanchored);
 * a pattern that does not compile is 400 `{"message":"Regex is invalid"}` (`lib/api/branches.rb`:
 * `rescue RegexpError` → `render_api_error!('Regex is invalid', 400)`).
 */
function regexFilter(regex: string | undefined): (name: string) => boolean {
  if (!regex) return () => true;
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex, 'u');
  } catch {
    throw new ApiError(400, { message: 'Regex is invalid' }).because(`${JSON.stringify(regex)} does not compile`);
  }
  return (name) => pattern.test(name);
}

/**
 * The project's branches matching `search` and `regex`, by name (GitLab's default, `name_asc`). The
 * mock dates every head commit at the project's creation, so `updated_asc` and `updated_desc` keep
 * names' order among equal dates.
 */
export function listBranches(project: Project, filters: BranchFilters = {}): Branch[] {
  const matches = regexFilter(filters.regex);
  const names = [...project.branches.keys()]
    .filter((name) => nameMatches(name, filters.search) && matches(name))
    .sort();
  return names.map((name) => ({ name, sha: project.branches.get(name) as string }));
}

/**
 * A branch by exact name, as GitLab's `find_branch!` (`lib/api/helpers.rb`) finds it: 400
 * `The branch refname is invalid` for a name git refuses, `404 Branch Not Found` for one the project lacks.
 */
export function findBranch(project: Project, name: string): Branch {
  if (!validRefName(name)) throw branchError('The branch refname is invalid');
  const sha = project.branches.get(name);
  if (sha === undefined) {
    throw notFound('Branch').because(`project ${project.path_with_namespace} has no branch ${name}`);
  }
  return { name, sha };
}

/** The protected branches (the project's and its groups') whose name or wildcard covers `branch`. */
export function protectionsOf(world: World, project: Project, branch: string): ProtectedBranch[] {
  return branchesCovering(world, project).filter((b) => branchMatches(b.name, branch));
}

/** What the Branch entity computes for one caller: protection and who may push or merge. */
export interface BranchAccess {
  protected: boolean;
  developers_can_push: boolean;
  developers_can_merge: boolean;
  can_push: boolean;
  merged: boolean;
}

/** Whether `role` may push to (or merge into) a branch covered by `protections` (GitLab's `UserAccess`). */
function allowedBy(protections: ProtectedBranch[], user: User, role: Role | 0, action: 'push' | 'merge'): boolean {
  if (role < 30) return false;
  if (protections.length === 0) return true;
  const level = (b: ProtectedBranch) => (action === 'push' ? b.push_access_level : b.merge_access_level).access_level;
  // Any covering protection that grants the role is enough, as in GitLab.
  return protections.some((b) => accessLevelAllows(user, role, level(b)));
}

/**
 * A branch is merged when a merged merge request took it into the default branch (the mock keeps no commit
 * graph). GitLab's `merged` and merged-branch clean-up ask `Repository#merged_branch_names`, the branches whose
 * head the default branch's head contains (`lib/gitlab/git/repository.rb`; never the default branch itself, nor
 * one identical to it): a merge into another branch does not count.
 */
function mergedBranch(world: World, project: Project, name: string): boolean {
  if (name === project.default_branch) return false;
  for (const mr of world.mergeRequests.values()) {
    if (
      mr.project_id === project.id &&
      mr.state === 'merged' &&
      mr.source_branch === name &&
      mr.target_branch === project.default_branch
    ) {
      return true;
    }
  }
  return false;
}

/** The caller-dependent fields of GitLab's Branch entity. */
export function branchAccess(world: World, user: User, project: Project, name: string): BranchAccess {
  const protections = protectionsOf(world, project, name);
  const developersCan = (action: 'push' | 'merge') =>
    protections.some((b) => (action === 'push' ? b.push_access_level : b.merge_access_level).access_level === 30);
  return {
    protected: protections.length > 0,
    developers_can_push: developersCan('push'),
    developers_can_merge: developersCan('merge'),
    can_push: allowedBy(protections, user, projectRole(world, user, project), 'push'),
    merged: mergedBranch(world, project, name),
  };
}

/** The commit shas the project knows: its branch heads and its merge requests' heads and pushes. */
function knownCommit(world: World, project: Project, sha: string): boolean {
  for (const head of project.branches.values()) if (head === sha) return true;
  const ofProject = (mr: MergeRequest) => mr.project_id === project.id;
  for (const mr of world.mergeRequests.values()) {
    if (ofProject(mr) && (mr.sha === sha || mr.pushes.some((push) => push.sha === sha))) return true;
  }
  return false;
}

/**
 * A name GitLab's `Gitlab::GitRefValidator.validate` accepts (`lib/gitlab/git_ref_validator.rb`): not
 * empty, `HEAD`, `-…`, `refs/heads/…` or `refs/remotes/…`, and `refs/heads/<name>` a valid git ref
 * (Rugged's `Reference.valid_name?`, `git check-ref-format`).
 */
export function validRefName(name: string): boolean {
  if (name === '' || name === 'HEAD' || /^(-|refs\/heads\/|refs\/remotes\/)/.test(name)) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what git refuses.
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name) || name.includes('..') || name.includes('@{') || name === '@') return false;
  if (name.startsWith('/') || name.endsWith('/') || name.endsWith('.') || name.includes('//')) return false;
  return name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'));
}

/** Git's ref name rules (`git check-ref-format`, GitLab's `GitRefValidator`), for a new branch's name: no `refs/` either. */
export function validBranchName(name: string): boolean {
  return !name.startsWith('refs/') && validRefName(name);
}

/**
 * `POST /projects/:id/repository/branches` (the handler checks Developer first): a new
 * branch at `ref` (a branch name or a commit sha), in GitLab's order: the name, then the ref
 * (`Branches::CreateService`, `ValidateNewService`, the pre-receive `BranchCheck`).
 */
export function createBranch(world: World, caller: Caller, project: Project, name: string, ref: string): Branch {
  const role = projectRole(world, caller.user, project);
  if (!validBranchName(name)) throw branchError('Branch name is invalid');
  if (project.branches.has(name)) throw branchError('Branch already exists');
  const sha =
    project.branches.get(ref) ?? (/^[0-9a-f]{7,40}$/.test(ref) ? commitNamed(world, project, ref) : undefined);
  if (sha === undefined) throw branchError(`Failed to create branch '${name}': invalid reference name '${ref}'`);
  // The pre-receive checks run once the ref resolves.
  if (/^[0-9a-fA-F]{40}(-\/|\/|$)/.test(name)) {
    throw branchError('You cannot create a branch with a 40-character hexadecimal branch name.');
  }
  const protections = protectionsOf(world, project, name);
  if (
    protections.length > 0 &&
    !allowedBy(protections, caller.user, role, 'push') &&
    !allowedBy(protections, caller.user, role, 'merge')
  ) {
    throw branchError('You are not allowed to create protected branches on this project.');
  }
  project.branches.set(name, sha);
  return { name, sha };
}

/** A full sha the project knows, or the one known sha an abbreviation names. */
function commitNamed(world: World, project: Project, ref: string): string | undefined {
  if (ref.length === 40) return knownCommit(world, project, ref) ? ref : undefined;
  const heads = [...project.branches.values()];
  for (const mr of world.mergeRequests.values()) {
    if (mr.project_id === project.id) heads.push(mr.sha, ...mr.pushes.map((push) => push.sha));
  }
  const matches = new Set(heads.filter((sha) => sha.startsWith(ref)));
  return matches.size === 1 ? [...matches][0] : undefined;
}

/** A refused branch operation: 400 `{"message": "..."}`, GitLab's `render_api_error!(message, 400)`. */
function branchError(message: string): ApiError {
  return new ApiError(400, { message }).because(message);
}

/**
 * `DELETE /projects/:id/repository/branches/:branch` (the handler checks Developer,
 * `push_code`, first): the branch (404), then the pre-receive checks, which GitLab answers 400: never the default
 * branch; a protected one only by who may unprotect it (Maintainer, or the protection's
 * unprotect access level).
 */
export function deleteBranch(world: World, caller: Caller, project: Project, name: string): void {
  findBranch(project, name);
  if (name === project.default_branch) throw branchError('The default branch of a project cannot be deleted.');
  const protections = protectionsOf(world, project, name);
  if (protections.some((branch) => !can(world, caller.user, 'push_to_delete_protected_branch', { project, branch }))) {
    throw branchError(
      'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
    );
  }
  project.branches.delete(name);
}

// Protected branches (GitLab's lib/api/protected_branches.rb): Maintainer for every route.

/** The project's own protected branches matching `search` (a substring of the name), by id. */
export function listProtectedBranches(world: World, project: Project, search?: string): ProtectedBranch[] {
  const wanted = search?.toLowerCase();
  return [...world.protectedBranches.values()]
    .filter((b) => b.project_id === project.id && (!wanted || b.name.toLowerCase().includes(wanted)))
    .sort((a, b) => a.id - b.id);
}

/** A protected branch of the project by exact name (or wildcard): `404 Not found` otherwise. */
export function findProtectedBranch(world: World, project: Project, name: string): ProtectedBranch {
  for (const b of world.protectedBranches.values()) if (b.project_id === project.id && b.name === name) return b;
  throw recordNotFound().because(`project ${project.path_with_namespace} has no protected branch ${name}`);
}

/** What `POST /projects/:id/protected_branches` takes. */
export interface ProtectInput {
  name: string;
  push_access_level?: number | undefined;
  merge_access_level?: number | undefined;
  unprotect_access_level?: number | undefined;
  allow_force_push?: boolean | undefined;
  code_owner_approval_required?: boolean | undefined;
}

/** Protects a branch or wildcard; 409 `Protected branch 'x' already exists` when the project has it. */
export function protectBranch(world: World, project: Project, input: ProtectInput): ProtectedBranch {
  if (listProtectedBranches(world, project).some((b) => b.name === input.name)) {
    throw new ApiError(409, { message: `Protected branch '${input.name}' already exists` }).because(
      `project ${project.path_with_namespace} already protects ${input.name}`,
    );
  }
  const branch: ProtectedBranch = {
    id: nextId(world, 'protected_branches'),
    project_id: project.id,
    group_id: null,
    name: input.name,
    code_owner_approval_required: input.code_owner_approval_required ?? false,
    allow_force_push: input.allow_force_push ?? false,
    push_access_level: {
      id: nextId(world, 'protected_branch_push_access_levels'),
      access_level: (input.push_access_level ?? 40) as BranchAccessLevel,
    },
    merge_access_level: {
      id: nextId(world, 'protected_branch_merge_access_levels'),
      access_level: (input.merge_access_level ?? 40) as BranchAccessLevel,
    },
    unprotect_access_level:
      input.unprotect_access_level === undefined
        ? null
        : {
            id: nextId(world, 'protected_branch_unprotect_access_levels'),
            access_level: input.unprotect_access_level as Exclude<BranchAccessLevel, 0>,
          },
  };
  world.protectedBranches.set(branch.id, branch);
  return branch;
}

/**
 * Unprotects a branch. The approval rules scoped to it lose it, as GitLab's join table
 * (`approval_project_rules_protected_branches`, ON DELETE CASCADE) loses the row; a rule
 * left with no branch applies to every branch, as GitLab's does.
 */
export function unprotectBranch(world: World, branch: ProtectedBranch): void {
  world.protectedBranches.delete(branch.id);
  for (const rule of [...world.projectApprovalRules.values(), ...world.groupApprovalRules.values()]) {
    if (rule.protected_branch_ids.includes(branch.id)) {
      rule.protected_branch_ids = rule.protected_branch_ids.filter((id) => id !== branch.id);
    }
  }
}

/** What the deprecated `PUT /projects/:id/repository/branches/:branch/protect` takes (`lib/api/branches.rb`). */
export interface LegacyProtectInput {
  /** `true`: Developers may push (30); `false`: Maintainers (40); absent: unchanged (40 for a new protection). */
  developers_can_push?: boolean | undefined;
  /** The same for merging. */
  developers_can_merge?: boolean | undefined;
}

/** `developers_can_*` as an access level: Developers (30) when true, Maintainers (40) otherwise (`LegacyApi*Service`). */
const legacyLevel = (developersCan: boolean | undefined): BranchAccessLevel => (developersCan ? 30 : 40);

/**
 * The deprecated `PUT .../branches/:branch/protect` (`lib/api/branches.rb`; the handler has asked
 * `admin_project` and found the branch): the project's own protection of exactly that name is updated
 * (`ProtectedBranches::LegacyApiUpdateService`: a flag sent sets its level, one left out keeps it; the
 * update asks `update_protected_branch`, so an unprotect level the caller lacks is 403), or else one is
 * created with push and merge at 30 or 40 (`LegacyApiCreateService` → `CreateService`,
 * `create_protected_branch`). `AccessDeniedError` is 403 `{"message":"403 Forbidden"}` (`lib/api/api.rb`).
 * The mock holds one push and one merge level: EE's update keeps a Maintainer level beside a new Developer
 * one (`ee/app/services/ee/protected_branches/legacy_api_update_service.rb`), the mock replaces it.
 */
export function legacyProtectBranch(
  world: World,
  caller: Caller,
  project: Project,
  branch: Branch,
  input: LegacyProtectInput,
): ProtectedBranch {
  const existing = listProtectedBranches(world, project).find((b) => b.name === branch.name);
  if (!existing) {
    authorize(world, caller, 'create_protected_branch', project);
    return protectBranch(world, project, {
      name: branch.name,
      push_access_level: legacyLevel(input.developers_can_push),
      merge_access_level: legacyLevel(input.developers_can_merge),
    });
  }
  authorize(world, caller, 'update_protected_branch', { project, branch: existing });
  // `delete_redundant_access_levels` destroys the old records: the new level is a new record (a new id).
  if (input.developers_can_push !== undefined) {
    existing.push_access_level = {
      id: nextId(world, 'protected_branch_push_access_levels'),
      access_level: legacyLevel(input.developers_can_push),
    };
  }
  if (input.developers_can_merge !== undefined) {
    existing.merge_access_level = {
      id: nextId(world, 'protected_branch_merge_access_levels'),
      access_level: legacyLevel(input.developers_can_merge),
    };
  }
  return existing;
}

/**
 * The deprecated `PUT .../branches/:branch/unprotect` (`lib/api/branches.rb`; the handler has asked
 * `admin_project` and found the branch): removes the project's own protection of exactly that name, if
 * any (`ProtectedBranches::DestroyService`, which asks `destroy_protected_branch`: 403 for a caller below
 * its unprotect level). A group's protection or a wildcard covering the branch stays, so the branch may
 * still answer `protected: true`.
 */
export function legacyUnprotectBranch(world: World, caller: Caller, project: Project, branch: Branch): void {
  const existing = listProtectedBranches(world, project).find((b) => b.name === branch.name);
  if (!existing) return;
  authorize(world, caller, 'destroy_protected_branch', { project, branch: existing });
  unprotectBranch(world, existing);
}

/**
 * `DELETE /projects/:id/repository/merged_branches` (the handler has asked `push_code`): GitLab queues
 * `DeleteMergedBranchesWorker`, whose `Branches::DeleteMergedService#execute` deletes the branches merged
 * into the default branch (`Repository#merged_branch_names`: never the default branch, nor one identical
 * to it) except the source and target branches of open merge requests and every protected branch
 * (`ProtectedBranch.protected?`: the project's and its groups' protections, wildcards included). The mock
 * deletes them before answering; a client of GitLab sees them go a moment later. Returns the names deleted.
 */
export function deleteMergedBranches(world: World, project: Project): string[] {
  const kept = new Set<string>();
  for (const mr of world.mergeRequests.values()) {
    if (mr.project_id === project.id && mr.state === 'opened') kept.add(mr.source_branch).add(mr.target_branch);
  }
  const doomed = [...project.branches.keys()].filter(
    (name) => mergedBranch(world, project, name) && !kept.has(name) && protectionsOf(world, project, name).length === 0,
  );
  for (const name of doomed) project.branches.delete(name);
  return doomed;
}

/** What `PATCH /projects/:id/protected_branches/:name` changes. */
export interface ProtectedBranchChanges {
  allow_force_push?: boolean | undefined;
  code_owner_approval_required?: boolean | undefined;
}

/** Changes a protected branch's force-push and code-owner settings (the access levels are Premium's lists: not modelled). */
export function updateProtectedBranch(branch: ProtectedBranch, changes: ProtectedBranchChanges): ProtectedBranch {
  if (changes.allow_force_push !== undefined) branch.allow_force_push = changes.allow_force_push;
  if (changes.code_owner_approval_required !== undefined) {
    branch.code_owner_approval_required = changes.code_owner_approval_required;
  }
  return branch;
}

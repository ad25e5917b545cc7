import { ApiError, type ModelErrors, validationError } from '../../http/errors.js';
import { groupChain, membershipCounts, projectGroup } from '../../world/memberships.js';
import type {
  ApprovalReportType,
  ApprovalRuleFields,
  ApprovalRuleType,
  Caller,
  Group,
  GroupApprovalRule,
  MergeRequest,
  MergeRequestApprovalRule,
  Project,
  ProjectApprovalRule,
  ProtectedBranch,
  User,
  World,
} from '../../world/types.js';
import { nextId, nowIso } from '../../world/world.js';
import { canReadGroup } from '../policy.js';

/**
 * Approval rules of projects, groups and merge requests (GITLAB-BEHAVIOR 3,
 * R4.3, R4.5, R4.6): validation, the users and groups a rule may name, hidden
 * groups, system rules, copying a project rule into a merge request.
 * @module
 */

/** 403 `{"message":["Prohibited"]}`: GitLab's approval-rule services refusing a change (SPEC 2). */
export const prohibited = () => new ApiError(403, { message: ['Prohibited'] });

/** `code_owner` and `report_approver` rules are made by the system: they cannot be changed or deleted (SPEC 2). */
export const isSystemRule = (rule: ApprovalRuleFields) =>
  rule.rule_type === 'code_owner' || rule.rule_type === 'report_approver';

/** Where a rule lives: its users must be members there, and its name must be unique there. */
export type RuleScope =
  | { kind: 'project'; project: Project }
  | { kind: 'group'; group: Group }
  | { kind: 'merge_request'; project: Project; mergeRequest: MergeRequest };

/** A member of a group or of one of its ancestors (an admin is not a member by being an admin). */
export const isGroupMember = (world: World, userId: number, group: Group) =>
  groupChain(world, group).some((g) => membershipCounts(world, g, userId));

/** A member of a project: directly, through its groups, or as the owner of its personal namespace. */
export function isProjectMember(world: World, userId: number, project: Project): boolean {
  if (membershipCounts(world, project, userId)) return true;
  if (project.namespace.kind === 'user') return project.namespace.id === userId;
  const group = projectGroup(world, project);
  return group !== null && isGroupMember(world, userId, group);
}

function isEligible(world: World, scope: RuleScope, user: User): boolean {
  return scope.kind === 'group'
    ? isGroupMember(world, user.id, scope.group)
    : isProjectMember(world, user.id, scope.project);
}

function siblings(world: World, scope: RuleScope): ApprovalRuleFields[] {
  if (scope.kind === 'project') {
    return [...world.projectApprovalRules.values()].filter((r) => r.project_id === scope.project.id);
  }
  if (scope.kind === 'group')
    return [...world.groupApprovalRules.values()].filter((r) => r.group_id === scope.group.id);
  return [...world.mergeRequestApprovalRules.values()].filter((r) => r.merge_request_id === scope.mergeRequest.id);
}

const byId = (a: number, b: number) => a - b;
const unique = (ids: Iterable<number>) => [...new Set(ids)].sort(byId);

/** A user by username, case-insensitively. */
export function userNamed(world: World, username: string): User | undefined {
  const wanted = username.toLowerCase();
  for (const user of world.users.values()) if (user.username.toLowerCase() === wanted) return user;
  return undefined;
}

/**
 * The approvers a request names, by id and by username (both lists are added,
 * R4.5); users who are not members of the rule's project or group are dropped,
 * as GitLab drops them.
 */
export function eligibleUserIds(world: World, scope: RuleScope, ids: number[] = [], usernames: string[] = []) {
  const wanted = [...ids, ...usernames.flatMap((name) => userNamed(world, name)?.id ?? [])];
  return unique(wanted).filter((id) => {
    const user = world.users.get(id);
    return user !== undefined && isEligible(world, scope, user);
  });
}

/** The groups among `ids` the caller can see; the others are dropped. */
export function visibleGroupIds(world: World, caller: Caller, ids: number[] = []): number[] {
  return unique(ids).filter((id) => {
    const group = world.groups.get(id);
    return group !== undefined && canReadGroup(world, caller.user, group);
  });
}

/** A rule's private groups the caller cannot see (R2.5 `contains_hidden_groups`). */
export function hiddenGroupIds(world: World, caller: Caller, rule: ApprovalRuleFields): number[] {
  return rule.group_ids.filter((id) => {
    const group = world.groups.get(id);
    return group !== undefined && !canReadGroup(world, caller.user, group);
  });
}

export const NAME_LENGTH_LIMIT = 1024;
export const APPROVALS_REQUIRED_MAX = 100;

const ANY_APPROVER_TAKEN: Record<RuleScope['kind'], string> = {
  project: 'any-approver for the project already exists',
  group: 'any-approver for the group already exists',
  merge_request: 'any-approver for the merge request already exists',
};

/**
 * GitLab's model validation of a rule (ApprovalRuleLike): a name, at most 1024
 * characters, unique among the rules of its type; 0 to 100 approvals; one
 * `any_approver` rule; a report type on `report_approver` rules.
 */
export function ruleErrors(
  world: World,
  scope: RuleScope,
  fields: Pick<ApprovalRuleFields, 'name' | 'approvals_required' | 'rule_type' | 'report_type'>,
  self?: ApprovalRuleFields,
): ModelErrors {
  const errors: ModelErrors = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  const others = siblings(world, scope).filter((r) => r.id !== self?.id);
  if (fields.name.trim() === '') add('name', "can't be blank");
  else if (fields.name.length > NAME_LENGTH_LIMIT) {
    add('name', `is too long (maximum is ${NAME_LENGTH_LIMIT} characters)`);
  } else if (others.some((r) => r.name === fields.name && r.rule_type === fields.rule_type)) {
    add('name', 'has already been taken');
  }
  if (fields.approvals_required < 0) add('approvals_required', 'must be greater than or equal to 0');
  if (fields.approvals_required > APPROVALS_REQUIRED_MAX) {
    add('approvals_required', `must be less than or equal to ${APPROVALS_REQUIRED_MAX}`);
  }
  if (fields.rule_type === 'any_approver' && others.some((r) => r.rule_type === 'any_approver')) {
    add('rule_type', ANY_APPROVER_TAKEN[scope.kind]);
  }
  if (fields.rule_type === 'report_approver' && fields.report_type === null) add('report_type', "can't be blank");
  return errors;
}

/** What a create or update request may say about a rule (the parameters of R4.3, R4.5, R4.6). */
export interface RuleChanges {
  name?: string;
  approvals_required?: number;
  rule_type?: ApprovalRuleType;
  report_type?: ApprovalReportType;
  user_ids?: number[];
  usernames?: string[];
  group_ids?: number[];
  remove_hidden_groups?: boolean;
  protected_branch_ids?: number[];
  applies_to_all_protected_branches?: boolean;
}

type RuleFields = Omit<ApprovalRuleFields, 'id'>;

/**
 * Whether a create request names approvers: any of `user_ids`, `group_ids`, `usernames` non-empty,
 * before members are filtered (an id of a non-member still counts), as GitLab's `present?` on the raw
 * params (`ee/app/services/approval_rules/create_service.rb`, `approvers_present?`).
 */
const approversPresent = (input: RuleChanges) =>
  (input.user_ids?.length ?? 0) > 0 || (input.group_ids?.length ?? 0) > 0 || (input.usernames?.length ?? 0) > 0;

/**
 * The type of a new rule: the one sent, else `any_approver` when the request names no approvers
 * (`ee/app/services/approval_rules/create_service.rb`, `handle_any_approver_rule_creation`: `reverse_merge!`
 * keeps a sent `rule_type` and the sent name). The rule with approvers does not delete the any-approver
 * rule here: that happens only without the `multiple_approval_rules` feature (Premium), and every plan
 * the mock's approval routes answer on has it.
 */
const createdRuleType = (input: RuleChanges): ApprovalRuleType =>
  input.rule_type ?? (approversPresent(input) ? 'regular' : 'any_approver');

/**
 * The fields of a rule after a request, validated; nothing is changed yet.
 * Users and groups given replace the rule's; hidden groups stay unless
 * `remove_hidden_groups` (R4.5). `any_approver` rules have no approvers of their own.
 */
function nextFields(
  world: World,
  caller: Caller,
  scope: RuleScope,
  current: ApprovalRuleFields | undefined,
  input: RuleChanges,
): RuleFields {
  const ruleType = current?.rule_type ?? input.rule_type ?? 'regular';
  const anyApprover = ruleType === 'any_approver';
  const hidden = current ? hiddenGroupIds(world, caller, current) : [];
  const shownGroups =
    input.group_ids !== undefined
      ? visibleGroupIds(world, caller, input.group_ids)
      : (current?.group_ids.filter((id) => !hidden.includes(id)) ?? []);
  const usersGiven = input.user_ids !== undefined || input.usernames !== undefined;
  const fields: RuleFields = {
    name: input.name ?? current?.name ?? '',
    rule_type: ruleType,
    report_type: ruleType === 'report_approver' ? (input.report_type ?? current?.report_type ?? null) : null,
    approvals_required: input.approvals_required ?? current?.approvals_required ?? 0,
    user_ids: anyApprover
      ? []
      : usersGiven
        ? eligibleUserIds(world, scope, input.user_ids, input.usernames)
        : (current?.user_ids ?? []),
    group_ids: anyApprover ? [] : unique([...shownGroups, ...(input.remove_hidden_groups ? [] : hidden)]),
  };
  const errors = ruleErrors(world, scope, fields, current);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return fields;
}

/** Protected branches a rule applies to: all of them, or those named among `branches` (others are dropped). */
function branchFields(
  branches: ProtectedBranch[],
  current: { applies_to_all_protected_branches: boolean; protected_branch_ids: number[] } | undefined,
  input: RuleChanges,
) {
  const appliesToAll = input.applies_to_all_protected_branches ?? current?.applies_to_all_protected_branches ?? false;
  const known = new Set(branches.map((b) => b.id));
  // R4.5: with applies_to_all_protected_branches, protected_branch_ids is ignored.
  const ids = appliesToAll
    ? []
    : input.protected_branch_ids !== undefined
      ? unique(input.protected_branch_ids).filter((id) => known.has(id))
      : (current?.protected_branch_ids ?? []);
  return { applies_to_all_protected_branches: appliesToAll, protected_branch_ids: ids };
}

/** Stores a rule in its table under the table's next id (each level has its own sequence, as in GitLab). */
function insertInto<T extends { id: number }>(
  world: World,
  table: Map<number, T>,
  sequence: string,
  fields: Omit<T, 'id'>,
): T {
  const rule = { id: nextId(world, sequence), ...fields } as T;
  table.set(rule.id, rule);
  return rule;
}

/** A project's own protected branches. */
export const projectBranches = (world: World, project: Project) =>
  [...world.protectedBranches.values()].filter((b) => b.project_id === project.id);

/** A group's own (group-level) protected branches. */
export const groupBranches = (world: World, group: Group) =>
  [...world.protectedBranches.values()].filter((b) => b.group_id === group.id);

// Project rules (R4.5).

export function projectRules(world: World, project: Project): ProjectApprovalRule[] {
  return [...world.projectApprovalRules.values()]
    .filter((r) => r.project_id === project.id)
    .sort((a, b) => a.id - b.id);
}

/** A rule of this project: `404 Not found` otherwise. */
export function findProjectRule(world: World, project: Project, id: number): ProjectApprovalRule {
  const rule = world.projectApprovalRules.get(id);
  if (!rule || rule.project_id !== project.id) throw new ApiError(404, { message: '404 Not found' });
  return rule;
}

/** Stores a project rule; no validation (callers validate). */
export const insertProjectRule = (world: World, fields: Omit<ProjectApprovalRule, 'id'>) =>
  insertInto(world, world.projectApprovalRules, 'approval_project_rules', fields);

export function createProjectRule(world: World, caller: Caller, project: Project, input: RuleChanges) {
  const fields = nextFields(world, caller, { kind: 'project', project }, undefined, {
    ...input,
    rule_type: createdRuleType(input),
  });
  const branches = branchFields(projectBranches(world, project), undefined, input);
  return insertProjectRule(world, { project_id: project.id, ...fields, ...branches });
}

export function updateProjectRule(
  world: World,
  caller: Caller,
  project: Project,
  rule: ProjectApprovalRule,
  input: RuleChanges,
) {
  if (isSystemRule(rule))
    throw prohibited().because(`rule ${rule.id} (${rule.name}) is a ${rule.rule_type} rule, made by the system`);
  const fields = nextFields(world, caller, { kind: 'project', project }, rule, input);
  return Object.assign(rule, fields, branchFields(projectBranches(world, project), rule, input));
}

export function deleteProjectRule(world: World, rule: ProjectApprovalRule): void {
  if (isSystemRule(rule))
    throw prohibited().because(`rule ${rule.id} (${rule.name}) is a ${rule.rule_type} rule, made by the system`);
  world.projectApprovalRules.delete(rule.id);
}

// Group rules (R4.3): list, create, update; there is no single read or delete.

export function groupRules(world: World, group: Group): GroupApprovalRule[] {
  return [...world.groupApprovalRules.values()].filter((r) => r.group_id === group.id).sort((a, b) => a.id - b.id);
}

/** A rule of this group: `404 Approval Rule Not Found` otherwise (GITLAB-BEHAVIOR 3). */
export function findGroupRule(world: World, group: Group, id: number): GroupApprovalRule {
  const rule = world.groupApprovalRules.get(id);
  if (!rule || rule.group_id !== group.id) throw new ApiError(404, { message: '404 Approval Rule Not Found' });
  return rule;
}

/** Stores a group rule; no validation (callers validate). */
export const insertGroupRule = (world: World, fields: Omit<GroupApprovalRule, 'id'>) =>
  insertInto(world, world.groupApprovalRules, 'approval_group_rules', fields);

/** Group rules apply to every protected branch of the group's projects. */
export function createGroupRule(world: World, caller: Caller, group: Group, input: RuleChanges) {
  const fields = nextFields(world, caller, { kind: 'group', group }, undefined, {
    ...input,
    rule_type: createdRuleType(input),
  });
  return insertGroupRule(world, {
    group_id: group.id,
    ...fields,
    applies_to_all_protected_branches: true,
    protected_branch_ids: [],
  });
}

export function updateGroupRule(
  world: World,
  caller: Caller,
  group: Group,
  rule: GroupApprovalRule,
  input: RuleChanges,
) {
  if (isSystemRule(rule))
    throw prohibited().because(`rule ${rule.id} (${rule.name}) is a ${rule.rule_type} rule, made by the system`);
  // The rule type of an existing rule does not change.
  const { rule_type: _ignored, ...changes } = input;
  return Object.assign(rule, nextFields(world, caller, { kind: 'group', group }, rule, changes));
}

// Merge-request rules (R4.6).

export function mergeRequestRules(world: World, mr: MergeRequest): MergeRequestApprovalRule[] {
  return [...world.mergeRequestApprovalRules.values()]
    .filter((r) => r.merge_request_id === mr.id)
    .sort((a, b) => a.id - b.id);
}

/** A rule of this merge request: `404 Not found` otherwise. */
export function findMergeRequestRule(world: World, mr: MergeRequest, id: number): MergeRequestApprovalRule {
  const rule = world.mergeRequestApprovalRules.get(id);
  if (!rule || rule.merge_request_id !== mr.id) throw new ApiError(404, { message: '404 Not found' });
  return rule;
}

/** Stores a merge-request rule; no validation (callers validate). */
export const insertMergeRequestRule = (world: World, fields: Omit<MergeRequestApprovalRule, 'id'>) =>
  insertInto(world, world.mergeRequestApprovalRules, 'approval_merge_request_rules', fields);

/** A new merge-request rule's record-keeping: made now, not modified from its project rule. */
const newRuleRecord = (world: World) => {
  const now = nowIso(world);
  return { modified_from_project_rule: false, created_at: now, updated_at: now };
};

/** The merge-request rule's source: the project rule it was copied from, while it exists. */
export function sourceRule(world: World, rule: MergeRequestApprovalRule): ProjectApprovalRule | undefined {
  return rule.source_rule_id === null ? undefined : world.projectApprovalRules.get(rule.source_rule_id);
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && unique(a).every((id, i) => id === unique(b)[i]);

/** A copied rule is overridden once its name, approvals, users or groups differ from its source's. */
export function isOverridden(world: World, rule: MergeRequestApprovalRule): boolean {
  const source = sourceRule(world, rule);
  if (!source) return false;
  return (
    source.name !== rule.name ||
    source.approvals_required !== rule.approvals_required ||
    !sameIds(source.user_ids, rule.user_ids) ||
    !sameIds(source.group_ids, rule.group_ids)
  );
}

/**
 * Adds a rule to a merge request (`ee/app/services/approval_rules/create_service.rb`). With
 * `approval_project_rule_id` the project rule's name is copied and the caller's `approvals_required`
 * kept; its users and groups only when the request sends none of `user_ids`, `group_ids`, `usernames`
 * (`copy_approval_project_rule_properties`, `approvers_set?`: "merge request approvers take precedence").
 * A rule left without approvers is `any_approver` (`handle_any_approver_rule_creation`, which runs after
 * the copy). A project rule of another project is a 400 (`ApprovalMergeRequestRule`'s validation).
 */
export function createMergeRequestRule(
  world: World,
  caller: Caller,
  project: Project,
  mr: MergeRequest,
  input: RuleChanges & { approval_project_rule_id?: number },
): MergeRequestApprovalRule {
  const scope: RuleScope = { kind: 'merge_request', project, mergeRequest: mr };
  const sourceId = input.approval_project_rule_id;
  // The merge-request route has no `rule_type` parameter.
  const { rule_type: _none, ...changes } = input;
  if (sourceId === undefined) {
    const fields = nextFields(world, caller, scope, undefined, { ...changes, rule_type: createdRuleType(changes) });
    return insertMergeRequestRule(world, {
      merge_request_id: mr.id,
      source_rule_id: null,
      ...fields,
      ...newRuleRecord(world),
    });
  }
  const source = world.projectApprovalRules.get(sourceId);
  if (!source || source.project_id !== project.id) {
    throw validationError({ approval_project_rule: ['must be for the same project'] });
  }
  const approversSet = input.user_ids !== undefined || input.group_ids !== undefined || input.usernames !== undefined;
  const userIds = approversSet ? eligibleUserIds(world, scope, input.user_ids, input.usernames) : [...source.user_ids];
  const groupIds = approversSet ? visibleGroupIds(world, caller, input.group_ids) : [...source.group_ids];
  const present = approversSet ? approversPresent(input) : userIds.length > 0 || groupIds.length > 0;
  const ruleType: ApprovalRuleType = present ? 'regular' : 'any_approver';
  const fields: RuleFields = {
    name: source.name,
    rule_type: ruleType,
    report_type: null,
    approvals_required: input.approvals_required ?? source.approvals_required,
    user_ids: ruleType === 'any_approver' ? [] : userIds,
    group_ids: ruleType === 'any_approver' ? [] : groupIds,
  };
  const errors = ruleErrors(world, scope, fields);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return insertMergeRequestRule(world, {
    merge_request_id: mr.id,
    source_rule_id: source.id,
    ...fields,
    ...newRuleRecord(world),
  });
}

export function updateMergeRequestRule(
  world: World,
  caller: Caller,
  project: Project,
  mr: MergeRequest,
  rule: MergeRequestApprovalRule,
  input: RuleChanges,
) {
  if (isSystemRule(rule))
    throw prohibited().because(`rule ${rule.id} (${rule.name}) is a ${rule.rule_type} rule, made by the system`);
  Object.assign(rule, nextFields(world, caller, { kind: 'merge_request', project, mergeRequest: mr }, rule, input));
  // `before_update :compare_with_project_rule`.
  rule.modified_from_project_rule = isOverridden(world, rule);
  rule.updated_at = nowIso(world);
  return rule;
}

export function deleteMergeRequestRule(world: World, rule: MergeRequestApprovalRule): void {
  if (isSystemRule(rule))
    throw prohibited().because(`rule ${rule.id} (${rule.name}) is a ${rule.rule_type} rule, made by the system`);
  world.mergeRequestApprovalRules.delete(rule.id);
}

import type {
  ApprovalRule,
  ApprovalRuleShort,
  GroupApprovalRule,
  GroupRuleProtectedBranch,
  GroupSummary,
  MergeRequestApprovalRule,
  MergeRequestApprovalStateRule,
  MergeRequestApprovalStatus,
  ProjectApprovalRule,
} from '../../src/models/approvals.js';
import { hiddenGroupIds, isOverridden, sourceRule } from '../rules/approvals/approval-rules.js';
import {
  type ApprovalStatus,
  eligibleToApprove,
  ruleApprovers,
  type StateRule,
  type WrappedRule,
} from '../rules/approvals/approvals.js';
import { groupChain } from '../world/memberships.js';
import type {
  ApprovalRuleFields,
  Caller,
  Group,
  GroupApprovalRule as GroupRuleRecord,
  MergeRequest,
  MergeRequestApprovalRule as MergeRequestRuleRecord,
  Project,
  ProjectApprovalRule as ProjectRuleRecord,
  ProtectedBranch,
  User,
  World,
} from '../world/types.js';
import { issuableFields } from './issuables.js';
import { presentUser } from './users.js';

/**
 * Approval rules at every level, protected branches as rules nest them, and a
 * merge request's approval status and state, in GitLab's key order
 * (GITLAB-BEHAVIOR 3, R2.3-R2.8).
 * @module
 */

/** The Group entity (R2.3). */
export function presentGroup(world: World, group: Group): GroupSummary {
  return {
    id: group.id,
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: group.visibility,
    lfs_enabled: true,
    avatar_url: null,
    web_url: `${world.baseUrl}/groups/${group.full_path}`,
    request_access_enabled: true,
    full_name: groupChain(world, group)
      .map((g) => g.name)
      .reverse()
      .join(' / '),
    full_path: group.full_path,
    parent_id: group.parent_id,
    ldap_cn: null,
    ldap_access: null,
  };
}

const ACCESS_LEVEL_DESCRIPTIONS: Record<number, string> = {
  0: 'No one',
  30: 'Developers + Maintainers',
  40: 'Maintainers',
  50: 'Owners',
  60: 'Instance admins',
};

/** GitLab's ProtectedRefAccess entity of a role (a push level adds `deploy_key_id`: {@link presentPushAccessLevel}). */
const presentAccessLevel = (level: { id: number; access_level: number }) => ({
  id: level.id,
  access_level: level.access_level,
  access_level_description: ACCESS_LEVEL_DESCRIPTIONS[level.access_level] ?? `Access level ${level.access_level}`,
  user_id: null,
  group_id: null,
});

/**
 * A push access level: its table has a `deploy_key_id` column, which `ProtectedRefAccess` exposes
 * when the record has the attribute (`lib/api/entities/protected_ref_access.rb`); the mock's are roles.
 */
function presentPushAccessLevel(level: ProtectedBranch['push_access_level']) {
  const { id, access_level, access_level_description, ...ee } = presentAccessLevel(level);
  return { id, access_level, access_level_description, deploy_key_id: null, ...ee };
}

/**
 * GitLab's ProtectedBranch entity, which project and group rules both nest. R2.4 gives
 * project rules a shorter branch whose `code_owner_approval_required` is a string: it
 * copies a typo of GitLab's docs. `inherited` is true for a group's protected branch.
 */
export function presentProtectedBranch(branch: ProtectedBranch): GroupRuleProtectedBranch {
  return {
    id: branch.id,
    name: branch.name,
    push_access_levels: [presentPushAccessLevel(branch.push_access_level)],
    merge_access_levels: [presentAccessLevel(branch.merge_access_level)],
    allow_force_push: branch.allow_force_push,
    unprotect_access_levels: branch.unprotect_access_level ? [presentAccessLevel(branch.unprotect_access_level)] : [],
    code_owner_approval_required: branch.code_owner_approval_required,
    inherited: branch.group_id !== null,
  };
}

const branchesOf = (world: World, ids: number[]) => ids.flatMap((id) => world.protectedBranches.get(id) ?? []);

/** The ApprovalRule entity: what every rule shows; groups the caller cannot see are hidden. */
function presentRule(world: World, caller: Caller, rule: ApprovalRuleFields, eligible: User[]): ApprovalRule {
  const hidden = new Set(hiddenGroupIds(world, caller, rule));
  return {
    id: rule.id,
    name: rule.name,
    rule_type: rule.rule_type,
    eligible_approvers: eligible.map((user) => presentUser(world, user)),
    approvals_required: rule.approvals_required,
    users: rule.user_ids.flatMap((id) => {
      const user = world.users.get(id);
      return user ? [presentUser(world, user)] : [];
    }),
    groups: rule.group_ids.flatMap((id) => {
      const group = world.groups.get(id);
      return group && !hidden.has(id) ? [presentGroup(world, group)] : [];
    }),
    contains_hidden_groups: hidden.size > 0,
    report_type: rule.report_type,
  };
}

/** A project approval rule (R2.5). */
export function presentProjectRule(world: World, caller: Caller, rule: ProjectRuleRecord): ProjectApprovalRule {
  return {
    ...presentRule(world, caller, rule, ruleApprovers(world, rule)),
    protected_branches: branchesOf(world, rule.protected_branch_ids).map(presentProtectedBranch),
    applies_to_all_protected_branches: rule.applies_to_all_protected_branches,
  };
}

/** A group approval rule (R2.5). */
export function presentGroupRule(world: World, caller: Caller, rule: GroupRuleRecord): GroupApprovalRule {
  return {
    ...presentRule(world, caller, rule, ruleApprovers(world, rule)),
    protected_branches: branchesOf(world, rule.protected_branch_ids).map(presentProtectedBranch),
    applies_to_all_protected_branches: rule.applies_to_all_protected_branches,
  };
}

/** The merge-request part of a rule: its source project rule and whether it was changed since. */
function mergeRequestPart(world: World, source: StateRule) {
  if (source.level !== 'merge_request') return { section: null, source_rule: null, overridden: false };
  const copiedFrom = sourceRule(world, source.rule);
  return {
    section: null,
    source_rule: copiedFrom ? { approvals_required: copiedFrom.approvals_required } : null,
    overridden: isOverridden(world, source.rule),
  };
}

/** A merge request's own rule (R2.5). */
export function presentMergeRequestRule(
  world: World,
  caller: Caller,
  rule: MergeRequestRuleRecord,
): MergeRequestApprovalRule {
  return {
    ...presentRule(world, caller, rule, ruleApprovers(world, rule)),
    ...mergeRequestPart(world, { level: 'merge_request', rule }),
  };
}

/** A rule of the approval state (R2.8): eligible approvers as they stand for this merge request, and who approved. */
export function presentStateRule(world: World, caller: Caller, wrapped: WrappedRule): MergeRequestApprovalStateRule {
  return {
    ...presentRule(world, caller, wrapped.source.rule, wrapped.approvers),
    name: stateName(wrapped),
    ...mergeRequestPart(world, wrapped.source),
    code_owner: wrapped.source.rule.rule_type === 'code_owner',
    approved_by: wrapped.approvedBy.map((user) => presentUser(world, user)),
    approved: wrapped.approved,
  };
}

/**
 * A rule's name in approval-state answers: an any-approver rule is "All Members" whatever name it stores
 * (`ee/app/models/approval_wrapped_any_approver_rule.rb`, `def name`); `…/approval_rules` shows the stored one.
 */
const stateName = (wrapped: WrappedRule) =>
  wrapped.source.rule.rule_type === 'any_approver' ? 'All Members' : wrapped.source.rule.name;

const short = (wrapped: WrappedRule): ApprovalRuleShort => ({
  id: wrapped.source.rule.id,
  name: stateName(wrapped),
  rule_type: wrapped.source.rule.rule_type,
});

/** The approval status of a merge request (R2.7, GITLAB-BEHAVIOR 3 ApprovalState entity). */
export function presentApprovalStatus(
  world: World,
  caller: Caller,
  project: Project,
  mr: MergeRequest,
  status: ApprovalStatus,
): MergeRequestApprovalStatus {
  const approverIds = new Set(status.approvals.map((a) => a.user_id));
  const suggested = new Map<number, User>();
  for (const rule of status.rules) {
    for (const user of rule.approvers) if (!approverIds.has(user.id)) suggested.set(user.id, user);
  }
  const firstRegular = status.rules.find((r) => r.source.rule.rule_type === 'regular')?.source.rule;
  return {
    ...issuableFields(mr),
    merge_status: 'can_be_merged',
    approved: status.approved,
    approvals_required: status.approvalsRequired,
    approvals_left: status.approvalsLeft,
    require_password_to_approve: status.settings.require_reauthentication_to_approve,
    approved_by: status.approvals.flatMap((approval) => {
      const user = world.users.get(approval.user_id);
      return user ? [{ user: presentUser(world, user), approved_at: approval.created_at }] : [];
    }),
    suggested_approvers: [...suggested.values()].sort((a, b) => a.id - b.id).map((u) => presentUser(world, u)),
    // Deprecated: the users and groups of the first regular rule.
    approvers: (firstRegular?.user_ids ?? []).flatMap((id) => {
      const user = world.users.get(id);
      return user ? [{ user: presentUser(world, user) }] : [];
    }),
    approver_groups: (firstRegular?.group_ids ?? []).flatMap((id) => {
      const group = world.groups.get(id);
      return group ? [{ group: presentGroup(world, group) }] : [];
    }),
    user_has_approved: approverIds.has(caller.user.id),
    user_can_approve: eligibleToApprove(world, caller.user, project, mr),
    approval_rules_left: status.rulesLeft.map(short),
    has_approval_rules: status.rules.some(
      (r) => r.source.rule.rule_type !== 'any_approver' || r.source.rule.approvals_required > 0,
    ),
    merge_request_approvers_available: true,
    multiple_approval_rules_available: true,
    invalid_approvers_rules: status.invalidRules.map(short),
  };
}

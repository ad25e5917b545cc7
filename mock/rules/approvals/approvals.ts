import { ApiError, forbidden, notFound, unauthorized } from '../../http/errors.js';
import { groupChain, membershipCounts, projectGroup } from '../../world/memberships.js';
import type {
  Approval,
  ApprovalRuleFields,
  Caller,
  Group,
  GroupApprovalRule,
  MergeRequest,
  MergeRequestApprovalRule,
  Project,
  ProjectApprovalRule,
  ProtectedBranch,
  ReviewerState,
  User,
  World,
} from '../../world/types.js';
import { nextId, nowIso } from '../../world/world.js';
import { groupPlan, isPaidPlan, projectPlan } from '../access.js';
import { mergeRequestEvent, mergeRequestHook } from '../events.js';
import { authorize, projectRole, roleIn } from '../policy.js';
import { anyHooks } from '../webhooks.js';
import {
  groupBranches,
  isProjectMember,
  mergeRequestRules,
  prohibited,
  projectBranches,
  projectRules,
} from './approval-rules.js';
import { effectiveProjectSettings, type SettingValues } from './approval-settings.js';

/**
 * Approving merge requests (GITLAB-BEHAVIOR 3 "Approval computations", SPEC 2):
 * which rules apply to a merge request, who may approve, and what is approved
 * and left, all computed from the rules and approvals in the world on every read.
 * @module
 */

/** SPEC 2: approvals and approval settings need Premium or Ultimate; 403 otherwise. */
export function requireApprovalsPlan(world: World, project: Project): void {
  const plan = projectPlan(world, project);
  if (!isPaidPlan(plan)) {
    throw forbidden().because(`project ${project.path_with_namespace} is on the ${plan} plan; approvals need Premium`);
  }
}

/** The group form of {@link requireApprovalsPlan}. */
export function requireGroupApprovalsPlan(world: World, group: Group): void {
  const plan = groupPlan(world, group);
  if (!isPaidPlan(plan))
    throw forbidden().because(`group ${group.full_path} is on the ${plan} plan; approvals need Premium`);
}

/** SPEC 2: group approval rules exist only with the `approval_group_rules` feature flag; 404 otherwise. */
export function requireGroupApprovalRules(world: World): void {
  if (!world.instance.feature_flags.includes('approval_group_rules')) {
    throw notFound().because('group approval rules need the approval_group_rules feature flag');
  }
}

/** `*` in a protected branch name matches any run of characters (`release/*`). */
export function branchMatches(pattern: string, branch: string): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(branch);
}

/** The protected branches that cover a project: its own and its groups' (group-level ones). */
export function branchesCovering(world: World, project: Project): ProtectedBranch[] {
  const group = projectGroup(world, project);
  const groups = group ? groupChain(world, group) : [];
  return [...projectBranches(world, project), ...groups.flatMap((g) => groupBranches(world, g))];
}

const isProtected = (world: World, project: Project, branch: string) =>
  branchesCovering(world, project).some((b) => branchMatches(b.name, branch));

/** Whether a project or group rule applies to a merge request's target branch. */
function appliesTo(
  world: World,
  project: Project,
  rule: ProjectApprovalRule | GroupApprovalRule,
  mr: MergeRequest,
): boolean {
  if (rule.applies_to_all_protected_branches) return isProtected(world, project, mr.target_branch);
  // A rule scoped to no branch applies to every branch.
  if (rule.protected_branch_ids.length === 0) return true;
  return rule.protected_branch_ids.some((id) => {
    const branch = world.protectedBranches.get(id);
    return branch !== undefined && branchMatches(branch.name, mr.target_branch);
  });
}

/** A rule of a merge request's approval state, with where it comes from. */
export type StateRule =
  | { level: 'project'; rule: ProjectApprovalRule }
  | { level: 'group'; rule: GroupApprovalRule }
  | { level: 'merge_request'; rule: MergeRequestApprovalRule };

/**
 * R2.8 / GITLAB-BEHAVIOR 3: the merge request's own rules replace the project's
 * when it has any and the project allows overriding approvers per merge request.
 */
export function rulesOverwritten(world: World, project: Project, mr: MergeRequest): boolean {
  const allowed = effectiveProjectSettings(world, project).allow_overrides_to_approver_list_per_merge_request;
  return allowed && mergeRequestRules(world, mr).length > 0;
}

/**
 * The rules that decide a merge request's approval: its own when they are in
 * place, otherwise the project's rules for its target branch and, with the
 * `approval_group_rules` flag, the rules of the project's groups on protected branches.
 */
export function applicableRules(world: World, project: Project, mr: MergeRequest): StateRule[] {
  if (rulesOverwritten(world, project, mr)) {
    return mergeRequestRules(world, mr).map((rule) => ({ level: 'merge_request', rule }));
  }
  const own: StateRule[] = projectRules(world, project)
    .filter((rule) => appliesTo(world, project, rule, mr))
    .map((rule) => ({ level: 'project', rule }));
  const group = projectGroup(world, project);
  if (!group || !world.instance.feature_flags.includes('approval_group_rules')) return own;
  const inherited: StateRule[] = groupChain(world, group)
    .reverse()
    .flatMap((g) => [...world.groupApprovalRules.values()].filter((r) => r.group_id === g.id))
    .filter((rule) => appliesTo(world, project, rule, mr))
    .map((rule) => ({ level: 'group', rule }));
  return [...own, ...inherited];
}

/** The active users a rule names: its users and the direct members of its groups, by id. */
export function ruleApprovers(world: World, rule: ApprovalRuleFields): User[] {
  const ids = new Set(rule.user_ids);
  for (const groupId of rule.group_ids) {
    const group = world.groups.get(groupId);
    for (const id of group?.members.keys() ?? []) if (group && membershipCounts(world, group, id)) ids.add(id);
  }
  return [...ids]
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const user = world.users.get(id);
      return user && user.state === 'active' ? [user] : [];
    });
}

/** A merge request's approvals, oldest first. */
export function approvalsOf(world: World, mr: MergeRequest): Approval[] {
  return [...world.approvals.values()].filter((a) => a.merge_request_id === mr.id).sort((a, b) => a.id - b.id);
}

/** A reviewer's review state (GitLab's `merge_request_reviewers.state`): `unreviewed` until they act. */
export const reviewerState = (mr: MergeRequest, userId: number): ReviewerState =>
  mr.reviewer_states[userId] ?? 'unreviewed';

/**
 * Sets the review state of those of `userIds` who review `mr`: GitLab's `UpdateReviewerStateService` (an
 * approval: `approved`; a withdrawn one: `unapproved`) and `batch_update_reviewer_state` (approvals reset:
 * `unapproved`) change reviewers' rows only.
 */
function setReviewerStates(mr: MergeRequest, userIds: readonly number[], state: ReviewerState): void {
  for (const id of userIds) if (mr.reviewer_ids.includes(id)) mr.reviewer_states[id] = state;
}

/**
 * After a merge request's reviewers changed from `before`: a removed reviewer's state goes with their
 * row; one added who has already approved is `approved` (`MergeRequests::BaseService#set_reviewers_approved`),
 * anyone else added starts `unreviewed`.
 */
export function reviewersChanged(world: World, mr: MergeRequest, before: readonly number[]): void {
  const approvers = new Set(approvalsOf(world, mr).map((approval) => approval.user_id));
  mr.reviewer_states = Object.fromEntries(
    mr.reviewer_ids.flatMap((id) => {
      const state = before.includes(id) ? mr.reviewer_states[id] : arrivingReviewerState(approvers, id);
      return state === undefined || state === 'unreviewed' ? [] : [[id, state]];
    }),
  );
}

/** The review state of a user as they become a reviewer: `approved` if they have approved it, else `unreviewed`. */
export const arrivingReviewerState = (approvers: ReadonlySet<number>, id: number): ReviewerState =>
  approvers.has(id) ? 'approved' : 'unreviewed';

/** Removes approvals, as EE's `delete_approvals` does: their authors who review the merge request become `unapproved`. */
export function deleteApprovals(world: World, mr: MergeRequest, approvals: readonly Approval[]): void {
  for (const approval of approvals) world.approvals.delete(approval.id);
  setReviewerStates(
    mr,
    approvals.map((approval) => approval.user_id),
    'unapproved',
  );
}

/** A rule as it stands for one merge request (GitLab's ApprovalWrappedRule). */
export interface WrappedRule {
  source: StateRule;
  /** Who may approve for it: author and committers removed when the settings forbid them (empty for any_approver). */
  approvers: User[];
  /** Whose approvals count for it. */
  approvedBy: User[];
  /** Approvals it still needs; an invalid rule still counts them. */
  approvalsLeft: number;
  /** Not any_approver, and requires more approvals than it has approvers: it can never be met. */
  invalid: boolean;
  /** Nothing left, or invalid: an invalid rule does not block the merge request. */
  approved: boolean;
}

/** The approval of a merge request, computed from its rules and approvals (GITLAB-BEHAVIOR 3). */
export interface ApprovalStatus {
  overwritten: boolean;
  /** The rules in force; once merged, only those that were approved and valid. */
  rules: WrappedRule[];
  approvals: Approval[];
  approvalsRequired: number;
  approvalsLeft: number;
  approved: boolean;
  /** Rules still to approve (invalid ones never are); an any_approver rule only while it needs more than the others. */
  rulesLeft: WrappedRule[];
  /** GitLab's `invalid_approvers_rules`: invalid rules, a code owner rule only where its branch requires code owners. */
  invalidRules: WrappedRule[];
  settings: SettingValues;
}

/** The author and committers, when the settings forbid them to approve. */
function barredUserIds(mr: MergeRequest, settings: SettingValues): Set<number> {
  const barred = new Set<number>();
  if (!settings.allow_author_approval) barred.add(mr.author_id);
  if (!settings.allow_committer_approval) for (const id of mr.committer_ids) barred.add(id);
  return barred;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Whether a protected branch covering the merge request's target branch requires code owner approval. */
const codeOwnersRequired = (world: World, project: Project, mr: MergeRequest) =>
  branchesCovering(world, project).some(
    (b) => b.code_owner_approval_required && branchMatches(b.name, mr.target_branch),
  );

/**
 * GITLAB-BEHAVIOR 3 "Approval computations", from the world as it is now. A rule that cannot be
 * met (more approvals required than it has approvers, after the author and committer filters) is
 * invalid and counts as approved, though `approvalsLeft` still counts its missing approvals
 * (`ee/app/models/approval_wrapped_rule.rb`); after merge, invalid and unapproved rules are
 * dropped (`ApprovalState#wrapped_approval_rules`).
 */
export function approvalStatus(world: World, project: Project, mr: MergeRequest): ApprovalStatus {
  const settings = effectiveProjectSettings(world, project);
  const barred = barredUserIds(mr, settings);
  const approvals = approvalsOf(world, mr);
  const approvers = approvals.flatMap((a) => world.users.get(a.user_id) ?? []).filter((u) => !barred.has(u.id));
  const wrapped = applicableRules(world, project, mr).map((source): WrappedRule => {
    const anyApprover = source.rule.rule_type === 'any_approver';
    const eligible = anyApprover ? [] : ruleApprovers(world, source.rule).filter((u) => !barred.has(u.id));
    const approvedBy = anyApprover ? approvers : approvers.filter((u) => eligible.some((e) => e.id === u.id));
    const approvalsLeft = Math.max(source.rule.approvals_required - approvedBy.length, 0);
    const invalid = !anyApprover && source.rule.approvals_required > eligible.length;
    return {
      source,
      approvers: eligible,
      approvedBy,
      approvalsLeft,
      invalid,
      approved: approvalsLeft === 0 || invalid,
    };
  });
  const invalidRules = wrapped.filter(
    (r) => r.invalid && (r.source.rule.rule_type !== 'code_owner' || codeOwnersRequired(world, project, mr)),
  );
  const rules = mr.state === 'merged' ? wrapped.filter((r) => r.approved && !invalidRules.includes(r)) : wrapped;
  const isAny = (r: WrappedRule) => r.source.rule.rule_type === 'any_approver';
  const required = (list: WrappedRule[]) => sum(list.map((r) => r.source.rule.approvals_required));
  const left = (list: WrappedRule[]) => sum(list.map((r) => r.approvalsLeft));
  const others = rules.filter((r) => !isAny(r));
  const any = rules.filter(isAny);
  return {
    overwritten: rulesOverwritten(world, project, mr),
    rules,
    approvals,
    approvalsRequired: Math.max(required(others), required(any)),
    approvalsLeft: Math.max(left(others), left(any)),
    approved: rules.every((r) => r.approved),
    rulesLeft: rules.filter((r) => !r.approved && (!isAny(r) || r.approvalsLeft > left(others))),
    invalidRules,
    settings,
  };
}

/** The users the merge request's rules name, author and committers included: they may approve (SPEC 2). */
function namedApproverIds(world: World, project: Project, mr: MergeRequest): Set<number> {
  return new Set(
    applicableRules(world, project, mr).flatMap(({ rule }) => ruleApprovers(world, rule).map((u) => u.id)),
  );
}

/** SPEC 2: Developer or higher, or named as an approver in one of the merge request's rules. */
export function mayApprove(world: World, user: User, project: Project, mr: MergeRequest): boolean {
  return projectRole(world, user, project) >= 30 || namedApproverIds(world, project, mr).has(user.id);
}

/** GITLAB-BEHAVIOR 3 `eligible_for_approval_by?`: once per user; author and committers only when allowed. */
export function eligibleToApprove(world: World, user: User, project: Project, mr: MergeRequest): boolean {
  return whyNotEligible(world, user, project, mr) === undefined;
}

/** Why a user may not approve a merge request now, in plain words; `undefined` when they may. */
export function whyNotEligible(world: World, user: User, project: Project, mr: MergeRequest): string | undefined {
  const where = `project ${project.path_with_namespace}`;
  if (!mayApprove(world, user, project, mr)) {
    return `${user.username} is below Developer in ${where} and named by no approval rule of !${mr.iid}`;
  }
  if (mr.state === 'merged') return `!${mr.iid} of ${where} is merged`;
  if (approvalsOf(world, mr).some((a) => a.user_id === user.id)) return `${user.username} already approved !${mr.iid}`;
  const settings = effectiveProjectSettings(world, project);
  if (!barredUserIds(mr, settings).has(user.id)) return undefined;
  return mr.author_id === user.id && !settings.allow_author_approval
    ? `${user.username} is the author and ${where} forbids author approval`
    : `${user.username} committed to !${mr.iid} and ${where} forbids committer approval`;
}

/** SAML single sign-on enforced by one of the project's groups: a password cannot re-authenticate (R4.6 rule 3). */
function ssoEnforced(world: World, project: Project): boolean {
  const group = projectGroup(world, project);
  return group !== null && groupChain(world, group).some((g) => g.enforced_sso);
}

export interface ApproveInput {
  sha?: string;
  approval_password?: string;
}

/**
 * POST .../approve (R3, R4.6 rule 3, GITLAB-BEHAVIOR 3): 403 for a caller who
 * may not approve; 409 when `sha` is not the head; 401 for a missing or wrong
 * password while re-authentication is required, and for a caller who already
 * approved, or is the author or a committer while the settings forbid it.
 */
export function approve(world: World, caller: Caller, project: Project, mr: MergeRequest, input: ApproveInput) {
  const { user } = caller;
  // `find_merge_request_with_access(iid, :approve_merge_request)`: an archived project, or closed features, first.
  authorize(world, caller, 'approve_merge_request', mr);
  if (!mayApprove(world, user, project, mr)) throw forbidden().because(whyNotEligible(world, user, project, mr) ?? '');
  if (input.sha !== undefined && input.sha !== mr.sha) {
    throw new ApiError(409, { message: `SHA does not match HEAD of source branch: ${mr.sha}` });
  }
  if (effectiveProjectSettings(world, project).require_reauthentication_to_approve) {
    const where = `project ${project.path_with_namespace}`;
    if (ssoEnforced(world, project)) {
      throw unauthorized().because(`${where} enforces SAML SSO: a password cannot re-authenticate an approval`);
    }
    if (input.approval_password !== user.password) {
      throw unauthorized().because(
        `${where} requires re-authentication to approve and the password of ${user.username} was ${input.approval_password === undefined ? 'missing' : 'wrong'}`,
      );
    }
  }
  const ineligible = whyNotEligible(world, user, project, mr);
  if (ineligible !== undefined) throw unauthorized().because(ineligible);
  const approval: Approval = {
    id: nextId(world, 'approvals'),
    merge_request_id: mr.id,
    user_id: user.id,
    created_at: nowIso(world),
  };
  world.approvals.set(approval.id, approval);
  setReviewerStates(mr, [user.id], 'approved');
  mergeRequestEvent(world, caller.user, mr, 'approved');
  // EE's ApprovalService: `approved` when this approval completes the rules, `approval` while more are needed.
  if (anyHooks(world)) {
    const complete = approvalStatus(world, project, mr).approved;
    mergeRequestHook(world, caller.user, mr, complete ? 'approved' : 'approval');
  }
}

/** POST .../unapprove (SPEC 2, SPEC 5): 403 for a caller who may not approve at all, 404 without an approval to withdraw. */
export function unapprove(world: World, caller: Caller, project: Project, mr: MergeRequest): void {
  authorize(world, caller, 'approve_merge_request', mr);
  if (!mayApprove(world, caller.user, project, mr)) {
    throw forbidden().because(whyNotEligible(world, caller.user, project, mr) ?? '');
  }
  const own = approvalsOf(world, mr).find((a) => a.user_id === caller.user.id);
  if (!own) throw notFound().because(`${caller.user.username} has not approved !${mr.iid}`);
  // RemoveApprovalService: `unapproved` when the merge request was approved, `unapproval` otherwise.
  const wasApproved = anyHooks(world) && approvalStatus(world, project, mr).approved;
  deleteApprovals(world, mr, [own]);
  mergeRequestHook(world, caller.user, mr, wasApproved ? 'unapproved' : 'unapproval');
}

/** A bot user of a project or group access token of this project (or its groups): a bot member. */
const isTokenBot = (world: World, user: User, project: Project) => user.bot && isProjectMember(world, user.id, project);

/** PUT .../reset_approvals (R4.6 rule 4, SPEC 5): token bots only, not on a merged merge request; 401 otherwise. */
export function resetApprovals(world: World, caller: Caller, project: Project, mr: MergeRequest): void {
  if (!isTokenBot(world, caller.user, project)) {
    throw unauthorized().because(`${caller.user.username} is not the bot user of an access token of this project`);
  }
  if (mr.state === 'merged') throw unauthorized().because(`!${mr.iid} is merged`);
  deleteApprovals(world, mr, approvalsOf(world, mr));
}

/**
 * SPEC 2: merge-request rules may be created, changed and deleted from
 * Developer up, only while the project allows overriding approvers per merge
 * request; `403 {"message":["Prohibited"]}` otherwise. Callers who cannot read
 * the merge request at all get `403 Forbidden` first.
 */
export function requireMergeRequestRuleRights(world: World, caller: Caller, project: Project): void {
  authorize(world, caller, 'read_merge_request', project);
  const allowed = effectiveProjectSettings(world, project).allow_overrides_to_approver_list_per_merge_request;
  const role = projectRole(world, caller.user, project);
  if (role < 30) {
    throw prohibited().because(
      `${roleIn(caller.user, role, `project ${project.path_with_namespace}`)}; merge request rules need Developer`,
    );
  }
  if (!allowed) {
    throw prohibited().because(
      `project ${project.path_with_namespace} does not allow overriding approvers per merge request`,
    );
  }
}

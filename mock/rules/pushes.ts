import type { Approval, MergeRequest, Project, Push, User, World } from '../world/types.js';
import { projectByRef } from './access.js';
import { effectiveProjectSettings } from './approvals/approval-settings.js';
import { applicableRules, approvalStatus, approvalsOf, deleteApprovals, ruleApprovers } from './approvals/approvals.js';
import { mergeRequestHook } from './events.js';
import { anyHooks } from './webhooks.js';

/**
 * Pushes to a merge request's source branch, as GitLab's
 * MergeRequests::RefreshService handles them: the head moves, the pusher
 * becomes a committer, and approvals are reset as the project's settings say
 * (GITLAB-BEHAVIOR 4: `reset_approvals_on_push`, `selective_code_owner_removals`).
 * Pushes are a test-setup action (GitLab's API has no such endpoint).
 * @module
 */

/** A push, its author looked up and its time decided. */
export interface PushInput {
  sha: string;
  author: User;
  /** Epoch milliseconds. */
  at: number;
}

/** The merge request `iid` of a project given by id or full path, whoever asks; `undefined` when there is none. */
export function mergeRequestByRef(world: World, projectRef: string, iid: number): MergeRequest | undefined {
  const project = projectByRef(world, projectRef);
  for (const mr of world.mergeRequests.values()) if (mr.project_id === project?.id && mr.iid === iid) return mr;
  return undefined;
}

/** Why a push cannot reach this merge request (the field at fault, `''` for the merge request), or `undefined`. */
export function pushRefusal(mr: MergeRequest, sha: string): { field: '' | 'sha'; reason: string } | undefined {
  // RefreshService only refreshes open merge requests, and a push that does not move the head changes nothing.
  if (mr.state !== 'opened')
    return { field: '', reason: `merge request !${mr.iid} is ${mr.state}: only open ones take pushes` };
  if (sha === mr.sha) return { field: 'sha', reason: 'already the head of the merge request' };
  return undefined;
}

/**
 * The approvals a push removes: every one with `reset_approvals_on_push`; with it off and
 * `selective_code_owner_removals` on, those of the eligible approvers of the code owner rules
 * whose files the push touched (the mock has no files: every code owner rule counts as touched);
 * none otherwise.
 */
function approvalsRemovedByPush(world: World, project: Project, mr: MergeRequest): Approval[] {
  const settings = effectiveProjectSettings(world, project);
  const approvals = approvalsOf(world, mr);
  if (!settings.retain_approvals_on_push) return approvals;
  if (!settings.selective_code_owner_removals) return [];
  const codeOwners = new Set(
    applicableRules(world, project, mr)
      .filter(({ rule }) => rule.rule_type === 'code_owner')
      .flatMap(({ rule }) => ruleApprovers(world, rule).map((user) => user.id)),
  );
  return approvals.filter((approval) => codeOwners.has(approval.user_id));
}

/**
 * Applies a push whose {@link pushRefusal} is `undefined`: new head, the pusher a committer; the merge
 * request's `update` hook with the head before the push (`oldrev`); then the approvals' reset and, when it
 * removed some, GitLab 18.5's system event for it (`unapproved` if the merge request stops being approved,
 * `unapproval` otherwise). GitLab's refresh sends the update first and resets the approvals in a worker
 * 10 seconds later (`MergeRequestResetApprovalsWorker`): the update still shows them.
 */
export function pushToMergeRequest(world: World, project: Project, mr: MergeRequest, input: PushInput): Push {
  const push: Push = { sha: input.sha, author_id: input.author.id, at: new Date(input.at).toISOString() };
  const oldrev = mr.sha;
  const removed = approvalsRemovedByPush(world, project, mr);
  const wasApproved = removed.length > 0 && anyHooks(world) && approvalStatus(world, project, mr).approved;
  mr.sha = push.sha;
  // A push to the source makes a new diff, starting at the target's head then (`RefreshService#reload_merge_requests`).
  const targetHead = project.branches.get(mr.target_branch);
  if (targetHead !== undefined) mr.diff_start_sha = targetHead;
  // The push moves the source branch's head too (a deleted branch is pushed anew).
  project.branches.set(mr.source_branch, push.sha);
  if (!mr.committer_ids.includes(push.author_id)) mr.committer_ids.push(push.author_id);
  mr.updated_at = push.at;
  mr.pushes.push(push);
  mergeRequestHook(world, input.author, mr, 'update', undefined, { oldrev });
  deleteApprovals(world, mr, removed);
  if (removed.length > 0) {
    // `EE::MergeRequests::BaseService#delete_approvals` for a full reset, `ResetApprovalsService` for the code owners'.
    const systemAction = effectiveProjectSettings(world, project).retain_approvals_on_push
      ? 'code_owner_approvals_reset_on_push'
      : 'approvals_reset_on_push';
    const unapproved = wasApproved && !approvalStatus(world, project, mr).approved;
    mergeRequestHook(world, input.author, mr, unapproved ? 'unapproved' : 'unapproval', undefined, { systemAction });
  }
  return push;
}

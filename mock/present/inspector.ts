import { approvalStatus, whyNotEligible } from '../rules/approvals/approvals.js';
import { projectRole } from '../rules/policy.js';
import type { Project, World } from '../world/types.js';

/**
 * What the inspector page shows of a project's merge requests (`GET /__mock/projects/:id/merge_requests`):
 * each one's approval state as GitLab's rules compute it (`approvalStatus`), and why each member who
 * could approve cannot (`whyNotEligible`): the page never computes GitLab's rules itself.
 * @module
 */

/** The merge requests of `project`, oldest first, with their approval state. */
export function presentInspectorMergeRequests(world: World, project: Project) {
  const username = (id: number) => world.users.get(id)?.username ?? null;
  const candidates = [...world.users.values()].filter(
    (user) => user.state === 'active' && projectRole(world, user, project) >= 30,
  );
  return [...world.mergeRequests.values()]
    .filter((mr) => mr.project_id === project.id)
    .sort((a, b) => a.iid - b.iid)
    .map((mr) => {
      const status = approvalStatus(world, project, mr);
      return {
        iid: mr.iid,
        title: mr.title,
        state: mr.state,
        author: username(mr.author_id),
        merged_by: mr.merged_by_id == null ? null : username(mr.merged_by_id),
        source_branch: mr.source_branch,
        target_branch: mr.target_branch,
        approved: status.approved,
        approvals_required: status.approvalsRequired,
        approvals_left: status.approvalsLeft,
        approved_by: status.approvals.map((approval) => username(approval.user_id)),
        rules: status.rules.map((rule) => ({
          name: rule.source.rule.name,
          rule_type: rule.source.rule.rule_type,
          level: rule.source.level,
          approvals_required: rule.source.rule.approvals_required,
          approvals_left: rule.approvalsLeft,
          approved: rule.approved,
          invalid: rule.invalid,
          approved_by: rule.approvedBy.map((user) => user.username),
          eligible: rule.approvers.map((user) => user.username),
        })),
        cannot_approve: candidates.flatMap((user) => {
          const reason = whyNotEligible(world, user, project, mr);
          return reason === undefined ? [] : [{ user: user.username, reason }];
        }),
      };
    });
}

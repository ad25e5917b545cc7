import type { Milestone, MilestoneIssue, MilestoneMergeRequest } from '../../src/models/milestones.js';
import { isPaidPlan, projectPlan } from '../rules/access.js';
import { isExpired } from '../rules/milestones.js';
import type { Issue, MergeRequest, Milestone as MilestoneRecord, World } from '../world/types.js';
import { issuableFields } from './issuables.js';
import { presentUser, presentUserId } from './users.js';

/**
 * Milestones, and the issues and merge requests of a milestone, in GitLab's
 * key order (GITLAB-BEHAVIOR 6).
 * @module
 */

function milestoneUrl(world: World, milestone: MilestoneRecord): string {
  if (milestone.project_id !== null) {
    const project = world.projects.get(milestone.project_id);
    return `${world.baseUrl}/${project?.path_with_namespace}/-/milestones/${milestone.iid}`;
  }
  const group = milestone.group_id === null ? undefined : world.groups.get(milestone.group_id);
  return `${world.baseUrl}/groups/${group?.full_path}/-/milestones/${milestone.iid}`;
}

export function presentMilestone(world: World, milestone: MilestoneRecord): Milestone {
  return {
    id: milestone.id,
    iid: milestone.iid,
    ...(milestone.project_id !== null && { project_id: milestone.project_id }),
    ...(milestone.group_id !== null && { group_id: milestone.group_id }),
    title: milestone.title,
    description: milestone.description,
    state: milestone.state,
    created_at: milestone.created_at,
    updated_at: milestone.updated_at,
    due_date: milestone.due_date,
    start_date: milestone.start_date,
    expired: isExpired(world, milestone),
    web_url: milestoneUrl(world, milestone),
  };
}

function milestoneOf(world: World, id: number | null): Milestone | null {
  const milestone = id === null ? undefined : world.milestones.get(id);
  return milestone ? presentMilestone(world, milestone) : null;
}

function projectPath(world: World, projectId: number): string {
  return world.projects.get(projectId)?.path_with_namespace ?? '';
}

/** IssueBasic. */
export function presentIssue(world: World, issue: Issue): MilestoneIssue {
  const assignees = issue.assignee_ids.flatMap((id) => {
    const user = world.users.get(id);
    return user ? [presentUser(world, user)] : [];
  });
  const author = presentUserId(world, issue.author_id);
  const project = world.projects.get(issue.project_id);
  return {
    ...issuableFields(issue),
    closed_at: issue.closed_at,
    closed_by: presentUserId(world, issue.closed_by_id),
    labels: issue.labels,
    milestone: milestoneOf(world, issue.milestone_id),
    assignees,
    author: author as NonNullable<typeof author>,
    type: 'ISSUE',
    assignee: assignees[0] ?? null,
    user_notes_count: 0,
    merge_requests_count: 0,
    upvotes: 0,
    downvotes: 0,
    due_date: null,
    confidential: issue.confidential,
    discussion_locked: null,
    issue_type: 'issue',
    web_url: `${world.baseUrl}/${projectPath(world, issue.project_id)}/-/issues/${issue.iid}`,
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    task_completion_status: { count: 0, completed_count: 0 },
    // EE's IssueBasic: weight only where issue weights are licensed (Premium and up).
    ...(project && isPaidPlan(projectPlan(world, project)) && { weight: issue.weight }),
    blocking_issues_count: 0,
  };
}

/** MergeRequestBasic. */
export function presentMergeRequest(world: World, mr: MergeRequest): MilestoneMergeRequest {
  const author = presentUserId(world, mr.author_id);
  const path = projectPath(world, mr.project_id);
  return {
    ...issuableFields(mr),
    merged_by: null,
    merge_user: null,
    merged_at: null,
    closed_by: null,
    closed_at: null,
    target_branch: mr.target_branch,
    source_branch: mr.source_branch,
    user_notes_count: 0,
    upvotes: 0,
    downvotes: 0,
    author: author as NonNullable<typeof author>,
    assignees: [],
    assignee: null,
    reviewers: [],
    source_project_id: mr.project_id,
    target_project_id: mr.project_id,
    labels: [],
    draft: false,
    imported: false,
    imported_from: 'none',
    work_in_progress: false,
    milestone: milestoneOf(world, mr.milestone_id),
    merge_when_pipeline_succeeds: false,
    merge_status: 'can_be_merged',
    detailed_merge_status: 'mergeable',
    merge_after: null,
    sha: mr.sha,
    merge_commit_sha: null,
    squash_commit_sha: null,
    discussion_locked: null,
    should_remove_source_branch: null,
    force_remove_source_branch: false,
    // When GitLab finished preparing the new merge request: the mock's are ready at once.
    prepared_at: mr.created_at,
    reference: `!${mr.iid}`,
    references: { short: `!${mr.iid}`, relative: `!${mr.iid}`, full: `${path}!${mr.iid}` },
    web_url: `${world.baseUrl}/${path}/-/merge_requests/${mr.iid}`,
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    squash: false,
    squash_on_merge: false,
    task_completion_status: { count: 0, completed_count: 0 },
    has_conflicts: false,
    blocking_discussions_resolved: true,
  };
}

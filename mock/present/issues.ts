import type { Issue, IssueStatistics } from '../../src/models/issues.js';
import type { MilestoneIssue } from '../../src/models/milestones.js';
import { isPaidPlan, projectPlan } from '../rules/access.js';
import { projectLabels } from '../rules/labels.js';
import { isSubscribed } from '../rules/subscriptions.js';
import type { Group, Issue as IssueRecord, Project, User, World } from '../world/types.js';
import { issuableFields, relativeReference } from './issuables.js';
import { presentLabelBasic } from './labels.js';
import { milestoneOf } from './milestones.js';
import { presentUserId, presentUserIds } from './users.js';

/**
 * Issues in GitLab's key order: IssueBasic (milestone lists) and the Issue
 * entity (issue lists and single issues).
 * @module
 */

/** The issue's labels as LabelBasic entities, by title (`issue.labels.sort_by(&:title)`). */
function labelDetails(world: World, issue: IssueRecord) {
  const project = world.projects.get(issue.project_id);
  const usable = project ? projectLabels(world, project) : [];
  return [...issue.labels]
    .sort()
    .flatMap((title) => usable.filter((label) => label.title === title).slice(0, 1))
    .map(presentLabelBasic);
}

/** IssueBasic. */
export function presentIssue(world: World, issue: IssueRecord): MilestoneIssue {
  const assignees = presentUserIds(world, issue.assignee_ids);
  const author = presentUserId(world, issue.author_id);
  const project = world.projects.get(issue.project_id);
  return {
    ...issuableFields(issue),
    closed_at: issue.closed_at,
    closed_by: presentUserId(world, issue.closed_by_id),
    // GitLab sorts the titles (`issue.labels.map(&:title).sort`).
    labels: [...issue.labels].sort(),
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
    web_url: `${world.baseUrl}/${project?.path_with_namespace ?? ''}/-/issues/${issue.iid}`,
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    task_completion_status: { count: 0, completed_count: 0 },
    // EE's IssueBasic: weight only where issue weights are licensed (Premium and up).
    ...(project && isPaidPlan(projectPlan(world, project)) && { weight: issue.weight }),
    blocking_issues_count: 0,
  };
}

/**
 * The Issue entity: IssueBasic, then its subscription, links and move. Lists leave `subscribed`
 * out (`include_subscribed: false` in every list of `lib/api/issues.rb`; `expose :subscribed, if:
 * ->(_, options) { options.fetch(:include_subscribed, true) }` in `lib/api/entities/issue.rb`).
 */
export function presentIssueFull(
  world: World,
  viewer: User,
  issue: IssueRecord,
  inList = false,
  withLabelsDetails = false,
  from?: Group,
): Issue {
  const api = `${world.baseUrl}/api/v4/projects/${issue.project_id}`;
  const basic = presentIssue(world, issue);
  const project = world.projects.get(issue.project_id) as Project;
  return {
    ...basic,
    // IssueBasic's `labels` with `with_labels_details`: LabelBasic entities by title (the SDK's list queries do not
    // offer the parameter, so its model keeps the titles' type).
    ...(withLabelsDetails && { labels: labelDetails(world, issue) as unknown as string[] }),
    // `issue.subscribed?(current_user, options[:project] || issue.project)`.
    ...(!inList && {
      subscribed: isSubscribed(world, viewer, { type: 'Issue', record: issue }, project),
    }),
    _links: {
      self: `${api}/issues/${issue.iid}`,
      notes: `${api}/issues/${issue.iid}/notes`,
      award_emoji: `${api}/issues/${issue.iid}/award_emoji`,
      project: api,
      closed_as_duplicate_of: null,
    },
    // IssuableReferences (lib/api/entities/issuable_references.rb): `relative` is the reference from
    // the route's group (`GET /groups/:id/issues`), else the short one.
    references: {
      short: `#${issue.iid}`,
      relative: relativeReference(project, `#${issue.iid}`, from),
      full: `${project.path_with_namespace}#${issue.iid}`,
    },
    moved_to_id: null,
    service_desk_reply_to: null,
  };
}

/**
 * The issue statistics (`issues_statistics` in lib/api/helpers/issues_helpers.rb): how many of a list's issues,
 * whatever their state, are open and closed (`Gitlab::IssuablesCountForState`).
 */
export function presentIssueStatistics(issues: readonly IssueRecord[]): IssueStatistics {
  const closed = issues.filter((issue) => issue.state === 'closed').length;
  return { statistics: { counts: { all: issues.length, closed, opened: issues.length - closed } } };
}

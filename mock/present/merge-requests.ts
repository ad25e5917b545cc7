import type { MergeRequest, MergeRequestBasic } from '../../src/models/merge-requests.js';
import { projectLabels } from '../rules/labels.js';
import {
  canMergeInto,
  detailedMergeStatus,
  isDraftTitle,
  isFirstContribution,
  mergeStatus,
} from '../rules/merge-requests.js';
import { isSubscribed } from '../rules/subscriptions.js';
import type { Caller, Group, MergeRequest as MergeRequestRecord, Project, World } from '../world/types.js';
import { issuableFields, relativeReference } from './issuables.js';
import { presentLabelBasic } from './labels.js';
import { milestoneOf } from './milestones.js';
import { presentUserId, presentUserIds } from './users.js';

/**
 * Merge requests in GitLab's key order: MergeRequestBasic (lists, milestone
 * lists), MergeRequestSimple (`view=simple`) and the full MergeRequest entity.
 * The merge statuses are computed from the world on every read.
 * @module
 */

const projectPath = (world: World, mr: MergeRequestRecord) =>
  world.projects.get(mr.project_id)?.path_with_namespace ?? '';

const webUrl = (world: World, mr: MergeRequestRecord) =>
  `${world.baseUrl}/${projectPath(world, mr)}/-/merge_requests/${mr.iid}`;

/**
 * The labels as MergeRequestBasic shows them (`lib/api/entities/merge_request_basic.rb`): their titles
 * sorted (`merge_request.labels.map(&:title).sort`), or with `with_labels_details` LabelBasic entities
 * sorted by title.
 */
function labelsOf(world: World, project: Project, mr: MergeRequestRecord, withDetails: boolean) {
  const titles = [...mr.labels].sort();
  if (!withDetails) return titles;
  const known = projectLabels(world, project);
  return titles.flatMap((title) => {
    const label = known.find((l) => l.title === title);
    return label ? [presentLabelBasic(label)] : [];
  });
}

/**
 * MergeRequestBasic; `withLabelsDetails` (the lists' `with_labels_details`) shows the labels as entities, and `from`
 * is the group of a group's list.
 */
export function presentMergeRequest(
  world: World,
  mr: MergeRequestRecord,
  withLabelsDetails = false,
  from?: Group,
): MergeRequestBasic {
  const author = presentUserId(world, mr.author_id);
  const path = projectPath(world, mr);
  const project = world.projects.get(mr.project_id) as Project;
  const assignees = presentUserIds(world, mr.assignee_ids);
  const mergedBy = presentUserId(world, mr.merged_by_id);
  const draft = isDraftTitle(mr.title);
  return {
    ...issuableFields(mr),
    merged_by: mergedBy,
    merge_user: mergedBy,
    merged_at: mr.merged_at,
    closed_by: presentUserId(world, mr.closed_by_id),
    closed_at: mr.closed_at,
    target_branch: mr.target_branch,
    source_branch: mr.source_branch,
    user_notes_count: 0,
    upvotes: 0,
    downvotes: 0,
    author: author as NonNullable<typeof author>,
    assignees,
    assignee: assignees[0] ?? null,
    reviewers: presentUserIds(world, mr.reviewer_ids),
    source_project_id: mr.project_id,
    target_project_id: mr.project_id,
    labels: labelsOf(world, project, mr, withLabelsDetails) as string[],
    draft,
    imported: false,
    imported_from: 'none',
    work_in_progress: draft,
    milestone: milestoneOf(world, mr.milestone_id),
    merge_when_pipeline_succeeds: false,
    merge_status: mergeStatus(mr),
    detailed_merge_status: detailedMergeStatus(world, project, mr),
    merge_after: mr.merge_after ?? null,
    sha: mr.sha,
    merge_commit_sha: mr.merge_commit_sha,
    squash_commit_sha: mr.squash_commit_sha ?? null,
    discussion_locked: mr.discussion_locked,
    // `should_remove_source_branch?`: what the merge was asked (`merge_params`), else null.
    should_remove_source_branch: mr.should_remove_source_branch ?? null,
    force_remove_source_branch: mr.force_remove_source_branch,
    // When GitLab finished preparing the new merge request: the mock's are ready at once.
    prepared_at: mr.created_at,
    reference: `!${mr.iid}`,
    references: {
      short: `!${mr.iid}`,
      relative: relativeReference(project, `!${mr.iid}`, from),
      full: `${path}!${mr.iid}`,
    },
    web_url: webUrl(world, mr),
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    squash: mr.squash,
    squash_on_merge: mr.squash,
    task_completion_status: { count: 0, completed_count: 0 },
    has_conflicts: mr.has_conflicts,
    blocking_discussions_resolved: true,
  };
}

/** MergeRequestSimple (`view=simple`). */
export function presentMergeRequestSimple(world: World, mr: MergeRequestRecord) {
  return { ...issuableFields(mr), web_url: webUrl(world, mr) };
}

/**
 * Its latest diff's refs (`MergeRequestDiff#diff_refs`): the source head, the target's head when the diff was
 * made, and their merge base. The mock keeps no commit graph, so a source branch is taken to fork from the
 * target's head then: the merge base is that start commit.
 */
function diffRefs(project: Project, mr: MergeRequestRecord) {
  const start = mr.diff_start_sha ?? project.branches.get(mr.target_branch) ?? null;
  return { base_sha: start, head_sha: mr.sha, start_sha: start };
}

/** What `GET /projects/:id/merge_requests/:merge_request_iid` asks of the entity (`lib/api/merge_requests.rb`). */
export interface MergeRequestViewOptions {
  /** `render_html`: `title_html` and `description_html` after `closed_at`. */
  renderHtml?: boolean | undefined;
  /** `include_rebase_in_progress`: `rebase_in_progress` (never, in the mock: it does not rebase). */
  includeRebaseInProgress?: boolean | undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Markdown as far as plain text goes (Banzai's pipelines, without references or formatting): a title
 * through the single-line pipeline is its escaped text; a description is one `<p>` a paragraph, with
 * GitLab's `data-sourcepos` (lines, and the columns of its first and last character) and `dir="auto"`.
 */
export function plainMarkdown(text: string | null): string {
  if (!text) return '';
  const lines = text.split('\n');
  const paragraphs: string[] = [];
  for (let start = 0; start < lines.length; start++) {
    if ((lines[start] as string).trim() === '') continue;
    let end = start;
    while (end + 1 < lines.length && (lines[end + 1] as string).trim() !== '') end++;
    const body = lines
      .slice(start, end + 1)
      .map(escapeHtml)
      .join('\n');
    const sourcepos = `${start + 1}:1-${end + 1}:${(lines[end] as string).length}`;
    paragraphs.push(`<p data-sourcepos="${sourcepos}" dir="auto">${body}</p>`);
    start = end;
  }
  return paragraphs.join('\n');
}

/** The MergeRequest entity: the basic fields, then what only a single merge request shows. */
export function presentMergeRequestFull(
  world: World,
  caller: Caller,
  mr: MergeRequestRecord,
  view: MergeRequestViewOptions = {},
): MergeRequest {
  const project = world.projects.get(mr.project_id) as Project;
  const basic: Record<string, unknown> = presentMergeRequest(world, mr);
  // MergeRequestBasic exposes them right after `closed_at`.
  const fields = Object.entries(basic).flatMap(([key, value]) =>
    key === 'closed_at' && view.renderHtml
      ? [
          [key, value],
          ['title_html', escapeHtml(mr.title)],
          ['description_html', plainMarkdown(mr.description)],
        ]
      : [[key, value]],
  );
  return {
    ...(Object.fromEntries(fields) as MergeRequestBasic),
    // `merge_request.subscribed?(current_user, options[:project])`.
    subscribed: isSubscribed(world, caller.user, { type: 'MergeRequest', record: mr }, project),
    changes_count: null,
    latest_build_started_at: null,
    latest_build_finished_at: null,
    first_deployed_to_production_at: null,
    pipeline: null,
    head_pipeline: null,
    diff_refs: diffRefs(project, mr),
    merge_error: null,
    first_contribution: isFirstContribution(world, mr),
    ...(view.includeRebaseInProgress && { rebase_in_progress: false }),
    user: { can_merge: canMergeInto(world, caller.user, project, mr.target_branch) },
  };
}

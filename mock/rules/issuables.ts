import { notFound } from '../http/errors.js';
import { groupChain, projectGroup } from '../world/memberships.js';
import type { Issue, MergeRequest, Project, User, World } from '../world/types.js';
import { userNamed } from '../world/world.js';
import { byLabelPriority } from './labels.js';
import { milestoneTitledInScope } from './milestones.js';
import { canReadProject } from './policy.js';

/**
 * What issues and merge requests share (GitLab's IssuableFinder): the list
 * filters, the scopes of the instance-wide lists, the orders, and the fields
 * every create and update takes (milestone, assignees, labels).
 * @module
 */

/** `None` and `Any`, as GitLab's finders take them in place of a milestone, an assignee or labels. */
export type NoneOrAny = 'None' | 'Any';

/** The filters both lists take (GitLab's IssuableFinder parameters); each one given narrows the list. */
export interface IssuableFilters {
  /** `opened`, `closed`... or `all`. */
  state: string;
  /** A milestone title, `None` or `Any`. */
  milestone?: string;
  /** Label names the record must all carry, or `None` / `Any`. */
  labels?: string[];
  authorId?: number;
  authorUsername?: string;
  /** A user id, `None` or `Any`. */
  assigneeId?: number | NoneOrAny;
  /** Usernames the record must all be assigned to. */
  assigneeUsernames?: string[];
  iids?: number[];
  /** Words all found in the title or description, in any case. */
  search?: string;
  /** Where `search` looks: GitLab's `in`, `title`, `description` or both joined by a comma (default both). */
  searchIn?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  /** `created_by_me`, `assigned_to_me` or `all` (the instance-wide lists). */
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
  /** The caller, for `scope`. */
  user?: User;
  /** GitLab's `not[...]`: records matching any of these are left out. */
  not?: NegatedFilters;
  /** GitLab's `milestone_id` timebox wildcard (`Any`, `None`, `Upcoming`, `Started`). */
  milestoneWildcard?: MilestoneWildcard;
}

/** The timebox values of `milestone_id` (lib/api/issues.rb). */
export type MilestoneWildcard = 'Any' | 'None' | 'Upcoming' | 'Started';

/** The negatable filters (`negatable_issue_filter_params` of lib/api/issues.rb) the mock models. */
export interface NegatedFilters {
  /** Leave out records carrying any of these labels (`Issuables::LabelFilter#by_negated_label`). */
  labels?: string[];
  /** Leave out records in a milestone with this title; `None` leaves out those without one, `Any` those with one. */
  milestone?: string;
  authorId?: number;
  authorUsername?: string;
  assigneeId?: number;
  /** Leave out records assigned to any of these users. */
  assigneeUsernames?: string[];
  iids?: number[];
  /** `not[milestone_id]`: `Upcoming` leaves out records whose milestone is not yet due, `Started` those started. */
  milestoneWildcard?: 'Upcoming' | 'Started';
}

/**
 * The REST API's legacy timebox filters (`use_legacy_milestone_filtering?`, IssuableFinder#by_milestone and
 * #by_negated_milestone; Milestone.started, .not_started, .not_upcoming and .upcoming_ids with
 * `legacy_filtering_logic`, app/models/milestone.rb), over active milestones and the world's date:
 * `Started` has begun (start date today or before); `Upcoming` is, per project or group, the active
 * milestone with the nearest due date after today; negated, `Upcoming` keeps milestones due today or
 * before, `Started` those starting after today. Records without a milestone match neither.
 */
function timeboxMatches(world: World, record: Issuable, wanted: MilestoneWildcard, negated: boolean): boolean {
  if (wanted === 'None') return record.milestone_id === null;
  if (wanted === 'Any') return record.milestone_id !== null;
  const milestone = record.milestone_id === null ? undefined : world.milestones.get(record.milestone_id);
  if (milestone?.state !== 'active') return false;
  const today = new Date(world.now).toISOString().slice(0, 10);
  if (negated) {
    return wanted === 'Upcoming'
      ? milestone.due_date !== null && milestone.due_date <= today
      : milestone.start_date !== null && milestone.start_date > today;
  }
  if (wanted === 'Started') return milestone.start_date !== null && milestone.start_date <= today;
  // Milestone.upcoming_ids: DISTINCT ON (project_id, group_id) ordered by due date.
  const nearest = [...world.milestones.values()]
    .filter(
      (m) =>
        m.project_id === milestone.project_id &&
        m.group_id === milestone.group_id &&
        m.state === 'active' &&
        m.due_date !== null &&
        m.due_date > today,
    )
    .sort((a, b) => ((a.due_date as string) < (b.due_date as string) ? -1 : 1))[0];
  return nearest?.id === milestone.id;
}

/** Whether a record is left out by GitLab's `not[...]` filters (IssuableFinder's `by_negated_*`). */
function negatedOut(world: World, record: Issuable, not: NegatedFilters): boolean {
  const idOf = (username: string) => userNamed(world, username)?.id;
  const own = new Set(record.labels.map((l) => l.toLowerCase()));
  return (
    not.labels?.some((label) => own.has(label.toLowerCase())) ||
    (not.milestone !== undefined && milestoneMatches(world, record, not.milestone)) ||
    (not.authorId !== undefined && record.author_id === not.authorId) ||
    (not.authorUsername !== undefined && record.author_id === idOf(not.authorUsername)) ||
    (not.assigneeId !== undefined && record.assignee_ids.includes(not.assigneeId)) ||
    not.assigneeUsernames?.some((name) => {
      const id = idOf(name);
      return id !== undefined && record.assignee_ids.includes(id);
    }) ||
    not.iids?.includes(record.iid) === true ||
    (not.milestoneWildcard !== undefined && !timeboxMatches(world, record, not.milestoneWildcard, true))
  );
}

/** The order of a list: GitLab's `order_by` and `sort` (newest created first by default). */
export interface IssuableOrder {
  orderBy:
    | 'created_at'
    | 'updated_at'
    | 'title'
    | 'merged_at'
    | 'label_priority'
    // The issues' other orders (API::Helpers::IssuesHelpers.sort_options).
    | 'due_date'
    | 'milestone_due'
    | 'popularity'
    | 'priority'
    | 'relative_position'
    // EE's (ee/lib/ee/api/helpers/issues_helpers.rb `sort_options`).
    | 'weight';
  sort: 'asc' | 'desc';
}

type Issuable = Issue | MergeRequest;

function milestoneMatches(world: World, record: Issuable, wanted: string): boolean {
  // GitLab's finder: `None` means no milestone, `Any` any; otherwise the title (project or group milestone).
  if (wanted === 'None') return record.milestone_id === null;
  if (wanted === 'Any') return record.milestone_id !== null;
  return record.milestone_id !== null && world.milestones.get(record.milestone_id)?.title === wanted;
}

function labelsMatch(record: Issuable, wanted: string[]): boolean {
  // Issuables::LabelFilter: `None` (then `Any`) anywhere in the list overrides the other names.
  if (wanted.includes('None')) return record.labels.length === 0;
  if (wanted.includes('Any')) return record.labels.length > 0;
  const own = new Set(record.labels.map((l) => l.toLowerCase()));
  // Label titles match in any case, as GitLab's label finder does; every label asked for must be there.
  return wanted.every((label) => own.has(label.toLowerCase()));
}

function assigneeMatches(record: Issuable, wanted: number | NoneOrAny): boolean {
  if (wanted === 'None') return record.assignee_ids.length === 0;
  if (wanted === 'Any') return record.assignee_ids.length > 0;
  return record.assignee_ids.includes(wanted);
}

/**
 * Every term must appear in the title or description, in any case; `searchIn` narrows the fields as
 * `Issuable.full_search`'s `matched_columns` does (app/models/concerns/issuable.rb): split on commas
 * (no trimming), unknown names dropped, none left meaning both.
 */
function searchMatches(record: Issuable, query: string, searchIn: string | undefined): boolean {
  const named = (searchIn ?? '').split(',').filter((field) => field === 'title' || field === 'description');
  const fields = named.length > 0 ? named : ['title', 'description'];
  const text = fields
    .map((field) => (field === 'title' ? record.title : (record.description ?? '')))
    .join('\n')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => text.includes(term));
}

/** Whether a record passes the filters; usernames that name nobody match nothing, as in GitLab. */
export function issuableMatches(world: World, record: Issuable, f: IssuableFilters): boolean {
  const idOf = (username: string) => userNamed(world, username)?.id;
  // Timestamps are written in one ISO 8601 form, so they compare as strings.
  const iso = (date: Date | undefined) => date?.toISOString();
  const [createdAfter, createdBefore] = [iso(f.createdAfter), iso(f.createdBefore)];
  const [updatedAfter, updatedBefore] = [iso(f.updatedAfter), iso(f.updatedBefore)];
  if (f.scope === 'created_by_me' && record.author_id !== f.user?.id) return false;
  if (f.scope === 'assigned_to_me' && (!f.user || !record.assignee_ids.includes(f.user.id))) return false;
  if (f.not && negatedOut(world, record, f.not)) return false;
  if (f.milestoneWildcard && !timeboxMatches(world, record, f.milestoneWildcard, false)) return false;
  return (
    (f.state === 'all' || record.state === f.state) &&
    (f.milestone === undefined || milestoneMatches(world, record, f.milestone)) &&
    (f.labels === undefined || f.labels.length === 0 || labelsMatch(record, f.labels)) &&
    (f.authorId === undefined || record.author_id === f.authorId) &&
    (f.authorUsername === undefined || record.author_id === idOf(f.authorUsername)) &&
    (f.assigneeId === undefined || assigneeMatches(record, f.assigneeId)) &&
    (f.assigneeUsernames === undefined ||
      f.assigneeUsernames.every((name) => {
        const id = idOf(name);
        return id !== undefined && record.assignee_ids.includes(id);
      })) &&
    (f.iids === undefined || f.iids.length === 0 || f.iids.includes(record.iid)) &&
    (f.search === undefined || f.search === '' || searchMatches(record, f.search, f.searchIn)) &&
    (createdAfter === undefined || record.created_at >= createdAfter) &&
    (createdBefore === undefined || record.created_at <= createdBefore) &&
    (updatedAfter === undefined || record.updated_at >= updatedAfter) &&
    (updatedBefore === undefined || record.updated_at <= updatedBefore)
  );
}

/**
 * Sorts by `order_by` then by id, both in `sort` order (GitLab adds the id as a tie-breaker); missing
 * values last. `label_priority` is GitLab's label priority order ({@link byLabelPriority}).
 */
export function sortIssuables<T extends Issuable>(world: World, records: T[], order: IssuableOrder): T[] {
  if (order.orderBy === 'label_priority') return records.sort(byLabelPriority(world, order.sort));
  const special = unmodelledOrder(world, order);
  if (special) return records.sort(special);
  const sign = order.sort === 'asc' ? 1 : -1;
  const key = (record: T): string | null =>
    order.orderBy === 'merged_at'
      ? 'merged_at' in record
        ? record.merged_at
        : null
      : order.orderBy === 'title'
        ? record.title.toLowerCase()
        : record[order.orderBy as 'created_at' | 'updated_at'];
  return records.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return ka < kb ? -sign : sign;
    }
    return (a.id - b.id) * sign;
  });
}

/**
 * The issue orders over what the mock does not keep (`Issue.sort_by_attribute` and
 * `Issuable.sort_by_attribute`, app/models/issue.rb and app/models/concerns/issuable.rb, each tie
 * broken `with_order_id_desc`): no issue has a due date or an upvote, so `due_date` and `popularity`
 * are newest first; `priority` (due date, then label priority) is the label priority order;
 * `relative_position` (no positions kept) is the order they were made in (`column_order_id_asc`);
 * `milestone_due` is by the milestone's due date, records without one last; EE's `weight` by weight, unweighted last.
 */
function unmodelledOrder(world: World, order: IssuableOrder): ((a: Issuable, b: Issuable) => number) | undefined {
  const newestFirst = (a: Issuable, b: Issuable) => b.id - a.id;
  switch (order.orderBy) {
    case 'due_date':
    case 'popularity':
      return newestFirst;
    case 'priority':
      return byLabelPriority(world, order.sort);
    case 'relative_position':
      return (a, b) => a.id - b.id;
    case 'weight': {
      // Issue.order_weight_asc / _desc (EE): issues without a weight last.
      const weight = (record: Issuable) => ('weight' in record ? record.weight : null);
      const sign = order.sort === 'asc' ? 1 : -1;
      return (a, b) => {
        const [wa, wb] = [weight(a), weight(b)];
        if (wa === wb) return newestFirst(a, b);
        if (wa === null) return 1;
        if (wb === null) return -1;
        return (wa - wb) * sign;
      };
    }
    case 'milestone_due': {
      const due = (record: Issuable) =>
        record.milestone_id === null ? null : (world.milestones.get(record.milestone_id)?.due_date ?? null);
      const sign = order.sort === 'asc' ? 1 : -1;
      return (a, b) => {
        const [da, db] = [due(a), due(b)];
        if (da === db) return newestFirst(a, b);
        if (da === null) return 1;
        if (db === null) return -1;
        return (da < db ? -1 : 1) * sign;
      };
    }
    default:
      return undefined;
  }
}

/** The projects of the world the user can see, for the instance-wide lists. */
export function visibleProjects(world: World, user: User): Project[] {
  return [...world.projects.values()].filter((p) => canReadProject(world, user, p));
}

/**
 * A milestone id as GitLab's IssuableBaseService filters it: `0` and ids of
 * milestones outside the project and its groups become no milestone (no error).
 */
export function milestoneInScope(world: World, project: Project, id: number | null | undefined): number | null {
  if (id === null || id === undefined || id === 0) return null;
  const milestone = world.milestones.get(id);
  if (!milestone) return null;
  if (milestone.project_id === project.id) return id;
  const group = projectGroup(world, project);
  const groups = group ? groupChain(world, group).map((g) => g.id) : [];
  return milestone.group_id !== null && groups.includes(milestone.group_id) ? id : null;
}

/** User ids as GitLab keeps them on assignment: `0` clears, unknown users and users who cannot see the project are dropped. */
export function assignableUserIds(world: World, project: Project, ids: number[]): number[] {
  const kept: number[] = [];
  for (const id of ids) {
    const user = world.users.get(id);
    if (user && canReadProject(world, user, project) && !kept.includes(id)) kept.push(id);
  }
  return kept;
}

/** Label names as GitLab stores them on a record: trimmed, blanks dropped, each once. */
export const labelNames = (labels: string[]) => [...new Set(labels.map((l) => l.trim()).filter(Boolean))];

/** What an update may say about labels: replace them all, or add and remove some. */
export interface LabelChanges {
  /** Every label, replacing the record's; `null` clears them. */
  labels?: string[] | null;
  add_labels?: string[];
  remove_labels?: string[];
}

/** A record's labels after an update: `labels` replaces them, then `add_labels` and `remove_labels` apply. */
export function nextLabels(current: string[], changes: LabelChanges): string[] {
  let labels = changes.labels === undefined ? current : labelNames(changes.labels ?? []);
  if (changes.add_labels) labels = labelNames([...labels, ...changes.add_labels]);
  if (changes.remove_labels) {
    const removed = new Set(labelNames(changes.remove_labels));
    labels = labels.filter((l) => !removed.has(l));
  }
  return labels;
}

/** `milestone` (a title) in place of `milestone_id` on create and update: a milestone of the project or its groups, 404 otherwise (ours). */
export function milestoneIdByTitle(world: World, project: Project, title: string): number {
  const id = milestoneTitledInScope(world, project, title);
  if (id === undefined) {
    throw notFound('Milestone').because(`no milestone titled ${title} in ${project.path_with_namespace} or its groups`);
  }
  return id;
}

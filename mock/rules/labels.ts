import { ApiError, conflict, notFound, validationError } from '../http/errors.js';
import { groupChain, projectGroup } from '../world/memberships.js';
import type { Group, Issue, Label, MergeRequest, Project, User, World } from '../world/types.js';
import { nextId, nowIso } from '../world/world.js';
import { fuzzy } from './groups.js';
import { canReadIssue, canReadMergeRequests, canReadProject } from './policy.js';
import { dropSubscriptions, moveLabelSubscriptions } from './subscriptions.js';

/**
 * Labels (`lib/api/labels.rb`, `group_labels.rb`, `LabelsFinder`, `Labels::CreateService`):
 * a project uses its own labels and those of its ancestor groups; issues and merge
 * requests carry label titles, and the label records give them colour and priority.
 * @module
 */

/** GitLab's default colour for a label created without one (`Label::DEFAULT_COLOR`). */
export const DEFAULT_LABEL_COLOR = '#6699cc';

/** The CSS colour names GitLab converts to hex (the basic set; others are refused by the mock). */
const CSS_COLORS: Record<string, string> = {
  black: '#000000',
  silver: '#c0c0c0',
  gray: '#808080',
  grey: '#808080',
  white: '#ffffff',
  maroon: '#800000',
  red: '#ff0000',
  purple: '#800080',
  fuchsia: '#ff00ff',
  green: '#008000',
  lime: '#00ff00',
  olive: '#808000',
  yellow: '#ffff00',
  navy: '#000080',
  blue: '#0000ff',
  teal: '#008080',
  aqua: '#00ffff',
  orange: '#ffa500',
};

/** A colour as GitLab stores it: `#RGB` or `#RRGGBB` as given, a CSS name as its hex; `undefined` when invalid. */
export function normalizeColor(color: string): string | undefined {
  const trimmed = color.trim();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(trimmed)) return trimmed;
  return CSS_COLORS[trimmed.toLowerCase()];
}

/**
 * The text colour GitLab shows on a label (`Gitlab::Color#contrast`): dark text on a
 * light background, white on a dark one (by relative luminance; the mock's threshold).
 */
export function textColorOf(color: string): string {
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.5 ? '#1F1E24' : '#FFFFFF';
}

const byTitle = (a: Label, b: Label) => a.title.localeCompare(b.title, 'en') || a.id - b.id;

/** The labels a project can use: its own and, unless `ownOnly`, those of every ancestor group; by title. */
export function projectLabels(world: World, project: Project, ownOnly = false): Label[] {
  const group = projectGroup(world, project);
  const groups = new Set(ownOnly || !group ? [] : groupChain(world, group).map((g) => g.id));
  return [...world.labels.values()]
    .filter((l) => l.project_id === project.id || (l.group_id !== null && groups.has(l.group_id)))
    .sort(byTitle);
}

/**
 * The labels a project lists with `include_ancestor_groups=false`: its own and its group's, not the
 * group's ancestors' (`LabelsFinder#item_ids` with `group_ids_for(project.group)`, whose
 * `groups_to_include` adds ancestors only when asked; `app/finders/concerns/finder_with_group_hierarchy.rb`).
 */
export function projectAndGroupLabels(world: World, project: Project): Label[] {
  const group = projectGroup(world, project);
  return [...world.labels.values()]
    .filter((l) => l.project_id === project.id || (group != null && l.group_id === group.id))
    .sort(byTitle);
}

/** What a group label list takes besides the group (GitLab's defaults: ancestors yes, descendants no, group labels only). */
export interface GroupLabelScope {
  includeAncestorGroups: boolean;
  includeDescendantGroups: boolean;
  onlyGroupLabels: boolean;
}

/** The labels of a group list: the group's, its ancestors', its descendants' and their projects' as asked, by title. */
export function groupLabels(world: World, user: User, group: Group, scope: GroupLabelScope): Label[] {
  const groups = new Set<number>([group.id]);
  if (scope.includeAncestorGroups) for (const g of groupChain(world, group)) groups.add(g.id);
  if (scope.includeDescendantGroups) {
    for (const g of world.groups.values()) if (groupChain(world, g).includes(group)) groups.add(g.id);
  }
  // Project labels of the group's projects (and its descendants' with include_descendant_groups) the caller can read.
  const inScope = (p: Project) => {
    const owner = projectGroup(world, p);
    if (!owner) return false;
    return scope.includeDescendantGroups ? groupChain(world, owner).includes(group) : owner.id === group.id;
  };
  const projects = scope.onlyGroupLabels
    ? new Set<number>()
    : new Set(
        [...world.projects.values()].filter((p) => inScope(p) && canReadProject(world, user, p)).map((p) => p.id),
      );
  return [...world.labels.values()]
    .filter(
      (l) => (l.group_id !== null && groups.has(l.group_id)) || (l.project_id !== null && projects.has(l.project_id)),
    )
    .sort(byTitle);
}

/** GitLab's label search: every word (3+ characters) in the title or the description. */
export function searchLabels(labels: Label[], search: string | undefined): Label[] {
  if (!search?.trim()) return labels;
  const match = fuzzy(search);
  return labels.filter((l) => match(l.title) || (l.description !== null && match(l.description)));
}

/** `find_label`: by id, else by title, among `labels`; `404 Label Not Found` otherwise. */
export function findLabel(labels: Label[], ref: string): Label {
  const label =
    (/^\d+$/.test(ref) ? labels.find((l) => l.id === Number(ref)) : undefined) ?? labels.find((l) => l.title === ref);
  if (!label) throw notFound('Label').because(`no label ${ref} here`);
  return label;
}

/** The fields a create or update may set. */
export interface LabelFields {
  title?: string;
  color?: string;
  description?: string | null;
  /** `null`: remove the priority. */
  priority?: number | null;
}

/** Model validations, as GitLab's `{message: {field: [..]}}` body; nothing is written. */
function validateLabel(fields: LabelFields): { title?: string; color?: string } {
  const errors: Record<string, string[]> = {};
  const title = fields.title?.trim();
  if (fields.title !== undefined && !title) errors.title = ["can't be blank"];
  else if (title?.includes(',')) errors.title = ['is invalid'];
  const color = fields.color === undefined ? undefined : normalizeColor(fields.color);
  if (fields.color !== undefined && !color) errors.color = ['must be a valid color code'];
  if (fields.priority != null && fields.priority < 0) errors.priority = ['must be greater than or equal to 0'];
  if (Object.keys(errors).length > 0) throw validationError(errors).because('the label is invalid');
  return { title, color };
}

/** The owner of a label: a project or a group. */
export type LabelOwner = { project: Project } | { group: Group };

/** `POST /projects/:id/labels`: 409 `Label already exists` when the project can use that title already (its groups' included). */
export function createLabel(world: World, project: Project, fields: LabelFields & { title: string; color: string }) {
  if (projectLabels(world, project).some((l) => l.title === fields.title)) {
    throw conflict('Label already exists').because(`a label ${fields.title} is available here already`);
  }
  const { title, color } = validateLabel(fields);
  return insertLabel(
    world,
    { project },
    {
      title: title as string,
      color: color as string,
      description: fields.description ?? null,
      priority: fields.priority ?? null,
    },
  );
}

/** Stores a valid label (the seed and the rules both go through here); a project label may come with its priority there. */
export function insertLabel(
  world: World,
  owner: LabelOwner,
  fields: Pick<Label, 'title' | 'color' | 'description'> & { priority?: number | null },
): Label {
  const { priority, ...rest } = fields;
  const label: Label = {
    id: nextId(world, 'labels'),
    project_id: 'project' in owner ? owner.project.id : null,
    group_id: 'group' in owner ? owner.group.id : null,
    ...rest,
    priorities: new Map('project' in owner && priority != null ? [[owner.project.id, priority]] : []),
    updated_at: nowIso(world),
  };
  world.labels.set(label.id, label);
  return label;
}

/**
 * `PUT /projects/:id/labels/:label_id`: a new title must be free (GitLab's uniqueness
 * validation: `title has already been taken`); the priority is the label's in `project`
 * (`label.prioritize!(parent, priority)`), and `null` removes it (`unprioritize!`). Issues and
 * merge requests that carry the old title carry the new one.
 */
export function updateLabel(world: World, project: Project, label: Label, changes: LabelFields): Label {
  const { title, color } = validateLabel(changes);
  // A project label's title is free among the labels its project can use; a group label's, in its group
  // (`validates :title, uniqueness: { scope: [:group_id, :project_id] }`, `app/models/label.rb`).
  const taken = label.group_id === null ? projectLabels(world, project) : labelsOfGroup(world, label.group_id);
  if (title !== undefined && title !== label.title && taken.some((l) => l.title === title)) {
    throw validationError({ title: ['has already been taken'] }).because(`a label ${title} exists already`);
  }
  if (title !== undefined && title !== label.title) renameOnRecords(world, label, title);
  if (title !== undefined) label.title = title;
  if (color !== undefined) label.color = color;
  if (changes.description !== undefined) label.description = changes.description;
  if (changes.priority === null) label.priorities.delete(project.id);
  else if (changes.priority !== undefined) label.priorities.set(project.id, changes.priority);
  // A priority lives in its own record in GitLab (`LabelPriority`): it leaves the label's `updated_at` alone.
  if (title !== undefined || color !== undefined || changes.description !== undefined) label.updated_at = nowIso(world);
  return label;
}

/** A group's own labels (not its ancestors'). */
const labelsOfGroup = (world: World, groupId: number) =>
  [...world.labels.values()].filter((l) => l.group_id === groupId);

/** Where a label belongs: its project, or its group (GitLab's `preloaded_parent_container`, which its policy delegates to). */
export function labelOwner(world: World, label: Label): Project | Group {
  return (
    label.project_id === null ? world.groups.get(label.group_id as number) : world.projects.get(label.project_id)
  ) as Project | Group;
}

/** The projects whose records may carry a label: its own project, or every project below its group. */
function projectsUsing(world: World, label: Label): Set<number> {
  if (label.project_id !== null) return new Set([label.project_id]);
  const ids = new Set<number>();
  for (const project of world.projects.values()) {
    const group = projectGroup(world, project);
    if (group && groupChain(world, group).some((g) => g.id === label.group_id)) ids.add(project.id);
  }
  return ids;
}

/**
 * The issues and merge requests of the projects that use a label and carry its title. Records carry
 * titles, not label ids: where the project can use another label of that title (a group label named as
 * one of its own), the title stands for that one too and is left alone.
 */
function recordsCarrying(world: World, label: Label): (Issue | MergeRequest)[] {
  const projects = projectsUsing(world, label);
  for (const id of [...projects]) {
    const project = world.projects.get(id) as Project;
    if (projectLabels(world, project).some((l) => l.id !== label.id && l.title === label.title)) projects.delete(id);
  }
  return [...world.issues.values(), ...world.mergeRequests.values()].filter(
    (r) => projects.has(r.project_id) && r.labels.includes(label.title),
  );
}

// The records carry titles: a renamed label is renamed on them (a group label's in every project below its group).
function renameOnRecords(world: World, label: Label, title: string): void {
  for (const record of recordsCarrying(world, label)) {
    record.labels = record.labels.map((l) => (l === label.title ? title : l));
  }
}

/**
 * `DELETE /projects/:id/labels/:label_id`: the label goes, with its priorities and subscriptions
 * (`dependent: :destroy`), and its title leaves the issues and merge requests that carried it.
 */
export function deleteLabel(world: World, label: Label): void {
  for (const record of recordsCarrying(world, label)) record.labels = record.labels.filter((l) => l !== label.title);
  dropSubscriptions(world, (s) => s.subscribable_type === 'Label' && s.subscribable_id === label.id);
  world.labels.delete(label.id);
}

/** `promote_label`'s answer when there is nothing to promote (`lib/api/helpers/label_helpers.rb`): `render_api_error!(..., 400)`. */
export const promotionFailed = () => new ApiError(400, { message: 'Failed to promote project label to group label' });

/**
 * `PUT /projects/:id/labels/:name/promote` (`Labels::PromoteService#execute`): a project label becomes
 * a label of the project's group. The group's label of that title is reused, else one is made with the
 * label's title, description and colour; every label of that title in the group's projects (those
 * directly in it: `LabelsFinder` with `group_id`) is merged into it: their priorities and subscriptions
 * (the newest per user) go to it, and they are deleted. Issues and merge requests carry titles, so
 * theirs stay as they are. A group label (`label.is_a?(ProjectLabel)` fails) is not promoted.
 */
export function promoteLabel(world: World, project: Project, label: Label): Label {
  const group = projectGroup(world, project);
  if (!group || label.project_id === null) throw promotionFailed().because('only a project label of a group project');
  const groupLabel =
    labelsOfGroup(world, group.id).find((l) => l.title === label.title) ??
    insertLabel(world, { group }, { title: label.title, color: label.color, description: label.description });
  const merged = [...world.labels.values()].filter((l) => {
    if (l.title !== label.title || l.project_id === null) return false;
    return projectGroup(world, world.projects.get(l.project_id) as Project)?.id === group.id;
  });
  const ids = new Set(merged.map((l) => l.id));
  for (const old of merged) {
    // `update_priorities`: `LabelPriority.where(label: label_ids).update_all(label_id: group_label.id)`.
    for (const [projectId, priority] of old.priorities) groupLabel.priorities.set(projectId, priority);
  }
  moveLabelSubscriptions(world, ids, groupLabel);
  for (const id of ids) world.labels.delete(id);
  return groupLabel;
}

/**
 * GitLab's `Labels::FindOrCreateService` as issues and merge requests call it: a title the
 * project cannot use yet becomes a project label with the default colour, for callers who
 * may administer labels (the issue and merge request rules only pass labels from them). Only
 * titles added by the change count: a seeded record may carry titles that have no label.
 */
export function ensureProjectLabels(
  world: World,
  project: Project,
  titles: readonly string[],
  before: readonly string[],
): void {
  const added = titles.filter((t) => !before.includes(t));
  if (added.length === 0) return;
  const known = new Set(projectLabels(world, project).map((l) => l.title));
  for (const title of added) {
    if (known.has(title) || title.includes(',')) continue;
    insertLabel(world, { project }, { title, color: DEFAULT_LABEL_COLOR, description: null, priority: null });
    known.add(title);
  }
}

/** `with_counts`: the caller's visible open and closed issues and open merge requests carrying the label. */
export function labelCounts(world: World, user: User, label: Label) {
  // GitLab counts in the label's own project, or in the projects directly in its group.
  const projects = [...world.projects.values()].filter((p) =>
    label.project_id !== null ? p.id === label.project_id : projectGroup(world, p)?.id === label.group_id,
  );
  const readable = new Map(projects.filter((p) => canReadProject(world, user, p)).map((p) => [p.id, p]));
  let openIssues = 0;
  let closedIssues = 0;
  let openMergeRequests = 0;
  for (const issue of world.issues.values()) {
    const project = readable.get(issue.project_id);
    if (!project || !issue.labels.includes(label.title) || !canReadIssue(world, user, project, issue)) continue;
    if (issue.state === 'opened') openIssues++;
    else closedIssues++;
  }
  for (const mr of world.mergeRequests.values()) {
    const project = readable.get(mr.project_id);
    if (!project || mr.state !== 'opened' || !mr.labels.includes(label.title)) continue;
    if (canReadMergeRequests(world, user, project)) openMergeRequests++;
  }
  return {
    open_issues_count: openIssues,
    closed_issues_count: closedIssues,
    open_merge_requests_count: openMergeRequests,
  };
}

/**
 * A record's label priority in its project for `order_by=label_priority`: the lowest priority
 * among its labels (GitLab's `order_labels_priority`), `undefined` when none has one.
 */
export function labelPriorityOf(world: World, project: Project, titles: readonly string[]): number | undefined {
  let best: number | undefined;
  for (const label of projectLabels(world, project)) {
    const priority = label.priorities.get(project.id);
    if (priority === undefined || !titles.includes(label.title)) continue;
    if (best === undefined || priority < best) best = priority;
  }
  return best;
}

/**
 * GitLab's `label_priority` order (`order_labels_priority`): by each record's highest label
 * priority (its lowest number) in its project, in `direction`, records without one last, then
 * newest first (`with_order_id_desc`).
 */
export function byLabelPriority(
  world: World,
  direction: 'asc' | 'desc',
): (a: Issue | MergeRequest, b: Issue | MergeRequest) => number {
  const cache = new Map<number, number | undefined>();
  const priority = (record: Issue | MergeRequest) => {
    if (!cache.has(record.id)) {
      const project = world.projects.get(record.project_id);
      cache.set(record.id, project ? labelPriorityOf(world, project, record.labels) : undefined);
    }
    return cache.get(record.id);
  };
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => {
    const [pa, pb] = [priority(a), priority(b)];
    if (pa !== pb) {
      if (pa === undefined) return 1;
      if (pb === undefined) return -1;
      return (pa - pb) * sign;
    }
    return b.id - a.id;
  };
}

import { ApiError, forbidden, type ModelErrors, recordNotFound, validationError } from '../http/errors.js';
import { groupChain, projectGroup } from '../world/memberships.js';
import {
  compareMilestones,
  dropMilestone,
  filteredMilestonesOf,
  milestoneChanged,
  milestoneIdByTitle,
  ownerKey,
  sortedMilestonesOf,
  storeMilestone,
} from '../world/milestone-index.js';
import type { Caller, Group, Issue, Milestone, Project, User, World } from '../world/types.js';
import { nextId, nowIso, today } from '../world/world.js';
import { groupPlan, isPaidPlan, projectPlan } from './access.js';
import { milestoneEvent, milestoneHook } from './events.js';
import { byLabelPriority } from './labels.js';
import {
  can,
  canReadGroup,
  canReadIssue,
  canReadMergeRequests,
  canReadProject,
  groupRole,
  publicOrVisibleToUser,
  roleIn,
} from './policy.js';

/**
 * Project and group milestones (GITLAB-BEHAVIOR 6): validation, filters and
 * order, expiry from the world clock, deletion, promotion, burndown events.
 * Every function taking an owner works for a project's milestones and a
 * group's alike, as GitLab's `MilestoneResponses` serves both.
 * @module
 */

export const TITLE_TAKEN = 'already being used for another group or project milestone.';

/** A milestone is expired when its due date is before today; one due today is not (`Date#past?`). */
export const isExpired = (world: World, milestone: Milestone) =>
  milestone.due_date !== null && milestone.due_date < today(world);

const projectKey = (project: Project) => ownerKey({ project_id: project.id, group_id: null });
const groupKey = (group: Group) => ownerKey({ project_id: null, group_id: group.id });

/** Whose milestones: a project's or a group's. */
export type MilestoneOwner = Project | Group;
const isGroup = (owner: MilestoneOwner): owner is Group => 'full_path' in owner;
const keyOf = (owner: MilestoneOwner) => (isGroup(owner) ? groupKey(owner) : projectKey(owner));
const ownerFields = (owner: MilestoneOwner) =>
  isGroup(owner) ? { project_id: null, group_id: owner.id } : { project_id: owner.id, group_id: null };

/** The projects directly in a group (not in its subgroups). */
const projectsOf = (world: World, group: Group) =>
  [...world.projects.values()].filter((p) => p.namespace.kind === 'group' && p.namespace.id === group.id);

/** A milestone of this project or group by its global id: `404 Not found` otherwise. */
export function findMilestone(world: World, owner: MilestoneOwner, id: number): Milestone {
  const milestone = world.milestones.get(id);
  if (!milestone || ownerKey(milestone) !== keyOf(owner)) throw recordNotFound();
  return milestone;
}

/**
 * The milestones an owner's milestones share titles with: a project's own, then its
 * group's and the group's ancestors'; a group's own and those of the projects
 * directly in it (GitLab's `Milestone#uniqueness_of_title`).
 */
function titleScope(world: World, owner: MilestoneOwner): string[] {
  if (isGroup(owner)) return [groupKey(owner), ...projectsOf(world, owner).map(projectKey)];
  const group = projectGroup(world, owner);
  return [projectKey(owner), ...(group ? groupChain(world, group).map(groupKey) : [])];
}

/** The id of the milestone a milestone of `owner` titled `title` would clash with, if any. */
export function milestoneTitledInScope(world: World, owner: MilestoneOwner, title: string): number | undefined {
  for (const key of titleScope(world, owner)) {
    const id = milestoneIdByTitle(world, key, title);
    if (id !== undefined) return id;
  }
  return undefined;
}

function titleTaken(world: World, owner: MilestoneOwner, title: string, except?: Milestone): boolean {
  const id = milestoneTitledInScope(world, owner, title);
  return id !== undefined && id !== except?.id;
}

/** Removes markup from a title and trims it, as GitLab sanitizes titles. */
export const sanitizeTitle = (title: string) => title.replace(/<[^>]*>/g, '').trim();

/** The model validation of a milestone (title present and unique, start before due). */
export function milestoneErrors(
  world: World,
  owner: MilestoneOwner,
  fields: Pick<Milestone, 'title' | 'start_date' | 'due_date'>,
  except?: Milestone,
): ModelErrors {
  const errors: ModelErrors = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  if (fields.title === '') add('title', "can't be blank");
  else if (titleTaken(world, owner, fields.title, except)) add('title', TITLE_TAKEN);
  if (fields.start_date && fields.due_date && fields.due_date <= fields.start_date) {
    add('due_date', 'must be greater than start date');
  }
  return errors;
}

/** GitLab's message for model errors: the Ruby hash inspected, `{:title=>["can't be blank"]}`. */
export function rubyInspect(errors: ModelErrors): string {
  const entries = Object.entries(errors).map(
    ([key, messages]) => `:${key}=>[${messages.map((m) => JSON.stringify(m)).join(', ')}]`,
  );
  return `{${entries.join(', ')}}`;
}

export interface MilestoneInput {
  title: string;
  description?: string | null;
  start_date?: string | null;
  due_date?: string | null;
}

/** Creates a milestone, or answers 400 `Failed to create milestone {...}` and changes nothing. */
export function createMilestone(world: World, owner: MilestoneOwner, input: MilestoneInput, author?: User): Milestone {
  const fields = {
    title: sanitizeTitle(input.title),
    start_date: input.start_date ?? null,
    due_date: input.due_date ?? null,
  };
  const errors = milestoneErrors(world, owner, fields);
  if (Object.keys(errors).length > 0) throw validationError(`Failed to create milestone ${rubyInspect(errors)}`);
  const milestone = insertMilestone(world, ownerFields(owner), owner.next_iid, {
    ...fields,
    description: input.description ?? null,
  });
  if (author) milestoneEvent(world, author, milestone, 'created');
  return milestone;
}

/** Stores a milestone with the next iid of its owner; no validation (callers validate). */
export function insertMilestone(
  world: World,
  owner: Pick<Milestone, 'project_id' | 'group_id'>,
  counters: { milestone: number },
  fields: Pick<Milestone, 'title' | 'description' | 'start_date' | 'due_date'> &
    Partial<Pick<Milestone, 'state' | 'created_at' | 'updated_at'>>,
): Milestone {
  const now = nowIso(world);
  const milestone: Milestone = {
    id: nextId(world, 'milestones'),
    iid: counters.milestone++,
    ...owner,
    title: fields.title,
    description: fields.description,
    state: fields.state ?? 'active',
    due_date: fields.due_date,
    start_date: fields.start_date,
    created_at: fields.created_at ?? now,
    updated_at: fields.updated_at ?? fields.created_at ?? now,
  };
  storeMilestone(world, milestone);
  return milestone;
}

export interface MilestoneChanges extends Partial<MilestoneInput> {
  state_event?: 'close' | 'activate';
}

/** Edits a milestone, or answers 400 `Failed to update milestone {...}` and changes nothing. */
export function updateMilestone(
  world: World,
  owner: MilestoneOwner,
  milestone: Milestone,
  changes: MilestoneChanges,
  author?: User,
) {
  const next = {
    title: changes.title === undefined ? milestone.title : sanitizeTitle(changes.title),
    start_date: changes.start_date === undefined ? milestone.start_date : changes.start_date,
    due_date: changes.due_date === undefined ? milestone.due_date : changes.due_date,
  };
  const errors = milestoneErrors(world, owner, next, milestone);
  if (Object.keys(errors).length > 0) throw validationError(`Failed to update milestone ${rubyInspect(errors)}`);
  const previous = { title: milestone.title, project_id: milestone.project_id, group_id: milestone.group_id };
  Object.assign(milestone, next);
  if (changes.description !== undefined) milestone.description = changes.description;
  // Only active → closed and closed → active exist; anything else is a no-op, as in GitLab's state machine.
  const was = milestone.state;
  if (changes.state_event === 'close') milestone.state = 'closed';
  if (changes.state_event === 'activate') milestone.state = 'active';
  // Saved first: the close or activate hook shows the milestone after the change (`Milestones::CloseService`
  // saves, then `execute_hooks`), its new `updated_at` included.
  milestone.updated_at = nowIso(world);
  if (author && milestone.state !== was) {
    milestoneEvent(world, author, milestone, milestone.state === 'closed' ? 'closed' : 'reopened');
  }
  milestoneChanged(world, milestone, previous);
  return milestone;
}

/** Deletes a milestone; its issues and merge requests lose it. */
export function deleteMilestone(world: World, milestone: Milestone, author?: User): void {
  if (author) milestoneEvent(world, author, milestone, 'destroyed');
  detachFrom(world, milestone, null);
  dropMilestone(world, milestone);
}

function detachFrom(world: World, milestone: Milestone, replacement: number | null): void {
  for (const issue of world.issues.values()) if (issue.milestone_id === milestone.id) issue.milestone_id = replacement;
  for (const mr of world.mergeRequests.values()) if (mr.milestone_id === milestone.id) mr.milestone_id = replacement;
}

export interface MilestoneFilters {
  state: 'active' | 'closed' | 'all';
  iids?: number[];
  title?: string;
  search?: string;
  includeAncestors: boolean;
  updatedBefore?: Date;
  updatedAfter?: Date;
}

/**
 * Fuzzy search over title and description: every term of two or more characters
 * must appear, in any case; a query without such terms matches a whole title or
 * description exactly, in any case.
 */
function searchMatcher(query: string): (milestone: Milestone) => boolean {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const terms = query.split(/\s+/).filter((t) => t.length >= 2);
  const patterns =
    terms.length > 0 ? terms.map((t) => new RegExp(literal(t), 'i')) : [new RegExp(`^${literal(query)}$`, 'i')];
  const test = (pattern: RegExp, m: Milestone) =>
    pattern.test(m.title) || (m.description !== null && pattern.test(m.description));
  return terms.length > 0
    ? (m) => patterns.every((pattern) => test(pattern, m))
    : (m) => test(patterns[0] as RegExp, m);
}

/** GET /projects/:id/milestones: the filters of GITLAB-BEHAVIOR 6, in GitLab's default order. */
export function listMilestones(world: World, project: Project, filters: MilestoneFilters): readonly Milestone[] {
  const group = projectGroup(world, project);
  const owners = [
    projectKey(project),
    ...(filters.includeAncestors && group ? groupChain(world, group).map(groupKey) : []),
  ];
  return milestonesOf(world, owners, filters);
}

/**
 * GET /groups/:id/milestones: the same filters; `include_ancestors` adds the
 * ancestors the caller may see, `include_descendants` the subgroups they may see
 * and the projects in the group and its subgroups they may read
 * (`API::Concerns::Milestones::GroupProjectParams#group_finder_params`).
 */
export function listGroupMilestones(
  world: World,
  user: User,
  group: Group,
  filters: MilestoneFilters & { includeDescendants: boolean },
): readonly Milestone[] {
  const owners = [groupKey(group)];
  if (filters.includeAncestors) {
    // `group_ids.public_or_visible_to_user(current_user)` (lib/api/concerns/milestones/group_project_params.rb
    // #group_finder_params): a Guest of the group alone, with no project, gets no private ancestor's milestones.
    for (const g of groupChain(world, group).slice(1)) {
      if (publicOrVisibleToUser(world, user, g)) owners.push(groupKey(g));
    }
  }
  if (filters.includeDescendants) {
    const below = (g: Group | null) => g !== null && groupChain(world, g).includes(group);
    for (const g of world.groups.values()) {
      if (g.id !== group.id && below(g) && canReadGroup(world, user, g)) owners.push(groupKey(g));
    }
    for (const p of world.projects.values()) {
      if (below(projectGroup(world, p)) && canReadProject(world, user, p)) owners.push(projectKey(p));
    }
  }
  return milestonesOf(world, owners, filters);
}

/** The milestones of these owners that pass the filters, in GitLab's order; one owner's lists are cached. */
function milestonesOf(world: World, owners: string[], filters: MilestoneFilters): readonly Milestone[] {
  // iids are ignored when ancestors are included (finder and docs).
  const iids = filters.includeAncestors ? undefined : filters.iids;
  const keep = milestoneFilter({ ...filters, iids });
  if (owners.length === 1) {
    const filterKey = JSON.stringify([
      filters.state,
      iids,
      filters.title,
      filters.search,
      filters.updatedBefore,
      filters.updatedAfter,
    ]);
    return filteredMilestonesOf(world, owners[0] as string, filterKey, keep);
  }
  return owners.flatMap((key) => sortedMilestonesOf(world, key).filter(keep)).sort(compareMilestones);
}

function milestoneFilter(filters: MilestoneFilters): (milestone: Milestone) => boolean {
  const iids = filters.iids && new Set(filters.iids);
  const search = filters.search === undefined ? undefined : searchMatcher(filters.search);
  // The world writes every timestamp in one ISO 8601 form, so they compare as strings.
  const before = filters.updatedBefore?.toISOString();
  const after = filters.updatedAfter?.toISOString();
  return (m) =>
    (filters.state === 'all' || m.state === filters.state) &&
    (!iids || iids.has(m.iid)) &&
    (filters.title === undefined || m.title === filters.title) &&
    (before === undefined || m.updated_at <= before) &&
    (after === undefined || m.updated_at >= after) &&
    (!search || search(m));
}

/**
 * The projects whose issues and merge requests a milestone's lists show: the
 * project itself, or the projects directly in the group, as GitLab's issuable
 * finders take `group_id` without `include_subgroups`; burndown charts of a group
 * milestone take its subgroups' projects too (`Milestone#issues_finder_params`).
 */
function issuableProjects(world: World, owner: MilestoneOwner, includeSubgroups: boolean): Project[] {
  if (!isGroup(owner)) return [owner];
  if (!includeSubgroups) return projectsOf(world, owner);
  return [...world.projects.values()].filter((p) => {
    const group = projectGroup(world, p);
    return group !== null && groupChain(world, group).includes(owner);
  });
}

/** Issues of a milestone the caller may see, in GitLab's label priority order (`sort: 'label_priority'`). */
export function milestoneIssues(
  world: World,
  caller: Caller,
  owner: MilestoneOwner,
  milestone: Milestone,
  options: { includeSubgroups?: boolean } = {},
): Issue[] {
  const projects = new Map(issuableProjects(world, owner, options.includeSubgroups ?? false).map((p) => [p.id, p]));
  return [...world.issues.values()]
    .filter((i) => {
      const project = projects.get(i.project_id);
      return i.milestone_id === milestone.id && project !== undefined && canReadIssue(world, caller.user, project, i);
    })
    .sort(byLabelPriority(world, 'asc'));
}

/** Merge requests of a milestone the caller may see, in GitLab's label priority order, as its issues. */
export function milestoneMergeRequests(world: World, caller: Caller, owner: MilestoneOwner, milestone: Milestone) {
  const readable = new Set(
    issuableProjects(world, owner, false)
      .filter((p) => canReadMergeRequests(world, caller.user, p))
      .map((p) => p.id),
  );
  return [...world.mergeRequests.values()]
    .filter((mr) => mr.milestone_id === milestone.id && readable.has(mr.project_id))
    .sort(byLabelPriority(world, 'asc'));
}

/**
 * Promotes a project milestone to a group milestone: needs Planner in the project
 * and in its group (403 for a personal project); every milestone of the group's
 * projects with the same title is merged into the new one and destroyed.
 */
export function promoteMilestone(world: World, caller: Caller, project: Project, milestone: Milestone): Milestone {
  const group = projectGroup(world, project);
  if (!group) throw forbidden().because(`project ${project.path_with_namespace} is not in a group`);
  if (!can(world, caller.user, 'admin_milestone', group)) {
    const role = groupRole(world, caller.user, group);
    throw forbidden().because(`${roleIn(caller.user, role, `group ${group.full_path}`)}; promoting needs Planner`);
  }
  const clash = groupChain(world, group).some(
    (g) => milestoneIdByTitle(world, groupKey(g), milestone.title) !== undefined,
  );
  if (clash) throw validationError(`Promotion failed - Title ${TITLE_TAKEN}`);
  const promoted = insertMilestone(world, { project_id: null, group_id: group.id }, group.next_iid, {
    title: milestone.title,
    description: milestone.description,
    start_date: milestone.start_date,
    due_date: milestone.due_date,
    state: milestone.state,
  });
  const siblings = projectsOf(world, group)
    .map((p) => milestoneIdByTitle(world, projectKey(p), milestone.title))
    .flatMap((id) => (id === undefined ? [] : [world.milestones.get(id) as Milestone]));
  for (const m of siblings) {
    detachFrom(world, m, promoted.id);
    dropMilestone(world, m);
  }
  // GitLab's PromoteService creates the group milestone through Milestones::CreateService (its
  // `create` hook reaches group hooks) and drops the project ones with `destroy_all`, no hook.
  milestoneHook(world, promoted, 'create');
  return promoted;
}

export interface BurndownEvent {
  created_at: string;
  weight: number | null;
  action: 'created' | 'closed' | 'reopened';
}

/**
 * Burndown chart events (GITLAB-BEHAVIOR 6): none unless the milestone has both
 * dates; issues created up to min(due date, today); their closes and reopens up
 * to that day, consecutive repeats collapsed; a closed issue without a close
 * event is closed at the start date.
 */
export function burndownEvents(
  world: World,
  caller: Caller,
  owner: MilestoneOwner,
  milestone: Milestone,
): BurndownEvent[] {
  // Burndown charts are a Premium feature; without it GitLab answers 405 (SPEC 2).
  const plan = isGroup(owner) ? groupPlan(world, owner) : projectPlan(world, owner);
  if (!isPaidPlan(plan)) {
    throw new ApiError(405, { message: 'Milestone does not support burndown chart' });
  }
  if (!milestone.start_date || !milestone.due_date) return [];
  const end = milestone.due_date < today(world) ? milestone.due_date : today(world);
  const events: BurndownEvent[] = [];
  for (const issue of milestoneIssues(world, caller, owner, milestone, { includeSubgroups: true })) {
    if (issue.created_at.slice(0, 10) > end) continue;
    events.push({ created_at: issue.created_at, weight: issue.weight, action: 'created' });
    let last: string | undefined;
    let closedSeen = false;
    for (const event of issue.events) {
      if (event.at.slice(0, 10) > end || event.action === last) continue;
      last = event.action;
      closedSeen ||= event.action === 'closed';
      events.push({ created_at: event.at, weight: issue.weight, action: event.action });
    }
    if (issue.state === 'closed' && !closedSeen) {
      events.push({ created_at: `${milestone.start_date}T00:00:00.000Z`, weight: issue.weight, action: 'closed' });
    }
  }
  return events.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}

import type { Milestone, World } from './types.js';

/**
 * Indexes over `world.milestones`, derived from it and kept out of the world
 * itself (snapshots copy only the data): for each owner (a project or a group)
 * its milestones' titles, its milestones in list order, and the filtered lists
 * clients are paging through. They are built on first use and kept up to date
 * by the functions below; a restored snapshot has a new `milestones` map, so
 * its indexes start afresh. Milestones are added, changed and deleted only
 * through {@link storeMilestone}, {@link milestoneChanged} and {@link dropMilestone}.
 * @module
 */

interface OwnerIndex {
  /** title → id. */
  titles: Map<string, number>;
  /** The owner's milestones in list order. */
  sorted: Milestone[];
  /** Filtered lists computed from `sorted`, by filter; emptied by any change. */
  lists: Map<string, Milestone[]>;
}

/** How many filtered lists an owner keeps: a few listings at a time are walked page by page. */
const MAX_CACHED_LISTS = 16;

const indexes = new WeakMap<Map<number, Milestone>, Map<string, OwnerIndex>>();

/** `p12` for a project's milestones, `g3` for a group's. */
export const ownerKey = (owner: Pick<Milestone, 'project_id' | 'group_id'>): string =>
  owner.project_id !== null ? `p${owner.project_id}` : `g${owner.group_id}`;

/** GitLab's default order of milestone lists: due date ascending with undated last, then newest first. */
export function compareMilestones(a: Milestone, b: Milestone): number {
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  return b.id - a.id;
}

function allOwners(world: World): Map<string, OwnerIndex> {
  let owners = indexes.get(world.milestones);
  if (!owners) {
    owners = new Map();
    indexes.set(world.milestones, owners);
    for (const milestone of world.milestones.values()) {
      const index = owner(owners, ownerKey(milestone));
      index.titles.set(milestone.title, milestone.id);
      index.sorted.push(milestone);
    }
    for (const index of owners.values()) index.sorted.sort(compareMilestones);
  }
  return owners;
}

function owner(owners: Map<string, OwnerIndex>, key: string): OwnerIndex {
  let index = owners.get(key);
  if (!index) {
    index = { titles: new Map(), sorted: [], lists: new Map() };
    owners.set(key, index);
  }
  return index;
}

/** Where `milestone` belongs in an owner's list order (binary search). */
function position(sorted: Milestone[], milestone: Milestone): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareMilestones(sorted[mid] as Milestone, milestone) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Adds a new milestone to the world. */
export function storeMilestone(world: World, milestone: Milestone): void {
  const owners = allOwners(world);
  world.milestones.set(milestone.id, milestone);
  add(owners, milestone);
}

/**
 * Records a change to a milestone, given its title and owner before the change.
 * Keeping the order costs a binary search and a splice, not a sort.
 */
export function milestoneChanged(
  world: World,
  milestone: Milestone,
  previous: Pick<Milestone, 'title' | 'project_id' | 'group_id'>,
): void {
  const owners = allOwners(world);
  remove(owners, milestone, previous);
  add(owners, milestone);
}

/** Deletes a milestone from the world. */
export function dropMilestone(world: World, milestone: Milestone): void {
  remove(allOwners(world), milestone, milestone);
  world.milestones.delete(milestone.id);
}

function add(owners: Map<string, OwnerIndex>, milestone: Milestone): void {
  const index = owner(owners, ownerKey(milestone));
  index.titles.set(milestone.title, milestone.id);
  index.sorted.splice(position(index.sorted, milestone), 0, milestone);
  index.lists.clear();
}

function remove(
  owners: Map<string, OwnerIndex>,
  milestone: Milestone,
  as: Pick<Milestone, 'title' | 'project_id' | 'group_id'>,
): void {
  const index = owners.get(ownerKey(as));
  if (!index) return;
  if (index.titles.get(as.title) === milestone.id) index.titles.delete(as.title);
  const at = index.sorted.indexOf(milestone);
  if (at >= 0) index.sorted.splice(at, 1);
  index.lists.clear();
}

/** The id of an owner's milestone with this exact title, if any. */
export function milestoneIdByTitle(world: World, key: string, title: string): number | undefined {
  return allOwners(world).get(key)?.titles.get(title);
}

/** An owner's milestones in list order ({@link compareMilestones}). Do not modify the array. */
export function sortedMilestonesOf(world: World, key: string): readonly Milestone[] {
  return allOwners(world).get(key)?.sorted ?? [];
}

/**
 * An owner's milestones in list order that pass a filter, computed once per
 * `filterKey` and reused until one of the owner's milestones changes: a client
 * walking the pages of a listing costs one scan, not one a page.
 */
export function filteredMilestonesOf(
  world: World,
  key: string,
  filterKey: string,
  keep: (milestone: Milestone) => boolean,
): readonly Milestone[] {
  const index = allOwners(world).get(key);
  if (!index) return [];
  let list = index.lists.get(filterKey);
  if (!list) {
    list = index.sorted.filter(keep);
    if (index.lists.size >= MAX_CACHED_LISTS) index.lists.delete(index.lists.keys().next().value as string);
    index.lists.set(filterKey, list);
  }
  return list;
}

import type { Milestone, World } from './types.js';

/**
 * Indexes over `world.milestones`, derived from it and kept out of the world
 * itself (snapshots copy only the data): the milestones of each owner (a
 * project or a group), their titles, and their ids in list order. They are
 * built on first use and kept up to date by {@link indexMilestone} and
 * {@link unindexMilestone}, which every change to a milestone goes through;
 * a restored snapshot has a new `milestones` map, so its indexes start afresh.
 * @module
 */

interface OwnerIndex {
  ids: Set<number>;
  /** title → id. */
  titles: Map<string, number>;
  /** The milestones in list order, or null when a change made it stale. */
  sorted: Milestone[] | null;
}

const indexes = new WeakMap<Map<number, Milestone>, Map<string, OwnerIndex>>();

/** `p12` for a project's milestones, `g3` for a group's. */
export const ownerKey = (owner: Pick<Milestone, 'project_id' | 'group_id'>): string =>
  owner.project_id !== null ? `p${owner.project_id}` : `g${owner.group_id}`;

function allOwners(world: World): Map<string, OwnerIndex> {
  let owners = indexes.get(world.milestones);
  if (!owners) {
    owners = new Map();
    indexes.set(world.milestones, owners);
    for (const milestone of world.milestones.values()) add(owners, milestone);
  }
  return owners;
}

function owner(owners: Map<string, OwnerIndex>, key: string): OwnerIndex {
  let index = owners.get(key);
  if (!index) {
    index = { ids: new Set(), titles: new Map(), sorted: null };
    owners.set(key, index);
  }
  return index;
}

function add(owners: Map<string, OwnerIndex>, milestone: Milestone): void {
  const index = owner(owners, ownerKey(milestone));
  index.ids.add(milestone.id);
  index.titles.set(milestone.title, milestone.id);
  index.sorted = null;
}

/** Records a new or changed milestone (call after changing its title, dates or owner, with its old state's `previous`). */
export function indexMilestone(
  world: World,
  milestone: Milestone,
  previous?: Pick<Milestone, 'title' | 'project_id' | 'group_id'>,
): void {
  const owners = allOwners(world);
  if (previous) remove(owners, { ...previous, id: milestone.id });
  add(owners, milestone);
}

/** Forgets a deleted milestone. */
export function unindexMilestone(world: World, milestone: Milestone): void {
  remove(allOwners(world), milestone);
}

function remove(
  owners: Map<string, OwnerIndex>,
  milestone: Pick<Milestone, 'id' | 'title' | 'project_id' | 'group_id'>,
): void {
  const index = owners.get(ownerKey(milestone));
  if (!index) return;
  index.ids.delete(milestone.id);
  if (index.titles.get(milestone.title) === milestone.id) index.titles.delete(milestone.title);
  index.sorted = null;
}

/** The id of an owner's milestone with this exact title, if any. */
export function milestoneIdByTitle(world: World, key: string, title: string): number | undefined {
  return allOwners(world).get(key)?.titles.get(title);
}

/** An owner's milestones in `compare` order, sorted once and reused until one of them changes. Do not modify the array. */
export function sortedMilestonesOf(
  world: World,
  key: string,
  compare: (a: Milestone, b: Milestone) => number,
): readonly Milestone[] {
  const index = allOwners(world).get(key);
  if (!index) return [];
  index.sorted ??= [...index.ids].map((id) => world.milestones.get(id) as Milestone).sort(compare);
  return index.sorted;
}

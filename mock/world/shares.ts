import type { GroupShare, ProjectShare, World } from './types.js';
import { today } from './world.js';

/**
 * Groups and projects shared with groups (GitLab's `GroupGroupLink` and `ProjectGroupLink`): the
 * links of one shared group or project, derived from the world's two tables and kept beside the
 * world (so snapshots copy only data). An index is rebuilt when its table gains or loses a link
 * (its identity, size and last id say so); a link changed in place stays where it is.
 * @module
 */

interface Index<L> {
  version: string;
  by: Map<number, L[]>;
}

const groupIndexes = new WeakMap<Map<number, GroupShare>, Index<GroupShare>>();
const projectIndexes = new WeakMap<Map<number, ProjectShare>, Index<ProjectShare>>();

function indexed<L>(
  indexes: WeakMap<Map<number, L>, Index<L>>,
  table: Map<number, L>,
  lastId: number,
  keyOf: (link: L) => number,
): Map<number, L[]> {
  const version = `${table.size}:${lastId}`;
  const known = indexes.get(table);
  if (known?.version === version) return known.by;
  const by = new Map<number, L[]>();
  for (const link of table.values()) {
    const list = by.get(keyOf(link));
    if (list) list.push(link);
    else by.set(keyOf(link), [link]);
  }
  indexes.set(table, { version, by });
  return by;
}

const NONE: readonly never[] = [];

/** The links that share a group with other groups (its `shared_with_group_links`), expired ones included. */
export function sharesOfGroup(world: World, groupId: number): readonly GroupShare[] {
  if (world.groupShares.size === 0) return NONE;
  const by = indexed(groupIndexes, world.groupShares, world.lastId.group_shares ?? 0, (l) => l.shared_group_id);
  return by.get(groupId) ?? NONE;
}

/** The links that share a project with groups (its `project_group_links`), expired ones included. */
export function sharesOfProject(world: World, projectId: number): readonly ProjectShare[] {
  if (world.projectShares.size === 0) return NONE;
  const by = indexed(projectIndexes, world.projectShares, world.lastId.project_shares ?? 0, (l) => l.project_id);
  return by.get(projectId) ?? NONE;
}

/** Whether a link still counts: until the day before its `expires_at` (GitLab's `Expirable`; a daily job deletes the rest). */
export const shareCounts = (world: World, link: GroupShare | ProjectShare): boolean =>
  link.expires_at === null || link.expires_at > today(world);

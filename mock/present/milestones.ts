import type { Milestone } from '../../src/models/milestones.js';
import { isExpired } from '../rules/milestones.js';
import type { Milestone as MilestoneRecord, World } from '../world/types.js';

/**
 * Milestones in GitLab's key order (GITLAB-BEHAVIOR 6); the issues and merge
 * requests of a milestone are presented by `issues.ts` and `merge-requests.ts`.
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
  // Two literals rather than a conditional spread: one object a record, of one shape each (a list presents
  // every record of its page on every request, issue 40).
  const { id, iid, title, description, state, created_at, updated_at, due_date, start_date } = milestone;
  const expired = isExpired(world, milestone);
  const web_url = milestoneUrl(world, milestone);
  return milestone.project_id !== null
    ? {
        id,
        iid,
        project_id: milestone.project_id,
        title,
        description,
        state,
        created_at,
        updated_at,
        due_date,
        start_date,
        expired,
        web_url,
      }
    : {
        id,
        iid,
        group_id: milestone.group_id as number,
        title,
        description,
        state,
        created_at,
        updated_at,
        due_date,
        start_date,
        expired,
        web_url,
      };
}

/** A milestone by id, presented, or null (an issue's or merge request's `milestone`). */
export function milestoneOf(world: World, id: number | null): Milestone | null {
  const milestone = id === null ? undefined : world.milestones.get(id);
  return milestone ? presentMilestone(world, milestone) : null;
}

import type { ProjectIdentity } from '../../src/models/common.js';
import { groupChain, projectGroup } from '../world/memberships.js';
import type { Project, World } from '../world/types.js';

/**
 * GitLab's ProjectIdentity entity: the fields every project entity starts with (BasicProjectDetails,
 * a group's embedded projects, a token's project associations).
 */
export function presentProjectIdentity(world: World, project: Project): ProjectIdentity {
  return {
    id: project.id,
    description: project.description,
    name: project.name,
    name_with_namespace: nameWithNamespace(world, project),
    path: project.path,
    path_with_namespace: project.path_with_namespace,
    created_at: project.created_at,
  };
}

/** `Acme / Platform / api`: the namespace's names (a group and its ancestors, or the user), then the project's. */
function nameWithNamespace(world: World, project: Project): string {
  const group = projectGroup(world, project);
  const names = group
    ? groupChain(world, group)
        .map((g) => g.name)
        .reverse()
    : [world.users.get(project.namespace.id)?.name ?? ''];
  return [...names, project.name].join(' / ');
}

import type { Namespace } from '../../src/models/namespaces.js';
import { allProjectsCount, membersCountWithDescendants, namespaceFacts } from '../rules/namespaces.js';
import { can } from '../rules/policy.js';
import type { NamespaceRecord, User, World } from '../world/types.js';

/**
 * A namespace as GitLab's Namespace entity shows it (`lib/api/entities/namespace.rb`,
 * `namespace_basic.rb`); `members_count_with_descendants`, `root_repository_size` (0: the mock
 * stores no repositories) and `projects_count` (`all_projects.count`) only for those who
 * administer the group (Owners, administrators). GitLab's EE billing fields are not modelled.
 * @module
 */
export function presentNamespace(world: World, viewer: User, ns: NamespaceRecord): Namespace {
  const facts = namespaceFacts(ns);
  const base = {
    id: facts.id,
    name: facts.name,
    path: facts.path,
    kind: ns.kind,
    full_path: facts.fullPath,
    parent_id: ns.kind === 'group' ? ns.group.parent_id : null,
    avatar_url: null,
    web_url: ns.kind === 'group' ? `${world.baseUrl}/groups/${facts.fullPath}` : `${world.baseUrl}/${facts.path}`,
  };
  if (ns.kind !== 'group' || !can(world, viewer, 'admin_group', ns.group)) return base;
  return {
    ...base,
    members_count_with_descendants: membersCountWithDescendants(world, ns.group),
    root_repository_size: 0,
    projects_count: allProjectsCount(world, ns.group),
  };
}

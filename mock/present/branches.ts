import type { Branch as BranchEntity, ProtectedBranch as ProtectedBranchEntity } from '../../src/models/branches.js';
import { type Branch, branchAccess } from '../rules/branches.js';
import type { Project, ProtectedBranch, User, World } from '../world/types.js';
import { presentProtectedBranch as presentRuleBranch } from './approvals.js';

/**
 * Branches and protected branches as GitLab's entities show them
 * (`lib/api/entities/branch.rb`, `commit.rb`, `protected_branch.rb`). Commits are not
 * modelled beyond their sha: a branch's head commit is dated at the project's creation
 * and authored by the mock.
 * @module
 */

/** GitLab's Branch entity, computed for the caller. */
export function presentBranch(world: World, user: User, project: Project, branch: Branch): BranchEntity {
  const web = `${world.baseUrl}/${project.path_with_namespace}`;
  const at = project.created_at;
  const {
    protected: isProtected,
    developers_can_push,
    developers_can_merge,
    can_push,
    merged,
  } = branchAccess(world, user, project, branch.name);
  return {
    name: branch.name,
    commit: {
      id: branch.sha,
      short_id: branch.sha.slice(0, 8),
      created_at: at,
      parent_ids: [],
      title: `Head of ${branch.name}`,
      message: `Head of ${branch.name}`,
      author_name: 'GitLab Mock',
      author_email: 'mock@gitlab.test',
      authored_date: at,
      committer_name: 'GitLab Mock',
      committer_email: 'mock@gitlab.test',
      committed_date: at,
      trailers: {},
      extended_trailers: {},
      web_url: `${web}/-/commit/${branch.sha}`,
    },
    merged,
    protected: isProtected,
    developers_can_push,
    developers_can_merge,
    can_push,
    default: branch.name === project.default_branch,
    web_url: `${web}/-/tree/${branch.name}`,
  };
}

/** GitLab's ProtectedBranch entity (with the Premium fields), as `/projects/:id/protected_branches` answers it. */
export const presentProjectProtectedBranch = (branch: ProtectedBranch): ProtectedBranchEntity =>
  presentRuleBranch(branch);

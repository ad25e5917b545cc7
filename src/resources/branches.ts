import type { PagePromise } from '../core/pagination.js';
import { type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { Branch, type BranchCreate, type BranchListQuery, type BranchProtect } from '../models/branches.js';

/** A project's repository branches: `gitlab.projects.branches`. Endpoints under `/projects/:id/repository/branches`. */
export class ProjectBranches extends Resource {
  /**
   * Lists a project's branches by name (Reporter in a private project).
   * `GET /projects/:id/repository/branches`
   *
   * @example
   * ```ts
   * for await (const branch of gitlab.projects.branches.list('acme/api', { search: '^release/' })) {
   *   console.log(branch.name, branch.commit.short_id, branch.protected);
   * }
   * ```
   */
  list(project: ProjectRef, query: BranchListQuery = {}, options?: RequestOptions): PagePromise<Branch> {
    return this.paginate(path`projects/${project}/repository/branches`, Branch, { query, ...options });
  }

  /**
   * Reads one branch by name (a name with `/` is encoded for you).
   * `GET /projects/:id/repository/branches/:branch`
   *
   * @example
   * ```ts
   * const main = await gitlab.projects.branches.get('acme/api', 'main');
   * console.log(main.default, main.can_push);
   * ```
   */
  get(project: ProjectRef, branch: string, options?: RequestOptions): Promise<Branch> {
    return this.request('GET', path`projects/${project}/repository/branches/${branch}`, Branch, options);
  }

  /**
   * Creates a branch from another branch or a commit sha (Developer).
   * `POST /projects/:id/repository/branches`
   *
   * @example
   * ```ts
   * const branch = await gitlab.projects.branches.create('acme/api', { branch: 'feature/login', ref: 'main' });
   * ```
   */
  create(project: ProjectRef, body: BranchCreate, options?: RequestOptions): Promise<Branch> {
    return this.request('POST', path`projects/${project}/repository/branches`, Branch, { json: body, ...options });
  }

  /**
   * Deletes a branch (Developer; a protected one needs Maintainer; never the default branch).
   * `DELETE /projects/:id/repository/branches/:branch`
   *
   * @example
   * ```ts
   * await gitlab.projects.branches.delete('acme/api', 'feature/login');
   * ```
   */
  delete(project: ProjectRef, branch: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/repository/branches/${branch}`, null, options);
  }

  /**
   * Deletes every branch merged into the default branch (Developer), except protected branches and
   * the source and target branches of open merge requests. GitLab answers 202 Accepted and deletes
   * them in the background, so they may still be listed for a moment.
   * `DELETE /projects/:id/repository/merged_branches`
   *
   * @example
   * ```ts
   * await gitlab.projects.branches.deleteMerged('acme/api');
   * ```
   */
  deleteMerged(project: ProjectRef, options?: RequestOptions): Promise<void> {
    // The body is `{"message":"202 Accepted"}`: nothing to return.
    return this.request('DELETE', path`projects/${project}/repository/merged_branches`, null, options);
  }

  /**
   * Protects an existing branch, or changes its protection, with GitLab's older flags: Maintainers
   * push and merge unless `developers_can_push` / `developers_can_merge` let Developers too. Needs
   * Maintainer. Returns the branch.
   * `PUT /projects/:id/repository/branches/:branch/protect`
   *
   * @deprecated GitLab deprecates this route in favour of the protected branches API: use
   * `gitlab.projects.protectedBranches.protect` (`POST /projects/:id/protected_branches`), which takes
   * access levels and wildcards.
   *
   * @example
   * ```ts
   * const main = await gitlab.projects.branches.protect('acme/api', 'main', { developers_can_merge: true });
   * console.log(main.protected, main.developers_can_merge);
   * ```
   */
  protect(project: ProjectRef, branch: string, body: BranchProtect = {}, options?: RequestOptions): Promise<Branch> {
    return this.request('PUT', path`projects/${project}/repository/branches/${branch}/protect`, Branch, {
      json: body,
      ...options,
    });
  }

  /**
   * Removes the project's protection of exactly this branch name, if it has one, and returns the
   * branch (still `protected` when a wildcard or a group's protection covers it). Needs Maintainer.
   * `PUT /projects/:id/repository/branches/:branch/unprotect`
   *
   * @deprecated GitLab deprecates this route in favour of the protected branches API: use
   * `gitlab.projects.protectedBranches.unprotect` (`DELETE /projects/:id/protected_branches/:name`).
   *
   * @example
   * ```ts
   * const main = await gitlab.projects.branches.unprotect('acme/api', 'main');
   * console.log(main.protected);
   * ```
   */
  unprotect(project: ProjectRef, branch: string, options?: RequestOptions): Promise<Branch> {
    return this.request('PUT', path`projects/${project}/repository/branches/${branch}/unprotect`, Branch, options);
  }
}

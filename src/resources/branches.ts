import type { PagePromise } from '../core/pagination.js';
import { type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  Branch,
  type BranchCreate,
  type BranchListQuery,
  type ProtectBranch,
  ProtectedBranch,
  type ProtectedBranchListQuery,
} from '../models/branches.js';

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
}

/** A project's protected branches (Maintainer): `gitlab.projects.protectedBranches`. Endpoints under `/projects/:id/protected_branches`. */
export class ProjectProtectedBranches extends Resource {
  /**
   * Lists a project's protected branches and wildcards. `GET /projects/:id/protected_branches`
   *
   * @example
   * ```ts
   * const page = await gitlab.projects.protectedBranches.list('acme/api');
   * for (const branch of page.items) console.log(branch.name, branch.push_access_levels[0]?.access_level_description);
   * ```
   */
  list(
    project: ProjectRef,
    query: ProtectedBranchListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ProtectedBranch> {
    return this.paginate(path`projects/${project}/protected_branches`, ProtectedBranch, { query, ...options });
  }

  /**
   * Reads one protected branch by its name or wildcard. `GET /projects/:id/protected_branches/:name`
   *
   * @example
   * ```ts
   * const releases = await gitlab.projects.protectedBranches.get('acme/api', 'release/*');
   * ```
   */
  get(project: ProjectRef, name: string, options?: RequestOptions): Promise<ProtectedBranch> {
    return this.request('GET', path`projects/${project}/protected_branches/${name}`, ProtectedBranch, options);
  }

  /**
   * Protects a branch or wildcard; 409 when it already is. `POST /projects/:id/protected_branches`
   *
   * @example
   * ```ts
   * await gitlab.projects.protectedBranches.protect('acme/api', { name: 'release/*', push_access_level: 0, merge_access_level: 30 });
   * ```
   */
  protect(project: ProjectRef, body: ProtectBranch, options?: RequestOptions): Promise<ProtectedBranch> {
    return this.request('POST', path`projects/${project}/protected_branches`, ProtectedBranch, {
      json: body,
      ...options,
    });
  }

  /**
   * Unprotects a branch or wildcard; approval rules scoped to it lose it.
   * `DELETE /projects/:id/protected_branches/:name`
   *
   * @example
   * ```ts
   * await gitlab.projects.protectedBranches.unprotect('acme/api', 'release/*');
   * ```
   */
  unprotect(project: ProjectRef, name: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/protected_branches/${name}`, null, options);
  }
}

import type { PagePromise } from '../core/pagination.js';
import { type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { type ProtectBranch, ProtectedBranch, type ProtectedBranchListQuery } from '../models/branches.js';

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

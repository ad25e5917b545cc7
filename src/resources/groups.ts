import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { BasicProject, type GroupProjectListQuery, Project } from '../models/projects.js';

/** Groups: `gitlab.groups`. Endpoints under `/groups`. */
export class Groups extends Resource {
  /**
   * Lists a group's projects the caller can see (with `include_subgroups: true`, its
   * subgroups' too), newest first. `GET /groups/:id/projects`
   *
   * @example
   * ```ts
   * for await (const project of gitlab.groups.projects('acme', { include_subgroups: true, archived: false })) {
   *   console.log(project.path_with_namespace);
   * }
   * ```
   */
  projects<Q extends GroupProjectListQuery = GroupProjectListQuery>(
    group: GroupRef,
    query?: Q,
    options?: RequestOptions,
  ): PagePromise<Q extends { simple: true } ? BasicProject : Project> {
    const schema = query?.simple ? BasicProject : Project;
    return this.paginate(path`groups/${group}/projects`, schema, { query: query ?? {}, ...options }) as PagePromise<
      Q extends { simple: true } ? BasicProject : Project
    >;
  }
}

import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  GroupLabel,
  type GroupLabelListQuery,
  type LabelCreate,
  type LabelUpdate,
  ProjectLabel,
  type ProjectLabelListQuery,
} from '../models/labels.js';

/** A project's labels: `gitlab.projects.labels`. Endpoints under `/projects/:id/labels`. */
export class ProjectLabels extends Resource {
  /**
   * Lists the labels a project can use: its own and its groups' (unless
   * `include_ancestor_groups: false`), by name. `GET /projects/:id/labels`
   *
   * @example
   * ```ts
   * for await (const label of gitlab.projects.labels.list('acme/api', { with_counts: true })) {
   *   console.log(label.name, label.priority, label.open_issues_count);
   * }
   * ```
   */
  list(project: ProjectRef, query: ProjectLabelListQuery = {}, options?: RequestOptions): PagePromise<ProjectLabel> {
    return this.paginate(path`projects/${project}/labels`, ProjectLabel, { query, ...options });
  }

  /**
   * Reads a label by id or by name. `GET /projects/:id/labels/:label_id`
   *
   * @example
   * ```ts
   * const bug = await gitlab.projects.labels.get('acme/api', 'bug');
   * console.log(bug.color, bug.is_project_label);
   * ```
   */
  get(project: ProjectRef, label: number | string, options?: RequestOptions): Promise<ProjectLabel> {
    return this.request('GET', path`projects/${project}/labels/${label}`, ProjectLabel, options);
  }

  /**
   * Creates a project label (Planner and up); a name the project can use already is a
   * `ConflictError`. `POST /projects/:id/labels`
   *
   * @example
   * ```ts
   * const label = await gitlab.projects.labels.create('acme/api', { name: 'bug', color: '#d9534f', priority: 1 });
   * ```
   */
  create(project: ProjectRef, body: LabelCreate, options?: RequestOptions): Promise<ProjectLabel> {
    return this.request('POST', path`projects/${project}/labels`, ProjectLabel, { json: body, ...options });
  }

  /**
   * Changes a project's own label, found by id or name: its name, colour, description
   * or priority (`null` removes it). `PUT /projects/:id/labels/:label_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.labels.update('acme/api', 'bug', { new_name: 'type::bug', priority: 0 });
   * ```
   */
  update(
    project: ProjectRef,
    label: number | string,
    body: LabelUpdate,
    options?: RequestOptions,
  ): Promise<ProjectLabel> {
    return this.request('PUT', path`projects/${project}/labels/${label}`, ProjectLabel, { json: body, ...options });
  }

  /**
   * Deletes a project's own label; issues and merge requests lose it.
   * `DELETE /projects/:id/labels/:label_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.labels.delete('acme/api', 'wontfix');
   * ```
   */
  delete(project: ProjectRef, label: number | string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/labels/${label}`, null, options);
  }
}

/** A group's labels, read only: `gitlab.groups.labels`. Endpoints under `/groups/:id/labels`. */
export class GroupLabels extends Resource {
  /**
   * Lists a group's labels (and its ancestors', unless `include_ancestor_groups: false`).
   * `GET /groups/:id/labels`
   *
   * @example
   * ```ts
   * const { items } = await gitlab.groups.labels.list('acme', { search: 'bug' });
   * ```
   */
  list(group: GroupRef, query: GroupLabelListQuery = {}, options?: RequestOptions): PagePromise<GroupLabel> {
    return this.paginate(path`groups/${group}/labels`, GroupLabel, { query, ...options });
  }

  /**
   * Reads a group label by id or by name. `GET /groups/:id/labels/:label_id`
   *
   * @example
   * ```ts
   * const label = await gitlab.groups.labels.get('acme', 'priority::high');
   * ```
   */
  get(group: GroupRef, label: number | string, options?: RequestOptions): Promise<GroupLabel> {
    return this.request('GET', path`groups/${group}/labels/${label}`, GroupLabel, options);
  }
}

import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  GroupLabel,
  type GroupLabelListQuery,
  type LabelCreate,
  type LabelReference,
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

  /**
   * Changes a project's own label, or its group's, named in the body (`label_id` or `name`).
   * `PUT /projects/:id/labels`
   *
   * @deprecated GitLab deprecated this route in 12.4: use {@link ProjectLabels.update}, which names the label in the path.
   * @example
   * ```ts
   * await gitlab.projects.labels.legacyUpdate('acme/api', { name: 'bug', color: '#d9534f' });
   * ```
   */
  legacyUpdate(
    project: ProjectRef,
    body: LabelReference & LabelUpdate,
    options?: RequestOptions,
  ): Promise<ProjectLabel> {
    return this.request('PUT', path`projects/${project}/labels`, ProjectLabel, { json: body, ...options });
  }

  /**
   * Deletes a project's own label, or its group's, named by `label_id` or `name`.
   * `DELETE /projects/:id/labels`
   *
   * @deprecated GitLab deprecated this route in 12.4: use {@link ProjectLabels.delete}, which names the label in the path.
   * @example
   * ```ts
   * await gitlab.projects.labels.legacyDelete('acme/api', { name: 'wontfix' });
   * ```
   */
  legacyDelete(project: ProjectRef, label: LabelReference, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/labels`, null, { query: label, ...options });
  }

  /**
   * Promotes a project label to a label of the project's group (`admin_label` in the group, Planner
   * and up there): the group's label of that name is reused, and the labels of that name in the
   * group's projects are merged into it (their priorities and subscriptions too). A project in no
   * group, or a group label, is a `BadRequestError`. `PUT /projects/:id/labels/:label_id/promote`
   *
   * @example
   * ```ts
   * const label = await gitlab.projects.labels.promote('acme/api', 'bug');
   * console.log(label.id); // now a label of acme
   * ```
   */
  promote(project: ProjectRef, label: number | string, options?: RequestOptions): Promise<GroupLabel> {
    return this.request('PUT', path`projects/${project}/labels/${label}/promote`, GroupLabel, options);
  }

  /**
   * Promotes a project label, named by `name`, to a label of the project's group.
   * `PUT /projects/:id/labels/promote`
   *
   * @deprecated GitLab deprecated this route in 12.4: use {@link ProjectLabels.promote}, which names the label in the path.
   * @example
   * ```ts
   * await gitlab.projects.labels.legacyPromote('acme/api', 'bug');
   * ```
   */
  legacyPromote(project: ProjectRef, name: string, options?: RequestOptions): Promise<GroupLabel> {
    return this.request('PUT', path`projects/${project}/labels/promote`, GroupLabel, { json: { name }, ...options });
  }

  /**
   * Subscribes the caller to a label's notifications in this project (labels of the project's
   * groups too). Already subscribed: GitLab answers 304 Not Modified, a `GitLabApiError` whose
   * `status` is 304. `POST /projects/:id/labels/:label_id/subscribe`
   *
   * @example
   * ```ts
   * const label = await gitlab.projects.labels.subscribe('acme/api', 'bug');
   * console.log(label.subscribed); // true
   * ```
   */
  subscribe(project: ProjectRef, label: number | string, options?: RequestOptions): Promise<ProjectLabel> {
    return this.request('POST', path`projects/${project}/labels/${label}/subscribe`, ProjectLabel, options);
  }

  /**
   * Unsubscribes the caller from a label's notifications in this project. Not subscribed there:
   * GitLab answers 304 Not Modified, a `GitLabApiError` whose `status` is 304.
   * `POST /projects/:id/labels/:label_id/unsubscribe`
   *
   * @example
   * ```ts
   * await gitlab.projects.labels.unsubscribe('acme/api', 'bug');
   * ```
   */
  unsubscribe(project: ProjectRef, label: number | string, options?: RequestOptions): Promise<ProjectLabel> {
    return this.request('POST', path`projects/${project}/labels/${label}/unsubscribe`, ProjectLabel, options);
  }
}

/** A group's labels, read and subscribed to: `gitlab.groups.labels`. Endpoints under `/groups/:id/labels`. */
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

  /**
   * Subscribes the caller to a group label's notifications (a label of the group or its ancestors),
   * in every project that uses it. Already subscribed: GitLab answers 304 Not Modified, a
   * `GitLabApiError` whose `status` is 304. `POST /groups/:id/labels/:label_id/subscribe`
   *
   * @example
   * ```ts
   * const label = await gitlab.groups.labels.subscribe('acme', 'priority::high');
   * console.log(label.subscribed); // true
   * ```
   */
  subscribe(group: GroupRef, label: number | string, options?: RequestOptions): Promise<GroupLabel> {
    return this.request('POST', path`groups/${group}/labels/${label}/subscribe`, GroupLabel, options);
  }

  /**
   * Unsubscribes the caller from a group label's notifications. Not subscribed: GitLab answers 304
   * Not Modified, a `GitLabApiError` whose `status` is 304. `POST /groups/:id/labels/:label_id/unsubscribe`
   *
   * @example
   * ```ts
   * await gitlab.groups.labels.unsubscribe('acme', 'priority::high');
   * ```
   */
  unsubscribe(group: GroupRef, label: number | string, options?: RequestOptions): Promise<GroupLabel> {
    return this.request('POST', path`groups/${group}/labels/${label}/unsubscribe`, GroupLabel, options);
  }
}

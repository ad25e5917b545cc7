import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import type { PaginationQuery } from '../models/common.js';
import type { GroupMilestoneListQuery } from '../models/groups.js';
import {
  BurndownEvent,
  Milestone,
  type MilestoneCreate,
  MilestoneIssue,
  type MilestoneListQuery,
  MilestoneMergeRequest,
  type MilestoneUpdate,
} from '../models/milestones.js';

const BurndownEvents = /* @__PURE__ */ lazySchema(() => z.array(BurndownEvent));

/** A project's milestones: `gitlab.projects.milestones`. Endpoints under `/projects/:id/milestones`. */
export class ProjectMilestones extends Resource {
  /**
   * Lists a project's milestones. Await it for the first page, or iterate it for every
   * milestone, page by page. `GET /projects/:id/milestones`
   *
   * @example
   * ```ts
   * for await (const milestone of gitlab.projects.milestones.list('acme/api', { state: 'active' })) {
   *   console.log(milestone.title, milestone.due_date);
   * }
   * ```
   */
  list(project: ProjectRef, query: MilestoneListQuery = {}, options?: RequestOptions): PagePromise<Milestone> {
    return this.paginate(path`projects/${project}/milestones`, Milestone, { query, ...options });
  }

  /**
   * Reads one milestone by its id (not its iid). `GET /projects/:id/milestones/:milestone_id`
   *
   * @example
   * ```ts
   * const milestone = await gitlab.projects.milestones.get('acme/api', 12);
   * ```
   */
  get(project: ProjectRef, milestoneId: number, options?: RequestOptions): Promise<Milestone> {
    return this.request('GET', path`projects/${project}/milestones/${milestoneId}`, Milestone, options);
  }

  /**
   * Creates a milestone; it starts active. `POST /projects/:id/milestones`
   *
   * @example
   * ```ts
   * const v1 = await gitlab.projects.milestones.create('acme/api', { title: 'v1.0', due_date: '2026-06-30' });
   * ```
   */
  create(project: ProjectRef, body: MilestoneCreate, options?: RequestOptions): Promise<Milestone> {
    return this.request('POST', path`projects/${project}/milestones`, Milestone, { json: body, ...options });
  }

  /**
   * Edits a milestone; `state_event: 'close'` closes it, `'activate'` reopens it.
   * `PUT /projects/:id/milestones/:milestone_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.milestones.update('acme/api', 12, { state_event: 'close' });
   * ```
   */
  update(
    project: ProjectRef,
    milestoneId: number,
    body: MilestoneUpdate,
    options?: RequestOptions,
  ): Promise<Milestone> {
    return this.request('PUT', path`projects/${project}/milestones/${milestoneId}`, Milestone, {
      json: body,
      ...options,
    });
  }

  /**
   * Deletes a milestone; its issues and merge requests lose it.
   * `DELETE /projects/:id/milestones/:milestone_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.milestones.delete('acme/api', 12);
   * ```
   */
  delete(project: ProjectRef, milestoneId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/milestones/${milestoneId}`, null, options);
  }

  /**
   * Lists the issues assigned to a milestone, lazily page by page.
   * `GET /projects/:id/milestones/:milestone_id/issues`
   *
   * @example
   * ```ts
   * const open = (await gitlab.projects.milestones.issues('acme/api', 12).toArray()).filter((i) => i.state === 'opened');
   * ```
   */
  issues(
    project: ProjectRef,
    milestoneId: number,
    query: PaginationQuery = {},
    options?: RequestOptions,
  ): PagePromise<MilestoneIssue> {
    return this.paginate(path`projects/${project}/milestones/${milestoneId}/issues`, MilestoneIssue, {
      query,
      ...options,
    });
  }

  /**
   * Lists the merge requests assigned to a milestone, lazily page by page.
   * `GET /projects/:id/milestones/:milestone_id/merge_requests`
   *
   * @example
   * ```ts
   * for await (const mr of gitlab.projects.milestones.mergeRequests('acme/api', 12)) console.log(mr.reference);
   * ```
   */
  mergeRequests(
    project: ProjectRef,
    milestoneId: number,
    query: PaginationQuery = {},
    options?: RequestOptions,
  ): PagePromise<MilestoneMergeRequest> {
    return this.paginate(path`projects/${project}/milestones/${milestoneId}/merge_requests`, MilestoneMergeRequest, {
      query,
      ...options,
    });
  }

  /**
   * Promotes a project milestone to a milestone of the project's group; the project
   * milestone is gone afterwards. `POST /projects/:id/milestones/:milestone_id/promote`
   *
   * @example
   * ```ts
   * await gitlab.projects.milestones.promote('acme/api', 12);
   * ```
   */
  promote(project: ProjectRef, milestoneId: number, options?: RequestOptions): Promise<void> {
    // GitLab answers 200 with an empty body or a bare `200`: nothing to return.
    return this.request('POST', path`projects/${project}/milestones/${milestoneId}/promote`, null, options);
  }

  /**
   * Reads a milestone's burndown chart events (Premium and Ultimate); not paginated.
   * `GET /projects/:id/milestones/:milestone_id/burndown_events`
   *
   * @example
   * ```ts
   * const events = await gitlab.projects.milestones.burndownEvents('acme/api', 12);
   * ```
   */
  burndownEvents(project: ProjectRef, milestoneId: number, options?: RequestOptions): Promise<BurndownEvent[]> {
    return this.request(
      'GET',
      path`projects/${project}/milestones/${milestoneId}/burndown_events`,
      BurndownEvents,
      options,
    );
  }
}

/** A group's milestones: `gitlab.groups.milestones`. Endpoints under `/groups/:id/milestones`. */
export class GroupMilestones extends Resource {
  /**
   * Lists a group's milestones. Await it for the first page, or iterate it for every
   * milestone, page by page. `GET /groups/:id/milestones`
   *
   * @example
   * ```ts
   * for await (const milestone of gitlab.groups.milestones.list('acme', { state: 'active' })) {
   *   console.log(milestone.title, milestone.due_date);
   * }
   * ```
   */
  list(group: GroupRef, query: GroupMilestoneListQuery = {}, options?: RequestOptions): PagePromise<Milestone> {
    return this.paginate(path`groups/${group}/milestones`, Milestone, { query, ...options });
  }

  /**
   * Reads one group milestone by its id (not its iid). `GET /groups/:id/milestones/:milestone_id`
   *
   * @example
   * ```ts
   * const milestone = await gitlab.groups.milestones.get('acme', 12);
   * ```
   */
  get(group: GroupRef, milestoneId: number, options?: RequestOptions): Promise<Milestone> {
    return this.request('GET', path`groups/${group}/milestones/${milestoneId}`, Milestone, options);
  }

  /**
   * Creates a group milestone; it starts active. `POST /groups/:id/milestones`
   *
   * @example
   * ```ts
   * const q3 = await gitlab.groups.milestones.create('acme', { title: 'Q3', due_date: '2026-09-30' });
   * ```
   */
  create(group: GroupRef, body: MilestoneCreate, options?: RequestOptions): Promise<Milestone> {
    return this.request('POST', path`groups/${group}/milestones`, Milestone, { json: body, ...options });
  }

  /**
   * Edits a group milestone; `state_event: 'close'` closes it, `'activate'` reopens it.
   * `PUT /groups/:id/milestones/:milestone_id`
   *
   * @example
   * ```ts
   * await gitlab.groups.milestones.update('acme', 12, { state_event: 'close' });
   * ```
   */
  update(group: GroupRef, milestoneId: number, body: MilestoneUpdate, options?: RequestOptions): Promise<Milestone> {
    return this.request('PUT', path`groups/${group}/milestones/${milestoneId}`, Milestone, {
      json: body,
      ...options,
    });
  }

  /**
   * Deletes a group milestone; its issues and merge requests lose it.
   * `DELETE /groups/:id/milestones/:milestone_id`
   *
   * @example
   * ```ts
   * await gitlab.groups.milestones.delete('acme', 12);
   * ```
   */
  delete(group: GroupRef, milestoneId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`groups/${group}/milestones/${milestoneId}`, null, options);
  }

  /**
   * Lists the issues assigned to a group milestone in the group's own projects, lazily
   * page by page. `GET /groups/:id/milestones/:milestone_id/issues`
   *
   * @example
   * ```ts
   * for await (const issue of gitlab.groups.milestones.issues('acme', 12)) console.log(issue.title);
   * ```
   */
  issues(
    group: GroupRef,
    milestoneId: number,
    query: PaginationQuery = {},
    options?: RequestOptions,
  ): PagePromise<MilestoneIssue> {
    return this.paginate(path`groups/${group}/milestones/${milestoneId}/issues`, MilestoneIssue, {
      query,
      ...options,
    });
  }

  /**
   * Lists the merge requests assigned to a group milestone in the group's own projects,
   * lazily page by page. `GET /groups/:id/milestones/:milestone_id/merge_requests`
   *
   * @example
   * ```ts
   * for await (const mr of gitlab.groups.milestones.mergeRequests('acme', 12)) console.log(mr.reference);
   * ```
   */
  mergeRequests(
    group: GroupRef,
    milestoneId: number,
    query: PaginationQuery = {},
    options?: RequestOptions,
  ): PagePromise<MilestoneMergeRequest> {
    return this.paginate(path`groups/${group}/milestones/${milestoneId}/merge_requests`, MilestoneMergeRequest, {
      query,
      ...options,
    });
  }

  /**
   * Reads a group milestone's burndown chart events (Premium and Ultimate); not paginated.
   * `GET /groups/:id/milestones/:milestone_id/burndown_events`
   *
   * @example
   * ```ts
   * const events = await gitlab.groups.milestones.burndownEvents('acme', 12);
   * ```
   */
  burndownEvents(group: GroupRef, milestoneId: number, options?: RequestOptions): Promise<BurndownEvent[]> {
    return this.request(
      'GET',
      path`groups/${group}/milestones/${milestoneId}/burndown_events`,
      BurndownEvents,
      options,
    );
  }
}

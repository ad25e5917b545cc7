import type { PagePromise } from '../core/pagination.js';
import { type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  Issue,
  type IssueCreate,
  type IssueGlobalListQuery,
  type IssueGlobalStatisticsQuery,
  type IssueListQuery,
  IssueStatistics,
  type IssueStatisticsQuery,
  type IssueUpdate,
} from '../models/issues.js';

/** A project's issues: `gitlab.projects.issues`. Endpoints under `/projects/:id/issues`. */
export class ProjectIssues extends Resource {
  /**
   * Lists a project's issues, leaving out the confidential ones the caller may not see.
   * `GET /projects/:id/issues`
   *
   * @example
   * ```ts
   * for await (const issue of gitlab.projects.issues.list('acme/api', { state: 'opened', milestone: 'v1.0' })) {
   *   console.log(issue.iid, issue.title);
   * }
   * ```
   */
  list(project: ProjectRef, query: IssueListQuery = {}, options?: RequestOptions): PagePromise<Issue> {
    return this.paginate(path`projects/${project}/issues`, Issue, { query, ...options });
  }

  /**
   * Counts the issues {@link list} would find, in every state: open and closed.
   * `GET /projects/:id/issues_statistics`
   *
   * @example
   * ```ts
   * const { statistics } = await gitlab.projects.issues.statistics('acme/api', { labels: ['bug'] });
   * console.log(`${statistics.counts.closed} of ${statistics.counts.all} bugs closed`);
   * ```
   */
  statistics(
    project: ProjectRef,
    query: IssueStatisticsQuery = {},
    options?: RequestOptions,
  ): Promise<IssueStatistics> {
    return this.request('GET', path`projects/${project}/issues_statistics`, IssueStatistics, { query, ...options });
  }

  /**
   * Reads one issue by its iid. `GET /projects/:id/issues/:issue_iid`
   *
   * @example
   * ```ts
   * const issue = await gitlab.projects.issues.get('acme/api', 7);
   * ```
   */
  get(project: ProjectRef, issueIid: number, options?: RequestOptions): Promise<Issue> {
    return this.request('GET', path`projects/${project}/issues/${issueIid}`, Issue, options);
  }

  /**
   * Opens an issue (anyone who can see the project; below Planner, assignees, milestone
   * and labels are ignored). `POST /projects/:id/issues`
   *
   * @example
   * ```ts
   * const issue = await gitlab.projects.issues.create('acme/api', { title: 'Login fails', labels: ['bug'] });
   * ```
   */
  create(project: ProjectRef, body: IssueCreate, options?: RequestOptions): Promise<Issue> {
    return this.request('POST', path`projects/${project}/issues`, Issue, { json: body, ...options });
  }

  /**
   * Edits an issue (Planner and up, or its author or an assignee); `state_event` closes or
   * reopens it, and the milestone's burndown chart follows. `PUT /projects/:id/issues/:issue_iid`
   *
   * @example
   * ```ts
   * await gitlab.projects.issues.update('acme/api', 7, { state_event: 'close' });
   * ```
   */
  update(project: ProjectRef, issueIid: number, body: IssueUpdate, options?: RequestOptions): Promise<Issue> {
    return this.request('PUT', path`projects/${project}/issues/${issueIid}`, Issue, { json: body, ...options });
  }

  /**
   * Subscribes the caller to an issue's notifications (its author and assignees are subscribed
   * until they unsubscribe). Already subscribed: GitLab answers 304 Not Modified, a
   * `GitLabApiError` whose `status` is 304. `POST /projects/:id/issues/:issue_iid/subscribe`
   *
   * @example
   * ```ts
   * const issue = await gitlab.projects.issues.subscribe('acme/api', 7);
   * console.log(issue.subscribed); // true
   * ```
   */
  subscribe(project: ProjectRef, issueIid: number, options?: RequestOptions): Promise<Issue> {
    return this.request('POST', path`projects/${project}/issues/${issueIid}/subscribe`, Issue, options);
  }

  /**
   * Unsubscribes the caller from an issue's notifications, its author and assignees too. Not
   * subscribed: GitLab answers 304 Not Modified, a `GitLabApiError` whose `status` is 304.
   * `POST /projects/:id/issues/:issue_iid/unsubscribe`
   *
   * @example
   * ```ts
   * await gitlab.projects.issues.unsubscribe('acme/api', 7);
   * ```
   */
  unsubscribe(project: ProjectRef, issueIid: number, options?: RequestOptions): Promise<Issue> {
    return this.request('POST', path`projects/${project}/issues/${issueIid}/unsubscribe`, Issue, options);
  }
}

/** The issues of every project the caller can see: `gitlab.issues`. Endpoint `/issues`. */
export class InstanceIssues extends Resource {
  /**
   * Lists issues across projects: by default the caller's own (`scope: 'created_by_me'`).
   * `GET /issues`
   *
   * @example
   * ```ts
   * const assigned = await gitlab.issues.list({ scope: 'assigned_to_me', state: 'opened' }).toArray();
   * ```
   */
  list(query: IssueGlobalListQuery = {}, options?: RequestOptions): PagePromise<Issue> {
    return this.paginate('issues', Issue, { query, ...options });
  }

  /**
   * Counts the issues {@link list} would find (by default the caller's own), in every state:
   * open and closed. Issues of archived projects count. `GET /issues_statistics`
   *
   * @example
   * ```ts
   * const { statistics } = await gitlab.issues.statistics({ scope: 'assigned_to_me' });
   * console.log(statistics.counts.opened, 'open of', statistics.counts.all);
   * ```
   */
  statistics(query: IssueGlobalStatisticsQuery = {}, options?: RequestOptions): Promise<IssueStatistics> {
    return this.request('GET', 'issues_statistics', IssueStatistics, { query, ...options });
  }
}

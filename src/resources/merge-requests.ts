import { lazyResources } from '../core/lazy.js';
import type { PagePromise } from '../core/pagination.js';
import { type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import { type GitLabOptions, type RequestOptions, Transport } from '../core/transport.js';
import { type PaginationQuery, UserBasic } from '../models/common.js';
import {
  MergeRequest,
  MergeRequestBasic,
  type MergeRequestCreate,
  type MergeRequestGlobalListQuery,
  type MergeRequestListQuery,
  type MergeRequestMerge,
  type MergeRequestUpdate,
} from '../models/merge-requests.js';
import { MergeRequestApprovalRules } from './approval-rules.js';
import { MergeRequestApprovals } from './approvals.js';

/**
 * A project's merge requests: `gitlab.projects.mergeRequests`. Endpoints under
 * `/projects/:id/merge_requests`; their approvals and approval rules hang off it.
 */
export class MergeRequests extends Resource {
  /** Approval status and state of a merge request; approve, unapprove, reset. */
  declare readonly approvals: MergeRequestApprovals;
  /** A merge request's own approval rules. */
  declare readonly approvalRules: MergeRequestApprovalRules;

  /**
   * Creates the resource on its own, with its own connection, for an app that needs only merge requests.
   *
   * @example
   * ```ts
   * import { MergeRequests } from 'gitlab-admin-sdk';
   *
   * const mergeRequests = new MergeRequests({ baseUrl: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN });
   * const open = await mergeRequests.list('acme/api', { state: 'opened' });
   * ```
   */
  constructor(options: GitLabOptions);
  /** @internal The client shares one transport between its resources. */
  constructor(transport: Transport);
  constructor(source: GitLabOptions | Transport) {
    const transport = source instanceof Transport ? source : new Transport(source);
    super(transport);
    lazyResources<MergeRequests>(this, transport, {
      approvals: MergeRequestApprovals,
      approvalRules: MergeRequestApprovalRules,
    });
  }

  /**
   * Lists a project's merge requests (Reporter and up in a private project), newest first
   * unless `order_by` and `sort` say otherwise. `GET /projects/:id/merge_requests`
   *
   * @example
   * ```ts
   * for await (const mr of gitlab.projects.mergeRequests.list('acme/api', { state: 'opened', labels: ['bug'] })) {
   *   console.log(mr.iid, mr.title, mr.detailed_merge_status);
   * }
   * ```
   */
  list(
    project: ProjectRef,
    query: MergeRequestListQuery = {},
    options?: RequestOptions,
  ): PagePromise<MergeRequestBasic> {
    return this.paginate(path`projects/${project}/merge_requests`, MergeRequestBasic, { query, ...options });
  }

  /**
   * Reads one merge request by its iid. `GET /projects/:id/merge_requests/:merge_request_iid`
   *
   * @example
   * ```ts
   * const mr = await gitlab.projects.mergeRequests.get('acme/api', 12);
   * if (mr.detailed_merge_status === 'not_approved') console.log('waiting for approvals');
   * ```
   */
  get(project: ProjectRef, mergeRequestIid: number, options?: RequestOptions): Promise<MergeRequest> {
    return this.request('GET', path`projects/${project}/merge_requests/${mergeRequestIid}`, MergeRequest, options);
  }

  /**
   * Opens a merge request (Developer and up); a `Draft:` title opens a draft.
   * `POST /projects/:id/merge_requests`
   *
   * @example
   * ```ts
   * const mr = await gitlab.projects.mergeRequests.create('acme/api', {
   *   source_branch: 'fix-login',
   *   target_branch: 'main',
   *   title: 'Fix the login page',
   * });
   * ```
   */
  create(project: ProjectRef, body: MergeRequestCreate, options?: RequestOptions): Promise<MergeRequest> {
    return this.request('POST', path`projects/${project}/merge_requests`, MergeRequest, { json: body, ...options });
  }

  /**
   * Edits a merge request (its author, an assignee, or Developer and up); `state_event`
   * closes or reopens it. `PUT /projects/:id/merge_requests/:merge_request_iid`
   *
   * @example
   * ```ts
   * await gitlab.projects.mergeRequests.update('acme/api', 12, { state_event: 'close' });
   * ```
   */
  update(
    project: ProjectRef,
    mergeRequestIid: number,
    body: MergeRequestUpdate,
    options?: RequestOptions,
  ): Promise<MergeRequest> {
    return this.request('PUT', path`projects/${project}/merge_requests/${mergeRequestIid}`, MergeRequest, {
      json: body,
      ...options,
    });
  }

  /**
   * Merges a merge request. GitLab answers 401 to a caller who may not merge into the
   * target branch, 409 when `sha` is not the source branch's head, and 405 while it
   * cannot be merged (closed, merged, a draft, not approved), 422 with conflicts.
   * `PUT /projects/:id/merge_requests/:merge_request_iid/merge`
   *
   * @example
   * ```ts
   * const mr = await gitlab.projects.mergeRequests.get('acme/api', 12);
   * await gitlab.projects.mergeRequests.merge('acme/api', 12, { sha: mr.sha ?? undefined });
   * ```
   */
  merge(
    project: ProjectRef,
    mergeRequestIid: number,
    body: MergeRequestMerge = {},
    options?: RequestOptions,
  ): Promise<MergeRequest> {
    return this.request('PUT', path`projects/${project}/merge_requests/${mergeRequestIid}/merge`, MergeRequest, {
      json: body,
      ...options,
    });
  }

  /**
   * Lists who takes part in a merge request, those the caller may see: its author, assignees and
   * reviewers, and whoever commented on or was mentioned in it.
   * `GET /projects/:id/merge_requests/:merge_request_iid/participants`
   *
   * @example
   * ```ts
   * const people = await gitlab.projects.mergeRequests.participants('acme/api', 12).toArray();
   * console.log(people.map((user) => user.username));
   * ```
   */
  participants(
    project: ProjectRef,
    mergeRequestIid: number,
    query: PaginationQuery = {},
    options?: RequestOptions,
  ): PagePromise<UserBasic> {
    return this.paginate(path`projects/${project}/merge_requests/${mergeRequestIid}/participants`, UserBasic, {
      query,
      ...options,
    });
  }

  /**
   * Deletes a merge request, with its approvals and approval rules: the project's Owners and
   * administrators only (403 otherwise). `DELETE /projects/:id/merge_requests/:merge_request_iid`
   *
   * @example
   * ```ts
   * await gitlab.projects.mergeRequests.delete('acme/api', 12);
   * ```
   */
  delete(project: ProjectRef, mergeRequestIid: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/merge_requests/${mergeRequestIid}`, null, options);
  }

  /**
   * Subscribes the caller to a merge request's notifications: those who may update it (Developer
   * and up, its author, an assignee), 403 otherwise; its author, assignees and reviewers are
   * subscribed until they unsubscribe. Already subscribed: GitLab answers 304 Not Modified, a
   * `GitLabApiError` whose `status` is 304. `POST /projects/:id/merge_requests/:merge_request_iid/subscribe`
   *
   * @example
   * ```ts
   * const mr = await gitlab.projects.mergeRequests.subscribe('acme/api', 12);
   * console.log(mr.subscribed); // true
   * ```
   */
  subscribe(project: ProjectRef, mergeRequestIid: number, options?: RequestOptions): Promise<MergeRequest> {
    return this.request(
      'POST',
      path`projects/${project}/merge_requests/${mergeRequestIid}/subscribe`,
      MergeRequest,
      options,
    );
  }

  /**
   * Unsubscribes the caller from a merge request's notifications (who may update it). Not
   * subscribed: GitLab answers 304 Not Modified, a `GitLabApiError` whose `status` is 304.
   * `POST /projects/:id/merge_requests/:merge_request_iid/unsubscribe`
   *
   * @example
   * ```ts
   * await gitlab.projects.mergeRequests.unsubscribe('acme/api', 12);
   * ```
   */
  unsubscribe(project: ProjectRef, mergeRequestIid: number, options?: RequestOptions): Promise<MergeRequest> {
    return this.request(
      'POST',
      path`projects/${project}/merge_requests/${mergeRequestIid}/unsubscribe`,
      MergeRequest,
      options,
    );
  }
}

/** The merge requests of every project the caller can read: `gitlab.mergeRequests`. Endpoint `/merge_requests`. */
export class InstanceMergeRequests extends Resource {
  /**
   * Lists merge requests across projects: by default the caller's own (`scope: 'created_by_me'`).
   * `GET /merge_requests`
   *
   * @example
   * ```ts
   * const mine = await gitlab.mergeRequests.list({ scope: 'assigned_to_me', state: 'opened' }).toArray();
   * ```
   */
  list(query: MergeRequestGlobalListQuery = {}, options?: RequestOptions): PagePromise<MergeRequestBasic> {
    return this.paginate('merge_requests', MergeRequestBasic, { query, ...options });
  }
}

import { type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  MergeRequestApprovalState,
  MergeRequestApprovalStatus,
  type MergeRequestApprove,
  ProjectApprovalConfiguration,
  type ProjectApprovalConfigurationUpdate,
} from '../models/approvals.js';

/** A project's approval configuration: `gitlab.projects.approvals`. Endpoints `/projects/:id/approvals`. */
export class ProjectApprovals extends Resource {
  /**
   * Reads a project's approval configuration (Premium and Ultimate). `GET /projects/:id/approvals`
   *
   * @example
   * ```ts
   * const config = await gitlab.projects.approvals.get('acme/api');
   * if (config.merge_requests_author_approval) console.warn('authors may approve their own merge requests');
   * ```
   */
  get(project: ProjectRef, options?: RequestOptions): Promise<ProjectApprovalConfiguration> {
    return this.request('GET', path`projects/${project}/approvals`, ProjectApprovalConfiguration, options);
  }

  /**
   * Changes a project's approval configuration (Maintainer). Settings locked by the
   * group or the instance keep their value. `POST /projects/:id/approvals`
   *
   * @example
   * ```ts
   * await gitlab.projects.approvals.update('acme/api', {
   *   merge_requests_author_approval: false,
   *   reset_approvals_on_push: true,
   * });
   * ```
   */
  update(
    project: ProjectRef,
    body: ProjectApprovalConfigurationUpdate,
    options?: RequestOptions,
  ): Promise<ProjectApprovalConfiguration> {
    return this.request('POST', path`projects/${project}/approvals`, ProjectApprovalConfiguration, {
      json: body,
      ...options,
    });
  }
}

/**
 * Approving one merge request: `gitlab.projects.mergeRequests.approvals`.
 * Endpoints under `/projects/:id/merge_requests/:merge_request_iid`.
 */
export class MergeRequestApprovals extends Resource {
  /**
   * Reads a merge request's approval status: approvals required and left, and who approved.
   * `GET /projects/:id/merge_requests/:merge_request_iid/approvals`
   *
   * @example
   * ```ts
   * const status = await gitlab.projects.mergeRequests.approvals.get('acme/api', 12);
   * console.log(`${status.approvals_left} of ${status.approvals_required} approvals left`);
   * ```
   */
  get(project: ProjectRef, mergeRequestIid: number, options?: RequestOptions): Promise<MergeRequestApprovalStatus> {
    return this.request(
      'GET',
      path`projects/${project}/merge_requests/${mergeRequestIid}/approvals`,
      MergeRequestApprovalStatus,
      options,
    );
  }

  /**
   * Reads a merge request's approval state: every rule that applies, and whether it is approved.
   * `GET /projects/:id/merge_requests/:merge_request_iid/approval_state`
   *
   * @example
   * ```ts
   * const { rules } = await gitlab.projects.mergeRequests.approvals.state('acme/api', 12);
   * for (const rule of rules) console.log(rule.name, rule.approved ? 'approved' : 'waiting');
   * ```
   */
  state(project: ProjectRef, mergeRequestIid: number, options?: RequestOptions): Promise<MergeRequestApprovalState> {
    return this.request(
      'GET',
      path`projects/${project}/merge_requests/${mergeRequestIid}/approval_state`,
      MergeRequestApprovalState,
      options,
    );
  }

  /**
   * Approves a merge request as the caller. Give `sha` to approve only the head you
   * reviewed (409 otherwise), and `approval_password` when the project requires
   * re-authentication. `POST /projects/:id/merge_requests/:merge_request_iid/approve`
   *
   * @example
   * ```ts
   * const status = await gitlab.projects.mergeRequests.approvals.approve('acme/api', 12, {
   *   sha: '3f786850e387550fdab836ed7e6dc881de23001b',
   * });
   * ```
   */
  approve(
    project: ProjectRef,
    mergeRequestIid: number,
    body: MergeRequestApprove = {},
    options?: RequestOptions,
  ): Promise<MergeRequestApprovalStatus> {
    return this.request(
      'POST',
      path`projects/${project}/merge_requests/${mergeRequestIid}/approve`,
      MergeRequestApprovalStatus,
      { json: body, ...options },
    );
  }

  /**
   * Withdraws the caller's approval of a merge request.
   * `POST /projects/:id/merge_requests/:merge_request_iid/unapprove`
   *
   * @example
   * ```ts
   * await gitlab.projects.mergeRequests.approvals.unapprove('acme/api', 12);
   * ```
   */
  unapprove(
    project: ProjectRef,
    mergeRequestIid: number,
    options?: RequestOptions,
  ): Promise<MergeRequestApprovalStatus> {
    return this.request(
      'POST',
      path`projects/${project}/merge_requests/${mergeRequestIid}/unapprove`,
      MergeRequestApprovalStatus,
      options,
    );
  }

  /**
   * Clears every approval of a merge request. Only bot users of project or group access
   * tokens may; everyone else gets 401. `PUT /projects/:id/merge_requests/:merge_request_iid/reset_approvals`
   *
   * @example
   * ```ts
   * const bot = new GitLab({ baseUrl, token: process.env.PROJECT_ACCESS_TOKEN });
   * await bot.projects.mergeRequests.approvals.reset('acme/api', 12);
   * ```
   */
  reset(project: ProjectRef, mergeRequestIid: number, options?: RequestOptions): Promise<void> {
    // GitLab answers 202 Accepted with an empty body (or a bare `202`): nothing to return.
    return this.request(
      'PUT',
      path`projects/${project}/merge_requests/${mergeRequestIid}/reset_approvals`,
      null,
      options,
    );
  }
}

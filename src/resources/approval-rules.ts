import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  GroupApprovalRule,
  type GroupApprovalRuleCreate,
  type GroupApprovalRuleUpdate,
  type ApprovalRuleListQuery as ListQuery,
  MergeRequestApprovalRule,
  type MergeRequestApprovalRuleCreate,
  type MergeRequestApprovalRuleUpdate,
  ProjectApprovalRule,
  type ProjectApprovalRuleCreate,
  type ProjectApprovalRuleUpdate,
} from '../models/approvals.js';

/** A project's approval rules: `gitlab.projects.approvalRules`. Endpoints under `/projects/:id/approval_rules`. */
export class ProjectApprovalRules extends Resource {
  /**
   * Lists a project's approval rules, lazily page by page. `GET /projects/:id/approval_rules`
   *
   * @example
   * ```ts
   * for await (const rule of gitlab.projects.approvalRules.list('acme/api')) {
   *   console.log(rule.name, rule.approvals_required);
   * }
   * ```
   */
  list(project: ProjectRef, query: ListQuery = {}, options?: RequestOptions): PagePromise<ProjectApprovalRule> {
    return this.paginate(path`projects/${project}/approval_rules`, ProjectApprovalRule, { query, ...options });
  }

  /**
   * Reads one approval rule of a project. `GET /projects/:id/approval_rules/:approval_rule_id`
   *
   * @example
   * ```ts
   * const rule = await gitlab.projects.approvalRules.get('acme/api', 7);
   * ```
   */
  get(project: ProjectRef, ruleId: number, options?: RequestOptions): Promise<ProjectApprovalRule> {
    return this.request('GET', path`projects/${project}/approval_rules/${ruleId}`, ProjectApprovalRule, options);
  }

  /**
   * Creates an approval rule (Maintainer). `POST /projects/:id/approval_rules`
   *
   * @example
   * ```ts
   * const rule = await gitlab.projects.approvalRules.create('acme/api', {
   *   name: 'Security',
   *   approvals_required: 1,
   *   usernames: ['omar'],
   *   applies_to_all_protected_branches: true,
   * });
   * ```
   */
  create(project: ProjectRef, body: ProjectApprovalRuleCreate, options?: RequestOptions): Promise<ProjectApprovalRule> {
    return this.request('POST', path`projects/${project}/approval_rules`, ProjectApprovalRule, {
      json: body,
      ...options,
    });
  }

  /**
   * Changes an approval rule (Maintainer); the users and groups given replace the rule's.
   * `PUT /projects/:id/approval_rules/:approval_rule_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.approvalRules.update('acme/api', 7, { name: 'Security', approvals_required: 2 });
   * ```
   */
  update(
    project: ProjectRef,
    ruleId: number,
    body: ProjectApprovalRuleUpdate,
    options?: RequestOptions,
  ): Promise<ProjectApprovalRule> {
    return this.request('PUT', path`projects/${project}/approval_rules/${ruleId}`, ProjectApprovalRule, {
      json: body,
      ...options,
    });
  }

  /**
   * Deletes an approval rule (Maintainer). `DELETE /projects/:id/approval_rules/:approval_rule_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.approvalRules.delete('acme/api', 7);
   * ```
   */
  delete(project: ProjectRef, ruleId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/approval_rules/${ruleId}`, null, options);
  }
}

/**
 * The approval rules of one merge request: `gitlab.projects.mergeRequests.approvalRules`.
 * Endpoints under `/projects/:id/merge_requests/:merge_request_iid/approval_rules`.
 */
export class MergeRequestApprovalRules extends Resource {
  /**
   * Lists the merge request's own approval rules, lazily page by page.
   * `GET /projects/:id/merge_requests/:merge_request_iid/approval_rules`
   *
   * @example
   * ```ts
   * const rules = await gitlab.projects.mergeRequests.approvalRules.list('acme/api', 12).toArray();
   * ```
   */
  list(
    project: ProjectRef,
    mergeRequestIid: number,
    query: ListQuery = {},
    options?: RequestOptions,
  ): PagePromise<MergeRequestApprovalRule> {
    return this.paginate(
      path`projects/${project}/merge_requests/${mergeRequestIid}/approval_rules`,
      MergeRequestApprovalRule,
      { query, ...options },
    );
  }

  /**
   * Reads one approval rule of a merge request.
   * `GET /projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id`
   *
   * @example
   * ```ts
   * const rule = await gitlab.projects.mergeRequests.approvalRules.get('acme/api', 12, 31);
   * ```
   */
  get(
    project: ProjectRef,
    mergeRequestIid: number,
    ruleId: number,
    options?: RequestOptions,
  ): Promise<MergeRequestApprovalRule> {
    return this.request(
      'GET',
      path`projects/${project}/merge_requests/${mergeRequestIid}/approval_rules/${ruleId}`,
      MergeRequestApprovalRule,
      options,
    );
  }

  /**
   * Adds a rule to a merge request (Developer, while the project allows overriding
   * approvers per merge request); `approval_project_rule_id` copies a project rule.
   * `POST /projects/:id/merge_requests/:merge_request_iid/approval_rules`
   *
   * @example
   * ```ts
   * await gitlab.projects.mergeRequests.approvalRules.create('acme/api', 12, {
   *   name: 'Security',
   *   approvals_required: 2,
   *   approval_project_rule_id: 7,
   * });
   * ```
   */
  create(
    project: ProjectRef,
    mergeRequestIid: number,
    body: MergeRequestApprovalRuleCreate,
    options?: RequestOptions,
  ): Promise<MergeRequestApprovalRule> {
    return this.request(
      'POST',
      path`projects/${project}/merge_requests/${mergeRequestIid}/approval_rules`,
      MergeRequestApprovalRule,
      { json: body, ...options },
    );
  }

  /**
   * Changes a merge request's rule; the users and groups given replace the rule's.
   * `PUT /projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.mergeRequests.approvalRules.update('acme/api', 12, 31, { usernames: ['omar', 'dev'] });
   * ```
   */
  update(
    project: ProjectRef,
    mergeRequestIid: number,
    ruleId: number,
    body: MergeRequestApprovalRuleUpdate,
    options?: RequestOptions,
  ): Promise<MergeRequestApprovalRule> {
    return this.request(
      'PUT',
      path`projects/${project}/merge_requests/${mergeRequestIid}/approval_rules/${ruleId}`,
      MergeRequestApprovalRule,
      { json: body, ...options },
    );
  }

  /**
   * Deletes a merge request's rule.
   * `DELETE /projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.mergeRequests.approvalRules.delete('acme/api', 12, 31);
   * ```
   */
  delete(project: ProjectRef, mergeRequestIid: number, ruleId: number, options?: RequestOptions): Promise<void> {
    return this.request(
      'DELETE',
      path`projects/${project}/merge_requests/${mergeRequestIid}/approval_rules/${ruleId}`,
      null,
      options,
    );
  }
}

/**
 * A group's approval rules, for every protected branch of its projects:
 * `gitlab.groups.approvalRules`. Experimental in GitLab (feature flag
 * `approval_group_rules`; 404 without it). Endpoints under `/groups/:id/approval_rules`.
 */
export class GroupApprovalRules extends Resource {
  /**
   * Lists a group's approval rules (Owner), lazily page by page. `GET /groups/:id/approval_rules`
   *
   * @example
   * ```ts
   * const page = await gitlab.groups.approvalRules.list('acme');
   * ```
   */
  list(group: GroupRef, query: ListQuery = {}, options?: RequestOptions): PagePromise<GroupApprovalRule> {
    return this.paginate(path`groups/${group}/approval_rules`, GroupApprovalRule, { query, ...options });
  }

  /**
   * Creates a group approval rule (Owner). `POST /groups/:id/approval_rules`
   *
   * @example
   * ```ts
   * await gitlab.groups.approvalRules.create('acme', { name: 'Compliance', approvals_required: 1, user_ids: [4] });
   * ```
   */
  create(group: GroupRef, body: GroupApprovalRuleCreate, options?: RequestOptions): Promise<GroupApprovalRule> {
    return this.request('POST', path`groups/${group}/approval_rules`, GroupApprovalRule, { json: body, ...options });
  }

  /**
   * Changes a group approval rule (Owner). `PUT /groups/:id/approval_rules/:approval_rule_id`
   *
   * @example
   * ```ts
   * await gitlab.groups.approvalRules.update('acme', 3, { approvals_required: 2 });
   * ```
   */
  update(
    group: GroupRef,
    ruleId: number,
    body: GroupApprovalRuleUpdate,
    options?: RequestOptions,
  ): Promise<GroupApprovalRule> {
    return this.request('PUT', path`groups/${group}/approval_rules/${ruleId}`, GroupApprovalRule, {
      json: body,
      ...options,
    });
  }
}

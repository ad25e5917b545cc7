import { type GroupRef, type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { ApprovalSettings, type ApprovalSettingsUpdate } from '../models/approval-settings.js';

/**
 * A project's merge request approval settings, with what the group and the instance
 * fix: `gitlab.projects.approvalSettings`. Endpoints `/projects/:id/merge_request_approval_setting`.
 */
export class ProjectApprovalSettings extends Resource {
  /**
   * Reads a project's approval settings (Maintainer). `GET /projects/:id/merge_request_approval_setting`
   *
   * @example
   * ```ts
   * const settings = await gitlab.projects.approvalSettings.get('acme/api');
   * if (settings.retain_approvals_on_push.locked) console.log('fixed by', settings.retain_approvals_on_push.inherited_from);
   * ```
   */
  get(project: ProjectRef, options?: RequestOptions): Promise<ApprovalSettings> {
    return this.request('GET', path`projects/${project}/merge_request_approval_setting`, ApprovalSettings, options);
  }

  /**
   * Changes a project's approval settings (Maintainer); locked settings keep their value.
   * `PUT /projects/:id/merge_request_approval_setting`
   *
   * @example
   * ```ts
   * await gitlab.projects.approvalSettings.update('acme/api', { allow_author_approval: false });
   * ```
   */
  update(project: ProjectRef, body: ApprovalSettingsUpdate, options?: RequestOptions): Promise<ApprovalSettings> {
    return this.request('PUT', path`projects/${project}/merge_request_approval_setting`, ApprovalSettings, {
      json: body,
      ...options,
    });
  }
}

/**
 * A group's merge request approval settings, which its projects inherit:
 * `gitlab.groups.approvalSettings`. Endpoints `/groups/:id/merge_request_approval_setting`.
 */
export class GroupApprovalSettings extends Resource {
  /**
   * Reads a group's approval settings (Owner). `GET /groups/:id/merge_request_approval_setting`
   *
   * @example
   * ```ts
   * const settings = await gitlab.groups.approvalSettings.get('acme');
   * ```
   */
  get(group: GroupRef, options?: RequestOptions): Promise<ApprovalSettings> {
    return this.request('GET', path`groups/${group}/merge_request_approval_setting`, ApprovalSettings, options);
  }

  /**
   * Changes a group's approval settings (Owner); a value that forbids something locks it
   * in every project of the group. `PUT /groups/:id/merge_request_approval_setting`
   *
   * @example
   * ```ts
   * await gitlab.groups.approvalSettings.update('acme', { allow_author_approval: false });
   * ```
   */
  update(group: GroupRef, body: ApprovalSettingsUpdate, options?: RequestOptions): Promise<ApprovalSettings> {
    return this.request('PUT', path`groups/${group}/merge_request_approval_setting`, ApprovalSettings, {
      json: body,
      ...options,
    });
  }
}

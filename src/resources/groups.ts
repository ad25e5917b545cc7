import { lazyResources } from '../core/lazy.js';
import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import { type GitLabOptions, type RequestOptions, Transport } from '../core/transport.js';
import {
  Group,
  type GroupCreate,
  type GroupDeleteQuery,
  GroupDetail,
  type GroupGetQuery,
  type GroupListQuery,
  type GroupUpdate,
  type ShareWithGroup,
} from '../models/groups.js';
import { type GroupIssueListQuery, Issue, IssueStatistics, type IssueStatisticsQuery } from '../models/issues.js';
import { type GroupMergeRequestListQuery, MergeRequestBasic } from '../models/merge-requests.js';
import { BasicProject, type GroupProjectListQuery, Project, type ProjectOf } from '../models/projects.js';
import { GroupAccessTokens } from './access-tokens.js';
import { GroupApprovalRules } from './approval-rules.js';
import { GroupApprovalSettings } from './approval-settings.js';
import { GroupHooks } from './hooks.js';
import { GroupLabels } from './labels.js';
import { GroupMembers } from './members.js';
import { GroupMilestones } from './milestones.js';
import { GroupScimIdentities } from './scim.js';

/**
 * Groups: `gitlab.groups`. Endpoints under `/groups`, and a group's own resources
 * as fields (`gitlab.groups.milestones`, `gitlab.groups.scim`...).
 */
export class Groups extends Resource {
  /** A group's milestones. */
  declare readonly milestones: GroupMilestones;
  /** A group's SCIM identities. */
  declare readonly scim: GroupScimIdentities;
  /** A group's merge request approval settings, which its projects inherit. */
  declare readonly approvalSettings: GroupApprovalSettings;
  /** A group's approval rules (experimental in GitLab). */
  declare readonly approvalRules: GroupApprovalRules;
  /** A group's members, direct and inherited. */
  declare readonly members: GroupMembers;
  /** A group's access tokens (their bot users are members of the group). */
  declare readonly accessTokens: GroupAccessTokens;
  /** A group's labels (read only). */
  declare readonly labels: GroupLabels;
  /** A group's webhooks (Premium). */
  declare readonly hooks: GroupHooks;

  /**
   * Creates the groups resource on its own, with its own connection; its group
   * resources share that connection.
   *
   * @example
   * ```ts
   * import { Groups } from 'gitlab-admin-sdk';
   *
   * const groups = new Groups({ baseUrl: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN });
   * const acme = await groups.get('acme');
   * ```
   */
  constructor(options: GitLabOptions);
  /** @internal The client shares one transport between its resources. */
  constructor(transport: Transport);
  constructor(source: GitLabOptions | Transport) {
    const transport = source instanceof Transport ? source : new Transport(source);
    super(transport);
    lazyResources<Groups>(this, transport, {
      milestones: GroupMilestones,
      scim: GroupScimIdentities,
      approvalSettings: GroupApprovalSettings,
      approvalRules: GroupApprovalRules,
      members: GroupMembers,
      accessTokens: GroupAccessTokens,
      labels: GroupLabels,
      hooks: GroupHooks,
    });
  }

  /**
   * Lists the groups you can see: by default those around your memberships (every
   * group, for an administrator); `all_available: true` adds every group open to you.
   * Await it for the first page, or iterate it for every group. `GET /groups`
   *
   * @example
   * ```ts
   * for await (const group of gitlab.groups.list({ min_access_level: 50 })) console.log(group.full_path);
   * ```
   */
  list(query: GroupListQuery = {}, options?: RequestOptions): PagePromise<Group> {
    return this.paginate('groups', Group, { query, ...options });
  }

  /**
   * Reads one group, with its projects unless `with_projects: false`. `GET /groups/:id`
   *
   * @example
   * ```ts
   * const group = await gitlab.groups.get('acme/platform', { with_projects: false });
   * ```
   */
  get(group: GroupRef, query: GroupGetQuery = {}, options?: RequestOptions): Promise<GroupDetail> {
    return this.request('GET', path`groups/${group}`, GroupDetail, { query, ...options });
  }

  /**
   * Lists a group's direct subgroups you can see, with the filters of {@link Groups.list}.
   * `GET /groups/:id/subgroups`
   *
   * @example
   * ```ts
   * const children = await gitlab.groups.subgroups('acme').toArray();
   * ```
   */
  subgroups(group: GroupRef, query: GroupListQuery = {}, options?: RequestOptions): PagePromise<Group> {
    return this.paginate(path`groups/${group}/subgroups`, Group, { query, ...options });
  }

  /**
   * Lists every group below a group that you can see, at any depth, with the filters of
   * {@link Groups.list}. `GET /groups/:id/descendant_groups`
   *
   * @example
   * ```ts
   * for await (const group of gitlab.groups.descendants('acme', { search: 'platform' })) console.log(group.full_path);
   * ```
   */
  descendants(group: GroupRef, query: GroupListQuery = {}, options?: RequestOptions): PagePromise<Group> {
    return this.paginate(path`groups/${group}/descendant_groups`, Group, { query, ...options });
  }

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
  ): PagePromise<ProjectOf<Q>> {
    const schema = query?.simple ? BasicProject : Project;
    return this.paginate(path`groups/${group}/projects`, schema, { query: query ?? {}, ...options }) as PagePromise<
      ProjectOf<Q>
    >;
  }
  /**
   * Lists the merge requests of a group's projects and its subgroups' that you can read, newest
   * first; none from archived projects unless `non_archived: false`. Each one's
   * `references.relative` is relative to the group. `GET /groups/:id/merge_requests`
   *
   * @example
   * ```ts
   * for await (const mr of gitlab.groups.mergeRequests('acme', { state: 'opened', reviewer_username: 'ravi' })) {
   *   console.log(mr.references?.relative, mr.title);
   * }
   * ```
   */
  mergeRequests(
    group: GroupRef,
    query: GroupMergeRequestListQuery = {},
    options?: RequestOptions,
  ): PagePromise<MergeRequestBasic> {
    return this.paginate(path`groups/${group}/merge_requests`, MergeRequestBasic, { query, ...options });
  }

  /**
   * Lists the issues of a group's projects and its subgroups' that you can see, newest first,
   * leaving out the confidential ones you may not read; none from archived projects unless
   * `non_archived: false`. Each one's `references.relative` is relative to the group.
   * `GET /groups/:id/issues`
   *
   * @example
   * ```ts
   * for await (const issue of gitlab.groups.issues('acme', { state: 'opened', labels: ['bug'] })) {
   *   console.log(issue.references?.relative, issue.title);
   * }
   * ```
   */
  issues(group: GroupRef, query: GroupIssueListQuery = {}, options?: RequestOptions): PagePromise<Issue> {
    return this.paginate(path`groups/${group}/issues`, Issue, { query, ...options });
  }

  /**
   * Counts the issues {@link issues} would find, in every state: open and closed; issues of
   * archived projects count. `GET /groups/:id/issues_statistics`
   *
   * @example
   * ```ts
   * const { statistics } = await gitlab.groups.issuesStatistics('acme', { milestone: 'v2.0' });
   * console.log(statistics.counts.opened, 'still open');
   * ```
   */
  issuesStatistics(
    group: GroupRef,
    query: IssueStatisticsQuery = {},
    options?: RequestOptions,
  ): Promise<IssueStatistics> {
    return this.request('GET', path`groups/${group}/issues_statistics`, IssueStatistics, { query, ...options });
  }

  /**
   * Creates a group, or with `parent_id` a subgroup, and makes you its Owner. A top-level group
   * needs `can_create_group` (or an administrator); a subgroup needs the parent's
   * `subgroup_creation_level` (Maintainer or Owner). Answers the group's details without its
   * projects. `POST /groups`
   *
   * @example
   * ```ts
   * const platform = await gitlab.groups.create({ name: 'Platform', path: 'platform', parent_id: 42, visibility: 'internal' });
   * ```
   */
  create(body: GroupCreate, options?: RequestOptions): Promise<GroupDetail> {
    return this.request('POST', 'groups', GroupDetail, { json: body, ...options });
  }

  /**
   * Changes a group's name, path or settings (Owner). A new path moves every subgroup and
   * project below it; the visibility may not rise above the parent's nor fall below a subgroup's
   * or project's. `PUT /groups/:id`
   *
   * @example
   * ```ts
   * const group = await gitlab.groups.update('acme/platform', { path: 'core', share_with_group_lock: true });
   * ```
   */
  update(group: GroupRef, body: GroupUpdate, options?: RequestOptions): Promise<GroupDetail> {
    return this.request('PUT', path`groups/${group}`, GroupDetail, { json: body, ...options });
  }

  /**
   * Moves a group under another group (`groupId`), or with none makes it a top-level group.
   * You need Owner of the group and the right to create a subgroup in the target (or a top-level
   * group). Below a less visible parent, the group and everything in it take the parent's
   * visibility. `POST /groups/:id/transfer`
   *
   * @example
   * ```ts
   * const moved = await gitlab.groups.transfer('acme/platform', 7);
   * const promoted = await gitlab.groups.transfer('acme/platform');
   * ```
   */
  transfer(group: GroupRef, groupId?: number, options?: RequestOptions): Promise<GroupDetail> {
    const json = groupId === undefined ? {} : { group_id: groupId };
    return this.request('POST', path`groups/${group}/transfer`, GroupDetail, { json, ...options });
  }

  /**
   * Shares a group with another group (Owner): the direct members of the invited group get at
   * most `group_access` in this group, its subgroups and their projects, until `expires_at`.
   * Answers the shared group's details. `POST /groups/:id/share`
   *
   * @example
   * ```ts
   * const acme = await gitlab.groups.share('acme', { group_id: 9, group_access: 30, expires_at: '2026-12-31' });
   * console.log(acme.shared_with_groups);
   * ```
   */
  share(group: GroupRef, body: ShareWithGroup, options?: RequestOptions): Promise<GroupDetail> {
    return this.request('POST', path`groups/${group}/share`, GroupDetail, { json: body, ...options });
  }

  /**
   * Stops sharing a group with another group. GitLab answers 204 to anyone who can see the
   * group, but only an Owner's call removes the share. `DELETE /groups/:id/share/:group_id`
   *
   * @example
   * ```ts
   * await gitlab.groups.unshare('acme', 9);
   * ```
   */
  unshare(group: GroupRef, groupId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`groups/${group}/share/${groupId}`, null, options);
  }

  /**
   * Marks a group for deletion (Owner): it is renamed `<path>-deletion_scheduled-<id>` and removed,
   * with its subgroups and projects, after the instance's deletion delay (7 days by default) unless
   * restored. A subgroup already marked is removed at once with `permanently_remove: true` and its
   * current `full_path`. A group below a marked one is left as it is. `DELETE /groups/:id`
   *
   * @example
   * ```ts
   * await gitlab.groups.delete('acme/legacy');
   * const marked = await gitlab.groups.get('acme/legacy-deletion_scheduled-7', { with_projects: false });
   * await gitlab.groups.delete(marked.id, { permanently_remove: true, full_path: marked.full_path });
   * ```
   */
  delete(group: GroupRef, query: GroupDeleteQuery = {}, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`groups/${group}`, null, { query, ...options });
  }

  /**
   * Takes a group's deletion back (Owner): it gets its name and path again (with a random suffix
   * when another group took the path meanwhile). `POST /groups/:id/restore`
   *
   * @example
   * ```ts
   * const group = await gitlab.groups.restore(7);
   * console.log(group.full_path, group.marked_for_deletion_on); // acme/legacy null
   * ```
   */
  restore(group: GroupRef, options?: RequestOptions): Promise<GroupDetail> {
    return this.request('POST', path`groups/${group}/restore`, GroupDetail, options);
  }
}

import * as z from 'zod/mini';
import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import { type GitLabOptions, type RequestOptions, Transport } from '../core/transport.js';
import type { PaginationQuery } from '../models/common.js';
import {
  Group,
  GroupDetail,
  type GroupGetQuery,
  type GroupListQuery,
  type GroupMilestoneListQuery,
} from '../models/groups.js';
import {
  BurndownEvent,
  Milestone,
  type MilestoneCreate,
  MilestoneIssue,
  MilestoneMergeRequest,
  type MilestoneUpdate,
} from '../models/milestones.js';
import { BasicProject, type GroupProjectListQuery, Project, type ProjectOf } from '../models/projects.js';
import { GroupAccessTokens } from './access-tokens.js';
import { GroupApprovalRules } from './approval-rules.js';
import { GroupApprovalSettings } from './approval-settings.js';
import { GroupHooks } from './hooks.js';
import { GroupLabels } from './labels.js';
import { GroupMembers } from './members.js';
import { GroupScimIdentities } from './scim.js';

const BurndownEvents = z.array(BurndownEvent);

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

/**
 * Groups: `gitlab.groups`. Endpoints under `/groups`, and a group's own resources
 * as fields (`gitlab.groups.milestones`, `gitlab.groups.scim`...).
 */
export class Groups extends Resource {
  /** A group's milestones. */
  readonly milestones: GroupMilestones;
  /** A group's SCIM identities. */
  readonly scim: GroupScimIdentities;
  /** A group's merge request approval settings, which its projects inherit. */
  readonly approvalSettings: GroupApprovalSettings;
  /** A group's approval rules (experimental in GitLab). */
  readonly approvalRules: GroupApprovalRules;
  /** A group's members, direct and inherited. */
  readonly members: GroupMembers;
  /** A group's access tokens (their bot users are members of the group). */
  readonly accessTokens: GroupAccessTokens;
  /** A group's labels (read only). */
  readonly labels: GroupLabels;
  /** A group's webhooks (Premium). */
  readonly hooks: GroupHooks;

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
    this.milestones = new GroupMilestones(transport);
    this.scim = new GroupScimIdentities(transport);
    this.approvalSettings = new GroupApprovalSettings(transport);
    this.approvalRules = new GroupApprovalRules(transport);
    this.members = new GroupMembers(transport);
    this.accessTokens = new GroupAccessTokens(transport);
    this.labels = new GroupLabels(transport);
    this.hooks = new GroupHooks(transport);
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
}

import { lazyResources } from '../core/lazy.js';
import type { PagePromise } from '../core/pagination.js';
import { type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import { type GitLabOptions, type RequestOptions, Transport } from '../core/transport.js';
import { Event, type EventListQuery } from '../models/events.js';
import {
  ProjectGroupLink,
  type ProjectGroupListQuery,
  PublicGroup,
  type ShareLocationListQuery,
  type ShareWithGroup,
} from '../models/groups.js';
import {
  BasicProject,
  Project,
  type ProjectCreate,
  type ProjectCreateForUser,
  type ProjectDeleteQuery,
  type ProjectListQuery,
  type ProjectOf,
  type ProjectUpdate,
} from '../models/projects.js';
import { ProjectAccessTokens } from './access-tokens.js';
import { ProjectApprovalRules } from './approval-rules.js';
import { ProjectApprovalSettings } from './approval-settings.js';
import { ProjectApprovals } from './approvals.js';
import { ProjectBranches } from './branches.js';
import { ProjectHooks } from './hooks.js';
import { ProjectIssues } from './issues.js';
import { ProjectLabels } from './labels.js';
import { ProjectMembers } from './members.js';
import { MergeRequests } from './merge-requests.js';
import { ProjectMilestones } from './milestones.js';
import { ProjectProtectedBranches } from './protected-branches.js';

/**
 * Projects: `gitlab.projects`. Lists and reads projects (`/projects`), and holds the
 * resources inside a project (`gitlab.projects.milestones`, `gitlab.projects.branches`...).
 */
export class Projects extends Resource {
  /** A project's milestones. */
  declare readonly milestones: ProjectMilestones;
  /** A project's access tokens. */
  declare readonly accessTokens: ProjectAccessTokens;
  /** A project's approval configuration. */
  declare readonly approvals: ProjectApprovals;
  /** A project's approval rules. */
  declare readonly approvalRules: ProjectApprovalRules;
  /** A project's merge request approval settings, with what it inherits. */
  declare readonly approvalSettings: ProjectApprovalSettings;
  /** A project's merge requests: list, read, open, edit, merge; their approvals and approval rules. */
  declare readonly mergeRequests: MergeRequests;
  /** A project's issues. */
  declare readonly issues: ProjectIssues;
  /** A project's members, direct and inherited. */
  declare readonly members: ProjectMembers;
  /** A project's repository branches. */
  declare readonly branches: ProjectBranches;
  /** A project's protected branches. */
  declare readonly protectedBranches: ProjectProtectedBranches;
  /** A project's labels, its own and its groups'. */
  declare readonly labels: ProjectLabels;
  /** A project's webhooks. */
  declare readonly hooks: ProjectHooks;

  /**
   * Creates the resource on its own, with its own connection.
   *
   * @example
   * ```ts
   * import { Projects } from 'gitlab-admin-sdk';
   *
   * const projects = new Projects({ baseUrl: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN });
   * const page = await projects.list({ membership: true });
   * ```
   */
  constructor(options: GitLabOptions);
  /** @internal The client shares one transport between its resources. */
  constructor(transport: Transport);
  constructor(source: GitLabOptions | Transport) {
    const transport = source instanceof Transport ? source : new Transport(source);
    super(transport);
    lazyResources<Projects>(this, transport, {
      milestones: ProjectMilestones,
      accessTokens: ProjectAccessTokens,
      approvals: ProjectApprovals,
      approvalRules: ProjectApprovalRules,
      approvalSettings: ProjectApprovalSettings,
      mergeRequests: MergeRequests,
      issues: ProjectIssues,
      members: ProjectMembers,
      branches: ProjectBranches,
      protectedBranches: ProjectProtectedBranches,
      labels: ProjectLabels,
      hooks: ProjectHooks,
    });
  }
  /**
   * Lists a project's events that the caller may see, newest first. `GET /projects/:id/events`
   *
   * @example
   * ```ts
   * for await (const event of gitlab.projects.events('acme/api', { action: 'created', target_type: 'milestone' })) {
   *   console.log(event.author_username, event.action_name, event.target_title);
   * }
   * ```
   */
  events(project: ProjectRef, query: EventListQuery = {}, options?: RequestOptions): PagePromise<Event> {
    return this.paginate(path`projects/${project}/events`, Event, { query, ...options });
  }

  /**
   * Lists the projects the caller can see (with `membership: true`, those it is a member
   * of), newest first. `simple: true` answers fewer fields; `pagination: 'keyset'` (with
   * `order_by: 'id'`) pages by id, which iteration follows. `GET /projects`
   *
   * @example
   * ```ts
   * for await (const project of gitlab.projects.list({ membership: true, order_by: 'id', pagination: 'keyset' })) {
   *   console.log(project.path_with_namespace);
   * }
   * ```
   */
  list<Q extends ProjectListQuery = ProjectListQuery>(query?: Q, options?: RequestOptions): PagePromise<ProjectOf<Q>> {
    const schema = query?.simple ? BasicProject : Project;
    return this.paginate('projects', schema, { query: query ?? {}, ...options }) as PagePromise<ProjectOf<Q>>;
  }

  /**
   * Lists the project's group and that group's ancestors (and with `with_shared`, the groups it is
   * shared with), newest first. `GET /projects/:id/groups`
   *
   * @example
   * ```ts
   * const { items } = await gitlab.projects.groups('acme/platform/api', { with_shared: true });
   * ```
   */
  groups(project: ProjectRef, query: ProjectGroupListQuery = {}, options?: RequestOptions): PagePromise<PublicGroup> {
    return this.paginate(path`projects/${project}/groups`, PublicGroup, { query, ...options });
  }

  /**
   * Lists the groups the project may be shared with: for a Maintainer of the project, the groups
   * the caller belongs to (administrators: all) but the project's own, its ancestors and those it is
   * shared with already; none while its group locks sharing. `GET /projects/:id/share_locations`
   *
   * @example
   * ```ts
   * const { items } = await gitlab.projects.shareLocations('acme/platform/api', { search: 'design' });
   * ```
   */
  shareLocations(
    project: ProjectRef,
    query: ShareLocationListQuery = {},
    options?: RequestOptions,
  ): PagePromise<PublicGroup> {
    return this.paginate(path`projects/${project}/share_locations`, PublicGroup, { query, ...options });
  }

  /**
   * Reads one project, with the caller's `permissions`. `GET /projects/:id`
   *
   * @example
   * ```ts
   * const project = await gitlab.projects.get('acme/api');
   * console.log(project.default_branch, project.permissions?.group_access?.access_level);
   * ```
   */
  get(project: ProjectRef, options?: RequestOptions): Promise<Project> {
    return this.request('GET', path`projects/${project}`, Project, options);
  }

  /**
   * Creates a project in the caller's personal namespace, or in the group `namespace_id` names
   * (Developer and up, the default project creation level). A visibility above the group's is
   * lowered to it; without `initialize_with_readme` the repository is empty. A personal project
   * counts against the caller's projects limit (403). `POST /projects`
   *
   * @example
   * ```ts
   * const group = await gitlab.groups.get('acme');
   * const project = await gitlab.projects.create({
   *   name: 'API',
   *   path: 'api',
   *   namespace_id: group.id,
   *   initialize_with_readme: true,
   *   merge_method: 'ff',
   * });
   * console.log(project.path_with_namespace, project.default_branch);
   * ```
   */
  create(body: ProjectCreate, options?: RequestOptions): Promise<Project> {
    return this.request('POST', 'projects', Project, { json: body, ...options });
  }

  /**
   * Creates a project for a user, in their personal namespace unless `namespace_id` says otherwise:
   * administrators only. The user becomes its Owner. `POST /projects/user/:user_id`
   *
   * @example
   * ```ts
   * const { items: [maria] } = await gitlab.users.list({ username: 'maria' });
   * if (maria) await gitlab.projects.createForUser(maria.id, { name: 'sandbox' });
   * ```
   */
  createForUser(userId: number, body: ProjectCreateForUser, options?: RequestOptions): Promise<Project> {
    return this.request('POST', path`projects/user/${userId}`, Project, { json: body, ...options });
  }

  /**
   * Changes a project's settings (Maintainer; renaming too): name, path (the project moves),
   * visibility (Owner), default branch (an existing one), merge settings and feature access levels.
   * `PUT /projects/:id`
   *
   * @example
   * ```ts
   * await gitlab.projects.update('acme/api', {
   *   merge_method: 'rebase_merge',
   *   only_allow_merge_if_pipeline_succeeds: true,
   *   issues_access_level: 'private',
   * });
   * ```
   */
  update(project: ProjectRef, body: ProjectUpdate, options?: RequestOptions): Promise<Project> {
    return this.request('PUT', path`projects/${project}`, Project, { json: body, ...options });
  }

  /**
   * Archives a project (Owner): it becomes read-only (issues, merge requests, labels, milestones,
   * branches, approvals...). Archiving an archived project is a 400. `POST /projects/:id/archive`
   *
   * @example
   * ```ts
   * const project = await gitlab.projects.archive('acme/legacy');
   * console.log(project.archived); // true
   * ```
   */
  archive(project: ProjectRef, options?: RequestOptions): Promise<Project> {
    return this.request('POST', path`projects/${project}/archive`, Project, options);
  }

  /**
   * Unarchives a project (Owner). `POST /projects/:id/unarchive`
   *
   * @example
   * ```ts
   * await gitlab.projects.unarchive('acme/legacy');
   * ```
   */
  unarchive(project: ProjectRef, options?: RequestOptions): Promise<Project> {
    return this.request('POST', path`projects/${project}/unarchive`, Project, options);
  }

  /**
   * Moves a project to another group or personal namespace, by id or full path (Owner of the
   * project; Maintainer of the target group). Its visibility is lowered to the target's; group labels
   * and milestones its issues and merge requests use become its own. `PUT /projects/:id/transfer`
   *
   * @example
   * ```ts
   * const moved = await gitlab.projects.transfer('acme/api', 'acme/platform');
   * console.log(moved.path_with_namespace); // acme/platform/api
   * ```
   */
  transfer(project: ProjectRef, namespace: string | number, options?: RequestOptions): Promise<Project> {
    return this.request('PUT', path`projects/${project}/transfer`, Project, { json: { namespace }, ...options });
  }

  /**
   * Shares a project with a group (Owner of the project, and a member of the group): the group's
   * members get at most `group_access` in the project, until `expires_at`. Refused (400) when the
   * project's group has `share_with_group_lock`. `POST /projects/:id/share`
   *
   * @example
   * ```ts
   * const link = await gitlab.projects.share('acme/api', { group_id: 9, group_access: 20 });
   * ```
   */
  share(project: ProjectRef, body: ShareWithGroup, options?: RequestOptions): Promise<ProjectGroupLink> {
    return this.request('POST', path`projects/${project}/share`, ProjectGroupLink, { json: body, ...options });
  }

  /**
   * Stops sharing a project with a group (Owner of the project or of the group).
   * `DELETE /projects/:id/share/:group_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.unshare('acme/api', 9);
   * ```
   */
  unshare(project: ProjectRef, groupId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/share/${groupId}`, null, options);
  }

  /**
   * Marks a project for deletion (Owner): it is archived, renamed `<path>-deletion_scheduled-<id>`
   * and removed after the instance's deletion delay (7 days by default) unless restored. A project
   * already marked is removed at once with `permanently_remove: true` and its current `full_path`.
   * `DELETE /projects/:id`
   *
   * @example
   * ```ts
   * await gitlab.projects.delete('acme/api');
   * const marked = await gitlab.projects.get('acme/api-deletion_scheduled-12');
   * await gitlab.projects.delete(marked.id, { permanently_remove: true, full_path: marked.path_with_namespace });
   * ```
   */
  delete(project: ProjectRef, query: ProjectDeleteQuery = {}, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}`, null, { query, ...options });
  }

  /**
   * Takes a project's deletion back (Owner): it is unarchived and gets its name and path again.
   * `POST /projects/:id/restore`
   *
   * @example
   * ```ts
   * const project = await gitlab.projects.restore(12);
   * console.log(project.path_with_namespace, project.archived); // acme/api false
   * ```
   */
  restore(project: ProjectRef, options?: RequestOptions): Promise<Project> {
    return this.request('POST', path`projects/${project}/restore`, Project, options);
  }
}

import * as z from 'zod/mini';
import { DateString, DateTimeString, type PaginationQuery, UserBasic } from './common.js';

/** Where a project lives, as GitLab nests it in a project (NamespaceBasic). */
export const ProjectNamespace = z.looseObject({
  /** The namespace's id: the group's id, or the user's personal namespace id. */
  id: z.int(),
  /** The group's name, or the user's name. */
  name: z.string(),
  /** The last segment of its path. */
  path: z.string(),
  /** `group` or `user`. */
  kind: z.string(),
  /** The full path, such as `acme/platform`. */
  full_path: z.string(),
  /** The parent group's id, or `null`. */
  parent_id: z.nullable(z.int()),
  /** The avatar's URL, or `null`. */
  avatar_url: z.nullable(z.string()),
  /** The namespace's page. */
  web_url: z.string(),
});
/**
 * Where a project lives (NamespaceBasic).
 * @interface
 */
export type ProjectNamespace = z.infer<typeof ProjectNamespace>;

/** A list query asking for the basic fields only (`simple: true`): such a list answers {@link BasicProject}s. */
export interface SimpleProjectsQuery {
  /** Only the basic fields of each project. */
  simple: true;
}

/** What a project list answers for a query: {@link BasicProject} with `simple: true`, else {@link Project}. */
export type ProjectOf<Q> = Q extends SimpleProjectsQuery ? BasicProject : Project;

/**
 * A project as `simple=true` lists answer it (GitLab's BasicProjectDetails entity).
 * `default_branch`, `readme_url` and `forks_count` are only sent to callers who may read
 * the repository.
 */
export const BasicProject = z.looseObject({
  /** The project's id. */
  id: z.int(),
  /** The description, or `null`. */
  description: z.nullable(z.string()),
  /** The name. */
  name: z.string(),
  /** `Acme / Platform / API`: the names of its namespaces and its own. */
  name_with_namespace: z.string(),
  /** The last segment of its path. */
  path: z.string(),
  /** The full path, such as `acme/platform/api`: what the SDK's `project` arguments take. */
  path_with_namespace: z.string(),
  /** When it was created. */
  created_at: DateTimeString,
  /** The default branch (only for callers who may read the repository). */
  default_branch: z.optional(z.nullable(z.string())),
  /** The topics (the deprecated name of `topics`). */
  tag_list: z.optional(z.array(z.string())),
  /** The topics. */
  topics: z.optional(z.array(z.string())),
  /** The repository's SSH clone URL. */
  ssh_url_to_repo: z.string(),
  /** The repository's HTTP clone URL. */
  http_url_to_repo: z.string(),
  /** The project's page. */
  web_url: z.string(),
  /** The README's page, or `null` (only for callers who may read the repository). */
  readme_url: z.optional(z.nullable(z.string())),
  /** Forks of it (only for callers who may read the repository). */
  forks_count: z.optional(z.int()),
  /** The avatar's URL, or `null`. */
  avatar_url: z.nullable(z.string()),
  /** How many users starred it. */
  star_count: z.int(),
  /** When something last happened in it. */
  last_activity_at: DateTimeString,
  /** Its group or personal namespace. */
  namespace: ProjectNamespace,
});
/**
 * A project as `simple=true` lists answer it (BasicProjectDetails).
 * @interface
 */
export type BasicProject = z.infer<typeof BasicProject>;

/** A caller's membership as a project shows it (ProjectAccess, GroupAccess). */
export const MemberAccess = z.looseObject({
  /** The role number: 10 Guest ... 50 Owner. */
  access_level: z.int(),
  /** The notification level (3: global). */
  notification_level: z.nullable(z.int()),
});
/**
 * A caller's membership as a project shows it.
 * @interface
 */
export type MemberAccess = z.infer<typeof MemberAccess>;

/** The caller's memberships behind a project: its own, and its group's (highest in the group chain). */
export const ProjectPermissions = z.looseObject({
  /** A direct membership of the project, or `null`. */
  project_access: z.nullable(MemberAccess),
  /** The highest membership of the project's group or its ancestors, or `null`. */
  group_access: z.nullable(MemberAccess),
});
/**
 * The caller's memberships behind a project.
 * @interface
 */
export type ProjectPermissions = z.infer<typeof ProjectPermissions>;

/**
 * A project (GitLab's Project entity; `GET /projects` and `GET /projects/:id` add the
 * caller's `permissions`). Only the most used of GitLab's many fields are typed; the
 * others are kept as sent.
 */
export const Project = z.extend(BasicProject, {
  /** The repository is empty. */
  empty_repo: z.optional(z.boolean()),
  /** Archived: read-only. */
  archived: z.boolean(),
  /** `private`, `internal` or `public`. */
  visibility: z.literal(['private', 'internal', 'public']),
  /** The owner of a personal project (absent for a group's project). */
  owner: z.optional(UserBasic),
  /** Issues are enabled for the caller. */
  issues_enabled: z.optional(z.boolean()),
  /** Merge requests are enabled for the caller. */
  merge_requests_enabled: z.optional(z.boolean()),
  /** Opened issues (when issues are enabled). */
  open_issues_count: z.optional(z.int()),
  /** The caller's memberships (`GET /projects` and `GET /projects/:id` only). */
  permissions: z.optional(ProjectPermissions),
  /**
   * `YYYY-MM-DD`: the day the project was marked for deletion (`DELETE /projects/:id`, which also
   * archives and renames it); removed after the deletion delay unless restored. `null`: not marked.
   */
  marked_for_deletion_at: z.optional(z.nullable(DateString)),
  /** The same date as `marked_for_deletion_at`, under the name GitLab's groups use. */
  marked_for_deletion_on: z.optional(z.nullable(DateString)),
});
/**
 * A project (GitLab's Project entity).
 * @interface
 */
export type Project = z.infer<typeof Project>;

/** What both project lists filter on. */
export interface ProjectFilterQuery extends PaginationQuery {
  /** Only projects the caller is the Owner of. */
  owned?: boolean;
  /** Projects whose name, path or description contains this (case-insensitive). */
  search?: string;
  /** Only projects of this visibility. */
  visibility?: 'private' | 'internal' | 'public';
  /** Archived projects only (`true`) or unarchived only (`false`); both when absent. */
  archived?: boolean;
  /** Only projects where the caller has at least this role. */
  min_access_level?: number;
  /** `id`, `name`, `path`, `created_at` (default), `updated_at`, `last_activity_at`, `similarity` (with `search`). */
  order_by?: 'id' | 'name' | 'path' | 'created_at' | 'updated_at' | 'last_activity_at' | 'similarity';
  /** `asc` or `desc` (default). */
  sort?: 'asc' | 'desc';
  /** Answer GitLab's BasicProjectDetails (fewer fields) instead of the whole project. */
  simple?: boolean;
}

/** Query of `GET /projects`. */
export interface ProjectListQuery extends ProjectFilterQuery {
  /** Only projects the caller is a member of (directly or through a group). */
  membership?: boolean;
  /** `search` matches the namespace's path too. */
  search_namespaces?: boolean;
  /** Only projects the caller starred. */
  starred?: boolean;
  /** `keyset`: pages follow the `Link` header (needs `order_by: 'id'`); no totals. */
  pagination?: 'keyset';
  /** Only projects with a greater id (the keyset cursor when ascending). */
  id_after?: number;
  /** Only projects with a smaller id (the keyset cursor when descending). */
  id_before?: number;
}

/** Query of `GET /groups/:id/projects`. */
export interface GroupProjectListQuery extends ProjectFilterQuery {
  /** Include the projects of the group's subgroups, at every depth. */
  include_subgroups?: boolean;
}

/** Options of `DELETE /projects/:id`. */
export interface ProjectDeleteQuery {
  /** Remove a project already marked for deletion now, instead of after the deletion delay (needs `full_path`). */
  permanently_remove?: boolean;
  /** With `permanently_remove`: the marked project's full path as it is now (`acme/api-deletion_scheduled-12`). */
  full_path?: string;
}

import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import {
  DateString,
  DateTimeString,
  type PaginationQuery,
  ProjectIdentity,
  ProjectNamespace,
  UserBasic,
} from './common.js';
import { SharedGroup } from './groups.js';

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
export const BasicProject = /* @__PURE__ */ lazySchema(() =>
  z.extend(ProjectIdentity, {
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
  }),
);
/**
 * A project as `simple=true` lists answer it (BasicProjectDetails).
 * @interface
 */
export type BasicProject = z.infer<typeof BasicProject>;

/** A caller's membership as a project shows it (ProjectAccess, GroupAccess). */
export const MemberAccess = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The role number: 10 Guest ... 50 Owner. */
    access_level: z.int(),
    /** The notification level (3: global). */
    notification_level: z.nullable(z.int()),
  }),
);
/**
 * A caller's membership as a project shows it.
 * @interface
 */
export type MemberAccess = z.infer<typeof MemberAccess>;

/** The caller's memberships behind a project: its own, and its group's (highest in the group chain). */
export const ProjectPermissions = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** A direct membership of the project, or `null`. */
    project_access: z.nullable(MemberAccess),
    /** The highest membership of the project's group or its ancestors, or `null`. */
    group_access: z.nullable(MemberAccess),
  }),
);
/**
 * The caller's memberships behind a project.
 * @interface
 */
export type ProjectPermissions = z.infer<typeof ProjectPermissions>;

/**
 * A project's `_links`: the API URLs of its resources. `issues` and `merge_requests` are there only
 * when the caller may use the feature; `cluster_agents` is left out by older versions.
 */
export const ProjectLinks = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The project itself: `/api/v4/projects/:id` on the instance. */
    self: z.string(),
    /** Its issues, when the feature is on and the caller may read them. */
    issues: z.optional(z.string()),
    /** Its merge requests, when the feature is on and the caller may read them. */
    merge_requests: z.optional(z.string()),
    /** Its branches: the project's URL and `/repository/branches`. */
    repo_branches: z.string(),
    /** Its labels. */
    labels: z.string(),
    /** Its events. */
    events: z.string(),
    /** Its members. */
    members: z.string(),
    /** Its Kubernetes agents (left out by older versions). */
    cluster_agents: z.optional(z.string()),
  }),
);
/**
 * A project's `_links`: the API URLs of its resources.
 * @interface
 */
export type ProjectLinks = z.infer<typeof ProjectLinks>;

/** A project's storage figures, in bytes, and its commit count (GitLab's ProjectStatistics entity). */
export const ProjectStatistics = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Commits in the default branch. */
    commit_count: z.number(),
    /** Everything together. */
    storage_size: z.number(),
    /** The repository. */
    repository_size: z.number(),
    /** The wiki. */
    wiki_size: z.number(),
    /** Git LFS objects. */
    lfs_objects_size: z.number(),
    /** Job artifacts. */
    job_artifacts_size: z.number(),
    /** Pipeline artifacts. */
    pipeline_artifacts_size: z.number(),
    /** Packages. */
    packages_size: z.number(),
    /** Snippets. */
    snippets_size: z.number(),
    /** Uploads. */
    uploads_size: z.number(),
    /** The container registry. */
    container_registry_size: z.number(),
  }),
);
/**
 * A project's storage figures and commit count.
 * @interface
 */
export type ProjectStatistics = z.infer<typeof ProjectStatistics>;

/**
 * A project (GitLab's Project entity; `GET /projects` and `GET /projects/:id` add the
 * caller's `permissions`). Only the most used of GitLab's many fields are typed; the
 * others are kept as sent.
 */
export const Project = /* @__PURE__ */ lazySchema(() =>
  z.extend(BasicProject, {
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
    /** The container registry is enabled for the caller. */
    container_registry_enabled: z.optional(z.boolean()),
    /** Opened issues (when issues are enabled). */
    open_issues_count: z.optional(z.int()),
    /** How merge requests are merged: `merge`, `rebase_merge` or `ff`. */
    merge_method: z.optional(z.string()),
    /** Issues a merged merge request references are closed. */
    autoclose_referenced_issues: z.optional(z.boolean()),
    /** The repository's object format: `sha1` or `sha256`. */
    repository_object_format: z.optional(z.string()),
    /** Squashing when merging: `never`, `always`, `default_on` or `default_off`. */
    squash_option: z.optional(z.string()),
    /** Merge requests merge only when their pipeline succeeded. */
    only_allow_merge_if_pipeline_succeeds: z.optional(z.boolean()),
    /** Merge requests merge only when every thread is resolved. */
    only_allow_merge_if_all_discussions_are_resolved: z.optional(z.boolean()),
    /** A skipped pipeline counts as a succeeded one. */
    allow_merge_on_skipped_pipeline: z.optional(z.boolean()),
    /** The source branch is removed by default when a merge request is merged. */
    remove_source_branch_after_merge: z.optional(z.boolean()),
    /** Git LFS is enabled. */
    lfs_enabled: z.optional(z.boolean()),
    /** Users may ask to join. */
    request_access_enabled: z.optional(z.boolean()),
    /** Issues: `disabled`, `private` (members only) or `enabled`. */
    issues_access_level: z.optional(z.string()),
    /** The repository: `disabled`, `private` or `enabled`. */
    repository_access_level: z.optional(z.string()),
    /** Merge requests: `disabled`, `private` (Reporters and up) or `enabled`. */
    merge_requests_access_level: z.optional(z.string()),
    /** Who created the project (its user id), or `null`. */
    creator_id: z.optional(z.nullable(z.int())),
    /** The repository storage shard (administrators only). */
    repository_storage: z.optional(z.string()),
    /** Releases: `disabled`, `private` or `enabled`. */
    releases_access_level: z.optional(z.string()),
    /** Service Desk is on (it needs the instance's incoming email). */
    service_desk_enabled: z.optional(z.boolean()),
    /** The Service Desk email address, or `null` (Planners and Reporters up). */
    service_desk_address: z.optional(z.nullable(z.string())),
    /** Where the project was imported from, or `null` (Maintainers up). */
    import_url: z.optional(z.nullable(z.string())),
    /** The importer used, or `null` (Maintainers up). */
    import_type: z.optional(z.nullable(z.string())),
    /** `none`, `scheduled`, `started`, `finished` or `failed`. */
    import_status: z.optional(z.string()),
    /** Why the import failed, or `null` (Maintainers up: `GET /projects/:id`, create and update). */
    import_error: z.optional(z.nullable(z.string())),
    /** Links to the project's API resources. */
    _links: z.optional(ProjectLinks),
    /** Storage figures, with `statistics: true` to Reporters and up. */
    statistics: z.optional(ProjectStatistics),
    /** The caller's memberships (`GET /projects` and `GET /projects/:id` only). */
    permissions: z.optional(ProjectPermissions),
    /** The groups the project is shared with (those you can see). */
    shared_with_groups: z.optional(z.array(SharedGroup)),
    /**
     * `YYYY-MM-DD`: the day the project was marked for deletion (`DELETE /projects/:id`, which also
     * archives and renames it); removed after the deletion delay unless restored. `null`: not marked.
     */
    marked_for_deletion_at: z.optional(z.nullable(DateString)),
    /** The same date as `marked_for_deletion_at`, under the name GitLab's groups use. */
    marked_for_deletion_on: z.optional(z.nullable(DateString)),
    /** The description rendered as HTML (an empty string when there is none). */
    description_html: z.optional(z.string()),
    /** When the project last changed. */
    updated_at: z.optional(DateTimeString),
    /** The container registry's image prefix, `registry.example.com/acme/api` (only when the instance runs a registry). */
    container_registry_image_prefix: z.optional(z.string()),
    /** The caller may open merge requests into this project. */
    can_create_merge_request_in: z.optional(z.boolean()),
    /** Merge request diff threads on lines a push changes are resolved automatically. */
    resolve_outdated_diff_discussions: z.optional(z.nullable(z.boolean())),
    /** Notification emails are off for the project (the opposite of `emails_enabled`). */
    emails_disabled: z.optional(z.boolean()),
    /** Notification emails are on for the project (and its namespaces). */
    emails_enabled: z.optional(z.boolean()),
    /** Notification emails about merge request comments include a diff preview. */
    show_diff_preview_in_email: z.optional(z.boolean()),
    /** Job logs and artifacts are visible to everyone who can read the project. */
    public_jobs: z.optional(z.boolean()),
    /** Warn about potentially unwanted (bidirectional) characters in files and diffs. */
    warn_about_potentially_unwanted_characters: z.optional(z.boolean()),
    /** CI: how many commits a job's shallow clone fetches (Maintainers up). */
    ci_default_git_depth: z.optional(z.nullable(z.int())),
    /** CI: outdated deployment jobs are prevented (Maintainers up). */
    ci_forward_deployment_enabled: z.optional(z.nullable(z.boolean())),
    /** CI: rollback deployments of outdated jobs are allowed (Maintainers up). */
    ci_forward_deployment_rollback_allowed: z.optional(z.boolean()),
    /** CI: pipelines of forks may run in this project (Maintainers up). */
    ci_allow_fork_pipelines_to_run_in_parent_project: z.optional(z.boolean()),
    /** CI: caches are separated by the protection of their branch (Maintainers up). */
    ci_separated_caches: z.optional(z.boolean()),
    /** CI: the latest successful pipeline's artifacts are kept (Maintainers up). */
    keep_latest_artifact: z.optional(z.boolean()),
    /** CI: only some roles may override pipeline variables (Maintainers up). */
    restrict_user_defined_variables: z.optional(z.boolean()),
    /** CI: the lowest role that may override pipeline variables: `no_one_allowed`, `developer`, `maintainer` or `owner` (Maintainers up). */
    ci_pipeline_variables_minimum_override_role: z.optional(z.string()),
    /** CI: the group's runners may run the project's jobs (Maintainers up). */
    group_runners_enabled: z.optional(z.boolean()),
    /** CI: the default process mode of resource groups, such as `unordered` (Maintainers up). */
    resource_group_default_process_mode: z.optional(z.string()),
  }),
);
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
  /**
   * `id`, `name`, `path`, `created_at` (default: GitLab orders it by `id`), `updated_at`, `last_activity_at`,
   * `similarity` (with `search`), `star_count`.
   */
  order_by?: 'id' | 'name' | 'path' | 'created_at' | 'updated_at' | 'last_activity_at' | 'similarity' | 'star_count';
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
  /** `true`: only projects neither archived nor marked for deletion; `false`: only those that are either. */
  active?: boolean;
  /** Only projects whose issues the caller may use. */
  with_issues_enabled?: boolean;
  /** Only projects whose merge requests the caller may use. */
  with_merge_requests_enabled?: boolean;
  /** Only projects last updated before this time (ISO 8601); needs `order_by: 'updated_at'`. */
  updated_before?: string;
  /** Only projects last updated after this time (ISO 8601); needs `order_by: 'updated_at'`. */
  updated_after?: string;
  /** Only projects marked for deletion on this day (`YYYY-MM-DD`). */
  marked_for_deletion_on?: string;
  /** Only projects that have every one of these topics (comma-separated names). */
  topic?: string;
  /** Only projects with the topic of this id. */
  topic_id?: number;
  /** Add each project's `statistics` (to Reporters and up). */
  statistics?: boolean;
}

/**
 * Query of `GET /users/:user_id/projects`: the filters of `GET /projects` but `owned` and `membership`
 * (the list is the user's personal projects; an administrator's `min_access_level` changes nothing).
 */
export type UserProjectListQuery = Omit<ProjectListQuery, 'owned' | 'membership'>;

/** Query of `GET /groups/:id/projects`. */
export interface GroupProjectListQuery extends ProjectFilterQuery {
  /** Include the projects of the group's subgroups, at every depth. */
  include_subgroups?: boolean;
}

/** A project feature's access level: off, members only (`private`), or whoever reads the project (`enabled`). */
export type FeatureAccessLevel = 'disabled' | 'private' | 'enabled';

/** The settings `POST /projects` and `PUT /projects/:id` both take (GitLab's `optional_project_params`; the mock models these). */
export interface ProjectSettingsBody {
  /** The description. */
  description?: string;
  /** `private` (default), `internal` or `public`; a group's project is never more visible than the group. */
  visibility?: 'private' | 'internal' | 'public';
  /** How merge requests are merged. */
  merge_method?: 'merge' | 'rebase_merge' | 'ff';
  /** Squashing when merging. */
  squash_option?: 'never' | 'always' | 'default_on' | 'default_off';
  /** Merge only when the pipeline succeeded. */
  only_allow_merge_if_pipeline_succeeds?: boolean;
  /** Merge only when every thread is resolved. */
  only_allow_merge_if_all_discussions_are_resolved?: boolean;
  /** A skipped pipeline counts as a succeeded one. */
  allow_merge_on_skipped_pipeline?: boolean;
  /** Remove the source branch by default when merging. */
  remove_source_branch_after_merge?: boolean;
  /** The approval configuration's deprecated approvals count (Premium). */
  approvals_before_merge?: number;
  /** Enable Git LFS. */
  lfs_enabled?: boolean;
  /** Let users ask to join. */
  request_access_enabled?: boolean;
  /** Deprecated: use `package_registry_access_level`. */
  packages_enabled?: boolean;
  /** Let instance runners run the project's jobs. */
  shared_runners_enabled?: boolean;
  /** The CI configuration file's path. */
  ci_config_path?: string;
  /** Resolve diff threads on lines a push changes. */
  resolve_outdated_diff_discussions?: boolean;
  /** Close the issues a merged merge request references (default true). */
  autoclose_referenced_issues?: boolean;
  /** Deprecated: use `container_registry_access_level` (`enabled` or `disabled`). */
  container_registry_enabled?: boolean;
  /** Issues: `disabled`, `private` or `enabled`. */
  issues_access_level?: FeatureAccessLevel;
  /** The repository (and with it merge requests): `disabled`, `private` or `enabled`. */
  repository_access_level?: FeatureAccessLevel;
  /** Merge requests: `disabled`, `private` or `enabled`. */
  merge_requests_access_level?: FeatureAccessLevel;
  /** Forks. */
  forking_access_level?: FeatureAccessLevel;
  /** The wiki. */
  wiki_access_level?: FeatureAccessLevel;
  /** CI/CD jobs. */
  builds_access_level?: FeatureAccessLevel;
  /** Snippets. */
  snippets_access_level?: FeatureAccessLevel;
  /** Pages (`public` too). */
  pages_access_level?: FeatureAccessLevel | 'public';
  /** Analytics. */
  analytics_access_level?: FeatureAccessLevel;
  /** The container registry. */
  container_registry_access_level?: FeatureAccessLevel;
  /** Security and compliance. */
  security_and_compliance_access_level?: FeatureAccessLevel;
  /** Releases. */
  releases_access_level?: FeatureAccessLevel;
  /** Environments. */
  environments_access_level?: FeatureAccessLevel;
  /** Feature flags. */
  feature_flags_access_level?: FeatureAccessLevel;
  /** Infrastructure. */
  infrastructure_access_level?: FeatureAccessLevel;
  /** Monitor. */
  monitor_access_level?: FeatureAccessLevel;
  /** Model experiments. */
  model_experiments_access_level?: FeatureAccessLevel;
  /** The model registry. */
  model_registry_access_level?: FeatureAccessLevel;
  /** The package registry (`public` too). */
  package_registry_access_level?: FeatureAccessLevel | 'public';
  /** Requirements (Ultimate). */
  requirements_access_level?: FeatureAccessLevel;
}

/** Body of `POST /projects`: a `name` or a `path` (the other is derived from it). */
export interface ProjectCreate extends ProjectSettingsBody {
  /** The name; default the path. */
  name?: string;
  /** The path; default the name, made a path. */
  path?: string;
  /** The group (or personal namespace) id to create it in; default the caller's personal namespace. */
  namespace_id?: number;
  /** The default branch, created with a README when `initialize_with_readme` is set. */
  default_branch?: string;
  /** Create the default branch with a README; without it the repository is empty. */
  initialize_with_readme?: boolean;
  /** Topic names (replacing the deprecated `tag_list`). */
  topics?: string[];
  /** The repository's object format: `sha1` (default) or `sha256`. */
  repository_object_format?: 'sha1' | 'sha256';
}

/** Body of `POST /projects/user/:user_id`: the name is required. */
export interface ProjectCreateForUser extends ProjectCreate {
  /** The name. */
  name: string;
}

/** Body of `PUT /projects/:id`: at least one field. */
export interface ProjectUpdate extends ProjectSettingsBody {
  /** A new name (Maintainer). */
  name?: string;
  /** A new path: the project moves to `namespace/path`. */
  path?: string;
  /** A new default branch; it must exist. */
  default_branch?: string;
}

/** Options of `DELETE /projects/:id`. */
export interface ProjectDeleteQuery {
  /** Remove a project already marked for deletion now, instead of after the deletion delay (needs `full_path`). */
  permanently_remove?: boolean;
  /** With `permanently_remove`: the marked project's full path as it is now (`acme/api-deletion_scheduled-12`). */
  full_path?: string;
}

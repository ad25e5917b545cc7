import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { DateString, DateTimeString, type PaginationQuery, ProjectIdentity } from './common.js';

/** A group's storage statistics (administrators only, with `statistics: true`). */
export const GroupStatistics = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Everything the group stores, in bytes. */
    storage_size: z.number(),
    /** Repositories, in bytes. */
    repository_size: z.number(),
    /** Wikis, in bytes. */
    wiki_size: z.number(),
    /** LFS objects, in bytes. */
    lfs_objects_size: z.number(),
    /** Job artifacts, in bytes. */
    job_artifacts_size: z.number(),
  }),
);
/**
 * A group's storage statistics.
 * @interface
 */
export type GroupStatistics = z.infer<typeof GroupStatistics>;

/** A group or subgroup, as lists show it (GitLab's Group entity). */
export const Group = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The group's id: what every `group` parameter of the SDK takes, besides its full path. */
    id: z.int(),
    /** The group's page. */
    web_url: z.string(),
    /** The name. */
    name: z.string(),
    /** The last segment of its path. */
    path: z.string(),
    /** The description (may be empty). */
    description: z.nullable(z.string()),
    /** `private`, `internal` or `public`. */
    visibility: z.literal(['private', 'internal', 'public']),
    /** Whether projects in it may be shared only with its own groups. */
    share_with_group_lock: z.optional(z.boolean()),
    /** Whether members must use two-factor authentication. */
    require_two_factor_authentication: z.optional(z.boolean()),
    /** Who may create projects in it: `noone`, `owner`, `maintainer` or `developer`. */
    project_creation_level: z.optional(z.string()),
    /** Who may create subgroups in it: `owner` or `maintainer`. */
    subgroup_creation_level: z.optional(z.string()),
    /** Whether users may request access to it. */
    request_access_enabled: z.optional(z.boolean()),
    /** Whether it is archived, by itself or through an ancestor (newer GitLab versions only). */
    archived: z.optional(z.boolean()),
    /** The avatar's URL, or `null`. */
    avatar_url: z.nullable(z.string()),
    /** The names from the top-level group down: `Acme / Platform`. */
    full_name: z.string(),
    /** The full path: `acme/platform`. */
    full_path: z.string(),
    /** When it was created (newer GitLab versions only). */
    created_at: z.optional(DateTimeString),
    /** The parent group's id; `null` for a top-level group. */
    parent_id: z.nullable(z.int()),
    /** Storage statistics: administrators only, when asked for. */
    statistics: z.optional(GroupStatistics),
    /**
     * `YYYY-MM-DD`: the day the group was marked for deletion (`DELETE /groups/:id`); it is removed
     * after the instance's deletion delay (7 days by default) unless restored. `null`: not marked.
     */
    marked_for_deletion_on: z.optional(z.nullable(DateString)),
  }),
);
/**
 * A group or subgroup (GitLab's Group entity).
 * @interface
 */
export type Group = z.infer<typeof Group>;

/** A project as a group's details embed it (the leading fields of GitLab's Project entity). */
export const GroupProject = /* @__PURE__ */ lazySchema(() =>
  z.extend(ProjectIdentity, {
    /** The default branch, or `null` for an empty repository. */
    default_branch: z.nullable(z.string()),
    /** The project's page. */
    web_url: z.string(),
    /** `private`, `internal` or `public` (absent from some GitLab versions). */
    visibility: z.optional(z.string()),
  }),
);
/**
 * A project as a group's details embed it.
 * @interface
 */
export type GroupProject = z.infer<typeof GroupProject>;

/** A group as `GET /projects/:id/groups` lists it (GitLab's PublicGroupDetails entity). */
export const PublicGroup = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The group's id. */
    id: z.int(),
    /** The group's page. */
    web_url: z.string(),
    /** The name. */
    name: z.string(),
    /** The avatar's URL, or `null`. */
    avatar_url: z.nullable(z.string()),
    /** The names of the group and its ancestors, `Acme / Platform`. */
    full_name: z.string(),
    /** The full path, `acme/platform`. */
    full_path: z.string(),
  }),
);
/**
 * A group as `GET /projects/:id/groups` lists it.
 * @interface
 */
export type PublicGroup = z.infer<typeof PublicGroup>;

/** Query of `GET /projects/:id/groups`. */
export interface ProjectGroupListQuery extends PaginationQuery {
  /** Only groups whose name or path contains this (any case). */
  search?: string;
  /** Leave out the groups of these ids. */
  skip_groups?: number[];
  /** Add the groups the project is shared with. */
  with_shared?: boolean;
  /** Of the shared groups, only those the caller may see (public, internal, or a member's). */
  shared_visible_only?: boolean;
  /** Of the shared groups, only those shared with at least this role (10 Guest ... 50 Owner). */
  shared_min_access_level?: number;
}

/** Query of `GET /projects/:id/share_locations`. */
export interface ShareLocationListQuery extends PaginationQuery {
  /** Only groups whose name or full path contains this (any case). */
  search?: string;
}

/** A group a group or project is shared with (GitLab's SharedGroupWithGroup and SharedGroupWithProject entities). */
export const SharedGroup = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The invited group's id. */
    group_id: z.int(),
    /** The invited group's name. */
    group_name: z.string(),
    /** The invited group's full path. */
    group_full_path: z.string(),
    /** The highest role its members get: 10 Guest ... 50 Owner. */
    group_access_level: z.int(),
    /** `YYYY-MM-DD` on which the share ends, or `null`. */
    expires_at: z.nullable(z.string()),
  }),
);
/**
 * A group a group or project is shared with.
 * @interface
 */
export type SharedGroup = z.infer<typeof SharedGroup>;

/** A project's share with a group, as `POST /projects/:id/share` answers it (GitLab's ProjectGroupLink entity). */
export const ProjectGroupLink = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The share's id. */
    id: z.int(),
    /** The project's id. */
    project_id: z.int(),
    /** The invited group's id. */
    group_id: z.int(),
    /** The highest role the group's members get in the project: 10 Guest ... 50 Owner. */
    group_access: z.int(),
    /** `YYYY-MM-DD` on which the share ends, or `null`. */
    expires_at: z.nullable(z.string()),
  }),
);
/**
 * A project's share with a group.
 * @interface
 */
export type ProjectGroupLink = z.infer<typeof ProjectGroupLink>;

/** One group, as `GET /groups/:id` answers it (GitLab's GroupDetail entity). */
export const GroupDetail = /* @__PURE__ */ lazySchema(() =>
  z.extend(Group, {
    /** The groups this group is shared with (those you can see). */
    shared_with_groups: z.optional(z.array(SharedGroup)),
    /** The registration token of the group's runners: only for those who administer the group. */
    runners_token: z.optional(z.string()),
    /** Its own projects the caller may see, at most 100; absent with `with_projects: false`. */
    projects: z.optional(z.array(GroupProject)),
    /** Projects shared with the group; absent with `with_projects: false`. */
    shared_projects: z.optional(z.array(GroupProject)),
  }),
);
/**
 * One group, with its projects unless left out (GroupDetail).
 * @interface
 */
export type GroupDetail = z.infer<typeof GroupDetail>;

/** Filters and order of `GET /groups`, `/groups/:id/subgroups` and `/groups/:id/descendant_groups`. */
export interface GroupListQuery extends PaginationQuery {
  /**
   * Also list every group open to you (public, and internal ones), not only those around
   * your memberships. Default `false`, `true` for administrators (who then get every group).
   */
  all_available?: boolean;
  /** Only groups you are a direct Owner of. */
  owned?: boolean;
  /** Only groups where you are a direct member with at least this role, and their subgroups. */
  min_access_level?: 10 | 15 | 20 | 30 | 40 | 50;
  /** Matches the path or name (on `GET /groups`, the full path or full name). */
  search?: string;
  /** Only top-level groups. */
  top_level_only?: boolean;
  /** Only groups of this visibility. */
  visibility?: 'private' | 'internal' | 'public';
  /** Leave out these group ids. */
  skip_groups?: number[];
  /** `name` (default), `path`, `id`, or `similarity` to the `search` (by name without one). */
  order_by?: 'name' | 'path' | 'id' | 'similarity';
  /** `asc` (default) or `desc`. */
  sort?: 'asc' | 'desc';
  /** Add storage statistics (administrators only; ignored for anyone else). */
  statistics?: boolean;
}

/** Options of `GET /groups/:id`. */
export interface GroupGetQuery {
  /** `false` leaves out `projects` and `shared_projects`. Default `true`. */
  with_projects?: boolean;
}

/** The settings `POST /groups` and `PUT /groups/:id` take (GitLab's `optional_params`). */
export interface GroupSettings {
  /** The description. */
  description?: string;
  /** `private` (the default for a new group), `internal` or `public`; never more visible than the parent, nor less than a subgroup or project. */
  visibility?: 'private' | 'internal' | 'public';
  /** Projects in it may not be shared with other groups; subgroups of a locked group are locked too. */
  share_with_group_lock?: boolean;
  /** Who may create projects in it (default `developer`). */
  project_creation_level?: 'noone' | 'owner' | 'maintainer' | 'developer' | 'administrator';
  /** Who may create subgroups in it (default `maintainer`). */
  subgroup_creation_level?: 'owner' | 'maintainer';
  /** Whether users may request access (default `true`). */
  request_access_enabled?: boolean;
}

/** The body of `POST /groups`. */
export interface GroupCreate extends GroupSettings {
  /** The name. */
  name: string;
  /** The path (the last segment of its full path). */
  path: string;
  /** The parent group's id, for a subgroup. */
  parent_id?: number;
}

/** The body of `PUT /groups/:id`: only what is given changes. */
export interface GroupUpdate extends GroupSettings {
  /** A new name. */
  name?: string;
  /** A new path: the full paths of every subgroup and project below change with it. */
  path?: string;
}

/** The body of `POST /groups/:id/share` and `POST /projects/:id/share`. */
export interface ShareWithGroup {
  /** The id of the group to share with. */
  group_id: number;
  /** The highest role its members get: 10 Guest ... 50 Owner. */
  group_access: 10 | 15 | 20 | 30 | 40 | 50;
  /** `YYYY-MM-DD` on which the share ends. */
  expires_at?: string;
}

/** Filters of `GET /groups/:id/milestones`. */
export interface GroupMilestoneListQuery extends PaginationQuery {
  /** Only these group-scoped ids (ignored with `include_ancestors`). */
  iids?: number[];
  /** `active`, `closed` or `all` (the default). */
  state?: 'active' | 'closed' | 'all';
  /** Exact, case-sensitive title. */
  title?: string;
  /** Matches title or description. */
  search?: string;
  /** Also list the milestones of the group's ancestors you may see. */
  include_ancestors?: boolean;
  /** @deprecated Use `include_ancestors`; the two are mutually exclusive. */
  include_parent_milestones?: boolean;
  /** Also list the milestones of its subgroups and of the projects in them you may see. */
  include_descendants?: boolean;
  /** ISO 8601 date-time: only milestones updated at or before it. */
  updated_before?: string;
  /** ISO 8601 date-time: only milestones updated at or after it. */
  updated_after?: string;
}

/** Options of `DELETE /groups/:id`. */
export interface GroupDeleteQuery {
  /** Remove a subgroup already marked for deletion now, instead of after the deletion delay (needs `full_path`). */
  permanently_remove?: boolean;
  /** With `permanently_remove`: the marked subgroup's full path as it is now (`acme/old-deletion_scheduled-7`). */
  full_path?: string;
}

import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { DateString, DateTimeString, type PaginationQuery, UserBasic } from './common.js';

/** A milestone of a project or of a group (`gitlab.groups.milestones`, and `include_ancestors` lists). */
export const Milestone = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The milestone's id, unique in the instance: the `milestoneId` of the SDK's methods. */
    id: z.int(),
    /** Its number within the project (or group), as shown in GitLab: what the `iids` filter takes. */
    iid: z.int(),
    /** The project's id (project milestones only). */
    project_id: z.optional(z.int()),
    /** The group's id (group milestones only). */
    group_id: z.optional(z.int()),
    /** The title, unique in its project and the project's groups, or in its group and the group's projects. */
    title: z.string(),
    /** The description, in Markdown, or `null`. */
    description: z.nullable(z.string()),
    /** `active` or `closed`. */
    state: z.literal(['active', 'closed']),
    /** When it was created. */
    created_at: DateTimeString,
    /** When it last changed. */
    updated_at: DateTimeString,
    /** `YYYY-MM-DD`, or `null`. */
    due_date: z.nullable(DateString),
    /** `YYYY-MM-DD`, or `null`. */
    start_date: z.nullable(DateString),
    /** True when the due date is before today. */
    expired: z.boolean(),
    /** The milestone's page (newer GitLab versions only). */
    web_url: z.optional(z.string()),
  }),
);
/**
 * A milestone of a project or of a group.
 * @interface
 */
export type Milestone = z.infer<typeof Milestone>;

/** An issue of a milestone, as `GET /projects/:id/milestones/:milestone_id/issues` lists it (IssueBasic). */
export const MilestoneIssue = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The issue's id, unique in the instance. */
    id: z.int(),
    /** Its number within the project (`#12`). */
    iid: z.int(),
    /** The project's id. */
    project_id: z.int(),
    /** The title. */
    title: z.string(),
    /** The description, in Markdown, or `null`. */
    description: z.nullable(z.string()),
    /** `opened` or `closed`. */
    state: z.literal(['opened', 'closed']),
    /** When it was created. */
    created_at: DateTimeString,
    /** When it last changed. */
    updated_at: DateTimeString,
    /** When it was closed, or `null`. */
    closed_at: z.nullable(DateTimeString),
    /** Who closed it, or `null`. */
    closed_by: z.nullable(UserBasic),
    /** Label names. */
    labels: z.array(z.string()),
    /** Its milestone. */
    milestone: z.nullable(Milestone),
    /** The users it is assigned to. */
    assignees: z.array(UserBasic),
    /** Who opened it. */
    author: UserBasic,
    /** The first assignee, or `null` (deprecated by GitLab: use `assignees`). */
    assignee: z.nullable(UserBasic),
    /** Only visible to Reporters and up, and to its author and assignees. */
    confidential: z.boolean(),
    /** `YYYY-MM-DD`, or `null`. */
    due_date: z.nullable(DateString),
    /** Its weight, or `null`; only in Premium and Ultimate projects, where issue weights are licensed. */
    weight: z.optional(z.nullable(z.int())),
    /** The issue's page. */
    web_url: z.string(),
  }),
);
/**
 * An issue of a milestone (IssueBasic).
 * @interface
 */
export type MilestoneIssue = z.infer<typeof MilestoneIssue>;

/** A merge request of a milestone, as `GET /projects/:id/milestones/:milestone_id/merge_requests` lists it (MergeRequestBasic). */
export const MilestoneMergeRequest = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The merge request's id, unique in the instance. */
    id: z.int(),
    /** Its number within the project (`!12`): the `mergeRequestIid` of the SDK's methods. */
    iid: z.int(),
    /** The target project's id. */
    project_id: z.int(),
    /** The title. */
    title: z.string(),
    /** The description, in Markdown, or `null`. */
    description: z.nullable(z.string()),
    /** `opened`, `closed`, `locked` or `merged`. */
    state: z.literal(['opened', 'closed', 'locked', 'merged']),
    /** When it was opened. */
    created_at: DateTimeString,
    /** When it last changed. */
    updated_at: DateTimeString,
    /** The branch it merges into. */
    target_branch: z.string(),
    /** The branch it merges from. */
    source_branch: z.string(),
    /** Who opened it. */
    author: UserBasic,
    /** The users it is assigned to. */
    assignees: z.array(UserBasic),
    /** The users asked to review it. */
    reviewers: z.array(UserBasic),
    /** Its milestone. */
    milestone: z.nullable(Milestone),
    /** Label names. */
    labels: z.array(z.string()),
    /** A draft, not ready to merge. */
    draft: z.boolean(),
    /** `can_be_merged`, `cannot_be_merged`, `unchecked`... (deprecated by GitLab for `detailed_merge_status`). */
    merge_status: z.string(),
    /** Why it can or cannot be merged: `mergeable`, `not_approved`, `draft_status`... (newer GitLab versions only). */
    detailed_merge_status: z.optional(z.string()),
    /** The head commit of the source branch, or `null`. */
    sha: z.nullable(z.string()),
    /** Its short reference, `!12`. */
    reference: z.string(),
    /** The merge request's page. */
    web_url: z.string(),
  }),
);
/**
 * A merge request of a milestone (MergeRequestBasic).
 * @interface
 */
export type MilestoneMergeRequest = z.infer<typeof MilestoneMergeRequest>;

/** One burndown chart event of a milestone's issue. */
export const BurndownEvent = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** When it happened. */
    created_at: DateTimeString,
    /** The issue's weight at the time, or `null`. */
    weight: z.nullable(z.int()),
    /** `created`, `closed` or `reopened`. */
    action: z.literal(['created', 'closed', 'reopened']),
  }),
);
/**
 * One burndown chart event of a milestone's issue.
 * @interface
 */
export type BurndownEvent = z.infer<typeof BurndownEvent>;

/** Filters of `GET /projects/:id/milestones`. */
export interface MilestoneListQuery extends PaginationQuery {
  /** Only these project-scoped ids (ignored with `include_ancestors`). */
  iids?: number[];
  /** `active`, `closed` or `all` (the default). */
  state?: 'active' | 'closed' | 'all';
  /** Exact, case-sensitive title. */
  title?: string;
  /** Matches title or description. */
  search?: string;
  /** Also list the milestones of the project's group and its ancestors. */
  include_ancestors?: boolean;
  /** @deprecated Use `include_ancestors`; the two are mutually exclusive. */
  include_parent_milestones?: boolean;
  /** ISO 8601 date-time: only milestones updated at or before it. */
  updated_before?: string;
  /** ISO 8601 date-time: only milestones updated at or after it. */
  updated_after?: string;
}

/** Body of `POST /projects/:id/milestones` and `POST /groups/:id/milestones`. */
export interface MilestoneCreate {
  /** The title, unique in the project and its groups. */
  title: string;
  /** The description, in Markdown. */
  description?: string;
  /** `YYYY-MM-DD`. */
  due_date?: string;
  /** `YYYY-MM-DD`. */
  start_date?: string;
}

/** Body of `PUT /projects/:id/milestones/:milestone_id` and its group twin: at least one field. */
export interface MilestoneUpdate {
  /** A new title, unique in the project and its groups. */
  title?: string;
  /** A new description, in Markdown. */
  description?: string;
  /** `YYYY-MM-DD`, or `null` to clear it. */
  due_date?: string | null;
  /** `YYYY-MM-DD`, or `null` to clear it. */
  start_date?: string | null;
  /** `close` closes the milestone, `activate` reopens it. */
  state_event?: 'close' | 'activate';
}

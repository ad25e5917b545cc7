import * as z from 'zod';
import { DateString, DateTimeString, type PaginationQuery, UserBasic } from './common.js';

/** A project milestone (or, in `include_ancestors` lists, a group milestone). */
export const Milestone = z.looseObject({
  id: z.number().int(),
  iid: z.number().int(),
  project_id: z.number().int().optional(),
  group_id: z.number().int().optional(),
  title: z.string(),
  description: z.string().nullable(),
  state: z.enum(['active', 'closed']),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  due_date: DateString.nullable(),
  start_date: DateString.nullable(),
  expired: z.boolean(),
  web_url: z.string().optional(),
});
/** A project milestone (or, in `include_ancestors` lists, a group milestone). */
export type Milestone = z.infer<typeof Milestone>;

/** An issue of a milestone, as `GET /projects/:id/milestones/:milestone_id/issues` lists it (IssueBasic). */
export const MilestoneIssue = z.looseObject({
  id: z.number().int(),
  iid: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  state: z.enum(['opened', 'closed']),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  closed_at: DateTimeString.nullable(),
  closed_by: UserBasic.nullable(),
  labels: z.array(z.string()),
  milestone: Milestone.nullable(),
  assignees: z.array(UserBasic),
  author: UserBasic,
  assignee: UserBasic.nullable(),
  confidential: z.boolean(),
  due_date: DateString.nullable(),
  weight: z.number().int().nullable().optional(),
  web_url: z.string(),
});
/** An issue of a milestone (IssueBasic). */
export type MilestoneIssue = z.infer<typeof MilestoneIssue>;

/** A merge request of a milestone, as `GET /projects/:id/milestones/:milestone_id/merge_requests` lists it (MergeRequestBasic). */
export const MilestoneMergeRequest = z.looseObject({
  id: z.number().int(),
  iid: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  state: z.enum(['opened', 'closed', 'locked', 'merged']),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  target_branch: z.string(),
  source_branch: z.string(),
  author: UserBasic,
  assignees: z.array(UserBasic),
  reviewers: z.array(UserBasic),
  milestone: Milestone.nullable(),
  labels: z.array(z.string()),
  draft: z.boolean(),
  merge_status: z.string(),
  detailed_merge_status: z.string().optional(),
  sha: z.string().nullable(),
  reference: z.string(),
  web_url: z.string(),
});
/** A merge request of a milestone (MergeRequestBasic). */
export type MilestoneMergeRequest = z.infer<typeof MilestoneMergeRequest>;

/** One burndown chart event of a milestone's issue. */
export const BurndownEvent = z.looseObject({
  created_at: DateTimeString,
  weight: z.number().int().nullable(),
  action: z.enum(['created', 'closed', 'reopened']),
});
/** One burndown chart event of a milestone's issue. */
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

/** Body of `POST /projects/:id/milestones`. */
export interface MilestoneCreate {
  title: string;
  description?: string;
  /** `YYYY-MM-DD`. */
  due_date?: string;
  /** `YYYY-MM-DD`. */
  start_date?: string;
}

/** Body of `PUT /projects/:id/milestones/:milestone_id`: at least one field. */
export interface MilestoneUpdate {
  title?: string;
  description?: string;
  /** `YYYY-MM-DD`, or `null` to clear it. */
  due_date?: string | null;
  /** `YYYY-MM-DD`, or `null` to clear it. */
  start_date?: string | null;
  /** `close` closes the milestone, `activate` reopens it. */
  state_event?: 'close' | 'activate';
}

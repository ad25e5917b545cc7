import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import type { PaginationQuery } from './common.js';
import { MilestoneIssue } from './milestones.js';

/** An issue (GitLab's Issue entity): the milestone list's fields and more. */
export const Issue = /* @__PURE__ */ lazySchema(() =>
  z.extend(MilestoneIssue, {
    /** `ISSUE`, `INCIDENT`... (newer GitLab versions only). */
    type: z.optional(z.string()),
    /** `issue`, `incident`... */
    issue_type: z.optional(z.string()),
    /** Only project members may comment, or `null`. */
    discussion_locked: z.optional(z.nullable(z.boolean())),
    /** The caller subscribed to its notifications (single issues and lists of the Issue entity). */
    subscribed: z.optional(z.boolean()),
    /** The id of the issue it was moved to, or `null`. */
    moved_to_id: z.optional(z.nullable(z.int())),
    /** Links to the issue's API resources. */
    _links: z.optional(
      z.looseObject({
        /** The issue itself. */
        self: z.string(),
        /** Its notes. */
        notes: z.string(),
        /** Its award emoji. */
        award_emoji: z.string(),
        /** Its project. */
        project: z.string(),
      }),
    ),
    /** How to refer to it in Markdown: `#1`, from its project, and `group/project#1` from anywhere. */
    references: z.optional(
      z.looseObject({
        /** `#<iid>`. */
        short: z.string(),
        /** From the project or group the route names. */
        relative: z.string(),
        /** With the project's full path. */
        full: z.string(),
      }),
    ),
  }),
);
/**
 * An issue (GitLab's Issue entity).
 * @interface
 */
export type Issue = z.infer<typeof Issue>;

/** How many issues a list's filters find, open and closed (GitLab's issues statistics). */
export const IssueStatistics = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The counts, under GitLab's two keys. */
    statistics: z.looseObject({
      /** How many issues there are in each state. */
      counts: z.looseObject({
        /** Every issue the filters find, whatever its state. */
        all: z.int(),
        /** The closed ones. */
        closed: z.int(),
        /** The open ones. */
        opened: z.int(),
      }),
    }),
  }),
);
/**
 * How many issues a list's filters find, open and closed.
 * @interface
 */
export type IssueStatistics = z.infer<typeof IssueStatistics>;

/** Filters of `GET /projects/:id/issues`. */
export interface IssueListQuery extends PaginationQuery {
  /** `opened`, `closed` or `all` (the default). */
  state?: 'opened' | 'closed' | 'all';
  /** A milestone title, `None` (no milestone) or `Any`. */
  milestone?: string;
  /** Label names it must all carry (comma-separated or a list), or `None` / `Any`. */
  labels?: string | string[];
  /** The author's user id. */
  author_id?: number;
  /** The author's username. */
  author_username?: string;
  /** An assignee's user id, `None` or `Any`. */
  assignee_id?: number | 'None' | 'Any';
  /** Usernames it must all be assigned to. */
  assignee_username?: string[];
  /** Words found in the title or description. */
  search?: string;
  /** Where `search` looks: `title`, `description` or `title,description` (the default). */
  in?: string;
  /** Only these iids. */
  iids?: number[];
  /** Only confidential issues (`true`) or only the others (`false`). */
  confidential?: boolean;
  /** ISO 8601: created at or after. */
  created_after?: string;
  /** ISO 8601: created at or before. */
  created_before?: string;
  /** ISO 8601: updated at or after. */
  updated_after?: string;
  /** ISO 8601: updated at or before. */
  updated_before?: string;
  /**
   * `created_at` (the default), `updated_at`, `title`, `label_priority` (the highest priority of its
   * labels), `due_date`, `milestone_due`, `popularity`, `priority`, `relative_position` or `weight`.
   */
  order_by?:
    | 'created_at'
    | 'updated_at'
    | 'title'
    | 'label_priority'
    | 'due_date'
    | 'milestone_due'
    | 'popularity'
    | 'priority'
    | 'relative_position'
    | 'weight';
  /** `desc` (the default) or `asc`. */
  sort?: 'asc' | 'desc';
}

/** Filters of `GET /issues`: the project list's and a scope. */
export interface IssueGlobalListQuery extends IssueListQuery {
  /** `created_by_me` (the default), `assigned_to_me` or `all`. */
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
  /** Leave out the issues of archived projects: `true` (the default) or `false`. */
  non_archived?: boolean;
}

/** Filters of `GET /groups/:id/issues`: the project list's, a scope, and archived projects. */
export interface GroupIssueListQuery extends IssueListQuery {
  /** `created_by_me`, `assigned_to_me` or `all` (the default). */
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
  /** `true` (the default): none from archived projects; `false`: theirs too. */
  non_archived?: boolean;
}

/**
 * Filters of `GET /projects/:id/issues_statistics`: the list's, but its state, order and pages (the
 * counts are by state).
 */
export interface IssueStatisticsQuery
  extends Omit<IssueListQuery, 'state' | 'order_by' | 'sort' | 'page' | 'per_page'> {
  /** `created_by_me`, `assigned_to_me` or `all` (the default). */
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
}

/** Filters of `GET /issues_statistics`: as a project's, but `scope` is `created_by_me` by default. */
export interface IssueGlobalStatisticsQuery extends Omit<IssueStatisticsQuery, 'scope'> {
  /** `created_by_me` (the default), `assigned_to_me` or `all`; an anonymous caller may only ask `all`. */
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
}

/** What an issue's create and update bodies share. */
export interface IssueFieldsBody {
  /** The description, in Markdown. */
  description?: string;
  /** The users to assign it to (Planner and up; ignored below); `[0]` or `[]` unassigns everyone. */
  assignee_ids?: number[];
  /** The milestone's global id (Planner and up); `0` removes it. */
  milestone_id?: number;
  /** Label names, replacing its labels (Planner and up). */
  labels?: string | string[];
  /** Hidden from Guests and non-members. */
  confidential?: boolean;
  /** Its weight (Premium and Ultimate; ignored below). */
  weight?: number;
}

/** Body of `POST /projects/:id/issues`. */
export interface IssueCreate extends IssueFieldsBody {
  /** The title. */
  title: string;
  /** Its number in the project (project Owners and administrators; ignored for the others); 409 when taken. */
  iid?: number;
  /** ISO 8601: when it was created (project Owners and administrators; ignored for the others). */
  created_at?: string;
}

/** Body of `PUT /projects/:id/issues/:issue_iid`: at least one field. */
export interface IssueUpdate extends IssueFieldsBody {
  /** A new title. */
  title?: string;
  /** `close` or `reopen`. */
  state_event?: 'close' | 'reopen';
  /** Label names to add. */
  add_labels?: string | string[];
  /** Label names to remove. */
  remove_labels?: string | string[];
  /** ISO 8601: the time to record as its `updated_at` (project Owners and administrators; ignored for the others). */
  updated_at?: string;
}

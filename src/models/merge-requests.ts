import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { DateTimeString, type PaginationQuery, UserBasic } from './common.js';
import { MilestoneMergeRequest } from './milestones.js';

/** A merge request as lists show it (GitLab's MergeRequestBasic): the milestone list's fields and more. */
export const MergeRequestBasic = /* @__PURE__ */ lazySchema(() =>
  z.extend(MilestoneMergeRequest, {
    /** The title rendered as HTML (one merge request read with `render_html: true` only). */
    title_html: z.optional(z.string()),
    /** The description rendered as HTML (one merge request read with `render_html: true` only). */
    description_html: z.optional(z.nullable(z.string())),
    /** Who merged it, or `null`. */
    merged_by: z.optional(z.nullable(UserBasic)),
    /** Who merged it (or set it to merge), or `null` (newer GitLab versions only). */
    merge_user: z.optional(z.nullable(UserBasic)),
    /** When it was merged, or `null`. */
    merged_at: z.optional(z.nullable(DateTimeString)),
    /** Who closed it, or `null`. */
    closed_by: z.optional(z.nullable(UserBasic)),
    /** When it was closed, or `null`. */
    closed_at: z.optional(z.nullable(DateTimeString)),
    /** The first assignee, or `null` (deprecated by GitLab: use `assignees`). */
    assignee: z.optional(z.nullable(UserBasic)),
    /** The project it merges from. */
    source_project_id: z.optional(z.int()),
    /** The project it merges into. */
    target_project_id: z.optional(z.int()),
    /** Deprecated by GitLab for `draft`. */
    work_in_progress: z.optional(z.boolean()),
    /** The commit its merge made, or `null`. */
    merge_commit_sha: z.optional(z.nullable(z.string())),
    /** The squash commit of its merge, or `null`. */
    squash_commit_sha: z.optional(z.nullable(z.string())),
    /** Only project members may comment, or `null`. */
    discussion_locked: z.optional(z.nullable(z.boolean())),
    /** The source branch is removed when it is merged. */
    force_remove_source_branch: z.optional(z.nullable(z.boolean())),
    /** Its commits are squashed when it is merged. */
    squash: z.optional(z.boolean()),
    /** The `should_remove_source_branch` its merge was asked with, or `null`. */
    should_remove_source_branch: z.optional(z.nullable(z.boolean())),
    /** When it may be merged at the earliest, or `null` (GitLab 17.8 and later). */
    merge_after: z.optional(z.nullable(DateTimeString)),
    /** Its source branch conflicts with the target. */
    has_conflicts: z.optional(z.boolean()),
    /** Every blocking discussion is resolved. */
    blocking_discussions_resolved: z.optional(z.boolean()),
    /** `!12`, `!12` relative to another project, and `group/project!12`. */
    references: z.optional(
      z.looseObject({
        /** `!12`. */
        short: z.string(),
        /** Relative to the project asking. */
        relative: z.string(),
        /** `group/project!12`. */
        full: z.string(),
      }),
    ),
  }),
);
/**
 * A merge request as lists show it (MergeRequestBasic).
 * @interface
 */
export type MergeRequestBasic = z.infer<typeof MergeRequestBasic>;

/** One merge request (GitLab's MergeRequest entity): the list's fields and more. */
export const MergeRequest = /* @__PURE__ */ lazySchema(() =>
  z.extend(MergeRequestBasic, {
    /** The caller subscribed to its notifications. */
    subscribed: z.optional(z.boolean()),
    /** How many files it changes, as a string (`"3"`, or `"1000+"`), or `null`. */
    changes_count: z.optional(z.nullable(z.string())),
    /** The commits the diff is between. */
    diff_refs: z.optional(
      z.nullable(
        z.looseObject({
          /** The merge base. */
          base_sha: z.nullable(z.string()),
          /** The source branch's head. */
          head_sha: z.nullable(z.string()),
          /** The target branch's head when the diff was made. */
          start_sha: z.nullable(z.string()),
        }),
      ),
    ),
    /** Why the last merge failed, or `null`. */
    merge_error: z.optional(z.nullable(z.string())),
    /** What the caller may do. */
    user: z.optional(
      z.looseObject({
        /** The caller may merge it into its target branch. */
        can_merge: z.boolean(),
      }),
    ),
    /** It is its author's first contribution to the project. */
    first_contribution: z.optional(z.boolean()),
    /** A rebase is running (read with `include_rebase_in_progress: true` only). */
    rebase_in_progress: z.optional(z.boolean()),
  }),
);
/**
 * One merge request (GitLab's MergeRequest entity).
 * @interface
 */
export type MergeRequest = z.infer<typeof MergeRequest>;

/** Filters of `GET /projects/:id/merge_requests`. */
export interface MergeRequestListQuery extends PaginationQuery {
  /** `opened`, `closed`, `locked`, `merged` or `all` (the default). */
  state?: 'opened' | 'closed' | 'locked' | 'merged' | 'all';
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
  /** A reviewer's user id, `None` or `Any`. */
  reviewer_id?: number | 'None' | 'Any';
  /** A reviewer's username. */
  reviewer_username?: string;
  /** Words found in the title or description. */
  search?: string;
  /** Where `search` looks: `title`, `description`, or both joined by a comma. */
  in?: string;
  /** Merged by this user id (GitLab 17.0 and later); not with `merge_user_username`. */
  merge_user_id?: number;
  /** Merged by this username (GitLab 17.0 and later); not with `merge_user_id`. */
  merge_user_username?: string;
  /** The branch it merges from. */
  source_branch?: string;
  /** The branch it merges into. */
  target_branch?: string;
  /** Only these iids. */
  iids?: number[];
  /** `yes`: drafts only; `no`: no drafts. */
  wip?: 'yes' | 'no';
  /** ISO 8601: created at or after. */
  created_after?: string;
  /** ISO 8601: created at or before. */
  created_before?: string;
  /** ISO 8601: updated at or after. */
  updated_after?: string;
  /** ISO 8601: updated at or before. */
  updated_before?: string;
  /** `created_at` (the default), `updated_at`, `merged_at`, `title` or `label_priority` (the highest priority of its labels). */
  order_by?: 'created_at' | 'updated_at' | 'merged_at' | 'title' | 'label_priority';
  /** `desc` (the default) or `asc`. */
  sort?: 'asc' | 'desc';
}

/** Filters of `GET /merge_requests`: the project list's, but `iids`, and a scope. */
export interface MergeRequestGlobalListQuery extends Omit<MergeRequestListQuery, 'iids'> {
  /** `created_by_me` (the default), `assigned_to_me`, `reviews_for_me` (asked to review) or `all`. */
  scope?: 'created_by_me' | 'assigned_to_me' | 'reviews_for_me' | 'all';
}

/** Filters of `GET /groups/:id/merge_requests`: the project list's, but `iids`, a scope, and archived projects. */
export interface GroupMergeRequestListQuery extends Omit<MergeRequestListQuery, 'iids'> {
  /** `created_by_me`, `assigned_to_me`, `reviews_for_me` (asked to review) or `all` (the default). */
  scope?: 'created_by_me' | 'assigned_to_me' | 'reviews_for_me' | 'all';
  /** `true` (the default): none from archived projects; `false`: theirs too. */
  non_archived?: boolean;
}

/** What a merge request's create and update bodies share. */
export interface MergeRequestFieldsBody {
  /** The description, in Markdown. */
  description?: string;
  /** The users to assign it to; `[0]` or `[]` unassigns everyone. */
  assignee_ids?: number[];
  /** The users to ask for a review; `[0]` or `[]` removes them. */
  reviewer_ids?: number[];
  /** The milestone's global id; `0` removes it. */
  milestone_id?: number;
  /** The milestone's title, in place of `milestone_id` (a title the project does not have is a 404). */
  milestone?: string;
  /** Label names, replacing its labels (comma-separated or a list). */
  labels?: string | string[];
  /** Remove the source branch when merging. */
  remove_source_branch?: boolean;
  /** Squash its commits when merging. */
  squash?: boolean;
  /** The earliest time it may be merged, ISO 8601 in any zone (GitLab 17.8 and later). */
  merge_after?: string;
}

/** Body of `POST /projects/:id/merge_requests`. */
export interface MergeRequestCreate extends MergeRequestFieldsBody {
  /** The branch it merges from. */
  source_branch: string;
  /** The branch it merges into. */
  target_branch: string;
  /** The title; a `Draft:` prefix makes it a draft. */
  title: string;
}

/** Body of `PUT /projects/:id/merge_requests/:merge_request_iid`: at least one field. */
export interface MergeRequestUpdate extends MergeRequestFieldsBody {
  /** A new title; adding or removing `Draft:` makes or unmakes a draft. */
  title?: string;
  /** A new target branch. */
  target_branch?: string;
  /** `close` or `reopen`. */
  state_event?: 'close' | 'reopen';
  /** Only project members may comment. */
  discussion_locked?: boolean;
  /** Label names to add. */
  add_labels?: string | string[];
  /** Label names to remove. */
  remove_labels?: string | string[];
}

/** Body of `PUT /projects/:id/merge_requests/:merge_request_iid/merge`. */
export interface MergeRequestMerge {
  /** The head commit the caller saw: the merge is refused (409) when the source branch moved since. */
  sha?: string;
  /** Squash its commits into one. */
  squash?: boolean;
  /** Remove the source branch after merging. */
  should_remove_source_branch?: boolean;
  /** The merge commit's message. */
  merge_commit_message?: string;
  /** The squash commit's message. */
  squash_commit_message?: string;
}

import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { DateTimeString, type PaginationQuery, UserBasic } from './common.js';

/** An activity event (GitLab's Event entity): who did what to which record, when. */
export const Event = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The event's id. */
    id: z.int(),
    /** The project it happened in, or `null`. */
    project_id: z.nullable(z.int()),
    /** What was done: `opened`, `closed`, `reopened`, `accepted` (merged), `approved`, `joined`, `left`, `destroyed`... */
    action_name: z.string(),
    /** The target's id, or `null`. */
    target_id: z.nullable(z.int()),
    /** The target's iid, or `null`. */
    target_iid: z.nullable(z.int()),
    /** `Issue`, `MergeRequest`, `Milestone`..., or `null`. */
    target_type: z.nullable(z.string()),
    /** Who did it. */
    author_id: z.int(),
    /** The target's title, or `null`. */
    target_title: z.nullable(z.string()),
    /** When. */
    created_at: DateTimeString,
    /** Who did it, when that user still exists. */
    author: z.optional(UserBasic),
    /** Whether the event came from an import (GitLab 17.x and later). */
    imported: z.optional(z.boolean()),
    /** Where it was imported from, `none` otherwise (GitLab 17.x and later). */
    imported_from: z.optional(z.string()),
    /** The author's username. */
    author_username: z.nullable(z.string()),
  }),
);
/**
 * An activity event.
 * @interface
 */
export type Event = z.infer<typeof Event>;

/** Filters of every events list. */
export interface EventListQuery extends PaginationQuery {
  /** Only events of this action: `created`, `closed`, `reopened`, `merged`, `approved`, `joined`, `left`, `destroyed`... */
  action?: string;
  /** Only events about this kind of record: `issue`, `merge_request`, `milestone`... */
  target_type?: string;
  /** `YYYY-MM-DD`: only events before that day. */
  before?: string;
  /** `YYYY-MM-DD`: only events after that day. */
  after?: string;
  /** `desc` (newest first, the default) or `asc`. */
  sort?: 'asc' | 'desc';
}

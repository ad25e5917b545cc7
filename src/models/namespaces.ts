import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import type { PaginationQuery } from './common.js';

/** A namespace: a group, or a user's personal namespace (GitLab's Namespace entity). */
export const Namespace = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The namespace's id: a group's id, or the personal namespace's own id (not the user's). */
    id: z.int(),
    /** The group's name, or the user's name. */
    name: z.string(),
    /** The last segment of its path (a username for a personal namespace). */
    path: z.string(),
    /** `group` or `user`. */
    kind: z.string(),
    /** The full path, such as `acme/platform`. */
    full_path: z.string(),
    /** The parent group's id, or `null`. */
    parent_id: z.nullable(z.int()),
    /** The avatar's URL, or `null`. */
    avatar_url: z.nullable(z.string()),
    /** The group's or the user's page. */
    web_url: z.string(),
    /** Users with a membership in the group or below it; sent to the group's Owners and administrators only. */
    members_count_with_descendants: z.optional(z.int()),
    /** The repository storage of the group's hierarchy in bytes, or `null` before it is counted; Owners and administrators only. */
    root_repository_size: z.optional(z.nullable(z.int())),
    /** Projects in the group and its subgroups; sent to the group's Owners and administrators only. */
    projects_count: z.optional(z.int()),
  }),
);
/**
 * A namespace.
 * @interface
 */
export type Namespace = z.infer<typeof Namespace>;

/** Whether a path is taken (`GET /namespaces/:id/exists`). */
export const NamespaceExistence = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** A namespace with that path exists at that level. */
    exists: z.boolean(),
    /** Free paths to use instead, when it exists. */
    suggests: z.array(z.string()),
  }),
);
/**
 * Whether a path is taken, and what to use instead.
 * @interface
 */
export type NamespaceExistence = z.infer<typeof NamespaceExistence>;

/** Filters of `GET /namespaces`. */
export interface NamespaceListQuery extends PaginationQuery {
  /** Only namespaces whose name or path contains this. */
  search?: string;
  /** Match `search` against the full path instead. */
  full_path_search?: boolean;
  /** Only groups the caller owns (and the caller's personal namespace). */
  owned_only?: boolean;
  /** Only top-level namespaces. */
  top_level_only?: boolean;
}

/** Options of `GET /namespaces/:id/exists`. */
export interface NamespaceExistsQuery {
  /** The parent group's id; without it, top-level namespaces are checked. */
  parent_id?: number;
}

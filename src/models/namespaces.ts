import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { type PaginationQuery, ProjectNamespace } from './common.js';

/** A namespace: a group, or a user's personal namespace (GitLab's Namespace entity: NamespaceBasic and more). */
export const Namespace = /* @__PURE__ */ lazySchema(() =>
  z.extend(ProjectNamespace, {
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

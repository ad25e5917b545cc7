import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';

/**
 * Shared building blocks of every model. Objects are `z.looseObject`: GitLab adds
 * fields across versions, and the SDK keeps what it does not know instead of
 * dropping it.
 * @module
 */

/** A calendar date as GitLab sends it: `YYYY-MM-DD`. */
export const DateString = /* @__PURE__ */ lazySchema(() =>
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date')),
);

/** An ISO 8601 date-time, as GitLab sends timestamps. */
export const DateTimeString = /* @__PURE__ */ lazySchema(() => z.string());

/** A user as GitLab nests it in other objects (UserBasic). */
export const UserBasic = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The user's id. */
    id: z.int(),
    /** The username, as in `@username`. */
    username: z.string(),
    /** The display name. */
    name: z.string(),
    /** `active`, `blocked`, `deactivated`... */
    state: z.string(),
    /** Locked out after too many failed sign-ins (newer GitLab versions only). */
    locked: z.optional(z.boolean()),
    /** The avatar's URL, or `null`. */
    avatar_url: z.nullable(z.string()),
    /** The user's profile page. */
    web_url: z.string(),
  }),
);
/**
 * A user as GitLab nests it in other objects (UserBasic).
 * @interface
 */
export type UserBasic = z.infer<typeof UserBasic>;

/** Role numbers (access levels): 10 Guest, 15 Planner, 20 Reporter, 30 Developer, 40 Maintainer, 50 Owner. */
export const AccessLevel = {
  /** 10: reads, and comments on issues. */
  Guest: 10,
  /** 15: plans work: issues, epics, milestones. */
  Planner: 15,
  /** 20: reads code, and manages issues and labels. */
  Reporter: 20,
  /** 30: pushes to unprotected branches and opens merge requests. */
  Developer: 30,
  /** 40: manages the project: settings, protected branches, access tokens. */
  Maintainer: 40,
  /** 50: everything, including deleting the project or group. */
  Owner: 50,
} as const;
/** One of the role numbers of {@link AccessLevel}. */
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];

/** Offset pagination parameters accepted by every paginated list. */
export interface PaginationQuery {
  /** Page to start from (1-based). Default 1. */
  page?: number;
  /** Items per page, at most 100. Default 20. */
  per_page?: number;
}

/**
 * A namespace as GitLab nests it in a project and in a token's associations (NamespaceBasic), and the first
 * fields of a `Namespace`.
 */
export const ProjectNamespace = /* @__PURE__ */ lazySchema(() =>
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
  }),
);
/**
 * Where a project lives (NamespaceBasic).
 * @interface
 */
export type ProjectNamespace = z.infer<typeof ProjectNamespace>;

/**
 * The fields GitLab shows of every project (its ProjectIdentity entity): the first fields of
 * `BasicProject`, of a group's embedded projects (`GroupProject`) and of a token's project
 * associations (`TokenProjectAssociation`).
 */
export const ProjectIdentity = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
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
  }),
);
/**
 * A project's identity (ProjectIdentity).
 * @interface
 */
export type ProjectIdentity = z.infer<typeof ProjectIdentity>;

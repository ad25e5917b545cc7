import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { DateTimeString, type PaginationQuery } from './common.js';

/** A commit as a branch nests it (GitLab's Commit entity). */
export const Commit = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The full sha. */
    id: z.string(),
    /** The first 8 characters of the sha. */
    short_id: z.string(),
    /** When it was created. */
    created_at: DateTimeString,
    /** The parents' shas. */
    parent_ids: z.array(z.string()),
    /** The first line of the message. */
    title: z.string(),
    /** The whole message. */
    message: z.string(),
    /** The author's name. */
    author_name: z.string(),
    /** The author's email address. */
    author_email: z.string(),
    /** When it was authored. */
    authored_date: DateTimeString,
    /** The committer's name. */
    committer_name: z.string(),
    /** The committer's email address. */
    committer_email: z.string(),
    /** When it was committed. */
    committed_date: DateTimeString,
    /** The commit's page (newer GitLab versions only). */
    web_url: z.optional(z.string()),
  }),
);
/**
 * A commit as a branch nests it.
 * @interface
 */
export type Commit = z.infer<typeof Commit>;

/** A repository branch, with what the caller may do with it (GitLab's Branch entity). */
export const Branch = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The branch name (may contain `/`). */
    name: z.string(),
    /** Its head commit. */
    commit: Commit,
    /** Merged into the default branch. */
    merged: z.boolean(),
    /** Covered by a protected branch (its name or a wildcard). */
    protected: z.boolean(),
    /** A protection lets Developers push. */
    developers_can_push: z.boolean(),
    /** A protection lets Developers merge. */
    developers_can_merge: z.boolean(),
    /** The caller may push to it. */
    can_push: z.boolean(),
    /** It is the project's default branch. */
    default: z.boolean(),
    /** The branch's page. */
    web_url: z.string(),
  }),
);
/**
 * A repository branch.
 * @interface
 */
export type Branch = z.infer<typeof Branch>;

/** One access level of a protected branch (ProtectedRefAccess). */
export const ProtectedBranchAccess = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The access level's id (newer GitLab versions only). */
    id: z.optional(z.int()),
    /** The lowest role allowed (0: no one, 30: Developers, 40: Maintainers), or `null` for a user or group. */
    access_level: z.nullable(z.int()),
    /** `No one`, `Developers + Maintainers`, `Maintainers`... */
    access_level_description: z.string(),
    /** The user it allows, or `null` (Premium). */
    user_id: z.optional(z.nullable(z.int())),
    /** The group it allows, or `null` (Premium). */
    group_id: z.optional(z.nullable(z.int())),
    /** The deploy key it allows, or `null` (push levels only). */
    deploy_key_id: z.optional(z.nullable(z.int())),
  }),
);
/**
 * One access level of a protected branch.
 * @interface
 */
export type ProtectedBranchAccess = z.infer<typeof ProtectedBranchAccess>;

/** A protected branch or wildcard of a project (GitLab's ProtectedBranch entity). */
export const ProtectedBranch = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The protected branch's id. */
    id: z.int(),
    /** The branch name, or a wildcard such as `release/*`. */
    name: z.string(),
    /** Who may push. */
    push_access_levels: z.array(ProtectedBranchAccess),
    /** Who may merge. */
    merge_access_levels: z.array(ProtectedBranchAccess),
    /** Force pushes are allowed. */
    allow_force_push: z.optional(z.boolean()),
    /** Who may unprotect it (Premium). */
    unprotect_access_levels: z.optional(z.array(ProtectedBranchAccess)),
    /** Code owners must approve changes to their files (Premium). */
    code_owner_approval_required: z.optional(z.boolean()),
    /** It is a group's protected branch (Premium, newer GitLab versions). */
    inherited: z.optional(z.boolean()),
  }),
);
/**
 * A protected branch or wildcard of a project.
 * @interface
 */
export type ProtectedBranch = z.infer<typeof ProtectedBranch>;

/** Query of `GET /projects/:id/repository/branches`. */
export interface BranchListQuery extends PaginationQuery {
  /** Branches whose name contains this; `^x` for names starting with x, `x$` for names ending with it. */
  search?: string;
  /** Branches whose name matches this regular expression (RE2 syntax, unanchored). */
  regex?: string;
  /** `name_asc` (default), `updated_asc` or `updated_desc`. */
  sort?: 'name_asc' | 'updated_asc' | 'updated_desc';
}

/** Body of `POST /projects/:id/repository/branches`. */
export interface BranchCreate {
  /** The new branch's name. */
  branch: string;
  /** Where it starts: an existing branch's name or a commit sha. */
  ref: string;
}

/** Body of the deprecated `PUT /projects/:id/repository/branches/:branch/protect`. */
export interface BranchProtect {
  /** `true`: Developers and Maintainers may push (access level 30); `false`: Maintainers (40). Left out: unchanged, 40 for a new protection. */
  developers_can_push?: boolean;
  /** `true`: Developers and Maintainers may merge (access level 30); `false`: Maintainers (40). Left out: unchanged, 40 for a new protection. */
  developers_can_merge?: boolean;
}

/** Query of `GET /projects/:id/protected_branches`. */
export interface ProtectedBranchListQuery extends PaginationQuery {
  /** Protected branches whose name contains this. */
  search?: string;
}

/** Body of `POST /projects/:id/protected_branches`. */
export interface ProtectBranch {
  /** The branch name or a wildcard such as `release/*`. */
  name: string;
  /** Who may push: 0 no one, 30 Developers + Maintainers, 40 Maintainers (default), 60 instance admins (self-managed). */
  push_access_level?: 0 | 30 | 40 | 60;
  /** Who may merge: 0 no one, 30 Developers + Maintainers, 40 Maintainers (default), 60 instance admins (self-managed). */
  merge_access_level?: 0 | 30 | 40 | 60;
  /** Who may unprotect it (Premium): 30 Developers + Maintainers, 40 Maintainers (default), 60 instance admins. */
  unprotect_access_level?: 30 | 40 | 60;
  /** Allow force pushes (default false). */
  allow_force_push?: boolean;
  /** Code owners must approve changes to their files (Premium; default false). */
  code_owner_approval_required?: boolean;
}

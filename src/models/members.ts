import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { type AccessLevel, DateString, DateTimeString, type PaginationQuery, UserBasic } from './common.js';

/** A member of a group or project: the user's fields, then the membership's. */
export const Member = /* @__PURE__ */ lazySchema(() =>
  z.extend(UserBasic, {
    /** The role number of this membership (see `AccessLevel`); in `listAll`, the highest the user holds. */
    access_level: z.int(),
    /** When the membership was created. */
    created_at: DateTimeString,
    /** Who added the member (absent when unknown; newer GitLab versions only). */
    created_by: z.optional(UserBasic),
    /** `YYYY-MM-DD`: the membership ends that day; `null`: never. */
    expires_at: z.nullable(DateString),
    /** The user's email address: shown to instance administrators only. */
    email: z.optional(z.string()),
    /** `active`, or `awaiting` a free seat (GitLab Premium and Ultimate only). */
    membership_state: z.optional(z.string()),
  }),
);
/**
 * A member of a group or project: the user's fields, then the membership's.
 * @interface
 */
export type Member = z.infer<typeof Member>;

/** Filters of `GET /projects/:id/members` and `GET /groups/:id/members` (direct members). */
export interface MemberListQuery extends PaginationQuery {
  /** Part of a name or username, or a whole email address. */
  query?: string;
  /** Only these users. */
  user_ids?: number[];
  /** Leave these users out. */
  skip_users?: number[];
}

/** Filters of `GET /projects/:id/members/all` and `GET /groups/:id/members/all` (direct and inherited members). */
export interface MemberListAllQuery extends PaginationQuery {
  /** Part of a name or username, or a whole email address. */
  query?: string;
  /** Only these users. */
  user_ids?: number[];
}

/** Body of `POST /projects/:id/members` and `POST /groups/:id/members`: the user by id or by username. */
export type MemberCreate = (
  | {
      /** The user's id. */
      user_id: number;
      /** Not with `user_id`. */
      username?: never;
    }
  | {
      /** The user's username. */
      username: string;
      /** Not with `username`. */
      user_id?: never;
    }
) & {
  /** The role to give (only Owners may give Owner, 50). */
  access_level: AccessLevel;
  /** `YYYY-MM-DD`: the last day before the membership ends; today or later. */
  expires_at?: string;
};

/** Body of `PUT /projects/:id/members/:user_id` and `PUT /groups/:id/members/:user_id`. */
export interface MemberUpdate {
  /** The new role (only Owners may give or take Owner, 50). */
  access_level: AccessLevel;
  /** `YYYY-MM-DD`, today or later; `null` removes the expiry. */
  expires_at?: string | null;
}

/** Options of `DELETE /projects/:id/members/:user_id` and `DELETE /groups/:id/members/:user_id`. */
export interface MemberRemoveQuery {
  /** Groups only: keep the user's direct memberships in subgroups and projects (default: removed too). */
  skip_subresources?: boolean;
  /** Also unassign the user from issues and merge requests in the group or project. */
  unassign_issuables?: boolean;
}

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

/** Body of `addMany`: several users at once, by id or by username (at most 100). */
export type MembersCreate = (
  | {
      /** The users' ids. */
      user_id: readonly [number, ...number[]];
      /** Not with `user_id`. */
      username?: never;
    }
  | {
      /** The users' usernames. */
      username: readonly [string, ...string[]];
      /** Not with `username`. */
      user_id?: never;
    }
) & {
  /** The role to give every one of them (only Owners may give Owner, 50). */
  access_level: AccessLevel;
  /** `YYYY-MM-DD`: the last day before the memberships end; today or later. */
  expires_at?: string;
};

/**
 * What adding several members answers (GitLab's `Members::CreateService` result, with 201 either way):
 * `status` `success`, or `error` with the users that failed in one `message` (`alice: Access level should
 * be greater than or equal to Developer inherited membership from group acme`).
 */
export const MembersAddResult = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** `success` or `error`. */
    status: z.string(),
    /** For `error`: what failed, one sentence naming each user (or `No users specified.`). */
    message: z.optional(z.string()),
    /** `blank_invites_error` when no user was named, `too_many_invites_error` over 100. */
    reason: z.optional(z.string()),
    /** `unauthorized` when the caller may not add or change one of them. */
    http_status: z.optional(z.string()),
  }),
);
/**
 * What adding several members answers: `status` `success`, or `error` with a `message`.
 * @interface
 */
export type MembersAddResult = z.infer<typeof MembersAddResult>;

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

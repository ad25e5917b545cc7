import * as z from 'zod';

/**
 * Shared building blocks of every model. Objects are `z.looseObject`: GitLab adds
 * fields across versions, and the SDK keeps what it does not know instead of
 * dropping it.
 * @module
 */

/** A calendar date as GitLab sends it: `YYYY-MM-DD`. */
export const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');

/** An ISO 8601 date-time, as GitLab sends timestamps. */
export const DateTimeString = z.string();

/** A user as GitLab nests it in other objects (UserBasic). */
export const UserBasic = z.looseObject({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  state: z.string(),
  locked: z.boolean().optional(),
  avatar_url: z.string().nullable(),
  web_url: z.string(),
});
/** A user as GitLab nests it in other objects (UserBasic). */
export type UserBasic = z.infer<typeof UserBasic>;

/** Role numbers (access levels): 10 Guest, 15 Planner, 20 Reporter, 30 Developer, 40 Maintainer, 50 Owner. */
export const AccessLevel = {
  Guest: 10,
  Planner: 15,
  Reporter: 20,
  Developer: 30,
  Maintainer: 40,
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

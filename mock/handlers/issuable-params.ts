import { p } from '../http/params.js';
import type { IssuableFilters, IssuableOrder, NoneOrAny } from '../rules/issuables.js';

/**
 * The list parameters issues and merge requests share (GitLab's IssuableFinder
 * parameters as lib/api declares them), and their reading into the rules' filters.
 * @module
 */

/** A user id, or `None` / `Any` in any case, as GitLab's finders take them. */
export const userIdOrNoneAny = () => p.idOr('None', 'Any', 'none', 'any', 'NONE', 'ANY');

/** `None` and `Any` in GitLab's spelling, whatever case they came in. */
export function noneOrAny<T>(value: T | string | undefined): T | NoneOrAny | undefined {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return lower === 'none' ? 'None' : lower === 'any' ? 'Any' : (value as T);
}

/** The filters of both lists (and of the issue statistics, which take no order). */
export const issuableFilterParams = {
  milestone: p.string(),
  labels: p.strings({ comma: true }),
  author_id: p.integer(),
  author_username: p.string(),
  assignee_id: userIdOrNoneAny(),
  assignee_username: p.strings({ comma: true }),
  search: p.string(),
  created_after: p.dateTime(),
  created_before: p.dateTime(),
  updated_after: p.dateTime(),
  updated_before: p.dateTime(),
};

/** Parameters of both lists; `order_by` and `state` differ and are declared by each. */
export const issuableListParams = {
  sort: p.string().values(['asc', 'desc']).default('desc'),
  ...issuableFilterParams,
};

/** The scopes of the instance-wide lists (GitLab also takes the dashed spellings). */
export const SCOPES = ['created_by_me', 'assigned_to_me', 'created-by-me', 'assigned-to-me', 'all'];

/** Parsed shared parameters → the rules' filters. */
export function issuableFilters(q: {
  state: string;
  milestone?: string;
  labels?: string[];
  author_id?: number;
  author_username?: string;
  assignee_id?: number | string;
  assignee_username?: string[];
  search?: string;
  created_after?: Date;
  created_before?: Date;
  updated_after?: Date;
  updated_before?: Date;
  scope?: string;
  iids?: number[];
}): IssuableFilters {
  return {
    state: q.state,
    milestone: q.milestone,
    labels: q.labels?.map((l) => noneOrAny<string>(l) as string),
    authorId: q.author_id,
    authorUsername: q.author_username,
    assigneeId: noneOrAny<number>(q.assignee_id),
    assigneeUsernames: q.assignee_username,
    iids: q.iids,
    search: q.search,
    createdAfter: q.created_after,
    createdBefore: q.created_before,
    updatedAfter: q.updated_after,
    updatedBefore: q.updated_before,
    scope: q.scope?.replaceAll('-', '_') as IssuableFilters['scope'],
  };
}

/** Parsed `order_by` and `sort` → the rules' order. */
export const issuableOrder = (q: { order_by: string; sort: string }): IssuableOrder => ({
  orderBy: q.order_by as IssuableOrder['orderBy'],
  sort: q.sort as IssuableOrder['sort'],
});

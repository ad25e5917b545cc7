import { p } from '../http/params.js';
import type { TokenFilters } from '../rules/tokens.js';

/**
 * The filters every token list declares (`PersonalAccessTokensFinder`'s params, in
 * `lib/api/resource_access_tokens.rb` and `lib/api/personal_access_tokens.rb`); each route adds its
 * own `sort`, path and pagination.
 * @module
 */

/** The filter parameters, as both token lists declare them. */
export const tokenFilterParams = {
  state: p.string().values(['active', 'inactive']),
  revoked: p.boolean(),
  created_before: p.dateTime(),
  created_after: p.dateTime(),
  last_used_before: p.dateTime(),
  last_used_after: p.dateTime(),
  expires_before: p.date(),
  expires_after: p.date(),
  search: p.string(),
};

/** Parsed filter parameters → the rules' filters (the sort is the route's to add). */
export function tokenFilters(q: {
  state?: string | undefined;
  revoked?: boolean | undefined;
  created_before?: Date | undefined;
  created_after?: Date | undefined;
  last_used_before?: Date | undefined;
  last_used_after?: Date | undefined;
  expires_before?: string | undefined;
  expires_after?: string | undefined;
  search?: string | undefined;
}): Omit<TokenFilters, 'sort'> {
  return {
    state: q.state as 'active' | 'inactive' | undefined,
    revoked: q.revoked,
    createdBefore: q.created_before,
    createdAfter: q.created_after,
    lastUsedBefore: q.last_used_before,
    lastUsedAfter: q.last_used_after,
    expiresBefore: q.expires_before,
    expiresAfter: q.expires_after,
    search: q.search,
  };
}

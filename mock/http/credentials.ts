import type { MockRequest } from './mock-request.js';

/**
 * Where a request carries its token, read as GitLab reads it: the query string
 * and headers, in the order of `lib/gitlab/auth/auth_finders.rb` and Doorkeeper's
 * `access_token_methods`. Who the token authenticates as is the rules' question
 * (`rules/access.ts`); the wire only hands them a {@link Credential}.
 * @module
 */

/** A token as a request carries it: `oauth` when it came where GitLab also reads OAuth tokens (not `PRIVATE-TOKEN`). */
export interface Credential {
  value: string;
  oauth: boolean;
}

/** The bearer token of `Authorization: Bearer`, or null. */
export function bearerOf(request: MockRequest): string | null {
  return (
    request
      .header('authorization')
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim() || null
  );
}

/**
 * An OAuth token where Doorkeeper looks for one, in GitLab's order (G-O 0):
 * `?access_token=`, `Authorization: Bearer`, `?bearer_token=`.
 */
export function oauthTokenOf(request: MockRequest): string | null {
  const { searchParams } = request.url;
  return searchParams.get('access_token') || bearerOf(request) || searchParams.get('bearer_token') || null;
}

/** A parameter or header as Rails' `presence` reads it: `null` when absent or blank, else the value as sent (never stripped). */
function presence(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value;
}

/**
 * The token a request carries: `?private_token=`, else `PRIVATE-TOKEN` (personal and project access
 * tokens only), else where OAuth tokens are read (which take personal tokens too, as in GitLab).
 * GitLab's order and reading (`find_personal_access_token` of `lib/gitlab/auth/auth_finders.rb`):
 * the parameter before the header, a blank one skipped, a value looked up as sent.
 */
export function tokenOf(request: MockRequest): Credential | null {
  const personal = presence(request.url.searchParams.get('private_token')) ?? presence(request.header('private-token'));
  if (personal) return { value: personal, oauth: false };
  const oauth = oauthTokenOf(request);
  return oauth ? { value: oauth, oauth: true } : null;
}

/**
 * Whom a request asks to act as (GitLab's sudo): the `sudo` parameter (query, form or JSON body),
 * else the `Sudo` header, as sent; `null` when it asks nothing. GitLab reads
 * `params[SUDO_PARAM] || env[SUDO_HEADER]` (`lib/api/helpers.rb#sudo_identifier`): Ruby's `||`
 * takes an empty string, so an empty `sudo=` still asks, and names nobody.
 */
export function sudoOf(request: MockRequest, params: Readonly<Record<string, unknown>>): string | null {
  const param = params.sudo;
  if (param !== undefined && param !== null) return typeof param === 'string' ? param : JSON.stringify(param);
  return request.header('sudo');
}

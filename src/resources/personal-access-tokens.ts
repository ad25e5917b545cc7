import type { PagePromise } from '../core/pagination.js';
import { path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  PersonalAccessToken,
  type PersonalAccessTokenCreate,
  type PersonalAccessTokenListQuery,
  type PersonalAccessTokenRotate,
  PersonalAccessTokenWithToken,
  TokenAssociations,
  type TokenAssociationsQuery,
} from '../models/access-tokens.js';

/** Personal access tokens: `gitlab.personalAccessTokens`. Endpoints under `/personal_access_tokens`. */
export class PersonalAccessTokens extends Resource {
  /**
   * The token the client authenticates with (a personal or project access token, with
   * any scope; an OAuth token gets 400). `GET /personal_access_tokens/self`
   *
   * @example
   * ```ts
   * const token = await gitlab.personalAccessTokens.self();
   * console.log(token.scopes, token.expires_at);
   * ```
   */
  self(options?: RequestOptions): Promise<PersonalAccessToken> {
    return this.request('GET', 'personal_access_tokens/self', PersonalAccessToken, options);
  }

  /**
   * The groups and projects the token the client authenticates with reaches (any scope; a
   * personal or project access token, an OAuth token gets 400): every group and project its user
   * reads, the public and internal ones included, or with `min_access_level` only those where the
   * user has at least that role. Both lists are paginated with the same `page` and `per_page`, newest
   * first; the pagination headers describe the projects. `GET /personal_access_tokens/self/associations`
   * (GitLab 17.4 and later)
   *
   * @example
   * ```ts
   * const { groups, projects } = await gitlab.personalAccessTokens.associations({ min_access_level: 40 });
   * console.log(groups.map((g) => g.name), projects.map((p) => p.path_with_namespace));
   * ```
   */
  associations(query: TokenAssociationsQuery = {}, options?: RequestOptions): Promise<TokenAssociations> {
    return this.request('GET', 'personal_access_tokens/self/associations', TokenAssociations, { query, ...options });
  }

  /**
   * Lists personal access tokens: an administrator's every token (or one user's with `user_id`),
   * anyone else's their own. `GET /personal_access_tokens`
   *
   * @example
   * ```ts
   * for await (const token of gitlab.personalAccessTokens.list({ user_id: 42, state: 'active' })) {
   *   console.log(token.name, token.expires_at);
   * }
   * ```
   */
  list(query: PersonalAccessTokenListQuery = {}, options?: RequestOptions): PagePromise<PersonalAccessToken> {
    return this.paginate('personal_access_tokens', PersonalAccessToken, { query, ...options });
  }

  /**
   * Reads one token: the caller's own, or any for an administrator (anyone else gets 401).
   * `GET /personal_access_tokens/:id`
   *
   * @example
   * ```ts
   * const token = await gitlab.personalAccessTokens.get(17);
   * ```
   */
  get(id: number, options?: RequestOptions): Promise<PersonalAccessToken> {
    return this.request('GET', path`personal_access_tokens/${id}`, PersonalAccessToken, options);
  }

  /**
   * Revokes a token: the caller's own, or any for an administrator (else 400
   * `Not permitted to revoke`). `DELETE /personal_access_tokens/:id`
   *
   * @example
   * ```ts
   * await gitlab.personalAccessTokens.revoke(17);
   * ```
   */
  revoke(id: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`personal_access_tokens/${id}`, null, options);
  }

  /**
   * Revokes the token the client authenticates with. `DELETE /personal_access_tokens/self`
   *
   * @example
   * ```ts
   * await gitlab.personalAccessTokens.revokeSelf();
   * ```
   */
  revokeSelf(options?: RequestOptions): Promise<void> {
    return this.request('DELETE', 'personal_access_tokens/self', null, options);
  }

  /**
   * Rotates a token: revokes it and returns a new one (same name and scopes) with its secret.
   * `POST /personal_access_tokens/:id/rotate`
   *
   * @example
   * ```ts
   * const fresh = await gitlab.personalAccessTokens.rotate(17, { expires_at: '2026-09-01' });
   * storeSecret('gitlab-token', fresh.token);
   * ```
   */
  rotate(
    id: number,
    body: PersonalAccessTokenRotate = {},
    options?: RequestOptions,
  ): Promise<PersonalAccessTokenWithToken> {
    return this.request('POST', path`personal_access_tokens/${id}/rotate`, PersonalAccessTokenWithToken, {
      json: body,
      ...options,
    });
  }

  /**
   * Rotates the token the client authenticates with (scope `api` or `self_rotate`); the client
   * must use the returned token from then on. `POST /personal_access_tokens/self/rotate`
   *
   * @example
   * ```ts
   * const fresh = await gitlab.personalAccessTokens.rotateSelf();
   * storeSecret('gitlab-token', fresh.token);
   * ```
   */
  rotateSelf(body: PersonalAccessTokenRotate = {}, options?: RequestOptions): Promise<PersonalAccessTokenWithToken> {
    return this.request('POST', 'personal_access_tokens/self/rotate', PersonalAccessTokenWithToken, {
      json: body,
      ...options,
    });
  }

  /**
   * Creates a personal access token for the caller, with only the `k8s_proxy` and `self_rotate`
   * scopes. `POST /user/personal_access_tokens`
   *
   * @example
   * ```ts
   * const { token } = await gitlab.personalAccessTokens.createForCurrentUser({ name: 'agent', scopes: ['k8s_proxy'] });
   * ```
   */
  createForCurrentUser(
    body: PersonalAccessTokenCreate,
    options?: RequestOptions,
  ): Promise<PersonalAccessTokenWithToken> {
    return this.request('POST', 'user/personal_access_tokens', PersonalAccessTokenWithToken, {
      json: body,
      ...options,
    });
  }
}

/** Personal access tokens an administrator creates for a user: `gitlab.users.personalAccessTokens`. */
export class UserPersonalAccessTokens extends Resource {
  /**
   * Creates a personal access token for a user (administrators only); the answer holds its secret
   * `token`. An expiry beyond the limit is a 422. `POST /users/:id/personal_access_tokens`
   *
   * @example
   * ```ts
   * const { token } = await gitlab.users.personalAccessTokens.create(42, {
   *   name: 'automation',
   *   scopes: ['api'],
   *   expires_at: '2026-12-31',
   * });
   * ```
   */
  create(
    user: number,
    body: PersonalAccessTokenCreate,
    options?: RequestOptions,
  ): Promise<PersonalAccessTokenWithToken> {
    return this.request('POST', path`users/${user}/personal_access_tokens`, PersonalAccessTokenWithToken, {
      json: body,
      ...options,
    });
  }
}

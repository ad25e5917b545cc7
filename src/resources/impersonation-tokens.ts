import type { PagePromise } from '../core/pagination.js';
import { path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  ImpersonationToken,
  type ImpersonationTokenCreate,
  type ImpersonationTokenListQuery,
} from '../models/access-tokens.js';

/**
 * Impersonation tokens: `gitlab.users.impersonationTokens` (administrators only). Such a token
 * authenticates as its user. Endpoints `/users/:id/impersonation_tokens`.
 */
export class UserImpersonationTokens extends Resource {
  /**
   * Lists a user's impersonation tokens. `GET /users/:id/impersonation_tokens`
   *
   * @example
   * ```ts
   * const { items } = await gitlab.users.impersonationTokens.list(42, { state: 'active' });
   * ```
   */
  list(
    user: number,
    query: ImpersonationTokenListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ImpersonationToken> {
    return this.paginate(path`users/${user}/impersonation_tokens`, ImpersonationToken, { query, ...options });
  }

  /**
   * Reads one impersonation token (never its secret). `GET /users/:id/impersonation_tokens/:impersonation_token_id`
   *
   * @example
   * ```ts
   * const token = await gitlab.users.impersonationTokens.get(42, 9);
   * ```
   */
  get(user: number, tokenId: number, options?: RequestOptions): Promise<ImpersonationToken> {
    return this.request('GET', path`users/${user}/impersonation_tokens/${tokenId}`, ImpersonationToken, options);
  }

  /**
   * Creates an impersonation token; the answer holds its secret `token`, shown only now.
   * `POST /users/:id/impersonation_tokens`
   *
   * @example
   * ```ts
   * const { token } = await gitlab.users.impersonationTokens.create(42, {
   *   name: 'support',
   *   scopes: ['read_api'],
   *   expires_at: '2026-12-31',
   * });
   * ```
   */
  create(user: number, body: ImpersonationTokenCreate, options?: RequestOptions): Promise<ImpersonationToken> {
    return this.request('POST', path`users/${user}/impersonation_tokens`, ImpersonationToken, {
      json: body,
      ...options,
    });
  }

  /**
   * Revokes an impersonation token. `DELETE /users/:id/impersonation_tokens/:impersonation_token_id`
   *
   * @example
   * ```ts
   * await gitlab.users.impersonationTokens.revoke(42, 9);
   * ```
   */
  revoke(user: number, tokenId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`users/${user}/impersonation_tokens/${tokenId}`, null, options);
  }
}

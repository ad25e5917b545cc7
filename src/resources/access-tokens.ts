import type { PagePromise } from '../core/pagination.js';
import { type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  ProjectAccessToken,
  type ProjectAccessTokenCreate,
  type ProjectAccessTokenListQuery,
  type ProjectAccessTokenRotate,
  ProjectAccessTokenWithToken,
} from '../models/access-tokens.js';

/**
 * A project's access tokens: `gitlab.projects.accessTokens`. Endpoints under
 * `/projects/:id/access_tokens`; listing, reading, rotating and revoking need the
 * Maintainer role or higher.
 */
export class ProjectAccessTokens extends Resource {
  /**
   * Lists a project's access tokens, revoked and expired ones included unless filtered
   * out. Await it for the first page, or iterate it for every token.
   * `GET /projects/:id/access_tokens`
   *
   * @example
   * ```ts
   * for await (const token of gitlab.projects.accessTokens.list('acme/api', { state: 'active' })) {
   *   console.log(token.name, token.expires_at);
   * }
   * ```
   */
  list(
    project: ProjectRef,
    query: ProjectAccessTokenListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ProjectAccessToken> {
    return this.paginate(path`projects/${project}/access_tokens`, ProjectAccessToken, { query, ...options });
  }

  /**
   * Reads one access token of a project (without its secret).
   * `GET /projects/:id/access_tokens/:token_id`
   *
   * @example
   * ```ts
   * const token = await gitlab.projects.accessTokens.get('acme/api', 42);
   * ```
   */
  get(project: ProjectRef, tokenId: number, options?: RequestOptions): Promise<ProjectAccessToken> {
    return this.request('GET', path`projects/${project}/access_tokens/${tokenId}`, ProjectAccessToken, options);
  }

  /**
   * Creates a project access token and its bot user. The result is the only time its
   * `token` is shown. `POST /projects/:id/access_tokens`
   *
   * @example
   * ```ts
   * const ci = await gitlab.projects.accessTokens.create('acme/api', {
   *   name: 'ci',
   *   scopes: ['api'],
   *   access_level: 30,
   *   expires_at: '2026-12-31',
   * });
   * await storeSecret('ci', ci.token);
   * ```
   */
  create(
    project: ProjectRef,
    body: ProjectAccessTokenCreate,
    options?: RequestOptions,
  ): Promise<ProjectAccessTokenWithToken> {
    return this.request('POST', path`projects/${project}/access_tokens`, ProjectAccessTokenWithToken, {
      json: body,
      ...options,
    });
  }

  /**
   * Rotates a token: revokes it and returns a new one (new id and `token`, same name,
   * scopes and access level), expiring in a week unless `expires_at` says otherwise.
   * `tokenId` may be `'self'` for the token this client authenticates with (it needs
   * the `api` or `self_rotate` scope). Rotating an already revoked token is refused and
   * revokes every token rotated from the same original.
   * `POST /projects/:id/access_tokens/:token_id/rotate`
   *
   * @example
   * ```ts
   * const fresh = await gitlab.projects.accessTokens.rotate('acme/api', 42, { expires_at: '2026-09-30' });
   * await storeSecret('ci', fresh.token);
   * ```
   */
  rotate(
    project: ProjectRef,
    tokenId: number | 'self',
    body: ProjectAccessTokenRotate = {},
    options?: RequestOptions,
  ): Promise<ProjectAccessTokenWithToken> {
    return this.request(
      'POST',
      path`projects/${project}/access_tokens/${tokenId}/rotate`,
      ProjectAccessTokenWithToken,
      {
        json: body,
        ...options,
      },
    );
  }

  /**
   * Revokes a token; it stops authenticating at once. `DELETE /projects/:id/access_tokens/:token_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.accessTokens.revoke('acme/api', 42);
   * ```
   */
  revoke(project: ProjectRef, tokenId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/access_tokens/${tokenId}`, null, options);
  }
}

import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, type ProjectRef, path } from '../core/path.js';
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
 * The access tokens of a project or of a group: one API for both, under
 * `/projects/:id/access_tokens` and `/groups/:id/access_tokens`. Use it as
 * `gitlab.projects.accessTokens` or `gitlab.groups.accessTokens`.
 */
export abstract class ResourceAccessTokens<Ref extends ProjectRef | GroupRef> extends Resource {
  /** `projects` or `groups`: the first segment of every path. */
  protected abstract readonly kind: 'projects' | 'groups';

  /**
   * Lists a project's or group's access tokens, revoked and expired ones included unless
   * filtered out. Await it for the first page, or iterate it for every token.
   * `GET /projects/:id/access_tokens`, `GET /groups/:id/access_tokens`
   *
   * @example
   * ```ts
   * for await (const token of gitlab.projects.accessTokens.list('acme/api', { state: 'active' })) {
   *   console.log(token.name, token.expires_at);
   * }
   * ```
   */
  list(
    resource: Ref,
    query: ProjectAccessTokenListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ProjectAccessToken> {
    return this.paginate(path`${this.kind}/${resource}/access_tokens`, ProjectAccessToken, { query, ...options });
  }

  /**
   * Reads one access token of a project or group (without its secret).
   * `GET /projects/:id/access_tokens/:token_id`, `GET /groups/:id/access_tokens/:token_id`
   *
   * @example
   * ```ts
   * const token = await gitlab.projects.accessTokens.get('acme/api', 42);
   * ```
   */
  get(resource: Ref, tokenId: number, options?: RequestOptions): Promise<ProjectAccessToken> {
    return this.request('GET', path`${this.kind}/${resource}/access_tokens/${tokenId}`, ProjectAccessToken, options);
  }

  /**
   * Creates an access token and its bot user, a member of the project or group. The result
   * is the only time its `token` is shown. `POST /projects/:id/access_tokens`,
   * `POST /groups/:id/access_tokens`
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
    resource: Ref,
    body: ProjectAccessTokenCreate,
    options?: RequestOptions,
  ): Promise<ProjectAccessTokenWithToken> {
    return this.request('POST', path`${this.kind}/${resource}/access_tokens`, ProjectAccessTokenWithToken, {
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
   * `POST /projects/:id/access_tokens/:token_id/rotate`, `POST /groups/:id/access_tokens/:token_id/rotate`
   *
   * @example
   * ```ts
   * const fresh = await gitlab.projects.accessTokens.rotate('acme/api', 42, { expires_at: '2026-09-30' });
   * await storeSecret('ci', fresh.token);
   * ```
   */
  rotate(
    resource: Ref,
    tokenId: number | 'self',
    body: ProjectAccessTokenRotate = {},
    options?: RequestOptions,
  ): Promise<ProjectAccessTokenWithToken> {
    return this.request(
      'POST',
      path`${this.kind}/${resource}/access_tokens/${tokenId}/rotate`,
      ProjectAccessTokenWithToken,
      {
        json: body,
        ...options,
      },
    );
  }

  /**
   * Revokes a token; it stops authenticating at once. `DELETE /projects/:id/access_tokens/:token_id`,
   * `DELETE /groups/:id/access_tokens/:token_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.accessTokens.revoke('acme/api', 42);
   * ```
   */
  revoke(resource: Ref, tokenId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`${this.kind}/${resource}/access_tokens/${tokenId}`, null, options);
  }
}

/**
 * A project's access tokens: `gitlab.projects.accessTokens`. Endpoints under
 * `/projects/:id/access_tokens`; listing, reading, rotating and revoking need the
 * Maintainer role or higher.
 *
 * @example
 * ```ts
 * const active = await gitlab.projects.accessTokens.list('acme/api', { state: 'active' }).toArray();
 * ```
 */
export class ProjectAccessTokens extends ResourceAccessTokens<ProjectRef> {
  /** Paths start with `projects`. */
  protected readonly kind = 'projects';
}

/**
 * A group's access tokens: `gitlab.groups.accessTokens`. Endpoints under
 * `/groups/:id/access_tokens`; every call needs the Owner role in the group. The bot
 * user of a group access token is a member of the group, and so of its subgroups and projects.
 *
 * @example
 * ```ts
 * const bot = await gitlab.groups.accessTokens.create('acme', { name: 'release bot', scopes: ['api'], access_level: 30 });
 * await storeSecret('release bot', bot.token);
 * ```
 */
export class GroupAccessTokens extends ResourceAccessTokens<GroupRef> {
  /** Paths start with `groups`. */
  protected readonly kind = 'groups';
}

import type { PagePromise } from '../core/pagination.js';
import { path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import type { PaginationQuery } from '../models/common.js';
import { SshKey, type SshKeyCreate } from '../models/users.js';

/**
 * Users' SSH keys: `gitlab.users.keys`. Anyone signed in reads a user's keys; administrators add
 * and remove them; every user manages their own (`listOwn`, `createOwn`...). Endpoints
 * `/users/:id/keys` and `/user/keys`.
 */
export class UserKeys extends Resource {
  /**
   * Lists a user's SSH keys (by id or username), oldest first. `GET /users/:id/keys`
   *
   * @example
   * ```ts
   * const { items } = await gitlab.users.keys.list('maya');
   * ```
   */
  list(user: number | string, query: PaginationQuery = {}, options?: RequestOptions): PagePromise<SshKey> {
    return this.paginate(path`users/${user}/keys`, SshKey, { query, ...options });
  }

  /**
   * Reads one of a user's SSH keys. `GET /users/:id/keys/:key_id`
   *
   * @example
   * ```ts
   * const key = await gitlab.users.keys.get(42, 7);
   * ```
   */
  get(user: number | string, keyId: number, options?: RequestOptions): Promise<SshKey> {
    return this.request('GET', path`users/${user}/keys/${keyId}`, SshKey, options);
  }

  /**
   * Adds an SSH key to a user (administrators only). An invalid key, or one any user already has,
   * is a `BadRequestError` naming the field (`fingerprint_sha256: has already been taken`).
   * `POST /users/:id/keys`
   *
   * @example
   * ```ts
   * const key = await gitlab.users.keys.create(42, {
   *   title: 'laptop',
   *   key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGJ1c2EgbWlubnMgdGhhdCBpdCBpcyBub3QgcmVhbAAA maya@laptop',
   * });
   * ```
   */
  create(user: number, body: SshKeyCreate, options?: RequestOptions): Promise<SshKey> {
    return this.request('POST', path`users/${user}/keys`, SshKey, { json: body, ...options });
  }

  /**
   * Removes one of a user's SSH keys (administrators only). `DELETE /users/:id/keys/:key_id`
   *
   * @example
   * ```ts
   * await gitlab.users.keys.delete(42, 7);
   * ```
   */
  delete(user: number, keyId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`users/${user}/keys/${keyId}`, null, options);
  }

  /**
   * Lists the caller's own SSH keys. `GET /user/keys`
   *
   * @example
   * ```ts
   * for await (const key of gitlab.users.keys.listOwn()) console.log(key.title);
   * ```
   */
  listOwn(query: PaginationQuery = {}, options?: RequestOptions): PagePromise<SshKey> {
    return this.paginate('user/keys', SshKey, { query, ...options });
  }

  /**
   * Reads one of the caller's own SSH keys. `GET /user/keys/:key_id`
   *
   * @example
   * ```ts
   * const key = await gitlab.users.keys.getOwn(7);
   * ```
   */
  getOwn(keyId: number, options?: RequestOptions): Promise<SshKey> {
    return this.request('GET', path`user/keys/${keyId}`, SshKey, options);
  }

  /**
   * Adds an SSH key to the caller. `POST /user/keys`
   *
   * @example
   * ```ts
   * const key = await gitlab.users.keys.createOwn({ title: 'ci', key: 'ssh-ed25519 AAAA...', usage_type: 'auth' });
   * ```
   */
  createOwn(body: SshKeyCreate, options?: RequestOptions): Promise<SshKey> {
    return this.request('POST', 'user/keys', SshKey, { json: body, ...options });
  }

  /**
   * Removes one of the caller's own SSH keys. `DELETE /user/keys/:key_id`
   *
   * @example
   * ```ts
   * await gitlab.users.keys.deleteOwn(7);
   * ```
   */
  deleteOwn(keyId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`user/keys/${keyId}`, null, options);
  }
}

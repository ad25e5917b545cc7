import type { PagePromise } from '../core/pagination.js';
import { path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  Namespace,
  NamespaceExistence,
  type NamespaceExistsQuery,
  type NamespaceListQuery,
} from '../models/namespaces.js';

/** Groups and personal namespaces: `gitlab.namespaces`. Endpoints under `/namespaces`. */
export class Namespaces extends Resource {
  /**
   * Lists the caller's namespaces: their personal namespace and the groups they are a
   * direct member of (administrators: every namespace). `GET /namespaces`
   *
   * @example
   * ```ts
   * for await (const ns of gitlab.namespaces.list({ top_level_only: true })) console.log(ns.kind, ns.full_path);
   * ```
   */
  list(query: NamespaceListQuery = {}, options?: RequestOptions): PagePromise<Namespace> {
    return this.paginate('namespaces', Namespace, { query, ...options });
  }

  /**
   * Reads a namespace by id or full path; one the caller has no access to is a 404.
   * `GET /namespaces/:id`
   *
   * @example
   * ```ts
   * const ns = await gitlab.namespaces.get('acme/platform');
   * console.log(ns.id, ns.kind);
   * ```
   */
  get(namespace: number | string, options?: RequestOptions): Promise<Namespace> {
    return this.request('GET', path`namespaces/${namespace}`, Namespace, options);
  }

  /**
   * Whether a path is taken at the top level (or below `parent_id`), with suggestions
   * when it is. `GET /namespaces/:id/exists`
   *
   * @example
   * ```ts
   * const { exists, suggests } = await gitlab.namespaces.exists('acme');
   * if (exists) console.log('try', suggests[0]);
   * ```
   */
  exists(
    namespacePath: string,
    query: NamespaceExistsQuery = {},
    options?: RequestOptions,
  ): Promise<NamespaceExistence> {
    return this.request('GET', path`namespaces/${namespacePath}/exists`, NamespaceExistence, { query, ...options });
  }
}

import type * as z from 'zod/mini';
import type { PagePromise } from './pagination.js';
import { type CallOptions, type GitLabOptions, type HttpMethod, Transport } from './transport.js';

/**
 * Base class of every resource (`ProjectMilestones`, ...): holds the transport and
 * gives subclasses one-line helpers, so a resource method only names the verb, the
 * path and the model.
 */
export abstract class Resource {
  readonly #transport: Transport;

  /**
   * Creates the resource on its own, with its own connection, for an app that needs
   * only this resource: a bundler then leaves the rest of the SDK out.
   *
   * @example
   * ```ts
   * import { ProjectMilestones } from 'gitlab-admin-sdk';
   *
   * const milestones = new ProjectMilestones({ baseUrl: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN });
   * const page = await milestones.list('acme/api');
   * ```
   */
  constructor(options: GitLabOptions);
  /** @internal The client shares one transport between its resources. */
  constructor(transport: Transport);
  constructor(source: GitLabOptions | Transport) {
    this.#transport = source instanceof Transport ? source : new Transport(source);
  }

  /**
   * Sends a request; the body is validated by `schema`, or ignored (resolving to `undefined`) when `schema` is `null`.
   * @internal
   */
  protected request<T>(method: HttpMethod, path: string, schema: z.ZodMiniType<T>, options?: CallOptions): Promise<T>;
  protected request(method: HttpMethod, path: string, schema: null, options?: CallOptions): Promise<void>;
  protected request<T>(
    method: HttpMethod,
    path: string,
    schema: z.ZodMiniType<T> | null,
    options?: CallOptions,
  ): Promise<T | undefined> {
    // The transport's own promise, not one more around it.
    return schema === null
      ? this.#transport.request(method, path, null, options)
      : this.#transport.request(method, path, schema, options);
  }

  /**
   * Lists a paginated collection lazily; each item is validated by `schema`.
   * @internal
   */
  protected paginate<T>(path: string, schema: z.ZodMiniType<T>, options?: CallOptions): PagePromise<T> {
    return this.#transport.paginate(path, schema, options);
  }
}

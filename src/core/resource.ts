import type * as z from 'zod';
import type { PagePromise } from './pagination.js';
import type { CallOptions, HttpMethod, Transport } from './transport.js';

/**
 * Base class of every resource (`ProjectMilestones`, ...): holds the transport and
 * gives subclasses one-line helpers, so a resource method only names the verb, the
 * path and the model.
 */
export abstract class Resource {
  readonly #transport: Transport;

  /** @internal The client creates resources; users reach them through `GitLab`. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Sends a request; the body is validated by `schema`, or ignored (resolving to `undefined`) when `schema` is `null`.
   * @internal
   */
  protected request<T>(method: HttpMethod, path: string, schema: z.ZodType<T>, options?: CallOptions): Promise<T>;
  protected request(method: HttpMethod, path: string, schema: null, options?: CallOptions): Promise<void>;
  protected async request<T>(
    method: HttpMethod,
    path: string,
    schema: z.ZodType<T> | null,
    options?: CallOptions,
  ): Promise<T | undefined> {
    if (schema !== null) return this.#transport.request(method, path, schema, options);
    await this.#transport.request(method, path, null, options);
    return undefined;
  }

  /**
   * Lists a paginated collection lazily; each item is validated by `schema`.
   * @internal
   */
  protected paginate<T>(path: string, schema: z.ZodType<T>, options?: CallOptions): PagePromise<T> {
    return this.#transport.paginate(path, schema, options);
  }
}

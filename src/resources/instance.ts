import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { Metadata, Version } from '../models/instance.js';

/** The instance itself, which `gitlab.version()` and `gitlab.metadata()` ask. Endpoints `/version` and `/metadata`. */
export class Instance extends Resource {
  /**
   * The GitLab version and revision (newer GitLab versions answer as `metadata`). `GET /version`
   *
   * @example
   * ```ts
   * const { version } = await gitlab.version();
   * ```
   */
  version(options?: RequestOptions): Promise<Version> {
    return this.request('GET', 'version', Version, options);
  }

  /**
   * The GitLab version, revision, agent server for Kubernetes, and whether it is the
   * Enterprise Edition. Works with the `read_user` scope too. `GET /metadata`
   *
   * @example
   * ```ts
   * const { version, enterprise } = await gitlab.metadata();
   * ```
   */
  metadata(options?: RequestOptions): Promise<Metadata> {
    return this.request('GET', 'metadata', Metadata, options);
  }
}

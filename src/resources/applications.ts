import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { Application, type ApplicationCreate, ApplicationWithSecret } from '../models/applications.js';

const ApplicationList = /* @__PURE__ */ lazySchema(() => z.array(Application));

/** GitLab takes an application's scopes as one space-separated string (anything else is sent as given). */
const joinScopes = (scopes: readonly string[] | string) => (Array.isArray(scopes) ? scopes.join(' ') : scopes);

/**
 * The instance's OAuth applications: `gitlab.applications`. Endpoints under
 * `/applications`; every one needs an instance administrator.
 */
export class Applications extends Resource {
  /**
   * Lists every OAuth application of the instance, without secrets; not paginated.
   * `GET /applications`
   *
   * @example
   * ```ts
   * for (const app of await gitlab.applications.list()) console.log(app.id, app.application_name);
   * ```
   */
  list(options?: RequestOptions): Promise<Application[]> {
    return this.request('GET', 'applications', ApplicationList, options);
  }

  /**
   * Creates an OAuth application. The result is the only time its `secret` is shown.
   * `POST /applications`
   *
   * @example
   * ```ts
   * const app = await gitlab.applications.create({
   *   name: 'Grafana',
   *   redirect_uri: 'https://grafana.example.com/login/gitlab',
   *   scopes: ['read_user', 'openid'],
   * });
   * await storeSecret(app.application_id, app.secret);
   * ```
   */
  create(body: ApplicationCreate, options?: RequestOptions): Promise<ApplicationWithSecret> {
    return this.request('POST', 'applications', ApplicationWithSecret, {
      json: { ...body, scopes: joinScopes(body.scopes) },
      ...options,
    });
  }

  /**
   * Deletes an OAuth application by its record `id` (not its `application_id`).
   * `DELETE /applications/:id`
   *
   * @example
   * ```ts
   * await gitlab.applications.delete(3);
   * ```
   */
  delete(id: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`applications/${id}`, null, options);
  }

  /**
   * Issues a new secret for an application; the old one stops working at once.
   * `POST /applications/:id/renew-secret`
   *
   * @example
   * ```ts
   * const { secret } = await gitlab.applications.renewSecret(3);
   * ```
   */
  renewSecret(id: number, options?: RequestOptions): Promise<ApplicationWithSecret> {
    return this.request('POST', path`applications/${id}/renew-secret`, ApplicationWithSecret, options);
  }
}

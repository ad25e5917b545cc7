import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { type GroupRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { ScimIdentity, type ScimIdentityUpdate } from '../models/scim.js';

const ScimIdentities = /* @__PURE__ */ lazySchema(() => z.array(ScimIdentity));

/**
 * A group's SCIM identities: `gitlab.groups.scim`. Endpoints under `/groups/:id/scim`,
 * for group Owners, on the hosted offering with SAML single sign-on and SCIM enabled.
 * `uid` is the identity's external identifier (`extern_uid`).
 */
export class GroupScimIdentities extends Resource {
  /**
   * Lists every SCIM identity of a group; not paginated. `GET /groups/:id/scim/identities`
   *
   * @example
   * ```ts
   * const inactive = (await gitlab.groups.scim.list('acme')).filter((identity) => !identity.active);
   * ```
   */
  list(group: GroupRef, options?: RequestOptions): Promise<ScimIdentity[]> {
    return this.request('GET', path`groups/${group}/scim/identities`, ScimIdentities, options);
  }

  /**
   * Reads one SCIM identity by its external identifier. `GET /groups/:id/scim/:uid`
   *
   * @example
   * ```ts
   * const identity = await gitlab.groups.scim.get('acme', 'maria@idp.example.com');
   * ```
   */
  get(group: GroupRef, uid: string, options?: RequestOptions): Promise<ScimIdentity> {
    return this.request('GET', path`groups/${group}/scim/${uid}`, ScimIdentity, options);
  }

  /**
   * Changes an identity's external identifier; the old one no longer finds it.
   * `PATCH /groups/:id/scim/:uid`
   *
   * @example
   * ```ts
   * await gitlab.groups.scim.update('acme', 'maria@old-idp.example.com', { extern_uid: 'maria@idp.example.com' });
   * ```
   */
  update(group: GroupRef, uid: string, body: ScimIdentityUpdate, options?: RequestOptions): Promise<ScimIdentity> {
    return this.request('PATCH', path`groups/${group}/scim/${uid}`, ScimIdentity, { json: body, ...options });
  }

  /**
   * Deletes a SCIM identity; the user stays. `DELETE /groups/:id/scim/:uid`
   *
   * @example
   * ```ts
   * await gitlab.groups.scim.delete('acme', 'former@idp.example.com');
   * ```
   */
  delete(group: GroupRef, uid: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`groups/${group}/scim/${uid}`, null, options);
  }
}

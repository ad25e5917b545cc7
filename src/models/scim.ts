import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';

/**
 * SCIM identities of a group (`/groups/:id/scim`): the link between a GitLab user
 * and the group's identity provider. Hosted offering, Premium and Ultimate.
 * @module
 */

/** A group's SCIM identity of one user. */
export const ScimIdentity = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The user's identifier at the identity provider (SCIM `id` / `externalId`). */
    extern_uid: z.string(),
    /** The GitLab user's id. */
    user_id: z.int(),
    /** Whether the identity is active (provisioned) at the identity provider. */
    active: z.boolean(),
  }),
);
/**
 * A group's SCIM identity of one user.
 * @interface
 */
export type ScimIdentity = z.infer<typeof ScimIdentity>;

/** Body of `PATCH /groups/:id/scim/:uid`. */
export interface ScimIdentityUpdate {
  /** The new external identifier. */
  extern_uid: string;
}

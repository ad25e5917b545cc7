import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';

/**
 * Instance-wide OAuth applications (`/applications`, administrators only).
 * @module
 */

/** An instance OAuth application as `GET /applications` lists it: never with its secret. */
export const Application = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The record id, used in paths (not `application_id`). */
    id: z.int(),
    /** The public client identifier (OAuth `client_id`). */
    application_id: z.string(),
    /** The name given at creation (`name`). */
    application_name: z.string(),
    /** The redirect URI given at creation (`redirect_uri`). */
    callback_url: z.string(),
    /** Whether the application can keep its secret confidential. */
    confidential: z.boolean(),
    /** The scopes, as a list (newer GitLab versions only). */
    scopes: z.optional(z.array(z.string())),
  }),
);
/**
 * An instance OAuth application as `GET /applications` lists it: never with its secret.
 * @interface
 */
export type Application = z.infer<typeof Application>;

/** An application with its plaintext `secret`: only what create and renew-secret return. */
export const ApplicationWithSecret = /* @__PURE__ */ lazySchema(() =>
  z.extend(Application, {
    /** The plaintext secret (OAuth `client_secret`). GitLab shows it only in this response: store it now. */
    secret: z.string(),
  }),
);
/**
 * An application with its plaintext `secret`: only what create and renew-secret return.
 * @interface
 */
export type ApplicationWithSecret = z.infer<typeof ApplicationWithSecret>;

/** Body of `POST /applications`. */
export interface ApplicationCreate {
  /** The application's name. */
  name: string;
  /** Where GitLab redirects after authorisation: an absolute URI (several may be given, one per line). */
  redirect_uri: string;
  /** The scopes, such as `['api', 'read_user']`, or GitLab's space-separated string `'api read_user'`. Sent as one string. */
  scopes: readonly string[] | string;
  /** Whether the application can keep its secret confidential (a server-side app). Default `true`. */
  confidential?: boolean;
}

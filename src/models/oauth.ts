import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';

/**
 * What GitLab's OAuth 2.0 provider answers: the token endpoint, token info, userinfo and its
 * errors (routes at the instance's root, not under `/api/v4`). Fields in GitLab's snake_case.
 * @module
 */

/** `POST /oauth/token`'s answer: an access token, and a refresh token for every grant but client credentials. */
export const OAuthTokens = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The access token: send it as `Authorization: Bearer` (the client's `oauthToken`). */
    access_token: z.string(),
    /** `Bearer`. */
    token_type: z.string(),
    /** Seconds the access token lives from `created_at` (7,200 by default); absent when it never expires. */
    expires_in: z.optional(z.int()),
    /** Exchanges for a new pair once; the old pair stops working at once (rotation). Absent for client credentials. */
    refresh_token: z.optional(z.string()),
    /** The granted scopes, space-separated (`api openid`). */
    scope: z.string(),
    /** When the token was issued, in seconds since the epoch (GitLab's clock). */
    created_at: z.int(),
    /** A signed OpenID Connect ID token (RS256, JWT) when the scopes include `openid`. */
    id_token: z.optional(z.string()),
  }),
);
/**
 * `POST /oauth/token`'s answer: an access token, and a refresh token for every grant but client credentials.
 * @interface
 */
export type OAuthTokens = z.infer<typeof OAuthTokens>;

/** `GET /oauth/token/info`: what an access token is, for whom and for how long. */
export const OAuthTokenInfo = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The user the token acts as; `null` for a client credentials token. */
    resource_owner_id: z.nullable(z.int()),
    /** The token's scopes (an array here, unlike the token endpoint's string). */
    scope: z.array(z.string()),
    /** Seconds left; `null` when the token never expires. */
    expires_in: z.nullable(z.int()),
    /** The application the token was issued to (`uid` its client id; `null` without one). */
    application: z.nullable(
      z.looseObject({
        /** The application's client id; `null` for a token issued without one. */
        uid: z.nullable(z.string()),
      }),
    ),
    /** When the token was issued, in seconds since the epoch. */
    created_at: z.int(),
  }),
);
/**
 * `GET /oauth/token/info`: what an access token is, for whom and for how long.
 * @interface
 */
export type OAuthTokenInfo = z.infer<typeof OAuthTokenInfo>;

/** `GET /oauth/userinfo`: OpenID Connect claims about the token's user (the token needs the `openid` scope). */
export const OAuthUserInfo = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The user's id, as a string. */
    sub: z.string(),
    /** The display name. */
    name: z.optional(z.string()),
    /** The username. */
    nickname: z.optional(z.string()),
    /** The username. */
    preferred_username: z.optional(z.string()),
    /** The primary email with the `email` scope, else the public email; absent when neither. */
    email: z.optional(z.string()),
    /** Whether `email` is verified. */
    email_verified: z.optional(z.boolean()),
    /** The user's profile page. */
    profile: z.optional(z.string()),
    /** The avatar's URL. */
    picture: z.optional(z.string()),
    /** Full paths of the groups the user belongs to, directly or through a parent group. */
    groups: z.optional(z.array(z.string())),
  }),
);
/**
 * `GET /oauth/userinfo`: OpenID Connect claims about the token's user (the token needs the `openid` scope).
 * @interface
 */
export type OAuthUserInfo = z.infer<typeof OAuthUserInfo>;

/** An OAuth error body: `{ "error": "invalid_grant", "error_description": "..." }`. */
export const OAuthErrorBody = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The OAuth error code. */
    error: z.string(),
    /** GitLab's description of it. */
    error_description: z.optional(z.string()),
  }),
);
/**
 * An OAuth error body: `{ "error": "invalid_grant", "error_description": "..." }`.
 * @interface
 */
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;

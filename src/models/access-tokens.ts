import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import {
  type AccessLevel,
  DateString,
  DateTimeString,
  type PaginationQuery,
  ProjectIdentity,
  ProjectNamespace,
} from './common.js';

/**
 * Project and group access tokens (`/projects/:id/access_tokens`, `/groups/:id/access_tokens`):
 * tokens of a bot user that is a member of the project or group at the token's access level;
 * the same models for both resources; they extend the personal
 * access token that `/personal_access_tokens/self` shows.
 * @module
 */

/** The token that authenticates a request, as `GET /personal_access_tokens/self` shows it: never its secret value. */
export const PersonalAccessToken = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The token's id. */
    id: z.int(),
    /** The token's name. */
    name: z.string(),
    /** Neither revoked nor expired. */
    active: z.boolean(),
    /** Revoked (by a revoke, or by a rotation, which revokes the token it replaces). */
    revoked: z.boolean(),
    /** Past its `expires_at` (GitLab versions after 18.9 only). */
    expired: z.optional(z.boolean()),
    /** A fine-grained token rather than a legacy one (GitLab versions after 18.9 only). */
    granular: z.optional(z.boolean()),
    /** When the token was created. */
    created_at: DateTimeString,
    /** Newer GitLab versions only. */
    description: z.optional(z.nullable(z.string())),
    /** The token's scopes, such as `['api']`. */
    scopes: z.array(z.string()),
    /** The user it authenticates as: for a project access token, the bot user that owns it. */
    user_id: z.int(),
    /** When the token last authenticated a request; `null` when never. */
    last_used_at: z.nullable(DateTimeString),
    /** `YYYY-MM-DD`; the token stops working the day after. `null` when it never expires. */
    expires_at: z.nullable(DateString),
    /** The IP addresses it was last used from (`GET /personal_access_tokens` and `/personal_access_tokens/:id`, newer GitLab versions). */
    last_used_ips: z.optional(z.array(z.string())),
  }),
);
/**
 * The token that authenticates a request, as `GET /personal_access_tokens/self` shows it: never its secret value.
 * @interface
 */
export type PersonalAccessToken = z.infer<typeof PersonalAccessToken>;

/** A new or rotated personal access token, with its secret `token`: GitLab shows it only in this response. */
export const PersonalAccessTokenWithToken = /* @__PURE__ */ lazySchema(() =>
  z.extend(PersonalAccessToken, {
    /** The secret value, to send as `PRIVATE-TOKEN`. Store it now: GitLab never shows it again. */
    token: z.string(),
  }),
);
/**
 * A new or rotated personal access token, with its secret `token`: GitLab shows it only in this response.
 * @interface
 */
export type PersonalAccessTokenWithToken = z.infer<typeof PersonalAccessTokenWithToken>;

/** A group the token's user reads, as `GET /personal_access_tokens/self/associations` lists it (GroupAssociationDetails). */
export const TokenGroupAssociation = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The group's id. */
    id: z.int(),
    /** The group's page. */
    web_url: z.string(),
    /** The group's name. */
    name: z.string(),
    /** The parent group's id, or `null` for a top-level group. */
    parent_id: z.nullable(z.int()),
    /** The organization the group belongs to. */
    organization_id: z.nullable(z.int()),
    /** The user's highest direct membership in the group or its ancestors, or `null` (a public group read without one). */
    access_levels: z.nullable(z.int()),
    /** `private`, `internal` or `public`. */
    visibility: z.string(),
  }),
);
/**
 * A group the token's user reads (GroupAssociationDetails).
 * @interface
 */
export type TokenGroupAssociation = z.infer<typeof TokenGroupAssociation>;

/** A project the token's user reads, as `GET /personal_access_tokens/self/associations` lists it (ProjectAssociationDetails). */
export const TokenProjectAssociation = /* @__PURE__ */ lazySchema(() =>
  z.extend(ProjectIdentity, {
    /** The user's roles: a direct membership of the project, and the highest direct one in its group or the group's ancestors. */
    access_levels: z.looseObject({
      /** The user's direct membership of the project (the Owner of a personal project is one), or `null`. */
      project_access_level: z.nullable(z.int()),
      /** The user's highest direct membership in the project's group or its ancestors, or `null` (none, or a personal project). */
      group_access_level: z.nullable(z.int()),
    }),
    /** `private`, `internal` or `public`. */
    visibility: z.string(),
    /** The project's page. */
    web_url: z.string(),
    /** Where the project lives. */
    namespace: ProjectNamespace,
  }),
);
/**
 * A project the token's user reads (ProjectAssociationDetails).
 * @interface
 */
export type TokenProjectAssociation = z.infer<typeof TokenProjectAssociation>;

/** `GET /personal_access_tokens/self/associations`: one page of each list. */
export const TokenAssociations = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The groups the token's user reads, newest first. */
    groups: z.array(TokenGroupAssociation),
    /** The projects the token's user reads, newest first. */
    projects: z.array(TokenProjectAssociation),
  }),
);
/**
 * The groups and projects a personal access token reaches (`GET /personal_access_tokens/self/associations`).
 * @interface
 */
export type TokenAssociations = z.infer<typeof TokenAssociations>;

/** Query of `GET /personal_access_tokens/self/associations`: one page and size for both lists. */
export interface TokenAssociationsQuery extends PaginationQuery {
  /** Only groups and projects where the user has at least this role (a direct membership, or one above in the group tree). */
  min_access_level?: AccessLevel;
}

/** An impersonation token (`/users/:id/impersonation_tokens`); `token` only when just created. */
export const ImpersonationToken = /* @__PURE__ */ lazySchema(() =>
  z.extend(PersonalAccessToken, {
    /** Always `true` here: the token acts as its user on an administrator's behalf. */
    impersonation: z.boolean(),
    /** The secret value: only in the answer of create. */
    token: z.optional(z.string()),
  }),
);
/**
 * An impersonation token (`/users/:id/impersonation_tokens`); `token` only when just created.
 * @interface
 */
export type ImpersonationToken = z.infer<typeof ImpersonationToken>;

/** Filters of `GET /personal_access_tokens`. Default order: by id, oldest first. */
export interface PersonalAccessTokenListQuery extends ProjectAccessTokenListQuery {
  /** Only this user's tokens (administrators; anyone else may name only themselves, or gets 401). */
  user_id?: number;
}

/** Body of `POST /users/:id/personal_access_tokens` (administrators) and `POST /user/personal_access_tokens`. */
export interface PersonalAccessTokenCreate {
  /** The token's name. */
  name: string;
  /** At least one scope. For the caller's own token (`createForCurrentUser`): only `k8s_proxy` and `self_rotate`. */
  scopes: readonly string[];
  /** `YYYY-MM-DD`; default a year ahead when the instance requires token expiry, else never. */
  expires_at?: string;
  /** A description. */
  description?: string;
}

/** Body of `POST /users/:id/impersonation_tokens`. */
export interface ImpersonationTokenCreate {
  /** The token's name. */
  name: string;
  /** At least one scope, such as `api`. */
  scopes: readonly string[];
  /** `YYYY-MM-DD`; required while the instance requires token expiry, at most a year ahead. */
  expires_at?: string;
  /** A description. */
  description?: string;
}

/** Filters of `GET /users/:id/impersonation_tokens`. */
export interface ImpersonationTokenListQuery extends PaginationQuery {
  /** `all` (default), `active` or `inactive`. */
  state?: 'all' | 'active' | 'inactive';
}

/** Body of `POST /personal_access_tokens/:id/rotate` and `/personal_access_tokens/self/rotate`. */
export interface PersonalAccessTokenRotate {
  /** `YYYY-MM-DD` of the new token's expiry, at most a year ahead. Default: a week ahead. */
  expires_at?: string;
}

/** A project (or group) access token, as listed and read: never with its secret value. */
export const ProjectAccessToken = /* @__PURE__ */ lazySchema(() =>
  z.extend(PersonalAccessToken, {
    /** The bot user's role in the project or group: 10 Guest ... 50 Owner (see {@link AccessLevel}). */
    access_level: z.int(),
    /** `project` or `group` (newer GitLab versions only). */
    resource_type: z.optional(z.string()),
    /** The project's or group's id (newer GitLab versions only); `null` when GitLab no longer knows the bot user's resource. */
    resource_id: z.optional(z.nullable(z.int())),
  }),
);
/**
 * A project (or group) access token, as listed and read: never with its secret value.
 * @interface
 */
export type ProjectAccessToken = z.infer<typeof ProjectAccessToken>;

/** A project (or group) access token with its secret `token`: only what create and rotate return. */
export const ProjectAccessTokenWithToken = /* @__PURE__ */ lazySchema(() =>
  z.extend(ProjectAccessToken, {
    /** The secret value, to send as `PRIVATE-TOKEN`. GitLab shows it only in this response: store it now. */
    token: z.string(),
  }),
);
/**
 * A project access token with its secret `token`: only what create and rotate return.
 * @interface
 */
export type ProjectAccessTokenWithToken = z.infer<typeof ProjectAccessTokenWithToken>;

/** The scopes a project access token may have. */
export type ProjectAccessTokenScope =
  | 'api'
  | 'read_api'
  | 'read_repository'
  | 'write_repository'
  | 'read_registry'
  | 'write_registry'
  | 'create_runner'
  | 'manage_runner'
  | 'ai_features'
  | 'k8s_proxy'
  | 'self_rotate';

/** Orders of `GET /projects/:id/access_tokens` and `GET /groups/:id/access_tokens`. Default: by id, oldest first. */
export type ProjectAccessTokenSort =
  | 'created_asc'
  | 'created_desc'
  | 'expires_asc'
  | 'expires_desc'
  | 'last_used_asc'
  | 'last_used_desc'
  | 'name_asc'
  | 'name_desc';

/** Filters of `GET /projects/:id/access_tokens` and `GET /groups/:id/access_tokens`. */
export interface ProjectAccessTokenListQuery extends PaginationQuery {
  /** `active` (neither revoked nor expired) or `inactive`; both when omitted. */
  state?: 'active' | 'inactive';
  /** Only revoked (`true`) or not revoked (`false`) tokens. */
  revoked?: boolean;
  /** ISO 8601 date-time: only tokens created before it. */
  created_before?: string;
  /** ISO 8601 date-time: only tokens created after it. */
  created_after?: string;
  /** ISO 8601 date-time: only tokens last used before it. */
  last_used_before?: string;
  /** ISO 8601 date-time: only tokens last used after it. */
  last_used_after?: string;
  /** `YYYY-MM-DD`: only tokens that expire before it. */
  expires_before?: string;
  /** `YYYY-MM-DD`: only tokens that expire after it. */
  expires_after?: string;
  /** Part of the token's name, case-insensitive. */
  search?: string;
  /** Order of the list. */
  sort?: ProjectAccessTokenSort;
}

/** Body of `POST /projects/:id/access_tokens` and `POST /groups/:id/access_tokens`. */
export interface ProjectAccessTokenCreate {
  /** The token's name (also its bot user's name). */
  name: string;
  /** At least one scope. */
  scopes: readonly ProjectAccessTokenScope[];
  /** The bot user's role in the project or group. Default 40 (Maintainer); at most the caller's own role. */
  access_level?: AccessLevel;
  /**
   * `YYYY-MM-DD`, at most one year ahead. Default: one year ahead when the instance requires
   * token expiry, else never.
   */
  expires_at?: string;
  /** A description of the token. */
  description?: string;
}

/** Body of `POST /projects/:id/access_tokens/:token_id/rotate` (and the groups' route). */
export interface ProjectAccessTokenRotate {
  /** `YYYY-MM-DD` of the new token's expiry, at most one year ahead. Default: one week ahead. */
  expires_at?: string;
}

import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import { DateString, DateTimeString, type PaginationQuery, UserBasic } from './common.js';

/**
 * Users (`/user`, `/users`, `/users/:id`). GitLab answers each route with more
 * fields for administrators: the schemas keep those optional.
 * @module
 */

/** The profile every signed-in user may read (GitLab's `User` entity, after {@link UserBasic}'s fields). */
const profile = () => ({
  /** When the user was created (left out for a private profile). */
  created_at: z.optional(DateTimeString),
  /** The biography; `''` when not set. */
  bio: z.nullable(z.string()),
  /** The location; `''` when not set. */
  location: z.nullable(z.string()),
  /** The email the user chose to show, or `null`. */
  public_email: z.nullable(z.string()),
  /** Removed from newer GitLab versions. */
  skype: z.optional(z.nullable(z.string())),
  /** The LinkedIn name. */
  linkedin: z.nullable(z.string()),
  /** The X (Twitter) name. */
  twitter: z.nullable(z.string()),
  /** The Discord user id (newer GitLab versions only). */
  discord: z.optional(z.nullable(z.string())),
  /** The website. */
  website_url: z.nullable(z.string()),
  /** The GitHub username (GitLab 18.1 and later). */
  github: z.optional(z.nullable(z.string())),
  /** The organization. */
  organization: z.nullable(z.string()),
  /** The job title. */
  job_title: z.nullable(z.string()),
  /** The pronouns, or `null` (newer GitLab versions only). */
  pronouns: z.optional(z.nullable(z.string())),
  /** The bot user of a project or group access token, or another bot. */
  bot: z.boolean(),
  /** Job title and organization as one line, or `null`. */
  work_information: z.optional(z.nullable(z.string())),
  /** How many users follow this one. */
  followers: z.optional(z.int()),
  /** How many users this one follows. */
  following: z.optional(z.int()),
  /** Whether the caller follows this user (newer GitLab versions only). */
  is_followed: z.optional(z.boolean()),
  /** The user's local time, such as `3:38 PM`, or `null` without a time zone (newer GitLab versions only). */
  local_time: z.optional(z.nullable(z.string())),
});

/** An external identity of a user: a SAML, LDAP or OAuth provider's id for them. */
export const UserIdentity = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The provider, such as `ldapmain` or `group_saml`. */
    provider: z.string(),
    /** The user's id at the provider. */
    extern_uid: z.string(),
  }),
);
/**
 * An external identity of a user: a SAML, LDAP or OAuth provider's id for them.
 * @interface
 */
export type UserIdentity = z.infer<typeof UserIdentity>;

/** The account details only the user (and administrators) see (GitLab's `UserPublic` entity). */
const account = () => ({
  /** When the user last signed in, or `null`. */
  last_sign_in_at: z.nullable(DateTimeString),
  /** When the email address was confirmed, or `null`. */
  confirmed_at: z.nullable(DateTimeString),
  /** `YYYY-MM-DD` of the user's last activity, or `null`. */
  last_activity_on: z.nullable(DateString),
  /** The primary email address. */
  email: z.string(),
  /** The interface theme. */
  theme_id: z.nullable(z.int()),
  /** The syntax highlighting theme. */
  color_scheme_id: z.nullable(z.int()),
  /** How many personal projects the user may create. */
  projects_limit: z.int(),
  /** When the current session started, or `null`. */
  current_sign_in_at: z.nullable(DateTimeString),
  /** External identities. */
  identities: z.array(UserIdentity),
  /** May create top-level groups. */
  can_create_group: z.boolean(),
  /** May create projects. */
  can_create_project: z.boolean(),
  /** Has two-factor authentication on. */
  two_factor_enabled: z.boolean(),
  /** An external user (sees only what they are a member of). */
  external: z.boolean(),
  /** Hides their activity and profile from others. */
  private_profile: z.boolean(),
  /** The email of their web commits. */
  commit_email: z.nullable(z.string()),
  /** The language of their interface, such as `en` (GitLab 18.3 and later). */
  preferred_language: z.optional(z.nullable(z.string())),
});

/** What administrators see besides (GitLab's `UserWithAdmin` and `UserDetailsWithAdmin` entities). */
const administration = () => ({
  /** An instance administrator. */
  is_admin: z.boolean(),
  /** The administrators' note on the user, or `null`. */
  note: z.nullable(z.string()),
  /** The id of the user's personal namespace. */
  namespace_id: z.nullable(z.int()),
  /** The administrator who created the user, or `null`. */
  created_by: z.nullable(UserBasic),
  /** When the user was offered to reset their email, or `null`. */
  email_reset_offered_at: z.nullable(DateTimeString),
  /** Counts against the licence's seats (licensed instances only). */
  using_license_seat: z.boolean(),
  /** An auditor (licensed instances only). */
  is_auditor: z.boolean(),
  /** The group that provisioned the user through SCIM or SAML, or `null` (licensed instances only). */
  provisioned_by_group_id: z.nullable(z.int()),
  /** The highest role the user has in any group or project (`GET /users/:id` only): 0 for none. */
  highest_role: z.int(),
  /** The IP address of the current session, or `null` (`GET /users/:id` only). */
  current_sign_in_ip: z.nullable(z.string()),
  /** The IP address of the last session, or `null` (`GET /users/:id` only). */
  last_sign_in_ip: z.nullable(z.string()),
  /** How many times the user signed in (`GET /users/:id` for administrators). */
  sign_in_count: z.optional(z.int()),
  /** The plan of the user's personal namespace (GitLab.com only). */
  plan: z.string(),
  /** Whether that namespace is on a trial (GitLab.com only). */
  trial: z.boolean(),
});

/**
 * A user as `GET /users/:id` answers: the public profile, and for an administrator the
 * account and administration fields too.
 */
export const User = /* @__PURE__ */ lazySchema(() =>
  z.extend(UserBasic, {
    ...profile(),
    ...z.partial(z.object(account())).shape,
    ...z.partial(z.object(administration())).shape,
  }),
);
/**
 * A user as `GET /users/:id` answers: the public profile, and for an administrator the
 * account and administration fields too.
 * @interface
 */
export type User = z.infer<typeof User>;

/** The caller, as `GET /user` answers: the profile and the account, and for an administrator `is_admin` and more. */
export const CurrentUser = /* @__PURE__ */ lazySchema(() =>
  z.extend(UserBasic, {
    ...profile(),
    ...account(),
    ...z.partial(z.object(administration())).shape,
  }),
);
/**
 * The caller, as `GET /user` answers: the profile and the account, and for an administrator `is_admin` and more.
 * @interface
 */
export type CurrentUser = z.infer<typeof CurrentUser>;

/** A user in `GET /users`: the basic fields, and for an administrator every other field too. */
export const ListedUser = /* @__PURE__ */ lazySchema(() =>
  z.extend(UserBasic, {
    ...z.partial(z.object(profile())).shape,
    ...z.partial(z.object(account())).shape,
    ...z.partial(z.object(administration())).shape,
  }),
);
/**
 * A user in `GET /users`: the basic fields, and for an administrator every other field too.
 * @interface
 */
export type ListedUser = z.infer<typeof ListedUser>;

/** Orders of `GET /users` (administrators only; GitLab ignores them for others). */
export type UserOrderBy = 'id' | 'name' | 'username' | 'created_at' | 'updated_at';

/** Filters of `GET /users`. Default order: newest first (by id, descending). */
export interface UserListQuery extends PaginationQuery {
  /** Exactly this username (any case): at most one user. */
  username?: string;
  /** Part of a name or username, any case; administrators also find a whole email address. */
  search?: string;
  /** Only active users. */
  active?: boolean;
  /** Only blocked users (administrators only see blocked users at all). */
  blocked?: boolean;
  /** Only human users: no bots. */
  humans?: boolean;
  /** Only bots and GitLab's internal users: no humans. */
  exclude_humans?: boolean;
  /** Only users who are not active (blocked, deactivated...; GitLab's `without_active`). */
  exclude_active?: boolean;
  /** Exactly this public email: at most one user (GitLab 18.3 and later). */
  public_email?: string;
  /** Leave out GitLab's internal users (ghost, support bot...). */
  exclude_internal?: boolean;
  /** Leave out the bot users of project access tokens. */
  without_project_bots?: boolean;
  /** Only external users. */
  external?: boolean;
  /** Leave out external users. */
  exclude_external?: boolean;
  /** Only administrators (administrators only; ignored for others). */
  admins?: boolean;
  /** Only users in no project (administrators only; ignored for others). */
  without_projects?: boolean;
  /** `enabled` or `disabled`: by two-factor authentication (administrators only; ignored for others). */
  two_factor?: 'enabled' | 'disabled';
  /** ISO 8601: only users created after it (administrators only; ignored for others). */
  created_after?: string;
  /** ISO 8601: only users created before it (administrators only; ignored for others). */
  created_before?: string;
  /** The user's id at an external provider; with `provider`. Administrators only: 403 for others. */
  extern_uid?: string;
  /** The external provider of `extern_uid`; with it. */
  provider?: string;
  /** Order (administrators only). Default `id`. */
  order_by?: UserOrderBy;
  /** Direction (administrators only). Default `desc`. */
  sort?: 'asc' | 'desc';
}

/** Options of `DELETE /users/:id`. */
export interface UserDeleteQuery {
  /**
   * Delete the user's issues and merge requests too, and the groups they alone own, instead of
   * passing their records to the ghost user (needed to delete the sole Owner of a group).
   */
  hard_delete?: boolean;
}

/** A user's direct membership of a group or project (GitLab's `Membership` entity). */
export const UserMembership = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The group's or project's id. */
    source_id: z.int(),
    /** The group's or project's name. */
    source_name: z.string(),
    /** `Namespace` for a group, `Project` for a project. */
    source_type: z.string(),
    /** The role: 10 Guest ... 50 Owner. */
    access_level: z.int(),
  }),
);
/**
 * A user's direct membership of a group or project (GitLab's `Membership` entity).
 * @interface
 */
export type UserMembership = z.infer<typeof UserMembership>;

/** How many groups and projects a user belongs to directly, and issues and merge requests they opened (GitLab's `UserAssociationsCount`). */
export const UserAssociationsCount = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Groups the user is a direct member of. */
    groups_count: z.int(),
    /** Projects the user is a direct member of. */
    projects_count: z.int(),
    /** Issues the user opened. */
    issues_count: z.int(),
    /** Merge requests the user opened. */
    merge_requests_count: z.int(),
  }),
);
/**
 * How many groups and projects a user belongs to directly, and issues and merge requests they opened.
 * @interface
 */
export type UserAssociationsCount = z.infer<typeof UserAssociationsCount>;

/** Options of `GET /users/:user_id/memberships`. */
export interface UserMembershipListQuery extends PaginationQuery {
  /** Only memberships of projects (`Project`) or of groups (`Namespace`). */
  type?: 'Project' | 'Namespace';
}

/** A user's SSH key (GitLab's `SSHKey` entity): its comment replaced by `<user's name> (<host>)`. */
export const SshKey = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The key's id. */
    id: z.int(),
    /** The title. */
    title: z.string(),
    /** `<algorithm> <base64> <user's name> (<host>)`: GitLab never shows the comment the key was added with. */
    key: z.string(),
    /** When it was added. */
    created_at: DateTimeString,
    /** When it stops working, or `null`. */
    expires_at: z.nullable(DateTimeString),
    /** When it last authenticated, or `null` (newer GitLab versions only). */
    last_used_at: z.optional(z.nullable(DateTimeString)),
    /** `auth`, `signing` or `auth_and_signing` (newer GitLab versions only). */
    usage_type: z.optional(z.string()),
  }),
);
/**
 * A user's SSH key (GitLab's `SSHKey` entity): its comment replaced by `<user's name> (<host>)`.
 * @interface
 */
export type SshKey = z.infer<typeof SshKey>;

/** Body of `POST /users/:id/keys` and `POST /user/keys`. */
export interface SshKeyCreate {
  /** A title. */
  title: string;
  /** The public key, such as the contents of `~/.ssh/id_ed25519.pub`. */
  key: string;
  /** ISO 8601 date-time after which the key stops working. */
  expires_at?: string;
  /** `auth_and_signing` (default), `auth` or `signing`. */
  usage_type?: 'auth_and_signing' | 'auth' | 'signing';
}

/** The fields `POST /users` and `PUT /users/:id` set besides the account's names. */
export interface UserAttributes {
  /** An instance administrator. */
  admin?: boolean;
  /** An external user: sees only what they are a member of. */
  external?: boolean;
  /** May create top-level groups. */
  can_create_group?: boolean;
  /** How many projects the user may create in their namespace. */
  projects_limit?: number;
  /** The administrators' note. */
  note?: string;
  /** Hides the profile and activity from others. */
  private_profile?: boolean;
  /** The user's id at `provider` (with it). */
  extern_uid?: string;
  /** An external provider (with `extern_uid`). */
  provider?: string;
  /** The biography (at most 255 characters). */
  bio?: string;
  /** The location. */
  location?: string;
  /** The public email: one of the user's own addresses. */
  public_email?: string;
  /** The email of web commits. */
  commit_email?: string;
  /** The LinkedIn name. */
  linkedin?: string;
  /** The X (Twitter) name. */
  twitter?: string;
  /** The Discord user id. */
  discord?: string;
  /** The GitHub username. */
  github?: string;
  /** The website. */
  website_url?: string;
  /** The organization. */
  organization?: string;
  /** The job title. */
  job_title?: string;
  /** The pronouns. */
  pronouns?: string;
}

/** Body of `POST /users`: one of `password`, `reset_password` and `force_random_password` is required. */
export interface UserCreate extends UserAttributes {
  /** The email address; unique (409 `Email has already been taken`). */
  email: string;
  /** The username; unique in any case (409 `Username has already been taken`), a valid namespace path. */
  username: string;
  /** The display name. */
  name: string;
  /** At least 8 characters, not a weak one. */
  password?: string;
  /** Send a password reset link: the password is a random one. */
  reset_password?: boolean;
  /** Set a random password. */
  force_random_password?: boolean;
  /** Confirm the email address now. */
  skip_confirmation?: boolean;
}

/** Body of `PUT /users/:id`: only the fields to change. */
export interface UserUpdate extends UserAttributes {
  /** A new email address; unique. */
  email?: string;
  /** A new username: the personal namespace and its projects' paths follow. */
  username?: string;
  /** A new display name. */
  name?: string;
  /** A new password. */
  password?: string;
  /** Do not ask to confirm a new email address. */
  skip_reconfirmation?: boolean;
}

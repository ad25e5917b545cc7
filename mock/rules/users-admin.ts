import { ApiError, conflict, forbidden, type ModelErrors, notFound, validationError } from '../http/errors.js';
import { type MemberSource, membershipCounts, membershipOf } from '../world/memberships.js';
import type { Caller, Role, User, UserIdentity, UserProfile, UserState, World } from '../world/types.js';
import { addUser, nextId, nowIso, randomString, renameUser, today, userNamed } from '../world/world.js';
import { isBlocked } from './access.js';
import { userCreatedHook, userRenamedHook } from './events.js';
import { authorize, can } from './policy.js';
import { removeUser } from './removal.js';

/**
 * Administrators manage users (`POST /users`, `PUT /users/:id`, and the state changes under
 * `/users/:id/`): GitLab 18.6's `lib/api/users.rb`, `app/services/users/*`, and `app/models/user.rb`'s
 * validations (with those of the personal namespace, `app/models/namespace.rb`, which GitLab reports
 * on `username`). A user's personal namespace and the paths of its projects derive from its username
 * (`mock/rules/namespaces.ts`), so a rename moves them with it.
 * @module
 */

/** `Gitlab::PathRegex::TOP_LEVEL_ROUTES`: `validates :username, exclusion:` (`%{value} is a reserved name`). */
const TOP_LEVEL_ROUTES = new Set(
  '- .well-known 404.html 422.html 500.html 502.html 503.html admin api apple-touch-icon.png assets dashboard deploy.html explore favicon.ico favicon.png groups health_check help import jwt login o oauth profile projects public robots.txt s search sitemap sitemap.xml sitemap.xml.gz slash-command-logo.png snippets unsubscribes uploads users v2'.split(
    ' ',
  ),
);
/** `Gitlab::Regex.oci_repository_path_regex` and its message (`Namespace` path format). */
const OCI_PATH = /^[a-zA-Z0-9]+([._-][a-zA-Z0-9]+)*$/;
const OCI_MESSAGE =
  "can only include non-accented letters, digits, '_', '-' and '.'. It must not start with '-', '_', or '.', nor end with '-', '_', '.', '.git', or '.atom'.";
/** `Gitlab::PathRegex.namespace_format_regex` and `namespace_format_message` (`NamespacePathValidator`). */
const NAMESPACE_FORMAT = /^(?:[a-zA-Z0-9_.][a-zA-Z0-9_\-.]{0,254}[a-zA-Z0-9_-]|[a-zA-Z0-9_])$/;
const NAMESPACE_MESSAGE =
  "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.";
/** `User::RESERVED_AI_USERNAME_PREFIXES` (`username_not_reserved_ai_prefix`). */
const AI_PREFIXES = ['duo-', 'duo_', 'ai-', 'ai_'];
/** `Gitlab::Themes.valid_ids`: the available themes (3, 1, 4, 5, 9, 2) and `DEPRECATED_THEME_IDS` (6, 7, 8, 10, 11). */
const THEME_IDS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
/** `Gitlab::ColorSchemes.valid_ids`. */
const COLOR_SCHEME_IDS = new Set([1, 2, 3, 4, 5, 6]);
/** Devise's `email_regexp`. */
const EMAIL = /^[^@\s]+@[^@\s]+$/;
/** A few entries of GitLab's weak password list (`Security::WeakPasswords#password_on_weak_list?`). */
const WEAK_PASSWORDS = new Set([
  'password',
  'password1',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyuiop',
  'iloveyou',
]);

/** `Security::WeakPasswords.weak_for_user?`: the user's name, username or email parts of 4+ characters, `gitlab`, `devops`, or a listed password. */
function weakPassword(password: string, user: Pick<User, 'name' | 'username' | 'email'>): boolean {
  if (WEAK_PASSWORDS.has(password.toLowerCase())) return true;
  if (password.length >= 64) return false;
  const words = [
    'gitlab',
    'devops',
    user.name,
    ...user.name.split(/[^\p{L}\p{N}]/u),
    user.username,
    ...user.username.split(/[^\p{L}\p{N}]/u),
    user.email,
    ...user.email.split('@'),
    ...user.email.split(/[^\p{L}\p{N}]/u),
  ].filter((word) => word.length >= 4);
  return words.some((word) => password.toLowerCase().includes(word.toLowerCase()));
}

/** The profile fields of `optional_attributes` that the mock keeps. */
export const PROFILE_FIELDS = [
  'bio',
  'location',
  'public_email',
  'commit_email',
  'linkedin',
  'twitter',
  'discord',
  'github',
  'website_url',
  'organization',
  'job_title',
  'pronouns',
] as const;

/**
 * The profile fields GitLab keeps on `UserDetail` (app/models/user_detail.rb): their length limits
 * (`DEFAULT_FIELD_LENGTH`, 500; `job_title` 200; `pronouns` 50), reported as `user_detail.<field>`.
 */
const DETAIL_LIMITS: Partial<Record<keyof UserProfile, number>> = {
  discord: 500,
  linkedin: 500,
  location: 500,
  organization: 500,
  twitter: 500,
  website_url: 500,
  github: 500,
  job_title: 200,
  pronouns: 50,
};

/** The elements whose content Sanitize drops with them (its default `remove_contents`). */
const DROPPED_ELEMENTS =
  /<(script|style|iframe|math|noembed|noframes|noscript|plaintext|svg|xmp)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/**
 * Ruby's `Sanitize.clean` with its default (no element allowed), as GitLab 18.6's
 * `UserDetail#sanitize_attrs` runs it (`before_validation`): markup goes (script and style with
 * their content), the text stays, serialized as HTML (a bare `&` as `&amp;`, a stray `<` or `>` escaped).
 */
function sanitizeClean(value: string): string {
  return value
    .replace(DROPPED_ELEMENTS, '')
    .replace(/<[a-zA-Z/!?][^>]*>/g, '')
    .replace(/&(?![a-zA-Z][a-zA-Z0-9]*;|#[0-9]+;|#x[0-9a-fA-F]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * app/models/user_detail.rb `sanitize_attrs` (GitLab 18.6; its "legacy sanitization" after 18.8's
 * `validate_sanitizable_user_details` flag): `Sanitize.clean` of `discord`, `linkedin`, `twitter`
 * and `github`; of `location`, `organization` and `website_url` too, keeping `&` (`gsub('&amp;', '&')`).
 */
function sanitizeProfile(profile: UserProfile): UserProfile {
  const out: UserProfile = { ...profile };
  for (const field of ['discord', 'linkedin', 'twitter', 'github'] as const) {
    const value = out[field];
    if (value) out[field] = sanitizeClean(value);
  }
  for (const field of ['location', 'organization', 'website_url'] as const) {
    const value = out[field];
    if (value) out[field] = sanitizeClean(value).replaceAll('&amp;', '&');
  }
  return out;
}

/** The profile fields a nil leaves nil (not in `UserDetail#prevent_nil_fields`). */
const NIL_KEPT = new Set<keyof UserProfile>(['public_email', 'commit_email', 'job_title', 'pronouns']);

/** What `POST /users` and `PUT /users/:id` may set (already parsed). */
export interface UserFields {
  email?: string;
  username?: string;
  name?: string;
  password?: string;
  admin?: boolean;
  external?: boolean;
  can_create_group?: boolean;
  projects_limit?: number;
  note?: string;
  private_profile?: boolean;
  theme_id?: number;
  color_scheme_id?: number;
  /** The profile fields sent; `null` clears one (GitLab: `''`, or `null` where it keeps nil). */
  profile?: { [K in keyof UserProfile]?: string | null };
  identity?: UserIdentity;
}

/** Whether any user (but `except`) has this email, in any case (`User.by_any_email(email.downcase)`). */
const emailTaken = (world: World, email: string, except?: User) =>
  [...world.users.values()].some((u) => u !== except && u.email.toLowerCase() === email.toLowerCase());

/** Whether any user (but `except`) has this username, in any case (`User.by_username`). */
const usernameTaken = (world: World, username: string, except?: User) => {
  const found = userNamed(world, username);
  return found !== undefined && found !== except;
};

/**
 * The model errors of a user as it would be saved, for the fields given (`changed`): GitLab
 * validates a username and a password only when they change. Keys in the order GitLab adds them.
 */
function userErrors(world: World, user: User, changed: UserFields, self?: User): ModelErrors {
  const errors: ModelErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (changed.password !== undefined) {
    const length = changed.password.length;
    if (length < 8) add('password', 'is too short (minimum is 8 characters)');
    else if (length > 128) add('password', 'is too long (maximum is 128 characters)');
    // `check_password_weakness` runs after the length checks, on the user as it will be.
    if (length >= 8 && length <= 128 && weakPassword(changed.password, user)) {
      add('password', 'must not contain commonly used combinations of words and letters');
    }
  }
  if (changed.email !== undefined) {
    if (user.email.trim() === '') add('email', "can't be blank");
    else if (!EMAIL.test(user.email)) add('email', 'is invalid');
    else if (emailTaken(world, user.email, self)) add('email', 'has already been taken');
  }
  if (changed.username !== undefined) {
    const username = user.username;
    if (username === '') add('username', "can't be blank");
    if (TOP_LEVEL_ROUTES.has(username)) add('username', `${username} is a reserved name`);
    if (usernameTaken(world, username, self)) add('username', 'has already been taken');
    if (AI_PREFIXES.some((prefix) => username.toLowerCase().startsWith(prefix))) {
      add(
        'username',
        "starting with 'duo-', 'duo_', 'ai-' or 'ai_' is reserved for GitLab AI entities. Please choose a different name.",
      );
    }
    // The personal namespace's path errors, which `User#set_username_errors` moves onto `username`.
    if (username.length > 255) add('username', 'is too long (maximum is 255 characters)');
    if (username !== '' && !OCI_PATH.test(username)) add('username', OCI_MESSAGE);
    if (username !== '' && (!NAMESPACE_FORMAT.test(username) || /\.(git|atom)$/.test(username))) {
      add('username', NAMESPACE_MESSAGE);
    }
    if (username.length === 1) add('username', 'is too short (minimum is 2 characters)');
    // A top-level group with that path: `username_exists_as_a_different_namespace`.
    const lower = username.toLowerCase();
    if ([...world.groups.values()].some((g) => g.parent_id === null && g.path.toLowerCase() === lower)) {
      add('base', 'A user, alias, or group already exists with that username.');
    }
  }
  if (changed.name !== undefined) {
    if (user.name.trim() === '') add('name', "can't be blank");
    else if (user.name.length > 255) add('name', 'is too long (maximum is 255 characters)');
  }
  if (changed.projects_limit !== undefined && changed.projects_limit < 0) {
    add('projects_limit', 'must be greater than or equal to 0');
  }
  if ((changed.profile?.bio?.length ?? 0) > 255) add('bio', 'is too long (maximum is 255 characters)');
  // app/models/user.rb `validates :theme_id, allow_nil: true, inclusion: { in: Gitlab::Themes.valid_ids }`
  // (the available themes and the deprecated ids: 1 to 11) and `:color_scheme_id` in `Gitlab::ColorSchemes.valid_ids` (1 to 6).
  if (changed.theme_id !== undefined && !THEME_IDS.has(changed.theme_id)) {
    add('theme_id', `${changed.theme_id} is not a valid theme`);
  }
  if (changed.color_scheme_id !== undefined && !COLOR_SCHEME_IDS.has(changed.color_scheme_id)) {
    add('color_scheme_id', `${changed.color_scheme_id} is not a valid color scheme`);
  }
  const publicEmail = changed.profile?.public_email;
  if (publicEmail && publicEmail !== user.email) add('public_email', 'is not an email you own');
  // The `UserDetail` validations, after the user's own (its autosaved association's errors come last).
  for (const [field, limit] of Object.entries(DETAIL_LIMITS) as [keyof UserProfile, number][]) {
    const value = user.profile?.[field];
    if (changed.profile?.[field] != null && value && value.length > limit) {
      add(`user_detail.${field}`, `is too long (maximum is ${limit} characters)`);
    }
    // `validates :website_url, ..., url: true, allow_blank: true, if: :website_url_changed?`, after its length.
    if (field === 'website_url' && changed.profile?.website_url != null && value && !isWebUrl(value)) {
      add('user_detail.website_url', 'is not a valid URL');
    }
  }
  return errors;
}

/** The characters RFC 2396 allows in a URI (unreserved, reserved, `%` escapes, `#`), and `[` `]` for an IPv6 host. */
const URI_CHARACTERS = /^(?:[A-Za-z0-9\-_.!~*'();/?:@&=+$,#[\]]|%[0-9A-Fa-f]{2})*$/;

/**
 * The gem validate_url's `url: true` (1.0.15, its default schemes): an absolute `http` or `https` URL (the scheme
 * in any case) with a host, every character one that `URI::regexp([scheme])` takes (no space, no non-ASCII
 * letter, `%` only to escape), one fragment at most.
 */
function isWebUrl(value: string): boolean {
  const match = /^https?:\/\/([^/?#]*)/i.exec(value);
  if (!match || !URI_CHARACTERS.test(value) || value.indexOf('#') !== value.lastIndexOf('#')) return false;
  const host = (match[1] as string).replace(/^[^@]*@/, '').replace(/:\d*$/, '');
  return host !== '' && host !== '[]';
}

/** What `POST /users` takes besides the fields (`reset_password`, `force_random_password`, `skip_confirmation`). */
export interface UserCreation extends UserFields {
  email: string;
  username: string;
  name: string;
  reset_password?: boolean;
  force_random_password?: boolean;
  skip_confirmation?: boolean;
}

/** The fields a user record keeps from the API's parameters. */
function assign(user: User, fields: UserFields): void {
  if (fields.email !== undefined) user.email = fields.email;
  if (fields.name !== undefined) user.name = fields.name;
  if (fields.password !== undefined) user.password = fields.password;
  if (fields.admin !== undefined) user.admin = fields.admin;
  if (fields.external !== undefined) user.external = fields.external;
  if (fields.can_create_group !== undefined) user.can_create_group = fields.can_create_group;
  if (fields.projects_limit !== undefined) user.projects_limit = fields.projects_limit;
  if (fields.note !== undefined) user.note = fields.note;
  if (fields.private_profile !== undefined) user.private_profile = fields.private_profile;
  if (fields.theme_id !== undefined) user.theme_id = fields.theme_id;
  if (fields.color_scheme_id !== undefined) user.color_scheme_id = fields.color_scheme_id;
  if (fields.profile && Object.keys(fields.profile).length > 0) {
    const profile: UserProfile = { ...user.profile };
    for (const [field, value] of Object.entries(fields.profile) as [keyof UserProfile, string | null][]) {
      // `UserDetail#prevent_nil_fields` turns a nil into `''`; `pronouns` and the emails stay nil (absent).
      if (value !== null) profile[field] = value;
      else if (NIL_KEPT.has(field)) delete profile[field];
      else profile[field] = '';
    }
    user.profile = sanitizeProfile(profile);
  }
  if (fields.identity) {
    const others = (user.identities ?? []).filter((i) => i.provider !== fields.identity?.provider);
    user.identities = [...others, fields.identity];
  }
}

/**
 * `POST /users` (`Users::AuthorizedCreateService`): administrators only (403 otherwise, as
 * `authenticated_as_admin!`). When the user does not validate, GitLab answers 409 `Email has
 * already been taken` or `Username has already been taken` when either is taken by another user
 * (any case), else 400 with the model errors. With `reset_password` or `force_random_password`
 * the password is a random one; `skip_confirmation` confirms the email now.
 */
export function createUser(world: World, caller: Caller, input: UserCreation): User {
  if (!can(world, caller.user, 'admin_all_resources', 'instance')) {
    throw forbidden().because(`${caller.user.username} is not an instance administrator; creating users needs one`);
  }
  const random = input.reset_password || input.force_random_password;
  const password = random
    ? randomString(world, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789', 24)
    : input.password;
  const now = nowIso(world);
  const draft: User = {
    id: 0,
    username: input.username,
    name: input.name,
    email: input.email,
    state: 'active',
    admin: false,
    bot: false,
    password: password ?? '',
    created_at: now,
    updated_at: now,
    created_by_id: caller.user.id,
    confirmed_at: input.skip_confirmation ? now : null,
  };
  assign(draft, { ...input, password: undefined });
  const errors = userErrors(world, draft, { ...input, password: random ? undefined : password });
  if (Object.keys(errors).length > 0) {
    // `lib/api/users.rb` (post): the conflicts first, whatever else is wrong.
    if (emailTaken(world, input.email)) throw conflict('Email has already been taken').because('email taken');
    if (usernameTaken(world, input.username)) {
      throw conflict('Username has already been taken').because(`username ${input.username} is taken`);
    }
    throw validationError(errors).because(`the user does not validate: ${JSON.stringify(errors)}`);
  }
  const user = addUser(world, { ...draft, id: nextId(world, 'users') });
  userCreatedHook(world, user);
  return user;
}

/**
 * `PUT /users/:id` (`Users::UpdateService`): administrators only; 404 `User Not Found`; 409 when
 * the new email or username is another user's (checked before anything else); 400 with the model
 * errors. A new email takes effect only with `skipReconfirmation` (else it awaits a confirmation). A new username renames the personal namespace and moves its projects' paths (GitLab's
 * `Namespace` rename), and sends `user_rename` to system hooks.
 */
export function updateUser(
  world: World,
  caller: Caller,
  id: number,
  fields: UserFields,
  skipReconfirmation = false,
): User {
  if (!can(world, caller.user, 'admin_all_resources', 'instance')) {
    throw forbidden().because(`${caller.user.username} is not an instance administrator; editing users needs one`);
  }
  const user = world.users.get(id);
  if (!user) throw notFound('User').because(`no user ${id}`);
  if (fields.email !== undefined && emailTaken(world, fields.email, user)) {
    throw conflict('Email has already been taken').because(`email ${fields.email} belongs to another user`);
  }
  if (fields.username !== undefined && usernameTaken(world, fields.username, user)) {
    throw conflict('Username has already been taken').because(`username ${fields.username} belongs to another user`);
  }
  const draft: User = { ...user, profile: { ...user.profile } };
  assign(draft, fields);
  if (fields.username !== undefined) draft.username = fields.username;
  // A username or email that does not change is not validated again (`username_changed?`).
  const changed: UserFields = {
    ...fields,
    username: fields.username !== undefined && fields.username !== user.username ? fields.username : undefined,
    email: fields.email !== undefined && fields.email !== user.email ? fields.email : undefined,
  };
  const errors = userErrors(world, draft, changed, user);
  if (Object.keys(errors).length > 0) {
    throw validationError(errors).because(`the user does not validate: ${JSON.stringify(errors)}`);
  }
  const oldUsername = user.username;
  // Devise's reconfirmable (`postpone_email_change?`): a new email waits in `unconfirmed_email` for its
  // confirmation mail and the user keeps the old one, unless `skip_reconfirmation` (`Users::UpdateService`
  // calls `skip_reconfirmation!`). The mock sends no mail, so the pending address goes nowhere.
  if (changed.email !== undefined && !skipReconfirmation) {
    const { email: _pending, ...rest } = fields;
    assign(user, rest);
  } else {
    assign(user, fields);
  }
  user.updated_at = nowIso(world);
  if (changed.username !== undefined) {
    renameUser(world, user, changed.username);
    movePersonalProjects(world, user, oldUsername);
    userRenamedHook(world, user, oldUsername);
  }
  return user;
}

/** The personal projects' `path_with_namespace` follow the namespace's new path. */
function movePersonalProjects(world: World, user: User, oldUsername: string): void {
  for (const project of world.projects.values()) {
    if (project.namespace.kind === 'user' && project.namespace.id === user.id) {
      project.path_with_namespace = `${user.username}/${project.path}`;
    }
  }
  void oldUsername;
}

// ---- States ----------------------------------------------------------------

/** The user a state route names: 404 `User Not Found`. */
function target(world: World, id: number): User {
  const user = world.users.get(id);
  if (!user) throw notFound('User').because(`no user ${id}`);
  return user;
}

/** `authenticated_as_admin!` of the state routes. */
function requireAdmin(world: World, caller: Caller, what: string): void {
  if (!can(world, caller.user, 'admin_all_resources', 'instance')) {
    throw forbidden().because(`${caller.user.username} is not an instance administrator; ${what} needs one`);
  }
}

const setState = (world: World, user: User, state: UserState) => {
  user.state = state;
  user.updated_at = nowIso(world);
};

/** A refusal whose body is GitLab's `render_api_error!(message, status)` or `forbidden!(reason)`. */
const refusal = (status: number, message: string, reason: string) => new ApiError(status, { message }).because(reason);

/**
 * `POST /users/:id/block`: LDAP-blocked users and the caller themself are refused (403); an
 * already blocked user (any blocked state, banned included) is left as is and the answer is
 * `null` (the endpoint's `break`); an internal user (the ghost) 403; otherwise `true`.
 */
export function blockUser(world: World, caller: Caller, id: number): true | null {
  requireAdmin(world, caller, 'blocking a user');
  const user = target(world, id);
  if (user.state === 'ldap_blocked') {
    throw refusal(
      403,
      '403 Forbidden - LDAP blocked users cannot be modified by the API',
      `${user.username} is LDAP-blocked`,
    );
  }
  if (user.id === caller.user.id) {
    throw refusal(
      403,
      '403 Forbidden - The API initiating user cannot be blocked by the API',
      `${user.username} may not block themself`,
    );
  }
  if (isBlocked(user)) return null;
  // `Users::BlockService#execute`: `error('An internal user cannot be blocked', 403) if user.internal?`
  // (the ghost is the internal user the mock has).
  if (user.ghost) throw refusal(403, 'An internal user cannot be blocked', `${user.username} is an internal user`);
  setState(world, user, 'blocked');
  return true;
}

/**
 * `POST /users/:id/unblock`: LDAP-blocked and deactivated users are refused (403); otherwise
 * `Users::UnblockService` activates the user (from blocked, pending approval or banned alike:
 * the state machine's `activate`) and answers `true`, or `false` when there was nothing to do.
 */
export function unblockUser(world: World, caller: Caller, id: number): boolean {
  requireAdmin(world, caller, 'unblocking a user');
  const user = target(world, id);
  if (user.state === 'ldap_blocked') {
    throw refusal(
      403,
      '403 Forbidden - LDAP blocked users cannot be unblocked by the API',
      `${user.username} is LDAP-blocked`,
    );
  }
  if (user.state === 'deactivated') {
    throw refusal(
      403,
      '403 Forbidden - Deactivated users cannot be unblocked by the API',
      `${user.username} is deactivated: activate them instead`,
    );
  }
  if (user.state === 'active') return false;
  setState(world, user, 'active');
  return true;
}

/** `deactivate_dormant_users_period` (days), GitLab's default (`db/structure.sql`). */
export const DORMANT_PERIOD_DAYS = 90;

/** `User#last_active_at`: the latest of the last activity day and the last sign-in (the mock signs in by token only). */
function lastActiveAt(world: World, user: User): number | null {
  let last: string | null = null;
  for (const token of world.tokens.values()) {
    if (token.user_id === user.id && token.last_used_at !== null && (last === null || token.last_used_at > last)) {
      last = token.last_used_at;
    }
  }
  // `last_activity_on` is a date: its midnight counts.
  return last === null ? null : Date.parse(`${last.slice(0, 10)}T00:00:00Z`);
}

/**
 * `POST /users/:id/deactivate` (`Users::DeactivateService`): an already deactivated user is left
 * as is (`null`); a blocked one (any blocked state) 403; an internal one (the ghost) 403; one active in the last 90 days
 * (`User#no_recent_activity?` against `deactivate_dormant_users_period`) 403; otherwise `true`.
 */
export function deactivateUser(world: World, caller: Caller, id: number): true | null {
  requireAdmin(world, caller, 'deactivating a user');
  const user = target(world, id);
  if (user.state === 'deactivated') return null;
  if (isBlocked(user)) {
    throw refusal(403, 'Error occurred. A blocked user cannot be deactivated', `${user.username} is ${user.state}`);
  }
  // `Users::DeactivateService#execute`: `user.internal?` after `user.blocked?` (the ghost is the mock's internal user).
  if (user.ghost) throw refusal(403, 'Internal users cannot be deactivated', `${user.username} is an internal user`);
  const last = lastActiveAt(world, user);
  if (last !== null && last > world.now - DORMANT_PERIOD_DAYS * 86_400_000) {
    throw refusal(
      403,
      `The user you are trying to deactivate has been active in the past ${DORMANT_PERIOD_DAYS} days and cannot be deactivated`,
      `${user.username} was last active on ${new Date(last).toISOString().slice(0, 10)} (today ${today(world)})`,
    );
  }
  setState(world, user, 'deactivated');
  return true;
}

/** `POST /users/:id/activate` (`Users::ActivateService`): a blocked user (any blocked state) 403; otherwise active, `true`. */
export function activateUser(world: World, caller: Caller, id: number): true {
  requireAdmin(world, caller, 'activating a user');
  const user = target(world, id);
  if (isBlocked(user)) {
    throw refusal(
      403,
      'Error occurred. A blocked user must be unblocked to be activated',
      `${user.username} is ${user.state}`,
    );
  }
  if (user.state !== 'active') setState(world, user, 'active');
  return true;
}

/** `POST /users/:id/ban` (`Users::BanService`): only an active user; otherwise 403 `You cannot ban <state> users.` */
export function banUser(world: World, caller: Caller, id: number): true {
  requireAdmin(world, caller, 'banning a user');
  const user = target(world, id);
  if (user.state !== 'active') {
    throw refusal(403, `You cannot ban ${user.state} users.`, `${user.username} is ${user.state}, not active`);
  }
  setState(world, user, 'banned');
  return true;
}

/** `POST /users/:id/unban` (`Users::UnbanService`): only a banned user; otherwise 403 `You cannot unban <state> users.` */
export function unbanUser(world: World, caller: Caller, id: number): true {
  requireAdmin(world, caller, 'unbanning a user');
  const user = target(world, id);
  if (user.state !== 'banned') {
    throw refusal(403, `You cannot unban ${user.state} users.`, `${user.username} is ${user.state}, not banned`);
  }
  setState(world, user, 'active');
  return true;
}

/**
 * `POST /users/:id/approve` (`Users::ApproveService`, no `authenticated_as_admin!`: the service
 * refuses non-administrators with its own 403 message): only a user pending approval, else 409.
 */
export function approveUser(world: World, caller: Caller, id: number): void {
  const user = target(world, id);
  if (!can(world, caller.user, 'admin_all_resources', 'instance')) {
    throw refusal(403, 'You are not allowed to approve a user', `${caller.user.username} is not an administrator`);
  }
  if (user.state !== 'blocked_pending_approval') {
    throw refusal(
      409,
      'The user you are trying to approve is not pending approval',
      `${user.username} is ${user.state}`,
    );
  }
  setState(world, user, 'active');
}

/**
 * `POST /users/:id/reject` (`Users::RejectService`): only a user pending approval (409 otherwise);
 * GitLab then deletes the user (`delete_async(hard_delete: true)`, in the background; the mock at
 * once, through the one cascade of `removal.ts`).
 */
export function rejectUser(world: World, caller: Caller, id: number): void {
  const user = target(world, id);
  if (!can(world, caller.user, 'admin_all_resources', 'instance')) {
    throw refusal(403, 'You are not allowed to reject a user', `${caller.user.username} is not an administrator`);
  }
  if (user.state !== 'blocked_pending_approval') {
    throw refusal(409, 'User does not have a pending request', `${user.username} is ${user.state}`);
  }
  removeUser(world, user, { hardDelete: true });
}

/** `GET /users/:id` refuses nothing else: a thin lookup for the handlers. */
export function userById(world: World, id: number): User {
  return target(world, id);
}

// ---- Identities ------------------------------------------------------------

/**
 * The identity `DELETE /users/:id/identities/:provider` removes (`lib/api/users.rb`): administrators
 * only (`authenticated_as_admin!`, 403), then 404 `User Not Found`, then 404 `Identity Not Found`
 * when the user has none at that provider (`user.identities.find_by(provider:)`, exact).
 */
export function findIdentity(
  world: World,
  caller: Caller,
  id: number,
  provider: string,
): { user: User; identity: UserIdentity } {
  requireAdmin(world, caller, "deleting a user's identity");
  const user = target(world, id);
  const identity = user.identities?.find((i) => i.provider === provider);
  if (!identity) throw notFound('Identity').because(`${user.username} has no identity at ${provider}`);
  return { user, identity };
}

/** Removes one of a user's identities (`destroy_conditionally!(identity)`); the user record itself is not touched. */
export function removeIdentity(user: User, identity: UserIdentity): void {
  user.identities = (user.identities ?? []).filter((i) => i !== identity);
}

// ---- Memberships -----------------------------------------------------------

/** One of a user's direct memberships, as `GET /users/:user_id/memberships` lists them. */
export interface DirectMembership {
  source: MemberSource;
  role: Role;
  created_at: string;
}

/**
 * `GET /users/:user_id/memberships` (`lib/api/users.rb`): administrators only
 * (`authenticated_as_admin!`, 403), then 404 `User Not Found`; the user's direct memberships
 * (`user.members`, or `project_members` / `group_members` for `type` `Project` / `Namespace`),
 * those that still count (an expired one GitLab's daily job has deleted), oldest first
 * (GitLab's member ids), groups before projects on a tie.
 */
export function membershipsOfUser(
  world: World,
  caller: Caller,
  id: number,
  type: 'Project' | 'Namespace' | undefined,
): DirectMembership[] {
  requireAdmin(world, caller, "listing a user's memberships");
  const user = target(world, id);
  const sources: MemberSource[] = [
    ...(type === 'Project' ? [] : world.groups.values()),
    ...(type === 'Namespace' ? [] : world.projects.values()),
  ];
  return sources
    .filter((source) => membershipCounts(world, source, user.id))
    .map((source) => ({
      source,
      role: source.members.get(user.id) as Role,
      created_at: membershipOf(source, user.id).created_at,
    }))
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}

// ---- Associations count ----------------------------------------------------

/** GitLab's `UserAssociationsCount` entity (`lib/api/entities/user_associations_count.rb`). */
export interface AssociationsCount {
  groups_count: number;
  projects_count: number;
  issues_count: number;
  merge_requests_count: number;
}

/**
 * `GET /users/:id/associations_count` (`lib/api/users.rb`): `forbidden!` unless the caller may
 * `get_user_associations_count` (themself or an administrator), then `not_found!('User')`; an
 * id no user has is that 404 for an administrator and 403 for anyone else, whom no policy lets
 * count an absent user. The counts are `user.groups.size` and `user.projects.size` (direct
 * memberships that still count), `user.issues.size` and `user.merge_requests.size` (authored).
 */
export function associationsCount(world: World, caller: Caller, id: number): AssociationsCount {
  const user = world.users.get(id);
  if (!user) {
    if (!can(world, caller.user, 'admin_all_resources', 'instance')) {
      throw forbidden().because(`no user ${id}, and ${caller.user.username} is not an administrator`);
    }
    throw notFound('User').because(`no user ${id}`);
  }
  authorize(world, caller, 'get_user_associations_count', user);
  const count = <T>(records: Iterable<T>, test: (record: T) => boolean) => [...records].filter(test).length;
  return {
    groups_count: count(world.groups.values(), (g) => membershipCounts(world, g, user.id)),
    projects_count: count(world.projects.values(), (p) => membershipCounts(world, p, user.id)),
    issues_count: count(world.issues.values(), (i) => i.author_id === user.id),
    merge_requests_count: count(world.mergeRequests.values(), (mr) => mr.author_id === user.id),
  };
}

import type { UserBasic } from '../../src/models/common.js';
import type { CurrentUser, User as UserEntity, UserMembership } from '../../src/models/users.js';
import { personalNamespaceId } from '../rules/namespaces.js';
import { can } from '../rules/policy.js';
import { sha256 } from '../rules/ssh-keys.js';
import { highestRole, isEnterprise } from '../rules/users.js';
import type { DirectMembership } from '../rules/users-admin.js';
import { isGroup } from '../world/memberships.js';
import type { User, World } from '../world/types.js';

/**
 * GitLab's avatar of a user without an uploaded one (`GravatarService#execute`, gravatar on by default):
 * the SHA-256 of the stripped, lower-cased email (else username), at `AVATAR_SIZE` 40 times 2, from
 * `gravatar.ssl_url` on an https instance, `plain_url` otherwise.
 */
export function gravatarUrl(world: World, user: User): string {
  const hash = gravatarHash((user.email || user.username).trim().toLowerCase());
  const host = world.baseUrl.startsWith('https:') ? 'secure.gravatar.com' : 'www.gravatar.com';
  return `https://${host}/avatar/${hash}?s=80&d=identicon`;
}

/**
 * The hex SHA-256 of an identifier, kept: every user a page nests is hashed again otherwise (a third of a
 * merge request page's CPU, issue 40). The hash depends on the identifier alone, so a changed email is a
 * new key and nothing needs to forget an old one; the cache starts again past `HASHES_KEPT` identifiers.
 */
function gravatarHash(identifier: string): string {
  let hash = gravatarHashes.get(identifier);
  if (hash === undefined) {
    if (gravatarHashes.size >= HASHES_KEPT) gravatarHashes.clear();
    hash = [...sha256(new TextEncoder().encode(identifier))].map((b) => b.toString(16).padStart(2, '0')).join('');
    gravatarHashes.set(identifier, hash);
  }
  return hash;
}
const gravatarHashes = new Map<string, string>();
const HASHES_KEPT = 10_000;

/** A user as GitLab nests it (UserBasic). */
export function presentUser(world: World, user: User): UserBasic {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    locked: false,
    avatar_url: gravatarUrl(world, user),
    web_url: `${world.baseUrl}/${user.username}`,
  };
}

/** A user by id, or null when it is gone. */
export function presentUserId(world: World, id: number | null): UserBasic | null {
  const user = id === null ? undefined : world.users.get(id);
  return user ? presentUser(world, user) : null;
}

/**
 * GitLab's `User` entity: UserBasic and the profile. The mock keeps no profile, so
 * its fields have a new account's values (`''`, `null`, no followers). A `viewer` who may not
 * read the profile (`read_user_profile`: a private, blocked or unconfirmed user's, to others than
 * themself and administrators) sees no `created_at`, `followers`, `following` nor `is_followed`
 * (lib/api/entities/user.rb's `if:`).
 */
export function presentUserProfile(world: World, user: User, viewer?: User): UserEntity {
  const profileShown = viewer === undefined || can(world, viewer, 'read_user_profile', user);
  const entity: UserEntity = {
    ...presentUser(world, user),
    created_at: user.created_at,
    bio: user.profile?.bio ?? '',
    location: user.profile?.location ?? '',
    public_email: user.profile?.public_email || null,
    skype: '',
    linkedin: user.profile?.linkedin ?? '',
    twitter: user.profile?.twitter ?? '',
    discord: user.profile?.discord ?? '',
    website_url: user.profile?.website_url ?? '',
    // lib/api/entities/user.rb `expose ... :github` (GitLab 18.1).
    github: user.profile?.github ?? '',
    organization: user.profile?.organization ?? '',
    job_title: user.profile?.job_title ?? '',
    pronouns: user.profile?.pronouns ?? null,
    bot: user.bot,
    work_information: null,
    followers: 0,
    following: 0,
    is_followed: false,
    // No time zone is set, so GitLab has no local time to show.
    local_time: null,
  };
  if (!profileShown) {
    delete entity.created_at;
    delete entity.followers;
    delete entity.following;
    delete entity.is_followed;
  }
  return entity;
}

/** GitLab's `UserPublic` entity: what `GET /user` shows the user themself. */
export function presentUserPublic(world: World, user: User): CurrentUser {
  return {
    ...presentUserProfile(world, user),
    last_sign_in_at: null,
    // Seeded users and tokens' bot users are confirmed when created; the API's only with `skip_confirmation`.
    confirmed_at: user.confirmed_at === undefined ? user.created_at : user.confirmed_at,
    last_activity_on: lastActivityOn(world, user),
    email: user.email,
    // `attribute :theme_id, default: -> { gitlab_config.default_theme }` (`Gitlab::Themes::APPLICATION_DEFAULT`,
    // 3, since 16.x); `color_scheme_id` the instance's `default_syntax_highlighting_theme`, 1.
    theme_id: user.theme_id ?? 3,
    color_scheme_id: user.color_scheme_id ?? 1,
    projects_limit: user.bot ? 0 : (user.projects_limit ?? 100_000),
    current_sign_in_at: null,
    identities: (user.identities ?? []).map((i) => ({ provider: i.provider, extern_uid: i.extern_uid })),
    can_create_group: !user.bot && (user.can_create_group ?? true),
    // `User#can_create_project?`: a projects limit above 0.
    can_create_project: !user.bot && (user.projects_limit ?? 100_000) > 0,
    two_factor_enabled: false,
    external: user.external ?? false,
    private_profile: user.private_profile ?? false,
    commit_email: user.profile?.commit_email || user.email,
    // lib/api/entities/user_public.rb `expose :preferred_language` (GitLab 18.3): the instance's
    // `default_preferred_language`, `en`, while the user has chosen none (the mock keeps no preferences).
    preferred_language: 'en',
  };
}

/** GitLab's `UserWithAdmin` entity: what administrators see of a user in `GET /user` and `GET /users`. */
export function presentUserWithAdmin(world: World, user: User): CurrentUser {
  const licensed = isEnterprise(world);
  return {
    ...presentUserPublic(world, user),
    is_admin: user.admin,
    note: user.note ?? null,
    namespace_id: personalNamespaceId(user),
    created_by: presentUserId(world, user.created_by_id ?? null),
    email_reset_offered_at: null,
    // EE fields, on a licensed instance only.
    ...(licensed
      ? {
          using_license_seat: user.state === 'active' && !user.bot,
          is_auditor: false,
          provisioned_by_group_id: null,
        }
      : {}),
  };
}

/** GitLab's `UserDetailsWithAdmin` entity: what administrators see in `GET /users/:id`. */
export function presentUserDetailsWithAdmin(world: World, user: User): UserEntity {
  return {
    ...presentUserWithAdmin(world, user),
    highest_role: highestRole(world, user),
    current_sign_in_ip: null,
    last_sign_in_ip: null,
    // Sign-ins through the web are not modelled (API calls are not sign-ins).
    sign_in_count: 0,
    // GitLab.com only: the plan of the user's personal namespace.
    ...(world.instance.offering === 'hosted' ? { plan: 'free', trial: false } : {}),
  };
}

/** The day of the user's latest use of a token, or `null`. */
function lastActivityOn(world: World, user: User): string | null {
  let last: string | null = null;
  for (const token of world.tokens.values()) {
    if (token.user_id === user.id && token.last_used_at !== null && (last === null || token.last_used_at > last)) {
      last = token.last_used_at;
    }
  }
  return last === null ? null : last.slice(0, 10);
}

/** The users of some ids, presented, leaving out those that are gone. */
export function presentUserIds(world: World, ids: readonly number[]): UserBasic[] {
  return ids.flatMap((id) => {
    const user = world.users.get(id);
    return user ? [presentUser(world, user)] : [];
  });
}

/** GitLab's `Membership` entity (`lib/api/entities/membership.rb`): a group is a `Namespace` source. */
export function presentMembership(membership: DirectMembership): UserMembership {
  const { source } = membership;
  return {
    source_id: source.id,
    source_name: source.name,
    source_type: isGroup(source) ? 'Namespace' : 'Project',
    access_level: membership.role,
  };
}

import * as z from 'zod/mini';
import { lazyResources, lazySchema } from '../core/lazy.js';
import type { PagePromise } from '../core/pagination.js';
import { path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import { type GitLabOptions, type RequestOptions, Transport } from '../core/transport.js';
import { Event, type EventListQuery } from '../models/events.js';
import { BasicProject, Project, type ProjectOf, type UserProjectListQuery } from '../models/projects.js';
import {
  CurrentUser,
  ListedUser,
  User,
  UserAssociationsCount,
  type UserCreate,
  type UserDeleteQuery,
  type UserListQuery,
  UserMembership,
  type UserMembershipListQuery,
  type UserUpdate,
} from '../models/users.js';
import { UserImpersonationTokens } from './impersonation-tokens.js';
import { UserKeys } from './keys.js';
import { UserPersonalAccessTokens } from './personal-access-tokens.js';

/** What the state changes answer: `true` when the state changed, `null` or `false` when there was nothing to do. */
const StateChange = /* @__PURE__ */ lazySchema(() => z.nullable(z.boolean()));

/** GitLab's `{"message":"Success"}` of approve and reject. */
const Success = /* @__PURE__ */ lazySchema(() => z.looseObject({ message: z.string() }));

/**
 * The instance's users: `gitlab.users`. Endpoints `/user`, `/users` and `/users/:id`; administrators
 * create, edit, block and ban users; `keys`, `personalAccessTokens` and `impersonationTokens` hang off it.
 */
export class Users extends Resource {
  /** Users' SSH keys, and the caller's own. */
  declare readonly keys: UserKeys;
  /** Personal access tokens an administrator creates for a user. */
  declare readonly personalAccessTokens: UserPersonalAccessTokens;
  /** Impersonation tokens (administrators only). */
  declare readonly impersonationTokens: UserImpersonationTokens;

  /**
   * Creates the resource on its own, with its own connection.
   *
   * @example
   * ```ts
   * import { Users } from 'gitlab-admin-sdk';
   *
   * const users = new Users({ baseUrl: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN });
   * const me = await users.current();
   * ```
   */
  constructor(options: GitLabOptions);
  /** @internal The client shares one transport between its resources. */
  constructor(transport: Transport);
  constructor(source: GitLabOptions | Transport) {
    const transport = source instanceof Transport ? source : new Transport(source);
    super(transport);
    lazyResources<Users>(this, transport, {
      keys: UserKeys,
      personalAccessTokens: UserPersonalAccessTokens,
      impersonationTokens: UserImpersonationTokens,
    });
  }

  /**
   * The user the token authenticates as; an administrator also gets `is_admin` and
   * more. Works with the `read_user` scope too. `GET /user`
   *
   * @example
   * ```ts
   * const me = await gitlab.users.current();
   * console.log(me.username, me.bot ? 'a bot' : me.email);
   * ```
   */
  current(options?: RequestOptions): Promise<CurrentUser> {
    return this.request('GET', 'user', CurrentUser, options);
  }

  /**
   * Lists users, newest first. Administrators see blocked users and every field; others
   * the basic fields, and GitLab ignores the filters meant for administrators. `GET /users`
   *
   * @example
   * ```ts
   * const { items: [maya] } = await gitlab.users.list({ username: 'maya' });
   * for await (const user of gitlab.users.list({ active: true, humans: true })) console.log(user.username);
   * ```
   */
  list(query: UserListQuery = {}, options?: RequestOptions): PagePromise<ListedUser> {
    return this.paginate('users', ListedUser, { query, ...options });
  }

  /**
   * Reads one user by id; administrators get more fields. `GET /users/:id`
   *
   * @example
   * ```ts
   * const user = await gitlab.users.get(42);
   * console.log(user.name, user.bot);
   * ```
   */
  get(id: number, options?: RequestOptions): Promise<User> {
    return this.request('GET', path`users/${id}`, User, options);
  }

  /**
   * Lists a user's events (by id or username) that the caller may see, newest first.
   * `GET /users/:id/events`
   *
   * @example
   * ```ts
   * const { items } = await gitlab.users.events('maya', { target_type: 'merge_request' });
   * ```
   */
  events(user: number | string, query: EventListQuery = {}, options?: RequestOptions): PagePromise<Event> {
    return this.paginate(path`users/${user}/events`, Event, { query, ...options });
  }

  /**
   * Lists the projects in a user's personal namespace (by id or username) that the caller may see,
   * newest first; none when the user's profile is private to the caller. An unknown user is a
   * `NotFoundError`. `GET /users/:user_id/projects`
   *
   * @example
   * ```ts
   * const { items } = await gitlab.users.projects('maya', { archived: false, order_by: 'name', sort: 'asc' });
   * ```
   */
  projects<Q extends UserProjectListQuery = UserProjectListQuery>(
    user: number | string,
    query?: Q,
    options?: RequestOptions,
  ): PagePromise<ProjectOf<Q>> {
    const schema = query?.simple ? BasicProject : Project;
    return this.paginate(path`users/${user}/projects`, schema, { query: query ?? {}, ...options }) as PagePromise<
      ProjectOf<Q>
    >;
  }

  /**
   * Creates a user (administrators only). Give `password`, or `reset_password` / `force_random_password`
   * for a random one. A taken email or username is a `ConflictError` (409); an invalid field a
   * `BadRequestError` (400) whose body names each field. `POST /users`
   *
   * @example
   * ```ts
   * const user = await gitlab.users.create({
   *   email: 'maya@example.com',
   *   username: 'maya',
   *   name: 'Maya',
   *   force_random_password: true,
   *   skip_confirmation: true,
   * });
   * ```
   */
  create(body: UserCreate, options?: RequestOptions): Promise<CurrentUser> {
    return this.request('POST', 'users', CurrentUser, { json: body, ...options });
  }

  /**
   * Edits a user (administrators only); a new username moves the personal namespace and its
   * projects' paths. `PUT /users/:id`
   *
   * @example
   * ```ts
   * const user = await gitlab.users.update(42, { name: 'Maya Lin', can_create_group: false });
   * ```
   */
  update(id: number, body: UserUpdate, options?: RequestOptions): Promise<CurrentUser> {
    return this.request('PUT', path`users/${id}`, CurrentUser, { json: body, ...options });
  }

  /**
   * Blocks a user (administrators only): their tokens stop working (403). `true` when blocked now,
   * `null` when already blocked; LDAP-blocked users and the caller themself are a `ForbiddenError`.
   * `POST /users/:id/block`
   *
   * @example
   * ```ts
   * await gitlab.users.block(42);
   * ```
   */
  block(id: number, options?: RequestOptions): Promise<boolean | null> {
    return this.request('POST', path`users/${id}/block`, StateChange, options);
  }

  /**
   * Unblocks a blocked (or banned) user (administrators only): `true`, or `false` when the user was
   * active; LDAP-blocked and deactivated users are a `ForbiddenError`. `POST /users/:id/unblock`
   *
   * @example
   * ```ts
   * await gitlab.users.unblock(42);
   * ```
   */
  unblock(id: number, options?: RequestOptions): Promise<boolean | null> {
    return this.request('POST', path`users/${id}/unblock`, StateChange, options);
  }

  /**
   * Deactivates a user who has not been active for 90 days (administrators only); a recently
   * active or blocked user is a `ForbiddenError`, an already deactivated one `null`.
   * `POST /users/:id/deactivate`
   *
   * @example
   * ```ts
   * await gitlab.users.deactivate(42);
   * ```
   */
  deactivate(id: number, options?: RequestOptions): Promise<boolean | null> {
    return this.request('POST', path`users/${id}/deactivate`, StateChange, options);
  }

  /**
   * Activates a deactivated user (administrators only); a blocked user is a `ForbiddenError`.
   * `POST /users/:id/activate`
   *
   * @example
   * ```ts
   * await gitlab.users.activate(42);
   * ```
   */
  activate(id: number, options?: RequestOptions): Promise<boolean | null> {
    return this.request('POST', path`users/${id}/activate`, StateChange, options);
  }

  /**
   * Bans an active user (administrators only); any other state is a `ForbiddenError`.
   * `POST /users/:id/ban`
   *
   * @example
   * ```ts
   * await gitlab.users.ban(42);
   * ```
   */
  ban(id: number, options?: RequestOptions): Promise<boolean | null> {
    return this.request('POST', path`users/${id}/ban`, StateChange, options);
  }

  /**
   * Unbans a banned user (administrators only); any other state is a `ForbiddenError`.
   * `POST /users/:id/unban`
   *
   * @example
   * ```ts
   * await gitlab.users.unban(42);
   * ```
   */
  unban(id: number, options?: RequestOptions): Promise<boolean | null> {
    return this.request('POST', path`users/${id}/unban`, StateChange, options);
  }

  /**
   * Approves a user pending approval (administrators only); any other state is a `ConflictError`.
   * `POST /users/:id/approve`
   *
   * @example
   * ```ts
   * await gitlab.users.approve(42);
   * ```
   */
  async approve(id: number, options?: RequestOptions): Promise<void> {
    await this.request('POST', path`users/${id}/approve`, Success, options);
  }

  /**
   * Rejects (and deletes) a user pending approval (administrators only); any other state is a
   * `ConflictError`. `POST /users/:id/reject`
   *
   * @example
   * ```ts
   * await gitlab.users.reject(42);
   * ```
   */
  async reject(id: number, options?: RequestOptions): Promise<void> {
    await this.request('POST', path`users/${id}/reject`, Success, options);
  }

  /**
   * Deletes a user (administrators only). Their memberships, tokens, SSH keys and personal projects
   * go; their issues and merge requests pass to the ghost user, or are deleted with
   * `hard_delete: true`, which is also needed when they are the only Owner of a group (that group is
   * then deleted too, at once). `DELETE /users/:id`
   *
   * @example
   * ```ts
   * await gitlab.users.delete(42);
   * await gitlab.users.delete(43, { hard_delete: true });
   * ```
   */
  delete(id: number, query: UserDeleteQuery = {}, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`users/${id}`, null, { query, ...options });
  }

  /**
   * How many groups and projects a user belongs to directly, and how many issues and merge
   * requests they opened: a user may ask about themself, administrators about anyone.
   * `GET /users/:id/associations_count`
   *
   * @example
   * ```ts
   * const counts = await gitlab.users.associationsCount(42);
   * console.log(`${counts.projects_count} projects, ${counts.issues_count} issues`);
   * ```
   */
  associationsCount(id: number, options?: RequestOptions): Promise<UserAssociationsCount> {
    return this.request('GET', path`users/${id}/associations_count`, UserAssociationsCount, options);
  }

  /**
   * A user's direct memberships of groups (`source_type: 'Namespace'`) and projects
   * (`'Project'`), every page lazily with `for await` (administrators only).
   * `GET /users/:user_id/memberships`
   *
   * @example
   * ```ts
   * for await (const membership of gitlab.users.memberships(42, { type: 'Project' })) {
   *   console.log(membership.source_name, membership.access_level);
   * }
   * ```
   */
  memberships(id: number, query: UserMembershipListQuery = {}, options?: RequestOptions): PagePromise<UserMembership> {
    return this.paginate(path`users/${id}/memberships`, UserMembership, { query, ...options });
  }

  /**
   * Removes a user's identity at an external provider (administrators only), such as `ldapmain`;
   * a provider the user has no identity at is a `NotFoundError` (`404 Identity Not Found`).
   * `DELETE /users/:id/identities/:provider`
   *
   * @example
   * ```ts
   * await gitlab.users.deleteIdentity(42, 'ldapmain');
   * ```
   */
  deleteIdentity(id: number, provider: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`users/${id}/identities/${provider}`, null, options);
  }
}

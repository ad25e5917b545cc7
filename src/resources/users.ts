import type { PagePromise } from '../core/pagination.js';
import { path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { Event, type EventListQuery } from '../models/events.js';
import { CurrentUser, ListedUser, User, type UserDeleteQuery, type UserListQuery } from '../models/users.js';

/** The instance's users: `gitlab.users`. Endpoints `/user`, `/users` and `/users/:id`. */
export class Users extends Resource {
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
   * Deletes a user (administrators only). Their memberships, tokens and personal projects go; their
   * issues and merge requests pass to the ghost user, or are deleted with `hard_delete: true`, which
   * is also needed when they are the only Owner of a group (that group is then deleted too, at once).
   * `DELETE /users/:id`
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
}

import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import {
  Member,
  type MemberCreate,
  type MemberListAllQuery,
  type MemberListQuery,
  type MemberRemoveQuery,
  MembersAddResult,
  type MembersCreate,
  type MemberUpdate,
} from '../models/members.js';

/**
 * The members of a group or of a project: one API for both, under `/groups/:id/members`
 * and `/projects/:id/members`. Use it as `gitlab.projects.members` or `gitlab.groups.members`.
 */
export abstract class SourceMembers<Ref extends ProjectRef | GroupRef> extends Resource {
  /** `projects` or `groups`: the first segment of every path. */
  protected abstract readonly kind: 'projects' | 'groups';

  /**
   * Lists the direct members (not those inherited from groups above). Await it for the
   * first page, or iterate it for every member. `GET /projects/:id/members`, `GET /groups/:id/members`
   *
   * @example
   * ```ts
   * for await (const member of gitlab.projects.members.list('acme/api', { query: 'maria' })) {
   *   console.log(member.username, member.access_level, member.expires_at);
   * }
   * ```
   */
  list(source: Ref, query: MemberListQuery = {}, options?: RequestOptions): PagePromise<Member> {
    return this.paginate(path`${this.kind}/${source}/members`, Member, { query, ...options });
  }

  /**
   * Lists direct and inherited members, each user once at the highest role they hold.
   * `GET /projects/:id/members/all`, `GET /groups/:id/members/all`
   *
   * @example
   * ```ts
   * const everyone = await gitlab.groups.members.listAll('acme/platform').toArray();
   * ```
   */
  listAll(source: Ref, query: MemberListAllQuery = {}, options?: RequestOptions): PagePromise<Member> {
    return this.paginate(path`${this.kind}/${source}/members/all`, Member, { query, ...options });
  }

  /**
   * Reads one direct member. `GET /projects/:id/members/:user_id`, `GET /groups/:id/members/:user_id`
   *
   * @example
   * ```ts
   * const member = await gitlab.projects.members.get('acme/api', 42);
   * ```
   */
  get(source: Ref, userId: number, options?: RequestOptions): Promise<Member> {
    return this.request('GET', path`${this.kind}/${source}/members/${userId}`, Member, options);
  }

  /**
   * Reads one member, direct or inherited, at the highest role they hold.
   * `GET /projects/:id/members/all/:user_id`, `GET /groups/:id/members/all/:user_id`
   *
   * @example
   * ```ts
   * const { access_level } = await gitlab.projects.members.getAll('acme/api', 42);
   * ```
   */
  getAll(source: Ref, userId: number, options?: RequestOptions): Promise<Member> {
    return this.request('GET', path`${this.kind}/${source}/members/all/${userId}`, Member, options);
  }

  /**
   * Adds a user, by id or username, as a direct member. `POST /projects/:id/members`, `POST /groups/:id/members`
   *
   * @example
   * ```ts
   * await gitlab.groups.members.add('acme', { username: 'maria', access_level: 30, expires_at: '2026-12-31' });
   * ```
   */
  add(source: Ref, body: MemberCreate, options?: RequestOptions): Promise<Member> {
    return this.request('POST', path`${this.kind}/${source}/members`, Member, { json: body, ...options });
  }

  /**
   * Adds several users, by ids or usernames, in one request (GitLab's `Members::CreateService`): the
   * answer is no member but a summary, `{ status: 'success' }`, or `status: 'error'` with a `message`
   * naming each user that failed; the others are added all the same. A user already a direct member
   * gets the role and expiry (no 409 here); unknown ids and usernames are skipped. At most 100 users.
   * `POST /projects/:id/members`, `POST /groups/:id/members` with comma-separated `user_id` or `username`
   *
   * @example
   * ```ts
   * const result = await gitlab.projects.members.addMany('acme/api', { username: ['maria', 'li'], access_level: 30 });
   * if (result.status === 'error') console.warn(result.message);
   * ```
   */
  addMany(source: Ref, body: MembersCreate, options?: RequestOptions): Promise<MembersAddResult> {
    const key = body.user_id === undefined ? 'username' : 'user_id';
    const items: readonly (number | string)[] = body.user_id ?? body.username;
    // GitLab takes the several-users path only for a value with a comma; Ruby's `split(',')` drops a trailing empty piece.
    const list = items.length === 1 ? `${items[0]},` : items.join(',');
    return this.request('POST', path`${this.kind}/${source}/members`, MembersAddResult, {
      json: { ...body, [key]: list },
      ...options,
    });
  }

  /**
   * Changes a direct member's role or expiry date.
   * `PUT /projects/:id/members/:user_id`, `PUT /groups/:id/members/:user_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.members.update('acme/api', 42, { access_level: 40, expires_at: null });
   * ```
   */
  update(source: Ref, userId: number, body: MemberUpdate, options?: RequestOptions): Promise<Member> {
    return this.request('PUT', path`${this.kind}/${source}/members/${userId}`, Member, { json: body, ...options });
  }

  /**
   * Removes a direct member (from a group: also from its subgroups and projects, unless
   * `skip_subresources`). `DELETE /projects/:id/members/:user_id`, `DELETE /groups/:id/members/:user_id`
   *
   * @example
   * ```ts
   * await gitlab.groups.members.remove('acme', 42, { skip_subresources: true });
   * ```
   */
  remove(source: Ref, userId: number, query: MemberRemoveQuery = {}, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`${this.kind}/${source}/members/${userId}`, null, { query, ...options });
  }
}

/** A project's members: `gitlab.projects.members`. Endpoints under `/projects/:id/members`. */
export class ProjectMembers extends SourceMembers<ProjectRef> {
  /** Paths start with `projects`. */
  protected readonly kind = 'projects';
}

/** A group's members: `gitlab.groups.members`. Endpoints under `/groups/:id/members`. */
export class GroupMembers extends SourceMembers<GroupRef> {
  /** Paths start with `groups`. */
  protected readonly kind = 'groups';
}

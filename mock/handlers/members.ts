import { checkUnmodifiedSince } from '../http/conditional.js';
import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentMember } from '../present/members.js';
import {
  addMember,
  addMembers,
  allMembersSeenBy,
  directMembers,
  filterMembers,
  findAnyMember,
  findDirectMember,
  findMemberSource,
  removeMember,
  updateMember,
} from '../rules/members.js';
import { authorize } from '../rules/policy.js';

/**
 * Members of groups and projects: /groups/:id/members and /projects/:id/members,
 * the same seven routes for both (GitLab's `lib/api/members.rb`). Reading needs
 * to see the group or project; the rules decide who may manage whom.
 * @module
 */

const memberPath = { id: p.string().required(), user_id: p.id().required() };
const listFilters = { query: p.string(), user_ids: p.integers(), ...paginationParams };
/** GitLab's `expires_at` is a DateTime; the membership keeps its date (UTC). */
const dateOf = (value: Date | null | undefined) =>
  value === undefined ? undefined : value === null ? null : value.toISOString().slice(0, 10);

function routesOf(kind: 'groups' | 'projects') {
  const base = `/${kind}/:id/members`;
  const sourceOf = (ctx: RouteContext, ref: string) => findMemberSource(ctx.world, ctx.caller, kind, ref);
  const readable = (ctx: RouteContext, ref: string) => {
    const source = sourceOf(ctx, ref);
    authorize(ctx.world, ctx.caller, kind === 'groups' ? 'read_group_member' : 'read_project_member', source);
    return source;
  };
  return [
    route('GET', base, (ctx) => {
      const q = parseParams(ctx.params, { id: p.string().required(), ...listFilters, skip_users: p.integers() });
      const source = readable(ctx, q.id);
      const members = filterMembers(directMembers(ctx.world, source), {
        query: q.query,
        userIds: q.user_ids,
        skipUsers: q.skip_users,
      });
      return paginated(ctx, members, q, (entry) => presentMember(ctx.world, ctx.caller, entry));
    }),

    route('GET', `${base}/all`, (ctx) => {
      const q = parseParams(ctx.params, { id: p.string().required(), ...listFilters });
      const source = readable(ctx, q.id);
      const members = filterMembers(allMembersSeenBy(ctx.world, source, ctx.caller.user), {
        query: q.query,
        userIds: q.user_ids,
      });
      return paginated(ctx, members, q, (entry) => presentMember(ctx.world, ctx.caller, entry));
    }),

    route('GET', `${base}/all/:user_id`, (ctx) => {
      const q = parseParams(ctx.params, memberPath);
      const source = readable(ctx, q.id);
      return json(presentMember(ctx.world, ctx.caller, findAnyMember(ctx.world, source, q.user_id, ctx.caller.user)));
    }),

    route('GET', `${base}/:user_id`, (ctx) => {
      const q = parseParams(ctx.params, memberPath);
      const source = readable(ctx, q.id);
      return json(presentMember(ctx.world, ctx.caller, findDirectMember(ctx.world, source, q.user_id)));
    }),

    route('POST', base, (ctx) => {
      const q = parseParams(
        ctx.params,
        {
          id: p.string().required(),
          access_level: p.integer().required(),
          user_id: p.string(),
          username: p.string(),
          expires_at: p.dateTime(),
        },
        { mutuallyExclusive: [['user_id', 'username']], atLeastOneOf: [['user_id', 'username']] },
      );
      const source = sourceOf(ctx, q.id);
      // `add_multiple_members?(params[:user_id].to_s, params[:username])`: a comma in either.
      const list = q.user_id ?? q.username ?? '';
      if (list.includes(',')) {
        const result = addMembers(ctx.world, ctx.caller, source, {
          list,
          byUsername: q.user_id === undefined,
          accessLevel: q.access_level,
          expiresAt: dateOf(q.expires_at) ?? null,
        });
        // The endpoint returns the service's hash: Grape answers it with a POST's 201, an error too.
        return json(result, 201);
      }
      const entry = addMember(ctx.world, ctx.caller, source, {
        userId: q.user_id,
        username: q.username,
        accessLevel: q.access_level,
        expiresAt: dateOf(q.expires_at) ?? null,
      });
      return json(presentMember(ctx.world, ctx.caller, entry), 201);
    }),

    route('PUT', `${base}/:user_id`, (ctx) => {
      const q = parseParams(ctx.params, {
        ...memberPath,
        access_level: p.integer().required(),
        expires_at: p.dateTime().nullable(),
      });
      const source = sourceOf(ctx, q.id);
      const entry = findDirectMember(ctx.world, source, q.user_id);
      const changes = { accessLevel: q.access_level, expiresAt: dateOf(q.expires_at) };
      return json(presentMember(ctx.world, ctx.caller, updateMember(ctx.world, ctx.caller, source, entry, changes)));
    }),

    route('DELETE', `${base}/:user_id`, (ctx) => {
      const q = parseParams(ctx.params, {
        ...memberPath,
        skip_subresources: p.boolean().default(false),
        unassign_issuables: p.boolean().default(false),
      });
      const source = sourceOf(ctx, q.id);
      const entry = findDirectMember(ctx.world, source, q.user_id);
      // `destroy_conditionally!(member)` before `Members::DestroyService` checks rights (lib/api/members.rb): the
      // member's `updated_at`, for which the mock keeps its `created_at` (a lower bound: a role change is not dated).
      checkUnmodifiedSince(ctx.request, entry.membership.created_at);
      removeMember(ctx.world, ctx.caller, source, entry, {
        skipSubresources: q.skip_subresources,
        unassignIssuables: q.unassign_issuables,
      });
      return noContent();
    }),
  ];
}

export const memberRoutes = [...routesOf('groups'), ...routesOf('projects')];

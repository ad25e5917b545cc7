import { notFound } from '../http/errors.js';
import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { type RouteContext, route } from '../http/router.js';
import { presentEvent } from '../present/events.js';
import { findProject, requireReadUserScope } from '../rules/access.js';
import { type EventFilters, inAuthorizedProjects, listEvents } from '../rules/events.js';
import { can } from '../rules/policy.js';
import { findUser } from '../rules/users.js';
import type { Event, EventAction } from '../world/types.js';
import { userNamed } from '../world/world.js';

/**
 * Events: /events (the caller's own), /users/:id/events and /projects/:id/events
 * (`lib/api/events.rb`, `EventsFinder`). Every list holds only events the caller may see.
 * @module
 */

/** GitLab's `event_filter_params`. */
const eventParams = {
  action: p
    .string()
    .values([
      'created',
      'updated',
      'closed',
      'reopened',
      'pushed',
      'commented',
      'merged',
      'joined',
      'left',
      'destroyed',
      'expired',
      'approved',
    ]),
  target_type: p
    .string()
    .values(['issue', 'milestone', 'merge_request', 'note', 'project', 'snippet', 'user', 'wiki', 'design']),
  before: p.date(),
  after: p.date(),
  sort: p.string().values(['asc', 'desc']).default('desc'),
  // `all`: the events of every project the caller belongs to (`EventsFinder`), on /events and /users/:id/events.
  scope: p.string(),
  ...paginationParams,
};

/** Parses the filters, lists the events `scope` keeps that the caller may see, and presents a page. */
function eventList(
  ctx: RouteContext,
  q: ReturnType<typeof parseEventParams>,
  scope: (event: Event) => boolean,
  takesScope = false,
) {
  const filters: EventFilters = {
    action: q.action as EventAction | undefined,
    targetType: q.target_type,
    before: q.before,
    after: q.after,
    sort: q.sort as 'asc' | 'desc',
  };
  const everywhere = takesScope && q.scope === 'all' && ctx.caller.token !== null;
  const events = listEvents(
    ctx.world,
    ctx.caller.user,
    everywhere ? inAuthorizedProjects(ctx.world, ctx.caller.user) : scope,
    filters,
  );
  return paginated(ctx, events, q, (e) => presentEvent(ctx.world, e));
}

const parseEventParams = (ctx: RouteContext) => parseParams(ctx.params, eventParams);

/** `lib/api/events.rb`: `allow_access_with_scope :read_user, if: ->(request) { request.get? || request.head? }`. */
const readUserScope = (ctx: RouteContext) => requireReadUserScope(ctx.caller, ctx.request.method);

export const eventRoutes = [
  route(
    'GET',
    '/events',
    (ctx) => {
      readUserScope(ctx);
      const q = parseEventParams(ctx);
      return eventList(ctx, q, (e) => e.author_id === ctx.caller.user.id, true);
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/users/:id/events',
    (ctx) => {
      readUserScope(ctx);
      const q = parseEventParams(ctx);
      const { id } = parseParams(ctx.params, { id: p.string().required() });
      // GitLab's `find_user`: an id, or a username.
      const user = /^\d+$/.test(id) ? findUser(ctx.world, Number(id)) : userNamed(ctx.world, id);
      if (!user) throw notFound('User').because(`no user ${id}`);
      // `EventsFinder#cannot_access_private_profile?`: no events at all, `scope=all` included.
      if (!can(ctx.world, ctx.caller.user, 'read_user_profile', user)) return eventList(ctx, q, () => false);
      return eventList(ctx, q, (e) => e.author_id === user.id, true);
    },
    { checksScopes: true },
  ),

  route('GET', '/projects/:id/events', (ctx) => {
    const q = parseEventParams(ctx);
    const { id } = parseParams(ctx.params, { id: p.string().required() });
    const project = findProject(ctx.world, ctx.caller, id);
    return eventList(ctx, q, (e) => e.project_id === project.id);
  }),
];

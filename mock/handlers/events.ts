import { notFound } from '../http/errors.js';
import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { type RouteContext, route } from '../http/router.js';
import { presentEvent } from '../present/events.js';
import { findProject } from '../rules/access.js';
import { type EventFilters, listEvents } from '../rules/events.js';
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
  ...paginationParams,
};

/** Parses the filters, lists the events `scope` keeps that the caller may see, and presents a page. */
function eventList(ctx: RouteContext, q: ReturnType<typeof parseEventParams>, scope: (event: Event) => boolean) {
  const filters: EventFilters = {
    action: q.action as EventAction | undefined,
    targetType: q.target_type,
    before: q.before,
    after: q.after,
    sort: q.sort as 'asc' | 'desc',
  };
  const events = listEvents(ctx.world, ctx.caller.user, scope, filters);
  return paginated(ctx, events, q, (e) => presentEvent(ctx.world, e));
}

const parseEventParams = (ctx: RouteContext) => parseParams(ctx.params, eventParams);

export const eventRoutes = [
  route('GET', '/events', (ctx) => {
    const q = parseEventParams(ctx);
    return eventList(ctx, q, (e) => e.author_id === ctx.caller.user.id);
  }),

  route('GET', '/users/:id/events', (ctx) => {
    const q = parseEventParams(ctx);
    const { id } = parseParams(ctx.params, { id: p.string().required() });
    // GitLab's `find_user`: an id, or a username.
    const user = /^\d+$/.test(id) ? findUser(ctx.world, Number(id)) : userNamed(ctx.world, id);
    if (!user) throw notFound('User').because(`no user ${id}`);
    return eventList(ctx, q, (e) => e.author_id === user.id);
  }),

  route('GET', '/projects/:id/events', (ctx) => {
    const q = parseEventParams(ctx);
    const { id } = parseParams(ctx.params, { id: p.string().required() });
    const project = findProject(ctx.world, ctx.caller, id);
    return eventList(ctx, q, (e) => e.project_id === project.id);
  }),
];

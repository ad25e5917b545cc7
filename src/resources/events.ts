import type { PagePromise } from '../core/pagination.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { Event, type EventListQuery } from '../models/events.js';

/** The caller's own activity: `gitlab.events`. Endpoint `/events`. */
export class Events extends Resource {
  /**
   * Lists the events the caller authored, newest first. `GET /events`
   *
   * @example
   * ```ts
   * for await (const event of gitlab.events.list({ action: 'merged', after: '2026-05-31' })) {
   *   console.log(event.created_at, event.action_name, event.target_title);
   * }
   * ```
   */
  list(query: EventListQuery = {}, options?: RequestOptions): PagePromise<Event> {
    return this.paginate('events', Event, { query, ...options });
  }
}

import type { Event as EventEntity } from '../../src/models/events.js';
import { actionName } from '../rules/events.js';
import type { Event, World } from '../world/types.js';
import { presentUser } from './users.js';

/**
 * An event as GitLab's Event entity shows it (`lib/api/entities/event.rb`): notes,
 * wiki pages and pushes are not modelled, so neither are `note`, `wiki_page` and `push_data`.
 * @module
 */
export function presentEvent(world: World, event: Event): EventEntity {
  const author = world.users.get(event.author_id);
  return {
    id: event.id,
    project_id: event.project_id,
    action_name: actionName(event),
    target_id: event.target_id,
    target_iid: event.target_iid,
    target_type: event.target_type,
    author_id: event.author_id,
    target_title: event.target_title,
    created_at: event.created_at,
    ...(author ? { author: presentUser(world, author) } : {}),
    imported: false,
    imported_from: 'none',
    author_username: author?.username ?? null,
  };
}

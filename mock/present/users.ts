import type { UserBasic } from '../../src/models/common.js';
import type { User, World } from '../world/types.js';

/** A user as GitLab nests it (UserBasic). */
export function presentUser(world: World, user: User): UserBasic {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    locked: false,
    avatar_url: null,
    web_url: `${world.baseUrl}/${user.username}`,
  };
}

/** A user by id, or null when it is gone. */
export function presentUserId(world: World, id: number | null): UserBasic | null {
  const user = id === null ? undefined : world.users.get(id);
  return user ? presentUser(world, user) : null;
}

/** The users of some ids, presented, leaving out those that are gone. */
export function presentUserIds(world: World, ids: readonly number[]): UserBasic[] {
  return ids.flatMap((id) => {
    const user = world.users.get(id);
    return user ? [presentUser(world, user)] : [];
  });
}

import type { SshKey as SshKeyEntity } from '../../src/models/users.js';
import { publishableKey } from '../rules/ssh-keys.js';
import type { SshKey, User, World } from '../world/types.js';

/**
 * GitLab's `SSHKey` entity (`lib/api/entities/ssh_key.rb`): the key as `Key#publishable_key`
 * shows it, its comment replaced by the user's name and the host.
 */
export function presentSshKey(world: World, user: User, key: SshKey): SshKeyEntity {
  return {
    id: key.id,
    title: key.title,
    created_at: key.created_at,
    expires_at: key.expires_at,
    last_used_at: key.last_used_at,
    key: publishableKey(world, user, key),
    usage_type: key.usage_type,
  };
}

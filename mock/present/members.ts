import type { Member } from '../../src/models/members.js';
import type { MemberEntry } from '../rules/members.js';
import type { Caller, World } from '../world/types.js';
import { presentUser, presentUserId } from './users.js';

/**
 * A member as GitLab's `Entities::Member` (with its EE additions) shows it: the
 * user's fields, then `access_level`, `created_at`, `created_by` (only when known),
 * `expires_at`, `email` (to administrators only) and `membership_state`.
 */
export function presentMember(world: World, caller: Caller, entry: MemberEntry): Member {
  const createdBy = presentUserId(world, entry.membership.created_by_id);
  return {
    ...presentUser(world, entry.user),
    access_level: entry.role,
    created_at: entry.membership.created_at,
    // `expose :created_by, if: ->(member) { member.is_source_accessible_to_current_user }`.
    ...(createdBy && !entry.sourceHidden && { created_by: createdBy }),
    expires_at: entry.membership.expires_at,
    ...(caller.user.admin && { email: entry.user.email }),
    // `awaiting` is for members beyond a paid seat limit, which the mock does not model.
    membership_state: 'active',
  };
}

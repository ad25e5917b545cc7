import type { ScimIdentity } from '../../src/models/scim.js';
import type { ScimIdentity as ScimIdentityRecord } from '../world/types.js';

/** A SCIM identity as GitLab's IdentityDetail entity shows it (GITLAB-BEHAVIOR 5). */
export function presentScimIdentity(identity: ScimIdentityRecord): ScimIdentity {
  return { extern_uid: identity.extern_uid, user_id: identity.user_id, active: identity.active };
}

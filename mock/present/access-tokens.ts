import type {
  PersonalAccessToken,
  ProjectAccessToken,
  ProjectAccessTokenWithToken,
} from '../../src/models/access-tokens.js';
import { tokenIsActive, tokenIsExpired } from '../rules/access.js';
import { tokenAccessLevel } from '../rules/tokens.js';
import type { AccessToken, World } from '../world/types.js';

/**
 * Project access tokens as GitLab's ResourceAccessToken entity shows them; the
 * secret value only in ResourceAccessTokenWithToken (create and rotate) (GITLAB-BEHAVIOR 2).
 * @module
 */

/** GitLab's PersonalAccessToken entity, which ResourceAccessToken extends: `GET /personal_access_tokens/self`. */
export function presentPersonalAccessToken(world: World, token: AccessToken): PersonalAccessToken {
  return {
    id: token.id,
    name: token.name,
    active: tokenIsActive(world, token),
    revoked: token.revoked,
    expired: tokenIsExpired(world, token),
    // Fine-grained tokens are newer than the mock: every token it makes is a legacy one.
    granular: false,
    created_at: token.created_at,
    description: token.description,
    scopes: token.scopes,
    user_id: token.user_id,
    last_used_at: token.last_used_at,
    expires_at: token.expires_at,
  };
}

export function presentAccessToken(world: World, token: AccessToken): ProjectAccessToken {
  return {
    ...presentPersonalAccessToken(world, token),
    access_level: tokenAccessLevel(world, token),
    resource_type: 'project',
    resource_id: token.project_id ?? undefined,
  };
}

export function presentAccessTokenWithToken(world: World, token: AccessToken): ProjectAccessTokenWithToken {
  return { ...presentAccessToken(world, token), token: token.value };
}

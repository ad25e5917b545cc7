import type {
  ImpersonationToken,
  PersonalAccessToken,
  PersonalAccessTokenWithToken,
  ProjectAccessToken,
  ProjectAccessTokenWithToken,
} from '../../src/models/access-tokens.js';
import { tokenIsActive, tokenIsExpired } from '../rules/access.js';
import { tokenAccessLevel } from '../rules/tokens.js';
import type { AccessToken, World } from '../world/types.js';

/**
 * Project and group access tokens as GitLab's ResourceAccessToken entity shows them; the
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
    resource_type: token.project_id === null && token.group_id != null ? 'group' : 'project',
    resource_id: token.project_id ?? token.group_id ?? undefined,
  };
}

export function presentAccessTokenWithToken(world: World, token: AccessToken): ProjectAccessTokenWithToken {
  return { ...presentAccessToken(world, token), token: token.value };
}

/** `PersonalAccessTokenWithLastUsedIps`: what `GET /personal_access_tokens[/:id]` shows (the mock records no IPs). */
export function presentListedPersonalAccessToken(world: World, token: AccessToken): PersonalAccessToken {
  return { ...presentPersonalAccessToken(world, token), last_used_ips: [] };
}

/** `PersonalAccessTokenWithToken`: a new or rotated personal token, with its secret. */
export function presentPersonalAccessTokenWithToken(world: World, token: AccessToken): PersonalAccessTokenWithToken {
  return { ...presentPersonalAccessToken(world, token), token: token.value };
}

/** `ImpersonationToken`, and `ImpersonationTokenWithToken` with `withToken`. */
export function presentImpersonationToken(world: World, token: AccessToken, withToken = false): ImpersonationToken {
  return {
    ...presentPersonalAccessToken(world, token),
    ...(withToken ? { token: token.value } : {}),
    impersonation: token.impersonation ?? false,
  };
}

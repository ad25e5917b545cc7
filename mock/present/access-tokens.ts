import type {
  ImpersonationToken,
  PersonalAccessToken,
  PersonalAccessTokenWithToken,
  ProjectAccessToken,
  ProjectAccessTokenWithToken,
  TokenGroupAssociation,
  TokenProjectAssociation,
} from '../../src/models/access-tokens.js';
import { tokenIsActive } from '../rules/access.js';
import { tokenAccessLevel } from '../rules/tokens.js';
import { directRole, groupChain, projectGroup } from '../world/memberships.js';
import type { AccessToken, Group, Project, User, World } from '../world/types.js';
import { presentProjectIdentity } from './project-identity.js';
import { presentBasicProject } from './projects.js';

/**
 * Project and group access tokens as GitLab's ResourceAccessToken entity shows them; the
 * secret value only in ResourceAccessTokenWithToken (create and rotate) (GITLAB-BEHAVIOR 2).
 * @module
 */

/**
 * GitLab 18.6's PersonalAccessToken entity (`lib/api/entities/personal_access_token.rb`), which
 * ResourceAccessToken extends: `GET /personal_access_tokens/self`. Versions after 18.9 add `expired` and
 * `granular` and move `active` after `name`; 18.6 sends neither (SPEC 8: the emulated version wins).
 */
export function presentPersonalAccessToken(world: World, token: AccessToken): PersonalAccessToken {
  return {
    id: token.id,
    name: token.name,
    revoked: token.revoked,
    created_at: token.created_at,
    description: token.description,
    scopes: token.scopes,
    user_id: token.user_id,
    last_used_at: token.last_used_at,
    active: tokenIsActive(world, token),
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

/**
 * `Group#highest_group_member(user)&.access_level` (`app/models/group.rb`): the highest direct
 * membership in the group or its ancestors (no shares, no inherited project roles), else `null`.
 */
function highestGroupMembership(world: World, group: Group, user: User): number | null {
  let role = 0;
  for (const g of groupChain(world, group)) role = Math.max(role, directRole(world, g, user.id));
  return role > 0 ? role : null;
}

/** GroupAssociationDetails (`lib/api/entities/group_association_details.rb`): a group of `GET /personal_access_tokens/self/associations`. */
export function presentGroupAssociation(world: World, user: User, group: Group): TokenGroupAssociation {
  return {
    id: group.id,
    web_url: `${world.baseUrl}/groups/${group.full_path}`,
    name: group.name,
    parent_id: group.parent_id,
    organization_id: 1,
    access_levels: highestGroupMembership(world, group, user),
    visibility: group.visibility,
  };
}

/** ProjectAssociationDetails (`lib/api/entities/project_association_details.rb`): a project of `GET /personal_access_tokens/self/associations`. */
export function presentProjectAssociation(world: World, user: User, project: Project): TokenProjectAssociation {
  const basic = presentBasicProject(world, user, project);
  const group = projectGroup(world, project);
  // `project.member(user)`: a direct membership; the Owner of a personal project is one
  // (`Projects::CreateService#add_project_owner` adds them).
  const own = project.namespace.kind === 'user' && project.namespace.id === user.id ? 50 : 0;
  const direct = Math.max(directRole(world, project, user.id), own);
  return {
    ...presentProjectIdentity(world, project),
    access_levels: {
      project_access_level: direct > 0 ? direct : null,
      group_access_level: group ? highestGroupMembership(world, group, user) : null,
    },
    visibility: project.visibility,
    web_url: basic.web_url,
    namespace: basic.namespace,
  };
}

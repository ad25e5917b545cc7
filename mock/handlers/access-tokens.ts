import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import type { RouteContext } from '../http/router.js';
import { route } from '../http/router.js';
import { presentAccessToken, presentAccessTokenWithToken } from '../present/access-tokens.js';
import { findGroup, findProject } from '../rules/access.js';
import { authorize } from '../rules/policy.js';
import {
  createResourceAccessToken,
  findResourceAccessToken,
  listResourceAccessTokens,
  PROJECT_TOKEN_SCOPES,
  revokeResourceAccessToken,
  rotateResourceAccessToken,
  TOKEN_SORTS,
  type TokenResource,
  type TokenSort,
} from '../rules/tokens.js';
import { ROLE_VALUES, type Role } from '../world/types.js';
import { tokenFilterParams, tokenFilters } from './token-params.js';

/**
 * Project and group access tokens: /projects/:id/access_tokens and /groups/:id/access_tokens
 * (GITLAB-BEHAVIOR 2, SPEC 1-2), one set of routes for both as in GitLab's
 * `lib/api/resource_access_tokens.rb`. Rights answer as GitLab does: 401 for list, read
 * and rotate, 400 for create and revoke.
 * @module
 */

const tokenPath = { id: p.string().required(), token_id: p.id().required() };

/** The routes of one kind of resource: `projects` or `groups`. */
function resourceTokenRoutes(plural: 'projects' | 'groups', find: (ctx: RouteContext, ref: string) => TokenResource) {
  return [
    route('GET', `/${plural}/:id/access_tokens`, (ctx) => {
      const q = parseParams(ctx.params, {
        id: p.string().required(),
        ...tokenFilterParams,
        sort: p.string().values(TOKEN_SORTS),
        ...paginationParams,
      });
      const resource = find(ctx, q.id);
      authorize(ctx.world, ctx.caller, 'read_resource_access_tokens', resource);
      const tokens = listResourceAccessTokens(ctx.world, resource, {
        ...tokenFilters(q),
        sort: q.sort as TokenSort | undefined,
      });
      return paginated(ctx, tokens, q, (token) => presentAccessToken(ctx.world, token));
    }),

    route('GET', `/${plural}/:id/access_tokens/:token_id`, (ctx) => {
      const q = parseParams(ctx.params, tokenPath);
      const resource = find(ctx, q.id);
      authorize(ctx.world, ctx.caller, 'read_resource_access_tokens', resource);
      return json(presentAccessToken(ctx.world, findResourceAccessToken(ctx.world, resource, q.token_id)));
    }),

    route('POST', `/${plural}/:id/access_tokens`, (ctx) => {
      const q = parseParams(ctx.params, {
        id: p.string().required(),
        name: p.string().required(),
        description: p.string(),
        scopes: p.strings().required().values(PROJECT_TOKEN_SCOPES),
        access_level: p.integer().values(ROLE_VALUES).default(40),
        expires_at: p.date(),
      });
      const resource = find(ctx, q.id);
      const token = createResourceAccessToken(ctx.world, ctx.caller, resource, {
        name: q.name,
        description: q.description,
        scopes: q.scopes,
        accessLevel: q.access_level as Role,
        expiresAt: q.expires_at,
      });
      return json(presentAccessTokenWithToken(ctx.world, token), 201);
    }),

    route(
      'POST',
      `/${plural}/:id/access_tokens/:token_id/rotate`,
      (ctx) => {
        const q = parseParams(ctx.params, {
          id: p.string().required(),
          token_id: p.idOr('self').required(),
          expires_at: p.date(),
        });
        const resource = find(ctx, q.id);
        const token = rotateResourceAccessToken(ctx.world, ctx.caller, resource, q.token_id, q.expires_at);
        return json(presentAccessTokenWithToken(ctx.world, token), 200);
      },
      { checksScopes: true },
    ),

    route('DELETE', `/${plural}/:id/access_tokens/:token_id`, (ctx) => {
      const q = parseParams(ctx.params, tokenPath);
      const resource = find(ctx, q.id);
      revokeResourceAccessToken(ctx.world, ctx.caller, resource, q.token_id);
      return noContent();
    }),
  ];
}

export const accessTokenRoutes = resourceTokenRoutes('projects', (ctx, ref) => findProject(ctx.world, ctx.caller, ref));

/** Group access tokens: the same rules with the group's Owner as manager (GitLab's `GroupPolicy`). */
export const groupAccessTokenRoutes = resourceTokenRoutes('groups', (ctx, ref) =>
  findGroup(ctx.world, ctx.caller, ref),
);

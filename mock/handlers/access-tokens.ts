import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { route } from '../http/router.js';
import { presentAccessToken, presentAccessTokenWithToken } from '../present/access-tokens.js';
import { findProject } from '../rules/access.js';
import {
  createProjectAccessToken,
  findProjectAccessToken,
  listProjectAccessTokens,
  PROJECT_TOKEN_SCOPES,
  requireTokenReader,
  revokeProjectAccessToken,
  rotateProjectAccessToken,
  TOKEN_SORTS,
  type TokenSort,
} from '../rules/tokens.js';
import { ROLE_VALUES, type Role } from '../world/types.js';

/**
 * Project access tokens: /projects/:id/access_tokens (GITLAB-BEHAVIOR 2, SPEC 1-2).
 * Rights answer as GitLab does: 401 for list, read and rotate, 400 for create and revoke.
 * @module
 */

const tokenPath = { id: p.string().required(), token_id: p.id().required() };

export const accessTokenRoutes = [
  route('GET', '/projects/:id/access_tokens', (ctx) => {
    const q = parseParams(ctx.params, {
      id: p.string().required(),
      state: p.string().values(['active', 'inactive']),
      revoked: p.boolean(),
      created_before: p.dateTime(),
      created_after: p.dateTime(),
      last_used_before: p.dateTime(),
      last_used_after: p.dateTime(),
      expires_before: p.date(),
      expires_after: p.date(),
      search: p.string(),
      sort: p.string().values(TOKEN_SORTS),
      ...paginationParams,
    });
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireTokenReader(ctx.world, ctx.caller, project);
    const tokens = listProjectAccessTokens(ctx.world, project, {
      state: q.state as 'active' | 'inactive' | undefined,
      revoked: q.revoked,
      createdBefore: q.created_before,
      createdAfter: q.created_after,
      lastUsedBefore: q.last_used_before,
      lastUsedAfter: q.last_used_after,
      expiresBefore: q.expires_before,
      expiresAfter: q.expires_after,
      search: q.search,
      sort: q.sort as TokenSort | undefined,
    });
    return paginated(ctx, tokens, q, (token) => presentAccessToken(ctx.world, token));
  }),

  route('GET', '/projects/:id/access_tokens/:token_id', (ctx) => {
    const q = parseParams(ctx.params, tokenPath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireTokenReader(ctx.world, ctx.caller, project);
    return json(presentAccessToken(ctx.world, findProjectAccessToken(ctx.world, project, q.token_id)));
  }),

  route('POST', '/projects/:id/access_tokens', (ctx) => {
    const q = parseParams(ctx.params, {
      id: p.string().required(),
      name: p.string().required(),
      description: p.string(),
      scopes: p.strings().required().values(PROJECT_TOKEN_SCOPES),
      access_level: p.integer().values(ROLE_VALUES).default(40),
      expires_at: p.date(),
    });
    const project = findProject(ctx.world, ctx.caller, q.id);
    const token = createProjectAccessToken(ctx.world, ctx.caller, project, {
      name: q.name,
      description: q.description,
      scopes: q.scopes,
      accessLevel: q.access_level as Role,
      expiresAt: q.expires_at,
    });
    return json(presentAccessTokenWithToken(ctx.world, token), 201);
  }),

  route('POST', '/projects/:id/access_tokens/:token_id/rotate', (ctx) => {
    const q = parseParams(ctx.params, {
      id: p.string().required(),
      token_id: p.idOr('self').required(),
      expires_at: p.date(),
    });
    const project = findProject(ctx.world, ctx.caller, q.id);
    const token = rotateProjectAccessToken(ctx.world, ctx.caller, project, q.token_id, q.expires_at);
    return json(presentAccessTokenWithToken(ctx.world, token), 200);
  }),

  route('DELETE', '/projects/:id/access_tokens/:token_id', (ctx) => {
    const q = parseParams(ctx.params, tokenPath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    revokeProjectAccessToken(ctx.world, ctx.caller, project, q.token_id);
    return noContent();
  }),
];

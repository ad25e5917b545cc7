import { checkUnmodifiedSince } from '../http/conditional.js';
import { ApiError } from '../http/errors.js';
import { normalizePage, paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import {
  presentGroupAssociation,
  presentImpersonationToken,
  presentListedPersonalAccessToken,
  presentPersonalAccessTokenWithToken,
  presentProjectAssociation,
} from '../present/access-tokens.js';
import { requireApiScope, signedIn } from '../rules/access.js';
import {
  createImpersonationToken,
  createPersonalToken,
  findImpersonationToken,
  listImpersonationTokens,
  listPersonalTokens,
  PERSONAL_TOKEN_SCOPES,
  revokePersonalToken,
  rotatePersonalToken,
  SELF_TOKEN_SCOPES,
  tokenAssociations,
  tokenById,
  tokenForUserAbility,
} from '../rules/personal-access-tokens.js';
import { authorize } from '../rules/policy.js';
import { TOKEN_SORTS, type TokenSort } from '../rules/tokens.js';
import { findUser, selfToken } from '../rules/users.js';
import { ROLE_VALUES } from '../world/types.js';
import { tokenFilterParams, tokenFilters } from './token-params.js';

/**
 * Personal access tokens (`lib/api/personal_access_tokens.rb` and its `self_*` companions), an
 * administrator's tokens for a user (`POST /users/:user_id/personal_access_tokens`), the caller's
 * own (`POST /user/personal_access_tokens`), and impersonation tokens (`/users/:user_id/impersonation_tokens`).
 * `GET /personal_access_tokens/self` stays with the other "who am I" routes in `users.ts`.
 * @module
 */

const listParams = {
  user_id: p.id(),
  ...tokenFilterParams,
  sort: p.string(),
  ...paginationParams,
};

const createParams = {
  name: p.string().required(),
  description: p.string(),
  expires_at: p.date(),
};

/** The caller's own token, for the `self` routes: a personal (or project) access token, not an OAuth one. */
const ownToken = (ctx: RouteContext) => selfToken(ctx.caller);

export const personalAccessTokenRoutes = [
  route('GET', '/personal_access_tokens', (ctx) => {
    const q = parseParams(ctx.params, listParams);
    const tokens = listPersonalTokens(ctx.world, ctx.caller, q.user_id, {
      ...tokenFilters(q),
      // The finder orders by a sort it knows (`PersonalAccessToken.simple_sorts`) and ignores any other.
      sort: TOKEN_SORTS.includes(q.sort as TokenSort) ? (q.sort as TokenSort) : undefined,
    });
    return paginated(ctx, tokens, q, (token) => presentListedPersonalAccessToken(ctx.world, token));
  }),

  // `self` before `:id`: the router takes the first route that matches.
  route(
    'DELETE',
    '/personal_access_tokens/self',
    // Any scope may revoke its own token (`allow_access_with_scope(Gitlab::Auth.all_available_scopes)`).
    (ctx) => {
      revokePersonalToken(ctx.world, ctx.caller, ownToken(ctx));
      return noContent();
    },
    { checksScopes: true },
  ),
  route(
    'POST',
    '/personal_access_tokens/self/rotate',
    (ctx) => {
      // `allow_access_with_scope :api` and `:self_rotate`.
      const token = signedIn(ctx.caller);
      if (!token.scopes.includes('self_rotate')) requireApiScope(token, 'POST');
      const q = parseParams(ctx.params, { expires_at: p.date() });
      // `not_allowed! unless access_token.is_a? PersonalAccessToken`.
      if (!('value' in token)) {
        throw new ApiError(405, { message: '405 Method Not Allowed' }).because('an OAuth token cannot rotate itself');
      }
      return json(presentPersonalAccessTokenWithToken(ctx.world, rotatePersonalToken(ctx.world, token, q.expires_at)));
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/personal_access_tokens/self/associations',
    // `lib/api/personal_access_tokens/self_information.rb`: any scope (`allow_access_with_scope(all_available_scopes)`),
    // then `before { authenticate! }` and the personal-access-token check, then the parameters.
    (ctx) => {
      ownToken(ctx);
      const q = parseParams(ctx.params, {
        min_access_level: p.integer().values(ROLE_VALUES),
        ...paginationParams,
      });
      const { groups, projects } = tokenAssociations(ctx.world, ctx.caller.user, q.min_access_level);
      // `groups: paginate(load_groups), projects: paginate(load_projects)`: one page and size for both; the
      // second `paginate` writes the pagination headers last, so they describe the projects.
      const { page, per_page } = normalizePage(q);
      const onPage = <T>(items: readonly T[]) => items.slice((page - 1) * per_page, page * per_page);
      const { headers } = paginated(ctx, projects, q, () => null);
      const user = ctx.caller.user;
      return json(
        {
          groups: onPage(groups).map((g) => presentGroupAssociation(ctx.world, user, g)),
          projects: onPage(projects).map((project) => presentProjectAssociation(ctx.world, user, project)),
        },
        200,
        headers,
      );
    },
    { checksScopes: true },
  ),

  route('GET', '/personal_access_tokens/:id', (ctx) => {
    const q = parseParams(ctx.params, { id: p.id().required() });
    const token = tokenForUserAbility(ctx.world, ctx.caller, q.id, 'read_user_personal_access_tokens');
    return json(presentListedPersonalAccessToken(ctx.world, token));
  }),
  route('DELETE', '/personal_access_tokens/:id', (ctx) => {
    const q = parseParams(ctx.params, { id: p.id().required() });
    revokePersonalToken(ctx.world, ctx.caller, tokenById(ctx.world, q.id));
    return noContent();
  }),
  route('POST', '/personal_access_tokens/:id/rotate', (ctx) => {
    const q = parseParams(ctx.params, { id: p.id().required(), expires_at: p.date() });
    const token = tokenForUserAbility(ctx.world, ctx.caller, q.id, 'manage_user_personal_access_token');
    // `rotate_token` answers `status :ok`.
    return json(presentPersonalAccessTokenWithToken(ctx.world, rotatePersonalToken(ctx.world, token, q.expires_at)));
  }),

  route('POST', '/users/:user_id/personal_access_tokens', (ctx) => {
    // `before { authenticated_as_admin! }` runs before Grape validates the parameters.
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const q = parseParams(ctx.params, {
      user_id: p.id().required(),
      ...createParams,
      scopes: p.strings({ comma: true }).required().values(PERSONAL_TOKEN_SCOPES),
    });
    const user = findUser(ctx.world, q.user_id);
    const token = createPersonalToken(ctx.world, ctx.caller, user, {
      name: q.name,
      description: q.description,
      scopes: q.scopes,
      expiresAt: q.expires_at,
    });
    return json(presentPersonalAccessTokenWithToken(ctx.world, token), 201);
  }),
  route('POST', '/user/personal_access_tokens', (ctx) => {
    const q = parseParams(ctx.params, {
      ...createParams,
      scopes: p.strings({ comma: true }).required().values(SELF_TOKEN_SCOPES),
    });
    const user = ctx.caller.user;
    const token = createPersonalToken(ctx.world, ctx.caller, user, {
      name: q.name,
      description: q.description,
      scopes: q.scopes,
      expiresAt: q.expires_at,
    });
    return json(presentPersonalAccessTokenWithToken(ctx.world, token), 201);
  }),

  route('GET', '/users/:user_id/impersonation_tokens', (ctx) => {
    // `before { authenticated_as_admin! }` runs before Grape validates the parameters.
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const q = parseParams(ctx.params, {
      user_id: p.id().required(),
      state: p.string().values(['all', 'active', 'inactive']).default('all'),
      ...paginationParams,
    });
    const user = findUser(ctx.world, q.user_id);
    const tokens = listImpersonationTokens(ctx.world, user, q.state as 'all' | 'active' | 'inactive');
    return paginated(ctx, tokens, q, (token) => presentImpersonationToken(ctx.world, token));
  }),
  route('POST', '/users/:user_id/impersonation_tokens', (ctx) => {
    // `before { authenticated_as_admin! }` runs before Grape validates the parameters.
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const q = parseParams(ctx.params, {
      user_id: p.id().required(),
      ...createParams,
      scopes: p.strings({ comma: true }),
    });
    const user = findUser(ctx.world, q.user_id);
    const token = createImpersonationToken(ctx.world, user, {
      name: q.name,
      description: q.description,
      scopes: q.scopes,
      expiresAt: q.expires_at,
    });
    return json(presentImpersonationToken(ctx.world, token, true), 201);
  }),
  route('GET', '/users/:user_id/impersonation_tokens/:impersonation_token_id', (ctx) => {
    // `before { authenticated_as_admin! }` runs before Grape validates the parameters.
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const q = parseParams(ctx.params, { user_id: p.id().required(), impersonation_token_id: p.id().required() });
    const user = findUser(ctx.world, q.user_id);
    return json(
      presentImpersonationToken(ctx.world, findImpersonationToken(ctx.world, user, q.impersonation_token_id)),
    );
  }),
  route('DELETE', '/users/:user_id/impersonation_tokens/:impersonation_token_id', (ctx) => {
    // `before { authenticated_as_admin! }` runs before Grape validates the parameters.
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const q = parseParams(ctx.params, { user_id: p.id().required(), impersonation_token_id: p.id().required() });
    const user = findUser(ctx.world, q.user_id);
    const token = findImpersonationToken(ctx.world, user, q.impersonation_token_id);
    // `destroy_conditionally!(token)`: a token's `updated_at` moves only when it is revoked or rotated.
    checkUnmodifiedSince(ctx.request, token.created_at);
    revokePersonalToken(ctx.world, ctx.caller, token);
    return noContent();
  }),
];

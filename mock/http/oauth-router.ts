import type { World } from '../world/types.js';
import { syncClock } from '../world/world.js';
import { ApiError } from './errors.js';
import { refuseJsonBody } from './json-limits.js';
import type { MockRequest } from './mock-request.js';
import type { RawParams } from './params.js';
import { bodyParams, queryParams } from './request.js';
import { errorResponse, forMethod, json, type MockResponse, unexpectedError } from './respond.js';

/**
 * The router of a world's pages outside `/api/v4`: the sign-in page and GitLab's
 * OAuth 2.0 and OpenID Connect routes (SPEC 7), answered as Rails answers them:
 * GitLab's JSON limits first, 404 for a method a path does not have, then query
 * and body parameters merged. The routes themselves are `handlers/oauth.ts`.
 * @module
 */

/** What a page handler gets. */
export interface PageContext {
  world: World;
  request: MockRequest;
  url: URL;
  /** Query and body parameters merged (the body wins), as Rails reads them. */
  params: RawParams;
  /** The world's base URL path (`''` or `/worlds/NAME`). */
  basePath: string;
  /** Whether the sign-in page lists the world's users to sign in as (`signInList`). */
  signInList: boolean;
}

/** A page route's handler. */
export type PageHandler = (context: PageContext) => MockResponse | Promise<MockResponse>;

/** Page handlers by path below the world's base path (`/oauth/token`), then by method. */
export type PageRoutes = Readonly<Record<string, Partial<Record<string, PageHandler>>>>;

/** What the OAuth router is told besides its routes. */
export interface OAuthRouterOptions {
  /** Whether the sign-in page lists the world's users to sign in as. Default false. */
  signInList?: boolean;
  /** The answer to a body that cannot be read (Doorkeeper's `invalid_request`). */
  unreadableBody: () => ApiError;
}

/**
 * The OAuth and sign-in routes of a world: `undefined` for any other request, so
 * it falls through (to a 404, or another handler).
 */
export function createOAuthRouter(world: World, routes: PageRoutes, options: OAuthRouterOptions) {
  const signInList = options.signInList ?? false;
  const { origin, pathname } = new URL(world.baseUrl);
  const basePath = pathname.replace(/\/$/, '');
  return async (request: MockRequest): Promise<MockResponse | undefined> => {
    const { url } = request;
    if (url.origin !== origin || !url.pathname.startsWith(`${basePath}/`)) return undefined;
    const path = url.pathname.slice(basePath.length);
    const methods = routes[path];
    if (!methods) return undefined;
    // GitLab's JSON limits run before Rails routes (SPEC 9); outside /api/ only on a JSON body.
    const refused = await refuseJsonBody(request, path);
    if (refused) return json({ error: refused.message }, 400);
    const handler = methods[request.method === 'HEAD' ? 'GET' : request.method];
    // Rails answers a method its routes do not have with 404.
    if (!handler) return json({ error: '404 Not Found' }, 404);
    syncClock(world);
    try {
      const body = await bodyParams(request).catch(() => {
        throw options.unreadableBody();
      });
      const response = await handler({
        world,
        request,
        url,
        params: { ...queryParams(url), ...body },
        basePath,
        signInList,
      });
      return forMethod(request.method, response);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      return unexpectedError(error);
    }
  };
}

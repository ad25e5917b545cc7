import { oauthTokenOf } from '../http/credentials.js';
import type { MockRequest } from '../http/mock-request.js';
import type { PageContext, PageHandler, PageRoutes } from '../http/oauth-router.js';
import type { RawParams } from '../http/params.js';
import { html, json, type MockResponse, redirect } from '../http/respond.js';
import { authorizationErrorPage, consentPage, signInPage } from '../present/oauth-pages.js';
import {
  AuthorizationRefused,
  type AuthorizationRequest,
  clientCredentialsOf,
  consentSkipped,
  introspect,
  issueGrant,
  type PreAuthorization,
  preAuthorize,
  presentToken,
  revoke,
  sessionOf,
  signIn,
  signInAs,
  signInCandidates,
  stringParam,
  tokenInfo,
  tokenRequest,
  withQuery,
} from '../rules/oauth/oauth.js';
import { discoveryDocument, idToken, publicJwk, userinfo } from '../rules/oauth/oidc.js';
import type { User } from '../world/types.js';

/**
 * GitLab's OAuth 2.0 and OpenID Connect routes at the root of a world, outside
 * `/api/v4` (SPEC 7): the sign-in page standing in for GitLab's web UI,
 * `/oauth/authorize` with its consent page, the token, token info, revoke,
 * introspect and userinfo endpoints, discovery and keys. Thin handlers over
 * `rules/oauth/oauth.ts` and `rules/oauth/oidc.ts`; `http/oauth-router.ts` routes to them.
 * @module
 */

const SESSION_COOKIE = '_gitlab_session';
const RETURN_COOKIE = 'user_return_to';

/** Doorkeeper's token-endpoint headers. */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

function cookiesOf(request: MockRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (request.header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/** A cookie on the world's path: HttpOnly, SameSite=Lax, and no Expires (a browser keeps it whatever the world clock says). */
function cookie(name: string, value: string, basePath: string): string {
  return `${name}=${value}; Path=${basePath || '/'}; HttpOnly; SameSite=Lax`;
}

function signedIn(context: PageContext) {
  return sessionOf(context.world, cookiesOf(context.request)[SESSION_COOKIE]);
}

/** 302 to the sign-in page, remembering where to come back to (GitLab keeps it in the session). */
function toSignIn(context: PageContext): MockResponse {
  const back = encodeURIComponent(`${context.url.pathname}${context.url.search}`);
  return redirect(`${context.world.baseUrl}/users/sign_in`, {
    'set-cookie': cookie(RETURN_COOKIE, back, context.basePath),
  });
}

function authorizationRequestOf(params: RawParams): AuthorizationRequest {
  const names = [
    'client_id',
    'redirect_uri',
    'response_type',
    'scope',
    'state',
    'code_challenge',
    'code_challenge_method',
    'nonce',
  ] as const;
  const request: AuthorizationRequest = {};
  for (const name of names) {
    const value = params[name];
    if (typeof value === 'string') request[name] = value;
  }
  return request;
}

/** The request's pre-authorization, or why it is refused: each `/oauth/authorize` route answers that its own way. */
function preAuthorization(context: PageContext): PreAuthorization | AuthorizationRefused {
  try {
    return preAuthorize(context.world, authorizationRequestOf(context.params));
  } catch (error) {
    if (error instanceof AuthorizationRefused) return error;
    throw error;
  }
}

/** POST or DELETE `/oauth/authorize`: a refusal goes back to the client when it can, else JSON (G-O 1). */
function decide(context: PageContext, approve: boolean): MockResponse {
  const session = signedIn(context);
  if (!session) return toSignIn(context);
  const pre = preAuthorization(context);
  if (pre instanceof AuthorizationRefused) {
    // Not redirectable (unknown client, redirect URI not registered): JSON, 401 or 400.
    if (!pre.redirectable) throw pre.error;
    return redirect(
      withQuery(context.params.redirect_uri as string, {
        error: pre.code,
        error_description: pre.description,
        state: stringParam(context.params, 'state'),
      }),
    );
  }
  if (!approve) {
    return redirect(
      withQuery(pre.redirectUri, {
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request.',
        state: pre.state,
      }),
    );
  }
  return approved(context, session.user, session.session.created_at, pre);
}

/** An approved request: a code, and back to the client with it and the state. */
function approved(context: PageContext, user: User, authTime: string, pre: PreAuthorization): MockResponse {
  const grant = issueGrant(context.world, user, pre, authTime);
  return redirect(withQuery(pre.redirectUri, { code: grant.code, state: pre.state }));
}

/** The token a resource request carries (Doorkeeper's `access_token_methods`), the body's `access_token` too. */
function resourceToken(context: PageContext): string | null {
  return oauthTokenOf(context.request) ?? stringParam(context.params, 'access_token') ?? null;
}

const userinfoRoute: PageHandler = (context) => json(userinfo(context.world, resourceToken(context)));

/** The users the sign-in page lists, when the list is on. */
const listed = (context: PageContext) => (context.signInList ? signInCandidates(context.world) : undefined);

/** Every OAuth and sign-in handler, by path below the world's base path, then by method: `http/oauth-router.ts`'s table. */
export const OAUTH_HANDLERS: PageRoutes = {
  '/users/sign_in': {
    GET: (context) => html(signInPage(`${context.world.baseUrl}/users/sign_in`, undefined, listed(context))),
    POST: (context) => {
      const login = stringParam(context.params, 'user[login]') ?? '';
      const password = stringParam(context.params, 'user[password]') ?? '';
      const as = context.signInList ? stringParam(context.params, 'sign_in_as') : undefined;
      const session = as === undefined ? signIn(context.world, login, password) : signInAs(context.world, as);
      if (!session) {
        return html(
          signInPage(`${context.world.baseUrl}/users/sign_in`, 'Invalid login or password.', listed(context)),
        );
      }
      const back = decodeURIComponent(cookiesOf(context.request)[RETURN_COOKIE] ?? '');
      // Only a path of this world: never a redirect elsewhere.
      const target = back.startsWith(`${context.basePath}/`) && !back.startsWith('//') ? back : `${context.basePath}/`;
      return redirect(`${context.url.origin}${target}`, {
        'set-cookie': cookie(SESSION_COOKIE, session.value, context.basePath),
      });
    },
  },
  '/oauth/authorize': {
    GET: (context) => {
      const session = signedIn(context);
      if (!session) return toSignIn(context);
      const pre = preAuthorization(context);
      // GitLab's GET never sends an invalid request back to the client.
      if (pre instanceof AuthorizationRefused) return html(authorizationErrorPage(pre.description));
      if (consentSkipped(context.world, session.user, pre)) {
        return approved(context, session.user, session.session.created_at, pre);
      }
      return html(consentPage(`${context.world.baseUrl}/oauth/authorize`, session.user, pre));
    },
    POST: (context) => decide(context, context.params._method !== 'delete'),
    DELETE: (context) => decide(context, false),
  },
  '/oauth/token': {
    POST: async (context) => {
      const credentials = clientCredentialsOf(context.request.header('authorization'), context.params);
      const { token, nonce } = await tokenRequest(context.world, credentials, context.params);
      const id = await idToken(context.world, token, nonce);
      return json({ ...presentToken(context.world, token), ...(id ? { id_token: id } : {}) }, 200, NO_STORE);
    },
  },
  '/oauth/token/info': {
    GET: (context) => json(tokenInfo(context.world, resourceToken(context)), 200, NO_STORE),
  },
  '/oauth/revoke': {
    POST: (context) => {
      const credentials = clientCredentialsOf(context.request.header('authorization'), context.params);
      revoke(context.world, credentials, context.params);
      return json({});
    },
  },
  '/oauth/introspect': {
    POST: ({ world, params, request }) => {
      const credentials = clientCredentialsOf(request.header('authorization'), params);
      return json(introspect(world, credentials, oauthTokenOf(request), params));
    },
  },
  '/oauth/userinfo': { GET: userinfoRoute, POST: userinfoRoute },
  '/.well-known/openid-configuration': { GET: (context) => json(discoveryDocument(context.world)) },
  '/oauth/discovery/keys': {
    GET: async (context) =>
      json({ keys: [await publicJwk(context.world)] }, 200, {
        'cache-control': 'max-age=86400, public, must-revalidate, no-transform',
      }),
  },
};

/** The paths the OAuth routes answer under a world's base path (for MSW handlers). */
export const OAUTH_PATHS: readonly string[] = Object.keys(OAUTH_HANDLERS);

/** Every OAuth and sign-in route, method and path. */
export const OAUTH_ROUTES: readonly { method: string; path: string }[] = Object.entries(OAUTH_HANDLERS).flatMap(
  ([path, methods]) => Object.keys(methods).map((method) => ({ method, path })),
);

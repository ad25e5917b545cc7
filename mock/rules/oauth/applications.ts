import { notFound, validationError } from '../../http/errors.js';
import type { Application, World } from '../../world/types.js';
import { newHex64, nextId } from '../../world/world.js';

/**
 * Instance OAuth applications (GITLAB-BEHAVIOR 1, SPEC 2): validation of name,
 * redirect URI and scopes, secrets from the world's random source.
 * @module
 */

/** The scopes an application may ask for (SPEC 2). */
export const APPLICATION_SCOPES: readonly string[] = [
  'api',
  'read_api',
  'read_user',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'sudo',
  'admin_mode',
  'openid',
  'profile',
  'email',
  'create_runner',
  'manage_runner',
  'k8s_proxy',
  'ai_features',
  // Doorkeeper's `optional_scopes` take `Gitlab::Auth::AI_WORKFLOW_SCOPES` (`lib/gitlab/auth.rb`,
  // `optional_scopes`), which `unavailable_ai_features_scopes` keeps from personal and resource tokens.
  'ai_workflows',
];

// Doorkeeper's redirect URI rules as GitLab configures them.
const FORBIDDEN_SCHEMES = ['javascript', 'data', 'vbscript'];
const OUT_OF_BAND = 'urn:ietf:wg:oauth:2.0:oob';

/** A new application secret: `gloas-` + 64 hex characters (SPEC 2). */
export const newApplicationSecret = (world: World) => `gloas-${newHex64(world)}`;

/** The scopes of GitLab's space-separated string. */
export const splitScopes = (scopes: string) => [...new Set(scopes.trim().split(/\s+/).filter(Boolean))];

/** An application by its record id: `404 Application Not Found` otherwise. */
export function findApplication(world: World, id: number): Application {
  const app = world.applications.get(id);
  if (!app) throw notFound('Application');
  return app;
}

/** Doorkeeper's messages for one redirect URI (several may be given, separated by white space). */
/** The host of an http(s) URI's part after `scheme:` as Ruby's URI reads it: only after `//`, without user info and port. */
function httpHost(rest: string): string {
  if (!rest.startsWith('//')) return '';
  const authority = rest.slice(2).split(/[/?#]/)[0] as string;
  return authority.replace(/^.*@/, '').replace(/:\d*$/, '');
}

function redirectUriErrors(value: string): string[] {
  if (value.trim() === '') return ["can't be blank"];
  const errors = new Set<string>();
  for (const uri of value.trim().split(/\s+/)) {
    if (uri === OUT_OF_BAND) continue;
    const [, scheme, rest = ''] = uri.match(/^([a-z][a-z0-9+.-]*):(.*)$/i) ?? [];
    if (!scheme) {
      errors.add('must be an absolute URI.');
    } else if (FORBIDDEN_SCHEMES.includes(scheme.toLowerCase())) {
      errors.add('is forbidden by the server.');
    } else if (!rest.startsWith('/')) {
      // `localhost:3000`: what looks like a scheme is not one.
      errors.add('must specify a scheme.');
    } else {
      let url: URL | undefined;
      try {
        url = new URL(uri);
      } catch {
        errors.add('must be a valid URI.');
      }
      if (url?.hash) errors.add('cannot contain a fragment.');
      // Doorkeeper's `unspecified_host?` (`uri.is_a?(URI::HTTP) && uri.host.blank?`, doorkeeper 5.5+, GitLab 13.9+):
      // Ruby's URI takes a host only after `//`, where the URL standard makes `http:/x` the host `x`.
      if (/^https?$/i.test(scheme) && httpHost(rest) === '') errors.add('must be a valid URI.');
    }
  }
  return [...errors];
}

export interface ApplicationInput {
  name: string;
  redirect_uri: string;
  /** Space-separated. */
  scopes: string;
  confidential: boolean;
}

/** Creates an application with a new client id and secret, or answers 400 with the model errors and changes nothing. */
export function createApplication(world: World, input: ApplicationInput): Application {
  const scopes = splitScopes(input.scopes);
  const errors: Record<string, string[]> = {};
  if (input.name.trim() === '') errors.name = ["can't be blank"];
  const uriErrors = redirectUriErrors(input.redirect_uri);
  if (uriErrors.length > 0) errors.redirect_uri = uriErrors;
  if (scopes.some((scope) => !APPLICATION_SCOPES.includes(scope))) {
    errors.scopes = ["doesn't match configured on the server."];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const app: Application = {
    id: nextId(world, 'applications'),
    application_id: newHex64(world),
    name: input.name,
    redirect_uri: input.redirect_uri,
    scopes,
    confidential: input.confidential,
    secret: newApplicationSecret(world),
    trusted: false,
  };
  world.applications.set(app.id, app);
  return app;
}

/** Gives an application a new secret; the old one stops working at once (tokens already issued keep working). */
export function renewApplicationSecret(world: World, app: Application): Application {
  app.secret = newApplicationSecret(world);
  return app;
}

/** Deletes an application, and with it its grants and tokens (G-O 5: deleted, not revoked). */
export function deleteApplication(world: World, app: Application): void {
  world.applications.delete(app.id);
  for (const grant of world.oauthGrants.values())
    if (grant.application_id === app.id) world.oauthGrants.delete(grant.id);
  for (const token of world.oauthTokens.values())
    if (token.application_id === app.id) world.oauthTokens.delete(token.id);
}

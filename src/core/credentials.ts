import { GitLabCredentialsError } from './errors.js';

/**
 * The three ways GitLab authenticates an API request, and the header each one is sent in.
 * @module
 */

/**
 * A credential: the value itself, or a function returning it (or a promise of it). A function is
 * called before each request, so an app can hand out a fresh token (see `gitlab-admin-sdk/oauth`'s
 * `OAuthSession.accessToken`).
 */
export type Credential = string | (() => string | Promise<string>);

/** The client options that carry a credential, and the header GitLab reads each one from. */
const HEADERS = { token: 'PRIVATE-TOKEN', oauthToken: 'Authorization', jobToken: 'JOB-TOKEN' } as const;

/** `token`, `oauthToken` or `jobToken`. */
export type CredentialOption = keyof typeof HEADERS;

/** The one credential of a client's options: which option, its header, and the value or function. */
export interface CredentialSource {
  option: CredentialOption;
  header: string;
  value: Credential;
}

/**
 * The credential among `options`, or `undefined` when there is none (public data only).
 * Throws {@link GitLabCredentialsError} for more than one, or for a value that is neither a string nor a function.
 */
export function credentialOf(options: Partial<Record<CredentialOption, unknown>>): CredentialSource | undefined {
  const given = (Object.keys(HEADERS) as CredentialOption[]).filter(
    (option) => options[option] !== undefined && options[option] !== '',
  );
  if (given.length > 1) {
    throw new GitLabCredentialsError(
      `Pass one credential, not ${given.join(' and ')}: token (PRIVATE-TOKEN), oauthToken (Authorization: Bearer) or jobToken (JOB-TOKEN)`,
    );
  }
  const option = given[0];
  if (option === undefined) return undefined;
  const value = options[option];
  if (typeof value !== 'string' && typeof value !== 'function') {
    throw new GitLabCredentialsError(`${option} must be a string or a function returning one, not ${typeOf(value)}`);
  }
  return { option, header: HEADERS[option], value: value as Credential };
}

/** The header value for a credential's value: `Bearer <token>` for an OAuth token, the value itself otherwise. */
export function headerValue(option: CredentialOption, value: string): string {
  return option === 'oauthToken' ? `Bearer ${value}` : value;
}

/** Calls a credential function and checks what it gave, naming only its type, never its value. */
export async function resolveCredential(
  option: CredentialOption,
  get: () => string | Promise<string>,
): Promise<string> {
  const value: unknown = await get();
  if (typeof value !== 'string' || value === '') {
    const got = value === '' ? 'an empty string' : typeOf(value);
    throw new GitLabCredentialsError(`The ${option} function returned ${got} instead of a token`);
  }
  return value;
}

/** A function that replaces every occurrence of each secret in a text with `[REDACTED]` (empty or absent ones skipped). */
export function redactor(...secrets: Array<string | undefined>): (text: string) => string {
  const present = secrets.filter((secret): secret is string => !!secret);
  if (present.length === 0) return (text) => text;
  return (text) => present.reduce((out, secret) => out.split(secret).join('[REDACTED]'), text);
}

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * PKCE (RFC 7636) and random state with Web Crypto: Node 20+ and every current browser.
 * @module
 */

/** A PKCE pair: keep `verifier` until the code exchange, send `challenge` with the authorization request. */
export interface Pkce {
  /** 43 random base64url characters, sent at the code exchange. */
  verifier: string;
  /** `BASE64URL(SHA-256(verifier))`, sent in the authorization URL. */
  challenge: string;
  /** `S256`: GitLab also takes `plain`, which protects nothing. */
  method: 'S256';
}

/**
 * Makes a PKCE pair (S256).
 *
 * @example
 * ```ts
 * import { createPkce } from 'gitlab-admin-sdk/oauth';
 *
 * const { verifier, challenge } = await createPkce();
 * ```
 */
export async function createPkce(): Promise<Pkce> {
  const verifier = randomToken();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)), method: 'S256' };
}

/** 32 random bytes as 43 base64url characters: a PKCE verifier, or an authorization request's `state`. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import { PersonalAccessToken } from '../models/access-tokens.js';

/** Personal access tokens: `gitlab.personalAccessTokens`. Endpoints under `/personal_access_tokens`. */
export class PersonalAccessTokens extends Resource {
  /**
   * The token the client authenticates with (a personal or project access token, with
   * any scope; an OAuth token gets 400). `GET /personal_access_tokens/self`
   *
   * @example
   * ```ts
   * const token = await gitlab.personalAccessTokens.self();
   * console.log(token.scopes, token.expires_at);
   * ```
   */
  self(options?: RequestOptions): Promise<PersonalAccessToken> {
    return this.request('GET', 'personal_access_tokens/self', PersonalAccessToken, options);
  }
}

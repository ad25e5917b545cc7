import { type HttpHandler, http, passthrough } from 'msw';
import { OAUTH_PATHS } from './handlers/oauth.js';
import { apiPrefix } from './http/router.js';
import { createMockGitLabCore, type MockGitLabCore, type MockGitLabOptions } from './mock.js';
import { isDeliveryInFlight } from './webhooks/dispatcher.js';

/** A stateful in-memory GitLab, with MSW handlers. */
export interface MockGitLab extends MockGitLabCore {
  /**
   * MSW request handlers: `setupServer(...mock.handlers)` in Node, `setupWorker(...mock.handlers)` in
   * browsers. Requests to other hosts, or outside `/api/v4` and the OAuth routes, fall through to your other handlers;
   * the mock's own webhook deliveries pass through to their receivers.
   */
  readonly handlers: HttpHandler[];
}

/**
 * Creates a mock GitLab with its own world.
 *
 * @example
 * ```ts
 * import { GitLab } from 'gitlab-admin-sdk';
 * import { createMockGitLab } from 'gitlab-admin-sdk/mock';
 *
 * const mock = createMockGitLab({ now: '2026-06-01T09:00:00Z' });
 * const olivia = mock.seed.user({ username: 'olivia' });
 * mock.seed.group({ path: 'acme', members: { olivia: 50 } });
 * mock.seed.project({ path: 'acme/api' });
 * const gitlab = new GitLab({ baseUrl: mock.baseUrl, token: olivia.token, fetch: mock.fetch });
 * await gitlab.projects.milestones.create('acme/api', { title: 'v1.0' });
 * ```
 */
export function createMockGitLab(options: MockGitLabOptions = {}): MockGitLab {
  const core = createMockGitLabCore(options);
  const url = `${new URL(core.baseUrl).origin}${apiPrefix(core.baseUrl)}/*`;
  const answer = async ({ request }: { request: Request }) => core.handle(request);
  // The OAuth provider's routes at the root of the world (SPEC 7); a page navigation is not a request MSW's worker sees.
  const oauth = OAUTH_PATHS.map((path) => http.all(`${core.baseUrl}${path}`, answer));
  // The mock's own webhook deliveries go out to their receivers (MSW intercepts sockets and fetch);
  // any other request falls through to the next handlers, unhandled as before.
  const deliveries = http.post('*', ({ request }) =>
    isDeliveryInFlight(request.headers.get('x-gitlab-webhook-uuid')) ? passthrough() : undefined,
  );
  return { ...core, handlers: [http.all(url, answer), ...oauth, deliveries] };
}

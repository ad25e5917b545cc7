import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { GitLab, GitLabApiError } from '../src/index.js';

/**
 * A small world shared by the suites: a hosted Premium group `acme` with a
 * subgroup, a private project in it, a personal project, and one user per role.
 */
export const testSeed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'reporter', token: 'glpat-reporter' },
    { username: 'planner', token: 'glpat-planner' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
    { username: 'blocked', token: 'glpat-blocked', state: 'blocked' },
  ],
  groups: [
    { path: 'acme', plan: 'premium', members: { owner: 50 } },
    { path: 'acme/platform', members: { maintainer: 40, dev: 30, reporter: 20, planner: 15, guest: 10 } },
    { path: 'free-corp', plan: 'free', members: { owner: 50 } },
  ],
  projects: [
    { path: 'acme/platform/api', protected_branches: ['main'] },
    { path: 'free-corp/tool' },
    { path: 'owner/sandbox' },
  ],
};

/** A fresh mock of {@link testSeed} (or another seed). */
/**
 * GitLab 18.6's PersonalAccessToken entity, in its order: what personal tokens show, and what project and
 * group tokens (ResourceAccessToken) show before their `access_level`, `resource_type` and `resource_id`.
 * Versions after 18.9 add `expired` and `granular` and move `active` after `name`.
 */
export const PERSONAL_ACCESS_TOKEN_KEYS = [
  'id',
  'name',
  'revoked',
  'created_at',
  'description',
  'scopes',
  'user_id',
  'last_used_at',
  'active',
  'expires_at',
] as const;

export function createTestMock(seed: SeedDocument = testSeed): MockGitLab {
  return createMockGitLab({ seed });
}

/** An SDK client for `token` that talks to `mock` through `mock.fetch` (nothing patched globally). */
export function client(
  mock: MockGitLab,
  token: string,
  options: Partial<ConstructorParameters<typeof GitLab>[0]> = {},
) {
  return new GitLab({ baseUrl: mock.baseUrl, token, fetch: mock.fetch, retry: 0, ...options });
}

/** {@link client}, made once per token: for properties that call the API thousands of times. */
export function clientsOf(mock: MockGitLab): (token: string) => GitLab {
  const made = new Map<string, GitLab>();
  return (token) => {
    let gitlab = made.get(token);
    if (!gitlab) {
      gitlab = client(mock, token);
      made.set(token, gitlab);
    }
    return gitlab;
  };
}

/** A raw request to the mock's API, for wire-level checks (headers, bodies, transports); a body that is not JSON comes back as text. */
export async function call(
  mock: MockGitLab,
  method: string,
  path: string,
  options: {
    token?: string;
    json?: unknown;
    form?: Record<string, string | string[]>;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['PRIVATE-TOKEN'] = options.token;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
    }
    body = form.toString();
  }
  return answerOf(await mock.fetch(`${mock.baseUrl}/api/v4${path}`, { method, headers, body }));
}

/** A response's status, headers and body: parsed JSON, text, or `undefined` when empty. */
export async function answerOf(response: Response) {
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: tests read bodies of many shapes
    body: (text === '' ? undefined : isJson ? JSON.parse(text) : text) as any,
  };
}

/** The `GitLabApiError` a call rejects with; fails the test when the call succeeds or throws anything else. */
export async function failure(promise: PromiseLike<unknown>): Promise<GitLabApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GitLabApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/**
 * How many runs a property takes: `normal`, or `underMutation` when Stryker runs the suite
 * (vitest.mutation.config.ts sets GITLAB_MOCK_MUTATION), where a property reruns for every
 * mutant its code reaches, on instrumented code.
 */
export function propertyRuns(normal: number, underMutation: number): number {
  return process.env.GITLAB_MOCK_MUTATION === '1' ? underMutation : normal;
}

import { routes } from './handlers/index.js';
import { OAUTH_HANDLERS } from './handlers/oauth.js';
import { ApiError } from './http/errors.js';
import { FaultRegistry, type MockFaults } from './http/faults.js';
import { DEFAULT_JOURNAL_SIZE, Journal, type MockRequests } from './http/journal.js';
import { fromFetchRequest, type MockRequest } from './http/mock-request.js';
import { createOAuthRouter } from './http/oauth-router.js';
import { DROPPED, dated, type MockResponse, toFetchResponse } from './http/respond.js';
import { createRouter, type Guard } from './http/router.js';
import { authenticate, identify, requireApiScope, sudo } from './rules/access.js';
import { expiringTokenHooks } from './rules/events.js';
import {
  authorizeHeadless,
  type HeadlessAuthorization,
  type HeadlessAuthorized,
  oauthError,
} from './rules/oauth/oauth.js';
import { servesAnonymous } from './rules/policy.js';
import { mergeRequestByRef } from './rules/pushes.js';
import { throttle } from './rules/rate-limits.js';
import { runAdjournedDeletions } from './rules/removal.js';
import { registerWebhookSink } from './rules/webhooks.js';
import {
  parseRateLimits,
  parseSeed,
  parseSeedDocument,
  type SeedDocument,
  SeedError,
  SeedPush,
} from './seed/document.js';
import { exportSeedDocument } from './seed/export.js';
import { loadSeedDocument } from './seed/load.js';
import { type SeededUser, Seeder } from './seed/seeder.js';
import { type MockWebhookOptions, type WebhookDelivery, WebhookDispatcher } from './webhooks/dispatcher.js';
import { triggerWebhook, type WebhookTrigger, type WebhookTriggered } from './webhooks/trigger.js';
import type { RateLimits, World } from './world/types.js';
import { createWorld, syncClock } from './world/world.js';

/** Options of {@link createMockGitLab}. */
export interface MockGitLabOptions {
  /** Where the mock GitLab lives; requests to `${baseUrl}/api/v4/...` are answered. Default `http://gitlab.test`. */
  baseUrl?: string;
  /**
   * Start of the world clock (ISO 8601, Date or epoch ms), or `'real'`: the real time, and the clock
   * runs with it (`advance` adds an offset). Default: the seed's `now`, else `2026-01-01T00:00:00Z`.
   */
  now?: 'real' | string | Date | number;
  /** A seed document describing the whole world (the same JSON the CLI's `--seed` takes). */
  seed?: SeedDocument;
  /** Seed of the random source every token and secret comes from. Same seed, same values. Default 1. */
  randomSeed?: number;
  /** How many requests `mock.requests` keeps (the oldest are dropped); 0 keeps none. Default 1000. */
  journal?: number;
  /**
   * Told of every request to a route this mock does not model (it answers GitLab's own 404), as
   * `GET /api/v4/projects/:id/pipelines`: the CLI server logs each such route once.
   */
  onUnmodelled?: (route: string) => void;
  /**
   * Whether the OAuth sign-in page (`/users/sign_in`) lists the world's users to sign in as with one
   * click, without a password, for local development of "Sign in with GitLab". Default false; the
   * mock server turns it on on loopback (`--sign-in-list on|off`).
   */
  signInList?: boolean;
  /** Webhook delivery: the receivers' timeout and the hosts besides loopback the mock may call. */
  webhooks?: MockWebhookOptions;
}

/**
 * The webhooks a mock sends: `mock.webhooks`. Events the API causes are delivered after the
 * request has answered; a test awaits them with {@link MockWebhooks.settled}.
 *
 * @example
 * ```ts
 * import { createMockGitLab } from 'gitlab-admin-sdk/mock';
 *
 * const mock = createMockGitLab({ webhooks: { timeout: 2000 } });
 * // ... drive the API, then:
 * await mock.webhooks.settled();
 * const last = mock.webhooks.deliveries.at(-1);
 * ```
 */
export interface MockWebhooks {
  /** Resolves once every delivery queued so far is done (answered, failed, timed out or refused). */
  settled(): Promise<void>;
  /** The delivery log, oldest first (a copy): request, answer, duration, error and the hook's state change. */
  readonly deliveries: WebhookDelivery[];
  /**
   * Sends an event for a record of the world as it is now, without changing it: `{ event:
   * 'merge_request', action: 'approved', project: 'acme/platform/api', iid: 1 }`. Targets default
   * from the world. Throws a `TypeError` naming a bad field or a missing record, sending nothing.
   */
  trigger(trigger: WebhookTrigger): WebhookTriggered;
  /** Forgets the delivery log. */
  clear(): void;
}

/** A copy of a world's whole state, from {@link MockGitLab.snapshot}. */
export interface WorldSnapshot {
  /** @internal */
  readonly state: World;
}

/** How far to move the world clock: milliseconds, or days, hours, minutes and seconds added up. */
export type Duration =
  | number
  | {
      /** Days of 24 hours. */
      days?: number;
      /** Hours. */
      hours?: number;
      /** Minutes. */
      minutes?: number;
      /** Seconds. */
      seconds?: number;
    };

/** The world clock: "today" for token expiry, expired milestones, burndown charts and every timestamp the mock writes. */
export interface MockClock {
  /** The world's current time. */
  now(): Date;
  /** Moves the clock to a moment (ISO 8601, Date or epoch ms). */
  set(time: string | Date | number): void;
  /** Moves the clock forward by milliseconds or by `{ days, hours, minutes, seconds }`. */
  advance(by: Duration): void;
}

/** A push as `mock.mergeRequests.push` made it: the new head, who pushed, and when (ISO 8601). */
export interface PushedCommit {
  /** The new head commit. */
  sha: string;
  /** Username of who pushed. */
  author: string;
  /** When, on the world clock. */
  at: string;
}

/** Test-setup actions on merge requests that GitLab's API has no endpoint for: `mock.mergeRequests`. */
export interface MockMergeRequests {
  /**
   * Pushes to a merge request's source branch, as GitLab's MergeRequests::RefreshService handles a
   * push: the head moves to `sha` (a new one from the seeded random source when absent), `author`
   * becomes a committer, and approvals are reset as the project's settings say
   * (`reset_approvals_on_push`; else `selective_code_owner_removals`). The project is an id or a
   * full path. Throws a {@link SeedError} naming the bad field (an unknown project, merge request
   * or author, a malformed or unchanged `sha`, a merge request that is not open), changing nothing.
   */
  push(project: number | string, iid: number, push: SeedPush): PushedCommit;
}

/** GitLab's API rate limits in a mock: `mock.rateLimits`. */
export interface MockRateLimits {
  /** The throttles in force (`{}`: none, the default). */
  get(): RateLimits;
  /**
   * Replaces the throttles (`{}` turns them off) and starts every count afresh. Throws a
   * `TypeError` naming the bad field when a limit is invalid.
   */
  set(limits: RateLimits): void;
}

/**
 * A stateful in-memory GitLab, without the MSW handlers: what the HTTP server
 * (`gitlab-admin-sdk/mock/node`) needs, so that it runs without msw installed.
 */
export interface MockGitLabCore {
  /** The base URL the mock answers on. */
  readonly baseUrl: string;
  /**
   * A fetch that answers from this mock directly, with nothing patched globally:
   * `new GitLab({ baseUrl: mock.baseUrl, token, fetch: mock.fetch })`. Requests
   * outside the mock's base URL fail like a network error.
   */
  readonly fetch: typeof fetch;
  /** Builders that add users, groups, projects, milestones... to the world. */
  readonly seed: Seeder;
  /** The users of the seed document by username, with their tokens. */
  readonly users: Readonly<Record<string, SeededUser>>;
  /** The world clock. */
  readonly clock: MockClock;
  /**
   * Faults injected in front of the API: errors, delays and dropped connections, as a proxy or a
   * struggling GitLab would give. The seed document's `faults` are there from the start.
   */
  readonly faults: MockFaults;
  /** GitLab's API rate limits (the seed document's `instance.rate_limits`), counted on the world clock. */
  readonly rateLimits: MockRateLimits;
  /** GitLab's OAuth provider without a browser: approve an authorization request as a user. */
  readonly oauth: MockOAuth;
  /** Pushes to merge requests: what moves a head and resets approvals. */
  readonly mergeRequests: MockMergeRequests;
  /** The webhooks the world sends: wait for them, read their log, trigger any event. */
  readonly webhooks: MockWebhooks;
  /** The world's state, for assertions in tests. Change it through `seed` and the API. */
  readonly world: World;
  /** Answers one request, or `undefined` when it is not for this mock; a dropped connection (an injected fault) is `Response.error()`. */
  handle(request: Request): Promise<Response | undefined>;
  /** A copy of the whole world. */
  snapshot(): WorldSnapshot;
  /** Puts the world back as it was at a snapshot. */
  restore(snapshot: WorldSnapshot): void;
  /**
   * Puts the world back as it was when the mock was created (after its seed document, or the last
   * document given to {@link loadState}), its faults too, and empties the request journal.
   */
  reset(): void;
  /**
   * The whole world as a seed document with `version: 1`: every record with its id, token values
   * and families, revoked and expired tokens, approvals, settings, iid counters, the clock, the
   * random source, faults and rate limits. `createMockGitLab({ seed })` or {@link loadState} of it
   * answers every API read as this mock does.
   */
  exportState(): SeedDocument;
  /**
   * Replaces the world with a seed document (an export, or any seed), which also becomes the seed
   * `reset()` goes back to; empties the request journal. A bad document throws a `SeedError` naming
   * its path, and the world is left exactly as it was.
   */
  loadState(document: unknown): void;
  /**
   * The request journal: every API request, oldest first, with its status, caller, duration and,
   * for a refused one, the rule that refused it (`reason`). Tokens, passwords and secrets are `[REDACTED]`.
   */
  readonly requests: MockRequests;
}

/** The mock's OAuth provider in-process: `mock.oauth`. */
export interface MockOAuth {
  /**
   * Approves an authorization request as `user`, as the consent page would (the same checks), and
   * returns the code and the redirect URI carrying it: what a browser would bring back to the app.
   * A refused request throws a {@link MockOAuthError} with the OAuth error code.
   *
   * @example
   * ```ts
   * import { createMockGitLab } from 'gitlab-admin-sdk/mock';
   *
   * const mock = createMockGitLab({
   *   seed: {
   *     users: [{ username: 'olivia' }],
   *     applications: [{ name: 'app', redirect_uri: 'http://localhost:3000/cb', scopes: 'api openid', application_id: 'app-id' }],
   *   },
   * });
   * const { code } = mock.oauth.authorize({ user: 'olivia', clientId: 'app-id', redirectUri: 'http://localhost:3000/cb', scopes: ['api'] });
   * ```
   */
  authorize(request: HeadlessAuthorization): HeadlessAuthorized;
}

/** An authorization request `mock.oauth.authorize` refused: `error` is the OAuth error code (`invalid_scope`...). */
export class MockOAuthError extends Error {
  constructor(
    /** The OAuth error code. */
    readonly error: string,
    /** GitLab's description of it. */
    readonly error_description: string,
  ) {
    super(`${error}: ${error_description}`);
    this.name = 'MockOAuthError';
  }
}

const DEFAULT_NOW = '2026-01-01T00:00:00Z';

/**
 * What the API router asks of a request's caller, in front of every route: authentication, sudo and
 * the API scope check (`rules/access.ts`), GitLab's rate limits (`rules/rate-limits.ts`).
 */
export const API_GUARD: Guard = {
  identify,
  authenticate,
  servesAnonymous,
  sudo,
  requireScope: requireApiScope,
  throttle,
};

/** The router of a mock without fetch objects: what the HTTP server calls. */
export type PlainRouter = (request: MockRequest) => Promise<MockResponse | undefined>;

// Keyed by `mock.handle`, which `createMockGitLab`'s copy of the core keeps: the server finds the
// plain router of any mock it is given, and the public interface stays as it is.
const plainRouters = new WeakMap<MockGitLabCore['handle'], PlainRouter>();

/** The plain router behind a mock's `handle`. */
export function plainRouterOf(mock: MockGitLabCore): PlainRouter | undefined {
  return plainRouters.get(mock.handle);
}

function toEpoch(time: string | Date | number): number {
  const ms = typeof time === 'number' ? time : typeof time === 'string' ? Date.parse(time) : time.getTime();
  if (Number.isNaN(ms)) throw new TypeError(`Not a valid time: ${String(time)}`);
  return ms;
}

/** Creates a mock GitLab without MSW handlers; `createMockGitLab` adds them. */
export function createMockGitLabCore(options: MockGitLabOptions = {}): MockGitLabCore {
  const baseUrl = (options.baseUrl ?? 'http://gitlab.test').replace(/\/+$/, '');
  const startClock = (target: World) => {
    if (options.now === 'real') {
      target.clockOffset = 0;
      syncClock(target);
    } else if (options.now !== undefined) {
      target.clockOffset = null;
      target.now = toEpoch(options.now);
    }
  };
  const freshWorld = () => {
    const fresh = createWorld(baseUrl, toEpoch(DEFAULT_NOW), options.randomSeed ?? 1);
    startClock(fresh);
    return fresh;
  };
  const world = freshWorld();
  // The document sets the clock to its `now`; an explicit `now` option wins.
  const users = options.seed !== undefined ? loadSeedDocument(world, options.seed) : {};
  startClock(world);
  let initial = structuredClone(world);
  let seedFaultSpecs = options.seed?.faults ?? [];
  const faults = new FaultRegistry();
  const seedFaults = () => {
    for (const fault of seedFaultSpecs) faults.add(fault);
  };
  seedFaults();
  const journal = new Journal(options.journal ?? DEFAULT_JOURNAL_SIZE);
  const dispatcher = new WebhookDispatcher(world, journal, options.webhooks);
  registerWebhookSink(world, dispatcher);
  const apiRouter = createRouter(world, routes, {
    guard: API_GUARD,
    faults,
    journal,
    onUnmodelled: options.onUnmodelled,
  });
  const oauthRouter = createOAuthRouter(world, OAUTH_HANDLERS, {
    signInList: options.signInList,
    unreadableBody: () => oauthError('invalid_request'),
  });
  // Every answer carries the world clock as its `Date`, as GitLab's carries its server's time.
  const router: PlainRouter = async (request) => {
    const response = (await apiRouter(request)) ?? (await oauthRouter(request));
    return response && dated(world, response);
  };

  const handle = async (request: Request): Promise<Response | undefined> => {
    const response = await router(fromFetchRequest(request));
    return response && toFetchResponse(response);
  };
  plainRouters.set(handle, router);

  const mockFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await router(fromFetchRequest(request));
    if (!response) throw new TypeError(`fetch failed: ${request.method} ${request.url} is not served by the mock`);
    // What fetch does when the connection drops.
    if (response === DROPPED) {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    }
    return toFetchResponse(response);
  };

  const restoreState = (state: World) => Object.assign(world, structuredClone(state));
  const seed = new Seeder(world);

  return {
    baseUrl,
    fetch: mockFetch as typeof fetch,
    seed,
    users,
    world,
    clock: {
      now: () => {
        syncClock(world);
        return new Date(world.now);
      },
      set: (time) => {
        syncClock(world);
        const previous = world.now;
        world.now = toEpoch(time);
        // A clock that follows real time keeps running from the moment set.
        if (world.clockOffset !== null) world.clockOffset = world.now - Date.now();
        expiringTokenHooks(world, previous);
        runAdjournedDeletions(world);
      },
      advance: (by) => {
        const ms =
          typeof by === 'number'
            ? by
            : (((by.days ?? 0) * 24 + (by.hours ?? 0)) * 60 + (by.minutes ?? 0)) * 60_000 + (by.seconds ?? 0) * 1000;
        syncClock(world);
        const previous = world.now;
        world.now += ms;
        if (world.clockOffset !== null) world.clockOffset += ms;
        expiringTokenHooks(world, previous);
        runAdjournedDeletions(world);
      },
    },
    oauth: {
      authorize: (request) => {
        syncClock(world);
        try {
          return authorizeHeadless(world, request);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const { error: code, error_description } = error.body as { error: string; error_description: string };
          throw new MockOAuthError(code, error_description);
        }
      },
    },
    faults,
    rateLimits: {
      get: () => structuredClone(world.instance.rate_limits),
      set: (limits) => {
        world.instance.rate_limits = parseRateLimits(limits);
        world.rateLimitCounters.clear();
      },
    },
    mergeRequests: {
      push: (projectRef, iid, input) => {
        const push = parseSeed(SeedPush, input);
        const mr = mergeRequestByRef(world, String(projectRef), iid);
        if (!mr) throw new SeedError('', `no merge request !${iid} in project ${projectRef}`);
        const done = seed.push(mr, push);
        return { sha: done.sha, author: world.users.get(done.author_id)?.username ?? push.author, at: done.at };
      },
    },
    webhooks: {
      settled: () => dispatcher.settled(),
      get deliveries() {
        return dispatcher.deliveries();
      },
      trigger: (trigger) => {
        syncClock(world);
        return triggerWebhook(world, trigger);
      },
      clear: () => dispatcher.clear(),
    },
    handle,
    snapshot: () => ({ state: structuredClone(world) }),
    restore: (snapshot) => restoreState(snapshot.state),
    reset: () => {
      restoreState(initial);
      faults.clear();
      seedFaults();
      journal.clear();
      dispatcher.reset();
    },
    exportState: () => {
      syncClock(world);
      return exportSeedDocument(world, faults.list());
    },
    loadState: (document) => {
      // Everything that can fail happens on a fresh world: a bad document changes nothing.
      const faultSpecs = parseSeedDocument(document).faults ?? [];
      const loaded = freshWorld();
      const loadedUsers = loadSeedDocument(loaded, document);
      initial = structuredClone(loaded);
      seedFaultSpecs = faultSpecs;
      restoreState(initial);
      for (const name of Object.keys(users)) delete users[name];
      Object.assign(users, loadedUsers);
      faults.clear();
      seedFaults();
      journal.clear();
      dispatcher.reset();
    },
    requests: journal,
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLabCore, type SeedDocument, type WorldSnapshot } from '../mock/index.js';
import { type RunningMockServer, startMockServer } from '../mock/node/index.js';
import { GitLab, GitLabApiError } from '../src/index.js';

/**
 * Races: many requests at once against one world, in-process (`mock.fetch`) and
 * over HTTP (`startMockServer`), each race repeated a few times.
 *
 * Where requests can interleave: the router authenticates the caller, then
 * awaits the request body (`await request.text()`), then runs the handler,
 * which parses, checks and writes the world synchronously, with no `await`
 * between reading and writing. So a handler is atomic; what can change between
 * two steps of one request is only the world between its authentication and its
 * handler. In-process, each request's body arrives after a random delay (a
 * seeded source, so a failure replays), so handlers run in an order unrelated
 * to the order the requests were made in, with every other request
 * authenticated in between. Over HTTP the server reads a whole body before the
 * mock authenticates, so each request runs start to end once its body is in,
 * concurrently with the others' transfers. These tests prove that each request
 * is atomic and that a race ends in one of the outcomes the rules allow.
 */

const REPETITIONS = 5;
const P = 'acme/api';
const HEAD = '3f786850e387550fdab836ed7e6dc881de23001b';
const APPROVERS = ['dev1', 'dev2', 'dev3', 'dev4', 'dev5'] as const;
const ALREADY_REVOKED = '400 Bad request - Token already revoked';
const TITLE_TAKEN =
  'Failed to create milestone {:title=>["already being used for another group or project milestone."]}';

const raceSeed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-race-root' },
    { username: 'owner', token: 'glpat-race-owner' },
    { username: 'maintainer', token: 'glpat-race-maintainer' },
    { username: 'author', token: 'glpat-race-author' },
    ...APPROVERS.map((username) => ({ username, token: `glpat-race-${username}` })),
  ],
  groups: [
    {
      path: 'acme',
      plan: 'premium',
      members: { owner: 50, maintainer: 40, author: 30, ...Object.fromEntries(APPROVERS.map((u) => [u, 30])) },
    },
  ],
  projects: [
    {
      path: P,
      // Five approvals from anyone: every approval counts, so approvals_left goes 4, 3, 2, 1, 0.
      approval_rules: [{ name: 'Five', rule_type: 'any_approver', approvals_required: 5 }],
      merge_requests: [{ iid: 1, title: 'Add login', author: 'author', sha: HEAD }],
      access_tokens: [
        { name: 'ci', scopes: ['api'], access_level: 30 },
        { name: 'self', scopes: ['self_rotate'], access_level: 30, token: 'glpat-race-self' },
      ],
    },
  ],
};

/** A small seeded random source (mulberry32): the same jitter on every run. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `mock.fetch`, but each request's body arrives 0-3 ms late: the mock
 * authenticates the caller at once, then waits for the body, so the handlers
 * of concurrent requests run in a shuffled order.
 */
function jitteredFetch(mock: MockGitLabCore, random: () => number): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : null;
    const delay = Math.floor(random() * 4);
    const stream =
      body &&
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          controller.enqueue(body);
          controller.close();
        },
      });
    const late = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    return mock.fetch(late);
  };
}

/** The status of a settled SDK call: 2xx when it resolved, the API's status when it failed. */
function outcome<T>(result: PromiseSettledResult<T>, success: number): { status: number; message?: unknown } {
  if (result.status === 'fulfilled') return { status: success };
  if (result.reason instanceof GitLabApiError)
    return { status: result.reason.status, message: result.reason.gitlabMessage };
  throw result.reason;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const count = (values: number[], wanted: number) => values.filter((v) => v === wanted).length;

/** A world to race on: a mock, its clients, and how to put it back. */
interface Arena {
  mock: MockGitLabCore;
  client(token: string, repetition: number): GitLab;
  reset(): void;
}

function inProcess(): Arena {
  const mock = createMockGitLab({ seed: raceSeed });
  const initial = mock.snapshot();
  const randoms = new Map<number, () => number>();
  return {
    mock,
    client(token, repetition) {
      if (!randoms.has(repetition)) randoms.set(repetition, randomSource(repetition + 1));
      const fetch = jitteredFetch(mock, randoms.get(repetition)!);
      return new GitLab({ baseUrl: mock.baseUrl, token, fetch, retry: 0 });
    },
    reset: () => mock.restore(initial),
  };
}

let server: RunningMockServer;
let serverInitial: WorldSnapshot;

function overHttp(): Arena {
  return {
    mock: server.mock,
    client: (token) => new GitLab({ baseUrl: server.url, token, retry: 0 }),
    reset: () => server.mock.restore(serverInitial),
  };
}

beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: raceSeed });
  serverInitial = server.mock.snapshot();
});
afterAll(() => server?.close());

const projectOf = (mock: MockGitLabCore) => [...mock.world.projects.values()].find((p) => p.path_with_namespace === P)!;
const tokenNamed = (mock: MockGitLabCore, name: string) =>
  [...mock.world.tokens.values()].filter((t) => t.name === name).sort((a, b) => a.id - b.id);

describe.each([
  ['in-process', inProcess],
  ['over HTTP', overHttp],
] as const)('races %s', (_, arena) => {
  let a: Arena;
  beforeAll(() => {
    a = arena();
  });

  it.each(Array.from({ length: REPETITIONS }, (_, i) => i))(
    'N rotations of one token: one wins, the others find it revoked and revoke the family (repetition %i)',
    async (repetition) => {
      a.reset();
      const [original] = tokenNamed(a.mock, 'ci');
      const callers = ['glpat-race-maintainer', 'glpat-race-owner', 'glpat-race-root', 'glpat-race-maintainer'];
      const results = await Promise.allSettled(
        callers.map((token) => a.client(token, repetition).projects.accessTokens.rotate(P, original!.id)),
      );
      const outcomes = results.map((r) => outcome(r, 200));
      expect(sorted(outcomes.map((o) => o.status))).toEqual([200, 400, 400, 400]);
      for (const o of outcomes.filter((o) => o.status === 400)) expect(o.message).toBe(ALREADY_REVOKED);

      // Exactly one new token: the family is the original and the winner's token, and (SPEC 5) both are revoked.
      const family = tokenNamed(a.mock, 'ci');
      expect(family).toHaveLength(2);
      expect(family[1]!.previous_id).toBe(original!.id);
      expect(family.map((t) => t.revoked)).toEqual([true, true]);
      const winner = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ token: string }>;
      const error = await a
        .client(winner.value.token, repetition)
        .projects.milestones.list(P)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(GitLabApiError);
      expect((error as GitLabApiError).status).toBe(401);
    },
  );

  it.each(Array.from({ length: REPETITIONS }, (_, i) => i))(
    'N self-rotations of one token: one wins; the others are reuse (400) or no longer authenticate (401) (repetition %i)',
    async (repetition) => {
      a.reset();
      const results = await Promise.allSettled(
        [1, 2, 3].map(() => a.client('glpat-race-self', repetition).projects.accessTokens.rotate(P, 'self')),
      );
      const statuses = results.map((r) => outcome(r, 200).status);
      expect(count(statuses, 200)).toBe(1);
      expect(count(statuses, 400) + count(statuses, 401)).toBe(2);
      const family = tokenNamed(a.mock, 'self');
      expect(family).toHaveLength(2);
      // A request authenticated before the winner's handler ran is reuse: the whole family goes (SPEC 5).
      // One authenticated after it finds the old token revoked: 401, and the winner's token stays the only active one.
      expect(family.map((t) => t.revoked)).toEqual(count(statuses, 400) > 0 ? [true, true] : [true, false]);
    },
  );

  it.each(Array.from({ length: REPETITIONS }, (_, i) => i))(
    'approvals by five users at once, one of them twice: each recorded once, approvals_left exact (repetition %i)',
    async (repetition) => {
      a.reset();
      const approvers = [...APPROVERS, 'dev1'];
      const results = await Promise.allSettled(
        approvers.map((u) => a.client(`glpat-race-${u}`, repetition).projects.mergeRequests.approvals.approve(P, 1)),
      );
      const outcomes = results.map((r) => outcome(r, 201));
      expect(sorted(outcomes.map((o) => o.status))).toEqual([201, 201, 201, 201, 201, 401]);
      // dev1's two requests: one 201, one 401 (a user approves once: G3).
      expect(sorted([outcomes[0]!.status, outcomes[5]!.status])).toEqual([201, 401]);
      // Each answer saw the world right after its own approval: no two saw the same count.
      const left = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.approvals_left] : []));
      expect(sorted(left)).toEqual([0, 1, 2, 3, 4]);

      const mr = [...a.mock.world.mergeRequests.values()].find((m) => m.project_id === projectOf(a.mock).id)!;
      const approvals = [...a.mock.world.approvals.values()].filter((ap) => ap.merge_request_id === mr.id);
      const usernames = approvals.map((ap) => a.mock.world.users.get(ap.user_id)!.username).sort();
      expect(usernames).toEqual([...APPROVERS]);
      const status = await a.client('glpat-race-author', repetition).projects.mergeRequests.approvals.get(P, 1);
      expect(status.approvals_left).toBe(0);
      expect(status.approved_by?.map((b) => b.user.username).sort()).toEqual([...APPROVERS]);
    },
  );

  it.each(Array.from({ length: REPETITIONS }, (_, i) => i))(
    '50 milestones at once, 10 of them with one title: unique iids, no lost write, duplicates refused (repetition %i)',
    async (repetition) => {
      a.reset();
      const titles = Array.from({ length: 50 }, (_, i) => (i % 5 === 4 ? 'same' : `m${i}`));
      const gitlab = a.client('glpat-race-maintainer', repetition);
      const results = await Promise.allSettled(titles.map((title) => gitlab.projects.milestones.create(P, { title })));
      const outcomes = results.map((r) => outcome(r, 201));
      expect(
        count(
          outcomes.map((o) => o.status),
          201,
        ),
      ).toBe(41);
      expect(outcomes.filter((o) => o.status !== 201)).toEqual(Array(9).fill({ status: 400, message: TITLE_TAKEN }));

      const created = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(sorted(created.map((m) => m.iid))).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
      expect(new Set(created.map((m) => m.id)).size).toBe(41);
      const listed = await gitlab.projects.milestones.list(P, { per_page: 100 });
      expect(listed.items).toHaveLength(41);
      expect(new Set(listed.items.map((m) => m.title))).toEqual(new Set(titles));
    },
  );
});

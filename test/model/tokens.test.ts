import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { type AccessLevel, GitLab, type ProjectAccessTokenScope } from '../../src/index.js';
import { type Exchange, hasKeyDeep, type Refusal, recordingFetch, refusedAs } from './recording.js';

// Project access tokens and OAuth applications under random sequences of real
// API calls through the SDK, with the world clock moved between them. A small
// model follows what the API answered; after every step the invariants are
// checked against the mock over the wire:
// - a revoked, rotated-away or expired token never authenticates (401), a live one does;
// - a rotation family has at most one active token, and `active` agrees with the model;
// - no answer but create and rotate carries a `token`, no answer but create and
//   renew-secret an application `secret`, and no answer carries another token's value.
// fast-check prints `seed` and `path` on failure; pass them to `fc.assert` to replay.

const SEED = 7_2026;
const RUNS = 60;
const PROJECT = 'acme/api';

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'dev', token: 'glpat-dev' },
  ],
  groups: [{ path: 'acme', plan: 'premium', members: { owner: 50, maintainer: 40, dev: 30 } }],
  projects: [
    { path: PROJECT, access_tokens: [{ name: 'seeded', scopes: ['api'], access_level: 40, token: 'glpat-seeded' }] },
  ],
};

const CALLERS = ['glpat-root', 'glpat-owner', 'glpat-maintainer', 'glpat-dev'] as const;
const caller = fc.constantFrom(...CALLERS);
const expiresIn = fc.option(fc.integer({ min: -2, max: 400 }), { freq: 2 });

type Op =
  | { op: 'create'; by: string; level: AccessLevel; scopes: ProjectAccessTokenScope[]; expiresIn: number | null }
  | { op: 'rotate'; by: string; pick: number; expiresIn: number | null }
  | { op: 'selfRotate'; pick: number }
  | { op: 'revoke'; by: string; pick: number }
  | { op: 'read'; by: string; pick: number }
  | { op: 'advance'; hours: number }
  | { op: 'app'; action: 'create' | 'renew' | 'delete' | 'list'; by: string; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('create' as const),
    by: caller,
    level: fc.constantFrom<AccessLevel>(10, 20, 30, 40, 50),
    scopes: fc.subarray<ProjectAccessTokenScope>(['api', 'read_api', 'self_rotate', 'read_repository'], {
      minLength: 1,
    }),
    expiresIn,
  }),
  fc.record({ op: fc.constant('rotate' as const), by: caller, pick: fc.nat(), expiresIn }),
  fc.record({ op: fc.constant('selfRotate' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('revoke' as const), by: caller, pick: fc.nat() }),
  fc.record({ op: fc.constant('read' as const), by: caller, pick: fc.nat() }),
  // Up to 60 days, often across a token's expiry (a day, a week, a year after "today").
  fc.record({ op: fc.constant('advance' as const), hours: fc.integer({ min: 0, max: 24 * 60 }) }),
  fc.record({
    op: fc.constant('app' as const),
    action: fc.constantFrom('create', 'renew', 'delete', 'list'),
    by: fc.constantFrom('glpat-root', 'glpat-root', 'glpat-owner'),
    pick: fc.nat(),
  }),
);

interface ModelToken {
  id: number;
  value: string;
  /** The id of the token its rotation family started from. */
  family: number;
  revoked: boolean;
  expires_at: string | null;
  /** The bot's role in the project, which rotation keeps. */
  level: AccessLevel;
  scopes: readonly ProjectAccessTokenScope[];
}

// The model's own rules of project access tokens (SPEC 1-2, GITLAB-BEHAVIOR 2), not the mock's:
// managing tokens needs Maintainer; an administrator counts as Owner.
const ROLE: Record<(typeof CALLERS)[number], AccessLevel> = {
  'glpat-root': 50,
  'glpat-owner': 50,
  'glpat-maintainer': 40,
  'glpat-dev': 30,
};
const USERNAME: Record<(typeof CALLERS)[number], string> = {
  'glpat-root': 'root',
  'glpat-owner': 'owner',
  'glpat-maintainer': 'maintainer',
  'glpat-dev': 'dev',
};
const MAINTAINER = 40;
/** A new token may expire at most a year ahead; a rotated one without a date expires a week ahead. */
const MAX_LIFETIME_DAYS = 365;
const ROTATED_LIFETIME_DAYS = 7;
const badRequest = (reason: string): Refusal => ({ status: 400, message: `400 Bad request - ${reason}` });
const UNAUTHORIZED: Refusal = { status: 401, message: '401 Unauthorized' };

/** The answer the model predicts, checked: a refusal must be the predicted one, a success must be predicted. */
async function as<T>(call: Promise<T>, expected: Refusal | null, what: string): Promise<T | undefined> {
  const result = await call.catch(refusedAs(expected));
  if (expected !== null) seen.refusals++;
  if (result !== undefined) expect(expected, `${what} succeeded, the model predicted a refusal`).toBeNull();
  return result;
}

/** What the runs went through, so a property that stops exercising something fails instead of passing quietly. */
const seen = { rotations: 0, selfRotations: 0, reuses: 0, revocations: 0, expired: 0, apps: 0, refusals: 0 };

/** The run's state: the mock, one client per caller, the model, and every secret handed out. */
class Run {
  readonly mock: MockGitLab;
  readonly recorder: { fetch: typeof fetch; log: Exchange[] };
  readonly tokens: ModelToken[] = [];
  readonly apps: { id: number; secret: string }[] = [];
  /** Every token value and application secret the API has handed out, with the exchange that carried it. */
  readonly secrets = new Map<string, number>();
  checked = 0;
  /** How much of the recorded log the secrets check has read. */
  private read = 0;

  constructor() {
    this.mock = createMockGitLab({ seed });
    this.recorder = recordingFetch(this.mock);
    const seeded = [...this.mock.world.tokens.values()].find((t) => t.value === 'glpat-seeded');
    if (!seeded) throw new Error('no seeded token');
    this.tokens.push({
      id: seeded.id,
      value: seeded.value,
      family: seeded.id,
      revoked: false,
      expires_at: seeded.expires_at,
      level: 40,
      scopes: ['api'],
    });
  }

  client(token: string): GitLab {
    return new GitLab({ baseUrl: this.mock.baseUrl, token, fetch: this.recorder.fetch, retry: 0 });
  }

  today(): string {
    return this.mock.clock.now().toISOString().slice(0, 10);
  }

  dead(token: ModelToken): boolean {
    return token.revoked || (token.expires_at !== null && token.expires_at < this.today());
  }

  pick(n: number): ModelToken | undefined {
    return this.tokens[n % this.tokens.length];
  }

  expiry(days: number | null): string | undefined {
    if (days === null) return undefined;
    const date = new Date(`${this.today()}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  }

  /** The refusal of an expiry date after the latest a token may have, or null. */
  tooLate(expiresAt: string | undefined): Refusal | null {
    const latest = this.expiry(MAX_LIFETIME_DAYS) as string;
    return expiresAt !== undefined && expiresAt > latest
      ? badRequest(`Expiration date must be before ${latest}`)
      : null;
  }

  /** A new token the API handed out: in the model, and its value remembered as a secret. */
  issued(
    token: { id: number; token: string; expires_at: string | null },
    family: number,
    from: Pick<ModelToken, 'level' | 'scopes'>,
  ) {
    this.tokens.push({
      id: token.id,
      value: token.token,
      family,
      revoked: false,
      expires_at: token.expires_at,
      level: from.level,
      scopes: from.scopes,
    });
    this.secrets.set(token.token, this.recorder.log.length - 1);
  }

  /**
   * A rotation's outcome, predicted: rotating a revoked token is reuse, refused with `Token already
   * revoked`, and revokes its whole family (SPEC 2); otherwise the old token is revoked and a new one
   * of the same family, role and scopes expires on the date given or a week ahead.
   */
  async rotation(
    old: ModelToken,
    call: Promise<{ id: number; token: string; expires_at: string | null }>,
    refusal: Refusal | null,
    expiresAt: string | undefined,
  ) {
    const reuse = refusal === null && old.revoked;
    const expected = refusal ?? (reuse ? badRequest('Token already revoked') : this.tooLate(expiresAt));
    const fresh = await as(call, expected, `rotating token ${old.id}`);
    if (reuse) {
      for (const t of this.tokens) if (t.family === old.family) t.revoked = true;
      seen.reuses++;
    }
    if (!fresh) return;
    expect(fresh.expires_at).toBe(expiresAt ?? this.expiry(ROTATED_LIFETIME_DAYS));
    old.revoked = true;
    this.issued(fresh, old.family, old);
    seen.rotations++;
  }

  async step(op: Op): Promise<void> {
    const project = PROJECT;
    switch (op.op) {
      case 'create': {
        const body = { name: 'tok', scopes: op.scopes, access_level: op.level, expires_at: this.expiry(op.expiresIn) };
        const role = ROLE[op.by as keyof typeof ROLE];
        // Rights first (Maintainer, then no role above the caller's own), then the token's own validity.
        const expected =
          role < MAINTAINER
            ? badRequest('User does not have permission to create project access token')
            : op.level > role
              ? badRequest('Access level of the token contains permissions not held by the creating user')
              : this.tooLate(body.expires_at);
        const created = await as(this.client(op.by).projects.accessTokens.create(project, body), expected, 'create');
        if (created) this.issued(created, created.id, { level: op.level, scopes: op.scopes });
        return;
      }
      case 'rotate': {
        const old = this.pick(op.pick);
        if (!old) return;
        const body = { expires_at: this.expiry(op.expiresIn) };
        const role = ROLE[op.by as keyof typeof ROLE];
        // Below Maintainer a token is not the caller's to see (401); a non-administrator cannot rotate
        // a token whose role is above their own.
        const refusal =
          role < MAINTAINER
            ? UNAUTHORIZED
            : op.by !== 'glpat-root' && old.level > role
              ? badRequest('Not eligible to rotate tokens with permissions not held by the user')
              : null;
        const call = this.client(op.by).projects.accessTokens.rotate(project, old.id, body);
        return this.rotation(old, call, refusal, body.expires_at);
      }
      case 'selfRotate': {
        const old = this.pick(op.pick);
        if (!old) return;
        const before = seen.rotations;
        // A dead token does not authenticate; a live one rotates itself with `api` or `self_rotate`.
        const refusal = this.dead(old)
          ? UNAUTHORIZED
          : old.scopes.includes('api') || old.scopes.includes('self_rotate')
            ? null
            : badRequest('A token needs the api or self_rotate scope to rotate itself');
        await this.rotation(
          old,
          this.client(old.value).projects.accessTokens.rotate(project, 'self'),
          refusal,
          undefined,
        );
        seen.selfRotations += seen.rotations - before;
        return;
      }
      case 'revoke': {
        const token = this.pick(op.pick);
        if (!token) return;
        const by = op.by as keyof typeof ROLE;
        // Below Maintainer: `<caller> cannot delete <bot>`, the bot being named after its first token.
        const bot = token.family === this.tokens[0]?.family ? 'seeded' : 'tok';
        const expected = ROLE[by] < MAINTAINER ? badRequest(`${USERNAME[by]} cannot delete ${bot}`) : null;
        const call = this.client(op.by)
          .projects.accessTokens.revoke(project, token.id)
          .then(() => true);
        const done = await as(call, expected, `revoking token ${token.id}`);
        if (done) {
          token.revoked = true;
          seen.revocations++;
        }
        return;
      }
      case 'read': {
        const token = this.pick(op.pick);
        const gitlab = this.client(op.by);
        // Reading tokens needs Maintainer too; GitLab answers 401 below it.
        const expected = ROLE[op.by as keyof typeof ROLE] < MAINTAINER ? UNAUTHORIZED : null;
        if (token) await as(gitlab.projects.accessTokens.get(project, token.id), expected, 'get');
        await as(gitlab.projects.accessTokens.list(project, { per_page: 3 }).toArray(), expected, 'list');
        return;
      }
      case 'advance':
        this.mock.clock.advance({ hours: op.hours });
        return;
      case 'app': {
        const gitlab = this.client(op.by);
        const app = this.apps[op.pick % Math.max(this.apps.length, 1)];
        // Instance-wide OAuth applications are the administrator's: anyone else gets 403 Forbidden.
        const appRefused = refusedAs(op.by === 'glpat-root' ? null : { status: 403, message: '403 Forbidden' });
        if (op.action === 'create') {
          const created = await gitlab.applications
            .create({ name: 'app', redirect_uri: 'https://example.com/cb', scopes: ['api'] })
            .catch(appRefused);
          if (created) {
            expect(op.by, 'only the administrator creates applications').toBe('glpat-root');
            this.apps.push({ id: created.id, secret: created.secret });
            seen.apps++;
            this.secrets.set(created.secret, this.recorder.log.length - 1);
          }
        } else if (op.action === 'renew' && app) {
          const renewed = await gitlab.applications.renewSecret(app.id).catch(appRefused);
          if (renewed) {
            expect(op.by, 'only the administrator renews secrets').toBe('glpat-root');
            expect(renewed.secret).not.toBe(app.secret);
            app.secret = renewed.secret;
            this.secrets.set(renewed.secret, this.recorder.log.length - 1);
          }
        } else if (op.action === 'delete' && app) {
          const deleted = await gitlab.applications.delete(app.id).then(() => true, appRefused);
          if (deleted) {
            expect(op.by, 'only the administrator deletes applications').toBe('glpat-root');
            this.apps.splice(this.apps.indexOf(app), 1);
          }
        } else {
          const listed = await gitlab.applications.list().catch(appRefused);
          if (listed) expect(op.by, 'only the administrator lists applications').toBe('glpat-root');
        }
        return;
      }
    }
  }

  /** Every invariant, against the mock as it stands. */
  async check(): Promise<void> {
    // Authentication: a dead token is 401 everywhere; a live one gets past authentication.
    for (const token of this.tokens) {
      const response = await this.mock.fetch(`${this.mock.baseUrl}/api/v4/projects/acme%2Fapi/milestones`, {
        headers: { 'PRIVATE-TOKEN': token.value },
      });
      const dead = this.dead(token);
      if (dead && !token.revoked) seen.expired++;
      expect(
        response.status === 401,
        `token ${token.id} (dead: ${dead}, today ${this.today()}) → ${response.status}`,
      ).toBe(dead);
      this.checked++;
    }
    // The list as an administrator sees it: `active` is the model's liveness, one active token per family.
    const listed = await this.client('glpat-root').projects.accessTokens.list(PROJECT, { per_page: 100 }).toArray();
    const activePerFamily = new Map<number, number>();
    for (const token of this.tokens) {
      const entry = listed.find((t) => t.id === token.id);
      expect(entry?.active, `token ${token.id} active`).toBe(!this.dead(token));
      if (entry?.active) activePerFamily.set(token.family, (activePerFamily.get(token.family) ?? 0) + 1);
    }
    for (const [family, count] of activePerFamily)
      expect(count, `active tokens of family ${family}`).toBeLessThanOrEqual(1);
    // Secrets only where they belong, in every answer the SDK got so far (errors included).
    for (; this.read < this.recorder.log.length; this.read++) {
      const index = this.read;
      const exchange = this.recorder.log[index] as Exchange;
      if (exchange.text === '') continue;
      const body: unknown = JSON.parse(exchange.text);
      const ok = exchange.status >= 200 && exchange.status < 300 && exchange.method === 'POST';
      const mayShowToken = ok && /\/access_tokens(\/[^/]+\/rotate)?$/.test(exchange.path);
      const mayShowSecret = ok && /\/applications(\/\d+\/renew-secret)?$/.test(exchange.path);
      if (!mayShowToken)
        expect(hasKeyDeep(body, 'token'), `${exchange.method} ${exchange.path} shows a token`).toBe(false);
      if (!mayShowSecret)
        expect(hasKeyDeep(body, 'secret'), `${exchange.method} ${exchange.path} shows a secret`).toBe(false);
      for (const [secret, handedOutAt] of this.secrets) {
        if (index !== handedOutAt && exchange.text.includes(secret))
          throw new Error(
            `${exchange.method} ${exchange.path} → ${exchange.status} carries a secret handed out earlier`,
          );
      }
    }
  }
}

describe('project access tokens and applications under random operations (model-based)', () => {
  it('dead tokens never authenticate, one active token per family, secrets only on create / rotate / renew', async () => {
    let steps = 0;
    let authChecks = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30, size: 'max' }), async (ops) => {
        const run = new Run();
        for (const op of ops) {
          await run.step(op);
          await run.check();
          steps++;
        }
        authChecks += run.checked;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`tokens model: ${RUNS} runs, ${steps} steps, ${authChecks} authentication checks`, seen);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });
});

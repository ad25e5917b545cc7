import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { createMockGitLab, type SeedDocument } from '../../mock/index.js';
import { GitLab, GitLabApiError, type GitLabOptions } from '../../src/index.js';

/**
 * What the contract scenarios run against: the bundled mock, or a real GitLab.
 * Scenarios see only this, so the same file checks both (docs/contract-tests.md).
 *
 * A real GitLab is used only by `npm run test:contract` (its config sets
 * GITLAB_CONTRACT=1) and only with GITLAB_URL and GITLAB_TOKEN set; `npm test`
 * always uses the mock, whatever the environment holds.
 */
export interface ContractTarget {
  /** `mock` or `gitlab`. */
  readonly kind: 'mock' | 'gitlab';
  /** Where the scenarios run, for messages. */
  readonly where: string;
  /** A client with the target's token. */
  readonly gitlab: GitLab;
  /** A client with another token (or none). */
  client(token?: string): GitLab;
  /** The project scenarios may write in (GITLAB_PROJECT); without it only read-only scenarios run. */
  readonly project: string | undefined;
  /** A group scenarios may read (GITLAB_GROUP). */
  readonly group: string | undefined;
  /** Today at the target, `YYYY-MM-DD`. */
  readonly today: string;
  /** A name for something a scenario creates: `contract-<run>-<what>`, unique to this run. */
  name(what: string): string;
}

/** The mock's world for the scenarios: one user, Owner of a Premium group on the hosted offering, and a project. */
export const CONTRACT_SEED: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted' },
  users: [
    { username: 'contract', token: 'glpat-contract-0000000000000' },
    { username: 'idp-user', token: 'glpat-idp-user-0000000000000' },
  ],
  groups: [{ path: 'contract', plan: 'premium', saml_scim: true, members: { contract: 50, 'idp-user': 30 } }],
  projects: [{ path: 'contract/scratch', protected_branches: ['main'] }],
  scim_identities: [{ group: 'contract', user: 'idp-user', extern_uid: 'idp-user@idp.example.com' }],
};

/** Whether this run is `npm run test:contract` against a real GitLab. */
export function wantsRealGitLab(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.GITLAB_CONTRACT === '1' && Boolean(env.GITLAB_URL) && Boolean(env.GITLAB_TOKEN);
}

/** `date` plus `days`, both `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * Awaits a call a real GitLab may not offer to this token (plan, role, instance settings):
 * there, a 401, 403 or 405 skips the scenario with `why`. A 404 is a failure (an SDK that
 * builds a wrong path answers 404 too), unless the scenario passes `absent`: why the route
 * itself may not exist on that target (an edition or offering without it); then a 404 skips too.
 * The mock offers everything, so there the error fails the scenario.
 */
export async function orSkip<T>(
  target: ContractTarget,
  skip: (note: string) => never,
  call: PromiseLike<T>,
  why: string,
  absent?: string,
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (target.kind === 'gitlab' && error instanceof GitLabApiError) {
      const note = `(${error.status}: ${JSON.stringify(error.gitlabMessage)})`;
      if ([401, 403, 405].includes(error.status)) skip(`${why} ${note}`);
      if (error.status === 404 && absent !== undefined) skip(`${absent} ${note}`);
    }
    throw error;
  }
}

/** The target of this run: a real GitLab under `npm run test:contract` with GITLAB_URL and GITLAB_TOKEN, else the mock. */
export function contractTarget(): ContractTarget {
  if (wantsRealGitLab()) {
    const { GITLAB_PROJECT, GITLAB_GROUP } = process.env;
    const url = process.env.GITLAB_URL as string;
    const run = `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex')}`;
    const client = (token?: string) =>
      new GitLab({ baseUrl: url, ...(token === undefined ? {} : { token }), timeout: 20_000 });
    return {
      kind: 'gitlab',
      where: url,
      gitlab: client(process.env.GITLAB_TOKEN),
      client,
      project: GITLAB_PROJECT || undefined,
      group: GITLAB_GROUP || undefined,
      today: new Date().toISOString().slice(0, 10),
      name: (what) => `contract-${run}-${what}`,
    };
  }
  const mock = createMockGitLab({ seed: CONTRACT_SEED });
  const options: Partial<GitLabOptions> = { fetch: mock.fetch, retry: 0 };
  const client = (token?: string) =>
    new GitLab({ baseUrl: mock.baseUrl, ...options, ...(token === undefined ? {} : { token }) });
  return {
    kind: 'mock',
    where: 'the bundled mock',
    gitlab: client('glpat-contract-0000000000000'),
    client,
    project: 'contract/scratch',
    group: 'contract',
    today: mock.clock.now().toISOString().slice(0, 10),
    name: (what) => `contract-run-${what}`,
  };
}

/**
 * The ids of what a scenario file creates. Once the file's scenarios are done,
 * passed or failed, each is removed with `remove`; one that is already gone is no error.
 */
export function createdHere(remove: (id: number) => PromiseLike<unknown>): number[] {
  const ids: number[] = [];
  afterAll(async () => {
    for (const id of ids) await Promise.resolve(remove(id)).catch(() => undefined);
  });
  return ids;
}

/**
 * Rotate expiring tokens: finds the project access tokens of a project that expire
 * within N days and rotates them, printing each token's old and new expiry. A new
 * token's secret is shown only masked: a real rotation job would hand it to its
 * secret store (see `storeSecret`).
 *
 * Against the bundled mock (the demo world), with nothing to set up:
 *   npm run demo
 * Against a real GitLab (a dry run that rotates nothing unless ROTATE=yes):
 *   GITLAB_URL=https://gitlab.example.com GITLAB_TOKEN=glpat-... GITLAB_PROJECT=group/project \
 *   WITHIN_DAYS=30 LIFETIME_DAYS=90 ROTATE=yes npx tsx examples/rotate-expiring-tokens.ts
 */
import { GitLab, type ProjectAccessToken, type ProjectAccessTokenWithToken } from 'gitlab-admin-sdk';
import { createMockGitLab, demoSeed } from 'gitlab-admin-sdk/mock';

interface Setup {
  gitlab: GitLab;
  project: string;
  where: string;
  today: string;
  rotate: boolean;
}

function connect(): Setup {
  const { GITLAB_URL, GITLAB_TOKEN, GITLAB_PROJECT, ROTATE } = process.env;
  if (GITLAB_URL) {
    if (!GITLAB_TOKEN || !GITLAB_PROJECT) throw new Error('Set GITLAB_TOKEN and GITLAB_PROJECT along with GITLAB_URL.');
    const gitlab = new GitLab({ baseUrl: GITLAB_URL, token: GITLAB_TOKEN });
    const today = new Date().toISOString().slice(0, 10);
    return { gitlab, project: GITLAB_PROJECT, where: GITLAB_URL, today, rotate: ROTATE === 'yes' };
  }
  const mock = createMockGitLab({ seed: demoSeed });
  const gitlab = new GitLab({ baseUrl: mock.baseUrl, token: mock.users.maria?.token, fetch: mock.fetch });
  return {
    gitlab,
    project: 'acme/platform/api',
    where: 'the bundled mock (demo world; set GITLAB_URL to use a real GitLab)',
    // The demo world has its own clock.
    today: mock.clock.now().toISOString().slice(0, 10),
    rotate: true,
  };
}

function daysFromEnv(name: string, fallback: number): number {
  const value = process.env[name] ?? String(fallback);
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number of days, got '${value}'`);
  return Number(value);
}

/** `date` plus `days`, both `YYYY-MM-DD`. */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Enough of a secret to recognise it, never the whole of it. */
const mask = (secret: string) => `${secret.slice(0, 9)}…`;

/** Where a real job would put the new secret (a vault, a CI variable...). The demo only shows it masked. */
function storeSecret(token: ProjectAccessTokenWithToken): void {
  console.log(`      new secret ${mask(token.token)} (store it now: GitLab never shows it again)`);
}

const { gitlab, project, where, today, rotate } = connect();
const withinDays = daysFromEnv('WITHIN_DAYS', 30);
const lifetimeDays = daysFromEnv('LIFETIME_DAYS', 90);
const horizon = addDays(today, withinDays);

console.log(`Project access tokens of ${project} expiring by ${horizon} (within ${withinDays} days), on ${where}`);
const expiring: ProjectAccessToken[] = [];
for await (const token of gitlab.projects.accessTokens.list(project, { state: 'active', sort: 'expires_asc' })) {
  if (token.expires_at !== null && token.expires_at <= horizon) expiring.push(token);
}
if (expiring.length === 0) console.log('Nothing expires that soon.');

for (const token of expiring) {
  const label = `${token.name} (#${token.id}, access level ${token.access_level})`;
  if (!rotate) {
    console.log(`  ${label}: expires ${token.expires_at}; would rotate (set ROTATE=yes)`);
    continue;
  }
  const fresh = await gitlab.projects.accessTokens.rotate(project, token.id, {
    expires_at: addDays(today, lifetimeDays),
  });
  console.log(`  ${label}: expiry ${token.expires_at} → ${fresh.expires_at}, now token #${fresh.id}`);
  storeSecret(fresh);
}

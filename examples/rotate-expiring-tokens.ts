/**
 * Rotate expiring tokens: finds the project access tokens of a project that expire
 * within WITHIN_DAYS (30) and rotates them to expire LIFETIME_DAYS (90) from today,
 * printing each token's old and new expiry. A new token's secret is shown only
 * masked: a real rotation job would hand it to its secret store (see `storeSecret`).
 *
 * Against the bundled mock (the demo world), with nothing to set up:
 *   npm run demo        (or: npx tsx examples/rotate-expiring-tokens.ts)
 * Against a real GitLab (a Maintainer's token; a dry run that rotates nothing unless ROTATE=yes):
 *   GITLAB_URL=https://gitlab.example.com GITLAB_TOKEN=glpat-... GITLAB_PROJECT=group/project \
 *   WITHIN_DAYS=30 LIFETIME_DAYS=90 ROTATE=yes npx tsx examples/rotate-expiring-tokens.ts
 */
import { GitLab, type ProjectAccessToken, type ProjectAccessTokenWithToken } from 'gitlab-admin-sdk';
import { createMockGitLab, demoSeed } from 'gitlab-admin-sdk/mock';
import { addDays, daysBetween, missing, ROLE_NAMES, serverToday, table } from './support/terminal.js';

interface Setup {
  gitlab: GitLab;
  project: string;
  where: string;
  today: string;
  rotate: boolean;
}

async function connect(): Promise<Setup> {
  const { GITLAB_URL, GITLAB_TOKEN, GITLAB_PROJECT, ROTATE } = process.env;
  if (GITLAB_URL) {
    if (!GITLAB_TOKEN) missing('GITLAB_TOKEN', "rotation needs a token of one of the project's Maintainers");
    if (!GITLAB_PROJECT) missing('GITLAB_PROJECT', 'name the project whose access tokens to rotate');
    const gitlab = new GitLab({ baseUrl: GITLAB_URL, token: GITLAB_TOKEN });
    // "Today" is the server's (its `Date` header): the mock's server answers with its world clock.
    const today = await serverToday(GITLAB_URL);
    return { gitlab, project: GITLAB_PROJECT, where: GITLAB_URL, today, rotate: ROTATE === 'yes' };
  }
  const mock = createMockGitLab({ seed: demoSeed });
  const gitlab = new GitLab({ baseUrl: mock.baseUrl, token: mock.users.maria?.token, fetch: mock.fetch });
  return {
    gitlab,
    project: 'acme/platform/api',
    where: 'the bundled mock (demo world; set GITLAB_URL to use a real GitLab)',
    // The demo world has its own clock, which its answers' `Date` header carries.
    today: await serverToday(mock.baseUrl, mock.fetch),
    rotate: true,
  };
}

function daysFromEnv(name: string, fallback: number): number {
  const value = process.env[name] ?? String(fallback);
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number of days, got '${value}'`);
  return Number(value);
}

/** Enough of a secret to recognise it, never the whole of it. */
const mask = (secret: string) => `${secret.slice(0, 9)}…`;

/** Where a real job would put the new secret (a vault, a CI variable...). The demo only shows it masked. */
function storeSecret(token: ProjectAccessTokenWithToken): string {
  return mask(token.token);
}

const { gitlab, project, where, today, rotate } = await connect();
const withinDays = daysFromEnv('WITHIN_DAYS', 30);
const lifetimeDays = daysFromEnv('LIFETIME_DAYS', 90);
const horizon = addDays(today, withinDays);
const newExpiry = addDays(today, lifetimeDays);

console.log(`Project access tokens of ${project} on ${where}`);
console.log(
  `Rotating the active tokens that expire by ${horizon} (within ${withinDays} days) ` +
    `to expire on ${newExpiry} (in ${lifetimeDays} days)${rotate ? '' : '; dry run: set ROTATE=yes to rotate'}.`,
);

const active = await gitlab.projects.accessTokens.list(project, { state: 'active', sort: 'expires_asc' }).toArray();
const expiresSoon = (token: ProjectAccessToken) => token.expires_at !== null && token.expires_at <= horizon;
console.log('');
console.log(
  table([
    ['token', 'id', 'role', 'scopes', 'expires', 'days left', 'action'],
    ...active.map((token) => [
      token.name,
      String(token.id),
      ROLE_NAMES[token.access_level] ?? String(token.access_level),
      token.scopes.join(' '),
      token.expires_at ?? 'never',
      token.expires_at === null ? '–' : String(daysBetween(today, token.expires_at)),
      expiresSoon(token) ? (rotate ? 'rotate' : 'would rotate') : 'keep',
    ]),
  ]),
);

const expiring = active.filter(expiresSoon);
if (expiring.length === 0) console.log('\nNothing expires that soon.');
if (!rotate || expiring.length === 0) process.exit(0);

const rows = [['token', 'old id', 'new id', 'expiry', 'new secret']];
for (const token of expiring) {
  const fresh = await gitlab.projects.accessTokens.rotate(project, token.id, { expires_at: newExpiry });
  rows.push([
    token.name,
    String(token.id),
    String(fresh.id),
    `${token.expires_at} → ${fresh.expires_at}`,
    storeSecret(fresh),
  ]);
}
console.log(
  `\nRotated ${expiring.length} token(s); the old ones stopped working. Store the new secrets now: GitLab shows them once.`,
);
console.log(table(rows));

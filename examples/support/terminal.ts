/**
 * What the examples share: text tables and bars for the terminal, dates, and
 * what to do when a variable an example needs against a real GitLab is missing.
 */
import { AccessLevel } from 'gitlab-admin-sdk';

/** Rows as aligned columns under an underlined header (the first row), indented by two spaces. */
export function table(rows: readonly (readonly string[])[]): string {
  const [head = [], ...body] = rows;
  const widths = head.map((_, i) => Math.max(...rows.map((row) => [...(row[i] ?? '')].length)));
  const line = (row: readonly string[]) =>
    `  ${row.map((cell, i) => cell + ' '.repeat((widths[i] ?? 0) - [...cell].length)).join('  ')}`.trimEnd();
  return [line(head), line(widths.map((width) => '─'.repeat(width))), ...body.map(line)].join('\n');
}

/** A bar of `width` characters, filled in proportion to `done` out of `total`. */
export function bar(done: number, total: number, width = 20): string {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

/** `date` plus `days`, both `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * "Today" (`YYYY-MM-DD`) on the GitLab at `baseUrl`: the day of its answers' `Date` header, which is
 * the server's time (the mock's is its world clock), so an example counts days as the GitLab it
 * talks to does, against a real one and against the mock alike. This machine's date if it sends none.
 */
export async function serverToday(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  // Any answer carries the header, even a 401: no token is needed.
  const response = await fetchImpl(`${baseUrl.replace(/\/+$/, '')}/api/v4/version`, { method: 'HEAD' });
  const date = Date.parse(response.headers.get('date') ?? '');
  return new Date(Number.isNaN(date) ? Date.now() : date).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, both `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** GitLab's role names by number (`AccessLevel` names them the other way round). */
export const ROLE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(AccessLevel).map(([name, level]) => [level, name]),
);

/**
 * Stops an example that a real GitLab needs `variable` for. Under `npm run demo`
 * (which sets EXAMPLES_DEMO) the other examples still run: this one says why it
 * is skipped. Run on its own, it is an error.
 */
export function missing(variable: string, purpose: string): never {
  const message = `${variable} is not set: ${purpose}.`;
  if (process.env.EXAMPLES_DEMO === '1') {
    console.log(`Skipped against ${process.env.GITLAB_URL}: ${message}`);
    process.exit(0);
  }
  console.error(message);
  process.exit(2);
}

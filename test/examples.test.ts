import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli-process.js';

// The examples as users run them: against the bundled mock by default.
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const EXAMPLES = readdirSync(join(ROOT, 'examples')).filter((name) => name.endsWith('.ts') && name !== 'demo.ts');

function runExample(name: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [TSX, join(ROOT, 'examples', name)], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, GITLAB_URL: '', EXAMPLES_DEMO: '', ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('every example', () => {
  it.each(EXAMPLES)('%s runs against the bundled mock and says how to use a real GitLab', (name) => {
    const run = runExample(name);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('on the bundled mock (demo world; set GITLAB_URL to use a real GitLab)');
  });

  it.each(EXAMPLES)('%s, against a GitLab without the variables it needs, says which', (name) => {
    const env = {
      GITLAB_URL: 'http://127.0.0.1:9',
      GITLAB_TOKEN: 'glpat-unused',
      GITLAB_PROJECT: '',
      GITLAB_GROUP: '',
    };
    const alone = runExample(name, env);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toMatch(/^GITLAB_(PROJECT|GROUP) is not set: /);
    // Under `npm run demo`, the other examples still run: this one is skipped, and says why.
    const inDemo = runExample(name, { ...env, EXAMPLES_DEMO: '1' });
    expect(inDemo.status).toBe(0);
    expect(inDemo.stdout).toMatch(/^Skipped against http:\/\/127\.0\.0\.1:9: GITLAB_(PROJECT|GROUP) is not set: /);
  });
});

describe('examples/milestone-report.ts', () => {
  it('shows the progress of every active milestone in a table, then each burndown chart', () => {
    const run = runExample('milestone-report.ts');
    expect(run.stdout).toMatch(/v1\.0\s+2026-04-01 → 2026-05-15\s+2\/3\s+8\/16\s+█+░+ 50%\s+expired/);
    expect(run.stdout).toMatch(/Backlog\s+no dates\s+0\/2\s+0\/15/);
    expect(run.stdout).toContain('burndown (open weight at the end of the day)');
  });
});

describe('examples/rotate-expiring-tokens.ts', () => {
  it('rotates the tokens that expire within N days, printing old and new expiry but never a whole secret', () => {
    const run = runExample('rotate-expiring-tokens.ts', { WITHIN_DAYS: '30', LIFETIME_DAYS: '60' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/release-bot\s+9\s+Developer\s+api\s+2026-06-12\s+11\s+rotate/);
    expect(run.stdout).toMatch(/ci\s+8\s+Maintainer\s+api\s+2026-12-01\s+183\s+keep/);
    expect(run.stdout).toMatch(/release-bot\s+9\s+11\s+2026-06-12 → 2026-07-31\s+glpat-\w{3}…/);
    expect(run.stdout).not.toMatch(/glpat-[\w-]{20}/);
  });
});

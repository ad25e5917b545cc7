import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli-process.js';

// The examples as users run them: against the bundled mock by default.
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function runExample(name: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [TSX, join(ROOT, 'examples', name)], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, GITLAB_URL: '', ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('examples/rotate-expiring-tokens.ts', () => {
  it('rotates the tokens that expire within N days, printing old and new expiry but never a whole secret', () => {
    const run = runExample('rotate-expiring-tokens.ts', { WITHIN_DAYS: '30', LIFETIME_DAYS: '60' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('release-bot');
    expect(run.stdout).toContain('expiry 2026-06-12 → 2026-07-31');
    expect(run.stdout).not.toContain('ci (#'); // expires in December
    expect(run.stdout).not.toMatch(/glpat-[\w-]{20}/);
  });
});

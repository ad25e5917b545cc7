import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../mock/node/index.js';
import { createApiError } from '../src/core/errors.js';
import { GitLabApiError } from '../src/index.js';
import { ROOT } from './cli-process.js';
import { describeRun } from './contract/announce.js';
import { CONTRACT_SEED, type ContractTarget, orSkip, wantsRealGitLab } from './contract/target.js';

// The contract mode itself (docs/contract-tests.md): when it goes to a real GitLab, what it
// says, and the scenarios run over HTTP as they would against one (the mock's server
// standing in for GitLab).

const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'contract-mode-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('choosing the target', () => {
  it('goes to a real GitLab only under npm run test:contract, with both GITLAB_URL and GITLAB_TOKEN', () => {
    const real = { GITLAB_URL: 'https://gitlab.example.com', GITLAB_TOKEN: 'glpat-x' };
    expect(wantsRealGitLab({ ...real, GITLAB_CONTRACT: '1' })).toBe(true);
    expect(wantsRealGitLab(real)).toBe(false); // npm test: always the mock
    expect(wantsRealGitLab({ GITLAB_URL: real.GITLAB_URL, GITLAB_CONTRACT: '1' })).toBe(false);
  });

  it('says in one line what runs, and what is skipped and why', () => {
    expect(describeRun({})).toMatch(
      /^Contract scenarios: GITLAB_URL and GITLAB_TOKEN are not both set, so they run against the bundled mock only/,
    );
    const real = { GITLAB_URL: 'https://gitlab.example.com', GITLAB_TOKEN: 'glpat-x' };
    expect(describeRun(real)).toBe(
      'Contract scenarios: against https://gitlab.example.com; read-only: GITLAB_PROJECT (a scratch project) is not set, ' +
        'so the scenarios that write are skipped; GITLAB_GROUP is not set, so the group scenarios are skipped.',
    );
    expect(describeRun({ ...real, GITLAB_PROJECT: 'me/scratch', GITLAB_GROUP: 'me' })).toBe(
      'Contract scenarios: against https://gitlab.example.com; writing only in project me/scratch; reading group me.',
    );
  });
});

/** Runs `npm run test:contract`'s vitest with `env`; resolves with its output and JSON report. */
function runContract(env: Record<string, string>) {
  const report = join(scratch, 'report.json');
  const childEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env };
  const child = spawn(
    process.execPath,
    [
      VITEST,
      'run',
      '--config',
      'test/contract/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: ROOT, env: childEnv },
  );
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.resume();
  return new Promise<{ code: number | null; stdout: string; results: Record<string, number> }>((resolve) => {
    child.on('close', (code) => {
      resolve({ code, stdout, results: JSON.parse(readFileSync(report, 'utf8')) });
    });
  });
}

describe('against a GitLab over HTTP', () => {
  it('runs every scenario, read and write, and skips none', async () => {
    const server = await startMockServer({ port: 0, seed: CONTRACT_SEED, now: new Date().toISOString() });
    try {
      const run = await runContract({
        GITLAB_URL: server.url,
        GITLAB_TOKEN: 'glpat-contract-0000000000000',
        GITLAB_PROJECT: 'contract/scratch',
        GITLAB_GROUP: 'contract',
      });
      expect(run.stdout).toContain(
        `Contract scenarios: against ${server.url}; writing only in project contract/scratch`,
      );
      expect(run.results).toMatchObject({ numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 });
      expect(run.results.numPassedTests).toBe(run.results.numTotalTests);
      expect(run.code).toBe(0);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('orSkip against a real GitLab', () => {
  const gitlab = { kind: 'gitlab' } as ContractTarget;
  const answer = (status: number) =>
    Promise.reject(
      createApiError({ status, body: { message: `${status} x` }, method: 'GET', url: 'https://x/api/v4/y' }),
    );
  /** What orSkip does with a refusal: the note it skips with, or the status it fails with. */
  const outcome = (status: number, absent?: string) =>
    orSkip(
      gitlab,
      (note) => {
        throw new Error(`skipped: ${note}`);
      },
      answer(status),
      'needs Premium',
      absent,
    ).catch((error: Error) => (error instanceof GitLabApiError ? `failed: ${error.status}` : error.message));

  it('skips a missing plan or role (401, 403, 405), and fails a 404 unless the route may not exist there', async () => {
    expect(await outcome(403)).toBe('skipped: needs Premium (403: "403 x")');
    expect(await outcome(401)).toMatch(/^skipped: needs Premium/);
    expect(await outcome(405)).toMatch(/^skipped: needs Premium/);
    // A wrong path built by the SDK answers 404 too: that is a failure, not a skip.
    expect(await outcome(404)).toBe('failed: 404');
    expect(await outcome(404, 'the Community Edition has no such API')).toBe(
      'skipped: the Community Edition has no such API (404: "404 x")',
    );
    expect(await outcome(400, 'the Community Edition has no such API')).toBe('failed: 400');
  });
});

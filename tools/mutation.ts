import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `npm run test:mutation [-- <files or globs>...]`: StrykerJS over stryker.config.mjs's folders, or over
 * the files given (`npm run test:mutation -- mock/rules/approvals.ts`). Either way it starts from the
 * committed incremental file (reports/stryker-incremental.json), so only mutants whose code or tests
 * changed run again, and writes the results back into it: Stryker alone would keep only the files of the
 * last run, and a run over one file would drop the others' results. Other arguments (`--concurrency 1`)
 * go to Stryker as they are.
 */

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const COMMITTED = root('reports/stryker-incremental.json');
const RUN = root('reports/.stryker-run.json');

interface Report {
  files: Record<string, unknown>;
  testFiles?: Record<string, unknown>;
  [key: string]: unknown;
}

const read = (path: string): Report | undefined =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Report) : undefined;

/** The committed results with the run's laid over them, file by file; the run's test files are the newer. */
export function mergeReports(committed: Report | undefined, run: Report): Report {
  if (!committed) return run;
  return {
    ...run,
    files: { ...committed.files, ...run.files },
    testFiles: { ...committed.testFiles, ...run.testFiles },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const files = args.filter((arg) => !arg.startsWith('-') && !/^\d+$/.test(arg));
  const options = args.filter((arg) => !files.includes(arg));
  if (existsSync(COMMITTED)) copyFileSync(COMMITTED, RUN);
  const scope = files.length > 0 ? ['--mutate', files.join(',')] : [];
  const stryker = spawnSync('npx', ['stryker', 'run', '--incrementalFile', RUN, ...scope, ...options], {
    cwd: root(''),
    stdio: 'inherit',
  });
  const run = read(RUN);
  if (run) {
    writeFileSync(COMMITTED, `${JSON.stringify(mergeReports(read(COMMITTED), run))}\n`);
    rmSync(RUN);
  }
  process.exit(stryker.status ?? 1);
}

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, globSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run test:mutation [-- <files or globs>...]`: StrykerJS over stryker.config.mjs's folders, or over
 * the files given (`npm run test:mutation -- mock/rules/approvals/approvals.ts`). Either way it starts from the
 * committed incremental file (reports/stryker-incremental.json), so only mutants whose code or tests
 * changed run again, and writes the results back into it: Stryker alone would keep only the files of the
 * last run, and a run over one file would drop the others' results. Other arguments (`--concurrency 1`)
 * go to Stryker as they are.
 *
 * `npm run test:mutation -- --scores` runs nothing: it prints the score of each folder and file as the
 * committed file records them, names the files changed since their run and those never measured, and
 * fails when a folder is under Stryker's `break` threshold.
 *
 * `npm run test:mutation -- --move <old path> <new path>` re-keys a moved file's results in the committed
 * file (a `git mv` of a mutated file), so the next run re-tests only what the move changed.
 */

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const COMMITTED = root('reports/stryker-incremental.json');
const RUN = root('reports/.stryker-run.json');

interface Mutant {
  status: string;
}
interface Report {
  files: Record<string, { source?: string; mutants: Mutant[] }>;
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

/**
 * The report with a moved file's results under its new path (its mutants' ids too), so an incremental
 * run starts from them: Stryker keys results by path and would otherwise test the moved file anew.
 */
export function moveFile(report: Report, from: string, to: string): Report {
  const entry = report.files[from];
  if (!entry) throw new Error(`${from} has no results in the report`);
  const files = { ...report.files };
  delete files[from];
  const renamed = (value: unknown) => (typeof value === 'string' ? value.replaceAll(from, to) : value);
  files[to] = {
    ...entry,
    mutants: entry.mutants.map((m) => {
      const mutant = m as Mutant & { id?: unknown; relativeFileName?: unknown };
      return { ...mutant, id: renamed(mutant.id), relativeFileName: renamed(mutant.relativeFileName) } as Mutant;
    }),
  };
  return { ...report, files };
}

/** A folder's or a file's standing in a report. */
export interface Score {
  /** `mock/rules/` (a folder) or `mock/rules/approvals/approvals.ts`. */
  name: string;
  /** Mutants that ran or that no test reached (compile and runtime errors and ignored ones left out). */
  mutants: number;
  /** Killed and timed-out mutants over `mutants`, in percent, as Stryker counts its mutation score. */
  score: number;
  survived: number;
  noCoverage: number;
}

const DETECTED = new Set(['Killed', 'Timeout']);

/** Each folder's score, then each of its files', from a report (Stryker's own counting). */
export function scores(report: Report): Score[] {
  const tally = new Map<string, Score & { detected: number }>();
  const add = (name: string, mutant: Mutant) => {
    const entry = tally.get(name) ?? { name, mutants: 0, score: 0, survived: 0, noCoverage: 0, detected: 0 };
    tally.set(name, entry);
    if (DETECTED.has(mutant.status)) entry.detected++;
    else if (mutant.status === 'Survived') entry.survived++;
    else if (mutant.status === 'NoCoverage') entry.noCoverage++;
    else return;
    entry.mutants++;
  };
  const files = Object.keys(report.files).sort();
  for (const file of files) {
    for (const mutant of report.files[file]?.mutants ?? []) {
      add(`${dirname(file)}/`, mutant);
      add(file, mutant);
    }
  }
  const folders = [...new Set(files.map((file) => `${dirname(file)}/`))];
  return folders
    .flatMap((folder) => [folder, ...files.filter((file) => `${dirname(file)}/` === folder)])
    .flatMap((name) => {
      const entry = tally.get(name);
      if (!entry) return [];
      const { detected, ...score } = entry;
      return [{ ...score, score: score.mutants === 0 ? 100 : (100 * detected) / score.mutants }];
    });
}

/** Prints the committed scores; false when a folder is under the `break` threshold. */
async function printScores(): Promise<boolean> {
  const config = (await import(root('stryker.config.mjs'))).default as {
    mutate: string[];
    thresholds: { break: number };
  };
  const recorded = read(COMMITTED) ?? { files: {} };
  // A file moved or deleted since its run no longer counts: re-key its entry to its new path (a move)
  // so that the next incremental run starts from its results, or let the run measure it anew.
  const gone = Object.keys(recorded.files).filter((file) => !existsSync(root(file)));
  const committed = {
    ...recorded,
    files: Object.fromEntries(Object.entries(recorded.files).filter(([file]) => !gone.includes(file))),
  };
  const excluded = config.mutate.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1));
  const inScope = globSync(
    config.mutate.filter((glob) => !glob.startsWith('!')),
    { cwd: root(''), exclude: excluded },
  );
  const percent = (score: number) => `${score.toFixed(2)}%`.padStart(8);
  let ok = true;
  for (const entry of scores(committed)) {
    const folder = entry.name.endsWith('/');
    const source = committed.files[entry.name]?.source;
    const changed =
      source !== undefined && existsSync(root(entry.name)) && readFileSync(root(entry.name), 'utf8') !== source;
    if (folder && entry.score < config.thresholds.break) ok = false;
    console.log(
      `${folder ? '' : '  '}${entry.name.padEnd(folder ? 40 : 38)}${percent(entry.score)}  ${String(entry.mutants).padStart(5)} mutants, ` +
        `${entry.survived} survived, ${entry.noCoverage} not covered${changed ? '  (changed since its run)' : ''}`,
    );
  }
  const unmeasured = inScope.filter((file) => !(file in committed.files)).sort();
  if (unmeasured.length > 0) console.log(`never measured: ${unmeasured.join(', ')}`);
  if (gone.length > 0) console.log(`recorded but gone (not counted): ${gone.join(', ')}`);
  if (!ok) console.log(`a folder is under the break threshold (${config.thresholds.break}%)`);
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.includes('--scores')) process.exit((await printScores()) ? 0 : 1);
  if (args[0] === '--move') {
    const [from, to] = args.slice(1);
    const committed = read(COMMITTED);
    if (!from || !to || !committed) throw new Error('usage: npm run test:mutation -- --move <old path> <new path>');
    writeFileSync(COMMITTED, `${JSON.stringify(moveFile(committed, from, to))}\n`);
    process.exit(0);
  }
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

import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  globSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * # Behaviour trace: the same responses, journal entries and webhook deliveries, before and after
 *
 * A refactoring of the mock (issue 36: files moving between `mock/http`, `mock/rules`, `mock/present`
 * and `mock/webhooks`) must change no behaviour. This tool checks that: it runs the node vitest suite
 * (vitest.config.ts, not the browser config) with a setup file (setup.ts) that records everything the
 * mock does in the test processes, one JSON file per test file, and diff.ts compares two such traces.
 *
 * ```sh
 * npx tsx tools/behaviour-trace/run.ts --out /tmp/trace-old --commit 1f3ce37   # a commit, from a copy
 * npx tsx tools/behaviour-trace/run.ts --out /tmp/trace-new                    # this work tree
 * npx tsx tools/behaviour-trace/diff.ts /tmp/trace-old /tmp/trace-new         # exit 1 on any difference
 * ```
 *
 * `--commit REV` traces a commit without touching any work tree: `git archive` of REV into a temporary
 * folder, this setup.ts copied in, this checkout's node_modules linked; the folder is removed after.
 * Arguments that are not options are vitest filters (`run.ts --out /tmp/t test/hooks.test.ts`), and
 * `--all` keeps the test files left out below. The run prints how many exchanges, journal entries and
 * deliveries it recorded; it exits as vitest does (a failing test fails it; its trace is still written,
 * with `"state": "fail"`). It does not change `npm test`: only this runner loads setup.ts.
 *
 * ## What a trace holds
 *
 * `<out>/<test file>.json`: the hooks' states, counts, and per test (in the order they ran; `(before
 * the first test)` for what a file's `beforeAll` did; a test's name gets ` #2` when it repeats) three
 * channels, each in the order it happened:
 * - `exchanges`: every request a router of the mock answered in-process, whichever way it came (`mock.fetch`,
 *   `mock.handle`, the MSW handlers, the node:http server a test starts, a router a test builds):
 *   `via` (`api` or `oauth`), method, URL, request body, status, response headers, response body
 *   (JSON parsed). In the order requests reached the router.
 * - `journal`: every entry a `Journal` recorded, as stored (numbered, secrets `[REDACTED]`), except a
 *   webhook delivery's, which is listed with its delivery.
 * - `deliveries`: every webhook delivery, as `mock.webhooks.deliveries` logs it: URL, request headers
 *   (the token and custom header values `[REDACTED]`, as logged), payload, the receiver's answer,
 *   outcome, the hook's state change, and its journal entry.
 *
 * ## Where it hooks in (setup.ts), chosen to outlive the refactoring
 *
 * With `vi.mock(path, importOriginal)` in the setup file, which applies to every test file:
 * - `mock/mock.ts`: every `createMock*` export; the mock it returns is known by its `world`, so a
 *   delivery is read from that mock's public `mock.webhooks.deliveries`.
 * - `mock/http/router.ts`'s `createRouter`: its result is wrapped, whatever its other arguments are.
 * - `mock/handlers/oauth.ts`'s `createOAuthRouter`: likewise, for the OAuth provider's routes
 *   (`/oauth/*`, `/users/sign_in`...), which the API router hands on.
 * - `mock/http/journal.ts`'s `Journal`: a subclass that sees each `record`; an entry with `webhook`
 *   is also the cue to read that delivery from its mock.
 * Not the webhook dispatcher's file, which the refactoring moves. A module that is gone, or lacks its
 * export, is left as it is: its channel records nothing and the trace's `hooks` names why (`module
 * missing`, `missing export ...`), which diff.ts reports as a difference of its own. If a refactoring
 * moves one of these, add a `vi.mock` of its new path in setup.ts beside the old one (and the path to
 * `HOOK_FILES`): a path that does not exist is never imported, so one setup.ts serves both commits
 * (`--commit` copies this checkout's setup.ts into the commit traced).
 *
 * ## Made deterministic (so that a commit traced twice diffs empty)
 *
 * - Web Crypto's `randomUUID` and `getRandomValues` (webhook and event UUIDs, idempotency keys, the
 *   SDK's PKCE verifiers) come from a source seeded by each test's name, reset at each test.
 * - fast-check runs from one seed (`fc.configureGlobal({ seed })`).
 * - The mock's tokens and secrets come from its own seeded source already (`randomSeed`), and its clock
 *   is the world clock, except where a test asks for `now: 'real'` (normalised below).
 * - Deliveries to different hooks run side by side, so the order they finish in, and the numbers that
 *   order gives them, are the network's: a test's deliveries are listed by hook (type, id), each hook's
 *   own in the order the mock made them; a delivery's journal entry is listed with it, not in `journal`;
 *   the delivery's `id` and its entry's `seq` and `webhook.delivery` are left out.
 *
 * ## Normalised (what cannot be made deterministic), in setup.ts's `normalise`
 *
 * - Durations: every number under a key `ms` (journal entries) or `execution_duration` (deliveries,
 *   and the hook events API's answers) becomes `<duration>`.
 * - Times on the real clock (tests with `now: 'real'`, and receivers): an ISO 8601 time, or an integer
 *   read as epoch seconds or milliseconds (`created_at`, `iat`, `exp`), within a day of the run becomes
 *   `<wall-clock>`; a receiver's `Date` header (an HTTP date under a key `date`) becomes `<http-date>`.
 * - Ports the OS chose for servers (`127.0.0.1:NNNNN`, `localhost:`, `[::1]:`, `0.0.0.0:`) become
 *   `<port1>`, `<port2>`... in order of first appearance in the file, and so does every other mention
 *   of the same number in a string (`port 39215` in an error).
 * - The OpenID provider's signing key, made anew by each mock from Node's own random source: a JWK's
 *   `n` becomes `<modulus>`, every `kid` `<key id>`, and a JWT (an ID token) its decoded header and
 *   claims, without the signature.
 * - Multipart boundaries (undici takes them from node:crypto's `randomInt`): `formdata-undici-<boundary>`.
 * - UUIDs become `<uuid1>`, `<uuid2>`... in order of first appearance in each test, so the same UUID
 *   is the same name (a resend's `Idempotency-Key`, one request's events' `X-Gitlab-Event-UUID`) even
 *   where hooks' deliveries ask for them in the network's order.
 * - The path of the checkout traced becomes `<root>` (a `--commit` trace runs from a temporary folder).
 * - Bodies over 64 KiB (and journal `query`/`body` over that once written as JSON) are kept as their
 *   length and SHA-256; JSON nested over 100 deep is kept as text.
 *
 * ## Out of reach, and left out of the run
 *
 * Requests answered in another process are not seen. Left out, since they only start other processes:
 * `test/*.cli.test.ts` (access, approvals, faults, milestones, pushes: the CLI mock server),
 * `test/mock-server-state.test.ts` (the CLI's state files) and `test/examples.test.ts` (the examples,
 * run by tsx). Left out as noise: `test/contract-mode.test.ts` (a child vitest sends its scenarios,
 * concurrently and on the real clock, to a server in the test process) and `test/races.test.ts`
 * (concurrent requests with timer jitter and over HTTP: which request wins is the scheduler's, and the
 * test checks only that the outcome is one the rules allow). Run, with their in-process part traced
 * and their other part not: `test/cli.test.ts`, `test/hooks.test.ts` and `test/sign-in-list.test.ts`
 * (some tests drive the CLI), `test/approvals-demo.test.ts` (an example in a child), and
 * `test/guides/mock-server.test.ts`, whose server vitest's globalSetup starts in the main process
 * (nothing of it is traced). The `/__mock/*` admin routes of the node server are answered by
 * mock/node/admin.ts, not by a router, and are not traced. The interop suite (Python, curl) and the
 * browser suite are not vitest's node suite.
 */

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = resolve(HERE, '../..');

/** Test files left out of the run (`--all` keeps them): see "Out of reach" above. */
export const LEFT_OUT = [
  'test/*.cli.test.ts',
  'test/mock-server-state.test.ts',
  'test/examples.test.ts',
  'test/contract-mode.test.ts',
  'test/races.test.ts',
];

/** Runs vitest's node API in a plain Node (not under tsx), in `root`, with the recorder as a setup file. */
const VITEST = `
import { startVitest } from 'vitest/node';
const { filters, setupFile, exclude } = JSON.parse(process.env.BEHAVIOUR_TRACE_ARGS);
const vitest = await startVitest('test', filters, {
  config: 'vitest.config.ts',
  run: true,
  watch: false,
  setupFiles: [setupFile],
  cliExclude: exclude,
  reporters: ['dot'],
});
if (!vitest.shouldKeepServer()) await vitest.exit();
`;

interface Counts {
  tests: number;
  exchanges: number;
  journal: number;
  deliveries: number;
}

function usage(message: string): never {
  console.error(
    `${message}\nusage: npx tsx tools/behaviour-trace/run.ts --out <dir> [--commit <rev>] [--all] [vitest filters...]`,
  );
  process.exit(2);
}

function parseArgs(argv: string[]) {
  let out: string | undefined;
  let commit: string | undefined;
  let all = false;
  const filters: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--out') out = argv[++i];
    else if (arg === '--commit') commit = argv[++i];
    else if (arg === '--all') all = true;
    else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
    else filters.push(arg);
  }
  if (!out) usage('--out is required');
  return { out: resolve(out), commit, all, filters };
}

/** A commit's files in a temporary folder, with this recorder and this checkout's node_modules. */
function checkout(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'behaviour-trace-'));
  const archive = spawnSync('git', ['archive', '--format=tar', commit], { cwd: REPO, maxBuffer: 1 << 30 });
  if (archive.status !== 0) usage(`git archive ${commit} failed: ${archive.stderr.toString().trim()}`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr.toString()}`);
  mkdirSync(join(dir, 'tools/behaviour-trace'), { recursive: true });
  cpSync(join(HERE, 'setup.ts'), join(dir, 'tools/behaviour-trace/setup.ts'));
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Empties an earlier trace's folder; refuses a folder with anything else in it. */
function prepareOut(out: string): void {
  if (existsSync(out) && readdirSync(out).length > 0) {
    if (!existsSync(join(out, '.behaviour-trace'))) usage(`${out} is not empty and holds no earlier trace`);
    rmSync(out, { recursive: true, force: true });
  }
  mkdirSync(out, { recursive: true });
  // Marks the folder as a trace's from the start, so that an interrupted run's can be taken again.
  writeFileSync(join(out, '.behaviour-trace'), '{}\n');
}

function main(): number {
  const { out, commit, all, filters } = parseArgs(process.argv.slice(2));
  prepareOut(out);
  const root = commit ? checkout(commit) : REPO;
  const started = performance.now();
  let status: number;
  try {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', VITEST], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        BEHAVIOUR_TRACE_OUT: out,
        BEHAVIOUR_TRACE_ARGS: JSON.stringify({
          filters,
          setupFile: join(root, 'tools/behaviour-trace/setup.ts'),
          exclude: all ? [] : LEFT_OUT,
        }),
      },
    });
    status = run.status ?? 1;
  } finally {
    if (commit) rmSync(root, { recursive: true, force: true });
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  const files = globSync('**/*.json', { cwd: out });
  const total: Counts = { tests: 0, exchanges: 0, journal: 0, deliveries: 0 };
  const unhooked = new Map<string, string[]>();
  for (const file of files) {
    const trace = JSON.parse(readFileSync(join(out, file), 'utf8')) as {
      counts: Counts;
      hooks: Record<string, string>;
    };
    for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += trace.counts[key];
    for (const [channel, state] of Object.entries(trace.hooks)) {
      if (state !== 'wrapped' && state !== 'not imported by this file') {
        unhooked.set(`${channel}: ${state}`, [...(unhooked.get(`${channel}: ${state}`) ?? []), file]);
      }
    }
  }
  writeFileSync(
    join(out, '.behaviour-trace'),
    `${JSON.stringify({ commit: commit ?? gitHead(), seconds, files: files.length, ...total }, null, 2)}\n`,
  );
  console.log(
    `\nbehaviour trace of ${commit ?? `${gitHead()} (work tree)`} in ${out}: ${files.length} test files, ` +
      `${total.tests} tests, ${total.exchanges} exchanges, ${total.journal} journal entries, ` +
      `${total.deliveries} webhook deliveries, in ${seconds} s`,
  );
  for (const [hook, where] of unhooked)
    console.log(`  hook ${hook} (${where.length} test files): nothing recorded there`);
  if (status !== 0) console.log(`  vitest exited ${status}: the trace is written; failed tests are marked "fail"`);
  return status;
}

function gitHead(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8' });
  return head.stdout.trim() || 'unknown';
}

process.exitCode = main();

#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { jsonLimitsSwitch } from '../http/json-limits.js';
import { roleName } from '../rules/policy.js';
import { parseSeedDocument, type SeedDocument, SeedError } from '../seed/document.js';
import { demoSeed } from '../seeds/demo.js';
import type { World } from '../world/types.js';
import { isLoopback, type RunningMockServer, startMockServer } from './server.js';

/**
 * `gitlab-admin-mock`: serves the mock GitLab on a real port (SPEC 4).
 *
 *     gitlab-admin-mock [--port 4010] [--host 127.0.0.1] [--seed FILE.json | --seed demo]
 *                       [--state FILE] [--max-worlds 64] [--journal 1000] [--admin-token TOKEN]
 *                       [--sign-in-list on|off]
 *                       [--allow-webhook-host HOST]... [--webhook-timeout MS] [--exit-with-stdin]
 *
 * The first line on stdout is exactly `GitLab mock listening on http://HOST:PORT`;
 * the users and their tokens follow. SIGINT / SIGTERM stop it, exit code 0; with
 * `--exit-with-stdin`, so does the end of its standard input or the loss of its parent
 * process (what a test suite that started it through `npx` can count on: npm does not pass a
 * signal on to the server). A bad seed exits 1 and a bad command line exits 2, with one line on
 * stderr.
 * @module
 */

const NAME = 'gitlab-admin-mock';

const USAGE = `Usage: ${NAME} [--port 4010] [--host 127.0.0.1] [--seed FILE.json | --seed demo]
       [--state FILE] [--max-worlds 64] [--journal 1000] [--admin-token TOKEN]
       [--sign-in-list on|off] [--allow-webhook-host HOST]... [--webhook-timeout MS]
       [--exit-with-stdin]

Serves a stateful mock of GitLab's REST API v4 under http://HOST:PORT/api/v4, and
named worlds, each a GitLab of its own, under http://HOST:PORT/worlds/NAME/api/v4.

Options:
  --port PORT          port to listen on; 0 takes a free port (default 4010)
  --host HOST          interface to listen on (default 127.0.0.1)
  --seed SEED          a seed document (JSON file), or "demo" for the built-in demo world (default demo)
  --state FILE         keep the default world in FILE: loaded at start when it exists, written
                       after changes (at most once a second) and on exit
  --max-worlds N       most named worlds at once (default 64)
  --journal N          requests each world's journal keeps (default 1000)
  --admin-token TOKEN  the X-Mock-Admin-Token the /__mock routes need on a host other than
                       loopback (default: the GITLAB_MOCK_ADMIN_TOKEN environment variable)
  --sign-in-list on|off  the OAuth sign-in page lists the users to sign in as, no password
                       (default on on loopback, off otherwise); a browser at / shows the inspector
  --allow-webhook-host HOST  a host besides loopback the mock may deliver webhooks to
                       (repeatable; default none: deliveries elsewhere are refused and logged)
  --webhook-timeout MS  milliseconds a webhook receiver has to answer (default 10000, as GitLab)
  --exit-with-stdin    stop (exit 0) when standard input closes or the parent process is gone: for a
                       test suite that starts the server through npx, where a signal to npm never
                       reaches the server (close the server's stdin to stop it)
  -h, --help           show this help
`;

/** Thrown for a problem to report in one line and exit with `code`. */
class Fatal extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

interface Options {
  port: number;
  host: string;
  seedName: string;
  seed: SeedDocument;
  stateFile?: string;
  maxWorlds: number;
  journal: number;
  adminToken?: string;
  signInList?: boolean;
  webhooks: { allowHosts: string[]; timeout?: number };
  exitWithStdin: boolean;
}

/** A flag's whole-number value, or the default. */
function count(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new Fatal(`--${name} must be a whole number, got '${text}'`, 2);
  return Number(text);
}

function parseCommandLine(argv: string[]): Options | 'help' {
  let values: {
    port?: string;
    host?: string;
    seed?: string;
    state?: string;
    'max-worlds'?: string;
    journal?: string;
    'admin-token'?: string;
    'sign-in-list'?: string;
    'allow-webhook-host'?: string[];
    'webhook-timeout'?: string;
    'exit-with-stdin'?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        state: { type: 'string' },
        'max-worlds': { type: 'string' },
        journal: { type: 'string' },
        'admin-token': { type: 'string' },
        'sign-in-list': { type: 'string' },
        'allow-webhook-host': { type: 'string', multiple: true },
        'webhook-timeout': { type: 'string' },
        'exit-with-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Fatal(`${error instanceof Error ? error.message : String(error)} (see --help)`, 2);
  }
  if (values.help) return 'help';
  const portText = values.port ?? '4010';
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) throw new Fatal(`--port must be a number from 0 to 65535, got '${portText}'`, 2);
  const host = values.host ?? '127.0.0.1';
  if (host === '') throw new Fatal('--host must not be empty', 2);
  const seedName = values.seed ?? 'demo';
  // Internal, for bench/server-throughput.ts only: the same server without GitLab's JSON limits, side by side.
  if (process.env.GITLAB_MOCK_BENCH_JSON_LIMITS === 'off') jsonLimitsSwitch.enabled = false;
  const adminToken = values['admin-token'] ?? process.env.GITLAB_MOCK_ADMIN_TOKEN;
  if (adminToken === '') throw new Fatal('--admin-token must not be empty', 2);
  if (values.state === '') throw new Fatal('--state must not be empty', 2);
  const list = values['sign-in-list'];
  if (list !== undefined && list !== 'on' && list !== 'off')
    throw new Fatal(`--sign-in-list must be on or off, got '${list}'`, 2);
  return {
    port,
    host,
    seedName,
    seed: seedName === 'demo' ? demoSeed : readSeedFile(seedName),
    stateFile: values.state,
    maxWorlds: count('max-worlds', values['max-worlds'], 64),
    journal: count('journal', values.journal, 1000),
    adminToken: adminToken || undefined,
    signInList: list === undefined ? undefined : list === 'on',
    webhooks: {
      allowHosts: values['allow-webhook-host'] ?? [],
      ...(values['webhook-timeout'] !== undefined && {
        timeout: Math.max(1, count('webhook-timeout', values['webhook-timeout'], 10_000)),
      }),
    },
    exitWithStdin: values['exit-with-stdin'] === true,
  };
}

function readSeedFile(file: string): SeedDocument {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new Fatal(`cannot read seed file ${file}: ${reason}`, 1);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Fatal(
      `seed file ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      1,
    );
  }
  // The shape first (a `null` or an array would otherwise read as "no seed"); references are checked on load.
  try {
    parseSeedDocument(json);
  } catch (error) {
    if (error instanceof SeedError) throw new Fatal(`invalid seed ${file}: ${error.message}`, 1);
    throw error;
  }
  return json as SeedDocument;
}

/** What a user is, in a few words: admin, their direct memberships, their personal projects. */
function describeUser(world: World, userId: number): string {
  const user = world.users.get(userId);
  if (!user) return '';
  const parts: string[] = [];
  if (user.admin) parts.push('admin');
  for (const group of world.groups.values()) {
    const role = group.members.get(userId);
    if (role) parts.push(`${roleName(role)} of ${group.full_path}`);
  }
  for (const project of world.projects.values()) {
    const role = project.members.get(userId);
    if (role) parts.push(`${roleName(role)} of ${project.path_with_namespace}`);
    else if (project.namespace.kind === 'user' && project.namespace.id === userId) {
      parts.push(`owns ${project.path_with_namespace}`);
    }
  }
  if (user.state !== 'active') parts.push(user.state);
  return parts.length > 0 ? parts.join(', ') : 'user';
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  return rows.map((row) => `  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd()).join('\n');
}

function banner(running: RunningMockServer, options: Options): string {
  const { mock, url } = running;
  const { seedName, stateFile } = options;
  const rows = [['username', 'token', 'role']];
  for (const user of Object.values(mock.users))
    rows.push([user.username, user.token, describeUser(mock.world, user.id)]);
  return [
    `GitLab mock listening on ${url}`,
    `  API:   ${url}/api/v4`,
    `  Inspector: ${url}/ (in a browser)`,
    `  Seed:  ${seedName === 'demo' ? 'demo (built-in)' : seedName}`,
    ...(stateFile === undefined ? [] : [`  State: ${stateFile}`]),
    `  Clock: ${mock.clock.now().toISOString()}`,
    `  Worlds: ${url}/worlds/NAME/api/v4, each a fresh copy of the seed (at most ${options.maxWorlds})`,
    '',
    table(rows),
    '',
    options.exitWithStdin
      ? 'Send a token as PRIVATE-TOKEN. Close standard input (or press Ctrl+C) to stop.'
      : 'Send a token as PRIVATE-TOKEN. Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

/**
 * The warning printed when the server listens beyond loopback without an admin token: the `/__mock`
 * routes, and so the inspector, answer 403 to every caller there (SPEC 6).
 */
function openHostWarning(host: string): string {
  return (
    `${NAME}: warning: listening on ${host} without an admin token: the /__mock admin routes and the ` +
    'inspector answer 403 to every caller; start with --admin-token TOKEN (or GITLAB_MOCK_ADMIN_TOKEN=TOKEN) ' +
    'and send it in the X-Mock-Admin-Token header'
  );
}

/** How often `--exit-with-stdin` looks whether the parent process is still there. */
const PARENT_POLL_MS = 500;

/**
 * `--exit-with-stdin`: calls `stop` when standard input ends (the starter closed its end of the
 * pipe, or exited) or when the process that started this one is gone (it was reparented: `npx`'s
 * npm and shell were killed by a signal they did not pass on).
 */
function endWithParent(stop: () => void): void {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    stop();
  };
  process.stdin.on('end', end);
  process.stdin.on('close', end);
  process.stdin.on('error', end);
  // Read and drop whatever comes: only its end matters.
  process.stdin.resume();
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) end();
  }, PARENT_POLL_MS).unref();
}

async function main(): Promise<void> {
  const options = parseCommandLine(process.argv.slice(2));
  if (options === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  let running: RunningMockServer;
  try {
    running = await startMockServer({
      port: options.port,
      host: options.host,
      seed: options.seed,
      stateFile: options.stateFile,
      maxWorlds: options.maxWorlds,
      journal: options.journal,
      adminToken: options.adminToken,
      signInList: options.signInList,
      webhooks: options.webhooks,
    });
  } catch (error) {
    if (error instanceof SeedError) {
      const source =
        options.stateFile !== undefined && existsSync(options.stateFile) ? options.stateFile : options.seedName;
      throw new Fatal(`invalid seed ${source}: ${error.message}`, 1);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new Fatal(`cannot listen on ${options.host}:${options.port}: ${code}`, 1);
    }
    throw error;
  }
  // A second signal while closing exits at once.
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(0);
    stopping = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (options.exitWithStdin) endWithParent(stop);
  // Off loopback without an admin token, the admin routes and the inspector refuse every caller but loopback's.
  if (!isLoopback(options.host) && options.adminToken === undefined)
    process.stderr.write(`${openHostWarning(options.host)}\n`);
  // Only now say we are listening: a signal sent on reading this must find the handlers.
  process.stdout.write(banner(running, options));
}

main().catch((error: unknown) => {
  if (error instanceof Fatal) {
    process.stderr.write(`${NAME}: ${error.message}\n`);
    process.exitCode = error.code;
    return;
  }
  process.stderr.write(`${NAME}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

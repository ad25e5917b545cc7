import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs the `gitlab-admin-mock` command line from the sources, as a child process. */

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CLI = join(ROOT, 'mock', 'node', 'cli.ts');
const children = new Set<ChildProcessWithoutNullStreams>();
const seedDirs = new Set<string>();

/** Kills every CLI still running and removes the seed files of {@link startCliWithSeed} (for `afterAll`). */
export function stopAllClis(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of seedDirs) rmSync(dir, { recursive: true, force: true });
  seedDirs.clear();
}

/** A running CLI: its output so far, and promises for what it will print and how it ends. */
export function runCli(args: string[]) {
  const child = // One process, this Node with tsx's loader: tsx's own CLI would fork a child that outlives a kill.
    spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  children.add(child);
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out.stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    out.stderr += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  /** Resolves once stdout contains `text`; rejects if the process ends first. */
  const printed = (text: string) =>
    new Promise<string>((done, fail) => {
      const check = () => {
        if (out.stdout.includes(text)) {
          child.stdout.off('data', check);
          done(out.stdout);
        }
      };
      child.stdout.on('data', check);
      check();
      exited.then(() => fail(new Error(`CLI exited before printing ${text}:\n${out.stdout}\n${out.stderr}`)));
    });
  return { child, out, exited, printed };
}

/** Starts the CLI on a free port and resolves with its URL once it listens. */
export async function startCli(args: string[]): Promise<{ cli: ReturnType<typeof runCli>; url: string }> {
  const cli = runCli(['--port', '0', ...args]);
  const first = (await cli.printed('\n')).split('\n')[0] as string;
  return { cli, url: first.slice('GitLab mock listening on '.length) };
}

/** Writes `seed` (a seed document) to a temporary file and starts the CLI on it, on a free port. */
export function startCliWithSeed(seed: unknown): ReturnType<typeof startCli> {
  const dir = mkdtempSync(join(tmpdir(), 'gitlab-admin-mock-seed-'));
  seedDirs.add(dir);
  const file = join(dir, 'seed.json');
  writeFileSync(file, JSON.stringify(seed));
  return startCli(['--seed', file]);
}

/** Calls an admin route of the server at `url` (`/__mock/<path>`) with an optional JSON body (a string is sent as is). */
export async function adminCall(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/__mock/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestProject } from 'vitest/node';
import { ROOT, runCli, startCli, stopAllClis } from './cli-process.js';
import { setup } from './guides/gitlab-mock-setup.js';

/**
 * Issue 39 (1) and (5): the command-line mock stops when whoever started it says so (or is gone), with
 * exit code 0 and its port free; its start-up message names the inspector and warns of an admin
 * surface nobody can use; `--help` and the docs' flag tables list the same flags. The recipes
 * themselves (shell, pytest, Go, Java through `npx`) run in the interop suite (test/interop/recipes.sh).
 */

afterAll(stopAllClis);

/** Whether something listens at `url`'s host and port. */
function listens(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until `url` is free; false if it still listens after about 10 seconds. */
async function freed(url: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (!(await listens(url))) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return false;
}

describe('--exit-with-stdin', () => {
  it('stops with exit code 0 and frees the port when its standard input closes', async () => {
    const { cli, url } = await startCli(['--exit-with-stdin']);
    expect(await listens(url)).toBe(true);
    cli.child.stdin.end();
    expect(await cli.exited).toBe(0);
    expect(await listens(url)).toBe(false);
  });

  it('is what makes the end of standard input stop it: without the flag the server goes on', async () => {
    const { cli, url } = await startCli([]);
    cli.child.stdin.end();
    await new Promise((done) => setTimeout(done, 1500));
    expect(cli.child.exitCode).toBeNull();
    expect(await listens(url)).toBe(true);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('stops when the process that started it is gone, as npx is when a signal kills npm and its shell', async () => {
    // A shell between the test and the server, as npx puts one; the shell is killed, the server is orphaned.
    const command = `"${process.execPath}" --import tsx mock/node/cli.ts --port 0 --exit-with-stdin; echo done`;
    const shell = spawn('sh', ['-c', command], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    const first = await new Promise<string>((resolve) => {
      let out = '';
      shell.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.split('\n')[0] as string);
      });
    });
    const url = first.slice('GitLab mock listening on '.length);
    expect(await listens(url)).toBe(true);
    shell.kill('SIGKILL');
    // The test still holds the server's stdin open: only the lost parent can stop it.
    expect(await freed(url)).toBe(true);
    shell.stdin.end();
  });
});

describe('the start-up message', () => {
  it("names the inspector's URL", async () => {
    const { cli, url } = await startCli([]);
    expect(cli.out.stdout).toContain(`  Inspector: ${url}/ (in a browser)\n`);
  });

  it('warns, off loopback without an admin token, that the admin routes and the inspector answer 403', async () => {
    const open = await startCli(['--host', '0.0.0.0']);
    await new Promise((done) => setTimeout(done, 300));
    expect(open.cli.out.stderr).toContain(
      'gitlab-admin-mock: warning: listening on 0.0.0.0 without an admin token: the /__mock admin routes and the inspector answer 403 to every caller',
    );
    const withToken = await startCli(['--host', '0.0.0.0', '--admin-token', 'change-me']);
    const loopback = await startCli([]);
    await new Promise((done) => setTimeout(done, 300));
    expect(withToken.cli.out.stderr).not.toContain('warning');
    expect(loopback.cli.out.stderr).not.toContain('warning');
  });
});

/** The flags `--help` lists, as `--name`. */
async function helpFlags(): Promise<string[]> {
  const cli = runCli(['--help']);
  expect(await cli.exited).toBe(0);
  const options = cli.out.stdout.split('Options:\n')[1] ?? '';
  return [...options.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1] as string).sort();
}

/** The flags in the first column of the tables of `file` that list `--port` (the command's full tables). */
function tableFlags(file: string): string[][] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const tables = text
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('|') && block.includes('`--'));
  return tables.map((table) =>
    table
      .split('\n')
      .map((row) => /^\| `(?:-\w, )?(--[\w-]+)/.exec(row)?.[1])
      .filter((flag): flag is string => flag !== undefined)
      .sort(),
  );
}

describe('--help and the docs', () => {
  it("list the same flags: the full tables of docs/other-languages.md and docs/mock.md, and mock-server.md's part", async () => {
    const help = await helpFlags();
    expect(help).toContain('--exit-with-stdin');
    expect(help).toContain('--webhook-timeout');
    for (const file of ['docs/other-languages.md', 'docs/mock.md']) {
      const full = tableFlags(file).filter((flags) => flags.includes('--port'));
      expect(full, file).toHaveLength(1);
      expect(full[0], file).toEqual(help);
    }
    const part = tableFlags('docs/mock-server.md').flat();
    expect(part.length).toBeGreaterThan(0);
    for (const flag of part) expect(help, `docs/mock-server.md: ${flag}`).toContain(flag);
  });
});

describe("docs/mock-server.md's vitest globalSetup", () => {
  it('starts the server, and its teardown stops it and frees the port', async () => {
    let url = '';
    const project = { provide: (_key: string, value: string) => (url = value) } as unknown as TestProject;
    const teardown = await setup(project);
    expect(await listens(url)).toBe(true);
    await teardown();
    expect(await listens(url)).toBe(false);
  });
});

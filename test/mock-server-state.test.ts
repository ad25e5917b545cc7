import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitLab } from '../src/index.js';
import { runCli, startCli, stopAllClis } from './cli-process.js';

/** `--state FILE` (SPEC 6): the default world survives restarts, and a kill -9 never leaves FILE unreadable. */

const MARIA = 'glpat-maria-000000000000000';
const API = 'acme/platform/api';
const dir = mkdtempSync(join(tmpdir(), 'gitlab-admin-mock-state-'));
afterAll(() => {
  stopAllClis();
  rmSync(dir, { recursive: true, force: true });
});

const sdk = (url: string) => new GitLab({ baseUrl: url, token: MARIA, retry: 0 });
const titles = async (url: string) => {
  const all: string[] = [];
  for await (const milestone of sdk(url).projects.milestones.list(API, { per_page: 100 })) all.push(milestone.title);
  return all;
};

describe('--state FILE', () => {
  it('writes the default world on SIGTERM and loads it at the next start', async () => {
    const file = join(dir, 'term.json');
    const first = await startCli(['--state', file]);
    await sdk(first.url).projects.milestones.create(API, { title: 'kept' });
    // A named world is not persisted.
    await sdk(`${first.url}/worlds/w`).projects.milestones.create(API, { title: 'not kept' });
    first.cli.child.kill('SIGTERM');
    expect(await first.cli.exited).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1 });

    const second = await startCli(['--state', file]);
    expect(await titles(second.url)).toContain('kept');
    expect(await titles(`${second.url}/worlds/w`)).not.toContain('kept');
    expect(await titles(second.url)).not.toContain('not kept');
    second.cli.child.kill('SIGTERM');
    await second.cli.exited;
  });

  it('under write load and kill -9, FILE is always whole and holds a state that was reached', async () => {
    const file = join(dir, 'kill.json');
    const { cli, url } = await startCli(['--state', file]);
    const gitlab = sdk(url);
    let acknowledged = 0;
    let running = true;
    const writer = (async () => {
      while (running) {
        await gitlab.projects.milestones.create(API, { title: `w-${acknowledged + 1}` }).then(
          () => {
            acknowledged += 1;
          },
          () => {
            running = false;
          },
        );
      }
    })();
    // Read FILE while it is being replaced: every read is a whole document.
    const until = Date.now() + 2500;
    let reads = 0;
    while (Date.now() < until) {
      if (existsSync(file)) {
        expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
        reads += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    cli.child.kill('SIGKILL');
    await cli.exited;
    running = false;
    await writer;
    expect(reads).toBeGreaterThan(0);

    const saved = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    expect(saved).toMatchObject({ version: 1 });
    const restarted = await startCli(['--state', file]);
    const written = (await titles(restarted.url)).filter((t) => t.startsWith('w-'));
    // The writes are sequential: a reached state holds exactly the first k of them.
    const k = written.length;
    expect(k).toBeGreaterThan(0);
    expect(k).toBeLessThanOrEqual(acknowledged);
    expect(new Set(written)).toEqual(new Set(Array.from({ length: k }, (_, i) => `w-${i + 1}`)));
    restarted.cli.child.kill('SIGTERM');
    await restarted.cli.exited;
  });

  it('refuses a FILE that is not a state document, by name, and exits 1', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"version": 1, "users": [');
    const cli = runCli(['--port', '0', '--state', file]);
    expect(await cli.exited).toBe(1);
    expect(cli.out.stderr).toContain(`invalid seed ${file}: state file ${file} is not valid JSON`);
  });
});

describe('the flags of SPEC 6', () => {
  it('refuses a --max-worlds or --journal that is not a whole number, exit code 2', async () => {
    for (const args of [
      ['--max-worlds', 'many'],
      ['--journal', '1.5'],
    ]) {
      const cli = runCli(['--port', '0', ...args]);
      expect(await cli.exited).toBe(2);
      expect(cli.out.stderr).toContain(`${args[0]} must be a whole number`);
    }
  });

  it('takes the admin token from GITLAB_MOCK_ADMIN_TOKEN, and --max-worlds and --journal apply', async () => {
    process.env.GITLAB_MOCK_ADMIN_TOKEN = 'from-the-environment';
    let started: Awaited<ReturnType<typeof startCli>>;
    try {
      started = await startCli(['--host', '0.0.0.0', '--max-worlds', '1', '--journal', '2']);
    } finally {
      delete process.env.GITLAB_MOCK_ADMIN_TOKEN;
    }
    const url = started.url.replace('0.0.0.0', '127.0.0.1');
    const headers = { 'X-Mock-Admin-Token': 'from-the-environment' };
    expect((await fetch(`${url}/__mock/requests`)).status).toBe(401);
    expect((await fetch(`${url}/__mock/requests`, { headers })).status).toBe(200);
    for (let i = 0; i < 3; i++) await sdk(url).projects.milestones.list(API);
    expect(await (await fetch(`${url}/__mock/requests`, { headers })).json()).toHaveLength(2);
    expect((await fetch(`${url}/worlds/one/__mock/clock`, { headers })).status).toBe(200);
    expect((await fetch(`${url}/worlds/two/__mock/clock`, { headers })).status).toBe(503);
    started.cli.child.kill('SIGTERM');
    await started.cli.exited;
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { createMockHttpServer, startMockServer } from '../mock/node/index.js';
import { runCli, stopAllClis } from './cli-process.js';

const TOKEN = 'glpat-olivia-00000000000000';
const PROJECT = 'acme%2Fapi';

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'olivia', token: TOKEN },
    { username: 'root', admin: true },
  ],
  groups: [{ path: 'acme', plan: 'premium', members: { olivia: 50 } }],
  projects: [
    {
      path: 'acme/api',
      milestones: [
        { title: 'v1.0', start_date: '2026-05-01', due_date: '2026-06-30' },
        { title: 'v0.9', state: 'closed' },
      ],
    },
  ],
};

const tmp = mkdtempSync(join(tmpdir(), 'gitlab-admin-mock-'));
const seedFile = join(tmp, 'seed.json');
const badSeedFile = join(tmp, 'bad-seed.json');

beforeAll(() => {
  writeFileSync(seedFile, JSON.stringify(seed));
  writeFileSync(
    badSeedFile,
    JSON.stringify({ users: [{ username: 'olivia' }], projects: [{ path: 'olivia/x', members: { dev: 30 } }] }),
  );
});

afterAll(() => {
  stopAllClis();
  rmSync(tmp, { recursive: true, force: true });
});

describe('gitlab-admin-mock with a seed file', () => {
  let cli: ReturnType<typeof runCli>;
  let url: string;
  const api = (path: string) => `${url}/api/v4${path}`;
  const auth = { 'PRIVATE-TOKEN': TOKEN };

  beforeAll(async () => {
    cli = runCli(['--port', '0', '--seed', seedFile]);
    const stdout = await cli.printed('\n');
    const first = stdout.split('\n')[0] as string;
    expect(first).toMatch(/^GitLab mock listening on http:\/\/127\.0\.0\.1:\d+$/);
    url = first.slice('GitLab mock listening on '.length);
    expect(url).not.toMatch(/:0$/);
  });

  it('prints the users and their tokens after the first line', async () => {
    const stdout = await cli.printed('Ctrl+C');
    expect(stdout).toMatch(/olivia\s+glpat-olivia-00000000000000\s+Owner of acme/);
    // A user without a token in the seed gets a made-up one, reported here.
    expect(stdout).toMatch(/root\s+glpat-[\w-]{20}\s+admin/);
  });

  it('lists milestones with a token, with pagination headers pointing at itself', async () => {
    const response = await fetch(api(`/projects/${PROJECT}/milestones?per_page=1`), { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total')).toBe('2');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const link = response.headers.get('link') ?? '';
    expect(link).toContain(`<${url}/api/v4/projects/${PROJECT}/milestones?page=2&per_page=1>; rel="next"`);
    const body = (await response.json()) as { title: string; web_url: string }[];
    expect(body).toHaveLength(1);
    expect(body[0]?.web_url.startsWith(`${url}/acme/api/-/milestones/`)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    const response = await fetch(api(`/projects/${PROJECT}/milestones`));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: '401 Unauthorized' });
  });

  it('answers 404 for unknown routes, inside and outside /api/v4', async () => {
    for (const path of ['/api/v4/nothing/here', '/', '/favicon.ico']) {
      const response = await fetch(`${url}${path}`, { headers: auth });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: '404 Not Found' });
    }
  });

  it('creates milestones from a JSON body and from a form body', async () => {
    const json = await fetch(api(`/projects/${PROJECT}/milestones`), {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'From JSON', due_date: '2026-07-01' }),
    });
    expect(json.status).toBe(201);
    expect(await json.json()).toMatchObject({ title: 'From JSON', due_date: '2026-07-01' });

    const form = await fetch(api(`/projects/${PROJECT}/milestones`), {
      method: 'POST',
      headers: auth,
      body: new URLSearchParams({ title: 'From a form', description: 'a & b' }),
    });
    expect(form.status).toBe(201);
    expect(await form.json()).toMatchObject({ title: 'From a form', description: 'a & b' });

    const list = await fetch(api(`/projects/${PROJECT}/milestones`), { headers: auth });
    const titles = ((await list.json()) as { title: string }[]).map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['From JSON', 'From a form']));
    expect(list.headers.get('x-total')).toBe('4');
  });

  it('answers a CORS preflight with 204', async () => {
    const response = await fetch(api(`/projects/${PROJECT}/milestones`), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'private-token, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    // Every credential the SDK sends: a browser app preflights each of them.
    for (const header of ['PRIVATE-TOKEN', 'JOB-TOKEN', 'Authorization']) {
      expect(response.headers.get('access-control-allow-headers')).toContain(header);
    }
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Total');
    expect(response.headers.get('access-control-expose-headers')).toContain('Link');
  });

  it('answers 413 to a body over 10 MiB, changes nothing, and serves the next request', async () => {
    const milestones = api(`/projects/${PROJECT}/milestones`);
    const before = await fetch(milestones, { headers: auth });
    const body = JSON.stringify({ title: 'Too big', description: 'x'.repeat(11 * 1024 * 1024) });
    const headers = { ...auth, 'Content-Type': 'application/json' };
    const tooBig = await send(milestones, { method: 'POST', target: new URL(milestones).pathname, headers, body });
    expect(tooBig).toEqual({ status: 413, body: '{"message":"413 Request Entity Too Large"}' });

    // A new connection (`agent: false` above; the server closes the one it refused on).
    const after = await fetch(milestones, { headers: { ...auth, Connection: 'close' } });
    expect(after.status).toBe(200);
    expect(after.headers.get('x-total')).toBe(before.headers.get('x-total'));
    expect(((await after.json()) as { title: string }[]).map((m) => m.title)).not.toContain('Too big');
  });

  it('stops on SIGTERM with exit code 0', async () => {
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });
});

/**
 * A request on a connection of its own, with node:http: the target goes on the wire exactly as
 * written (no URL normalisation) and a body is streamed in 1 MiB chunks. The status and body of the answer.
 */
function send(
  url: string,
  options: { method: string; target: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  const { method, target, headers, body = '' } = options;
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, method, path: target, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    for (let at = 0; at < body.length; at += 1 << 20) req.write(body.slice(at, at + (1 << 20)));
    req.end();
  });
}

describe('gitlab-admin-mock on bad input', () => {
  it('refuses an invalid seed file: exit 1, the bad path on stderr, nothing on stdout', async () => {
    const cli = runCli(['--port', '0', '--seed', badSeedFile]);
    expect(await cli.exited).toBe(1);
    expect(cli.out.stdout).toBe('');
    expect(cli.out.stderr.trim().split('\n')).toHaveLength(1);
    expect(cli.out.stderr).toContain('projects[0].members.dev: unknown user');
  });

  it('refuses a seed file that is not JSON, or missing', async () => {
    const notJson = join(tmp, 'not.json');
    writeFileSync(notJson, '{ users: ');
    const bad = runCli(['--port', '0', '--seed', notJson]);
    expect(await bad.exited).toBe(1);
    expect(bad.out.stderr).toContain('not valid JSON');
    const missing = runCli(['--port', '0', '--seed', join(tmp, 'missing.json')]);
    expect(await missing.exited).toBe(1);
    expect(missing.out.stderr).toContain('ENOENT');
  });

  it('refuses unknown flags and bad ports with exit code 2', async () => {
    const unknown = runCli(['--prot', '4010']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.out.stderr).toContain('--prot');
    const port = runCli(['--port', 'abc']);
    expect(await port.exited).toBe(2);
    expect(port.out.stderr).toContain('--port');
  });
});

describe('gitlab-admin-mock --seed demo', () => {
  it('starts the demo world and prints its users and tokens', async () => {
    const cli = runCli(['--port', '0', '--seed', 'demo']);
    const stdout = await cli.printed('Ctrl+C');
    expect(stdout.split('\n')[0]).toMatch(/^GitLab mock listening on http:\/\/127\.0\.0\.1:\d+$/);
    for (const token of ['glpat-root-0000000000000000', 'glpat-maria-000000000000000', 'glpat-dev-00000000000000000']) {
      expect(stdout).toContain(token);
    }
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });
});

describe('startMockServer', () => {
  it('serves a seeded mock on a free port, with its baseUrl set to the real URL', async () => {
    const server = await startMockServer({ port: 0, seed });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.mock.baseUrl).toBe(server.url);
      const response = await fetch(`${server.url}/api/v4/projects/${PROJECT}/milestones?state=active`, {
        headers: { 'PRIVATE-TOKEN': server.mock.users.olivia?.token ?? '' },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { title: string }[]).map((m) => m.title)).toEqual(['v1.0']);
    } finally {
      await server.close();
    }
    // Closing twice is harmless; the port is free again.
    await server.close();
    expect(server.server.listening).toBe(false);
  });

  it('rejects an invalid seed before binding', async () => {
    await expect(
      startMockServer({ port: 0, seed: { users: [], groups: [{ path: 'acme', members: { dev: 30 } }] } }),
    ).rejects.toThrow('groups[0].members.dev: unknown user');
  });
});

describe('the HTTP server on hostile request targets', () => {
  it('answers each with a GitLab-shaped 4xx, changes nothing, and goes on serving', async () => {
    const server = await startMockServer({ port: 0, seed });
    const headers = { 'PRIVATE-TOKEN': server.mock.users.olivia?.token ?? '' };
    const targets = [
      '/api/v4/../api/v4/applications',
      `/api/v4/projects/${PROJECT}/../../applications`,
      '/api/v4/projects/%2e%2e/milestones',
      '/api/v4/projects/..%2F..%2Fapplications/milestones',
      '/api/v4/projects/acme%00/milestones',
      '/api/v4/projects/%/milestones',
      '/api/v4/projects/%252F/milestones',
      '//api/v4/applications',
      '/api/v4//applications',
      `/api/v4/projects/${PROJECT}/milestones?iids[]=%&state=%ZZ`,
      'http://evil.example/api/v4/applications',
      `/api/v4/projects/${'9'.repeat(400)}/milestones`,
    ];
    try {
      const before = server.mock.snapshot();
      for (const method of ['GET', 'POST', 'DELETE']) {
        for (const target of targets) {
          const answer = await send(server.url, { method, target, headers });
          const what = `${method} ${target}: ${answer.status} ${answer.body}`;
          expect(answer.status >= 400 && answer.status < 500, what).toBe(true);
          expect(Object.keys(JSON.parse(answer.body) as object), what).toEqual([
            expect.stringMatching(/^(message|error)$/),
          ]);
        }
      }
      for (const token of server.mock.world.tokens.values()) token.last_used_at = null;
      for (const token of before.state.tokens.values()) token.last_used_at = null;
      expect(server.mock.world).toEqual(before.state);
      const ok = await send(server.url, { method: 'GET', target: `/api/v4/projects/${PROJECT}/milestones`, headers });
      expect(ok.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('createMockHttpServer', () => {
  async function listen(mock: MockGitLab) {
    const server = createMockHttpServer(mock);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const close = () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    return { url: `http://127.0.0.1:${port}`, close };
  }

  it('answers for a mock whose baseUrl is another origin', async () => {
    const mock = createMockGitLab({ seed });
    const { url, close } = await listen(mock);
    try {
      const response = await fetch(`${url}/api/v4/projects/${PROJECT}/milestones`, {
        headers: { 'PRIVATE-TOKEN': TOKEN },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('link')).toContain('<http://gitlab.test/api/v4/');
    } finally {
      await close();
    }
  });

  it('answers 500 and keeps serving when the mock throws', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const failing = createMockGitLab({ seed });
    // The server looks at the faults in place on every request: a bug there must not crash it.
    failing.faults.list = () => {
      throw new Error('boom');
    };
    const { url, close } = await listen(failing);
    try {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${url}/api/v4/projects`);
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({ message: '500 Internal Server Error' });
      }
      expect(stderr).toHaveBeenCalledWith(expect.stringContaining('boom'));
    } finally {
      stderr.mockRestore();
      await close();
    }
  });
});

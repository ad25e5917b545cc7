import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeed } from '../mock/index.js';
import { type RunningMockServer, startMockServer } from '../mock/node/index.js';
import { isLoopback } from '../mock/node/server.js';
import { GitLab } from '../src/index.js';

/** SPEC 6 over HTTP: named worlds, per-world reset, state and journal, the world cap and admin access. */

const MARIA = 'glpat-maria-000000000000000';
const API = 'acme/platform/api';
const MILESTONES = '/api/v4/projects/acme%2Fplatform%2Fapi/milestones';

const sdk = (baseUrl: string, token = MARIA) => new GitLab({ baseUrl, token, retry: 0 });
const admin = async (url: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
};

describe('named worlds', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed: demoSeed, maxWorlds: 3 });
  });
  afterAll(() => server.close());

  it('are GitLabs of their own at /worlds/NAME: no world sees another one change, nor the default world', async () => {
    const a = sdk(`${server.url}/worlds/a`);
    const b = sdk(`${server.url}/worlds/b`);
    const before = (await b.projects.milestones.list(API)).items.length;
    const made = await a.projects.milestones.create(API, { title: 'only in a' });
    expect(made.web_url?.startsWith(`${server.url}/worlds/a/acme/platform/api/-/milestones/`)).toBe(true);
    expect((await a.projects.milestones.list(API)).items.map((m) => m.title)).toContain('only in a');
    expect((await b.projects.milestones.list(API)).items.length).toBe(before);
    expect((await sdk(server.url).projects.milestones.list(API)).items.length).toBe(before);
    expect(server.world('a')?.world.milestones.size).toBe(server.mock.world.milestones.size + 1);
  });

  it('answer every URL with their prefix, Link headers included', async () => {
    const response = await fetch(`${server.url}/worlds/links${MILESTONES}?per_page=1`, {
      headers: { 'PRIVATE-TOKEN': MARIA },
    });
    expect(response.headers.get('link')).toContain(`<${server.url}/worlds/links${MILESTONES}?page=2&per_page=1>`);
    await admin(`${server.url}/__mock/worlds/links`, 'DELETE');
  });

  it('start as the same fresh copy of the seed: the same ids, tokens and secrets', async () => {
    const read = async (name: string) => {
      const response = await fetch(`${server.url}/worlds/${name}/__mock/state`);
      return (await response.json()) as Record<string, unknown>;
    };
    const c = await read('c');
    await admin(`${server.url}/__mock/worlds/c`, 'DELETE');
    expect(await read('c')).toEqual(c);
    await admin(`${server.url}/__mock/worlds/c`, 'DELETE');
  });

  it('are listed with their request counts, and dropped by DELETE (404 when there is none)', async () => {
    const list = await admin(`${server.url}/__mock/worlds`);
    expect(list.status).toBe(200);
    const a = (list.body as { name: string; created_at: string; requests: number }[]).find((w) => w.name === 'a');
    expect(a).toMatchObject({ name: 'a', requests: expect.any(Number) });
    expect(a?.requests).toBeGreaterThanOrEqual(2);
    expect(Number.isNaN(Date.parse(a?.created_at ?? ''))).toBe(false);
    expect((list.body as { name: string }[]).map((w) => w.name)).not.toContain('default');

    expect((await admin(`${server.url}/__mock/worlds/b`, 'DELETE')).status).toBe(204);
    expect(await admin(`${server.url}/__mock/worlds/b`, 'DELETE')).toMatchObject({ status: 404 });
    expect(server.world('b')).toBeUndefined();
  });

  it('past --max-worlds, a new world answers 503 naming the cap, and the others are untouched', async () => {
    const names = ['a', 'x', 'y'];
    for (const name of names) await fetch(`${server.url}/worlds/${name}/__mock/clock`);
    const refused = await fetch(`${server.url}/worlds/z${MILESTONES}`, { headers: { 'PRIVATE-TOKEN': MARIA } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(((await refused.json()) as { error: string }).error).toContain('--max-worlds 3');
    expect(server.world('z')).toBeUndefined();
    expect((await sdk(`${server.url}/worlds/a`).projects.milestones.list(API)).items.map((m) => m.title)).toContain(
      'only in a',
    );
    for (const name of ['x', 'y']) await admin(`${server.url}/__mock/worlds/${name}`, 'DELETE');
  });

  it('refuses a world name outside 1 to 64 of a-z 0-9 - _', async () => {
    for (const name of ['Upper', 'a.b', 'x'.repeat(65), '']) {
      const response = await admin(`${server.url}/worlds/${name}/api/v4/projects`);
      expect(response.status).toBe(400);
      expect(response.body.error).toContain('1 to 64 characters');
    }
  });
});

describe('answers to concurrent requests', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed: demoSeed });
  });
  afterAll(() => server.close());

  it('each reach their own request, although the server writes them together', async () => {
    const page = (n: number) =>
      fetch(`${server.url}${MILESTONES}?per_page=1&page=${n}`, { headers: { 'PRIVATE-TOKEN': MARIA } });
    const pages = Number((await page(1)).headers.get('x-total'));
    expect(pages).toBeGreaterThan(2);
    const one = async (n: number) => {
      const response = await page(n);
      return {
        page: response.headers.get('x-page'),
        title: ((await response.json()) as { title: string }[])[0]?.title,
      };
    };
    const expected: Awaited<ReturnType<typeof one>>[] = [];
    for (let n = 1; n <= pages; n++) expected.push(await one(n));
    const requests = Array.from({ length: 60 }, (_, i) => (i % pages) + 1);
    const answers = await Promise.all(requests.map(one));
    expect(answers).toEqual(requests.map((n) => expected[n - 1]));
  });
});

describe('per world admin routes', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed: demoSeed, journal: 5 });
  });
  afterAll(() => server.close());

  for (const at of ['', '/worlds/w']) {
    const base = () => `${server.url}${at}`;

    it(`POST ${at}/__mock/reset puts back the world, clock, faults, rate limits and journal`, async () => {
      const gitlab = sdk(base());
      const titles = (await gitlab.projects.milestones.list(API)).items.map((m) => m.title);
      await gitlab.projects.milestones.create(API, { title: 'made' });
      await admin(`${base()}/__mock/clock/advance`, 'POST', { days: 3 });
      await admin(`${base()}/__mock/faults`, 'POST', { path: '/projects/:id/labels', status: 500 });
      await admin(`${base()}/__mock/rate_limits`, 'PUT', {
        throttle_authenticated_api: { requests_per_period: 1, period_in_seconds: 60 },
      });
      const reset = await admin(`${base()}/__mock/reset`, 'POST');
      expect(reset.status).toBe(204);
      expect((await gitlab.projects.milestones.list(API)).items.map((m) => m.title)).toEqual(titles);
      expect((await admin(`${base()}/__mock/clock`)).body).toEqual({ now: '2026-06-01T09:00:00.000Z' });
      expect((await admin(`${base()}/__mock/faults`)).body).toEqual([]);
      expect((await admin(`${base()}/__mock/rate_limits`)).body).toEqual({});
      // The one request since the reset.
      expect((await admin(`${base()}/__mock/requests`)).body).toHaveLength(1);
    });

    it(`GET ${at}/__mock/requests journals API requests only, bounded, with the path from /api/v4 on`, async () => {
      await admin(`${base()}/__mock/requests`, 'DELETE');
      const gitlab = sdk(base());
      await gitlab.projects.milestones.list(API, { state: 'active' });
      await expect(sdk(base(), 'glpat-nobody').projects.milestones.list(API)).rejects.toThrow();
      await admin(`${base()}/__mock/clock`);
      const journal = (await admin(`${base()}/__mock/requests`)).body as Record<string, unknown>[];
      expect(journal).toMatchObject([
        { method: 'GET', path: MILESTONES, query: { state: 'active' }, status: 200, user: 'maria' },
        { method: 'GET', path: MILESTONES, status: 401, user: null },
      ]);
      expect(JSON.stringify(journal)).not.toContain('glpat-');
      for (let i = 0; i < 6; i++) await gitlab.projects.milestones.list(API);
      expect((await admin(`${base()}/__mock/requests`)).body).toHaveLength(5);
      expect((await admin(`${base()}/__mock/requests`, 'DELETE')).status).toBe(204);
      expect((await admin(`${base()}/__mock/requests`)).body).toEqual([]);
    });

    it(`GET ${at}/__mock/state exports the world; PUT loads one, which reset goes back to`, async () => {
      const gitlab = sdk(base());
      await gitlab.projects.milestones.create(API, { title: 'in the fixture' });
      const state = await admin(`${base()}/__mock/state`);
      expect(state).toMatchObject({ status: 200, body: { version: 1 } });
      await admin(`${base()}/__mock/reset`, 'POST');
      expect((await gitlab.projects.milestones.list(API)).items.map((m) => m.title)).not.toContain('in the fixture');

      expect((await admin(`${base()}/__mock/state`, 'PUT', state.body)).status).toBe(204);
      const loaded = (await gitlab.projects.milestones.list(API)).items;
      expect(loaded.map((m) => m.title)).toContain('in the fixture');
      await gitlab.projects.milestones.create(API, { title: 'after the fixture' });
      await admin(`${base()}/__mock/reset`, 'POST');
      expect((await gitlab.projects.milestones.list(API)).items.map((m) => m.title)).toEqual(
        loaded.map((m) => m.title),
      );
      await admin(`${base()}/__mock/state`, 'PUT', demoSeed);
    });

    it(`PUT ${at}/__mock/state refuses a bad document by name and changes nothing`, async () => {
      const before = (await admin(`${base()}/__mock/state`)).body;
      const bad = { ...before, projects: [{ path: 'acme/new', members: { nobody: 30 } }] };
      const refused = await admin(`${base()}/__mock/state`, 'PUT', bad);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/^projects\[0\]\.members\.nobody: /);
      expect((await admin(`${base()}/__mock/state`, 'PUT', { ...before, version: 7 })).body.error).toMatch(
        /^version: /,
      );
      const notJson = await fetch(`${base()}/__mock/state`, { method: 'PUT', body: '{' });
      expect(notJson.status).toBe(400);
      expect((await admin(`${base()}/__mock/state`)).body).toEqual(before);
    });
  }
});

describe('admin access', () => {
  it('is open on loopback hosts only', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', 'example.test', '128.0.0.1']) expect(isLoopback(host)).toBe(false);
  });

  it('elsewhere needs the admin token in X-Mock-Admin-Token: 401 without it or with a wrong one', async () => {
    const server = await startMockServer({ port: 0, host: '0.0.0.0', seed: demoSeed, adminToken: 'let-me-in' });
    const url = server.url.replace('0.0.0.0', '127.0.0.1');
    try {
      for (const path of ['/__mock/clock', '/worlds/a/__mock/clock', '/__mock/worlds']) {
        expect((await admin(`${url}${path}`)).status).toBe(401);
        expect((await admin(`${url}${path}`, 'GET', undefined, { 'X-Mock-Admin-Token': 'wrong' })).status).toBe(401);
        expect((await admin(`${url}${path}`, 'GET', undefined, { 'X-Mock-Admin-Token': 'let-me-in' })).status).toBe(
          200,
        );
      }
      // A refused admin request to a new world does not make it.
      await admin(`${url}/worlds/never/__mock/reset`, 'POST');
      expect(server.world('never')).toBeUndefined();
      // The API never takes the admin token for a GitLab token.
      const api = await fetch(`${url}${MILESTONES}`, { headers: { 'PRIVATE-TOKEN': 'let-me-in' } });
      expect(api.status).toBe(401);
      const sent = await fetch(`${url}${MILESTONES}`, { headers: { 'X-Mock-Admin-Token': 'let-me-in' } });
      expect(sent.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('elsewhere without an admin token configured answers 403 saying how to set one', async () => {
    const server = await startMockServer({ port: 0, host: '0.0.0.0', seed: demoSeed });
    const url = server.url.replace('0.0.0.0', '127.0.0.1');
    try {
      const refused = await admin(`${url}/__mock/reset`, 'POST', undefined, { 'X-Mock-Admin-Token': 'anything' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toContain('--admin-token');
      expect(refused.body.error).toContain('GITLAB_MOCK_ADMIN_TOKEN');
      const api = await fetch(`${url}${MILESTONES}`, { headers: { 'PRIVATE-TOKEN': MARIA } });
      expect(api.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

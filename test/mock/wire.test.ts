import { beforeEach, describe, expect, it } from 'vitest';
import { fromFetchRequest } from '../../mock/http/mock-request.js';
import { json } from '../../mock/http/respond.js';
import { createRouter, route } from '../../mock/http/router.js';
import type { MockGitLab } from '../../mock/index.js';
import { API_GUARD } from '../../mock/mock.js';
import { createWorld } from '../../mock/world/world.js';
import { call, createTestMock } from '../fixtures.js';

// The wire as GitLab speaks it: parameter transports, error bodies, routes, pagination headers.
let mock: MockGitLab;
beforeEach(() => {
  mock = createTestMock();
});

const API = '/projects/acme%2Fplatform%2Fapi';
const milestones = (titles: string[]) =>
  titles.map((title) => mock.seed.milestone(mock.world.projects.get(1)!, { title }));

describe('authentication (SPEC 5 step 1)', () => {
  it('answers 401 without a token and with an unknown token; a blocked user’s token 403 with the reason', async () => {
    for (const token of [undefined, 'glpat-nope']) {
      const res = await call(mock, 'GET', `${API}/milestones`, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: '401 Unauthorized' });
    }
    // GitLab's API guard: a valid token of a user who may not use the API (`api_access_allowed?`) is 403.
    const blocked = await call(mock, 'GET', `${API}/milestones`, { token: 'glpat-blocked' });
    expect([blocked.status, blocked.body]).toEqual([
      403,
      { message: '403 Forbidden - Your account has been blocked.' },
    ]);
  });

  it('checks authentication before parameters and lookups', async () => {
    const res = await call(mock, 'GET', '/projects/999/milestones/abc');
    expect(res.status).toBe(401);
  });

  it('accepts the token as PRIVATE-TOKEN, Authorization: Bearer, or private_token', async () => {
    expect((await call(mock, 'GET', `${API}/milestones`, { token: 'glpat-dev' })).status).toBe(200);
    const bearer = await call(mock, 'GET', `${API}/milestones`, { headers: { authorization: 'Bearer glpat-dev' } });
    expect(bearer.status).toBe(200);
    expect((await call(mock, 'GET', `${API}/milestones?private_token=glpat-dev`)).status).toBe(200);
  });

  it('stops authenticating a token past its expires_at (world clock), not on the day itself', async () => {
    const project = mock.world.projects.get(1)!;
    const token = mock.seed.accessToken(project, { name: 'ci', scopes: ['api'], expires_at: '2026-06-02' });
    mock.clock.set('2026-06-02T23:00:00Z');
    expect((await call(mock, 'GET', `${API}/milestones`, { token: token.token })).status).toBe(200);
    mock.clock.advance({ hours: 2 });
    expect((await call(mock, 'GET', `${API}/milestones`, { token: token.token })).status).toBe(401);
  });

  it('refuses revoked tokens', async () => {
    const project = mock.world.projects.get(1)!;
    const token = mock.seed.accessToken(project, { name: 'old', scopes: ['api'], revoked: true });
    expect((await call(mock, 'GET', `${API}/milestones`, { token: token.token })).status).toBe(401);
  });
});

describe('token scopes', () => {
  const insufficient = (scope: string) => ({
    error: 'insufficient_scope',
    error_description: 'The request requires higher privileges than provided by the access token.',
    scope,
  });

  it('lets a read_api token read but not write, changing nothing', async () => {
    const reader = mock.seed.user({ username: 'reader', scopes: ['read_api'] });
    mock.world.projects.get(1)?.members.set(reader.id, 40);
    expect((await call(mock, 'GET', `${API}/milestones`, { token: reader.token })).status).toBe(200);
    const write = await call(mock, 'POST', `${API}/milestones`, { token: reader.token, json: { title: 'x' } });
    expect(write).toMatchObject({ status: 403, body: insufficient('api') });
    expect(mock.world.milestones.size).toBe(0);
  });

  it('refuses the API to a token without api or read_api', async () => {
    const git = mock.seed.user({ username: 'git', scopes: ['read_repository'] });
    const res = await call(mock, 'GET', `${API}/milestones`, { token: git.token });
    expect(res).toMatchObject({ status: 403, body: insufficient('api read_api') });
  });

  it('lets a self_rotate token rotate itself only', async () => {
    const project = mock.world.projects.get(1)!;
    const own = mock.seed.accessToken(project, { name: 'bot', scopes: ['self_rotate'], access_level: 50 });
    const other = mock.seed.accessToken(project, { name: 'other', scopes: ['api'] });
    const path = `${API}/access_tokens`;
    expect((await call(mock, 'POST', `${path}/${other.id}/rotate`, { token: own.token })).body).toEqual(
      insufficient('api'),
    );
    expect((await call(mock, 'POST', `${path}/self/rotate`, { token: own.token })).status).toBe(200);
  });
});

describe('routes', () => {
  it('answers unknown routes under /api/v4 with 404 {"error":"404 Not Found"}, even without a token', async () => {
    for (const path of ['/nothing', '/projects/1/milestones/1/nothing', '/']) {
      const res = await call(mock, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: '404 Not Found' });
    }
  });

  it("answers a known path with a method it does not have with GitLab's catch-all 404 (lib/api/api.rb)", async () => {
    const res = await call(mock, 'PATCH', `${API}/milestones`, { token: 'glpat-dev' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: '404 Not Found' });
  });

  it('answers a route that does not exist in this world as an unknown route, before authentication', async () => {
    const world = createWorld('http://gitlab.test', 0, 1);
    const handle = createRouter(
      world,
      [route('GET', '/hosted-only', () => json({ ok: true }), { available: (w) => w.instance.offering === 'hosted' })],
      { guard: API_GUARD },
    );
    const get = async () => {
      const response = await handle(fromFetchRequest(new Request('http://gitlab.test/api/v4/hosted-only')));
      return { status: response?.status, body: JSON.parse(response?.body ?? 'null') };
    };
    expect(await get()).toEqual({ status: 404, body: { error: '404 Not Found' } });
    world.instance.offering = 'hosted';
    expect(await get()).toEqual({ status: 401, body: { message: '401 Unauthorized' } });
  });

  it('lets requests outside the mock fall through (mock.fetch fails like a network error)', async () => {
    await expect(mock.fetch('http://elsewhere.test/api/v4/projects')).rejects.toThrow(TypeError);
    expect(await mock.handle(new Request('http://gitlab.test/other'))).toBeUndefined();
  });

  it('answers a path id that is not an integer with 400 "<param> is invalid"', async () => {
    const res = await call(mock, 'GET', `${API}/milestones/abc`, { token: 'glpat-dev' });
    expect(res).toMatchObject({ status: 400, body: { error: 'milestone_id is invalid' } });
    for (const id of ['0', '-1', '9223372036854775808']) {
      expect((await call(mock, 'GET', `${API}/milestones/${id}`, { token: 'glpat-dev' })).status).toBe(400);
    }
    // A well-formed id that matches nothing is a 404.
    const missing = await call(mock, 'GET', `${API}/milestones/9223372036854775807`, { token: 'glpat-dev' });
    expect(missing).toMatchObject({ status: 404, body: { message: '404 Not found' } });
  });

  it('finds projects by id and by URL-encoded full path, case-insensitively', async () => {
    for (const ref of ['1', 'acme%2Fplatform%2Fapi', 'ACME%2Fplatform%2FAPI']) {
      expect((await call(mock, 'GET', `/projects/${ref}/milestones`, { token: 'glpat-dev' })).status).toBe(200);
    }
    const res = await call(mock, 'GET', '/projects/acme%2Fnope/milestones', { token: 'glpat-dev' });
    expect(res).toMatchObject({ status: 404, body: { message: '404 Project Not Found' } });
  });
});

describe('parameter transports (GITLAB-BEHAVIOR 0.3)', () => {
  it('takes parameters from JSON, form and query alike', async () => {
    const json = await call(mock, 'POST', `${API}/milestones`, { token: 'glpat-dev', json: { title: 'json' } });
    const form = await call(mock, 'POST', `${API}/milestones`, { token: 'glpat-dev', form: { title: 'form' } });
    const query = await call(mock, 'POST', `${API}/milestones?title=query`, { token: 'glpat-dev' });
    expect([json.status, form.status, query.status]).toEqual([201, 201, 201]);
    expect([json.body.title, form.body.title, query.body.title]).toEqual(['json', 'form', 'query']);
  });

  it('reads arrays as a[]=1&a[]=2, as "1,2" and as a bare scalar', async () => {
    milestones(['a', 'b', 'c']);
    const iids = async (query: string) =>
      (await call(mock, 'GET', `${API}/milestones?${query}`, { token: 'glpat-dev' })).body
        .map((m: { iid: number }) => m.iid)
        .sort();
    expect(await iids('iids[]=1&iids[]=3')).toEqual([1, 3]);
    expect(await iids('iids=1,3')).toEqual([1, 3]);
    expect(await iids('iids=2')).toEqual([2]);
    expect((await call(mock, 'GET', `${API}/milestones?iids=1,x`, { token: 'glpat-dev' })).body).toEqual({
      error: 'iids is invalid',
    });
  });

  it("reads booleans as GitLab's Grape does (python-gitlab's True included) and refuses anything else", async () => {
    milestones(['own']);
    mock.seed.groupMilestone(mock.world.groups.get(1)!, { title: 'inherited' }); // acme, the project's top group
    const titles = async (value: string) => {
      const res = await call(mock, 'GET', `${API}/milestones?include_ancestors=${value}`, { token: 'glpat-dev' });
      expect(res.status).toBe(200);
      return res.body.map((m: { title: string }) => m.title).sort();
    };
    for (const value of ['true', 'True', 'TRUE', 't', 'T', 'yes', 'Y', 'on', 'ON', '1']) {
      expect(await titles(value)).toEqual(['inherited', 'own']);
    }
    for (const value of ['false', 'False', 'f', 'no', 'N', 'off', 'Off', '0'])
      expect(await titles(value)).toEqual(['own']);
    for (const value of ['tRuE', 'yep', '2']) {
      const bad = await call(mock, 'GET', `${API}/milestones?include_ancestors=${value}`, { token: 'glpat-dev' });
      expect(bad).toMatchObject({ status: 400, body: { error: 'include_ancestors is invalid' } });
    }
    // An empty value is nil to Grape's coercion of every type but String (`PrimitiveCoercer#treat_as_nil?`): not given.
    expect(await titles('')).toEqual(['own']);
  });

  it('keeps the last value of a repeated scalar', async () => {
    milestones(['a', 'b']);
    const res = await call(mock, 'GET', `${API}/milestones?title=a&title=b`, { token: 'glpat-dev' });
    expect(res.body.map((m: { title: string }) => m.title)).toEqual(['b']);
  });

  it('joins several parameter errors with ", "', async () => {
    const res = await call(mock, 'GET', `${API}/milestones?state=open&updated_before=yesterday`, {
      token: 'glpat-dev',
    });
    expect(res.body).toEqual({ error: 'state does not have a valid value, updated_before is invalid' });
  });

  it('answers a malformed JSON body with a 400, not a 500', async () => {
    const res = await mock.fetch(`${mock.baseUrl}/api/v4${API}/milestones`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': 'glpat-dev', 'content-type': 'application/json' },
      body: '{"title": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('error');
  });
});

describe('offset pagination (GITLAB-BEHAVIOR 0.4)', () => {
  beforeEach(() => {
    milestones(Array.from({ length: 45 }, (_, i) => `m${i + 1}`));
  });

  it('defaults to 20 per page and sends every header', async () => {
    const res = await call(mock, 'GET', `${API}/milestones?state=active`, { token: 'glpat-dev' });
    expect(res.body).toHaveLength(20);
    const h = Object.fromEntries(
      ['x-total', 'x-total-pages', 'x-per-page', 'x-page', 'x-next-page', 'x-prev-page'].map((k) => [
        k,
        res.headers.get(k),
      ]),
    );
    expect(h).toEqual({
      'x-total': '45',
      'x-total-pages': '3',
      'x-per-page': '20',
      'x-page': '1',
      'x-next-page': '2',
      'x-prev-page': '',
    });
    const base = `${mock.baseUrl}/api/v4${API}/milestones?state=active`;
    expect(res.headers.get('link')).toBe(
      `<${base}&page=2&per_page=20>; rel="next", <${base}&page=1&per_page=20>; rel="first", <${base}&page=3&per_page=20>; rel="last"`,
    );
  });

  it('gives the last page with prev and no next', async () => {
    const res = await call(mock, 'GET', `${API}/milestones?page=3`, { token: 'glpat-dev' });
    expect(res.body).toHaveLength(5);
    expect(res.headers.get('x-next-page')).toBe('');
    expect(res.headers.get('x-prev-page')).toBe('2');
    expect(res.headers.get('link')).toContain('rel="prev"');
    expect(res.headers.get('link')).not.toContain('rel="next"');
  });

  it('answers a page beyond the last with no items and no previous page', async () => {
    const res = await call(mock, 'GET', `${API}/milestones?page=9`, { token: 'glpat-dev' });
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-prev-page')).toBe('');
    expect(res.headers.get('x-page')).toBe('9');
  });

  it('clamps per_page to 100', async () => {
    milestones(Array.from({ length: 80 }, (_, i) => `n${i}`));
    const res = await call(mock, 'GET', `${API}/milestones?per_page=500`, { token: 'glpat-dev' });
    expect(res.body).toHaveLength(100);
    expect(res.headers.get('x-per-page')).toBe('100');
  });

  it('reports at least one page for an empty list', async () => {
    const res = await call(mock, 'GET', `${API}/milestones?title=none`, { token: 'glpat-dev' });
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-total')).toBe('0');
    expect(res.headers.get('x-total-pages')).toBe('1');
  });
});

describe('never a 500', () => {
  it('answers hostile input with 4xx and leaves the world unchanged', async () => {
    milestones(['keep']);
    const before = mock.snapshot();
    const inputs: [string, string, unknown][] = [
      ['POST', `${API}/milestones`, { title: { nested: true } }],
      ['POST', `${API}/milestones`, { title: ['a', 'b'] }],
      ['POST', `${API}/milestones`, { title: 'x', due_date: '2026-02-30' }],
      ['POST', `${API}/milestones`, { title: 'x', start_date: 12 }],
      ['PUT', `${API}/milestones/1`, { due_date: { a: 1 } }],
      ['PUT', `${API}/milestones/1`, { state_event: 'reopen' }],
      ['GET', `${API}/milestones?iids[]=&page=abc`, undefined],
      ['GET', '/projects/%E0%A4%A/milestones', undefined],
      ['GET', `${API}/milestones?per_page=-5&page=-1`, undefined],
      ['DELETE', `${API}/milestones/99999999999999999999`, undefined],
    ];
    for (const [method, path, json] of inputs) {
      const res = await call(mock, method, path, { token: 'glpat-dev', json });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(mock.world.milestones).toEqual(before.state.milestones);
  });
});

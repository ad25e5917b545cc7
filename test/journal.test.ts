import { describe, expect, it } from 'vitest';
import { createMockGitLab, demoSeed } from '../mock/index.js';
import { call, client } from './fixtures.js';

const API = 'acme/platform/api';
const MARIA = 'glpat-maria-000000000000000';
const OMAR = 'glpat-omar-0000000000000000';
const GUS = 'glpat-gus-00000000000000000';

const demo = (options: { journal?: number; baseUrl?: string } = {}) => createMockGitLab({ seed: demoSeed, ...options });

describe('the request journal (mock.requests)', () => {
  it('records each API request: clock, method, path from /api/v4, query, body, status, user and duration', async () => {
    const mock = demo({ baseUrl: 'http://gitlab.test/gitlab' });
    const maria = client(mock, MARIA);
    await maria.projects.milestones.list(API, { state: 'active' });
    await maria.projects.milestones.create(API, { title: 'v9', due_date: '2026-09-01' });
    const [list, create] = mock.requests.list();
    expect(list).toEqual({
      seq: 1,
      at: '2026-06-01T09:00:00.000Z',
      // The machine's time the request arrived: the world clock stands still.
      received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      method: 'GET',
      path: '/api/v4/projects/acme%2Fplatform%2Fapi/milestones',
      query: { state: 'active' },
      body: null,
      status: 200,
      user: 'maria',
      ms: expect.any(Number),
    });
    expect(create).toMatchObject({
      method: 'POST',
      body: { title: 'v9', due_date: '2026-09-01' },
      status: 201,
      user: 'maria',
    });
    expect(create).not.toHaveProperty('reason');
  });

  it("names the rule behind a refusal, where GitLab's own message says little", async () => {
    const mock = demo();
    await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/merge_requests/3/approve`, { token: OMAR });
    await call(mock, 'GET', `/projects/${encodeURIComponent(API)}/merge_requests/3/approvals`, { token: GUS });
    await call(mock, 'GET', '/applications');
    await call(mock, 'GET', '/applications', { token: 'glpat-deploy-00000000000000' });
    await call(mock, 'GET', '/projects/acme%2Fnothing/milestones', { token: MARIA });
    await call(mock, 'GET', '/projects/acme%2Fplatform%2Fapi/milestones', { token: MARIA });
    expect(mock.requests.list().map((entry) => [entry.status, entry.user, entry.reason])).toEqual([
      [401, 'omar', 'omar is the author and project acme/platform/api forbids author approval'],
      [403, 'gus', 'gus is below Planner in private project acme/platform/api: merge requests are hidden'],
      [401, null, 'the request has no token'],
      [401, null, expect.stringMatching(/^token \d+ \(old-deploy\) of project_\d+_bot_\w+ is revoked$/)],
      [404, 'maria', 'no project acme/nothing'],
      [200, 'maria', undefined],
    ]);
  });

  it('names injected faults and rate limits as the reason', async () => {
    const mock = demo();
    mock.faults.add({ path: '/applications', status: 418, times: 1 });
    mock.rateLimits.set({ unauthenticated_api: { requests_per_period: 0, period_in_seconds: 60 } });
    mock.faults.add({ path: '/applications', drop: true, times: 1 });
    await call(mock, 'GET', '/applications', { token: MARIA });
    await call(mock, 'GET', '/applications').catch(() => undefined);
    await call(mock, 'GET', '/applications');
    expect(mock.requests.list().map((entry) => [entry.status, entry.user, entry.reason])).toEqual([
      [418, 'maria', 'injected fault #1'],
      [0, null, undefined],
      [429, null, 'over the rate limit throttle_unauthenticated_api'],
    ]);
  });

  it('keeps the newest entries up to its size; clear() and reset() empty it', async () => {
    const mock = demo({ journal: 2 });
    for (const state of ['active', 'closed', 'active']) {
      await call(mock, 'GET', `/projects/${encodeURIComponent(API)}/milestones?state=${state}`, { token: MARIA });
    }
    expect(mock.requests.list().map((entry) => entry.query.state)).toEqual(['closed', 'active']);
    mock.requests.clear();
    expect(mock.requests.list()).toEqual([]);
    await call(mock, 'GET', '/applications', { token: MARIA });
    mock.reset();
    expect(mock.requests.list()).toEqual([]);
    expect(() => demo({ journal: -1 })).toThrow('Invalid journal size: -1');
    const silent = demo({ journal: 0 });
    await call(silent, 'GET', '/applications', { token: MARIA });
    expect(silent.requests.list()).toEqual([]);
  });

  it('cuts long values, so a bounded journal holds a bounded amount', async () => {
    const mock = demo();
    const project = encodeURIComponent(API);
    await call(mock, 'POST', `/projects/${project}/milestones`, {
      token: MARIA,
      json: { title: 'x'.repeat(5000), labels: Array.from({ length: 500 }, (_, i) => `l${i}`) },
    });
    const [entry] = mock.requests.list();
    const body = entry?.body as { title: string; labels: string[] };
    expect(body.title).toBe(`${'x'.repeat(1000)}…[5000 characters]`);
    expect(body.labels).toHaveLength(101);
    expect(body.labels.at(-1)).toBe('…[500 items]');
    expect(JSON.stringify(entry).length).toBeLessThan(3000);
  });

  it('never records a token, password or secret, wherever a request carries one', async () => {
    const mock = demo();
    const root = 'glpat-root-0000000000000000';
    const project = encodeURIComponent(API);
    // In the query, by name and by value; in JSON and form bodies; in a path segment.
    await call(mock, 'GET', `/applications?private_token=${root}&search=${MARIA}`);
    await call(mock, 'POST', `/projects/${project}/merge_requests/5/approve`, {
      token: MARIA,
      json: { approval_password: 's3cret', note: 's3cret' },
    });
    await call(mock, 'POST', `/projects/${project}/access_tokens`, {
      token: MARIA,
      form: { name: 'x', 'scopes[]': ['api'], token: 'anything', client_secret: 'shh' },
    });
    await call(mock, 'GET', `/projects/${project}/access_tokens/${encodeURIComponent(OMAR)}`, { token: MARIA });
    const app = await client(mock, root).applications.create({
      name: 'A',
      redirect_uri: 'https://a.test',
      scopes: 'api',
    });
    await call(mock, 'POST', '/applications', {
      token: root,
      json: { name: app.secret, redirect_uri: 'x', scopes: 'api' },
    });

    const recorded = JSON.stringify(mock.requests.list());
    const secrets = [
      ...mock.world.tokenIds.keys(),
      // The seed's default password is also a word of parameter names (`approval_password`).
      ...[...mock.world.users.values()].map((user) => user.password).filter((password) => password !== 'password'),
      ...[...mock.world.applications.values()].map((application) => application.secret),
      'anything',
      'shh',
    ];
    for (const secret of secrets) expect(recorded, secret).not.toContain(secret);
    expect(recorded.match(/\[REDACTED\]/g)?.length).toBeGreaterThanOrEqual(8);
  });
});

describe('an exchange kept with its entry (mock.requests.get)', () => {
  it("keeps the request's headers and the answer, with every token, cookie and secret redacted", async () => {
    const mock = demo();
    const maria = client(mock, MARIA);
    const created = await maria.projects.accessTokens.create(API, {
      name: 'kept',
      scopes: ['api'],
      expires_at: '2026-12-01',
    });
    const [entry] = mock.requests.list();
    const exchange = mock.requests.get(entry?.seq ?? 0);
    expect(exchange).toMatchObject({ ...entry, response: { status: 201 } });
    expect(exchange?.request_headers['private-token']).toBe('[REDACTED]');
    expect(exchange?.response.headers['content-type']).toBe('application/json');
    const body = exchange?.response.body ?? '';
    expect(JSON.parse(body)).toMatchObject({ name: 'kept', token: '[REDACTED]', id: created.id });
    expect(body).not.toContain(created.token ?? 'no token');
    expect(JSON.stringify(exchange)).not.toContain(MARIA);
  });

  it('cuts a long answer after 4,000 characters, and forgets an exchange with its entry', async () => {
    const mock = demo({ journal: 2 });
    const maria = client(mock, MARIA);
    for (let i = 0; i < 60; i++)
      mock.seed.milestone(mock.world.projects.get(1)!, { title: `long ${i} ${'x'.repeat(100)}` });
    await maria.projects.milestones.list(API, { per_page: 100 });
    const [list] = mock.requests.list();
    const body = mock.requests.get(list?.seq ?? 0)?.response.body ?? '';
    expect(body).toMatch(/…\[\d+ characters\]$/);
    expect(body.length).toBeLessThan(4100);
    await maria.projects.milestones.list(API);
    await maria.projects.milestones.list(API);
    expect(mock.requests.get(list?.seq ?? 0)).toBeUndefined();
    expect(mock.requests.get(999)).toBeUndefined();
  });

  it('keeps headers and answers for the last 50 requests only; older entries come without them', async () => {
    const mock = demo();
    const maria = client(mock, MARIA);
    for (let i = 0; i < 51; i++) await maria.projects.milestones.list(API);
    const entries = mock.requests.list();
    const first = mock.requests.get(entries[0]?.seq ?? 0);
    const last = mock.requests.get(entries.at(-1)?.seq ?? 0);
    expect(first).toMatchObject({ request_headers: {}, response: { status: 200, headers: {}, body: null } });
    expect(last?.response.body).toMatch(/^\[/);
    expect(mock.requests.get(entries[1]?.seq ?? 0)?.response.body).toMatch(/^\[/);
  });
});

/** Issue 39 (4): the journal says what a person needs at a glance. */
describe('the journal at a glance', () => {
  const post = (mock: ReturnType<typeof demo>, body: string, token = MARIA) =>
    mock.fetch(`${mock.baseUrl}/api/v4/projects/acme%2Fplatform%2Fapi/milestones`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': token, 'content-type': 'application/json' },
      body: new TextEncoder().encode(body),
    });

  it('says where a malformed JSON body broke, and what GitLab answers, and creates nothing', async () => {
    const mock = demo();
    const before = JSON.stringify(mock.exportState());
    const short = await post(mock, '{"title": "a", description}');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: 'Invalid JSON format' });
    // A long body takes the scanner's road, not JSON.parse's: same words, on its second line.
    const long = await post(mock, `{"title": "b",\n "description": "${'x'.repeat(200_000)}", oops}`);
    expect(long.status).toBe(400);
    await post(mock, '{"title": "c"');
    expect(mock.requests.list().map((entry) => entry.reason)).toEqual([
      'malformed JSON at line 1, column 16 (found "d"): GitLab answers "Invalid JSON format"',
      'malformed JSON at line 2, column 200021 (found "o"): GitLab answers "Invalid JSON format"',
      'malformed JSON at the end of the body: GitLab answers "Invalid JSON format"',
    ]);
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });

  it('names the user of a valid token on a route the mock does not model, and nobody for a bad token', async () => {
    const mock = demo();
    const pipelines = (token: string) =>
      mock.fetch(`${mock.baseUrl}/api/v4/projects/1/pipelines`, { headers: { 'PRIVATE-TOKEN': token } });
    expect((await pipelines(MARIA)).status).toBe(404);
    expect((await pipelines('glpat-nobody-00000000000000')).status).toBe(404);
    const [known, unknown] = mock.requests.list();
    expect(known).toMatchObject({ user: 'maria', reason: expect.stringMatching(/^not modelled by this mock/) });
    expect(unknown).toMatchObject({ user: null });
  });

  it('records when each request arrived on the machine, beside the standing world clock', async () => {
    const mock = demo();
    const from = Date.now();
    await call(mock, 'GET', '/user', { token: MARIA });
    const [entry] = mock.requests.list();
    expect(entry?.at).toBe('2026-06-01T09:00:00.000Z');
    const received = Date.parse(entry?.received_at ?? '');
    expect(received).toBeGreaterThanOrEqual(from);
    expect(received).toBeLessThanOrEqual(Date.now());
  });
});

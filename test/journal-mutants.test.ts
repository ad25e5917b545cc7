import { afterEach, describe, expect, it } from 'vitest';
import { Journal, type JournalEntry } from '../mock/http/journal.js';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { type RunningMockServer, startMockServer } from '../mock/node/index.js';
import { call, testSeed } from './fixtures.js';
import { readEvents } from './http-server-fixtures.js';

// The request journal's rules, each checked where a one-line bug would change what it records
// (mock/http/journal.ts, before its first mutation run): the size it accepts, the answer cut at
// exactly 4,000 characters and the values at exactly 1,000 characters, 100 items and 100 keys, every
// place a secret is redacted (by key name in an answer's JSON, by value in query, body, path, headers,
// reasons and answers, passwords added after the first request), a webhook delivery's entry beside the
// 50 kept exchanges, and the journal stream (resuming after Last-Event-ID from a wrapped ring or an
// emptied journal; a listener stopped).

const API = encodeURIComponent('acme/platform/api');
const ROOT = 'glpat-root';
const PLAIN_TOKEN = 'plain-token-value';
const PASSWORD = 'hunter2-password';
const APP_SECRET = 'app-secret-value';

/** {@link testSeed} with a token that does not look like one, a known password and an application. */
const seed: SeedDocument = {
  ...testSeed,
  users: [...(testSeed.users ?? []), { username: 'plain', token: PLAIN_TOKEN, password: PASSWORD }],
  applications: [{ name: 'App', redirect_uri: 'https://app.test/cb', scopes: 'api', secret: APP_SECRET }],
};

const mockOf = (options: { journal?: number; seed?: SeedDocument } = {}) => createMockGitLab({ seed, ...options });
const last = (mock: MockGitLab) => mock.requests.list().at(-1) as JournalEntry;
const exchangeOf = (mock: MockGitLab) => mock.requests.get(last(mock).seq);
const journalOf = (mock: MockGitLab) => {
  if (!(mock.requests instanceof Journal)) throw new Error('mock.requests is not a Journal');
  return mock.requests;
};

/**
 * The journal stream's events, as `[event, id]` (`[event, data]` for one without an id), until
 * `until` says enough or two seconds pass.
 */
async function streamEvents(
  url: string,
  lastEventId: string | undefined,
  until: (events: [string, unknown][]) => boolean,
): Promise<[string, unknown][]> {
  const pairs = (events: { id?: string; event: string; data: unknown }[]): [string, unknown][] =>
    events.map((e) => [e.event, e.id ?? e.data]);
  const headers: Record<string, string> = lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId };
  return pairs((await readEvents(url, headers, (events) => until(pairs(events)))).events);
}

describe('the journal size', () => {
  it('refuses a size that is not a whole number', () => {
    expect(() => mockOf({ journal: 1.5 })).toThrow('Invalid journal size: 1.5');
  });
});

describe("an answer's body as the journal keeps it", () => {
  it('keeps a body of exactly 4,000 characters whole, and cuts one more after 4,000 with its length', async () => {
    const mock = mockOf();
    const exact = `${'a'.repeat(3999)}b`;
    const text = { 'Content-Type': 'text/plain' };
    mock.faults.add({ path: '/version', status: 200, body: exact, headers: text, times: 1 });
    await call(mock, 'GET', '/version', { token: ROOT });
    expect(exchangeOf(mock)?.response.body).toBe(exact);
    mock.faults.add({ path: '/version', status: 200, body: `${exact}c`, headers: text, times: 1 });
    await call(mock, 'GET', '/version', { token: ROOT });
    expect(exchangeOf(mock)?.response.body).toBe(`${exact}…[4001 characters]`);
  });

  it('is null for an answer without one (HEAD, 204), whose headers are still kept', async () => {
    const mock = mockOf();
    expect((await call(mock, 'HEAD', '/version', { token: ROOT })).status).toBe(200);
    expect(exchangeOf(mock)?.response).toMatchObject({ status: 200, body: null });
    expect(exchangeOf(mock)?.response.headers['content-type']).toBe('application/json');
    const label = await call(mock, 'POST', `/projects/${API}/labels`, {
      token: ROOT,
      json: { name: 'gone', color: '#ff0000' },
    });
    expect((await call(mock, 'DELETE', `/projects/${API}/labels/${label.body.id}`, { token: ROOT })).status).toBe(204);
    expect(exchangeOf(mock)?.response).toMatchObject({ status: 204, body: null });
  });

  it('redacts the value of any JSON key named like a secret, however it is spaced, and nothing else', async () => {
    const mock = mockOf();
    const body =
      '{"token":"v1","private_token" : "v2","password_hint": "v3","note":"a \\"quoted\\" value","nested":{"secret":"v\\"4"}}';
    mock.faults.add({ path: '/version', status: 200, body, times: 1 });
    await call(mock, 'GET', '/version', { token: ROOT });
    expect(exchangeOf(mock)?.response.body).toBe(
      '{"token":"[REDACTED]","private_token" : "[REDACTED]","password_hint": "[REDACTED]","note":"a \\"quoted\\" value","nested":{"secret":"[REDACTED]"}}',
    );
  });

  it("redacts each word that is one of the world's secrets, and keeps every other word", async () => {
    const mock = mockOf();
    const body = `{"title":"${ROOT}","note":"public ${PLAIN_TOKEN}, ${PASSWORD} and ${APP_SECRET}; others stay"}`;
    mock.faults.add({ path: '/version', status: 200, body, times: 1 });
    await call(mock, 'GET', '/version', { token: ROOT });
    expect(exchangeOf(mock)?.response.body).toBe(
      '{"title":"[REDACTED]","note":"public [REDACTED], [REDACTED] and [REDACTED]; others stay"}',
    );
  });
});

describe("the exchange's headers", () => {
  it('redacts headers named like credentials and any secret word in the others, and keeps the rest', async () => {
    const mock = mockOf();
    mock.faults.add({
      path: '/version',
      status: 200,
      body: '{}',
      headers: { 'X-Echo': `sent ${ROOT}`, 'X-Plain': 'plain words' },
      times: 1,
    });
    await call(mock, 'GET', '/version', {
      token: ROOT,
      headers: { 'X-Note': `${PLAIN_TOKEN} and more`, 'X-Client-Secret': 'public', 'X-Kept': 'hello world' },
    });
    const exchange = exchangeOf(mock);
    expect(exchange?.request_headers).toMatchObject({
      'private-token': '[REDACTED]',
      'x-note': '[REDACTED] and more',
      'x-client-secret': '[REDACTED]',
      'x-kept': 'hello world',
    });
    expect(exchange?.response.headers).toMatchObject({ 'x-echo': 'sent [REDACTED]', 'x-plain': 'plain words' });
  });
});

describe('secrets in query, body, path and reason', () => {
  it("redacts a seeded token that does not start with glpat-, any glpat- value, a password and an application's secret", async () => {
    const mock = mockOf();
    for (const value of [PLAIN_TOKEN, 'glpat-nobody-knows-this', PASSWORD, APP_SECRET, 'not-a-secret']) {
      await call(mock, 'GET', `/projects/${API}/milestones?search=${value}`, { token: ROOT });
    }
    expect(mock.requests.list().map((entry) => entry.query.search)).toEqual([
      '[REDACTED]',
      '[REDACTED]',
      '[REDACTED]',
      '[REDACTED]',
      'not-a-secret',
    ]);
  });

  it('redacts the password of a user added after the journal first looked at the users', async () => {
    const mock = mockOf();
    await call(mock, 'GET', `/projects/${API}/milestones?search=later-password`, { token: ROOT });
    expect(last(mock).query.search).toBe('later-password');
    mock.seed.user({ username: 'later', password: 'later-password' });
    await call(mock, 'GET', `/projects/${API}/milestones?search=later-password`, { token: ROOT });
    expect(last(mock).query.search).toBe('[REDACTED]');
  });

  it('never takes an empty value for a secret, even where a user has an empty password', async () => {
    const mock = mockOf({ seed: { ...seed, users: [...(seed.users ?? []), { username: 'empty', password: '' }] } });
    await call(mock, 'GET', `/projects/${API}/milestones?search=`, { token: ROOT, headers: { 'X-Empty': '' } });
    expect(last(mock).query).toEqual({ search: '' });
    expect(exchangeOf(mock)?.request_headers['x-empty']).toBe('');
  });

  it('redacts a path segment that is a secret once decoded, and keeps one that does not decode', async () => {
    const mock = mockOf();
    await call(mock, 'GET', '/projects/glpat%2Dencoded-token/milestones', { token: ROOT });
    expect(last(mock).path).toBe('/api/v4/projects/[REDACTED]/milestones');
    await call(mock, 'GET', '/projects/bad%E0%A4%A/milestones', { token: ROOT });
    expect(last(mock).path).toBe('/api/v4/projects/bad%E0%A4%A/milestones');
  });

  it("redacts a secret word in a refusal's reason", async () => {
    const mock = mockOf();
    const answer = await call(mock, 'GET', `/projects/${PLAIN_TOKEN}`, { token: ROOT });
    expect(answer.status).toBe(404);
    expect(last(mock)).toMatchObject({ path: '/api/v4/projects/[REDACTED]', reason: 'no project [REDACTED]' });
  });

  it('records no body for a request to a hook variable without one, and redacts every query value there', async () => {
    const mock = mockOf();
    const hook = await call(mock, 'POST', `/projects/${API}/hooks`, {
      token: ROOT,
      json: { url: 'https://hooks.example.com/{name}', url_variables: [{ key: 'name', value: 'v' }] },
    });
    expect(hook.status).toBe(201);
    await call(mock, 'DELETE', `/projects/${API}/hooks/${hook.body.id}/url_variables/name?note=plain`, {
      token: ROOT,
    });
    expect(last(mock)).toMatchObject({ method: 'DELETE', query: { note: '[REDACTED]' }, body: null });
  });
});

describe('long and odd values in query and body', () => {
  const post = async (mock: MockGitLab, json: unknown) => {
    await call(mock, 'POST', `/projects/${API}/milestones`, { token: ROOT, json });
    return last(mock).body as Record<string, unknown>;
  };

  it('keeps a string of exactly 1,000 characters whole and cuts a longer one after 1,000 with its length', async () => {
    const mock = mockOf();
    const exact = `${'a'.repeat(999)}b`;
    expect(await post(mock, { title: exact, description: `${exact}c` })).toEqual({
      title: exact,
      description: `${exact}…[1001 characters]`,
    });
  });

  it('keeps a list of exactly 100 items whole, each item redacted like a value', async () => {
    const mock = mockOf();
    const hundred = Array.from({ length: 100 }, (_, i) => `l${i}`);
    const body = await post(mock, { title: 't', labels: hundred, tags: [ROOT, 'kept'] });
    expect(body).toEqual({ title: 't', labels: hundred, tags: ['[REDACTED]', 'kept'] });
  });

  it('keeps an object of exactly 100 keys whole, and cuts a larger one after 100 keys with their count', async () => {
    const mock = mockOf();
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(await post(mock, { title: 't', extra: keys(100) })).toEqual({ title: 't', extra: keys(100) });
    expect(await post(mock, { title: 't', extra: keys(150) })).toEqual({
      title: 't',
      extra: { ...keys(100), '…': '[150 keys]' },
    });
  });

  it('keeps numbers, booleans and nulls as they are, and redacts a nested key named like a secret', async () => {
    const mock = mockOf();
    expect(await post(mock, { title: 't', n: 5, yes: true, none: null, nested: { api_token: 'x', n: 0 } })).toEqual({
      title: 't',
      n: 5,
      yes: true,
      none: null,
      nested: { api_token: '[REDACTED]', n: 0 },
    });
  });
});

describe('the journal stream: resuming after Last-Event-ID, and a listener stopped', () => {
  let running: RunningMockServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });
  const start = async (journal: number) => {
    running = await startMockServer({ port: 0, seed, journal });
    return running.url;
  };
  const version = (url: string) => fetch(`${url}/api/v4/version`, { headers: { 'PRIVATE-TOKEN': ROOT } });

  it('sends the entries the ring keeps after Last-Event-ID, oldest first, then the new ones', async () => {
    const url = await start(3);
    for (let i = 0; i < 7; i++) await version(url);
    const resumed = await streamEvents(url, '5', (events) => events.length >= 2);
    expect(resumed).toEqual([
      ['request', '6'],
      ['request', '7'],
    ]);
    let asked = false;
    const all = await streamEvents(url, undefined, (events) => {
      if (events.length >= 3 && !asked) {
        asked = true;
        void version(url);
      }
      return events.some(([, id]) => id === '8');
    });
    expect(all.map(([, id]) => id)).toEqual(['5', '6', '7', '8']);
  });

  it('counts as missed the entries emptied from the journal after Last-Event-ID', async () => {
    const url = await start(1000);
    for (let i = 0; i < 3; i++) await version(url);
    expect((await fetch(`${url}/__mock/requests`, { method: 'DELETE' })).status).toBe(204);
    const events = await streamEvents(url, '1', (got) => got.length >= 1);
    expect(events).toEqual([['missed', { missed: 2 }]]);
  });

  // A stopped reader's listener left subscribed shows nowhere on the wire (it only queues for a closed
  // socket), so the listener contract the stream relies on is checked on the journal itself.
  it('tells a listener of each entry and of clear() until it is stopped', async () => {
    const mock = mockOf();
    const heard: (number | null)[] = [];
    const stop = journalOf(mock).subscribe((entry) => heard.push(entry?.seq ?? null));
    await call(mock, 'GET', '/version', { token: ROOT });
    mock.requests.clear();
    stop();
    await call(mock, 'GET', '/version', { token: ROOT });
    mock.requests.clear();
    expect(heard).toEqual([1, null]);
  });
});

describe('the exchanges kept beside webhook deliveries', () => {
  it("keeps the last 50 API requests' exchanges: a delivery's entry, which has none, takes no place among them", async () => {
    const mock = mockOf();
    // Nothing listens on port 9 of loopback: the delivery fails, and is journaled all the same.
    mock.seed.systemHook({ url: 'http://127.0.0.1:9/system', events: { merge_requests_events: true } });
    mock.seed.mergeRequest(mock.world.projects.get(1)!, { iid: 1, title: 'x', author: 'dev', source_branch: 'f' });
    for (let i = 0; i < 50; i++) await call(mock, 'GET', '/version', { token: ROOT });
    mock.webhooks.trigger({ event: 'merge_request', action: 'update', project: 'acme/platform/api', iid: 1 });
    await mock.webhooks.settled();
    const entries = mock.requests.list();
    expect(entries.map((entry) => entry.webhook?.hook_type)).toEqual([...Array(50).fill(undefined), 'system']);
    expect(mock.requests.get(entries[0]?.seq ?? 0)?.request_headers['private-token']).toBe('[REDACTED]');
  });
});

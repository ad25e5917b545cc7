import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { demoSeed } from '../mock/index.js';
import { type RunningMockServer, startMockServer } from '../mock/node/index.js';
import { STREAM_QUEUE } from '../mock/node/stream.js';
import { readEvents } from './http-server-fixtures.js';

// The inspector's server side (docs/inspector.md): the page at `/` for browsers only, its assets and
// headers, the journal's event stream (resume, missed, cleared, a bounded slow reader) and the admin
// view of merge request approvals. The page itself is tested in Chromium (test/browser/inspector.test.ts).

const MARIA = 'glpat-maria-000000000000000';
const API = 'acme%2Fplatform%2Fapi';
let running: RunningMockServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(options: Parameters<typeof startMockServer>[0] = {}) {
  running = await startMockServer({ port: 0, seed: demoSeed, ...options });
  return running;
}

const milestones = (url: string) =>
  fetch(`${url}/api/v4/projects/${API}/milestones`, { headers: { 'PRIVATE-TOKEN': MARIA } });

describe('the inspector page', () => {
  it('answers at / and /worlds/NAME/ only a client asking for HTML; others keep the 404', async () => {
    const { url } = await start();
    const json = await fetch(`${url}/`);
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({ error: '404 Not Found' });
    for (const path of ['/', '/worlds/team-a/']) {
      const page = await fetch(`${url}${path}`, { headers: { Accept: 'text/html,application/xhtml+xml' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toContain('<script src="/__mock/inspector/inspector.js" defer></script>');
    }
    const api = await fetch(`${url}/api/v4/projects/${API}/milestones`, { headers: { Accept: 'text/html' } });
    expect(api.status).toBe(401);
  });

  it('serves its script and styles with a strict CSP, nosniff and no framing', async () => {
    const { url } = await start();
    for (const [path, type] of [
      ['/', 'text/html'],
      ['/__mock/inspector/inspector.js', 'text/javascript'],
      ['/__mock/inspector/inspector.css', 'text/css'],
    ]) {
      const answer = await fetch(`${url}${path}`, { headers: { Accept: 'text/html' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain(type);
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-(inline|eval)/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
    expect((await fetch(`${url}/__mock/inspector/other.js`)).status).toBe(404);
  });

  it('serves the page without the admin token off loopback, but nothing of the world', async () => {
    const { url: bound } = await start({ host: '0.0.0.0', adminToken: 'admin-secret' });
    const url = bound.replace('0.0.0.0', '127.0.0.1');
    expect((await fetch(`${url}/`, { headers: { Accept: 'text/html' } })).status).toBe(200);
    expect((await fetch(`${url}/__mock/state`)).status).toBe(401);
    expect((await readEvents(url, {}, () => true)).status).toBe(401);
    expect((await fetch(`${url}/__mock/projects/${API}/merge_requests`)).status).toBe(401);
    const given = await fetch(`${url}/__mock/state`, { headers: { 'X-Mock-Admin-Token': 'admin-secret' } });
    expect(given.status).toBe(200);
  });
});

describe('GET /__mock/requests/:seq and the worlds list', () => {
  it("answers one entry with its exchange, 404 once it is gone; the worlds list gives each world's clock", async () => {
    const { url } = await start();
    expect((await milestones(url)).status).toBe(200);
    const [entry] = (await (await fetch(`${url}/__mock/requests`)).json()) as { seq: number }[];
    const detail = await (await fetch(`${url}/__mock/requests/${entry?.seq}`)).json();
    expect(detail).toMatchObject({ seq: entry?.seq, request_headers: { 'private-token': '[REDACTED]' } });
    expect(JSON.parse(detail.response.body).length).toBeGreaterThan(0);
    expect((await fetch(`${url}/__mock/requests/999999`)).status).toBe(404);
    expect((await fetch(`${url}/__mock/requests/1`, { method: 'DELETE' })).status).toBe(405);
    await fetch(`${url}/worlds/w1/api/v4/version`, { headers: { 'PRIVATE-TOKEN': MARIA } });
    const worlds = await (await fetch(`${url}/__mock/worlds`)).json();
    expect(worlds).toEqual([
      { name: 'w1', created_at: expect.any(String), requests: 1, now: '2026-06-01T09:00:00.000Z' },
    ]);
  });
});

describe('GET /__mock/requests/stream', () => {
  it('sends each journal entry as an event whose id is its seq, those kept first', async () => {
    const { url } = await start();
    await milestones(url);
    const reading = readEvents(url, {}, (events) => events.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await milestones(url);
    const { status, events } = await reading;
    expect(status).toBe(200);
    expect(events.map((e) => [e.id, e.event])).toEqual([
      ['1', 'request'],
      ['2', 'request'],
    ]);
    expect(events[1]?.data).toMatchObject({ seq: 2, method: 'GET', status: 200, user: 'maria' });
  });

  it('resumes after Last-Event-ID, and says how many the journal no longer has', async () => {
    const { url } = await start({ journal: 2 });
    for (let i = 0; i < 5; i++) await milestones(url);
    const resumed = await readEvents(url, { 'Last-Event-ID': '3' }, (events) => events.length >= 2);
    expect(resumed.events.map((e) => e.id)).toEqual(['4', '5']);
    const behind = await readEvents(url, { 'Last-Event-ID': '1' }, (events) => events.length >= 3);
    expect(behind.events.map((e) => [e.event, e.id ?? e.data])).toEqual([
      ['missed', { missed: 2 }],
      ['request', '4'],
      ['request', '5'],
    ]);
  });

  it('says when the journal is emptied (a reset)', async () => {
    const { url } = await start();
    const reading = readEvents(url, {}, (events) => events.some((e) => e.event === 'cleared'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fetch(`${url}/__mock/reset`, { method: 'POST' });
    expect((await reading).events.map((e) => e.event)).toEqual(['cleared']);
  });

  it('holds at most its bound for a reader that never reads, and the API keeps answering', async () => {
    const { url } = await start();
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.pause();
    socket.write('GET /__mock/requests/stream HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Entries of about 100 KB each (the journal keeps 100 keys of 1000 characters): 40 MB in all.
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'x'.repeat(1000)])));
    for (let i = 0; i < 400; i++) {
      const answer = await fetch(`${url}/api/v4/projects/${API}/milestones`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': MARIA, 'Content-Type': 'application/json' },
        body,
      });
      expect(answer.status).toBe(400);
    }
    const [reader] = (await (await fetch(`${url}/__mock/requests/streams`)).json()) as {
      queued: number;
      missed: number;
      buffered: number;
    }[];
    socket.destroy();
    expect(reader?.queued).toBeLessThanOrEqual(STREAM_QUEUE);
    expect(reader?.missed).toBeGreaterThan(0);
    // What node:http holds beyond the socket: one write of the queue at most.
    expect(reader?.buffered).toBeLessThanOrEqual((STREAM_QUEUE + 1) * 110_000);
  });
});

describe('GET /__mock/projects/:id/merge_requests', () => {
  it("answers each merge request's approval state as GitLab's rules compute it, and who may not approve and why", async () => {
    const { url } = await start();
    const list = (await (await fetch(`${url}/__mock/projects/${API}/merge_requests`)).json()) as {
      iid: number;
      approved: boolean;
      approvals_left: number;
      cannot_approve: { user: string; reason: string }[];
    }[];
    const three = list.find((mr) => mr.iid === 3);
    expect(three?.cannot_approve).toContainEqual({
      user: 'omar',
      reason: 'omar is the author and project acme/platform/api forbids author approval',
    });
    const api = await fetch(`${url}/api/v4/projects/${API}/merge_requests/3/approvals`, {
      headers: { 'PRIVATE-TOKEN': MARIA },
    });
    const status = (await api.json()) as { approvals_left: number; approved: boolean };
    expect([three?.approved, three?.approvals_left]).toEqual([status.approved, status.approvals_left]);
    expect((await fetch(`${url}/__mock/projects/acme%2Fnothing/merge_requests`)).status).toBe(404);
    expect((await fetch(`${url}/__mock/projects/${API}/merge_requests`, { method: 'POST' })).status).toBe(405);
  });
});

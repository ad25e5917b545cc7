import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { GitLab } from '../../src/index.js';
import { XSS_TITLE } from './inspector-world.js';

// The inspector page (docs/inspector.md) in Chromium against the CLI's HTTP server: what it shows of
// the demo world, the live journal, its actions, and its refusal to show anything without the admin
// token off loopback.

type Step =
  | { open: string }
  | { text: string }
  | { texts: string }
  | { click: string }
  | { fill: string; value: string }
  | { select: string; value: string }
  | { waitFor: string; timeout?: number }
  | { upload: string; content: string }
  | { download: string }
  | { dialogs: true }
  | { screenshot: string; path: string };

declare module 'vitest/browser' {
  interface BrowserCommands {
    startInspectorServer(adminToken?: string): Promise<string>;
    stopInspectorServer(): Promise<void>;
    inspector(step: Step): Promise<unknown>;
  }
}

const step = commands.inspector;
const texts = async (selector: string) => (await step({ texts: selector })) as string[];
const MARIA = 'glpat-maria-000000000000000';

describe('on loopback', () => {
  let url: string;
  beforeAll(async () => {
    url = await commands.startInspectorServer();
    await step({ open: `${url}/` });
    await step({ waitFor: '#users tr[data-user="maria"]' });
  });
  afterAll(() => commands.stopInspectorServer());

  it("shows the demo world's users, groups and projects", async () => {
    expect(await texts('#users tr[data-user] td:first-child b')).toEqual(
      expect.arrayContaining(['root', 'maria', 'omar', 'dev']),
    );
    expect(await texts('#tree summary b')).toEqual(expect.arrayContaining(['acme', 'acme/platform/api']));
  });

  it("shows a merge request's approval state, with why its author may not approve", async () => {
    await step({ waitFor: '.mr[data-iid="3"]' });
    const text = (await step({ text: '.mr[data-iid="3"]' })) as string;
    expect(text).toMatch(/approvals still needed/);
    expect(text).toContain('omar is the author and project acme/platform/api forbids author approval');
  });

  it("renders the world's HTML-looking strings as text, running nothing", async () => {
    await step({ waitFor: '.mr:has-text("onerror")' });
    expect(await texts('#milestones .description')).toContain(XSS_TITLE);
    expect(await step({ text: '.mr:has-text("onerror") b' })).toMatch(/^!\d+ <img src=x onerror=alert\(1\)>$/);
    expect(await texts('#users tr[data-user="mallory"] td:first-child .muted')).toEqual([XSS_TITLE]);
    expect(await texts('main img')).toEqual([]);
    expect(await step({ dialogs: true })).toEqual([]);
  });

  it('shows a request made with the SDK in the journal within a second', async () => {
    await new GitLab({ baseUrl: url, token: MARIA, retry: 0 }).projects.milestones.list('acme/platform/web');
    await step({ waitFor: '#journal-rows tr:has-text("acme%2Fplatform%2Fweb/milestones")', timeout: 1000 });
    expect(await texts('#journal-rows tr:has-text("acme%2Fplatform%2Fweb") td')).toEqual(
      expect.arrayContaining(['GET', '200', 'maria']),
    );
    // Opened, the row shows the whole exchange: the request's headers (token redacted) and the answer.
    await step({ click: '#journal-rows tr:has-text("acme%2Fplatform%2Fweb/milestones")' });
    await step({ waitFor: '#entry:has-text("Response body")' });
    expect(await step({ text: '#entry h3' })).toBe('GET /api/v4/projects/acme%2Fplatform%2Fweb/milestones → 200');
    const [summary, requestHeaders, responseHeaders, body] = await texts('#entry pre');
    expect(JSON.parse(summary ?? '')).toMatchObject({ method: 'GET', status: 200, user: 'maria' });
    expect(JSON.parse(requestHeaders ?? '')['private-token']).toBe('[REDACTED]');
    expect(JSON.parse(responseHeaders ?? '')).toMatchObject({ 'x-total': expect.any(String) });
    // The answer's body is formatted, one value a line, not the raw text on one line.
    expect(body?.split('\n').length).toBeGreaterThan(3);
    expect(JSON.parse(body ?? '')).toEqual(expect.any(Array));
  });

  it('folds a long answer body, and shows the request detail formatted (screenshot in docs/)', async () => {
    await new GitLab({ baseUrl: url, token: MARIA, retry: 0 }).projects.milestones.list('acme/platform/api');
    const row = '#journal-rows tr:has-text("acme%2Fplatform%2Fapi/milestones")';
    await step({ waitFor: row });
    await step({ click: row });
    await step({ waitFor: '#entry details.body summary' });
    expect(await step({ text: '#entry details.body summary' })).toMatch(/^Body, \d+ lines \(\d+ characters\)$/);
    await step({ screenshot: '#requests-section', path: 'docs/inspector-request.png' });
  });

  it("shows each request's arrival time on this machine, with the mock's clock beside it", async () => {
    const before = new Date();
    await new GitLab({ baseUrl: url, token: MARIA, retry: 0 }).projects.get('acme/platform/web');
    const row = '#journal-rows tr:has-text("/projects/acme%2Fplatform%2Fweb"):not(:has-text("milestones"))';
    await step({ waitFor: row });
    const time = (await step({ text: `${row} td.time` })) as string;
    expect(time).toMatch(/^\d\d:\d\d:\d\d mock 2026-06-01 09:00$/);
    // The wall time, not the world clock's standing 09:00:00 (unless this machine's clock says so too).
    const [h, m] = time.split(':').map(Number);
    const now = new Date();
    expect([before.getHours(), now.getHours()]).toContain(h);
    expect([before.getMinutes(), now.getMinutes()]).toContain(m);
  });

  it("shows the default world's clock and request count in the header and the world menu", async () => {
    expect(await step({ text: '#clock' })).toBe('clock 2026-06-01 09:00 UTC');
    expect(await step({ text: '#count' })).toMatch(/^\d+ requests$/);
    expect(await step({ text: '#world option[value=""]' })).toMatch(
      /^\(default world\) \(\d+ requests, clock 2026-06-01 09:00\)$/,
    );
  });

  it('says who merged a merge request (not its author), and a closed one needs no approvals', async () => {
    const mr3 = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3';
    const put = (path: string, token: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: path.endsWith('/merge') ? 'PUT' : 'POST',
        headers: { 'PRIVATE-TOKEN': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await put(`${mr3}/approve`, 'glpat-rita-0000000000000000', { sha: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3' }))
        .status,
    ).toBe(201);
    expect((await put(`${mr3}/merge`, MARIA, {})).status).toBe(200);
    await step({ waitFor: '.mr[data-iid="3"]:has-text("merged by maria")' });
    expect(await step({ text: '.mr[data-iid="3"] .muted' })).toBe(
      'merged by maria, authored by omar, approval-rules → main',
    );
    expect(await step({ text: '.mr[data-iid="3"] div:nth-child(2)' })).toMatch(/^Merged with \d+ of \d+ approvals$/);
    expect(await step({ text: '.mr[data-iid="5"] div:nth-child(2)' })).toBe(
      'Closed without merging: no approvals pending',
    );
    expect(await step({ text: '.mr[data-iid="5"] .muted' })).toMatch(/^closed, authored by rita,/);
  });

  it('draws each burndown with its axes, first and last dates and labels (screenshot in docs/)', async () => {
    const chart = '#milestones li:has-text("v1.1") svg.burndown';
    await step({ waitFor: chart });
    expect(await texts(`${chart} text`)).toEqual(
      expect.arrayContaining(['open issues', '0', '2026-05-18', '2026-06-12', 'days (mock clock; today 2026-06-01)']),
    );
    expect(await texts(`${chart} line.axis`)).toHaveLength(2);
    await step({ screenshot: 'body', path: 'docs/inspector.png' });
  });

  it('shows a rotated token, struck out, beside the one that replaced it', async () => {
    const maria = new GitLab({ baseUrl: url, token: MARIA, retry: 0 });
    const ci = (await maria.projects.accessTokens.list('acme/platform/api')).items.find((t) => t.name === 'ci');
    const fresh = await maria.projects.accessTokens.rotate('acme/platform/api', ci?.id ?? 0);
    await step({ waitFor: `.token:has-text("rotated from token ${ci?.id}")` });
    expect(await texts('.token.dead')).toContainEqual(expect.stringMatching(new RegExp(`^ci #${ci?.id} .*rotated`)));
    expect(await texts('.token:not(.dead)')).toContainEqual(
      expect.stringMatching(new RegExp(`^ci #${fresh.id} .*rotated from token ${ci?.id}.*copy$`)),
    );
  });

  it('moves the clock (a token expires), then resets the world', async () => {
    expect(await texts('.token.dead:has-text("release-bot")')).toEqual([]);
    await step({ fill: '#days', value: '15' });
    await step({ click: '#advance' });
    await step({ waitFor: '.token.dead:has-text("release-bot")' });
    expect(await step({ text: '#clock' })).toBe('clock 2026-06-16 09:00 UTC');
    await step({ click: '#reset' });
    await step({ waitFor: '#clock:has-text("clock 2026-06-01 09:00 UTC")' });
    expect(await texts('.token.dead:has-text("release-bot")')).toEqual([]);
  });

  it('sets and clears a fault and a rate limit through the admin routes', async () => {
    await step({ fill: '#fault-path', value: '/projects/acme%2Fplatform%2Fweb/milestones' });
    await step({ click: '#fault-add' });
    await step({ waitFor: '#misbehaving:has-text("→ 503")' });
    const web = new GitLab({ baseUrl: url, token: MARIA, retry: 0 }).projects.milestones.list('acme/platform/web');
    await expect(web).rejects.toMatchObject({ status: 503 });
    await step({ waitFor: '#journal-rows tr.refused:has-text("503")', timeout: 1000 });
    await step({ click: '#fault-clear' });
    await step({ waitFor: '#misbehaving:has-text("no faults, no rate limits")' });
    await step({ fill: '#limit', value: '7' });
    await step({ click: '#limit-set' });
    await step({ waitFor: '#misbehaving:has-text("authenticated_api 7/60s")' });
    await step({ click: '#limit-clear' });
    await step({ waitFor: '#misbehaving:has-text("no faults, no rate limits")' });
  });

  it('downloads the world and loads it back; a bad document is refused by name and changes nothing', async () => {
    const document = JSON.parse((await step({ download: '#download' })) as string);
    expect(document.users.map((u: { username: string }) => u.username)).toContain('maria');
    const api = document.projects.find((p: { path: string }) => p.path === 'acme/platform/api');
    api.milestones[0].description = 'Reloaded from a file';
    await step({ upload: '#load', content: JSON.stringify(document) });
    await step({ waitFor: '#milestones .description:has-text("Reloaded from a file")' });

    await step({ upload: '#load', content: JSON.stringify({ users: 5 }) });
    await step({ waitFor: '#status:has-text("users")' });
    expect(await texts('#milestones .description')).toContain('Reloaded from a file');
  });
});

describe('off loopback', () => {
  let url: string;
  beforeAll(async () => {
    url = await commands.startInspectorServer('inspector-admin-token');
    await step({ open: `${url}/` });
  });
  afterAll(() => commands.stopInspectorServer());

  it('asks for the admin token and shows nothing of the world without it', async () => {
    await step({ waitFor: '#login:not([hidden])' });
    expect(await texts('#users tr')).toEqual([]);
    const refused = await fetch(`${url}/__mock/state`);
    expect(refused.status).toBe(401);
    await step({ fill: '#token', value: 'wrong' });
    await step({ click: '#login button' });
    await step({ waitFor: '#login-error:has-text("401")' });
    expect(await texts('#users tr')).toEqual([]);
  });

  it('shows the world once given the admin token', async () => {
    await step({ fill: '#token', value: 'inspector-admin-token' });
    await step({ click: '#login button' });
    await step({ waitFor: '#users tr[data-user="maria"]' });
  });
});

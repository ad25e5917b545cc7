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
  | { dialogs: true };

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
    await step({ waitFor: '#entry:has-text("response")' });
    const exchange = JSON.parse((await step({ text: '#entry' })) as string);
    expect(exchange.request_headers['private-token']).toBe('[REDACTED]');
    expect(exchange.response).toMatchObject({ status: 200, headers: { 'x-total': expect.any(String) } });
    expect(JSON.parse(exchange.response.body)).toEqual(expect.any(Array));
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
    expect(await step({ text: '#clock' })).toBe('2026-06-16T09:00:00.000Z');
    await step({ click: '#reset' });
    await step({ waitFor: '#clock:has-text("2026-06-01T09:00:00.000Z")' });
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

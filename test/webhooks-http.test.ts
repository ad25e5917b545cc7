import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type SeedDocument } from '../mock/index.js';
import { type RunningMockServer, startMockServer } from '../mock/node/index.js';
import { GitLab } from '../src/index.js';

// Webhooks over real HTTP: the CLI server's admin routes (deliveries, trigger, settled), the
// allow-list of hosts, and deliveries from a process whose fetch MSW's setupServer intercepts.

const API = 'acme/api';

async function receiver() {
  const received: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(text) });
      response.writeHead(200);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}/hook`, port, received, close };
}

const seed = (url: string): SeedDocument => ({
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'dev', token: 'glpat-dev' },
  ],
  groups: [{ path: 'acme', members: { dev: 40 } }],
  projects: [
    {
      path: API,
      milestones: [{ title: 'v1' }],
      merge_requests: [{ iid: 1, title: 'One', author: 'dev', source_branch: 'one' }],
      hooks: [{ url, token: 's3cret', events: { merge_requests_events: true, milestone_events: true } }],
    },
  ],
});

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function serve(url: string, options: Parameters<typeof startMockServer>[0] = {}) {
  const running: RunningMockServer = await startMockServer({ port: 0, seed: seed(url), ...options });
  cleanup.push(() => running.close());
  return running;
}

describe('the mock server', () => {
  it('delivers what the API caused, waits with POST /__mock/webhooks/settled and lists the deliveries', async () => {
    const r = await receiver();
    cleanup.push(r.close);
    const running = await serve(r.url);
    const gitlab = new GitLab({ baseUrl: running.url, token: 'glpat-dev', retry: 0 });
    const [milestone] = (await gitlab.projects.milestones.list(API)).items;
    await gitlab.projects.milestones.update(API, milestone?.id ?? 0, { state_event: 'close' });
    const settled = await fetch(`${running.url}/__mock/webhooks/settled`, { method: 'POST' });
    expect(settled.status).toBe(204);
    expect(r.received.map((x) => [x.headers['x-gitlab-event'], x.body.action])).toEqual([['Milestone Hook', 'close']]);
    expect(r.received[0]?.headers['x-gitlab-instance']).toBe(running.url);
    const deliveries = (await (await fetch(`${running.url}/__mock/webhooks/deliveries`)).json()) as {
      id: number;
      response_status: number;
    }[];
    expect(deliveries).toMatchObject([{ id: 1, response_status: 200, trigger: 'milestone_hooks' }]);
    const one = await fetch(`${running.url}/__mock/webhooks/deliveries/1`);
    expect(await one.json()).toMatchObject({ id: 1, request_headers: { 'X-Gitlab-Token': '[REDACTED]' } });
    expect((await fetch(`${running.url}/__mock/webhooks/deliveries/9`)).status).toBe(404);
    expect((await fetch(`${running.url}/__mock/webhooks/deliveries`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${running.url}/__mock/webhooks/deliveries`)).json()).toEqual([]);
  });

  it('triggers an event by name with POST /__mock/webhooks/trigger, and refuses a bad one by name', async () => {
    const r = await receiver();
    cleanup.push(r.close);
    const running = await serve(r.url);
    const post = (body: unknown) =>
      fetch(`${running.url}/__mock/webhooks/trigger`, { method: 'POST', body: JSON.stringify(body) });
    const ok = await post({ event: 'merge_request', action: 'approved', project: API, iid: 1 });
    expect(ok.status).toBe(202);
    expect(await ok.json()).toEqual({ hooks: 1 });
    const bad = await post({ event: 'merge_request', project: 'acme/nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'webhook trigger: no project acme/nope' });
    const unknown = await post({ event: 'pipeline' });
    expect(unknown.status).toBe(400);
    await fetch(`${running.url}/__mock/webhooks/settled`, { method: 'POST' });
    expect(r.received.map((x) => x.body.object_attributes)).toMatchObject([{ iid: 1, action: 'approved' }]);
  });

  it('calls a host other than loopback only when --allow-webhook-host names it', async () => {
    const r = await receiver();
    cleanup.push(r.close);
    // `127.0.0.1` is loopback; `0.0.0.0` is not, and reaches the same receiver when allowed.
    const elsewhere = r.url.replace('127.0.0.1', '0.0.0.0');
    const refused = await serve(elsewhere);
    const allowed = await serve(elsewhere, { webhooks: { allowHosts: ['0.0.0.0'] } });
    for (const running of [refused, allowed]) {
      await fetch(`${running.url}/__mock/webhooks/trigger`, {
        method: 'POST',
        body: JSON.stringify({ event: 'milestone', project: API }),
      });
      await fetch(`${running.url}/__mock/webhooks/settled`, { method: 'POST' });
    }
    expect(r.received).toHaveLength(1);
    const log = (await (await fetch(`${refused.url}/__mock/webhooks/deliveries`)).json()) as unknown[];
    expect(log).toMatchObject([{ outcome: 'blocked', internal_error_message: expect.stringContaining('0.0.0.0') }]);
  });
});

describe('under MSW setupServer', () => {
  it('reaches a real receiver though the global fetch is intercepted', async () => {
    const r = await receiver();
    cleanup.push(r.close);
    const mock = createMockGitLab({ baseUrl: 'https://gitlab.example.com', seed: seed(r.url) });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    cleanup.push(async () => server.close());
    const gitlab = new GitLab({ baseUrl: 'https://gitlab.example.com', token: 'glpat-dev', retry: 0 });
    await gitlab.projects.mergeRequests.update(API, 1, { title: 'Renamed' });
    await mock.webhooks.settled();
    expect(r.received.map((x) => (x.body.object_attributes as { action: string }).action)).toEqual(['update']);
    expect(mock.webhooks.deliveries[0]?.outcome).toBe('delivered');
  });
});

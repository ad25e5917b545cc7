import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, isPassthroughResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';
import { client } from './fixtures.js';

// The delivery engine of mock/webhooks/dispatcher.ts, in the test process (Stryker's suite): which hosts it
// calls, how it queues one hook's deliveries and several hooks', what it logs and journals, and
// what it lets through MSW's handlers. A receiver on 127.0.0.1 answers; `onRequest` runs before it does.

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

async function startReceiver() {
  const received: Received[] = [];
  const behaviour = {
    status: 200,
    delayMs: 0,
    body: 'ok',
    onRequest: async (_r: Received): Promise<void> => {},
  };
  let active = 0;
  const stats = { maxActive: 0 };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', async () => {
      active += 1;
      stats.maxActive = Math.max(stats.maxActive, active);
      const r = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text === '' ? {} : JSON.parse(text),
      };
      received.push(r);
      await behaviour.onRequest(r);
      setTimeout(() => {
        active -= 1;
        response.writeHead(behaviour.status, { 'content-type': 'text/plain' });
        response.end(behaviour.body);
      }, behaviour.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    behaviour,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const API = 'acme/api';

function seed(hooks: { url: string; token?: string; recent_failures?: number }[], extra: Partial<SeedDocument> = {}) {
  return {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'root', admin: true, token: 'glpat-root' },
      { username: 'maintainer', token: 'glpat-maintainer' },
    ],
    groups: [{ path: 'acme', members: { maintainer: 40 } }],
    projects: [
      {
        path: API,
        milestones: [{ title: 'v1' }],
        merge_requests: [{ iid: 1, title: 'One', author: 'maintainer', source_branch: 'one' }],
        hooks: hooks.map((h) => ({ ...h, events: { merge_requests_events: true, milestone_events: true } })),
      },
    ],
    ...extra,
  } satisfies SeedDocument;
}

let receiver: Receiver;
let mock: MockGitLab;
let cleanup: (() => Promise<void>)[] = [];

async function setup(
  hooks: (r: { url: string; port: number }) => { url: string; token?: string; recent_failures?: number }[],
  options: { timeout?: number; allowHosts?: string[] } = {},
  extra: (r: { url: string; port: number }) => Partial<SeedDocument> = () => ({}),
) {
  receiver = await startReceiver();
  cleanup.push(receiver.close);
  mock = createMockGitLab({
    seed: seed(hooks(receiver), extra(receiver)),
    webhooks: { timeout: 500, ...options },
  });
  cleanup.push(() => mock.webhooks.settled());
}

afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const trigger = () => mock.webhooks.trigger({ event: 'merge_request', action: 'update', project: API, iid: 1 });
const byUrl = (prefix: string) => mock.webhooks.deliveries.find((d) => d.url.startsWith(prefix));

describe('which hosts the mock calls: loopback and the allowed hosts, by the URL as parsed', () => {
  it('calls localhost, a name under .localhost, ::1 and any 127.x.y.z address', async () => {
    await setup(({ port }) =>
      [
        `http://localhost:${port}/a`,
        `http://hooks.localhost:${port}/b`,
        `http://[::1]:${port}/c`,
        `http://127.12.34.56:${port}/d`,
      ].map((url) => ({ url })),
    );
    expect(trigger()).toEqual({ hooks: 4 });
    await mock.webhooks.settled();
    const log = mock.webhooks.deliveries;
    expect(log).toHaveLength(4);
    // Called (answered, or the address had nothing listening): never refused for its host.
    for (const d of log) {
      expect(d.outcome, d.url).not.toBe('blocked');
      expect(d.internal_error_message ?? '', d.url).not.toMatch(/^URL is blocked/);
    }
  });

  it('refuses names that only look like loopback, with the offline rule’s reason', async () => {
    await setup(() =>
      ['http://127.0.0.1.example.test/a', 'http://localhost.example.test/b', 'http://x-localhost/c'].map((url) => ({
        url,
      })),
    );
    trigger();
    await mock.webhooks.settled();
    const log = mock.webhooks.deliveries;
    expect(log.map((d) => [d.outcome, d.internal_error_message])).toEqual([
      [
        'blocked',
        'URL is blocked: the mock calls only loopback addresses and the hosts it allows; allow 127.0.0.1.example.test with --allow-webhook-host 127.0.0.1.example.test (webhooks.allowHosts in-process)',
      ],
      [
        'blocked',
        'URL is blocked: the mock calls only loopback addresses and the hosts it allows; allow localhost.example.test with --allow-webhook-host localhost.example.test (webhooks.allowHosts in-process)',
      ],
      [
        'blocked',
        'URL is blocked: the mock calls only loopback addresses and the hosts it allows; allow x-localhost with --allow-webhook-host x-localhost (webhooks.allowHosts in-process)',
      ],
    ]);
  });

  it('calls an allowed host however its name is cased, and an allowed IPv6 address written in brackets', async () => {
    await setup(
      () => [
        { url: 'http://Hooks.Example.Test:9/a' },
        { url: 'http://[fd00::7]:9/b' },
        { url: 'http://other.example.test:9/c' },
      ],
      {
        timeout: 300,
        allowHosts: ['HOOKS.example.test', '[FD00::7]'],
      },
    );
    trigger();
    await mock.webhooks.settled();
    expect(byUrl('http://hooks.example.test')?.outcome).toBe('failed');
    expect(byUrl('http://[fd00::7]')?.outcome).toBe('failed');
    expect(byUrl('http://other.example.test')?.outcome).toBe('blocked');
  });
});

describe('the allowed hosts as written', () => {
  it('drops only the brackets around an IPv6 address, not one inside a name', async () => {
    await setup(() => [{ url: 'http://pq.example.test:9/a' }, { url: 'http://xy.example.test:9/b' }], {
      allowHosts: ['p[q.example.test', 'x]y.example.test'],
    });
    trigger();
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries.map((d) => d.outcome)).toEqual(['blocked', 'blocked']);
  });
});

describe('the delivery timeout option', () => {
  it('refuses a timeout that is not a positive number of milliseconds', () => {
    for (const timeout of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createMockGitLab({ webhooks: { timeout } }), String(timeout)).toThrow(
        new TypeError(`Invalid webhook timeout: ${String(timeout)}`),
      );
    }
    expect(() => createMockGitLab({ webhooks: { timeout: 0.5 } })).not.toThrow();
  });
});

describe('mock.handlers let a delivery through only while it is under way', () => {
  it('passes through the Webhook-UUID of a delivery under way, not one that is done, unknown or absent', async () => {
    await setup(({ url }) => [{ url: `${url}/hook` }]);
    const passes = async (uuid: string | undefined) => {
      const headers: Record<string, string> = uuid === undefined ? {} : { 'x-gitlab-webhook-uuid': uuid };
      const response = await getResponse(
        mock.handlers,
        new Request(`${receiver.url}/hook`, { method: 'POST', headers }),
      );
      return response !== undefined && isPassthroughResponse(response);
    };
    const during: boolean[] = [];
    receiver.behaviour.onRequest = async (r) => {
      during.push(await passes(String(r.headers['x-gitlab-webhook-uuid'])));
    };
    trigger();
    await mock.webhooks.settled();
    expect(during).toEqual([true]);
    const uuid = String(receiver.received[0]?.headers['x-gitlab-webhook-uuid']);
    expect(await passes(uuid)).toBe(false);
    expect(await passes(globalThis.crypto.randomUUID())).toBe(false);
    expect(await passes(undefined)).toBe(false);
  });
});

describe('the delivery log: the URL redacted, the answer kept, the journal entry', () => {
  it('redacts a password in the URL and secret-looking query values, keeping the others', async () => {
    await setup(({ port }) => [
      { url: `http://user:pa55@127.0.0.1:${port}/hook?private_token=t1&apiKey=k1&Signature=s1&page=2&state=open` },
    ]);
    trigger();
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries[0]?.url).toBe(
      `http://user:%5BREDACTED%5D@127.0.0.1:${receiver.port}/hook?private_token=%5BREDACTED%5D&apiKey=%5BREDACTED%5D&Signature=%5BREDACTED%5D&page=2&state=open`,
    );
    // The receiver was called at the URL as stored.
    expect(receiver.received[0]?.url).toBe('/hook?private_token=t1&apiKey=k1&Signature=s1&page=2&state=open');
  });

  it('redacts the same secrets in a URL that parses only with its variables put in, its placeholders as stored', async () => {
    // `{port}` is no port: the URL parses only as called, so its secrets are found by pattern.
    await setup(
      () => [],
      {},
      ({ port }) => ({
        projects: [
          {
            path: API,
            merge_requests: [{ iid: 1, title: 'One', author: 'maintainer', source_branch: 'one' }],
            hooks: [
              {
                url: 'http://user:pa55word@127.0.0.1:{port}/{path}?private_token=s3cret-value&page=2&apiKey={key}',
                url_variables: { port: String(port), path: 'hook', key: 'k3y-value' },
                events: { merge_requests_events: true },
              },
            ],
          },
        ],
      }),
    );
    trigger();
    await mock.webhooks.settled();
    expect(receiver.received[0]?.url).toBe('/hook?private_token=s3cret-value&page=2&apiKey=k3y-value');
    const url =
      'http://user:%5BREDACTED%5D@127.0.0.1:{port}/{path}?private_token=%5BREDACTED%5D&page=2&apiKey=%5BREDACTED%5D';
    expect(mock.webhooks.deliveries[0]).toMatchObject({ url, outcome: 'delivered' });
    expect(mock.requests.list().at(-1)?.path).toBe(url);
    for (const secret of ['pa55word', 's3cret-value', 'k3y-value']) {
      expect(JSON.stringify(mock.webhooks.deliveries)).not.toContain(secret);
      expect(JSON.stringify(mock.requests.list())).not.toContain(secret);
    }
  });

  it('redacts by pattern only the URL’s own password and secret query keys, not a path or a URL in a value', async () => {
    await setup(
      () => [],
      {},
      ({ port }) => ({
        projects: [
          {
            path: API,
            merge_requests: [{ iid: 1, title: 'One', author: 'maintainer', source_branch: 'one' }],
            hooks: [
              {
                url: 'http://127.0.0.1:{port}/hook/token=kept?next=http://u:p@x&secret_value=hidden',
                url_variables: { port: String(port) },
                events: { merge_requests_events: true },
              },
            ],
          },
        ],
      }),
    );
    trigger();
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries[0]).toMatchObject({
      url: 'http://127.0.0.1:{port}/hook/token=kept?next=http://u:p@x&secret_value=%5BREDACTED%5D',
      outcome: 'delivered',
    });
  });

  it('keeps the first 8 KB of an answer, and journals a delivered one without a reason', async () => {
    await setup(({ url }) => [{ url: `${url}/hook` }]);
    receiver.behaviour.body = 'x'.repeat(8 * 1024 + 10);
    receiver.behaviour.delayMs = 120;
    const before = performance.now();
    trigger();
    await mock.webhooks.settled();
    const waited = performance.now() - before;
    const [delivery] = mock.webhooks.deliveries;
    expect(delivery?.response_body).toBe('x'.repeat(8 * 1024));
    expect(delivery?.outcome).toBe('delivered');
    // Seconds, as GitLab's execution_duration; the journal's ms are the same time in milliseconds.
    expect(delivery?.execution_duration).toBeGreaterThanOrEqual(0.1);
    expect((delivery?.execution_duration ?? 0) * 1000).toBeLessThanOrEqual(waited + 1);
    const entry = mock.requests.list().at(-1);
    expect(entry).toMatchObject({ method: 'POST', status: 200, webhook: { delivery: 1, event: 'Merge Request Hook' } });
    expect(entry).not.toHaveProperty('reason');
    expect(entry?.ms).toBeCloseTo((delivery?.execution_duration ?? 0) * 1000, 6);
  });

  it('logs a refused delivery with no answer, and journals it with status 0 and the refusal as its reason', async () => {
    await setup(() => [{ url: 'http://10.1.2.3:9/hook' }]);
    trigger();
    await mock.webhooks.settled();
    const [delivery] = mock.webhooks.deliveries;
    const reason =
      'URL is blocked: the mock calls only loopback addresses and the hosts it allows; allow 10.1.2.3 with --allow-webhook-host 10.1.2.3 (webhooks.allowHosts in-process)';
    expect(delivery).toMatchObject({
      outcome: 'blocked',
      response_status: 'internal error',
      response_headers: {},
      response_body: '',
      internal_error_message: reason,
    });
    expect(mock.requests.list().at(-1)).toMatchObject({ status: 0, reason, webhook: { delivery: 1 } });
  });

  it('counts a 400 answer as a failure', async () => {
    await setup(({ url }) => [{ url: `${url}/hook` }]);
    receiver.behaviour.status = 400;
    trigger();
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries[0]).toMatchObject({
      response_status: 400,
      outcome: 'failed',
      hook_state: { before: { recent_failures: 0 }, after: { recent_failures: 1 } },
    });
  });

  it('logs a delivery whose hook was deleted while it was under way, with no hook state', async () => {
    await setup(({ url }) => [{ url: `${url}/hook` }]);
    const hookId = [...mock.world.projectHooks.keys()][0] ?? 0;
    receiver.behaviour.onRequest = async () => {
      await client(mock, 'glpat-maintainer').projects.hooks.delete(API, hookId);
    };
    trigger();
    await mock.webhooks.settled();
    expect(mock.world.projectHooks.size).toBe(0);
    expect(mock.webhooks.deliveries).toMatchObject([{ hook_id: hookId, outcome: 'delivered', hook_state: null }]);
  });

  it('keeps the last 1000 deliveries, dropping the oldest', async () => {
    // A system hook is never disabled, so every one of its refused deliveries is made and logged.
    await setup(
      () => [],
      {},
      () => ({ system_hooks: [{ url: 'http://10.1.2.3:9/system', events: { merge_requests_events: true } }] }),
    );
    for (let i = 0; i < 1001; i++) trigger();
    await mock.webhooks.settled();
    const log = mock.webhooks.deliveries;
    expect(log).toHaveLength(1000);
    expect([log[0]?.id, log.at(-1)?.id]).toEqual([2, 1001]);
  });
});

describe('the headers of a delivery', () => {
  it('sends a system hook any event as a System Hook', async () => {
    await setup(
      () => [],
      {},
      ({ url }) => ({ system_hooks: [{ url: `${url}/system`, events: { merge_requests_events: true } }] }),
    );
    trigger();
    await mock.webhooks.settled();
    expect(receiver.received[0]?.headers['x-gitlab-event']).toBe('System Hook');
    expect(mock.webhooks.deliveries[0]?.request_headers['X-Gitlab-Event']).toBe('System Hook');
    expect(mock.requests.list().at(-1)?.webhook?.event).toBe('System Hook');
  });

  it('drops line breaks from the token', async () => {
    await setup(({ url }) => [{ url: `${url}/hook`, token: 'ab\r\ncd\ne' }]);
    trigger();
    await mock.webhooks.settled();
    expect(receiver.received[0]?.headers['x-gitlab-token']).toBe('abcde');
  });
});

describe('the queue: one hook’s deliveries in order, different hooks’ side by side', () => {
  it('delivers to two hooks at once', async () => {
    await setup(({ url }) => [{ url: `${url}/a` }, { url: `${url}/b` }]);
    receiver.behaviour.delayMs = 150;
    trigger();
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => r.url).sort()).toEqual(['/a', '/b']);
    expect(receiver.stats.maxActive).toBe(2);
  });

  it('delivers one hook’s events one after the other, in order', async () => {
    await setup(({ url }) => [{ url: `${url}/a` }]);
    receiver.behaviour.delayMs = 100;
    mock.webhooks.trigger({ event: 'merge_request', action: 'open', project: API, iid: 1 });
    mock.webhooks.trigger({ event: 'merge_request', action: 'close', project: API, iid: 1 });
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => (r.body.object_attributes as { action: string }).action)).toEqual([
      'open',
      'close',
    ]);
    expect(receiver.stats.maxActive).toBe(1);
  });

  it('queues an event behind the hook’s delivery under way, even once an earlier one is done', async () => {
    await setup(({ url }) => [{ url: `${url}/a` }]);
    receiver.behaviour.delayMs = 100;
    receiver.behaviour.onRequest = async () => {
      // The first delivery is done; the second is under way: a third must wait for it.
      if (receiver.received.length === 2) trigger();
    };
    trigger();
    trigger();
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(3);
    expect(receiver.stats.maxActive).toBe(1);
  });

  it('does not hold a delivery after a reset behind one the reset left under way', async () => {
    await setup(({ url }) => [{ url: `${url}/a` }]);
    receiver.behaviour.delayMs = 200;
    receiver.behaviour.onRequest = async () => {
      if (receiver.received.length === 1) {
        mock.reset();
        trigger();
      }
    };
    trigger();
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.stats.maxActive).toBe(2);
    // The delivery under way at the reset finished unlogged.
    expect(mock.webhooks.deliveries.map((d) => d.id)).toEqual([1]);
  });

  it('does not deliver a queued event to a hook its earlier delivery disabled', async () => {
    // Three failures already: the next one disables the hook for a while (GitLab's WebHookService: `Hook disabled`).
    await setup(({ url }) => [{ url: `${url}/a`, recent_failures: 3 }]);
    receiver.behaviour.status = 500;
    trigger();
    trigger();
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(1);
    expect(mock.webhooks.deliveries).toMatchObject([
      { outcome: 'failed', hook_state: { after: { alert_status: 'temporarily_disabled', recent_failures: 4 } } },
    ]);
  });

  it('makes settled() wait for a test delivery under way', async () => {
    await setup(({ url }) => [{ url: `${url}/a` }]);
    receiver.behaviour.delayMs = 150;
    let arrived: () => void = () => {};
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    receiver.behaviour.onRequest = async () => arrived();
    const hookId = [...mock.world.projectHooks.keys()][0] ?? 0;
    const test = client(mock, 'glpat-maintainer').projects.hooks.test(API, hookId, 'merge_requests_events');
    await arrival;
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries).toMatchObject([{ id: 1, outcome: 'delivered' }]);
    await test;
  });
});

describe('resending a logged delivery', () => {
  it('sends it as its own kind of event, with the event’s X-Gitlab-Event-UUID and Idempotency-Key', async () => {
    await setup(({ url }) => [{ url: `${url}/a` }]);
    mock.webhooks.trigger({ event: 'milestone', project: API });
    await mock.webhooks.settled();
    const hookId = [...mock.world.projectHooks.keys()][0] ?? 0;
    expect(await client(mock, 'glpat-maintainer').projects.hooks.resendEvent(API, hookId, 1)).toEqual({
      response_status: 200,
    });
    const [first, again] = receiver.received;
    expect(again?.headers['x-gitlab-event']).toBe('Milestone Hook');
    expect(again?.headers['x-gitlab-event-uuid']).toBe(first?.headers['x-gitlab-event-uuid']);
    expect(again?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(again?.headers['x-gitlab-webhook-uuid']).not.toBe(first?.headers['x-gitlab-webhook-uuid']);
    expect(mock.webhooks.deliveries.map((d) => d.trigger)).toEqual(['milestone_hooks', 'milestone_hooks']);
  });
});

describe('a reset drops what the request before it queued', () => {
  it('drops a delivery queued by the last request, to a hook that was called before', async () => {
    await setup(({ url }) => [{ url: `${url}/a` }]);
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Delivered' });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(1);
    // The delivery waits for a timer: the request has answered, and the reset drops it before it starts.
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Dropped' });
    mock.reset();
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(1);
    expect(mock.webhooks.deliveries).toEqual([]);
  });
});

describe('delivery over fetch, where the runtime has no process.getBuiltinModule (a browser)', () => {
  /** A mock made while the runtime lacks `process.getBuiltinModule`: its deliveries go through `fetch`. */
  async function setupFetch(hookUrl: (r: Receiver) => string, timeout = 500) {
    receiver = await startReceiver();
    cleanup.push(receiver.close);
    const saved = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule');
    Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true, writable: true });
    try {
      mock = createMockGitLab({
        seed: seed([{ url: hookUrl(receiver), token: 'hook-secret' }]),
        webhooks: { timeout },
      });
    } finally {
      if (saved) Object.defineProperty(process, 'getBuiltinModule', saved);
    }
    cleanup.push(() => mock.webhooks.settled());
  }

  it('POSTs the payload with GitLab’s headers and logs the answer', async () => {
    await setupFetch((r) => `${r.url}/hook`);
    trigger();
    await mock.webhooks.settled();
    const [got] = receiver.received;
    expect(got).toMatchObject({
      method: 'POST',
      url: '/hook',
      headers: { 'x-gitlab-event': 'Merge Request Hook', 'x-gitlab-token': 'hook-secret' },
      body: { object_kind: 'merge_request', object_attributes: { iid: 1, action: 'update' } },
    });
    expect(mock.webhooks.deliveries[0]).toMatchObject({
      response_status: 200,
      response_headers: { 'content-type': 'text/plain' },
      response_body: 'ok',
      outcome: 'delivered',
      internal_error_message: null,
    });
  });

  it('logs a receiver that does not answer in time as GitLab’s read timeout', async () => {
    await setupFetch((r) => `${r.url}/hook`, 150);
    receiver.behaviour.delayMs = 600;
    trigger();
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries[0]).toMatchObject({
      response_status: 'internal error',
      outcome: 'failed',
      internal_error_message: 'Net::ReadTimeout with #<TCPSocket:(closed)>',
    });
  });

  it('logs any other failure as fetch reports it', async () => {
    // Nothing listens there any more.
    const closed = await startReceiver();
    await closed.close();
    await setupFetch(() => `${closed.url}/hook`);
    trigger();
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries[0]).toMatchObject({
      response_status: 'internal error',
      outcome: 'failed',
      internal_error_message: 'TypeError: fetch failed',
    });
  });
});

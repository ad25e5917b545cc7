import { setupWorker } from 'msw/browser';
import { HttpNetworkFrame } from 'msw/experimental';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { createMockGitLab, type MockGitLab } from '../../mock/index.js';
import { parseWebhook } from '../../src/index.js';
import { as, GITLAB_URL } from './setup.js';

// Webhooks in the MSW browser world: the mock's deliveries leave the page through `fetch` (the
// worker lets the mock's own deliveries pass, and nothing else) and reach a receiver on 127.0.0.1.

interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    startWebhookReceiver(): Promise<string>;
    webhookDeliveries(): Promise<Received[]>;
    stopWebhookReceiver(): Promise<void>;
  }
}

const API = 'acme/api';
let mock: MockGitLab;
let worker: ReturnType<typeof setupWorker>;
let receiver: string;

beforeAll(async () => {
  receiver = await commands.startWebhookReceiver();
  mock = createMockGitLab({
    baseUrl: GITLAB_URL,
    seed: {
      users: [
        { username: 'olivia', token: 'glpat-olivia' },
        { username: 'ravi', token: 'glpat-ravi' },
      ],
      groups: [{ path: 'acme', members: { olivia: 50, ravi: 30 } }],
      projects: [
        {
          path: API,
          milestones: [{ title: 'v1.0' }],
          hooks: [{ url: `${receiver}/gitlab`, token: 'hook-secret', events: { milestone_events: true } }],
        },
      ],
    },
  });
  worker = setupWorker(...mock.handlers);
  await worker.start({
    quiet: true,
    // As the suite's setup: anything else off the page's origin must be answered by the mock.
    onUnhandledFrame: ({ frame, defaults }) => {
      if (frame instanceof HttpNetworkFrame && new URL(frame.data.request.url).origin !== location.origin) {
        defaults.error();
      }
    },
  });
});

afterAll(async () => {
  worker.stop();
  await commands.stopWebhookReceiver();
});

describe('webhooks in a browser', () => {
  it('delivers a milestone closed through the page to a receiver on loopback, with GitLab headers', async () => {
    const olivia = as('glpat-olivia');
    const [v1] = await olivia.projects.milestones.list(API).toArray();
    await olivia.projects.milestones.update(API, v1?.id ?? 0, { state_event: 'close' });
    await mock.webhooks.settled();

    const [delivery, ...more] = await commands.webhookDeliveries();
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({
      method: 'POST',
      path: '/gitlab',
      headers: { 'x-gitlab-event': 'Milestone Hook', 'x-gitlab-token': 'hook-secret' },
      body: { object_kind: 'milestone', action: 'close', object_attributes: { title: 'v1.0', state: 'closed' } },
    });
    // What the receiver got is what GitLab sends: the SDK's models of GitLab's payloads take it.
    const parsed = await parseWebhook(
      { headers: delivery?.headers as Record<string, string>, body: JSON.stringify(delivery?.body) },
      { token: 'hook-secret' },
    );
    expect(parsed.event).toBe('Milestone Hook');
    expect(mock.webhooks.deliveries.map((d) => d.response_status)).toEqual([200]);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserCommand } from 'vitest/node';

// Server-side commands of test/browser/webhooks.test.ts: a webhook receiver on 127.0.0.1 that the
// mock's deliveries reach from Chromium through `fetch` (so it answers CORS as a receiver meant for
// browsers must), and what it received.

interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

let server: Server | undefined;
const received: Received[] = [];

export const startWebhookReceiver: BrowserCommand<[]> = async () => {
  received.length = 0;
  server = createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'POST',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(text),
      });
      response.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

export const webhookDeliveries: BrowserCommand<[]> = async () => received;

export const stopWebhookReceiver: BrowserCommand<[]> = async () => {
  await new Promise<void>((resolve) => {
    server?.closeAllConnections();
    server?.close(() => resolve()) ?? resolve();
  });
  server = undefined;
};

import { playwright } from '@vitest/browser-playwright';
import { msw } from 'msw/vite';
import { defineConfig } from 'vitest/config';
import { inspector, startInspectorServer, stopInspectorServer } from './test/browser/inspector-commands.js';
import { decideAtGitLab, startOAuthServer, stopOAuthServer } from './test/browser/sign-in-commands.js';
import { startWebhookReceiver, stopWebhookReceiver, webhookDeliveries } from './test/browser/webhook-commands.js';
import node from './vitest.config.js';

// The browser suite (`npm run test:browser`, CI only): the SDK and the mock's MSW worker in headless
// Chromium. It needs Debian's chromium at /usr/bin/chromium (or CHROMIUM set to another binary).
export default defineConfig({
  // The worker script is served by Vite at /mockServiceWorker.js: no `msw init`, no public/ folder.
  plugins: [msw({ mode: 'worker-only' })],
  resolve: node.resolve,
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 15_000,
    browser: {
      enabled: true,
      headless: true,
      instances: [{ browser: 'chromium' }],
      // The OAuth proof's server side (test/browser/sign-in.test.ts): the mock's HTTP server, a person at GitLab.
      // The inspector page's (test/browser/inspector.test.ts): the same server with the inspector in a tab.
      // The webhooks' (test/browser/webhooks.test.ts): a receiver the mock's deliveries reach through fetch.
      commands: {
        startOAuthServer,
        stopOAuthServer,
        decideAtGitLab,
        startInspectorServer,
        stopInspectorServer,
        inspector,
        startWebhookReceiver,
        webhookDeliveries,
        stopWebhookReceiver,
      },
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
          // As root without a sandbox, and no calls home: the machine's network is closed.
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      }),
    },
  },
});

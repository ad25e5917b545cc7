import type {} from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';
import { type RunningMockServer, startMockServer } from '../../mock/node/index.js';
import { APP } from './sign-in-app.js';

// Server-side commands of the browser suite's OAuth proof (vitest.browser.config.ts): the CLI's
// HTTP server with an OAuth application, and a person at GitLab in a new tab of the test's browser.

let server: RunningMockServer | undefined;

/** Starts the mock's HTTP server (on a free port, its clock on real time) and answers its URL. */
export const startOAuthServer: BrowserCommand<[]> = async () => {
  server ??= await startMockServer({
    port: 0,
    now: 'real',
    seed: {
      users: [
        { username: 'root', admin: true },
        { username: 'olivia', password: 'olivia-password', name: 'Olivia Ops' },
      ],
      groups: [{ path: 'acme', members: { olivia: 30 } }],
      projects: [{ path: 'acme/api', merge_requests: [{ iid: 1, title: 'Add login', author: 'root' }] }],
      applications: [
        {
          name: 'Browser app',
          redirect_uri: APP.redirectUri,
          scopes: 'api openid',
          application_id: APP.clientId,
          confidential: false,
        },
      ],
    },
  });
  return server.url;
};

/** Stops the server. */
export const stopOAuthServer: BrowserCommand<[]> = async () => {
  await server?.close();
  server = undefined;
};

/**
 * A person at GitLab: opens `url` in a new tab, signs in on the mock's page (unless the browser is), presses Authorize or
 * Deny on its consent page, and answers the URL GitLab sent the browser back to (the app's callback,
 * which the tab answers itself: app.test does not resolve).
 */
export const decideAtGitLab: BrowserCommand<[url: string, decision: 'Authorize' | 'Deny']> = async (
  { context },
  url,
  decision,
) => {
  const page = await context.newPage();
  try {
    await page.route(`${APP.redirectUri}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Back at the app</title>' }),
    );
    await page.goto(url);
    // Signed in already when an earlier test left the session cookie in the browser.
    if (new URL(page.url()).pathname.endsWith('/users/sign_in')) {
      await page.getByLabel('Username or primary email').fill('olivia');
      await page.getByLabel('Password').fill('olivia-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await page.getByRole('button', { name: decision }).click();
    await page.waitForURL(`${APP.redirectUri}?**`);
    return page.url();
  } finally {
    await page.close();
  }
};

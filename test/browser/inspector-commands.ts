import { join } from 'node:path';
import type {} from '@vitest/browser-playwright';
import type { Page } from 'playwright';
import type { BrowserCommand } from 'vitest/node';
import { type RunningMockServer, startMockServer } from '../../mock/node/index.js';
import { demoSeed } from '../../mock/seeds/demo.js';
import { ROOT } from '../cli-process.js';
import { XSS_TITLE } from './inspector-world.js';

// Server-side commands of the inspector page's tests (test/browser/inspector.test.ts): the CLI's HTTP
// server with the demo world (plus a milestone whose title is HTML), and the inspector open in a tab
// of the test's own Chromium, driven by selectors.

let server: RunningMockServer | undefined;
let page: Page | undefined;
const dialogs: string[] = [];

/** Starts the server: on loopback (open), or on 0.0.0.0 with `adminToken` (the page must ask for it). */
export const startInspectorServer: BrowserCommand<[adminToken?: string]> = async (_context, adminToken) => {
  const seed = structuredClone(demoSeed);
  const project = seed.projects?.find((p) => p.path === 'acme/platform/api');
  // GitLab strips markup from milestone titles (so does the mock): the HTML goes where GitLab keeps it as written.
  project?.milestones?.push({ title: 'Hostile', description: XSS_TITLE });
  project?.merge_requests?.push({ title: XSS_TITLE, author: 'dev', source_branch: 'graphql-spike' });
  seed.users?.push({ username: 'mallory', name: XSS_TITLE });
  server = await startMockServer({
    port: 0,
    host: adminToken === undefined ? '127.0.0.1' : '0.0.0.0',
    adminToken,
    seed,
  });
  return server.url.replace('0.0.0.0', '127.0.0.1');
};

/** Closes the tab and stops the server. */
export const stopInspectorServer: BrowserCommand<[]> = async () => {
  await page?.close();
  page = undefined;
  await server?.close();
  server = undefined;
};

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

/** One step on the inspector's tab; answers what the step reads (text, texts, a download's content). */
export const inspector: BrowserCommand<[step: Step]> = async ({ context }, step) => {
  if ('open' in step) {
    if (!page) {
      page = await context.newPage();
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
    }
    await page.goto(step.open);
    return null;
  }
  if (!page) throw new Error('open the inspector first');
  if ('text' in step) return page.locator(step.text).first().textContent();
  if ('texts' in step) return page.locator(step.texts).allTextContents();
  if ('click' in step) return page.locator(step.click).first().click();
  if ('fill' in step) return page.locator(step.fill).fill(step.value);
  if ('select' in step) return page.locator(step.select).selectOption(step.value);
  if ('waitFor' in step) {
    await page
      .locator(step.waitFor)
      .first()
      .waitFor({ timeout: step.timeout ?? 5000 });
    return true;
  }
  if ('upload' in step) {
    return page
      .locator(step.upload)
      .setInputFiles({ name: 'world.json', mimeType: 'application/json', buffer: Buffer.from(step.content) });
  }
  if ('download' in step) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(step.download).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  if ('screenshot' in step) {
    // For the docs (docs/inspector.md shows them): the element as Chromium draws it, under the repository.
    await page
      .locator(step.screenshot)
      .first()
      .screenshot({ path: join(ROOT, step.path), animations: 'disabled' });
    return null;
  }
  return dialogs.slice();
};

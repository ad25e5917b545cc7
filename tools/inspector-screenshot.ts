/**
 * Writes docs/inspector.png: the inspector page of the demo world after a few requests, in headless
 * Chromium (Debian's /usr/bin/chromium, or CHROMIUM). Run with `npx tsx tools/inspector-screenshot.ts`.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { demoSeed } from '../mock/index.js';
import { startMockServer } from '../mock/node/index.js';

const out = fileURLToPath(new URL('../docs/inspector.png', import.meta.url));
const server = await startMockServer({ port: 0, seed: demoSeed });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
  await page.goto(`${server.url}/`);
  await page.locator('#users tr[data-user="maria"]').waitFor();
  // A few requests, one of them refused, so the journal has something to show.
  const api = `${server.url}/api/v4/projects/acme%2Fplatform%2Fapi`;
  const as = (token: string) => ({ headers: { 'PRIVATE-TOKEN': token } });
  await fetch(`${api}/milestones?state=active`, as('glpat-maria-000000000000000'));
  await fetch(`${api}/merge_requests/3/approve`, { method: 'POST', ...as('glpat-omar-0000000000000000') });
  await fetch(`${api}/merge_requests/3/approvals`, as('glpat-gus-00000000000000000'));
  await page.locator('#journal-rows tr').nth(2).waitFor();
  await page.locator('.mr[data-iid="3"]').waitFor();
  await page.locator('#journal-rows tr').nth(1).click();
  await page.screenshot({ path: out, fullPage: false });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}

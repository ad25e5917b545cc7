/**
 * Runs every example in this folder, one after the other, against the bundled
 * mock; or against a real GitLab when GITLAB_URL and GITLAB_TOKEN are set, where an
 * example whose own variable (GITLAB_PROJECT, GITLAB_GROUP) is missing says so and
 * is skipped. `npm run demo`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const tsx = fileURLToPath(import.meta.resolve('tsx/cli'));
const examples = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'demo.ts')
  .map((entry) => entry.name)
  .sort();

for (const example of examples) {
  console.log(`\n━━ ${example} ${'━'.repeat(Math.max(0, 70 - example.length))}`);
  const run = spawnSync(process.execPath, [tsx, `${here}${example}`], {
    stdio: 'inherit',
    env: { ...process.env, EXAMPLES_DEMO: '1' },
  });
  if (run.status !== 0) {
    console.error(`${example} failed (exit code ${run.status ?? run.signal})`);
    process.exit(1);
  }
}

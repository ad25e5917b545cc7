import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli-process.js';

// A byte budget, not a timing: the browser bundle of the SDK must not grow unnoticed.
// Today: about 41 kB gzipped (see docs/performance.md); raise the budget only on purpose.
const BUDGET_BYTES = 44_000;

async function gzippedBundle(code: string): Promise<number> {
  const result = await build({
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).length;
}

describe('bundle size', () => {
  it(`keeps the whole SDK under ${BUDGET_BYTES} bytes gzipped, and one resource smaller`, async () => {
    const whole = await gzippedBundle(
      "import { GitLab } from './src/index.ts'; console.log(new GitLab({ baseUrl: 'https://x' }));",
    );
    const one = await gzippedBundle(
      "import { ProjectMilestones } from './src/index.ts'; console.log(new ProjectMilestones({ baseUrl: 'https://x' }));",
    );
    expect(whole).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(one).toBeLessThan(whole);
  });
});

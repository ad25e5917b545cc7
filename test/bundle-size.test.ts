import { describe, expect, it } from 'vitest';
import { bundleSize } from '../bench/lib.js';

// A byte budget, not a timing: the browser bundle of the SDK must not grow unnoticed.
// Today: about 41 kB gzipped (see docs/performance.md); raise the budget only on purpose.
const BUDGET_BYTES = 44_000;

describe('bundle size', () => {
  it(`keeps the whole SDK under ${BUDGET_BYTES} bytes gzipped, and one resource smaller`, async () => {
    const whole = await bundleSize(
      "import { GitLab } from './src/index.ts'; console.log(new GitLab({ baseUrl: 'https://x' }));",
    );
    const one = await bundleSize(
      "import { ProjectMilestones } from './src/index.ts'; console.log(new ProjectMilestones({ baseUrl: 'https://x' }));",
    );
    expect(whole).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(one).toBeLessThan(whole);
  });
});

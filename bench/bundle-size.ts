/**
 * 2. Bundle size: esbuild-minified, gzipped browser bundles of apps that import
 * this SDK (the built package: the whole client, one area's entry point, one
 * resource from the root) against @gitbeaker/rest, with the floors under them:
 * ky alone and zod/mini alone. And the mock's inspector page: its script and
 * styles as the server sends them, gzipped (issue 23: at most 30 kB).
 */
import { bundleSize, inspectorBytes, type Row, report } from './lib.js';

const newMilestones = "console.log(new ProjectMilestones({ baseUrl: 'https://x' }));";
const entries: Record<string, { code: string; platform?: 'node' }> = {
  '@gitbeaker/rest: Gitlab': { code: "import { Gitlab } from '@gitbeaker/rest'; console.log(Gitlab);" },
  '@gitbeaker/rest: one resource': {
    code: "import { ProjectMilestones } from '@gitbeaker/rest'; console.log(ProjectMilestones);",
  },
  'this SDK: GitLab': {
    code: "import { GitLab } from './dist/index.js'; console.log(new GitLab({ baseUrl: 'https://x' }));",
  },
  'this SDK: one area (gitlab-admin-sdk/milestones)': {
    code: `import { ProjectMilestones } from './dist/milestones.js'; ${newMilestones}`,
  },
  'this SDK: one resource from the root': {
    code: `import { ProjectMilestones } from './dist/index.js'; ${newMilestones}`,
  },
  'this SDK: GitLab, bundled for Node (with zod’s compiler)': {
    code: "import { GitLab } from './dist/index.js'; console.log(new GitLab({ baseUrl: 'https://x' }));",
    platform: 'node',
  },
  'ky alone': { code: "import ky from 'ky'; console.log(ky);" },
  'zod/mini alone (one object schema)': {
    code: "import * as z from 'zod/mini'; console.log(z.looseObject({ id: z.int() }).safeParse({}));",
  },
};
const sizes: Record<string, number> = {};
for (const [name, { code, platform }] of Object.entries(entries)) sizes[name] = await bundleSize(code, platform);

const kb = (name: string) => (sizes[name] as number) / 1000;
const gitbeaker = '@gitbeaker/rest: Gitlab';
const row = (figure: string, goal?: number): Row => ({
  benchmark: 'bundle-size',
  figure,
  value: kb(figure),
  unit: 'kB gzip',
  comparedTo: figure === gitbeaker ? undefined : gitbeaker,
  ratio: figure === gitbeaker ? undefined : kb(figure) / kb(gitbeaker),
  goal: goal === undefined ? undefined : `≤ ${goal.toFixed(2)}× @gitbeaker/rest`,
  met: goal === undefined ? undefined : kb(figure) <= goal * kb(gitbeaker),
});
report([
  row(gitbeaker),
  row('@gitbeaker/rest: one resource'),
  // Issue 41: no larger than before its forty new methods (0.45×).
  row('this SDK: GitLab', 0.45),
  row('this SDK: one area (gitlab-admin-sdk/milestones)', 0.35),
  row('this SDK: one resource from the root', 0.35),
  row('this SDK: GitLab, bundled for Node (with zod’s compiler)'),
  row('ky alone'),
  row('zod/mini alone (one object schema)'),
  {
    benchmark: 'bundle-size',
    figure: 'mock inspector page: script and styles',
    value: inspectorBytes() / 1000,
    unit: 'kB gzip',
    goal: '≤ 30 kB',
    met: inspectorBytes() <= 30_000,
  },
]);

/**
 * 2. Bundle size: esbuild-minified, gzipped browser bundles of an import of this
 * SDK (the whole client, and one resource alone) against @gitbeaker/rest.
 */
import { bundleSize, report } from './lib.js';

const entries = {
  'this SDK: GitLab': "import { GitLab } from './dist/index.js'; console.log(GitLab);",
  'this SDK: one resource':
    "import { ProjectMilestones } from './dist/index.js'; console.log(new ProjectMilestones({ baseUrl: 'https://x' }));",
  '@gitbeaker/rest: Gitlab': "import { Gitlab } from '@gitbeaker/rest'; console.log(Gitlab);",
  '@gitbeaker/rest: one resource':
    "import { ProjectMilestones } from '@gitbeaker/rest'; console.log(ProjectMilestones);",
};
const sizes: Record<string, number> = {};
for (const [name, code] of Object.entries(entries)) sizes[name] = await bundleSize(code);

const kb = (name: string) => (sizes[name] as number) / 1000;
const gitbeaker = '@gitbeaker/rest: Gitlab';
report([
  { benchmark: 'bundle-size', figure: gitbeaker, value: kb(gitbeaker), unit: 'kB gzip' },
  {
    benchmark: 'bundle-size',
    figure: '@gitbeaker/rest: one resource',
    value: kb('@gitbeaker/rest: one resource'),
    unit: 'kB gzip',
    comparedTo: gitbeaker,
    ratio: kb('@gitbeaker/rest: one resource') / kb(gitbeaker),
  },
  {
    benchmark: 'bundle-size',
    figure: 'this SDK: GitLab',
    value: kb('this SDK: GitLab'),
    unit: 'kB gzip',
    comparedTo: gitbeaker,
    ratio: kb('this SDK: GitLab') / kb(gitbeaker),
    goal: '≤ 0.5× @gitbeaker/rest',
    met: kb('this SDK: GitLab') <= 0.5 * kb(gitbeaker),
  },
  {
    benchmark: 'bundle-size',
    figure: 'this SDK: one resource',
    value: kb('this SDK: one resource'),
    unit: 'kB gzip',
    comparedTo: 'this SDK: GitLab',
    ratio: kb('this SDK: one resource') / kb('this SDK: GitLab'),
    goal: '< the whole SDK',
    met: kb('this SDK: one resource') < kb('this SDK: GitLab'),
  },
]);

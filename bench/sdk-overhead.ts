/**
 * 1. SDK call overhead: listing 20 milestones from a loopback server that serves
 * fixed bytes, through plain fetch + JSON.parse (the limit), this SDK with and
 * without validation, and @gitbeaker/rest.
 */
import { Gitlab } from '@gitbeaker/rest';
import { GitLab } from '../src/index.js';
import { compare, report, startProcess } from './lib.js';

const server = startProcess(new URL('./fixed-server.ts', import.meta.url).pathname);
const url = await server.ready;
const token = 'glpat-bench-000000000000000';

const sdk = new GitLab({ baseUrl: url, token });
const sdkRaw = new GitLab({ baseUrl: url, token, validateResponses: false });
const gitbeaker = new Gitlab({ host: url, token });

const times = await compare({
  fetch: async () =>
    JSON.parse(
      await (await fetch(`${url}/api/v4/projects/42/milestones`, { headers: { 'PRIVATE-TOKEN': token } })).text(),
    ),
  sdk: () => sdk.projects.milestones.list(42),
  'sdk (validation off)': () => sdkRaw.projects.milestones.list(42),
  gitbeaker: () => gitbeaker.ProjectMilestones.all(42, { maxPages: 1 }),
});
server.stop();

const fetchTime = times.fetch as number;
const row = (figure: string, comparedTo: string, goal?: string, limit?: number) => {
  const ratio = (times[figure] as number) / (times[comparedTo] as number);
  return {
    benchmark: 'sdk-overhead',
    figure,
    value: times[figure] as number,
    unit: 'µs/call',
    comparedTo,
    ratio,
    goal,
    met: limit === undefined ? undefined : ratio <= limit,
  };
};
report([
  { benchmark: 'sdk-overhead', figure: 'fetch', value: fetchTime, unit: 'µs/call' },
  row('sdk', 'fetch', '≤ 1.10× plain fetch', 1.1),
  row('sdk (validation off)', 'fetch'),
  row('gitbeaker', 'fetch'),
  row('sdk', 'gitbeaker', '< 1× @gitbeaker/rest', 1),
]);

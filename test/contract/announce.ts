import { wantsRealGitLab } from './target.js';

/** Says in one line what `npm run test:contract` runs against, and what it leaves out and why. */
export function describeRun(env: NodeJS.ProcessEnv): string {
  if (!wantsRealGitLab({ ...env, GITLAB_CONTRACT: '1' })) {
    return (
      'Contract scenarios: GITLAB_URL and GITLAB_TOKEN are not both set, so they run against the bundled mock only ' +
      '(set both to run them against a real GitLab; see docs/contract-tests.md).'
    );
  }
  const project = env.GITLAB_PROJECT
    ? `writing only in project ${env.GITLAB_PROJECT}`
    : 'read-only: GITLAB_PROJECT (a scratch project) is not set, so the scenarios that write are skipped';
  const group = env.GITLAB_GROUP
    ? `reading group ${env.GITLAB_GROUP}`
    : 'GITLAB_GROUP is not set, so the group scenarios are skipped';
  return `Contract scenarios: against ${env.GITLAB_URL}; ${project}; ${group}.`;
}

/** Vitest's global setup for `npm run test:contract`. */
export default function announce(): void {
  console.log(describeRun(process.env));
}

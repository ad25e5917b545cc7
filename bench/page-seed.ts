/**
 * The pages clients fetch (issue 40): the demo seed with one more project, `acme/platform/pages`,
 * holding 100 milestones and 20 merge requests, so that the server benchmarks can ask for GitLab's
 * default page (20), its largest (100) and the demo's own page of 4 from one server.
 */
import type { SeedDocument } from '../mock/index.js';
import { demoSeed } from '../mock/index.js';

/** The project of the pages, and the token that reads them (maria, Owner of acme). */
export const PAGES_PROJECT = 'acme/platform/pages';
export const PAGES_TOKEN = 'glpat-maria-000000000000000';

/** The paths the benchmarks load, under the server's origin: the page of each size. */
export const PAGE_PATHS = {
  /** The demo seed's milestone list of `acme/platform/api`: a page of 4 (the bench's case before issue 40). */
  milestones4: '/api/v4/projects/acme%2Fplatform%2Fapi/milestones',
  /** GitLab's default page: 20 milestones of 100. */
  milestones20: '/api/v4/projects/acme%2Fplatform%2Fpages/milestones',
  /** GitLab's largest page: 100 milestones. */
  milestones100: '/api/v4/projects/acme%2Fplatform%2Fpages/milestones?per_page=100',
  /** 20 merge requests: MergeRequestBasic, the largest entity the mock presents in a list. */
  mergeRequests20: '/api/v4/projects/acme%2Fplatform%2Fpages/merge_requests',
} as const;
export type PageName = keyof typeof PAGE_PATHS;

const people = ['maria', 'omar', 'dev', 'paula', 'rita'];

/** The demo seed, with `acme/platform/pages` added. */
export function pageSeed(): SeedDocument {
  return {
    ...demoSeed,
    projects: [
      ...(demoSeed.projects ?? []),
      {
        path: PAGES_PROJECT,
        name: 'Pages',
        description: 'A project with GitLab-sized pages.',
        visibility: 'private',
        members: { dev: 30, rita: 20 },
        branches: Array.from({ length: 20 }, (_, i) => `feature-${i}`),
        labels: [
          { name: 'bug', color: '#e6a23c' },
          { name: 'feature', color: '#5cb85c' },
          { name: 'backend', color: '#428bca' },
        ],
        milestones: Array.from({ length: 100 }, (_, i) => ({
          title: `v2.${i}`,
          description: `Release 2.${i}: login, tokens, approvals and the burndown chart.`,
          ...(i % 3 === 0 ? { state: 'closed' as const } : {}),
          start_date: '2026-05-01',
          due_date: '2026-06-30',
          created_at: '2026-05-01T10:00:00Z',
          updated_at: '2026-05-20T12:30:00Z',
        })),
        merge_requests: Array.from({ length: 20 }, (_, i) => ({
          title: `Change ${i}: tokens and approvals`,
          description: `Merge request ${i}: rotates the tokens and checks the approvals.`,
          author: people[i % people.length] as string,
          assignees: [people[(i + 1) % people.length] as string],
          reviewers: [people[(i + 2) % people.length] as string],
          labels: i % 2 === 0 ? ['bug', 'backend'] : ['feature'],
          milestone: `v2.${i}`,
          source_branch: `feature-${i}`,
          created_at: '2026-05-10T10:00:00Z',
        })),
      },
    ],
  };
}

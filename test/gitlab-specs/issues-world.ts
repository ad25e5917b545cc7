import { expect } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { api, hasPaginationHeaders } from './api.js';

/**
 * The world of GitLab's `spec/requests/api/issues/*_spec.rb` (their shared `let_it_be` records:
 * `user`'s public project, its milestones, label and three issues) and the helpers their ports share.
 */

export const NOW = Date.parse('2026-06-01T12:00:00Z');
export const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();
export const daysAgo = (days: number) => hoursAgo(days * 24);
/** GitLab's `generate(:past_time)`: a few hours ago, later for each issue made. */
export const pastTime = (n: number) => new Date(NOW - 4 * 3_600_000 + 2 * n * 1000).toISOString();

export const USER = 'glpat-spec-user';
export const USER2 = 'glpat-spec-user2';
export const AUTHOR = 'glpat-spec-author';
export const ADMIN = 'glpat-spec-admin';
export const CURRENT = 'glpat-spec-current';
export const GUEST = 'glpat-spec-guest';
export const ASSIGNEE = 'glpat-spec-assignee';
export const OWNER = 'glpat-spec-owner';
export const DEVELOPER = 'glpat-spec-developer';
export const NON_MEMBER = 'glpat-spec-non-member';
export const NON_MEMBER_ADMIN_MODE = 'glpat-spec-non-member-admin-mode';
export const ADMIN_MODE = 'glpat-spec-admin-mode';
export const PROJECT_ISSUES = '/projects/user%2Fproject/issues';

export type SeedIssue = NonNullable<NonNullable<SeedDocument['projects']>[number]['issues']>[number];
export type SeedProject = NonNullable<SeedDocument['projects']>[number];

/** The spec's `let_it_be` issues of `project`, oldest first (GitLab's `past_time` sequence). */
export const specIssues: SeedIssue[] = [
  {
    title: 'sit amet',
    author: 'user',
    assignees: ['user'],
    milestone: '1.0.0',
    created_at: pastTime(1),
    events: [{ action: 'closed', at: hoursAgo(1) }],
    updated_at: hoursAgo(3),
    closed_at: hoursAgo(1),
  },
  {
    title: 'confidential',
    author: 'author',
    assignees: ['assignee'],
    confidential: true,
    created_at: pastTime(2),
    updated_at: hoursAgo(2),
  },
  {
    title: 'foo',
    description: 'bar',
    author: 'user',
    assignees: ['user'],
    milestone: '1.0.0',
    labels: ['label'],
    created_at: pastTime(3),
    updated_at: hoursAgo(1),
  },
];

export interface WorldOptions {
  /** Issues made in the example, after the spec's own. */
  issues?: SeedIssue[];
  /** Labels besides the spec's `label`. */
  labels?: string[];
  /** Projects besides `user/project`. */
  projects?: SeedProject[];
  instance?: SeedDocument['instance'];
  /** The description of the issue titled `foo` (default `bar`). */
  description?: string;
  /** Groups besides the spec's `group`. */
  groups?: NonNullable<SeedDocument['groups']>;
  /** put_projects_issues_spec's project: `owner`'s, where `user` is a Reporter and `guest` a Guest. */
  ownersProject?: boolean;
  /** Ids for the spec's three issues past every iid (so that an id names no issue by iid). */
  largeIds?: boolean;
  /** Labels the issue titled `foo` carries (default `label`). */
  fooLabels?: string[];
  /** Milestones besides `1.0.0` and `2.0.0`. */
  milestones?: NonNullable<SeedProject['milestones']>;
}

/** The users of GitLab's issue specs (their `let_it_be` users), each with a token where an example calls as them. */
export const SPEC_USERS: NonNullable<SeedDocument['users']> = [
  { username: 'user', token: USER },
  { username: 'user2', token: USER2 },
  { username: 'non_member', token: NON_MEMBER },
  // A second token of a user who is no administrator, with the admin_mode scope.
  { username: 'non_member_in_mode', token: NON_MEMBER_ADMIN_MODE, scopes: ['api', 'admin_mode'] },
  { username: 'guest', token: GUEST },
  { username: 'developer', token: DEVELOPER },
  { username: 'planner' },
  { username: 'owner', token: OWNER },
  { username: 'author', token: AUTHOR },
  { username: 'assignee', token: ASSIGNEE },
  { username: 'another_assignee' },
  { username: 'admin', admin: true, token: ADMIN },
  { username: 'admin_in_mode', admin: true, token: ADMIN_MODE, scopes: ['api', 'admin_mode'] },
  { username: 'current_user', token: CURRENT },
];

/** The spec's world: `user`'s public project with its milestones, label and three issues. */
export function world(options: WorldOptions = {}): MockGitLab {
  return createMockGitLab({
    seed: {
      now: new Date(NOW).toISOString(),
      ...(options.instance && { instance: options.instance }),
      users: SPEC_USERS,
      // An OAuth application that may ask for `ai_workflows` (the examples' `oauth_access_token`).
      applications: [
        {
          name: 'duo',
          redirect_uri: DUO_REDIRECT,
          scopes: 'ai_workflows',
          application_id: 'duo',
          secret: 'duo-secret',
        },
      ],
      groups: [{ path: 'group' }, ...(options.groups ?? [])],
      projects: [
        {
          path: options.ownersProject ? 'owner/project' : 'user/project',
          visibility: 'public',
          members: options.ownersProject
            ? { user: 20, guest: 10 }
            : { user: 20, guest: 10, planner: 15, owner: 50, developer: 30 },
          milestones: [{ title: '1.0.0' }, { title: '2.0.0' }, ...(options.milestones ?? [])],
          labels: [{ name: 'label', color: '#FFAABB' }, ...(options.labels ?? []).map((name) => ({ name }))],
          issues: [
            ...specIssues.map((issue, index) => ({
              ...issue,
              ...(options.largeIds && { id: 101 + index }),
              ...(issue.title === 'foo' && options.description !== undefined && { description: options.description }),
              ...(issue.title === 'foo' && options.fooLabels && { labels: options.fooLabels }),
            })),
            ...(options.issues ?? []),
          ],
        },
        ...(options.projects ?? []),
      ],
    },
  });
}

const DUO_REDIRECT = 'http://localhost:3000/cb';

/** An OAuth access token of `user` with only the `ai_workflows` scope (GitLab's `create(:oauth_access_token, scopes: [:ai_workflows])`). */
export async function aiWorkflowsToken(mock: MockGitLab, user = 'user'): Promise<string> {
  const { code } = mock.oauth.authorize({ user, clientId: 'duo', redirectUri: DUO_REDIRECT, scopes: ['ai_workflows'] });
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: DUO_REDIRECT,
    client_id: 'duo',
    client_secret: 'duo-secret',
  });
  const answer = await mock.fetch(`${mock.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The id of the issue titled `title` (titles are unique in each example's world). */
export function idOf(mock: MockGitLab, title: string): number {
  const found = [...mock.world.issues.values()].find((issue) => issue.title === title);
  if (!found) throw new Error(`no issue ${title}`);
  return found.id;
}

/** A user's id by username. */
export function userId(mock: MockGitLab, username: string): number {
  const found = [...mock.world.users.values()].find((user) => user.username === username);
  if (!found) throw new Error(`no user ${username}`);
  return found.id;
}

export const idsOf = (body: { id: number }[]) => body.map((issue) => issue.id);

/**
 * GitLab's `expect_paginated_array_response`: 200, the pagination headers, and these issues in any
 * order (`match_array`); `ordered` where the example is about the order.
 */
export function expectPaginated(mock: MockGitLab, answer: Answer, titles: string[], ordered = false) {
  expect(answer.status).toBe(200);
  expect(hasPaginationHeaders(answer.headers)).toBe(true);
  const expected = titles.map((title) => idOf(mock, title));
  if (ordered) expect(idsOf(answer.body)).toEqual(expected);
  else expect(idsOf(answer.body).sort()).toEqual(expected.sort());
}

export type Answer = Awaited<ReturnType<typeof api>>;

/** GET /issues as `token` with `params`, expecting the issues titled `titles`. */
export async function listed(
  mock: MockGitLab,
  token: string | undefined,
  params: Record<string, unknown>,
  titles: string[],
  ordered = false,
) {
  return listedAt(mock, '/issues', token, params, titles, ordered);
}

/** GET `route` as `token` with `params`, expecting the issues titled `titles`. */
export async function listedAt(
  mock: MockGitLab,
  route: string,
  token: string | undefined,
  params: Record<string, unknown>,
  titles: string[],
  ordered = false,
) {
  const answer = await api(mock, 'GET', route, token, params);
  expectPaginated(mock, answer, titles, ordered);
  return answer;
}

export const ISSUE = 'foo';
export const CLOSED = 'sit amet';
export const CONFIDENTIAL = 'confidential';

/** The counts of the issue statistics. */
export interface Counts {
  all: number;
  closed: number;
  opened: number;
}

/** GitLab's shared examples '... issues statistics': GET `route` as `token` answers 200 and these counts. */
export async function expectStatistics(
  mock: MockGitLab,
  route: string,
  token: string | undefined,
  params: Record<string, unknown>,
  counts: Counts,
) {
  const answer = await api(mock, 'GET', route, token, params);
  expect(answer.status).toBe(200);
  expect(answer.body.statistics.counts).toEqual(counts);
}

/**
 * The shared example 'returns basic label entity': the first issue's labels are these, as LabelBasic
 * entities (GitLab's `public_api/v4/label_basic` schema).
 */
export function expectLabelEntities(answer: Answer, names: string[]) {
  expect(answer.body[0].labels.map((label: { name: string }) => label.name)).toEqual(names);
  expect(Object.keys(answer.body[0].labels[0]).sort()).toEqual([
    'color',
    'description',
    'description_html',
    'id',
    'name',
    'text_color',
  ]);
}

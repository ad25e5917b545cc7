import { createMockGitLab, type MockGitLab, type SeedDocument } from '../mock/index.js';

/**
 * The world of the approval suites: a hosted Premium group `acme` with a
 * subgroup, a private project with protected branches and an open merge
 * request by `author` with commits by `committer`, a private group `security`
 * that members of `acme` cannot see, a token bot, a Free group, and one user
 * per role. Group approval rules are on (the feature flag).
 */
export const approvalsSeed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted', feature_flags: ['approval_group_rules'] },
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'dev', token: 'glpat-dev', password: 'dev-pass' },
    { username: 'reviewer', token: 'glpat-reviewer' },
    { username: 'author', token: 'glpat-author' },
    { username: 'committer', token: 'glpat-committer' },
    { username: 'reporter', token: 'glpat-reporter' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
    { username: 'auditor', token: 'glpat-auditor' },
  ],
  groups: [
    { path: 'acme', plan: 'premium', members: { owner: 50 } },
    {
      path: 'acme/platform',
      members: { maintainer: 40, dev: 30, reviewer: 30, author: 30, committer: 30, reporter: 20, guest: 10 },
    },
    { path: 'security', plan: 'premium', members: { auditor: 30 } },
    { path: 'free-corp', plan: 'free', members: { owner: 50 } },
  ],
  projects: [
    {
      path: 'acme/platform/api',
      protected_branches: ['main', 'release/*'],
      access_tokens: [{ name: 'ci', scopes: ['api'], access_level: 30, token: 'glpat-bot' }],
      merge_requests: [
        {
          iid: 1,
          title: 'Add login',
          author: 'author',
          committers: ['author', 'committer'],
          sha: '3f786850e387550fdab836ed7e6dc881de23001b',
        },
        { iid: 2, title: 'Release notes', author: 'dev', target_branch: 'release/1.0', state: 'merged' },
        { iid: 3, title: 'Spike', author: 'dev', target_branch: 'spike' },
      ],
    },
    {
      path: 'free-corp/tool',
      merge_requests: [{ iid: 1, title: 'Free', author: 'owner' }],
    },
  ],
};

export const API = 'acme/platform/api';
export const HEAD = '3f786850e387550fdab836ed7e6dc881de23001b';

/** A fresh mock of {@link approvalsSeed}. */
export const createApprovalsMock = (): MockGitLab => createMockGitLab({ seed: approvalsSeed });

/** The user id of a username in a mock. */
export function userId(mock: MockGitLab, username: string): number {
  const user = mock.users[username];
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}

/** The id of a group by full path. */
export function groupId(mock: MockGitLab, path: string): number {
  for (const group of mock.world.groups.values()) if (group.full_path === path) return group.id;
  throw new Error(`no group ${path}`);
}

import type { SeedDocument } from '../seed/document.js';

/**
 * The demo world: what `gitlab-admin-mock --seed demo` (the default) serves,
 * and what the docs and examples print. Every area is in use: roles 10..50,
 * a hosted Ultimate group with SAML/SCIM and a subgroup, a private project with
 * protected branches, milestones in every state (closed, expired, active
 * across "now", undated) and a group milestone, weighted issues with close and
 * reopen events for burndown charts, merge requests, project access tokens
 * (active, expiring soon, revoked), a personal project, OAuth applications and SCIM
 * identities. The clock is fixed at 2026-06-01T09:00:00Z and every token is a
 * fixed, readable value.
 *
 * | user    | role                                     | token                          |
 * | ------- | ---------------------------------------- | ------------------------------ |
 * | `root`  | instance admin                           | `glpat-root-0000000000000000`  |
 * | `maria` | Owner of `acme` (owns `maria/sandbox`)   | `glpat-maria-000000000000000`  |
 * | `omar`  | Maintainer of `acme/platform`            | `glpat-omar-0000000000000000`  |
 * | `dev`   | Developer of `acme/platform/api`         | `glpat-dev-00000000000000000`  |
 * | `paula` | Planner of `acme/platform/api`           | `glpat-paula-000000000000000`  |
 * | `rita`  | Reporter of `acme/platform/api`          | `glpat-rita-0000000000000000`  |
 * | `gus`   | Guest of `acme/platform/api`             | `glpat-gus-00000000000000000`  |
 *
 * Project access tokens of `acme/platform/api`: `ci` (Maintainer, active,
 * `glpat-ci-000000000000000000`), `release-bot` (Developer, expires 2026-06-12,
 * `glpat-release-0000000000000`) and `old-deploy` (revoked,
 * `glpat-deploy-00000000000000`).
 *
 * Approvals: the instance forbids authors to approve, `acme` forbids committers
 * and resets approvals on push, and has a group rule `Compliance` (maria).
 * `acme/platform/api` has rules that meet the policy of
 * `examples/approval-audit.ts`; `acme/platform/web` keeps the defaults and
 * does not. Merge requests !2 and !3 of the API have approvals.
 *
 * @example
 * ```ts
 * import { GitLab } from 'gitlab-admin-sdk';
 * import { createMockGitLab, demoSeed } from 'gitlab-admin-sdk/mock';
 *
 * const mock = createMockGitLab({ seed: demoSeed });
 * const gitlab = new GitLab({ baseUrl: mock.baseUrl, token: 'glpat-maria-000000000000000', fetch: mock.fetch });
 * const milestones = await gitlab.projects.milestones.list('acme/platform/api', { state: 'active' });
 * ```
 */
export const demoSeed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: {
    offering: 'hosted',
    plan: 'ultimate',
    require_token_expiry: true,
    feature_flags: ['approval_group_rules'],
    approval_settings: { allow_author_approval: false },
  },
  users: [
    {
      username: 'root',
      name: 'Administrator',
      email: 'admin@acme.example.com',
      admin: true,
      password: 's3cret',
      token: 'glpat-root-0000000000000000',
    },
    { username: 'maria', name: 'Maria Rossi', email: 'maria@acme.example.com', token: 'glpat-maria-000000000000000' },
    { username: 'omar', name: 'Omar Haddad', email: 'omar@acme.example.com', token: 'glpat-omar-0000000000000000' },
    { username: 'dev', name: 'Dev Patel', email: 'dev@acme.example.com', token: 'glpat-dev-00000000000000000' },
    { username: 'paula', name: 'Paula Novak', email: 'paula@acme.example.com', token: 'glpat-paula-000000000000000' },
    { username: 'rita', name: 'Rita Sousa', email: 'rita@acme.example.com', token: 'glpat-rita-0000000000000000' },
    {
      username: 'gus',
      name: 'Gus Lindqvist',
      email: 'gus@contractor.example.com',
      token: 'glpat-gus-00000000000000000',
      scopes: ['read_api'],
    },
  ],
  groups: [
    {
      path: 'acme',
      name: 'Acme',
      description: 'Acme Corporation',
      visibility: 'private',
      plan: 'ultimate',
      saml_scim: true,
      members: { maria: 50 },
      approval_settings: { retain_approvals_on_push: false, allow_committer_approval: false },
      // Group approval rules apply to every protected branch of acme's projects.
      approval_rules: [{ name: 'Compliance', approvals_required: 1, users: ['maria'] }],
      milestones: [
        {
          title: 'FY26 Q2',
          description: 'Company-wide goals for April to June 2026.',
          start_date: '2026-04-01',
          due_date: '2026-06-30',
          created_at: '2026-03-25T08:00:00Z',
        },
      ],
    },
    {
      path: 'acme/platform',
      name: 'Platform',
      description: 'APIs and shared services',
      members: { omar: 40 },
    },
  ],
  projects: [
    {
      path: 'acme/platform/api',
      name: 'API',
      description: 'The Acme public API.',
      visibility: 'private',
      // gus is a contractor: his membership ends with 2030, and maria added him.
      members: {
        dev: 30,
        paula: 15,
        rita: 20,
        gus: { access_level: 10, expires_at: '2030-12-31', created_by: 'maria' },
      },
      // The repository: main (the default), a release branch the wildcard protects, and the merge requests' branches.
      branches: ['release/1.0'],
      protected_branches: ['main', 'release/*'],
      // Meets the approval policy of examples/approval-audit.ts.
      approval_settings: { allow_overrides_to_approver_list_per_merge_request: false },
      approval_rules: [
        { name: 'All Members', rule_type: 'any_approver', approvals_required: 2 },
        { name: 'Backend', approvals_required: 1, users: ['omar', 'dev', 'rita'], protected_branches: ['main'] },
        { name: 'Security', approvals_required: 1, groups: ['acme'], applies_to_all_protected_branches: true },
      ],
      // The labels its issues and merge requests carry, with priorities for order_by=label_priority.
      labels: [
        { name: 'security', color: '#d9534f', description: 'Security findings', priority: 0 },
        { name: 'bug', color: '#e6a23c', description: 'Something is broken', priority: 1 },
        { name: 'feature', color: '#5cb85c' },
        { name: 'ci', color: '#428bca' },
        { name: 'docs', color: '#6699cc' },
      ],
      milestones: [
        {
          title: 'v0.9',
          description: 'First internal preview.',
          state: 'closed',
          start_date: '2026-03-01',
          due_date: '2026-03-31',
          created_at: '2026-02-20T10:00:00Z',
          updated_at: '2026-04-01T08:30:00Z',
        },
        {
          title: 'v1.0',
          description: 'General availability. Past its due date with work left over.',
          start_date: '2026-04-01',
          due_date: '2026-05-15',
          created_at: '2026-03-20T10:00:00Z',
        },
        {
          title: 'v1.1',
          description: 'Token rotation, approval rules and SCIM fixes.',
          start_date: '2026-05-18',
          due_date: '2026-06-12',
          created_at: '2026-05-11T10:00:00Z',
        },
        {
          title: 'Backlog',
          description: 'Ideas without a date.',
          created_at: '2026-01-15T10:00:00Z',
        },
      ],
      issues: [
        // v0.9 (closed milestone): all done.
        {
          title: 'Project skeleton and health check',
          author: 'omar',
          assignees: ['dev'],
          milestone: 'v0.9',
          weight: 1,
          created_at: '2026-03-02T09:00:00Z',
          events: [{ action: 'closed', at: '2026-03-05T15:00:00Z' }],
        },
        {
          title: 'Set up the CI pipeline',
          author: 'omar',
          assignees: ['omar'],
          milestone: 'v0.9',
          weight: 2,
          labels: ['ci'],
          created_at: '2026-03-02T09:30:00Z',
          events: [{ action: 'closed', at: '2026-03-10T11:00:00Z' }],
        },
        // v1.0 (expired): one issue reopened and closed again, one left open.
        {
          title: 'Login fails with SSO accounts',
          author: 'rita',
          assignees: ['dev'],
          milestone: 'v1.0',
          weight: 3,
          labels: ['bug'],
          created_at: '2026-04-02T10:00:00Z',
          events: [{ action: 'closed', at: '2026-04-20T12:00:00Z' }],
        },
        {
          title: 'Rate-limit the token endpoint',
          author: 'omar',
          assignees: ['dev'],
          milestone: 'v1.0',
          weight: 5,
          labels: ['security'],
          created_at: '2026-04-03T08:00:00Z',
          events: [
            { action: 'closed', at: '2026-05-02T17:00:00Z' },
            { action: 'reopened', at: '2026-05-06T09:00:00Z' },
            { action: 'closed', at: '2026-05-14T16:30:00Z' },
          ],
        },
        {
          title: 'Audit log export',
          author: 'maria',
          assignees: ['omar'],
          milestone: 'v1.0',
          weight: 8,
          labels: ['feature'],
          created_at: '2026-04-10T14:00:00Z',
        },
        // v1.1 (active, 2026-05-18 .. 2026-06-12): a burndown in progress.
        {
          title: 'Rotate project access tokens from the UI',
          author: 'paula',
          assignees: ['dev'],
          milestone: 'v1.1',
          weight: 5,
          labels: ['feature'],
          created_at: '2026-05-18T09:00:00Z',
          events: [{ action: 'closed', at: '2026-05-22T16:00:00Z' }],
        },
        {
          title: 'Approval rules for protected branches',
          author: 'paula',
          assignees: ['omar'],
          milestone: 'v1.1',
          weight: 8,
          labels: ['feature'],
          created_at: '2026-05-18T10:00:00Z',
          events: [{ action: 'closed', at: '2026-05-28T11:00:00Z' }],
        },
        {
          title: 'SCIM deprovisioning leaves group members behind',
          author: 'maria',
          assignees: ['dev'],
          milestone: 'v1.1',
          weight: 3,
          labels: ['bug'],
          created_at: '2026-05-19T08:00:00Z',
          events: [
            { action: 'closed', at: '2026-05-21T13:00:00Z' },
            { action: 'reopened', at: '2026-05-25T09:30:00Z' },
          ],
        },
        {
          title: 'Milestone burndown endpoint',
          author: 'paula',
          assignees: ['dev'],
          milestone: 'v1.1',
          weight: 2,
          created_at: '2026-05-20T11:00:00Z',
          events: [{ action: 'closed', at: '2026-05-29T10:00:00Z' }],
        },
        {
          title: 'Paginate the OAuth applications list',
          author: 'rita',
          milestone: 'v1.1',
          weight: 1,
          created_at: '2026-05-22T15:00:00Z',
        },
        {
          title: 'Document the mock server',
          author: 'paula',
          assignees: ['rita'],
          milestone: 'v1.1',
          weight: 2,
          labels: ['docs'],
          created_at: '2026-05-26T09:00:00Z',
        },
        {
          title: 'Tokens appear in request logs',
          description: 'Confidential: PRIVATE-TOKEN values are logged at debug level.',
          author: 'omar',
          assignees: ['omar'],
          milestone: 'v1.1',
          weight: 3,
          confidential: true,
          labels: ['security'],
          created_at: '2026-05-27T07:45:00Z',
          events: [{ action: 'closed', at: '2026-05-30T18:00:00Z' }],
        },
        // The group milestone FY26 Q2 of acme, used from the project.
        {
          title: 'Quarterly access review',
          author: 'maria',
          assignees: ['maria'],
          milestone: 'FY26 Q2',
          weight: 3,
          created_at: '2026-04-05T09:00:00Z',
          events: [{ action: 'closed', at: '2026-05-30T12:00:00Z' }],
        },
        // Backlog (no dates).
        {
          title: 'GraphQL API',
          author: 'rita',
          milestone: 'Backlog',
          weight: 13,
          labels: ['feature'],
          created_at: '2026-02-01T10:00:00Z',
        },
        {
          title: 'Upgrade to Node 24',
          author: 'dev',
          milestone: 'Backlog',
          weight: 2,
          created_at: '2026-05-10T10:00:00Z',
        },
        // No milestone.
        {
          title: 'Typo on the status page',
          author: 'gus',
          weight: 1,
          created_at: '2026-05-31T16:00:00Z',
        },
      ],
      merge_requests: [
        {
          iid: 1,
          title: 'Fix login for SSO accounts',
          author: 'dev',
          committers: ['dev'],
          sha: '3f786850e387550fdab836ed7e6dc881de23001b',
          state: 'merged',
          source_branch: 'fix-sso-login',
          milestone: 'v1.0',
          created_at: '2026-04-15T10:00:00Z',
          merged_by: 'omar',
          merged_at: '2026-04-16T09:30:00Z',
          updated_at: '2026-04-16T09:30:00Z',
        },
        {
          iid: 2,
          title: 'Rotate project access tokens from the UI',
          author: 'dev',
          committers: ['dev', 'omar'],
          sha: '89e6c98d92887913cadf06b2adb97f26cde4849b',
          state: 'merged',
          source_branch: 'token-rotation',
          milestone: 'v1.1',
          created_at: '2026-05-19T14:00:00Z',
          merged_by: 'maria',
          merged_at: '2026-05-21T11:00:00Z',
          updated_at: '2026-05-21T11:00:00Z',
          approvals: ['rita', 'maria'],
        },
        {
          iid: 3,
          title: 'Approval rules for protected branches',
          author: 'omar',
          committers: ['omar', 'dev'],
          sha: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
          source_branch: 'approval-rules',
          milestone: 'v1.1',
          created_at: '2026-05-25T10:00:00Z',
          approvals: ['maria'],
        },
        {
          iid: 4,
          title: 'Draft: remove group members on SCIM deprovisioning',
          author: 'dev',
          committers: ['dev'],
          sha: '2fd4e1c67a2d28fced849ee1bb76e7391b93eb12',
          source_branch: 'scim-deprovision',
          milestone: 'v1.1',
          created_at: '2026-05-29T16:00:00Z',
        },
        {
          iid: 5,
          title: 'Spike: GraphQL schema',
          author: 'rita',
          committers: ['rita'],
          sha: 'de9f2c7fd25e1b3afad3e85a0bd17d9b100db4b3',
          state: 'closed',
          source_branch: 'graphql-spike',
          milestone: 'Backlog',
          created_at: '2026-02-10T10:00:00Z',
          closed_by: 'rita',
          closed_at: '2026-02-24T17:00:00Z',
          updated_at: '2026-02-24T17:00:00Z',
        },
      ],
      access_tokens: [
        {
          name: 'ci',
          description: 'Used by the release pipeline.',
          scopes: ['api'],
          access_level: 40,
          expires_at: '2026-12-01',
          token: 'glpat-ci-000000000000000000',
          created_at: '2026-03-01T09:00:00Z',
        },
        {
          name: 'release-bot',
          description: 'Publishes release notes; expires soon (examples/rotate-expiring-tokens.ts rotates it).',
          scopes: ['api'],
          access_level: 30,
          expires_at: '2026-06-12',
          token: 'glpat-release-0000000000000',
          created_at: '2025-06-12T09:00:00Z',
        },
        {
          name: 'old-deploy',
          description: 'Replaced by ci.',
          scopes: ['read_repository'],
          access_level: 30,
          expires_at: '2026-09-01',
          token: 'glpat-deploy-00000000000000',
          revoked: true,
          created_at: '2026-01-10T09:00:00Z',
        },
      ],
    },
    {
      path: 'acme/platform/web',
      name: 'Web',
      description: 'The Acme web front end.',
      members: { dev: 30 },
      protected_branches: ['main'],
      milestones: [{ title: 'v1.1', start_date: '2026-05-18', due_date: '2026-06-12' }],
      issues: [
        {
          title: 'Token rotation screen',
          author: 'dev',
          milestone: 'v1.1',
          weight: 3,
          created_at: '2026-05-20T09:00:00Z',
        },
      ],
    },
    {
      path: 'maria/sandbox',
      name: 'sandbox',
      description: "Maria's playground.",
      visibility: 'public',
      milestones: [{ title: 'Someday', created_at: '2026-05-01T10:00:00Z' }],
      issues: [{ title: 'Try the new API client', author: 'maria', milestone: 'Someday', weight: 1 }],
    },
  ],
  applications: [
    {
      name: 'Grafana',
      redirect_uri: 'https://grafana.acme.example.com/login/gitlab',
      scopes: 'read_user openid email',
      confidential: true,
    },
    {
      name: 'Acme Desktop',
      redirect_uri: 'http://127.0.0.1:7777/callback',
      scopes: 'api read_user',
      confidential: false,
    },
  ],
  scim_identities: [
    { group: 'acme', user: 'maria', extern_uid: 'maria@idp.acme.example.com', active: true },
    { group: 'acme', user: 'omar', extern_uid: 'omar@idp.acme.example.com', active: true },
    { group: 'acme', user: 'dev', extern_uid: 'dev@idp.acme.example.com', active: true },
    { group: 'acme', user: 'rita', extern_uid: 'rita@idp.acme.example.com', active: false },
  ],
};

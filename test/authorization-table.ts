import type { MockGitLab, SeedDocument } from '../mock/index.js';

/**
 * The authorization matrix: every route of the mock against every kind of
 * caller, with the status each cell must answer, written out from the rules
 * the mock follows (SPEC and GITLAB-BEHAVIOR, cited as in the rule code: `G2` is
 * GITLAB-BEHAVIOR section 2; SPEC wins where they differ; docs/mock.md says the
 * same in prose). `test/authorization.test.ts` runs every cell against the mock
 * and checks the table itself (coverage of the routes, monotonicity of the roles).
 */

/** The kinds of caller, in the order of every row's `expect`. */
export const CALLERS = [
  'anonymous', // no token at all
  'invalid', // a token the mock never issued
  'revoked', // a revoked project access token (Owner level: refused for being revoked, not for its role)
  'expired', // a project access token that expired before today (Owner level)
  'blocked', // a blocked user who is an instance administrator and Owner of the group: 403 `Your account has been blocked.`
  'nonMember', // a signed-in user with no membership anywhere
  'guest', // 10, member of the group acme (inherited by acme/api)
  'planner', // 15
  'reporter', // 20
  'developer', // 30
  'maintainer', // 40
  'owner', // 50
  'admin', // an instance administrator, member of nothing
  'bot', // the bot user of a project access token of acme/api at Maintainer (40): a member of the project only
] as const;
export type Caller = (typeof CALLERS)[number];

/** The callers that do not authenticate: 401 on every route (SPEC 5 step 1). */
export const UNAUTHENTICATED: readonly Caller[] = ['anonymous', 'invalid', 'revoked', 'expired'];

/**
 * The routes GitLab 18.6 serves to a request without any token (GITLAB-NOTES-2026-11 Part B §3, SPEC 8):
 * there `anonymous` gets what a user without any membership would of public data (404 for the private
 * acme and acme/api, 403 where lib/api/users.rb refuses); everywhere else 401.
 */
export const SERVED_ANONYMOUSLY: readonly string[] = [
  'GET /projects',
  'GET /projects/:id',
  'GET /projects/:id/groups',
  'GET /projects/:id/share_locations',
  'GET /groups/:id/projects',
  'GET /groups',
  'GET /groups/:id',
  'GET /groups/:id/subgroups',
  'GET /groups/:id/descendant_groups',
  'GET /issues',
  'GET /issues_statistics',
  'GET /projects/:id/issues',
  'GET /projects/:id/issues_statistics',
  'GET /groups/:id/issues',
  'GET /groups/:id/issues_statistics',
  'GET /projects/:id/issues/:issue_iid',
  'GET /merge_requests',
  'GET /projects/:id/merge_requests',
  'GET /groups/:id/merge_requests',
  'GET /projects/:id/merge_requests/:merge_request_iid',
  'GET /projects/:id/merge_requests/:merge_request_iid/participants',
  'GET /projects/:id/repository/branches',
  'GET /projects/:id/repository/branches/:branch',
  'POST /projects/:id/repository/branches',
  'DELETE /projects/:id/repository/branches/:branch',
  'PUT /projects/:id/repository/branches/:branch/protect',
  'PUT /projects/:id/repository/branches/:branch/unprotect',
  'DELETE /projects/:id/repository/merged_branches',
  'GET /projects/:id/protected_branches',
  'GET /projects/:id/protected_branches/:name',
  'GET /projects/:id/events',
  'GET /users',
  'GET /users/:id',
  'GET /users/:id/events',
  'GET /users/:user_id/projects',
  'GET /users/:user_id/keys',
  'GET /users/:id/keys/:key_id',
];

/**
 * The callers whose valid token belongs to a user who may not use the API: GitLab authenticates
 * them, then `api_access_allowed?` answers 403 (`lib/api/api_guard.rb`, `UserAccessDeniedReason`), on every route.
 */
export const ACCESS_DENIED: readonly Caller[] = ['blocked'];

/** Lowest to highest: what a caller may do, every caller after it may do too. */
export const ROLE_ORDER: readonly Caller[] = [
  'nonMember',
  'guest',
  'planner',
  'reporter',
  'developer',
  'maintainer',
  'owner',
  'admin',
];

/** The records a row's URL names, looked up in the world (ids count up, but names say what they are). */
export interface Targets {
  milestone: number;
  promotable: number;
  token: number;
  application: number;
  projectRule: number;
  mergeRequestRule: number;
  groupRule: number;
  user: number;
  groupMilestone: number;
  /** The user `member`: Reporter in acme, Developer in acme/api, a caller of none. */
  member: number;
  /** A group access token of acme at Developer (30), made by {@link prepare}. */
  groupToken: number;
  /** A webhook of acme/api, made by {@link prepare}. */
  hook: number;
  /** A system hook, made by {@link prepare}. */
  systemHook: number;
  /** A webhook of the group acme, made by {@link prepare}. */
  groupHook: number;
}

/** One route: its pattern (as `mock/handlers` declares it), a request that reaches it, and the status per caller. */
export interface Row {
  /** `METHOD /path/:param`, exactly as in `routes`. */
  route: string;
  /** The concrete path; `{name}` is a {@link Targets} id. */
  url: string;
  /** A valid JSON body, so that only the caller decides the status. */
  body?: Record<string, unknown>;
  /** One status per caller, in {@link CALLERS} order. */
  expect: readonly number[];
  /** Why a cell is what it is, when the docs need reading. */
  note?: string;
}

/** An SSH public key nobody in the seed has. */
const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIF7RfAoLMxdqJFMpptGqpXWYyXP39wb9cOAiYJtr3bv me@example.com';

const P = '/projects/acme%2Fapi';
const G = '/groups/acme';

/**
 * The world: a hosted Premium group `acme` with SAML SSO/SCIM, the feature flag
 * `approval_group_rules` on, one member per role in the group (so that promote,
 * which needs the role in the group too, is reachable), a private project
 * `acme/api` with everything a route needs to act on.
 */
export const authorizationSeed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  instance: { offering: 'hosted', feature_flags: ['approval_group_rules'] },
  users: [
    { username: 'root', admin: true, token: 'glpat-authz-admin' },
    { username: 'owner', token: 'glpat-authz-owner' },
    { username: 'maintainer', token: 'glpat-authz-maintainer' },
    { username: 'developer', token: 'glpat-authz-developer' },
    { username: 'reporter', token: 'glpat-authz-reporter' },
    { username: 'planner', token: 'glpat-authz-planner' },
    { username: 'guest', token: 'glpat-authz-guest' },
    { username: 'outsider', token: 'glpat-authz-outsider' },
    { username: 'blocked', admin: true, state: 'blocked', token: 'glpat-authz-blocked' },
    { username: 'author' },
    { username: 'member' },
  ],
  groups: [
    {
      path: 'acme',
      plan: 'premium',
      saml_scim: true,
      members: {
        owner: 50,
        maintainer: 40,
        developer: 30,
        reporter: 20,
        planner: 15,
        guest: 10,
        author: 30,
        blocked: 50,
        member: 20,
      },
      approval_rules: [{ name: 'Group security', approvals_required: 1, users: ['owner'] }],
      labels: [{ name: 'security', color: '#ff0000' }],
    },
  ],
  projects: [
    {
      path: 'acme/api',
      protected_branches: ['main'],
      // The source branch of the merge request the POST row opens.
      branches: ['feature-new'],
      members: { member: 30 },
      milestones: [
        { title: 'v1.0', start_date: '2026-05-01', due_date: '2026-06-30' },
        { title: 'v2.0', due_date: '2026-09-30' },
      ],
      // By `author`, none of the callers: no caller is subscribed to it as a participant.
      issues: [
        { title: 'Login fails', author: 'author', milestone: 'v1.0', weight: 3, created_at: '2026-05-02T10:00:00Z' },
      ],
      approval_rules: [{ name: 'Security', approvals_required: 1, users: ['maintainer'] }],
      merge_requests: [
        {
          iid: 1,
          title: 'Add login',
          author: 'author',
          milestone: 'v1.0',
          approval_rules: [{ name: 'Reviewers', approvals_required: 1, users: ['developer'] }],
        },
        // Approved by every human caller who could approve, so that unapprove has something to withdraw.
        {
          iid: 2,
          title: 'Approved',
          author: 'author',
          approvals: ['guest', 'planner', 'reporter', 'developer', 'maintainer', 'owner', 'root'],
        },
      ],
      access_tokens: [
        { name: 'bot', scopes: ['api'], access_level: 40, token: 'glpat-authz-bot' },
        { name: 'ci', scopes: ['api'], access_level: 30 },
        { name: 'revoked', scopes: ['api'], access_level: 50, revoked: true, token: 'glpat-authz-revoked' },
        { name: 'expired', scopes: ['api'], access_level: 50, expires_at: '2026-05-31', token: 'glpat-authz-expired' },
      ],
      labels: [{ name: 'bug', color: '#d9534f', priority: 1 }],
    },
  ],
  applications: [{ name: 'Grafana', redirect_uri: 'https://grafana.example.com/callback', scopes: 'api' }],
  scim_identities: [{ group: 'acme', user: 'developer', extern_uid: 'developer@idp.example.com' }],
};

/** The token each caller sends (none for `anonymous`). */
export const callerTokens: Record<Caller, string | undefined> = {
  anonymous: undefined,
  invalid: 'glpat-authz-never-issued',
  revoked: 'glpat-authz-revoked',
  expired: 'glpat-authz-expired',
  blocked: 'glpat-authz-blocked',
  nonMember: 'glpat-authz-outsider',
  guest: 'glpat-authz-guest',
  planner: 'glpat-authz-planner',
  reporter: 'glpat-authz-reporter',
  developer: 'glpat-authz-developer',
  maintainer: 'glpat-authz-maintainer',
  owner: 'glpat-authz-owner',
  admin: 'glpat-authz-admin',
  bot: 'glpat-authz-bot',
};

/** Finds the records the rows act on, and adds the bot's approval of merge request 2. */
export function prepare(mock: MockGitLab): Targets {
  const world = mock.world;
  const one = <T>(records: Map<number, T>, test: (record: T) => boolean, what: string): T => {
    const found = [...records.values()].find(test);
    if (!found) throw new Error(`authorization seed: no ${what}`);
    return found;
  };
  const bot = one(world.tokens, (t) => t.value === 'glpat-authz-bot', 'bot token');
  const approved = one(world.mergeRequests, (mr) => mr.iid === 2, 'merge request 2');
  const botUser = world.users.get(bot.user_id);
  if (!botUser) throw new Error('authorization seed: no bot user');
  mock.seed.approval(approved, botUser.username);
  return {
    milestone: one(world.milestones, (m) => m.title === 'v1.0', 'milestone v1.0').id,
    promotable: one(world.milestones, (m) => m.title === 'v2.0', 'milestone v2.0').id,
    token: one(world.tokens, (t) => t.name === 'ci', 'token ci').id,
    application: one(world.applications, (a) => a.name === 'Grafana', 'application').id,
    projectRule: one(world.projectApprovalRules, (r) => r.name === 'Security', 'project rule').id,
    mergeRequestRule: one(world.mergeRequestApprovalRules, (r) => r.name === 'Reviewers', 'merge request rule').id,
    groupRule: one(world.groupApprovalRules, (r) => r.name === 'Group security', 'group rule').id,
    user: one(world.users, (u) => u.username === 'author', 'user author').id,
    groupMilestone: mock.seed.groupMilestone(
      one(world.groups, (g) => g.full_path === 'acme', 'group acme'),
      {
        title: 'Q3',
        start_date: '2026-05-01',
        due_date: '2026-09-30',
      },
    ).id,
    member: one(world.users, (u) => u.username === 'member', 'user member').id,
    groupToken: mock.seed.accessToken(
      one(world.groups, (g) => g.full_path === 'acme', 'group acme'),
      {
        name: 'group ci',
        scopes: ['api'],
        access_level: 30,
      },
    ).id,
    hook: mock.seed.projectHook(
      one(world.projects, (p) => p.path_with_namespace === 'acme/api', 'project acme/api'),
      { url: 'https://hooks.example.com/ci', url_variables: { team: 'ci' }, custom_headers: { 'X-Audit': 'on' } },
    ).id,
    systemHook: mock.seed.systemHook({
      url: 'https://hooks.example.com/audit',
      url_variables: { team: 'ci' },
      custom_headers: { 'X-Audit': 'on' },
    }).id,
    groupHook: mock.seed.groupHook(
      one(world.groups, (g) => g.full_path === 'acme', 'group acme'),
      {
        url: 'https://hooks.example.com/group',
        url_variables: { team: 'ci' },
        custom_headers: { 'X-Audit': 'on' },
      },
    ).id,
  };
}

/** A row's URL with its targets filled in. */
export const fill = (url: string, targets: Targets) =>
  url.replace(/\{(\w+)\}/g, (_, name: string) => String(targets[name as keyof Targets]));

// biome-ignore format: the columns line up with CALLERS
export const rows: Row[] = [
  //                                                                                        anon inv  rev  exp  blk  non  gst  pln  rep  dev  mnt  own  adm  bot
  // Project milestones (G6): read by anyone who can see the project, written from Planner up (Guest 403).
  { route: 'GET /projects/:id/milestones', url: `${P}/milestones`,                           expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/milestones/:milestone_id', url: `${P}/milestones/{milestone}`, expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/milestones', url: `${P}/milestones`, body: { title: 'v3.0' }, expect: [401, 401, 401, 401, 403, 404, 403, 201, 201, 201, 201, 201, 201, 201] },
  { route: 'PUT /projects/:id/milestones/:milestone_id', url: `${P}/milestones/{milestone}`, body: { description: 'x' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'DELETE /projects/:id/milestones/:milestone_id', url: `${P}/milestones/{milestone}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 204, 204, 204, 204, 204, 204, 204] },
  { route: 'GET /projects/:id/milestones/:milestone_id/issues', url: `${P}/milestones/{milestone}/issues`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/milestones/:milestone_id/merge_requests', url: `${P}/milestones/{milestone}/merge_requests`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200],
    note: 'Guests and Planners get 200 with the merge requests they may not read left out (SPEC 5).' },
  { route: 'POST /projects/:id/milestones/:milestone_id/promote', url: `${P}/milestones/{promotable}/promote`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 403],
    note: 'Needs Planner in the project AND its group (G6): the bot is a member of the project only.' },
  { route: 'GET /projects/:id/milestones/:milestone_id/burndown_events', url: `${P}/milestones/{milestone}/burndown_events`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },

  // OAuth applications (G1): administrators only, 403 for every other signed-in user, member or not.
  { route: 'GET /applications', url: '/applications',                                        expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403] },
  { route: 'POST /applications', url: '/applications', body: { name: 'New', redirect_uri: 'https://new.example.com/cb', scopes: 'api' },
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403],
    note: 'SPEC 1: 200, not GitLab\'s 201.' },
  { route: 'DELETE /applications/:id', url: '/applications/{application}',                  expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 204, 403] },
  { route: 'POST /applications/:id/renew-secret', url: '/applications/{application}/renew-secret',
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403] },

  // Project access tokens (G2, SPEC 5): Maintainer up; below it 401 for list, read and rotate, 400 for create and revoke.
  { route: 'GET /projects/:id/access_tokens', url: `${P}/access_tokens`,                     expect: [401, 401, 401, 401, 403, 404, 401, 401, 401, 401, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/access_tokens/:token_id', url: `${P}/access_tokens/{token}`,   expect: [401, 401, 401, 401, 403, 404, 401, 401, 401, 401, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/access_tokens', url: `${P}/access_tokens`, body: { name: 'new', scopes: ['api'], access_level: 30 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 400, 400, 400, 400, 201, 201, 201, 400],
    note: 'A bot may not create tokens whatever its level (G2).' },
  { route: 'POST /projects/:id/access_tokens/:token_id/rotate', url: `${P}/access_tokens/{token}/rotate`, body: {},
                                                                                             expect: [401, 401, 401, 401, 403, 404, 401, 401, 401, 401, 200, 200, 200, 200],
    note: 'The token rotated is at Developer (30), within the bot\'s Maintainer level.' },
  { route: 'DELETE /projects/:id/access_tokens/:token_id', url: `${P}/access_tokens/{token}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 400, 400, 400, 400, 204, 204, 204, 204] },

  // SCIM identities (G5, SPEC 2): hosted only, group Owner or administrator; a Premium group with SAML SSO and SCIM.
  { route: 'GET /groups/:id/scim/identities', url: `${G}/scim/identities`,                   expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'GET /groups/:id/scim/:uid', url: `${G}/scim/developer@idp.example.com`,          expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'PATCH /groups/:id/scim/:uid', url: `${G}/scim/developer@idp.example.com`, body: { extern_uid: 'dev@idp.example.com' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'DELETE /groups/:id/scim/:uid', url: `${G}/scim/developer@idp.example.com`,       expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 204, 204, 403],
    note: 'The bot sees the private group through its project (404 is for those who cannot see it), and is not its Owner.' },

  // Approval configuration and settings (G3, G4, SPEC 2): Premium; configuration read by anyone who can read the project.
  { route: 'GET /projects/:id/approvals', url: `${P}/approvals`,                             expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/approvals', url: `${P}/approvals`, body: { reset_approvals_on_push: false },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 201, 201, 201, 201] },
  { route: 'GET /projects/:id/merge_request_approval_setting', url: `${P}/merge_request_approval_setting`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'PUT /projects/:id/merge_request_approval_setting', url: `${P}/merge_request_approval_setting`, body: { allow_author_approval: false },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'GET /groups/:id/merge_request_approval_setting', url: `${G}/merge_request_approval_setting`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'PUT /groups/:id/merge_request_approval_setting', url: `${G}/merge_request_approval_setting`, body: { allow_author_approval: false },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },

  // Project approval rules (G3): read from Developer up, changed from Maintainer up.
  { route: 'GET /projects/:id/approval_rules', url: `${P}/approval_rules`,                   expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/approval_rules/:approval_rule_id', url: `${P}/approval_rules/{projectRule}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/approval_rules', url: `${P}/approval_rules`, body: { name: 'New', approvals_required: 1, rule_type: 'regular' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 201, 201, 201, 201] },
  { route: 'PUT /projects/:id/approval_rules/:approval_rule_id', url: `${P}/approval_rules/{projectRule}`, body: { name: 'Security', approvals_required: 2 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'DELETE /projects/:id/approval_rules/:approval_rule_id', url: `${P}/approval_rules/{projectRule}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204] },

  // Merge-request approval rules (G3, SPEC 2, SPEC 5): read from Reporter up (private project), changed from Developer up.
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/approval_rules', url: `${P}/merge_requests/1/approval_rules`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id', url: `${P}/merge_requests/1/approval_rules/{mergeRequestRule}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/approval_rules', url: `${P}/merge_requests/1/approval_rules`, body: { name: 'Extra', approvals_required: 1 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 201, 201, 201, 201, 201],
    note: 'Reporters read the merge request but get 403 {"message":["Prohibited"]}; Guests and Planners 403 Forbidden.' },
  { route: 'PUT /projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id', url: `${P}/merge_requests/1/approval_rules/{mergeRequestRule}`, body: { approvals_required: 2 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 200, 200, 200, 200, 200] },
  { route: 'DELETE /projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id', url: `${P}/merge_requests/1/approval_rules/{mergeRequestRule}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 204, 204, 204, 204, 204] },

  // Group approval rules (G3, SPEC 2): Premium, the approval_group_rules flag (on here), group Owner.
  { route: 'GET /groups/:id/approval_rules', url: `${G}/approval_rules`,                     expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'POST /groups/:id/approval_rules', url: `${G}/approval_rules`, body: { name: 'New group rule', approvals_required: 1 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 201, 201, 403] },
  { route: 'PUT /groups/:id/approval_rules/:approval_rule_id', url: `${G}/approval_rules/{groupRule}`, body: { approvals_required: 2 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },

  // Approving one merge request (G3, SPEC 2, SPEC 5).
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/approvals', url: `${P}/merge_requests/1/approvals`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/approval_state', url: `${P}/merge_requests/1/approval_state`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/approve', url: `${P}/merge_requests/1/approve`, body: {},
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 201, 201, 201, 201, 201],
    note: 'Developer up, or named in a rule (nobody below Developer is, here).' },
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/unapprove', url: `${P}/merge_requests/2/unapprove`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 201, 201, 201, 201, 201],
    note: 'Every caller has an approval on merge request 2; those who may not approve still get 403 (SPEC 5).' },
  { route: 'PUT /projects/:id/merge_requests/:merge_request_iid/reset_approvals', url: `${P}/merge_requests/2/reset_approvals`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 401, 401, 401, 401, 401, 401, 401, 202],
    note: 'Token bots only; administrators get 401 too (SPEC 2, SPEC 5).' },

  // Who am I, the instance and its users: every signed-in caller (administrators see more fields, not more statuses);
  // anonymous callers find users by `username` only, and get 403 for the list and a user by id (lib/api/users.rb).
  { route: 'GET /user', url: '/user',                                                        expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /users', url: '/users',                                                      expect: [403, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /users/:id', url: '/users/{user}',                                           expect: [403, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  // Deleting a user: administrators only (`authenticated_as_admin!`); `member` owns no group alone.
  { route: 'DELETE /users/:id', url: '/users/{member}',                                       expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 204, 403] },
  { route: 'GET /version', url: '/version',                                                  expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /metadata', url: '/metadata',                                                expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /personal_access_tokens/self', url: '/personal_access_tokens/self',          expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200],
    note: 'Every caller here has a personal or project access token; an OAuth token gets 400.' },

  // Merge requests (lib/api/merge_requests.rb): read from Planner up in a private project (GitLab 18.6's Planner block
  // enables `read_merge_request`), opened from Developer up; anonymous callers read public projects' (none here: 404).
  { route: 'GET /merge_requests', url: '/merge_requests?scope=all',                         expect: [200, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200],
    note: 'Everyone gets the merge requests they may read (anonymous callers with scope=all: public projects); Guests of a private project none.' },
  { route: 'GET /projects/:id/merge_requests', url: `${P}/merge_requests`,                  expect: [404, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid', url: `${P}/merge_requests/1`,
                                                                                             expect: [404, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/participants', url: `${P}/merge_requests/1/participants`,
                                                                                             expect: [404, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/merge_requests', url: `${P}/merge_requests`, body: { source_branch: 'feature-new', target_branch: 'main', title: 'New' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 201, 201, 201, 201, 201] },
  { route: 'PUT /projects/:id/merge_requests/:merge_request_iid', url: `${P}/merge_requests/1`, body: { title: 'Renamed' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 200, 200, 200, 200, 200],
    note: 'Developer up, or the author or an assignee (none of the callers is).' },
  // Subscriptions (lib/api/subscriptions.rb): `find_merge_request_with_access(id, :update_merge_request)`.
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/subscribe', url: `${P}/merge_requests/1/subscribe`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 201, 201, 201, 201, 201] },
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/unsubscribe', url: `${P}/merge_requests/1/unsubscribe`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 304, 304, 304, 304, 304] },
  { route: 'PUT /projects/:id/merge_requests/:merge_request_iid/merge', url: `${P}/merge_requests/2/merge`, body: {},
                                                                                             expect: [401, 401, 401, 401, 403, 404, 401, 401, 401, 401, 200, 200, 200, 200],
    note: 'GitLab answers 401 to whoever may not merge into the target branch: main is protected, Maintainers merge.' },
  { route: 'DELETE /projects/:id/merge_requests/:merge_request_iid', url: `${P}/merge_requests/1`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 204, 204, 403],
    note: 'ProjectPolicy enables destroy_merge_request from owner_access: Owners and administrators.' },

  // Issues (lib/api/issues.rb): whoever sees the project reads and opens issues; editing needs Planner, or authorship.
  { route: 'GET /issues', url: '/issues?scope=all',                                          expect: [200, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/issues', url: `${P}/issues`,                                   expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /issues_statistics', url: '/issues_statistics?scope=all',                    expect: [200, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/issues_statistics', url: `${P}/issues_statistics`,             expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /groups/:id/issues', url: `${G}/issues`,                                     expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /groups/:id/issues_statistics', url: `${G}/issues_statistics`,               expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/issues/:issue_iid', url: `${P}/issues/1`,                      expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/issues', url: `${P}/issues`, body: { title: 'New issue' },    expect: [401, 401, 401, 401, 403, 404, 201, 201, 201, 201, 201, 201, 201, 201] },
  { route: 'PUT /projects/:id/issues/:issue_iid', url: `${P}/issues/1`, body: { title: 'Renamed' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  // Subscriptions (lib/api/subscriptions.rb): whoever reads the issue; none of the callers is a participant, so
  // unsubscribing changes nothing (304).
  { route: 'POST /projects/:id/issues/:issue_iid/subscribe', url: `${P}/issues/1/subscribe`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 201, 201, 201, 201, 201, 201, 201, 201] },
  { route: 'POST /projects/:id/issues/:issue_iid/unsubscribe', url: `${P}/issues/1/unsubscribe`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 304, 304, 304, 304, 304, 304, 304, 304] },
  // Groups (lib/api/groups.rb): any signed-in caller lists; a group is read by whoever can see it (404 otherwise).
  { route: 'GET /groups', url: '/groups',                                                    expect: [200, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /groups/:id', url: G,                                                        expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200],
    note: 'The bot sees the private group through its project.' },
  // Removing and restoring a group: remove_group (Owner). acme is a hosted top-level group on Premium:
  // whoever may remove it gets "linked to a subscription" (`check_subscription!`); restoring, "not marked".
  { route: 'DELETE /groups/:id', url: G,                                                     expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 400, 400, 403] },
  { route: 'POST /groups/:id/restore', url: `${G}/restore`,                                  expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 400, 400, 403] },
  { route: 'GET /groups/:id/subgroups', url: `${G}/subgroups`,                               expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /groups/:id/descendant_groups', url: `${G}/descendant_groups`,               expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  // Creating a top-level group needs `can_create_group` (default true, every signed-in user here).
  { route: 'POST /groups', url: '/groups', body: { name: 'New group', path: 'new-group' },
                                                                                             expect: [401, 401, 401, 401, 403, 201, 201, 201, 201, 201, 201, 201, 201, 201] },
  { route: 'PUT /groups/:id', url: G, body: { description: 'Changed' },                      expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'POST /groups/:id/transfer', url: `${G}/transfer`, body: {},                       expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 400, 400, 403],
    note: 'change_group is Owner; acme is top level already, so the Owner gets the service\'s 400 (Group is already a root group).' },
  // Sharing (lib/api/groups.rb, lib/api/projects.rb): the share services answer 404 "Not Found" to a caller without create_group_link (Owner).
  { route: 'POST /groups/:id/share', url: `${G}/share`, body: { group_id: 1, group_access: 30 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 404, 404, 404, 404, 404, 201, 201, 404],
    note: 'acme is shared with itself: GitLab validates nothing against it.' },
  { route: 'DELETE /groups/:id/share/:group_id', url: `${G}/share/1`,                        expect: [401, 401, 401, 401, 403, 404, 404, 404, 404, 404, 404, 404, 404, 404],
    note: 'No share exists: 404 Group Link Not Found to whoever sees the group (tested with one in test/sharing.test.ts).' },
  { route: 'POST /projects/:id/share', url: `${P}/share`, body: { group_id: 1, group_access: 30 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 404, 409, 409, 404],
    note: 'admin_project (403), then create_group_link (Owner, else 404); acme is the project\'s own group: 409.' },
  { route: 'DELETE /projects/:id/share/:group_id', url: `${P}/share/1`,                      expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 404, 404, 404, 404],
    note: 'admin_project (403), then no share exists: 404 Group Link Not Found (tested with one in test/sharing.test.ts).' },

  // Group milestones (lib/api/group_milestones.rb): read by whoever sees the group, written from Planner up in the group.
  { route: 'GET /groups/:id/milestones', url: `${G}/milestones`,                             expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /groups/:id/milestones/:milestone_id', url: `${G}/milestones/{groupMilestone}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /groups/:id/milestones', url: `${G}/milestones`, body: { title: 'Q4' },     expect: [401, 401, 401, 401, 403, 404, 403, 201, 201, 201, 201, 201, 201, 403],
    note: 'Planner in the group: the bot is a member of the project only.' },
  { route: 'PUT /groups/:id/milestones/:milestone_id', url: `${G}/milestones/{groupMilestone}`, body: { description: 'x' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 403] },
  { route: 'DELETE /groups/:id/milestones/:milestone_id', url: `${G}/milestones/{groupMilestone}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 204, 204, 204, 204, 204, 204, 403] },
  { route: 'GET /groups/:id/milestones/:milestone_id/issues', url: `${G}/milestones/{groupMilestone}/issues`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /groups/:id/milestones/:milestone_id/merge_requests', url: `${G}/milestones/{groupMilestone}/merge_requests`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /groups/:id/milestones/:milestone_id/burndown_events', url: `${G}/milestones/{groupMilestone}/burndown_events`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  // Members: read by whoever sees the project or group (a group seen only through a project is 403);
  // managed from Maintainer in a project, by Owners in a group.
  { route: 'GET /projects/:id/members', url: `${P}/members`,                                  expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/members/all', url: `${P}/members/all`,                          expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/members/all/:user_id', url: `${P}/members/all/{member}`,        expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/members/:user_id', url: `${P}/members/{member}`,                expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/members', url: `${P}/members`, body: { username: 'outsider', access_level: 30 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 201, 201, 201, 201] },
  { route: 'PUT /projects/:id/members/:user_id', url: `${P}/members/{member}`, body: { access_level: 40 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'DELETE /projects/:id/members/:user_id', url: `${P}/members/{member}`,            expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204] },
  { route: 'GET /groups/:id/members', url: `${G}/members`,                                    expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 403] },
  { route: 'GET /groups/:id/members/all', url: `${G}/members/all`,                            expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 403] },
  { route: 'GET /groups/:id/members/all/:user_id', url: `${G}/members/all/{member}`,          expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 403] },
  { route: 'GET /groups/:id/members/:user_id', url: `${G}/members/{member}`,                  expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 403] },
  { route: 'POST /groups/:id/members', url: `${G}/members`, body: { username: 'outsider', access_level: 30 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 201, 201, 403] },
  { route: 'PUT /groups/:id/members/:user_id', url: `${G}/members/{member}`, body: { access_level: 30 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'DELETE /groups/:id/members/:user_id', url: `${G}/members/{member}`,              expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 204, 204, 403] },
  // Projects: every caller lists what it can read (anonymous callers: public ones); a private project or group is 404 to outsiders.
  { route: 'GET /projects', url: '/projects',                                                expect: [200, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id', url: P,                                                      expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  // The project's group and its ancestors (lib/api/projects.rb, Projects::GroupsFinder): whoever reads the project.
  { route: 'GET /projects/:id/groups', url: `${P}/groups`,                                   expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  // The groups a project may be shared with (Groups::AcceptingProjectSharesFinder): 200 to whoever reads the project,
  // an empty list below Maintainer.
  { route: 'GET /projects/:id/share_locations', url: `${P}/share_locations`,                 expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  // Removing and restoring a project: remove_project (Owner; a group's Owners are Owners of its projects).
  { route: 'DELETE /projects/:id', url: P,                                                   expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 202, 202, 403] },
  { route: 'POST /projects/:id/restore', url: `${P}/restore`,                                expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 400, 400, 403],
    note: 'acme/api is not marked for deletion: whoever may restore it gets "Project has not been marked for deletion".' },
  // A private group: 404 to whoever cannot read it; its list filtered to the projects the caller may read.
  { route: 'GET /groups/:id/merge_requests', url: `${G}/merge_requests`,                     expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /groups/:id/projects', url: `${G}/projects`,                                 expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200],
    note: 'The bot sees the private group acme through its membership of acme/api, as GitLab shows a group to members of its projects.' },
  // Project administration (issue 37): a personal project for every signed-in caller, one for another user by
  // administrators, settings from Maintainer (admin_project), archive and transfer by the Owner (archive_project,
  // change_namespace; `lib/api/projects.rb`).
  { route: 'POST /projects', url: '/projects', body: { name: 'authz-new' },                  expect: [401, 401, 401, 401, 403, 201, 201, 201, 201, 201, 201, 201, 201, 201],
    note: 'In the caller\'s personal namespace, which every user owns (NamespacePolicy).' },
  { route: 'POST /projects/user/:user_id', url: '/projects/user/{member}', body: { name: 'authz-new' },
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'PUT /projects/:id', url: P, body: { description: 'authz' },                      expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/archive', url: `${P}/archive`,                                 expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 201, 201, 403] },
  { route: 'POST /projects/:id/unarchive', url: `${P}/unarchive`,                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 201, 201, 403] },
  { route: 'PUT /projects/:id/transfer', url: `${P}/transfer`, body: { namespace: 'owner' },  expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403],
    note: 'Into the personal namespace of owner, where owner and administrators may create projects.' },
  // Branches: read_code (Reporter in a private project), written from Developer up (push_code).
  { route: 'GET /projects/:id/repository/branches', url: `${P}/repository/branches`,       expect: [404, 401, 401, 401, 403, 404, 403, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/repository/branches/:branch', url: `${P}/repository/branches/main`,
                                                                                             expect: [404, 401, 401, 401, 403, 404, 403, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/repository/branches', url: `${P}/repository/branches`, body: { branch: 'feature/new', ref: 'main' },
                                                                                             expect: [404, 401, 401, 401, 403, 404, 403, 403, 403, 201, 201, 201, 201, 201] },
  { route: 'DELETE /projects/:id/repository/branches/:branch', url: `${P}/repository/branches/feature-1`,
                                                                                             expect: [404, 401, 401, 401, 403, 404, 403, 403, 403, 204, 204, 204, 204, 204],
    note: 'feature-1 is the source branch of merge request 1, not protected.' },
  // The deprecated protect and unprotect (`authorize_admin_project`: Maintainer) and the merged branches' clean-up (`push_code`).
  { route: 'PUT /projects/:id/repository/branches/:branch/protect', url: `${P}/repository/branches/main/protect`,
                                                                                             expect: [404, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'PUT /projects/:id/repository/branches/:branch/unprotect', url: `${P}/repository/branches/main/unprotect`,
                                                                                             expect: [404, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'DELETE /projects/:id/repository/merged_branches', url: `${P}/repository/merged_branches`,
                                                                                             expect: [404, 401, 401, 401, 403, 404, 403, 403, 403, 202, 202, 202, 202, 202] },
  // Protected branches: read with `read_code` (GitLab 15.11+: Reporter up in a private project; Guests and, in 18.6,
  // Planners 403); written by Maintainers.
  { route: 'GET /projects/:id/protected_branches', url: `${P}/protected_branches`,           expect: [404, 401, 401, 401, 403, 404, 403, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/protected_branches/:name', url: `${P}/protected_branches/main`,
                                                                                             expect: [404, 401, 401, 401, 403, 404, 403, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/protected_branches', url: `${P}/protected_branches`, body: { name: 'release/*' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 201, 201, 201, 201] },
  { route: 'PATCH /projects/:id/protected_branches/:name', url: `${P}/protected_branches/main`, body: { allow_force_push: true },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'DELETE /projects/:id/protected_branches/:name', url: `${P}/protected_branches/main`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204] },
  // Group access tokens (issue 25): the project tokens' rules with Owner (GitLab's admin_group) in place of Maintainer.
  { route: 'GET /groups/:id/access_tokens', url: `${G}/access_tokens`,                       expect: [401, 401, 401, 401, 403, 404, 401, 401, 401, 401, 401, 200, 200, 401],
    note: 'The bot sees acme through acme/api but has no role in it.' },
  { route: 'GET /groups/:id/access_tokens/:token_id', url: `${G}/access_tokens/{groupToken}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 401, 401, 401, 401, 401, 200, 200, 401] },
  { route: 'POST /groups/:id/access_tokens', url: `${G}/access_tokens`, body: { name: 'new', scopes: ['api'], access_level: 30 },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 400, 400, 400, 400, 400, 201, 201, 400] },
  { route: 'POST /groups/:id/access_tokens/:token_id/rotate', url: `${G}/access_tokens/{groupToken}/rotate`, body: {},
                                                                                             expect: [401, 401, 401, 401, 403, 404, 401, 401, 401, 401, 401, 200, 200, 401] },
  { route: 'DELETE /groups/:id/access_tokens/:token_id', url: `${G}/access_tokens/{groupToken}`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 400, 400, 400, 400, 400, 204, 204, 400] },
  // Namespaces (lib/api/namespaces.rb): any signed-in caller lists and checks paths; a group's namespace is read by
  // those with access to the group (a membership in it or above), not by members of its projects only.
  { route: 'GET /namespaces', url: '/namespaces',                                            expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /namespaces/:id', url: '/namespaces/acme',                                   expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 404] },
  { route: 'GET /namespaces/:id/exists', url: '/namespaces/acme/exists',                     expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  // Labels (lib/api/labels.rb, group_labels.rb): read by whoever reads the project or group; a project's labels are
  // managed from Planner up (admin_label).
  { route: 'GET /projects/:id/labels', url: `${P}/labels`,                                    expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/labels/:label_id', url: `${P}/labels/bug`,                      expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/labels', url: `${P}/labels`, body: { name: 'feature', color: '#00ff00' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 201, 201, 201, 201, 201, 201, 201] },
  { route: 'PUT /projects/:id/labels/:label_id', url: `${P}/labels/bug`, body: { color: '#ff0000' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'DELETE /projects/:id/labels/:label_id', url: `${P}/labels/bug`,                   expect: [401, 401, 401, 401, 403, 404, 403, 204, 204, 204, 204, 204, 204, 204] },
  // The deprecated routes name the label in the parameters (`name` or `label_id`) and decide as the REST ones.
  { route: 'PUT /projects/:id/labels', url: `${P}/labels`, body: { name: 'bug', color: '#ff0000' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'DELETE /projects/:id/labels', url: `${P}/labels`, body: { name: 'bug' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 204, 204, 204, 204, 204, 204, 204] },
  { route: 'GET /groups/:id/labels', url: `${G}/labels`,                                      expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /groups/:id/labels/:label_id', url: `${G}/labels/security`,                   expect: [401, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  // Promoting a project label to its group's asks admin_label of the group (Planner up there): the project's bot is no
  // member of the group.
  { route: 'PUT /projects/:id/labels/:label_id/promote', url: `${P}/labels/bug/promote`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 403] },
  { route: 'PUT /projects/:id/labels/promote', url: `${P}/labels/promote`, body: { name: 'bug' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 200, 200, 200, 200, 200, 200, 403] },
  // Subscriptions (lib/api/subscriptions.rb): whoever reads the project or group subscribes to its labels.
  { route: 'POST /projects/:id/labels/:label_id/subscribe', url: `${P}/labels/bug/subscribe`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 201, 201, 201, 201, 201, 201, 201, 201] },
  { route: 'POST /projects/:id/labels/:label_id/unsubscribe', url: `${P}/labels/bug/unsubscribe`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 304, 304, 304, 304, 304, 304, 304, 304] },
  { route: 'POST /groups/:id/labels/:label_id/subscribe', url: `${G}/labels/security/subscribe`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 201, 201, 201, 201, 201, 201, 201, 201] },
  { route: 'POST /groups/:id/labels/:label_id/unsubscribe', url: `${G}/labels/security/unsubscribe`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 304, 304, 304, 304, 304, 304, 304, 304] },
  // Events (lib/api/events.rb): any signed-in caller lists; each list holds only the events the caller may see.
  { route: 'GET /events', url: '/events',                                                    expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /users/:id/events', url: '/users/{user}/events',                             expect: [200, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  // A user's personal projects (lib/api/projects.rb, PersonalProjectsFinder): served without a token; each list holds
  // only the projects the caller may see.
  { route: 'GET /users/:user_id/projects', url: '/users/{user}/projects',                    expect: [200, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/events', url: `${P}/events`,                                   expect: [404, 401, 401, 401, 403, 404, 200, 200, 200, 200, 200, 200, 200, 200] },
  // Project webhooks (lib/api/project_hooks.rb): every route needs admin_project, Maintainer and up.
  { route: 'GET /projects/:id/hooks', url: `${P}/hooks`,                                     expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'GET /projects/:id/hooks/:hook_id', url: `${P}/hooks/{hook}`,                     expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/hooks', url: `${P}/hooks`, body: { url: 'https://hooks.example.com/new' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 201, 201, 201, 201] },
  { route: 'PUT /projects/:id/hooks/:hook_id', url: `${P}/hooks/{hook}`, body: { url: 'https://hooks.example.com/v2' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'DELETE /projects/:id/hooks/:hook_id', url: `${P}/hooks/{hook}`,                  expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204] },
  // Group hooks (ee/lib/api/group_hooks.rb): Owners (admin_hook) of a Premium group.
  { route: 'GET /groups/:id/hooks', url: `${G}/hooks`,                                       expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'GET /groups/:id/hooks/:hook_id', url: `${G}/hooks/{groupHook}`,                  expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'POST /groups/:id/hooks', url: `${G}/hooks`, body: { url: 'https://hooks.example.com/new' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 201, 201, 403] },
  { route: 'PUT /groups/:id/hooks/:hook_id', url: `${G}/hooks/{groupHook}`, body: { member_events: true },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'DELETE /groups/:id/hooks/:hook_id', url: `${G}/hooks/{groupHook}`,               expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 204, 204, 403] },
  // System hooks (lib/api/system_hooks.rb): administrators only, reads included.
  { route: 'GET /hooks', url: '/hooks',                                                      expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403] },
  { route: 'GET /hooks/:hook_id', url: '/hooks/{systemHook}',                                expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403] },
  { route: 'POST /hooks', url: '/hooks', body: { url: 'https://hooks.example.com/new' },     expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'PUT /hooks/:hook_id', url: '/hooks/{systemHook}', body: { url: 'https://hooks.example.com/v2' },
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403] },
  { route: 'DELETE /hooks/:hook_id', url: '/hooks/{systemHook}',                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 204, 403] },
  // Webhook event logs, resend and tests (lib/api/hooks/events.rb, resend_hook.rb, trigger_test.rb, test.rb): the
  // hook's own rights. The matrix's world has made no delivery (resend: 404 for log 1), its hook URLs are not
  // loopback (a test is refused at delivery: 422) and its project has no merge request (422 as well).
  { route: 'GET /projects/:id/hooks/:hook_id/events', url: `${P}/hooks/{hook}/events`,       expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 200, 200, 200, 200] },
  { route: 'POST /projects/:id/hooks/:hook_id/events/:hook_log_id/resend', url: `${P}/hooks/{hook}/events/1/resend`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 404, 404, 404, 404] },
  { route: 'POST /projects/:id/hooks/:hook_id/test/:trigger', url: `${P}/hooks/{hook}/test/merge_requests_events`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 422, 422, 422, 422] },
  { route: 'GET /groups/:id/hooks/:hook_id/events', url: `${G}/hooks/{groupHook}/events`,    expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'POST /groups/:id/hooks/:hook_id/events/:hook_log_id/resend', url: `${G}/hooks/{groupHook}/events/1/resend`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 404, 404, 403] },
  { route: 'POST /groups/:id/hooks/:hook_id/test/:trigger', url: `${G}/hooks/{groupHook}/test/merge_requests_events`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 422, 422, 403] },
  { route: 'POST /hooks/:hook_id', url: '/hooks/{systemHook}',                               expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  // A hook's URL variables and custom headers one at a time (lib/api/hooks/url_variables.rb, custom_headers.rb): the hook's own rights.
  { route: 'PUT /projects/:id/hooks/:hook_id/url_variables/:key', url: `${P}/hooks/{hook}/url_variables/team`, body: { value: 'web' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204] },
  { route: 'DELETE /projects/:id/hooks/:hook_id/url_variables/:key', url: `${P}/hooks/{hook}/url_variables/team`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204] },
  { route: 'PUT /projects/:id/hooks/:hook_id/custom_headers/:key', url: `${P}/hooks/{hook}/custom_headers/X-Audit`, body: { value: 'off' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204] },
  { route: 'DELETE /projects/:id/hooks/:hook_id/custom_headers/:key', url: `${P}/hooks/{hook}/custom_headers/X-Audit`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 204, 204, 204, 204] },
  { route: 'PUT /groups/:id/hooks/:hook_id/url_variables/:key', url: `${G}/hooks/{groupHook}/url_variables/team`, body: { value: 'web' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 204, 204, 403] },
  { route: 'DELETE /groups/:id/hooks/:hook_id/url_variables/:key', url: `${G}/hooks/{groupHook}/url_variables/team`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 204, 204, 403] },
  { route: 'PUT /groups/:id/hooks/:hook_id/custom_headers/:key', url: `${G}/hooks/{groupHook}/custom_headers/X-Audit`, body: { value: 'off' },
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 204, 204, 403] },
  { route: 'DELETE /groups/:id/hooks/:hook_id/custom_headers/:key', url: `${G}/hooks/{groupHook}/custom_headers/X-Audit`,
                                                                                             expect: [401, 401, 401, 401, 403, 404, 403, 403, 403, 403, 403, 204, 204, 403] },
  { route: 'PUT /hooks/:hook_id/url_variables/:key', url: '/hooks/{systemHook}/url_variables/team', body: { value: 'web' },
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 204, 403] },
  { route: 'DELETE /hooks/:hook_id/url_variables/:key', url: '/hooks/{systemHook}/url_variables/team',
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 204, 403] },
  { route: 'PUT /hooks/:hook_id/custom_headers/:key', url: '/hooks/{systemHook}/custom_headers/X-Audit', body: { value: 'off' },
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 204, 403] },
  { route: 'DELETE /hooks/:hook_id/custom_headers/:key', url: '/hooks/{systemHook}/custom_headers/X-Audit',
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 204, 403] },
  // Users administration (lib/api/users.rb): administrators only (`authenticated_as_admin!`); approve and reject ask
  // the service, which refuses non-administrators with its own 403 and answers 409 for a user not pending approval.
  { route: 'POST /users', url: '/users', body: { email: 'new@example.com', username: 'newbie', name: 'New', password: 'Correct-Horse-42' },
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'PUT /users/:id', url: '/users/{user}', body: { name: 'Renamed' },                expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403] },
  { route: 'POST /users/:id/block', url: '/users/{user}/block',                               expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'POST /users/:id/unblock', url: '/users/{user}/unblock',                           expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'POST /users/:id/deactivate', url: '/users/{user}/deactivate',                     expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'POST /users/:id/activate', url: '/users/{user}/activate',                         expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'POST /users/:id/ban', url: '/users/{user}/ban',                                   expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'POST /users/:id/unban', url: '/users/{user}/unban',                               expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403],
    note: 'author is active: the administrator gets "You cannot unban active users."' },
  { route: 'POST /users/:id/approve', url: '/users/{user}/approve',                           expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 409, 403],
    note: 'author is not pending approval' },
  { route: 'POST /users/:id/reject', url: '/users/{user}/reject',                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 409, 403],
    note: 'author is not pending approval' },
  { route: 'GET /users/:id/associations_count', url: '/users/{member}/associations_count',   expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403],
    note: 'the user themself may count too; no caller kind is member' },
  { route: 'GET /users/:user_id/memberships', url: '/users/{member}/memberships',             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403] },
  { route: 'DELETE /users/:id/identities/:provider', url: '/users/{user}/identities/ldapmain',
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 404, 403],
    note: 'author has no ldapmain identity: the administrator gets "404 Identity Not Found"' },
  // SSH keys: anyone signed in reads a user's keys; administrators add and remove them; everyone manages their own.
  // Key 999999 exists nowhere: the reads and deletes of one key are 404 for whoever may reach them.
  { route: 'GET /users/:user_id/keys', url: '/users/{user}/keys',                             expect: [200, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /users/:id/keys/:key_id', url: '/users/{user}/keys/999999',                   expect: [404, 401, 401, 401, 403, 404, 404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /users/:user_id/keys', url: '/users/{user}/keys', body: { title: 'laptop', key: SSH_KEY },
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'DELETE /users/:id/keys/:key_id', url: '/users/{user}/keys/999999',                expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 404, 403] },
  { route: 'GET /user/keys', url: '/user/keys',                                               expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /user/keys/:key_id', url: '/user/keys/999999',                                expect: [401, 401, 401, 401, 403, 404, 404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /user/keys', url: '/user/keys', body: { title: 'laptop', key: SSH_KEY },    expect: [401, 401, 401, 401, 403, 201, 201, 201, 201, 201, 201, 201, 201, 201] },
  { route: 'DELETE /user/keys/:key_id', url: '/user/keys/999999',                             expect: [401, 401, 401, 401, 403, 404, 404, 404, 404, 404, 404, 404, 404, 404] },
  // Personal access tokens (lib/api/personal_access_tokens.rb): one's own for everyone, anyone's for administrators;
  // {token} is the project token `ci` (its bot's): another user's token is 401 to read or rotate, 400 to revoke.
  { route: 'GET /personal_access_tokens', url: '/personal_access_tokens',                     expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'DELETE /personal_access_tokens/self', url: '/personal_access_tokens/self',        expect: [401, 401, 401, 401, 403, 204, 204, 204, 204, 204, 204, 204, 204, 204] },
  { route: 'POST /personal_access_tokens/self/rotate', url: '/personal_access_tokens/self/rotate',
                                                                                             expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /personal_access_tokens/self/associations', url: '/personal_access_tokens/self/associations',
                                                                                             expect: [401, 401, 401, 401, 403, 200, 200, 200, 200, 200, 200, 200, 200, 200],
    note: 'Any scope; every caller here has a personal or project access token; an OAuth token gets 400.' },
  { route: 'GET /personal_access_tokens/:id', url: '/personal_access_tokens/{token}',         expect: [401, 401, 401, 401, 403, 401, 401, 401, 401, 401, 401, 401, 200, 401] },
  { route: 'DELETE /personal_access_tokens/:id', url: '/personal_access_tokens/{token}',      expect: [401, 401, 401, 401, 403, 400, 400, 400, 400, 400, 400, 400, 204, 400] },
  { route: 'POST /personal_access_tokens/:id/rotate', url: '/personal_access_tokens/{token}/rotate',
                                                                                             expect: [401, 401, 401, 401, 403, 401, 401, 401, 401, 401, 401, 401, 200, 401] },
  { route: 'POST /users/:user_id/personal_access_tokens', url: '/users/{user}/personal_access_tokens', body: { name: 'automation', scopes: ['api'] },
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'POST /user/personal_access_tokens', url: '/user/personal_access_tokens', body: { name: 'agent', scopes: ['k8s_proxy'] },
                                                                                             expect: [401, 401, 401, 401, 403, 201, 201, 201, 201, 201, 201, 201, 201, 201] },
  // Impersonation tokens (lib/api/users.rb): administrators only, checked before the parameters.
  { route: 'GET /users/:user_id/impersonation_tokens', url: '/users/{user}/impersonation_tokens',
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 403] },
  { route: 'POST /users/:user_id/impersonation_tokens', url: '/users/{user}/impersonation_tokens', body: { name: 'support', scopes: ['api'], expires_at: '2026-12-31' },
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 403] },
  { route: 'GET /users/:user_id/impersonation_tokens/:impersonation_token_id', url: '/users/{user}/impersonation_tokens/999999',
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 404, 403] },
  { route: 'DELETE /users/:user_id/impersonation_tokens/:impersonation_token_id', url: '/users/{user}/impersonation_tokens/999999',
                                                                                             expect: [401, 401, 401, 401, 403, 403, 403, 403, 403, 403, 403, 403, 404, 403] },
];

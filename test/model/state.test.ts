import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { routes } from '../../mock/handlers/index.js';
import {
  createMockGitLab,
  demoSeed,
  type MockGitLab,
  MockOAuthError,
  type SeedDocument,
  SeedError,
} from '../../mock/index.js';
import type { GitLab } from '../../src/index.js';
import { clientsOf, propertyRuns } from '../fixtures.js';
import { worldTables } from '../world-tables.js';
import { refused, refusedAs } from './recording.js';

// State export under random sequences of real API calls through the SDK, in every
// area (milestones, access tokens, applications, SCIM, approval settings, approval
// rules, approvals), with the clock, rate limits and faults moved between them.
// After each sequence the world is exported and loaded into a fresh mock at another
// base URL, and every read endpoint (every GET route of the router, with every id
// the world holds, as callers of several roles) answers both mocks with the same
// status, body and headers, the base URL aside; the copy exports the same document.
// fast-check prints `seed` and `path` on failure; pass them to `fc.assert` to replay.

const SEED = 13_2026;
// Fewer under mutation testing, where it runs again for nearly every mutant.
const RUNS = propertyRuns(20, 8);
const API = 'acme/platform/api';
const COPY_BASE = 'http://copy.test/gitlab';

type Who = 'root' | 'maria' | 'omar' | 'dev' | 'rita' | 'gus';
/** The demo world's tokens, as its seed gives them. */
const TOKENS = Object.fromEntries(demoSeed.users.map((user) => [user.username, user.token])) as Record<Who, string>;
const who = fc.constantFrom<Who>('root', 'maria', 'omar', 'omar', 'dev', 'rita');
const pick = fc.nat();
const day = fc.integer({ min: -20, max: 60 });
const iid = fc.integer({ min: 1, max: 5 });

const PROJECT_SETTINGS = ['allow_overrides_to_approver_list_per_merge_request', 'retain_approvals_on_push'] as const;

type Op =
  | { op: 'createMilestone'; by: Who; title: string; start: number | null; due: number | null }
  | { op: 'updateMilestone'; by: Who; pick: number; state: 'close' | 'activate' | null; due: number | null }
  | { op: 'deleteMilestone' | 'promoteMilestone'; by: Who; pick: number }
  | { op: 'createToken'; by: Who; name: string; level: 10 | 30 | 40; expires: number | null }
  | { op: 'rotateToken' | 'revokeToken' | 'selfRotate' | 'useToken'; by: Who; pick: number }
  | { op: 'approve' | 'unapprove' | 'resetApprovals'; by: Who; iid: number }
  | { op: 'createRule'; by: Who; name: string; required: number; users: Who[] }
  | { op: 'updateRule' | 'deleteRule'; by: Who; pick: number; required: number }
  | { op: 'createMrRule'; by: Who; iid: number; name: string; required: number; from: number | null }
  | { op: 'deleteMrRule'; by: Who; iid: number; pick: number }
  | { op: 'groupRule'; by: Who; name: string; required: number }
  | { op: 'settings'; by: Who; group: boolean; key: (typeof PROJECT_SETTINGS)[number]; value: boolean }
  | { op: 'createApp' | 'renewApp' | 'deleteApp'; by: Who; pick: number }
  | { op: 'scimUpdate' | 'scimDelete'; by: Who; pick: number }
  | { op: 'advance'; hours: number }
  | { op: 'rateLimits'; perPeriod: number | null }
  | { op: 'fault'; times: number }
  | { op: 'push'; author: Who; iid: number; sha: boolean }
  | { op: 'createMr'; by: Who; branch: number; draft: boolean }
  | { op: 'editMr'; by: Who; iid: number; state: 'close' | 'reopen' | null; label: boolean }
  | { op: 'mergeMr'; by: Who; iid: number }
  | { op: 'createIssue'; by: Who; confidential: boolean }
  | { op: 'editIssue'; by: Who; pick: number; state: 'close' | 'reopen' }
  | { op: 'oauthCode'; by: Who; pick: number; exchange: boolean }
  | { op: 'oauthRefresh' | 'oauthRevoke'; pick: number }
  | {
      op: 'addMember' | 'updateMember' | 'removeMember';
      by: Who;
      pick: number;
      level: 10 | 30 | 40 | 50;
      expires: number | null;
    };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('createMilestone' as const),
    by: who,
    title: fc.constantFrom('v9', 'v10', 'Q3', 'hotfix'),
    start: fc.option(day),
    due: fc.option(day),
  }),
  fc.record({
    op: fc.constant('updateMilestone' as const),
    by: who,
    pick,
    state: fc.constantFrom('close' as const, 'activate' as const, null),
    due: fc.option(day),
  }),
  fc.record({ op: fc.constantFrom('deleteMilestone' as const, 'promoteMilestone' as const), by: who, pick }),
  fc.record({
    op: fc.constant('createToken' as const),
    by: who,
    name: fc.constantFrom('deploy', 'ci'),
    level: fc.constantFrom(10 as const, 30 as const, 40 as const),
    expires: fc.option(fc.integer({ min: 1, max: 30 })),
  }),
  fc.record({
    op: fc.constantFrom(
      'rotateToken' as const,
      'rotateToken' as const,
      'revokeToken' as const,
      'selfRotate' as const,
      'useToken' as const,
    ),
    by: who,
    pick,
  }),
  fc.record({ op: fc.constant('rotateToken' as const), by: fc.constantFrom<Who>('root', 'maria', 'omar'), pick }),
  fc.record({
    op: fc.constantFrom('approve' as const, 'approve' as const, 'unapprove' as const, 'resetApprovals' as const),
    by: fc.constantFrom<Who>('maria', 'omar', 'dev', 'rita', 'gus', 'root'),
    iid,
  }),
  fc.record({
    op: fc.constant('approve' as const),
    by: fc.constantFrom<Who>('maria', 'root'),
    iid: fc.constantFrom(4, 5),
  }),
  fc.record({
    op: fc.constant('createRule' as const),
    by: who,
    name: fc.constantFrom('Docs', 'Ops'),
    required: fc.integer({ min: 0, max: 3 }),
    users: fc.subarray<Who>(['omar', 'dev', 'rita']),
  }),
  fc.record({
    op: fc.constantFrom('updateRule' as const, 'deleteRule' as const),
    by: who,
    pick,
    required: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    op: fc.constant('createMrRule' as const),
    by: fc.constantFrom<Who>('maria', 'omar', 'dev'),
    iid: fc.constantFrom(3, 4, 5),
    name: fc.constantFrom('Mine', 'Backend'),
    required: fc.integer({ min: 0, max: 2 }),
    from: fc.option(pick),
  }),
  fc.record({ op: fc.constant('deleteMrRule' as const), by: who, iid, pick }),
  fc.record({
    op: fc.constant('groupRule' as const),
    by: who,
    name: fc.constantFrom('Audit', 'Compliance'),
    required: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({
    op: fc.constant('settings' as const),
    by: who,
    group: fc.boolean(),
    key: fc.constantFrom(...PROJECT_SETTINGS),
    value: fc.constantFrom(true, true, false),
  }),
  fc.record({ op: fc.constantFrom('createApp' as const, 'renewApp' as const, 'deleteApp' as const), by: who, pick }),
  fc.record({
    op: fc.constantFrom('renewApp' as const, 'revokeToken' as const),
    by: fc.constantFrom<Who>('root', 'maria'),
    pick,
  }),
  fc.record({ op: fc.constantFrom('scimUpdate' as const, 'scimDelete' as const), by: who, pick }),
  fc.record({ op: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 24 * 10 }) }),
  fc.record({ op: fc.constant('rateLimits' as const), perPeriod: fc.option(fc.integer({ min: 50, max: 5000 })) }),
  fc.record({ op: fc.constant('fault' as const), times: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('oauthCode' as const), by: who, pick, exchange: fc.boolean() }),
  fc.record({ op: fc.constantFrom('oauthRefresh' as const, 'oauthRevoke' as const), pick }),
  fc.record({
    op: fc.constantFrom('addMember' as const, 'addMember' as const, 'updateMember' as const, 'removeMember' as const),
    // Mostly callers who may manage the project's members, so that memberships do change.
    by: fc.constantFrom<Who>('root', 'maria', 'omar', 'dev'),
    pick,
    level: fc.constantFrom<10 | 30 | 40 | 50>(10, 30, 40, 50),
    expires: fc.option(day),
  }),
  fc.record({
    op: fc.constant('push' as const),
    author: fc.constantFrom<Who>('dev', 'omar', 'rita'),
    iid: fc.constantFrom(3, 4, 5),
    sha: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('createMr' as const),
    by: who,
    branch: fc.integer({ min: 1, max: 3 }),
    draft: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('editMr' as const),
    by: who,
    iid,
    state: fc.constantFrom('close' as const, 'reopen' as const, null),
    label: fc.boolean(),
  }),
  fc.record({ op: fc.constant('mergeMr' as const), by: fc.constantFrom<Who>('maria', 'root', 'dev'), iid }),
  fc.record({ op: fc.constant('createIssue' as const), by: who, confidential: fc.boolean() }),
  fc.record({
    op: fc.constant('editIssue' as const),
    by: who,
    pick,
    state: fc.constantFrom('close' as const, 'reopen' as const),
  }),
);

/** What the runs went through, so a property that stops exercising something fails instead of passing quietly. */
const seen = {
  rotated: 0,
  revoked: 0,
  approved: 0,
  promoted: 0,
  mrRules: 0,
  renewed: 0,
  scim: 0,
  pushes: 0,
  mergeRequests: 0,
  issues: 0,
  oauth: 0,
  members: 0,
  reads: 0,
};

const dateIn = (mock: MockGitLab, days: number) =>
  new Date(mock.world.now + days * 86_400_000).toISOString().slice(0, 10);
const nth = <T>(items: readonly T[], n: number): T | undefined => items[n % Math.max(items.length, 1)];

class Run {
  readonly mock = createMockGitLab({ seed: demoSeed });
  readonly client = clientsOf(this.mock);

  as(by: Who): GitLab {
    return this.client(TOKENS[by]);
  }

  private projectId(path = API): number {
    return [...this.mock.world.projects.values()].find((p) => p.path_with_namespace === path)?.id ?? 0;
  }

  private milestoneIds(): number[] {
    const id = this.projectId();
    return [...this.mock.world.milestones.values()].filter((m) => m.project_id === id).map((m) => m.id);
  }

  private tokens() {
    const id = this.projectId();
    return [...this.mock.world.tokens.values()].filter((t) => t.project_id === id);
  }

  private ruleIds(): number[] {
    const id = this.projectId();
    return [...this.mock.world.projectApprovalRules.values()].filter((r) => r.project_id === id).map((r) => r.id);
  }

  async step(op: Op): Promise<void> {
    const { mock } = this;
    const gitlab = 'by' in op ? this.as(op.by) : this.as('root');
    const ok = () => true;
    switch (op.op) {
      case 'createMilestone':
        await gitlab.projects.milestones
          .create(API, {
            title: op.title,
            start_date: op.start === null ? undefined : dateIn(mock, op.start),
            due_date: op.due === null ? undefined : dateIn(mock, op.due),
          })
          .catch(refused);
        return;
      case 'updateMilestone': {
        const id = nth(this.milestoneIds(), op.pick);
        if (id === undefined) return;
        await gitlab.projects.milestones
          .update(API, id, {
            ...(op.state ? { state_event: op.state } : {}),
            due_date: op.due === null ? null : dateIn(mock, op.due),
          })
          .catch(refused);
        return;
      }
      case 'deleteMilestone':
      case 'promoteMilestone': {
        const id = nth(this.milestoneIds(), op.pick);
        if (id === undefined) return;
        if (op.op === 'deleteMilestone') await gitlab.projects.milestones.delete(API, id).catch(refused);
        else if (await gitlab.projects.milestones.promote(API, id).then(ok, refused)) seen.promoted++;
        return;
      }
      case 'createToken':
        await gitlab.projects.accessTokens
          .create(API, {
            name: op.name,
            scopes: ['api'],
            access_level: op.level,
            expires_at: op.expires === null ? undefined : dateIn(mock, op.expires),
          })
          .catch(refused);
        return;
      case 'rotateToken':
      case 'revokeToken':
      case 'selfRotate':
      case 'useToken': {
        const token = nth(this.tokens(), op.pick);
        if (!token) return;
        if (op.op === 'rotateToken') {
          if (await gitlab.projects.accessTokens.rotate(API, token.id).then(ok, refused)) seen.rotated++;
        } else if (op.op === 'revokeToken') {
          if (await gitlab.projects.accessTokens.revoke(API, token.id).then(ok, refused)) seen.revoked++;
        } else if (op.op === 'selfRotate') {
          if (await this.client(token.value).projects.accessTokens.rotate(API, 'self').then(ok, refused))
            seen.rotated++;
        } else {
          await this.client(token.value).projects.approvalSettings.get(API).catch(refused);
        }
        return;
      }
      case 'approve':
        if (await gitlab.projects.mergeRequests.approvals.approve(API, op.iid).then(ok, refused)) seen.approved++;
        return;
      case 'unapprove':
        await gitlab.projects.mergeRequests.approvals.unapprove(API, op.iid).catch(refused);
        return;
      case 'resetApprovals': {
        // Only a project token's bot may reset approvals.
        const token = this.tokens().find((t) => !t.revoked && (t.expires_at ?? '9999') >= dateIn(mock, 0));
        if (token) await this.client(token.value).projects.mergeRequests.approvals.reset(API, op.iid).catch(refused);
        return;
      }
      case 'createRule':
        await gitlab.projects.approvalRules
          .create(API, { name: op.name, approvals_required: op.required, usernames: op.users })
          .catch(refused);
        return;
      case 'updateRule':
      case 'deleteRule': {
        const id = nth(this.ruleIds(), op.pick);
        if (id === undefined) return;
        if (op.op === 'deleteRule') await gitlab.projects.approvalRules.delete(API, id).catch(refused);
        else
          await gitlab.projects.approvalRules
            .update(API, id, {
              name: mock.world.projectApprovalRules.get(id)?.name ?? 'x',
              approvals_required: op.required,
            })
            .catch(refused);
        return;
      }
      case 'createMrRule': {
        const from = op.from === null ? undefined : nth(this.ruleIds(), op.from);
        const created = await gitlab.projects.mergeRequests.approvalRules
          .create(API, op.iid, { name: op.name, approvals_required: op.required, approval_project_rule_id: from })
          .catch(refused);
        if (created) seen.mrRules++;
        return;
      }
      case 'deleteMrRule': {
        const mr = [...mock.world.mergeRequests.values()].find(
          (m) => m.project_id === this.projectId() && m.iid === op.iid,
        );
        const ids = [...mock.world.mergeRequestApprovalRules.values()]
          .filter((r) => r.merge_request_id === mr?.id)
          .map((r) => r.id);
        const id = nth(ids, op.pick);
        if (id !== undefined) await gitlab.projects.mergeRequests.approvalRules.delete(API, op.iid, id).catch(refused);
        return;
      }
      case 'groupRule':
        await gitlab.groups.approvalRules
          .create('acme', { name: op.name, approvals_required: op.required })
          .catch(refused);
        return;
      case 'settings':
        if (op.group)
          await gitlab.groups.approvalSettings.update('acme', { allow_committer_approval: op.value }).catch(refused);
        else await gitlab.projects.approvalSettings.update(API, { [op.key]: op.value }).catch(refused);
        return;
      case 'createApp':
      case 'renewApp':
      case 'deleteApp': {
        // Instance-wide applications are the administrator's alone: anyone else gets 403 Forbidden.
        const appRefused = refusedAs(op.by === 'root' ? null : { status: 403, message: '403 Forbidden' });
        if (op.op === 'createApp') {
          await gitlab.applications
            .create({ name: 'Tool', redirect_uri: 'https://tool.example.com/cb', scopes: ['api'] })
            .catch(appRefused);
          return;
        }
        const id = nth([...mock.world.applications.keys()], op.pick);
        if (id === undefined) return;
        if (op.op === 'deleteApp') await gitlab.applications.delete(id).catch(appRefused);
        else if (await gitlab.applications.renewSecret(id).then(ok, appRefused)) seen.renewed++;
        return;
      }
      case 'addMember':
      case 'updateMember':
      case 'removeMember': {
        const user = nth(
          [...mock.world.users.values()].filter((u) => !u.bot),
          op.pick,
        );
        if (!user) return;
        const { members } = gitlab.projects;
        const body = { access_level: op.level, ...(op.expires !== null && { expires_at: dateIn(mock, op.expires) }) };
        const done =
          op.op === 'addMember'
            ? await members.add(API, { user_id: user.id, ...body }).then(ok, refused)
            : op.op === 'updateMember'
              ? await members.update(API, user.id, body).then(ok, refused)
              : await members.remove(API, user.id).then(ok, refused);
        if (done) seen.members++;
        return;
      }
      case 'scimUpdate':
      case 'scimDelete': {
        const identity = nth([...mock.world.scimIdentities.values()], op.pick);
        if (!identity) return;
        const done =
          op.op === 'scimDelete'
            ? await gitlab.groups.scim.delete('acme', identity.extern_uid).then(ok, refused)
            : await gitlab.groups.scim
                .update('acme', identity.extern_uid, { extern_uid: `${identity.extern_uid}.x` })
                .then(ok, refused);
        if (done) seen.scim++;
        return;
      }
      case 'advance':
        mock.clock.advance({ hours: op.hours });
        return;
      case 'rateLimits':
        mock.rateLimits.set(
          op.perPeriod === null
            ? {}
            : { authenticated_api: { requests_per_period: op.perPeriod, period_in_seconds: 60 } },
        );
        return;
      case 'push':
        try {
          const sha = op.sha ? `${mock.world.now.toString(16).padStart(40, '0')}`.slice(-40) : undefined;
          mock.mergeRequests.push(API, op.iid, { author: op.author, sha });
          seen.pushes++;
        } catch (error) {
          // A push the mock refuses (a merge request that is not open, a head that does not move).
          if (!(error instanceof SeedError)) throw error;
        }
        return;
      case 'createMr': {
        const title = `${op.draft ? 'Draft: ' : ''}Change ${op.branch}`;
        const body = { source_branch: `change-${op.branch}`, target_branch: 'main', title, labels: ['model'] };
        if (await gitlab.projects.mergeRequests.create(API, body).then(ok, refused)) seen.mergeRequests++;
        return;
      }
      case 'editMr': {
        const body = {
          state_event: op.state ?? undefined,
          ...(op.label ? { add_labels: 'edited' } : { description: 'edited' }),
        };
        if (await gitlab.projects.mergeRequests.update(API, op.iid, body).then(ok, refused)) seen.mergeRequests++;
        return;
      }
      case 'mergeMr':
        if (await gitlab.projects.mergeRequests.merge(API, op.iid).then(ok, refused)) seen.mergeRequests++;
        return;
      case 'createIssue': {
        const body = { title: 'Found in the model', confidential: op.confidential, labels: ['model'], weight: 2 };
        if (await gitlab.projects.issues.create(API, body).then(ok, refused)) seen.issues++;
        return;
      }
      case 'editIssue': {
        const id = this.projectId();
        const issue = nth(
          [...mock.world.issues.values()].filter((i) => i.project_id === id),
          op.pick,
        );
        if (!issue) return;
        if (await gitlab.projects.issues.update(API, issue.iid, { state_event: op.state }).then(ok, refused)) {
          seen.issues++;
        }
        return;
      }
      case 'oauthCode': {
        const app = nth([...mock.world.applications.values()], op.pick);
        if (!app) return;
        const redirectUri = app.redirect_uri.split(/\s+/)[0] as string;
        let code: string;
        try {
          ({ code } = mock.oauth.authorize({
            user: op.by,
            clientId: app.application_id,
            redirectUri,
            scopes: app.scopes,
          }));
        } catch (error) {
          if (!(error instanceof MockOAuthError)) throw error;
          return;
        }
        if (!op.exchange) return;
        const answer = await oauthPost(mock, '/oauth/token', {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: app.application_id,
          client_secret: app.secret,
        });
        if (answer.status === 200) seen.oauth++;
        return;
      }
      case 'oauthRefresh':
      case 'oauthRevoke': {
        const token = nth([...mock.world.oauthTokens.values()], op.pick);
        const app = token?.application_id == null ? undefined : mock.world.applications.get(token.application_id);
        if (!token || !app || token.refresh_token === null) return;
        const client = { client_id: app.application_id, client_secret: app.secret };
        if (op.op === 'oauthRevoke') await oauthPost(mock, '/oauth/revoke', { token: token.refresh_token, ...client });
        else
          await oauthPost(mock, '/oauth/token', {
            grant_type: 'refresh_token',
            refresh_token: token.refresh_token,
            ...client,
          });
        return;
      }
      case 'fault':
        // On a route the operations never call: it strikes during the reads, alike in both mocks.
        mock.faults.add({
          method: 'GET',
          path: '/projects/:id/milestones/*/burndown_events',
          status: 502,
          times: op.times,
        });
        return;
    }
  }
}

/** Every concrete path of a route: each `:param` bound to every value the world holds for it (and one that matches nothing). */
function pathsOf(mock: MockGitLab, path: string): string[] {
  const { world } = mock;
  const bind = (segments: string[], bound: Record<string, string>): string[] => {
    const index = segments.findIndex((s) => s.startsWith(':'));
    if (index === -1) return [segments.join('/')];
    const name = (segments[index] as string).slice(1);
    const projectId = Number(bound.id);
    const mr = [...world.mergeRequests.values()].find(
      (m) => m.project_id === projectId && String(m.iid) === bound.merge_request_iid,
    );
    const values: Record<string, () => (string | number)[]> = {
      id: () =>
        segments[1] === 'groups' || segments[1] === 'namespaces'
          ? [...world.groups.keys()]
          : segments[1] === 'applications'
            ? [...world.applications.keys()]
            : segments[1] === 'users'
              ? [...world.users.keys()]
              : segments[1] === 'personal_access_tokens'
                ? [...world.tokens.keys()]
                : [...world.projects.keys()],
      key_id: () => [...world.sshKeys.keys()],
      impersonation_token_id: () => [...world.tokens.values()].filter((t) => t.impersonation).map((t) => t.id),
      token_id: () => [...world.tokens.values()].filter((t) => t.project_id === projectId).map((t) => t.id),
      milestone_id: () =>
        [...world.milestones.values()]
          .filter((m) => m.project_id === projectId || m.group_id !== null)
          .map((m) => m.id),
      merge_request_iid: () =>
        [...world.mergeRequests.values()].filter((m) => m.project_id === projectId).map((m) => m.iid),
      approval_rule_id: () =>
        bound.merge_request_iid === undefined
          ? [...world.projectApprovalRules.values(), ...world.groupApprovalRules.values()].map((r) => r.id)
          : [...world.mergeRequestApprovalRules.values()].filter((r) => r.merge_request_id === mr?.id).map((r) => r.id),
      uid: () => [...world.scimIdentities.values()].map((s) => encodeURIComponent(s.extern_uid)),
      issue_iid: () => [...world.issues.values()].filter((i) => i.project_id === projectId).map((i) => i.iid),
      user_id: () => [...world.users.keys()],
      label_id: () =>
        [...world.labels.values()]
          .filter((l) => l.project_id === projectId || l.group_id !== null)
          .flatMap((l) => [l.id, encodeURIComponent(l.title)]),
      branch: () => [...(world.projects.get(projectId)?.branches.keys() ?? [])].map(encodeURIComponent),
      hook_id: () =>
        segments[1] === 'hooks'
          ? [...world.systemHooks.keys()]
          : segments[1] === 'groups'
            ? [...world.groupHooks.values()].filter((h) => h.group_id === projectId).map((h) => h.id)
            : [...world.projectHooks.values()].filter((h) => h.project_id === projectId).map((h) => h.id),
      name: () =>
        [...world.protectedBranches.values()]
          .filter((b) => b.project_id === projectId)
          .map((b) => encodeURIComponent(b.name)),
    };
    const of = values[name];
    if (!of) throw new Error(`the property does not know how to fill :${name} of ${path}: teach pathsOf`);
    return [...new Set([...of(), 999])].flatMap((value) => {
      const next = [...segments];
      next[index] = String(value);
      return bind(next, { ...bound, [name]: String(value) });
    });
  };
  return bind(path.split('/'), {});
}

/** Queries a list is read with: the default page, a later small page, and a filter. */
const QUERIES = ['', '?per_page=2&page=2', '?state=active&sort=expires_asc'];

/** Writes that give out ids and secrets, made after the reads in both mocks. */
const WRITES = [
  async function createToken(mock: MockGitLab) {
    return send(mock, 'POST', '/projects/1/access_tokens', { name: 'after', scopes: ['api'], access_level: 30 });
  },
  async function createApplication(mock: MockGitLab) {
    return send(mock, 'POST', '/applications', { name: 'After', redirect_uri: 'https://a.example.com', scopes: 'api' });
  },
  async function createMilestone(mock: MockGitLab) {
    return send(mock, 'POST', '/projects/1/milestones', { title: 'after' });
  },
  async function exchangeLastCode(mock: MockGitLab) {
    const grant = [...mock.world.oauthGrants.values()].at(-1);
    const app = grant && mock.world.applications.get(grant.application_id);
    if (!grant || !app) return undefined;
    const answer = await oauthPost(mock, '/oauth/token', {
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: grant.redirect_uri,
      client_id: app.application_id,
      client_secret: app.secret,
    });
    const body = JSON.parse(answer.body);
    // The claims, not the signature: a world without a key yet makes its own on first use.
    if (body.id_token)
      body.id_token = JSON.parse(JSON.stringify(decodeJwt(body.id_token)).replaceAll(mock.baseUrl, 'BASE'));
    return { status: answer.status, body };
  },
];

/** A form POST to one of the OAuth provider's routes. */
async function oauthPost(mock: MockGitLab, path: string, form: Record<string, string>) {
  const response = await mock.fetch(`${mock.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.text()).replaceAll(mock.baseUrl, 'BASE') };
}

/** What the OAuth provider answers about its tokens and keys, compared between the two mocks. */
async function oauthReads(mock: MockGitLab) {
  // A world makes its signing key when it first needs one (key generation is asynchronous), so only one that has it exports it.
  const out: unknown[] = mock.world.signingKey ? [await read(mock, '/oauth/discovery/keys', '', '')] : [];
  for (const token of mock.world.oauthTokens.values()) {
    for (const path of ['/oauth/token/info', '/oauth/userinfo', '/api/v4/applications']) {
      out.push(await read(mock, path, token.token, ''));
    }
  }
  return out;
}

async function send(mock: MockGitLab, method: string, path: string, body: unknown) {
  const response = await mock.fetch(`${mock.baseUrl}/api/v4${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': TOKENS.root, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.text()).replaceAll(mock.baseUrl, 'BASE') };
}

/** A GET under `/api/v4` with PRIVATE-TOKEN, or (with `prefix` `''`) anywhere with a bearer token. */
async function read(mock: MockGitLab, path: string, token: string, prefix = '/api/v4') {
  const auth: Record<string, string> =
    prefix === '' ? { authorization: `Bearer ${token}` } : { 'PRIVATE-TOKEN': token };
  const response = await mock
    .fetch(`${mock.baseUrl}${prefix}${path}`, { headers: auth })
    .catch((error: Error) => error);
  if (response instanceof Error) return { dropped: response.message };
  // SSH clone URLs name the host alone (git@host:path.git).
  const sshPrefix = `git@${new URL(mock.baseUrl).host}:`;
  const strip = (text: string) => text.replaceAll(mock.baseUrl, 'BASE').replaceAll(sshPrefix, 'git@HOST:');
  const headers = Object.fromEntries([...response.headers].map(([name, value]) => [name, strip(value)]));
  return { status: response.status, headers, body: strip(await response.text()) };
}

describe('state export under random operations (model-based)', () => {
  it('a loaded export answers every read endpoint as the original, and exports the same document', async () => {
    const reads = routes.filter((r) => r.method === 'GET');
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40, size: 'max' }), async (ops) => {
        const run = new Run();
        // The demo project forbids merge request rules; allow them, so the operations can make some.
        await run.step({
          op: 'settings',
          by: 'omar',
          group: false,
          key: 'allow_overrides_to_approver_list_per_merge_request',
          value: true,
        });
        for (const op of ops) await run.step(op);
        const exported = run.mock.exportState();
        const copy = createMockGitLab({ seed: exported, baseUrl: COPY_BASE });
        expect(copy.exportState()).toEqual(exported);
        // Every field of every record, beyond what the reads show (pushes, passwords...).
        expect(worldTables(copy)).toEqual(worldTables(run.mock));

        for (const route of reads) {
          for (const path of pathsOf(run.mock, route.path)) {
            const queries = route.path.endsWith('s') || route.path.endsWith('identities') ? QUERIES : [''];
            for (const query of queries) {
              for (const by of ['root', 'maria', 'dev', 'gus'] as const) {
                const original = await read(run.mock, path + query, TOKENS[by]);
                const loaded = await read(copy, path + query, TOKENS[by]);
                expect(loaded, `GET ${path}${query} as ${by}`).toEqual(original);
                seen.reads++;
              }
            }
          }
        }
        expect(await oauthReads(copy), 'the OAuth provider').toEqual(await oauthReads(run.mock));
        // The reads changed both alike (last use of tokens, rate limit counts, faults used up).
        expect(copy.exportState()).toEqual(run.mock.exportState());
        // New records continue the same id sequences and the same random source: same ids, same secrets.
        for (const write of WRITES) {
          const original = await write(run.mock);
          expect(await write(copy), write.name).toEqual(original);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`state model: ${RUNS} runs`, seen);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a spoiled export by the path at fault, and leaves the world exactly as it was', async () => {
    const spoiled = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 20, size: 'max' }),
        fc.constantFrom(...SPOILERS),
        async (ops, spoiler) => {
          const run = new Run();
          for (const op of ops) await run.step(op);
          const before = run.mock.exportState();
          const tables = worldTables(run.mock);
          const document = structuredClone(before);
          if (!spoiler.spoil(document)) return;
          expect(() => run.mock.loadState(document), spoiler.name).toThrow(SeedError);
          expect(() => run.mock.loadState(document), spoiler.name).toThrow(spoiler.path);
          expect(worldTables(run.mock)).toEqual(tables);
          expect(run.mock.exportState()).toEqual(before);
          spoiled.set(spoiler.name, (spoiled.get(spoiler.name) ?? 0) + 1);
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
    for (const { name } of SPOILERS) expect(spoiled.get(name) ?? 0, name).toBeGreaterThan(0);
  });
});

/** Ways to spoil an export (false: this world has nothing to spoil that way), and the path the refusal must name. */
const SPOILERS: { name: string; path: RegExp; spoil: (document: SeedDocument) => boolean }[] = [
  {
    name: 'an unknown version',
    path: /^version: unknown version/,
    spoil: (document) => {
      Object.assign(document, { version: 2 });
      return true;
    },
  },
  {
    name: 'a username taken twice',
    path: /^users\[1\]\.username: already taken$/,
    spoil: (document) => {
      const [first, second] = document.users;
      if (!first || !second) return false;
      second.username = first.username;
      return true;
    },
  },
  {
    name: 'a milestone id taken twice',
    path: /^projects\[0\]\.milestones\[1\]\.id: already taken$/,
    spoil: (document) => {
      const [first, second] = document.projects?.[0]?.milestones ?? [];
      if (!first || !second) return false;
      second.id = first.id;
      return true;
    },
  },
  {
    name: 'a token rotated from no token of its project',
    path: /^projects\[0\]\.access_tokens\[0\]\.rotated_from: /,
    spoil: (document) => {
      const token = document.projects?.[0]?.access_tokens?.[0];
      if (!token) return false;
      token.rotated_from = 999_999;
      return true;
    },
  },
  {
    name: 'an approval or a push by an unknown user',
    path: /^projects\[0\]\.merge_requests\[\d+\]\.(approvals|pushes)\[0\](\.author)?: unknown user$/,
    spoil: (document) => {
      for (const mr of document.projects?.[0]?.merge_requests ?? []) {
        if (mr.pushes?.[0]) mr.pushes[0].author = 'nobody';
        else if (mr.approvals?.[0]) mr.approvals[0] = { user: 'nobody' };
        else continue;
        return true;
      }
      return false;
    },
  },
];

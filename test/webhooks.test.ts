import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMockGitLab,
  GITLAB_VERSION,
  type MockGitLab,
  type SeedAccessToken,
  type SeedDocument,
  type SeedMergeRequest,
  type SeedProjectHook,
} from '../mock/index.js';
import { parseWebhook } from '../src/index.js';
import { client, failure } from './fixtures.js';

// Webhook delivery end to end: real flows driven through the SDK, delivered over real HTTP to a
// receiver on 127.0.0.1, with GitLab's payloads, headers, auto-disabling and the delivery log.

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A receiver on loopback: records what it gets, answers `status` after `delayMs`. */
async function startReceiver() {
  const received: Received[] = [];
  const behaviour = { status: 200, delayMs: 0 };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: JSON.parse(text) });
      setTimeout(() => {
        response.writeHead(behaviour.status, { 'content-type': 'text/plain' });
        response.end(behaviour.status < 400 ? 'ok' : 'boom');
      }, behaviour.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    behaviour,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const API = 'acme/platform/api';

function seed(url: string, extra: Partial<SeedDocument> = {}): SeedDocument {
  return {
    now: '2026-06-01T09:00:00Z',
    instance: { offering: 'hosted' },
    users: [
      { username: 'root', admin: true, token: 'glpat-root' },
      { username: 'owner', token: 'glpat-owner' },
      { username: 'maintainer', token: 'glpat-maintainer' },
      { username: 'dev', token: 'glpat-dev' },
      { username: 'dev2', token: 'glpat-dev2' },
      { username: 'outsider', token: 'glpat-outsider' },
    ],
    groups: [
      { path: 'acme', plan: 'premium', members: { owner: 50 } },
      { path: 'acme/platform', members: { maintainer: 40, dev: 30, dev2: 30 } },
    ],
    projects: [
      {
        path: API,
        protected_branches: ['main'],
        branches: ['feature'],
        milestones: [{ title: 'v1.0' }],
        approval_rules: [{ name: 'Two', approvals_required: 2, users: ['maintainer', 'dev2'] }],
        merge_requests: [{ iid: 1, title: 'Add login', author: 'dev', source_branch: 'login' }],
        hooks: [
          {
            url: `${url}/project`,
            token: 'hook-secret',
            events: {
              merge_requests_events: true,
              milestone_events: true,
              issues_events: true,
              resource_access_token_events: true,
            },
          },
        ],
      },
    ],
    ...extra,
  };
}

let receiver: Receiver;
let mock: MockGitLab;

beforeEach(async () => {
  receiver = await startReceiver();
  mock = createMockGitLab({ seed: seed(receiver.url), webhooks: { timeout: 300 } });
});

afterEach(async () => {
  await mock.webhooks.settled();
  await receiver.close();
});

/** A time as a queued event's payload shows it: Sidekiq's `JSON.generate` writes Ruby's `Time#to_s`. */
const queued = (iso: string | null) => {
  if (iso === null) return null;
  const utc = new Date(iso).toISOString();
  return `${utc.slice(0, 10)} ${utc.slice(11, 19)} UTC`;
};

const kinds = () => receiver.received.map((r) => `${r.headers['x-gitlab-event']}:${actionOf(r.body)}`);
const actionOf = (body: Record<string, unknown>) =>
  (body.object_attributes as { action?: string } | undefined)?.action ?? body.action ?? body.event_name;

describe('merge request events', () => {
  it('sends a push’s update with the head before it, then the approvals’ reset as a system event', async () => {
    const mr = await client(mock, 'glpat-dev').projects.mergeRequests.get(API, 1);
    await client(mock, 'glpat-maintainer').projects.mergeRequests.approvals.approve(API, 1);
    await client(mock, 'glpat-dev2').projects.mergeRequests.approvals.approve(API, 1);
    await mock.webhooks.settled();
    receiver.received.length = 0;
    const { sha } = mock.mergeRequests.push(API, 1, { author: 'dev' });
    await mock.webhooks.settled();
    // GitLab's refresh: `update` with `oldrev`; the reset (18.5 and later) `unapproved`: it was approved, now is not.
    expect(kinds()).toEqual(['Merge Request Hook:update', 'Merge Request Hook:unapproved']);
    const [update, reset] = receiver.received.map((r) => r.body) as [Received['body'], Received['body']];
    expect(update).toMatchObject({ user: { username: 'dev' }, changes: {} });
    expect(update.object_attributes).toMatchObject({ action: 'update', oldrev: mr.sha, system: false });
    expect((update.object_attributes as { last_commit: { id: string } }).last_commit.id).toBe(sha);
    expect(update.object_attributes).not.toHaveProperty('system_action');
    expect(reset.object_attributes).toMatchObject({
      action: 'unapproved',
      system: true,
      system_action: 'approvals_reset_on_push',
    });
    expect(Object.keys(reset.object_attributes as object).at(-1)).toBe('system_action');
    expect(reset.object_attributes).not.toHaveProperty('oldrev');
    // The SDK's receiver takes both as GitLab sends them.
    for (const [index, body] of [update, reset].entries()) {
      const request = receiver.received[index] as Received;
      const headers = { 'x-gitlab-event': 'Merge Request Hook', 'x-gitlab-token': 'hook-secret' };
      const parsed = await parseWebhook({ headers, body: JSON.stringify(body) }, { token: 'hook-secret' });
      expect(parsed.payload).toMatchObject({ object_attributes: { action: actionOf(request.body) } });
    }
  });

  it('names a reset of code owners’ approvals only (selective code owner removals) by its own system action', async () => {
    const project = [...mock.world.projects.values()].find((p) => p.path_with_namespace === API);
    if (!project) throw new Error('no project');
    mock.seed.approvalRule(project, {
      name: 'Owners',
      rule_type: 'code_owner',
      approvals_required: 1,
      users: ['dev2'],
    });
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.approvalSettings.update(API, {
      retain_approvals_on_push: true,
      selective_code_owner_removals: true,
    });
    await client(mock, 'glpat-dev2').projects.mergeRequests.approvals.approve(API, 1);
    await mock.webhooks.settled();
    receiver.received.length = 0;
    mock.mergeRequests.push(API, 1, { author: 'dev' });
    await mock.webhooks.settled();
    expect(kinds()).toEqual(['Merge Request Hook:update', 'Merge Request Hook:unapproval']);
    expect(receiver.received[1]?.body.object_attributes).toMatchObject({
      system: true,
      system_action: 'code_owner_approvals_reset_on_push',
    });
  });

  it('says unapproval for a reset that leaves the merge request unapproved as it was, and nothing of a push that removes none', async () => {
    await client(mock, 'glpat-maintainer').projects.mergeRequests.approvals.approve(API, 1);
    await mock.webhooks.settled();
    receiver.received.length = 0;
    mock.mergeRequests.push(API, 1, { author: 'dev' });
    mock.mergeRequests.push(API, 1, { author: 'dev' });
    await mock.webhooks.settled();
    expect(kinds()).toEqual([
      'Merge Request Hook:update',
      'Merge Request Hook:unapproval',
      'Merge Request Hook:update',
    ]);
  });

  it('keeps the approvals of a project that retains them on push, and sends the update only', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.approvalSettings.update(API, { retain_approvals_on_push: true });
    await maintainer.projects.mergeRequests.approvals.approve(API, 1);
    await mock.webhooks.settled();
    receiver.received.length = 0;
    mock.mergeRequests.push(API, 1, { author: 'dev' });
    await mock.webhooks.settled();
    expect(kinds()).toEqual(['Merge Request Hook:update']);
    const status = await maintainer.projects.mergeRequests.approvals.get(API, 1);
    expect(status.approved_by.map(({ user }) => user.username)).toEqual(['maintainer']);
  });

  it('sends open, approval, approved and merge with GitLab payloads and headers, after the API answered', async () => {
    const dev = client(mock, 'glpat-dev');
    const mr = await dev.projects.mergeRequests.create(API, {
      source_branch: 'feature',
      target_branch: 'main',
      title: 'Webhooks',
    });
    // Nothing is delivered before the request has answered: the delivery is queued.
    expect(receiver.received).toHaveLength(0);
    await client(mock, 'glpat-maintainer').projects.mergeRequests.approvals.approve(API, mr.iid);
    await client(mock, 'glpat-dev2').projects.mergeRequests.approvals.approve(API, mr.iid);
    await client(mock, 'glpat-maintainer').projects.mergeRequests.merge(API, mr.iid);
    await mock.webhooks.settled();
    expect(kinds()).toEqual([
      'Merge Request Hook:open',
      'Merge Request Hook:approval',
      'Merge Request Hook:approved',
      'Merge Request Hook:merge',
    ]);
    const [open] = receiver.received as [Received];
    expect(open.url).toBe('/project');
    expect(open.headers['content-type']).toBe('application/json');
    expect(open.headers['user-agent']).toBe(`GitLab/${GITLAB_VERSION}`);
    expect(open.headers['x-gitlab-token']).toBe('hook-secret');
    expect(open.headers['x-gitlab-instance']).toBe(mock.baseUrl);
    expect(open.headers['x-gitlab-event-uuid']).toMatch(/^[0-9a-f-]{36}$/);
    expect(open.headers['x-gitlab-webhook-uuid']).toMatch(/^[0-9a-f-]{36}$/);
    expect(open.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(open.body)).toEqual([
      'object_kind',
      'event_type',
      'user',
      'project',
      'object_attributes',
      'labels',
      'changes',
      'repository',
    ]);
    // `system` (GitLab 18.5 and later): false unless the system reset the approvals.
    const attributes = open.body.object_attributes as Record<string, unknown>;
    const keys = Object.keys(attributes);
    expect(keys.slice(keys.indexOf('source'), keys.indexOf('source') + 4)).toEqual([
      'source',
      'state',
      'system',
      'target',
    ]);
    expect(attributes.system).toBe(false);
    expect(open.body).toMatchObject({
      object_kind: 'merge_request',
      event_type: 'merge_request',
      user: { username: 'dev', email: '[REDACTED]' },
      project: { path_with_namespace: API, web_url: `${mock.baseUrl}/${API}` },
      object_attributes: {
        iid: mr.iid,
        title: 'Webhooks',
        state: 'opened',
        source_branch: 'feature',
        target_branch: 'main',
        url: `${mock.baseUrl}/${API}/-/merge_requests/${mr.iid}`,
        action: 'open',
      },
    });
    const merged = receiver.received[3] as Received;
    expect(merged.body).toMatchObject({ user: { username: 'maintainer' }, object_attributes: { state: 'merged' } });
    // Four requests: four event UUIDs; every delivery its own webhook UUID.
    expect(new Set(receiver.received.map((r) => r.headers['x-gitlab-event-uuid'])).size).toBe(4);
    expect(new Set(receiver.received.map((r) => r.headers['x-gitlab-webhook-uuid'])).size).toBe(4);
  });

  it('sends update with the changes, unapproval and unapproved', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Add login page' });
    await maintainer.projects.mergeRequests.approvals.approve(API, 1);
    await maintainer.projects.mergeRequests.approvals.unapprove(API, 1);
    await maintainer.projects.mergeRequests.approvals.approve(API, 1);
    await client(mock, 'glpat-dev2').projects.mergeRequests.approvals.approve(API, 1);
    await client(mock, 'glpat-dev2').projects.mergeRequests.approvals.unapprove(API, 1);
    await mock.webhooks.settled();
    expect(kinds()).toEqual([
      'Merge Request Hook:update',
      'Merge Request Hook:approval',
      'Merge Request Hook:unapproval',
      'Merge Request Hook:approval',
      'Merge Request Hook:approved',
      'Merge Request Hook:unapproved',
    ]);
    expect(receiver.received[0]?.body.changes).toMatchObject({
      title: { previous: 'Add login', current: 'Add login page' },
    });
  });

  it('gives the events of one request one X-Gitlab-Event-UUID, and each delivery its own Webhook-UUID', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Closing', state_event: 'close' });
    await maintainer.projects.mergeRequests.update(API, 1, { state_event: 'reopen' });
    await mock.webhooks.settled();
    expect(kinds()).toEqual(['Merge Request Hook:update', 'Merge Request Hook:close', 'Merge Request Hook:reopen']);
    const [update, close, reopen] = receiver.received.map((r) => r.headers) as IncomingHttpHeaders[];
    expect(close?.['x-gitlab-event-uuid']).toBe(update?.['x-gitlab-event-uuid']);
    expect(reopen?.['x-gitlab-event-uuid']).not.toBe(update?.['x-gitlab-event-uuid']);
    expect(close?.['x-gitlab-webhook-uuid']).not.toBe(update?.['x-gitlab-webhook-uuid']);
  });

  it('answers the API the same with and without hooks', async () => {
    const bare = createMockGitLab({
      seed: { ...seed(receiver.url), projects: [{ ...seed(receiver.url).projects?.[0], hooks: [] } as never] },
    });
    const body = { source_branch: 'feature', target_branch: 'main', title: 'Same' };
    const withHooks = await client(mock, 'glpat-dev').projects.mergeRequests.create(API, body);
    const without = await client(bare, 'glpat-dev').projects.mergeRequests.create(API, body);
    expect(withHooks).toEqual(without);
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(1);
    expect(bare.webhooks.deliveries).toEqual([]);
  });
});

describe('merge request events: reviews and approval rules (GitLab 18.6)', () => {
  const REVIEWER_KEYS = ['id', 'name', 'username', 'avatar_url', 'email', 'state', 're_requested'];
  const mergeRequestBodies = () =>
    receiver.received.filter((r) => r.headers['x-gitlab-event'] === 'Merge Request Hook').map((r) => r.body);
  const reviewers = (body: Received['body']) =>
    (body.reviewers as Record<string, unknown>[]).map((r) => `${r.username}:${r.state}:${r.re_requested}`);
  /** The seed with its merge request !1 given these review keys. */
  const seedWithMergeRequest = (review: Pick<SeedMergeRequest, 'reviewers' | 'approvals'>): SeedDocument => {
    const seeded = seed(receiver.url);
    const project = seeded.projects?.[0] as NonNullable<SeedDocument['projects']>[number];
    project.merge_requests = [{ iid: 1, title: 'Seeded', author: 'dev', source_branch: 'login', ...review }];
    return seeded;
  };
  const idOf = async (username: string) => {
    const { items } = await client(mock, 'glpat-root').users.list({ username });
    return (items[0] as { id: number }).id;
  };

  it('gives each reviewer their review: unreviewed, approved, unapproved, and unapproved again by a push', async () => {
    const [maintainer, dev2] = [await idOf('maintainer'), await idOf('dev2')];
    await client(mock, 'glpat-dev').projects.mergeRequests.update(API, 1, { reviewer_ids: [maintainer, dev2] });
    await client(mock, 'glpat-maintainer').projects.mergeRequests.approvals.approve(API, 1);
    await client(mock, 'glpat-maintainer').projects.mergeRequests.approvals.unapprove(API, 1);
    await client(mock, 'glpat-dev2').projects.mergeRequests.approvals.approve(API, 1);
    mock.mergeRequests.push(API, 1, { author: 'dev' });
    await mock.webhooks.settled();
    const bodies = mergeRequestBodies();
    expect(bodies.map((body) => `${actionOf(body)} ${reviewers(body).join(' ')}`)).toEqual([
      'update maintainer:unreviewed:false dev2:unreviewed:false',
      'approval maintainer:approved:false dev2:unreviewed:false',
      'unapproval maintainer:unapproved:false dev2:unreviewed:false',
      'approval maintainer:unapproved:false dev2:approved:false',
      // The push's update, then its reset of dev2's approval (EE's `delete_approvals`).
      'update maintainer:unapproved:false dev2:approved:false',
      'unapproval maintainer:unapproved:false dev2:unapproved:false',
    ]);
    const [added] = bodies as [Received['body']];
    expect(Object.keys((added.reviewers as object[])[0] as object)).toEqual(REVIEWER_KEYS);
    // `changes.reviewers` lists them the same way, before and after.
    expect(added.changes).toMatchObject({
      reviewers: {
        previous: [],
        current: [
          { username: 'maintainer', state: 'unreviewed', re_requested: false },
          { username: 'dev2', state: 'unreviewed', re_requested: false },
        ],
      },
    });
    // A reviewer removed loses their review; one who approved before being asked is `approved`.
    await client(mock, 'glpat-dev2').projects.mergeRequests.approvals.approve(API, 1);
    await client(mock, 'glpat-dev').projects.mergeRequests.update(API, 1, { reviewer_ids: [dev2] });
    await client(mock, 'glpat-dev').projects.mergeRequests.update(API, 1, { reviewer_ids: [dev2, maintainer] });
    await mock.webhooks.settled();
    expect(reviewers(mergeRequestBodies().at(-1) as Received['body'])).toEqual([
      'dev2:approved:false',
      'maintainer:unreviewed:false',
    ]);
    const parsed = await parseWebhook(
      {
        headers: { 'x-gitlab-event': 'Merge Request Hook', 'x-gitlab-token': 'hook-secret' },
        body: JSON.stringify(added),
      },
      { token: 'hook-secret' },
    );
    expect(parsed.payload).toMatchObject({ reviewers: [{ state: 'unreviewed', re_requested: false }, {}] });
  });

  it('keeps review states through an export and a load, and takes them from a seed', async () => {
    const dev2 = await idOf('dev2');
    await client(mock, 'glpat-dev').projects.mergeRequests.update(API, 1, { reviewer_ids: [dev2] });
    await client(mock, 'glpat-dev2').projects.mergeRequests.approvals.approve(API, 1);
    await client(mock, 'glpat-dev2').projects.mergeRequests.approvals.unapprove(API, 1);
    const state = mock.exportState();
    const exported = state.projects?.[0]?.merge_requests?.[0];
    expect(exported?.reviewers).toEqual([{ user: 'dev2', state: 'unapproved' }]);
    const reloaded = createMockGitLab({ seed: state });
    await client(reloaded, 'glpat-dev').projects.mergeRequests.update(API, 1, { title: 'Reloaded' });
    await reloaded.webhooks.settled();
    await mock.webhooks.settled();
    expect(reviewers(mergeRequestBodies().at(-1) as Received['body'])).toEqual(['dev2:unapproved:false']);
    // A seed's approver who reviews is `approved`; a state the document gives wins.
    const fromSeed = createMockGitLab({
      seed: seedWithMergeRequest({
        reviewers: ['maintainer', { user: 'dev2', state: 'requested_changes' }, 'owner'],
        approvals: ['maintainer'],
      }),
    });
    await client(fromSeed, 'glpat-dev').projects.mergeRequests.update(API, 1, { title: 'Seeded, changed' });
    await fromSeed.webhooks.settled();
    expect(reviewers(mergeRequestBodies().at(-1) as Received['body'])).toEqual([
      'maintainer:approved:false',
      'dev2:requested_changes:false',
      'owner:unreviewed:false',
    ]);
  });

  it('refuses in a seed a review state GitLab does not have', () => {
    const seeded = seedWithMergeRequest({ reviewers: [{ user: 'dev2', state: 'lgtm' as never }] });
    expect(() => createMockGitLab({ seed: seeded })).toThrow(/reviewers/);
  });

  it("sends the merge request's own approval rules, as EE's hook_attrs, and whether one was modified from its project rule", async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'No rules yet' });
    const {
      items: [projectRule],
    } = await maintainer.projects.approvalRules.list(API);
    if (!projectRule) throw new Error('the seed has a project rule');
    mock.clock.advance({ minutes: 5 });
    const copied = await maintainer.projects.mergeRequests.approvalRules.create(API, 1, {
      name: 'ignored for a copy',
      approvals_required: 2,
      approval_project_rule_id: projectRule.id,
    });
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'A copied rule' });
    mock.clock.advance({ minutes: 5 });
    await maintainer.projects.mergeRequests.approvalRules.update(API, 1, copied.id, { approvals_required: 1 });
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'The copy changed' });
    await mock.webhooks.settled();
    const rulesOf = (body: Received['body']) =>
      (body.object_attributes as { approval_rules: Record<string, unknown>[] }).approval_rules;
    const [none, made, changed] = mergeRequestBodies() as [Received['body'], Received['body'], Received['body']];
    expect(rulesOf(none)).toEqual([]);
    const attributes = Object.keys(made.object_attributes as object);
    expect(attributes.slice(attributes.indexOf('url'))).toEqual([
      'url',
      'work_in_progress',
      'approval_rules',
      'action',
    ]);
    const mr = await maintainer.projects.mergeRequests.get(API, 1);
    expect(rulesOf(made)).toEqual([
      {
        id: copied.id,
        approvals_required: 2,
        name: 'Two',
        rule_type: 'regular',
        report_type: null,
        merge_request_id: mr.id,
        section: null,
        modified_from_project_rule: false,
        orchestration_policy_idx: null,
        vulnerabilities_allowed: 0,
        scanners: [],
        severity_levels: [],
        vulnerability_states: ['new_needs_triage', 'new_dismissed'],
        security_orchestration_policy_configuration_id: null,
        scan_result_policy_id: null,
        applicable_post_merge: null,
        project_id: mr.project_id,
        approval_policy_rule_id: null,
        updated_at: '2026-06-01 09:05:00 UTC',
        created_at: '2026-06-01 09:05:00 UTC',
      },
    ]);
    expect(rulesOf(changed)).toMatchObject([
      {
        approvals_required: 1,
        modified_from_project_rule: true,
        updated_at: '2026-06-01 09:10:00 UTC',
        created_at: '2026-06-01 09:05:00 UTC',
      },
    ]);
    // Both survive an export and a load.
    const reloaded = createMockGitLab({ seed: mock.exportState() });
    await client(reloaded, 'glpat-maintainer').projects.mergeRequests.update(API, 1, { title: 'Reloaded' });
    await reloaded.webhooks.settled();
    await mock.webhooks.settled();
    expect(rulesOf(mergeRequestBodies().at(-1) as Received['body'])).toEqual(rulesOf(changed));
    const parsed = await parseWebhook(
      {
        headers: { 'x-gitlab-event': 'Merge Request Hook', 'x-gitlab-token': 'hook-secret' },
        body: JSON.stringify(made),
      },
      { token: 'hook-secret' },
    );
    expect(parsed.payload).toMatchObject({
      object_attributes: { approval_rules: [{ name: 'Two', rule_type: 'regular' }] },
    });
  });
});

describe('milestone, token and member events', () => {
  it('sends milestone close and, on promotion, the group milestone create to group hooks', async () => {
    const owner = client(mock, 'glpat-owner');
    await owner.groups.hooks.create('acme', {
      url: `${receiver.url}/group`,
      milestone_events: true,
      member_events: true,
    });
    const [milestone] = (await owner.projects.milestones.list(API)).items;
    await owner.projects.milestones.update(API, milestone?.id ?? 0, { state_event: 'close' });
    await owner.projects.milestones.promote(API, milestone?.id ?? 0);
    await mock.webhooks.settled();
    const got = receiver.received.map((r) => `${r.url} ${actionOf(r.body)}`);
    // A project milestone reaches the project's hooks and the group hooks above it.
    expect(got).toEqual(expect.arrayContaining(['/project close', '/group close', '/group create']));
    expect(got).toHaveLength(3);
    const created = receiver.received.find((r) => r.url === '/group' && r.body.action === 'create') as Received;
    expect(created.headers['x-gitlab-event']).toBe('Milestone Hook');
    expect(created.body).toMatchObject({
      object_kind: 'milestone',
      event_type: 'milestone',
      project: null,
      object_attributes: { title: 'v1.0', project_id: null, state: 'closed' },
    });
    // `Gitlab::DataBuilder::Milestone`: the group beside the project, and EE's `group_id` after `project_id`.
    // Promoted to the project's group, acme/platform (whose hooks include acme's group hooks).
    const platform = await owner.groups.get('acme/platform');
    expect(Object.keys(created.body)).toEqual([
      'object_kind',
      'event_type',
      'project',
      'group',
      'object_attributes',
      'action',
    ]);
    expect(created.body.group).toEqual({
      group_name: platform.name,
      group_path: 'platform',
      group_id: platform.id,
      full_path: 'acme/platform',
    });
    expect(Object.keys(created.body.object_attributes as object).slice(-2)).toEqual(['project_id', 'group_id']);
    expect(created.body.object_attributes).toMatchObject({ group_id: platform.id });
    const closed = receiver.received.find((r) => r.url === '/project') as Received;
    expect(closed.body).toMatchObject({ project: { path_with_namespace: API }, group: null });
    expect(closed.body.object_attributes).toMatchObject({ group_id: null });
    const parsed = await parseWebhook(
      {
        headers: { 'x-gitlab-event': 'Milestone Hook', 'x-gitlab-token': 'group-secret' },
        body: JSON.stringify(created.body),
      },
      { token: 'group-secret' },
    );
    expect(parsed.payload).toMatchObject({ group: { group_id: platform.id } });
  });

  it('sends a project access token expiring once, when the clock enters its 7-day window', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    const token = await maintainer.projects.accessTokens.create(API, {
      name: 'ci',
      scopes: ['api'],
      access_level: 30,
      expires_at: '2026-06-20',
    });
    mock.clock.advance({ days: 11 }); // 2026-06-12: 8 days left
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(0);
    mock.clock.advance({ days: 1 }); // 7 days left
    mock.clock.advance({ days: 1 });
    await mock.webhooks.settled();
    expect(kinds()).toEqual(['Resource Access Token Hook:expiring_access_token']);
    expect(receiver.received[0]?.body).toMatchObject({
      object_kind: 'access_token',
      project: { path_with_namespace: API },
      object_attributes: { id: token.id, name: 'ci', expires_at: '2026-06-20' },
      event_name: 'expiring_access_token',
      interval: 'seven_days',
    });
    expect(Object.keys(receiver.received[0]?.body ?? {})).toEqual([
      'object_kind',
      'project',
      'object_attributes',
      'event_name',
      'interval',
    ]);
  });

  it('sends a group access token expiring to the group hooks, and not again after an export and reload', async () => {
    const owner = client(mock, 'glpat-owner');
    await owner.groups.hooks.create('acme', { url: `${receiver.url}/group`, resource_access_token_events: true });
    const token = await owner.groups.accessTokens.create('acme', {
      name: 'deploy',
      scopes: ['api'],
      access_level: 30,
      expires_at: '2026-06-05',
    });
    mock.clock.advance({ hours: 16 }); // 2026-06-02 01:00 UTC: the worker's daily run
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => [r.url, r.body.event_name])).toEqual([['/group', 'expiring_access_token']]);
    expect(receiver.received[0]?.body).toMatchObject({
      object_kind: 'access_token',
      group: { group_path: 'acme', full_path: 'acme' },
      object_attributes: { id: token.id, name: 'deploy', expires_at: '2026-06-05' },
    });
    const reloaded = createMockGitLab({ seed: mock.exportState() });
    reloaded.clock.advance({ days: 1 });
    await reloaded.webhooks.settled();
    expect(receiver.received).toHaveLength(1);
  });

  it('sends issue open, update with changes, close and reopen; a confidential issue to confidential hooks only', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    const issue = await maintainer.projects.issues.create(API, { title: 'Bug' });
    await maintainer.projects.issues.update(API, issue.iid, { title: 'Bad bug' });
    await maintainer.projects.issues.update(API, issue.iid, { state_event: 'close' });
    await maintainer.projects.issues.update(API, issue.iid, { state_event: 'reopen' });
    await maintainer.projects.issues.create(API, { title: 'Secret', confidential: true });
    await mock.webhooks.settled();
    expect(kinds()).toEqual(['Issue Hook:open', 'Issue Hook:update', 'Issue Hook:close', 'Issue Hook:reopen']);
    expect(receiver.received[1]?.body).toMatchObject({
      object_kind: 'issue',
      event_type: 'issue',
      changes: { title: { previous: 'Bug', current: 'Bad bug' } },
    });
    // EE's IssueBuilder: `weight` and `health_status` after the CE columns, before the computed fields.
    const keys = Object.keys(receiver.received[0]?.body.object_attributes as object);
    expect(keys.slice(keys.indexOf('updated_by_id'), keys.indexOf('updated_by_id') + 4)).toEqual([
      'updated_by_id',
      'weight',
      'health_status',
      'type',
    ]);
    expect(receiver.received[0]?.body.object_attributes).toMatchObject({ weight: null, health_status: null });
  });

  // Issue 38 point 14: a state change's hook shows the record after it (`Issuable#to_hook_data`,
  // `reportable_changes`; `Milestones::CloseService` saves before `execute_hooks`).
  it('describes an issue after its close and reopen: the new updated_at, and what changed', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    const issue = await maintainer.projects.issues.create(API, { title: 'Bug' });
    mock.clock.advance({ minutes: 5 });
    const closed = await maintainer.projects.issues.update(API, issue.iid, { state_event: 'close' });
    mock.clock.advance({ minutes: 5 });
    const reopened = await maintainer.projects.issues.update(API, issue.iid, { state_event: 'reopen' });
    await mock.webhooks.settled();
    const [, close, reopen] = receiver.received.map((r) => r.body);
    expect(close).toMatchObject({
      object_attributes: { action: 'close', state: 'closed', updated_at: queued(closed.updated_at) },
      changes: {
        state_id: { previous: 1, current: 2 },
        closed_at: { previous: null, current: queued(closed.closed_at) },
        updated_at: { previous: queued(issue.updated_at), current: queued(closed.updated_at) },
      },
    });
    expect(Object.keys(close?.changes as object).sort()).toEqual(['closed_at', 'state_id', 'updated_at']);
    expect(reopen).toMatchObject({
      object_attributes: { action: 'reopen', state: 'opened', updated_at: queued(reopened.updated_at) },
      changes: {
        state_id: { previous: 2, current: 1 },
        closed_at: { previous: queued(closed.closed_at), current: null },
        updated_at: { previous: queued(closed.updated_at), current: queued(reopened.updated_at) },
      },
    });
  });

  it('describes a merge request and a milestone after their close', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.hooks.create(API, { url: `${receiver.url}/mr`, merge_requests_events: true });
    const before = await maintainer.projects.mergeRequests.get(API, 1);
    mock.clock.advance({ minutes: 5 });
    const closed = await maintainer.projects.mergeRequests.update(API, 1, { state_event: 'close', title: 'Closed' });
    await mock.webhooks.settled();
    const close = receiver.received.find((r) => r.url === '/mr' && actionOf(r.body) === 'close')?.body;
    expect(close).toMatchObject({
      object_attributes: { state: 'closed', updated_at: queued(closed.updated_at) },
      changes: {
        state_id: { previous: 1, current: 2 },
        title: { previous: before.title, current: 'Closed' },
        updated_at: { previous: queued(before.updated_at), current: queued(closed.updated_at) },
      },
    });
    const owner = client(mock, 'glpat-owner');
    const [milestone] = (await owner.projects.milestones.list(API)).items;
    mock.clock.advance({ minutes: 5 });
    const closedMilestone = await owner.projects.milestones.update(API, milestone?.id ?? 0, { state_event: 'close' });
    await mock.webhooks.settled();
    const milestoneClose = receiver.received.find((r) => r.body.object_kind === 'milestone')?.body;
    expect(milestoneClose).toMatchObject({
      object_attributes: { state: 'closed', updated_at: queued(closedMilestone.updated_at) },
    });
    expect(closedMilestone.updated_at).not.toBe(milestone?.updated_at);
  });

  it('sends group member events to group hooks with member_events, not to those without', async () => {
    const owner = client(mock, 'glpat-owner');
    await owner.groups.hooks.create('acme', { url: `${receiver.url}/members`, member_events: true });
    await owner.groups.hooks.create('acme', { url: `${receiver.url}/quiet`, push_events: true });
    const outsider = mock.users.outsider?.id ?? 0;
    await owner.groups.members.add('acme/platform', { user_id: outsider, access_level: 20 });
    await owner.groups.members.update('acme/platform', outsider, { access_level: 30 });
    await owner.groups.members.remove('acme/platform', outsider);
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => `${r.url} ${r.headers['x-gitlab-event']} ${r.body.event_name}`)).toEqual([
      '/members Member Hook user_add_to_group',
      '/members Member Hook user_update_for_group',
      '/members Member Hook user_remove_from_group',
    ]);
    expect(receiver.received[1]?.body).toMatchObject({
      group_path: 'platform',
      user_username: 'outsider',
      group_access: 'Developer',
    });
  });
});

describe('member events: the email and the keys', () => {
  it('shows a member’s public email, else [REDACTED], never the private one; EE’s group_plan after expires_at', async () => {
    const owner = client(mock, 'glpat-owner');
    await owner.groups.hooks.create('acme', { url: `${receiver.url}/members`, member_events: true });
    const root = client(mock, 'glpat-root');
    const outsider = mock.users.outsider?.id ?? 0;
    const dev2 = mock.users.dev2?.id ?? 0;
    const { email } = await root.users.get(outsider);
    await root.users.update(outsider, { public_email: email });
    await owner.groups.members.add('acme', { user_id: outsider, access_level: 20 });
    await owner.groups.members.add('acme', { user_id: dev2, access_level: 20 });
    await mock.webhooks.settled();
    const [shown, hidden] = receiver.received.map((r) => r.body) as [Record<string, unknown>, Record<string, unknown>];
    // `User#webhook_email` (`GroupMemberBuilder`): the public email, or `[REDACTED]`.
    expect([shown.user_username, shown.user_email]).toEqual(['outsider', email]);
    expect([hidden.user_username, hidden.user_email]).toEqual(['dev2', '[REDACTED]']);
    expect(JSON.stringify(hidden)).not.toContain(mock.world.users.get(dev2)?.email);
    expect(Object.keys(shown)).toEqual([
      'created_at',
      'updated_at',
      'group_name',
      'group_path',
      'group_id',
      'user_username',
      'user_name',
      'user_email',
      'user_id',
      'group_access',
      'expires_at',
      'group_plan',
      'event_name',
    ]);
  });
});

describe('the expiring token worker: which tokens, which days', () => {
  /** The seed with these access tokens in the project, whose hook takes resource access token events. */
  function withTokens(url: string, tokens: SeedAccessToken[]): SeedDocument {
    const doc = seed(url);
    const [api, ...rest] = doc.projects ?? [];
    return { ...doc, projects: [{ ...(api as NonNullable<typeof api>), access_tokens: tokens }, ...rest] };
  }
  const expiring = () =>
    receiver.received
      .filter((r) => r.body.event_name === 'expiring_access_token')
      .map((r) => (r.body.object_attributes as { name: string }).name);

  it('announces active tokens expiring from today to 7 days on, both included; not expired, revoked or never-expiring ones', async () => {
    // 2026-06-01: the window runs to 2026-06-08.
    mock = createMockGitLab({
      seed: withTokens(receiver.url, [
        { name: 'today', scopes: ['api'], expires_at: '2026-06-01' },
        { name: 'in-7-days', scopes: ['api'], expires_at: '2026-06-08' },
        { name: 'in-8-days', scopes: ['api'], expires_at: '2026-06-09' },
        { name: 'expired', scopes: ['api'], expires_at: '2026-05-31' },
        { name: 'revoked', scopes: ['api'], expires_at: '2026-06-03', revoked: true },
        { name: 'never', scopes: ['api'], expires_at: null },
      ]),
      webhooks: { timeout: 300 },
    });
    mock.clock.set('2026-06-01T00:59:59Z'); // backwards: no run
    await mock.webhooks.settled();
    expect(expiring()).toEqual([]);
    mock.clock.advance({ seconds: 1 }); // 01:00 UTC: the worker's daily run (cron `0 1 * * *`)
    await mock.webhooks.settled();
    expect(expiring()).toEqual(['today', 'in-7-days']);
    const noted = (mock.exportState().projects ?? [])
      .flatMap((p) => p.access_tokens ?? [])
      .filter((t) => t.seven_days_notification_sent_at !== undefined)
      .map((t) => [t.name, t.seven_days_notification_sent_at]);
    expect(noted).toEqual([
      ['today', '2026-06-01T01:00:00.000Z'],
      ['in-7-days', '2026-06-01T01:00:00.000Z'],
    ]);
    mock.clock.advance({ hours: 23, minutes: 59 }); // 2026-06-02 00:59: no run yet
    await mock.webhooks.settled();
    expect(expiring()).toEqual(['today', 'in-7-days']);
    mock.clock.advance({ minutes: 1 }); // 2026-06-02 01:00: in-8-days enters the window; the others were announced already
    await mock.webhooks.settled();
    expect(expiring()).toEqual(['today', 'in-7-days', 'in-8-days']);
  });

  // Issue 38 point 13: PersonalAccessToken::NOTIFICATION_INTERVALS and the worker's `{ interval: interval }`.
  it('notes a token once per window, 60, 30 and 7 days ahead, at 01:00 UTC; only the 7-day one is sent, with its interval', async () => {
    mock = createMockGitLab({
      seed: withTokens(receiver.url, [{ name: 'deploy', scopes: ['api'], expires_at: '2026-08-15' }]),
      webhooks: { timeout: 300 },
    });
    const notes = () => {
      const token = mock.exportState().projects?.[0]?.access_tokens?.[0];
      return [
        token?.sixty_days_notification_sent_at,
        token?.thirty_days_notification_sent_at,
        token?.seven_days_notification_sent_at,
      ];
    };
    // 75 days ahead on 2026-06-01: the daily runs note it on 2026-06-16 (60 days), 07-16 (30), 08-08 (7).
    mock.clock.advance({ days: 100 });
    await mock.webhooks.settled();
    expect(notes()).toEqual(['2026-06-16T01:00:00.000Z', '2026-07-16T01:00:00.000Z', '2026-08-08T01:00:00.000Z']);
    expect(receiver.received.map((r) => [r.body.event_name, r.body.interval])).toEqual([
      ['expiring_access_token', 'seven_days'],
    ]);
    const exported = mock.exportState();
    expect(createMockGitLab({ seed: exported }).exportState()).toEqual(exported);
  });

  it('notes tokens in a world without hooks too, as GitLab does: a hook added later is not sent them', async () => {
    const doc = withTokens(receiver.url, [
      { name: 'in-3-days', scopes: ['api'], expires_at: '2026-06-04' },
      { name: 'in-8-days', scopes: ['api'], expires_at: '2026-06-09' },
    ]);
    mock = createMockGitLab({
      seed: { ...doc, projects: (doc.projects ?? []).map((p) => ({ ...p, hooks: [] })) },
      webhooks: { timeout: 300 },
    });
    mock.clock.set('2026-06-01T00:00:00Z'); // backwards from 09:00: no run
    mock.clock.advance({ hours: 1 }); // 2026-06-01 01:00: the worker's daily run
    const noted = () =>
      (mock.exportState().projects ?? [])
        .flatMap((p) => p.access_tokens ?? [])
        .map((t) => [t.name, t.seven_days_notification_sent_at ?? null]);
    expect(noted()).toEqual([
      ['in-3-days', '2026-06-01T01:00:00.000Z'],
      ['in-8-days', null],
    ]);
    await client(mock, 'glpat-maintainer').projects.hooks.create(API, {
      url: `${receiver.url}/project`,
      resource_access_token_events: true,
    });
    mock.clock.advance({ days: 1 }); // 2026-06-02: in-8-days enters the window
    await mock.webhooks.settled();
    expect(expiring()).toEqual(['in-8-days']);
  });
});

describe('delivery', () => {
  it('disables a failing project hook for a while after 4 failures, then for good after 40, as GitLab counts', async () => {
    receiver.behaviour.status = 500;
    const maintainer = client(mock, 'glpat-maintainer');
    for (let i = 0; i < 4; i++) {
      await maintainer.projects.mergeRequests.update(API, 1, { title: `Title ${i}` });
      await mock.webhooks.settled();
    }
    const [hook] = (await maintainer.projects.hooks.list(API)).items;
    expect(hook).toMatchObject({ alert_status: 'temporarily_disabled', disabled_until: '2026-06-01T09:01:00.000Z' });
    const last = mock.webhooks.deliveries.at(-1);
    expect(last).toMatchObject({
      response_status: 500,
      response_body: 'boom',
      outcome: 'failed',
      hook_state: {
        before: { alert_status: 'executable', recent_failures: 3 },
        after: { alert_status: 'temporarily_disabled', recent_failures: 4 },
      },
    });
    // A disabled hook is not called.
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Not sent' });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(4);
    // The backoff doubles: past it, the next failure disables it for 2 minutes.
    mock.clock.advance({ minutes: 2 });
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Sent again' });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(5);
    expect((await maintainer.projects.hooks.list(API)).items[0]?.disabled_until).toBe('2026-06-01T09:04:00.000Z');
    for (let failures = 5; failures < 40; failures++) {
      mock.clock.advance({ days: 1, seconds: 1 });
      await maintainer.projects.mergeRequests.update(API, 1, { title: `Again ${failures}` });
      await mock.webhooks.settled();
    }
    expect((await maintainer.projects.hooks.list(API)).items[0]?.alert_status).toBe('disabled');
    expect(mock.world.projectHooks.get(hook?.id ?? 0)?.recent_failures).toBe(40);
  });

  it('starts the count again after a success', async () => {
    receiver.behaviour.status = 500;
    const maintainer = client(mock, 'glpat-maintainer');
    for (let i = 0; i < 3; i++) await maintainer.projects.mergeRequests.update(API, 1, { title: `T${i}` });
    await mock.webhooks.settled();
    receiver.behaviour.status = 204;
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'ok' });
    await mock.webhooks.settled();
    const hook = [...mock.world.projectHooks.values()][0];
    expect(hook?.recent_failures).toBe(0);
    expect(mock.webhooks.deliveries.at(-1)?.hook_state?.after).toEqual({
      alert_status: 'executable',
      recent_failures: 0,
      disabled_until: null,
    });
  });

  it('times a slow receiver out and logs it', async () => {
    receiver.behaviour.delayMs = 2000;
    await client(mock, 'glpat-maintainer').projects.mergeRequests.update(API, 1, { title: 'Slow' });
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries.at(-1)).toMatchObject({
      response_status: 'internal error',
      outcome: 'failed',
      internal_error_message: expect.stringContaining('ReadTimeout'),
    });
  });

  it('never calls a host that is not loopback, and logs why', async () => {
    const owner = client(mock, 'glpat-owner');
    await owner.projects.hooks.create(API, { url: 'http://10.1.2.3:9/hook', merge_requests_events: true });
    await client(mock, 'glpat-maintainer').projects.mergeRequests.update(API, 1, { title: 'Offline' });
    await mock.webhooks.settled();
    const blocked = mock.webhooks.deliveries.find((d) => d.url.startsWith('http://10.1.2.3'));
    expect(blocked).toMatchObject({
      outcome: 'blocked',
      response_status: 'internal error',
      internal_error_message: expect.stringContaining('--allow-webhook-host 10.1.2.3'),
    });
    // The loopback hook was called; the other never was.
    expect(receiver.received).toHaveLength(1);
  });

  it('logs deliveries with the token redacted, and in the request journal', async () => {
    await client(mock, 'glpat-maintainer').projects.mergeRequests.update(API, 1, { title: 'Logged' });
    await mock.webhooks.settled();
    const [delivery] = mock.webhooks.deliveries;
    expect(delivery).toMatchObject({
      id: 1,
      hook_type: 'project',
      trigger: 'merge_request_hooks',
      url: `${receiver.url}/project`,
      response_status: 200,
      response_body: 'ok',
      outcome: 'delivered',
      internal_error_message: null,
      request_headers: { 'X-Gitlab-Token': '[REDACTED]', 'X-Gitlab-Event': 'Merge Request Hook' },
    });
    expect(JSON.stringify(mock.webhooks.deliveries)).not.toContain('hook-secret');
    const entry = mock.requests.list().find((e) => e.webhook !== undefined);
    expect(entry).toMatchObject({ method: 'POST', status: 200, webhook: { delivery: 1, event: 'Merge Request Hook' } });
  });

  it('drops the deliveries of a reset world and empties its log', async () => {
    await client(mock, 'glpat-maintainer').projects.mergeRequests.update(API, 1, { title: 'Dropped' });
    mock.reset();
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(0);
    expect(mock.webhooks.deliveries).toEqual([]);
  });

  it('restores a hook’s state with a snapshot, and keeps the delivery log', async () => {
    const snapshot = mock.snapshot();
    receiver.behaviour.status = 500;
    const maintainer = client(mock, 'glpat-maintainer');
    for (let i = 0; i < 4; i++) {
      await maintainer.projects.mergeRequests.update(API, 1, { title: `S${i}` });
      await mock.webhooks.settled();
    }
    expect((await maintainer.projects.hooks.list(API)).items[0]?.alert_status).toBe('temporarily_disabled');
    mock.restore(snapshot);
    expect((await maintainer.projects.hooks.list(API)).items[0]?.alert_status).toBe('executable');
    expect(mock.webhooks.deliveries).toHaveLength(4);
    receiver.behaviour.status = 200;
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'After restore' });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(5);
  });

  it('keeps the hooks failure counts through export and load', async () => {
    receiver.behaviour.status = 500;
    const maintainer = client(mock, 'glpat-maintainer');
    for (let i = 0; i < 5; i++) {
      await maintainer.projects.mergeRequests.update(API, 1, { title: `E${i}` });
      await mock.webhooks.settled();
      mock.clock.advance({ minutes: 10 });
    }
    const hooksBefore = (await maintainer.projects.hooks.list(API)).items;
    const reloaded = createMockGitLab({ seed: mock.exportState() });
    expect((await client(reloaded, 'glpat-maintainer').projects.hooks.list(API)).items).toEqual(hooksBefore);
    expect(hooksBefore[0]?.disabled_until).not.toBeNull();
  });
});

describe('auto-disabling at its thresholds, and which hooks it spares', () => {
  /** The seed with these hooks in the project. */
  function withHooks(hooks: SeedProjectHook[]): SeedDocument {
    const doc = seed(receiver.url);
    const [api, ...rest] = doc.projects ?? [];
    return { ...doc, projects: [{ ...(api as NonNullable<typeof api>), hooks }, ...rest] };
  }
  const hookAt = (path: string, failures: number, until?: string) => ({
    url: `${receiver.url}/${path}`,
    events: { merge_requests_events: true },
    recent_failures: failures,
    ...(until ? { disabled_until: until } : {}),
  });

  it('is temporarily disabled from 4 to 39 failures up to and including disabled_until, then disabled for good', async () => {
    // The world clock is 2026-06-01T09:00:00Z.
    mock = createMockGitLab({
      seed: withHooks([
        hookAt('until-now', 4, '2026-06-01T09:00:00Z'),
        hookAt('three', 3, '2026-06-01T10:00:00Z'),
        hookAt('thirty-nine', 39, '2026-06-01T10:00:00Z'),
        hookAt('forty', 40, '2026-06-01T10:00:00Z'),
      ]),
    });
    const hooks = (await client(mock, 'glpat-maintainer').projects.hooks.list(API)).items;
    expect(hooks.map((h) => [h.url.split('/').at(-1), h.alert_status])).toEqual([
      ['until-now', 'temporarily_disabled'],
      ['three', 'executable'],
      ['thirty-nine', 'temporarily_disabled'],
      ['forty', 'disabled'],
    ]);
  });

  it('does not set disabled_until at the third failure in a row, only from the fourth', async () => {
    mock = createMockGitLab({ seed: withHooks([hookAt('hook', 2)]), webhooks: { timeout: 300 } });
    receiver.behaviour.status = 500;
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Third failure' });
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries.at(-1)?.hook_state?.after).toEqual({
      alert_status: 'executable',
      recent_failures: 3,
      disabled_until: null,
    });
  });

  it('leaves the counts of a temporarily disabled hook alone when its forced test fails', async () => {
    mock = createMockGitLab({
      seed: withHooks([hookAt('hook', 4, '2026-06-01T09:30:00Z')]),
      webhooks: { timeout: 300 },
    });
    receiver.behaviour.status = 500;
    const maintainer = client(mock, 'glpat-maintainer');
    const [hook] = (await maintainer.projects.hooks.list(API)).items;
    await expect(maintainer.projects.hooks.test(API, hook?.id ?? 0, 'merge_requests_events')).rejects.toMatchObject({
      status: 422,
    });
    expect(receiver.received).toHaveLength(1);
    expect(await maintainer.projects.hooks.get(API, hook?.id ?? 0)).toMatchObject({
      alert_status: 'temporarily_disabled',
      disabled_until: '2026-06-01T09:30:00.000Z',
    });
    expect(mock.exportState().projects?.[0]?.hooks?.[0]).toMatchObject({
      recent_failures: 4,
      disabled_until: '2026-06-01T09:30:00Z',
    });
  });

  it('clears a past disabled_until on a success, even with no failures counted', async () => {
    mock = createMockGitLab({
      seed: withHooks([hookAt('hook', 0, '2026-06-01T08:00:00Z')]),
      webhooks: { timeout: 300 },
    });
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Delivered' });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(1);
    expect((await maintainer.projects.hooks.list(API)).items[0]?.disabled_until).toBeNull();
  });

  it('never disables a system hook, and neither a failure nor a success changes its counts', async () => {
    mock = createMockGitLab({
      seed: {
        ...seed(receiver.url),
        system_hooks: [{ url: `${receiver.url}/system`, recent_failures: 40 }],
      },
      webhooks: { timeout: 300 },
    });
    const owner = client(mock, 'glpat-owner');
    const outsider = mock.users.outsider?.id ?? 0;
    receiver.behaviour.status = 500;
    await owner.groups.members.add('acme/platform', { user_id: outsider, access_level: 20 });
    await mock.webhooks.settled();
    receiver.behaviour.status = 200;
    await owner.groups.members.remove('acme/platform', outsider);
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => r.url)).toEqual(['/system', '/system']);
    // No `hook_state`: the delivery changed nothing in the hook.
    expect(mock.webhooks.deliveries.map((d) => [d.hook_type, d.response_status, d.hook_state])).toEqual([
      ['system', 500, null],
      ['system', 200, null],
    ]);
    expect((await client(mock, 'glpat-root').hooks.list()).items[0]).toMatchObject({
      alert_status: 'executable',
      disabled_until: null,
    });
    expect(mock.exportState().system_hooks?.[0]).toMatchObject({ recent_failures: 40 });
    expect(mock.exportState().system_hooks?.[0]?.disabled_until).toBeUndefined();
  });
});

describe('which hooks an event reaches', () => {
  it('reaches the hooks of its own project, subscribed system hooks, and group hooks only on a paid plan', async () => {
    const doc = seed(receiver.url);
    mock = createMockGitLab({
      seed: {
        ...doc,
        groups: [
          ...(doc.groups ?? []),
          {
            path: 'free',
            members: { maintainer: 40 },
            hooks: [{ url: `${receiver.url}/free-group`, events: { merge_requests_events: true } }],
          },
        ],
        projects: [
          ...(doc.projects ?? []),
          {
            path: 'acme/platform/web',
            hooks: [{ url: `${receiver.url}/web`, events: { merge_requests_events: true } }],
          },
          {
            path: 'free/app',
            merge_requests: [{ iid: 1, title: 'Free', author: 'maintainer', source_branch: 'x' }],
          },
        ],
        system_hooks: [{ url: `${receiver.url}/pushes-only` }],
      },
      webhooks: { timeout: 300 },
    });
    expect(mock.webhooks.trigger({ event: 'merge_request', action: 'approved', project: API, iid: 1 })).toEqual({
      hooks: 1,
    });
    expect(mock.webhooks.trigger({ event: 'merge_request', action: 'approved', project: 'free/app', iid: 1 })).toEqual({
      hooks: 0,
    });
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => r.url)).toEqual(['/project']);
  });

  it('reaches no group hook from a project in a personal namespace', async () => {
    const doc = seed(receiver.url);
    mock = createMockGitLab({
      seed: {
        ...doc,
        groups: (doc.groups ?? []).map((g) =>
          g.path === 'acme'
            ? { ...g, hooks: [{ url: `${receiver.url}/acme`, events: { merge_requests_events: true } }] }
            : g,
        ),
        projects: [
          ...(doc.projects ?? []),
          {
            path: 'dev/side',
            hooks: [{ url: `${receiver.url}/side`, events: { merge_requests_events: true } }],
            merge_requests: [{ iid: 1, title: 'Side', author: 'dev', source_branch: 'x' }],
          },
        ],
      },
      webhooks: { timeout: 300 },
    });
    expect(mock.webhooks.trigger({ event: 'merge_request', action: 'open', project: 'dev/side', iid: 1 })).toEqual({
      hooks: 1,
    });
    expect(mock.webhooks.trigger({ event: 'merge_request', action: 'open', project: API, iid: 1 })).toEqual({
      hooks: 2,
    });
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => r.url).sort()).toEqual(['/acme', '/project', '/side']);
  });
});

describe('mock.webhooks.trigger', () => {
  it('sends any event for a record as it is, without changing the world', async () => {
    const before = mock.exportState();
    expect(mock.webhooks.trigger({ event: 'merge_request', action: 'approved', project: API, iid: 1 })).toEqual({
      hooks: 1,
    });
    await mock.webhooks.settled();
    expect(kinds()).toEqual(['Merge Request Hook:approved']);
    expect(mock.exportState()).toEqual(before);
  });

  it('refuses a bad trigger by name, sending nothing', async () => {
    expect(() => mock.webhooks.trigger({ event: 'merge_request', project: API, iid: 99 })).toThrow(
      'webhook trigger: no merge request !99 in project acme/platform/api',
    );
    expect(() => mock.webhooks.trigger({ event: 'nope' } as never)).toThrow(/Invalid webhook trigger/);
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(0);
  });
});

describe("GitLab's hook event log, resend and test endpoints", () => {
  const hookId = () => [...mock.world.projectHooks.values()][0]?.id ?? 0;

  it('lists a hook’s deliveries newest first, filtered by status, 20 a page at most', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'First' });
    await mock.webhooks.settled();
    receiver.behaviour.status = 503;
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Second' });
    await mock.webhooks.settled();
    const all = (await maintainer.projects.hooks.events(API, hookId())).items;
    expect(all.map((e) => [e.id, e.response_status, e.trigger])).toEqual([
      [2, '503', 'merge_request_hooks'],
      [1, '200', 'merge_request_hooks'],
    ]);
    expect(Object.keys(all[0] ?? {})).toEqual([
      'id',
      'url',
      'trigger',
      'request_headers',
      'request_data',
      'response_headers',
      'response_body',
      'execution_duration',
      'response_status',
      'created_at',
    ]);
    const failed = await maintainer.projects.hooks.events(API, hookId(), { status: ['server_failure'] });
    expect(failed.items.map((e) => e.id)).toEqual([2]);
    const tooMany = await failure(maintainer.projects.hooks.events(API, hookId(), { per_page: 21 }));
    expect(tooMany).toMatchObject({ status: 400, body: { error: 'per_page does not have a valid value' } });
    // From the eighth day on, GitLab no longer shows it (`WebHookLog::MAX_RECENT_DAYS`).
    mock.clock.advance({ days: 7 });
    expect((await maintainer.projects.hooks.events(API, hookId())).items).toHaveLength(2);
    mock.clock.advance({ days: 1 });
    expect((await maintainer.projects.hooks.events(API, hookId())).items).toEqual([]);
  });

  it('resends a delivery with its Idempotency-Key, refuses one whose hook URL changed, and rate limits', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Again' });
    await mock.webhooks.settled();
    expect(await maintainer.projects.hooks.resendEvent(API, hookId(), 1)).toEqual({ response_status: 200 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.headers['idempotency-key']).toBe(receiver.received[0]?.headers['idempotency-key']);
    // GitLab resends what its log kept, whose emails `WebHookLog#redact_user_emails` replaced.
    const sent = JSON.stringify(receiver.received[0]?.body);
    expect(sent).toContain('"dev@example.com"');
    expect(receiver.received[1]?.body).toEqual(JSON.parse(sent.replaceAll('"dev@example.com"', '"[REDACTED]"')));
    const first = (await maintainer.projects.hooks.events(API, hookId())).items.find((e) => e.id === 1);
    expect(JSON.stringify(first?.request_data)).toBe(JSON.stringify(receiver.received[1]?.body));
    for (let i = 0; i < 4; i++) await maintainer.projects.hooks.resendEvent(API, hookId(), 1);
    const limited = await failure(maintainer.projects.hooks.resendEvent(API, hookId(), 1));
    expect(limited).toMatchObject({
      status: 429,
      body: { message: { error: 'This endpoint has been requested too many times. Try again later.' } },
    });
    mock.clock.advance({ minutes: 1 });
    await maintainer.projects.hooks.update(API, hookId(), { url: `${receiver.url}/moved` });
    const moved = await failure(maintainer.projects.hooks.resendEvent(API, hookId(), 1));
    expect(moved).toMatchObject({
      status: 422,
      body: { message: 'The hook URL has changed. This log entry cannot be retried.' },
    });
    expect((await failure(maintainer.projects.hooks.resendEvent(API, hookId(), 99))).status).toBe(404);
  });

  it('tests a hook with the project’s first merge request, 201 on 2xx and 422 with the receiver’s body otherwise', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.hooks.test(API, hookId(), 'merge_requests_events');
    expect(receiver.received[0]?.body).toMatchObject({ object_kind: 'merge_request', object_attributes: { iid: 1 } });
    receiver.behaviour.status = 500;
    const refused = await failure(maintainer.projects.hooks.test(API, hookId(), 'merge_requests_events'));
    expect(refused).toMatchObject({ status: 422, body: { message: 'boom' } });
    const noIssues = await failure(maintainer.projects.hooks.test(API, hookId(), 'issues_events'));
    expect(noIssues).toMatchObject({ status: 422, body: { message: 'Ensure the project has issues.' } });
    const bad = await failure(maintainer.projects.hooks.test(API, hookId(), 'nope_events' as never));
    expect(bad.status).toBe(400);
  });

  it("writes a payload's times as GitLab's serializer does: Time#to_s for a queued event, Rails' for a test", async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await maintainer.projects.mergeRequests.update(API, 1, { title: 'Timed' });
    await mock.webhooks.settled();
    await maintainer.projects.hooks.test(API, hookId(), 'merge_requests_events');
    const mr = await maintainer.projects.mergeRequests.get(API, 1);
    const [event, test] = receiver.received.map((r) => r.body.object_attributes) as Record<string, unknown>[];
    // A queued event: Sidekiq's JSON.generate writes Ruby's Time#to_s.
    expect(event).toMatchObject({ created_at: queued(mr.created_at), updated_at: queued(mr.updated_at) });
    expect(event?.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    // A test runs inline: Rails' JSON, to the millisecond.
    expect(test).toMatchObject({ created_at: new Date(mr.created_at).toISOString() });
    expect(test?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // A commit's time is `xmlschema`, written by the builder itself: the same either way.
    for (const attributes of [event, test]) {
      expect((attributes as { last_commit: { timestamp: string } }).last_commit.timestamp).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/,
      );
    }
  });

  it('tests a disabled hook all the same, as GitLab forces a test', async () => {
    receiver.behaviour.status = 500;
    const maintainer = client(mock, 'glpat-maintainer');
    for (let i = 0; i < 4; i++) {
      await maintainer.projects.mergeRequests.update(API, 1, { title: `D${i}` });
      await mock.webhooks.settled();
    }
    expect((await maintainer.projects.hooks.get(API, hookId())).alert_status).toBe('temporarily_disabled');
    receiver.behaviour.status = 200;
    await maintainer.projects.hooks.test(API, hookId(), 'milestone_events');
    expect(receiver.received.at(-1)?.body).toMatchObject({ object_kind: 'milestone', action: 'create' });
    // Its success re-enables it.
    expect((await maintainer.projects.hooks.get(API, hookId())).alert_status).toBe('executable');
  });

  it('tests a group hook with the sample of the first project below the group, and only with a project trigger', async () => {
    const owner = client(mock, 'glpat-owner');
    const hook = await owner.groups.hooks.create('acme', { url: `${receiver.url}/group` });
    await owner.groups.hooks.test('acme', hook.id, 'merge_requests_events');
    expect(
      receiver.received.map((r) => [r.headers['x-gitlab-event'], r.body.event_name ?? r.body.object_kind]),
    ).toEqual([['Merge Request Hook', 'merge_request']]);
    // `test/:trigger` takes `ProjectHook.triggers` only, for group hooks too (lib/api/hooks/trigger_test.rb).
    for (const trigger of ['member_events', 'subgroup_events', 'project_events'] as const) {
      const refused = await failure(owner.groups.hooks.test('acme', hook.id, trigger as never));
      expect(refused).toMatchObject({ status: 400, body: { error: 'trigger does not have a valid value' } });
    }
    const pipelines = await failure(owner.groups.hooks.test('acme', hook.id, 'pipeline_events'));
    expect(pipelines).toMatchObject({ status: 422, body: { message: 'Ensure the project has CI pipelines.' } });
  });

  it('tests a system hook with GitLab’s sample system event', async () => {
    const root = client(mock, 'glpat-root');
    const hook = await root.hooks.create({ url: `${receiver.url}/system` });
    expect(await root.hooks.test(hook.id)).toEqual({
      event_name: 'project_create',
      name: 'Ruby',
      path: 'ruby',
      project_id: 1,
      owner_name: 'Someone',
      owner_email: 'example@gitlabhq.com',
    });
    expect(receiver.received.at(-1)?.headers['x-gitlab-event']).toBe('System Hook');
  });
});

describe('hook test samples: the parent’s own first record, and why none', () => {
  const reason = () => mock.requests.list().at(-1)?.reason;

  beforeEach(() => {
    // Another group's project first, with its own merge request, issue and milestone: a sample from
    // any project but the hook's would show them; a group without members or projects; an empty project.
    const base = seed(receiver.url);
    mock = createMockGitLab({
      seed: {
        ...base,
        groups: [
          { path: 'other', plan: 'premium', members: { owner: 50 } },
          { path: 'lonely', plan: 'premium' },
          ...(base.groups ?? []),
        ],
        projects: [
          {
            path: 'other/first',
            milestones: [{ title: 'elsewhere' }],
            issues: [{ title: 'Elsewhere issue' }],
            merge_requests: [{ iid: 1, title: 'Elsewhere MR', author: 'owner', source_branch: 'x' }],
          },
          {
            ...(base.projects?.[0] as NonNullable<SeedDocument['projects']>[number]),
            issues: [{ title: 'Login fails' }],
          },
          { path: 'acme/platform/empty', hooks: [{ url: `${receiver.url}/empty`, events: { push_events: true } }] },
        ],
      },
      webhooks: { timeout: 300 },
    });
  });

  const hookOf = (path: string) => {
    const project = [...mock.world.projects.values()].find((p) => p.path_with_namespace === path);
    return [...mock.world.projectHooks.values()].find((h) => h.project_id === project?.id)?.id ?? 0;
  };

  it('sends the hook’s project’s merge request, issue and milestone, opened or created', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    for (const trigger of [
      'merge_requests_events',
      'issues_events',
      'confidential_issues_events',
      'milestone_events',
    ] as const) {
      await maintainer.projects.hooks.test(API, hookOf(API), trigger);
    }
    expect(
      receiver.received.map((r) => {
        const attributes = r.body.object_attributes as { title?: string; action?: string };
        return [r.headers['x-gitlab-event'], r.body.object_kind, attributes.title, attributes.action ?? r.body.action];
      }),
    ).toEqual([
      ['Merge Request Hook', 'merge_request', 'Add login', 'open'],
      ['Issue Hook', 'issue', 'Login fails', 'open'],
      ['Confidential Issue Hook', 'issue', 'Login fails', 'open'],
      ['Milestone Hook', 'milestone', 'v1.0', 'create'],
    ]);
  });

  it('refuses with GitLab’s message when the project has none, or the mock has no sample', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    const empty = 'acme/platform/empty';
    const noMr = await failure(maintainer.projects.hooks.test(empty, hookOf(empty), 'merge_requests_events'));
    expect(noMr).toMatchObject({ status: 422, body: { message: 'Ensure the project has merge requests.' } });
    const noIssue = await failure(maintainer.projects.hooks.test(empty, hookOf(empty), 'confidential_issues_events'));
    expect(noIssue).toMatchObject({ status: 422, body: { message: 'Ensure the project has issues.' } });
    // GitLab builds no deployment sample at all (`TestHooks::ProjectService#data`).
    const deployment = await failure(maintainer.projects.hooks.test(empty, hookOf(empty), 'deployment_events'));
    expect(deployment).toMatchObject({ status: 422, body: { message: 'Testing not available for this hook' } });
    expect(reason()).toBe('GitLab builds no deployment_events test sample');
    // Notes are not modelled: GitLab's answer for a project without notes, the journal says why.
    const emoji = await failure(maintainer.projects.hooks.test(empty, hookOf(empty), 'emoji_events'));
    expect(emoji).toMatchObject({ status: 422, body: { message: 'Ensure the project has notes.' } });
    expect(reason()).toBe('emoji_events test payloads are not modelled by this mock');
    expect(receiver.received).toEqual([]);
  });

  it('sends the newest issue and merge request, as GitLab’s finders sort them (`created_desc`)', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    mock.clock.advance({ minutes: 1 });
    await maintainer.projects.issues.create(API, { title: 'Newer issue' });
    await maintainer.projects.mergeRequests.create(API, {
      source_branch: 'feature',
      target_branch: 'main',
      title: 'Newer MR',
    });
    await mock.webhooks.settled();
    const before = receiver.received.length;
    await maintainer.projects.hooks.test(API, hookOf(API), 'issues_events');
    await maintainer.projects.hooks.test(API, hookOf(API), 'merge_requests_events');
    const tested = receiver.received.slice(before);
    expect(tested.map((r) => (r.body.object_attributes as { title: string }).title)).toEqual([
      'Newer issue',
      'Newer MR',
    ]);
  });

  it('sends GitLab’s sample milestone for a project without one, and a push of the default branch', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    const empty = 'acme/platform/empty';
    await maintainer.projects.hooks.test(empty, hookOf(empty), 'milestone_events');
    await maintainer.projects.hooks.test(empty, hookOf(empty), 'tag_push_events');
    const project = [...mock.world.projects.values()].find((p) => p.path_with_namespace === empty);
    expect(receiver.received.map((r) => r.headers['x-gitlab-event'])).toEqual(['Milestone Hook', 'Tag Push Hook']);
    expect(receiver.received[0]?.body).toMatchObject({
      object_kind: 'milestone',
      action: 'create',
      project: { id: project?.id },
      object_attributes: {
        id: 1,
        iid: 1,
        title: 'Sample milestone',
        description: 'Sample milestone description',
        state: 'active',
        due_date: '2026-06-08',
        start_date: '2026-06-01',
        project_id: project?.id,
      },
    });
    expect(receiver.received[1]?.body).toMatchObject({
      object_kind: 'tag_push',
      ref: 'refs/tags/v1.0.0',
      before: project?.branches.get('main'),
      after: project?.branches.get('main'),
      checkout_sha: null,
      ref_protected: false,
      user_username: 'maintainer',
      project_id: project?.id,
      commits: [],
      total_commits_count: 0,
    });
    expect(mock.webhooks.deliveries.map((d) => d.trigger)).toEqual(['milestone_hooks', 'tag_push_hooks']);
  });

  it('sends GitLab’s fixed push sample for an empty repository, and a sample token of the project’s first bot', async () => {
    const root = client(mock, 'glpat-root');
    const bare = await root.projects.create({ name: 'bare', namespace_id: [...mock.world.groups.values()][0]?.id });
    const hook = await root.projects.hooks.create(bare.id, { url: `${receiver.url}/bare` });
    await root.projects.hooks.test(bare.id, hook.id, 'push_events');
    expect(receiver.received[0]?.body).toEqual({
      object_kind: 'push',
      event_name: 'push',
      before: '95790bf891e76fee5e1747ab589903a6a1f80f22',
      after: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
      ref: 'refs/heads/master',
      ref_protected: true,
      checkout_sha: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
      message: 'Hello World',
      user_id: 4,
      user_name: 'John Smith',
      user_email: 'john@example.com',
      user_avatar:
        'https://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=8://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=80',
      project_id: 15,
      project: expect.objectContaining({ id: 15, path_with_namespace: 'gitlab/gitlab' }),
      commits: [expect.objectContaining({ id: 'c5feabde2d8cd023215af4d2ceeb7a64839fc428' })],
      total_commits_count: 1,
      push_options: { ci: { skip: true } },
    });
    await root.projects.accessTokens.create(bare.id, { name: 'ci', scopes: ['api'], expires_at: '2026-12-01' });
    const bot = [...mock.world.users.values()].find((u) => u.bot);
    await root.projects.hooks.test(bare.id, hook.id, 'resource_access_token_events');
    expect(receiver.received[1]?.headers['x-gitlab-event']).toBe('Resource Access Token Hook');
    expect(receiver.received[1]?.body).toMatchObject({
      object_kind: 'access_token',
      event_name: 'expiring_access_token',
      project: { id: bare.id },
      object_attributes: { id: 1, name: 'pat_for_webhook_event', user_id: bot?.id, expires_at: '2026-06-03' },
    });
    expect(receiver.received[1]?.body).not.toHaveProperty('interval');
  });

  it('takes a group hook’s sample from a project with commits below that group, and refuses a group without one', async () => {
    const owner = client(mock, 'glpat-owner');
    const hook = await owner.groups.hooks.create('acme', { url: `${receiver.url}/group` });
    await owner.groups.hooks.test('acme', hook.id, 'merge_requests_events');
    expect(receiver.received.at(-1)?.body).toMatchObject({ object_attributes: { title: 'Add login' } });
    const root = client(mock, 'glpat-root');
    const lonely = await root.groups.hooks.create('lonely', { url: `${receiver.url}/lonely` });
    const noProject = await failure(root.groups.hooks.test('lonely', lonely.id, 'issues_events'));
    expect(noProject).toMatchObject({ status: 422, body: { message: 'Ensure the group has a project with commits.' } });
    // A project whose repository is empty (created without a README) is not one (`Group#first_non_empty_project`).
    const lonelyGroup = [...mock.world.groups.values()].find((g) => g.full_path === 'lonely');
    await root.projects.create({ name: 'bare', namespace_id: lonelyGroup?.id });
    const noCommits = await failure(root.groups.hooks.test('lonely', lonely.id, 'push_events'));
    expect(noCommits).toMatchObject({ status: 422, body: { message: 'Ensure the group has a project with commits.' } });
    expect(receiver.received).toHaveLength(1);
  });
});

describe('hook event log: which deliveries, which resend refusal, which rate limit', () => {
  const reason = () => mock.requests.list().at(-1)?.reason;
  const hookId = () => [...mock.world.projectHooks.values()][0]?.id ?? 0;
  const update = async (title: string) => {
    await client(mock, 'glpat-maintainer').projects.mergeRequests.update(API, 1, { title });
    await mock.webhooks.settled();
  };

  it('lists only this hook’s deliveries, by exact status or range, until the end of the day two days later', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    const other = await maintainer.projects.hooks.create(API, {
      url: `${receiver.url}/other`,
      merge_requests_events: true,
    });
    await update('ok'); // 1 (this hook), 2 (the other)
    receiver.behaviour.status = 299;
    await update('edge'); // 3, 4
    receiver.behaviour.status = 503;
    await update('down'); // 5, 6
    receiver.behaviour.status = 200;
    receiver.behaviour.delayMs = 1000;
    await update('slow'); // 7, 8: no answer in time
    receiver.behaviour.delayMs = 0;
    const ids = async (status?: string[]) =>
      (await maintainer.projects.hooks.events(API, hookId(), status ? { status } : {})).items.map((e) => [
        e.id,
        e.response_status,
      ]);
    const mine = mock.webhooks.deliveries.filter((d) => d.hook_id === hookId()).map((d) => d.id);
    expect(mine).toHaveLength(4);
    const [ok, edge, down, slow] = mine;
    expect(await ids()).toEqual([
      [slow, 'internal error'],
      [down, '503'],
      [edge, '299'],
      [ok, '200'],
    ]);
    expect(await ids(['200'])).toEqual([[ok, '200']]);
    expect(await ids(['successful'])).toEqual([
      [edge, '299'],
      [ok, '200'],
    ]);
    expect(await ids(['client_failure'])).toEqual([]);
    expect(await ids(['200', '503'])).toEqual([
      [down, '503'],
      [ok, '200'],
    ]);
    const others = (await maintainer.projects.hooks.events(API, other.id)).items.map((e) => e.id);
    expect(others).toHaveLength(4);
    expect(others.filter((id) => mine.includes(id))).toEqual([]);
    // Two days and an hour later the day they were made is still the first day GitLab shows.
    mock.clock.advance({ days: 2, hours: 1 });
    expect(await ids()).toHaveLength(4);
  });

  it('refuses to resend another hook’s delivery, or to a hook that fails or is disabled, with the reason', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    const other = await maintainer.projects.hooks.create(API, { url: `${receiver.url}/other` });
    await update('first'); // 1, to the first hook only
    const elsewhere = await failure(maintainer.projects.hooks.resendEvent(API, other.id, 1));
    expect(elsewhere).toMatchObject({ status: 404, body: { message: '404 Not found' } });
    expect(reason()).toBe(`no delivery 1 of hook ${other.id}`);
    receiver.behaviour.delayMs = 1000;
    const slow = await failure(maintainer.projects.hooks.resendEvent(API, hookId(), 1));
    const error = mock.webhooks.deliveries.at(-1)?.internal_error_message;
    expect(error).toEqual(expect.any(String));
    expect(slow).toMatchObject({ status: 422, body: { message: error } });
    expect(reason()).toBe(error);
    receiver.behaviour.delayMs = 0;
    receiver.behaviour.status = 500;
    for (let i = 0; i < 4; i++) await update(`fail ${i}`);
    expect((await maintainer.projects.hooks.get(API, hookId())).alert_status).toBe('temporarily_disabled');
    const sent = receiver.received.length;
    const disabled = await failure(maintainer.projects.hooks.resendEvent(API, hookId(), 1));
    expect(disabled).toMatchObject({ status: 422, body: { message: 'Hook disabled' } });
    expect(reason()).toBe(`hook ${hookId()} is disabled`);
    expect(receiver.received).toHaveLength(sent);
  });

  it('counts tests and resends apart, per minute of the clock, with the reason', async () => {
    const maintainer = client(mock, 'glpat-maintainer');
    await update('first');
    for (let i = 0; i < 5; i++) await maintainer.projects.hooks.test(API, hookId(), 'merge_requests_events');
    for (let i = 0; i < 5; i++) await maintainer.projects.hooks.resendEvent(API, hookId(), 1);
    mock.clock.advance({ seconds: 30 });
    const limited = await failure(maintainer.projects.hooks.resendEvent(API, hookId(), 1));
    expect(limited).toMatchObject({ status: 429 });
    const project = [...mock.world.projects.values()].find((p) => p.path_with_namespace === API);
    expect(reason()).toBe(
      `maintainer made more than 5 web_hook_event_resend requests this minute on project:${project?.id}`,
    );
    mock.clock.advance({ seconds: 30 });
    expect(await maintainer.projects.hooks.resendEvent(API, hookId(), 1)).toEqual({ response_status: 200 });
  });
});

describe('a test delivery’s outcome: any 2xx, a delivery a reset dropped, a system hook’s log', () => {
  it('answers 201 for a receiver’s 299', async () => {
    receiver.behaviour.status = 299;
    const maintainer = client(mock, 'glpat-maintainer');
    const hook = [...mock.world.projectHooks.values()][0]?.id ?? 0;
    await expect(maintainer.projects.hooks.test(API, hook, 'merge_requests_events')).resolves.toBeUndefined();
    expect(mock.webhooks.deliveries.at(-1)?.response_status).toBe(299);
  });

  it('answers 422 Hook disabled when a reset drops the delivery under way', async () => {
    receiver.behaviour.delayMs = 100;
    const maintainer = client(mock, 'glpat-maintainer');
    const hook = [...mock.world.projectHooks.values()][0]?.id ?? 0;
    const pending = maintainer.projects.hooks.test(API, hook, 'merge_requests_events').then(
      () => undefined,
      (error: unknown) => error,
    );
    while (receiver.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    mock.reset();
    expect(await pending).toMatchObject({ status: 422, body: { message: 'Hook disabled' } });
    expect(mock.webhooks.deliveries).toEqual([]);
  });

  it('logs a system hook’s test as the system hook’s delivery', async () => {
    const root = client(mock, 'glpat-root');
    const hook = await root.hooks.create({ url: `${receiver.url}/system` });
    await root.hooks.test(hook.id);
    expect(mock.webhooks.deliveries.map((d) => [d.hook_type, d.hook_id])).toEqual([['system', hook.id]]);
  });
});

describe('mock.webhooks.trigger: the record, the user and the refusal each target picks', () => {
  const WEB = 'acme/platform/web';
  const all = {
    merge_requests_events: true,
    milestone_events: true,
    issues_events: true,
    confidential_issues_events: true,
  };
  /** Two projects whose records share iids, group milestones and tokens, a member with details, an empty group. */
  function worldOf(url: string): SeedDocument {
    return seed(url, {
      users: [
        { username: 'dev', token: 'glpat-dev' },
        { username: 'root', admin: true, token: 'glpat-root' },
        { username: 'owner', token: 'glpat-owner' },
        { username: 'maintainer', token: 'glpat-maintainer' },
        { username: 'dev2', token: 'glpat-dev2' },
        { username: 'outsider', token: 'glpat-outsider' },
      ],
      groups: [
        {
          path: 'acme',
          plan: 'premium',
          members: { owner: 50 },
          hooks: [
            {
              url: `${url}/group`,
              events: { member_events: true, milestone_events: true, resource_access_token_events: true },
            },
          ],
        },
        {
          path: 'acme/platform',
          created_at: '2026-01-01T00:00:00Z',
          members: {
            maintainer: 40,
            dev: { access_level: 30, expires_at: '2026-12-31', created_at: '2026-02-03T04:05:06Z' },
            dev2: 30,
          },
          milestones: [{ title: 'g1' }, { title: 'g2' }],
          access_tokens: [
            { name: 'gt1', scopes: ['api'], expires_at: null },
            { name: 'gt2', scopes: ['api'], expires_at: null },
          ],
        },
        { path: 'acme/empty' },
      ],
      projects: [
        {
          path: API,
          branches: ['feature'],
          milestones: [{ title: 'v1.0' }, { title: 'v2.0' }],
          issues: [
            { title: 'First', author: 'dev' },
            { title: 'Second', author: 'dev2' },
          ],
          merge_requests: [
            { iid: 1, title: 'Add login', author: 'dev', source_branch: 'login' },
            { iid: 2, title: 'Add logout', author: 'dev2', source_branch: 'logout' },
          ],
          access_tokens: [
            { name: 'pt1', scopes: ['api'], expires_at: null },
            { name: 'pt2', scopes: ['api'], expires_at: null },
          ],
          hooks: [{ url: `${url}/project`, events: { ...all, resource_access_token_events: true } }],
        },
        {
          path: WEB,
          milestones: [{ title: 'w1' }, { title: 'w2' }, { title: 'w3' }],
          issues: [
            { title: 'Web one', author: 'dev2' },
            { title: 'Web two', author: 'dev2' },
            { title: 'Web secret', author: 'maintainer', confidential: true },
          ],
          merge_requests: [
            { iid: 1, title: 'Web one', author: 'dev2', source_branch: 'w1' },
            { iid: 2, title: 'Web two', author: 'dev2', source_branch: 'w2' },
            { iid: 3, title: 'Web three', author: 'maintainer', source_branch: 'w3' },
          ],
          access_tokens: [{ name: 'wt1', scopes: ['api'], expires_at: null }],
          hooks: [{ url: `${url}/web`, events: { ...all, resource_access_token_events: true } }],
        },
      ],
    });
  }
  beforeEach(() => {
    mock = createMockGitLab({ seed: worldOf(receiver.url), webhooks: { timeout: 300 } });
  });
  /** What each delivery said: the hook's path, the event, and the fields that name the record and the user. */
  const sent = async () => {
    await mock.webhooks.settled();
    return receiver.received.map(({ url, headers, body }) => {
      const attrs = (body.object_attributes ?? {}) as Record<string, unknown>;
      const user = (body.user as { username?: string } | undefined)?.username ?? body.user_username;
      return [url, headers['x-gitlab-event'], attrs.title ?? attrs.name ?? body.group_path, user ?? null];
    });
  };
  /** Deliveries to different hooks go out concurrently: compared in a fixed order. */
  const inAnyOrder = (rows: unknown[][]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const sentInAnyOrder = async () => inAnyOrder(await sent());
  const refusal = (trigger: Parameters<MockGitLab['webhooks']['trigger']>[0]) => {
    const before = mock.exportState();
    try {
      mock.webhooks.trigger(trigger);
    } catch (error) {
      expect(mock.exportState()).toEqual(before);
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('merge request: the first project’s latest, or the iid given in the project given; its author unless a user is named', async () => {
    expect(mock.webhooks.trigger({ event: 'merge_request' })).toEqual({ hooks: 1 });
    mock.webhooks.trigger({ event: 'merge_request', project: WEB, iid: 1 });
    mock.webhooks.trigger({ event: 'merge_request', project: API, iid: 1, user: 'outsider' });
    expect(await sentInAnyOrder()).toEqual(
      inAnyOrder([
        ['/project', 'Merge Request Hook', 'Add logout', 'dev2'],
        ['/web', 'Merge Request Hook', 'Web one', 'dev2'],
        ['/project', 'Merge Request Hook', 'Add login', 'outsider'],
      ]),
    );
  });

  it('merge request: refuses an unknown user, project or iid, and a project without merge requests, by name', async () => {
    expect(refusal({ event: 'merge_request', user: 'ghost' })).toBe('webhook trigger: no user ghost');
    expect(refusal({ event: 'merge_request', project: 'acme/nope' })).toBe('webhook trigger: no project acme/nope');
    expect(refusal({ event: 'merge_request', project: WEB, iid: 9 })).toBe(
      'webhook trigger: no merge request !9 in project acme/platform/web',
    );
  });

  it('issue: the latest of the project, or the iid given; a confidential one as a confidential issue event', async () => {
    expect(mock.webhooks.trigger({ event: 'issue', action: 'close' })).toEqual({ hooks: 1 });
    mock.webhooks.trigger({ event: 'issue', project: WEB });
    mock.webhooks.trigger({ event: 'issue', project: WEB, iid: 1, user: 'root' });
    mock.webhooks.trigger({ event: 'issue', project: API, iid: 1 });
    expect(await sentInAnyOrder()).toEqual(
      inAnyOrder([
        ['/project', 'Issue Hook', 'Second', 'dev2'],
        ['/web', 'Confidential Issue Hook', 'Web secret', 'maintainer'],
        ['/web', 'Issue Hook', 'Web one', 'root'],
        ['/project', 'Issue Hook', 'First', 'dev'],
      ]),
    );
    expect(refusal({ event: 'issue', project: WEB, iid: 9 })).toBe(
      'webhook trigger: no issue #9 in project acme/platform/web',
    );
  });

  it('milestone: the project’s or the group’s latest, or the id given; refused by name where there is none', async () => {
    const ids = Object.fromEntries([...mock.world.milestones.values()].map((m) => [m.title, m.id]));
    expect(mock.webhooks.trigger({ event: 'milestone' })).toEqual({ hooks: 2 });
    mock.webhooks.trigger({ event: 'milestone', project: WEB, id: ids.w1 });
    mock.webhooks.trigger({ event: 'milestone', group: 'acme/platform' });
    mock.webhooks.trigger({ event: 'milestone', group: 'acme/platform', id: ids.g1 });
    const sentNow = await sentInAnyOrder();
    expect(sentNow.map(([url, , title]) => [url, title])).toEqual(
      inAnyOrder([
        ['/project', 'v2.0'],
        ['/group', 'v2.0'],
        ['/web', 'w1'],
        ['/group', 'w1'],
        ['/group', 'g2'],
        ['/group', 'g1'],
      ]),
    );
    expect(refusal({ event: 'milestone', project: WEB, id: ids['v1.0'] as number })).toBe(
      `webhook trigger: no milestone ${ids['v1.0']} in project acme/platform/web`,
    );
    expect(refusal({ event: 'milestone', group: 'acme' })).toBe('webhook trigger: no milestone in group acme');
    expect(refusal({ event: 'milestone', group: 'acme/nope' })).toBe('webhook trigger: no group acme/nope');
  });

  it('resource access token: the project’s or the group’s last, or the id given; refused by name where there is none', async () => {
    const ids = Object.fromEntries([...mock.world.tokens.values()].map((t) => [t.name, t.id]));
    // A project's token event goes to the project's hooks and to its groups' hooks.
    expect(mock.webhooks.trigger({ event: 'resource_access_token' })).toEqual({ hooks: 2 });
    // Its only token: the last is not the second.
    mock.webhooks.trigger({ event: 'resource_access_token', project: WEB });
    mock.webhooks.trigger({ event: 'resource_access_token', project: API, token: ids.pt1 });
    mock.webhooks.trigger({ event: 'resource_access_token', group: 'acme/platform' });
    mock.webhooks.trigger({ event: 'resource_access_token', group: 'acme/platform', token: ids.gt1 });
    await mock.webhooks.settled();
    const names = receiver.received.map((r) => [
      r.url,
      (r.body.object_attributes as { name: string }).name,
      (r.body.project as { path_with_namespace?: string } | undefined)?.path_with_namespace ?? null,
      (r.body.group as { group_path?: string } | undefined)?.group_path ?? null,
    ]);
    expect(inAnyOrder(names)).toEqual(
      inAnyOrder([
        ['/project', 'pt2', API, null],
        ['/group', 'pt2', API, null],
        ['/web', 'wt1', WEB, null],
        ['/group', 'wt1', WEB, null],
        ['/project', 'pt1', API, null],
        ['/group', 'pt1', API, null],
        ['/group', 'gt2', null, 'platform'],
        ['/group', 'gt1', null, 'platform'],
      ]),
    );
    expect(refusal({ event: 'resource_access_token', project: WEB, token: ids.pt1 as number })).toBe(
      `webhook trigger: no access token ${ids.pt1} of project acme/platform/web`,
    );
    expect(refusal({ event: 'resource_access_token', group: 'acme' })).toBe(
      'webhook trigger: no access token of group acme',
    );
  });

  it('member: the group’s first direct member or the user named, with the membership’s dates; refused by name otherwise', async () => {
    expect(mock.webhooks.trigger({ event: 'member', group: 'acme/platform', user: 'dev' })).toEqual({ hooks: 1 });
    mock.webhooks.trigger({ event: 'member', group: 'acme/platform', action: 'destroy' });
    mock.webhooks.trigger({ event: 'member' });
    mock.webhooks.trigger({ event: 'member', group: 'acme/platform', user: 'dev2' });
    await mock.webhooks.settled();
    const members = receiver.received.map((r) => {
      const { event_name, group_path, user_username, group_access, created_at, expires_at } = r.body;
      return [event_name, group_path, user_username, group_access, created_at, expires_at];
    });
    expect(inAnyOrder(members)).toEqual(
      inAnyOrder([
        ['user_add_to_group', 'platform', 'dev', 'Developer', '2026-02-03T04:05:06Z', '2026-12-31T00:00:00Z'],
        ['user_remove_from_group', 'platform', 'maintainer', 'Maintainer', '2026-01-01T00:00:00Z', null],
        ['user_add_to_group', 'acme', 'owner', 'Owner', '2026-06-01T09:00:00Z', null],
        ['user_add_to_group', 'platform', 'dev2', 'Developer', '2026-01-01T00:00:00Z', null],
      ]),
    );
    expect(refusal({ event: 'member', group: 'acme/platform', user: 'ghost' })).toBe('webhook trigger: no user ghost');
    expect(refusal({ event: 'member', group: 'acme/platform', user: 'outsider' })).toBe(
      'webhook trigger: outsider is not a direct member of group acme/platform',
    );
    expect(refusal({ event: 'member', group: 'acme/empty' })).toBe(
      'webhook trigger: nobody is not a direct member of group acme/empty',
    );
    expect(refusal({ event: 'member', group: 'acme/nope' })).toBe('webhook trigger: no group acme/nope');
  });

  it('refuses by name a world without the project, group or record a default needs', () => {
    mock = createMockGitLab({ seed: { users: [{ username: 'root', admin: true }] } });
    expect(refusal({ event: 'merge_request' })).toBe('webhook trigger: the world has no project');
    expect(refusal({ event: 'issue' })).toBe('webhook trigger: the world has no project');
    expect(refusal({ event: 'member' })).toBe('webhook trigger: the world has no group');
    mock = createMockGitLab({
      seed: {
        users: [{ username: 'root', admin: true }],
        groups: [{ path: 'solo' }],
        projects: [{ path: 'solo/app' }],
      },
    });
    expect(refusal({ event: 'merge_request' })).toBe('webhook trigger: no merge request in project solo/app');
    expect(refusal({ event: 'issue' })).toBe('webhook trigger: no issue in project solo/app');
    expect(refusal({ event: 'milestone' })).toBe('webhook trigger: no milestone in project solo/app');
    expect(refusal({ event: 'resource_access_token' })).toBe('webhook trigger: no access token of project solo/app');
  });
});

describe('interim answers (1xx) from a receiver', () => {
  /** A receiver that writes `answer` as raw bytes to every request, then closes the connection. */
  async function rawReceiver(answer: string) {
    const server = createTcpServer((socket) => {
      socket.once('data', () => socket.end(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  async function deliverTo(answer: string) {
    const raw = await rawReceiver(answer);
    const world = createMockGitLab({ seed: seed(raw.url), webhooks: { timeout: 300 } });
    await client(world, 'glpat-maintainer').projects.mergeRequests.update(API, 1, { title: 'Interim' });
    await world.webhooks.settled();
    await raw.close();
    return world.webhooks.deliveries.at(-1);
  }

  it('reads past them to the final answer, as Ruby’s Net::HTTP does', async () => {
    const delivery = await deliverTo(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok',
    );
    expect(delivery).toMatchObject({ response_status: 201, response_body: 'ok', outcome: 'delivered' });
  });

  it('logs a receiver that sends only an interim answer and closes as the end of the stream, not its status', async () => {
    const delivery = await deliverTo('HTTP/1.1 199 Odd\r\n\r\n');
    expect(delivery).toMatchObject({
      response_status: 'internal error',
      outcome: 'failed',
      internal_error_message: 'end of file reached',
    });
  });
});

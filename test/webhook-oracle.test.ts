import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab } from '../mock/index.js';
import { parseWebhook, WebhookError, type WebhookEvent } from '../src/index.js';
import { client } from './fixtures.js';

// The mock's webhook payloads against the SDK's payload models, which were written from GitLab's
// documentation and data builders and not from the mock: every event a real flow makes the mock
// send reaches a receiver that parses it with `parseWebhook`, and none may be refused.

const API = 'acme/platform/api';
const SECRET = 'hook-secret';

let server: Server;
let url: string;
/** What each hook's receiver parsed, by the path its URL names (`/project`, `/group`). */
const parsed: { path: string; event: WebhookEvent }[] = [];
const refused: string[] = [];

beforeAll(async () => {
  server = createServer(async (request, response) => {
    try {
      parsed.push({ path: request.url ?? '', event: await parseWebhook(request, { token: SECRET }) });
      response.writeHead(200).end();
    } catch (error) {
      refused.push(error instanceof WebhookError ? `${error.reason}: ${error.message}` : String(error));
      response.writeHead(error instanceof WebhookError ? error.status : 500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

/** The events one hook received, in order, as `X-Gitlab-Event` and the payload's action (or event name). */
function kinds(path: string): string[] {
  return parsed
    .filter((delivery) => delivery.path === path)
    .map(({ event: { event, payload } }) => {
      const p = payload as { object_attributes?: { action?: string }; action?: string; event_name?: string };
      return `${event}:${p.object_attributes?.action ?? p.action ?? p.event_name}`;
    });
}

describe('the payloads the mock sends, parsed with the SDK’s models of GitLab’s', () => {
  let mock: MockGitLab;

  beforeAll(() => {
    mock = createMockGitLab({
      seed: {
        now: '2026-06-01T09:00:00Z',
        users: [
          { username: 'owner', token: 'glpat-owner' },
          { username: 'maintainer', token: 'glpat-maintainer' },
          { username: 'dev', token: 'glpat-dev' },
          { username: 'dev2', token: 'glpat-dev2' },
          { username: 'newcomer', token: 'glpat-newcomer' },
        ],
        groups: [
          {
            path: 'acme',
            plan: 'premium',
            members: { owner: 50 },
            hooks: [{ url: `${url}/group`, token: SECRET, events: { member_events: true } }],
          },
          { path: 'acme/platform', members: { maintainer: 40, dev: 30, dev2: 30 } },
        ],
        projects: [
          {
            path: API,
            protected_branches: ['main'],
            branches: ['feature', 'other'],
            milestones: [{ title: 'v1.0' }],
            approval_rules: [{ name: 'Two', approvals_required: 2, users: ['maintainer', 'dev2'] }],
            hooks: [
              {
                url: `${url}/project`,
                token: SECRET,
                events: {
                  merge_requests_events: true,
                  milestone_events: true,
                  issues_events: true,
                  confidential_issues_events: true,
                  resource_access_token_events: true,
                },
              },
            ],
          },
        ],
      },
    });
  });

  it('takes every merge request, issue, milestone, token and member event of real flows', async () => {
    const dev = client(mock, 'glpat-dev');
    const maintainer = client(mock, 'glpat-maintainer');
    const dev2 = client(mock, 'glpat-dev2');
    const owner = client(mock, 'glpat-owner');
    const expected: string[] = [];
    const flow = async (events: string[], step: () => Promise<unknown>) => {
      await step();
      expected.push(...events);
    };

    // Merge requests: open, update, approval, approved, unapproved, unapproval, close, reopen, merge.
    const mr = await dev.projects.mergeRequests.create(API, {
      source_branch: 'feature',
      target_branch: 'main',
      title: 'Webhooks',
    });
    expected.push('Merge Request Hook:open');
    await flow(['Merge Request Hook:update'], () =>
      dev.projects.mergeRequests.update(API, mr.iid, { title: 'Webhooks, typed' }),
    );
    await flow(['Merge Request Hook:approval'], () => maintainer.projects.mergeRequests.approvals.approve(API, mr.iid));
    await flow(['Merge Request Hook:approved'], () => dev2.projects.mergeRequests.approvals.approve(API, mr.iid));
    await flow(['Merge Request Hook:unapproved'], () => dev2.projects.mergeRequests.approvals.unapprove(API, mr.iid));
    await flow(['Merge Request Hook:unapproval'], () =>
      maintainer.projects.mergeRequests.approvals.unapprove(API, mr.iid),
    );
    await flow(['Merge Request Hook:close'], () =>
      dev.projects.mergeRequests.update(API, mr.iid, { state_event: 'close' }),
    );
    await flow(['Merge Request Hook:reopen'], () =>
      dev.projects.mergeRequests.update(API, mr.iid, { state_event: 'reopen' }),
    );
    await maintainer.projects.mergeRequests.approvals.approve(API, mr.iid);
    await dev2.projects.mergeRequests.approvals.approve(API, mr.iid);
    expected.push('Merge Request Hook:approval', 'Merge Request Hook:approved');
    await flow(['Merge Request Hook:merge'], () => maintainer.projects.mergeRequests.merge(API, mr.iid));

    // Issues, a confidential one too: open, update, close, reopen.
    const issue = await maintainer.projects.issues.create(API, { title: 'Bug', confidential: true });
    expected.push('Confidential Issue Hook:open');
    await flow(['Confidential Issue Hook:update'], () =>
      maintainer.projects.issues.update(API, issue.iid, { title: 'Bad bug' }),
    );
    await flow(['Confidential Issue Hook:close'], () =>
      maintainer.projects.issues.update(API, issue.iid, { state_event: 'close' }),
    );
    const open = await maintainer.projects.issues.create(API, { title: 'Feature' });
    expected.push('Issue Hook:open');
    await flow(['Issue Hook:close'], () => maintainer.projects.issues.update(API, open.iid, { state_event: 'close' }));
    await flow(['Issue Hook:reopen'], () =>
      maintainer.projects.issues.update(API, open.iid, { state_event: 'reopen' }),
    );

    // Milestones: create, close, reopen, delete.
    const milestone = await maintainer.projects.milestones.create(API, { title: 'v2.0' });
    expected.push('Milestone Hook:create');
    await flow(['Milestone Hook:close'], () =>
      maintainer.projects.milestones.update(API, milestone.id, { state_event: 'close' }),
    );
    await flow(['Milestone Hook:reopen'], () =>
      maintainer.projects.milestones.update(API, milestone.id, { state_event: 'activate' }),
    );
    await flow(['Milestone Hook:delete'], () => maintainer.projects.milestones.delete(API, milestone.id));

    // A project access token entering its last week.
    await maintainer.projects.accessTokens.create(API, {
      name: 'ci',
      scopes: ['api'],
      access_level: 30,
      expires_at: '2026-06-20',
    });
    await flow(['Resource Access Token Hook:expiring_access_token'], async () => mock.clock.advance({ days: 13 }));

    // Group members: added, changed, removed.
    const newcomer = mock.users.newcomer?.id ?? 0;
    await flow(['Member Hook:user_add_to_group'], () =>
      owner.groups.members.add('acme', { user_id: newcomer, access_level: 20 }),
    );
    await flow(['Member Hook:user_update_for_group'], () =>
      owner.groups.members.update('acme', newcomer, { access_level: 30 }),
    );
    await flow(['Member Hook:user_remove_from_group'], () => owner.groups.members.remove('acme', newcomer));

    await mock.webhooks.settled();
    expect(refused).toEqual([]);
    // Each hook's deliveries go in order; the two hooks' run side by side.
    expect(kinds('/project')).toEqual(expected.filter((kind) => !kind.startsWith('Member Hook')));
    expect(kinds('/group')).toEqual(expected.filter((kind) => kind.startsWith('Member Hook')));
    expect(mock.webhooks.deliveries.every((delivery) => delivery.response_status === 200)).toBe(true);
  });
});

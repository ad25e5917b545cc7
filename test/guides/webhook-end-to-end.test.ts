// docs:begin test
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GitLab, parseWebhook, WebhookError } from 'gitlab-admin-sdk';
import { createMockGitLab } from 'gitlab-admin-sdk/mock';
import { afterAll, expect, it } from 'vitest';

// The receiver under test: it records the merge requests that became approved.
const approved: number[] = [];
const receiver = createServer(async (request, response) => {
  try {
    const { payload } = await parseWebhook(request, { token: 'a-shared-secret' });
    if (payload.object_kind === 'merge_request' && payload.object_attributes.action === 'approved') {
      approved.push(payload.object_attributes.iid);
    }
    response.writeHead(200).end();
  } catch (error) {
    response.writeHead(error instanceof WebhookError ? error.status : 500).end();
  }
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address() as AddressInfo;
afterAll(() => receiver.close());

it('records the merge requests that became approved', async () => {
  const mock = createMockGitLab({
    seed: {
      users: [
        { username: 'olivia', token: 'glpat-olivia' },
        { username: 'ravi', token: 'glpat-ravi' },
      ],
      groups: [{ path: 'acme', members: { olivia: 50, ravi: 30 } }],
      projects: [
        {
          path: 'acme/api',
          merge_requests: [{ iid: 1, title: 'Add login', author: 'olivia', source_branch: 'login' }],
          hooks: [
            {
              url: `http://127.0.0.1:${port}/gitlab`,
              token: 'a-shared-secret',
              events: { merge_requests_events: true },
            },
          ],
        },
      ],
    },
  });
  const ravi = new GitLab({ baseUrl: mock.baseUrl, token: 'glpat-ravi', fetch: mock.fetch });

  await ravi.projects.mergeRequests.approvals.approve('acme/api', 1);
  await mock.webhooks.settled();
  expect(approved).toEqual([1]);
  expect(mock.webhooks.deliveries.at(-1)?.response_status).toBe(200);
});
// docs:end

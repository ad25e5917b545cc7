import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli-process.js';
import { handleGitLabWebhook } from './webhook-receiver.js';

// The receiver docs/webhooks.md shows, fed GitLab's documented example payloads as GitLab sends them.

const TOKEN = 'hook-secret-3f9c1e7a';

function example(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, 'test/fixtures/webhooks', file), 'utf8'));
}

function delivery(event: string, payload: unknown, token = TOKEN, idempotencyKey = crypto.randomUUID()) {
  return new Request('http://bot.test/gitlab', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Gitlab-Event': event,
      'X-Gitlab-Token': token,
      'Idempotency-Key': idempotencyKey,
    },
    body: JSON.stringify(payload),
  });
}

async function run(request: Request) {
  const lines: string[] = [];
  const response = await handleGitLabWebhook(request, TOKEN, (line) => lines.push(line));
  return { status: response.status, body: await response.text(), lines };
}

describe('the receiver of docs/webhooks.md', () => {
  it('reacts to an approved merge request, and not to an opened one', async () => {
    const mergeRequest = example('merge-request.json');
    const approved = {
      ...mergeRequest,
      object_attributes: { ...(mergeRequest.object_attributes as object), action: 'approved' },
    };
    expect(await run(delivery('Merge Request Hook', approved))).toEqual({
      status: 200,
      body: '',
      lines: ['gitlabhq/gitlab-test!1 is approved'],
    });
    expect((await run(delivery('Merge Request Hook', mergeRequest))).lines).toEqual([]);
  });

  it('reacts to a closed milestone, an expiring project or group token, and a new group member', async () => {
    const closed = { ...example('milestone.json'), action: 'close' };
    expect((await run(delivery('Milestone Hook', closed))).lines).toEqual(['release v1.0']);
    expect((await run(delivery('Resource Access Token Hook', example('access-token-project.json')))).lines).toEqual([
      'rotate acd of flightjs/Flight: expires 2024-01-26',
    ]);
    expect((await run(delivery('Resource Access Token Hook', example('access-token-group.json')))).lines).toEqual([
      'rotate acd of twitter: expires 2024-01-26',
    ]);
    expect((await run(delivery('Member Hook', example('member-add.json')))).lines).toEqual([
      'user_add_to_group: test_user in webhook-test as Guest',
    ]);
  });

  it('does the work of a retried delivery once', async () => {
    const closed = { ...example('milestone.json'), action: 'close' };
    const key = crypto.randomUUID();
    expect((await run(delivery('Milestone Hook', closed, TOKEN, key))).lines).toEqual(['release v1.0']);
    expect(await run(delivery('Milestone Hook', closed, TOKEN, key))).toEqual({ status: 200, body: '', lines: [] });
  });

  it('answers 401 to a wrong token and 400 to a payload that is not what the header says, doing nothing', async () => {
    const wrong = await run(delivery('Milestone Hook', example('milestone.json'), 'guessed'));
    expect(wrong).toMatchObject({ status: 401, lines: [] });
    expect(wrong.body).not.toContain(TOKEN);
    expect(wrong.body).not.toContain('guessed');
    expect(await run(delivery('Merge Request Hook', example('milestone.json')))).toMatchObject({
      status: 400,
      lines: [],
    });
  });
});

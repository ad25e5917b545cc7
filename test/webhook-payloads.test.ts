import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AccessTokenWebhook,
  GitLabError,
  GroupAccessTokenWebhook,
  GroupMemberWebhook,
  IssueWebhook,
  type MergeRequestWebhook,
  MergeRequestWebhook as MergeRequestWebhookSchema,
  MilestoneWebhook,
  ProjectAccessTokenWebhook,
  parseWebhook,
  WebhookError,
  type WebhookEvent,
  WebhookEventName,
  WebhookHeader,
  WebhookPayload,
  WebhookPayloadError,
  WebhookVerificationError,
} from '../src/index.js';
import { ROOT } from './cli-process.js';

// GitLab's documented example payloads (test/fixtures/webhooks/README.md says where from), parsed
// by the SDK's models and by the receiver helper, and the deliveries a receiver must refuse.

const SECRET = 'hook-secret-3f9c1e7a';
const OTHER = 'not-the-secret-b52d';

type Fixture = { file: string; event: WebhookEventName; schema: { safeParse(data: unknown): { success: boolean } } };
const FIXTURES: Fixture[] = [
  { file: 'merge-request.json', event: 'Merge Request Hook', schema: MergeRequestWebhookSchema },
  { file: 'issue.json', event: 'Issue Hook', schema: IssueWebhook },
  { file: 'milestone.json', event: 'Milestone Hook', schema: MilestoneWebhook },
  { file: 'access-token-project.json', event: 'Resource Access Token Hook', schema: ProjectAccessTokenWebhook },
  { file: 'access-token-group.json', event: 'Resource Access Token Hook', schema: GroupAccessTokenWebhook },
  { file: 'member-add.json', event: 'Member Hook', schema: GroupMemberWebhook },
  { file: 'member-update.json', event: 'Member Hook', schema: GroupMemberWebhook },
  { file: 'member-remove.json', event: 'Member Hook', schema: GroupMemberWebhook },
];

function example(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, 'test/fixtures/webhooks', file), 'utf8'));
}

/** GitLab's delivery headers; `token: null` leaves X-Gitlab-Token out. */
function headers(event: string | undefined, token: string | null = SECRET): Record<string, string> {
  const all: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'GitLab/18.2.0',
    'Idempotency-Key': 'a5461c4d-9c7f-4af9-add6-cddebe3c426f',
    'X-Gitlab-Webhook-UUID': '3c5c0404-c866-44bc-a5f6-452bb1bfc76e',
    'X-Gitlab-Instance': 'https://gitlab.example.com',
    'X-Gitlab-Event-UUID': '9cebe914-4827-408f-b014-cfa23a47a35f',
  };
  if (event !== undefined) all['X-Gitlab-Event'] = event;
  if (token !== null) all['X-Gitlab-Token'] = token;
  return all;
}

function delivery(event: string | undefined, body: unknown, token: string | null = SECRET): Request {
  return new Request('http://receiver.test/hooks', {
    method: 'POST',
    headers: headers(event, token),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The error `promise` rejects with (fails the test when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<WebhookError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(WebhookError);
  return outcome as WebhookError;
}

/** No token, expected or received, anywhere in what an error shows. */
function expectNoSecret(error: Error) {
  const shown = `${error.message}\n${error.stack}\n${JSON.stringify(error)}`;
  expect(shown).not.toContain(SECRET);
  expect(shown).not.toContain(OTHER);
}

describe("GitLab's documented example payloads", () => {
  it.each(FIXTURES)('$file parses with its model and with WebhookPayload', ({ file, schema }) => {
    const payload = example(file);
    expect(schema.safeParse(payload).success).toBe(true);
    expect(WebhookPayload.safeParse(payload).success).toBe(true);
  });

  it.each(FIXTURES)(
    '$file is accepted by parseWebhook as GitLab sends it, keys GitLab adds kept',
    async ({ file, event }) => {
      const payload = example(file);
      const parsed = await parseWebhook(delivery(event, payload), { token: SECRET });
      expect(parsed).toEqual({
        event,
        uuid: '9cebe914-4827-408f-b014-cfa23a47a35f',
        webhookUuid: '3c5c0404-c866-44bc-a5f6-452bb1bfc76e',
        instance: 'https://gitlab.example.com',
        idempotencyKey: 'a5461c4d-9c7f-4af9-add6-cddebe3c426f',
        payload,
      });
    },
  );

  it('keeps the keys the models do not name (the issue example escalation policy)', async () => {
    const parsed = await parseWebhook(delivery('Issue Hook', example('issue.json')), { token: SECRET });
    expect(parsed.payload).toMatchObject({ object_attributes: { escalation_policy: { name: 'Engineering On-call' } } });
  });

  it('takes a project and a group access token event apart by the key GitLab gives the owner', () => {
    expect(GroupAccessTokenWebhook.safeParse(example('access-token-project.json')).success).toBe(false);
    expect(ProjectAccessTokenWebhook.safeParse(example('access-token-group.json')).success).toBe(false);
    expect(AccessTokenWebhook.safeParse(example('access-token-group.json')).success).toBe(true);
    const both = { ...example('access-token-group.json'), project: example('access-token-project.json').project };
    expect(AccessTokenWebhook.safeParse(both).success).toBe(false);
  });
});

describe('every documented action', () => {
  const mergeRequest = example('merge-request.json');
  const withAction = (action: unknown) => ({
    ...mergeRequest,
    object_attributes: { ...(mergeRequest.object_attributes as object), action },
  });

  it.each(['open', 'update', 'close', 'reopen', 'merge', 'approved', 'unapproved', 'approval', 'unapproval'])(
    'a merge request event with action %s parses',
    async (action) => {
      const parsed = await parseWebhook(delivery('Merge Request Hook', withAction(action)), { token: SECRET });
      expect(parsed.event === 'Merge Request Hook' && parsed.payload.object_attributes.action).toBe(action);
    },
  );

  it('refuses a merge request action GitLab does not send, naming the field', async () => {
    const error = await refusal(parseWebhook(delivery('Merge Request Hook', withAction('approve')), { token: SECRET }));
    expect(error).toBeInstanceOf(WebhookPayloadError);
    expect(error).toMatchObject({ reason: 'invalid_payload', path: 'object_attributes.action', status: 400 });
  });

  it('accepts a merge request event without an action (what GitLab\'s "Test" button sends)', () => {
    const { action: _, ...attributes } = mergeRequest.object_attributes as Record<string, unknown>;
    expect(MergeRequestWebhookSchema.safeParse({ ...mergeRequest, object_attributes: attributes }).success).toBe(true);
  });

  it.each(['create', 'close', 'reopen', 'delete'])('a milestone event with action %s parses', (action) => {
    expect(MilestoneWebhook.safeParse({ ...example('milestone.json'), action }).success).toBe(true);
  });

  it("accepts a milestone without group_id, which the Community Edition's builder leaves out", () => {
    const milestone = example('milestone.json');
    delete (milestone.object_attributes as Record<string, unknown>).group_id;
    expect(MilestoneWebhook.safeParse(milestone).success).toBe(true);
  });

  it('keeps the milestone action at the top level, as GitLab sends it', () => {
    const { action: _, ...withoutAction } = example('milestone.json');
    const moved = {
      ...withoutAction,
      object_attributes: { ...(withoutAction.object_attributes as object), action: 'create' },
    };
    expect(MilestoneWebhook.safeParse(moved).success).toBe(false);
  });

  it.each(['close', 'reopen', 'update'])('an issue event with action %s parses', (action) => {
    const issue = example('issue.json');
    const payload = { ...issue, object_attributes: { ...(issue.object_attributes as object), action } };
    expect(IssueWebhook.safeParse(payload).success).toBe(true);
  });

  it('refuses a member event whose event_name is not a member event', () => {
    expect(GroupMemberWebhook.safeParse({ ...example('member-add.json'), event_name: 'user_create' }).success).toBe(
      false,
    );
  });
});

describe('the secret token', () => {
  const payload = example('merge-request.json');

  it('refuses a delivery without X-Gitlab-Token (401), naming neither token', async () => {
    const error = await refusal(parseWebhook(delivery('Merge Request Hook', payload, null), { token: SECRET }));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toBeInstanceOf(GitLabError);
    expect(error).toMatchObject({ name: 'WebhookVerificationError', reason: 'missing_token', status: 401 });
    expectNoSecret(error);
  });

  it('refuses an empty X-Gitlab-Token as a missing one', async () => {
    const error = await refusal(parseWebhook(delivery('Merge Request Hook', payload, ''), { token: SECRET }));
    expect(error.reason).toBe('missing_token');
  });

  it.each([
    ['another token', OTHER],
    ['the secret with a byte more', `${SECRET}x`],
    ['a prefix of the secret', SECRET.slice(0, -1)],
    ['the secret in another case', SECRET.toUpperCase()],
  ])('refuses %s (401), naming neither token', async (_, token) => {
    const error = await refusal(parseWebhook(delivery('Merge Request Hook', payload, token), { token: SECRET }));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toMatchObject({ reason: 'wrong_token', status: 401 });
    expect(error.message).not.toContain(token);
    expectNoSecret(error);
  });

  it('checks the token before it reads the body', async () => {
    const error = await refusal(parseWebhook(delivery('Merge Request Hook', '{not json', OTHER), { token: SECRET }));
    expect(error.reason).toBe('wrong_token');
  });

  it('accepts any of the tokens given while one is rotated', async () => {
    const parsed = await parseWebhook(delivery('Merge Request Hook', payload, SECRET), { token: [OTHER, SECRET] });
    expect(parsed.event).toBe('Merge Request Hook');
    const refused = await refusal(
      parseWebhook(delivery('Merge Request Hook', payload, 'third'), { token: [OTHER, SECRET] }),
    );
    expect(refused.reason).toBe('wrong_token');
  });

  it('refuses to run without a token to check against (a TypeError, not a refusal of the delivery)', async () => {
    await expect(parseWebhook(delivery('Merge Request Hook', payload), { token: '' })).rejects.toThrow(TypeError);
    await expect(parseWebhook(delivery('Merge Request Hook', payload), { token: [] })).rejects.toThrow(TypeError);
  });
});

describe('the event and the body', () => {
  it('refuses a delivery without X-Gitlab-Event', async () => {
    const error = await refusal(parseWebhook(delivery(undefined, example('issue.json')), { token: SECRET }));
    expect(error).toMatchObject({ reason: 'missing_event', status: 400 });
  });

  it('refuses an event the SDK does not model', async () => {
    const error = await refusal(parseWebhook(delivery('Push Hook', { object_kind: 'push' }), { token: SECRET }));
    expect(error).toMatchObject({ reason: 'unsupported_event', event: 'Push Hook' });
  });

  it.each([
    ['Merge Request Hook', 'issue.json'],
    ['Issue Hook', 'merge-request.json'],
    ['Milestone Hook', 'member-add.json'],
    ['Member Hook', 'milestone.json'],
    ['Resource Access Token Hook', 'member-remove.json'],
  ])('refuses %s carrying %s (the header and object_kind disagree)', async (event, file) => {
    const error = await refusal(parseWebhook(delivery(event, example(file)), { token: SECRET }));
    expect(error).toBeInstanceOf(WebhookPayloadError);
    expect(error).toMatchObject({ reason: 'event_mismatch', event, status: 400 });
    expectNoSecret(error);
  });

  it('refuses a member event with an event_name GitLab does not send as a mismatch', async () => {
    const payload = { ...example('member-add.json'), event_name: 'project_create' };
    const error = await refusal(parseWebhook(delivery('Member Hook', payload), { token: SECRET }));
    expect(error.reason).toBe('event_mismatch');
  });

  it.each([
    ['a truncated body', '{"object_kind": "merge_request", '],
    ['an empty body', ''],
    ['text', 'hello'],
  ])('refuses %s as malformed JSON', async (_, body) => {
    const error = await refusal(parseWebhook(delivery('Merge Request Hook', body), { token: SECRET }));
    expect(error).toMatchObject({ reason: 'malformed_json', status: 400 });
    expectNoSecret(error);
  });

  it('refuses a body that is JSON but not an object', async () => {
    const error = await refusal(parseWebhook(delivery('Merge Request Hook', '[1, 2]'), { token: SECRET }));
    expect(error).toMatchObject({ reason: 'invalid_payload', path: '' });
  });

  it.each([
    ['merge-request.json', 'Merge Request Hook', ['object_attributes', 'iid'], 'object_attributes.iid'],
    ['issue.json', 'Issue Hook', ['project', 'path_with_namespace'], 'project.path_with_namespace'],
    ['milestone.json', 'Milestone Hook', ['action'], 'action'],
    [
      'access-token-project.json',
      'Resource Access Token Hook',
      ['object_attributes', 'expires_at'],
      'object_attributes.expires_at',
    ],
    ['access-token-group.json', 'Resource Access Token Hook', ['group', 'group_id'], 'group.group_id'],
    ['member-update.json', 'Member Hook', ['user_id'], 'user_id'],
  ])('refuses %s without a required field, naming its path', async (file, event, path, shown) => {
    const payload = example(file);
    const parent = path.slice(0, -1).reduce((at, key) => at[key] as Record<string, unknown>, payload);
    delete parent[path.at(-1) as string];
    const error = await refusal(parseWebhook(delivery(event, payload), { token: SECRET }));
    expect(error).toBeInstanceOf(WebhookPayloadError);
    expect(error).toMatchObject({ reason: 'invalid_payload', path: shown, status: 400 });
    expect(error.message).toContain(shown);
    expect((error as WebhookPayloadError).issues.length).toBeGreaterThan(0);
    expectNoSecret(error);
  });

  it('refuses a body larger than maxBodyBytes (413) before parsing it', async () => {
    const body = JSON.stringify(example('merge-request.json'));
    const error = await refusal(
      parseWebhook(delivery('Merge Request Hook', body), { token: SECRET, maxBodyBytes: body.length - 1 }),
    );
    expect(error).toMatchObject({ reason: 'body_too_large', status: 413 });
    await expect(
      parseWebhook(delivery('Merge Request Hook', body), { token: SECRET, maxBodyBytes: body.length }),
    ).resolves.toMatchObject({ event: 'Merge Request Hook' });
  });
});

describe('system hooks', () => {
  it('accepts a modelled payload under System Hook, checked by its own model', async () => {
    const parsed = await parseWebhook(delivery('System Hook', example('merge-request.json')), { token: SECRET });
    expect(parsed.event).toBe('System Hook');
    expect(parsed.payload.object_kind).toBe('merge_request');
    const member = await parseWebhook(delivery('System Hook', example('member-add.json')), { token: SECRET });
    expect(member.payload).toMatchObject({ event_name: 'user_add_to_group' });
  });

  it('refuses a system hook event the SDK does not model as unsupported', async () => {
    const error = await refusal(
      parseWebhook(delivery('System Hook', { event_name: 'repository_update', user_id: 1 }), { token: SECRET }),
    );
    expect(error.reason).toBe('unsupported_event');
  });

  it('takes each system event by its event_name, and Project Hook and Subgroup Hook only for their own', async () => {
    const project = {
      event_name: 'project_transfer',
      created_at: '2026-06-01T09:00:00Z',
      updated_at: '2026-06-01T09:00:00Z',
      name: 'api',
      path: 'api',
      path_with_namespace: 'other/api',
      project_id: 3,
      project_namespace_id: 4,
      owners: [{ name: 'Olive', email: '[REDACTED]' }],
      project_visibility: 'private',
      owner_name: 'other',
      owner_email: '',
      old_path_with_namespace: 'acme/api',
    };
    const parsed = await parseWebhook(delivery('System Hook', project), { token: SECRET });
    expect(parsed.payload).toEqual(project);
    const subgroup = {
      created_at: '2026-06-01T09:00:00Z',
      updated_at: '2026-06-01T09:00:00Z',
      event_name: 'subgroup_destroy',
      name: 'sub',
      path: 'sub',
      full_path: 'acme/sub',
      group_id: 9,
      parent_group_id: 1,
      parent_name: 'acme',
      parent_path: 'acme',
      parent_full_path: 'acme',
    };
    await expect(parseWebhook(delivery('Subgroup Hook', subgroup), { token: SECRET })).resolves.toMatchObject({
      event: 'Subgroup Hook',
      payload: subgroup,
    });
    const mismatch = await refusal(parseWebhook(delivery('Project Hook', subgroup), { token: SECRET }));
    expect(mismatch).toMatchObject({ reason: 'event_mismatch', event: 'Project Hook' });
    const { project_namespace_id: _, ...withoutNamespace } = project;
    const invalid = await refusal(parseWebhook(delivery('Project Hook', withoutNamespace), { token: SECRET }));
    expect(invalid).toMatchObject({ reason: 'invalid_payload', path: 'project_namespace_id' });
    const sample = {
      event_name: 'project_create',
      name: 'Ruby',
      path: 'ruby',
      project_id: 1,
      owner_name: 'Someone',
      owner_email: 'example@gitlabhq.com',
    };
    await expect(parseWebhook(delivery('System Hook', sample), { token: SECRET })).resolves.toMatchObject({
      payload: sample,
    });
  });

  it('names the failing field of a modelled system hook payload', async () => {
    const payload = example('milestone.json');
    delete (payload.object_attributes as Record<string, unknown>).title;
    const error = await refusal(parseWebhook(delivery('System Hook', payload), { token: SECRET }));
    expect(error).toMatchObject({ reason: 'invalid_payload', path: 'object_attributes.title' });
  });
});

describe('the request forms a receiver has', () => {
  const payload = example('milestone.json');

  it('takes { headers, body } with the raw text, the bytes, or a body a framework parsed', async () => {
    const raw = JSON.stringify(payload);
    const lowerCase = Object.fromEntries(
      Object.entries(headers('Milestone Hook')).map(([name, value]) => [name.toLowerCase(), value]),
    );
    for (const body of [raw, new TextEncoder().encode(raw), payload]) {
      const parsed = await parseWebhook({ headers: lowerCase, body }, { token: SECRET });
      expect(parsed).toMatchObject({
        event: 'Milestone Hook',
        idempotencyKey: 'a5461c4d-9c7f-4af9-add6-cddebe3c426f',
        payload,
      });
    }
  });

  it("takes a Request of another realm or a framework's (read with arrayBuffer, headers with get)", async () => {
    const raw = JSON.stringify(payload);
    const foreign = {
      headers: new Headers(headers('Milestone Hook')),
      body: 'a stream, not the payload',
      arrayBuffer: async () => new TextEncoder().encode(raw).buffer,
    };
    const parsed = await parseWebhook(foreign as unknown as Request, { token: SECRET });
    expect(parsed).toMatchObject({ event: 'Milestone Hook', payload });
  });

  it('reads a stream with headers as Node gives an IncomingMessage', async () => {
    const raw = JSON.stringify(payload);
    const stream = Object.assign(Readable.from([Buffer.from(raw.slice(0, 40)), Buffer.from(raw.slice(40))]), {
      headers: { 'x-gitlab-event': 'Milestone Hook', 'x-gitlab-token': SECRET },
    });
    const parsed = await parseWebhook(stream, { token: SECRET });
    expect(parsed).toMatchObject({ event: 'Milestone Hook', uuid: undefined, payload });
  });

  it('answers a real Node server: 200 for a good delivery, the error status otherwise', async () => {
    const seen: WebhookEvent[] = [];
    const server = createServer(async (req: IncomingMessage, res) => {
      try {
        seen.push(await parseWebhook(req, { token: SECRET }));
        res.writeHead(200).end();
      } catch (error) {
        res.writeHead(error instanceof WebhookError ? error.status : 500).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    try {
      const send = (token: string) =>
        fetch(url, { method: 'POST', headers: headers('Milestone Hook', token), body: JSON.stringify(payload) });
      expect((await send(SECRET)).status).toBe(200);
      expect((await send(OTHER)).status).toBe(401);
      expect(seen.map((event) => event.payload)).toEqual([payload]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('types', () => {
  it('narrow on object_kind, event_name and the X-Gitlab-Event header', () => {
    const narrow = (payload: WebhookPayload) => {
      if (payload.object_kind === 'merge_request') {
        expectTypeOf(payload).toEqualTypeOf<MergeRequestWebhook>();
        expectTypeOf(payload.object_attributes.action).toEqualTypeOf<
          | 'open'
          | 'close'
          | 'reopen'
          | 'update'
          | 'approved'
          | 'unapproved'
          | 'approval'
          | 'unapproval'
          | 'merge'
          | undefined
        >();
      } else if (payload.object_kind === 'milestone') {
        expectTypeOf(payload.action).toEqualTypeOf<'create' | 'close' | 'reopen' | 'delete'>();
      } else if (payload.object_kind === 'access_token') {
        expectTypeOf(payload.object_attributes.expires_at).toBeString();
        if (payload.group !== undefined) expectTypeOf(payload.group.group_id).toBeNumber();
        else expectTypeOf(payload.project.path_with_namespace).toBeString();
      } else if (payload.object_kind === undefined) {
        expectTypeOf(payload.event_name).toEqualTypeOf<
          | 'user_add_to_group'
          | 'user_update_for_group'
          | 'user_remove_from_group'
          | 'user_access_request_to_group'
          | 'user_access_request_denied_for_group'
        >();
      } else {
        expectTypeOf(payload.object_kind).toEqualTypeOf<'issue'>();
      }
    };
    const byHeader = (event: WebhookEvent) => {
      if (event.event === 'Merge Request Hook') expectTypeOf(event.payload).toEqualTypeOf<MergeRequestWebhook>();
      if (event.event === 'Member Hook') expectTypeOf(event.payload.user_email).toBeString();
      if (event.event === 'Confidential Issue Hook') {
        expectTypeOf(event.payload.event_type).toEqualTypeOf<'issue' | 'confidential_issue'>();
      }
    };
    const system = (event: WebhookEvent) => {
      if (event.event === 'Project Hook') expectTypeOf(event.payload.path_with_namespace).toBeString();
      if (event.event === 'Subgroup Hook') expectTypeOf(event.payload.parent_full_path).toBeString();
      // A system hook's payload: `object_kind` first (the loose models of the kinds with one let any key
      // through), then `event_name`.
      const payload = event.event === 'System Hook' ? event.payload : undefined;
      if (payload?.object_kind === undefined && payload?.event_name === 'user_rename') {
        expectTypeOf(payload.old_username).toEqualTypeOf<string | undefined>();
      }
    };
    expect(typeof narrow).toBe('function');
    expect(typeof byHeader).toBe('function');
    expect(typeof system).toBe('function');
  });

  it('export the header names and event names GitLab sends', () => {
    expectTypeOf(WebhookHeader.Token).toEqualTypeOf<'X-Gitlab-Token'>();
    expect(Object.values(WebhookHeader)).toEqual([
      'X-Gitlab-Event',
      'X-Gitlab-Token',
      'X-Gitlab-Event-UUID',
      'X-Gitlab-Webhook-UUID',
      'X-Gitlab-Instance',
      'Idempotency-Key',
      'User-Agent',
    ]);
    expect(WebhookEventName.ResourceAccessToken).toBe('Resource Access Token Hook');
  });
});

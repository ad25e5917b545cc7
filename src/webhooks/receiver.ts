import type * as z from 'zod/mini';
import { formatIssuePath, GitLabError } from '../core/errors.js';
import { type Schema, safeParse } from '../core/schemas.js';
import {
  GroupAccessTokenWebhook,
  GroupMemberWebhook,
  GroupMemberWebhookEventName,
  GroupWebhook,
  GroupWebhookEventName,
  IssueWebhook,
  KeyWebhook,
  KeyWebhookEventName,
  MergeRequestWebhook,
  MilestoneWebhook,
  ProjectAccessTokenWebhook,
  ProjectMemberWebhook,
  ProjectMemberWebhookEventName,
  ProjectWebhook,
  ProjectWebhookEventName,
  SubgroupWebhook,
  SubgroupWebhookEventName,
  SystemHookTestWebhook,
  type SystemWebhookPayload,
  UserWebhook,
  UserWebhookEventName,
  WebhookEventName,
  WebhookHeader,
  type WebhookPayload,
} from '../models/webhooks.js';

/**
 * The receiving end of GitLab's webhooks: {@link parseWebhook} checks a delivery's secret token,
 * its `X-Gitlab-Event` against the payload, and the payload against the SDK's models, and hands
 * back a typed event. Web `Request`s, Node's `http.IncomingMessage` and already-parsed bodies
 * (Express, Fastify) all work; nothing here imports a Node module, so browsers and edge runtimes
 * can use it too.
 * @module
 */

/** Why a delivery was refused: the {@link WebhookError.reason} values. */
export type WebhookErrorReason =
  /** No `X-Gitlab-Token` header (or an empty one). */
  | 'missing_token'
  /** An `X-Gitlab-Token` that is not the hook's secret token. */
  | 'wrong_token'
  /** No `X-Gitlab-Event` header. */
  | 'missing_event'
  /** An `X-Gitlab-Event`, or a system hook's payload, the SDK does not model (push, repository update...). */
  | 'unsupported_event'
  /** The payload's `object_kind` (or `event_name`) is not the one `X-Gitlab-Event` announces. */
  | 'event_mismatch'
  /** The body is not JSON (or not UTF-8, or missing). */
  | 'malformed_json'
  /** The body is larger than `maxBodyBytes`. */
  | 'body_too_large'
  /** The payload does not match the SDK's model of the event. */
  | 'invalid_payload';

/**
 * A webhook delivery was refused by {@link parseWebhook}. Its message never holds a token,
 * the expected one nor the received one; answer GitLab with {@link WebhookError.status}.
 */
export class WebhookError extends GitLabError {
  /** `'WebhookError'`: what logs and `JSON.stringify` show. */
  override name = 'WebhookError';
  /** Why the delivery was refused. */
  readonly reason: WebhookErrorReason;
  /** The status to answer GitLab with: 401 for the token, 413 for a body too large, 400 otherwise. */
  readonly status: number;

  constructor(reason: WebhookErrorReason, status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
    this.status = status;
  }
}

/** The delivery's `X-Gitlab-Token` is missing or is not the hook's secret token (401). */
export class WebhookVerificationError extends WebhookError {
  /** `'WebhookVerificationError'`: what logs and `JSON.stringify` show. */
  override name = 'WebhookVerificationError';
  declare readonly reason: 'missing_token' | 'wrong_token';

  constructor(reason: 'missing_token' | 'wrong_token') {
    super(
      reason,
      401,
      reason === 'missing_token'
        ? `The webhook request has no ${WebhookHeader.Token} header: set the hook's secret token in GitLab`
        : `The webhook request's ${WebhookHeader.Token} is not the hook's secret token`,
    );
  }
}

/**
 * The delivery's event or body is not what GitLab sends: no or an unknown `X-Gitlab-Event`, a
 * payload of another kind than the header says, a body that is not JSON, or a payload that does
 * not match the SDK's model (then {@link WebhookPayloadError.path} names the first failing field).
 */
export class WebhookPayloadError extends WebhookError {
  /** `'WebhookPayloadError'`: what logs and `JSON.stringify` show. */
  override name = 'WebhookPayloadError';
  declare readonly reason: Exclude<WebhookErrorReason, 'missing_token' | 'wrong_token'>;
  /** The `X-Gitlab-Event` header, when there was one. */
  readonly event: string | undefined;
  /** Path of the first field that does not match the model, such as `object_attributes.iid`; `''` otherwise. */
  readonly path: string;
  /** Every mismatch zod found (`invalid_payload` only; paths relative to the payload). */
  readonly issues: z.core.$ZodIssue[];

  constructor(init: {
    reason: WebhookPayloadError['reason'];
    message: string;
    event?: string | undefined;
    issues?: z.core.$ZodIssue[];
    cause?: unknown;
  }) {
    super(init.reason, init.reason === 'body_too_large' ? 413 : 400, init.message, { cause: init.cause });
    this.event = init.event;
    this.issues = init.issues ?? [];
    const first = this.issues[0];
    this.path = first ? formatIssuePath(first.path) : '';
  }
}

/** Request headers as Web `Headers`, or a plain object (Node's `req.headers`: names in any case). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * A delivery taken apart: its headers and its body, raw (a string or bytes) or already parsed as
 * JSON by a framework (Express's `express.json()`, Fastify).
 */
export interface WebhookRequestParts {
  /** The request's headers. */
  headers: WebhookHeaders;
  /** The body: the raw text or bytes, or the JSON value a framework parsed. */
  body: unknown;
}

/** Node's `http.IncomingMessage` as {@link parseWebhook} reads it: its headers, and its body as a stream of chunks. */
export interface WebhookRequestStream extends AsyncIterable<unknown> {
  /** The request's headers (Node: names in lower case). */
  headers: WebhookHeaders;
}

/** Options of {@link parseWebhook}. */
export interface ParseWebhookOptions {
  /** The hook's secret token, as set in GitLab; several while one is being rotated. */
  token: string | readonly string[];
  /** The largest body read, in bytes, when the SDK reads it. Default 25 MiB, GitLab's own limit. */
  maxBodyBytes?: number;
}

/** What every parsed delivery carries besides its payload: the event and GitLab's delivery headers. */
export interface WebhookDelivery<Event extends WebhookEventName, Payload> {
  /** The `X-Gitlab-Event` header, such as `Merge Request Hook`. */
  event: Event;
  /** `X-Gitlab-Event-UUID`: the event's id, shared by the hooks one action triggers. */
  uuid: string | undefined;
  /** `X-Gitlab-Webhook-UUID`: this request's own id (GitLab 16.2 and later). */
  webhookUuid: string | undefined;
  /** `X-Gitlab-Instance`: the base URL of the GitLab that sent it. */
  instance: string | undefined;
  /** `Idempotency-Key`: the same on every retry of a delivery, so a receiver can skip what it has done. */
  idempotencyKey: string | undefined;
  /** The payload, checked against the SDK's model. */
  payload: Payload;
}

/** A delivery {@link parseWebhook} accepted; narrow on `event`, or on `payload.object_kind`. */
export type WebhookEvent =
  | WebhookDelivery<'Merge Request Hook', MergeRequestWebhook>
  | WebhookDelivery<'Issue Hook' | 'Confidential Issue Hook', IssueWebhook>
  | WebhookDelivery<'Milestone Hook', MilestoneWebhook>
  | WebhookDelivery<'Resource Access Token Hook', ProjectAccessTokenWebhook | GroupAccessTokenWebhook>
  | WebhookDelivery<'Member Hook', GroupMemberWebhook>
  | WebhookDelivery<'Project Hook', ProjectWebhook>
  | WebhookDelivery<'Subgroup Hook', SubgroupWebhook>
  | WebhookDelivery<'System Hook', WebhookPayload | SystemWebhookPayload>;

/** GitLab's own limit on a webhook's body (`WebHookService::REQUEST_BODY_SIZE_LIMIT`). */
const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

/**
 * The `object_kind` each `X-Gitlab-Event` carries (`undefined`: member, project and subgroup events have none).
 * Keyed by the header's text, not `WebhookEventName.X`: a computed key reads a property at load time, which
 * an app's bundler must keep, and this table with it, even when the app never receives a webhook.
 */
const KIND_OF_EVENT: Record<Exclude<WebhookEventName, 'System Hook'>, string | undefined> = {
  'Merge Request Hook': 'merge_request',
  'Issue Hook': 'issue',
  'Confidential Issue Hook': 'issue',
  'Milestone Hook': 'milestone',
  'Resource Access Token Hook': 'access_token',
  'Member Hook': undefined,
  'Project Hook': undefined,
  'Subgroup Hook': undefined,
};

/**
 * The events without `object_kind`, told apart by `event_name`: each family's names, its model, and
 * the `X-Gitlab-Event` a project or group hook sends it under (`System Hook`: system hooks only); the
 * header's text, as in {@link KIND_OF_EVENT}.
 */
const NAMED_EVENTS: readonly {
  names: { safeParse(value: unknown): { success: boolean } };
  schema: Schema<unknown>;
  header: WebhookEventName;
}[] = [
  { names: GroupMemberWebhookEventName, schema: GroupMemberWebhook, header: 'Member Hook' },
  { names: ProjectWebhookEventName, schema: ProjectWebhook, header: 'Project Hook' },
  { names: SubgroupWebhookEventName, schema: SubgroupWebhook, header: 'Subgroup Hook' },
  { names: ProjectMemberWebhookEventName, schema: ProjectMemberWebhook, header: 'System Hook' },
  { names: GroupWebhookEventName, schema: GroupWebhook, header: 'System Hook' },
  { names: UserWebhookEventName, schema: UserWebhook, header: 'System Hook' },
  { names: KeyWebhookEventName, schema: KeyWebhook, header: 'System Hook' },
];

/** The family of a payload without `object_kind`, by its `event_name`; `undefined` for one the SDK does not model. */
function namedEvent(record: Record<string, unknown>): (typeof NAMED_EVENTS)[number] | undefined {
  if (record.object_kind !== undefined) return undefined;
  return NAMED_EVENTS.find((family) => family.names.safeParse(record.event_name).success);
}

/** The model of a named event: a system hook test's `project_create` sample has no times (`API::SystemHooks`). */
function namedSchema(family: (typeof NAMED_EVENTS)[number], record: Record<string, unknown>): Schema<unknown> {
  return family.schema === ProjectWebhook && !('created_at' in record) && record.event_name === 'project_create'
    ? SystemHookTestWebhook
    : family.schema;
}

/**
 * Checks a webhook delivery and returns it typed, or throws: a {@link WebhookVerificationError}
 * when `X-Gitlab-Token` is missing or wrong (compared in constant time, checked before the body is
 * read), a {@link WebhookPayloadError} when `X-Gitlab-Event` is missing or not modelled, the body
 * is not JSON, the payload's `object_kind` disagrees with the header, or the payload does not
 * match the model (its `path` names the field). Neither message holds a token.
 *
 * Takes a Web `Request` (fetch handlers, Next.js, Hono, Deno, Bun), Node's `http.IncomingMessage`
 * (read to its end), or `{ headers, body }` with the raw or already-parsed body.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { parseWebhook, WebhookError } from 'gitlab-admin-sdk';
 *
 * createServer(async (req, res) => {
 *   try {
 *     const delivery = await parseWebhook(req, { token: process.env.GITLAB_WEBHOOK_TOKEN ?? '' });
 *     if (delivery.event === 'Merge Request Hook' && delivery.payload.object_attributes.action === 'approved') {
 *       console.log(`!${delivery.payload.object_attributes.iid} is approved`);
 *     }
 *     res.writeHead(200).end();
 *   } catch (error) {
 *     res.writeHead(error instanceof WebhookError ? error.status : 500).end();
 *   }
 * }).listen(8080);
 * ```
 */
export async function parseWebhook(
  request: Request | WebhookRequestParts | WebhookRequestStream,
  options: ParseWebhookOptions,
): Promise<WebhookEvent> {
  const header = headerReader(request.headers);
  verifyToken(header(WebhookHeader.Token), options.token);

  const event = header(WebhookHeader.Event);
  if (event === undefined) {
    throw new WebhookPayloadError({
      reason: 'missing_event',
      message: `The webhook request has no ${WebhookHeader.Event} header`,
    });
  }
  if (!isModelledEvent(event)) {
    throw new WebhookPayloadError({
      reason: 'unsupported_event',
      event,
      message: `The SDK does not model ${quote(event)} webhook events`,
    });
  }

  const payload = parseJson(await readBody(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES), event);
  const schema = schemaFor(event, payload);
  const result = safeParse(schema, payload);
  if (!result.success) {
    const issues = result.error.issues;
    const first = issues[0];
    const where = first && first.path.length > 0 ? `at ${formatIssuePath(first.path)}` : 'in the body';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    throw new WebhookPayloadError({
      reason: 'invalid_payload',
      event,
      issues,
      message: `The ${quote(event)} payload does not match GitLab's: ${where}: ${first?.message ?? 'invalid'}${more}`,
    });
  }
  return {
    event,
    uuid: header(WebhookHeader.EventUuid),
    webhookUuid: header(WebhookHeader.WebhookUuid),
    instance: header(WebhookHeader.Instance),
    idempotencyKey: header(WebhookHeader.IdempotencyKey),
    payload: result.data,
  } as WebhookEvent;
}

function isModelledEvent(event: string): event is WebhookEventName {
  return (Object.values(WebhookEventName) as string[]).includes(event);
}

/** A header's value by its name in any case; `undefined` when absent or empty. */
function headerReader(headers: WebhookHeaders): (name: string) => string | undefined {
  // Duck-typed, not `instanceof`: a framework's or another realm's Headers and Request count too.
  if (typeof (headers as Headers).get === 'function') return (name) => (headers as Headers).get(name) || undefined;
  const lower = new Map<string, string>();
  for (const [name, value] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (value === undefined) continue;
    lower.set(name.toLowerCase(), typeof value === 'string' ? value : value.join(', '));
  }
  return (name) => lower.get(name.toLowerCase()) || undefined;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** Throws unless `received` is one of the expected tokens; compares every byte, whatever differs. */
function verifyToken(received: string | undefined, expected: string | readonly string[]): void {
  const tokens = (typeof expected === 'string' ? [expected] : expected).filter((token) => token !== '');
  if (tokens.length === 0) {
    throw new TypeError("parseWebhook needs options.token: the hook's secret token, as set in GitLab");
  }
  if (received === undefined) throw new WebhookVerificationError('missing_token');
  const got = encoder.encode(received);
  let matched = false;
  for (const token of tokens) matched = constantTimeEqual(encoder.encode(token), got) || matched;
  if (!matched) throw new WebhookVerificationError('wrong_token');
}

/**
 * `true` when the bytes are equal. Its time depends only on the expected token's length: every
 * byte is compared, and a received value of another length differs without a shorter loop.
 */
function constantTimeEqual(expected: Uint8Array, received: Uint8Array): boolean {
  let difference = expected.length ^ received.length;
  for (let i = 0; i < expected.length; i++) difference |= (expected[i] as number) ^ (received[i] ?? 0);
  return difference === 0;
}

/** The body as text, or the value a framework already parsed (returned as `{ parsed }`). */
async function readBody(
  request: Request | WebhookRequestParts | WebhookRequestStream,
  maxBytes: number,
): Promise<string | { parsed: unknown }> {
  if (typeof (request as Request).arrayBuffer === 'function') {
    return decode(new Uint8Array(await (request as Request).arrayBuffer()), maxBytes);
  }
  if ('body' in request && request.body !== undefined) {
    const body = request.body;
    if (typeof body === 'string') return body;
    if (body instanceof Uint8Array) return decode(body, maxBytes);
    if (body instanceof ArrayBuffer) return decode(new Uint8Array(body), maxBytes);
    return { parsed: body };
  }
  if (Symbol.asyncIterator in request) {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<unknown>) {
      const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : (chunk as Uint8Array);
      size += bytes.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(bytes);
    }
    const all = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return decode(all, maxBytes);
  }
  return '';
}

function tooLarge(maxBytes: number): WebhookPayloadError {
  return new WebhookPayloadError({
    reason: 'body_too_large',
    message: `The webhook request's body is larger than ${maxBytes} bytes`,
  });
}

function decode(bytes: Uint8Array, maxBytes: number): string {
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (cause) {
    throw new WebhookPayloadError({ reason: 'malformed_json', message: 'The webhook body is not UTF-8 text', cause });
  }
}

function parseJson(body: string | { parsed: unknown }, event: string): unknown {
  if (typeof body !== 'string') return body.parsed;
  try {
    return JSON.parse(body);
  } catch (cause) {
    throw new WebhookPayloadError({
      reason: 'malformed_json',
      event,
      cause,
      message: body.trim() === '' ? 'The webhook request has no body' : 'The webhook body is not valid JSON',
    });
  }
}

/** The model of the payload `X-Gitlab-Event` announces; throws when the payload is of another kind. */
function schemaFor(event: WebhookEventName, payload: unknown): Schema<unknown> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new WebhookPayloadError({
      reason: 'invalid_payload',
      event,
      message: `The ${quote(event)} payload is not a JSON object`,
    });
  }
  const record = payload as Record<string, unknown>;
  const kind = record.object_kind;
  const named = namedEvent(record);
  if (event === WebhookEventName.System) {
    // A system hook sends every event under one header: the payload says which it is. Those the
    // SDK does not model (push, repository_update...) are refused as unsupported, not mismatched.
    if (named) return namedSchema(named, record);
    const known = Object.entries(KIND_OF_EVENT).find(([, of]) => of !== undefined && of === kind);
    if (!known) {
      throw new WebhookPayloadError({
        reason: 'unsupported_event',
        event,
        message: `The SDK does not model system hook events of kind ${quote(describe(kind, record.event_name))}`,
      });
    }
    return schemaFor(known[0] as WebhookEventName, payload);
  }
  const expected = KIND_OF_EVENT[event];
  if (kind !== expected || (expected === undefined && named?.header !== event)) {
    throw new WebhookPayloadError({
      reason: 'event_mismatch',
      event,
      message: `The ${quote(event)} request carries a payload of kind ${quote(describe(kind, record.event_name))}`,
    });
  }
  switch (event) {
    case WebhookEventName.MergeRequest:
      return MergeRequestWebhook;
    case WebhookEventName.Issue:
    case WebhookEventName.ConfidentialIssue:
      return IssueWebhook;
    case WebhookEventName.Milestone:
      return MilestoneWebhook;
    case WebhookEventName.ResourceAccessToken:
      // GitLab keys the token's owner by its kind: `project` or `group`.
      return 'group' in record && !('project' in record) ? GroupAccessTokenWebhook : ProjectAccessTokenWebhook;
    default:
      // Member, project and subgroup events: the family `event_name` names, checked above.
      return (named as (typeof NAMED_EVENTS)[number]).schema;
  }
}

/** What a payload says it is, for a message: its `object_kind`, else its `event_name`. */
function describe(kind: unknown, eventName: unknown): string {
  if (typeof kind === 'string') return kind;
  if (typeof eventName === 'string') return eventName;
  return kind === undefined ? '(none)' : String(kind);
}

/** A header or payload value quoted for a message, cut short (it comes from the request). */
function quote(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

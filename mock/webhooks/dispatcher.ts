import { type Journal, REDACTED } from '../http/journal.js';
import { deliveryUrl, hookUrlRefusal } from '../rules/hooks.js';
import {
  alertStatus,
  type HookTarget,
  type HookType,
  hookById,
  hookFailed,
  hookSucceeded,
  isExecutable,
  type LoggedDelivery,
  WEBHOOK_KINDS,
  type WebhookEvent,
  type WebhookKind,
  type WebhookSink,
} from '../rules/webhooks.js';
import type { WebHook, World } from '../world/types.js';
import { GITLAB_VERSION, nowIso } from '../world/world.js';
import { type Answer, CLIENT_HEADERS, fetchPost, isLoopback, nodePost, type Post } from './http-client.js';
import { inlineTime, payloadOf, queuedTime } from './payloads.js';

/**
 * Webhook delivery (`WebHookService`, `WebHookWorker`, `WebHooks::LogExecutionService`): the
 * events a world announces are queued and POSTed after the request that caused them has
 * answered, one hook's deliveries in order, different hooks' side by side, each within a
 * timeout; the answer moves the hook's failure counts (`mock/rules/webhooks.ts`) and every
 * delivery is logged, here and in the request journal. Offline only: the mock calls loopback
 * addresses and the hosts it is told to allow, nothing else (a refused URL is logged, never
 * called). The POST itself is `mock/webhooks/http-client.ts`'s: HTTP/1.1 over a plain socket in
 * Node, which MSW's `setupServer` does not intercept, `fetch` elsewhere (the MSW browser worker).
 * @module
 */

/** GitLab's default webhook timeout (`gitlab.yml`'s `webhook_timeout`). */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

/** How many deliveries a world's log keeps (the oldest are dropped). */
export const DELIVERY_LOG_SIZE = 1000;

/** GitLab keeps the first 8 KB of a receiver's answer (`RESPONSE_BODY_SIZE_LIMIT`). */
const RESPONSE_BODY_LIMIT = 8 * 1024;

/** Options of webhook delivery: `createMockGitLab({ webhooks })`, the CLI's `--webhook-timeout` and `--allow-webhook-host`. */
export interface MockWebhookOptions {
  /** Milliseconds a receiver has to answer; default 10,000 (GitLab's default). */
  timeout?: number;
  /**
   * Hosts besides loopback (`localhost`, 127.0.0.0/8, `::1`) the mock may call, as host names or
   * IP addresses (`receiver.internal`, `10.0.0.7`); default none: the mock never reaches another machine.
   */
  allowHosts?: string[];
}

/** How a delivery ended. */
export type DeliveryOutcome = 'delivered' | 'failed' | 'blocked';

/** One delivery as the log keeps it (GitLab's `WebHookLog`, plus what the mock knows besides). */
export interface WebhookDelivery extends LoggedDelivery {
  /** `delivered` (2xx or 3xx), `failed` (any other answer, or none) or `blocked` (never called). */
  outcome: DeliveryOutcome;
  /** The hook's state before and after, when the delivery changed it (failure counts, backoff). */
  hook_state: {
    /** Before the delivery. */
    before: HookState;
    /** After it. */
    after: HookState;
  } | null;
}

/** A hook's delivery state as the hooks API shows it, plus its failure count. */
export interface HookState {
  /** GitLab's `alert_status`: `executable`, `temporarily_disabled` (until `disabled_until`) or `disabled` for good. */
  alert_status: 'executable' | 'temporarily_disabled' | 'disabled';
  /** Failures in a row since the last success. */
  recent_failures: number;
  /** When a temporarily disabled hook is called again (ISO 8601); `null` otherwise. */
  disabled_until: string | null;
}

/** One delivery to make. */
interface Job {
  type: HookType;
  hookId: number;
  kind: WebhookKind;
  body: string;
  data: unknown;
  eventUuid: string;
  idempotencyKey: string;
  /** The test endpoint's deliveries run even for a disabled hook (GitLab's `force`). */
  force: boolean;
}

const uuid = () => globalThis.crypto.randomUUID();

/** The `X-Gitlab-Webhook-UUID` of every delivery being made, in any world: MSW's handlers let these through. */
const inFlight = new Set<string>();

/** Whether a request is a delivery the mock is making (its `X-Gitlab-Webhook-UUID`): `mock.handlers` pass it through. */
export const isDeliveryInFlight = (webhookUuid: string | null): boolean =>
  webhookUuid !== null && inFlight.has(webhookUuid);

/**
 * A hook's custom headers as sent: those GitLab's own headers (any case) and the client's framing
 * headers would not override, line breaks dropped from the values (as from the token) so a value
 * can never add a header of its own.
 */
function customHeaders(hook: WebHook, own: Record<string, string>): Record<string, string> {
  const taken = new Set([...Object.keys(own).map((k) => k.toLowerCase()), ...CLIENT_HEADERS]);
  return Object.fromEntries(
    Object.entries(hook.custom_headers ?? {})
      .filter(([k]) => !taken.has(k.toLowerCase()))
      .map(([k, v]) => [k, v.replace(/[\r\n]/g, '')]),
  );
}

/** The URL as the log shows it: a password in it and secret-looking query values `[REDACTED]`. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // A URL that parses only with its variables put in (`http://u:p@host:{port}/`): the same secrets, by pattern.
    const masked = encodeURIComponent(REDACTED);
    return raw
      .replace(/^([^:/?#]+:\/\/[^/?#@:]*:)[^/?#@]*@/, `$1${masked}@`)
      .replace(/([?&][^=&#]*(?:token|secret|password|key|signature)[^=&#]*=)[^&#]*/gi, `$1${masked}`);
  }
  if (url.password) url.password = REDACTED;
  for (const [key] of url.searchParams) {
    if (/token|secret|password|key|signature/i.test(key)) url.searchParams.set(key, REDACTED);
  }
  // URL variables' `{name}` placeholders stay as written: the log shows the URL as stored, never their values.
  return url.toString().replace(/%7B([A-Za-z0-9._-]+)%7D/gi, '{$1}');
}

const stateOf = (world: World, type: HookType, hook: WebHook): HookState => ({
  alert_status: alertStatus(world, type, hook),
  recent_failures: hook.recent_failures ?? 0,
  disabled_until: hook.disabled_until ?? null,
});

/** The delivery engine of one world: `mock.webhooks` reads it. */
export class WebhookDispatcher implements WebhookSink {
  readonly #world: World;
  readonly #journal: Journal | undefined;
  readonly #timeout: number;
  readonly #allowHosts: Set<string>;
  readonly #post: Post;
  #log: WebhookDelivery[] = [];
  #seq = 0;
  /** Bumped by a reset: deliveries queued before it are dropped, those under way no longer touch the world. */
  #generation = 0;
  /** The last delivery of each hook, so its deliveries go in order. */
  #tails = new Map<string, Promise<void>>();
  /** Every delivery not yet done. */
  #pending = new Set<Promise<void>>();
  /** The `X-Gitlab-Event-UUID` of the events announced in this turn of the event loop. */
  #turnUuid: string | undefined;

  /**
   * GitLab's `X-Gitlab-Event-UUID` is the request's (`RecursionDetection::UUID#request_uuid`): every
   * event one API request causes shares it. A request's rules run in one turn, so the events of a
   * turn share one.
   */
  #requestUuid(): string {
    if (this.#turnUuid === undefined) {
      this.#turnUuid = uuid();
      queueMicrotask(() => {
        this.#turnUuid = undefined;
      });
    }
    return this.#turnUuid;
  }

  constructor(world: World, journal: Journal | undefined, options: MockWebhookOptions = {}) {
    const timeout = options.timeout ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    if (!Number.isFinite(timeout) || timeout <= 0) throw new TypeError(`Invalid webhook timeout: ${String(timeout)}`);
    this.#world = world;
    this.#journal = journal;
    this.#timeout = timeout;
    this.#allowHosts = new Set((options.allowHosts ?? []).map((h) => h.replace(/^\[|\]$/g, '').toLowerCase()));
    this.#post = nodePost() ?? fetchPost;
  }

  /**
   * Queues an event for its hooks: the payload is built and serialized once, now, and nothing is
   * sent before this call returns. Answers how many hooks it queued it for: none for an update
   * that changes nothing a hook shows.
   */
  send(targets: HookTarget[], event: WebhookEvent, force = false): number {
    const data = payloadOf(this.#world, event, queuedTime);
    if (data === null) return 0;
    const body = JSON.stringify(data);
    const eventUuid = this.#requestUuid();
    for (const target of targets) {
      this.#queue({
        type: target.type,
        hookId: target.hook.id,
        kind: event.kind,
        body,
        data,
        eventUuid,
        idempotencyKey: uuid(),
        force,
      });
    }
    return targets.length;
  }

  /** A job for one hook and event (the payload serialized by the caller). */
  #job(target: HookTarget, kind: WebhookKind, data: unknown, force: boolean): Job {
    return {
      type: target.type,
      hookId: target.hook.id,
      kind,
      body: JSON.stringify(data),
      data,
      eventUuid: uuid(),
      idempotencyKey: uuid(),
      force,
    };
  }

  /**
   * Delivers an event to one hook now and waits for the answer (GitLab's test endpoint runs its
   * `WebHookService` inline, `force` even for a disabled hook); `undefined` when the hook is
   * disabled (and not forced) or gone, or when the event is an update that changes nothing a hook shows.
   */
  deliverNow(target: HookTarget, event: WebhookEvent, force: boolean): Promise<WebhookDelivery | undefined> {
    const data = payloadOf(this.#world, event, inlineTime);
    if (data === null) return Promise.resolve(undefined);
    return this.#track(this.#deliver(this.#job(target, event.kind, data, force), this.#generation).then(copyOf));
  }

  /** Sends a logged delivery's payload again to its hook, now, with the same `Idempotency-Key` (GitLab's resend). */
  resendNow(delivery: WebhookDelivery): Promise<WebhookDelivery | undefined> {
    const kind = (Object.keys(WEBHOOK_KINDS) as WebhookKind[]).find(
      (k) => WEBHOOK_KINDS[k].hookName === delivery.trigger,
    );
    const job: Job = {
      type: delivery.hook_type,
      hookId: delivery.hook_id,
      kind: kind ?? 'merge_request',
      body: JSON.stringify(delivery.request_data),
      data: delivery.request_data,
      eventUuid: delivery.request_headers['X-Gitlab-Event-UUID'] ?? uuid(),
      idempotencyKey: delivery.request_headers['Idempotency-Key'] ?? uuid(),
      force: false,
    };
    return this.#track(this.#deliver(job, this.#generation).then(copyOf));
  }

  /** Counts a delivery made outside the queue, so `settled()` waits for it too. */
  #track<T>(promise: Promise<T>): Promise<T> {
    const done = promise.then(
      () => undefined,
      () => undefined,
    );
    this.#pending.add(done);
    void done.finally(() => this.#pending.delete(done));
    return promise;
  }

  #queue(job: Job): void {
    const key = `${job.type}:${job.hookId}`;
    const generation = this.#generation;
    // A timer, not a microtask: the API request that caused the event answers first.
    const previous = this.#tails.get(key) ?? new Promise<void>((resolve) => setTimeout(resolve, 0));
    const done: Promise<void> = previous
      .then(() => (generation === this.#generation ? this.#deliver(job, generation) : undefined))
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        this.#pending.delete(done);
        if (this.#tails.get(key) === done) this.#tails.delete(key);
      });
    this.#tails.set(key, done);
    this.#pending.add(done);
  }

  /** Resolves when every delivery queued so far (and any they lead to) is done. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** The log, oldest first (copies). */
  deliveries(): WebhookDelivery[] {
    return structuredClone(this.#log);
  }

  /** Forgets the log. */
  clear(): void {
    this.#log = [];
  }

  /** A reset or a loaded state: queued deliveries are dropped, those under way finish unlogged, the log is emptied. */
  reset(): void {
    this.#generation += 1;
    this.#tails.clear();
    this.#log = [];
  }

  /** Why the mock may not call a URL, or `undefined` (GitLab's URL blocker first, then the offline rule). */
  #refusal(url: URL): string | undefined {
    const gitlab = hookUrlRefusal(this.#world, url.toString());
    if (gitlab) return `URL is blocked: ${gitlab}`;
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (isLoopback(host) || this.#allowHosts.has(host)) return undefined;
    return `URL is blocked: the mock calls only loopback addresses and the hosts it allows; allow ${host} with --allow-webhook-host ${host} (webhooks.allowHosts in-process)`;
  }

  async #deliver(job: Job, generation: number): Promise<WebhookDelivery | undefined> {
    const world = this.#world;
    const hook = hookById(world, job.type, job.hookId);
    // Deleted since, or disabled since it was queued (GitLab's WebHookService returns `Hook disabled`, unlogged).
    if (!hook || (!job.force && !isExecutable(world, job.type, hook))) return undefined;
    const kind = WEBHOOK_KINDS[job.kind];
    const own: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': `GitLab/${GITLAB_VERSION}`,
      'Idempotency-Key': job.idempotencyKey,
      'X-Gitlab-Event': job.type === 'system' ? 'System Hook' : kind.header,
      'X-Gitlab-Webhook-UUID': uuid(),
      'X-Gitlab-Instance': world.baseUrl,
      'X-Gitlab-Event-UUID': job.eventUuid,
    };
    if (hook.token) own['X-Gitlab-Token'] = hook.token.replace(/[\r\n]/g, '');
    // The hook's custom headers first, GitLab's own after them and winning over any of the same
    // name (`build_custom_headers.merge(build_headers)`; Net::HTTP folds names to lower case).
    const custom = customHeaders(hook, own);
    const headers: Record<string, string> = { ...custom, ...own };
    const started = performance.now();
    let answer: Answer | undefined;
    let error: string | null = null;
    let blocked = false;
    let url: URL | undefined;
    try {
      url = new URL(deliveryUrl(hook));
    } catch {
      error = 'URL is blocked: Only allowed schemes are http, https';
      blocked = true;
    }
    if (url) {
      const refusal = this.#refusal(url);
      if (refusal) {
        error = refusal;
        blocked = true;
      } else {
        const id = headers['X-Gitlab-Webhook-UUID'] as string;
        inFlight.add(id);
        try {
          answer = await this.#post(url, headers, job.body, this.#timeout, hook.enable_ssl_verification);
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        } finally {
          inFlight.delete(id);
        }
      }
    }
    if (generation !== this.#generation) return undefined;
    const seconds = Math.round(performance.now() - started) / 1000;
    const ok = answer !== undefined && answer.status >= 200 && answer.status < 400;
    const current = hookById(world, job.type, job.hookId);
    let hookState: WebhookDelivery['hook_state'] = null;
    if (current) {
      const before = stateOf(world, job.type, current);
      if (ok) hookSucceeded(job.type, current);
      else hookFailed(world, job.type, current);
      const after = stateOf(world, job.type, current);
      if (JSON.stringify(before) !== JSON.stringify(after)) hookState = { before, after };
    }
    this.#seq += 1;
    const delivery: WebhookDelivery = {
      id: this.#seq,
      hook_id: job.hookId,
      hook_type: job.type,
      trigger: kind.hookName,
      url: redactUrl(hook.url),
      // Secrets are logged redacted: the token, every custom header's value (GitLab's
      // `values_redacted`), and the URL as stored, its `{name}` placeholders not filled in.
      request_headers: {
        ...Object.fromEntries(Object.keys(custom).map((k) => [k, REDACTED])),
        ...own,
        ...(hook.token ? { 'X-Gitlab-Token': REDACTED } : {}),
      },
      request_data: job.data,
      response_status: answer ? answer.status : 'internal error',
      response_headers: answer ? answer.headers : {},
      response_body: answer ? answer.body.slice(0, RESPONSE_BODY_LIMIT) : '',
      execution_duration: seconds,
      internal_error_message: error,
      outcome: ok ? 'delivered' : blocked ? 'blocked' : 'failed',
      hook_state: hookState,
      created_at: nowIso(world),
    };
    this.#log.push(delivery);
    if (this.#log.length > DELIVERY_LOG_SIZE) this.#log.shift();
    this.#journal?.record(world, {
      at: delivery.created_at,
      method: 'POST',
      path: delivery.url,
      query: {},
      body: null,
      status: answer ? answer.status : 0,
      user: null,
      ms: Math.round(seconds * 1_000_000) / 1000,
      ...(error !== null && { reason: error }),
      webhook: {
        delivery: delivery.id,
        hook_id: job.hookId,
        hook_type: job.type,
        event: delivery.request_headers['X-Gitlab-Event'] ?? '',
      },
    });
    return delivery;
  }
}

/** A copy of a logged delivery for a caller (the log's own must not change); only made when asked for. */
const copyOf = (delivery: WebhookDelivery | undefined) => delivery && structuredClone(delivery);

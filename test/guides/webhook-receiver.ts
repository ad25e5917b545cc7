import { parseWebhook, WebhookError, type WebhookEvent } from 'gitlab-admin-sdk';

/** Idempotency keys already handled: GitLab sends the same key again when it retries a delivery. */
const handled = new Set<string>();

/**
 * A fetch handler (Next.js, Hono, Deno, Bun, a Cloudflare worker...) that reacts to GitLab's
 * webhooks: an approved merge request, a closed milestone, an access token about to expire, a
 * group's new member. `log` stands for the work a real bot would do.
 */
export async function handleGitLabWebhook(request: Request, token: string, log: (line: string) => void) {
  let delivery: WebhookEvent;
  try {
    delivery = await parseWebhook(request, { token });
  } catch (error) {
    // 401 for a missing or wrong token, 400 for a payload that is not GitLab's, 413 when too large.
    if (error instanceof WebhookError) return new Response(error.message, { status: error.status });
    throw error;
  }
  if (delivery.idempotencyKey !== undefined) {
    if (handled.has(delivery.idempotencyKey)) return new Response(null, { status: 200 });
    handled.add(delivery.idempotencyKey);
  }

  const { payload } = delivery;
  switch (payload.object_kind) {
    case 'merge_request':
      if (payload.object_attributes.action === 'approved') {
        log(`${payload.project.path_with_namespace}!${payload.object_attributes.iid} is approved`);
      }
      break;
    case 'milestone':
      if (payload.action === 'close') log(`release ${payload.object_attributes.title}`);
      break;
    case 'access_token': {
      const owner = payload.group ? payload.group.group_path : payload.project.path_with_namespace;
      log(`rotate ${payload.object_attributes.name} of ${owner}: expires ${payload.object_attributes.expires_at}`);
      break;
    }
    case undefined: // group member events have no object_kind: event_name says what happened
      log(`${payload.event_name}: ${payload.user_username} in ${payload.group_path} as ${payload.group_access}`);
      break;
  }
  return new Response(null, { status: 200 });
}

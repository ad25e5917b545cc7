import { type GitLab, RateLimitError } from 'gitlab-admin-sdk';

/** What the bot rotates, and how it waits when GitLab rate-limits it. */
export interface RotationOptions {
  /** Rotate the active tokens that expire on or before this day (`YYYY-MM-DD`). */
  expiringBy: string;
  /** The rotated tokens' new expiry (`YYYY-MM-DD`). */
  expiresAt: string;
  /** How to wait `ms` milliseconds; tests pass one that moves the mock's clock instead. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call`, and when GitLab answers 429, waits as long as it says and calls again (5 times at
 * most). A 429 means GitLab did nothing, so even a POST (which the SDK never retries) is safe to resend.
 */
async function patiently<T>(call: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof RateLimitError) || attempt === 5) throw error;
      await sleep((error.retryAfter ?? 60) * 1000);
    }
  }
}

/** Rotates a project's active access tokens that expire soon; returns the new tokens' ids. */
export async function rotateExpiringTokens(gitlab: GitLab, project: string, options: RotationOptions) {
  const sleep = options.sleep ?? realSleep;
  const active = await patiently(
    () => gitlab.projects.accessTokens.list(project, { state: 'active' }).toArray(),
    sleep,
  );
  const rotated: number[] = [];
  for (const token of active) {
    if (token.expires_at === null || token.expires_at > options.expiringBy) continue;
    const fresh = await patiently(
      () => gitlab.projects.accessTokens.rotate(project, token.id, { expires_at: options.expiresAt }),
      sleep,
    );
    rotated.push(fresh.id);
  }
  return rotated;
}

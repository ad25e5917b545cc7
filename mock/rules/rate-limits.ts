import type { Credential } from '../http/credentials.js';
import type { RateLimit, World } from '../world/types.js';
import { identify } from './access.js';

/**
 * GitLab's user and IP rate limits on the API (Rack::Attack's `throttle_authenticated_api`
 * and `throttle_unauthenticated_api`): fixed windows aligned on the epoch, every request
 * counted (refused ones too), 429 past the limit. Counted on the world clock, so a test
 * moves past a window with `mock.clock.advance`, never by waiting.
 * @module
 */

/**
 * Counts one more request under `key` in its fixed window of `seconds`, aligned on the epoch and on
 * the world clock (a new window starts the count again): GitLab's `ApplicationRateLimiter` and
 * Rack::Attack counters. Answers the window's start (epoch seconds) and the count so far.
 */
export function countInWindow(world: World, key: string, seconds: number): { windowStart: number; count: number } {
  const now = Math.floor(world.now / 1000);
  const windowStart = now - (now % seconds);
  let counter = world.rateLimitCounters.get(key);
  if (!counter || counter.window_start !== windowStart) {
    counter = { window_start: windowStart, count: 0 };
    world.rateLimitCounters.set(key, counter);
  }
  counter.count += 1;
  return { windowStart, count: counter.count };
}

/** What a throttle says of one request: its `RateLimit-*` headers, and whether it is refused. */
export interface ThrottleResult {
  /** The headers GitLab sends with the answer. */
  headers: Record<string, string>;
  /** Past the limit: answer 429. */
  throttled: boolean;
}

/**
 * Counts a request made with `token` (null: none) against the throttle that applies to
 * its caller (per user, or unauthenticated when the token does not authenticate), or
 * returns `undefined` when that throttle is off.
 */
export function throttle(world: World, token: Credential | null): ThrottleResult | undefined {
  const limits = world.instance.rate_limits;
  if (!limits.authenticated_api && !limits.unauthenticated_api) return undefined;
  const user = identify(world, token)?.user;
  const name = user ? 'throttle_authenticated_api' : 'throttle_unauthenticated_api';
  const limit: RateLimit | undefined = user ? limits.authenticated_api : limits.unauthenticated_api;
  if (!limit) return undefined;

  const period = limit.period_in_seconds;
  const counter = countInWindow(world, `${name}:${user ? `user:${user.id}` : 'ip'}`, period);
  const reset = counter.windowStart + period;
  const throttled = counter.count > limit.requests_per_period;
  const headers: Record<string, string> = {
    'RateLimit-Name': name,
    // GitLab states the limit per minute, whatever the period (Gitlab::RackAttack's rounded_limit).
    'RateLimit-Limit': String(Math.ceil((limit.requests_per_period * 60) / period)),
    'RateLimit-Observed': String(counter.count),
    'RateLimit-Remaining': String(Math.max(limit.requests_per_period - counter.count, 0)),
    'RateLimit-Reset': String(reset),
    'RateLimit-ResetTime': new Date(reset * 1000).toUTCString(),
  };
  if (throttled) headers['Retry-After'] = String(reset - Math.floor(world.now / 1000));
  return { headers, throttled };
}

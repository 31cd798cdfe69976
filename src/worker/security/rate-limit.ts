import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type RateLimit, countEvent } from '../db/rate-limits';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/** The client's IP as Cloudflare reports it ('unknown' locally when absent). */
export function clientIp(headers: Headers): string {
  return headers.get('cf-connecting-ip') ?? 'unknown';
}

/** One counted event: the limit it counts against and whose it is (an IP, an email ...). */
export type Attempt = readonly [RateLimit, string];

/** What routes behind limitAttempts see: the attempts counted for this request. */
export interface LimitedEnv {
  Variables: { attempts: readonly Attempt[] };
}

/**
 * Counts this request against every limit `attemptsOf` names (from the validated JSON body),
 * before the handler runs, and refuses it with 429 and Retry-After when any limit is exhausted.
 * The handler finds the counted attempts in `c.var.attempts` (to take them back on success).
 */
export function limitAttempts<Json>(
  message: string,
  attemptsOf: (c: Context<AppEnv & LimitedEnv>, body: Json) => Promise<Attempt[]> | Attempt[],
) {
  return createMiddleware<AppEnv & LimitedEnv, string, { out: { json: Json } }>(async (c, next) => {
    const attempts = await attemptsOf(c, c.req.valid('json'));
    const states = await Promise.all(attempts.map(([rule, subject]) => countEvent(c.env.DB, rule, subject)));
    const blocked = states.filter((state) => !state.allowed);
    if (blocked.length > 0) {
      const retryAfter = Math.max(...blocked.map((state) => state.retryAfterSeconds));
      throw new ApiError(429, message, { headers: { 'Retry-After': String(retryAfter) } });
    }
    c.set('attempts', attempts);
    return next();
  });
}

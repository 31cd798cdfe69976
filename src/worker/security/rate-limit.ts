import { type RateLimit, countEvent } from '../db/rate-limits';
import { ApiError } from '../errors';

/** The client's IP as Cloudflare reports it ('unknown' locally when absent). */
export function clientIp(headers: Headers): string {
  return headers.get('cf-connecting-ip') ?? 'unknown';
}

/** One counted event: the limit it counts against and whose it is (an IP, an email ...). */
export type Attempt = readonly [RateLimit, string];

/**
 * Counts this request against every limit of `attempts` (from the validated body, before the
 * work it guards), and refuses it with 429 and Retry-After when any limit is exhausted.
 */
export async function countAttempts(db: D1Database, message: string, attempts: readonly Attempt[]) {
  const states = await Promise.all(attempts.map(([rule, subject]) => countEvent(db, rule, subject)));
  const blocked = states.filter((state) => !state.allowed);
  if (blocked.length > 0) {
    const retryAfter = Math.max(...blocked.map((state) => state.retryAfterSeconds));
    throw new ApiError(429, message, { headers: { 'Retry-After': String(retryAfter) } });
  }
}

/** A fixed-window limit, counted in D1's rate_limits: at most `limit` events per `windowMs` for one key. */
export interface RateLimit {
  /** Prefix naming the limit, e.g. 'contact-ip'. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  /** Events counted in the current window. */
  count: number;
  /** True when the limit is reached: the next event must be refused. */
  exhausted: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

function keyOf(rule: RateLimit, subject: string): string {
  return `${rule.name}:${subject.toLowerCase()}`;
}

function stateOf(rule: RateLimit, count: number, windowStart: number, now: number): RateLimitState {
  return {
    count,
    exhausted: count >= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
  };
}

/**
 * Counts one event and returns the state after it, in one atomic statement: a window older
 * than `windowMs` restarts at 1. The event is allowed when `count <= limit`.
 */
export async function countEvent(
  db: D1Database,
  rule: RateLimit,
  subject: string,
  now = Date.now(),
): Promise<RateLimitState & { allowed: boolean }> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
       RETURNING count, window_start`,
    )
    .bind(keyOf(rule, subject), now, rule.windowMs)
    .first<{ count: number; window_start: number }>();
  if (!row) throw new Error('rate limit update returned no row');
  return { ...stateOf(rule, row.count, row.window_start, now), allowed: row.count <= rule.limit };
}

/** Takes back one counted event (e.g. a login attempt that turned out right). */
export async function uncountEvent(db: D1Database, rule: RateLimit, subject: string): Promise<void> {
  await db
    .prepare('UPDATE rate_limits SET count = max(count - 1, 0) WHERE key = ?1')
    .bind(keyOf(rule, subject))
    .run();
}

/** The statement that drops counters whose window started before `beforeMs` (for a batch). */
export function purgeRateLimits(db: D1Database, beforeMs: number): D1PreparedStatement {
  return db.prepare('DELETE FROM rate_limits WHERE window_start < ?1').bind(beforeMs);
}

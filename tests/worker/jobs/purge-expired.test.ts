import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../../src/worker/index';
import { purgeExpired } from '../../../src/worker/jobs/purge-expired';

// Long before anything the other test files store (they share the database): what is expired
// at this date is only what seed() writes.
const NOW = new Date('2001-06-15T12:00:00.000Z');
const HOUR = 3_600_000;

async function seed() {
  const userId = crypto.randomUUID();
  await env.DB.prepare('INSERT INTO users (id, email) VALUES (?1, ?2)')
    .bind(userId, `${userId}@example.com`)
    .run();
  const nowSeconds = NOW.getTime() / 1000;
  await env.DB.batch([
    env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 3)').bind(
      'login-ip:old',
      NOW.getTime() - 25 * HOUR,
    ),
    env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 3)').bind(
      'login-ip:current',
      NOW.getTime() - 5 * 60_000,
    ),
    ...[
      ['expired', nowSeconds - 10],
      ['live', nowSeconds + 3600],
    ].map(([id, expires]) =>
      env.DB.prepare(
        'INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?1, ?2, 0, 0, ?3)',
      ).bind(id, userId, expires),
    ),
    ...[
      ['older', '1999-06-14T23:59:59.000Z'],
      ['newer', '1999-06-15T12:00:01.000Z'],
    ].map(([id, createdAt]) =>
      env.DB.prepare(
        `INSERT INTO contact_messages (id, name, email, subject, message, source, created_at, ip)
         VALUES (?1, 'Asha', 'asha@example.com', 'general', 'Hello', 'contact', ?2, '198.51.100.1')`,
      ).bind(id, createdAt),
    ),
  ]);
}

const keys = async (sql: string) =>
  (await env.DB.prepare(sql).all<{ k: string }>()).results.map((row) => row.k).sort();

describe('the daily purge', () => {
  it('removes old rate-limit counters, expired sessions and contact messages over 24 months old', async () => {
    await seed();
    expect(await purgeExpired(env.DB, NOW)).toEqual({ rateLimits: 1, sessions: 1, contactMessages: 1 });
    expect(
      await keys("SELECT key AS k FROM rate_limits WHERE key IN ('login-ip:old', 'login-ip:current')"),
    ).toEqual(['login-ip:current']);
    expect(await keys("SELECT id_hash AS k FROM sessions WHERE id_hash IN ('expired', 'live')")).toEqual([
      'live',
    ]);
    expect(await keys("SELECT id AS k FROM contact_messages WHERE id IN ('older', 'newer')")).toEqual([
      'newer',
    ]);
    // Nothing more to do the second time.
    expect(await purgeExpired(env.DB, NOW)).toEqual({ rateLimits: 0, sessions: 0, contactMessages: 0 });
  });

  it('runs from the worker’s scheduled handler (the cron of wrangler.toml)', async () => {
    await env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?1, 0, 1)')
      .bind('contact-ip:1970')
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '17 3 * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await keys("SELECT key AS k FROM rate_limits WHERE key = 'contact-ip:1970'")).toEqual([]);
  });
});

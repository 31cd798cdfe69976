import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { countEvent, uncountEvent } from '../../../src/worker/db/rate-limits';

const rule = { name: 'test', limit: 3, windowMs: 60_000 };

describe('D1 rate limit', () => {
  it('allows `limit` events per window, then refuses with the seconds left', async () => {
    const start = 1_000_000;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await countEvent(env.DB, rule, 'a', start + i * 1000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results[3]?.retryAfterSeconds).toBe(57);
    // Subjects are compared without case: 'A' is the fifth event of 'a'.
    expect(await countEvent(env.DB, rule, 'A', start + 5000)).toEqual({
      count: 5,
      exhausted: true,
      retryAfterSeconds: 55,
      allowed: false,
    });
  });

  it('starts a new window once the old one has passed', async () => {
    const start = 2_000_000;
    for (let i = 0; i < 3; i++) await countEvent(env.DB, rule, 'b', start);
    const later = await countEvent(env.DB, rule, 'b', start + 60_000);
    expect(later).toMatchObject({ allowed: true, count: 1 });
    expect(await countEvent(env.DB, rule, 'b', start + 121_000)).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps subjects and rules apart', async () => {
    await countEvent(env.DB, rule, 'c', 3_000_000);
    await countEvent(env.DB, { ...rule, name: 'other' }, 'c', 3_000_000);
    expect((await countEvent(env.DB, rule, 'c', 3_000_001)).count).toBe(2);
    expect((await countEvent(env.DB, rule, 'd', 3_000_001)).count).toBe(1);
  });

  it('takes back one counted event, never below zero', async () => {
    await countEvent(env.DB, rule, 'e', 4_000_000);
    await countEvent(env.DB, rule, 'e', 4_000_000);
    await uncountEvent(env.DB, rule, 'E');
    expect((await countEvent(env.DB, rule, 'e', 4_000_001)).count).toBe(2);
    await uncountEvent(env.DB, rule, 'f');
    for (let i = 0; i < 3; i++) await uncountEvent(env.DB, rule, 'e');
    expect((await countEvent(env.DB, rule, 'e', 4_000_002)).count).toBe(1);
  });
});

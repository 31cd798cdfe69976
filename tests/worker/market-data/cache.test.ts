import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_CACHED_VALUE_BYTES, cacheRows } from '../../../src/worker/market-data/cache';

describe('cacheRows', () => {
  it('keeps a complete list with its time-to-live', async () => {
    const key = `test:${crypto.randomUUID()}`;
    expect(await cacheRows(env.CACHE, key, [{ code: 'US' }], 3600)).toBe(true);
    expect(await env.CACHE.get(key, 'json')).toEqual([{ code: 'US' }]);
  });

  it('never keeps an empty list, a list with no time-to-live, or one over the size limit', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const row = 'x'.repeat(1000);
    const tooLarge = Array.from({ length: Math.ceil(MAX_CACHED_VALUE_BYTES / 1000) + 1 }, () => row);
    // Four bytes in UTF-8 for two UTF-16 units: the byte size counts, not the text length.
    const wideRow = '😀'.repeat(300);
    const wide = Array.from({ length: Math.ceil(MAX_CACHED_VALUE_BYTES / 1200) + 1 }, () => wideRow);
    expect(JSON.stringify(wide).length).toBeLessThan(MAX_CACHED_VALUE_BYTES);
    for (const rows of [[], tooLarge, wide]) expect(await cacheRows(env.CACHE, key, rows, 3600)).toBe(false);
    expect(await cacheRows(env.CACHE, key, [1], 0)).toBe(false);
    expect(await env.CACHE.get(key)).toBeNull();
  });

  it('treats a failing cache write as a miss, not an error', async () => {
    const failing = {
      put: () => Promise.reject(new Error('KV put() limit exceeded')),
    } as unknown as KVNamespace;
    expect(await cacheRows(failing, 'key', [1], 60)).toBe(false);
  });
});

/**
 * Writes to the market-data KV cache. Only complete, usable answers are kept: never an empty
 * list, never a value too large for one KV entry (KV refuses more than 25 MiB), so a failure or
 * an answer that cannot be served again is fetched afresh next time instead of being replayed.
 */

/** Largest value cached, well under KV's 25 MiB per value. */
export const MAX_CACHED_VALUE_BYTES = 20 * 1024 * 1024;

/** Caches `rows` under `key` for `ttlSeconds` when they are worth keeping; true when stored. */
export async function cacheRows(
  cache: KVNamespace,
  key: string,
  rows: readonly unknown[],
  ttlSeconds: number,
): Promise<boolean> {
  if (rows.length === 0) return false;
  return cacheJson(cache, key, rows, ttlSeconds);
}

/** Caches any JSON value under `key` for `ttlSeconds` when it fits one KV value; true when stored. */
export async function cacheJson(
  cache: KVNamespace,
  key: string,
  json: unknown,
  ttlSeconds: number,
): Promise<boolean> {
  if (ttlSeconds <= 0) return false;
  const value = JSON.stringify(json);
  // UTF-16 length is a lower bound of the UTF-8 size; encode only when it may be close.
  if (value.length > MAX_CACHED_VALUE_BYTES) return false;
  if (
    value.length * 3 > MAX_CACHED_VALUE_BYTES &&
    new TextEncoder().encode(value).byteLength > MAX_CACHED_VALUE_BYTES
  ) {
    return false;
  }
  try {
    await cache.put(key, value, { expirationTtl: ttlSeconds });
    return true;
  } catch (error) {
    // The answer is still good: a cache that cannot take it costs a provider call next time.
    console.warn(`Market data: not cached (${error instanceof Error ? error.message : String(error)})`);
    return false;
  }
}

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { version } from '../../../package.json';
import { requestApp } from '../test-client';

describe('GET /api/health', () => {
  it('reports ok after touching D1 and KV', async () => {
    const res = await requestApp('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, d1: true, kv: true, version });
    expect(await env.CACHE.get('health:probe')).toMatch(/^\d+$/);
  });

  it('reports the failing store with 503 when D1 is unusable', async () => {
    const brokenDb = {
      prepare: () => {
        throw new Error('D1 is down');
      },
    } as unknown as D1Database;
    const res = await requestApp('/api/health', {}, { DB: brokenDb });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, d1: false, kv: true });
  });

  it('reports the failing store with 503 when KV is unusable', async () => {
    const brokenKv = {
      put: () => Promise.reject(new Error('KV is down')),
      get: () => Promise.reject(new Error('KV is down')),
    } as unknown as KVNamespace;
    const res = await requestApp('/api/health', {}, { CACHE: brokenKv });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, d1: true, kv: false, version });
  });
});

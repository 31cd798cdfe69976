import { Hono } from 'hono';
import { version } from '../../../package.json';
import type { Health } from '../../shared/api/health';
import { probeD1 } from '../db/health';
import type { AppEnv } from '../env';

const HEALTH_KEY = 'health:probe';

/** Liveness that really touches the stores: a D1 query and a KV write + read. */
export const health = new Hono<AppEnv>().get('/', async (c) => {
  const [d1, kv] = await Promise.all([probeD1(c.env.DB), probeKv(c.env.CACHE)]);
  const ok = d1 && kv;
  return c.json({ ok, d1, kv, version } satisfies Health, ok ? 200 : 503);
});

async function probeKv(kv: KVNamespace): Promise<boolean> {
  try {
    const stamp = String(Date.now());
    await kv.put(HEALTH_KEY, stamp, { expirationTtl: 60 });
    return (await kv.get(HEALTH_KEY)) === stamp;
  } catch (err) {
    console.error('KV health probe failed', err);
    return false;
  }
}

import { version } from '../../../package.json';
import { healthSchema } from '../../shared/api/health';
import { probeD1 } from '../db/health';
import { apiRoute, apiRouter, jsonAnswer } from '../openapi/api-route';

const HEALTH_KEY = 'health:probe';

const healthRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Meta'],
  summary: 'Whether D1 and KV answer, and the version',
  description:
    '`{"ok":true,"d1":true,"kv":true,"version":"…"}` after a real D1 query and a KV write and read; 503 with the failing store `false`.',
  rules: { access: 'public', token: 'read' },
  responses: {
    200: jsonAnswer('Healthy', healthSchema),
    503: jsonAnswer('D1 or KV did not answer: which one, in the same shape', healthSchema),
  },
});

/** Liveness that really touches the stores: a D1 query and a KV write + read. */
export const health = apiRouter().openapi(healthRoute, async (c) => {
  const [d1, kv] = await Promise.all([probeD1(c.env.DB), probeKv(c.env.CACHE)]);
  const ok = d1 && kv;
  return c.json({ ok, d1, kv, version }, ok ? 200 : 503);
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

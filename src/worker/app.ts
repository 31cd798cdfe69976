import { Hono } from 'hono';
import { SECURITY_HEADERS } from '../shared/security-headers';
import type { AppEnv } from './env';
import { handleError, jsonError } from './errors';
import { loadSession } from './auth/middleware';
import { admin } from './routes/admin';
import { auth } from './routes/auth';
import { backtests } from './routes/backtests';
import { contact } from './routes/contact';
import { datasets } from './routes/datasets';
import { health } from './routes/health';
import { market } from './routes/market';
import { publicBacktests, shares } from './routes/shares';
import { subscriptions } from './routes/subscriptions';
import { usage } from './routes/usage';
import { sameOriginOnly } from './security/same-origin';

export const app = new Hono<AppEnv>();

app.use('*', async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  if (c.req.path.startsWith('/api/')) c.res.headers.set('Cache-Control', 'no-store');
});

app.use('/api/*', sameOriginOnly, loadSession);

/** The API's routes, chained so their types reach the typed client. */
export const routes = app
  .route('/api/health', health)
  .route('/api/auth', auth)
  .route('/api/admin', admin)
  .route('/api/subscriptions', subscriptions)
  .route('/api/market', market)
  .route('/api/datasets', datasets)
  .route('/api/backtests', backtests)
  .route('/api/backtests', shares)
  .route('/api/public/backtests', publicBacktests)
  .route('/api/usage', usage)
  .route('/api/contact', contact);

app.notFound((c) => {
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
    return jsonError(c, 404, `No API route matches ${c.req.method} ${c.req.path}`);
  }
  // Only /api/* is routed to the worker first; anything else reaching here is a browser route.
  return c.env.ASSETS.fetch(c.req.raw);
});

app.onError(handleError);

export type AppRoutes = typeof routes;

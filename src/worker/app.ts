import { OpenAPIHono } from '@hono/zod-openapi';
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from '../shared/security-headers';
import type { AppEnv } from './env';
import { handleError, jsonError } from './errors';
import { loadSession } from './auth/middleware';
import { admin } from './routes/admin';
import { account } from './routes/account';
import { apiReference } from './routes/api-reference';
import { auth } from './routes/auth';
import { devOutbox } from './routes/dev-outbox';
import { emailLinks } from './routes/email-links';
import { backtests } from './routes/backtests';
import { billing } from './routes/billing';
import { contact } from './routes/contact';
import { datasets } from './routes/datasets';
import { exports } from './routes/exports';
import { health } from './routes/health';
import { forwardTests } from './routes/forward-tests';
import { jobs } from './routes/jobs';
import { market } from './routes/market';
import { robustness } from './routes/robustness';
import { publicBacktests, shares } from './routes/shares';
import { subscriptions } from './routes/subscriptions';
import { usage } from './routes/usage';
import { team } from './routes/team';
import { portfolios } from './routes/portfolios';
import { tokens } from './routes/tokens';
import { drainUnreadBody, limitRequestBody } from './security/request-body';
import { sameOriginOnly } from './security/same-origin';
import { allowedMethodsOf } from './allowed-methods';
import type { TokenRoute } from './auth/token-scope';
import { type ApiRouteConfig, declaredRoutes, tokenRoutesOf } from './openapi/api-route';

export const app = new OpenAPIHono<AppEnv>();

/**
 * Every route's declaration (apiRoute, registered by the routers mounted below), with its full
 * path: the source of the OpenAPI document and of the token allow-list.
 */
export function apiRoutes(): ApiRouteConfig[] {
  return declaredRoutes(app);
}

let tokenRoutes: TokenRoute[] | null = null;
/** Asked at the first request with a token, when every router is mounted. */
const tokenAllowList = () => (tokenRoutes ??= tokenRoutesOf(apiRoutes()));

app.use('*', async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  if (new URL(c.req.url).protocol === 'https:') {
    c.res.headers.set(STRICT_TRANSPORT_SECURITY.name, STRICT_TRANSPORT_SECURITY.value);
  }
  if (c.req.path.startsWith('/api/')) c.res.headers.set('Cache-Control', 'no-store');
});

app.use('/api/*', drainUnreadBody, limitRequestBody, sameOriginOnly, loadSession(tokenAllowList));

app
  .route('/api/health', health)
  .route('/api/auth', auth)
  .route('/api/auth', emailLinks)
  .route('/api/account', account)
  .route('/api/dev', devOutbox)
  .route('/api/admin', admin)
  .route('/api/subscriptions', subscriptions)
  .route('/api/billing', billing)
  .route('/api/market', market)
  .route('/api/datasets', datasets)
  .route('/api/backtests', backtests)
  .route('/api/backtests', shares)
  .route('/api/backtests', robustness)
  .route('/api/backtests', exports)
  .route('/api/jobs', jobs)
  .route('/api/forward-tests', forwardTests)
  .route('/api/public/backtests', publicBacktests)
  .route('/api/usage', usage)
  .route('/api/team', team)
  .route('/api/portfolios', portfolios)
  .route('/api/contact', contact)
  .route('/api/tokens', tokens)
  .route('/api', apiReference(apiRoutes));

const allowedMethods = allowedMethodsOf(app.routes);

app.notFound((c) => {
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length === 0) return jsonError(c, 404, `No API route matches ${c.req.method} ${c.req.path}`);
    c.header('Allow', allowed.join(', '));
    return jsonError(c, 405, `${c.req.method} is not allowed on ${c.req.path}. Use ${allowed.join(', ')}.`);
  }
  // Only /api/* is routed to the worker first; anything else reaching here is a browser route.
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    c.header('Allow', 'GET, HEAD');
    return jsonError(c, 405, `${c.req.method} is not allowed on ${c.req.path}. Use GET, HEAD.`);
  }
  return c.env.ASSETS.fetch(c.req.raw);
});

app.onError(handleError);

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The payment providers' webhooks: called by their servers, authenticated by signature instead. */
export const SIGNED_WEBHOOK_PATHS: ReadonlySet<string> = new Set([
  '/api/billing/webhooks/stripe',
  '/api/billing/webhooks/razorpay',
]);

/**
 * CSRF defence: a state-changing request must come from our own origin. The Origin header must
 * equal the request's origin; a request without Origin passes only when the browser says
 * Sec-Fetch-Site: same-origin. Unlike hono/csrf this applies to every content type, JSON too.
 * A request with an Authorization header is exempt: it is authenticated by that token alone,
 * never by the cookie (auth/middleware.ts), and a browser cannot send one cross-site.
 */
export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (
    SAFE_METHODS.has(c.req.method) ||
    SIGNED_WEBHOOK_PATHS.has(c.req.path) ||
    c.req.header('authorization') !== undefined
  )
    return next();
  const origin = c.req.header('origin');
  const allowed =
    origin !== undefined
      ? origin === new URL(c.req.url).origin
      : c.req.header('sec-fetch-site') === 'same-origin';
  if (!allowed) {
    throw new ApiError(403, 'Cross-site requests are not allowed. Reload the page and try again.');
  }
  return next();
});

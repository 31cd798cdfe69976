import { createMiddleware } from 'hono/factory';
import type { User } from '../../shared/api/auth';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { findUserById } from '../db/users';
import { signedInUser } from '../plans/request-plan';
import { sha256Hex } from '../encoding';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './cookies';
import { MIN_SESSION_SECRET_LENGTH } from './config';
import { TOKEN_RENEW_AFTER_SECONDS, signSessionToken, verifySessionToken } from './session';
import { isSessionActive, touchSession } from '../db/sessions';
import { bearerTokenOf, grantOf } from './api-tokens';
import { type TokenRoute, tokenRefusal } from './token-scope';

/**
 * Reads who is calling on every API request. A request with an `Authorization` header is
 * authenticated by that personal access token alone (src/worker/auth/api-tokens.ts): the cookie
 * is ignored, a bad token answers 401, a route the token's scope does not allow answers 403
 * (`tokenRoutes`: the allow-list of src/worker/auth/token-scope.ts, read from the routes'
 * declarations), and the answer never sets a cookie.
 * Otherwise the session cookie: a valid token naming a live session sets `user` (role and plan
 * fresh from D1); anything else leaves it null and clears the cookie.
 * An active user's session token is renewed once it is older than TOKEN_RENEW_AFTER_SECONDS.
 */
export function loadSession(tokenRoutes: () => readonly TokenRoute[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', null);
    c.set('sessionIdHash', null);
    c.set('apiToken', null);
    const bearer = bearerTokenOf(c.req.header('authorization'));
    if (bearer !== undefined) {
      const grant = await grantOf(c.env.DB, bearer);
      const refusal = tokenRefusal(tokenRoutes(), grant.scope, c.req.method, c.req.path);
      if (refusal) throw new ApiError(403, refusal);
      const owner = await findUserById(c.env.DB, grant.userId);
      if (!owner) throw new ApiError(401, 'This API token is not valid: its account no longer exists.');
      c.set('user', await signedInUser(c.env.DB, owner));
      c.set('apiToken', { id: grant.tokenId, scope: grant.scope });
      await next();
      c.res.headers.delete('set-cookie');
      return;
    }

    const token = readSessionCookie(c);
    const secretText = c.env.SESSION_SECRET;
    if (!token || !secretText || secretText.length < MIN_SESSION_SECRET_LENGTH) return next();

    const secret = new TextEncoder().encode(secretText);
    const now = Math.floor(Date.now() / 1000);
    const claims = await verifySessionToken(secret, token, now);
    const idHash = claims ? await sha256Hex(claims.sessionId) : null;
    const user =
      claims && idHash && (await isSessionActive(c.env.DB, idHash, claims.userId, now))
        ? await findUserById(c.env.DB, claims.userId)
        : null;
    if (!claims || !idHash || !user) {
      clearSessionCookie(c);
      return next();
    }

    c.set('user', await signedInUser(c.env.DB, user));
    c.set('sessionIdHash', idHash);
    if (now - claims.issuedAt >= TOKEN_RENEW_AFTER_SECONDS) {
      setSessionCookie(c, await signSessionToken(secret, user.id, claims.sessionId, now));
      await touchSession(c.env.DB, idHash, now);
    }
    return next();
  });
}

/** The variables of routes behind requireUser or requireAdmin: `user` is never null there. */
export interface SignedInEnv {
  Variables: { user: User };
}

/**
 * Refuses a request without a signed-in user (401). Routes behind it see `c.var.user` typed
 * non-null: Hono intersects this middleware's env with the app's.
 */
export const requireUser = createMiddleware<AppEnv & SignedInEnv>(async (c, next) => {
  // Typed non-null for the routes after it; loadSession leaves it null when signed out.
  if (!(c.var.user as User | null)) throw new ApiError(401, 'Please log in to continue.');
  return next();
});

export const requireAdmin = createMiddleware<AppEnv & SignedInEnv>(async (c, next) => {
  const user = c.var.user as User | null;
  if (!user) throw new ApiError(401, 'Please log in to continue.');
  if (user.role !== 'admin') throw new ApiError(403, 'Only administrators can do this.');
  return next();
});

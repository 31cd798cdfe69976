import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { TOKEN_LIFETIME_SECONDS } from './session';

export const SESSION_COOKIE = 'session';

const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:';

/** Plain-http localhost, where browsers would drop a Secure cookie. */
function isLocalHttp(c: Context): boolean {
  const url = new URL(c.req.url);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The attributes of every cookie the app sets: HttpOnly, SameSite=Lax, Path=/ unless given.
 * Over HTTPS the name is prefixed, so the browser enforces the attributes and no other host (a
 * sibling subdomain) can set or shadow the cookie: `__Host-` (Secure, Path=/, no Domain), or
 * `__Secure-` for a cookie scoped to a path, which `__Host-` does not allow. Over plain HTTP
 * (local runs) the plain name, since browsers refuse those prefixes without Secure; Secure
 * there everywhere but localhost.
 */
export function cookieOptions(c: Context, overrides: CookieOptions = {}): CookieOptions {
  const path = overrides.path ?? '/';
  if (!isHttps(c)) return { httpOnly: true, secure: !isLocalHttp(c), sameSite: 'Lax', ...overrides, path };
  return {
    httpOnly: true,
    sameSite: 'Lax',
    ...overrides,
    path,
    secure: true,
    prefix: path === '/' ? 'host' : 'secure',
  };
}

/** A cookie set with cookieOptions(c, {path}), read under the name it was set with. */
export function readCookie(c: Context, name: string, path = '/'): string | undefined {
  return getCookie(c, name, cookieOptions(c, { path }).prefix);
}

/**
 * The session token's cookie lives as long as the token (re-set with each renewed token), so
 * a browser never keeps a cookie the server would refuse.
 */
export function setSessionCookie(c: Context, token: string) {
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c, { maxAge: TOKEN_LIFETIME_SECONDS }));
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

export function readSessionCookie(c: Context): string | undefined {
  return readCookie(c, SESSION_COOKIE);
}

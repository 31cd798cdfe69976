import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { SESSION_MAX_AGE_SECONDS } from '../db/sessions';

export const SESSION_COOKIE = 'session';

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie. */
function isLocalHttp(c: Context): boolean {
  const url = new URL(c.req.url);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function cookieOptions(c: Context, overrides: CookieOptions = {}): CookieOptions {
  return { httpOnly: true, secure: !isLocalHttp(c), sameSite: 'Lax', path: '/', ...overrides };
}

export function setSessionCookie(c: Context, token: string) {
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c, { maxAge: SESSION_MAX_AGE_SECONDS }));
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

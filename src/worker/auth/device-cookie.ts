/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account gets a cookie naming a random device id, signed together with
 * that account's email. Login failures from such a browser count against the device, not the
 * email, so guesses from anywhere else can lock out only untrusted browsers, never the owner's.
 * The cookie holds no email: it is checked against the email of the login attempt.
 */
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { sessionSecret } from './config';
import { cookieOptions, readCookie } from './cookies';
import { fromBase64Url, randomToken, toBase64Url } from '../encoding';

export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATH = '/api/auth';
const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function signingKey<E extends AppEnv>(c: Context<E>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', sessionSecret(c.env), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/** What is signed: the purpose (so no other signature of this key fits), the email and the id. */
const signedText = (email: string, deviceId: string) =>
  new TextEncoder().encode(`device-cookie\n${email.toLowerCase()}\n${deviceId}`);

/** Sets a fresh device cookie for `email` (at each successful sign-in with a password). */
export async function issueDeviceCookie<E extends AppEnv>(c: Context<E>, email: string): Promise<void> {
  const deviceId = randomToken(16);
  const signature = await crypto.subtle.sign('HMAC', await signingKey(c), signedText(email, deviceId));
  setCookie(
    c,
    DEVICE_COOKIE,
    `${deviceId}.${toBase64Url(new Uint8Array(signature))}`,
    cookieOptions(c, { path: DEVICE_COOKIE_PATH, maxAge: DEVICE_MAX_AGE_SECONDS }),
  );
}

/** The device id when this browser's cookie was issued for `email` and is intact, else null. */
export async function trustedDeviceId<E extends AppEnv>(
  c: Context<E>,
  email: string,
): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(
    readCookie(c, DEVICE_COOKIE, DEVICE_COOKIE_PATH) ?? '',
  );
  if (!match) return null;
  const [, deviceId, signature] = match as unknown as [string, string, string];
  const valid = await crypto.subtle.verify(
    'HMAC',
    await signingKey(c),
    fromBase64Url(signature),
    signedText(email, deviceId),
  );
  return valid ? deviceId : null;
}

import { HTTPException } from 'hono/http-exception';
import type { Env } from '../env';

export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * The session signing key. Auth routes refuse to run without a strong one rather than sign
 * cookies with a guessable key.
 */
export function sessionSecret(env: Env): Uint8Array {
  const secret = env.SESSION_SECRET;
  if (!secret || secret.length < MIN_SESSION_SECRET_LENGTH) {
    console.error(
      `SESSION_SECRET is ${secret ? 'too short' : 'missing'}: set at least ${MIN_SESSION_SECRET_LENGTH} random characters (npm run dev writes one into .dev.vars).`,
    );
    throw new HTTPException(503, {
      message: 'Sign-in is unavailable: the server has no valid SESSION_SECRET configured.',
    });
  }
  return new TextEncoder().encode(secret);
}

export function adminEmails(env: Env): Set<string> {
  return new Set(
    (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

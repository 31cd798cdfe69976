/**
 * Sensitive changes (email, deletion) ask the owner to prove it is them again: the password,
 * or for an account without one a Google sign-in of this session within the last minutes.
 */
import type { Context } from 'hono';
import { RECENT_GOOGLE_SIGN_IN_MINUTES } from '../../shared/account';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { verifyPassword } from '../auth/password';
import { type RateLimit, countEvent } from '../db/rate-limits';
import { isRecentGoogleSession } from '../db/sessions';
import type { StoredUser } from '../db/users';

/** Wrong passwords at these forms, per user: as many as at the login form. */
export const CONFIRM_PASSWORD_FAILURES: RateLimit = {
  name: 'confirm-password',
  limit: 10,
  windowMs: 15 * 60 * 1000,
};

export const WRONG_PASSWORD = 'Your password is not right.';

export async function confirmIdentity<E extends AppEnv>(
  c: Context<E>,
  user: StoredUser,
  password: string | undefined,
): Promise<void> {
  if (user.passwordHash) {
    if (!password) {
      throw new ApiError(400, 'Enter your password to confirm.', {
        fields: [{ path: 'password', message: 'Enter your current password' }],
      });
    }
    const attempt = await countEvent(c.env.DB, CONFIRM_PASSWORD_FAILURES, user.id);
    if (!attempt.allowed) {
      throw new ApiError(429, 'Too many attempts. Please wait a few minutes and try again.', {
        headers: { 'Retry-After': String(attempt.retryAfterSeconds) },
      });
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new ApiError(400, WRONG_PASSWORD, { fields: [{ path: 'password', message: WRONG_PASSWORD }] });
    }
    return;
  }
  const since = Math.floor(Date.now() / 1000) - RECENT_GOOGLE_SIGN_IN_MINUTES * 60;
  const sessionIdHash = c.var.sessionIdHash;
  if (!sessionIdHash || !(await isRecentGoogleSession(c.env.DB, sessionIdHash, since))) {
    throw new ApiError(
      403,
      `Your account signs in with Google: sign in with Google again, then do this within ${RECENT_GOOGLE_SIGN_IN_MINUTES} minutes.`,
    );
  }
}

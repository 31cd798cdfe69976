import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import type { SignedInEnv } from './middleware';

/**
 * Refuses (403) what only a proven address may do, naming it: `action` completes "Verify your
 * email address to ...", e.g. 'invite team members'. Goes after requireUser. Unverified
 * accounts can still sign in and run backtests.
 */
export function requireVerifiedEmail(action: string) {
  return createMiddleware<AppEnv & SignedInEnv>(async (c, next) => {
    if (!c.var.user.emailVerified) {
      throw new ApiError(
        403,
        `Verify your email address to ${action}. Open the link we sent you, or send a new one from your account page.`,
      );
    }
    return next();
  });
}

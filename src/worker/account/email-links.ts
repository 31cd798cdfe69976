/** The mails that carry a one-time link: each stores the link's hash, then composes the mail. */
import {
  CHANGE_EMAIL_HOURS,
  EMAIL_LINK_PATHS,
  RESET_PASSWORD_MINUTES,
  VERIFY_EMAIL_HOURS,
} from '../../shared/account';
import type { Env } from '../env';
import { createEmailToken } from '../db/email-tokens';
import { findUserByEmail } from '../db/users';
import {
  confirmNewEmailMail,
  googleOnlyResetMail,
  resetPasswordMail,
  verificationMail,
} from '../mail/account-mails';
import type { Mail } from '../mail/compose';
import { siteUrl, tokenUrl } from '../mail/links';

const HOUR_SECONDS = 3600;
/** The login page (the client's PATHS.login). */
const LOGIN_PATH = '/LoginPage';

export async function verificationMailFor(
  env: Env,
  user: { id: string; email: string },
  requestUrl: string,
): Promise<Mail> {
  const token = await createEmailToken(env.DB, {
    userId: user.id,
    purpose: 'verify-email',
    email: user.email,
    validSeconds: VERIFY_EMAIL_HOURS * HOUR_SECONDS,
  });
  return verificationMail(user.email, tokenUrl(env, EMAIL_LINK_PATHS.verifyEmail, token, requestUrl));
}

/**
 * The mail a "forgot password" for `email` sends: a reset link, a pointer to Google sign-in for
 * an account without a password, or nothing for an unknown address.
 */
export async function passwordResetMailFor(
  env: Env,
  email: string,
  requestUrl: string,
): Promise<Mail | null> {
  const user = await findUserByEmail(env.DB, email);
  if (!user) return null;
  if (!user.passwordHash && user.googleSub) {
    return googleOnlyResetMail(user.email, siteUrl(env, LOGIN_PATH, requestUrl));
  }
  const token = await createEmailToken(env.DB, {
    userId: user.id,
    purpose: 'reset-password',
    email: user.email,
    validSeconds: RESET_PASSWORD_MINUTES * 60,
  });
  return resetPasswordMail(user.email, tokenUrl(env, EMAIL_LINK_PATHS.resetPassword, token, requestUrl));
}

export async function confirmNewEmailMailFor(
  env: Env,
  user: { id: string },
  newEmail: string,
  requestUrl: string,
): Promise<Mail> {
  const token = await createEmailToken(env.DB, {
    userId: user.id,
    purpose: 'change-email',
    email: newEmail,
    validSeconds: CHANGE_EMAIL_HOURS * HOUR_SECONDS,
  });
  return confirmNewEmailMail(newEmail, tokenUrl(env, EMAIL_LINK_PATHS.confirmEmail, token, requestUrl));
}

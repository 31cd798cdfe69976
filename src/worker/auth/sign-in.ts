import type { Context } from 'hono';
import type { User } from '../../shared/api/auth';
import type { AppEnv } from '../env';
import { type StoredUser, publicUser, updateUser } from '../db/users';
import { adminEmails, sessionSecret } from './config';
import { setSessionCookie } from './cookies';
import { signSessionToken } from './session';
import { type SignInMethod, createSession } from '../db/sessions';

/**
 * Signs a user in: opens a session row and sets the session cookie; returns the user as the API
 * shows it. ADMIN_EMAILS grants admin only when the sign-in proves the email (Google's verified
 * email): anyone can register a password account for any address, since emails are not verified
 * here, so a password sign-in never grants it (use `npm run admin -- grant` for those accounts).
 */
export async function signIn<E extends AppEnv>(
  c: Context<E>,
  user: StoredUser,
  { emailVerified, method = 'password' }: { emailVerified: boolean; method?: SignInMethod },
): Promise<User> {
  const secret = sessionSecret(c.env);
  let current: StoredUser = user;
  if (emailVerified && user.role !== 'admin' && adminEmails(c.env).has(user.email)) {
    current = (await updateUser(c.env.DB, user.id, { role: 'admin' })) ?? user;
  }
  const now = Math.floor(Date.now() / 1000);
  const sessionId = await createSession(c.env.DB, current.id, now, method);
  setSessionCookie(c, await signSessionToken(secret, current.id, sessionId, now));
  return publicUser(current);
}

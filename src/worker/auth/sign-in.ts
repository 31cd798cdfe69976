import type { Context } from 'hono';
import type { User } from '../../shared/auth';
import type { AppEnv } from '../env';
import { type StoredUser, publicUser, updateUser } from '../db/users';
import { adminEmails, sessionSecret } from './config';
import { setSessionCookie } from './cookies';
import { createSession, signSessionToken } from './session';

/**
 * Signs a user in: grants admin when their email is in ADMIN_EMAILS, opens a session row and
 * sets the session cookie. Returns the user as the API shows it.
 */
export async function signIn(c: Context<AppEnv>, user: StoredUser): Promise<User> {
  const secret = sessionSecret(c.env);
  let current: StoredUser = user;
  if (user.role !== 'admin' && adminEmails(c.env).has(user.email)) {
    current = (await updateUser(c.env.DB, user.id, { role: 'admin' })) ?? user;
  }
  const now = Math.floor(Date.now() / 1000);
  const sessionId = await createSession(c.env.DB, current.id, now);
  setSessionCookie(c, await signSessionToken(secret, current.id, sessionId, now));
  return publicUser(current);
}

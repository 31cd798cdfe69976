/**
 * A new password and what ends with the old one, stored in one batch (all of it or none): the
 * user's sessions and API tokens end (access-revocations.ts).
 */
import { accessRevocations } from './access-revocations';
import { deleteEmailTokens } from './email-tokens';
import { markEmailVerified, setPasswordHash } from './users';

/**
 * A password reset by a link mailed to the address: the new hash, the address proven, the
 * user's reset links used up, and every session and token ended.
 */
export async function storeResetPassword(
  db: D1Database,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.batch([
    setPasswordHash(db, userId, passwordHash),
    markEmailVerified(db, userId),
    deleteEmailTokens(db, userId, 'reset-password'),
    ...accessRevocations(db, userId),
  ]);
}

/**
 * A password changed by the signed-in user: the new hash, and every session but the one kept
 * and every token ended.
 */
export async function storeChangedPassword(
  db: D1Database,
  userId: string,
  passwordHash: string,
  keptSessionIdHash: string | null,
): Promise<void> {
  await db.batch([
    setPasswordHash(db, userId, passwordHash),
    ...accessRevocations(db, userId, keptSessionIdHash),
  ]);
}

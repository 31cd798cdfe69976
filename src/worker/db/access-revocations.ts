/**
 * Ending everything that signs a user in besides the password itself: every session (but the
 * one kept, when given) and every personal access token. A new password, "log out everywhere"
 * and a Google sign-in that takes an account over all do this.
 */
import { deleteUserTokens } from './api-tokens';
import { deleteUserSessions } from './sessions';

/** The statements that end the user's sessions and tokens, for a batch with other changes. */
export function accessRevocations(
  db: D1Database,
  userId: string,
  keptSessionIdHash: string | null = null,
): D1PreparedStatement[] {
  return [deleteUserSessions(db, userId, keptSessionIdHash), deleteUserTokens(db, userId)];
}

export async function revokeAccess(
  db: D1Database,
  userId: string,
  keptSessionIdHash: string | null = null,
): Promise<void> {
  await db.batch(accessRevocations(db, userId, keptSessionIdHash));
}

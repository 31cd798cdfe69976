/** Sessions in D1: a row per signed-in browser, found by the hash of the id its token carries. */
import { randomToken, sha256Hex } from '../encoding';

/** How long a session row lives: a browser stays signed in this long without signing in again. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SignInMethod = 'password' | 'google';

/** Creates a session row; returns the id to put in the token (never stored as is). */
export async function createSession(
  db: D1Database,
  userId: string,
  nowSeconds: number,
  method: SignInMethod = 'password',
): Promise<string> {
  const sessionId = randomToken(20);
  await db
    .prepare(
      `INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at, sign_in_method)
       VALUES (?1, ?2, ?3, ?3, ?4, ?5)`,
    )
    .bind(await sha256Hex(sessionId), userId, nowSeconds, nowSeconds + SESSION_MAX_AGE_SECONDS, method)
    .run();
  return sessionId;
}

/** True when this session was opened by a Google sign-in at or after `sinceSeconds`. */
export async function isRecentGoogleSession(
  db: D1Database,
  sessionIdHash: string,
  sinceSeconds: number,
): Promise<boolean> {
  const row = await db
    .prepare(
      "SELECT 1 AS ok FROM sessions WHERE id_hash = ?1 AND sign_in_method = 'google' AND created_at >= ?2",
    )
    .bind(sessionIdHash, sinceSeconds)
    .first();
  return row !== null;
}

/** True when the session exists, belongs to the user and has not expired. */
export async function isSessionActive(
  db: D1Database,
  sessionIdHash: string,
  userId: string,
  nowSeconds: number,
): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS ok FROM sessions WHERE id_hash = ?1 AND user_id = ?2 AND expires_at > ?3')
    .bind(sessionIdHash, userId, nowSeconds)
    .first();
  return row !== null;
}

export async function touchSession(db: D1Database, sessionIdHash: string, nowSeconds: number) {
  await db
    .prepare('UPDATE sessions SET last_seen_at = ?2 WHERE id_hash = ?1')
    .bind(sessionIdHash, nowSeconds)
    .run();
}

export async function revokeSession(db: D1Database, sessionIdHash: string) {
  await db.prepare('DELETE FROM sessions WHERE id_hash = ?1').bind(sessionIdHash).run();
}

/** The statement that ends every session of a user, except one when given (for a batch). */
export function deleteUserSessions(
  db: D1Database,
  userId: string,
  exceptIdHash: string | null = null,
): D1PreparedStatement {
  return db
    .prepare('DELETE FROM sessions WHERE user_id = ?1 AND id_hash IS NOT ?2')
    .bind(userId, exceptIdHash);
}

/** Ends every session of a user, except one when given (the admin's own, for example). */
export async function revokeUserSessions(db: D1Database, userId: string, exceptIdHash: string | null = null) {
  await deleteUserSessions(db, userId, exceptIdHash).run();
}

/** The statement that drops sessions expired at `nowSeconds` (for a batch). */
export function purgeExpiredSessions(db: D1Database, nowSeconds: number): D1PreparedStatement {
  return db.prepare('DELETE FROM sessions WHERE expires_at <= ?1').bind(nowSeconds);
}

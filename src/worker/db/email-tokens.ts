/**
 * One-time links sent by mail (verification, password reset, email change). The token is 32
 * random bytes; only its SHA-256 is stored, and using it deletes the row in the same statement,
 * so a link works once even when two requests race.
 */
import { randomToken, sha256Hex } from '../encoding';

export type EmailTokenPurpose = 'verify-email' | 'reset-password' | 'change-email';

const TOKEN_BYTES = 32;

/**
 * Stores a new link for the user and returns its token. Earlier links of the same purpose stop
 * working: only the latest mail's link counts.
 */
export async function createEmailToken(
  db: D1Database,
  link: { userId: string; purpose: EmailTokenPurpose; email: string; validSeconds: number },
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const token = randomToken(TOKEN_BYTES);
  await db.batch([
    deleteEmailTokens(db, link.userId, link.purpose),
    db
      .prepare(
        `INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(
        await sha256Hex(token),
        link.userId,
        link.purpose,
        link.email.toLowerCase(),
        nowSeconds,
        nowSeconds + link.validSeconds,
      ),
  ]);
  return token;
}

/** Uses a link: its user and address, or null when unknown, used or expired. */
export async function consumeEmailToken(
  db: D1Database,
  token: string,
  purpose: EmailTokenPurpose,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<{ userId: string; email: string } | null> {
  const row = await db
    .prepare(
      `DELETE FROM email_tokens WHERE token_hash = ?1 AND purpose = ?2
       RETURNING user_id, email, expires_at`,
    )
    .bind(await sha256Hex(token), purpose)
    .first<{ user_id: string; email: string; expires_at: number }>();
  if (!row || row.expires_at <= nowSeconds) return null;
  return { userId: row.user_id, email: row.email };
}

/** The statement that removes a user's links of one purpose. */
export function deleteEmailTokens(db: D1Database, userId: string, purpose: EmailTokenPurpose) {
  return db.prepare('DELETE FROM email_tokens WHERE user_id = ?1 AND purpose = ?2').bind(userId, purpose);
}

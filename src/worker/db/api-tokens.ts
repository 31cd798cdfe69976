/** Personal access tokens in D1 (table api_tokens): found by the SHA-256 of the token only. */
import type { ApiToken } from '../../shared/api/tokens';
import type { TokenScope } from '../../shared/api-tokens';

interface TokenRow {
  id: string;
  name: string;
  scope: TokenScope;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

/**
 * Stores a new token for the user unless they already hold `maxLive` unexpired ones; returns
 * false then. One statement, so two requests at once cannot both pass the count.
 */
export async function insertToken(
  db: D1Database,
  token: { id: string; userId: string; name: string; tokenHash: string; scope: TokenScope },
  createdAt: number,
  expiresAt: number,
  maxLive: number,
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO api_tokens (id, user_id, name, token_hash, scope, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
       WHERE (SELECT count(*) FROM api_tokens WHERE user_id = ?2 AND expires_at > ?6) < ?8`,
    )
    .bind(token.id, token.userId, token.name, token.tokenHash, token.scope, createdAt, expiresAt, maxLive)
    .run();
  return result.meta.changes === 1;
}

/** The user's tokens, newest first (expired ones too, until revoked). */
export async function listTokens(db: D1Database, userId: string): Promise<ApiToken[]> {
  const { results } = await db
    .prepare(
      `SELECT id, name, scope, created_at, expires_at, last_used_at FROM api_tokens
       WHERE user_id = ?1 ORDER BY created_at DESC, id`,
    )
    .bind(userId)
    .all<TokenRow>();
  return results.map(toToken);
}

/** Revokes one of the user's tokens. Returns false when the user has no token with this id. */
export async function deleteToken(db: D1Database, userId: string, id: string): Promise<boolean> {
  const result = await db
    .prepare('DELETE FROM api_tokens WHERE id = ?1 AND user_id = ?2')
    .bind(id, userId)
    .run();
  return result.meta.changes === 1;
}

/**
 * The statement that revokes every token of the user: a new password or address, "log out
 * everywhere" and a Google sign-in taking the account over end them all.
 */
export function deleteUserTokens(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare('DELETE FROM api_tokens WHERE user_id = ?1').bind(userId);
}

export interface StoredToken {
  id: string;
  userId: string;
  scope: TokenScope;
  expiresAt: number;
}

/**
 * The token whose hash this is, marked as used now unless expired; null when there is none
 * (revoked, or never issued).
 */
export async function useToken(db: D1Database, tokenHash: string, now: number): Promise<StoredToken | null> {
  const row = await db
    .prepare(
      `UPDATE api_tokens SET last_used_at = CASE WHEN expires_at > ?2 THEN ?2 ELSE last_used_at END
       WHERE token_hash = ?1
       RETURNING id, user_id, scope, expires_at`,
    )
    .bind(tokenHash, now)
    .first<{ id: string; user_id: string; scope: TokenScope; expires_at: number }>();
  return row && { id: row.id, userId: row.user_id, scope: row.scope, expiresAt: row.expires_at };
}

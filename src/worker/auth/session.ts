import { SignJWT, jwtVerify } from 'jose';
import { randomToken, sha256Hex } from './encoding';

/**
 * Sessions: a short-lived JWT (HS256) in the cookie names a server-side session row by id.
 * The row can be deleted at any time (logout, role change, "log out everywhere") and the
 * token stops working at once; the JWT alone is never trusted. The row stores only a hash
 * of the id, so a leaked database cannot be turned into cookies.
 */
export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;
/** A token older than this is replaced on the next authenticated request. */
export const TOKEN_RENEW_AFTER_SECONDS = 10 * 60;
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'backtest-studio';
const AUDIENCE = 'backtest-studio-web';

export interface SessionClaims {
  userId: string;
  sessionId: string;
  issuedAt: number;
}

export async function signSessionToken(
  secret: Uint8Array,
  userId: string,
  sessionId: string,
  nowSeconds: number,
) {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_LIFETIME_SECONDS)
    .sign(secret);
}

/** Verifies signature (HS256 only), issuer, audience and expiry; null for any bad token. */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
  nowSeconds: number,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(nowSeconds * 1000),
      requiredClaims: ['sub', 'sid', 'iat', 'exp'],
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.iat !== 'number'
    ) {
      return null;
    }
    return { userId: payload.sub, sessionId: payload.sid, issuedAt: payload.iat };
  } catch {
    return null;
  }
}

/** Creates a session row; returns the id to put in the token (never stored as is). */
export async function createSession(db: D1Database, userId: string, nowSeconds: number): Promise<string> {
  const sessionId = randomToken(20);
  await db
    .prepare(
      'INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?1, ?2, ?3, ?3, ?4)',
    )
    .bind(await sha256Hex(sessionId), userId, nowSeconds, nowSeconds + SESSION_MAX_AGE_SECONDS)
    .run();
  return sessionId;
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

/** Ends every session of a user, except one when given (the admin's own, for example). */
export async function revokeUserSessions(db: D1Database, userId: string, exceptIdHash: string | null = null) {
  await db
    .prepare('DELETE FROM sessions WHERE user_id = ?1 AND id_hash IS NOT ?2')
    .bind(userId, exceptIdHash)
    .run();
}

import { SignJWT, jwtVerify } from 'jose';

/**
 * Sessions: a short-lived JWT (HS256) in the cookie names a server-side session row by id.
 * The row can be deleted at any time (logout, role change, "log out everywhere") and the
 * token stops working at once; the JWT alone is never trusted. The row stores only a hash
 * of the id, so a leaked database cannot be turned into cookies.
 */
export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;
/**
 * A token older than this is replaced on the next authenticated request, with its cookie: a
 * sign-in lasts while its browser is used (2 hours after the last renewal when idle), up to the
 * session row's SESSION_MAX_AGE_SECONDS (db/sessions.ts).
 */
export const TOKEN_RENEW_AFTER_SECONDS = 10 * 60;
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

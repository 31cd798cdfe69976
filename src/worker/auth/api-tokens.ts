/**
 * Personal access tokens: minting one (only its SHA-256 is stored) and checking the one a request
 * sends as `Authorization: Bearer <token>`: known, unexpired, within its rate limit.
 */
import { TOKEN_PREFIX, TOKEN_REQUESTS_PER_MINUTE, type TokenScope } from '../../shared/api-tokens';
import { type RateLimit, countEvent } from '../db/rate-limits';
import { useToken } from '../db/api-tokens';
import { ApiError } from '../errors';
import { randomToken, sha256Hex } from '../encoding';

/** 32 random bytes in base64url after the prefix: 256 bits, far past guessing. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

const TOKEN_RATE: RateLimit = { name: 'api-token', limit: TOKEN_REQUESTS_PER_MINUTE, windowMs: 60_000 };

/** A new token and the hash to store for it. */
export async function mintToken(): Promise<{ token: string; tokenHash: string }> {
  const token = `${TOKEN_PREFIX}${randomToken(TOKEN_BYTES)}`;
  return { token, tokenHash: await sha256Hex(token) };
}

/**
 * The credential of an `Authorization` header: the bearer token, or undefined when the request
 * has no such header. Any other scheme is refused: the API knows only bearer tokens.
 */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".');
  return match[1];
}

export interface TokenGrant {
  tokenId: string;
  userId: string;
  scope: TokenScope;
}

/**
 * Who a bearer token speaks for: 401 when it is unknown, revoked or expired, 429 with
 * Retry-After past TOKEN_REQUESTS_PER_MINUTE requests in the current minute.
 */
export async function grantOf(db: D1Database, token: string, now = Date.now()): Promise<TokenGrant> {
  const stored = TOKEN_SHAPE.test(token) ? await useToken(db, await sha256Hex(token), now) : null;
  if (!stored) throw unauthorized('This API token is not valid: it was revoked or never existed.');
  if (stored.expiresAt <= now) {
    throw unauthorized('This API token has expired. Create a new one on your account page.');
  }
  const rate = await countEvent(db, TOKEN_RATE, stored.id, now);
  if (!rate.allowed) {
    throw new ApiError(
      429,
      `This API token made more than ${TOKEN_REQUESTS_PER_MINUTE} requests this minute. Wait and try again.`,
      { headers: { 'Retry-After': String(rate.retryAfterSeconds) } },
    );
  }
  return { tokenId: stored.id, userId: stored.userId, scope: stored.scope };
}

function unauthorized(message: string): ApiError {
  return new ApiError(401, message, { headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } });
}

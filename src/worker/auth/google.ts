import { CodeChallengeMethod, OAuth2Client, decodeIdToken } from 'arctic';
import type { Env } from '../env';

const GOOGLE_AUTHORIZATION_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const GOOGLE_ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);
const SCOPES = ['openid', 'email', 'profile'];

export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export interface GoogleSignIn {
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the code (PKCE) for tokens and returns the ID token's checked claims. */
  profileFromCode(code: string, codeVerifier: string): Promise<GoogleProfile>;
}

/** arctic's OAuth 2.0 client on Google's endpoints; null when no credentials are configured. */
export function googleSignIn(env: Env, redirectUri: string): GoogleSignIn | null {
  const clientId = env.GOOGLE_CLIENT_ID;
  const clientSecret = env.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  return {
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(
        env.GOOGLE_AUTHORIZATION_URL ?? GOOGLE_AUTHORIZATION_URL,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        SCOPES,
      ),
    async profileFromCode(code, codeVerifier) {
      const tokens = await client.validateAuthorizationCode(
        env.GOOGLE_TOKEN_URL ?? GOOGLE_TOKEN_URL,
        code,
        codeVerifier,
      );
      // The ID token comes straight from Google's token endpoint over TLS, so its signature
      // need not be checked again (OpenID Connect Core 3.1.3.7); its claims still are.
      return checkClaims(decodeIdToken(tokens.idToken()) as Record<string, unknown>, clientId);
    },
  };
}

function checkClaims(claims: Record<string, unknown>, clientId: string): GoogleProfile {
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const expiresAt = typeof claims.exp === 'number' ? claims.exp : 0;
  if (
    !GOOGLE_ISSUERS.has(String(claims.iss)) ||
    !audience.includes(clientId) ||
    expiresAt * 1000 < Date.now()
  ) {
    throw new Error('The Google ID token is not for this application or has expired.');
  }
  if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') {
    throw new Error('The Google ID token has no account id or email.');
  }
  return {
    sub: claims.sub,
    email: claims.email.toLowerCase(),
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === 'string' ? claims.name : null,
  };
}

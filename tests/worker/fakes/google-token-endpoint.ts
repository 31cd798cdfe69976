/**
 * A local stand-in for Google's OAuth token endpoint, answering the worker's outbound fetches
 * in tests (miniflare's outboundService runs it in Node). It checks what Google checks: the
 * client's credentials, the grant type, the redirect URI and the PKCE verifier against the
 * challenge. Test codes are made by `fakeAuthorizationCode` and carry the claims to return.
 */
import { createHash } from 'node:crypto';

export const FAKE_GOOGLE_HOST = 'fake-google.test';
export const FAKE_GOOGLE = {
  clientId: 'test-client.apps.googleusercontent.com',
  clientSecret: 'test-google-secret',
  authorizationUrl: `https://${FAKE_GOOGLE_HOST}/o/oauth2/v2/auth`,
  tokenUrl: `https://${FAKE_GOOGLE_HOST}/token`,
};

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export async function fakeGoogleTokenEndpoint(request: Request): Promise<Response> {
  if (request.method !== 'POST') return json(405, { error: 'invalid_request' });
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_GOOGLE.clientId}:${FAKE_GOOGLE.clientSecret}`).toString('base64')}`;
  if (request.headers.get('authorization') !== expectedAuth) return json(401, { error: 'invalid_client' });

  const form = new URLSearchParams(await request.text());
  if (form.get('grant_type') !== 'authorization_code' || !form.get('redirect_uri')) {
    return json(400, { error: 'invalid_request' });
  }
  let grant: { claims: Record<string, unknown>; challenge: string };
  try {
    grant = JSON.parse(Buffer.from(form.get('code') ?? '', 'base64url').toString('utf8'));
  } catch {
    return json(400, { error: 'invalid_grant' });
  }
  const verifier = form.get('code_verifier') ?? '';
  if (base64url(createHash('sha256').update(verifier).digest()) !== grant.challenge) {
    return json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
  }

  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'https://accounts.google.com',
    aud: FAKE_GOOGLE.clientId,
    iat: now,
    exp: now + 3600,
    email_verified: true,
    ...grant.claims,
  };
  const idToken = [
    base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' })),
    base64url(JSON.stringify(claims)),
    'sig',
  ].join('.');
  return json(200, {
    access_token: 'fake-access-token',
    token_type: 'Bearer',
    expires_in: 3600,
    id_token: idToken,
  });
}

/** The code Google would return after consent, bound to the PKCE challenge of the request. */
export function fakeAuthorizationCode(claims: Record<string, unknown>, codeChallenge: string): string {
  return base64url(JSON.stringify({ claims, challenge: codeChallenge }));
}

/** Google sign-in through the real app, with the fake Google of fakes/google-token-endpoint.ts. */
import { expect } from 'vitest';
import { fakeAuthorizationCode } from './fakes/google-token-endpoint';
import type { TestBrowser } from './test-client';

/** Starts sign-in and returns what Google would receive: the state and the PKCE challenge. */
export async function startGoogleSignIn(browser: TestBrowser) {
  const res = await browser.request('/api/auth/google');
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  return {
    res,
    location,
    state: location.searchParams.get('state')!,
    challenge: location.searchParams.get('code_challenge')!,
  };
}

/** Signs `browser` in as the Google account of `claims` (sub, email, email_verified...). */
export async function completeGoogleSignIn(browser: TestBrowser, claims: Record<string, unknown>) {
  const { state, challenge } = await startGoogleSignIn(browser);
  const code = fakeAuthorizationCode(claims, challenge);
  return browser.request(`/api/auth/google/callback?code=${code}&state=${state}`);
}

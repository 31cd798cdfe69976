import { GOOGLE_NOT_CONFIGURED } from '../../../shared/auth';
import { GOOGLE_SIGN_IN_PATH } from './api';

/**
 * Starts Google sign-in. The worker answers 503 when Google is not configured; asking first
 * (without following the redirect) lets the page say so instead of showing an error page.
 * Resolves to an error message, or never resolves because the browser navigates away.
 */
export async function startGoogleSignIn(): Promise<string> {
  try {
    const probe = await fetch(GOOGLE_SIGN_IN_PATH, { redirect: 'manual', credentials: 'same-origin' });
    if (probe.status === 503) return GOOGLE_NOT_CONFIGURED;
  } catch {
    return 'The server could not be reached. Check your connection and try again.';
  }
  window.location.assign(GOOGLE_SIGN_IN_PATH);
  return new Promise(() => {});
}

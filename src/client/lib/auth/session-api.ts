/** The session every screen shares: who is signed in, and signing out. */
import { type User, sessionAnswerSchema } from '../../../shared/api/auth';
import { NO_CONTENT, apiFetch } from '../api-client';

export async function fetchCurrentUser(): Promise<User | null> {
  return (await apiFetch('/api/auth/session', sessionAnswerSchema)).user;
}

export function logout(): Promise<void> {
  return apiFetch('/api/auth/logout', NO_CONTENT, { method: 'POST' });
}

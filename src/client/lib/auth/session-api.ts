/** The session every screen shares: who is signed in, and signing out. */
import type { User } from '../../../shared/auth';
import { apiFetch } from '../api-client';

export async function fetchCurrentUser(): Promise<User | null> {
  return (await apiFetch<{ user: User | null }>('/api/auth/session')).user;
}

export function logout(): Promise<void> {
  return apiFetch<void>('/api/auth/logout', { method: 'POST' });
}

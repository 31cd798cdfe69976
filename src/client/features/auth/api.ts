import type { LoginInput, RegisterInput, SubscriptionRequestInput } from '../../../shared/auth';
import type { User } from '../../../shared/api/auth';
import { apiFetch } from '../../lib/api-client';

export async function fetchCurrentUser(): Promise<User | null> {
  return (await apiFetch<{ user: User | null }>('/api/auth/session')).user;
}

export async function login(input: LoginInput): Promise<User> {
  return (await apiFetch<{ user: User }>('/api/auth/login', { json: input })).user;
}

export async function register(input: RegisterInput): Promise<User> {
  return (await apiFetch<{ user: User }>('/api/auth/register', { json: input })).user;
}

export function logout(): Promise<void> {
  return apiFetch<void>('/api/auth/logout', { method: 'POST' });
}

export function requestSubscription(input: SubscriptionRequestInput) {
  return apiFetch<{ request: { id: string } }>('/api/subscriptions', { json: input });
}

/** Google sign-in is a full-page redirect through the worker. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

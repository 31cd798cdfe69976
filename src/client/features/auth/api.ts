import type { LoginInput, RegisterInput, User } from '../../../shared/auth';
import { apiFetch } from '../../lib/api-client';

export async function login(input: LoginInput): Promise<User> {
  return (await apiFetch<{ user: User }>('/api/auth/login', { json: input })).user;
}

export async function register(input: RegisterInput): Promise<User> {
  return (await apiFetch<{ user: User }>('/api/auth/register', { json: input })).user;
}

/** Google sign-in is a full-page redirect through the worker. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

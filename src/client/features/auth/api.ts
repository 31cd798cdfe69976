import type { LoginInput, RegisterInput } from '../../../shared/auth';
import { type User, userAnswerSchema } from '../../../shared/api/auth';
import { apiFetch } from '../../lib/api-client';

export async function login(input: LoginInput): Promise<User> {
  return (await apiFetch('/api/auth/login', userAnswerSchema, { json: input })).user;
}

export async function register(input: RegisterInput): Promise<User> {
  return (await apiFetch('/api/auth/register', userAnswerSchema, { json: input })).user;
}

/** Google sign-in is a full-page redirect through the worker. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

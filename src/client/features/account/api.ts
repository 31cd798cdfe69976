/** The account's calls: its settings, the links sent by mail, export and deletion. */
import { queryOptions } from '@tanstack/react-query';
import type {
  AccountPatchInput,
  ChangeEmailInput,
  ChangePasswordInput,
  ResetPasswordInput,
} from '../../../shared/account';
import { accountAnswerSchema } from '../../../shared/api/account';
import { NO_CONTENT, apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const accountQuery = () =>
  queryOptions({
    queryKey: queryKeys.account,
    queryFn: async () => (await apiFetch('/api/account', accountAnswerSchema)).account,
  });

export const updateAccount = async (patch: AccountPatchInput) =>
  (await apiFetch('/api/account', accountAnswerSchema, { method: 'PATCH', json: patch })).account;

export const changePassword = (input: ChangePasswordInput) =>
  apiFetch('/api/auth/password/change', NO_CONTENT, { json: input });

export const requestEmailChange = (input: ChangeEmailInput) =>
  apiFetch('/api/account/email', NO_CONTENT, { json: input });

export const resendVerification = () => apiFetch('/api/auth/email/resend', NO_CONTENT, { method: 'POST' });

export const verifyEmail = (token: string) =>
  apiFetch('/api/auth/email/verify', NO_CONTENT, { json: { token } });

export const confirmEmailChange = (token: string) =>
  apiFetch('/api/auth/email/confirm', NO_CONTENT, { json: { token } });

export const forgotPassword = (email: string) =>
  apiFetch('/api/auth/password/forgot', NO_CONTENT, { json: { email } });

export const resetPassword = (input: ResetPasswordInput) =>
  apiFetch('/api/auth/password/reset', NO_CONTENT, { json: input });

export const logOutEverywhere = () => apiFetch('/api/auth/logout-everywhere', NO_CONTENT, { method: 'POST' });

export const deleteAccount = (password: string | undefined) =>
  apiFetch('/api/account', NO_CONTENT, { method: 'DELETE', json: password ? { password } : {} });

/** A plain link: the browser saves the answer under the name its Content-Disposition gives. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

import type { Role } from '../../../shared/auth';
import type { PlanId } from '../../../shared/plans';
import type { ContactMessagesAnswer, SubscriptionRequestsAnswer, UserPage } from '../../../shared/api/admin';
import type { UserAnswer } from '../../../shared/api/auth';
import { apiFetch } from '../../lib/api-client';

export type { AdminUser } from '../../../shared/api/admin';

export function searchUsers(query: string, page: number) {
  return apiFetch<UserPage>(`/api/admin/users?${new URLSearchParams({ query, page: String(page) })}`);
}

export async function updateUser(id: string, changes: { role?: Role; plan?: PlanId }) {
  return (
    await apiFetch<UserAnswer>(`/api/admin/users/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: changes,
    })
  ).user;
}

export async function listMessages() {
  return (await apiFetch<ContactMessagesAnswer>('/api/admin/messages')).messages;
}

export async function listSubscriptionRequests() {
  return (await apiFetch<SubscriptionRequestsAnswer>('/api/admin/subscriptions')).requests;
}

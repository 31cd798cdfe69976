import type { Role } from '../../../shared/auth';
import type { PlanId } from '../../../shared/plans';
import {
  contactMessagesAnswerSchema,
  subscriptionRequestsAnswerSchema,
  userPageSchema,
} from '../../../shared/api/admin';
import { userAnswerSchema } from '../../../shared/api/auth';
import { apiFetch } from '../../lib/api-client';

export function searchUsers(query: string, page: number) {
  return apiFetch(`/api/admin/users?${new URLSearchParams({ query, page: String(page) })}`, userPageSchema);
}

export async function updateUser(id: string, changes: { role?: Role; plan?: PlanId }) {
  return (
    await apiFetch(`/api/admin/users/${encodeURIComponent(id)}`, userAnswerSchema, {
      method: 'PATCH',
      json: changes,
    })
  ).user;
}

export async function listMessages() {
  return (await apiFetch('/api/admin/messages', contactMessagesAnswerSchema)).messages;
}

/** Paid subscriptions and the Subscribe Now requests recorded without payment. */
export function listSubscriptions() {
  return apiFetch('/api/admin/subscriptions', subscriptionRequestsAnswerSchema);
}

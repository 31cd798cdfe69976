import type { Role, User } from '../../../shared/auth';
import type { PlanId } from '../../../shared/plans';
import { apiFetch } from '../../lib/api-client';

export interface AdminUser extends User {
  backtestsThisMonth: number;
}

export interface UserPage {
  users: AdminUser[];
  page: number;
  pageSize: number;
  total: number;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  source: string;
  createdAt: string;
}

export interface SubscriptionRequest {
  id: string;
  email: string;
  plan: PlanId;
  billingPeriod: string;
  currency: string;
  status: string;
  createdAt: string;
}

export function searchUsers(query: string, page: number) {
  return apiFetch<UserPage>(`/api/admin/users?${new URLSearchParams({ query, page: String(page) })}`);
}

export async function updateUser(id: string, changes: { role?: Role; plan?: PlanId }) {
  return (
    await apiFetch<{ user: User }>(`/api/admin/users/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: changes,
    })
  ).user;
}

export async function listMessages() {
  return (await apiFetch<{ messages: ContactMessage[] }>('/api/admin/messages')).messages;
}

export async function listSubscriptionRequests() {
  return (await apiFetch<{ requests: SubscriptionRequest[] }>('/api/admin/subscriptions')).requests;
}

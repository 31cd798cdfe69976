import type { SubscriptionRequestInput } from '../../../shared/auth';
import { apiFetch } from '../../lib/api-client';

export function requestSubscription(input: SubscriptionRequestInput) {
  return apiFetch<{ request: { id: string } }>('/api/subscriptions', { json: input });
}

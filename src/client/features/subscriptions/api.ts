import type { SubscriptionRequestInput } from '../../../shared/auth';
import { subscriptionCreatedAnswerSchema } from '../../../shared/api/subscriptions';
import { apiFetch } from '../../lib/api-client';

export function requestSubscription(input: SubscriptionRequestInput) {
  return apiFetch('/api/subscriptions', subscriptionCreatedAnswerSchema, { json: input });
}

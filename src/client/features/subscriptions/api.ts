import { queryOptions } from '@tanstack/react-query';
import type { SubscriptionRequestInput } from '../../../shared/auth';
import {
  checkoutAnswerSchema,
  type CheckoutRequest,
  paymentProvidersAnswerSchema,
} from '../../../shared/api/billing';
import { subscriptionCreatedAnswerSchema } from '../../../shared/api/subscriptions';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function requestSubscription(input: SubscriptionRequestInput) {
  return apiFetch('/api/subscriptions', subscriptionCreatedAnswerSchema, { json: input });
}

/** The currencies this server takes payment in, and the free trial's length. */
export function fetchPaymentProviders() {
  return apiFetch('/api/billing/providers', paymentProvidersAnswerSchema);
}

export const paymentProvidersQuery = () =>
  queryOptions({ queryKey: queryKeys.paymentProviders, queryFn: fetchPaymentProviders });

/** Starts a checkout: the answer is the provider's hosted payment page. */
export function startCheckout(input: CheckoutRequest) {
  return apiFetch('/api/billing/checkout', checkoutAnswerSchema, { json: input });
}

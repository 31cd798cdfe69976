/** The account page's billing calls: the user's subscription, plan changes, cancel and resume. */
import { queryOptions } from '@tanstack/react-query';
import { billingAnswerSchema, type PlanChangeRequest } from '../../../shared/api/billing';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const billingQuery = () =>
  queryOptions({ queryKey: queryKeys.billing, queryFn: () => apiFetch('/api/billing', billingAnswerSchema) });

export const changePlan = (change: PlanChangeRequest) =>
  apiFetch('/api/billing/change', billingAnswerSchema, { json: change });

export const cancelSubscription = () =>
  apiFetch('/api/billing/cancel', billingAnswerSchema, { method: 'POST' });

export const resumeSubscription = () =>
  apiFetch('/api/billing/resume', billingAnswerSchema, { method: 'POST' });

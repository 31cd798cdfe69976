/** Answers about "Subscribe Now" requests (POST /api/subscriptions, the admin's list). */
import * as z from 'zod';
import { BILLING_PERIODS, CURRENCIES, PLAN_IDS } from '../plans';

export const storedSubscriptionRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  plan: z.enum(PLAN_IDS),
  billingPeriod: z.enum(BILLING_PERIODS),
  currency: z.enum(CURRENCIES),
  status: z.string(),
  createdAt: z.string(),
});
export type StoredSubscriptionRequest = z.infer<typeof storedSubscriptionRequestSchema>;

/** POST /api/subscriptions (201) */
export const subscriptionCreatedAnswerSchema = z.object({ request: storedSubscriptionRequestSchema });
export type SubscriptionCreatedAnswer = z.infer<typeof subscriptionCreatedAnswerSchema>;

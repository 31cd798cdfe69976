/** Answers of /api/admin: users with their month's runs (PATCH /users/:id answers userAnswerSchema), messages and subscription requests. */
import * as z from 'zod';
import { userSchema } from './auth';
import { storedContactMessageSchema } from './contact';
import { storedSubscriptionRequestSchema } from './subscriptions';
import { adminSubscriptionSchema } from './billing';

export const adminUserSchema = userSchema.extend({ backtestsThisMonth: z.number().int() });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The query of GET /api/admin/users. */
export const userQuerySchema = z.object({
  query: z.string().trim().max(200, 'At most 200 characters').default(''),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Pages start at 1').default(1),
});

/** GET /api/admin/users: one page of the users matching a query, newest first. */
export const userPageSchema = z.object({
  users: z.array(adminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type UserPage = z.infer<typeof userPageSchema>;

/** GET /api/admin/messages */
export const contactMessagesAnswerSchema = z.object({ messages: z.array(storedContactMessageSchema) });
export type ContactMessagesAnswer = z.infer<typeof contactMessagesAnswerSchema>;

/** GET /api/admin/subscriptions: paid subscriptions, and Subscribe Now requests recorded without payment. */
export const subscriptionRequestsAnswerSchema = z.object({
  subscriptions: z.array(adminSubscriptionSchema),
  requests: z.array(storedSubscriptionRequestSchema),
});
export type SubscriptionRequestsAnswer = z.infer<typeof subscriptionRequestsAnswerSchema>;

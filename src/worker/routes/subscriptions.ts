import { Hono } from 'hono';
import type { SubscriptionCreatedAnswer } from '../../shared/api/subscriptions';
import { subscriptionRequestSchema } from '../../shared/auth';
import type { AppEnv } from '../env';
import { validate } from '../validation';
import { requireUser } from '../auth/middleware';
import { createSubscriptionRequest } from '../db/subscriptions';

/** "Subscribe Now": records the request for admins; no payment is taken here. */
export const subscriptions = new Hono<AppEnv>().post(
  '/',
  requireUser,
  validate('json', subscriptionRequestSchema),
  async (c) => {
    const request = await createSubscriptionRequest(c.env.DB, c.var.user.id, c.req.valid('json'));
    return c.json({ request } satisfies SubscriptionCreatedAnswer, 201);
  },
);

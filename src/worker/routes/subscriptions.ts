import { subscriptionCreatedAnswerSchema } from '../../shared/api/subscriptions';
import { subscriptionRequestSchema } from '../../shared/auth';
import { requireUser } from '../auth/middleware';
import { createSubscriptionRequest } from '../db/subscriptions';
import { apiRoute, apiRouter, jsonAnswer, jsonBody } from '../openapi/api-route';

const subscribeRoute = apiRoute({
  method: 'post',
  path: '/',
  tags: ['Account'],
  summary: 'Record a Subscribe Now request (no payment is taken)',
  description:
    'Signed in: records a Subscribe Now request `{plan, billingPeriod, currency}` for a currency this server takes no payment in (no payment is taken).',
  rules: { access: 'user', errors: [400] },
  middleware: [requireUser] as const,
  request: { body: jsonBody(subscriptionRequestSchema) },
  responses: { 201: jsonAnswer('The recorded request', subscriptionCreatedAnswerSchema) },
});

/** "Subscribe Now": records the request for admins; no payment is taken here. */
export const subscriptions = apiRouter().openapi(subscribeRoute, async (c) => {
  const request = await createSubscriptionRequest(c.env.DB, c.var.user.id, c.req.valid('json'));
  return c.json({ request }, 201);
});

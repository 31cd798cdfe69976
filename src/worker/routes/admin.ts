import { $ } from '@hono/zod-openapi';
import {
  contactMessagesAnswerSchema,
  subscriptionRequestsAnswerSchema,
  userPageSchema,
  userQuerySchema,
} from '../../shared/api/admin';
import { userAnswerSchema } from '../../shared/api/auth';
import { adminUserPatchSchema } from '../../shared/auth';
import { ApiError } from '../errors';
import { publicUser, searchUsers, updateUser } from '../db/users';
import { listContactMessages } from '../db/contact-messages';
import { listSubscriptionRequests } from '../db/subscriptions';
import { listSubscriptions } from '../db/billing';
import { requireAdmin } from '../auth/middleware';
import { revokeUserSessions } from '../db/sessions';
import { apiRoute, apiRouter, jsonAnswer, jsonBody } from '../openapi/api-route';

const usersRoute = apiRoute({
  method: 'get',
  path: '/users',
  tags: ['Admin'],
  summary: 'Search users',
  description:
    'Admins only: search users by `query`, a `page` at a time, each with their role, plan and backtests this month.',
  rules: { access: 'admin', errors: [400] },
  request: { query: userQuerySchema },
  responses: { 200: jsonAnswer('One page of users', userPageSchema) },
});

const changeUserRoute = apiRoute({
  method: 'patch',
  path: '/users/{id}',
  tags: ['Admin'],
  summary: "Change a user's role or plan (ends their sessions)",
  description:
    "Admins only: change a user's role or plan; that user's sessions end, so the change takes effect at once.",
  rules: { access: 'admin', errors: [400, 404] },
  request: { body: jsonBody(adminUserPatchSchema) },
  responses: { 200: jsonAnswer('The updated user', userAnswerSchema) },
});

const messagesRoute = apiRoute({
  method: 'get',
  path: '/messages',
  tags: ['Admin'],
  summary: 'Contact messages, newest first',
  description: 'Admins only: the messages sent through the contact form, newest first.',
  rules: { access: 'admin' },
  responses: { 200: jsonAnswer('The messages', contactMessagesAnswerSchema) },
});

const subscriptionsRoute = apiRoute({
  method: 'get',
  path: '/subscriptions',
  tags: ['Admin'],
  summary: 'Subscription requests, newest first',
  description:
    'Admins only: the paid subscriptions and the subscription requests (Subscribe Now), newest first.',
  rules: { access: 'admin' },
  responses: { 200: jsonAnswer('The requests', subscriptionRequestsAnswerSchema) },
});

export const admin = $(apiRouter().use(requireAdmin))
  .openapi(usersRoute, async (c) => {
    const { query, page } = c.req.valid('query');
    return c.json(await searchUsers(c.env.DB, query, page), 200);
  })
  .openapi(changeUserRoute, async (c) => {
    const changes = c.req.valid('json');
    const updated = await updateUser(c.env.DB, c.req.param('id'), changes);
    if (!updated) throw new ApiError(404, 'No user has this id.');
    // New permissions take effect at once: the user's other sessions end (docs/accounts.md#roles-and-admins).
    await revokeUserSessions(c.env.DB, updated.id, c.get('sessionIdHash'));
    return c.json({ user: publicUser(updated) }, 200);
  })
  .openapi(messagesRoute, async (c) => c.json({ messages: await listContactMessages(c.env.DB) }, 200))
  .openapi(subscriptionsRoute, async (c) =>
    c.json(
      {
        subscriptions: await listSubscriptions(c.env.DB),
        requests: await listSubscriptionRequests(c.env.DB),
      },
      200,
    ),
  );

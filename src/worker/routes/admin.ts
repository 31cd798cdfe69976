import { Hono } from 'hono';
import {
  type ContactMessagesAnswer,
  type SubscriptionRequestsAnswer,
  type UserPage,
  userQuerySchema,
} from '../../shared/api/admin';
import type { UserAnswer } from '../../shared/api/auth';
import { adminUserPatchSchema } from '../../shared/auth';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validation';
import { publicUser, searchUsers, updateUser } from '../db/users';
import { listContactMessages } from '../db/contact-messages';
import { listSubscriptionRequests } from '../db/subscriptions';
import { listSubscriptions } from '../db/billing';
import { requireAdmin } from '../auth/middleware';
import { revokeUserSessions } from '../db/sessions';

export const admin = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/users', validate('query', userQuerySchema), async (c) => {
    const { query, page } = c.req.valid('query');
    return c.json((await searchUsers(c.env.DB, query, page)) satisfies UserPage);
  })

  .patch('/users/:id', validate('json', adminUserPatchSchema), async (c) => {
    const changes = c.req.valid('json');
    const updated = await updateUser(c.env.DB, c.req.param('id'), changes);
    if (!updated) throw new ApiError(404, 'No user has this id.');
    // New permissions take effect at once: the user's other sessions end (docs/accounts.md#roles-and-admins).
    await revokeUserSessions(c.env.DB, updated.id, c.get('sessionIdHash'));
    return c.json({ user: publicUser(updated) } satisfies UserAnswer);
  })

  .get('/messages', async (c) =>
    c.json({ messages: await listContactMessages(c.env.DB) } satisfies ContactMessagesAnswer),
  )

  .get('/subscriptions', async (c) =>
    c.json({
      subscriptions: await listSubscriptions(c.env.DB),
      requests: await listSubscriptionRequests(c.env.DB),
    } satisfies SubscriptionRequestsAnswer),
  );

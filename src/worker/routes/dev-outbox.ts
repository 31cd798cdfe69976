/** GET /api/dev/outbox: the mails kept instead of sent, in development only (404 elsewhere). */
import { Hono } from 'hono';
import type { OutboxMail } from '../../shared/api/account';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { readOutbox } from '../mail/outbox';
import { isDevelopment } from '../mail/send-mail';

export const devOutbox = new Hono<AppEnv>().get('/outbox', async (c) => {
  if (!isDevelopment(c.env)) throw new ApiError(404, `No API route matches GET ${c.req.path}`);
  return c.json((await readOutbox(c.env.CACHE)) satisfies OutboxMail[]);
});

/** GET /api/dev/outbox: the mails kept instead of sent, in development only (404 elsewhere). */
import { outboxSchema } from '../../shared/api/account';
import { ApiError } from '../errors';
import { readOutbox } from '../mail/outbox';
import { isDevelopment } from '../mail/send-mail';
import { apiRoute, apiRouter, jsonAnswer } from '../openapi/api-route';

const outboxRoute = apiRoute({
  method: 'get',
  path: '/outbox',
  tags: ['Account'],
  summary: 'Development only: the mails the server would have sent (404 elsewhere)',
  description:
    'In development without `EMAIL_API_KEY`: `[{to, subject, text, html, sentAt}]`, the mails of the last day (kept in KV); 404 in any other environment.',
  rules: { access: 'public', errors: [404] },
  responses: { 200: jsonAnswer('The outbox, newest first', outboxSchema) },
});

export const devOutbox = apiRouter().openapi(outboxRoute, async (c) => {
  if (!isDevelopment(c.env)) throw new ApiError(404, `No API route matches GET ${c.req.path}`);
  return c.json(await readOutbox(c.env.CACHE), 200);
});

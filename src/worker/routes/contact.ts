import { createMiddleware } from 'hono/factory';
import { contactReceiptSchema } from '../../shared/api/contact';
import { contactMessageSchema } from '../../shared/contact';
import { insertContactMessage } from '../db/contact-messages';
import { type RateLimit, countEvent } from '../db/rate-limits';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { apiRoute, apiRouter, invalidRequest, jsonAnswer, jsonBody } from '../openapi/api-route';
import { clientIp } from '../security/rate-limit';

/** Five messages a minute per IP . */
export const CONTACT_RATE_LIMIT: RateLimit = { name: 'contact-ip', limit: 5, windowMs: 60_000 };

/**
 * Every attempt counts, valid or not: the form checks its fields before sending, so only
 * scripts hit the limit with invalid bodies.
 */
const limitPerIp = createMiddleware<AppEnv>(async (c, next) => {
  const state = await countEvent(c.env.DB, CONTACT_RATE_LIMIT, clientIp(c.req.raw.headers));
  if (!state.allowed) {
    throw new ApiError(
      429,
      `You have sent too many messages in a short time. Please wait ${state.retryAfterSeconds} seconds and try again.`,
      { headers: { 'Retry-After': String(state.retryAfterSeconds) } },
    );
  }
  return next();
});

const contactRoute = apiRoute({
  method: 'post',
  path: '/',
  tags: ['Account'],
  summary: 'Send a message through the contact form',
  description:
    '`{name, email, subject, message, source}` → 201; 400 with the invalid fields; 429 over 5 messages a minute per IP.',
  rules: { access: 'public', errors: [400, 429] },
  middleware: [limitPerIp] as const,
  request: { body: jsonBody(contactMessageSchema) },
  responses: { 201: jsonAnswer('The message was stored', contactReceiptSchema) },
});

/** POST /api/contact: stores a message from the contact or support form. */
export const contact = apiRouter().openapi(
  contactRoute,
  async (c) => {
    const id = await insertContactMessage(c.env.DB, c.req.valid('json'), clientIp(c.req.raw.headers));
    return c.json({ id }, 201);
  },
  invalidRequest('Some fields need attention.'),
);

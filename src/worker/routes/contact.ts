import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContactReceipt } from '../../shared/api/contact';
import { contactMessageSchema } from '../../shared/contact';
import { toFieldErrors } from '../../shared/validation-errors';
import type { AppEnv } from '../env';
import { jsonError } from '../errors';
import { clientIp, countEvent, type RateLimit } from '../security/rate-limit';

/** Five messages a minute per IP (issue 3). */
export const CONTACT_RATE_LIMIT: RateLimit = { name: 'contact-ip', limit: 5, windowMs: 60_000 };

/**
 * Every attempt counts, valid or not: the form checks its fields before sending, so only
 * scripts hit the limit with invalid bodies.
 */
const limitPerIp = createMiddleware<AppEnv>(async (c, next) => {
  const state = await countEvent(c.env.DB, CONTACT_RATE_LIMIT, clientIp(c.req.raw.headers));
  if (!state.allowed) {
    c.header('Retry-After', String(state.retryAfterSeconds));
    return jsonError(
      c,
      429,
      `You have sent too many messages in a short time. Please wait ${state.retryAfterSeconds} seconds and try again.`,
    );
  }
  return next();
});

const validMessage = zValidator('json', contactMessageSchema, (result, c) => {
  if (!result.success) {
    return jsonError(c, 400, 'Some fields need attention.', toFieldErrors(result.error));
  }
});

/** POST /api/contact: stores a message from the contact or support form. */
export const contact = new Hono<AppEnv>().post('/', limitPerIp, validMessage, async (c) => {
  const message = c.req.valid('json');
  const receipt: ContactReceipt = { id: crypto.randomUUID() };
  await c.env.DB.prepare(
    `INSERT INTO contact_messages (id, name, email, subject, message, source, ip)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
  )
    .bind(
      receipt.id,
      message.name,
      message.email,
      message.subject,
      message.message,
      message.source,
      clientIp(c.req.raw.headers),
    )
    .run();
  return c.json(receipt, 201);
});

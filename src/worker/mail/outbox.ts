/**
 * The development outbox: without EMAIL_API_KEY, mail is kept here (KV, a day) and printed in the
 * dev server's log instead of being sent. GET /api/dev/outbox lists it in development only.
 */
import type { OutboxMail } from '../../shared/api/account';
import type { Mail } from './compose';

const PREFIX = 'outbox:';
const KEEP_SECONDS = 24 * 60 * 60;

export async function keepInOutbox(kv: KVNamespace, mail: Mail, now = new Date()): Promise<void> {
  const kept: OutboxMail = {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    sentAt: now.toISOString(),
  };
  // The time first, so the keys list in the order the mails were sent.
  await kv.put(`${PREFIX}${kept.sentAt}:${crypto.randomUUID()}`, JSON.stringify(kept), {
    expirationTtl: KEEP_SECONDS,
  });
  console.log(`Mail to ${mail.to} (outbox, not sent): ${mail.subject}\n${mail.text}`);
}

/** Every mail of the outbox, oldest first. */
export async function readOutbox(kv: KVNamespace): Promise<OutboxMail[]> {
  const { keys } = await kv.list({ prefix: PREFIX });
  const mails = await Promise.all(keys.map((key) => kv.get<OutboxMail>(key.name, 'json')));
  return mails.filter((mail): mail is OutboxMail => mail !== null);
}

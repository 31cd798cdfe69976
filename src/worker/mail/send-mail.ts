/**
 * Sends mail through Resend's HTTP API (POST {EMAIL_API_URL}/emails, Bearer EMAIL_API_KEY,
 * JSON {from, to, subject, text, html}). Without a key, mail goes to the outbox in development
 * and is dropped with a warning elsewhere (nothing to send it with).
 */
import type { Context } from 'hono';
import type { AppEnv, Env } from '../env';
import type { Mail } from './compose';
import { keepInOutbox } from './outbox';

export const DEFAULT_EMAIL_API_URL = 'https://api.resend.com';
const SEND_TIMEOUT_MS = 10_000;

type MailEnv = Pick<Env, 'EMAIL_API_KEY' | 'EMAIL_FROM' | 'EMAIL_API_URL' | 'ENVIRONMENT' | 'CACHE'>;

export function isDevelopment(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT === 'development';
}

export async function sendMail(env: MailEnv, mail: Mail): Promise<void> {
  if (!env.EMAIL_API_KEY) {
    if (isDevelopment(env)) return keepInOutbox(env.CACHE, mail);
    console.warn(`EMAIL_API_KEY is not set: a mail to ${mail.to} ("${mail.subject}") was not sent.`);
    return;
  }
  if (!env.EMAIL_FROM) throw new Error('EMAIL_FROM must be set along with EMAIL_API_KEY');
  const headers = new Headers({
    authorization: `Bearer ${env.EMAIL_API_KEY}`,
    'content-type': 'application/json',
  });
  if (mail.idempotencyKey) headers.set('idempotency-key', mail.idempotencyKey);
  const base = (env.EMAIL_API_URL ?? DEFAULT_EMAIL_API_URL).replace(/\/+$/, '');
  const res = await fetch(`${base}/emails`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      from: env.EMAIL_FROM,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    }),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  if (!res.ok) {
    const detail = await res.text().catch(() => '');
    throw new Error(`The mail provider refused a mail (${res.status}): ${detail.slice(0, 300)}`);
  }
}

/**
 * Sends after the answer has gone (waitUntil): the answer's content and timing never depend on
 * the mail, and a failure is logged, not shown.
 */
export function sendAfterResponse<E extends AppEnv>(c: Context<E>, mail: Promise<Mail | null>): void {
  c.executionCtx.waitUntil(
    mail
      .then((ready) => (ready ? sendMail(c.env, ready) : undefined))
      .catch((error: unknown) => console.error('A mail could not be sent', error)),
  );
}

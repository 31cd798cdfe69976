/**
 * Every mail the site sends, in one layout: a plain-text part and an HTML part with the same
 * words, the product's name, and at most one link (the only secret a mail may carry).
 */
import { html, raw } from 'hono/html';

export const PRODUCT_NAME = 'Backtest Studio';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent as Resend's Idempotency-Key: a retried send of the same mail delivers it once. */
  idempotencyKey?: string;
}

export interface MailContent {
  to: string;
  subject: string;
  /** Greeting and sentences, one paragraph each. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Sentences after the link (its validity, what to do if it was not you). */
  after?: string[];
  idempotencyKey?: string;
}

export async function composeMail(content: MailContent): Promise<Mail> {
  const after = content.after ?? [];
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...after,
    `— ${PRODUCT_NAME}`,
  ].join('\n\n');
  const paragraph = (line: string) => html`<p>${line}</p>`;
  const body = await html`<!doctype html>
    <html>
      <body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a">
        <p style="font-weight: bold">${PRODUCT_NAME}</p>
        ${content.paragraphs.map(paragraph)}
        ${content.action ? html`<p><a href="${content.action.url}">${content.action.label}</a></p>` : raw('')}
        ${after.map(paragraph)}
        <p>— ${PRODUCT_NAME}</p>
      </body>
    </html>`;
  return {
    to: content.to,
    subject: `${content.subject} · ${PRODUCT_NAME}`,
    text,
    html: body.toString(),
    ...(content.idempotencyKey ? { idempotencyKey: content.idempotencyKey } : {}),
  };
}

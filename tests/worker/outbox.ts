/** Reading the development outbox in tests, as a developer reads GET /api/dev/outbox. */
import type { OutboxMail } from '../../src/shared/api/account';
import { TestBrowser } from './test-client';

export async function outboxFor(email: string): Promise<OutboxMail[]> {
  const res = await new TestBrowser().request('/api/dev/outbox');
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
  return ((await res.json()) as OutboxMail[]).filter((mail) => mail.to === email.toLowerCase());
}

/** The token of the link to `path` in a mail's text. */
export function tokenIn(mail: OutboxMail | { text: string }, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return match[1]!;
}

/** The newest mail to `email` whose subject starts with `subject`, and the token of its link. */
export async function latestLink(email: string, subject: string, path: string) {
  const mails = (await outboxFor(email)).filter((mail) => mail.subject.startsWith(subject));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no "${subject}" mail to ${email}`);
  return { mail, token: tokenIn(mail, path) };
}

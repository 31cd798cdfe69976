/**
 * A local fake of Resend's send-email API (POST /emails), answering the worker's outbound
 * fetches in tests. It checks what Resend checks (Bearer key, JSON with from, to, subject and a
 * body) and honours Idempotency-Key. The API key chooses the behaviour ("<mode>:<anything>",
 * mode `ok` or `down`), and the mails accepted for a key are listed at
 * GET https://<host>/__sent?key=.
 */
export const FAKE_RESEND_HOST = 'fake-resend.test';

export interface SentMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string | null;
}

const sent = new Map<string, SentMail[]>();
const idempotent = new Map<string, string>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const resendError = (status: number, name: string, message: string) =>
  json(status, { statusCode: status, name, message });

/** Bindings that send the worker's mail to the fake, under a key of its own. */
export function fakeResend(mode: 'ok' | 'down' = 'ok') {
  const key = `${mode}:${crypto.randomUUID()}`;
  return {
    key,
    bindings: {
      EMAIL_API_KEY: key,
      EMAIL_FROM: 'Backtest Studio <no-reply@backtest.test>',
      EMAIL_API_URL: `https://${FAKE_RESEND_HOST}`,
    },
  };
}

/** The mails the fake accepted under `key`, oldest first. */
export async function sentWith(key: string): Promise<SentMail[]> {
  const res = await fetch(`https://${FAKE_RESEND_HOST}/__sent?key=${encodeURIComponent(key)}`);
  return ((await res.json()) as { mails: SentMail[] }).mails;
}

export async function fakeResendApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/__sent')
    return json(200, { mails: sent.get(url.searchParams.get('key') ?? '') ?? [] });
  if (url.pathname !== '/emails' || request.method !== 'POST') {
    return resendError(404, 'not_found', 'The requested endpoint does not exist.');
  }
  const key = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!key) return resendError(401, 'missing_api_key', 'Missing API key in the authorization header.');
  if (key.startsWith('down:'))
    return resendError(500, 'internal_server_error', 'An unexpected error occurred.');

  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  const to = typeof body?.to === 'string' ? [body.to] : body?.to;
  if (
    !body ||
    typeof body.from !== 'string' ||
    !Array.isArray(to) ||
    typeof body.subject !== 'string' ||
    (typeof body.text !== 'string' && typeof body.html !== 'string')
  ) {
    return resendError(422, 'validation_error', 'from, to, subject and text or html are required.');
  }
  const idempotencyKey = request.headers.get('idempotency-key');
  const seen = idempotencyKey ? idempotent.get(`${key} ${idempotencyKey}`) : undefined;
  if (seen) return json(200, { id: seen });

  const id = crypto.randomUUID();
  if (idempotencyKey) idempotent.set(`${key} ${idempotencyKey}`, id);
  sent.set(key, [
    ...(sent.get(key) ?? []),
    {
      from: body.from,
      to: to as string[],
      subject: body.subject,
      text: String(body.text ?? ''),
      html: String(body.html ?? ''),
      idempotencyKey,
    },
  ]);
  return json(200, { id });
}

/**
 * Forward-test webhooks: a JSON POST per signal, signed with HMAC-SHA256 of the exact body under
 * the test's secret (hex in X-Backtest-Studio-Signature, as `sha256=<hex>`), retried with
 * backoff, and never sent to a loopback, private or link-local address unless the server allows
 * it (FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE=true, tests and local development only).
 */
import type { WebhookBody } from '../../shared/api/forward-tests';
import type { Env } from '../env';

export const SIGNATURE_HEADER = 'X-Backtest-Studio-Signature';
/** Waits before the 2nd, 3rd and 4th attempts; an answer of 2xx ends them. */
export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 30_000] as const;
const WEBHOOK_TIMEOUT_MS = 10_000;

/** A new webhook secret: 32 random bytes, hex. */
export function newWebhookSecret(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

export async function signatureOf(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return `sha256=${[...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const allowsPrivate = (env: Pick<Env, 'FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE'>) =>
  env.FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE === 'true';

function privateIpv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255))
    return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

function privateIpv6(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!address.includes(':')) return false;
  if (address === '::' || address === '::1') return true;
  // An IPv4-mapped address, as written (::ffff:127.0.0.1) or as URL writes it (::ffff:7f00:1).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return privateIpv4(mapped[1]!);
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mappedHex) {
    const [high, low] = [parseInt(mappedHex[1]!, 16), parseInt(mappedHex[2]!, 16)];
    return privateIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(address);
}

/** Why a webhook may not go to `url` (a sentence for a 400), or null when it may. */
export function webhookRefusal(
  env: Pick<Env, 'FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE'>,
  url: string,
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The webhook URL is not a URL.';
  }
  if (allowsPrivate(env))
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
      ? null
      : 'The webhook URL must use https.';
  if (parsed.protocol !== 'https:') return 'The webhook URL must use https.';
  const host = parsed.hostname.toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    privateIpv4(host) ||
    privateIpv6(host)
  ) {
    return 'The webhook URL points to a loopback, private or link-local address: use a public https address.';
  }
  return null;
}

export interface WebhookDelivery {
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
}

/**
 * POSTs `body` to `url`, signed, until it answers 2xx or the retries run out. `wait` is the
 * pause between attempts (a test passes one that does not sleep).
 */
export async function deliverWebhook(
  env: Pick<Env, 'FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE'>,
  url: string,
  secret: string,
  body: WebhookBody,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<WebhookDelivery> {
  const refusal = webhookRefusal(env, url);
  if (refusal !== null) {
    console.error(`A forward-test webhook was not sent: ${refusal}`);
    return { attempts: 0, delivered: false, lastStatus: null };
  }
  const text = JSON.stringify(body);
  const signature = await signatureOf(secret, text);
  let lastStatus: number | null = null;
  for (let attempt = 0; attempt <= WEBHOOK_RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await wait(WEBHOOK_RETRY_DELAYS_MS[attempt - 1]!);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        body: text,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      lastStatus = response.status;
      await response.body?.cancel();
      if (response.ok) return { attempts: attempt + 1, delivered: true, lastStatus };
    } catch {
      lastStatus = null;
    }
  }
  console.error(
    `A forward-test webhook to ${new URL(url).host} failed after ${WEBHOOK_RETRY_DELAYS_MS.length + 1} attempts`,
  );
  return { attempts: WEBHOOK_RETRY_DELAYS_MS.length + 1, delivered: false, lastStatus };
}

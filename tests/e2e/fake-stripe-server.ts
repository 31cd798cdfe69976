/**
 * The fake Stripe of the end-to-end run, on loopback: the API the worker calls
 * (tests/worker/fakes/stripe-api.ts) and a hosted Checkout page. Paying on that page does what
 * Stripe does: the subscription starts, the signed webhooks reach the app, and the browser goes
 * back to the session's success URL.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { fakeStripeApi } from '../worker/fakes/stripe-api';
import type { FakeStripeSubscription } from '../worker/fakes/stripe-api';
import { checkoutPaidEvents, stripeSignature } from '../worker/fakes/stripe-events';

/** Test keys of the e2e run's Stripe account (never real ones). */
export const E2E_STRIPE = {
  secretKey: 'sk_test_e2e_backtest_studio',
  webhookSecret: 'whsec_e2e_backtest_studio',
};

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Fake Stripe Checkout</title></head>
<body><h1>Fake Stripe Checkout</h1><p>Test mode: nothing is charged.</p>
<form method="post"><button type="submit">Pay</button></form></body></html>`;

async function payAndNotify(origin: string, sessionId: string, key: string): Promise<string> {
  const paid = await fakeStripeApi(
    new Request(`${origin}/__test/pay/${sessionId}?key=${encodeURIComponent(key)}`),
  );
  const { session, subscription } = (await paid.json()) as {
    session: { success_url: string };
    subscription: FakeStripeSubscription;
  };
  const webhook = new URL('/api/billing/webhooks/stripe', session.success_url);
  for (const event of checkoutPaidEvents(session, subscription, Math.floor(Date.now() / 1000))) {
    const body = JSON.stringify(event);
    const res = await fetch(webhook, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': await stripeSignature(E2E_STRIPE.webhookSecret, body),
      },
      body,
    });
    if (!res.ok) throw new Error(`the app refused ${event.type}: ${res.status} ${await res.text()}`);
  }
  return session.success_url;
}

export async function startFakeStripe(): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    void (async () => {
      const origin = `http://${req.headers.host}`;
      const url = new URL(req.url ?? '/', origin);
      const page = /^\/pay\/([\w-]+)$/.exec(url.pathname);
      if (page && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        return;
      }
      if (page && req.method === 'POST') {
        await bodyOf(req);
        const back = await payAndNotify(origin, page[1]!, url.searchParams.get('key') ?? '');
        res.writeHead(303, { location: back }).end();
        return;
      }
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : (await bodyOf(req)).toString();
      const answer = await fakeStripeApi(
        new Request(url, {
          method: req.method,
          headers: Object.entries(req.headers).flatMap(([name, value]) =>
            typeof value === 'string' ? [[name, value] as [string, string]] : [],
          ),
          body,
        }),
      );
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the fake Stripe has no port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

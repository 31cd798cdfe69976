/**
 * A local fake of the few Stripe API endpoints the app calls, with Stripe's request shapes
 * (form-encoded, bearer key) and answer shapes (API version 2025-03-31 on: period dates on the
 * subscription items). State is kept per secret key, so each test is its own Stripe account.
 * It runs in Node: as miniflare's outboundService in worker tests, behind node:http in e2e.
 *
 * Test hooks under /__test/: the recorded requests, and "pay" a checkout session (what the
 * hosted page does), which creates the subscription and answers it with the session.
 */
export const FAKE_STRIPE_HOST = 'fake-stripe.test';

const DAY = 86_400;

export interface FakeStripeSubscription {
  id: string;
  object: 'subscription';
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  schedule: string | null;
  customer: string;
  latest_invoice: string | null;
  created: number;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: {
        id: string;
        object: 'price';
        product: string;
        unit_amount: number;
        currency: string;
        recurring: { interval: string };
      };
    }[];
  };
}

interface Account {
  requests: { method: string; path: string; form: Record<string, string> }[];
  /** Each paid invoice's payment (the PaymentIntent a refund names). */
  invoicePayments: Map<string, string>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  products: Map<string, { id: string; name: string | undefined }>;
  sessions: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, FakeStripeSubscription>;
  schedules: Map<string, Record<string, unknown> & { phases: Record<string, unknown>[] }>;
}

const accounts = new Map<string, Account>();

function account(key: string): Account {
  let found = accounts.get(key);
  if (!found) {
    found = {
      requests: [],
      invoicePayments: new Map(),
      refunds: [],
      products: new Map(),
      sessions: new Map(),
      subscriptions: new Map(),
      schedules: new Map(),
    };
    accounts.set(key, found);
  }
  return found;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notFound = (what: string) =>
  json(404, { error: { type: 'invalid_request_error', message: `No such ${what}` } });
const id = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;

/** `a[b][0][c]=v` form keys as written; metadata read back as an object. */
function prefixed(form: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form)
      .filter(([key]) => key.startsWith(`${prefix}[`))
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );
}

const intervalSeconds = (interval: string) => (interval === 'year' ? 365 * DAY : 30 * DAY);

/** Pays a checkout session: the subscription starts now for one interval. */
function pay(acct: Account, sessionId: string, now: number) {
  const session = acct.sessions.get(sessionId);
  // Stripe's page refuses a session that expired or was already paid.
  if (!session || session.status !== 'open') return null;
  const form = session.form as Record<string, string>;
  const interval = form['line_items[0][price_data][recurring][interval]']!;
  const invoice = id('in');
  acct.invoicePayments.set(invoice, id('pi'));
  const subscription: FakeStripeSubscription = {
    id: id('sub'),
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: false,
    metadata: prefixed(form, 'subscription_data[metadata]'),
    schedule: null,
    customer: id('cus'),
    latest_invoice: invoice,
    created: now,
    items: {
      object: 'list',
      data: [
        {
          id: id('si'),
          object: 'subscription_item',
          quantity: 1,
          current_period_start: now,
          current_period_end: now + intervalSeconds(interval),
          price: {
            id: id('price'),
            object: 'price',
            product: id('prod'),
            unit_amount: Number(form['line_items[0][price_data][unit_amount]']),
            currency: form['line_items[0][price_data][currency]']!,
            recurring: { interval },
          },
        },
      ],
    },
  };
  acct.subscriptions.set(subscription.id, subscription);
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    subscription: subscription.id,
    customer: subscription.customer,
  });
  const { form: _form, ...answer } = session;
  return { session: answer, subscription };
}

export async function fakeStripeApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  if (path.startsWith('/__test/')) {
    const acct = account(url.searchParams.get('key') ?? '');
    if (path === '/__test/requests') return json(200, acct.requests);
    const paid = path.startsWith('/__test/pay/')
      ? pay(acct, path.slice('/__test/pay/'.length), Math.floor(Date.now() / 1000))
      : null;
    return paid ? json(200, paid) : notFound('open session');
  }
  const key = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
  if (!key.startsWith('sk_'))
    return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
  const acct = account(key);
  const form = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? '' : await request.text()));
  acct.requests.push({ method: request.method, path, form });
  const now = Math.floor(Date.now() / 1000);
  const segments = path.split('/').slice(2); // after /v1

  if (request.method === 'POST' && path === '/v1/checkout/sessions') {
    if (form.mode !== 'subscription') return json(400, { error: { message: 'mode must be subscription' } });
    const sessionId = id('cs_test');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata: prefixed(form, 'metadata'),
      subscription: null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      url: `${url.origin}/pay/${sessionId}?key=${encodeURIComponent(key)}`,
      created: now,
      form,
    };
    acct.sessions.set(sessionId, session);
    const { form: _form, ...answer } = session;
    return json(200, answer);
  }
  if (request.method === 'POST' && segments[0] === 'checkout' && segments[3] === 'expire') {
    const session = acct.sessions.get(segments[2] ?? '');
    if (!session) return notFound('checkout.session');
    if (session.status !== 'open') {
      return json(400, {
        error: { message: 'Only Checkout Sessions with a status of `open` can be expired.' },
      });
    }
    session.status = 'expired';
    const { form: _form, ...answer } = session;
    return json(200, answer);
  }
  if (request.method === 'GET' && path === '/v1/invoice_payments') {
    const invoice = url.searchParams.get('invoice') ?? '';
    const intent = acct.invoicePayments.get(invoice);
    const data = intent
      ? [
          {
            id: id('inpay'),
            object: 'invoice_payment',
            invoice,
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: intent },
          },
        ]
      : [];
    return json(200, { object: 'list', data, has_more: false, url: path });
  }
  if (path === '/v1/refunds') {
    if (request.method === 'GET') {
      const data = acct.refunds.filter((r) => r.payment_intent === url.searchParams.get('payment_intent'));
      return json(200, { object: 'list', data, has_more: false, url: path });
    }
    const refund = {
      id: id('re'),
      object: 'refund',
      payment_intent: form.payment_intent ?? '',
      amount: 0,
      status: 'succeeded',
    };
    if (acct.refunds.some((r) => r.payment_intent === refund.payment_intent)) {
      return json(400, {
        error: { code: 'charge_already_refunded', message: 'Charge has already been refunded.' },
      });
    }
    acct.refunds.push(refund);
    return json(200, refund);
  }
  if (path === '/v1/products' && request.method === 'POST') {
    const product = { id: form.id ?? id('prod'), object: 'product', name: form.name, created: now };
    if (acct.products.has(product.id)) {
      return json(400, { error: { code: 'resource_already_exists', message: 'Product already exists.' } });
    }
    acct.products.set(product.id, product);
    return json(200, product);
  }
  if (segments[0] === 'products' && segments[1] && request.method === 'GET') {
    const product = acct.products.get(segments[1]);
    return product ? json(200, product) : notFound('product');
  }
  if (segments[0] === 'subscriptions' && segments[1]) {
    const subscription = acct.subscriptions.get(segments[1]);
    if (!subscription) return notFound('subscription');
    if (request.method === 'DELETE') {
      subscription.status = 'canceled';
      return json(200, subscription);
    }
    if (request.method === 'POST') {
      if (subscription.schedule && form.cancel_at_period_end !== undefined) {
        return json(400, { error: { message: 'The subscription is managed by the subscription schedule' } });
      }
      if (form.cancel_at_period_end !== undefined)
        subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
    }
    return json(200, subscription);
  }
  if (segments[0] === 'subscription_schedules') {
    if (request.method === 'POST' && !segments[1]) {
      const subscription = acct.subscriptions.get(form.from_subscription ?? '');
      if (!subscription) return notFound('subscription');
      const item = subscription.items.data[0]!;
      const schedule = {
        id: id('sub_sched'),
        object: 'subscription_schedule',
        subscription: subscription.id,
        status: 'active',
        end_behavior: 'release',
        current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: [{ price: item.price.id, quantity: 1 }],
          },
        ],
      };
      subscription.schedule = schedule.id;
      acct.schedules.set(schedule.id, schedule);
      return json(200, schedule);
    }
    const schedule = acct.schedules.get(segments[1] ?? '');
    if (!schedule) return notFound('subscription_schedule');
    if (request.method === 'POST' && segments[2] === 'release') {
      schedule.status = 'released';
      const subscription = acct.subscriptions.get(schedule.subscription as string);
      if (subscription) subscription.schedule = null;
    } else if (request.method === 'POST') {
      if (form.end_behavior) schedule.end_behavior = form.end_behavior;
      // Each phase as Stripe shows it: inline price_data becomes a price of its own.
      schedule.phases = [0, 1]
        .filter((n) => form[`phases[${n}][items][0][quantity]`] !== undefined)
        .map((n) => ({
          start_date: Number(form[`phases[${n}][start_date]`] ?? 0),
          end_date: Number(form[`phases[${n}][end_date]`] ?? 0),
          items: [{ price: form[`phases[${n}][items][0][price]`] ?? id('price'), quantity: 1 }],
        }));
    }
    return json(200, schedule);
  }
  return notFound(`route ${request.method} ${path}`);
}

/**
 * A local fake of the few Razorpay endpoints the app calls (JSON bodies, HTTP basic auth with
 * key_id:key_secret, amounts in paise), answering with Razorpay's plan and subscription
 * entities. State is kept per key id, so each test is its own Razorpay account. It runs in
 * Node: as miniflare's outboundService in worker tests, behind node:http in e2e.
 *
 * Test hooks under /__test/: the recorded requests, and "pay" a subscription (what the hosted
 * page does), which activates it and answers the subscription with its first payment.
 */
export const FAKE_RAZORPAY_HOST = 'fake-razorpay.test';

const DAY = 86_400;

export interface FakeRazorpaySubscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  status: string;
  current_start: number | null;
  current_end: number | null;
  charge_at: number | null;
  total_count: number;
  paid_count: number;
  notes: Record<string, string>;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  created_at: number;
}

interface Account {
  requests: { method: string; path: string; body: Record<string, unknown> | null }[];
  plans: Map<string, { id: string; period: string; item: { amount: number } }>;
  subscriptions: Map<string, FakeRazorpaySubscription>;
  /** Scheduled at the cycle's end: a plan change, or a cancellation. */
  scheduled: Map<string, { planId?: string; cancel?: boolean }>;
  /** Payments refunded, by payment id. */
  refunds: Map<string, { id: string; entity: 'refund'; payment_id: string; status: string }>;
}

const accounts = new Map<string, Account>();

function account(keyId: string): Account {
  let found = accounts.get(keyId);
  if (!found) {
    found = {
      requests: [],
      plans: new Map(),
      subscriptions: new Map(),
      scheduled: new Map(),
      refunds: new Map(),
    };
    accounts.set(keyId, found);
  }
  return found;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const badRequest = (description: string) =>
  json(400, {
    error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', reason: 'input_validation_failed' },
  });
const id = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`;

/** The key id of a basic-auth header whose secret is `secret_<key id>` (the tests' convention). */
function keyIdOf(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  if (!header.startsWith('Basic ')) return null;
  const [keyId, secret] = atob(header.slice(6)).split(':');
  return keyId && secret === `secret_${keyId}` ? keyId : null;
}

function pay(acct: Account, subscriptionId: string, now: number) {
  const subscription = acct.subscriptions.get(subscriptionId);
  // The hosted page of a subscription cancelled before it was paid is no longer payable.
  if (!subscription || subscription.status !== 'created') return null;
  const plan = [...acct.plans.values()].find((p) => p.id === subscription.plan_id)!;
  const length = plan.period === 'yearly' ? 365 * DAY : 30 * DAY;
  Object.assign(subscription, {
    status: 'active',
    current_start: now,
    current_end: now + length,
    charge_at: now + length,
    paid_count: 1,
  });
  const payment = {
    id: id('pay'),
    entity: 'payment',
    amount: plan.item.amount,
    currency: 'INR',
    status: 'captured',
    method: 'upi',
    created_at: now,
  };
  return { subscription, payment };
}

export async function fakeRazorpayApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  if (path.startsWith('/__test/')) {
    const acct = account(url.searchParams.get('key') ?? '');
    if (path === '/__test/requests') return json(200, acct.requests);
    if (path === '/__test/scheduled') return json(200, Object.fromEntries(acct.scheduled));
    if (path === '/__test/refunds') return json(200, [...acct.refunds.values()]);
    const paid = path.startsWith('/__test/pay/')
      ? pay(acct, path.slice('/__test/pay/'.length), Math.floor(Date.now() / 1000))
      : null;
    return paid ? json(200, paid) : json(404, { error: { description: 'no such subscription' } });
  }
  const keyId = keyIdOf(request);
  if (!keyId)
    return json(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
  const acct = account(keyId);
  const text = request.method === 'GET' ? '' : await request.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  acct.requests.push({ method: request.method, path, body });
  const now = Math.floor(Date.now() / 1000);
  const segments = path.split('/').slice(2); // after /v1

  if (request.method === 'POST' && path === '/v1/plans') {
    const item = body?.item as { name?: string; amount?: number; currency?: string } | undefined;
    if (
      !['daily', 'weekly', 'monthly', 'yearly'].includes(String(body?.period)) ||
      !item?.amount ||
      item.currency !== 'INR'
    ) {
      return badRequest('The period, interval and item (name, amount, currency) are required.');
    }
    const plan = {
      id: id('plan'),
      entity: 'plan',
      interval: body!.interval,
      period: String(body!.period),
      item: { id: id('item'), ...item, amount: item.amount },
      notes: body!.notes ?? [],
      created_at: now,
    };
    acct.plans.set(plan.id, plan);
    return json(200, plan);
  }
  if (request.method === 'POST' && path === '/v1/subscriptions') {
    if (!acct.plans.has(String(body?.plan_id))) return badRequest('The id provided does not exist');
    if (typeof body?.total_count !== 'number') return badRequest('The total count field is required.');
    const subscription: FakeRazorpaySubscription = {
      id: id('sub'),
      entity: 'subscription',
      plan_id: String(body.plan_id),
      status: 'created',
      current_start: null,
      current_end: null,
      charge_at: null,
      total_count: body.total_count,
      paid_count: 0,
      notes: (body.notes as Record<string, string>) ?? {},
      short_url: '',
      has_scheduled_changes: false,
      change_scheduled_at: null,
      created_at: now,
    };
    subscription.short_url = `${url.origin}/pay/${subscription.id}?key=${encodeURIComponent(keyId)}`;
    acct.subscriptions.set(subscription.id, subscription);
    return json(200, subscription);
  }
  if (request.method === 'POST' && segments[0] === 'payments' && segments[2] === 'refund') {
    const paymentId = segments[1] ?? '';
    if (acct.refunds.has(paymentId)) return badRequest('The payment has been fully refunded already');
    const refund = { id: id('rfnd'), entity: 'refund' as const, payment_id: paymentId, status: 'processed' };
    acct.refunds.set(paymentId, refund);
    return json(200, refund);
  }
  const subscription =
    segments[0] === 'subscriptions' ? acct.subscriptions.get(segments[1] ?? '') : undefined;
  if (!subscription) return badRequest('The id provided does not exist');
  if (request.method === 'GET' && segments.length === 2) return json(200, subscription);
  if (request.method === 'PATCH' && segments.length === 2) {
    if (!acct.plans.has(String(body?.plan_id))) return badRequest('The id provided does not exist');
    if (body?.schedule_change_at !== 'cycle_end')
      return badRequest('Only changes at the cycle end are faked.');
    acct.scheduled.set(subscription.id, { planId: String(body.plan_id) });
    Object.assign(subscription, {
      has_scheduled_changes: true,
      change_scheduled_at: subscription.current_end,
    });
    return json(200, subscription);
  }
  if (request.method === 'POST' && segments[2] === 'cancel') {
    if (body?.cancel_at_cycle_end === 1) acct.scheduled.set(subscription.id, { cancel: true });
    else subscription.status = 'cancelled';
    return json(200, subscription);
  }
  if (request.method === 'POST' && segments[2] === 'cancel_scheduled_changes') {
    acct.scheduled.delete(subscription.id);
    Object.assign(subscription, { has_scheduled_changes: false, change_scheduled_at: null });
    return json(200, subscription);
  }
  return badRequest(`No fake for ${request.method} ${path}`);
}

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { BillingAnswer } from '../../../src/shared/api/billing';
import { outboxFor } from '../outbox';
import type { TestBrowser } from '../test-client';
import {
  type Bindings,
  checkout,
  DAY_SECONDS,
  deliver,
  nowSeconds,
  stripeBindings,
  stripeSignature,
} from './billing-fixtures';
import {
  renewed,
  sendStripe,
  STRIPE_WEBHOOK,
  stripeEvent,
  stripeInvoice,
  stripeRequests,
  subscribeWithStripe,
} from './stripe-flow';

async function billingOf(browser: TestBrowser, bindings: Bindings): Promise<BillingAnswer> {
  const res = await browser.request('/api/billing', {}, bindings);
  expect(res.status).toBe(200);
  return (await res.json()) as BillingAnswer;
}

async function planOf(browser: TestBrowser, bindings: Bindings): Promise<string> {
  return ((await (await browser.request('/api/auth/me', {}, bindings)).json()) as { user: { plan: string } })
    .user.plan;
}

describe('Stripe checkout', () => {
  it('opens Checkout in subscription mode with the plan table’s USD price, coming back to /account', async () => {
    const bindings = stripeBindings();
    const { url, id } = await subscribeWithStripe(bindings, 'pro', 'annual');
    expect(url).toMatch(/^https:\/\/fake-stripe\.test\/pay\/cs_test_/);
    const [checkout] = (await stripeRequests(bindings)).filter((r) => r.path === '/v1/checkout/sessions');
    expect(checkout?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '24000',
      'line_items[0][price_data][recurring][interval]': 'year',
      'line_items[0][price_data][product_data][name]': 'Backtest Studio Professional',
      client_reference_id: id,
      'subscription_data[metadata][userId]': id,
      success_url: 'http://localhost/account?checkout=success',
      cancel_url: 'http://localhost/account?checkout=cancelled',
    });
  });

  it('makes the plan Professional once paid, with the invoice listed', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, email } = await subscribeWithStripe(bindings, 'pro', 'monthly');
    const billing = await billingOf(browser, bindings);
    expect(billing).toMatchObject({
      plan: 'pro',
      status: 'active',
      provider: 'stripe',
      currency: 'USD',
      billingPeriod: 'monthly',
      cancelAtPeriodEnd: false,
      pendingChange: null,
      comp: false,
      mayRun: true,
    });
    expect(billing.currentPeriodEnd).toBe(
      new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
    );
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0]).toMatchObject({ amount: 2400, currency: 'USD' });
    expect(billing.invoices[0]!.url).toMatch(/^https:\/\/invoice\.stripe\.test\//);
    expect(await planOf(browser, bindings)).toBe('pro');
    const [receipt] = (await outboxFor(email)).filter((mail) =>
      mail.subject.startsWith('Your payment was received'),
    );
    expect(receipt?.text).toContain('your payment of $24.00 for Backtest Studio was received');
    expect(receipt?.text).toMatch(/https:\/\/invoice\.stripe\.test\//);
  });

  it('refuses a second checkout while a subscription runs, and a currency without keys', async () => {
    const bindings = stripeBindings();
    const { browser } = await subscribeWithStripe(bindings);
    const again = await checkout(browser, bindings, 'enterprise', 'monthly', 'USD');
    expect(again.status).toBe(409);
    const inr = await checkout(browser, bindings, 'pro', 'monthly', 'INR');
    expect(inr.status).toBe(400);
    expect(await inr.json()).toMatchObject({
      error: { message: 'Online payment is not set up yet; Contact Sales', fields: [{ path: 'currency' }] },
    });
  });

  it('validates the checkout body with field paths', async () => {
    const { browser } = await subscribeWithStripe(stripeBindings());
    const res = await browser.request('/api/billing/checkout', {
      json: { plan: 'gold', billingPeriod: 'weekly' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: { path: string }[] } };
    expect(body.error.fields.map((f) => f.path).sort()).toEqual(['billingPeriod', 'currency', 'plan']);
  });
});

describe('Stripe renewals and failed payments', () => {
  it('moves the period end and adds the invoice on renewal', async () => {
    const bindings = stripeBindings();
    const { browser, subscription } = await subscribeWithStripe(bindings);
    const end = subscription.items.data[0]!.current_period_end;
    const next = renewed(subscription, end, end + 30 * DAY_SECONDS);
    await sendStripe(
      bindings,
      stripeEvent(
        'invoice.paid',
        stripeInvoice(subscription, { start: end, end: end + 30 * DAY_SECONDS }),
        nowSeconds() + 1,
      ),
    );
    await sendStripe(bindings, stripeEvent('customer.subscription.updated', next, nowSeconds() + 2));
    const billing = await billingOf(browser, bindings);
    expect(billing.currentPeriodEnd).toBe(new Date((end + 30 * DAY_SECONDS) * 1000).toISOString());
    expect(billing.invoices).toHaveLength(2);
    expect(billing.status).toBe('active');
  });

  it('keeps the plan 7 days past a failed renewal, then falls back to Basic', async () => {
    const bindings = stripeBindings();
    const { browser, id, subscription, created, email } = await subscribeWithStripe(bindings);
    const end = subscription.items.data[0]!.current_period_end;
    const failed = stripeInvoice(subscription, { start: end, end: end + 30 * DAY_SECONDS }, false);
    await sendStripe(bindings, stripeEvent('invoice.payment_failed', failed, created + 1));
    const warned = (await outboxFor(email)).filter((mail) =>
      mail.subject.startsWith('Your payment did not go through'),
    );
    expect(warned).toHaveLength(1);
    expect(warned[0]!.text).toContain('stays active for 7 days');
    expect(await billingOf(browser, bindings)).toMatchObject({ status: 'past_due', plan: 'pro' });
    expect(await planOf(browser, bindings)).toBe('pro');

    // Eight days on (the stored failure moved back, as a clock would move forward): Basic.
    await env.DB.prepare('UPDATE billing_subscriptions SET past_due_since = ?1 WHERE user_id = ?2')
      .bind(Date.now() - 8 * DAY_SECONDS * 1000, id)
      .run();
    expect(await billingOf(browser, bindings)).toMatchObject({ status: 'past_due', plan: 'basic' });
    expect(await planOf(browser, bindings)).toBe('basic');
  });

  it('links a new checkout to its own subscription, not to a late event of an earlier one', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings);
    await sendStripe(
      bindings,
      stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }, created + 1),
    );
    const again = await checkout(browser, bindings, 'enterprise', 'monthly', 'USD');
    expect(again.status).toBe(200);
    // A repeat of the old subscription's update, sent before the new checkout began.
    const late = await sendStripe(
      bindings,
      stripeEvent('customer.subscription.updated', subscription, created - 10 * 60),
    );
    expect(await late.json()).toMatchObject({ outcome: 'stale' });
    expect(await billingOf(browser, bindings)).toMatchObject({ status: 'cancelled', plan: 'basic' });
  });

  it('ends past_due with a paid retry', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings);
    const end = subscription.items.data[0]!.current_period_end;
    const period = { start: end, end: end + 30 * DAY_SECONDS };
    await sendStripe(
      bindings,
      stripeEvent('invoice.payment_failed', stripeInvoice(subscription, period, false), created + 1),
    );
    await sendStripe(bindings, stripeEvent('invoice.paid', stripeInvoice(subscription, period), created + 2));
    expect(await billingOf(browser, bindings)).toMatchObject({ status: 'active', plan: 'pro' });
  });
});

describe('Stripe cancel and resume', () => {
  it('cancels at the period end keeping the plan, resumes before it, and ends on Basic after it', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings);
    const cancelled = await browser.request('/api/billing/cancel', { method: 'POST' }, bindings);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, plan: 'pro', status: 'active' });
    const resumed = await browser.request('/api/billing/resume', { method: 'POST' }, bindings);
    expect(await resumed.json()).toMatchObject({ cancelAtPeriodEnd: false, plan: 'pro' });
    const updates = (await stripeRequests(bindings)).filter(
      (r) => r.path === `/v1/subscriptions/${subscription.id}` && r.method === 'POST',
    );
    expect(updates.map((r) => r.form.cancel_at_period_end)).toEqual(['true', 'false']);

    // Cancelled again; Stripe's event says so, and then the period is over.
    await browser.request('/api/billing/cancel', { method: 'POST' }, bindings);
    const past = nowSeconds() - 60;
    await sendStripe(
      bindings,
      stripeEvent(
        'customer.subscription.updated',
        renewed(subscription, past - 30 * DAY_SECONDS, past, { cancel_at_period_end: true }),
        created + 1,
      ),
    );
    expect(await billingOf(browser, bindings)).toMatchObject({ plan: 'basic', status: 'cancelled' });
    await sendStripe(
      bindings,
      stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }, created + 2),
    );
    expect(await billingOf(browser, bindings)).toMatchObject({ plan: 'basic', status: 'cancelled' });
    expect(await planOf(browser, bindings)).toBe('basic');
  });

  it('answers 409 to cancel, resume or change without a subscription', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings);
    await sendStripe(
      bindings,
      stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }, created + 1),
    );
    for (const path of ['/api/billing/cancel', '/api/billing/resume']) {
      expect((await browser.request(path, { method: 'POST' }, bindings)).status).toBe(409);
    }
    const change = await browser.request(
      '/api/billing/change',
      { json: { plan: 'pro', billingPeriod: 'annual' } },
      bindings,
    );
    expect(change.status).toBe(409);
  });
});

describe('Stripe plan changes', () => {
  it('upgrades at the next cycle through a subscription schedule, without proration', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings, 'pro', 'monthly');
    const end = subscription.items.data[0]!.current_period_end;
    const res = await browser.request(
      '/api/billing/change',
      { json: { plan: 'enterprise', billingPeriod: 'annual' } },
      bindings,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      plan: 'pro',
      pendingChange: {
        plan: 'enterprise',
        billingPeriod: 'annual',
        effectiveAt: new Date(end * 1000).toISOString(),
      },
    });
    const update = (await stripeRequests(bindings)).find(
      (r) => r.method === 'POST' && /^\/v1\/subscription_schedules\/sub_sched_/.test(r.path),
    );
    expect(update?.form).toMatchObject({
      end_behavior: 'release',
      'phases[0][end_date]': String(end),
      'phases[1][items][0][price_data][unit_amount]': '60000',
      'phases[1][items][0][price_data][currency]': 'usd',
      'phases[1][items][0][price_data][recurring][interval]': 'year',
      'phases[1][proration_behavior]': 'none',
    });
    expect(await planOf(browser, bindings)).toBe('pro');

    // The next period starts: the new price is billed, but nothing is paid yet.
    const next = { start: end, end: end + 365 * DAY_SECONDS };
    await sendStripe(
      bindings,
      stripeEvent('customer.subscription.updated', renewed(subscription, next.start, next.end), created + 1),
    );
    expect(await planOf(browser, bindings)).toBe('pro');
    // Paid: the new plan is in force.
    await sendStripe(bindings, stripeEvent('invoice.paid', stripeInvoice(subscription, next), created + 2));
    expect(await billingOf(browser, bindings)).toMatchObject({
      plan: 'enterprise',
      billingPeriod: 'annual',
      pendingChange: null,
    });
    expect(await planOf(browser, bindings)).toBe('enterprise');
  });

  it('keeps the plan last paid for when the upgraded period’s first payment fails', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings, 'pro', 'monthly');
    const end = subscription.items.data[0]!.current_period_end;
    await browser.request(
      '/api/billing/change',
      { json: { plan: 'enterprise', billingPeriod: 'monthly' } },
      bindings,
    );
    const next = { start: end, end: end + 30 * DAY_SECONDS };
    await sendStripe(
      bindings,
      stripeEvent('customer.subscription.updated', renewed(subscription, next.start, next.end), created + 1),
    );
    await sendStripe(
      bindings,
      stripeEvent('invoice.payment_failed', stripeInvoice(subscription, next, false), created + 2),
    );
    // In the 7 days of grace the account keeps Professional, not the unpaid Enterprise.
    expect(await billingOf(browser, bindings)).toMatchObject({
      status: 'past_due',
      plan: 'pro',
      pendingChange: { plan: 'enterprise' },
    });
    expect(await planOf(browser, bindings)).toBe('pro');
    // The retry succeeds: now Enterprise is paid for.
    await sendStripe(bindings, stripeEvent('invoice.paid', stripeInvoice(subscription, next), created + 3));
    expect(await billingOf(browser, bindings)).toMatchObject({ status: 'active', plan: 'enterprise' });
  });

  it('makes one Stripe Product per plan, however many changes name it', async () => {
    const bindings = stripeBindings();
    const { browser } = await subscribeWithStripe(bindings, 'pro', 'monthly');
    for (const billingPeriod of ['annual', 'monthly', 'annual']) {
      const res = await browser.request(
        '/api/billing/change',
        { json: { plan: 'enterprise', billingPeriod } },
        bindings,
      );
      expect(res.status).toBe(200);
    }
    const made = (await stripeRequests(bindings)).filter(
      (r) => r.method === 'POST' && r.path === '/v1/products',
    );
    expect(made.map((r) => r.form)).toEqual([
      { id: 'backtest_studio_enterprise', name: 'Backtest Studio Enterprise' },
    ]);
  });

  it('keeps a scheduled change through cancel then resume, scheduling it again at Stripe', async () => {
    const bindings = stripeBindings();
    const { browser, subscription } = await subscribeWithStripe(bindings, 'pro', 'monthly');
    const end = subscription.items.data[0]!.current_period_end;
    const change = { plan: 'enterprise', billingPeriod: 'annual' };
    await browser.request('/api/billing/change', { json: change }, bindings);
    const cancelled = await browser.request('/api/billing/cancel', { method: 'POST' }, bindings);
    // While set to end, the change would not happen: it is not shown.
    expect(await cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, pendingChange: null });
    const resumed = await browser.request('/api/billing/resume', { method: 'POST' }, bindings);
    expect(await resumed.json()).toMatchObject({
      cancelAtPeriodEnd: false,
      plan: 'pro',
      pendingChange: { ...change, effectiveAt: new Date(end * 1000).toISOString() },
    });
    // Stripe released the first schedule on cancel; resume made a new one with the change.
    const requests = await stripeRequests(bindings);
    const created = requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscription_schedules');
    expect(created).toHaveLength(2);
    const updates = requests.filter(
      (r) => r.method === 'POST' && /^\/v1\/subscription_schedules\/[^/]+$/.test(r.path),
    );
    expect(updates.at(-1)?.form).toMatchObject({
      'phases[1][items][0][price_data][unit_amount]': '60000',
      'phases[1][items][0][price_data][recurring][interval]': 'year',
    });
  });

  it('downgrades at the next cycle too, keeping the higher plan until then', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings, 'enterprise', 'monthly');
    const end = subscription.items.data[0]!.current_period_end;
    await browser.request(
      '/api/billing/change',
      { json: { plan: 'basic', billingPeriod: 'monthly' } },
      bindings,
    );
    // A mid-period update (no new period) changes nothing.
    await sendStripe(bindings, stripeEvent('customer.subscription.updated', subscription, created + 1));
    expect(await planOf(browser, bindings)).toBe('enterprise');
    await sendStripe(
      bindings,
      stripeEvent(
        'invoice.paid',
        stripeInvoice(subscription, { start: end, end: end + 30 * DAY_SECONDS }),
        created + 2,
      ),
    );
    expect(await billingOf(browser, bindings)).toMatchObject({
      plan: 'basic',
      status: 'active',
      pendingChange: null,
    });
  });
});

describe('Stripe webhooks', () => {
  it('applies a repeated delivery once', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings);
    const end = subscription.items.data[0]!.current_period_end;
    const event = stripeEvent(
      'invoice.paid',
      stripeInvoice(subscription, { start: end, end: end + 1 }),
      created + 1,
    );
    const first = await sendStripe(bindings, event);
    const second = await sendStripe(bindings, event);
    expect(await first.json()).toMatchObject({ outcome: 'applied' });
    expect(await second.json()).toMatchObject({ outcome: 'duplicate' });
    expect((await billingOf(browser, bindings)).invoices).toHaveLength(2);
  });

  it('keeps the newest state when an older event arrives late', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings);
    const newer = stripeEvent(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: true },
      created + 20,
    );
    const older = stripeEvent(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: false },
      created + 10,
    );
    await sendStripe(bindings, newer);
    const late = await sendStripe(bindings, older);
    expect(await late.json()).toMatchObject({ outcome: 'stale' });
    expect(await billingOf(browser, bindings)).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it('answers 400 and changes nothing for a missing, wrong, tampered or expired signature', async () => {
    const bindings = stripeBindings();
    const { browser, subscription, created } = await subscribeWithStripe(bindings);
    const before = await billingOf(browser, bindings);
    const event = stripeEvent(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled' },
      created + 1,
    );
    const body = JSON.stringify(event);
    const attempts: Record<string, string>[] = [
      {},
      { 'stripe-signature': await stripeSignature('whsec_not_ours', body) },
      { 'stripe-signature': await stripeSignature(bindings.STRIPE_WEBHOOK_SECRET, `${body} `) },
      { 'stripe-signature': await stripeSignature(bindings.STRIPE_WEBHOOK_SECRET, body, nowSeconds() - 301) },
    ];
    for (const headers of attempts) {
      const res = await deliver(STRIPE_WEBHOOK, body, headers, bindings);
      expect(res.status).toBe(400);
    }
    expect(await billingOf(browser, bindings)).toEqual(before);
    // The same event correctly signed is then applied (its id was not stored by the refusals).
    expect(await (await sendStripe(bindings, event)).json()).toMatchObject({ outcome: 'applied' });
  });

  it('takes webhooks without an Origin while other billing writes still need one', async () => {
    const bindings = stripeBindings();
    const { browser } = await subscribeWithStripe(bindings);
    const crossSite = await browser.request(
      '/api/billing/cancel',
      { method: 'POST', headers: { origin: 'https://evil.example' } },
      bindings,
    );
    expect(crossSite.status).toBe(403);
  });
});

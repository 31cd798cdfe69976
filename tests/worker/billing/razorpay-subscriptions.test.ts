import { describe, expect, it } from 'vitest';
import { DAY_SECONDS, deliver, razorpayBindings, razorpaySignature } from './billing-fixtures';
import {
  billingOf,
  fakeCall,
  razorpayEvent,
  requestsOf,
  send,
  subscribeWithRazorpay,
  WEBHOOK,
} from './razorpay-flow';

describe('Razorpay checkout', () => {
  it('creates the plan once from the INR price, then a subscription whose hosted page is the answer', async () => {
    const bindings = razorpayBindings();
    const { url, id } = await subscribeWithRazorpay(bindings, 'pro', 'annual');
    await subscribeWithRazorpay(bindings, 'pro', 'annual');
    expect(url).toMatch(/^https:\/\/fake-razorpay\.test\/pay\/sub_/);
    const requests = await requestsOf(bindings);
    const plans = requests.filter((r) => r.path === '/v1/plans');
    expect(plans).toHaveLength(1);
    expect(plans[0]!.body).toMatchObject({
      period: 'yearly',
      interval: 1,
      item: { name: 'Backtest Studio Professional', amount: 1999000, currency: 'INR' },
    });
    const subscriptions = requests.filter((r) => r.path === '/v1/subscriptions');
    expect(subscriptions).toHaveLength(2);
    expect(subscriptions[0]!.body).toMatchObject({
      total_count: 10,
      customer_notify: 1,
      notes: { userId: id, plan: 'pro' },
    });
  });

  it('makes the plan Professional once charged, with the payment listed', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, payment } = await subscribeWithRazorpay(bindings);
    expect(await billingOf(browser, bindings)).toMatchObject({
      plan: 'pro',
      status: 'active',
      provider: 'razorpay',
      currency: 'INR',
      billingPeriod: 'monthly',
      currentPeriodEnd: new Date(subscription.current_end! * 1000).toISOString(),
      invoices: [{ id: payment.id, amount: 199900, currency: 'INR', url: null }],
    });
  });
});

/** The subscription in its next 30-day period, which starts where the current one ends. */
function nextPeriod<Subscription extends { current_end: number | null }>(subscription: Subscription) {
  const start = subscription.current_end!;
  return { ...subscription, current_start: start, current_end: start + 30 * DAY_SECONDS };
}

describe('Razorpay renewals, failures, changes, cancel and resume', () => {
  it('renews on the next charge, and a pending charge is past_due', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, payment, created } = await subscribeWithRazorpay(bindings);
    const next = nextPeriod(subscription);
    const renewal = { ...payment, id: 'pay_renewal', created_at: next.current_start };
    await send(bindings, razorpayEvent('subscription.charged', next, created + 1, renewal));
    expect(await billingOf(browser, bindings)).toMatchObject({
      currentPeriodEnd: new Date(next.current_end * 1000).toISOString(),
      status: 'active',
    });
    await send(bindings, razorpayEvent('subscription.pending', { ...next, status: 'pending' }, created + 2));
    expect(await billingOf(browser, bindings)).toMatchObject({ status: 'past_due', plan: 'pro' });
    expect((await billingOf(browser, bindings)).invoices).toHaveLength(2);
  });

  it('schedules a change at the cycle end and applies it with the next period', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, payment, created } = await subscribeWithRazorpay(bindings);
    const res = await browser.request(
      '/api/billing/change',
      { json: { plan: 'enterprise', billingPeriod: 'monthly' } },
      bindings,
    );
    expect(await res.json()).toMatchObject({ plan: 'pro', pendingChange: { plan: 'enterprise' } });
    const patch = (await requestsOf(bindings)).find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe(`/v1/subscriptions/${subscription.id}`);
    expect(patch?.body).toMatchObject({ schedule_change_at: 'cycle_end' });
    const newPlan = (await requestsOf(bindings)).filter((r) => r.path === '/v1/plans')[1];
    expect(newPlan?.body).toMatchObject({ period: 'monthly', item: { amount: 499900 } });

    // At the cycle's end Razorpay bills the new plan: the charge names it.
    const scheduled = await fakeCall<Record<string, { planId: string }>>(bindings, '/__test/scheduled');
    const next = { ...nextPeriod(subscription), plan_id: scheduled[subscription.id]!.planId };
    await send(
      bindings,
      razorpayEvent('subscription.charged', next, created + 1, {
        ...payment,
        id: 'pay_next',
        amount: 499900,
      }),
    );
    expect(await billingOf(browser, bindings)).toMatchObject({ plan: 'enterprise', pendingChange: null });
  });

  it('keeps a scheduled change through cancel then resume, scheduling it again at Razorpay', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription } = await subscribeWithRazorpay(bindings);
    await browser.request(
      '/api/billing/change',
      { json: { plan: 'enterprise', billingPeriod: 'monthly' } },
      bindings,
    );
    await browser.request('/api/billing/cancel', { method: 'POST' }, bindings);
    const resumed = await browser.request('/api/billing/resume', { method: 'POST' }, bindings);
    expect(await resumed.json()).toMatchObject({
      cancelAtPeriodEnd: false,
      pendingChange: { plan: 'enterprise', billingPeriod: 'monthly' },
    });
    // Razorpay's resume withdrew every scheduled change; the plan change was scheduled again.
    const scheduled = await fakeCall<Record<string, { planId?: string }>>(bindings, '/__test/scheduled');
    expect(scheduled[subscription.id]?.planId).toMatch(/^plan_/);
    expect((await requestsOf(bindings)).filter((r) => r.method === 'PATCH')).toHaveLength(2);
  });

  it('cancels at the cycle end, resumes, and ends on Basic when Razorpay cancels', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, created } = await subscribeWithRazorpay(bindings);
    const cancelled = await browser.request('/api/billing/cancel', { method: 'POST' }, bindings);
    expect(await cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, plan: 'pro' });
    expect((await requestsOf(bindings)).find((r) => r.path.endsWith('/cancel'))?.body).toEqual({
      cancel_at_cycle_end: 1,
    });
    expect(await fakeCall(bindings, '/__test/scheduled')).toEqual({ [subscription.id]: { cancel: true } });

    const resumed = await browser.request('/api/billing/resume', { method: 'POST' }, bindings);
    expect(await resumed.json()).toMatchObject({ cancelAtPeriodEnd: false, plan: 'pro' });
    expect(await fakeCall(bindings, '/__test/scheduled')).toEqual({});

    await browser.request('/api/billing/cancel', { method: 'POST' }, bindings);
    await send(
      bindings,
      razorpayEvent('subscription.cancelled', { ...subscription, status: 'cancelled' }, created + 1),
    );
    expect(await billingOf(browser, bindings)).toMatchObject({ plan: 'basic', status: 'cancelled' });
  });
});

describe('Razorpay webhooks', () => {
  it('applies a repeated event id once and ignores an older event', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, payment, created } = await subscribeWithRazorpay(bindings);
    const halted = razorpayEvent('subscription.halted', { ...subscription, status: 'halted' }, created + 10);
    expect(await (await send(bindings, halted, 'evt_same')).json()).toMatchObject({ outcome: 'applied' });
    expect(await (await send(bindings, halted, 'evt_same')).json()).toMatchObject({ outcome: 'duplicate' });
    const older = razorpayEvent('subscription.charged', subscription, created + 5, payment);
    expect(await (await send(bindings, older)).json()).toMatchObject({ outcome: 'stale' });
    expect(await billingOf(browser, bindings)).toMatchObject({ status: 'past_due' });
  });

  it('answers 400 and changes nothing without the right X-Razorpay-Signature', async () => {
    const bindings = razorpayBindings();
    const { browser, subscription, created } = await subscribeWithRazorpay(bindings);
    const before = await billingOf(browser, bindings);
    const raw = JSON.stringify(
      razorpayEvent('subscription.cancelled', { ...subscription, status: 'cancelled' }, created + 1),
    );
    for (const signature of [
      null,
      await razorpaySignature('not-the-secret', raw),
      'zz',
      await razorpaySignature(bindings.RAZORPAY_WEBHOOK_SECRET, `${raw} `),
    ]) {
      const res = await deliver(
        WEBHOOK,
        raw,
        signature === null ? {} : { 'x-razorpay-signature': signature },
        bindings,
      );
      expect(res.status).toBe(400);
    }
    expect(await billingOf(browser, bindings)).toEqual(before);
  });
});

/**
 * Where the links of mails that no page request sends go: a billing webhook's mail and a queued
 * job's finished mail link to APP_URL when it is set, else to the origin of the request that
 * caused them (the webhook's own host; the request that started the job), never a local address.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { backtestRequest, percentStopLoss } from '../../fixtures/requests';
import { type Bindings, DAY_SECONDS, stripeBindings, stripeSignature } from '../billing/billing-fixtures';
import { STRIPE_WEBHOOK, stripeEvent, stripeInvoice, subscribeWithStripe } from '../billing/stripe-flow';
import { deliver, jobOf, startHeldJob } from '../jobs/job-fixtures';
import { outboxFor } from '../outbox';
import { createRun, markVerified, TestBrowser, requestApp } from '../test-client';

const SITE = 'https://example.test';

/** A Stripe delivery to `origin` (the host the endpoint was registered under). */
async function sendStripeTo(origin: string, bindings: Bindings, event: unknown) {
  const body = JSON.stringify(event);
  const signature = await stripeSignature(bindings.STRIPE_WEBHOOK_SECRET!, body);
  const res = await requestApp(
    `${origin}${STRIPE_WEBHOOK}`,
    { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body },
    bindings,
  );
  expect(res.status).toBe(200);
}

/** A subscription whose renewal fails in a webhook delivered to `origin`: the warning mail's text. */
async function failedRenewalMail(origin: string, bindings: Bindings) {
  const { subscription, created, email } = await subscribeWithStripe(bindings);
  const end = subscription.items.data[0]!.current_period_end;
  const failed = stripeInvoice(subscription, { start: end, end: end + 30 * DAY_SECONDS }, false);
  await sendStripeTo(origin, bindings, stripeEvent('invoice.payment_failed', failed, created + 1));
  const [mail] = (await outboxFor(email)).filter((m) =>
    m.subject.startsWith('Your payment did not go through'),
  );
  return mail!.text;
}

describe('links in billing mails', () => {
  it('go to the host the webhook was delivered to when APP_URL is unset', async () => {
    const text = await failedRenewalMail(SITE, { ...stripeBindings(), APP_URL: undefined });
    expect(text).toContain(`Check your payment details: ${SITE}/account`);
    expect(text).not.toContain('127.0.0.1');
  });

  it('go to APP_URL when it is set', async () => {
    const text = await failedRenewalMail(SITE, { ...stripeBindings(), APP_URL: 'https://studio.test' });
    expect(text).toContain('Check your payment details: https://studio.test/account');
  });
});

describe('links in the mail of a finished job', () => {
  it('go to the origin of the request that started the job when APP_URL is unset', async () => {
    const browser = new TestBrowser(undefined, SITE);
    const email = `links-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await browser.register(email)).status).toBe(201);
    await markVerified(email);
    await env.DB.prepare("UPDATE users SET plan = 'pro' WHERE email = ?1").bind(email).run();
    expect(
      (await browser.request('/api/account', { method: 'PATCH', json: { notifyJobDone: true } })).status,
    ).toBe(200);
    const { id } = await createRun(browser, backtestRequest({ exitCriteria: percentStopLoss('5') }));
    const { jobId, queue } = await startHeldJob(browser, `/api/backtests/${id}/robustness`, {
      grid: { 'exitCriteria.stopLoss.value': [3, 5] },
    });
    await deliver(queue.take());
    expect((await jobOf(browser, jobId)).state).toBe('done');

    const [mail] = (await outboxFor(email)).filter((m) => m.subject.startsWith('Your robustness analysis'));
    expect(mail!.text).toContain(`Open the result: ${SITE}/backtests/${id}`);
  });
});

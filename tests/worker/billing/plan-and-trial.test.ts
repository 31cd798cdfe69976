import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { BillingAnswer } from '../../../src/shared/api/billing';
import { UPGRADE_MESSAGE } from '../../../src/shared/plans';
import { completeGoogleSignIn } from '../google-sign-in';
import { TestBrowser } from '../test-client';
import { type Bindings, NO_PROVIDERS, signedInUser, stripeBindings } from './billing-fixtures';
import { sendStripe, stripeEvent, subscribeWithStripe } from './stripe-flow';
import { shortRunRequest } from '../../fixtures/requests';

/** SMA 10/20 on AAPL's synthetic hourly bars (no market-data provider in these tests). */
const RUN = shortRunRequest();

const DAY_MS = 86_400_000;

async function ageAccount(id: string, days: number) {
  const createdAt = new Date(Date.now() - days * DAY_MS).toISOString();
  await env.DB.prepare('UPDATE users SET created_at = ?1 WHERE id = ?2').bind(createdAt, id).run();
  return createdAt;
}

async function billingOf(browser: TestBrowser, bindings: Bindings): Promise<BillingAnswer> {
  return (await (await browser.request('/api/billing', {}, bindings)).json()) as BillingAnswer;
}

const run = (browser: TestBrowser, bindings: Bindings) =>
  browser.request('/api/backtests', { json: RUN }, bindings);

describe('the free trial', () => {
  it('gives a new account Basic for FREE_TRIAL_DAYS (14 by default) when a provider is configured', async () => {
    const bindings = stripeBindings();
    const { browser, id } = await signedInUser();
    const createdAt = await ageAccount(id, 13);
    const billing = await billingOf(browser, bindings);
    expect(billing).toMatchObject({ status: 'trialing', plan: 'basic', mayRun: true, currencies: ['USD'] });
    expect(billing.trialEndsAt).toBe(new Date(Date.parse(createdAt) + 14 * DAY_MS).toISOString());
    expect((await run(browser, bindings)).status).toBe(201);
  });

  it('refuses runs with 402 and the upgrade text once the trial is over', async () => {
    const bindings = { ...stripeBindings(), FREE_TRIAL_DAYS: '3' };
    const { browser, id } = await signedInUser();
    await ageAccount(id, 4);
    expect(await billingOf(browser, bindings)).toMatchObject({
      status: 'none',
      plan: 'basic',
      mayRun: false,
    });
    const refused = await run(browser, bindings);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: { message: UPGRADE_MESSAGE } });
  });

  it('lets an expired trial run again with a subscription, even a Basic one', async () => {
    const bindings = stripeBindings();
    const { browser, id } = await subscribeWithStripe(bindings, 'basic');
    await ageAccount(id, 30);
    expect(await billingOf(browser, bindings)).toMatchObject({
      status: 'active',
      plan: 'basic',
      mayRun: true,
    });
    expect((await run(browser, bindings)).status).toBe(201);
  });

  it('keeps Basic without an end when no provider is configured', async () => {
    const { browser, id } = await signedInUser();
    await ageAccount(id, 400);
    expect(await billingOf(browser, NO_PROVIDERS)).toMatchObject({
      status: 'none',
      trialEndsAt: null,
      mayRun: true,
      currencies: [],
    });
    expect((await run(browser, NO_PROVIDERS)).status).toBe(201);
  });

  it('tells signed-out visitors which currencies can be paid online and the trial length', async () => {
    const res = await new TestBrowser().request('/api/billing/providers', {}, stripeBindings());
    expect(await res.json()).toEqual({ currencies: ['USD'], freeTrialDays: 14 });
    const none = await new TestBrowser().request('/api/billing/providers', {}, NO_PROVIDERS);
    expect(await none.json()).toEqual({ currencies: [], freeTrialDays: null });
  });
});

describe('one free trial per address', () => {
  const PASSWORD = 'correct horse battery';

  async function registered(email: string) {
    const browser = new TestBrowser();
    expect((await browser.register(email, PASSWORD)).status).toBe(201);
    return browser;
  }

  it('gives no second trial to an address whose account was deleted, and keeps only a hash of it', async () => {
    const bindings = stripeBindings();
    const email = `again-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const first = await registered(email);
    expect(await billingOf(first, bindings)).toMatchObject({ status: 'trialing', mayRun: true });
    const deleted = await first.request('/api/account', { method: 'DELETE', json: { password: PASSWORD } });
    expect(deleted.status).toBe(204);
    const kept = await env.DB.prepare('SELECT address_hash FROM used_trial_addresses').all<{
      address_hash: string;
    }>();
    expect(kept.results.some((row) => row.address_hash.includes(email))).toBe(false);
    for (const { address_hash } of kept.results) expect(address_hash).toMatch(/^[0-9a-f]{64}$/);

    // The same address, written differently: the form trims and lower-cases it.
    const second = await registered(`  ${email.toUpperCase()} `);
    expect(await billingOf(second, bindings)).toMatchObject({
      status: 'none',
      plan: 'basic',
      trialEndsAt: null,
      mayRun: false,
    });
    const refused = await run(second, bindings);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: { message: UPGRADE_MESSAGE } });
  });

  it('gives none either to an account of that address made by a first Google sign-in', async () => {
    const bindings = stripeBindings();
    const email = `google-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const deleted = await (
      await registered(email)
    ).request('/api/account', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(deleted.status).toBe(204);
    const viaGoogle = new TestBrowser();
    const claims = { sub: `google-${crypto.randomUUID()}`, email, email_verified: true };
    expect((await completeGoogleSignIn(viaGoogle, claims)).status).toBe(302);
    expect(await billingOf(viaGoogle, bindings)).toMatchObject({
      status: 'none',
      trialEndsAt: null,
      mayRun: false,
    });
  });

  it('still gives the trial to every other address', async () => {
    const bindings = stripeBindings();
    const gone = `gone-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const deleted = await (
      await registered(gone)
    ).request('/api/account', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(deleted.status).toBe(204);
    const other = await registered(`other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const billing = await billingOf(other, bindings);
    expect(billing).toMatchObject({ status: 'trialing', mayRun: true });
    expect(billing.trialEndsAt).not.toBeNull();
    expect((await run(other, bindings)).status).toBe(201);
  });
});

describe('comps and team seats', () => {
  it('shows a plan an administrator set as a comp, which also lifts the trial limit', async () => {
    const bindings = stripeBindings();
    const { browser, id } = await signedInUser();
    await ageAccount(id, 30);
    const admin = await new TestBrowser().signInAsAdmin(
      `admin-${crypto.randomUUID().slice(0, 6)}@example.com`,
    );
    expect(
      (await admin.request(`/api/admin/users/${id}`, { method: 'PATCH', json: { plan: 'pro' } })).status,
    ).toBe(200);
    await browser.login(
      (await env.DB.prepare('SELECT email FROM users WHERE id = ?1').bind(id).first<{ email: string }>())!
        .email,
    );
    expect(await billingOf(browser, bindings)).toMatchObject({
      plan: 'pro',
      comp: true,
      status: 'none',
      mayRun: true,
    });
  });

  it('gives team members the owner’s Enterprise while its subscription lasts', async () => {
    const bindings = stripeBindings();
    const owner = await subscribeWithStripe(bindings, 'enterprise');
    const member = await signedInUser();
    await env.DB.prepare('INSERT INTO team_members (member_id, owner_id) VALUES (?1, ?2)')
      .bind(member.id, owner.id)
      .run();
    expect(await billingOf(member.browser, bindings)).toMatchObject({
      plan: 'enterprise',
      team: true,
      comp: false,
    });

    await sendStripe(
      bindings,
      stripeEvent(
        'customer.subscription.deleted',
        { ...owner.subscription, status: 'canceled' },
        owner.created + 1,
      ),
    );
    expect(await billingOf(member.browser, bindings)).toMatchObject({ plan: 'basic', team: false });
  });

  it('lists real subscriptions on the admin’s subscriptions page', async () => {
    const bindings = stripeBindings();
    const buyer = await subscribeWithStripe(bindings, 'pro', 'annual');
    const admin = await new TestBrowser().signInAsAdmin(
      `admin-${crypto.randomUUID().slice(0, 6)}@example.com`,
    );
    const res = await admin.request('/api/admin/subscriptions', {}, bindings);
    const { subscriptions } = (await res.json()) as { subscriptions: { email: string }[] };
    expect(subscriptions.find((s) => s.email === buyer.email)).toMatchObject({
      provider: 'stripe',
      plan: 'pro',
      billingPeriod: 'annual',
      currency: 'USD',
      status: 'active',
      cancelAtPeriodEnd: false,
      pendingPlan: null,
    });
  });
});

/**
 * A phone 375 px wide, as a user with a long address and a paid plan meets the site: no page
 * scrolls sideways, /account's payments included (a provider's invoice id is one long word).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { localD1 } from './browser';
import { PHONE, browserForFile, horizontalOverflow, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

const DAY_MS = 86_400_000;
const INVOICE_IDS = ['pay_Q8cT1rW9xYz3AbCdEfGh', 'in_1QxYzAbCdEfGhIjKlMnOpQrSt'];

/** A running Pro subscription in INR with two payments, as the provider's webhooks store them. */
function givePaidPlanWithPayments(email: string): void {
  // Test emails are `<prefix>-<digits>@example.com`: safe to quote in SQL.
  if (!/^[a-z0-9-]+@example\.com$/.test(email)) throw new Error(`not a test email: ${email}`);
  const now = Date.now();
  const user = `(SELECT id FROM users WHERE email = '${email}')`;
  localD1(
    `INSERT INTO billing_subscriptions (user_id, provider, provider_subscription_id, plan, billing_period,
       currency, status, current_period_end, created_at, updated_at)
     VALUES (${user}, 'razorpay', 'sub_${now}', 'pro', 'monthly', 'INR', 'active', ${now + 20 * DAY_MS}, ${now}, ${now});
     INSERT INTO billing_invoices (id, user_id, provider, amount, currency, paid_at, url)
     VALUES ('${INVOICE_IDS[0]}${now}', ${user}, 'razorpay', 199900, 'INR', ${now - 10 * DAY_MS}, NULL),
            ('${INVOICE_IDS[1]}${now}', ${user}, 'stripe', 2400, 'USD', ${now - 40 * DAY_MS}, NULL);`,
  );
}

/** Opens `path` and waits for its heading and its data. */
async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('the site on a 375 px phone', () => {
  it('fits /account with a long address, a paid plan and its payments without scrolling sideways', async () => {
    // One word longer than the phone is wide before the hyphen of the test address.
    const { page, errors, email } = await signedInPage(
      browser(),
      'priyaraghunathanmehtatradesniftyintradayonly',
      {
        viewport: PHONE,
      },
    );
    givePaidPlanWithPayments(email);
    await open(page, '/account');
    const payments = page.getByRole('table', { name: 'Payments' });
    await payments.waitFor();
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    // Every invoice id is on the screen, wrapped, not cut off.
    for (const id of INVOICE_IDS) {
      const cell = payments.getByText(new RegExp(`^${id}`));
      const box = await cell.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, id).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('fits the other main pages without scrolling sideways', async () => {
    const { page, errors } = await signedInPage(browser(), 'narrow', { viewport: PHONE });
    for (const path of ['/', '/BacktestingForm', '/pricing', '/backtests', '/portfolios', '/team']) {
      await open(page, path);
      await expect.poll(() => horizontalOverflow(page), { message: path }).toBe(0);
    }
    expect(errors).toEqual([]);
  });
});

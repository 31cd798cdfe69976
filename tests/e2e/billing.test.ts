import { describe, expect, inject, it } from 'vitest';
import { submitRegistration, useOwnClientAddress, verifyEmail } from './browser';
import { browserForFile, watchedPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('buying a plan in chromium', () => {
  it('goes from pricing through registration and the hosted payment page to /account on Professional', async () => {
    const { page, errors } = await watchedPage(browser(), { width: 1280, height: 900 });
    await useOwnClientAddress(page);

    await page.goto(`${baseUrl}/pricing`);
    await page.getByRole('radio', { name: /Monthly/ }).click();
    await page.getByRole('radio', { name: /USD/ }).click();
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await page.getByRole('link', { name: 'Subscribe Now' }).click();
    await page.waitForURL(`${baseUrl}/LoginPage`);

    const email = `buyer-${Date.now()}@example.com`;
    await submitRegistration(page, email);

    // Back on pricing with the same selection, not the defaults (annual, INR).
    await page.waitForURL(`${baseUrl}/pricing?plan=pro&period=monthly&currency=USD`);
    expect(await page.getByRole('button', { name: 'Choose Professional' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('radio', { name: /USD/ }).getAttribute('aria-checked')).toBe('true');

    // Buying a plan needs a verified address, as opening the verification mail's link gives.
    await verifyEmail(baseUrl, email);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(`${baseUrl}/account?checkout=success`);
    const billing = page.getByRole('region', { name: 'Plan and billing' });
    await billing.getByText('Professional, billed monthly').waitFor();
    expect(await billing.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await billing.getByRole('cell', { name: '$24.00' }).count()).toBe(1);
    expect(await billing.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

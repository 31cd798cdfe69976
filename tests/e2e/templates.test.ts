import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, launchBrowser, openPage, signUp, watchForErrors } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a strategy template in chromium', () => {
  it('opens the golden cross in the builder, and a changed symbol runs to a result', async () => {
    const page = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const errors = watchForErrors(page);
    await signUp(page, baseUrl, 'template');
    await page.goto(`${baseUrl}/strategies/technical/golden-cross`);
    await page.getByRole('link', { name: 'Open in the builder' }).click();
    await page.waitForURL(`${baseUrl}/BacktestingForm`);
    await expect.poll(() => field(page, 'Entry crossover 1: indicator 1 Timeframe').inputValue()).toBe('50');
    expect(await field(page, 'Entry crossover 1: indicator 2 Timeframe').inputValue()).toBe('200');

    // The user changes only the symbol.
    await expect.poll(() => field(page, 'Stock').inputValue()).toBe('AAPL');
    await field(page, 'Stock').selectOption('MSFT');
    await page.getByRole('button', { name: 'Preview Parameters' }).click();
    await page.getByRole('region', { name: 'Review your parameters' }).waitFor();
    await page.getByRole('button', { name: 'Final Submit' }).click();
    await page.waitForURL(/\/backtests\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'MSFT (US), 1 day' }).waitFor();
    const rules = page.getByText('SMA (50) Crosses Above SMA (200)');
    expect(await rules.count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

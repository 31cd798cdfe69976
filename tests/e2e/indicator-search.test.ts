import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseIndicator, field, launchBrowser, openPage, setPlan, signUp, watchForErrors } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** How far the page scrolls sideways (0 when it fits the phone). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('searching the indicator catalogue in chromium', () => {
  it('a pro user finds "Aroon" in the grouped list, builds a rule with Aroon Up, runs it and sees the rule', async () => {
    const page = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const errors = watchForErrors(page);
    setPlan(await signUp(page, baseUrl, 'aroon'), 'pro');

    await page.goto(`${baseUrl}/BacktestingForm`);
    await page.getByRole('heading', { level: 1, name: 'Backtesting simulator' }).waitFor();
    await expect.poll(() => field(page, 'Stock').inputValue(), { timeout: 20_000 }).toBe('AAPL');
    await field(page, 'Timeframe').selectOption('1 day');
    await field(page, 'From date').fill('2022-01-01');
    await field(page, 'To date').fill('2023-12-31');

    await field(page, 'Entry value-based conditions').selectOption('1');
    const box = page.getByRole('combobox', { name: 'Entry value 1: indicator', exact: true });
    await box.click();
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    await box.pressSequentially('Aroon');
    const listbox = page.getByRole('listbox');
    await expect
      .poll(async () =>
        (await listbox.getByRole('option').allTextContents()).every((text) => /aroon/i.test(text)),
      )
      .toBe(true);
    const names = await listbox
      .getByRole('group')
      .evaluateAll((groups) =>
        groups.map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent),
      );
    expect(names).toEqual(['Momentum Indicators']);
    const aroonUp = listbox.getByRole('option', { name: 'Aroon Up', exact: true });
    // A pro user sees no plan badge.
    expect(await aroonUp.textContent()).not.toContain('Pro');
    await box.press('ArrowDown');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(await aroonUp.getAttribute('id'));
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Aroon Up');
    await field(page, 'Entry value 1: Timeframe').fill('14');
    await field(page, 'Entry value 1: logic').selectOption('Greater Than');
    await field(page, 'Entry value 1: number').fill('70');

    await field(page, 'Exit value-based conditions').selectOption('1');
    await chooseIndicator(page, 'Exit value 1: indicator', 'Aroon Up');
    await field(page, 'Exit value 1: Timeframe').fill('14');
    await field(page, 'Exit value 1: logic').selectOption('Less Than');
    await field(page, 'Exit value 1: number').fill('30');

    await page.getByRole('button', { name: 'Preview Parameters' }).click();
    await page.getByRole('region', { name: 'Review your parameters' }).waitFor();
    await page.getByRole('button', { name: 'Final Submit' }).click();
    await page.waitForURL(/\/backtests\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'AAPL (US), 1 day' }).waitFor();
    const tested = page.getByRole('region', { name: 'What was tested' });
    await tested.getByText('Aroon Up (14) Greater Than 70').waitFor();
    await tested.getByText('Aroon Up (14) Less Than 30').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('fits a 375 px phone with the list open', async () => {
    const page = await openPage(browser, { viewport: { width: 375, height: 800 } });
    const errors = watchForErrors(page);
    await page.goto(`${baseUrl}/BacktestingForm`);
    await page.getByRole('heading', { level: 1, name: 'Backtesting simulator' }).waitFor();
    await expect.poll(() => field(page, 'Stock').inputValue(), { timeout: 20_000 }).toBe('AAPL');
    await field(page, 'Entry crossover conditions').selectOption('1');
    const box = page.getByRole('combobox', { name: 'Entry crossover 1: indicator 1', exact: true });
    await box.click();
    await box.pressSequentially('channel');
    const listbox = page.getByRole('listbox');
    // A visitor sees the Basic plan's marks on the pro entries.
    await listbox.getByRole('option', { name: 'Keltner Channel Upper Pro', exact: true }).waitFor();
    expect(await listbox.getByText('Pro', { exact: true }).count()).toBe(
      await listbox.getByRole('option').count(),
    );
    await box.press('ArrowDown');
    await box.scrollIntoViewIfNeeded();
    const popup = await listbox.boundingBox();
    expect(popup!.x).toBeGreaterThanOrEqual(0);
    expect(popup!.x + popup!.width).toBeLessThanOrEqual(375);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});

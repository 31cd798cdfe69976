/**
 * The result page's trade list and the compare page as a trader sees them in chromium at 1440
 * and 375 px: no trade column cut at 1440, the key columns on a phone's screen, and runs of
 * different periods lined up by elapsed time. Screenshots go to test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, setPlan, signUp, watchForErrors } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const smaCross = (logic: string, fast: string, slow: string) => ({
  indicator1: 'SMA',
  logic,
  indicator2: 'SMA',
  additionalFields1: { Timeframe: fast },
  additionalFields2: { Timeframe: slow },
});

/** A crossover run over the given period; its id. */
async function run(
  page: Page,
  stock: string,
  timeframe: string,
  from: string,
  to: string,
  fast = '5',
  slow = '10',
) {
  const answer = await page.request.post(`${baseUrl}/api/backtests`, {
    headers: { Origin: baseUrl },
    data: {
      exchange: 'US',
      stock,
      fromDate: from,
      toDate: to,
      timeframe,
      transactionType: 'buy',
      entry: { parameters: [smaCross('Crosses Above', fast, slow)] },
      exit: { parameters: [smaCross('Crosses Below', fast, slow)] },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** The trade list's column heads, left to right, and how far each reaches (px from the left). */
async function tradeHeads(page: Page) {
  const list = page.getByRole('region', { name: 'Trade list' });
  await list.scrollIntoViewIfNeeded();
  return list.locator('thead th').evaluateAll((cells) =>
    cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      return { label: cell.querySelector('button')?.firstChild?.textContent ?? '', right: box.right };
    }),
  );
}

describe('the trade list and the compare page in chromium', () => {
  it('shows every trade column at 1440 px and the key ones at 375 px, and lines up different periods', async () => {
    const page = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const errors = watchForErrors(page);
    const email = await signUp(page, baseUrl, 'layout');
    setPlan(email, 'enterprise');
    const daily = await run(page, 'AAPL', '1 day', '2019-01-01', '2020-12-31');
    const dailyOther = await run(page, 'MSFT', '1 day', '2019-01-01', '2020-12-31', '10', '20');
    const intraday = await run(page, 'AAPL', '15 min', '2023-01-01', '2023-12-31', '20', '50');

    await page.goto(`${baseUrl}/backtests/${daily}`);
    const list = page.getByRole('region', { name: 'Trade list' });
    await list.waitFor();
    const wide = await tradeHeads(page);
    expect(wide.map((head) => head.label).slice(0, 6)).toEqual([
      '#',
      'Side',
      'Entry time',
      'P&L',
      'Return',
      'Exit time',
    ]);
    expect(wide.map((head) => head.label)).toContain('MAE');
    // Nothing to scroll at 1440: the MAE column is whole inside the list.
    expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await list.screenshot({ path: 'test-results/trades-1440.png' });
    await page.screenshot({ path: 'test-results/result-1440.png', fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    const narrow = await tradeHeads(page);
    const returnHead = narrow.find((head) => head.label === 'Return')!;
    // The key columns fit the phone's screen; the others scroll inside the list, never the page.
    expect(returnHead.right).toBeLessThanOrEqual(375);
    expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await list.screenshot({ path: 'test-results/trades-375.png' });
    await page.screenshot({ path: 'test-results/result-375.png', fullPage: true });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/backtests/compare?ids=${intraday},${daily},${dailyOther}`);
    const chart = page.getByRole('img', { name: /^Equity of 3 backtests/ });
    await chart.locator('[data-alignment]').waitFor();
    expect(await chart.locator('[data-alignment]').getAttribute('data-alignment')).toBe('elapsed');
    expect(
      await page.getByRole('radio', { name: 'Elapsed time (days since each run’s start)' }).isChecked(),
    ).toBe(true);
    await page.screenshot({ path: 'test-results/compare-elapsed-1440.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'test-results/compare-elapsed-375.png', fullPage: true });
    await page.getByRole('radio', { name: 'Calendar dates' }).check();
    await chart.locator('[data-alignment="calendar"]').waitFor();
    await page.screenshot({ path: 'test-results/compare-calendar-375.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: 'test-results/compare-calendar-1440.png', fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});

/**
 * The result page's trade list and the compare page as a trader sees them in chromium at 1440
 * and 375 px: no trade column cut at 1440, the key columns on a phone's screen, and runs of
 * different periods lined up by elapsed time. Screenshots go to test-results/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { backtestRequest, smaCrossingRules } from '../fixtures/requests';
import { PHONE, WIDE, browserForFile, horizontalOverflow, runBacktest, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** A run of SMA crossings on a US stock (AAPL unless changed); its id. */
async function run(page: Page, changes: Record<string, unknown>, fast: number, slow: number) {
  return (await runBacktest(page, backtestRequest({ ...changes, ...smaCrossingRules(fast, slow) }))).id;
}

const TWO_YEARS_DAILY = { timeframe: '1 day', fromDate: '2019-01-01', toDate: '2020-12-31' };
const A_YEAR_OF_15_MINUTES = { timeframe: '15 min', fromDate: '2023-01-01', toDate: '2023-12-31' };

/** What a trader reads first: the trade list's leading columns, the ones that fit a phone. */
const KEY_COLUMNS = ['#', 'Side', 'Entry time', 'P&L', 'Return', 'Exit time'];

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
    const { page, errors } = await signedInPage(browser(), 'layout', { plan: 'enterprise' });
    const daily = await run(page, TWO_YEARS_DAILY, 5, 10);
    const dailyOther = await run(page, { ...TWO_YEARS_DAILY, stock: 'MSFT' }, 10, 20);
    const intraday = await run(page, A_YEAR_OF_15_MINUTES, 20, 50);

    await page.goto(`${baseUrl}/backtests/${daily}`);
    const list = page.getByRole('region', { name: 'Trade list' });
    await list.waitFor();
    const wide = await tradeHeads(page);
    expect(wide.map((head) => head.label).slice(0, 6)).toEqual(KEY_COLUMNS);
    expect(wide.map((head) => head.label)).toContain('MAE');
    // Nothing to scroll at 1440: the MAE column is whole inside the list.
    expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await list.screenshot({ path: 'test-results/trades-1440.png' });
    await page.screenshot({ path: 'test-results/result-1440.png', fullPage: true });

    await page.setViewportSize(PHONE);
    const narrow = await tradeHeads(page);
    const returnHead = narrow.find((head) => head.label === 'Return')!;
    // The key columns fit the phone's screen; the others scroll inside the list, never the page.
    expect(returnHead.right).toBeLessThanOrEqual(375);
    expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await list.screenshot({ path: 'test-results/trades-375.png' });
    await page.screenshot({ path: 'test-results/result-375.png', fullPage: true });

    await page.setViewportSize(WIDE);
    await page.goto(`${baseUrl}/backtests/compare?ids=${intraday},${daily},${dailyOther}`);
    const chart = page.getByRole('img', { name: /^Equity of 3 backtests/ });
    await chart.locator('[data-alignment]').waitFor();
    expect(await chart.locator('[data-alignment]').getAttribute('data-alignment')).toBe('elapsed');
    expect(
      await page.getByRole('radio', { name: 'Elapsed time (days since each run’s start)' }).isChecked(),
    ).toBe(true);
    await page.screenshot({ path: 'test-results/compare-elapsed-1440.png', fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: 'test-results/compare-elapsed-375.png', fullPage: true });
    await page.getByRole('radio', { name: 'Calendar dates' }).check();
    await chart.locator('[data-alignment="calendar"]').waitFor();
    await page.screenshot({ path: 'test-results/compare-calendar-375.png', fullPage: true });
    await page.setViewportSize(WIDE);
    await page.screenshot({ path: 'test-results/compare-calendar-1440.png', fullPage: true });
    expect(errors).toEqual([]);
  }, 180_000);

  it('keeps Export Pine Script and Export Python apart, as the buttons around them are', async () => {
    const { page, errors } = await signedInPage(browser(), 'exports');
    const id = await run(page, { fromDate: '2023-09-05', toDate: '2023-09-15' }, 5, 10);
    await page.goto(`${baseUrl}/backtests/${id}`);
    const group = page.getByRole('group', { name: 'Export the strategy as code' });
    await group.waitFor();
    for (const viewport of [WIDE, PHONE]) {
      await page.setViewportSize(viewport);
      const pine = (await group.getByRole('button', { name: 'Export Pine Script' }).boundingBox())!;
      const python = (await group.getByRole('button', { name: 'Export Python' }).boundingBox())!;
      // Side by side or wrapped under each other: never touching.
      const apart =
        python.y >= pine.y + pine.height
          ? python.y - (pine.y + pine.height)
          : python.x - (pine.x + pine.width);
      expect(apart, `${viewport.width} px`).toBeGreaterThanOrEqual(8);
    }
    expect(errors).toEqual([]);
  });
});

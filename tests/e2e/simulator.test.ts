import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { backtestRequest } from '../fixtures/requests';
import { field, visibleRange } from './browser';
import { periodFields, previewAndSubmit, setFields, smaCrossingFields } from './builder';
import { browserForFile, runBacktest, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/**
 * SMA 10 Crosses Above SMA 20 and RSI Less Than 70 to enter, the reverse cross or a 5% stop to
 * leave, on 1-hour bars of Sept-Oct 2023.
 */
async function buildStrategy(page: Page) {
  await setFields(page, {
    ...periodFields('1 hour', '2023-09-01', '2023-10-31'),
    ...smaCrossingFields('Entry', 10, 20),
    'Entry value-based conditions': '1',
    'Entry value 1: indicator': 'RSI',
    'Entry value 1: logic': 'Less Than',
    'Entry value 1: number': '70',
    ...smaCrossingFields('Exit', 10, 20),
    'Stop loss type': 'percentage',
    'Stop loss value': '5',
  });
}

/** Waits for the price chart to draw and returns its trade count and drawn marker count. */
async function chartedTrades(page: Page) {
  const chart = page.getByRole('img', { name: /^Candlestick chart of AAPL/ });
  await chart.waitFor();
  const label = (await chart.getAttribute('aria-label')) ?? '';
  const trades = Number(/([\d,]+) trades? marked/.exec(label)?.[1]?.replace(/,/g, '') ?? NaN);
  const drawn = chart.locator('[data-markers]');
  await drawn.waitFor({ state: 'attached' });
  return { trades, markers: Number(await drawn.getAttribute('data-markers')) };
}

describe('the simulator in chromium', () => {
  it('builds SMA 10/20 with RSI < 70 and a 5% stop, submits, shows trades, exports, re-runs from history', async () => {
    const { page, errors } = await signedInPage(browser(), 'sim');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Simulator' }).click();
    await page.getByRole('heading', { level: 1, name: 'Backtesting simulator' }).waitFor();
    // No provider is configured here: the bundled lists, with a calm note and no error banner.
    await expect.poll(() => field(page, 'Stock').inputValue()).toBe('AAPL');
    expect(await field(page, 'Exchange').inputValue()).toBe('US');
    await page
      .getByText('Sample data: the S&P 500 sample, your uploads and synthetic demo prices.')
      .first()
      .waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Using fallback data' }).count()).toBe(0);

    await buildStrategy(page);
    const firstId = await previewAndSubmit(page);

    await page.getByText('Parameters submitted successfully!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'AAPL (US), 1 hour' }).waitFor();
    const { trades, markers } = await chartedTrades(page);
    expect(trades).toBeGreaterThan(1);
    expect(markers).toBe(2 * trades);

    const tradeRows = page.getByRole('region', { name: 'Trade list' }).locator('tbody tr');
    expect(await tradeRows.count()).toBe(Math.min(trades, 25));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export trades (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('backtest-AAPL-2023-09-01-2023-10-31-trades.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(csv).toHaveLength(trades + 1);
    expect(csv[0]).toBe(
      'trade,side,entry_time,entry_price,exit_time,exit_price,exit_reason,quantity,pnl,return_pct,bars_held,mfe_pct,mae_pct',
    );
    // New York time with its offset (daylight saving in September), prices at the tick.
    expect(csv[1]).toMatch(
      /^1,long,2023-(09|10)-\d\dT\d\d:\d\d:00-04:00,\d+\.\d\d,2023-(09|10)-\d\dT\d\d:\d\d:00-0[45]:00,\d+\.\d\d,/,
    );

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Your account' })
      .click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My backtests' }).click();
    const runs = page.getByRole('list', { name: 'Your backtests, newest first' }).getByRole('listitem');
    await runs.first().waitFor();
    expect(await runs.count()).toBe(1);
    await runs.first().getByRole('button', { name: 'Edit and re-run' }).click();

    await page.waitForURL(`${baseUrl}/BacktestingForm`);
    expect(await field(page, 'Timeframe').inputValue()).toBe('1 hour');
    expect(await field(page, 'To date').inputValue()).toBe('2023-10-31');
    expect(await field(page, 'Entry crossover 1: indicator 2 Timeframe').inputValue()).toBe('20');
    expect(await field(page, 'Stop loss value').inputValue()).toBe('5');
    await field(page, 'Stop loss value').fill('3');
    const secondId = await previewAndSubmit(page);
    expect(secondId).not.toBe(firstId);
    await page.getByRole('heading', { level: 1, name: 'AAPL (US), 1 hour' }).waitFor();
    expect((await chartedTrades(page)).trades).toBeGreaterThan(0);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Your account' })
      .click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My backtests' }).click();
    await expect.poll(() => runs.count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('draws a run of about 93,000 five-minute bars (holidays excluded) with every trade marker, and zooms', async () => {
    const { page, errors } = await signedInPage(browser(), 'sim');
    const { id, result } = await runBacktest(
      page,
      backtestRequest({ fromDate: '2019-09-01', toDate: '2024-05-31', timeframe: '5 min' }),
    );
    expect(result.data.bars).toBeGreaterThan(90_000);

    await page.goto(`${baseUrl}/backtests/${id}`);
    const { trades, markers } = await chartedTrades(page);
    expect(trades).toBe(result.metrics.tradeCount);
    expect(markers).toBe(2 * trades);
    const price = /^Candlestick chart of AAPL/;
    const span = async () => {
      const range = await visibleRange(page, price);
      return range.to - range.from;
    };
    const whole = await span();
    expect(whole).toBeGreaterThan(4 * 365 * 86_400);
    // The wheel reaches the chart only where the viewport shows it.
    await page.getByRole('img', { name: price }).scrollIntoViewIfNeeded();
    const chart = await page.getByRole('img', { name: price }).boundingBox();
    await page.mouse.move(chart!.x + chart!.width / 2, chart!.y + chart!.height / 2);
    for (let step = 0; step < 8; step++) await page.mouse.wheel(0, -400);
    // Wheeling up zooms in: the chart shows a shorter stretch of time than the whole run.
    await expect.poll(span, { timeout: 10_000 }).toBeLessThan(whole * 0.9);
    await page
      .getByRole('button', { name: /^Return/ })
      .first()
      .click();
    expect(errors).toEqual([]);
  });
});

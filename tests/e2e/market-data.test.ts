/**
 * Market data as a user meets it, in chromium against the built app: a server without a
 * provider key is calm (the neutral sample-data note, no error banner), BINANCE's klines come
 * from the fake Binance on loopback (tests/e2e/fake-binance-server.ts), and an NSE intraday run
 * squares off at its exit time in India's time zone (synthetic demo prices: no key here).
 */
import { describe, expect, inject, it } from 'vitest';
import { backtestRequest, nseExitAt1515Request, smaCrossingRules } from '../fixtures/requests';
import { BINANCE_DATA_NOTE, SAMPLE_DATA_NOTE } from '../../src/shared/data-sources';
import { field } from './browser';
import { openBuilder } from './builder';
import { browserForFile, runBacktest, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

const VIEWPORT = { width: 1280, height: 900 };

/** A signed-up Pro user (BINANCE and intraday NSE are in the plan), on the home page. */
async function proUser(prefix: string) {
  return (await signedInPage(browser(), prefix, { viewport: VIEWPORT, plan: 'pro' })).page;
}

/** Minutes past midnight in India (UTC+05:30, no daylight saving) and the Indian date. */
const inIndia = (iso: string) => {
  const shifted = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return {
    date: shifted.slice(0, 10),
    minutes: Number(shifted.slice(11, 13)) * 60 + Number(shifted.slice(14, 16)),
  };
};

describe('market data in chromium', () => {
  it('opens the builder of a server without a provider key calmly: the sample-data note, no error banner', async () => {
    const { page, errors } = await signedInPage(browser(), 'calm', { viewport: VIEWPORT });
    // Both lists have loaded: the bundled exchanges and the first stock of the default one.
    await openBuilder(page);
    const note = page.getByRole('status').filter({
      hasText:
        'Sample data: the S&P 500 sample, your uploads and synthetic demo prices. Add a market-data key for real lists.',
    });
    await note.first().waitFor();
    expect(await note.count()).toBe(1);
    // Errors and warnings are role="alert" banners: none on a fresh install.
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText(/API Error|Using fallback data/).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('notes Binance’s own prices, not the sample data, once BINANCE is chosen in the builder', async () => {
    const { page, errors } = await signedInPage(browser(), 'binote', { viewport: VIEWPORT, plan: 'pro' });
    await openBuilder(page);
    await page.getByRole('status').filter({ hasText: SAMPLE_DATA_NOTE }).waitFor();
    await field(page, 'Exchange').selectOption('BINANCE');
    await expect.poll(() => field(page, 'Stock').inputValue()).toBe('BTCUSDT');
    await page.getByRole('status').filter({ hasText: BINANCE_DATA_NOTE }).waitFor();
    expect(await page.getByText(SAMPLE_DATA_NOTE).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('runs BTCUSDT on BINANCE in 1-hour bars from the fake Binance: source "binance" in the answer and on the page', async () => {
    const page = await proUser('binance');
    const exchanges = (await (await page.request.get(`${baseUrl}/api/market/exchanges`)).json()) as {
      exchanges: { code: string }[];
    };
    expect(exchanges.exchanges.map((exchange) => exchange.code)).toContain('BINANCE');

    const { id, result } = await runBacktest(
      page,
      backtestRequest({
        exchange: 'BINANCE',
        stock: 'BTCUSDT',
        fromDate: '2024-01-01',
        toDate: '2024-01-31',
        ...smaCrossingRules(5, 20),
      }),
    );
    expect(result.data.source).toBe('binance');
    expect(result.dataQuality).toMatchObject({
      source: 'binance',
      // Every hour of January, weekends included: Binance trades around the clock.
      bars: 31 * 24,
      missingSessions: 0,
      firstBar: '2024-01-01',
      lastBar: '2024-01-31',
    });
    expect(result.metrics.tradeCount).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/backtests/${id}`);
    await page.getByRole('heading', { level: 1, name: 'BTCUSDT (BINANCE), 1 hour' }).waitFor();
    expect(await page.getByText(/^Data source:/).textContent()).toBe('Data source: Binance market data');
    const panel = page.getByRole('region', { name: 'Data' });
    expect(await panel.getByText('Tested span').locator('xpath=..').textContent()).toBe(
      'Tested span2024-01-01 to 2024-01-31',
    );
  });

  it('closes every NSE 15-minute position by 15:15 IST on its entry day: no overnight position', async () => {
    const page = await proUser('nse');
    const { id, result } = await runBacktest(page, nseExitAt1515Request());
    expect(result.data.timezone).toBe('Asia/Kolkata');
    const closed = result.trades.filter((trade) => trade.exitReason !== 'end');
    expect(closed.length).toBeGreaterThan(3);
    expect(closed.some((trade) => trade.exitReason === 'time')).toBe(true);
    for (const trade of closed) {
      const entry = inIndia(trade.entryTime);
      const exit = inIndia(trade.exitTime);
      expect(exit.date, `${trade.entryTime} -> ${trade.exitTime}`).toBe(entry.date);
      expect(exit.minutes, trade.exitTime).toBeLessThanOrEqual(15 * 60 + 15);
    }
    for (const trade of result.trades.filter((t) => t.exitReason === 'time'))
      expect(inIndia(trade.exitTime).minutes).toBe(15 * 60 + 15);

    // The page says the exit time's zone is the exchange's own.
    await page.goto(`${baseUrl}/backtests/${id}`);
    await page.getByRole('heading', { level: 1, name: 'TCS (NSE), 15 min' }).waitFor();
    expect(await page.getByRole('region', { name: 'What was tested' }).textContent()).toContain(
      'Exit at 15:15 Exchange time (IST)',
    );
  });
});

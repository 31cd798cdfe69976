/**
 * A forward test in chromium: an Enterprise user starts one from a Binance run's result page and
 * watches the live page grow bar by bar from the fake kline stream (a bar every 1.5 s), then
 * stops it.
 */
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, runBacktest, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

const sma = (n: number) => ({
  indicator1: 'SMA',
  additionalFields1: { Timeframe: '3' },
  indicator2: 'SMA',
  additionalFields2: { Timeframe: String(n) },
});

/** The live bars the page says it has. */
async function liveBars(page: import('playwright-core').Page): Promise<number> {
  const text =
    (await page
      .getByText(/live bars?/)
      .first()
      .textContent()) ?? '';
  return Number(/(\d+) live bar/.exec(text)?.[1] ?? 0);
}

describe('a forward test in chromium', () => {
  it('starts from a result page and grows on the live page until stopped', async () => {
    const { page, errors } = await signedInPage(browser(), 'forward', { plan: 'enterprise' });
    const { id } = await runBacktest(page, {
      exchange: 'BINANCE',
      stock: 'BTCUSDT',
      timeframe: '5 min',
      fromDate: '2026-11-02',
      toDate: '2026-11-02',
      entry: { parameters: [{ ...sma(8), logic: 'Crosses Above' }] },
      exit: { parameters: [{ ...sma(8), logic: 'Crosses Below' }] },
    });
    await page.goto(`${baseUrl}/backtests/${id}`);
    const section = page.getByRole('region', { name: 'Forward test on live data' });
    await section.getByRole('button', { name: 'Start the forward test' }).click({ timeout: 30_000 });
    await section.getByRole('link', { name: 'Watch it live' }).click();
    await page.getByRole('heading', { level: 1, name: 'BTCUSDT 5 min' }).waitFor();

    await page.getByRole('img', { name: 'Live BTCUSDT bars with the signals' }).waitFor({ timeout: 30_000 });
    const first = await liveBars(page);
    expect(first).toBeGreaterThanOrEqual(1);
    // The page grows with the socket's events, without a reload.
    await expect.poll(() => liveBars(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(first + 2);

    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByText('stopped', { exact: true }).waitFor();
    await page.goto(`${baseUrl}/forward-tests`);
    const row = page.getByRole('region', { name: 'Your forward tests' }).getByRole('row').nth(1);
    await expect.poll(() => row.textContent()).toContain('stopped');
    expect(errors).toEqual([]);
  });
});

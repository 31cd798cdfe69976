import { describe, expect, inject, it } from 'vitest';
import { field } from './browser';
import { previewParameters, setFields, smaCrossingFields, submitToResult } from './builder';
import { PHONE, browserForFile, expectFitsPhone, horizontalOverflow, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('portfolios in chromium', () => {
  it('saves a three-symbol portfolio, runs it from the builder and shows the per-symbol breakdown', async () => {
    const { page, errors } = await signedInPage(browser(), 'portfolio', { plan: 'pro' });
    const candleCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/market/candles')) candleCalls.push(request.url());
    });
    await page.goto(`${baseUrl}/backtests`);
    const me = await page.request.get(`${baseUrl}/api/auth/me`);
    expect((await me.json()).user.plan).toBe('pro');
    await page.getByRole('main').getByRole('link', { name: 'Portfolios' }).click();
    await page.getByText('0 of 10 portfolios on the Professional plan').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New portfolio' }).click();
    await field(page, 'Name').fill('Tech and India');
    const symbols: [string, string][] = [
      ['US', 'AAPL'],
      ['US', 'MSFT'],
      ['NSE', 'RELIANCE'],
    ];
    for (const [index, [exchange, symbol]] of symbols.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add a symbol' }).click();
      await field(page, `Exchange ${index + 1}`).selectOption(exchange);
      await field(page, `Symbol ${index + 1}`).fill(symbol);
    }
    expect(await page.getByText(/^Equal weights: each symbol trades 33.3% of the capital/).count()).toBe(1);
    await page.getByRole('button', { name: 'Save portfolio' }).click();

    await page.getByText('Saved the portfolio “Tech and India”.').waitFor({ timeout: 30_000 });
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Tech and India' }) });
    expect(await card.textContent()).toContain('3 symbols: AAPL (US), MSFT (US) and RELIANCE (NSE)');
    expect(await card.textContent()).toContain('Equal weights (33.3% each)');
    await page.getByText('1 of 10 portfolios on the Professional plan').waitFor();
    await expectFitsPhone(page);

    await card.getByRole('link', { name: 'Run a backtest on Tech and India' }).click();
    await page.waitForURL(`${baseUrl}/BacktestingForm`);
    await expect.poll(() => field(page, 'Exchange').inputValue(), { timeout: 30_000 }).toBe('PORTFOLIO');
    expect(await field(page, 'Stock').locator('option:checked').textContent()).toBe(
      'Tech and India (3 symbols)',
    );
    // SMA 5 Crosses Above SMA 20 to enter, the reverse cross to leave.
    await setFields(page, { ...smaCrossingFields('Entry', 5, 20), ...smaCrossingFields('Exit', 5, 20) });
    const review = await previewParameters(page);
    expect(await review.textContent()).toContain('Exchange: Portfolio');
    expect(await review.textContent()).toContain('Stock: Tech and India (3 symbols)');
    await submitToResult(page, 60_000);
    await page.getByRole('heading', { level: 1, name: /^Portfolio: Tech and India, / }).waitFor();
    const breakdown = page.getByRole('region', { name: 'Per-symbol breakdown' });
    await breakdown.waitFor();
    const rows = breakdown.getByRole('row');
    expect(await rows.count()).toBe(4);
    for (const [index, [exchange, symbol]] of symbols.entries()) {
      const cells = await rows
        .nth(index + 1)
        .getByRole('cell')
        .allTextContents();
      expect(
        await rows
          .nth(index + 1)
          .getByRole('rowheader')
          .textContent(),
      ).toBe(symbol);
      expect(cells[0]).toBe(exchange);
      expect(cells[1]).toBe('33.33%');
      expect(cells[2]).toMatch(/^[+-]?\d+\.\d\d%$/);
    }
    const matrix = page.getByRole('region', { name: 'Correlation matrix' });
    expect(await matrix.getByRole('columnheader').allTextContents()).toEqual(['AAPL', 'MSFT', 'RELIANCE']);
    expect(await matrix.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('1.00');
    await page.getByText(/there is no one price chart/).waitFor();
    const trades = page.getByRole('region', { name: 'Trade list' });
    expect(await trades.getByRole('columnheader').nth(1).textContent()).toMatch(/^Symbol/);
    await page.setViewportSize(PHONE);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);

    expect(candleCalls).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
});

import { describe, expect, inject, it } from 'vitest';
import { smaCrossingRules, sp500Request } from '../fixtures/requests';
import { visibleRange } from './browser';
import { browserForFile, runBacktest, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** SMA 20/50 on the S&P 500 sample 2000-2020: about 5,000 daily bars, more than a stored curve holds. */
const SP500_RUN = sp500Request(smaCrossingRules(20, 50));

const PRICE = /^Candlestick chart of S&P 500/;
const EQUITY = /^Equity curve/;
const DRAWDOWN = /^Drawdown curve/;
const DAY = 86_400;

describe('the result charts in chromium', () => {
  it('bottom the drawdown chart at the headline max drawdown, open on the whole period and zoom together', async () => {
    const { page, errors } = await signedInPage(browser(), 'charts');
    const { id, result } = await runBacktest(page, SP500_RUN);
    expect(result.data.bars).toBeGreaterThan(5000);

    await page.goto(`${baseUrl}/backtests/${id}`);
    const drawdown = page.getByRole('img', { name: DRAWDOWN }).locator('[data-lowest]');
    await drawdown.waitFor({ state: 'attached' });
    expect(Number(await drawdown.getAttribute('data-lowest'))).toBe(-result.metrics.maxDrawdownPct);
    const headline = page.getByRole('list', { name: 'Headline results' }).getByRole('listitem').nth(2);
    expect(await headline.textContent()).toContain(`${result.metrics.maxDrawdownPct.toFixed(2)}%`);

    const price = page.getByRole('img', { name: PRICE });
    await price.locator('[data-visible-from]').waitFor({ state: 'attached' });
    const whole = await visibleRange(page, PRICE);
    // The whole tested period: the first traded bar in 2000 (after 50 bars of warm-up) to the
    // sample's last bar in April 2020.
    expect(new Date(whole.from * 1000).getUTCFullYear()).toBe(2000);
    expect(new Date(whole.to * 1000).toISOString().slice(0, 7)).toBe('2020-04');
    expect((await visibleRange(page, EQUITY)).to).toBe(whole.to);
    // So many arrows on one screen carry no labels.
    expect(await price.locator('[data-marker-labels]').getAttribute('data-marker-labels')).toBe('hidden');

    await price.scrollIntoViewIfNeeded();
    const box = (await price.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    for (let step = 0; step < 8; step++) await page.mouse.wheel(0, -400);
    await expect
      .poll(async () => (await visibleRange(page, PRICE)).from)
      .toBeGreaterThan(whole.from + 365 * DAY);
    await expect
      .poll(async () => {
        const [zoomed, equity, drawdownRange] = await Promise.all([
          visibleRange(page, PRICE),
          visibleRange(page, EQUITY),
          visibleRange(page, DRAWDOWN),
        ]);
        // The curves hold a point every 13 bars or so: they follow to within a month.
        return [equity, drawdownRange].every(
          (range) =>
            Math.abs(range.from - zoomed.from) < 31 * DAY && Math.abs(range.to - zoomed.to) < 31 * DAY,
        );
      })
      .toBe(true);
    const zoomed = await visibleRange(page, PRICE);
    expect(zoomed.to - zoomed.from).toBeLessThan((whole.to - whole.from) / 2);

    // Zoomed in to about a year, the arrows have room for their labels again.
    for (let step = 0; step < 22; step++) await page.mouse.wheel(0, -400);
    await expect
      .poll(() => price.locator('[data-marker-labels]').getAttribute('data-marker-labels'))
      .toBe('shown');

    // Pointing at an arrow tells its trade.
    const tooltip = page.getByRole('tooltip');
    for (let x = 4; x < box.width - 80 && !(await tooltip.isVisible()); x += 3)
      await page.mouse.move(box.x + x, box.y + box.height / 2);
    expect(await tooltip.textContent()).toMatch(
      /^Trade \d+: (Buy entry|Exit signal) \d{4}-\d{2}-\d{2} at [\d,.]+/,
    );
    expect(errors).toEqual([]);
  });

  it('centre all three charts on a trade picked in the table, draw buy and hold to the metric and grid the months', async () => {
    const { page, errors } = await signedInPage(browser(), 'focus');
    const { id, result } = await runBacktest(page, SP500_RUN);
    await page.goto(`${baseUrl}/backtests/${id}`);
    const price = page.getByRole('img', { name: PRICE });
    await price.locator('[data-visible-from]').waitFor({ state: 'attached' });
    const whole = await visibleRange(page, PRICE);

    // The dashed buy-and-hold line ends where the "Buy & hold return" metric says.
    const equity = page.getByRole('img', { name: EQUITY }).locator('[data-buy-hold-last]');
    const last = Number(await equity.getAttribute('data-buy-hold-last'));
    const buyHold = result.metrics.buyHoldReturnPct!;
    expect((last / 100_000 - 1) * 100).toBeCloseTo(buyHold, 9);
    expect(await page.getByRole('list', { name: 'Equity chart legend' }).textContent()).toContain(
      `Buy and hold +${buyHold.toFixed(2)}%`,
    );

    const trade = result.trades[9]!;
    const entry = Date.parse(trade.entryTime) / 1000;
    const exit = Date.parse(trade.exitTime) / 1000;
    await page.getByRole('button', { name: 'Show trade 10 on the chart' }).click();
    await expect
      .poll(async () => {
        const ranges = await Promise.all([PRICE, EQUITY, DRAWDOWN].map((name) => visibleRange(page, name)));
        return ranges.every(
          (range) =>
            range.from <= entry &&
            range.to >= exit &&
            range.to - range.from < (whole.to - whole.from) / 4 &&
            // The trade sits in the middle of the view, not at an edge.
            Math.abs((range.from + range.to) / 2 - (entry + exit) / 2) < (range.to - range.from) / 4,
        );
      })
      .toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'The charts show trade 10.' }).count()).toBe(1);
    // The chart scrolled into view, so the user sees what they asked for.
    await expect.poll(() => price.isVisible()).toBe(true);
    const top = (await price.boundingBox())!.y;
    expect(top).toBeLessThan(900);

    // One row per year 2000..2020, each month cell the API's figure.
    const grid = page.getByRole('table', { name: 'Monthly and yearly returns, percent' });
    expect(await grid.getByRole('row').count()).toBe(1 + 21);
    const march2009 = result.monthlyReturns!.find((month) => month.month === '2009-03')!;
    const row2009 = grid.getByRole('row', { name: /^2009/ });
    const sign = march2009.returnPct > 0 ? '+' : '';
    expect(await row2009.getByRole('cell').nth(2).textContent()).toBe(
      `${sign}${march2009.returnPct.toFixed(2)}%`,
    );
    expect(errors).toEqual([]);
  });
});

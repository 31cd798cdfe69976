import { describe, expect, inject, it } from 'vitest';
import { smaCrossingRules, sp500Request } from '../fixtures/requests';
import { field } from './browser';
import { browserForFile, runBacktest, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** SMA 20/50 on the S&P 500 sample, 2000-2020 daily. */
const SP500_RUN = sp500Request(smaCrossingRules(20, 50));

const FAST = 'Entry rule 1 · SMA (first indicator) · Timeframe';
const SLOW = 'Entry rule 1 · SMA (second indicator) · Timeframe';
const LONG = { timeout: 120_000 };

describe('the robustness lab in chromium', () => {
  it('sweeps a run on the local queue, shows the heatmap, PBO, DSR and the suggestion, and loads it into the form', async () => {
    const { page, errors } = await signedInPage(browser(), 'robustness');
    const { id } = await runBacktest(page, SP500_RUN);
    await page.goto(`${baseUrl}/backtests/${id}`);
    await page.getByRole('tab', { name: 'Robustness' }).click();

    // The default grid: the four SMA periods around their values, cut to fit the basic plan's 50.
    const size = page.getByTestId('grid-size');
    await expect.poll(() => size.textContent(), LONG).toContain('27 configurations of the 50');
    expect((await field(page, FAST).inputValue()).split(', ')).toHaveLength(3);
    const start = page.getByRole('button', { name: 'Start the analysis' });
    expect(await start.isDisabled()).toBe(false);

    // A 3 x 3 grid of the entry periods, with a walk-forward over 2 windows.
    // The cut default keeps some of the exit rule's periods: remove those it kept.
    for (const side of ['first', 'second']) {
      const remove = page.getByRole('button', {
        name: `Remove Exit rule 1 · SMA (${side} indicator) · Timeframe`,
      });
      if ((await remove.count()) > 0) await remove.click();
    }
    await field(page, FAST).fill('10, 20, 30');
    await field(page, SLOW).fill('40, 50, 60');
    expect(await size.textContent()).toBe('9 configurations of the 50 your plan allows per analysis.');
    await page.getByLabel('Walk-forward').check();
    await page.getByLabel('Windows').fill('2');
    await start.click();

    const progress = page.getByRole('progressbar', { name: 'Analysis progress' });
    await progress.waitFor(LONG);
    const total = Number(await progress.getAttribute('aria-valuemax'));
    // One chunk of 9 configurations and the walk-forward.
    expect(total).toBe(2);
    await expect.poll(() => progress.getAttribute('aria-valuenow'), LONG).toBe(String(total));

    const heatmap = page.getByRole('table', { name: /^Sharpe ratio of each configuration/ });
    await heatmap.waitFor(LONG);
    // 3 x 3 cells, each a Sharpe ratio written with two decimals (or "—" when undefined).
    const cells = await heatmap.getByRole('cell').allTextContents();
    expect(cells).toHaveLength(9);
    for (const cell of cells) expect(cell).toMatch(/^(-?\d+\.\d\d|—)$/);
    expect(cells.filter((cell) => cell !== '—').length).toBeGreaterThan(0);

    const pbo = page.getByRole('img', { name: /^PBO \d+%$/ });
    await pbo.waitFor();
    expect(
      await page
        .getByText(/of the [\d,]+ splits the best in-sample configuration ranked below the median/)
        .count(),
    ).toBe(1);
    const sharpe = page.getByRole('region', { name: 'Sharpe ratio tests' });
    expect(await sharpe.getByText('DSR', { exact: true }).count()).toBe(1);
    expect(await sharpe.textContent()).toMatch(/DSR\d+%/);
    await page
      .getByRole('img', { name: /^Walk-forward out-of-sample equity over 2 rolling windows/ })
      .waitFor();

    const suggestion = page.getByRole('region', { name: 'Most stable region' });
    const fastRow = suggestion.getByRole('row', { name: new RegExp(`^${FAST.replace(/[()]/g, '\\$&')}`) });
    const suggested = (await fastRow.getByRole('cell').nth(1).textContent()) ?? '';
    expect(['10', '20', '30']).toContain(suggested);
    expect(await fastRow.getByRole('cell').first().textContent()).toBe('20');

    await suggestion.getByRole('button', { name: 'Load into the form' }).click();
    await page.waitForURL(`${baseUrl}/BacktestingForm`);
    await expect
      .poll(() => field(page, 'Entry crossover 1: indicator 1 Timeframe').inputValue(), LONG)
      .toBe(suggested);
    expect(await field(page, 'Timeframe').inputValue()).toBe('1 day');
    expect(errors).toEqual([]);
  }, 300_000);

  it('reopens the analysis after a reload of the Robustness tab, while it runs and once it is done', async () => {
    // A Professional plan runs the whole default grid: 5 values of the 4 periods, 625
    // configurations in 25 parts, long enough to reload while it runs.
    const { page, errors } = await signedInPage(browser(), 'reopen', { plan: 'pro' });
    const { id } = await runBacktest(page, SP500_RUN);
    await page.goto(`${baseUrl}/backtests/${id}`);
    await page.getByRole('tab', { name: 'Robustness' }).click();
    await page.waitForURL(`${baseUrl}/backtests/${id}?tab=robustness`);
    const size = page.getByTestId('grid-size');
    await expect.poll(() => size.textContent(), LONG).toContain('625 configurations of the 1,000');
    await page.getByRole('button', { name: 'Start the analysis' }).click();

    const status = page.getByRole('status').filter({ hasText: /parts of 625 configurations$/ });
    await status.waitFor(LONG);
    expect(await status.textContent()).toMatch(/^(Queued|Running): \d+ of 25 parts/);
    await page.reload();
    // The tab opens again with the analysis, followed to its end.
    expect(await page.getByRole('tab', { name: 'Robustness' }).getAttribute('aria-selected')).toBe('true');
    const progress = page.getByRole('progressbar', { name: 'Analysis progress' });
    await progress.waitFor(LONG);
    expect(await progress.getAttribute('aria-valuemax')).toBe('25');
    await expect.poll(() => progress.getAttribute('aria-valuenow'), LONG).toBe('25');
    await page.getByRole('heading', { name: 'Results of 625 configurations' }).waitFor(LONG);
    const pbo = await page.getByRole('img', { name: /^PBO \d+%$/ }).getAttribute('aria-label');

    await page.reload();
    await page.getByRole('heading', { name: 'Results of 625 configurations' }).waitFor(LONG);
    expect(await page.getByRole('img', { name: /^PBO \d+%$/ }).getAttribute('aria-label')).toBe(pbo);
    expect(await page.getByRole('button', { name: 'Start the analysis' }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  }, 300_000);
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field } from './browser';
import { openBuilder, periodFields, previewParameters, setFields } from './builder';
import { browserForFile, signedInPage } from './flows';

const browser = browserForFile();

const LONG = { timeout: 120_000 };

/**
 * Five years of AAPL's daily bars, RSI < 70 to enter and a 5% stop, in ML mode with 300-bar
 * training and 200-bar test windows: five folds. With logistic regression the run is small
 * enough to train in the request (201); a random forest is queued as a job (202).
 */
async function buildMlStrategy(page: Page, model: 'logistic' | 'random-forest') {
  await openBuilder(page);
  await setFields(page, {
    ...periodFields('1 day', '2019-01-01', '2023-12-31'),
    'Entry value-based conditions': '1',
    'Entry value 1: indicator': 'RSI',
    'Entry value 1: logic': 'Less Than',
    'Entry value 1: number': '70',
    'Stop loss type': 'percentage',
    'Stop loss value': '5',
  });
  await page.getByRole('button', { name: 'Advanced options' }).click();
  await field(page, 'Backtest mode').selectOption('ml');

  const section = page.getByRole('region', { name: 'Machine learning' });
  await section.waitFor();
  expect(await field(page, 'Training window (bars)').getAttribute('placeholder')).toBe('500');
  await setFields(page, {
    Model: model,
    'Training window (bars)': '300',
    'Test window (bars)': '200',
    Seed: '7',
  });
  // Leave one base feature out; the rules' RSI is a feature by default.
  await section.getByRole('checkbox', { name: /Volume change from the bar before/ }).uncheck();
  expect(await section.getByRole('checkbox', { name: 'RSI' }).isChecked()).toBe(true);
  return section;
}

/**
 * A Pro user builds the ML strategy with `model` and submits it; the page and the HTTP status
 * of the run's POST (the page then shows the progress of a queued run, or the result).
 */
async function submitMlRun(prefix: string, model: 'logistic' | 'random-forest') {
  const { page, errors } = await signedInPage(browser(), prefix, { plan: 'pro' });
  await buildMlStrategy(page, model);
  const answer = page.waitForResponse(
    (res) => res.url().endsWith('/api/backtests') && res.request().method() === 'POST',
  );
  await previewParameters(page);
  await page.getByRole('button', { name: 'Final Submit' }).click();
  return { page, errors, status: (await answer).status() };
}

/** The ML tab's folds, feature importance and baselines, as a user reads them. */
async function checkMlTab(page: Page) {
  await page.getByRole('tab', { name: 'ML' }).click();
  const folds = page.getByRole('table', { name: 'Walk-forward folds' });
  await folds.waitFor(LONG);
  const rows = folds.locator('tbody tr');
  expect(await rows.count()).toBe(5);
  // Test windows dated once the bars load: "2020-03-23 to 2021-01-06" (dates only: daily bars).
  await expect
    .poll(() => rows.first().locator('td').nth(1).textContent(), LONG)
    .toMatch(/^\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/);
  for (const cell of await rows.first().locator('td').allTextContents()) expect(cell).not.toBe('');
  const auc = await rows.first().locator('td').nth(7).textContent();
  expect(auc).toMatch(/^(0\.\d{3}|1\.000|—)$/);

  const importance = page.getByRole('list', { name: 'Feature importance' });
  const features = await importance.locator('li > span:first-child').allTextContents();
  expect(features).toContain('RSI(Timeframe=14)');
  expect(features).toContain('return_1');
  // Left out in the builder, so not a feature.
  expect(features).not.toContain('volume_change');
  expect(features).toHaveLength(7);

  const baselines = page.getByRole('table', { name: 'ML strategy against its baselines' });
  const heads = await baselines.locator('thead th').allTextContents();
  expect(heads).toEqual(['Metric', 'ML strategy', 'Rules only', 'Buy and hold']);
  const trades = baselines.getByRole('row', { name: /^Trades/ });
  const [strategyTrades, rulesTrades, holdTrades] = await trades.locator('td').allTextContents();
  expect(Number(rulesTrades)).toBeGreaterThan(0);
  expect(holdTrades).toBe('1');
  expect(Number(strategyTrades)).toBeGreaterThanOrEqual(0);
  // The strategy column is the run's own dashboard.
  await page.getByRole('tab', { name: 'Result' }).click();
  const shaded = page
    .getByRole('img', { name: /Shaded: 5 ML training windows\.$/ })
    .locator('[data-training-bars]');
  await shaded.waitFor(LONG);
  expect(Number(await shaded.getAttribute('data-training-bars'))).toBeGreaterThan(300);
  expect(await page.getByText(/ML training windows \(darker where folds overlap/).count()).toBe(1);
}

describe('ML backtests in chromium', () => {
  it('a pro user builds an ML strategy, runs it in the request and reads its folds, importance and baselines', async () => {
    const { page, errors, status } = await submitMlRun('ml', 'logistic');
    expect(status).toBe(201);
    await page.waitForURL(/\/backtests\/[0-9a-f-]{36}$/, LONG);
    await checkMlTab(page);
    expect(errors).toEqual([]);
  }, 300_000);

  it('a larger run is queued: the builder shows its progress and opens the run when it is done', async () => {
    const { page, errors, status } = await submitMlRun('ml-job', 'random-forest');
    expect(status).toBe(202);
    const progress = page.getByRole('progressbar', { name: 'ML training progress' });
    await progress.waitFor(LONG);
    await page.waitForURL(/\/backtests\/[0-9a-f-]{36}$/, LONG);
    await checkMlTab(page);
    expect(errors).toEqual([]);
  }, 300_000);
});

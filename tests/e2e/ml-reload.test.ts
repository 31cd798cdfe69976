/**
 * A queued ML run survives a reload of the builder, as a user met it: they start a run too large
 * for one request, reload the page while it waits or trains, see its progress again (in the
 * builder and under "Running now") and end on its result; the run is stored and counted once.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { jobCreatedSchema } from '../../src/shared/api/jobs';
import { usageSchema } from '../../src/shared/api/usage';
import { smaCrossingRules, sp500Request } from '../fixtures/requests';
import { field } from './browser';
import { openBuilder, periodFields, previewParameters, setFields } from './builder';
import { browserForFile, expectFitsPhone, runBacktest, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

const LONG = { timeout: 120_000 };
/** Until the queue has run the analysis ahead of the ML run, and then the ML run. */
const QUEUE_DRAINED = { timeout: 240_000 };

/**
 * The queue's consumer runs one part at a time: analyses of 625 configurations (25 parts) each,
 * of runs on the S&P 500 sample, sent just before the ML run, keep it busy long enough that the
 * ML run is still waiting when the page reloads, as on a busy server (one analysis sent while
 * the form was being filled in was over in about 3 s on a quiet machine, the ML run with it).
 */
async function keepQueueBusy(page: Page, runIds: readonly string[]): Promise<void> {
  for (const id of runIds) {
    const started = await page.request.post(`${baseUrl}/api/backtests/${id}/robustness`, {
      headers: { Origin: baseUrl },
      data: {},
    });
    expect(started.status(), await started.text()).toBe(202);
    jobCreatedSchema.parse(await started.json());
  }
}

/** The month's runs used, as GET /api/usage answers the page's session. */
async function runsUsed(page: Page): Promise<number> {
  const answer = await page.request.get(`${baseUrl}/api/usage`);
  expect(answer.status()).toBe(200);
  return usageSchema.parse(await answer.json()).used;
}

/** The runs stored in the user's history (GET /api/backtests). */
async function storedRuns(page: Page): Promise<number> {
  const answer = await page.request.get(`${baseUrl}/api/backtests`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { backtests: unknown[] }).backtests.length;
}

/**
 * Five years of AAPL's daily bars in ML mode with a random forest on 300-bar training and
 * 200-bar test windows: five folds, queued as a job (202).
 */
async function buildQueuedMlRun(page: Page) {
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
  await page.getByRole('region', { name: 'Machine learning' }).waitFor();
  await setFields(page, {
    Model: 'random-forest',
    'Training window (bars)': '300',
    'Test window (bars)': '200',
    Seed: '11',
  });
}

describe('a queued ML run and a reload of the builder', () => {
  it('shows the progress again after the reload, ends on the result and is charged once', async () => {
    const { page, errors } = await signedInPage(browser(), 'ml-reload', { plan: 'pro' });
    const analysed = [];
    for (const [fast, slow] of [
      [20, 50],
      [10, 40],
      [15, 60],
    ] as const) {
      analysed.push((await runBacktest(page, sp500Request(smaCrossingRules(fast, slow)))).id);
    }

    await buildQueuedMlRun(page);
    await previewParameters(page);
    await keepQueueBusy(page, analysed);
    const usedBefore = await runsUsed(page);
    const posted = page.waitForResponse(
      (res) => res.url().endsWith('/api/backtests') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Final Submit' }).click();
    expect((await posted).status()).toBe(202);

    const progress = page.getByRole('progressbar', { name: 'ML training progress' });
    await progress.waitFor(LONG);
    await page.waitForURL(/\/BacktestingForm\?job=[0-9a-f-]{36}$/);
    const jobId = new URL(page.url()).searchParams.get('job')!;
    const status = page.getByRole('status').filter({ hasText: /^(Queued|Training the models)/ });
    // Still queued or training: the moment a user reloads.
    expect(await status.textContent()).toMatch(
      /^(Queued: the training starts|Training the models: \d+ of \d+)/,
    );

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Backtesting simulator' }).waitFor();
    expect(new URL(page.url()).searchParams.get('job')).toBe(jobId);
    // The builder follows the run again: its review, its progress, Final Submit held back.
    const review = page.getByRole('region', { name: 'Review your parameters' });
    await review.getByRole('progressbar', { name: 'ML training progress' }).waitFor();
    expect(await review.getByRole('button', { name: 'Final Submit' }).isDisabled()).toBe(true);
    // And every page lists it under "Running now", linked to where it is followed.
    const runningNow = page.getByRole('region', { name: 'Running now' });
    const link = runningNow.getByRole('link', { name: 'ML run: AAPL (US), 1 day' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/BacktestingForm?job=${jobId}`);
    // The list fits a phone's width.
    await expectFitsPhone(page);

    await page.waitForURL(/\/backtests\/[0-9a-f-]{36}$/, QUEUE_DRAINED);
    const runId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('tab', { name: 'ML' }).waitFor(LONG);
    await runningNow.waitFor({ state: 'detached', ...LONG });
    expect(await runsUsed(page)).toBe(usedBefore + 1);
    // The runs analysed, and the ML run: stored once.
    expect(await storedRuns(page)).toBe(analysed.length + 1);

    // Back from the result: the builder offers the result, it does not bounce to it again.
    await page.goBack();
    await page.waitForURL(/\/BacktestingForm\?job=/);
    const open = page.getByRole('link', { name: 'Open the result' });
    await open.waitFor();
    expect(await open.getAttribute('href')).toBe(`/backtests/${runId}`);
    expect(new URL(page.url()).pathname).toBe('/BacktestingForm');
    expect(errors).toEqual([]);
  }, 400_000);
});

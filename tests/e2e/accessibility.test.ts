/**
 * axe-core over the pages people use most, at 1440 and 375 px: no critical or serious
 * violation on the public pages a visitor reads, nor on a signed-in user's builder, run,
 * robustness analysis, ML run and account.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mlRequest } from '../fixtures/requests';
import { blockingViolations } from './axe';
import { field, openContext } from './browser';
import { PHONE, WIDE, browserForFile, runBacktest, signedInPage, watchedPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

const LONG = { timeout: 120_000 };

/** A page to check: its address and what shows it has loaded. */
interface CheckedPage {
  name: string;
  path: string;
  loaded: (page: Page) => Promise<void>;
}

/** The rule-only twin of the ML run: five years of AAPL's daily bars, RSI < 70 in, a 5% stop. */
const RULE_RUN = { ...mlRequest(), mode: 'standard', ml: undefined };
/** Four stop losses and a walk-forward: a small analysis with every part of the results. */
const ANALYSIS = {
  grid: { 'exitCriteria.stopLoss.value': [3, 4, 5, 6] },
  blocks: 4,
  walkForward: { windows: 2 },
};

const heading = (page: Page, name: string | RegExp, level?: number) =>
  page.getByRole('heading', { name, level }).first().waitFor(LONG);

/**
 * Opens each page at 1440 px and at 375 px, waits for it to load and settle, and runs axe-core;
 * every blocking violation found, as lines.
 */
async function violationsOf(page: Page, pages: CheckedPage[]): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    for (const checked of pages) {
      await page.goto(`${baseUrl}${checked.path}`);
      await checked.loaded(page);
      await page.waitForLoadState('networkidle');
      found.push(...(await blockingViolations(page, `${checked.name} at ${viewport.width} px`)));
    }
  }
  return found;
}

/** Polls a robustness analysis until its job has ended; its last state. */
async function analysisEnded(page: Page, jobId: string) {
  let state = '';
  await expect
    .poll(async () => {
      const job = (await (await page.request.get(`${baseUrl}/api/jobs/${jobId}`)).json()) as {
        state: string;
      };
      state = job.state;
      return ['done', 'failed', 'cancelled'].includes(state);
    }, LONG)
    .toBe(true);
  return state;
}

describe('accessibility (axe-core) in chromium', () => {
  it('finds no critical or serious violation on the home page, the pricing page and the API reference', async () => {
    // axe-core is added as an inline script, which the site's CSP would refuse.
    const { page, errors } = await watchedPage(await openContext(browser(), { bypassCSP: true }));
    const found = await violationsOf(page, [
      {
        name: 'home',
        path: '/',
        loaded: (page) => heading(page, 'Advanced Backtesting with Machine Learning', 1),
      },
      { name: 'pricing', path: '/pricing', loaded: (page) => heading(page, 'Payment options') },
      {
        // With the builder's request body and the answers of POST /api/backtests open.
        name: 'API reference',
        path: '/api/docs#postApiBacktests',
        loaded: async (page) => {
          await heading(page, /Backtest Studio API/, 1);
          await page.getByText('/api/tokens/{id}').first().waitFor(LONG);
          await heading(page, 'Request body', 4);
        },
      },
    ]);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);

  it('finds none on the builder, a run, its robustness analysis, an ML run and the account page', async () => {
    const context = await openContext(browser(), { bypassCSP: true });
    const { page, errors } = await signedInPage(context, 'a11y', { plan: 'pro' });
    const ml = await runBacktest(page, mlRequest());
    const run = await runBacktest(page, RULE_RUN);
    const started = await page.request.post(`${baseUrl}/api/backtests/${run.id}/robustness`, {
      headers: { Origin: baseUrl },
      data: ANALYSIS,
    });
    expect(started.status(), await started.text()).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    expect(await analysisEnded(page, jobId)).toBe('done');

    const found = await violationsOf(page, [
      { name: 'home (signed in)', path: '/', loaded: (page) => heading(page, /Advanced Backtesting/, 1) },
      // Signed in, the selection offers to record a request where no payment is set up.
      { name: 'pricing (signed in)', path: '/pricing', loaded: (page) => heading(page, 'Payment options') },
      {
        name: 'builder',
        path: '/BacktestingForm',
        loaded: async (page) => {
          await heading(page, 'Backtesting simulator', 1);
          await expect.poll(() => field(page, 'Stock').inputValue(), LONG).toBe('AAPL');
        },
      },
      {
        name: 'result',
        path: `/backtests/${run.id}`,
        loaded: (page) => page.getByRole('region', { name: 'Trade list' }).waitFor(LONG),
      },
      {
        name: 'robustness',
        path: `/backtests/${run.id}?tab=robustness`,
        loaded: async (page) => {
          await heading(page, 'Results of 4 configurations');
          await heading(page, 'Monte Carlo of the trades');
        },
      },
      {
        name: 'ML',
        path: `/backtests/${ml.id}?tab=ml`,
        loaded: async (page) => {
          const firstFold = page.getByRole('table', { name: 'Walk-forward folds' }).locator('tbody tr td');
          await expect.poll(() => firstFold.nth(1).textContent(), LONG).toMatch(/^\d{4}-\d\d-\d\d to /);
        },
      },
      { name: 'account', path: '/account', loaded: (page) => heading(page, 'Your account', 1) },
    ]);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});

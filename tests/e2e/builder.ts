/** The backtest builder's steps as a user takes them: open it, set fields by label, review and submit. */
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chooseIndicator, field } from './browser';

const baseUrl = inject('baseUrl');

/** The builder's period fields: the bar size and the first and last day tested. */
export function periodFields(timeframe: string, fromDate: string, toDate: string): Record<string, string> {
  return { Timeframe: timeframe, 'From date': fromDate, 'To date': toDate };
}

/** Opens the builder and waits for its lists: the default exchange's first stock is chosen. */
export async function openBuilder(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/BacktestingForm`);
  await page.getByRole('heading', { level: 1, name: 'Backtesting simulator' }).waitFor();
  await expect.poll(() => field(page, 'Stock').inputValue(), { timeout: 120_000 }).toBe('AAPL');
}

/**
 * Sets the builder's fields by their labels, in order, as a user does: a select picks the
 * option, an indicator combobox is typed into and its option clicked, any other input is filled.
 */
export async function setFields(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    // The form control of that label (an indicator's list of options shares its label).
    const element = field(page, label).and(page.locator('input, select, textarea'));
    const kind = await element.evaluate((node) =>
      node.getAttribute('role') === 'combobox' ? 'indicator' : node.tagName,
    );
    if (kind === 'indicator') await chooseIndicator(page, label, value);
    else if (kind === 'SELECT') await element.selectOption(value);
    else await element.fill(value);
  }
}

/** The builder's fields of one SMA crossing rule: enter on the cross above, leave on the cross below. */
export function smaCrossingFields(
  side: 'Entry' | 'Exit',
  fast: number,
  slow: number,
): Record<string, string> {
  const rule = `${side} crossover 1`;
  return {
    [`${side} crossover conditions`]: '1',
    [`${rule}: indicator 1`]: 'SMA',
    [`${rule}: indicator 1 Timeframe`]: String(fast),
    [`${rule}: logic`]: side === 'Entry' ? 'Crosses Above' : 'Crosses Below',
    [`${rule}: indicator 2`]: 'SMA',
    [`${rule}: indicator 2 Timeframe`]: String(slow),
  };
}

/** Opens the review of the builder's parameters; the review region. */
export async function previewParameters(page: Page) {
  await page.getByRole('button', { name: 'Preview Parameters' }).click();
  const review = page.getByRole('region', { name: 'Review your parameters' });
  await review.waitFor();
  return review;
}

/** Submits the reviewed parameters and waits for the result page; the new run's id. */
export async function submitToResult(page: Page, timeout = 30_000): Promise<string> {
  await page.getByRole('button', { name: 'Final Submit' }).click();
  await page.waitForURL(/\/backtests\/[0-9a-f-]{36}$/, { timeout });
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Reviews the builder's parameters, submits them and waits for the result page; the run's id. */
export async function previewAndSubmit(page: Page, timeout?: number): Promise<string> {
  await previewParameters(page);
  return submitToResult(page, timeout);
}

/**
 * A run with intrabar ticks from the builder, on the fake Binance's trades
 * (tests/worker/fakes/trade-stream.ts: every 5-minute bar first rises 1.5%, then falls 1.5%): an
 * Enterprise user chooses "Ticks" under Intrabar precision, and the result page says how many
 * trades were read, how many exits the order of the trades decided and how many trades exit
 * otherwise than on bars, the figures the stored run holds.
 */
import { describe, expect, inject, it } from 'vitest';
import type { BacktestRun } from '../../src/shared/api/backtests';
import { field } from './browser';
import { openBuilder, periodFields, previewAndSubmit, setFields } from './builder';
import { browserForFile, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** The numbers of the result page's note, in order: trades read, exits decided, trades changed. */
const counts = (text: string) => (text.match(/[\d,]+/g) ?? []).map((n) => Number(n.replace(/,/g, '')));

describe('a run on ticks in chromium', () => {
  it('Enterprise: a 1% target and stop on BTCUSDT with intrabar ticks shows the exits the trades decided', async () => {
    const { page, errors } = await signedInPage(browser(), 'ticks', { plan: 'enterprise' });
    await openBuilder(page);
    await field(page, 'Exchange').selectOption('BINANCE');
    await expect.poll(() => field(page, 'Stock').inputValue()).toBe('BTCUSDT');
    await setFields(page, {
      ...periodFields('5 min', '2026-11-02', '2026-11-02'),
      'Entry value-based conditions': '1',
      'Entry value 1: indicator': 'RSI',
      'Entry value 1: logic': 'Greater Than',
      'Entry value 1: number': '1',
      'Target profit type': 'percentage',
      'Target profit value': '1',
      'Stop loss type': 'percentage',
      'Stop loss value': '1',
    });
    await page.getByRole('button', { name: 'Advanced options' }).click();
    await setFields(page, { 'Intrabar precision': 'ticks' });
    expect(await page.getByText(/^Exits inside each bar are found trade by trade/).count()).toBe(1);
    const id = await previewAndSubmit(page, 120_000);

    const note = page.getByText(/^Exits found in ticks:/);
    await note.waitFor({ timeout: 30_000 });
    const [ticks, decided, changed] = counts((await note.textContent()) ?? '');
    // The run's day and its two warm-up days, 27,000 trades each; in every bar the target comes
    // first in the trades, where the bar convention takes the stop.
    expect(ticks).toBe(3 * 27_000);
    expect(decided).toBeGreaterThan(200);
    expect(changed).toBeGreaterThan(200);

    const stored = await page.request.get(`${baseUrl}/api/backtests/${id}`);
    expect(stored.status()).toBe(200);
    const run = (await stored.json()) as BacktestRun;
    expect(run.result.intrabar).toEqual({
      mode: 'ticks',
      ticks,
      exitsDecidedByTicks: decided,
      changedFromBars: changed,
    });
    expect(
      run.result.trades.every((trade) => trade.exitReason === 'target' || trade.exitReason === 'end'),
    ).toBe(true);
    expect(errors).toEqual([]);
  });
});

/**
 * What the forward-test suites share: the SMA(3)/SMA(8) cross they run, reading a test through
 * the API, the crosses expected on closed bars and the check of what a test took, and an
 * Enterprise user.
 */
import { expect } from 'vitest';
import type { ForwardTestAnswer } from '../../../src/shared/api/forward-tests';
import type { BacktestRequestInput } from '../../../src/shared/backtest-request';
import type { FeedBar } from '../fakes/kline-feed';
import { signUpWithPlan, type TestBrowser } from '../test-client';

const sma = (n: number) =>
  ({
    indicator1: 'SMA',
    additionalFields1: { Timeframe: '3' },
    indicator2: 'SMA',
    additionalFields2: { Timeframe: String(n) },
  }) as const;

/** SMA(3) crossing above SMA(8) enters, crossing below exits, on 5-minute bars of `stock`. */
export function smaCross(exchange: string, stock: string): BacktestRequestInput {
  return {
    exchange,
    stock,
    timeframe: '5 min',
    fromDate: '2026-01-01',
    toDate: '2026-01-02',
    entry: { parameters: [{ ...sma(8), logic: 'Crosses Above' }] },
    exit: { parameters: [{ ...sma(8), logic: 'Crosses Below' }] },
  };
}

export const SMA_3_8 = smaCross('BINANCE', 'BTCUSDT');

export async function readForwardTest(browser: TestBrowser, id: string): Promise<ForwardTestAnswer> {
  const res = await browser.request(`/api/forward-tests/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ForwardTestAnswer;
}

/** Open times of the bars where SMA(3) crosses above SMA(8) on closed bars (conventions' ties), from bar `from` on. */
export function crossesAbove(bars: readonly FeedBar[], from: number): string[] {
  const closes = bars.map((bar) => bar.c);
  const mean = (n: number, i: number) => closes.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n;
  const crosses: string[] = [];
  let side = 0;
  for (let i = 7; i < bars.length; i++) {
    const fast = mean(3, i);
    const slow = mean(8, i);
    const now =
      Math.abs(fast - slow) <= 1e-9 * Math.max(Math.abs(fast), Math.abs(slow)) ? 0 : Math.sign(fast - slow);
    if (now === 1 && side === -1 && i >= from) crosses.push(new Date(bars[i]!.t).toISOString());
    if (now !== 0) side = now;
  }
  return crosses;
}

/**
 * The test took `bars` from `firstLive` on, each once and in order with its final values, and
 * entered at the crosses on them (two or more, so the check means something): those crosses.
 */
export function expectTakenInOrder(
  test: ForwardTestAnswer,
  bars: readonly FeedBar[],
  firstLive: number,
): string[] {
  expect(test.recentBars).toEqual(bars.slice(firstLive));
  expect(test.bars).toBe(bars.length - firstLive);
  const expected = crossesAbove(bars, firstLive);
  expect(expected.length).toBeGreaterThanOrEqual(2);
  expect(test.signals.filter((s) => s.kind === 'entry').map((s) => s.time)).toEqual(expected);
  return expected;
}

export const enterprise = async () => (await signUpWithPlan('enterprise')).browser;

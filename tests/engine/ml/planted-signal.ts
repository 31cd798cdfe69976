/**
 * Seeded hourly bars for the ML tests. Each bar opens at the previous close and moves 1% up or
 * down. In the planted series, after three down bars in a row the next bar rises with
 * probability 0.7 (else 0.5); in the random walk every bar rises with probability 0.5. High and
 * low sit 0.2% beyond the body; volume is random.
 */
import { createSeries, type CandleSeries } from '../../../src/engine/candles/series';
import { mulberry32 } from '../../../src/engine/robustness/random';
import type { BacktestRequestInput } from '../../../src/shared/backtest-request';

const HOUR_MS = 3_600_000;
export const START = Date.UTC(2020, 0, 1);

export function hourlyBars(length: number, seed: number, planted: boolean): CandleSeries {
  const random = mulberry32(seed);
  const series = createSeries(length);
  let close = 100;
  let downStreak = 0;
  for (let bar = 0; bar < length; bar++) {
    const upProbability = planted && downStreak >= 3 ? 0.7 : 0.5;
    const up = random() < upProbability;
    const open = close;
    close = open * (up ? 1.01 : 0.99);
    series.t[bar] = START + bar * HOUR_MS;
    series.o[bar] = open;
    series.c[bar] = close;
    series.h[bar] = Math.max(open, close) * 1.002;
    series.l[bar] = Math.min(open, close) * 0.998;
    series.v[bar] = 1000 + Math.floor(random() * 1000);
    downStreak = up ? 0 : downStreak + 1;
  }
  return series;
}

/**
 * An ML request on those bars whose label is "the next bar closes above its open": a one-bar
 * horizon and barriers too far (50%) to be reached.
 */
export function nextBarRequest(ml: BacktestRequestInput['ml'] = {}): BacktestRequestInput {
  return {
    exchange: 'TEST',
    stock: 'SYN',
    timeframe: '1 hour',
    fromDate: '2020-01-01',
    toDate: '2025-12-31',
    mode: 'ml',
    entry: {},
    exitCriteria: {
      targetProfit: { type: 'percentage', value: 50 },
      stopLoss: { type: 'percentage', value: 50 },
    },
    ml: {
      label: { horizonBars: 1 },
      walkForward: { trainBars: 2000, testBars: 2000 },
      ...ml,
    },
  };
}

/**
 * Seeded hourly bars of a Gaussian random walk: each bar's log return is normal with a 1%
 * standard deviation, its open the previous close, its high and low a normal 0.3% wobble
 * beyond the body. With labels whose barriers are fixed percentages, nothing before a bar
 * predicts its label: the null the ML evidence is measured on.
 */
import { createSeries, type CandleSeries } from '../../../src/engine/candles/series';
import { mulberry32 } from '../../../src/engine/robustness/random';
import type { BacktestRequestInput } from '../../../src/shared/backtest-request';
import { START, nextBarRequest } from './planted-signal';

const HOUR_MS = 3_600_000;

export function randomWalkBars(length: number, seed: number): CandleSeries {
  const random = mulberry32(seed);
  // Box-Muller from two uniform draws.
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const series = createSeries(length);
  let close = 100;
  for (let bar = 0; bar < length; bar++) {
    const open = close;
    close = open * Math.exp(0.01 * normal());
    series.t[bar] = START + bar * HOUR_MS;
    series.o[bar] = open;
    series.c[bar] = close;
    series.h[bar] = Math.max(open, close) * (1 + 0.003 * Math.abs(normal()));
    series.l[bar] = Math.min(open, close) * (1 - 0.003 * Math.abs(normal()));
    series.v[bar] = 1000 + Math.floor(random() * 1000);
  }
  return series;
}

/**
 * The default ML settings (logistic regression, 500-bar training and 125-bar test windows,
 * 20-bar labels) with a 2% target and a 2% stop: a label decided by the bars after it alone.
 */
export function noiseRequest(): BacktestRequestInput {
  return {
    ...nextBarRequest(),
    exitCriteria: {
      targetProfit: { type: 'percentage', value: 2 },
      stopLoss: { type: 'percentage', value: 2 },
    },
    ml: {},
  };
}

/** Bars for exactly `windows` test windows of the noise request (features complete from bar 20). */
export const barsForWindows = (windows: number) => 20 + 500 + 125 * windows;

/**
 * Times a 500-configuration sweep of one year of 15-minute bars of a 24-hour market (365 * 96
 * = 35,040 bars, seeded random walk): SMA fast x SMA slow x stop loss = 10 x 10 x 5. Reports
 * the whole runSweep in process (grid checks, indicators, signals, fills, metrics, daily
 * returns, PBO, DSR, plateau) and its simulation part alone (fill loop, and fill loop plus
 * metrics, on signals computed beforehand) in bar-configurations per second, and the summary
 * alone. Best of 3 after a warm-up run.
 */
import { createSeries, type CandleSeries } from '../src/engine/candles/series';
import { mulberry32 } from '../src/engine/robustness/random';
import { simulationSettings } from '../src/engine/backtest';
import { ConfigurationRunner } from '../src/engine/sweep/configuration-runner';
import { fillKernel } from '../src/engine/sweep/fill-kernel';
import { applySettings, checkGrid, configurationSettings } from '../src/engine/sweep/grid';
import { runSweep, summariseSweep } from '../src/engine/sweep/sweep';
import { backtestRequestSchema } from '../src/shared/backtest-request';

const RUNS = 3;
export const SWEEP_BARS = 365 * 96;

export function yearOfQuarterHours(): CandleSeries {
  const series = createSeries(SWEEP_BARS);
  const random = mulberry32(0x5eed);
  let close = 100;
  for (let i = 0; i < SWEEP_BARS; i++) {
    const open = close;
    close = open * (1 + (random() - 0.5) * 0.006);
    series.t[i] = Date.UTC(2024, 0, 1) + i * 15 * 60_000;
    series.o[i] = open;
    series.c[i] = close;
    series.h[i] = Math.max(open, close) * (1 + random() * 0.002);
    series.l[i] = Math.min(open, close) * (1 - random() * 0.002);
    series.v[i] = 1000 + Math.round(random() * 1000);
  }
  return series;
}

const cross = (logic: 'Crosses Above' | 'Crosses Below') => ({
  indicator1: 'SMA' as const,
  logic,
  indicator2: 'SMA' as const,
  additionalFields1: { Timeframe: '10' },
  additionalFields2: { Timeframe: '40' },
});

export const SWEEP_REQUEST = backtestRequestSchema.parse({
  exchange: 'BENCH',
  stock: 'SYNTH',
  timeframe: '15 min',
  fromDate: '2024-01-01',
  toDate: '2024-12-31',
  entry: { parameters: [cross('Crosses Above')] },
  exit: { parameters: [cross('Crosses Below')] },
  exitCriteria: { stopLoss: { type: 'percentage', value: 1 } },
  commission: 0.01,
});

export const SWEEP_GRID = {
  'entry.parameters.0.additionalFields1.Timeframe': [4, 6, 8, 10, 12, 14, 16, 18, 20, 22],
  'entry.parameters.0.additionalFields2.Timeframe': [25, 30, 35, 40, 45, 50, 55, 60, 65, 70],
  'exitCriteria.stopLoss.value': [0.5, 0.75, 1, 1.5, 2],
};

function bestOf(run: () => void): number {
  run();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export interface SweepBench {
  configurations: number;
  bars: number;
  trades: number;
  sweepMs: number;
  /** Fill loop only, and fill loop plus metrics, on precomputed signals. */
  kernelMs: number;
  kernelAndMetricsMs: number;
  /** summariseSweep alone: PBO (S = 16), DSR and the plateau over the 500 configurations. */
  summaryMs: number;
}

export function benchSweep(): SweepBench {
  const series = yearOfQuarterHours();
  const { axes, size } = checkGrid(SWEEP_GRID, SWEEP_REQUEST);
  let trades = 0;
  const sweepMs = bestOf(() => {
    trades = 0;
    for (const configuration of runSweep(SWEEP_REQUEST, series, SWEEP_GRID).configurations)
      trades += configuration.trades.count;
  });
  const runner = new ConfigurationRunner(SWEEP_REQUEST, series);
  const prepared = Array.from({ length: size }, (_, index) => {
    const request = applySettings(SWEEP_REQUEST, configurationSettings(axes, index));
    return {
      request,
      signals: runner.signals(request),
      settings: simulationSettings(request, runner.firstBar),
    };
  });
  const equity = new Float64Array(runner.bars);
  const kernelMs = bestOf(() => {
    for (const { signals, settings } of prepared)
      fillKernel(runner.series, signals, settings, runner.bars, equity);
  });
  const kernelAndMetricsMs = bestOf(() => {
    for (const { request, signals } of prepared) runner.run(request, signals);
  });
  const { configurations } = runSweep(SWEEP_REQUEST, series, SWEEP_GRID);
  const summaryMs = bestOf(() => summariseSweep(axes, configurations));
  return {
    configurations: size,
    bars: runner.bars,
    trades,
    sweepMs,
    kernelMs,
    kernelAndMetricsMs,
    summaryMs,
  };
}

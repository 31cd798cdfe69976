/**
 * Checks the worker's CPU estimate of an ML run (src/worker/jobs/ml/cost.ts), which decides
 * between training in the request and queueing, against whole runs: prepare, every fold,
 * assemble, timed in process CPU (process.cpuUsage, so a loaded machine's waiting does not
 * count). Seeded random-walk hourly bars; one warm-up run, then the faster of 2.
 */
import { createSeries, type CandleSeries } from '../src/engine/candles/series';
import { assembleMlBacktest, prepareMlBacktest, runMlFold } from '../src/engine/ml/ml-backtest';
import { mulberry32 } from '../src/engine/robustness/random';
import { backtestRequestSchema } from '../src/shared/backtest-request';
import type { MlModel } from '../src/shared/ml-request';
import { estimateMlCost } from '../src/worker/jobs/ml/cost';

export interface MlCostCase {
  bars: number;
  model: MlModel;
  trainBars: number;
  testBars: number;
  /** Indicators added to the 7 base features. */
  indicators: string[];
}

export const ML_COST_CASES: MlCostCase[] = [
  { bars: 1_300, model: 'logistic', trainBars: 300, testBars: 200, indicators: [] },
  { bars: 1_300, model: 'random-forest', trainBars: 300, testBars: 200, indicators: [] },
  { bars: 1_300, model: 'gradient-boosting', trainBars: 300, testBars: 200, indicators: [] },
  { bars: 5_000, model: 'logistic', trainBars: 500, testBars: 125, indicators: [] },
  { bars: 20_000, model: 'random-forest', trainBars: 2_000, testBars: 1_000, indicators: [] },
  {
    bars: 20_000,
    model: 'gradient-boosting',
    trainBars: 2_000,
    testBars: 1_000,
    indicators: ['RSI', 'SMA', 'EMA'],
  },
];

function randomWalk(length: number): CandleSeries {
  const random = mulberry32(0x5eed);
  const series = createSeries(length);
  let close = 100;
  for (let bar = 0; bar < length; bar++) {
    const open = close;
    close = open * (random() < 0.5 ? 1.01 : 0.99);
    series.t[bar] = Date.UTC(2020, 0, 1) + bar * 3_600_000;
    series.o[bar] = open;
    series.c[bar] = close;
    series.h[bar] = Math.max(open, close) * 1.002;
    series.l[bar] = Math.min(open, close) * 0.998;
    series.v[bar] = 1000 + Math.floor(random() * 1000);
  }
  return series;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function benchMlCost(testCase: MlCostCase): { folds: number; estimatedMs: number; cpuMs: number } {
  const series = randomWalk(testCase.bars);
  const request = backtestRequestSchema.parse({
    exchange: 'TEST',
    stock: 'RW',
    timeframe: '1 hour',
    fromDate: '2020-01-01',
    toDate: '2025-12-31',
    mode: 'ml',
    entry: {},
    ml: {
      model: testCase.model,
      features: { add: testCase.indicators.map((indicator) => ({ indicator })) },
      walkForward: { trainBars: testCase.trainBars, testBars: testCase.testBars },
    },
  });
  let best = Number.POSITIVE_INFINITY;
  let estimatedMs = 0;
  let folds = 0;
  for (let attempt = 0; attempt <= 2; attempt++) {
    const start = cpuMs();
    const run = prepareMlBacktest(request, series);
    assembleMlBacktest(
      run,
      run.folds.map((_, index) => runMlFold(run, index)),
    );
    const spent = cpuMs() - start;
    if (attempt > 0) best = Math.min(best, spent);
    estimatedMs = estimateMlCost(run).totalMs;
    folds = run.folds.length;
  }
  return { folds, estimatedMs, cpuMs: best };
}

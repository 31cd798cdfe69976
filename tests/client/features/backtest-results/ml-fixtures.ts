/**
 * A stored ML run made by the real engine and the worker's mapping (tests only): seeded hourly
 * bars with a planted signal, trained by runMlBacktest and stored as mlResultBody stores it,
 * checked against the API's schema. The candles answer is the same bars, as the result page
 * loads them.
 */
import { runMlBacktest } from '../../../../src/engine/ml/ml-backtest';
import { mlResultBody } from '../../../../src/worker/jobs/ml/result-body';
import { type BacktestRun, backtestRunSchema } from '../../../../src/shared/api/backtests';
import type { CandlesAnswer } from '../../../../src/shared/api/market';
import { backtestRequestSchema } from '../../../../src/shared/backtest-request';
import { hourlyBars, nextBarRequest } from '../../../engine/ml/planted-signal';

const BARS = 1200;
const series = hourlyBars(BARS, 7, true);

/** Three-down-bars signal, an RSI rule (so there is a rules-only baseline) and 3 folds of 250. */
export const ML_REQUEST = backtestRequestSchema.parse({
  ...nextBarRequest({ walkForward: { trainBars: 300, testBars: 300 }, seed: 3 }),
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '90' }] },
});

const engineResult = runMlBacktest(ML_REQUEST, series);

export const ML_RESULT = mlResultBody(engineResult, series, {
  source: 'upload',
  timezone: 'UTC',
  warmupBars: 0,
  warnings: [],
  initialCapital: ML_REQUEST.initialCapital,
  dataQuality: undefined,
});

export const ML_RUN: BacktestRun = backtestRunSchema.parse({
  id: 'run-ml',
  createdAt: '2026-11-20T09:00:00.000Z',
  exchange: ML_REQUEST.exchange,
  stock: ML_REQUEST.stock,
  timeframe: ML_REQUEST.timeframe,
  mode: 'ml',
  source: 'upload',
  fromDate: ML_REQUEST.fromDate,
  toDate: ML_REQUEST.toDate,
  summary: {
    netProfit: ML_RESULT.metrics.netProfit,
    totalReturnPct: ML_RESULT.metrics.totalReturnPct,
    winRatePct: ML_RESULT.metrics.winRatePct,
    maxDrawdownPct: ML_RESULT.metrics.maxDrawdownPct,
    riskReward: ML_RESULT.metrics.riskReward,
    tradeCount: ML_RESULT.metrics.tradeCount,
  },
  request: ML_REQUEST,
  result: ML_RESULT,
});

export const ML_CANDLES: CandlesAnswer = {
  candles: {
    t: Array.from(series.t),
    o: Array.from(series.o),
    h: Array.from(series.h),
    l: Array.from(series.l),
    c: Array.from(series.c),
    v: Array.from(series.v),
  },
  timezone: 'UTC',
  source: 'upload',
  warmupBars: 0,
  warnings: [],
};

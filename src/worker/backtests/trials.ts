/**
 * Every strategy a user has tried on a run's data, for the deflated Sharpe ratio's N and
 * V[SR] (see trialsSchema in src/shared/api/backtests.ts). The data: the same exchange, symbol
 * and timeframe with overlapping dates. A strategy: a distinct request on it (rules, exits,
 * model and every setting; the data's own fields aside), so that running it again, on other
 * dates or after deleting it, is the same strategy, and an ML run is one whatever thresholds
 * its overfitting check sweeps. A finished robustness analysis adds each configuration of its
 * grid (an identical analysis of the same strategy adds them once). Only the user's own runs
 * and analyses made up to the run count, never a team mate's. The deflated Sharpe ratios
 * served with a run or an analysis count them (trials-dsr.ts).
 */
import type { BacktestRun, Trials } from '../../shared/api/backtests';
import type { Timeframe } from '../../shared/backtest-vocabulary';
import { jobCreatedAt, type RobustnessJob } from '../db/jobs';
import { findTrialRows } from '../db/trials';
import { sharpeVariances } from './sharpe-variances';

/** The data a trial was made on: its exchange, symbol, timeframe and dates. */
export type TrialData = Pick<BacktestRun, 'exchange' | 'stock' | 'fromDate' | 'toDate'> & {
  timeframe: Timeframe;
};

/** The trials of a stored run: up to its creation. */
export function trialsOf(db: D1Database, userId: string, run: BacktestRun): Promise<Trials> {
  return trialsOn(db, userId, { ...run, timeframe: run.request.timeframe }, run.createdAt);
}

/**
 * The trials of a robustness analysis: on its run's data, up to the analysis's creation (its
 * own configurations included once it is done).
 */
export async function trialsOfAnalysis(db: D1Database, job: RobustnessJob): Promise<Trials> {
  const createdAt = await jobCreatedAt(db, job.id);
  if (createdAt === null) throw new Error(`Job ${job.id} is not stored`);
  const { exchange, stock, timeframe, fromDate, toDate } = job.request;
  return trialsOn(db, job.userId, { exchange, stock, timeframe, fromDate, toDate }, createdAt);
}

/** Every trial of `userId` on `data` made up to `at` (see the module note). */
async function trialsOn(db: D1Database, userId: string, data: TrialData, at: string): Promise<Trials> {
  const { runs: runRows, analyses } = await findTrialRows(db, { ...data, userId, at });
  // Each strategy's Sharpe ratio: that of its latest run with one (a deleted run has none).
  const sharpeOfStrategy = new Map<string, number | null>();
  for (const row of runRows) {
    const sharpe = row.sharpe !== null && Number.isFinite(row.sharpe) ? row.sharpe : null;
    if (sharpe !== null || !sharpeOfStrategy.has(row.strategy)) sharpeOfStrategy.set(row.strategy, sharpe);
  }
  const configurations = analyses.reduce((sum, row) => sum + row.configurations, 0);
  const sharpes = [...sharpeOfStrategy.values()].filter((sharpe): sharpe is number => sharpe !== null);
  return {
    count: sharpeOfStrategy.size + configurations,
    ...sharpeVariances(sampleVariance(sharpes), data.timeframe),
    since: runRows[0]?.created_at ?? at,
  };
}

function sampleVariance(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
}

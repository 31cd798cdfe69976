/**
 * Every strategy a user has tried on a run's data, for the deflated Sharpe ratio's N and
 * V[SR] (see trialsSchema in src/shared/api/backtests.ts): the user's runs on the same
 * exchange, symbol and timeframe whose dates overlap, created up to the run (deleted runs
 * included: they were tried), an ML run counting each threshold of its overfitting check, and
 * the configurations of the finished robustness analyses of those runs created up to then.
 * Only the user's own runs count, never a team mate's. The deflated Sharpe ratios served with
 * a run or an analysis count them (trials-dsr.ts).
 */
import { ML_THRESHOLD_GRID } from '../../engine/index';
import type { BacktestRun, Trials } from '../../shared/api/backtests';
import type { RobustnessJob } from '../db/jobs';

interface TrialRow {
  created_at: string;
  mode: string;
  sharpe: number | null;
  thresholds: number | null;
  configurations: number;
}

/** The data a trial was made on: its exchange, symbol, timeframe and dates. */
export type TrialData = Pick<BacktestRun, 'exchange' | 'stock' | 'timeframe' | 'fromDate' | 'toDate'>;

/** The trials of a stored run: up to its creation. */
export function trialsOf(db: D1Database, userId: string, run: BacktestRun): Promise<Trials> {
  return trialsOn(db, userId, run, run.createdAt);
}

/**
 * The trials of a robustness analysis: on its run's data, up to the analysis's creation (its
 * own configurations included once it is done).
 */
export async function trialsOfAnalysis(db: D1Database, job: RobustnessJob): Promise<Trials> {
  const row = await db
    .prepare('SELECT created_at FROM jobs WHERE id = ?1')
    .bind(job.id)
    .first<{ created_at: string }>();
  const { exchange, stock, timeframe, fromDate, toDate } = job.request;
  return trialsOn(db, job.userId, { exchange, stock, timeframe, fromDate, toDate }, row!.created_at);
}

/** Every trial of `userId` on `data` made up to `at` (see the module note). */
async function trialsOn(db: D1Database, userId: string, data: TrialData, at: string): Promise<Trials> {
  const { results } = await db
    .prepare(
      `SELECT b.created_at, b.mode,
              json_extract(b.result_json, '$.metrics.sharpe') AS sharpe,
              json_array_length(b.result_json, '$.ml.thresholdSweep.thresholds') AS thresholds,
              (SELECT coalesce(sum(j.configurations), 0) FROM jobs j
                WHERE j.backtest_id = b.id AND j.user_id = ?1 AND j.kind = 'robustness'
                  AND j.state = 'done' AND j.created_at <= ?7) AS configurations
       FROM backtests b
       WHERE b.user_id = ?1 AND b.exchange = ?2 AND b.stock = ?3 AND b.timeframe = ?4
         AND json_extract(b.request_json, '$.fromDate') <= ?6
         AND json_extract(b.request_json, '$.toDate') >= ?5
         AND b.created_at <= ?7
       ORDER BY b.created_at`,
    )
    .bind(userId, data.exchange, data.stock, data.timeframe, data.fromDate, data.toDate, at)
    .all<TrialRow>();
  let count = 0;
  const sharpes: number[] = [];
  for (const row of results) {
    // A deleted ML run has lost its result: it tried the grid at least.
    const tried = row.mode === 'ml' ? (row.thresholds ?? ML_THRESHOLD_GRID.length) : 1;
    count += tried + row.configurations;
    if (row.sharpe !== null && Number.isFinite(row.sharpe)) sharpes.push(row.sharpe);
  }
  return { count, sharpeVariance: sampleVariance(sharpes), since: results[0]?.created_at ?? at };
}

function sampleVariance(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
}

/**
 * Every strategy a user has tried on a run's data, for the deflated Sharpe ratio's N and
 * V[SR] (see trialsSchema in src/shared/api/backtests.ts): the user's runs on the same
 * exchange, symbol and timeframe whose dates overlap, created up to the run (deleted runs
 * included: they were tried), an ML run counting each threshold of its overfitting check, and
 * the configurations of the finished robustness analyses of those runs created up to then.
 * Only the user's own runs count, never a team mate's.
 */
import { ML_THRESHOLD_GRID } from '../../engine/index';
import type { BacktestRun, Trials } from '../../shared/api/backtests';

interface TrialRow {
  created_at: string;
  mode: string;
  sharpe: number | null;
  thresholds: number | null;
  configurations: number;
}

export async function trialsOf(db: D1Database, userId: string, run: BacktestRun): Promise<Trials> {
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
    .bind(userId, run.exchange, run.stock, run.timeframe, run.fromDate, run.toDate, run.createdAt)
    .all<TrialRow>();
  let count = 0;
  const sharpes: number[] = [];
  for (const row of results) {
    // A deleted ML run has lost its result: it tried the grid at least.
    const tried = row.mode === 'ml' ? (row.thresholds ?? ML_THRESHOLD_GRID.length) : 1;
    count += tried + row.configurations;
    if (row.sharpe !== null && Number.isFinite(row.sharpe)) sharpes.push(row.sharpe);
  }
  return { count, sharpeVariance: sampleVariance(sharpes), since: results[0]?.created_at ?? run.createdAt };
}

function sampleVariance(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
}

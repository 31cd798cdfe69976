/**
 * The runs and robustness analyses a user made on some data, for the trials of the deflated
 * Sharpe ratio (src/worker/backtests/trials.ts counts them). The data: the same exchange, symbol
 * and timeframe with overlapping dates; tables backtests and jobs.
 */
import type { Timeframe } from '../../shared/backtest-vocabulary';

/** Which runs count: a user's on some data, made up to an instant. */
export interface TrialsQuery {
  userId: string;
  exchange: string;
  stock: string;
  timeframe: Timeframe;
  fromDate: string;
  toDate: string;
  /** Only runs and analyses created up to it (ISO, as created_at). */
  at: string;
}

/** A run on the data, oldest first. */
export interface TrialRunRow {
  created_at: string;
  /** Its stored request without the data's fields (STRATEGY_KEY): equal for the same strategy. */
  strategy: string;
  /** Its result's Sharpe ratio; null for a run without one (a deleted run keeps no result). */
  sharpe: number | null;
}

/** A distinct finished analysis on the data: how many configurations its grid swept. */
export interface TrialAnalysisRow {
  configurations: number;
}

/**
 * A stored request without the fields that say which data it ran on: what makes it a strategy.
 * SQLite's json_remove keeps the stored JSON's key order, which the request schema fixes.
 */
const STRATEGY_KEY = `json_remove(b.request_json, '$.exchange', '$.stock', '$.timeframe', '$.fromDate', '$.toDate')`;

/**
 * A run `b` on the data up to ?7: ?1 the user, ?2-?4 exchange, symbol and timeframe, ?5-?6 the
 * data's dates (overlapping).
 */
const ON_DATA = `b.user_id = ?1 AND b.exchange = ?2 AND b.stock = ?3 AND b.timeframe = ?4
  AND json_extract(b.request_json, '$.fromDate') <= ?6
  AND json_extract(b.request_json, '$.toDate') >= ?5
  AND b.created_at <= ?7`;

/**
 * The user's runs on the data and their distinct finished robustness analyses on it (one row
 * per analysed strategy and grid), read together.
 */
export async function findTrialRows(
  db: D1Database,
  query: TrialsQuery,
): Promise<{ runs: TrialRunRow[]; analyses: TrialAnalysisRow[] }> {
  const { userId, exchange, stock, timeframe, fromDate, toDate, at } = query;
  const bind = [userId, exchange, stock, timeframe, fromDate, toDate, at];
  const [runs, analyses] = await db.batch<TrialRunRow | TrialAnalysisRow>([
    db
      .prepare(
        `SELECT b.created_at, ${STRATEGY_KEY} AS strategy,
                json_extract(b.result_json, '$.metrics.sharpe') AS sharpe
         FROM backtests b WHERE ${ON_DATA}
         ORDER BY b.created_at, b.id`,
      )
      .bind(...bind),
    // One row per distinct analysis: the analysed strategy and the grid it swept.
    db
      .prepare(
        `SELECT DISTINCT ${STRATEGY_KEY} AS strategy, j.grid_json, j.configurations
         FROM jobs j JOIN backtests b ON b.id = j.backtest_id
         WHERE ${ON_DATA}
           AND j.user_id = ?1 AND j.kind = 'robustness' AND j.state = 'done' AND j.created_at <= ?7`,
      )
      .bind(...bind),
  ]);
  return { runs: runs!.results as TrialRunRow[], analyses: analyses!.results as TrialAnalysisRow[] };
}

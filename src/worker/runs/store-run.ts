import type { User } from '../../shared/api/auth';
import type { BacktestResultBody } from '../../shared/api/backtests';
import type { BacktestRequest } from '../../shared/backtest-request';
import type { Env } from '../env';
import { quotaReached } from '../backtests/admit-run';
import { summaryOf } from '../backtests/result';
import { insertBacktest } from '../db/backtests';

export interface StoredRun {
  id: string;
  result: BacktestResultBody;
}

/**
 * Stores a finished run under the month's limit the admission gate answered (`monthlyLimit`);
 * a run that would pass it, started meanwhile by another request, is refused with the upgrade
 * text (402) and nothing is stored.
 */
export async function storeRun(
  env: Env,
  user: User,
  run: { request: BacktestRequest; source: string; result: BacktestResultBody },
  monthlyLimit: number | null,
): Promise<StoredRun> {
  const id = await insertBacktest(
    env.DB,
    { userId: user.id, ...run, summary: summaryOf(run.result.metrics) },
    monthlyLimit,
  );
  if (!id) throw quotaReached();
  return { id, result: run.result };
}

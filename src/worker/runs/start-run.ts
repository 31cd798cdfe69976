/**
 * Starting a backtest (POST /api/backtests) through the gate (backtests/admit-run.ts): the
 * candles loaded with their warm-up (or, with intrabar "ticks", the trades: tick-backtest.ts),
 * the engine run (or an ML run trained or queued, or a run on ticks queued when its trades need
 * more than the request) and the run stored under the month's limit.
 */
import { runBacktest } from '../../engine/index';
import type { User } from '../../shared/api/auth';
import type { BacktestResultBody } from '../../shared/api/backtests';
import type { BacktestRequest } from '../../shared/backtest-request';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { startMlRun } from '../jobs/ml/start';
import { admitRun } from '../backtests/admit-run';
import { runDataQuality } from '../backtests/data-quality';
import { toResultBody } from '../backtests/result';
import { loadRunCandles, runSeries } from '../backtests/run-series';
import { noBarsToTrade, periodsBeyondBars } from '../backtests/tradable';
import { requiredWarmupBars } from '../backtests/warmup';
import { runTickBacktest } from '../backtests/tick-backtest';
import { BeyondOneRequest } from '../market-data/ticks/tick-budget';
import { startTicksJob } from '../jobs/ticks/start';
import { storeRun, type StoredRun } from './store-run';

export type StartedRun = StoredRun | { jobId: string };

/** `requestUrl`: the POST that starts the run (a queued ML job's mail links to its origin). */
export async function startRun(
  env: Env,
  user: User,
  request: BacktestRequest,
  requestUrl: string,
): Promise<StartedRun> {
  const { monthlyLimit } = await admitRun(env, user, {
    kind: request.mode === 'ml' ? 'ml' : 'backtest',
    request,
  });
  if (request.intrabar === 'ticks') {
    // Admitted as a standard backtest on an exchange with a source of trades (admit-run.ts);
    // trades beyond what the request holds make it a job, a day per chunk (jobs/ticks/).
    let ran;
    try {
      ran = await runTickBacktest(env, user, request);
    } catch (error) {
      if (!(error instanceof BeyondOneRequest)) throw error;
      return startTicksJob(env, user, request, monthlyLimit, requestUrl);
    }
    return storeRun(env, user, { request, source: ran.source, result: ran.result }, monthlyLimit);
  }
  const answer = await loadRunCandles(env, request, user.id, requiredWarmupBars(request));
  const empty = noBarsToTrade(request, answer);
  if (empty) throw new ApiError(400, empty.message);
  // Refused before anything is stored, so the month's quota is untouched.
  const tooLong = periodsBeyondBars(request, answer);
  if (tooLong) throw new ApiError(400, tooLong.message, { fields: tooLong.fields });

  const series = runSeries(request, answer.candles);
  const dataQuality = runDataQuality(request.exchange, answer, series);
  let result: BacktestResultBody;
  if (request.mode === 'ml') {
    const started = await startMlRun(
      env,
      user,
      request,
      answer,
      series,
      dataQuality,
      monthlyLimit,
      requestUrl,
    );
    if ('jobId' in started) return started;
    result = started.result;
  } else {
    result = toResultBody(runBacktest(request, series, { warmupBars: answer.warmupBars }), series, {
      source: answer.source,
      initialCapital: request.initialCapital,
      timezone: answer.timezone,
      warmupBars: answer.warmupBars,
      warnings: answer.warnings,
      dataQuality,
    });
  }
  return storeRun(env, user, { request, source: answer.source, result }, monthlyLimit);
}

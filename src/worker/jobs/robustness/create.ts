/**
 * Starting a robustness analysis of a stored run: the grid checked against the run and the
 * plan, the run's candles loaded once and kept in R2 for every chunk, the job stored (counting
 * as one backtest of the month's quota) and its chunks sent to the JOBS queue.
 */
import { encodeSeries } from '../../../engine/index';
import { planWalkForward } from '../../../engine/index';
import { checkGrid, defaultGrid, GridError } from '../../../engine/index';
import type { User } from '../../../shared/api/auth';
import { type BacktestRequest } from '../../../shared/backtest-request';
import { DEFAULT_ANALYSIS_BLOCKS, type RobustnessRequest } from '../../../shared/api/robustness';
import type { Env } from '../../env';
import { ApiError } from '../../errors';
import { admitRun, quotaReached } from '../../backtests/admit-run';
import { configurationLimit } from '../../plans/limits';
import { loadRunCandles, runSeries } from '../../backtests/run-series';
import { noBarsToTrade } from '../../backtests/tradable';
import { requiredWarmupBars } from '../../backtests/warmup';
import { findOwnBacktest } from '../../db/backtests';
import { insertJob, type NewJob } from '../../db/jobs';
import { allChunks, sendChunks } from '../queue';
import { CHUNK_SIZE, sweepChunkCount } from './chunks';

/** The grid to sweep (the body's, or the run's default that fits the plan), checked against the run. */
function checkedGrid(user: User, request: BacktestRequest, body: RobustnessRequest) {
  const grid = body.grid ?? defaultGrid(request, configurationLimit(user));
  let size: number;
  try {
    ({ size } = checkGrid(grid, request));
  } catch (error) {
    if (!(error instanceof GridError)) throw error;
    const path = error.path === '' ? 'grid' : `grid.${error.path}`;
    const message = error.path === '' ? error.message : error.message.slice(error.path.length + 2);
    throw new ApiError(400, 'The grid does not fit this backtest.', { fields: [{ path, message }] });
  }
  return { grid, size };
}

/** Refuses windows the run's bars cannot hold (planWalkForward's rule), before any work is queued. */
function checkWalkForward(walkForward: NonNullable<RobustnessRequest['walkForward']>, bars: number): void {
  try {
    planWalkForward({
      bars,
      windows: walkForward.windows,
      mode: walkForward.anchored ? 'anchored' : 'rolling',
    });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new ApiError(400, 'The walk-forward does not fit this backtest.', {
      fields: [{ path: 'walkForward.windows', message: error.message }],
    });
  }
}

/**
 * Starts the analysis of the user's run `backtestId`; returns the job's id. `requestUrl`: the
 * request that starts it, whose origin the finished mail links to without APP_URL.
 */
export async function createRobustnessJob(
  env: Env,
  user: User,
  backtestId: string,
  body: RobustnessRequest,
  requestUrl: string,
): Promise<string> {
  const run = await findOwnBacktest(env.DB, user.id, backtestId);
  if (!run) throw new ApiError(404, 'No backtest of yours has this id.');
  const request = run.request;
  if (request.mode === 'ml') {
    throw new ApiError(400, 'Robustness analysis sweeps rule-based runs; this run uses machine learning.');
  }
  const { grid, size } = checkedGrid(user, request, body);
  // The plan is asked again: it may have changed since the run was made.
  const { monthlyLimit: monthly } = await admitRun(env, user, {
    kind: 'robustness',
    request,
    configurations: size,
  });

  const answer = await loadRunCandles(env, request, user.id, requiredWarmupBars(request));
  const empty = noBarsToTrade(request, answer);
  if (empty) throw new ApiError(400, empty.message);
  if (body.walkForward) checkWalkForward(body.walkForward, answer.candles.t.length - answer.warmupBars);

  const id = crypto.randomUUID();
  const seriesKey = `jobs/${id}/series.bin`;
  await env.DATASETS.put(seriesKey, encodeSeries(runSeries(request, answer.candles)));
  const sweepChunks = sweepChunkCount(size);
  const job: NewJob = {
    id,
    userId: user.id,
    backtestId,
    request,
    grid: grid as NewJob['grid'],
    blocks: body.blocks ?? DEFAULT_ANALYSIS_BLOCKS,
    walkForward: body.walkForward
      ? { windows: body.walkForward.windows, anchored: body.walkForward.anchored ?? false }
      : null,
    warmupBars: answer.warmupBars,
    seriesKey,
    configurations: size,
    chunkSize: CHUNK_SIZE,
    totalChunks: sweepChunks + (body.walkForward ? 1 : 0),
    linkOrigin: new URL(requestUrl).origin,
  };
  if (!(await insertJob(env.DB, job, monthly))) {
    await env.DATASETS.delete(seriesKey);
    throw quotaReached();
  }
  await sendChunks(env.DB, env.JOBS, id, allChunks(job.totalChunks));
  return id;
}

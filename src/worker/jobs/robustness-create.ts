/**
 * Starting a robustness analysis of a stored run: the grid checked against the run and the
 * plan, the run's candles loaded once and kept in R2 for every chunk, the job stored (counting
 * as one backtest of the month's quota) and its chunks sent to the JOBS queue.
 */
import { encodeSeries } from '../../engine/index';
import { planWalkForward } from '../../engine/index';
import { checkGrid, defaultGrid, GridError } from '../../engine/index';
import type { User } from '../../shared/api/auth';
import { type BacktestRequest } from '../../shared/backtest-request';
import { PLANS } from '../../shared/plans';
import { DEFAULT_ANALYSIS_BLOCKS, type RobustnessRequest } from '../../shared/robustness-jobs';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { configurationLimit, monthlyLimit } from '../backtests/quota';
import { loadRunCandles, runSeries } from '../backtests/run-series';
import { noBarsToTrade } from '../backtests/tradable';
import { requiredWarmupBars } from '../backtests/warmup';
import { countBacktestsThisMonth, findOwnBacktest } from '../db/backtests';
import { insertJob, type NewJob } from '../db/jobs';
import { CHUNK_SIZE, sweepChunkCount } from './robustness-chunks';

/** A message of the JOBS queue: run chunk `chunk` of job `jobId`. */
export interface JobMessage {
  jobId: string;
  chunk: number;
}

/** Messages per sendBatch call (the Queues limit). */
const SEND_BATCH_LIMIT = 100;

const planName = (user: User) =>
  user.role === 'admin'
    ? 'administrator'
    : `${PLANS.find((plan) => plan.id === user.plan)?.name ?? user.plan} plan`;

/** The grid to sweep (the body's, or the run's default), checked against the run and the plan. */
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
  const limit = configurationLimit(user);
  if (size > limit) {
    throw new ApiError(
      402,
      `Your ${planName(user)} allows ${limit.toLocaleString('en-US')} configurations per robustness analysis; ` +
        `this grid has ${size.toLocaleString('en-US')}. Sweep fewer values or upgrade your membership.`,
    );
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

function monthlyLimitReached(user: User, limit: number): ApiError {
  return new ApiError(
    402,
    `Your ${planName(user)} allows ${limit} backtests a month and a robustness analysis counts as one; ` +
      'this month’s are used. Please upgrade your membership to run more.',
  );
}

/** Starts the analysis of the user's run `backtestId`; returns the job's id. */
export async function createRobustnessJob(
  env: Env,
  user: User,
  backtestId: string,
  body: RobustnessRequest,
): Promise<string> {
  const run = await findOwnBacktest(env.DB, user.id, backtestId);
  if (!run) throw new ApiError(404, 'No backtest of yours has this id.');
  const request = run.request;
  if (request.mode === 'ml') {
    throw new ApiError(400, 'Robustness analysis sweeps rule-based runs; this run uses machine learning.');
  }
  const { grid, size } = checkedGrid(user, request, body);
  const monthly = monthlyLimit(user);
  if (monthly !== null && (await countBacktestsThisMonth(env.DB, user.id)) >= monthly) {
    throw monthlyLimitReached(user, monthly);
  }

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
  };
  if (!(await insertJob(env.DB, job, monthly))) {
    await env.DATASETS.delete(seriesKey);
    throw monthlyLimitReached(user, monthly!);
  }
  await enqueueChunks(env.JOBS, id, job.totalChunks);
  return id;
}

/** Sends chunks 0 .. total - 1 of job `jobId` to the queue. */
export async function enqueueChunks(queue: Queue<JobMessage>, jobId: string, total: number): Promise<void> {
  for (let from = 0; from < total; from += SEND_BATCH_LIMIT) {
    const chunks = Array.from({ length: Math.min(SEND_BATCH_LIMIT, total - from) }, (_, i) => from + i);
    await queue.sendBatch(chunks.map((chunk) => ({ body: { jobId, chunk } })));
  }
}

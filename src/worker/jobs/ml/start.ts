/**
 * POST /api/backtests in mode "ml": the run prepared on the loaded candles (a layout that does
 * not fit answers 400 on the walk-forward's field), then either trained in the request (small
 * runs, 201 with `result.ml`) or queued as a job on the JOBS queue (202 {jobId}): the candles go
 * to R2 once, the job row counts as one run of the month, and its chunks of folds are sent.
 */
import {
  encodeSeries,
  prepareMlBacktest,
  runMlFold,
  assembleMlBacktest,
  type CandleSeries,
  type MlPreparedRun,
} from '../../../engine/index';
import type { User } from '../../../shared/api/auth';
import type { BacktestResultBody, DataQuality } from '../../../shared/api/backtests';
import type { MarketCandles } from '../../market-data/candle-answer';
import type { BacktestRequest } from '../../../shared/backtest-request';
import type { Env } from '../../env';
import { ApiError } from '../../errors';
import { quotaReached } from '../../backtests/admit-run';
import { insertMlJob, type MlJobData } from '../../db/jobs';
import { allChunks, chunkCount, sendChunks } from '../queue';
import {
  budgetMs,
  CHUNK_BUDGET_MS,
  estimateMlCost,
  foldsPerChunk,
  MlTooLargeError,
  REQUEST_BUDGET_MS,
} from './cost';
import { mlResultBody } from './result-body';

const TRAIN_BARS_FIELD = 'ml.walkForward.trainBars';

/** The run's features, labels and folds; a layout the bars cannot hold answers 400. */
function prepared(request: BacktestRequest, series: CandleSeries): MlPreparedRun {
  try {
    return prepareMlBacktest(request, series);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new ApiError(400, 'The walk-forward windows do not fit these bars.', {
      fields: [{ path: TRAIN_BARS_FIELD, message: error.message }],
    });
  }
}

export type MlStart = { result: BacktestResultBody } | { jobId: string };

/**
 * Trains the run now when small, else queues it with the candles' data quality, which the job's
 * stored run carries; `limit` is the user's monthly runs (null: none), `requestUrl` the request
 * that starts the run (a queued job's finished mail links to its origin without APP_URL).
 */
export async function startMlRun(
  env: Env,
  user: User,
  request: BacktestRequest,
  answer: MarketCandles,
  series: CandleSeries,
  dataQuality: DataQuality,
  limit: number | null,
  requestUrl: string,
): Promise<MlStart> {
  const run = prepared(request, series);
  const estimate = estimateMlCost(run);
  const data: MlJobData = {
    source: answer.source,
    timezone: answer.timezone,
    warnings: answer.warnings,
    dataQuality,
  };
  if (estimate.totalMs <= budgetMs(env.ML_REQUEST_BUDGET_MS, REQUEST_BUDGET_MS)) {
    const result = assembleMlBacktest(
      run,
      run.folds.map((_, index) => runMlFold(run, index)),
    );
    return {
      result: mlResultBody(result, series, {
        ...data,
        dataQuality,
        warmupBars: answer.warmupBars,
        initialCapital: request.initialCapital,
      }),
    };
  }

  let perChunk: number;
  try {
    perChunk = foldsPerChunk(
      estimate,
      budgetMs(env.ML_CHUNK_BUDGET_MS, CHUNK_BUDGET_MS),
      run.ml.walkForward.testBars,
    );
  } catch (error) {
    if (!(error instanceof MlTooLargeError)) throw error;
    throw new ApiError(400, 'This ML run is too large to train.', {
      fields: [{ path: TRAIN_BARS_FIELD, message: error.message }],
    });
  }
  const id = crypto.randomUUID();
  const seriesKey = `jobs/${id}/series.bin`;
  await env.DATASETS.put(seriesKey, encodeSeries(series));
  const totalChunks = chunkCount(run.folds.length, perChunk);
  const stored = await insertMlJob(
    env.DB,
    {
      id,
      userId: user.id,
      request,
      warmupBars: answer.warmupBars,
      seriesKey,
      folds: run.folds.length,
      foldsPerChunk: perChunk,
      totalChunks,
      data,
      linkOrigin: new URL(requestUrl).origin,
    },
    limit,
  );
  if (!stored) {
    await env.DATASETS.delete(seriesKey);
    throw quotaReached();
  }
  await sendChunks(env.DB, env.JOBS, id, allChunks(totalChunks));
  return { jobId: id };
}

/** An ML job's part in the consumer: train a chunk of folds, and assemble the finished run as a backtest. */
import { prepareMlBacktest, type MlPreparedRun } from '../../../engine/index';
import { summaryOf } from '../../backtests/result';
import { finishRunJob, readChunks, type MlJob } from '../../db/jobs';
import type { Env } from '../../env';
import { seriesOf } from '../series';
import { assembleMlChunks, runMlChunk } from './chunks';
import { mlResultBody } from './result-body';

/** The last ML job's prepared run (features, labels, folds): a job's chunks prepare it once per isolate. */
let cachedRun: { jobId: string; run: MlPreparedRun } | null = null;

async function preparedRunOf(env: Env, job: MlJob): Promise<MlPreparedRun> {
  if (cachedRun?.jobId === job.id) return cachedRun.run;
  const run = prepareMlBacktest(job.request, await seriesOf(env, job));
  cachedRun = { jobId: job.id, run };
  return run;
}

export async function runMlJobChunk(env: Env, job: MlJob, chunk: number): Promise<unknown> {
  return runMlChunk(job, await preparedRunOf(env, job), chunk);
}

/** Stores the assembled run as a backtest and marks the job done; false when another message finished it first. */
export async function finishMlRun(env: Env, job: MlJob): Promise<boolean> {
  const run = await preparedRunOf(env, job);
  const assembled = assembleMlChunks(job, run, await readChunks(env.DB, job.id, job.totalChunks));
  const result = mlResultBody(assembled, await seriesOf(env, job), {
    ...job.data,
    dataQuality: job.data.dataQuality,
    warmupBars: job.warmupBars,
    initialCapital: job.request.initialCapital,
  });
  const stored = await finishRunJob(env.DB, job.id, {
    request: job.request,
    source: job.data.source,
    summary: summaryOf(result.metrics),
    result,
  });
  return stored !== null;
}

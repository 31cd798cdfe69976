/** A robustness job's part in the consumer: run a chunk, and summarise the finished job into R2. */
import { finishJob, readChunks, type RobustnessJob } from '../../db/jobs';
import type { Env } from '../../env';
import { seriesOf } from '../series';
import { runChunk, summariseChunks } from './chunks';

export async function runRobustnessChunk(env: Env, job: RobustnessJob, chunk: number): Promise<unknown> {
  return runChunk(job, await seriesOf(env, job), chunk);
}

/** Stores the summary and marks the job done; false when another message finished it first. */
export async function finishRobustnessJob(env: Env, job: RobustnessJob): Promise<boolean> {
  const result = summariseChunks(job, await readChunks(env.DB, job.id, job.totalChunks));
  const resultKey = `jobs/${job.id}/result.json`;
  await env.DATASETS.put(resultKey, JSON.stringify(result));
  return finishJob(env.DB, job.id, resultKey);
}

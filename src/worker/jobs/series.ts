/** A job's candles, stored in R2 when the job was made, read once per isolate for its chunks. */
import { decodeSeries, type CandleSeries } from '../../engine/index';
import type { Job } from '../db/jobs';
import type { Env } from '../env';
import { calendarOf } from '../market-data/sessions';

const WORK: Record<Job['kind'], string> = { ml: 'ML run', ticks: 'run on ticks', robustness: 'analysis' };

/** What a job's messages call it. */
export const workOf = (job: Job) => WORK[job.kind];

/** Where a run on ticks keeps the trades of its day `day` (an index of its days) for its run chunks. */
export const jobTicksKey = (jobId: string, day: number) => `jobs/${jobId}/ticks/${day}.bin`;

/** Deletes what a job kept in R2 for its chunks: its candles, and a run on ticks' days of trades. */
export async function deleteJobFiles(env: Env, job: Job): Promise<void> {
  await env.DATASETS.delete(job.seriesKey);
  if (job.kind !== 'ticks') return;
  const keys = job.data.days.map((_, day) => jobTicksKey(job.id, day));
  for (let from = 0; from < keys.length; from += 1000)
    await env.DATASETS.delete(keys.slice(from, from + 1000));
}

/** The last job's series, kept by the isolate: the chunks of a job share one R2 read. */
let cachedSeries: { key: string; series: CandleSeries } | null = null;

export async function seriesOf(env: Env, job: Job): Promise<CandleSeries> {
  if (cachedSeries?.key === job.seriesKey) return cachedSeries.series;
  const object = await env.DATASETS.get(job.seriesKey);
  if (!object) throw new Error(`the candles of this ${workOf(job)} are no longer stored`);
  const series: CandleSeries = {
    ...decodeSeries(await object.arrayBuffer()),
    calendar: calendarOf(job.request.exchange),
  };
  cachedSeries = { key: job.seriesKey, series };
  return series;
}

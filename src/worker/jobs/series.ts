/** A job's candles, stored in R2 when the job was made, read once per isolate for its chunks. */
import { decodeSeries, type CandleSeries } from '../../engine/index';
import type { Job } from '../db/jobs';
import type { Env } from '../env';
import { calendarOf } from '../market-data/sessions';

/** What a job's messages call it. */
export const workOf = (job: Job) => (job.kind === 'ml' ? 'ML run' : 'analysis');

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

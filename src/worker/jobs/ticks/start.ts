/**
 * POST /api/backtests with intrabar "ticks" whose trades need more than the request holds
 * (BeyondOneRequest): queued as a job on the JOBS queue (202 {jobId}). The job row counts as one
 * run of the month; it reads the run's trades a UTC day per chunk, then runs each of the run's
 * days in order from the state the day before left (run.ts).
 */
import type { User } from '../../../shared/api/auth';
import type { BacktestRequest } from '../../../shared/backtest-request';
import { quotaReached } from '../../backtests/admit-run';
import { noTradesInRange, TICK_DATA_SOURCES, tickRunPlan } from '../../backtests/tick-backtest';
import { insertTicksJob } from '../../db/jobs';
import type { Env } from '../../env';
import { ApiError } from '../../errors';
import { DAY_MS } from '../../market-data/candle-answer';
import { tickSourceOf } from '../../market-data/ticks/load-ticks';
import { tickRunLimitsOf } from '../../market-data/ticks/tick-budget';
import { sendChunks } from '../queue';

/** Queues the run (admitted as a run on ticks: admit-run.ts) and sends its first chunk. */
export async function startTicksJob(
  env: Env,
  user: User,
  request: BacktestRequest,
  monthlyLimit: number | null,
  requestUrl: string,
  now = Date.now(),
): Promise<{ jobId: string }> {
  const plan = tickRunPlan(request);
  const source = tickSourceOf(env, request.exchange);
  const limits = tickRunLimitsOf(user);
  if (source === null || limits === null) throw new Error('a run on ticks was queued without being admitted');
  const days: number[] = [];
  for (let day = Math.floor(plan.from / DAY_MS) * DAY_MS; day < plan.to && day <= now; day += DAY_MS) {
    days.push(day);
  }
  const firstRunDay = days.findIndex((day) => day + DAY_MS > plan.start);
  if (firstRunDay < 0) throw new ApiError(400, noTradesInRange(request));
  const id = crypto.randomUUID();
  const totalChunks = days.length + (days.length - firstRunDay);
  const stored = await insertTicksJob(
    env.DB,
    {
      id,
      userId: user.id,
      request,
      seriesKey: `jobs/${id}/series.bin`,
      totalChunks,
      data: {
        source: TICK_DATA_SOURCES[source],
        timezone: plan.calendar.timeZone,
        start: plan.start,
        from: plan.from,
        to: plan.to,
        days,
        firstRunDay,
        maxTicks: limits.ticks,
      },
      linkOrigin: new URL(requestUrl).origin,
    },
    monthlyLimit,
  );
  if (!stored) throw quotaReached();
  await sendChunks(env.DB, env.JOBS, id, [0]);
  return { jobId: id };
}

/**
 * A queued run on ticks in the consumer (docs/tick-data.md#queued-runs). Its chunks run one
 * after another, each sent when the one before is stored:
 * - chunks 0 .. days - 1 read a UTC day of trades each (the R2 day store, else the source, as
 *   a run in its request reads them), keep the run days' trades in R2 for the run chunks, and
 *   store the day's bars; the last of them stores the whole run's bars (the job's series);
 * - then one chunk per run day runs that day's trades from the state the chunk before left
 *   (resumeTickRun): the open position and its trailing level cross from day to day;
 * - the job finishes with finishTickRun over the run chunks' results, stored as a backtest.
 * A day past the plan's trades, or an upload no longer there, fails the job at once.
 */
import {
  barsFromTicks,
  createSeries,
  decodeTickChunkResult,
  decodeTickRunState,
  encodeSeries,
  encodeTickChunkResult,
  encodeTickRunState,
  finishTickRun,
  resumeTickRun,
  type CandleSeries,
} from '../../../engine/index';
import { summaryOf, toResultBody } from '../../backtests/result';
import { noTradesInRange, readRunTicks, tickRunPlan, warmupBarsOf } from '../../backtests/tick-backtest';
import { finishRunJob, readChunk, readChunks, type TicksJob } from '../../db/jobs';
import type { Env } from '../../env';
import { CandleRequestError, DAY_MS } from '../../market-data/candle-answer';
import { MAX_TICK_CALLS_PER_CHUNK, TickBudget } from '../../market-data/ticks/tick-budget';
import { decodeTicks, encodeTicks } from '../../market-data/ticks/tick-store';
import { JobCannotFinish } from '../queue';
import { jobTicksKey, seriesOf } from '../series';

type BarColumns = Record<'t' | 'o' | 'h' | 'l' | 'c' | 'v', number[]>;

/** What a chunk that read a day stores. */
interface DayRead {
  /** The day's trades in the regular session (those the run reads). */
  ticks: number;
  /** Trades held so far by the run, this day included (the plan's limit counts them). */
  held: number;
  bars: BarColumns;
}

/** What a chunk that ran a day stores: the state it left, and its result (null: no bar of the run). */
interface DayRun {
  state: string;
  chunk: string | null;
}

const COLUMNS = ['t', 'o', 'h', 'l', 'c', 'v'] as const;

function barColumns(bars: CandleSeries): BarColumns {
  return Object.fromEntries(COLUMNS.map((name) => [name, Array.from(bars[name])])) as BarColumns;
}

/** The bars of consecutive days, as one series. */
function joinBars(days: readonly BarColumns[]): CandleSeries {
  const series = createSeries(days.reduce((sum, day) => sum + day.t.length, 0));
  let at = 0;
  for (const day of days) {
    for (const name of COLUMNS) series[name].set(day[name], at);
    at += day.t.length;
  }
  return series;
}

async function readDay(env: Env, job: TicksJob, index: number): Promise<DayRead> {
  const { data } = job;
  const previous = index > 0 ? ((await readChunk(env.DB, job.id, index - 1)) as DayRead | null) : null;
  if (index > 0 && !previous)
    throw new Error(`day ${index} of this run on ticks came before day ${index - 1}`);
  const budget = new TickBudget(data.maxTicks, MAX_TICK_CALLS_PER_CHUNK);
  budget.held = previous?.held ?? 0;
  const plan = tickRunPlan(job.request);
  const day = data.days[index]!;
  const range = { from: Math.max(data.from, day), to: Math.min(data.to, day + DAY_MS) };
  let ticks;
  try {
    // A day is counted before it is fetched, so a busy one is held once (load-ticks.ts).
    ({ ticks } = await readRunTicks(env, job.userId, job.request, plan, range, budget, { sizeDays: true }));
  } catch (error) {
    // A limit passed or an upload deleted will not change on a retry; a source failing (502) may.
    if (error instanceof CandleRequestError && error.status !== 502) throw new JobCannotFinish(error.message);
    throw error;
  }
  if (index >= data.firstRunDay) await env.DATASETS.put(jobTicksKey(job.id, index), encodeTicks(ticks));
  const read: DayRead = {
    ticks: ticks.t.length,
    held: budget.held,
    bars: barColumns(barsFromTicks(ticks, plan.barMinutes, plan.calendar).bars),
  };
  if (index === data.days.length - 1) await storeSeries(env, job, read);
  return read;
}

/** The whole run's bars, from every day read (the last one's given), kept as the job's series. */
async function storeSeries(env: Env, job: TicksJob, last: DayRead): Promise<void> {
  const days = job.data.days.length;
  const earlier = await readChunks(env.DB, job.id, days - 1);
  const reads = Array.from({ length: days - 1 }, (_, day) => earlier.get(day) as DayRead | undefined);
  if (reads.some((read) => read === undefined)) throw new Error('a day of this run on ticks is missing');
  const series = joinBars([...reads.map((read) => read!.bars), last.bars]);
  if (warmupBarsOf(series, job.data.start) === series.t.length) {
    throw new JobCannotFinish(noTradesInRange(job.request));
  }
  await env.DATASETS.put(job.seriesKey, encodeSeries(series));
}

/** The first bar of `series` at or after `time`. */
function barAt(series: CandleSeries, time: number): number {
  let low = 0;
  let high = series.t.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (series.t[middle]! < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

async function runDay(env: Env, job: TicksJob, chunk: number): Promise<DayRun> {
  const { data } = job;
  const firstRunChunk = data.days.length;
  const day = data.firstRunDay + chunk - firstRunChunk;
  const previous =
    chunk > firstRunChunk ? ((await readChunk(env.DB, job.id, chunk - 1)) as DayRun | null) : null;
  if (chunk > firstRunChunk && !previous) throw new Error(`run day ${day} came before the day before it`);
  const series = await seriesOf(env, job);
  const warmupBars = warmupBarsOf(series, data.start);
  const run = resumeTickRun(job.request, series, previous && decodeTickRunState(previous.state), {
    warmupBars,
  });
  const object = await env.DATASETS.get(jobTicksKey(job.id, day));
  if (!object) throw new Error(`the trades of day ${day} of this run on ticks are no longer stored`);
  const ticks = decodeTicks(await object.arrayBuffer());
  let result: string | null = null;
  if (ticks.t.length > 0) {
    const plan = tickRunPlan(job.request);
    const { bars, barTicks } = barsFromTicks(ticks, plan.barMinutes, plan.calendar);
    const firstBar = barAt(series, bars.t[0]!);
    // Bars before the run's next bar (warm-up bars of its first day) are not run again.
    if (firstBar + bars.t.length > run.state().nextBar) {
      result = encodeTickChunkResult(run.advance({ ticks, firstBar, barTicks }));
    }
  }
  return { state: encodeTickRunState(run.state()), chunk: result };
}

/** Runs chunk `chunk` of the job: a day read, or a day run. */
export function runTicksJobChunk(env: Env, job: TicksJob, chunk: number): Promise<DayRead | DayRun> {
  return chunk < job.data.days.length ? readDay(env, job, chunk) : runDay(env, job, chunk);
}

/** Stores the finished run as a backtest and marks the job done; false when another message finished it first. */
export async function finishTicksRun(env: Env, job: TicksJob): Promise<boolean> {
  const { data, request } = job;
  const series = await seriesOf(env, job);
  const warmupBars = warmupBarsOf(series, data.start);
  const stored = await readChunks(env.DB, job.id, job.totalChunks);
  const days = data.days.length;
  const reads = Array.from({ length: days }, (_, day) => stored.get(day) as DayRead);
  const runs = Array.from({ length: job.totalChunks - days }, (_, day) => stored.get(days + day) as DayRun);
  const result = finishTickRun(
    request,
    series,
    {
      chunks: runs.flatMap((run) => (run.chunk === null ? [] : [decodeTickChunkResult(run.chunk)])),
      state: decodeTickRunState(runs.at(-1)!.state),
    },
    { warmupBars },
  );
  // Every trade read counts, those of warm-up days too, as in a run within its request.
  const ticks = reads.reduce((sum, read) => sum + read.ticks, 0);
  const body = toResultBody(
    { ...result, intrabar: result.intrabar && { ...result.intrabar, ticks } },
    series,
    {
      source: data.source,
      initialCapital: request.initialCapital,
      timezone: data.timezone,
      warmupBars,
      warnings: [],
      dataQuality: undefined,
    },
  );
  const id = await finishRunJob(env.DB, job.id, {
    request,
    source: data.source,
    summary: summaryOf(body.metrics),
    result: body,
  });
  return id !== null;
}

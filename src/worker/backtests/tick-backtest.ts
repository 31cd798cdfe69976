/**
 * A backtest with intrabar "ticks" inside the request (docs/tick-data.md): the trades of the
 * run's days and of its warm-up, from its exchange's source of trades (load-ticks.ts), in the
 * exchange's regular session; the bars of the request's timeframe built from them; the exits
 * found trade by trade (engine/ticks). The plan's limits of one run on ticks hold the trades
 * read; a run past them answers 400 and is not stored. A run whose trades need more than one
 * request is queued (jobs/ticks/), which reads and runs them a day at a time with the same
 * functions.
 */
import {
  barsFromTicks,
  type CandleSeries,
  runBacktest,
  type SessionCalendar,
  type TickBars,
  type TickSeries,
  UTC_CALENDAR,
} from '../../engine/index';
import type { User } from '../../shared/api/auth';
import type { BacktestResultBody } from '../../shared/api/backtests';
import type { BacktestRequest } from '../../shared/backtest-request';
import { TIMEFRAME_MINUTES } from '../../shared/backtest-vocabulary';
import type { DataSource } from '../../shared/data-sources';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { exchangeSession } from '../market-data/sessions';
import {
  type LoadOptions,
  loadTicks,
  tickSourceOf,
  type TickSourceName,
} from '../market-data/ticks/load-ticks';
import {
  BeyondOneRequest,
  MAX_TICK_CALLS,
  TickBudget,
  tickRunLimitsOf,
  ticksPerRequest,
} from '../market-data/ticks/tick-budget';
import type { TickRunLimits } from '../../shared/plans';
import { binanceConfig } from '../market-data/binance';
import { binanceTradeCount } from '../market-data/ticks/binance-trades';
import { CandleRequestError, DAY_MS } from '../market-data/candle-answer';
import { ProviderError } from '../market-data/provider';
import { toResultBody } from './result';
import { requiredWarmupBars } from './warmup';

/** The stored run's data source of each source of trades. */
export const TICK_DATA_SOURCES: Record<TickSourceName, DataSource> = {
  binance: 'binance',
  eodhd: 'provider',
  upload: 'upload',
};

/** The trades inside each trading day's regular session (all of them for a 24-hour market). */
function inSession(ticks: TickSeries, calendar: SessionCalendar, minutes: number): TickSeries {
  if (minutes >= 1440) return ticks;
  const keep: number[] = [];
  for (let i = 0; i < ticks.t.length; i++) {
    const t = ticks.t[i]!;
    if (t - calendar.startOfDayAt(t) < minutes * 60_000) keep.push(i);
  }
  if (keep.length === ticks.t.length) return ticks;
  const pick = (column: Float64Array) => Float64Array.from(keep, (i) => column[i]!);
  return { t: pick(ticks.t), p: pick(ticks.p), q: pick(ticks.q) };
}

/** What a run on ticks reads: its calendar and session, its bar size, and its instants. */
export interface TickRunPlan {
  calendar: SessionCalendar;
  /** Minutes of each trading day's regular session (1440: the whole day). */
  sessionMinutes: number;
  barMinutes: number;
  /** The run's first instant: its from date's start in the exchange's calendar (unix ms). */
  start: number;
  /** The trades read, warm-up days included: [from, to) in unix ms. */
  from: number;
  to: number;
}

export function tickRunPlan(request: BacktestRequest): TickRunPlan {
  const session = exchangeSession(request.exchange);
  const calendar = session?.calendar ?? UTC_CALENDAR;
  const sessionMinutes = session?.minutes ?? 1440;
  const barMinutes = TIMEFRAME_MINUTES[request.timeframe];
  const barsPerDay = Math.max(1, Math.floor(sessionMinutes / barMinutes));
  // Enough calendar days before the from date for the warm-up bars (weekends included).
  const weekFactor = session && !session.weekends ? 7 / 5 : 1;
  const warmupDays = Math.ceil((requiredWarmupBars(request) / barsPerDay) * weekFactor) + 1;
  const start = calendar.startOfDate(request.fromDate);
  return {
    calendar,
    sessionMinutes,
    barMinutes,
    start,
    from: start - warmupDays * DAY_MS,
    to: calendar.startOfDay(calendar.dayOfDate(request.toDate) + 1),
  };
}

/** The run's trades in [from, to) inside each trading day's regular session. */
export async function readRunTicks(
  env: Env,
  userId: string,
  request: BacktestRequest,
  plan: TickRunPlan,
  range: { from: number; to: number },
  budget: TickBudget,
  options: LoadOptions = {},
): Promise<{ ticks: TickSeries; source: DataSource }> {
  const { ticks, source } = await loadTicks(
    env,
    { exchange: request.exchange, symbol: request.stock.toUpperCase(), ...range },
    userId,
    budget,
    Date.now(),
    options,
  );
  return { ticks: inSession(ticks, plan.calendar, plan.sessionMinutes), source: TICK_DATA_SOURCES[source] };
}

/** Bars before the run's first instant: its warm-up. */
export function warmupBarsOf(bars: CandleSeries, start: number): number {
  let warmupBars = 0;
  while (warmupBars < bars.t.length && bars.t[warmupBars]! < start) warmupBars++;
  return warmupBars;
}

/** The 400 of a run whose dates hold no trades (not counted). */
export const noTradesInRange = (request: BacktestRequest) =>
  `There are no trades of ${request.stock} (${request.exchange}) between ${request.fromDate} and ${request.toDate}. ` +
  'Choose dates with trading days; this run was not counted.';

/** The 400 of a run whose trades pass the plan's limit (`trades`: about how many it holds). */
export function tooManyTrades(trades: number, limits: TickRunLimits): string {
  return (
    `This run would read about ${trades.toLocaleString('en-US')} trades, warm-up days included: more than ` +
    `${limits.ticks.toLocaleString('en-US')}, the most one run on ticks reads. Choose a shorter range.`
  );
}

/**
 * Before any trade is read, where the source can count them (Binance: its trade ids follow one
 * another): a run past the plan's trades is refused with 400 naming the limit, and one past
 * the request's share goes to the queue at once (BeyondOneRequest) instead of reading a
 * request's worth first. Where they cannot be counted, they are as they are read.
 */
async function checkTradeCount(
  env: Env,
  request: BacktestRequest,
  plan: TickRunPlan,
  limits: TickRunLimits,
): Promise<void> {
  const config = tickSourceOf(env, request.exchange) === 'binance' ? binanceConfig(env) : null;
  if (!config) return;
  let trades: number | null;
  try {
    trades = await binanceTradeCount(
      config,
      request.stock.toUpperCase(),
      plan.from,
      plan.to,
      new TickBudget(Number.POSITIVE_INFINITY, TRADE_COUNT_CALLS),
    );
  } catch (error) {
    // Counting is a shortcut: a source that fails here is met again, and reported, when read.
    if (error instanceof ProviderError || error instanceof CandleRequestError) return;
    throw error;
  }
  if (trades === null) return;
  if (trades > limits.ticks) {
    const message = tooManyTrades(trades, limits);
    throw new ApiError(400, message, { fields: [{ path: 'toDate', message }] });
  }
  if (trades > ticksPerRequest(env)) throw new BeyondOneRequest('trades');
}

/** Calls counting a run's trades may make: a day of hours at each end, and the latest trade. */
const TRADE_COUNT_CALLS = 50;

/**
 * The run's bars and trades, and how many bars are warm-up. Throws BeyondOneRequest when its
 * trades need more than the request holds (the run is then queued: jobs/ticks/).
 */
export async function loadRunTicks(
  env: Env,
  user: User,
  request: BacktestRequest,
): Promise<{ tickBars: TickBars; warmupBars: number; source: DataSource; timezone: string }> {
  const limits = tickRunLimitsOf(user);
  if (!limits) throw new ApiError(402, 'Tick data is in the Enterprise plan.');
  const plan = tickRunPlan(request);
  await checkTradeCount(env, request, plan, limits);
  const { ticks, source } = await readRunTicks(
    env,
    user.id,
    request,
    plan,
    plan,
    new TickBudget(limits.ticks, MAX_TICK_CALLS, ticksPerRequest(env)),
  );
  const tickBars = barsFromTicks(ticks, plan.barMinutes, plan.calendar);
  const warmupBars = warmupBarsOf(tickBars.bars, plan.start);
  if (warmupBars === tickBars.bars.t.length) throw new ApiError(400, noTradesInRange(request));
  return { tickBars, warmupBars, source, timezone: plan.calendar.timeZone };
}

/** The result of a standard backtest with intrabar "ticks", run in the request. */
export async function runTickBacktest(
  env: Env,
  user: User,
  request: BacktestRequest,
): Promise<{ result: BacktestResultBody; source: DataSource }> {
  const { tickBars, warmupBars, source, timezone } = await loadRunTicks(env, user, request);
  const series = tickBars.bars;
  const result = runBacktest(request, series, { warmupBars, ticks: tickBars });
  return {
    source,
    result: toResultBody(result, series, {
      source,
      initialCapital: request.initialCapital,
      timezone,
      warmupBars,
      warnings: [],
      dataQuality: undefined,
    }),
  };
}

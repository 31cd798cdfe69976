import type { SessionCalendar } from '../../engine/candles/session-calendar';
import { type CandleRow, rowsToColumns } from '../../engine/candles/series';
import { TIMEFRAME_MINUTES, type Timeframe } from '../../shared/backtest-vocabulary';

export const CANDLE_TIMEFRAMES = { '5m': 5, '15m': 15, '30m': 30, '1h': 60, '1d': 1440 } as const;
export type CandleTimeframe = keyof typeof CANDLE_TIMEFRAMES;
/** Most bars one answer may hold (about 5 years of 5-minute US bars). */
export const MAX_BARS_PER_ANSWER = 100_000;
export const DAY_MS = 86_400_000;

export interface CandleQuery {
  exchange: string;
  symbol: string;
  timeframe: CandleTimeframe;
  from: string;
  to: string;
  warmup: number;
}

export type CandleSource = 'provider' | 'cache' | 'sample' | 'synthetic' | 'upload';

export interface CandleAnswer {
  candles: { t: number[]; o: number[]; h: number[]; l: number[]; c: number[]; v: number[] };
  timezone: string;
  source: CandleSource;
  warmupBars: number;
  warnings: string[];
}

export class CandleRequestError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 502,
  ) {
    super(message);
  }
}

const BAR_NAMES: Record<CandleTimeframe, string> = {
  '5m': 'five-minute',
  '15m': '15-minute',
  '30m': '30-minute',
  '1h': 'hourly',
  '1d': 'daily',
};

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The timeframe as the form's select names it ('1 hour'), from its code ('1h'). */
export function timeframeLabel(timeframe: CandleTimeframe): string {
  const minutes = CANDLE_TIMEFRAMES[timeframe];
  return (Object.keys(TIMEFRAME_MINUTES) as Timeframe[]).find(
    (label) => TIMEFRAME_MINUTES[label] === minutes,
  )!;
}

export const isCandleTimeframe = (code: string): code is CandleTimeframe => code in CANDLE_TIMEFRAMES;

/** "hourly", "five-minute". */
export const barName = (timeframe: CandleTimeframe) => BAR_NAMES[timeframe];

/** "400 daily bars", "183,165 five-minute bars", "1 hourly bar". */
export function barsPhrase(bars: number, timeframe: CandleTimeframe): string {
  return `${count.format(bars)} ${BAR_NAMES[timeframe]} ${bars === 1 ? 'bar' : 'bars'}`;
}

export function tooManyBars(estimate: number, timeframe: CandleTimeframe): CandleRequestError {
  return new CandleRequestError(
    `That range holds about ${barsPhrase(estimate, timeframe)}; one request can load at most ${count.format(MAX_BARS_PER_ANSWER)}. Choose a shorter range or a longer timeframe.`,
    400,
  );
}

/**
 * Keeps the bars of the trading days `from` to `to` (local dates of the market's calendar) plus
 * up to `warmup` bars before `from` (rows sorted by time), and shapes the answer.
 */
export function answerWithWarmup(
  rows: readonly CandleRow[],
  query: CandleQuery,
  meta: { calendar: SessionCalendar; source: CandleSource; warnings: string[] },
): CandleAnswer {
  const fromMs = meta.calendar.startOfDate(query.from);
  const endMs = meta.calendar.startOfDay(meta.calendar.dayOfDate(query.to) + 1);
  const firstInRange = rows.findIndex((row) => row.t >= fromMs);
  const splitAt = firstInRange === -1 ? rows.length : firstInRange;
  const warmupBars = Math.min(query.warmup, splitAt);
  const kept = rows.slice(splitAt - warmupBars).filter((row) => row.t < endMs);
  // Uploads are not estimated before loading: the cap applies to every answer here.
  if (kept.length > MAX_BARS_PER_ANSWER) throw tooManyBars(kept.length, query.timeframe);
  const warnings = [...meta.warnings];
  if (kept.length === warmupBars) warnings.push(`No bars between ${query.from} and ${query.to}.`);
  else if (warmupBars < query.warmup) {
    warnings.push(`Only ${warmupBars} of the ${query.warmup} warm-up bars exist before ${query.from}.`);
  }
  return {
    candles: rowsToColumns(kept),
    timezone: meta.calendar.timeZone,
    source: meta.source,
    warmupBars,
    warnings,
  };
}

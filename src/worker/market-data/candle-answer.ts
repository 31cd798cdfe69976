import { type CandleSeries, type SessionCalendar, sliceSeries } from '../../engine/index';
import type { CandlesAnswer } from '../../shared/api/market';
import type { DataSource } from '../../shared/data-sources';
import type { PriceAdjustment } from '../../shared/backtest-vocabulary';
import type { CandleTimeframe } from '../../shared/timeframes';
import { ApiError } from '../errors';

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
  /** How a provider's bars are adjusted (default splits-and-dividends); other sources ignore it. */
  adjustment?: PriceAdjustment;
}

/**
 * A candle answer inside the worker: the bars stay typed arrays from where they are read to the
 * engine, and become JSON only at GET /api/market/candles (`candlesJson`).
 */
export type MarketCandles = Omit<CandlesAnswer, 'candles'> & { candles: CandleSeries };

/** The answer as GET /api/market/candles writes it: plain column arrays. */
export function candlesJson({ candles, ...answer }: MarketCandles): CandlesAnswer {
  const { t, o, h, l, c, v } = candles;
  return {
    ...answer,
    candles: {
      t: Array.from(t),
      o: Array.from(o),
      h: Array.from(h),
      l: Array.from(l),
      c: Array.from(c),
      v: Array.from(v),
    },
  };
}

/** Whether an answer holds no bar of the asked range (warm-up bars only, or none). */
export const noBarsInRange = (answer: MarketCandles) => answer.candles.t.length === answer.warmupBars;

/** A candle request that cannot be answered; thrown through the routes to handleError. */
export class CandleRequestError extends ApiError {
  override name = 'CandleRequestError';

  constructor(message: string, status: 400 | 404 | 502) {
    super(status, message);
  }
}

const BAR_NAMES: Record<CandleTimeframe, string> = {
  '1m': 'one-minute',
  '5m': 'five-minute',
  '15m': '15-minute',
  '30m': '30-minute',
  '1h': 'hourly',
  '1d': 'daily',
};

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

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
 * up to `warmup` bars before `from` (bars sorted by time), and shapes the answer.
 */
export function answerWithWarmup(
  bars: CandleSeries,
  query: CandleQuery,
  meta: {
    calendar: SessionCalendar;
    source: DataSource;
    warnings: string[];
    adjustment?: PriceAdjustment;
    duplicatesDropped?: number;
  },
): MarketCandles {
  const fromMs = meta.calendar.startOfDate(query.from);
  const endMs = meta.calendar.startOfDay(meta.calendar.dayOfDate(query.to) + 1);
  const firstInRange = bars.t.findIndex((t) => t >= fromMs);
  const splitAt = firstInRange === -1 ? bars.t.length : firstInRange;
  const warmupBars = Math.min(query.warmup, splitAt);
  const firstAfter = bars.t.findIndex((t) => t >= endMs);
  const end = Math.max(splitAt, firstAfter === -1 ? bars.t.length : firstAfter);
  const kept = end - (splitAt - warmupBars);
  // Uploads are not estimated before loading: the cap applies to every answer here.
  if (kept > MAX_BARS_PER_ANSWER) throw tooManyBars(kept, query.timeframe);
  const warnings = [...meta.warnings];
  if (kept === warmupBars) warnings.push(`No bars between ${query.from} and ${query.to}.`);
  else if (warmupBars < query.warmup) {
    warnings.push(`Only ${warmupBars} of the ${query.warmup} warm-up bars exist before ${query.from}.`);
  }
  return {
    candles: sliceSeries(bars, splitAt - warmupBars, end),
    timezone: meta.calendar.timeZone,
    source: meta.source,
    warmupBars,
    warnings,
    adjustment: meta.adjustment ?? 'none',
    duplicatesDropped: meta.duplicatesDropped ?? 0,
  };
}

/** Answers of /api/market: exchange and symbol lists (docs/product.md#outside-calls, docs/product.md#who-it-is-for, docs/product.md#screens-and-routes) and candles. */
import * as z from 'zod';
import { PRICE_ADJUSTMENTS } from '../backtest-vocabulary';
import { calendarDate } from '../calendar-date';
import { CANDLE_SOURCES, LIST_SOURCES } from '../data-sources';
import { CANDLE_TIMEFRAME_CODES } from '../timeframes';

export const exchangeSchema = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  currency: z.string(),
});
export type Exchange = z.infer<typeof exchangeSchema>;

export const stockSchema = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  exchange: z.string(),
  currency: z.string(),
  type: z.string(),
  /** Its candles are synthetic demo prices (a fallback stock without a provider). */
  synthetic: z.boolean().optional(),
});
export type Stock = z.infer<typeof stockSchema>;

/**
 * Where a list came from; with `error` and `warning` when the provider failed (docs/product.md#errors-and-messages), or a
 * neutral `note` when the server has no list provider configured (no failure).
 */
export const marketListMetaSchema = z.object({
  source: z.enum(LIST_SOURCES),
  error: z.string().optional(),
  warning: z.string().optional(),
  note: z.string().optional(),
});
export type MarketListAnswer = z.infer<typeof marketListMetaSchema>;

/** GET /api/market/exchanges */
export const exchangesAnswerSchema = marketListMetaSchema.extend({ exchanges: z.array(exchangeSchema) });
export type ExchangesAnswer = z.infer<typeof exchangesAnswerSchema>;

/** GET /api/market/exchanges/:code/symbols */
export const stocksAnswerSchema = marketListMetaSchema.extend({ symbols: z.array(stockSchema) });
export type StocksAnswer = z.infer<typeof stocksAnswerSchema>;

/** Column arrays of the bars, open times in unix milliseconds. */
export const candleColumnsSchema = z.object({
  t: z.array(z.number()),
  o: z.array(z.number()),
  h: z.array(z.number()),
  l: z.array(z.number()),
  c: z.array(z.number()),
  v: z.array(z.number()),
});
export type CandleColumns = z.infer<typeof candleColumnsSchema>;

/** The path of GET /api/market/exchanges/:code/symbols. */
export const exchangeParam = z.object({
  code: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]{1,20}$/,
      'An exchange code has 1 to 20 letters, digits, dots, dashes or underscores',
    )
    .transform((code) => code.toUpperCase()),
});

/** The query of GET /api/market/candles. */
export const candleQuery = z.object({
  exchange: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9._-]{1,20}$/, 'Unknown exchange code'),
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9._^=-]{1,40}$/, 'Unknown symbol'),
  timeframe: z.enum(CANDLE_TIMEFRAME_CODES, {
    error: 'Timeframe is one of 5m, 15m, 30m, 1h, 1d',
  }),
  from: calendarDate,
  to: calendarDate,
  warmup: z.coerce.number().int().min(0).max(5000, 'At most 5000 warm-up bars').default(0),
  adjustment: z
    .enum(PRICE_ADJUSTMENTS, { error: `Adjustment is one of ${PRICE_ADJUSTMENTS.join(', ')}` })
    .default('splits-and-dividends'),
});

/** GET /api/market/candles */
export const candlesAnswerSchema = z.object({
  candles: candleColumnsSchema,
  timezone: z.string(),
  source: z.enum(CANDLE_SOURCES),
  /** How many of the first bars are warm-up before the request's `from`. */
  warmupBars: z.number().int(),
  warnings: z.array(z.string()),
  /** How the bars were adjusted for splits and dividends ("none" for data that has none). */
  adjustment: z.enum(PRICE_ADJUSTMENTS).optional(),
  /** Bars dropped because another had the same open time. */
  duplicatesDropped: z.number().int().optional(),
});
export type CandlesAnswer = z.infer<typeof candlesAnswerSchema>;

/** The longest span GET /api/market/ticks answers: one day. */
export const MAX_TICK_QUERY_MS = 86_400_000;

const instant = (field: string) =>
  z
    .string({ error: `Enter ${field} as an ISO-8601 instant` })
    .refine((text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && Number.isFinite(Date.parse(text)), {
      error: `Enter ${field} as an ISO-8601 instant, such as 2026-01-05T00:00:00Z`,
    })
    .transform((text) => Date.parse(text));

/** The query of GET /api/market/ticks: the trades in [from, to), at most one day. */
export const tickQuery = z
  .object({
    exchange: candleQuery.shape.exchange,
    symbol: candleQuery.shape.symbol,
    from: instant('from'),
    to: instant('to'),
  })
  .superRefine(({ from, to }, ctx) => {
    if (!(to > from)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
    else if (to - from > MAX_TICK_QUERY_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'At most one day of trades per request' });
  });

/** Trades as columns: time (unix ms), price and size, in the order they happened. */
export const tickColumnsSchema = z.object({
  t: z.array(z.number()),
  p: z.array(z.number()),
  q: z.array(z.number()),
});

/** GET /api/market/ticks */
export const ticksAnswerSchema = z.object({
  ticks: tickColumnsSchema,
  source: z.enum(['binance', 'eodhd', 'upload']),
});
export type TicksAnswer = z.infer<typeof ticksAnswerSchema>;

import { Hono } from 'hono';
import { z } from 'zod';
import { PRICE_ADJUSTMENTS } from '../../shared/backtest-vocabulary';
import { calendarDate } from '../../shared/calendar-date';
import type { AppEnv } from '../env';
import type { CandlesAnswer, ExchangesAnswer, StocksAnswer } from '../../shared/api/market';
import { CANDLE_TIMEFRAME_CODES } from '../../shared/timeframes';
import { loadCandles } from '../market-data/candles';
import { type ListAnswer, listExchanges, listSymbols } from '../market-data/lists';
import { validate } from '../validation';

export const exchangeParam = z.object({
  code: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]{1,20}$/,
      'An exchange code has 1 to 20 letters, digits, dots, dashes or underscores',
    )
    .transform((code) => code.toUpperCase()),
});

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

/** A list answer: its items under `key`, beside where they came from (docs/product.md#errors-and-messages). */
function answer<Key extends string, T>(key: Key, { items, ...meta }: ListAnswer<T>) {
  return { [key]: items, ...meta } as Record<Key, T[]> & Omit<ListAnswer<T>, 'items'>;
}

/** Exchange and symbol lists (docs/product.md#outside-calls, docs/product.md#who-it-is-for, docs/product.md#screens-and-routes), fetched by the worker, never the browser. */
export const market = new Hono<AppEnv>()
  .get('/exchanges', async (c) =>
    c.json(answer('exchanges', await listExchanges(c.env)) satisfies ExchangesAnswer),
  )
  .get('/exchanges/:code/symbols', validate('param', exchangeParam), async (c) =>
    c.json(answer('symbols', await listSymbols(c.env, c.req.valid('param').code)) satisfies StocksAnswer),
  )
  .get('/candles', validate('query', candleQuery), async (c) => {
    const answer = await loadCandles(c.env, c.req.valid('query'), c.get('user')?.id ?? null);
    return c.json(answer satisfies CandlesAnswer);
  });

import { Hono } from 'hono';
import type { AppEnv } from '../env';
import {
  type CandlesAnswer,
  type ExchangesAnswer,
  type StocksAnswer,
  type TicksAnswer,
  candleQuery,
  exchangeParam,
  tickQuery,
} from '../../shared/api/market';
import { requireUser } from '../auth/middleware';
import { ApiError } from '../errors';
import { loadTicks } from '../market-data/ticks/load-ticks';
import { TickBudget, tickDataNeedsEnterprise, tickRunLimitsOf } from '../market-data/ticks/tick-budget';
import { candlesJson } from '../market-data/candle-answer';
import { loadCandles } from '../market-data/candles';
import { type ListAnswer, listExchanges, listStocks } from '../market-data/lists';
import { validate } from '../validation';

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
    c.json(answer('symbols', await listStocks(c.env, c.req.valid('param').code)) satisfies StocksAnswer),
  )
  .get('/candles', validate('query', candleQuery), async (c) => {
    const answer = await loadCandles(c.env, c.req.valid('query'), c.get('user')?.id ?? null);
    return c.json(candlesJson(answer) satisfies CandlesAnswer);
  })
  // Trades of at most one day (docs/tick-data.md): the plan's tick data, checked before any call.
  .get('/ticks', requireUser, validate('query', tickQuery), async (c) => {
    const limits = tickRunLimitsOf(c.var.user);
    if (!limits) throw new ApiError(402, tickDataNeedsEnterprise(c.var.user));
    const { ticks, source } = await loadTicks(
      c.env,
      c.req.valid('query'),
      c.var.user.id,
      new TickBudget(limits.ticks),
    );
    return c.json({
      ticks: { t: Array.from(ticks.t), p: Array.from(ticks.p), q: Array.from(ticks.q) },
      source,
    } satisfies TicksAnswer);
  });

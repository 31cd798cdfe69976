import { requireUser } from '../auth/middleware';
import {
  candleQuery,
  candlesAnswerSchema,
  exchangeParam,
  exchangesAnswerSchema,
  stocksAnswerSchema,
  tickQuery,
  ticksAnswerSchema,
} from '../../shared/api/market';
import { ApiError } from '../errors';
import { loadTicks } from '../market-data/ticks/load-ticks';
import { TickBudget, tickDataNeedsEnterprise, tickRunLimitsOf } from '../market-data/ticks/tick-budget';
import { candlesJson } from '../market-data/candle-answer';
import { loadCandles } from '../market-data/candles';
import { assertMinuteBars } from '../market-data/minute-bars';
import { type ListAnswer, listExchanges, listStocks } from '../market-data/lists';
import { apiRoute, apiRouter, jsonAnswer } from '../openapi/api-route';

/** A list answer: its items under `key`, beside where they came from (docs/product.md#errors-and-messages). */
function answer<Key extends string, T>(key: Key, { items, ...meta }: ListAnswer<T>) {
  return { [key]: items, ...meta } as Record<Key, T[]> & Omit<ListAnswer<T>, 'items'>;
}

const exchangesRoute = apiRoute({
  method: 'get',
  path: '/exchanges',
  tags: ['Market data'],
  summary: 'Exchanges (provider, 24 h cache or bundled fallback)',
  description:
    'The exchanges, from the provider, the KV cache (24 h) or the bundled fallback, with the `error`/`warning` banner texts when the provider failed.',
  rules: { access: 'optional', token: 'read' },
  responses: { 200: jsonAnswer('The exchanges', exchangesAnswerSchema) },
});

const symbolsRoute = apiRoute({
  method: 'get',
  path: '/exchanges/{code}/symbols',
  tags: ['Market data'],
  summary: "An exchange's symbols",
  description:
    "An exchange's symbols, from the provider, the KV cache (24 h) or the bundled fallback, with the `error`/`warning` banner texts when the provider failed.",
  rules: { access: 'optional', token: 'read', errors: [400] },
  request: { params: exchangeParam },
  responses: { 200: jsonAnswer('The symbols', stocksAnswerSchema) },
});

const candlesRoute = apiRoute({
  method: 'get',
  path: '/candles',
  tags: ['Market data'],
  summary: 'OHLCV bars with warm-up (at most 100,000); 1-minute bars are Enterprise’s',
  description:
    '`exchange`, `symbol`, `timeframe` (5m, 15m, 30m, 1h, 1d; 1m on Enterprise, else 402), `from`, `to` and `warmup` (N bars before `from`) → `{candles: {t,o,h,l,c,v}, timezone, source, warmupBars, warnings}`; over 100,000 bars → 400.',
  rules: { access: 'optional', token: 'read', errors: [400, 402, 502] },
  request: { query: candleQuery },
  responses: { 200: jsonAnswer('The bars as columns', candlesAnswerSchema) },
});

const ticksRoute = apiRoute({
  method: 'get',
  path: '/ticks',
  tags: ['Market data'],
  summary:
    'Trades between two ISO instants, at most one day (Enterprise): Binance, the US provider or an uploaded tick file',
  description:
    '`exchange`, `symbol`, `from`, `to` (ISO instants, at most a day apart) → `{ticks: {t,p,q}, source}`: the trades in [from, to) from Binance, the US provider or an uploaded tick file. Enterprise only (402 otherwise).',
  rules: { access: 'user', token: 'read', plan: 'enterprise', errors: [400, 402, 404, 502] },
  middleware: [requireUser] as const,
  request: { query: tickQuery },
  responses: { 200: jsonAnswer('The trades as columns (time, price, size)', ticksAnswerSchema) },
});

/** Exchange and symbol lists (docs/product.md#outside-calls, docs/product.md#who-it-is-for, docs/product.md#screens-and-routes), fetched by the worker, never the browser. */
export const market = apiRouter()
  .openapi(exchangesRoute, async (c) => c.json(answer('exchanges', await listExchanges(c.env)), 200))
  .openapi(symbolsRoute, async (c) =>
    c.json(answer('symbols', await listStocks(c.env, c.req.valid('param').code)), 200),
  )
  // 1-minute bars are Enterprise's: refused before any provider call (minute-bars.ts).
  .openapi(candlesRoute, async (c) => {
    const query = c.req.valid('query');
    if (query.timeframe === '1m') assertMinuteBars(c.get('user'));
    const answer = await loadCandles(c.env, query, c.get('user')?.id ?? null);
    return c.json(candlesJson(answer), 200);
  })
  // Trades of at most one day (docs/tick-data.md): the plan's tick data, checked before any call.
  .openapi(ticksRoute, async (c) => {
    const limits = tickRunLimitsOf(c.var.user);
    if (!limits) throw new ApiError(402, tickDataNeedsEnterprise(c.var.user));
    const { ticks, source } = await loadTicks(
      c.env,
      c.req.valid('query'),
      c.var.user.id,
      new TickBudget(limits.ticks),
    );
    return c.json(
      { ticks: { t: Array.from(ticks.t), p: Array.from(ticks.p), q: Array.from(ticks.q) }, source },
      200,
    );
  });

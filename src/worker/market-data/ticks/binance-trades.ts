/**
 * A UTC day of a USDT pair's trades from Binance's aggregated trades (`/api/v3/aggTrades`, no
 * key): at most 1,000 a call and at most one hour between startTime and endTime, so the first
 * call looks for the day's first trade an hour at a time, and the rest page on by `fromId`.
 * 429 (request weight) and 418 (banned for a while) stop the fetch; their Retry-After is
 * waited out when it is a second or two, else named in the error.
 */
import * as z from 'zod';
import { ProviderError } from '../provider';
import type { BinanceConfig } from '../binance';
import { DAY_MS, TickColumns } from './tick-store';
import type { TickBudget } from './tick-budget';

export const AGG_TRADES_PER_CALL = 1000;
const HOUR_MS = 3_600_000;
/** The longest Retry-After waited out in a request; longer ones fail the fetch. */
const MAX_RETRY_WAIT_S = 2;
const INCOMPLETE = 'Binance answered with incomplete trades';

const aggTradeSchema = z.object({
  a: z.number().int(),
  p: z.coerce.number(),
  q: z.coerce.number(),
  T: z.number(),
});

async function getAggTrades(
  config: BinanceConfig,
  query: Record<string, string>,
  budget: TickBudget,
  limit = AGG_TRADES_PER_CALL,
): Promise<z.infer<typeof aggTradeSchema>[]> {
  const url = new URL(`${config.baseUrl}/api/v3/aggTrades`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  url.searchParams.set('limit', String(limit));
  for (let attempt = 0; ; attempt++) {
    budget.spend();
    let res: Response;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(config.timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch {
      throw new ProviderError('Binance could not be reached or did not answer in time');
    }
    if (res.status === 429 || res.status === 418) {
      await res.body?.cancel();
      const wait = Number(res.headers.get('retry-after'));
      if (attempt === 0 && Number.isFinite(wait) && wait >= 0 && wait <= MAX_RETRY_WAIT_S) {
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      const why =
        res.status === 429
          ? 'the request weight limit of Binance is reached'
          : 'Binance has banned this server for a while after too many requests';
      const after = Number.isFinite(wait) && wait > 0 ? `; retry after ${wait} s` : '';
      throw new ProviderError(`HTTP error! Status: ${res.status} (${why}${after})`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderError(`HTTP error! Status: ${res.status}`);
    }
    const page = z.array(aggTradeSchema).safeParse(await res.json().catch(() => null));
    if (!page.success) throw new ProviderError(INCOMPLETE);
    return page.data;
  }
}

/**
 * The trades of the UTC day starting at `day` (unix ms), in order; `expected`, the day's count
 * when known (binanceTradeCount), sizes their block once. Throws ProviderError.
 */
export async function binanceTradesOfDay(
  config: BinanceConfig,
  symbol: string,
  day: number,
  budget: TickBudget,
  expected?: number,
): Promise<TickColumns> {
  const end = day + DAY_MS;
  const trades = new TickColumns(expected);
  let page: z.infer<typeof aggTradeSchema>[] = [];
  // The day's first trade: an hour at a time until one holds a trade.
  for (let start = day; start < end && page.length === 0; start += HOUR_MS) {
    page = await getAggTrades(
      config,
      { symbol, startTime: String(start), endTime: String(Math.min(start + HOUR_MS, end) - 1) },
      budget,
    );
  }
  let lastId = -1;
  // The window's page ends with its hour; a page by fromId short of 1,000 ends the trades so far.
  let byId = false;
  for (;;) {
    for (const trade of page) {
      if (trade.T >= end) return trades;
      if (trade.a <= lastId || trade.T < day || !(trade.p > 0) || !(trade.q >= 0)) {
        throw new ProviderError(INCOMPLETE);
      }
      trades.push(trade.T, trade.p, trade.q);
      lastId = trade.a;
    }
    if (page.length === 0 || (byId && page.length < AGG_TRADES_PER_CALL)) return trades;
    page = await getAggTrades(config, { symbol, fromId: String(lastId + 1) }, budget);
    byId = true;
  }
}

/** Hours searched for a first trade when counting (a day): a pair quieter than that is not counted. */
const COUNT_SEARCH_HOURS = 24;

/** The id of the first trade in [from, until), an hour a call (at most a day of hours); null: none found. */
async function firstTradeId(
  config: BinanceConfig,
  symbol: string,
  from: number,
  until: number,
  budget: TickBudget,
): Promise<number | null> {
  const end = Math.min(until, from + COUNT_SEARCH_HOURS * HOUR_MS);
  for (let start = from; start < end; start += HOUR_MS) {
    const [first] = await getAggTrades(
      config,
      { symbol, startTime: String(start), endTime: String(Math.min(start + HOUR_MS, end) - 1) },
      budget,
      1,
    );
    if (first) return first.a;
  }
  return null;
}

/**
 * How many trades Binance holds in [from, to), from their ids, which follow one another: the
 * first trade's id at or after `to` (or the latest trade's, plus one, when `to` is not past)
 * less the first's at or after `from`. A few calls instead of a call per 1,000 trades. Null
 * when it cannot be told (no trade within a day of either end): the trades are then counted as
 * they are read. Throws ProviderError.
 */
export async function binanceTradeCount(
  config: BinanceConfig,
  symbol: string,
  from: number,
  to: number,
  budget: TickBudget,
  now = Date.now(),
): Promise<number | null> {
  const first = await firstTradeId(config, symbol, from, Math.min(to, now), budget);
  if (first === null) return null;
  if (to <= now) {
    const next = await firstTradeId(config, symbol, to, now, budget);
    if (next !== null) return next - first;
    if (now - to > COUNT_SEARCH_HOURS * HOUR_MS) return null;
  }
  // The latest trade: with neither a time nor an id, Binance answers the most recent ones.
  const [latest] = (await getAggTrades(config, { symbol }, budget, 1)).slice(-1);
  return latest ? latest.a + 1 - first : null;
}

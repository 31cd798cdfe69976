/**
 * Tiingo: daily bars of US stocks and ETFs with a free key (`TIINGO_API_URL`, `TIINGO_TOKEN`),
 * used when EODHD's key is not set (src/worker/market-data/providers.ts). One call per answer
 * carries raw prices, the adjusted close, each day's split factor and dividend, so every
 * adjustment comes from the same call. The key travels in the Authorization header only.
 */
import * as z from 'zod';
import {
  adjustForSplits,
  adjustWithAdjustedCloses,
  dropDuplicateBars,
  seriesFromRows,
  type CandleRow,
  type Split,
} from '../../engine/index';
import type { Env } from '../env';
import {
  type CandleQuery,
  CandleRequestError,
  type MarketCandles,
  DAY_MS,
  answerWithWarmup,
  noBarsInRange,
  tooManyBars,
  MAX_BARS_PER_ANSWER,
} from './candle-answer';
import { cacheJson } from './cache';
import { DEFAULT_TIMEOUT_MS, ProviderError, asArray, fetchProviderJson } from './provider';
import { barPrices, parseRows } from './provider-rows';
import { calendarOf } from './sessions';

const DAILY_TTL_SECONDS = 24 * 60 * 60;
const INCOMPLETE = 'The market-data provider answered with incomplete candles';
/** Tiingo's free plan: 50 requests an hour, 1,000 a day. */
const TIINGO_LIMITS: Record<number, string> = {
  429: 'HTTP error! Status: 429 (the request limit of the Tiingo plan is reached)',
};

export interface TiingoConfig {
  baseUrl: string;
  token: string;
  timeoutMs: number;
}

export function tiingoConfig(env: Env): TiingoConfig | null {
  if (!env.TIINGO_API_URL || !env.TIINGO_TOKEN) return null;
  const timeout = Number(env.MARKET_DATA_TIMEOUT_MS);
  return {
    baseUrl: env.TIINGO_API_URL.replace(/\/+$/, ''),
    token: env.TIINGO_TOKEN,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
  };
}

/** A row of /tiingo/daily/{ticker}/prices: its day (an ISO instant at midnight UTC), raw and adjusted. */
const tiingoBarSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  ...barPrices,
  adjClose: z.number().nullish(),
  splitFactor: z.number().nullish(),
});

interface TiingoBars {
  rows: CandleRow[];
  adjustedCloses: (number | null)[];
  splits: Split[];
  duplicatesDropped: number;
}

async function fetchTiingoDaily(config: TiingoConfig, query: CandleQuery, from: string): Promise<TiingoBars> {
  const calendar = calendarOf(query.exchange);
  const url = new URL(
    `${config.baseUrl}/tiingo/daily/${encodeURIComponent(query.symbol.toLowerCase())}/prices`,
  );
  url.searchParams.set('startDate', from);
  url.searchParams.set('endDate', query.to);
  url.searchParams.set('format', 'json');
  const body = await fetchProviderJson(url, {
    timeoutMs: config.timeoutMs,
    headers: { authorization: `Token ${config.token}` },
    limitMessages: TIINGO_LIMITS,
  });
  const bars = parseRows(tiingoBarSchema, asArray(body), INCOMPLETE).map((bar) => ({
    t: calendar.startOfDate(bar.date.slice(0, 10)),
    bar,
  }));
  if (bars.some(({ t }) => !Number.isFinite(t))) throw new ProviderError(INCOMPLETE);
  const { rows: kept, dropped } = dropDuplicateBars(bars);
  return {
    rows: kept.map(({ t, bar }) => ({
      t,
      o: bar.open,
      h: bar.high,
      l: bar.low,
      c: bar.close,
      v: bar.volume,
    })),
    adjustedCloses: kept.map(({ bar }) => bar.adjClose ?? null),
    // A split factor other than 1 on a day: the split takes effect at that day's open.
    splits: kept
      .filter(({ bar }) => bar.splitFactor != null && bar.splitFactor > 0 && bar.splitFactor !== 1)
      .map(({ t, bar }) => ({ t, ratio: bar.splitFactor! })),
    duplicatesDropped: dropped,
  };
}

/** Daily candles from Tiingo through the cache (a day); intraday timeframes answer 400. */
export async function tiingoCandles(
  env: Env,
  config: TiingoConfig,
  query: CandleQuery,
): Promise<MarketCandles> {
  if (query.timeframe !== '1d') {
    throw new CandleRequestError(
      'Tiingo serves daily bars here: choose 1 day, or add an EODHD key for intraday bars.',
      400,
    );
  }
  const days = Math.max(0, (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1);
  const estimate = Math.ceil((days * 5) / 7) + query.warmup;
  if (estimate > MAX_BARS_PER_ANSWER) throw tooManyBars(estimate, query.timeframe);
  const warmupDays = Math.ceil(query.warmup * 1.5) + 4;
  const from = new Date(Date.parse(query.from) - warmupDays * DAY_MS).toISOString().slice(0, 10);
  const base = new URL(config.baseUrl);
  const host = `${base.host}${base.pathname}`;
  const key = `md:v3:tiingo:${host}:daily:${query.symbol}:${from}:${query.to}`;
  const adjustment = query.adjustment ?? 'splits-and-dividends';

  const cached = await env.CACHE.get<TiingoBars>(key, 'json');
  const fetched = cached ?? (await fetchTiingoDaily(config, query, from));
  const rows =
    adjustment === 'none'
      ? fetched.rows
      : adjustment === 'splits'
        ? adjustForSplits(fetched.rows, fetched.splits)
        : adjustWithAdjustedCloses(fetched.rows, fetched.adjustedCloses, fetched.splits);
  const answer = answerWithWarmup(seriesFromRows(rows), query, {
    calendar: calendarOf(query.exchange),
    source: 'tiingo',
    warnings: [],
    adjustment,
    duplicatesDropped: fetched.duplicatesDropped,
  });
  if (!cached && fetched.rows.length > 0 && !noBarsInRange(answer))
    await cacheJson(env.CACHE, key, fetched, DAILY_TTL_SECONDS);
  return answer;
}

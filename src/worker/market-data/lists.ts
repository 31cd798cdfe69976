import {
  FALLBACK_EXCHANGES,
  FALLBACK_WARNING,
  fallbackErrorMessage,
  fallbackStocks,
} from '../../shared/fallback-market';
import type { Exchange, Stock } from '../../shared/api/market';
import { BINANCE_DATA_NOTE, SAMPLE_DATA_NOTE, type ListSource } from '../../shared/data-sources';
import type { Env } from '../env';
import { binanceConfig, binanceSymbols, cacheHost } from './binance';
import { cacheRows } from './cache';
import { type ProviderConfig, ProviderError, fetchJsonArray, providerConfig, providerId } from './provider';
import { parseRows, providerExchangeSchema, providerSymbolSchema } from './provider-rows';
import { BINANCE_EXCHANGE, candleProviderOf, isConfigured } from './providers';

export interface ListAnswer<T> {
  items: T[];
  source: ListSource;
  error?: string;
  warning?: string;
  note?: string;
}

const LIST_TTL_SECONDS = 24 * 60 * 60;
const INCOMPLETE = 'The market-data provider answered with incomplete records';
/** The lists without EODHD but with Tiingo's daily prices. */
const TIINGO_NOTE =
  'Sample lists: daily prices of US stocks and ETFs come from Tiingo (any ticker), other exchanges have synthetic demo prices. Add an EODHD key for real lists.';

/** The neutral note of a server without a list provider: configured, not failing. */
function sampleNote(env: Env): string {
  return isConfigured(env, 'tiingo') ? TIINGO_NOTE : SAMPLE_DATA_NOTE;
}

const BINANCE_LISTING: Exchange = {
  code: BINANCE_EXCHANGE,
  name: 'Binance (spot, USDT pairs)',
  country: '',
  currency: 'USDT',
};
/** Pairs offered while Binance's own list cannot be had (with the spec's banners). */
const BINANCE_FALLBACK_PAIRS: Stock[] = ['BTC', 'ETH', 'BNB', 'SOL', 'XRP'].map((base) => ({
  code: `${base}USDT`,
  name: `${base} / USDT`,
  country: '',
  exchange: BINANCE_EXCHANGE,
  currency: 'USDT',
  type: 'Crypto',
}));

/** Provider rows, refusing an empty list: every exchange we list has symbols, so none is a broken answer. */
async function nonEmptyRows(config: ProviderConfig, path: string, what: string): Promise<unknown[]> {
  const rows = await fetchJsonArray(config, path);
  if (rows.length === 0)
    throw new ProviderError(`The market-data provider answered with an empty ${what} list`);
  return rows;
}

/**
 * A list from the KV cache, else from the provider (cached for a day only when complete),
 * else the bundled fallback with the spec's banner texts.
 */
async function cachedList<T>(
  env: Env,
  key: (config: ProviderConfig) => string,
  load: (config: ProviderConfig) => Promise<T[]>,
  fallback: () => T[],
): Promise<ListAnswer<T>> {
  const config = providerConfig(env);
  if (!config) return { items: fallback(), source: 'fallback', note: sampleNote(env) };
  return listWithFallback(env, key(config), () => load(config), fallback);
}

/** The list under `cacheKey`, else loaded (and cached when complete), else the fallback with banners. */
async function listWithFallback<T>(
  env: Env,
  cacheKey: string,
  load: () => Promise<T[]>,
  fallback: () => T[],
): Promise<ListAnswer<T>> {
  const cached = await env.CACHE.get<T[]>(cacheKey, 'json');
  if (cached) return { items: cached, source: 'cache' };
  try {
    const items = await load();
    await cacheRows(env.CACHE, cacheKey, items, LIST_TTL_SECONDS);
    return { items, source: 'provider' };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(`Market data: ${error.message}; using fallback data.`);
    return {
      items: fallback(),
      source: 'fallback',
      error: fallbackErrorMessage(error.message),
      warning: FALLBACK_WARNING,
    };
  }
}

/** EODHD's exchanges (or the fallback's), with BINANCE added when Binance is on. */
export async function listExchanges(env: Env): Promise<ListAnswer<Exchange>> {
  const answer = await cachedList(
    env,
    (config) => `md:v1:${providerId(config)}:exchanges`,
    async (config) => {
      const rows = await nonEmptyRows(config, '/exchanges-list/', 'exchange');
      return parseRows(providerExchangeSchema, rows, INCOMPLETE);
    },
    () => FALLBACK_EXCHANGES.map(({ code, name, country, currency }) => ({ code, name, country, currency })),
  );
  if (!binanceConfig(env) || answer.items.some((item) => item.code === BINANCE_EXCHANGE)) return answer;
  return { ...answer, items: [...answer.items, BINANCE_LISTING] };
}

/**
 * An exchange's stocks, with the note of where their prices come from: Binance's own for
 * BINANCE, the sample-data note for an exchange no provider serves.
 */
export async function listStocks(env: Env, exchange: string): Promise<ListAnswer<Stock>> {
  const binance = binanceConfig(env);
  if (exchange === BINANCE_EXCHANGE && binance) {
    const answer = await listWithFallback(
      env,
      `md:v3:binance:${cacheHost(binance)}:symbols`,
      () => binanceSymbols(binance),
      () => BINANCE_FALLBACK_PAIRS,
    );
    // A failed list has its banners instead.
    return answer.source === 'fallback' ? answer : { ...answer, note: BINANCE_DATA_NOTE };
  }
  // Without a candle provider for the exchange its fallback stocks have synthetic prices.
  const synthetic = candleProviderOf(env, exchange) === null;
  return cachedList(
    env,
    (config) => `md:v1:${providerId(config)}:symbols:${exchange}`,
    async (config) =>
      parseRows(
        providerSymbolSchema,
        await nonEmptyRows(config, `/exchange-symbol-list/${encodeURIComponent(exchange)}`, 'symbol'),
        INCOMPLETE,
      ),
    () => fallbackStocks(exchange).map((stock) => (synthetic ? { ...stock, synthetic: true } : { ...stock })),
  );
}

import {
  FALLBACK_EXCHANGES,
  FALLBACK_WARNING,
  fallbackErrorMessage,
  fallbackStocks,
} from '../../shared/fallback-market';
import type { Exchange, Stock } from '../../shared/api/market';
import type { ListSource } from '../../shared/data-sources';
import type { Env } from '../env';
import { cacheRows } from './cache';
import { type ProviderConfig, ProviderError, fetchJsonArray, providerConfig, providerId } from './provider';
import { parseRows, providerExchangeSchema, providerSymbolSchema } from './provider-rows';

export interface ListAnswer<T> {
  items: T[];
  source: ListSource;
  error?: string;
  warning?: string;
}

const LIST_TTL_SECONDS = 24 * 60 * 60;
const INCOMPLETE = 'The market-data provider answered with incomplete records';
/** What users read when the server has no provider (inside the spec's "API Error: ..." banner). */
const NOT_CONNECTED = 'Live market data is not connected on this server; showing sample data';

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
  if (!config)
    return {
      items: fallback(),
      source: 'fallback',
      error: fallbackErrorMessage(NOT_CONNECTED),
      warning: FALLBACK_WARNING,
    };
  const cacheKey = key(config);
  const cached = await env.CACHE.get<T[]>(cacheKey, 'json');
  if (cached) return { items: cached, source: 'cache' };
  try {
    const items = await load(config);
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

export function listExchanges(env: Env): Promise<ListAnswer<Exchange>> {
  return cachedList(
    env,
    (config) => `md:v1:${providerId(config)}:exchanges`,
    async (config) => {
      const rows = await nonEmptyRows(config, '/exchanges-list/', 'exchange');
      return parseRows(providerExchangeSchema, rows, INCOMPLETE);
    },
    () => FALLBACK_EXCHANGES.map(({ code, name, country, currency }) => ({ code, name, country, currency })),
  );
}

export function listSymbols(env: Env, exchange: string): Promise<ListAnswer<Stock>> {
  return cachedList(
    env,
    (config) => `md:v1:${providerId(config)}:symbols:${exchange}`,
    async (config) =>
      parseRows(
        providerSymbolSchema,
        await nonEmptyRows(config, `/exchange-symbol-list/${encodeURIComponent(exchange)}`, 'symbol'),
        INCOMPLETE,
      ),
    () => [...fallbackStocks(exchange)],
  );
}

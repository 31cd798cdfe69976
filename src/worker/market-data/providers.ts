/**
 * Which provider serves which exchange: the one table. For each group of exchanges, the
 * providers in order of preference; the first one configured serves its candles. An exchange
 * nobody configured serves gets the bundled sample, uploads and synthetic demo prices.
 *
 * - EODHD (`MARKET_DATA_URL` + `MARKET_DATA_TOKEN`): every exchange it lists, and the lists.
 * - Tiingo (`TIINGO_API_URL` + `TIINGO_TOKEN`): daily bars of US stocks and ETFs, when EODHD's
 *   key is not set.
 * - Binance (`BINANCE_API_URL`, no key): USDT spot pairs on exchange BINANCE.
 */
import type { Env } from '../env';
import { binanceConfig } from './binance';
import { providerConfig } from './provider';
import { tiingoConfig } from './tiingo';

export type ProviderName = 'eodhd' | 'tiingo' | 'binance';

export const BINANCE_EXCHANGE = 'BINANCE';

/** Exchanges (or every other one, '*') and the providers that may serve them, preferred first. */
export const EXCHANGE_PROVIDERS: readonly {
  exchanges: readonly string[] | '*';
  providers: readonly ProviderName[];
}[] = [
  { exchanges: [BINANCE_EXCHANGE], providers: ['binance'] },
  { exchanges: ['US', 'NASDAQ', 'NYSE', 'AMEX'], providers: ['eodhd', 'tiingo'] },
  { exchanges: '*', providers: ['eodhd'] },
];

/** Whether the server has what `provider` needs (its URL, and its key where it takes one). */
export function isConfigured(env: Env, provider: ProviderName): boolean {
  switch (provider) {
    case 'eodhd':
      return providerConfig(env) !== null;
    case 'tiingo':
      return tiingoConfig(env) !== null;
    case 'binance':
      return binanceConfig(env) !== null;
  }
}

/** The provider that serves the candles of `exchange` on this server, or null (sample data only). */
export function candleProviderOf(env: Env, exchange: string): ProviderName | null {
  const row = EXCHANGE_PROVIDERS.find(
    (entry) => entry.exchanges === '*' || entry.exchanges.includes(exchange),
  )!;
  return row.providers.find((provider) => isConfigured(env, provider)) ?? null;
}

/**
 * Which of a portfolio's symbols its exchanges do not list, checked when it is saved rather than
 * when it first runs. A list is trusted when it is the provider's (or its cached copy), or when
 * the exchange has no candle provider (only the fallback's stocks have bars then). A fallback
 * list standing in for a provider that serves any ticker (Tiingo, a failing EODHD) proves
 * nothing, so its symbols pass. The S&P 500 sample and uploads are not on exchange lists: they
 * pass here, and their own loaders answer for them.
 */
import { isSampleMarket, isUploadMarket } from '../../shared/data-sources';
import type { FieldError } from '../../shared/validation-errors';
import type { Env } from '../env';
import { listExchanges, listStocks } from './lists';
import { candleProviderOf } from './providers';

interface SymbolEntry {
  exchange: string;
  symbol: string;
}

/** The codes a list answer vouches for, or null when it cannot tell a made-up code. */
function trustedCodes(env: Env, exchange: string, answer: { items: { code: string }[]; source: string }) {
  if (answer.source === 'fallback' && candleProviderOf(env, exchange) !== null) return null;
  return new Set(answer.items.map((item) => item.code.toUpperCase()));
}

/** One field error (symbols.N.exchange or symbols.N.symbol) for each entry that is not listed. */
export async function unknownSymbols(env: Env, symbols: readonly SymbolEntry[]): Promise<FieldError[]> {
  const listedMarket = ({ exchange, symbol }: SymbolEntry) =>
    !isSampleMarket(exchange, symbol) && !isUploadMarket(exchange);
  const exchanges = symbols.some(listedMarket) ? await listExchanges(env) : null;
  const exchangeNames = new Map(exchanges?.items.map((item) => [item.code.toUpperCase(), item.name]));
  const symbolLists = new Map<string, Promise<Set<string> | null>>();
  const listed = (exchange: string) => {
    if (!symbolLists.has(exchange)) {
      symbolLists.set(
        exchange,
        listStocks(env, exchange).then((answer) => trustedCodes(env, exchange, answer)),
      );
    }
    return symbolLists.get(exchange)!;
  };

  const errors: FieldError[] = [];
  for (const [index, entry] of symbols.entries()) {
    if (!listedMarket(entry)) continue;
    const { exchange, symbol } = entry;
    const name = exchangeNames.get(exchange);
    const exchangeKnown = name !== undefined || trustedCodes(env, exchange, exchanges!) === null;
    if (!exchangeKnown) {
      errors.push({ path: `symbols.${index}.exchange`, message: `${exchange} is not an exchange we list` });
      continue;
    }
    const codes = await listed(exchange);
    if (codes && !codes.has(symbol)) {
      errors.push({
        path: `symbols.${index}.symbol`,
        message: `${symbol} is not listed on ${name ?? exchange}: choose a symbol from the exchange's list`,
      });
    }
  }
  return errors;
}

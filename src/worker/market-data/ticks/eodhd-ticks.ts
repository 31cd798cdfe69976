/**
 * A UTC day of a US stock's trades from the EODHD-compatible provider's tick API
 * (`/ticks/?s=&from=&to=&limit=`, epoch seconds, with the token), which answers parallel arrays
 * (`ts` in ms, `price`, `shares`, ...). A full page goes on from its last second, that second's
 * trades asked again so none is lost or counted twice.
 */
import * as z from 'zod';
import { fetchProviderJson, type ProviderConfig, ProviderError } from '../provider';
import { DAY_MS, TickColumns } from './tick-store';
import type { TickBudget } from './tick-budget';

export const EODHD_TICKS_PER_CALL = 10_000;
const INCOMPLETE = 'The market-data provider answered with incomplete trades';

const ticksAnswerSchema = z.object({
  ts: z.array(z.number()),
  price: z.array(z.number()),
  shares: z.array(z.number()),
});

/** The trades of the UTC day starting at `day` (unix ms), in order. Throws ProviderError. */
export async function eodhdTicksOfDay(
  config: ProviderConfig,
  symbol: string,
  day: number,
  budget: TickBudget,
): Promise<TickColumns> {
  const end = day + DAY_MS;
  const trades = new TickColumns();
  for (let from = day / 1000; ;) {
    budget.spend();
    const url = new URL(`${config.baseUrl}/ticks/`);
    url.searchParams.set('s', symbol);
    url.searchParams.set('from', String(from));
    url.searchParams.set('to', String(end / 1000 - 1));
    url.searchParams.set('limit', String(EODHD_TICKS_PER_CALL));
    url.searchParams.set('api_token', config.token);
    url.searchParams.set('fmt', 'json');
    const parsed = ticksAnswerSchema.safeParse(await fetchProviderJson(url, { timeoutMs: config.timeoutMs }));
    if (!parsed.success) throw new ProviderError(INCOMPLETE);
    const { ts, price, shares } = parsed.data;
    const count = ts.length;
    if (price.length !== count || shares.length !== count) throw new ProviderError(INCOMPLETE);
    const full = count >= EODHD_TICKS_PER_CALL;
    // A full page's last second may go on in the next page: that second is asked again.
    const nextFrom = full ? Math.floor(ts[count - 1]! / 1000) : Number.NaN;
    if (full && nextFrom <= from) {
      throw new ProviderError(
        `The market-data provider answers more than ${EODHD_TICKS_PER_CALL} trades in one second`,
      );
    }
    for (let i = 0; i < count; i++) {
      const t = ts[i]!;
      if (full && t >= nextFrom * 1000) break;
      if (t < day || t >= end || !(price[i]! > 0) || !(shares[i]! >= 0)) throw new ProviderError(INCOMPLETE);
      if (trades.length > 0 && t < trades.timeAt(trades.length - 1)) throw new ProviderError(INCOMPLETE);
      trades.push(t, price[i]!, shares[i]!);
    }
    if (!full) return trades;
    from = nextFrom;
  }
}

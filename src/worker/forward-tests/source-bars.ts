/**
 * A forward test's bars read over REST from its source (live-source.ts): the warm-up, the
 * backfill after a gap, and the polls of a stock's stream. Binance's klines are read as
 * backtests read them; stocks' intraday bars with the same provider client as backtests
 * (market-data/provider-candles.ts), raw, never cached (current bars must be fresh), cut to the
 * regular session where backtests cut them.
 */
import type { CandleRow } from '../../engine/index';
import { CANDLE_TIMEFRAMES } from '../../shared/timeframes';
import type { Env } from '../env';
import { binanceConfig, fetchKlines } from '../market-data/binance';
import { DAY_MS } from '../market-data/candle-answer';
import { ProviderError, providerConfig, type ProviderConfig } from '../market-data/provider';
import {
  fetchIntraday,
  isProviderIntradayInterval,
  regularSessionRows,
} from '../market-data/provider-candles';
import { exchangeSession } from '../market-data/sessions';
import { closedPolledBars, type PolledBars } from './closed-bars';
import { intervalMs, isPolled, type LiveSource } from './live-source';

/** The provider at the source's base URL, with the key of this object's environment. */
function providerAt(env: Env, source: LiveSource): ProviderConfig {
  const config = providerConfig({
    MARKET_DATA_URL: source.apiUrl,
    MARKET_DATA_TOKEN: env.MARKET_DATA_TOKEN,
    MARKET_DATA_TIMEOUT_MS: env.MARKET_DATA_TIMEOUT_MS,
  });
  if (!config) throw new ProviderError('The market-data provider’s key (MARKET_DATA_TOKEN) is not set');
  return config;
}

async function providerRows(
  env: Env,
  source: LiveSource,
  from: number,
  to: number | null,
): Promise<CandleRow[]> {
  if (!isProviderIntradayInterval(source.interval))
    throw new ProviderError(`The provider has no ${source.interval} intraday bars`);
  const config = providerAt(env, source);
  const fetched = await fetchIntraday(
    config,
    `${source.symbol}.${source.exchange}`,
    source.interval,
    from,
    to,
    AbortSignal.timeout(config.timeoutMs * 4),
  );
  return fetched.rows;
}

/** The source's bars opening in [from, to), where a bar opens at `to` (so all of them are closed). */
export async function restBars(env: Env, source: LiveSource, from: number, to: number): Promise<CandleRow[]> {
  if (isPolled(source)) {
    const rows = await providerRows(env, source, from, to);
    return regularSessionRows(
      source.exchange!,
      rows.filter((row) => row.t >= from && row.t < to),
    );
  }
  const config = binanceConfig({ ...env, BINANCE_API_URL: source.apiUrl })!;
  const rows = await fetchKlines(
    config,
    source.symbol,
    source.interval,
    from,
    to,
    AbortSignal.timeout(config.timeoutMs * 4),
  );
  return rows.filter((row, i) => (i === 0 || row.t > rows[i - 1]!.t) && row.t < to);
}

/**
 * The warm-up: the bars before `before`. Binance trades around the clock, so `count` intervals
 * back hold `count` bars; a stock's sessions leave nights and weekends out, so its span is
 * widened to the calendar days `count` bars take (as backtests' warm-up) and the last `count` kept.
 */
export async function warmupBars(
  env: Env,
  source: LiveSource,
  before: number,
  count: number,
): Promise<CandleRow[]> {
  const step = intervalMs(source);
  if (!isPolled(source)) return restBars(env, source, before - count * step, before);
  const sessionMinutes = exchangeSession(source.exchange!)?.minutes ?? 1440;
  const barsPerDay = Math.max(1, Math.floor(sessionMinutes / CANDLE_TIMEFRAMES[source.interval]));
  const days = Math.ceil((count / barsPerDay) * 1.5) + 4;
  return (await restBars(env, source, before - days * DAY_MS, before)).slice(-count);
}

/**
 * One poll of a stock's stream: the bars from `since` to the newest the provider has, closed
 * ones only (closed-bars.ts), cut to the regular session.
 */
export async function pollBars(
  env: Env,
  source: LiveSource,
  since: number,
  now: number,
): Promise<PolledBars> {
  const rows = (await providerRows(env, source, since, null)).filter((row) => row.t >= since);
  const polled = closedPolledBars(rows, intervalMs(source), now);
  return { ...polled, closed: regularSessionRows(source.exchange!, polled.closed) };
}

import { aggregateBars } from '../../engine/candles/aggregate-bars';
import type { CandleRow } from '../../engine/candles/series';
import { FALLBACK_EXCHANGES } from '../../shared/fallback-market';
import type { Env } from '../env';
import {
  CANDLE_TIMEFRAMES,
  type CandleAnswer,
  type CandleQuery,
  DAY_MS,
  MAX_BARS_PER_ANSWER,
  answerWithWarmup,
  tooManyBars,
} from './candle-answer';
import { type ProviderConfig, ProviderError, fetchJsonArray, providerId } from './provider';
import { minutesOfClock, zoneOffsetMs, zonedToUtc } from './zoned-time';

const DAILY_TTL_SECONDS = 24 * 60 * 60;
const CLOSED_DAYS_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Largest span of one intraday request, in days (provider limits). */
const INTRADAY_SPAN_DAYS = { '5m': 600, '1h': 7200 } as const;
/** Exchanges whose provider data includes pre- and after-hours trading, cut to the session. */
const REGULAR_SESSION_ONLY = new Set(['US', 'NASDAQ']);

interface Session {
  timezone: string;
  openMinute: number;
  closeMinute: number;
}

function sessionOf(exchange: string): Session | null {
  const record = FALLBACK_EXCHANGES.find((e) => e.code === exchange);
  return record
    ? {
        timezone: record.timezone,
        openMinute: minutesOfClock(record.sessionOpen),
        closeMinute: minutesOfClock(record.sessionClose),
      }
    : null;
}

/** The session-open instant of the local day holding `t` (UTC midnight when unknown). */
function sessionAnchor(session: Session | null): (t: number) => number {
  if (!session) return (t) => Math.floor(t / DAY_MS) * DAY_MS;
  // Zone offsets change on whole hours in every zone we know: cache them per UTC hour.
  const offsets = new Map<number, number>();
  const opens = new Map<string, number>();
  return (t) => {
    const hour = Math.floor(t / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = zoneOffsetMs(t, session.timezone);
      offsets.set(hour, offset);
    }
    const localDate = new Date(t + offset).toISOString().slice(0, 10);
    let open = opens.get(localDate);
    if (open === undefined) {
      open = zonedToUtc(localDate, session.openMinute, session.timezone);
      opens.set(localDate, open);
    }
    return open;
  };
}

const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** Provider rows -> candle rows; any row with a missing price makes the answer partial. */
function toRows(raw: unknown[], timeOf: (row: Record<string, unknown>) => number): CandleRow[] {
  return raw.map((item) => {
    const row = (item ?? {}) as Record<string, unknown>;
    const candle = { t: timeOf(row), o: row.open, h: row.high, l: row.low, c: row.close, v: row.volume ?? 0 };
    if (![candle.t, candle.o, candle.h, candle.l, candle.c, candle.v].every(finite)) {
      throw new ProviderError('The market-data provider answered with incomplete candles');
    }
    return candle as CandleRow;
  });
}

async function fetchDaily(config: ProviderConfig, ticker: string, from: string, to: string) {
  const raw = await fetchJsonArray(config, `/eod/${encodeURIComponent(ticker)}`, {
    from,
    to,
    period: 'd',
    order: 'a',
  });
  return toRows(raw, (row) => Date.parse(`${String(row.date)}T00:00:00Z`));
}

async function fetchIntraday(
  config: ProviderConfig,
  ticker: string,
  interval: '5m' | '1h',
  from: number,
  to: number,
) {
  const span = INTRADAY_SPAN_DAYS[interval] * DAY_MS;
  const rows: CandleRow[] = [];
  for (let start = from; start < to; start += span) {
    const end = Math.min(to, start + span);
    const raw = await fetchJsonArray(config, `/intraday/${encodeURIComponent(ticker)}`, {
      interval,
      from: String(Math.floor(start / 1000)),
      to: String(Math.floor(end / 1000) - 1),
    });
    rows.push(...toRows(raw, (row) => Number(row.timestamp) * 1000));
  }
  return rows.sort((a, b) => a.t - b.t).filter((row, i, all) => i === 0 || row.t !== all[i - 1]!.t);
}

function withinSession(session: Session, anchorOf: (t: number) => number) {
  const length = (session.closeMinute - session.openMinute) * 60_000;
  return (row: CandleRow) => {
    const open = anchorOf(row.t);
    return row.t >= open && row.t < open + length;
  };
}

/**
 * Candles from the provider through the KV cache: daily bars from EOD data, 5m and 1h bars
 * from intraday data (15m and 30m aggregated from 5m, aligned to the session), US equities
 * cut to the regular session, with warm-up bars fetched before `from`. Throws ProviderError.
 */
export async function providerCandles(
  env: Env,
  config: ProviderConfig,
  query: CandleQuery,
): Promise<CandleAnswer> {
  const minutes = CANDLE_TIMEFRAMES[query.timeframe];
  const session = sessionOf(query.exchange);
  const sessionMinutes = session ? session.closeMinute - session.openMinute : 1440;
  const barsPerDay = Math.ceil(sessionMinutes / Math.min(minutes, sessionMinutes));
  const days = Math.max(0, (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1);
  const estimate = Math.ceil((days * 5) / 7) * barsPerDay + query.warmup;
  if (estimate > MAX_BARS_PER_ANSWER) throw tooManyBars(estimate, query.timeframe);

  const warmupDays = Math.ceil((query.warmup / barsPerDay) * 1.5) + 4;
  const fetchFrom = Date.parse(`${query.from}T00:00:00Z`) - warmupDays * DAY_MS;
  const fetchTo = Date.parse(`${query.to}T00:00:00Z`) + DAY_MS;
  const ticker = `${query.symbol}.${query.exchange}`;
  const key = `md:v1:${providerId(config)}:candles:${ticker}:${query.timeframe}:${fetchFrom}:${fetchTo}`;
  const timezone = session?.timezone ?? 'Etc/UTC';
  const meta = {
    timezone,
    warnings: session ? [] : [`Sessions of ${query.exchange} are not known: bars are aligned to UTC days.`],
  };

  const cached = await env.CACHE.get<CandleRow[]>(key, 'json');
  if (cached) return answerWithWarmup(cached, query, { ...meta, source: 'cache' });

  let rows: CandleRow[];
  if (query.timeframe === '1d') {
    rows = await fetchDaily(config, ticker, new Date(fetchFrom).toISOString().slice(0, 10), query.to);
  } else {
    const anchorOf = sessionAnchor(session);
    rows = await fetchIntraday(config, ticker, query.timeframe === '1h' ? '1h' : '5m', fetchFrom, fetchTo);
    if (session && REGULAR_SESSION_ONLY.has(query.exchange))
      rows = rows.filter(withinSession(session, anchorOf));
    if (minutes === 15 || minutes === 30) rows = aggregateBars(rows, minutes, anchorOf);
  }

  // Daily data is kept a day; intraday data only once its days are closed.
  const closed = fetchTo <= Date.now() - DAY_MS;
  const ttl = query.timeframe === '1d' ? DAILY_TTL_SECONDS : closed ? CLOSED_DAYS_TTL_SECONDS : 0;
  if (ttl > 0) await env.CACHE.put(key, JSON.stringify(rows), { expirationTtl: ttl });
  return answerWithWarmup(rows, query, { ...meta, source: 'provider' });
}

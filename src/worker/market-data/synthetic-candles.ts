/**
 * Deterministic synthetic candles for the fallback stocks, always labelled as synthetic.
 * The same symbol gives the same bars for any requested range and timeframe: each trading
 * day's opening price comes from a daily random walk started on 2000-01-03 and seeded by the
 * symbol, and the day's 5-minute path is seeded by symbol and date; coarser bars aggregate it.
 * Trading days are the exchange's weekdays less its holidays (holidays.ts). The walk starts at
 * the company's rough price (ROUGH_PRICES) and is pulled back toward it, so its prices stay in
 * the company's real order of magnitude instead of drifting off over 20 years.
 */
import type { CandleRow } from '../../engine/index';
import type { ExchangeSession } from './sessions';
import { DAY_MS } from '../../shared/time-units';

const WALK_START = Date.UTC(2000, 0, 3);
const STEP_MINUTES = 5;

/** mulberry32: a small, fast PRNG with a 32-bit state. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Standard normal draw (Box-Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Rough share prices of the fallback stocks (2023 levels, rounded; USD for US and NASDAQ, INR
 * for NSE). Only the order of magnitude matters: the bars are synthetic and say so.
 */
export const ROUGH_PRICES: Readonly<Record<string, number>> = {
  AAPL: 175,
  MSFT: 330,
  TSLA: 240,
  JPM: 150,
  KO: 60,
  AMZN: 130,
  GOOGL: 130,
  META: 300,
  NVDA: 450,
  NFLX: 400,
  RELIANCE: 2500,
  TCS: 3400,
  INFY: 1450,
  HDFCBANK: 1600,
  ICICIBANK: 950,
};

/** About 1.6% daily volatility, as large-cap stocks have. */
const DAILY_VOLATILITY = 0.016;
/**
 * Daily pull of the log price back toward the rough price (an Ornstein-Uhlenbeck walk): the
 * walk's spread settles at 0.016 / sqrt(2 x 0.002) = 0.25 in log terms, so prices mostly stay
 * within about 0.6x to 1.6x of the rough price, wandering over years as real prices do.
 */
const PULL_PER_DAY = 0.002;

function isTradingDay(dayMs: number, session: ExchangeSession): boolean {
  const weekday = new Date(dayMs).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !session.isHoliday(new Date(dayMs).toISOString().slice(0, 10));
}

/** Opening price of every trading day from 2000-01-03 up to `lastDayMs`, keyed by day start (UTC). */
function dailyOpens(symbol: string, session: ExchangeSession, lastDayMs: number): Map<number, number> {
  const random = prng(hash(`daily:${symbol}`));
  const opens = new Map<number, number>();
  const centre = Math.log(ROUGH_PRICES[symbol] ?? 20 + (hash(symbol) % 180));
  let logPrice = centre;
  for (let day = WALK_START; day <= lastDayMs; day += DAY_MS) {
    if (!isTradingDay(day, session)) continue;
    opens.set(day, Math.exp(logPrice));
    logPrice += PULL_PER_DAY * (centre - logPrice) + DAILY_VOLATILITY * normal(random);
  }
  return opens;
}

/** Candles of `timeframeMinutes` (1440 = one bar per session) for trading days in [fromDate, toDate]. */
export function syntheticCandles(
  symbol: string,
  session: ExchangeSession,
  timeframeMinutes: number,
  fromDate: string,
  toDate: string,
): CandleRow[] {
  const first = Math.max(Date.parse(`${fromDate}T00:00:00Z`), WALK_START);
  const last = Date.parse(`${toDate}T00:00:00Z`);
  const opens = dailyOpens(symbol, session, last);
  const sessionMinutes = session.minutes;
  const barMinutes = Math.min(timeframeMinutes, sessionMinutes);
  const rows: CandleRow[] = [];

  for (let day = first; day <= last; day += DAY_MS) {
    const dayOpen = opens.get(day);
    if (dayOpen === undefined) continue;
    const date = new Date(day).toISOString().slice(0, 10);
    const sessionStart = session.calendar.startOfDate(date);
    const random = prng(hash(`${symbol}:${date}`));
    const stepVolatility = DAILY_VOLATILITY / Math.sqrt(sessionMinutes / STEP_MINUTES);
    let price = dayOpen;
    let bar: CandleRow | null = null;
    for (let minute = 0; minute < sessionMinutes; minute += STEP_MINUTES) {
      const open = price;
      price *= Math.exp(stepVolatility * normal(random));
      const wiggle = open * stepVolatility * random();
      const high = Math.max(open, price) + wiggle;
      const low = Math.min(open, price) - wiggle * random();
      const volume = Math.round(5_000 + 20_000 * random());
      const barStart = Math.floor(minute / barMinutes) * barMinutes;
      if (!bar || bar.t !== sessionStart + barStart * 60_000) {
        if (bar) rows.push(bar);
        bar = { t: sessionStart + barStart * 60_000, o: open, h: high, l: low, c: price, v: volume };
      } else {
        bar.h = Math.max(bar.h, high);
        bar.l = Math.min(bar.l, low);
        bar.c = price;
        bar.v += volume;
      }
    }
    if (bar) rows.push(bar);
  }
  return rows.map((row) => ({ ...row, o: round(row.o), h: round(row.h), l: round(row.l), c: round(row.c) }));
}

const round = (price: number) => Math.round(price * 100) / 100;

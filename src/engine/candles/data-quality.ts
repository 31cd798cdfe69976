/**
 * What a run's bars are worth: how many were tested, which trading sessions of the market have
 * no bar, bars without volume, and close-to-close jumps too large to believe. Pure: the market's
 * calendar and its trading days come from the caller.
 */
import type { CandleSeries } from './series';
import { UTC_CALENDAR } from './session-calendar';

/** A close-to-close move beyond the robust limit: the bar's trading day and the move in percent. */
export interface SuspectJump {
  date: string;
  changePct: number;
}

export interface BarQuality {
  /** Bars in the tested span (warm-up excluded). */
  bars: number;
  /** Trading sessions of the market between the first and last tested bar without any bar. */
  missingSessions: number;
  zeroVolumeBars: number;
  suspectJumps: SuspectJump[];
  /** Trading days (YYYY-MM-DD, the market's) of the first and last tested bar; null without bars. */
  firstBar: string | null;
  lastBar: string | null;
}

/** Moves farther from the median than this many robust standard deviations are suspect. */
export const SUSPECT_JUMP_DEVIATIONS = 10;
/** 1.4826 x the median absolute deviation estimates the standard deviation of normal data. */
const MAD_TO_SD = 1.4826;
/** The list names at most this many jumps (the largest first). */
const MAX_LISTED_JUMPS = 20;
const DAY_MS = 86_400_000;

function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Log returns close to close whose distance from the median exceeds the robust limit. */
function suspectJumps(series: CandleSeries, from: number, end: number): SuspectJump[] {
  if (end - from < 3) return [];
  const calendar = series.calendar ?? UTC_CALENDAR;
  const returns = new Float64Array(end - from - 1);
  for (let i = from + 1; i < end; i++) {
    const previous = series.c[i - 1]!;
    const close = series.c[i]!;
    returns[i - from - 1] = previous > 0 && close > 0 ? Math.log(close / previous) : 0;
  }
  const centre = median(returns);
  const spread = MAD_TO_SD * median(returns.map((r) => Math.abs(r - centre)));
  if (!(spread > 0)) return [];
  const jumps: (SuspectJump & { size: number })[] = [];
  returns.forEach((r, k) => {
    const size = Math.abs(r - centre) / spread;
    if (size > SUSPECT_JUMP_DEVIATIONS) {
      jumps.push({ date: calendar.dateOf(series.t[from + 1 + k]!), changePct: Math.expm1(r) * 100, size });
    }
  });
  return jumps
    .sort((a, b) => b.size - a.size)
    .slice(0, MAX_LISTED_JUMPS)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map(({ date, changePct }) => ({ date, changePct }));
}

/**
 * The quality of bars [from, end) of `series`. `isTradingDay(date)` says whether the market
 * trades on a local date (weekends and holidays excluded by the caller's rules).
 */
export function barQuality(
  series: CandleSeries,
  from: number,
  end: number,
  isTradingDay: (date: string) => boolean,
): BarQuality {
  const calendar = series.calendar ?? UTC_CALENDAR;
  const bars = Math.max(0, end - from);
  let zeroVolumeBars = 0;
  const days = new Set<number>();
  for (let i = from; i < end; i++) {
    if (series.v[i] === 0) zeroVolumeBars++;
    days.add(calendar.dayOf(series.t[i]!));
  }
  let missingSessions = 0;
  if (bars > 0) {
    const first = calendar.dayOf(series.t[from]!);
    const last = calendar.dayOf(series.t[end - 1]!);
    for (let day = first + 1; day < last; day++) {
      if (!days.has(day) && isTradingDay(new Date(day * DAY_MS).toISOString().slice(0, 10)))
        missingSessions++;
    }
  }
  return {
    bars,
    missingSessions,
    zeroVolumeBars,
    suspectJumps: suspectJumps(series, from, end),
    firstBar: bars > 0 ? calendar.dateOf(series.t[from]!) : null,
    lastBar: bars > 0 ? calendar.dateOf(series.t[end - 1]!) : null,
  };
}

/** Rows sorted by time with repeated open times dropped (the first kept), and how many were dropped. */
export function dropDuplicateBars<Row extends { t: number }>(
  rows: readonly Row[],
): { rows: Row[]; dropped: number } {
  const sorted = [...rows].sort((a, b) => a.t - b.t);
  const kept = sorted.filter((row, i) => i === 0 || row.t !== sorted[i - 1]!.t);
  return { rows: kept, dropped: rows.length - kept.length };
}

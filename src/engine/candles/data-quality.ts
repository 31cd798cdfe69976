/**
 * What a run's bars are worth: how many were tested, which trading sessions of the market have
 * no bar, bars without volume, and close-to-close jumps too large to believe. Pure: the market's
 * calendar and its trading days come from the caller.
 */
import type { CandleSeries } from './series';
import { UTC_CALENDAR } from './session-calendar';
import { DAY_MS } from '../../shared/time-units';

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

/**
 * Puts the k-th smallest of `a` at index k, the smaller ones before it and the larger after it
 * (Hoare's selection with a median-of-three pivot): linear time on average, where sorting a
 * million returns costs several times more. The values hold no NaN.
 */
function selectKth(a: Float64Array, k: number): void {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    // Order a[lo] <= a[mid] <= a[hi], so the pivot is the middle one of three.
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) swap(a, i++, j--);
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/** Below this many values the plain selection is quick enough: no sample is drawn. */
const SAMPLED_SELECTION_FROM = 1 << 14;

/**
 * The k-th smallest of `values` (left as they are), exactly. A large input is narrowed first, as
 * in Floyd and Rivest's selection: a sorted sample of about n^(2/3) values taken at even steps
 * gives two bounds that hold the k-th value with near certainty, and one pass counts the values
 * below them and keeps the ones between (a few thousand of a million) for the selection. Should
 * the k-th value fall outside them, or more values fall between than the pass keeps room for
 * (values in an order the steps happen to miss), every value is selected.
 */
function kthSmallest(values: Float64Array, k: number): number {
  const n = values.length;
  if (n >= SAMPLED_SELECTION_FROM) {
    const sampleSize = Math.ceil(n ** (2 / 3));
    const step = n / sampleSize;
    const sample = new Float64Array(sampleSize);
    for (let i = 0; i < sampleSize; i++) sample[i] = values[Math.floor(i * step)]!;
    sample.sort();
    // The k-th value's rank in the sample, widened by three of its standard deviations.
    const rank = (k / n) * sampleSize;
    const margin = Math.ceil(3 * Math.sqrt(sampleSize));
    const lowRank = Math.max(0, Math.floor(rank) - margin);
    const highRank = Math.min(sampleSize - 1, Math.ceil(rank) + margin);
    const low = sample[lowRank]!;
    const high = sample[highRank]!;
    // Room for four times the share of values the bounds span in the sample, plus the one slot
    // the pass writes past the kept ones.
    const room = Math.min(n, Math.ceil((4 * (highRank - lowRank + 1) * n) / sampleSize)) + 1;
    const kept = new Float64Array(room);
    let below = 0;
    let between = 0;
    // Without branches (each value lands in the slot after the kept ones and stays only if it
    // is between the bounds): on values in random order a branch per value guesses wrong about
    // half the time, which made this pass several times slower.
    for (let i = 0; i < n && between < room - 1; i++) {
      const value = values[i]!;
      below += +(value < low);
      kept[between] = value;
      between += +(value >= low) & +(value <= high);
    }
    if (between < room - 1 && below <= k && k < below + between) {
      const candidates = kept.subarray(0, between);
      selectKth(candidates, k - below);
      return candidates[k - below]!;
    }
  }
  const a = Float64Array.from(values);
  selectKth(a, k);
  return a[k]!;
}

/** The median of `values` (left as they are). */
export function median(values: Float64Array): number {
  const mid = values.length >> 1;
  const upper = kthSmallest(values, mid);
  return values.length % 2 === 1 ? upper : (kthSmallest(values, mid - 1) + upper) / 2;
}

/** The log return from bar i - 1's close to bar i's; 0 where a close is not positive. */
function logReturn(series: CandleSeries, i: number): number {
  const previous = series.c[i - 1]!;
  const close = series.c[i]!;
  return previous > 0 && close > 0 ? Math.log(close / previous) : 0;
}

/** Log returns close to close whose distance from the median exceeds the robust limit. */
function suspectJumps(series: CandleSeries, from: number, end: number): SuspectJump[] {
  if (end - from < 3) return [];
  const calendar = series.calendar ?? UTC_CALENDAR;
  const returns = new Float64Array(end - from - 1);
  for (let i = from + 1; i < end; i++) returns[i - from - 1] = logReturn(series, i);
  const centre = median(returns);
  // The distances from the centre take the returns' place: a jump's return is read again from its closes.
  const distances = returns;
  for (let k = 0; k < distances.length; k++) distances[k] = Math.abs(distances[k]! - centre);
  const spread = MAD_TO_SD * median(distances);
  if (!(spread > 0)) return [];
  const jumps: (SuspectJump & { size: number })[] = [];
  for (let k = 0; k < distances.length; k++) {
    const size = distances[k]! / spread;
    if (size > SUSPECT_JUMP_DEVIATIONS) {
      const i = from + 1 + k;
      jumps.push({
        date: calendar.dateOf(series.t[i]!),
        changePct: Math.expm1(logReturn(series, i)) * 100,
        size,
      });
    }
  }
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
  for (let i = from; i < end; i++) if (series.v[i] === 0) zeroVolumeBars++;
  // Bars come in time order: a day's bars are passed over up to its end, one calendar look-up a day.
  const days = new Set<number>();
  for (let i = from; i < end;) {
    const t = series.t[i]!;
    days.add(calendar.dayOf(t));
    const dayEnd = calendar.endOfDayAt(t);
    while (i < end && series.t[i]! < dayEnd) i++;
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

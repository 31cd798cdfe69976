/**
 * What a run's bars are worth: how many were tested, which trading sessions of the market have
 * no bar, bars without volume, and close-to-close jumps too large to believe. Pure: the market's
 * calendar and its trading days come from the caller.
 *
 * Its loops over every bar run chunk by chunk (chunks.ts): the report is made once per run, so
 * a loop over a million bars would run mostly before V8 has compiled it.
 */
import { chunkEnd } from '../chunks';
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

const BELOW = 0;
const BETWEEN = 1;

/**
 * Values [start, end) counted below `low` (counts[BELOW]) and kept in `kept` when between the
 * bounds (counts[BETWEEN] so far), until `kept` has one slot left. Without branches (each value
 * lands in the slot after the kept ones and stays only if it is between the bounds): on values
 * in random order a branch per value guesses wrong about half the time, which made this pass
 * several times slower.
 */
function narrowChunk(
  values: Float64Array,
  low: number,
  high: number,
  kept: Float64Array,
  counts: Float64Array,
  start: number,
  end: number,
): void {
  const room = kept.length - 1;
  let below = counts[BELOW]!;
  let between = counts[BETWEEN]!;
  for (let i = start; i < end && between < room; i++) {
    const value = values[i]!;
    below += +(value < low);
    kept[between] = value;
    between += +(value >= low) & +(value <= high);
  }
  counts[BELOW] = below;
  counts[BETWEEN] = between;
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
    const counts = new Float64Array(2);
    for (let start = 0; start < n && counts[BETWEEN]! < room - 1;) {
      const end = chunkEnd(0, start, n);
      narrowChunk(values, low, high, kept, counts, start, end);
      start = end;
    }
    const below = counts[BELOW]!;
    const between = counts[BETWEEN]!;
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
function logReturn(closes: Float64Array, i: number): number {
  const previous = closes[i - 1]!;
  const close = closes[i]!;
  return previous > 0 && close > 0 ? Math.log(close / previous) : 0;
}

/** Log returns of bars [start, end) into `returns`, bar i at i - `offset`. */
function writeLogReturns(
  closes: Float64Array,
  returns: Float64Array,
  offset: number,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) returns[i - offset] = logReturn(closes, i);
}

/** values[k] replaced by its distance from `centre`, for k in [start, end). */
function writeDistances(values: Float64Array, centre: number, start: number, end: number): void {
  for (let k = start; k < end; k++) values[k] = Math.abs(values[k]! - centre);
}

/** The first k in [start, end) whose distance is a suspect jump for `spread`; `end` when none is. */
function nextJump(distances: Float64Array, spread: number, start: number, end: number): number {
  let k = start;
  while (k < end && !(distances[k]! / spread > SUSPECT_JUMP_DEVIATIONS)) k++;
  return k;
}

/** Bars from `start` to `end` whose volume is 0. */
function countZeroVolume(volumes: Float64Array, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) count += +(volumes[i] === 0);
  return count;
}

/** The first bar from `start` (before `end`) that opens at or after `time`; `end` when none does. */
function firstBarFrom(openTimes: Float64Array, start: number, end: number, time: number): number {
  let i = start;
  while (i < end && openTimes[i]! < time) i++;
  return i;
}

/** Log returns close to close whose distance from the median exceeds the robust limit. */
function suspectJumps(series: CandleSeries, from: number, end: number): SuspectJump[] {
  if (end - from < 3) return [];
  const calendar = series.calendar ?? UTC_CALENDAR;
  const returns = new Float64Array(end - from - 1);
  for (let start = from + 1; start < end;) {
    const stop = chunkEnd(from + 1, start, end);
    writeLogReturns(series.c, returns, from + 1, start, stop);
    start = stop;
  }
  const centre = median(returns);
  // The distances from the centre take the returns' place: a jump's return is read again from its closes.
  const distances = returns;
  const count = distances.length;
  for (let start = 0; start < count;) {
    const stop = chunkEnd(0, start, count);
    writeDistances(distances, centre, start, stop);
    start = stop;
  }
  const spread = MAD_TO_SD * median(distances);
  if (!(spread > 0)) return [];
  const jumps: (SuspectJump & { size: number })[] = [];
  for (let start = 0; start < count;) {
    const stop = chunkEnd(0, start, count);
    for (
      let k = nextJump(distances, spread, start, stop);
      k < stop;
      k = nextJump(distances, spread, k + 1, stop)
    ) {
      const i = from + 1 + k;
      jumps.push({
        date: calendar.dateOf(series.t[i]!),
        changePct: Math.expm1(logReturn(series.c, i)) * 100,
        size: distances[k]! / spread,
      });
    }
    start = stop;
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
  for (let start = from; start < end;) {
    const stop = chunkEnd(from, start, end);
    zeroVolumeBars += countZeroVolume(series.v, start, stop);
    start = stop;
  }
  // Bars come in time order: a day's bars are passed over up to its end, one calendar look-up a day.
  const days = new Set<number>();
  for (let i = from; i < end;) {
    const t = series.t[i]!;
    days.add(calendar.dayOf(t));
    i = firstBarFrom(series.t, i, end, calendar.endOfDayAt(t));
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
